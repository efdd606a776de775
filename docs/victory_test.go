package docs_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// docs/victory.md quotes the example packages: each YAML excerpt marked with its file is what that file says,
// so the page cannot show content the examples (and their tests) no longer hold.
func TestVictoryPage(t *testing.T) {
	md := readDoc(t, "victory.md")
	n := 0
	for _, f := range fences(md) {
		if f.lang != "yaml" {
			continue
		}
		path, ok := strings.CutPrefix(f.comment, "file: ")
		if !ok {
			t.Errorf("docs/victory.md:%d: a YAML excerpt without <!-- file: PATH --> before it", f.line)
			continue
		}
		n++
		data, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(path)))
		if err != nil || !strings.Contains(string(data), f.text) {
			t.Errorf("docs/victory.md:%d: %s does not hold the excerpt shown (%v):\n%s", f.line, path, err, f.text)
		}
	}
	if n < 8 {
		t.Errorf("docs/victory.md quotes %d excerpts", n)
	}
}
