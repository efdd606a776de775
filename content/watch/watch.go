// Package watch tells when the content files of a package change on disk, debounced: an editor's save (often a
// write to a temporary file, then a rename over the old one) or a spreadsheet export arrives as one batch, after
// the files have gone quiet. `muster serve` and `muster build --watch` both re-run the pipeline on each batch.
// A watched folder that is replaced (moved away and back, deleted and made again, as a git checkout can) is
// watched again as soon as it is back; one that stays away is reported lost, so that a command never waits
// silently on a folder it no longer sees.
package watch

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/fsnotify/fsnotify"
)

// Options tune a watcher; the zero value is the default.
type Options struct {
	// Quiet is how long the files must be still before a batch is sent (default 150 ms): long enough for an
	// editor's write-then-rename, short enough to feel immediate.
	Quiet time.Duration
	// MaxWait sends a batch even while changes keep coming (default 2 s), so a file rewritten in a loop still
	// shows.
	MaxWait time.Duration
	// Ignore leaves out paths besides the default ones (e.g. build --watch's output folder).
	Ignore func(path string) bool
	// Poll is how often the watched folders are looked at (default 250 ms): the file-system notifications stop
	// for a folder that is moved or deleted, so whether it is still the folder watched, or back, is asked.
	Poll time.Duration
	// LostAfter is how long a watched folder may be gone before it is reported on Lost (default 10 s).
	LostAfter time.Duration
}

// LostError is a watched folder that has been gone longer than Options.LostAfter.
type LostError struct {
	Dir string
	For time.Duration
}

func (e *LostError) Error() string {
	return fmt.Sprintf("lost the folder %s: it was moved or deleted and has not come back in %v", e.Dir, e.For.Round(time.Second))
}

// root is a folder New or Add was given: watched with its subfolders, and looked at every Poll.
type root struct {
	info     os.FileInfo // the folder watched, to tell it from another made at its path
	gone     time.Time   // when it was found gone; zero while it is there
	reported bool
}

// Watcher watches folders, with their subfolders, for changes to content files.
type Watcher struct {
	opt     Options
	fs      *fsnotify.Watcher
	changes chan []string
	errs    chan error
	done    chan struct{}

	lost chan error

	mu      sync.Mutex
	watched map[string]bool
	roots   map[string]*root
	closed  bool
	wg      sync.WaitGroup
}

// contentExt are the files whose change can change what muster reads: content, spreadsheets, and the
// images and fonts a package uses.
var contentExt = map[string]bool{".yaml": true, ".yml": true, ".json": true, ".csv": true, ".tsv": true,
	".png": true, ".jpg": true, ".jpeg": true, ".gif": true, ".svg": true, ".ttf": true, ".otf": true}

// Relevant reports whether a change to a path can change what muster reads: a content file, a spreadsheet,
// an image or a font, not hidden and not an editor's backup (file~, .file.swp, #file#).
func Relevant(path string) bool {
	name := filepath.Base(path)
	if strings.HasPrefix(name, ".") || strings.HasPrefix(name, "#") || strings.HasSuffix(name, "~") {
		return false
	}
	return contentExt[strings.ToLower(filepath.Ext(name))]
}

// skipDir reports folders never watched: hidden ones (.git, muster's own .muster*), node_modules, and build
// output folders (they hold muster's ownership record).
func skipDir(dir string) bool {
	name := filepath.Base(dir)
	if name != "." && strings.HasPrefix(name, ".") || name == "node_modules" {
		return true
	}
	_, err := os.Lstat(filepath.Join(dir, ".muster-build.json"))
	return err == nil
}

