package content

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

// artHex is where a painter put the centres of a hex grid in an image, worked out the painter's way (not
// with content/grid): s pixels across flats, cell (0,0) at (x0, y0), odd columns (flat-top) or odd rows
// (pointy-top) shoved by half a hex.
func artHex(pointy bool, s, x0, y0 float64, c grid.Cell) (float64, float64) {
	r := s / math.Sqrt(3)
	if pointy {
		return x0 + float64(c.Col)*s + float64(c.Row%2)*s/2, y0 + float64(c.Row)*1.5*r
	}
	return x0 + float64(c.Col)*1.5*r, y0 + float64(c.Row)*s + float64(c.Col%2)*s/2
}

func hexMap(orientation string, cols, rows int, cell float64, bg *MapBackground) *Map {
	return &Map{Meta: Meta{ID: "m"}, Grid: GridSpec{Type: GridHex, Orientation: orientation, Cols: cols, Rows: rows, CellSize: &value.Length{Points: cell}}, Background: bg}
}

// A background placed by one cell and the cell size, or by two reference cells, puts every cell's centre on
// the painter's centre of that cell, on flat- and pointy-top grids; placed by neither, it spans the grid.
func TestArtPlacement(t *testing.T) {
	const s, x0, y0 = 64.0, 50.5, 46.0
	for _, tc := range []struct {
		name        string
		orientation string
		bg          func(centre func(col, row int) []float64) *MapBackground
	}{
		{"one cell, flat", "flat", func(c func(int, int) []float64) *MapBackground {
			return &MapBackground{Image: "a.png", Cell: "0302", Centre: c(2, 1), CellSize: ptr(s)}
		}},
		{"first cell, pointy", "pointy", func(c func(int, int) []float64) *MapBackground {
			return &MapBackground{Image: "a.png", Centre: c(0, 0), CellSize: ptr(s)}
		}},
		{"two cells, flat", "flat", func(c func(int, int) []float64) *MapBackground {
			return &MapBackground{Image: "a.png", Reference: []ArtReference{{Cell: "0101", Centre: c(0, 0)}, {Cell: "0907", Centre: c(8, 6)}}}
		}},
		{"two cells in one row, pointy", "pointy", func(c func(int, int) []float64) *MapBackground {
			return &MapBackground{Image: "a.png", Reference: []ArtReference{{Cell: "0203", Centre: c(1, 2)}, {Cell: "0803", Centre: c(7, 2)}}}
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pointy := tc.orientation == "pointy"
			centre := func(col, row int) []float64 {
				x, y := artHex(pointy, s, x0, y0, grid.Cell{Col: col, Row: row})
				return []float64{x, y}
			}
			m := hexMap(tc.orientation, 9, 7, 43.2, tc.bg(centre))
			g, err := m.Geometry()
			if err != nil {
				t.Fatal(err)
			}
			pl, err := m.ArtPlacement(g, 543, 506)
			if err != nil {
				t.Fatal(err)
			}
			if want := 43.2 / s; math.Abs(pl.Scale-want) > 1e-9 {
				t.Errorf("scale %g pt a pixel, want %g", pl.Scale, want)
			}
			for row := 0; row < 7; row++ {
				for col := 0; col < 9; col++ {
					c := grid.Cell{Col: col, Row: row}
					u, v := pl.Pixel(g.Centre(c))
					wu, wv := artHex(pointy, s, x0, y0, c)
					if math.Abs(u-wu) > 1e-6 || math.Abs(v-wv) > 1e-6 {
						t.Fatalf("cell %s at pixel (%g, %g), the art has it at (%g, %g)", g.Label(c), u, v, wu, wv)
					}
					if q := pl.Point(u, v); q.Dist(g.Centre(c)) > 1e-9 {
						t.Fatalf("Point does not undo Pixel at %s", g.Label(c))
					}
				}
			}
		})
	}
	m := hexMap("flat", 9, 7, 43.2, &MapBackground{Image: "a.png"})
	g, _ := m.Geometry()
	pl, err := m.ArtPlacement(g, 500, 400)
	if err != nil {
		t.Fatal(err)
	}
	b := g.Bounds()
	if q := pl.Point(0, 0); q.Dist(b.Min) > 1e-9 {
		t.Errorf("spanning art starts at %v, the grid at %v", q, b.Min)
	}
	if q := pl.Point(500, 0); math.Abs(q.X-b.Max.X) > 1e-9 {
		t.Errorf("spanning art ends at x %g, the grid at %g", q.X, b.Max.X)
	}
	if fit := g.ArtFit(pl, 500, 400); math.Abs(fit.Left) > 1e-9 || math.Abs(fit.Right) > 1e-9 || math.Abs(fit.Top) > 1e-9 ||
		math.Abs(fit.Bottom-(400-b.Height()/pl.Scale)) > 1e-9 {
		t.Errorf("fit %+v", fit)
	}
}

