// Package serve is muster's live preview: a web server on the loopback interface that shows a package's
// counters, maps, charts and scenario sheets (drawn by serve/preview) and its diagnostics, and pushes a new
// version to the page (server-sent events) whenever a content file is saved. It serves only what it drew in
// memory and its own embedded page: never a file from disk, inside the package or out of it.
package serve

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"path/filepath"
	"reflect"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/watch"
	"github.com/muster-wargames/muster/serve/preview"
	"github.com/muster-wargames/muster/validate"
)

//go:embed page.html
var page []byte

// Options tune a server; the zero value is the default.
type Options struct {
	// Logf receives a line per version (what changed, how long it took); nil for none.
	Logf func(format string, args ...any)
	// Watch tunes the file-system watcher (its debounce).
	Watch watch.Options
}

// Server previews one package.
type Server struct {
	dir  string
	opt  Options
	r    *preview.Renderer
	load func(dir string) validate.Result // validate.LoadMemo; a test gives one that fails
	full func(dir string) validate.Result // validate.Load: what a version's diagnostics are checked against
	memo *validate.Memo
	// stamp, when a test or benchmark sets it, is told each stage of a version as it ends (latency_test.go).
	stamp func(stage string)

	mu     sync.Mutex
	snap   *preview.Snapshot
	state  []byte // the snapshot as the page reads it (JSON)
	byName map[string]*preview.Image
	dirs   []string // the package's folder and its bases'
	subs   map[chan []byte]bool
}

// New is a server for the package in dir; nothing is loaded until Reload or Serve.
func New(dir string, opt Options) *Server {
	// One memo for the server's life: a save re-runs the costly checks only where it changed what they read.
	s := &Server{dir: dir, opt: opt, r: preview.NewRenderer(), byName: map[string]*preview.Image{}, subs: map[chan []byte]bool{},
		full: validate.Load, memo: new(validate.Memo)}
	s.load = func(dir string) validate.Result { return validate.LoadMemo(dir, s.memo) }
	return s
}

// relative are changed files as the log names them: from the package's folder (a base's from its own).
func (s *Server) relative(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = p
		if r, err := filepath.Rel(s.dir, p); err == nil && r != "." && !strings.HasPrefix(r, "..") {
			out[i] = r
		}
	}
	return out
}

func (s *Server) mark(stage string) {
	if s.stamp != nil {
		s.stamp(stage)
	}
}

func (s *Server) logf(format string, args ...any) {
	if s.opt.Logf != nil {
		s.opt.Logf(format, args...)
	}
}

// Reload runs the pipeline on the package, draws what changed and sends the new version to every page. A
// panic of the pipeline (a bug) is the version's diagnostic, on the page, and the server goes on.
func (s *Server) Reload() *preview.Snapshot {
	v := s.prepare()
	s.publish(v)
	return v.snap
}

// version is a version drawn, ready to be sent to the pages.
type version struct {
	snap  *preview.Snapshot
	state []byte // the snapshot as the page reads it (JSON)
	dirs  []string
	took  time.Duration
	start time.Time
	// checked says the pipeline ran (no panic) and the package loaded: the memo is checked after it.
	checked bool
	held    bool // shown HoldErrors after it was made, as no save followed
}

// prepare runs the pipeline and draws what changed: a version that no page has seen yet.
func (s *Server) prepare() *version {
	start := time.Now()
	res, snap := s.pipeline()
	v := &version{snap: snap, start: start, checked: res.Pkg != nil}
	if res.Pkg != nil {
		for p := res.Pkg; p != nil; p = p.Base {
			v.dirs = append(v.dirs, p.Dir)
		}
	}
	state, err := json.Marshal(pageState(s.dir, snap))
	if err != nil {
		state = []byte(`{"failed":true}`)
	}
	v.state, v.took = state, time.Since(start)
	return v
}

