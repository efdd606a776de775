package maps

import (
	"image"
	"math"
	"testing"

	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// An analysis's shaded map fills every cell (hexes, areas) with the grey it is given: a cell's pixels, away
// from its text, its edges and the roads through its centre, are that grey.
func TestShadedFillsEachCell(t *testing.T) {
	greys := []surface.Color{surface.RGB(0x4a, 0x4a, 0x4a), surface.RGB(0x97, 0x97, 0x97), surface.RGB(0xe4, 0xe4, 0xe4)}
	for _, c := range []struct{ dir, scenario string }{
		{"../../examples/testdata/river-line", "autumn-offensive"},
		{"../../examples/testdata/marches", "crown-war"},
	} {
		pkg := loadDir(t, c.dir)
		d, err := ForScenario(pkg, pkg.Scenario(c.scenario))
		if err != nil {
			t.Fatal(err)
		}
		grey := func(cell grid.Cell) surface.Color { return greys[(cell.Col+2*cell.Row)%3] }
		var pic *image.RGBA
		s := surface.NewPNG(surface.PNGOptions{DPI: 72, OnPage: func(_ int, im *image.RGBA) error { pic = im; return nil }})
		s.BeginPage(612, 612)
		const x0, y0, w, h = 20.0, 30.0, 560.0, 560.0
		dw, dh := d.Shaded(s, x0, y0, w, h, func(cell grid.Cell) Shade { return Shade{Fill: grey(cell)} })
		if err := s.Flush(); err != nil {
			t.Fatal(err)
		}
		if dw <= 0 || dh <= 0 || dw > w+0.01 || dh > h+0.01 || math.Abs(dw-w) > 0.01 && math.Abs(dh-h) > 0.01 {
			t.Errorf("%s: drawn %gx%g in %gx%g", c.dir, dw, dh, w, h)
		}
		checked, wrong := 0, 0
		for i, cell := range d.shadedCells() {
			if i%7 != 0 {
				continue
			}
			px, py := d.shadedSample(cell, x0, y0, w, h)
			got := pic.RGBAAt(int(px), int(py))
			want := grey(cell)
			checked++
			if diff(got.R, want.R) > 12 || diff(got.G, want.G) > 12 || diff(got.B, want.B) > 12 {
				wrong++
				if wrong < 5 {
					t.Errorf("%s %v at %.0f,%.0f: %v, want %v", c.dir, cell, px, py, got, want)
				}
			}
		}
		if checked < 3 || wrong > checked/10 {
			t.Errorf("%s: %d of %d cells sampled are not their grey", c.dir, wrong, checked)
		}
	}
}

func diff(a, b uint8) int { return int(math.Abs(float64(a) - float64(b))) }

// shadedCells are the cells a shaded map fills, in the map set's terms.
func (d *Drawing) shadedCells() []grid.Cell {
	var out []grid.Cell
	if d.net != nil {
		for i := range d.net.places {
			out = append(out, d.Set.Boards[0].ToSet(grid.Cell{Col: i}))
		}
		return out
	}
	for row := 0; row < d.Set.Rows; row++ {
		for col := 0; col < d.Set.Cols; col++ {
			if c := (grid.Cell{Col: col, Row: row}); d.Set.Contains(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// shadedSample is a point inside a cell of a shaded map drawn at (x, y) in w by h, in page points: 40% of
// the way from its centre to its first corner (a hex), or its centre (an area, whose text is empty here).
func (d *Drawing) shadedSample(c grid.Cell, x, y, w, h float64) (float64, float64) {
	if d.net != nil {
		k := math.Min(w/d.net.w, h/d.net.h)
		q := d.netCentre(c)
		return x + (q.X-d.gx)*k, y + (q.Y-d.gy)*k
	}
	k := math.Min(w/(d.mapW-2*d.border), h/(d.mapH-2*d.border))
	q := d.centre(c)
	corner := d.cellPoly(c, nil)[0]
	px := q.X + 0.4*(corner.X-q.X)
	py := q.Y + 0.4*(corner.Y-q.Y)
	return x + (px-d.border)*k, y + (py-d.border)*k
}