// New watches dirs and their subfolders. Changes arrive on Changes; problems watching (a folder removed)
// on Errors, which may be ignored.
func New(dirs []string, opt Options) (*Watcher, error) {
	if opt.Quiet <= 0 {
		opt.Quiet = 150 * time.Millisecond
	}
	if opt.MaxWait <= 0 {
		opt.MaxWait = 2 * time.Second
	}
	if opt.Poll <= 0 {
		opt.Poll = 250 * time.Millisecond
	}
	if opt.LostAfter <= 0 {
		opt.LostAfter = 10 * time.Second
	}
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{opt: opt, fs: fw, changes: make(chan []string, 1), errs: make(chan error, 8), lost: make(chan error, 16),
		done: make(chan struct{}), watched: map[string]bool{}, roots: map[string]*root{}}
	for _, d := range dirs {
		if err := w.Add(d); err != nil {
			fw.Close()
			return nil, err
		}
	}
	w.wg.Add(1)
	go w.loop()
	return w, nil
}

// Add watches one more folder and its subfolders (a mod's base package, found after a reload).
func (w *Watcher) Add(dir string) error {
	abs, err := filepath.Abs(dir)
	if err != nil {
		return err
	}
	st, err := os.Stat(abs)
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return errors.New(dir + " is not a folder")
	}
	if err := w.addTree(abs); err != nil {
		return err
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.roots[abs] == nil {
		w.roots[abs] = &root{info: st}
	}
	return nil
}

// forget stops watching a folder and its subfolders (which are gone, or are to be watched again).
func (w *Watcher) forget(dir string) {
	w.mu.Lock()
	defer w.mu.Unlock()
	for p := range w.watched {
		if p == dir || strings.HasPrefix(p, dir+string(filepath.Separator)) {
			delete(w.watched, p)
			_ = w.fs.Remove(p) // fsnotify has dropped the watch of a folder that went: nothing to remove
		}
	}
}

// lookAtRoots asks whether each watched folder is still the one watched: one that is gone is noted (and
// reported on Lost once it has been gone LostAfter), one that is back or was replaced is watched again,
// from the top, and given to changed (everything in it may differ).
func (w *Watcher) lookAtRoots(now time.Time, changed func(string)) {
	w.mu.Lock()
	dirs := make([]string, 0, len(w.roots))
	for d := range w.roots {
		dirs = append(dirs, d)
	}
	w.mu.Unlock()
	sort.Strings(dirs)
	for _, d := range dirs {
		w.mu.Lock()
		r := w.roots[d]
		w.mu.Unlock()
		st, err := os.Stat(d)
		switch {
		case err != nil || !st.IsDir():
			if r.gone.IsZero() {
				r.gone = now
				w.forget(d)
			}
			if !r.reported && now.Sub(r.gone) >= w.opt.LostAfter {
				r.reported = true
				select {
				case w.lost <- &LostError{Dir: d, For: now.Sub(r.gone)}:
				default:
				}
			}
		case !r.gone.IsZero() || !os.SameFile(st, r.info):
			w.forget(d)
			if err := w.addTree(d); err != nil {
				continue // not readable yet: asked again at the next look
			}
			r.info, r.gone, r.reported = st, time.Time{}, false
			changed(d)
		}
	}
}

func (w *Watcher) addTree(root string) error {
	return filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // a folder that vanished or cannot be read is not watched
		}
		if !e.IsDir() {
			return nil
		}
		if p != root && (skipDir(p) || w.ignored(p)) {
			return filepath.SkipDir
		}
		w.mu.Lock()
		defer w.mu.Unlock()
		if w.closed || w.watched[p] {
			return nil
		}
		if err := w.fs.Add(p); err != nil {
			return err
		}
		w.watched[p] = true
		return nil
	})
}

func (w *Watcher) ignored(p string) bool { return w.opt.Ignore != nil && w.opt.Ignore(p) }

// Changes sends the content files changed (created, written, removed or renamed), sorted, once they have
// been quiet for Options.Quiet. A batch not yet taken is merged with the next.
func (w *Watcher) Changes() <-chan []string { return w.changes }

