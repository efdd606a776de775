package analysis

import (
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content"
)

// load reads and decodes a package (an example's folder under examples/, or one of testdata's), failing the
// test on any error.
func load(t testing.TB, dir string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(dir)
	if pkg == nil || ds.HasErrors() {
		t.Fatalf("%s: %v", dir, ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatalf("%s: %v", dir, ds)
	}
	return pkg
}

func example(name string) string {
	return filepath.Join("..", "..", "examples", filepath.FromSlash(name))
}
