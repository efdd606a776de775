package surface

import (
	"math"
)

// The raster backend hands gg (fogleman/gg, over freetype's rasteriser) paths in device pixels, and gg's work
// and memory grow with a path's length in pixels, not with what shows: it cuts a curve into pieces about a
// pixel long and a dashed line into as many pieces as its pattern makes, so a circle of radius 10^7 drawn on a
// counter is billions of pieces, and a dash of 10^-300 never ends. A path that reaches far past the picture
// (the target's pixels), or whose dashes would be too many, is therefore cut to the picture before anything is
// allocated for it — windowed: its curves are flattened only where they can show and replaced by their chords
// elsewhere, its fill is clipped to the window, and its stroke becomes the outline of what shows (segments,
// joins, caps and dashes, filled as one shape), so that the work is bounded by what the picture holds. Paths
// that stay near the picture go to gg as they are, as they always have (the pixels of every picture muster
// printed before are unchanged).

const (
	// nearMargin is how far past the target, in pixels, a path (its stroke included) may reach and still go to
	// gg as it is: gg's cost for it is then bounded by the target's size.
	nearMargin = 1 << 13
	// windowPad is how far past the target a windowed path is cut, in pixels: antialiasing reads a pixel's
	// neighbours, and the rasteriser's edge cells must not fall on the target's border.
	windowPad = 4
	// flatness is how far, in pixels, a windowed curve's chords may stray from the curve.
	flatness = 0.1
	// maxSplits bounds the halvings of one curve: 2^-48 of a curve as long as a float64 reaches is below a
	// pixel everywhere a window can be.
	maxSplits = 48
	// maxWindowPoints bounds the points one windowed path makes (its flattening, dashes and outline): past it
	// the rest is not drawn. Art that validate accepts stays far below it; it bounds memory for any path.
	maxWindowPoints = 1 << 22
)

// box is an axis-aligned box in device pixels.
type box struct{ x0, y0, x1, y1 float64 }

func (b box) grow(d float64) box { return box{b.x0 - d, b.y0 - d, b.x1 + d, b.y1 + d} }

func (b box) meets(o box) bool { return b.x0 <= o.x1 && o.x0 <= b.x1 && b.y0 <= o.y1 && o.y0 <= b.y1 }

func (b box) holds(o box) bool { return b.x0 <= o.x0 && o.x1 <= b.x1 && b.y0 <= o.y0 && o.y1 <= b.y1 }

func (b *box) add(q Pt) {
	b.x0, b.y0 = math.Min(b.x0, q.X), math.Min(b.y0, q.Y)
	b.x1, b.y1 = math.Max(b.x1, q.X), math.Max(b.y1, q.Y)
}

func emptyBox() box { return box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)} }

func boxOf(ps ...Pt) box {
	b := emptyBox()
	for _, q := range ps {
		b.add(q)
	}
	return b
}

// segsBox is the box of the segments' points, control points included (which hold the curves).
func segsBox(segs []seg) box {
	b := emptyBox()
	for _, s := range segs {
		switch s.op {
		case segMove, segLine:
			b.add(s.pts[0])
		case segCubic:
			b.add(s.pts[0])
			b.add(s.pts[1])
			b.add(s.pts[2])
		}
	}
	return b
}

func dist(a, b Pt) float64 { return math.Hypot(b.X-a.X, b.Y-a.Y) }

// polyline is a subpath flattened: its points, and whether it was closed.
type polyline struct {
	pts    []Pt
	closed bool
}

// windower flattens and cuts paths for one window, counting the points it makes.
type windower struct {
	win    box // where what is drawn may show, the pad included
	reach  box // where a centreline point may affect the window: win grown by a stroke's reach
	points int // points made so far
	full   bool
}

func (w *windower) spend(n int) bool {
	if w.points+n > maxWindowPoints {
		w.full = true
		return false
	}
	w.points += n
	return true
}

// flatten turns segments into polylines: a curve is cut into chords within flatness where its control
// points' box meets w.reach, and replaced by its chord where it does not (what lies outside cannot show).
func (w *windower) flatten(segs []seg) []polyline {
	var out []polyline
	var cur polyline
	var start Pt
	flush := func(closed bool) {
		if len(cur.pts) > 1 { // a lone move draws nothing
			cur.closed = closed
			out = append(out, cur)
		}
		cur = polyline{}
	}
	last := func() Pt { return cur.pts[len(cur.pts)-1] }
	for _, s := range segs {
		if w.full {
			break
		}
		switch s.op {
		case segMove:
			flush(false)
			start = s.pts[0]
			if w.spend(1) {
				cur.pts = append(cur.pts, start)
			}
		case segLine:
			if len(cur.pts) == 0 {
				cur.pts = append(cur.pts, start)
			}
			if w.spend(1) {
				cur.pts = append(cur.pts, s.pts[0])
			}
		case segCubic:
			if len(cur.pts) == 0 {
				cur.pts = append(cur.pts, start)
			}
			cur.pts = w.cubic(cur.pts, last(), s.pts[0], s.pts[1], s.pts[2], 0)
		case segClose:
			if len(cur.pts) > 0 {
				flush(true)
				if w.spend(1) {
					cur.pts = append(cur.pts, start)
				}
			}
		}
	}
	flush(false)
	return out
}

