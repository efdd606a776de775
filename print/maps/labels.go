package maps

import (
	"math"
	"slices"

	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// Names on the map (places, map labels, objectives, deployment zones) are placed together, once per drawing,
// in art coordinates, so that every tile of a tiled map shows the same placement. Each name tries a few
// positions round what it names, nearest first, and takes the first that overlaps no name already placed and
// no mark (a unit, a deployment letter, an objective star); a name pushed further out gets a leader line.

// metrics measures text: what placing names needs before any page exists.
type metrics interface {
	flow.Measurer
	FontMetrics(f surface.Font) (ascent, descent, capHeight float64)
}

// box is an axis-aligned rectangle in art coordinates.
type box struct{ x0, y0, x1, y1 float64 }

func (a box) overlap(b box) float64 {
	w := math.Min(a.x1, b.x1) - math.Max(a.x0, b.x0)
	h := math.Min(a.y1, b.y1) - math.Max(a.y0, b.y0)
	if w <= 0 || h <= 0 {
		return 0
	}
	return w * h
}

func (a box) grow(d float64) box { return box{a.x0 - d, a.y0 - d, a.x1 + d, a.y1 + d} }

// nameLabel is one name to place: its text, what it names (anchor, with the radius of the mark there) and,
// once placed, its box.
type nameLabel struct {
	lines  []string
	font   surface.Font
	ink    surface.Color
	anchor surface.Pt
	r      float64 // the clearance round the anchor
	centre bool    // may sit on its anchor (a region's name: "River", "Village")
	// stats are a place's values, printed in a row of small boxes under its name (area and point-to-point
	// maps).
	stats []statText

	placed     box
	leader     bool
	asc, lineH float64
}

// labels are a drawing's placed names, for one position of the grid in the art.
type labels struct {
	gx, gy float64
	ok     bool
	names  []nameLabel
}

// marks and names are collected by the drawing before placement.
type labelInput struct {
	marks []box
	names []nameLabel
}

func (in *labelInput) mark(x, y, r float64) {
	in.marks = append(in.marks, box{x - r, y - r, x + r, y + r})
}

// placedNames places the drawing's names for the current grid position (computed once and kept).
func (d *Drawing) placedNames() []nameLabel {
	d.mu.Lock() // pages may be drawn at once on several goroutines (PNG previews)
	defer d.mu.Unlock()
	if d.names.ok && d.names.gx == d.gx && d.names.gy == d.gy {
		return d.names.names
	}
	var in labelInput
	d.collectNames(&in)
	d.names = labels{gx: d.gx, gy: d.gy, ok: true, names: placeNames(d.measurer(), in, d.gridBox(), d.cell)}
	return d.names.names
}

// gridBox is the area names may take: the grid inside the frame.
func (d *Drawing) gridBox() box {
	return box{d.border, d.border, d.mapW - d.border, d.mapH - d.border}
}

// placeNames places each name in turn. Positions are tried ring by ring (just outside the mark, then one and
// two steps further): below, above, right, left, then the corners. The first position free of marks and of
// names placed before wins; when none is free, the one overlapping least.
func placeNames(m metrics, in labelInput, area box, cell float64) []nameLabel {
	taken := newBoxSet(cell)
	for _, b := range in.marks {
		taken.add(b)
	}
	out := make([]nameLabel, 0, len(in.names))
	for _, n := range in.names {
		w, h := labelSize(m, &n)
		b, ring := placeAround(w, h, n.anchor, n.r, n.centre, taken, area, cell)
		n.placed = b
		n.leader = ring > 0
		taken.add(b)
		out = append(out, n)
	}
	return out
}

// boxSet is the boxes names and marks have taken, bucketed by where they lie so that a name looks at its
// neighbours only (a map of thousands of places places each name in time that does not grow with them).
type boxSet struct {
	boxes   []box
	size    float64              // a bucket's side
	buckets map[[2]int32][]int32 // box numbers by bucket, ascending
	every   []int32              // boxes too large (or not finite) to bucket: looked at by every query
	seen    []uint32             // query stamps, by box
	stamp   uint32
}

func newBoxSet(size float64) *boxSet {
	if !(size > 0) || math.IsInf(size, 0) {
		size = 36
	}
	return &boxSet{size: size, buckets: map[[2]int32][]int32{}}
}

// bucketSpan is the most buckets a box may cover across or down before it is looked at by every query.
const bucketSpan = 64

func (s *boxSet) span(b box) (x0, y0, x1, y1 int32, ok bool) {
	fx0, fy0 := math.Floor(b.x0/s.size), math.Floor(b.y0/s.size)
	fx1, fy1 := math.Floor(b.x1/s.size), math.Floor(b.y1/s.size)
	for _, v := range []float64{fx0, fy0, fx1, fy1} {
		if math.IsNaN(v) || math.Abs(v) > 1<<30 {
			return 0, 0, 0, 0, false
		}
	}
	if fx1-fx0 >= bucketSpan || fy1-fy0 >= bucketSpan {
		return 0, 0, 0, 0, false
	}
	return int32(fx0), int32(fy0), int32(fx1), int32(fy1), true
}

// add takes a box.
func (s *boxSet) add(b box) {
	k := int32(len(s.boxes))
	s.boxes = append(s.boxes, b)
	s.seen = append(s.seen, 0)
	x0, y0, x1, y1, ok := s.span(b)
	if !ok {
		s.every = append(s.every, k)
		return
	}
	for y := y0; y <= y1; y++ {
		for x := x0; x <= x1; x++ {
			s.buckets[[2]int32{x, y}] = append(s.buckets[[2]int32{x, y}], k)
		}
	}
}

// near calls f with every taken box that may overlap b, in the order taken (so that sums over them add up
// as they would over all the boxes).
func (s *boxSet) near(b box, f func(t box)) {
	s.stamp++
	var ks []int32
	pick := func(k int32) {
		if s.seen[k] != s.stamp {
			s.seen[k] = s.stamp
			ks = append(ks, k)
		}
	}
	for _, k := range s.every {
		pick(k)
	}
	if x0, y0, x1, y1, ok := s.span(b); ok {
		for y := y0; y <= y1; y++ {
			for x := x0; x <= x1; x++ {
				for _, k := range s.buckets[[2]int32{x, y}] {
					pick(k)
				}
			}
		}
	} else {
		ks = ks[:0]
		for k := range s.boxes {
			ks = append(ks, int32(k))
		}
	}
	slices.Sort(ks)
	for _, k := range ks {
		f(s.boxes[k])
	}
}

// free reports whether a box overlaps none of the set's (by more than touching, with half a point to spare).
func (s *boxSet) free(b box) bool {
	ok := true
	s.near(b.grow(0.5), func(t box) {
		if ok && b.grow(0.5).overlap(t) > 0 {
			ok = false
		}
	})
	return ok
}

// labelSize is the size of a name's pad: its lines and, for a place with values, the row of them under
// its lines. It notes the font's ascent and line height in n.
func labelSize(m metrics, n *nameLabel) (w, h float64) {
	asc, desc, _ := m.FontMetrics(n.font)
	n.asc, n.lineH = asc, asc+desc
	for _, l := range n.lines {
		w = math.Max(w, m.MeasureText(l, n.font))
	}
	w += 3
	h = n.lineH*float64(len(n.lines)) + 1
	if len(n.stats) > 0 {
		w = math.Max(w, statsWidth(m, n.stats)+3)
		h += statGap + statRowH
	}
	return w, h
}

// placeAround finds a place for a box w x h round an anchor with clearance r (on the anchor itself first when
// centre is set): positions are tried ring by ring (just outside the mark, then one and two steps further):
// below, above, right, left, then the corners. The first position free of taken boxes wins; when none is
// free, the one overlapping least, a further ring only when clearly better. It returns the box and its ring.
func placeAround(w, h float64, anchor surface.Pt, r float64, centre bool, taken *boxSet, area box, cell float64) (box, int) {
	step := math.Max(cell*0.45, h+2)
	type cand struct {
		b    box
		ring int
	}
	var cands []cand
	at := func(cx, cy float64, ring int) {
		cands = append(cands, cand{box{cx - w/2, cy - h/2, cx + w/2, cy + h/2}, ring})
	}
	ax, ay := anchor.X, anchor.Y
	if centre {
		at(ax, ay, 0)
	}
	for ring := 0; ring < 3; ring++ {
		r := r + float64(ring)*step
		at(ax, ay+r+h/2, ring)               // below
		at(ax, ay-r-h/2, ring)               // above
		at(ax+r+w/2, ay, ring)               // right
		at(ax-r-w/2, ay, ring)               // left
		at(ax+r*0.7+w/2, ay+r*0.7+h/2, ring) // below right
		at(ax-r*0.7-w/2, ay+r*0.7+h/2, ring) // below left
		at(ax+r*0.7+w/2, ay-r*0.7-h/2, ring) // above right
		at(ax-r*0.7-w/2, ay-r*0.7-h/2, ring) // above left
	}
	best, bestCost := -1, math.Inf(1)
	for i, c := range cands {
		// Keep inside the grid: a name pushed off it costs as much as a heavy overlap.
		cost := 0.0
		if c.b.x0 < area.x0 || c.b.y0 < area.y0 || c.b.x1 > area.x1 || c.b.y1 > area.y1 {
			cost += w * h * 4
		}
		g := c.b.grow(0.5)
		taken.near(g, func(t box) { cost += g.overlap(t) })
		if cost == 0 {
			best = i
			break
		}
		// A further ring must be clearly better to be worth the leader line.
		cost += float64(c.ring) * w * h * 0.15
		if cost < bestCost {
			best, bestCost = i, cost
		}
	}
	return cands[best].b, cands[best].ring
}

// drawNames draws placed names: a light pad, the text and, for a name set away from its place, a leader line.
func (d *Drawing) drawNames(p *pen, names []nameLabel) {
	s := p.s
	for _, n := range names {
		b := n.placed
		if !p.visible(math.Min(b.x0, n.anchor.X), math.Min(b.y0, n.anchor.Y), math.Max(b.x1, n.anchor.X), math.Max(b.y1, n.anchor.Y)) {
			continue
		}
		if n.leader {
			// From the anchor to the nearest point of the pad.
			tx := clamp(n.anchor.X, b.x0, b.x1)
			ty := clamp(n.anchor.Y, b.y0, b.y1)
			a, e := p.pt(n.anchor.X, n.anchor.Y), p.pt(tx, ty)
			s.SetStroke(n.ink, 0.5)
			s.SetDash()
			s.Line(a.X, a.Y, e.X, e.Y)
			s.SetFill(n.ink)
			s.Circle(a.X, a.Y, 0.9, surface.Fill)
		}
		q := p.pt(b.x0, b.y0)
		s.SetFill(surface.RGBA(255, 255, 255, 215))
		s.Rect(q.X, q.Y, b.x1-b.x0, b.y1-b.y0, surface.Fill)
		s.SetFill(n.ink)
		cx := (b.x0 + b.x1) / 2
		y := b.y0 + 0.5 + n.asc
		for _, l := range n.lines {
			t := p.pt(cx, y)
			s.Text(t.X, t.Y, l, n.font, surface.Align{H: surface.Center, V: surface.Baseline})
			y += n.lineH
		}
		if len(n.stats) > 0 {
			drawStats(s, p, n.stats, cx, b.y0+0.5+n.lineH*float64(len(n.lines))+statGap, n.ink)
		}
	}
}

// The row of a place's values under its name: each value in a small box.
var statFont = surface.Font{Size: 5.5}

const (
	statRowH = 8.0 // a value's box
	statGap  = 1.5 // between the name and the row, and between boxes
	statPad  = 2.0 // inside a box, either side of its text
)

// statsWidth is the width of a row of values.
func statsWidth(m flow.Measurer, stats []statText) float64 {
	w := 0.0
	for i, st := range stats {
		if i > 0 {
			w += statGap
		}
		w += m.MeasureText(st.String(), statFont) + 2*statPad
	}
	return w
}

// drawStats draws a row of values centred on cx, its top at y (art coordinates).
func drawStats(s surface.Surface, p *pen, stats []statText, cx, y float64, ink surface.Color) {
	x := cx - statsWidth(s, stats)/2
	s.SetDash()
	for _, st := range stats {
		t := st.String()
		w := s.MeasureText(t, statFont) + 2*statPad
		q := p.pt(x, y)
		s.SetFill(surface.White)
		s.SetStroke(ink, 0.4)
		s.Rect(q.X, q.Y, w, statRowH, surface.FillStroke)
		s.SetFill(ink)
		s.Text(q.X+w/2, q.Y+statRowH/2, t, statFont, surface.Align{H: surface.Center, V: surface.Middle})
		x += w + statGap
	}
}

// wrapName breaks a long name into lines about width wide (at most three).
func wrapName(m flow.Measurer, text string, f surface.Font, width float64) []string {
	if m.MeasureText(text, f) <= width*1.15 {
		return []string{text}
	}
	lines := flow.Wrap(m, text, f, width)
	if len(lines) > 3 {
		lines = append(lines[:2], flow.Truncate(m, joinWords(lines[2:]), f, width))
	}
	return lines
}

func joinWords(ls []string) string {
	out := ""
	for i, l := range ls {
		if i > 0 {
			out += " "
		}
		out += l
	}
	return out
}
