package build

import (
	"bytes"
	"image/png"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/plan"
)

// A package with hexagonal and round counters builds a cut file beside counters.pdf for each sheet, with one
// path per counter on it; with --png, a contact sheet shows every design front and back. A package of square
// counters writes no cut file.
func TestCutFilesAndContactSheet(t *testing.T) {
	pkg := fixture(t, "layout")
	opt := Options{PNG: true, FaceDPI: 72, PageDPI: 36}
	res, files := run(t, pkg, opt)
	set, _ := plan.Settle(pkg.Package(), opt)
	_, l, err := CounterLayout(&Job{Pkg: pkg.Package(), Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	for i, sh := range l.Sheets {
		svg, ok := files[CutFile(i+1)]
		if !ok {
			t.Fatalf("no %s among %d files", CutFile(i+1), len(files))
		}
		if n := strings.Count(string(svg), `<path id="piece-`); n != len(sh.Slots) {
			t.Errorf("%s: %d cut paths for %d counters", CutFile(i+1), n, len(sh.Slots))
		}
	}
	if _, ok := files[CutFile(len(l.Sheets)+1)]; ok {
		t.Error("a cut file for a sheet that does not exist")
	}
	if !strings.Contains(strings.Join(res.Notes, "\n"), "cut files for a cutting plotter") {
		t.Errorf("the summary does not say so: %q", res.Notes)
	}
	b, ok := files[ContactFile]
	if !ok {
		t.Fatal("no contact sheet")
	}
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	// At 72 dpi (twice the page DPI) a point is a pixel: 8 designs (4 units, square and in a second shape),
	// each 0.75in front and back side by side, fill rows of 10 inches (5 to a row) and at least two rows.
	if r := im.Bounds(); r.Dx() < 5*(2*54+4) || r.Dy() < 2*54 {
		t.Errorf("contact sheet %v is too small for 8 designs front and back", r)
	}
	_, square := run(t, fixture(t, "thg"), Options{})
	for name := range square {
		if strings.HasPrefix(name, "counters-cut") {
			t.Errorf("a sheet of square counters writes %s", name)
		}
	}
}