// cubic appends the cubic from p0 (already in dst) to p3, flattened where it may show.
func (w *windower) cubic(dst []Pt, p0, p1, p2, p3 Pt, depth int) []Pt {
	if depth >= maxSplits || !boxOf(p0, p1, p2, p3).meets(w.reach) || flat(p0, p1, p2, p3) {
		if w.spend(1) {
			dst = append(dst, p3)
		}
		return dst
	}
	// de Casteljau at t = 1/2.
	mid := func(a, b Pt) Pt { return Pt{(a.X + b.X) / 2, (a.Y + b.Y) / 2} }
	a, b, c := mid(p0, p1), mid(p1, p2), mid(p2, p3)
	d, e := mid(a, b), mid(b, c)
	m := mid(d, e)
	dst = w.cubic(dst, p0, a, d, m, depth+1)
	return w.cubic(dst, m, e, c, p3, depth+1)
}

// flat reports whether the control points lie within flatness of the chord, so that the chord is the curve.
func flat(p0, p1, p2, p3 Pt) bool {
	dx, dy := p3.X-p0.X, p3.Y-p0.Y
	l := math.Hypot(dx, dy)
	if l < 1e-9 {
		return dist(p0, p1) <= flatness && dist(p0, p2) <= flatness
	}
	d1 := math.Abs((p1.X-p0.X)*dy-(p1.Y-p0.Y)*dx) / l
	d2 := math.Abs((p2.X-p0.X)*dy-(p2.Y-p0.Y)*dx) / l
	// The control points must also lie between the ends, or the curve doubles back past them.
	t1 := ((p1.X-p0.X)*dx + (p1.Y-p0.Y)*dy) / (l * l)
	t2 := ((p2.X-p0.X)*dx + (p2.Y-p0.Y)*dy) / (l * l)
	return d1 <= flatness && d2 <= flatness && t1 >= -0.01 && t1 <= 1.01 && t2 >= -0.01 && t2 <= 1.01
}

// clipPolygon cuts a closed polygon to the box b (Sutherland–Hodgman): inside b, every point is wound by the
// result as often, and in the same sense, as by the polygon, so fills by either rule are unchanged there.
func clipPolygon(pts []Pt, b box) []Pt {
	in := pts
	for edge := 0; edge < 4 && len(in) > 0; edge++ {
		inside := func(q Pt) bool {
			switch edge {
			case 0:
				return q.X >= b.x0
			case 1:
				return q.X <= b.x1
			case 2:
				return q.Y >= b.y0
			}
			return q.Y <= b.y1
		}
		cross := func(p, q Pt) Pt {
			var t float64
			switch edge {
			case 0, 1:
				x := b.x0
				if edge == 1 {
					x = b.x1
				}
				t = (x - p.X) / (q.X - p.X)
				return Pt{x, p.Y + t*(q.Y-p.Y)}
			}
			y := b.y0
			if edge == 3 {
				y = b.y1
			}
			t = (y - p.Y) / (q.Y - p.Y)
			return Pt{p.X + t*(q.X-p.X), y}
		}
		out := make([]Pt, 0, len(in)+4)
		prev := in[len(in)-1]
		for _, q := range in {
			switch qi, pi := inside(q), inside(prev); {
			case qi && pi:
				out = append(out, q)
			case qi:
				out = append(out, cross(prev, q), q)
			case pi:
				out = append(out, cross(prev, q))
			}
			prev = q
		}
		in = out
	}
	return in
}

// clipSegment cuts the segment a-b to the box (Liang–Barsky): the parameters t0 <= t1 of the part inside, or
// false when none is.
func clipSegment(a, b Pt, bx box) (t0, t1 float64, ok bool) {
	t0, t1 = 0, 1
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, e := range [4][2]float64{{-dx, a.X - bx.x0}, {dx, bx.x1 - a.X}, {-dy, a.Y - bx.y0}, {dy, bx.y1 - a.Y}} {
		p, q := e[0], e[1]
		if p == 0 {
			if q < 0 {
				return 0, 0, false
			}
			continue
		}
		r := q / p
		if p < 0 {
			t0 = math.Max(t0, r)
		} else {
			t1 = math.Min(t1, r)
		}
		if t0 > t1 {
			return 0, 0, false
		}
	}
	return t0, t1, true
}

