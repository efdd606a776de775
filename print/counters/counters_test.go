package counters

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

func load(t testing.TB, dir string) *content.Package {
	t.Helper()
	r := validate.Load(filepath.Join("testdata", dir))
	if r.Diags.HasErrors() {
		t.Fatalf("fixture %s does not validate:\n%v", dir, r.Diags)
	}
	return r.Pkg
}

func resolve(t testing.TB, dir string) []Counter {
	t.Helper()
	cs, err := FromPackage(load(t, dir), Options{})
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

// TestPreview renders every face of the fixtures side by side (front, back) into
// $MUSTER_PREVIEW/faces.png, for looking at.
func TestPreview(t *testing.T) {
	out := os.Getenv("MUSTER_PREVIEW")
	if out == "" {
		t.Skip("set MUSTER_PREVIEW to a folder to write faces.png")
	}
	var all []Counter
	for _, d := range []string{"thg", "prestags", "rampant"} {
		all = append(all, resolve(t, d)...)
	}
	const side, gap = 45.0, 6.0
	cols := 8
	rows := (len(all) + cols - 1) / cols
	s := surface.NewPNG(surface.PNGOptions{DPI: 300})
	s.BeginPage(float64(cols)*(2*side+3*gap), float64(rows)*(side+gap)+gap)
	for i, c := range all {
		x := gap + float64(i%cols)*(2*side+3*gap)
		y := gap + float64(i/cols)*(side+gap)
		if err := c.Front.Draw(s, x, y, side, 0); err != nil {
			t.Fatal(err)
		}
		if err := c.Back.Draw(s, x+side+gap/2, y, side, 0); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if _, err := s.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(out, "faces.png"), b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}
