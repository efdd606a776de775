package maps

import (
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
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

	// Pinned names go where the content puts them (pinBox), turned by rotate degrees; the placer keeps the
	// others off them.
	pinned bool
	rotate float64
	// src is where the content writes the name and what says it, for a name that finds no free room.
	src  diag.Pos
	what string

	placed     box
	leader     bool
	clash      bool // no free room was found: it lies over another name, a cell id or a mark
	asc, lineH float64
}

// labels are a drawing's placed names, for one position of the grid in the art, and the boxes they and the
// marks take (for the assembly marks of a tiled map to keep off them).
type labels struct {
	gx, gy float64
	ok     bool
	names  []nameLabel
	taken  *boxSet
}

// marks and names are collected by the drawing before placement.
type labelInput struct {
	marks  []box
	names  []nameLabel
	insets map[grid.Cell][2]float64 // the cell ids' (lineFeatures.insets)
}

func (in *labelInput) mark(x, y, r float64) {
	in.marks = append(in.marks, box{x - r, y - r, x + r, y + r})
}

// placedNames places the drawing's names for the current grid position (computed once and kept).
func (d *Drawing) placedNames() []nameLabel { return d.placed().names }

// placed is the drawing's placement of names, computed once per grid position.
func (d *Drawing) placed() labels {
	var in labelInput
	if d.Set.Type != content.GridOpen && d.net == nil {
		in.insets = d.lines().insets // before the lock, which lines takes too
	}
	d.mu.Lock() // pages may be drawn at once on several goroutines (PNG previews)
	defer d.mu.Unlock()
	if d.names.ok && d.names.gx == d.gx && d.names.gy == d.gy {
		return d.names
	}
	d.collectNames(&in)
	names, taken := placeNames(d.measurer(), in, d.gridBox(), d.cell)
	d.names = labels{gx: d.gx, gy: d.gy, ok: true, names: names, taken: taken}
	return d.names
}

// gridBox is the area names may take: the grid inside the frame.
func (d *Drawing) gridBox() box {
	return box{d.border, d.border, d.mapW - d.border, d.mapH - d.border}
}

// placeNames places the pinned names where they are put, then each other name in turn (most important
// first): round its anchor at its own size, then a little smaller, then further out with a leader line, then
// smaller and further out; the first position free of marks, cell ids and names placed before wins. A name
// that finds no free position takes the one it overlaps least and is marked clash. It returns the names and
// the boxes they and the marks take.
func placeNames(m metrics, in labelInput, area box, cell float64) ([]nameLabel, *boxSet) {
	taken := newBoxSet(cell)
	for _, b := range in.marks {
		taken.add(b)
	}
	out := make([]nameLabel, len(in.names))
	copy(out, in.names)
	for i := range out {
		if n := &out[i]; n.pinned {
			labelSize(m, n)
			n.clash = !taken.free(n.placed) || !inArea(n.placed, area)
			taken.add(n.placed)
		}
	}
	for i := range out {
		n := &out[i]
		if n.pinned {
			continue
		}
		placeName(m, n, taken, area, cell)
		taken.add(n.placed)
	}
	return out, taken
}

// shrinks are the sizes a name tries, as shares of its own, before it gives up room; no name shrinks below
// minNameSize points.
var shrinks = []float64{1, 0.85, 0.72}

const minNameSize = 4.5

