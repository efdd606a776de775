package counters

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
)

// A counter's image is read through the package: an absolute path or a `..` path is refused even when it names
// a real PNG, so no file outside the package is embedded in a PDF (issue 19.11).
func TestImagesOutsideThePackageAreRefused(t *testing.T) {
	dir := filepath.Join("testdata", "images")
	abs, err := filepath.Abs(filepath.Join(dir, "art", "knight.png"))
	if err != nil {
		t.Fatal(err)
	}
	for _, file := range []string{abs, "../images/art/knight.png", "art/../../images/art/knight.png"} {
		extra := "kind: UnitType\nid: far\nfaction: red\nclasses: [combat]\nsymbol: image\nimage: " + file + "\nstats: {attack: 1}\n" +
			"---\nkind: CounterMix\nid: far\ncounters:\n  - {unit: far, count: 1}\n"
		pkg, ds := content.LoadWith(dir, filepath.Join(dir, "far.yaml"), []byte(extra))
		ds.Extend(pkg.Decode(nil))
		if ds.HasErrors() {
			t.Fatal(ds)
		}
		cs, err := FromPackage(pkg, Options{Mixes: []string{"far"}})
		if err == nil || !strings.Contains(err.Error(), "outside the package") {
			t.Errorf("image: %s: %d counters, error %v; want it refused as outside the package", file, len(cs), err)
		}
	}
}
