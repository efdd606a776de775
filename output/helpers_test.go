package output

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
)

var errInjected = errors.New("injected failure")

// faultFS is a file system that counts its operations and, at the chosen ones, fails (once, or from then on)
// or calls a hook first (to pause a commit, or kill the process).
type faultFS struct {
	FS
	mu     sync.Mutex
	n      int
	failAt int  // fail the operation with this number (from 1); 0: none
	sticky bool // and every one after it
	hook   func(n int, op string)
	log    []string
}

func newFaultFS() *faultFS { return &faultFS{FS: quick} }

// quick is the OS file system without its syncs, for tests: a killed process loses nothing a sync would
// keep, and syncing every test file would make the tests wait on the disk. The syncs are still operations
// of the seam, counted and failed by faultFS; TestSyncBeforeRename checks they are made.
var quick FS = quickOS{OS}

type quickOS struct{ FS }

func (quickOS) SyncDir(string) error { return nil }

func (q quickOS) Create(name string, perm fs.FileMode) (NewFile, error) {
	w, err := q.FS.Create(name, perm)
	if err != nil {
		return nil, err
	}
	return noSync{w}, nil
}

type noSync struct{ NewFile }

func (noSync) Sync() error { return nil }

func (f *faultFS) op(format string, args ...any) error {
	f.mu.Lock()
	f.n++
	n := f.n
	name := fmt.Sprintf(format, args...)
	f.log = append(f.log, name)
	hook := f.hook
	fail := f.failAt > 0 && (n == f.failAt || f.sticky && n > f.failAt)
	f.mu.Unlock()
	if hook != nil {
		hook(n, name)
	}
	if fail {
		return fmt.Errorf("%s: %w", name, errInjected)
	}
	return nil
}

func (f *faultFS) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.n
}

func (f *faultFS) Lstat(name string) (fs.FileInfo, error) {
	if err := f.op("lstat %s", name); err != nil {
		return nil, err
	}
	return f.FS.Lstat(name)
}

func (f *faultFS) ReadDir(name string) ([]fs.DirEntry, error) {
	if err := f.op("readdir %s", name); err != nil {
		return nil, err
	}
	return f.FS.ReadDir(name)
}

func (f *faultFS) Open(name string) (io.ReadCloser, error) {
	if err := f.op("open %s", name); err != nil {
		return nil, err
	}
	return f.FS.Open(name)
}

func (f *faultFS) Create(name string, perm fs.FileMode) (NewFile, error) {
	if err := f.op("create %s", name); err != nil {
		return nil, err
	}
	w, err := f.FS.Create(name, perm)
	if err != nil {
		return nil, err
	}
	return &faultFile{NewFile: w, fs: f, name: name}, nil
}

func (f *faultFS) Mkdir(name string, perm fs.FileMode) error {
	if err := f.op("mkdir %s", name); err != nil {
		return err
	}
	return f.FS.Mkdir(name, perm)
}

func (f *faultFS) Rename(from, to string) error {
	if err := f.op("rename %s %s", from, to); err != nil {
		return err
	}
	return f.FS.Rename(from, to)
}

func (f *faultFS) Remove(name string) error {
	if err := f.op("remove %s", name); err != nil {
		return err
	}
	return f.FS.Remove(name)
}

func (f *faultFS) SyncDir(name string) error {
	if err := f.op("syncdir %s", name); err != nil {
		return err
	}
	return f.FS.SyncDir(name)
}

func (f *faultFS) Lock(name string) (func() error, error) {
	if err := f.op("lock %s", name); err != nil {
		return nil, err
	}
	unlock, err := f.FS.Lock(name)
	if err != nil {
		return nil, err
	}
	return func() error {
		err := f.op("unlock %s", name)
		if uerr := unlock(); err == nil {
			err = uerr
		}
		return err
	}, nil
}

type faultFile struct {
	NewFile
	fs   *faultFS
	name string
}

func (w *faultFile) Write(b []byte) (int, error) {
	if err := w.fs.op("write %s", w.name); err != nil {
		return 0, err
	}
	return w.NewFile.Write(b)
}

func (w *faultFile) Sync() error {
	if err := w.fs.op("sync %s", w.name); err != nil {
		return err
	}
	return w.NewFile.Sync()
}

func (w *faultFile) Close() error {
	if err := w.fs.op("close %s", w.name); err != nil {
		w.NewFile.Close()
		return err
	}
	return w.NewFile.Close()
}