// placeName finds a name's place (see placeNames).
func placeName(m metrics, n *nameLabel, taken *boxSet, area box, cell float64) {
	full := n.font
	type try struct {
		k        float64
		from, to int
	}
	var tries []try
	for _, k := range shrinks {
		tries = append(tries, try{k, 0, 0})
	}
	for _, k := range shrinks {
		tries = append(tries, try{k, 1, 4})
	}
	var best box
	bestRing, bestK, bestCost := 0, 1.0, math.Inf(1)
	for i, t := range tries {
		if i == len(shrinks) {
			// Round the anchor nothing is free: the nearest free room within a few cells, at its own size
			// and then smaller, with a leader line, before the rings further out.
			for _, k := range shrinks {
				if k < 1 && full.Size*k < minNameSize {
					continue
				}
				n.font = full
				n.font.Size = full.Size * k
				lines := n.lines
				variants := [][]string{lines}
				if len(lines) > 1 { // on one line, a long name finds room between rows of cell ids
					variants = append(variants, []string{strings.Join(lines, " ")})
				}
				for _, v := range variants {
					n.lines = v
					w, h := labelSize(m, n)
					if b, ok := scanFree(w, h, n.anchor, n.r, taken, area, cell); ok {
						n.placed, n.leader = b, true
						return
					}
				}
				n.lines = lines
			}
		}
		if t.k < 1 && full.Size*t.k < minNameSize {
			continue
		}
		n.font = full
		n.font.Size = full.Size * t.k
		w, h := labelSize(m, n)
		b, ring, cost := placeAround(w, h, n.anchor, n.r, n.centre && t.from == 0, taken, area, cell, t.from, t.to)
		if cost == 0 {
			n.placed, n.leader = b, ring > 0
			return
		}
		if t.k == 1 && cost < bestCost {
			best, bestRing, bestK, bestCost = b, ring, t.k, cost
		}
	}
	n.font = full
	n.font.Size = full.Size * bestK
	labelSize(m, n)
	n.placed, n.leader, n.clash = best, bestRing > 0, true
}

