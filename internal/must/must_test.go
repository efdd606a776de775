package must

import (
	"path/filepath"
	"testing"
)

// recorder is a testing.TB that records a failure instead of stopping the test.
type recorder struct {
	testing.TB
	failed bool
}

func (r *recorder) Helper() {}
func (r *recorder) Fatalf(string, ...any) {
	r.failed = true
}

// The helpers do their work, and a set-up step that fails, or a glob that finds nothing, fails the test.
func TestHelpers(t *testing.T) {
	dir := t.TempDir()
	sub := filepath.Join(dir, "a", "b")
	Mkdir(t, sub)
	WriteFile(t, filepath.Join(sub, "f.yaml"), []byte("kind: x\n"))
	if string(ReadFile(t, filepath.Join(sub, "f.yaml"))) != "kind: x\n" || len(ReadDir(t, sub)) != 1 {
		t.Error("written file not read back")
	}
	Symlink(t, "f.yaml", filepath.Join(sub, "l.yaml"))
	if got := Glob(t, filepath.Join(sub, "*.yaml")); len(got) != 2 {
		t.Errorf("glob: %v", got)
	}
	if Rel(t, dir, sub) != filepath.Join("a", "b") || !filepath.IsAbs(Abs(t, ".")) || !Stat(t, sub).IsDir() {
		t.Error("paths")
	}
	Remove(t, filepath.Join(sub, "l.yaml"))
	Edit(t, filepath.Join(sub, "f.yaml"), "x", "y")
	if string(ReadFile(t, filepath.Join(sub, "f.yaml"))) != "kind: y\n" {
		t.Error("edit not written")
	}

	for name, step := range map[string]func(tb testing.TB){
		"write into a missing folder": func(tb testing.TB) { WriteFile(tb, filepath.Join(dir, "none", "f"), nil) },
		"read a missing file":         func(tb testing.TB) { ReadFile(tb, filepath.Join(dir, "none")) },
		"a glob that finds nothing":   func(tb testing.TB) { Glob(tb, filepath.Join(dir, "*.json")) },
		"a bad glob":                  func(tb testing.TB) { Glob(tb, "[") },
		"remove a missing file":       func(tb testing.TB) { Remove(tb, filepath.Join(dir, "none")) },
		"edit a text the file lacks":  func(tb testing.TB) { Edit(tb, filepath.Join(sub, "f.yaml"), "absent", "z") },
	} {
		r := &recorder{TB: t}
		step(r)
		if !r.failed {
			t.Errorf("%s: the test did not fail", name)
		}
	}
}
