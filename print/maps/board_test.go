package maps

import (
	"image/color"
	"math"
	"testing"

	"github.com/muster-wargames/muster/print/surface"
)

// A digital board is the map frame alone at true size: the image is FramePixels, and PixelOrigin puts the
// centre of cell (0,0) on a whole pixel.
func TestDrawFrameSizeAndOrigin(t *testing.T) {
	pkg, sc := prestagsTest(t)
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 30.0
	px, py, dx, dy := d.PixelOrigin(dpi)
	gx, gy := d.GridOrigin()
	k := dpi / surface.Inch
	if math.Abs((gx+dx)*k-float64(px)) > 1e-9 || math.Abs((gy+dy)*k-float64(py)) > 1e-9 || math.Abs(dx*k) > 0.5 || math.Abs(dy*k) > 0.5 {
		t.Errorf("origin %d,%d shift %g,%g from %g,%g", px, py, dx, dy, gx, gy)
	}
	s := surface.NewPNG(surface.PNGOptions{DPI: dpi})
	if err := d.DrawFrame(s, dx, dy); err != nil {
		t.Fatal(err)
	}
	im, _ := s.PageImage(0)
	if w, h := d.FramePixels(dpi); im.Bounds().Dx() != w || im.Bounds().Dy() != h || s.Pages() != 1 {
		t.Errorf("image %v, want %dx%d on one page", im.Bounds(), w, h)
	}
}

// HideUnits leaves the set-up units' markers out, and keeps the rest of the scenario layer.
func TestHideUnitsLeavesMarkersOut(t *testing.T) {
	pkg, sc := prestagsTest(t)
	red := color.RGBA{0xb3, 0x26, 0x1e, 0xff}
	count := func(hide bool) int {
		d, err := ForScenario(pkg, sc)
		if err != nil {
			t.Fatal(err)
		}
		d.HideUnits = hide
		const dpi = 50.0
		px, py, dx, dy := d.PixelOrigin(dpi)
		s := surface.NewPNG(surface.PNGOptions{DPI: dpi})
		if err := d.DrawFrame(s, dx, dy); err != nil {
			t.Fatal(err)
		}
		im, _ := s.PageImage(0)
		// Red pixels within a quarter cell of the centre of 1005, where a red unit is set up.
		o := d.Set.Hex.Centre(cell(t, d.Set, "1005"))
		z := d.Set.Hex.Centre(cell(t, d.Set, "0101"))
		k := dpi / surface.Inch
		cx, cy := float64(px)+(o.X-z.X)*k, float64(py)+(o.Y-z.Y)*k
		r := d.cell * k / 4
		n := 0
		for y := int(cy - r); y <= int(cy+r); y++ {
			for x := int(cx - r); x <= int(cx+r); x++ {
				if im.RGBAAt(x, y) == red {
					n++
				}
			}
		}
		return n
	}
	if shown, hidden := count(false), count(true); shown == 0 || hidden != 0 {
		t.Errorf("red marker pixels: %d shown, %d hidden", shown, hidden)
	}
}