// A placement that cannot be worked out says which value is at fault and why.
func TestArtPlacementErrors(t *testing.T) {
	ref := func(a, b string, pa, pb []float64) *MapBackground {
		return &MapBackground{Image: "a.png", Reference: []ArtReference{{Cell: a, Centre: pa}, {Cell: b, Centre: pb}}}
	}
	// 0101 and 0907 are 8 columns (8 x 1.5 x 24.94 = 299.3 pt) and 6 rows (259.2 pt) apart on this grid.
	for _, tc := range []struct {
		name, ptr, code, says string
		m                     *Map
	}{
		{"off the grid", "/background/reference/1/cell", "cell", "1008 is off the map", hexMap("flat", 9, 7, 43.2, ref("0101", "1008", []float64{10, 10}, []float64{500, 400}))},
		{"not a label", "/background/cell", "cell", "not a cell label", hexMap("flat", 9, 7, 43.2, &MapBackground{Image: "a.png", Cell: "A1", Centre: []float64{1, 1}, CellSize: ptr(10.0)})},
		{"one cell twice", "/background/reference/1/cell", "cell", "both reference cells are 0101", hexMap("flat", 9, 7, 43.2, ref("0101", "0101", []float64{10, 10}, []float64{500, 400}))},
		{"one pixel twice", "/background/reference/1/centre", "scale", "same pixel", hexMap("flat", 9, 7, 43.2, ref("0101", "0907", []float64{10, 10}, []float64{10, 10}))},
		{"mirrored", "/background/reference/1/centre", "scale", "lies right of 0101 on the grid but left of it in the image", hexMap("flat", 9, 7, 43.2, ref("0101", "0907", []float64{500, 10}, []float64{10, 400}))},
		{"upside down", "/background/reference/1/centre", "scale", "below 0101 on the grid but above it", hexMap("flat", 9, 7, 43.2, ref("0101", "0907", []float64{10, 400}, []float64{500, 10}))},
		{"stretched", "/background/reference/1/centre", "scale", "pt a pixel across but", hexMap("flat", 9, 7, 43.2, ref("0101", "0907", []float64{0, 0}, []float64{443.4, 384 * 1.05}))},
		{"stretched along one axis", "/background/reference/1/centre", "scale", "would land", hexMap("flat", 9, 7, 43.2, ref("0101", "0107", []float64{0, 0}, []float64{40, 384}))},
		{"placed twice", "/background/reference", "placement", "placed twice", hexMap("flat", 9, 7, 43.2, &MapBackground{Image: "a.png", CellSize: ptr(64.0), Reference: ref("0101", "0907", nil, nil).Reference})},
		{"no cell size", "/background", "scale", "needs a cellSize", hexMap("flat", 9, 7, 43.2, &MapBackground{Image: "a.png", Centre: []float64{1, 1}})},
		{"no centre", "/background", "placement", "gives no centre", hexMap("flat", 9, 7, 43.2, &MapBackground{Image: "a.png", CellSize: ptr(64.0)})},
		{"open table", "/background", "placement", "open tabletop", &Map{Grid: GridSpec{Type: GridOpen, Width: &value.Length{Points: 72 * 48}, Height: &value.Length{Points: 72 * 36}}, Background: &MapBackground{Image: "a.png"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			g, err := tc.m.Geometry()
			if err != nil {
				t.Fatal(err)
			}
			_, err = tc.m.ArtPlacement(g, 543, 506)
			var ae *ArtError
			if !errors.As(err, &ae) {
				t.Fatalf("%v, want an *ArtError", err)
			}
			if ae.Ptr != tc.ptr || ae.Code != tc.code || !strings.Contains(ae.Msg, tc.says) {
				t.Errorf("%s %s: %s\nwant %s %s: ...%s...", ae.Ptr, ae.Code, ae.Msg, tc.ptr, tc.code, tc.says)
			}
		})
	}
	// Art stretched less than MaxArtStretch places (each reference cell off by half the misfit).
	m := hexMap("flat", 9, 7, 43.2, ref("0101", "0907", []float64{0, 0}, []float64{443.4, 384 * 1.005}))
	g, _ := m.Geometry()
	if _, err := m.ArtPlacement(g, 543, 506); err != nil {
		t.Errorf("art stretched by 0.5%%: %v", err)
	}
}

func ptr[T any](v T) *T { return &v }