// Errors sends problems the file-system notifications report.
func (w *Watcher) Errors() <-chan error { return w.errs }

// Lost sends a *LostError for each watched folder gone longer than Options.LostAfter: what was in it can no
// longer be watched, and a command that watches it should say so and stop. A folder back later is watched
// again all the same.
func (w *Watcher) Lost() <-chan error { return w.lost }

// Close stops watching and closes Changes.
func (w *Watcher) Close() error {
	w.mu.Lock()
	if w.closed {
		w.mu.Unlock()
		return nil
	}
	w.closed = true
	w.mu.Unlock()
	close(w.done)
	err := w.fs.Close()
	w.wg.Wait()
	return err
}

func (w *Watcher) loop() {
	defer w.wg.Done()
	defer close(w.changes)
	pending := map[string]bool{}
	var quiet, deadline <-chan time.Time
	var quietT, deadlineT *time.Timer
	look := time.NewTicker(w.opt.Poll)
	defer look.Stop()
	touch := func(p string) {
		pending[p] = true
		if quietT != nil {
			quietT.Stop()
		}
		quietT = time.NewTimer(w.opt.Quiet)
		quiet = quietT.C
		if deadline == nil {
			deadlineT = time.NewTimer(w.opt.MaxWait)
			deadline = deadlineT.C
		}
	}
	flush := func() {
		if quietT != nil {
			quietT.Stop()
		}
		if deadlineT != nil {
			deadlineT.Stop()
		}
		quiet, deadline = nil, nil
		if len(pending) == 0 {
			return
		}
		batch := make([]string, 0, len(pending))
		for p := range pending {
			batch = append(batch, p)
		}
		sort.Strings(batch)
		// Merge with a batch the reader has not taken yet, so nothing is lost and nothing blocks.
		select {
		case old := <-w.changes:
			batch = merge(old, batch)
		default:
		}
		select {
		case w.changes <- batch:
		case <-w.done:
		}
		pending = map[string]bool{}
	}
	for {
		select {
		case <-w.done:
			return
		case ev, ok := <-w.fs.Events:
			if !ok {
				return
			}
			if ev.Has(fsnotify.Create) {
				if st, err := os.Lstat(ev.Name); err == nil && st.IsDir() && !skipDir(ev.Name) && !w.ignored(ev.Name) {
					_ = w.addTree(ev.Name) // a new folder: its files are content too
					continue
				}
			}
			if ev.Has(fsnotify.Remove) || ev.Has(fsnotify.Rename) {
				w.mu.Lock()
				dir := w.watched[ev.Name]
				if r := w.roots[ev.Name]; r != nil && r.gone.IsZero() {
					// Gone, whatever the next look finds at its path: a folder made again at once may
					// reuse its inode, and would pass for the folder watched.
					r.gone = time.Now()
				}
				w.mu.Unlock()
				if dir {
					w.forget(ev.Name) // a folder that went: if one comes back at its path, it is new
				}
			}
			if ev.Has(fsnotify.Chmod) && !ev.Has(fsnotify.Write) {
				continue // a touch of permissions or times changes nothing muster reads
			}
			if !Relevant(ev.Name) || w.ignored(ev.Name) || w.ignored(filepath.Dir(ev.Name)) {
				continue
			}
			touch(ev.Name)
		case now := <-look.C:
			w.lookAtRoots(now, touch)
		case err, ok := <-w.fs.Errors:
			if !ok {
				return
			}
			select {
			case w.errs <- err:
			default: // nobody listens: drop it rather than stop watching
			}
		case <-quiet:
			flush()
		case <-deadline:
			flush()
		}
	}
}

func merge(a, b []string) []string {
	seen := map[string]bool{}
	var out []string
	for _, l := range [][]string{a, b} {
		for _, p := range l {
			if !seen[p] {
				seen[p] = true
				out = append(out, p)
			}
		}
	}
	sort.Strings(out)
	return out
}