func lerp(a, b Pt, t float64) Pt { return Pt{a.X + t*(b.X-a.X), a.Y + t*(b.Y-a.Y)} }

// area2 is twice the signed area of a polygon (negative for the outlines a stroke is made of).
func area2(pts []Pt) float64 {
	var s float64
	for i, p := range pts {
		q := pts[(i+1)%len(pts)]
		s += p.X*q.Y - q.X*p.Y
	}
	return s
}

// strokeStyle is a stroke in device pixels.
type strokeStyle struct {
	width float64
	cap   LineCap
	join  LineJoin // as gg draws it: miter is drawn round
	dash  []float64
}

// outliner collects a stroke's outline: polygons all wound the same way, so that filling them by the
// non-zero rule paints their union, which is the stroke.
type outliner struct {
	*windower
	st    strokeStyle
	hw    float64 // half the width
	polys [][]Pt
}

// add clips a polygon to the window and keeps it, wound negatively.
func (o *outliner) add(pts []Pt) {
	if len(pts) < 3 || !o.spend(len(pts)) {
		return
	}
	if area2(pts) > 0 {
		for i, j := 0, len(pts)-1; i < j; i, j = i+1, j-1 {
			pts[i], pts[j] = pts[j], pts[i]
		}
	}
	if c := clipPolygon(pts, o.win); len(c) >= 3 {
		o.polys = append(o.polys, c)
	}
}

// disc adds a disc of half the width about c, when it can show.
func (o *outliner) disc(c Pt) {
	if !boxOf(c).grow(o.hw).meets(o.win) {
		return
	}
	// Sides enough that the polygon strays less than 1/50 pixel from the circle.
	n := 8
	if o.hw > 0.02 {
		n = int(math.Ceil(math.Pi / math.Acos(1-0.02/o.hw)))
	}
	n = min(max(n, 8), 1024)
	pts := make([]Pt, n)
	for i := range pts {
		s, co := math.Sincos(-2 * math.Pi * float64(i) / float64(n))
		pts[i] = Pt{c.X + o.hw*co, c.Y + o.hw*s}
	}
	o.add(pts)
}

// normal is the unit normal of a-b times half the width; false for a segment of no length.
func (o *outliner) normal(a, b Pt) (Pt, bool) {
	l := dist(a, b)
	if !(l > 0) {
		return Pt{}, false
	}
	return Pt{-(b.Y - a.Y) / l * o.hw, (b.X - a.X) / l * o.hw}, true
}

// segment adds the rectangle a stroke paints along a-b, cut first to where it can show.
func (o *outliner) segment(a, b Pt) {
	t0, t1, ok := clipSegment(a, b, o.reach)
	if !ok {
		return
	}
	n, ok := o.normal(a, b)
	if !ok {
		return
	}
	a, b = lerp(a, b, t0), lerp(a, b, t1)
	o.add([]Pt{{a.X + n.X, a.Y + n.Y}, {b.X + n.X, b.Y + n.Y}, {b.X - n.X, b.Y - n.Y}, {a.X - n.X, a.Y - n.Y}})
}

// joint adds the join at v between the segments a-v and v-b.
func (o *outliner) joint(a, v, b Pt) {
	if !boxOf(v).grow(o.hw * math.Sqrt2).meets(o.win) {
		return
	}
	if o.st.join != BevelJoin {
		o.disc(v)
		return
	}
	n1, ok1 := o.normal(a, v)
	n2, ok2 := o.normal(v, b)
	if !ok1 || !ok2 {
		return
	}
	// The bevel closes the gap on the outer side of the turn.
	if (v.X-a.X)*(b.Y-v.Y)-(v.Y-a.Y)*(b.X-v.X) > 0 {
		n1, n2 = Pt{-n1.X, -n1.Y}, Pt{-n2.X, -n2.Y}
	}
	o.add([]Pt{v, {v.X - n1.X, v.Y - n1.Y}, {v.X - n2.X, v.Y - n2.Y}})
}

// end adds the cap at the end p of a line whose last segment comes from q.
func (o *outliner) end(q, p Pt) {
	switch o.st.cap {
	case RoundCap:
		o.disc(p)
	case SquareCap:
		l := dist(q, p)
		if !(l > 0) {
			return
		}
		d := Pt{(p.X - q.X) / l * o.hw, (p.Y - q.Y) / l * o.hw}
		o.segment(p, Pt{p.X + d.X, p.Y + d.Y})
	}
}

