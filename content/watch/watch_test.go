package watch

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// wait is a generous bound on one batch: the test asserts that a change arrives, not how fast.
const wait = 10 * time.Second

func next(t *testing.T, w *Watcher) []string {
	t.Helper()
	select {
	case b := <-w.Changes():
		return b
	case <-time.After(wait):
		t.Fatal("no change reported")
	}
	return nil
}

func none(t *testing.T, w *Watcher, d time.Duration) {
	t.Helper()
	select {
	case b := <-w.Changes():
		t.Fatalf("unexpected batch %v", b)
	case <-time.After(d):
	}
}

func write(t *testing.T, p, s string) {
	t.Helper()
	if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}

// An editor's atomic save (a temporary file renamed over the content file), a backup file, a new folder's
// file, and a build output folder inside the package: one batch per save, naming only content files.
func TestWatchBatchesSaves(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "units.yaml"), "a")
	out := filepath.Join(dir, "out")
	if err := os.Mkdir(out, 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(out, ".muster-build.json"), "{}")
	w, err := New([]string{dir}, Options{Quiet: 50 * time.Millisecond, Ignore: func(p string) bool { return p == filepath.Join(dir, "ignored") }})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	// Atomic save: write a temporary file, then rename it over the original; plus an editor's backup.
	tmp := filepath.Join(dir, ".units.yaml.tmp1234")
	write(t, tmp, "b")
	write(t, filepath.Join(dir, "units.yaml~"), "a")
	if err := os.Rename(tmp, filepath.Join(dir, "units.yaml")); err != nil {
		t.Fatal(err)
	}
	if got, want := next(t, w), []string{filepath.Join(dir, "units.yaml")}; !reflect.DeepEqual(got, want) {
		t.Errorf("atomic save: %v, want %v", got, want)
	}

	// A folder made after the watch started is watched too.
	sub := filepath.Join(dir, "boards")
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the watcher adds the folder when it hears of it
	write(t, filepath.Join(sub, "I.csv"), "id\n")
	if got := next(t, w); !reflect.DeepEqual(got, []string{filepath.Join(sub, "I.csv")}) {
		t.Errorf("new folder: %v", got)
	}

	// Output folders, ignored paths, and files muster does not read change nothing.
	write(t, filepath.Join(out, "counters.yaml"), "x")
	if err := os.Mkdir(filepath.Join(dir, "ignored"), 0o755); err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "ignored", "x.yaml"), "x")
	write(t, filepath.Join(dir, "notes.txt"), "x")
	none(t, w, 500*time.Millisecond)

	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	if _, open := <-w.Changes(); open {
		t.Error("Changes stays open after Close")
	}
}

func TestRelevant(t *testing.T) {
	for p, want := range map[string]bool{"a/units.yaml": true, "u.CSV": true, "art/x.png": true, "a/.u.yaml.swp": false,
		"art/board.gif": true, "u.yaml~": false, "#u.yaml#": false, "4913": false, "notes.md": false} {
		if Relevant(p) != want {
			t.Errorf("Relevant(%q) = %v", p, !want)
		}
	}
}

// until takes batches until one holds want (the watcher may report a replaced folder, then the file in it).
func until(t *testing.T, w *Watcher, want string) {
	t.Helper()
	for {
		b := next(t, w)
		for _, p := range b {
			if p == want {
				return
			}
		}
	}
}

// A package folder replaced — moved away and back, deleted and made again (git checkout), or a subfolder
// deleted and made again — is watched again: a save after it is a batch, as before (issue 26, item 4).
func TestWatchFolderReplaced(t *testing.T) {
	base := t.TempDir()
	dir := filepath.Join(base, "pkg")
	sub := filepath.Join(dir, "units")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := New([]string{dir}, Options{Quiet: 50 * time.Millisecond, Poll: 50 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()

	// Moved away and back.
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the watcher finds it gone
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	until(t, w, dir) // back: everything in it may have changed
	write(t, filepath.Join(dir, "a.yaml"), "a")
	until(t, w, filepath.Join(dir, "a.yaml"))
	write(t, filepath.Join(sub, "b.yaml"), "b")
	until(t, w, filepath.Join(sub, "b.yaml"))

	// Deleted and made again, at once, as a checkout does.
	if err := os.RemoveAll(dir); err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	until(t, w, dir)
	write(t, filepath.Join(sub, "c.yaml"), "c")
	until(t, w, filepath.Join(sub, "c.yaml"))

	// A subfolder deleted and made again.
	if err := os.RemoveAll(sub); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond)
	if err := os.Mkdir(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	time.Sleep(200 * time.Millisecond) // the watcher adds the folder when it hears of it
	write(t, filepath.Join(sub, "d.yaml"), "d")
	until(t, w, filepath.Join(sub, "d.yaml"))
	select {
	case err := <-w.Lost():
		t.Errorf("lost: %v", err)
	default:
	}
}

// A folder that stays away is reported on Lost, naming it, once: the command watching it says so and stops.
func TestWatchFolderLost(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "pkg")
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	w, err := New([]string{dir}, Options{Poll: 20 * time.Millisecond, LostAfter: 100 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	select {
	case err := <-w.Lost():
		var le *LostError
		if !errors.As(err, &le) || le.Dir != dir || !strings.Contains(err.Error(), "lost the folder "+dir) {
			t.Errorf("lost: %v", err)
		}
	case <-time.After(wait):
		t.Fatal("the folder gone was never reported")
	}
	none(t, w, 300*time.Millisecond)
	select {
	case err := <-w.Lost():
		t.Errorf("reported twice: %v", err)
	default:
	}
}