// snapshot is everything under root: each path with its type, permissions and content.
func snapshot(t testing.TB, root string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		st, err := os.Lstat(p)
		if err != nil {
			return err
		}
		switch {
		case st.Mode()&fs.ModeSymlink != 0:
			target, _ := os.Readlink(p)
			out[rel] = "link " + target
		case st.IsDir():
			out[rel] = fmt.Sprintf("dir %v", st.Mode().Perm())
		default:
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = fmt.Sprintf("file %v %q", st.Mode().Perm(), b)
		}
		return nil
	})
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	return out
}

// diffSnapshots describes how two snapshots differ ("" when equal).
func diffSnapshots(want, got map[string]string) string {
	var lines []string
	for k, v := range want {
		if g, ok := got[k]; !ok {
			lines = append(lines, "missing "+k)
		} else if g != v {
			lines = append(lines, fmt.Sprintf("changed %s: %.80s -> %.80s", k, v, g))
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			lines = append(lines, "extra "+k)
		}
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// leftovers lists the names output's hidden files leave beside the folders in dir.
func leftovers(t testing.TB, dir string) []string {
	t.Helper()
	ents, err := os.ReadDir(dir)
	if err != nil && !errors.Is(err, fs.ErrNotExist) {
		t.Fatal(err)
	}
	var out []string
	for _, e := range ents {
		if strings.HasPrefix(e.Name(), ".muster-") {
			out = append(out, e.Name())
		}
	}
	return out
}

func sha(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func writeTree(t testing.TB, root string, files map[string]string) {
	t.Helper()
	for rel, data := range files {
		p := filepath.Join(root, filepath.FromSlash(rel))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// checkRecord asserts that the folder's record lists exactly want (path → output) and that every listed file
// holds the bytes the record's hash names.
func checkRecord(t testing.TB, dir string, want map[string]string) {
	t.Helper()
	rec, warnings, err := ReadRecord(nil, dir)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("record: %v %v", err, warnings)
	}
	got := map[string]string{}
	for _, e := range rec.Files {
		got[e.Path] = e.Output
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
		if err != nil {
			t.Errorf("record lists %s: %v", e.Path, err)
		} else if sha(b) != e.SHA256 {
			t.Errorf("record: %s does not hash to %s", e.Path, e.SHA256)
		}
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("record lists %v\nwant %v", got, want)
	}
}

// A build: the outputs it runs and the files they make.
type build struct {
	outputs []string
	files   []File
}

func (b build) commit(dir string, opt Options) (string, error) {
	w, err := Commit(dir, b.outputs, b.files, opt)
	var msgs []string
	for _, d := range w {
		msgs = append(msgs, d.String())
	}
	return strings.Join(msgs, "\n"), err
}

func (b build) owners() map[string]string {
	out := map[string]string{}
	for _, f := range b.files {
		out[f.Path] = f.Output
	}
	return out
}

// buildA is a first build: counters with PNG previews, two maps, charts.
var buildA = build{
	outputs: []string{"counters", "maps", "charts"},
	files: []File{
		{Path: "charts.pdf", Output: "charts", Data: []byte("charts A")},
		{Path: "counters.pdf", Output: "counters", Data: []byte("counters A")},
		{Path: "maps/I.pdf", Output: "maps", Data: []byte("map I")},
		{Path: "maps/II.pdf", Output: "maps", Data: []byte("map II")},
		{Path: "png/counters/a-front.png", Output: "counters", Data: []byte("png a")},
		{Path: "png/counters/b-front.png", Output: "counters", Data: []byte("png b")},
	},
}

// buildB rebuilds counters (no PNGs now: png/ goes; a new folder sheets/) and maps (I unchanged, II stale,
// III new), and leaves charts alone.
var buildB = build{
	outputs: []string{"counters", "maps"},
	files: []File{
		{Path: "counters.pdf", Output: "counters", Data: []byte("counters B")},
		{Path: "maps/I.pdf", Output: "maps", Data: []byte("map I")},
		{Path: "maps/III.pdf", Output: "maps", Data: []byte("map III")},
		{Path: "sheets/extra.pdf", Output: "counters", Data: []byte("extra B")},
	},
}

// userFiles are the designer's own, in the output folder.
var userFiles = map[string]string{"notes.txt": "mine", "maps/README.txt": "my maps"}

// setupA makes root/out holding build A and the user's files, and returns the folder.
func setupA(t testing.TB, root string) string {
	t.Helper()
	dir := filepath.Join(root, "out")
	if w, err := buildA.commit(dir, Options{FS: quick}); err != nil || w != "" {
		t.Fatalf("build A: %v %s", err, w)
	}
	writeTree(t, dir, userFiles)
	return dir
}

func regexpMatch(pattern, s string) bool { return regexp.MustCompile(pattern).MatchString(s) }
