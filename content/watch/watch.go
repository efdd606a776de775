// Package watch tells when the content files of a package change on disk, debounced: an editor's save (often a
// write to a temporary file, then a rename over the old one) or a spreadsheet export arrives as one batch, after
// the files have gone quiet. `muster serve` and `muster build --watch` both re-run the pipeline on each batch.
package watch

import (
	"errors"
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
}

// Watcher watches folders, with their subfolders, for changes to content files.
type Watcher struct {
	opt     Options
	fs      *fsnotify.Watcher
	changes chan []string
	errs    chan error
	done    chan struct{}

	mu      sync.Mutex
	watched map[string]bool
	closed  bool
	wg      sync.WaitGroup
}

// contentExt are the files whose change can change what muster reads: content, spreadsheets, and the
// images and fonts a package uses.
var contentExt = map[string]bool{".yaml": true, ".yml": true, ".json": true, ".csv": true, ".tsv": true,
	".png": true, ".jpg": true, ".jpeg": true, ".svg": true, ".ttf": true, ".otf": true}

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
	fw, err := fsnotify.NewWatcher()
	if err != nil {
		return nil, err
	}
	w := &Watcher{opt: opt, fs: fw, changes: make(chan []string, 1), errs: make(chan error, 8), done: make(chan struct{}), watched: map[string]bool{}}
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
	return w.addTree(abs)
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
			if ev.Has(fsnotify.Chmod) && !ev.Has(fsnotify.Write) {
				continue // a touch of permissions or times changes nothing muster reads
			}
			if !Relevant(ev.Name) || w.ignored(ev.Name) || w.ignored(filepath.Dir(ev.Name)) {
				continue
			}
			pending[ev.Name] = true
			if quietT != nil {
				quietT.Stop()
			}
			quietT = time.NewTimer(w.opt.Quiet)
			quiet = quietT.C
			if deadline == nil {
				deadlineT = time.NewTimer(w.opt.MaxWait)
				deadline = deadlineT.C
			}
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
