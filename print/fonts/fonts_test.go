package fonts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content"
)

func loadPkg(t *testing.T, dir string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	return pkg
}

// The fixture's font loads once per package: the text and heading fonts are it, its bold face is its own file,
// and a second ask is the same set, until the package is decoded again.
func TestOfLoadsOncePerPackage(t *testing.T) {
	pkg := loadPkg(t, "testdata/narrow")
	s := Of(pkg)
	if len(s.Problems) > 0 {
		t.Fatalf("problems: %v", s.Problems)
	}
	n := s.Get("narrow")
	if n == nil || s.Text != n || s.Heading != n || s.Or("nope", nil) != nil || s.Get("") != nil {
		t.Fatalf("set %+v", s)
	}
	if got := n.File(1).Name(); got != "Liberation Sans Narrow Bold" {
		t.Errorf("bold face %q", got)
	}
	if s.TextAt.Line == 0 || s.HeadingAt != s.TextAt || s.Origin(n.File(0)) != s.TextAt {
		t.Errorf("positions %v %v", s.TextAt, s.HeadingAt)
	}
	if Of(pkg) != s {
		t.Error("a second ask loaded the fonts again")
	}
	pkg.Decode(nil)
	if Of(pkg) == s {
		t.Error("a package decoded again kept the fonts of before")
	}
	var none *Set
	if none.Get("narrow") != nil || Of(nil).Text != nil {
		t.Error("no set, no fonts")
	}
}

// The identity of a package's fonts changes with a font file, so a preview keyed by it is redrawn.
func TestIdentityFollowsTheFiles(t *testing.T) {
	a := Of(loadPkg(t, "testdata/narrow")).Identity()
	dir := t.TempDir()
	err := filepath.WalkDir("testdata/narrow", func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel, _ := filepath.Rel("testdata/narrow", p)
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		if strings.HasSuffix(p, "Bold.ttf") {
			b = append(b, 0, 0, 0, 0) // another file, as fonts go the same one
		}
		must.Mkdir(t, filepath.Join(dir, filepath.Dir(rel)))
		return os.WriteFile(filepath.Join(dir, rel), b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	b := Of(loadPkg(t, dir)).Identity()
	if a == b || !strings.Contains(a, `"narrow"`) {
		t.Errorf("identities %s and %s", a, b)
	}
}
