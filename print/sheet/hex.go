package sheet

import (
	"math"
	"sort"

	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// planHex lays hexagonal pieces of one shape and size out on sheets of their own, packed as a honeycomb:
// neighbours stand the gutter apart across their shared edge (edge to edge, sharing the cut, without one).
// With flats at top and bottom the columns interlock, every other one half a piece lower; with points at
// top and bottom the rows do. The pieces fill the honeycomb row by row, top to bottom and left to right.
func (l *Layout) planHex(sh string, w, h float64, idx []int, area surface.Rect) error {
	o := l.Opt
	size := h // across the flats
	if sh == shape.HexPointy {
		size = w
	}
	d := size + o.Gutter          // centre to centre of neighbours
	pitch := d * math.Sqrt(3) / 2 // between interlocking columns (rows, for pointed hexagons)
	// Work with flats at top and bottom: the pointed layout is the same turned a quarter, so its area is
	// turned too.
	along, across := area.W, area.H // along: the interlocking direction
	pw, ph := w, h                  // the piece across the flats is ph
	if sh == shape.HexPointy {
		along, across = area.H, area.W
		pw, ph = h, w
	}
	lines := 0 // interlocking columns
	if along+1e-9 >= pw {
		lines = 1 + int(math.Floor((along-pw)/pitch+1e-9))
	}
	per := 0 // pieces in each column
	if lines == 1 && across+1e-9 >= ph {
		per = 1 + int(math.Floor((across-ph)/d+1e-9))
	} else if lines > 1 && across+1e-9 >= ph+d/2 {
		per = 1 + int(math.Floor((across-ph-d/2)/d+1e-9))
	}
	if lines < 1 || per < 1 {
		return &FitError{W: w, H: h, Page: o.Page}
	}
	// The full honeycomb's bounding box, centred in the area (snug against the fold for foldover).
	gAlong := pw + float64(lines-1)*pitch
	gAcross := ph + float64(per-1)*d
	if lines > 1 {
		gAcross += d / 2
	}
	gw, gh := gAlong, gAcross
	if sh == shape.HexPointy {
		gw, gh = gAcross, gAlong
	}
	g := surface.Rect{X: area.X + (area.W-gw)/2, Y: area.Y + (area.H-gh)/2, W: gw, H: gh}
	if o.Backs == Foldover {
		g.X = o.Page.W/2 - (foldGap + o.Bleed) - gw
	}
	g.X, g.Y = round3(g.X), round3(g.Y)
	// Every cell of the honeycomb, in reading order on the page.
	type cell struct{ x, y float64 }
	var cells []cell
	for c := 0; c < lines; c++ {
		for r := 0; r < per; r++ {
			a := float64(c) * pitch              // along
			b := float64(r)*d + float64(c%2)*d/2 // across
			x, y := a, b
			if sh == shape.HexPointy {
				x, y = b, a
			}
			cells = append(cells, cell{g.X + x, g.Y + y})
		}
	}
	sort.SliceStable(cells, func(i, j int) bool {
		if math.Abs(cells[i].y-cells[j].y) > 1e-6 {
			return cells[i].y < cells[j].y
		}
		return cells[i].x < cells[j].x
	})
	for len(idx) > 0 {
		n := min(len(idx), len(cells))
		s := Sheet{Shape: sh, Size: size, Width: w, Cols: lines, Rows: per, Grid: g, RowWidth: []float64{w}}
		used := surface.Rect{X: math.Inf(1), Y: math.Inf(1)}
		x1, y1 := math.Inf(-1), math.Inf(-1)
		for k, i := range idx[:n] {
			front := surface.Rect{X: round3(cells[k].x), Y: round3(cells[k].y), W: w, H: h}
			s.Slots = append(s.Slots, Slot{Piece: i, Front: front, Back: l.BackOf(front)})
			used.X, used.Y = math.Min(used.X, front.X), math.Min(used.Y, front.Y)
			x1, y1 = math.Max(x1, front.X+front.W), math.Max(y1, front.Y+front.H)
		}
		// The grid shrinks to the pieces printed, so trim boxes fit them.
		s.Grid = surface.Rect{X: used.X, Y: used.Y, W: x1 - used.X, H: y1 - used.Y}
		l.Sheets = append(l.Sheets, s)
		idx = idx[n:]
	}
	return nil
}

// cutOutlines draws every piece's outline on a sheet of hexagonal or round pieces: a hexagon's edges once
// each, so neighbours packed edge to edge share theirs; a circle round each round piece. With backs on the
// same page (foldover), the backs' outlines too.
func (l *Layout) cutOutlines(s surface.Surface, sh *Sheet, backs bool) {
	s.SetStroke(CutColour, cutWidth)
	s.SetDash()
	for _, e := range sheetEdges(sh, false) {
		s.Line(e[0].X, e[0].Y, e[1].X, e[1].Y)
	}
	if backs {
		for _, e := range sheetEdges(sh, true) {
			s.Line(e[0].X, e[0].Y, e[1].X, e[1].Y)
		}
	}
	if sh.Shape == shape.Round {
		for _, sl := range sh.Slots {
			shape.Draw(s, shape.Round, sl.Front, 0, surface.Stroke)
			if backs {
				shape.Draw(s, shape.Round, sl.Back, 0, surface.Stroke)
			}
		}
	}
}

// sheetEdges are the straight cut edges of a sheet's pieces (their fronts, or their backs), each once: an
// edge two neighbours share (its ends within a hundredth of a point) is one cut.
func sheetEdges(sh *Sheet, backs bool) [][2]surface.Pt {
	const tol = 0.01
	type cellKey struct{ x, y int64 }
	buckets := map[cellKey][]int{} // by the edge's midpoint, on a grid of half points
	at := func(p surface.Pt) cellKey {
		return cellKey{int64(math.Floor(p.X * 2)), int64(math.Floor(p.Y * 2))}
	}
	same := func(a, b [2]surface.Pt) bool {
		close := func(p, q surface.Pt) bool { return math.Abs(p.X-q.X) <= tol && math.Abs(p.Y-q.Y) <= tol }
		return close(a[0], b[0]) && close(a[1], b[1]) || close(a[0], b[1]) && close(a[1], b[0])
	}
	var out [][2]surface.Pt
	for _, sl := range sh.Slots {
		r := sl.Front
		if backs {
			r = sl.Back
		}
	edges:
		for _, e := range shape.Edges(sh.Shape, r) {
			mid := surface.Pt{X: (e[0].X + e[1].X) / 2, Y: (e[0].Y + e[1].Y) / 2}
			k := at(mid)
			for dx := int64(-1); dx <= 1; dx++ {
				for dy := int64(-1); dy <= 1; dy++ {
					for _, i := range buckets[cellKey{k.x + dx, k.y + dy}] {
						if same(out[i], e) {
							continue edges
						}
					}
				}
			}
			buckets[k] = append(buckets[k], len(out))
			out = append(out, e)
		}
	}
	return out
}

// Registration marks: a cutting plotter that reads printed marks finds the sheet by them, and the cut file
// carries the same marks at the same places.
const (
	regRadius = 9.0 // points
	regWidth  = 0.75
)

// RegistrationMarks are the centres of the three registration marks of a page of hexagonal or round pieces:
// in the margins at the top left, top right and bottom left corners. None when the margins leave no room.
func (l *Layout) RegistrationMarks() []surface.Pt {
	o := l.Opt
	m := o.Margin
	if m < 2*regRadius+2 {
		return nil
	}
	c := m / 2
	return []surface.Pt{{X: c, Y: c}, {X: o.Page.W - c, Y: c}, {X: c, Y: o.Page.H - c}}
}

// registrationMarks draws the registration marks: a circle with a cross through it.
func (l *Layout) registrationMarks(s surface.Surface) {
	s.SetStroke(MarkColour, regWidth)
	s.SetDash()
	for _, p := range l.RegistrationMarks() {
		s.Circle(p.X, p.Y, regRadius*0.6, surface.Stroke)
		s.Line(p.X-regRadius, p.Y, p.X+regRadius, p.Y)
		s.Line(p.X, p.Y-regRadius, p.X, p.Y+regRadius)
	}
}
