package maps

import (
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// A cell's id (0101, C08) prints at the top of its cell: centred on a hex, at the top left of a square. The
// drawing and the label placer (which keeps every name off every id) take its place from cellID alone.

// cellID is where a cell's id prints: its text at (x, y) with alignment a, its pad's left px and width w, and
// its box (art coordinates) from the font's ascent to its descent.
type cellID struct {
	text string
	x, y float64
	px   float64
	w    float64
	a    surface.Align
	box  box
}

// idFont is the font cell ids print in.
func (d *Drawing) idFont() surface.Font { return surface.Font{Size: clamp(d.cell*0.15, 4, 8)} }

// cellID places a cell's id; false when the cell has none. An id keeps clear of a hexside feature (a river)
// along the side it is printed by: it moves in by half the feature's width.
// insets are the ids' insets (lineFeatures.insets: see idInsets).
func (d *Drawing) cellID(m metrics, c grid.Cell, insets map[grid.Cell][2]float64) (cellID, bool) {
	set := d.Set
	text := set.Label(c)
	if text == "" {
		return cellID{}, false
	}
	f := d.idFont()
	in := insets[c]
	inX, inY := in[0], in[1]
	ctr := d.centre(c)
	x, y := ctr.X, ctr.Y-d.cell*0.5+d.cell*0.06+inY
	a := surface.Align{H: surface.Center, V: surface.Top}
	if set.Type == content.GridSquare {
		x, y = ctr.X-d.cell*0.5+d.cell*0.04+inX, ctr.Y-d.cell*0.5+d.cell*0.03+inY
		a = surface.Align{H: surface.Left, V: surface.Top}
	} else if set.Hex.Orientation == grid.PointyTop {
		y = ctr.Y - d.cell*0.36 + inY
	}
	w := m.MeasureText(text, f)
	px := x - w/2
	if a.H == surface.Left {
		px = x
	}
	asc, desc, _ := m.FontMetrics(f)
	return cellID{text: text, x: x, y: y, px: px, w: w, a: a, box: box{px - 0.6, y, px + w + 0.6, y + asc + desc}}, true
}

// idInsets works out, for the lines' side features, how far each cell's id moves in, right and down, to clear
// the hexside features on the sides it is printed by: a square's west and north sides, a flat-top hex's north
// side.
func (d *Drawing) idInsets(lf *lineFeatures) map[grid.Cell][2]float64 {
	var out map[grid.Cell][2]float64
	put := func(c grid.Cell, i int, v float64) {
		if out == nil {
			out = map[grid.Cell][2]float64{}
		}
		cur := out[c]
		cur[i] = math.Max(cur[i], v)
		out[c] = cur
	}
	square := d.Set.Type == content.GridSquare
	flat := d.Set.Type == content.GridHex && d.Set.Hex.Orientation != grid.PointyTop
	for _, f := range lf.sides {
		half := f.st.w(d.cell)/2 + 0.5
		for _, o := range f.owners {
			for _, pr := range [][2]grid.Cell{{o[0], o[1]}, {o[1], o[0]}} {
				a, b := pr[0], pr[1] // b lies east of or below a: the side is b's west or north side
				switch {
				case square && b.Row == a.Row && b.Col == a.Col+1:
					put(b, 0, half)
				case (square || flat) && b.Col == a.Col && b.Row == a.Row+1:
					put(b, 1, half)
				}
			}
		}
	}
	return out
}

// idMarks adds every cell id's box to the marks names keep clear of (cells whose board shows its ids).
func (d *Drawing) idMarks(m metrics, in *labelInput) {
	set := d.Set
	if set.Type == content.GridOpen || d.net != nil {
		return
	}
	for row := 0; row < set.Rows; row++ {
		for col := 0; col < set.Cols; col++ {
			c := grid.Cell{Col: col, Row: row}
			if !d.layersAt(c).Labels {
				continue
			}
			if id, ok := d.cellID(m, c, in.insets); ok {
				in.marks = append(in.marks, id.box)
			}
		}
	}
}

// outlineMarks adds an objective's outline to the marks names keep clear of: the ring drawn inside each of
// its cells and its heavy hexside line, each edge as short pieces so that a name may still sit inside the ring.
func (d *Drawing) outlineMarks(in *labelInput, cells []grid.Cell, sides [][2]grid.Cell) {
	seg := func(a, b surface.Pt, half float64) {
		const pieces = 4
		for i := 0; i < pieces; i++ {
			t0, t1 := float64(i)/pieces, float64(i+1)/pieces
			x0, y0 := a.X+(b.X-a.X)*t0, a.Y+(b.Y-a.Y)*t0
			x1, y1 := a.X+(b.X-a.X)*t1, a.Y+(b.Y-a.Y)*t1
			in.marks = append(in.marks, box{math.Min(x0, x1) - half, math.Min(y0, y1) - half, math.Max(x0, x1) + half, math.Max(y0, y1) + half})
		}
	}
	var poly []surface.Pt
	half := math.Max(1, d.cell/22) / 2
	for _, c := range cells {
		poly = d.cellPoly(c, poly)
		ctr := d.centre(c)
		for i := range poly {
			poly[i] = surface.Pt{X: ctr.X + (poly[i].X-ctr.X)*0.93, Y: ctr.Y + (poly[i].Y-ctr.Y)*0.93}
		}
		for i := range poly {
			seg(poly[i], poly[(i+1)%len(poly)], half)
		}
	}
	w := clamp(d.cell/9, 2, 6) / 2
	for _, pl := range d.sideRuns(sides) {
		for i := 1; i < len(pl); i++ {
			seg(pl[i-1], pl[i], w)
		}
	}
}