// scanFree looks for the free box w x h nearest an anchor, its middle on a fine lattice up to three cells
// away (clear of the anchor's own clearance r): the first free one, nearest first (ties in lattice order).
func scanFree(w, h float64, anchor surface.Pt, r float64, taken *boxSet, area box, cell float64) (box, bool) {
	step := math.Max(1.5, math.Min(w, h)/3)
	reach := 3 * math.Max(cell, h)
	n := int(math.Min(reach/step, maxScan))
	own := box{anchor.X - r, anchor.Y - r, anchor.X + r, anchor.Y + r}
	for _, o := range scanOrder(n) {
		cx, cy := anchor.X+float64(o[0])*step, anchor.Y+float64(o[1])*step
		b := box{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
		// Not over the anchor's own mark.
		if r > 0 && b.overlap(own) > 0 {
			continue
		}
		if inArea(b, area) && taken.free(b) {
			return b, true
		}
	}
	return box{}, false
}

// maxScan is the most lattice steps scanFree looks out from an anchor.
const maxScan = 60

// scanOrders holds, for each reach n up to maxScan, the lattice offsets (i, j), |i|, |j| <= n, nearest the
// origin first (by i²+j², exact), ties in lattice order (row j, then column i): the same for every name, so
// made once per reach rather than sorted for each name.
var scanOrders [maxScan + 1]struct {
	once sync.Once
	offs [][2]int16
}

func scanOrder(n int) [][2]int16 {
	if n < 0 {
		n = 0
	}
	o := &scanOrders[n]
	o.once.Do(func() {
		offs := make([][2]int16, 0, (2*n+1)*(2*n+1))
		for j := -n; j <= n; j++ {
			for i := -n; i <= n; i++ {
				offs = append(offs, [2]int16{int16(i), int16(j)})
			}
		}
		d := func(o [2]int16) int { return int(o[0])*int(o[0]) + int(o[1])*int(o[1]) }
		slices.SortStableFunc(offs, func(a, b [2]int16) int { return d(a) - d(b) })
		o.offs = offs
	})
	return o.offs
}

// inArea reports whether box b lies within area.
func inArea(b, area box) bool {
	return b.x0 >= area.x0-0.01 && b.y0 >= area.y0-0.01 && b.x1 <= area.x1+0.01 && b.y1 <= area.y1+0.01
}

// pinBox is where a pinned name goes: above, below, left or right of its cell (of size cell round the anchor)
// or on it, moved on by offset, the box of its pad turned by rotate degrees.
func pinBox(w, h float64, anchor surface.Pt, cell float64, at string, offset [2]float64, rotate float64) box {
	cx, cy := anchor.X+offset[0], anchor.Y+offset[1]
	// A turned pad's box.
	a := rotate * math.Pi / 180
	bw := math.Abs(w*math.Cos(a)) + math.Abs(h*math.Sin(a))
	bh := math.Abs(w*math.Sin(a)) + math.Abs(h*math.Cos(a))
	switch at {
	case "above":
		cy -= cell/2 + bh/2
	case "below":
		cy += cell/2 + bh/2
	case "left":
		cx -= cell/2 + bw/2
	case "right":
		cx += cell/2 + bw/2
	}
	return box{cx - bw/2, cy - bh/2, cx + bw/2, cy + bh/2}
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
func placeAroundAny(w, h float64, anchor surface.Pt, r float64, centre bool, taken *boxSet, area box, cell float64) (box, int) {
	b, ring, _ := placeAround(w, h, anchor, r, centre, taken, area, cell, 0, 2)
	return b, ring
}

// placeAround is placeAroundAny over the rings from to to; it also returns what the box overlaps (0 when it
// is free).
func placeAround(w, h float64, anchor surface.Pt, r float64, centre bool, taken *boxSet, area box, cell float64, from, to int) (box, int, float64) {
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
	for ring := from; ring <= to; ring++ {
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
	best, bestCost, bestRaw := -1, math.Inf(1), math.Inf(1)
	for i, c := range cands {
		// Keep inside the grid: a name pushed off it costs as much as a heavy overlap.
		cost := 0.0
		if !inArea(c.b, area) {
			cost += w * h * 4
		}
		g := c.b.grow(0.5)
		taken.near(g, func(t box) { cost += g.overlap(t) })
		if cost == 0 {
			return c.b, c.ring, 0
		}
		raw := cost
		// A further ring must be clearly better to be worth the leader line.
		cost += float64(c.ring-from) * w * h * 0.15
		if cost < bestCost {
			best, bestCost, bestRaw = i, cost, raw
		}
	}
	return cands[best].b, cands[best].ring, bestRaw
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
		if !p.visible(b.x0, b.y0, b.x1, b.y1) {
			continue // only the leader shows on this page
		}
		if n.rotate != 0 {
			d.drawTurnedName(p, n)
			continue
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

// drawTurnedName draws a pinned name turned by its rotate degrees about the middle of its box.
func (d *Drawing) drawTurnedName(p *pen, n nameLabel) {
	s := p.s
	b := n.placed
	w, h := 0.0, n.lineH*float64(len(n.lines))+1
	for _, l := range n.lines {
		w = math.Max(w, s.MeasureText(l, n.font))
	}
	w += 3
	c := p.pt((b.x0+b.x1)/2, (b.y0+b.y1)/2)
	s.Push()
	s.Translate(c.X, c.Y)
	s.Rotate(n.rotate)
	s.SetFill(surface.RGBA(255, 255, 255, 215))
	s.Rect(-w/2, -h/2, w, h, surface.Fill)
	s.SetFill(n.ink)
	y := -h/2 + 0.5 + n.asc
	for _, l := range n.lines {
		s.Text(0, y, l, n.font, surface.Align{H: surface.Center, V: surface.Baseline})
		y += n.lineH
	}
	s.Pop()
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

// LabelProblem is a name the content writes that does not print as it should: pinned off the map, or with no
// free room (it prints over another name, a cell id or a mark).
type LabelProblem struct {
	At     diag.Pos // where the content writes it
	What   string   // what it is: map I's label "River"
	OffMap bool     // pinned (at, offset) where it leaves the map
}

// LabelProblems places the drawing's names as its pages print them (after Layout) and lists those that
// are pinned off the map or find no free room, in the order placed. Names the content does not write
// (zones' names, a scenario's generated ones) are left out.
func (d *Drawing) LabelProblems() []LabelProblem {
	if d.net != nil {
		return nil
	}
	var out []LabelProblem
	area := d.gridBox()
	for _, n := range d.placedNames() {
		if n.src.IsZero() {
			continue
		}
		switch {
		case n.pinned && !inArea(n.placed, area):
			out = append(out, LabelProblem{At: n.src, What: n.what, OffMap: true})
		case n.clash:
			out = append(out, LabelProblem{At: n.src, What: n.what})
		}
	}
	return out
}