// line outlines one open or closed polyline (a subpath, or a dash of one).
func (o *outliner) line(pts []Pt, closed bool) {
	// Points that repeat make no segment and no join.
	k := pts[:1:1]
	for _, q := range pts[1:] {
		if q != k[len(k)-1] {
			k = append(k, q)
		}
	}
	if closed && len(k) > 1 && k[0] == k[len(k)-1] {
		k = k[:len(k)-1]
	}
	if len(k) == 1 {
		if o.st.cap == RoundCap {
			o.disc(k[0]) // a dot, as a round cap draws a line of no length
		}
		return
	}
	for i := 0; i+1 < len(k); i++ {
		o.segment(k[i], k[i+1])
	}
	for i := 1; i+1 < len(k); i++ {
		o.joint(k[i-1], k[i], k[i+1])
	}
	if closed {
		last := len(k) - 1
		o.segment(k[last], k[0])
		if len(k) > 2 {
			o.joint(k[last-1], k[last], k[0])
			o.joint(k[last], k[0], k[1])
		}
		return
	}
	o.end(k[1], k[0])
	o.end(k[len(k)-2], k[len(k)-1])
}

// dasher cuts polylines into dashes by a pattern, skipping what lies outside the window in one step.
type dasher struct {
	pattern []float64
	period  float64
	i       int     // the entry being walked
	left    float64 // what is left of it
	budget  int     // dashes still to be cut within the window
}

func newDasher(pattern []float64) *dasher {
	d := &dasher{pattern: pattern, left: pattern[0], budget: MaxDashes}
	for _, v := range pattern {
		d.period += v
	}
	return d
}

func (d *dasher) on() bool { return d.i%2 == 0 }

// skip advances the pattern by n without cutting.
func (d *dasher) skip(n float64) {
	if n < d.left {
		d.left -= n
		return
	}
	n -= d.left
	d.i = (d.i + 1) % len(d.pattern)
	n = math.Mod(n, d.period)
	for range 2 * len(d.pattern) {
		v := d.pattern[d.i]
		if n < v {
			d.left = v - n
			return
		}
		n -= v
		d.i = (d.i + 1) % len(d.pattern)
	}
	d.left = d.pattern[d.i] // rounding left n a hair over the period
}

// dashes cuts the polylines into the dashes that may show: false when more than MaxDashes would (the pattern
// is then finer than the window can use, and the stroke is drawn as the tint it averages to).
func (o *outliner) dashes(lines []polyline) ([]polyline, bool) {
	d := newDasher(o.st.dash)
	// What shows of the lines, against the pattern: too many dashes are known before one is cut.
	var shows float64
	for _, l := range lines {
		pts := l.pts
		for i := 0; i+1 < len(pts) || l.closed && i+1 == len(pts); i++ {
			a, b := pts[i], pts[(i+1)%len(pts)]
			if t0, t1, ok := clipSegment(a, b, o.reach); ok {
				shows += dist(a, b) * (t1 - t0)
			}
		}
	}
	if shows/d.period*float64(len(d.pattern))/2 > MaxDashes {
		return nil, false
	}
	var out []polyline
	var cur []Pt // the dash being cut; nil between dashes
	emit := func() {
		if cur != nil {
			out = append(out, polyline{pts: cur})
			cur = nil
		}
	}
	for _, l := range lines {
		pts := l.pts
		if l.closed && len(pts) > 0 && pts[0] != pts[len(pts)-1] {
			pts = append(pts[:len(pts):len(pts)], pts[0])
		}
		d.i, d.left = 0, d.pattern[0] // each subpath starts the pattern again, as gg does
		for i := 0; i+1 < len(pts); i++ {
			a, b := pts[i], pts[i+1]
			l := dist(a, b)
			t0, t1, ok := clipSegment(a, b, o.reach)
			if !ok || !(l > 0) {
				emit()
				d.skip(l)
				continue
			}
			if t0 > 0 {
				emit()
				d.skip(l * t0)
			}
			// Within the window: at most MaxDashes dashes in all.
			a0, b0 := lerp(a, b, t0), lerp(a, b, t1)
			end := l * (t1 - t0)
			if n := end / d.period * float64(len(d.pattern)) / 2; n > float64(d.budget) {
				return nil, false
			}
			for at := 0.0; at < end; {
				step := math.Min(d.left, end-at)
				if d.on() {
					if cur == nil {
						d.budget--
						if d.budget < 0 || !o.spend(2) {
							return nil, false
						}
						cur = []Pt{lerp(a0, b0, at/end)}
					}
					cur = append(cur, lerp(a0, b0, (at+step)/end))
				}
				at += step
				if step < d.left {
					d.left -= step
					break
				}
				if d.on() {
					emit() // the dash ends here
				}
				d.i = (d.i + 1) % len(d.pattern)
				d.left = d.pattern[d.i]
			}
			if t1 < 1 {
				emit()
				d.skip(l * (1 - t1))
			}
		}
		emit()
	}
	return out, true
}
