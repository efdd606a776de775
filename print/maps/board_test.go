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

// Regions that tile the frame, each drawn on its own page, join into the frame DrawFrame draws, pixel for
// pixel but for rounding in antialiased edges (the rasterizer works in float32 from the page's origin).
func TestDrawFrameRegionsJoinIntoTheFrame(t *testing.T) {
	pkg, sc := prestagsTest(t)
	d, err := ForScenario(pkg, sc)
	if err != nil {
		t.Fatal(err)
	}
	const dpi = 40.0
	_, _, dx, dy := d.PixelOrigin(dpi)
	whole := surface.NewPNG(surface.PNGOptions{DPI: dpi})
	if err := d.DrawFrame(whole, dx, dy); err != nil {
		t.Fatal(err)
	}
	want, _ := whole.PageImage(0)
	w, h := d.FramePixels(dpi)
	k := dpi / surface.Inch
	cuts := func(n, parts int) []int { return []int{0, n / parts, n} }
	xs, ys := cuts(w, 2), cuts(h, 2)
	differ, total := 0, 0
	for j := 0; j+1 < len(ys); j++ {
		for i := 0; i+1 < len(xs); i++ {
			x0, y0, x1, y1 := xs[i], ys[j], xs[i+1], ys[j+1]
			s := surface.NewPNG(surface.PNGOptions{DPI: dpi})
			r := surface.Rect{X: float64(x0) / k, Y: float64(y0) / k, W: float64(x1-x0) / k, H: float64(y1-y0) / k}
			if err := d.DrawFrameRegion(s, r, dx, dy); err != nil {
				t.Fatal(err)
			}
			im, _ := s.PageImage(0)
			if im.Bounds().Dx() != x1-x0 || im.Bounds().Dy() != y1-y0 {
				t.Fatalf("region %d,%d is %v, want %dx%d", i, j, im.Bounds(), x1-x0, y1-y0)
			}
			for y := y0; y < y1; y++ {
				for x := x0; x < x1; x++ {
					total++
					if a, b := im.RGBAAt(x-x0, y-y0), want.RGBAAt(x, y); absDiff(a.R, b.R)+absDiff(a.G, b.G)+absDiff(a.B, b.B) > 24 {
						differ++
					}
				}
			}
		}
	}
	if differ > total/200 {
		t.Errorf("%d of %d pixels differ from the whole frame's", differ, total)
	}
}

func absDiff(a, b uint8) int {
	if a > b {
		return int(a - b)
	}
	return int(b - a)
}
