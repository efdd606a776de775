package plan

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/surface"
)

func TestParseOffset(t *testing.T) {
	for in, want := range map[string]surface.Pt{
		"0,0":          {},
		"1mm,-0.5mm":   {X: surface.MM, Y: -0.5 * surface.MM},
		"0.02in, +1mm": {X: 0.02 * 72, Y: surface.MM},
		"-1/32in,0":    {X: -72.0 / 32},
	} {
		got, err := ParseOffset(in)
		if err != nil || math.Abs(got.X-want.X) > 1e-9 || math.Abs(got.Y-want.Y) > 1e-9 {
			t.Errorf("%q: %v %v, want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"1mm", "1,2", "5in,0", "a,b"} {
		if _, err := ParseOffset(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// The manifest's print.backOffset (the reading from muster print-test) shifts the backs; the flag wins.
func TestBackOffsetFromManifest(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "counters", "testdata", "thg"))
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	pkg.Manifest.Print = &content.PrintDefaults{BackOffset: "1mm,-0.5mm"}
	set, err := Settle(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if dx, dy := set.BackOffset.X-72/25.4, set.BackOffset.Y+0.5*72/25.4; dx*dx+dy*dy > 1e-12 {
		t.Errorf("offset from the manifest = %+v, want (1mm, -0.5mm)", set.BackOffset)
	}
	flag, _ := ParseOffset("0in,0in")
	set, _ = Settle(pkg, Options{BackOffset: &flag})
	if set.BackOffset.X != 0 || set.BackOffset.Y != 0 {
		t.Errorf("the flag must win over the manifest, got %+v", set.BackOffset)
	}
	pkg.Manifest.Print.BackOffset = "2 inches"
	if _, err := Settle(pkg, Options{}); err == nil || !strings.Contains(err.Error(), "backOffset") {
		t.Errorf("a bad manifest offset must be an error naming the field, got %v", err)
	}
}
