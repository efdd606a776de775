package serve

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/content/watch"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/validate"
)

const thg = "../examples/highest-ground"

func copyTree(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := os.CopyFS(dst, os.DirFS(src))
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func get(t *testing.T, h http.Handler, host, path string) *httptest.ResponseRecorder {
	t.Helper()
	req := httptest.NewRequest("GET", path, nil)
	req.Host = host
	w := httptest.NewRecorder()
	h.ServeHTTP(w, req)
	return w
}

// The server answers with its page, the version's state and the pictures it drew, and nothing else: no
// file from disk by any path, and nothing to a request that does not name the loopback interface.
func TestHandlerServesOnlyWhatItDrew(t *testing.T) {
	dir := copyTree(t, thg)
	if err := os.WriteFile(filepath.Join(filepath.Dir(dir), "secret.yaml"), []byte("kind: Secret # top-secret-content"), 0o644); err != nil {
		t.Fatal(err)
	}
	s := New(dir, Options{})
	s.Reload()
	h := s.Handler()
	if w := get(t, h, "127.0.0.1:8080", "/"); w.Code != 200 || !strings.Contains(w.Body.String(), "EventSource") || strings.Contains(w.Body.String(), "http://") || strings.Contains(w.Body.String(), "https://") {
		t.Errorf("page: %d, or it loads something from elsewhere", w.Code)
	}
	w := get(t, h, "localhost:8080", "/snapshot")
	var st state
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || st.Version != 1 || st.Failed || len(st.Images) == 0 {
		t.Fatalf("snapshot: %v %+v", err, st)
	}
	if w := get(t, h, "[::1]:8080", "/img/"+st.Images[0].Name); w.Code != 200 || !bytes.HasPrefix(w.Body.Bytes(), []byte("\x89PNG")) {
		t.Errorf("picture %s: %d", st.Images[0].Name, w.Code)
	}
	for _, p := range []string{"/img/../muster.yaml", "/img/..%2fmuster.yaml", "/img/%2e%2e/%2e%2e/secret.yaml", "/muster.yaml", "/units/feudal.yaml",
		"/img/" + dir + "/muster.yaml", "/img//etc/passwd", "/../secret.yaml"} {
		w := get(t, h, "127.0.0.1:8080", p)
		if w.Code == 200 || strings.Contains(w.Body.String(), "kind:") || strings.Contains(w.Body.String(), "top-secret-content") {
			t.Errorf("%s: %d %q", p, w.Code, w.Body.String())
		}
	}
	if w := get(t, h, "evil.example:8080", "/snapshot"); w.Code != http.StatusForbidden {
		t.Errorf("a foreign Host: %d", w.Code)
	}
}

// Serve watches the package: a saved file is a new version on the event stream; an error in it is a version
// that keeps the pictures and says where the error is.
func TestServePushesVersions(t *testing.T) {
	dir := copyTree(t, thg)
	ln, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(ln.Addr().String(), "127.0.0.1:") {
		t.Errorf("listening on %s", ln.Addr())
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s := New(dir, Options{})
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()

	resp := waitForEvents(t, "http://"+ln.Addr().String()+"/events")
	defer resp.Body.Close()
	events := make(chan state, 8)
	go readEvents(resp.Body, events)
	first := nextEvent(t, events, func(st state) bool { return st.Version >= 1 })

	p := filepath.Join(dir, "units", "feudal.yaml")
	b := must.ReadFile(t, p)
	if err := os.WriteFile(p, bytes.Replace(b, []byte("attack: 3, morale: 3"), []byte("attack: 4x, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := nextEvent(t, events, func(st state) bool { return st.Version > first.Version && st.Failed })
	found := false
	for _, d := range bad.Diags {
		found = found || strings.HasSuffix(d.Pos.File, "feudal.yaml") && d.Pos.Line == 9 && d.Pos.Col > 0
	}
	if !found || len(bad.Images) != len(first.Images) {
		t.Errorf("the error at units/feudal.yaml:9 with the pictures kept: %v, %d of %d pictures", bad.Diags, len(bad.Images), len(first.Images))
	}
	// The pictures drawn from the file in error are kept, stale, each with the error beside it.
	beside := 0
	for _, im := range bad.Images {
		if im.Stale && strings.HasPrefix(im.Name, "faces/") {
			// The faces are drawn from the counter mix, left out for the units the error left out: the
			// error in units/feudal.yaml comes first, then the counter mix's own.
			if len(im.Errors) == 0 || !strings.HasSuffix(im.Errors[0].Pos.File, "feudal.yaml") {
				t.Errorf("%s is stale without its file's error: %v", im.Name, im.Errors)
			}
			beside++
		}
	}
	if beside == 0 {
		t.Error("no face drawn from units/feudal.yaml is marked stale with its error")
	}
	cancel()
	select {
	case err := <-served:
		if err != nil {
			t.Error(err)
		}
	case <-time.After(10 * time.Second):
		t.Error("Serve did not stop")
	}
}

func waitForEvents(t *testing.T, url string) *http.Response {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		resp, err := http.Get(url)
		if err == nil {
			return resp
		}
		if time.Now().After(deadline) {
			t.Fatal(err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func readEvents(r io.Reader, out chan<- state) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 16<<20)
	for sc.Scan() {
		if data, ok := strings.CutPrefix(sc.Text(), "data: "); ok {
			var st state
			if json.Unmarshal([]byte(data), &st) == nil {
				out <- st
			}
		}
	}
	close(out)
}

func nextEvent(t *testing.T, events <-chan state, want func(state) bool) state {
	t.Helper()
	timeout := time.After(30 * time.Second)
	for {
		select {
		case st, ok := <-events:
			if !ok {
				t.Fatal("the event stream ended")
			}
			if want(st) {
				return st
			}
		case <-timeout:
			t.Fatal("no such version arrived")
		}
	}
}

// The package folder replaced (moved away and back, as a checkout can) is watched again: a save after it is
// a new version. A folder gone for good stops Serve with an error naming it, rather than a silent page
// (issue 26, item 4).
func TestServeFollowsAReplacedFolder(t *testing.T) {
	dir := copyTree(t, thg)
	ln, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	s := New(dir, Options{Watch: watch.Options{Poll: 50 * time.Millisecond, LostAfter: 500 * time.Millisecond}})
	served := make(chan error, 1)
	go func() { served <- s.Serve(context.Background(), ln) }()
	resp := waitForEvents(t, "http://"+ln.Addr().String()+"/events")
	defer resp.Body.Close()
	events := make(chan state, 8)
	go readEvents(resp.Body, events)
	first := nextEvent(t, events, func(st state) bool { return st.Version >= 1 })

	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(150 * time.Millisecond)
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	back := nextEvent(t, events, func(st state) bool { return st.Version > first.Version })
	p := filepath.Join(dir, "units", "feudal.yaml")
	b, _ := os.ReadFile(p)
	if err := os.WriteFile(p, bytes.Replace(b, []byte("attack: 3, morale: 3"), []byte("attack: 4x, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	nextEvent(t, events, func(st state) bool { return st.Version > back.Version && st.Failed })

	if err := os.Rename(dir, dir+".gone"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-served:
		var le *watch.LostError
		if !errors.As(err, &le) || le.Dir != dir {
			t.Errorf("Serve stopped with %v", err)
		}
	case <-time.After(30 * time.Second):
		t.Fatal("Serve goes on without its folder")
	}
}

// A panic of the pipeline (a bug: here, of the loader) is a version with the diagnostic on the page and the
// last good pictures; the server goes on serving them, and the next save loads as usual.
func TestServerSurvivesAPanic(t *testing.T) {
	s := New(copyTree(t, thg), Options{})
	good := s.Reload()
	s.load = func(string) validate.Result { panic("nil map in the loader") }
	bad := s.Reload()
	h := s.Handler()
	w := get(t, h, "127.0.0.1:8080", "/snapshot")
	var st state
	if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil || w.Code != 200 || !st.Failed || st.Version != 2 || len(st.Images) != len(good.Images) {
		t.Fatalf("after the panic: %d %v %+v", w.Code, err, st)
	}
	if len(bad.Diags) != 1 || !strings.Contains(bad.Diags[0].Message, "a bug in muster; please report it): nil map in the loader") {
		t.Errorf("diagnostics: %v", bad.Diags)
	}
	if w := get(t, h, "127.0.0.1:8080", "/img/"+good.Images[0].Name); w.Code != 200 {
		t.Errorf("a picture after the panic: %d", w.Code)
	}
	s.load = validate.Load
	if again := s.Reload(); again.Failed || len(again.Images) != len(good.Images) {
		t.Errorf("the next version: failed %v, %d pictures", again.Failed, len(again.Images))
	}
}

// The page outlines the pictures a version drew again, and only those, on a page opened or reloaded after it
// too (issue 30, item 13); the log names a changed file from the package's folder and counts errors in words.
func TestFreshPicturesAndLog(t *testing.T) {
	dir := copyTree(t, thg)
	var log []string
	s := New(dir, Options{Logf: func(f string, a ...any) { log = append(log, fmt.Sprintf(f, a...)) }})
	snapshot := func() state {
		t.Helper()
		w := get(t, s.Handler(), "127.0.0.1:1", "/snapshot")
		var st state
		if err := json.Unmarshal(w.Body.Bytes(), &st); err != nil {
			t.Fatal(err)
		}
		return st
	}
	s.Reload()
	for _, im := range snapshot().Images {
		if im.Fresh {
			t.Errorf("the first version outlines %s: everything is new, nothing is news", im.Name)
		}
	}
	p := filepath.Join(dir, "units", "feudal.yaml")
	b := must.ReadFile(t, p)
	if err := os.WriteFile(p, bytes.Replace(b, []byte("attack: 3, morale: 3"), []byte("attack: 4, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	snap := s.Reload()
	st := snapshot()
	fresh := 0
	drawn := map[string]bool{}
	for _, n := range snap.Drawn {
		drawn[n] = true
	}
	for _, im := range st.Images {
		if im.Fresh {
			fresh++
		}
		if im.Fresh != drawn[im.Name] {
			t.Errorf("%s: fresh %v, drawn %v", im.Name, im.Fresh, drawn[im.Name])
		}
	}
	if fresh == 0 || fresh == len(st.Images) {
		t.Errorf("%d of %d pictures outlined after one unit's attack changed", fresh, len(st.Images))
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte("attack: 3, morale: 3"), []byte("attack: 4x, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	s.Reload()
	if last := log[len(log)-1]; !strings.Contains(last, ": 1 error; ") {
		t.Errorf("the log says %q", last)
	}
	if got := s.relative([]string{p}); got[0] != filepath.Join("units", "feudal.yaml") {
		t.Errorf("the log names %s as %q", p, got[0])
	}
}