// publish makes a version the server's, and sends it to every page.
func (s *Server) publish(v *version) {
	snap := v.snap
	s.mu.Lock()
	s.snap, s.state = snap, v.state
	s.byName = make(map[string]*preview.Image, len(snap.Images))
	for _, im := range snap.Images {
		s.byName[im.Name] = im
	}
	if len(v.dirs) > 0 {
		s.dirs = v.dirs
	}
	for ch := range s.subs {
		select { // a page that has not read the last version gets this one instead
		case <-ch:
		default:
		}
		ch <- v.state
	}
	s.mu.Unlock()
	s.mark("pushed")
	what := fmt.Sprintf("redrew %d of %d pictures", len(snap.Drawn), len(snap.Images))
	switch {
	case snap.Failed && len(snap.Drawn)+len(snap.Stale) > 0:
		what = english.Count(snap.Diags.Count(diag.Error), "error") + fmt.Sprintf("; redrew %d of %d pictures, kept %d from before beside their errors", len(snap.Drawn), len(snap.Images), len(snap.Stale))
	case snap.Failed:
		what = english.Count(snap.Diags.Count(diag.Error), "error") + "; showing the last good pictures"
	}
	if v.held {
		what += fmt.Sprintf("; shown %v later, as no save followed", (time.Since(v.start) - v.took).Round(time.Millisecond))
	}
	s.logf("version %d: %s in %v", snap.Version, what, v.took.Round(time.Millisecond))
}

// pipeline loads, checks and draws the package, recovering a panic into a failed version.
func (s *Server) pipeline() (res validate.Result, snap *preview.Snapshot) {
	defer func() {
		if p := recover(); p != nil {
			res = validate.Result{}
			snap = s.r.Fail(nil, fmt.Errorf("loading %s failed (a bug in muster; please report it): %v", s.dir, p))
		}
	}()
	res = s.load(s.dir)
	s.mark("validated")
	snap = s.r.Render(res)
	s.mark("drawn")
	return res, snap
}

// state is a snapshot as the page reads it: the pictures by name and key (their bytes are at /img/<name>).
type state struct {
	Version int         `json:"version"`
	Package string      `json:"package"`
	Failed  bool        `json:"failed"`
	Drawn   int         `json:"drawn"`
	Diags   diag.List   `json:"diags"`
	Images  []imageInfo `json:"images"`
}

type imageInfo struct {
	Name    string `json:"name"`
	Section string `json:"section"`
	Title   string `json:"title"`
	Key     string `json:"key"`
	// Stale: kept from an earlier version because its file has errors now, which Errors lists.
	Stale  bool      `json:"stale,omitempty"`
	Errors diag.List `json:"errors,omitempty"`
	// Fresh says the picture was drawn again for this version (not kept from the last): the page outlines it.
	Fresh bool `json:"fresh"`
}

func pageState(dir string, snap *preview.Snapshot) state {
	st := state{Version: snap.Version, Package: dir, Failed: snap.Failed, Drawn: len(snap.Drawn), Diags: snap.Diags}
	if st.Diags == nil {
		st.Diags = diag.List{}
	}
	drawn := map[string]bool{}
	for _, n := range snap.Drawn {
		drawn[n] = snap.Version > 1 // the first version draws everything: nothing is news
	}
	for _, im := range snap.Images {
		errs, stale := snap.Stale[im.Name]
		st.Images = append(st.Images, imageInfo{im.Name, im.Section, im.Title, im.Key, stale, errs, drawn[im.Name]})
	}
	return st
}

// Snapshot is the version the server shows now (nil before the first Reload).
func (s *Server) Snapshot() *preview.Snapshot {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.snap
}

