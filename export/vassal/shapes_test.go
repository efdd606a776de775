package vassal

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// shapedPackage is the counter-layout test package with one hexagonal and one round mix only.
func shapedPackage(t *testing.T) string {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "layout")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "print", "counters", "testdata", "layout"))); err != nil {
		t.Fatal(err)
	}
	mix := "kind: CounterMix\nid: hex\nshape: hex\ncounters:\n  - {unit: 12-pz, count: 2}\n---\nkind: CounterMix\nid: round\nshape: round\ncounters:\n  - {unit: 2-para, count: 2}\n"
	if err := os.WriteFile(filepath.Join(dir, "mix.yaml"), []byte(mix), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// A hexagonal or round counter's piece image is clear outside its outline, so the piece shows its shape on
// the board as the sheet cuts it; its middle is opaque.
func TestShapedPiecesAreClearOutsideTheirOutline(t *testing.T) {
	c, err := validate.Load(shapedPackage(t)).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, ds, err := Export(c, Options{})
	if err != nil || m == nil {
		t.Fatalf("export: %v %s", err, ds.Summary())
	}
	for _, name := range []string{"images/piece-unit-12-pz.png", "images/piece-unit-2-para.png"} {
		data := m.File(name)
		if data == nil {
			t.Fatalf("no %s", name)
		}
		im, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		b := im.Bounds()
		if _, _, _, a := im.At(b.Min.X, b.Min.Y).RGBA(); a != 0 {
			t.Errorf("%s: top-left corner alpha %d, want clear", name, a>>8)
		}
		if _, _, _, a := im.At(b.Min.X+b.Dx()/2, b.Min.Y+b.Dy()/2).RGBA(); a != 0xffff {
			t.Errorf("%s: middle alpha %d, want opaque", name, a>>8)
		}
	}
}
