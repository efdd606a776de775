package content

import (
	"path/filepath"
	"testing"
)

// Within compares whole path elements: a folder named "..x" or a sibling whose name starts with the root's
// is not a way out or in; relative paths are taken from the working folder.
func TestWithin(t *testing.T) {
	root := filepath.Join(t.TempDir(), "pkg")
	for _, c := range []struct {
		p    string
		want bool
	}{
		{root, true},
		{filepath.Join(root, "units", "a.yaml"), true},
		{filepath.Join(root, "..x", "a.yaml"), true},
		{filepath.Join(root, "units", "..", "a.yaml"), true},
		{filepath.Join(root, "..", "a.yaml"), false},
		{root + "-old", false},
		{filepath.Dir(root), false},
	} {
		if got := Within(root, c.p); got != c.want {
			t.Errorf("Within(%s, %s) = %v, want %v", root, c.p, got, c.want)
		}
	}
	if !Within(".", filepath.Join("content", "x.yaml")) || Within("content", ".") {
		t.Error("relative paths are not read from the working folder")
	}
}