// Handler serves the page (/), the version as JSON (/snapshot), new versions as server-sent events
// (/events) and the pictures (/img/<name>). Requests whose Host is not the loopback interface are refused,
// so a web page elsewhere cannot reach the preview through DNS rebinding.
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(page)
	})
	mux.HandleFunc("GET /snapshot", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		st := s.state
		s.mu.Unlock()
		if st == nil {
			http.Error(w, "not loaded yet", http.StatusServiceUnavailable)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.Header().Set("Cache-Control", "no-store")
		_, _ = w.Write(st)
	})
	mux.HandleFunc("GET /events", s.events)
	mux.HandleFunc("GET /img/{name...}", func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		im := s.byName[r.PathValue("name")] // a name the preview drew, never a path on disk
		s.mu.Unlock()
		if im == nil {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "image/png")
		w.Header().Set("Cache-Control", "no-cache")
		w.Header().Set("ETag", `"`+im.Key+`"`)
		if r.Header.Get("If-None-Match") == `"`+im.Key+`"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		_, _ = w.Write(im.Data)
	})
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !loopbackHost(r.Host) {
			http.Error(w, "muster serve answers only on 127.0.0.1 and localhost", http.StatusForbidden)
			return
		}
		w.Header().Set("X-Content-Type-Options", "nosniff")
		w.Header().Set("Content-Security-Policy", "default-src 'none'; img-src 'self'; connect-src 'self'; script-src 'unsafe-inline'; style-src 'unsafe-inline'")
		mux.ServeHTTP(w, r)
	})
}

// loopbackHost reports whether a request's Host names this machine's loopback interface.
func loopbackHost(host string) bool {
	h, _, err := net.SplitHostPort(host)
	if err != nil {
		h = host
	}
	h = strings.Trim(h, "[]")
	if strings.EqualFold(h, "localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// events streams each new version to one page.
func (s *Server) events(w http.ResponseWriter, r *http.Request) {
	fl, ok := w.(http.Flusher)
	if !ok {
		http.Error(w, "streaming unsupported", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/event-stream")
	w.Header().Set("Cache-Control", "no-store")
	ch := make(chan []byte, 1)
	s.mu.Lock()
	s.subs[ch] = true
	if s.state != nil {
		ch <- s.state
	}
	s.mu.Unlock()
	defer func() {
		s.mu.Lock()
		delete(s.subs, ch)
		s.mu.Unlock()
	}()
	_, _ = fmt.Fprint(w, ": muster serve\n\n")
	fl.Flush()
	keep := time.NewTicker(20 * time.Second)
	defer keep.Stop()
	for {
		select {
		case <-r.Context().Done():
			return
		case st := <-ch:
			if _, err := fmt.Fprintf(w, "event: snapshot\ndata: %s\n\n", st); err != nil {
				return
			}
			fl.Flush()
		case <-keep.C:
			if _, err := fmt.Fprint(w, ": keep-alive\n\n"); err != nil {
				return
			}
			fl.Flush()
		}
	}
}

// Listen opens the preview's port on the loopback interface only (port 0: any free port).
func Listen(port int) (net.Listener, error) {
	if port < 0 || port > 65535 {
		return nil, fmt.Errorf("port %d is not a port number (0 to 65535)", port)
	}
	return net.Listen("tcp", net.JoinHostPort("127.0.0.1", strconv.Itoa(port)))
}

// Settle is how long serve's watcher waits for a package's files to be still before it loads them again, unless
// Options.Watch says otherwise: long enough to take an editor's save (a write, or a write to a temporary file
// and a rename over the old one, all within a millisecond or two) and the other files of a "save all" as one
// change; short enough that a saved value is on the page in well under a tenth of a second.
const Settle = 20 * time.Millisecond

// HoldErrors is how long a version with errors waits before it is shown: a save that is still being written
// (a large file, a spreadsheet exported in chunks) reads as an error, and its next write, within this time,
// replaces that version before any page sees it. A version without errors is shown at once.
const HoldErrors = 150 * time.Millisecond

// VerifyAfter is how long the files must be still after a version is shown before serve checks its memo:
// the memo re-runs a costly check only when what the check says it reads has changed, and this is the proof,
// while the designer reads the page, that it said enough. A difference (a bug in muster) is logged, the memo
// forgotten, and a version made afresh is shown.
const VerifyAfter = 500 * time.Millisecond

// verify validates the package with the memo and without, and when they differ (and the files did not change
// meanwhile: a second run without the memo agrees with the first), forgets the memo and shows a version made
// afresh. It reports whether the memo was sound.
func (s *Server) verify() bool {
	full, memo := s.safeLoad(s.full), s.safeLoad(s.load)
	if full.Pkg == nil || memo.Pkg == nil || reflect.DeepEqual(full.Diags, memo.Diags) {
		return true
	}
	if again := s.safeLoad(s.full); again.Pkg == nil || !reflect.DeepEqual(again.Diags, full.Diags) {
		return true // the files changed: the version they make is checked in its turn
	}
	s.logf("validating without the memo found %d diagnostics, with it %d: a bug in muster, please report it; showing a version made afresh",
		len(full.Diags), len(memo.Diags))
	s.memo.Forget()
	s.publish(s.prepare())
	return false
}

// safeLoad is a load whose panic (a bug, which the next version reports) is no result.
func (s *Server) safeLoad(load func(string) validate.Result) (r validate.Result) {
	defer func() {
		if recover() != nil {
			r = validate.Result{}
		}
	}()
	return load(s.dir)
}

// Serve loads the package, serves the preview on ln and reloads on every change to the package's files (and
// its bases'), until ctx is done. A folder replaced (moved away and back, made again by a checkout) is watched
// again and reloaded; one gone for good (watch.LostError) stops the server with that error.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	s.Reload()
	s.mu.Lock()
	dirs := append([]string{s.dir}, s.dirs...)
	s.mu.Unlock()
	wopt := s.opt.Watch
	if wopt.Quiet <= 0 {
		wopt.Quiet = Settle
	}
	w, err := watch.New(dirs[:1], wopt)
	if err != nil {
		return fmt.Errorf("watching %s: %w", s.dir, err)
	}
	defer w.Close()
	for _, d := range dirs[1:] {
		_ = w.Add(d) // a base that cannot be watched is still previewed
	}
	srv := &http.Server{Handler: s.Handler(), ReadHeaderTimeout: 10 * time.Second}
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	var held *version // a version with errors, not shown yet: the save may still be under way
	var heldT *time.Timer
	var heldC <-chan time.Time
	release := func() {
		if heldT != nil {
			heldT.Stop()
		}
		held, heldT, heldC = nil, nil, nil
	}
	defer release()
	// Once the files have been still VerifyAfter since a version was shown, the memo is checked.
	var verifyT *time.Timer
	var verifyC <-chan time.Time
	later := func(v *version) {
		if verifyT != nil {
			verifyT.Stop()
		}
		verifyT, verifyC = nil, nil
		if v != nil && v.checked {
			verifyT = time.NewTimer(VerifyAfter)
			verifyC = verifyT.C
		}
	}
	defer later(nil)
	for {
		select {
		case <-ctx.Done():
			_ = srv.Close() // event streams never end on their own: close them with the rest
			<-done
			return nil
		case err := <-done:
			if errors.Is(err, http.ErrServerClosed) {
				return nil
			}
			return err
		case batch, ok := <-w.Changes():
			if !ok {
				return nil
			}
			s.mark("batch")
			s.logf("changed: %s", strings.Join(s.relative(batch), ", "))
			release() // a version held back is replaced by this one, unseen
			later(nil)
			v := s.prepare()
			if v.snap.Failed {
				held, heldT = v, time.NewTimer(HoldErrors)
				heldC = heldT.C
			} else {
				s.publish(v)
				later(v)
			}
			for _, d := range v.dirs {
				_ = w.Add(d) // a base named since: watched from now on
			}
		case <-heldC:
			held.held = true
			s.publish(held)
			later(held)
			release()
		case <-verifyC:
			later(nil)
			s.verify()
		case err := <-w.Lost():
			_ = srv.Close()
			<-done
			return err
		case <-w.Errors():
		}
	}
}
