package grid

import (
	"cmp"
	"math"
	"slices"
)

// Polygons of an area map: their area and centre, whether one crosses itself, whether two overlap, and the
// borders neighbouring areas share. Lengths are in the map's units (inches); tol is how close two lines must
// come to count as one, since designers trace shared borders by hand.

// Area is the polygon's area, whatever its winding.
func (pg Polygon) Area() float64 { return math.Abs(pg.signedArea()) }

func (pg Polygon) signedArea() float64 {
	s := 0.0
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		s += a.X*b.Y - b.X*a.Y
	}
	return s / 2
}

// Centroid is the polygon's centre of area (the mean of its vertices when it has none).
func (pg Polygon) Centroid() Point {
	a := pg.signedArea()
	if len(pg) == 0 {
		return Point{}
	}
	if math.Abs(a) < 1e-12 {
		var c Point
		for _, p := range pg {
			c = c.Add(p)
		}
		return Point{c.X / float64(len(pg)), c.Y / float64(len(pg))}
	}
	var cx, cy float64
	for i := range pg {
		p, q := pg[i], pg[(i+1)%len(pg)]
		f := p.X*q.Y - q.X*p.Y
		cx += (p.X + q.X) * f
		cy += (p.Y + q.Y) * f
	}
	return Point{cx / (6 * a), cy / (6 * a)}
}

// Bounds is the smallest rectangle holding the polygon.
func (pg Polygon) Bounds() Rect {
	r := emptyRect()
	for _, p := range pg {
		r.extend(p)
	}
	return r
}

// Inside reports whether p lies inside the polygon and farther than tol from its boundary.
func (pg Polygon) Inside(p Point, tol float64) bool {
	if !pg.Contains(p) {
		return false
	}
	for i := range pg {
		if segDist(p, pg[i], pg[(i+1)%len(pg)]) <= tol {
			return false
		}
	}
	return true
}

// SelfCrossing finds two edges of the polygon that meet where they should not: edges that are not neighbours
// and touch, or neighbours that fold back over each other. i < j are the edges' numbers (edge i runs from
// vertex i to vertex i+1) and at is where they meet; ok is false for a simple polygon. The work grows with the
// square of the vertices: callers bound them.
func (pg Polygon) SelfCrossing(tol float64) (i, j int, at Point, ok bool) {
	n := len(pg)
	for i = 0; i < n; i++ {
		a, b := pg[i], pg[(i+1)%n]
		for j = i + 1; j < n; j++ {
			c, d := pg[j], pg[(j+1)%n]
			if j == i+1 || (i == 0 && j == n-1) {
				// Neighbours share a vertex; they cross only when the next folds back along the last.
				shared, other, far := b, a, d
				if i == 0 && j == n-1 {
					shared, other, far = a, b, c
				}
				if math.Abs(orient(other, shared, far)) <= tol*math.Max(other.Dist(shared), far.Dist(shared)) &&
					(far.X-shared.X)*(other.X-shared.X)+(far.Y-shared.Y)*(other.Y-shared.Y) > 0 {
					return i, j, shared, true
				}
				continue
			}
			if p, hit := segmentsMeet(a, b, c, d, tol); hit {
				return i, j, p, true
			}
		}
	}
	return 0, 0, Point{}, false
}

// segmentsMeet reports whether segments ab and cd come within tol of each other, and a point where they do.
func segmentsMeet(a, b, c, d Point, tol float64) (Point, bool) {
	if p, ok := properCrossing(a, b, c, d); ok {
		return p, true
	}
	for _, t := range [][3]Point{{a, c, d}, {b, c, d}, {c, a, b}, {d, a, b}} {
		if segDist(t[0], t[1], t[2]) <= tol {
			return t[0], true
		}
	}
	return Point{}, false
}

// properCrossing reports whether segments ab and cd cross at a point inside both, and where.
func properCrossing(a, b, c, d Point) (Point, bool) {
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	if (d1 > 0 && d2 < 0 || d1 < 0 && d2 > 0) && (d3 > 0 && d4 < 0 || d3 < 0 && d4 > 0) {
		t := d1 / (d1 - d2)
		return Point{a.X + t*(b.X-a.X), a.Y + t*(b.Y-a.Y)}, true
	}
	return Point{}, false
}

// PolygonsOverlap reports whether two polygons share ground: an edge of one crosses an edge of the other at a
// point inside both (by more than tol), or a vertex of one lies inside the other farther than tol from its
// boundary. Polygons that only share borders or corners touch; they do not overlap.
func PolygonsOverlap(a, b Polygon, tol float64) bool {
	if len(a) < 3 || len(b) < 3 {
		return false
	}
	ra, rb := a.Bounds(), b.Bounds()
	if ra.Max.X < rb.Min.X || rb.Max.X < ra.Min.X || ra.Max.Y < rb.Min.Y || rb.Max.Y < ra.Min.Y {
		return false
	}
	for i := range a {
		p, q := a[i], a[(i+1)%len(a)]
		for j := range b {
			r, s := b[j], b[(j+1)%len(b)]
			if x, ok := properCrossing(p, q, r, s); ok && segDist(x, r, s) <= tol &&
				x.Dist(p) > tol && x.Dist(q) > tol && x.Dist(r) > tol && x.Dist(s) > tol {
				return true
			}
		}
	}
	// A vertex, or the middle of an edge, of one inside the other: with no edges crossing, an edge runs
	// either inside the other polygon or outside it between the points where it meets its boundary, so its
	// middle tells which (two rectangles overlapping along a side meet only at corners and edges).
	inside := func(pg, other Polygon) bool {
		for i, p := range pg {
			q := pg[(i+1)%len(pg)]
			if other.Inside(p, tol) || other.Inside(Point{(p.X + q.X) / 2, (p.Y + q.Y) / 2}, tol) {
				return true
			}
		}
		return false
	}
	if inside(a, b) || inside(b, a) {
		return true
	}
	// Equal polygons, or one whose vertices all lie on the other's boundary: compare a point inside each.
	return b.Inside(a.interiorPoint(), tol) || a.Inside(b.interiorPoint(), tol)
}

// interiorPoint is a point inside the polygon: its centroid when that is inside, else the middle of the
// widest stretch of a horizontal line through its vertical middle.
func (pg Polygon) interiorPoint() Point {
	c := pg.Centroid()
	if pg.Contains(c) {
		return c
	}
	r := pg.Bounds()
	y := (r.Min.Y + r.Max.Y) / 2
	var xs []float64
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		if (a.Y > y) != (b.Y > y) {
			xs = append(xs, a.X+(y-a.Y)*(b.X-a.X)/(b.Y-a.Y))
		}
	}
	slices.Sort(xs)
	best, at := -1.0, c
	for k := 0; k+1 < len(xs); k += 2 {
		if w := xs[k+1] - xs[k]; w > best {
			best, at = w, Point{(xs[k] + xs[k+1]) / 2, y}
		}
	}
	return at
}

// Border is what two polygons share of their boundaries: the stretches of edge that lie along an edge of
// each, joined into runs where they meet end to end. A and B are the polygons' numbers, A < B.
type Border struct {
	A, B   int
	Runs   [][]Point // each a polyline along the shared boundary
	Length float64
}

// SharedBorders finds every border between the polygons: for each pair that shares boundary longer than tol,
// the stretches both run along (within tol of each other), in the order of A then B. Edges are bucketed by
// where they lie, so the work grows with the edges, not their square, for polygons that tile a map.
func SharedBorders(polys []Polygon, tol float64) []Border {
	type edge struct {
		poly int
		a, b Point
	}
	var edges []edge
	span := emptyRect()
	total := 0.0
	for i, pg := range polys {
		for k := range pg {
			e := edge{i, pg[k], pg[(k+1)%len(pg)]}
			if e.a.Dist(e.b) <= tol {
				continue
			}
			edges = append(edges, e)
			span.extend(e.a)
			span.extend(e.b)
			total += e.a.Dist(e.b)
		}
	}
	if len(edges) == 0 {
		return nil
	}
	// Buckets about the size of an average edge, at most 512 a side; an edge goes in each bucket its line
	// (thickened by tol) passes through, so a long edge costs its length in buckets, not its box's area.
	size := math.Max(total/float64(len(edges)), tol*4)
	size = math.Max(size, math.Max(span.Width(), span.Height())/512)
	cols := int((span.Width()+2*tol)/size) + 2
	rows := int((span.Height()+2*tol)/size) + 2
	buckets := make([][]int, cols*rows)
	mark := make([]int, cols*rows)
	// Samples every quarter bucket along an edge; a sample near a bucket's side (within a quarter bucket and
	// tol) also files the edge in the bucket across it, so every bucket the edge passes through (within tol)
	// holds it, and most edges sit in a bucket or two.
	reach := size/4 + tol
	for k, e := range edges {
		steps := int(math.Ceil(e.a.Dist(e.b)/(size/4))) + 1
		for s := 0; s <= steps; s++ {
			t := float64(s) / float64(steps)
			px := e.a.X + t*(e.b.X-e.a.X) - span.Min.X + tol
			py := e.a.Y + t*(e.b.Y-e.a.Y) - span.Min.Y + tol
			x0, x1 := int((px-reach)/size), int((px+reach)/size)
			y0, y1 := int((py-reach)/size), int((py+reach)/size)
			for yy := max(y0, 0); yy <= min(y1, rows-1); yy++ {
				for xx := max(x0, 0); xx <= min(x1, cols-1); xx++ {
					if b := yy*cols + xx; mark[b] != k+1 {
						mark[b] = k + 1
						buckets[b] = append(buckets[b], k)
					}
				}
			}
		}
	}
	type pairKey struct{ a, b int }
	pieces := map[[2]int][][2]Point{}
	seen := map[pairKey]bool{}
	for _, list := range buckets {
		for x := 0; x < len(list); x++ {
			for y := x + 1; y < len(list); y++ {
				i, j := list[x], list[y]
				e, f := edges[i], edges[j]
				if e.poly == f.poly {
					continue
				}
				if i > j {
					i, j = j, i
				}
				if seen[pairKey{i, j}] {
					continue
				}
				seen[pairKey{i, j}] = true
				if s, ok := collinearOverlap(e.a, e.b, f.a, f.b, tol); ok {
					pa, pb := e.poly, f.poly
					if pa > pb {
						pa, pb = pb, pa
					}
					pieces[[2]int{pa, pb}] = append(pieces[[2]int{pa, pb}], s)
				}
			}
		}
	}
	var out []Border
	for pair, segs := range pieces {
		b := Border{A: pair[0], B: pair[1], Runs: joinRuns(segs, tol)}
		for _, s := range segs {
			b.Length += s[0].Dist(s[1])
		}
		if b.Length > tol {
			out = append(out, b)
		}
	}
	slices.SortFunc(out, func(x, y Border) int { return cmp.Or(cmp.Compare(x.A, y.A), cmp.Compare(x.B, y.B)) })
	return out
}

// collinearOverlap is the stretch segments ab and cd share when they lie along one line (each end of one
// within tol of the other's line) and overlap by more than tol: the part of ab between the projections of c
// and d.
func collinearOverlap(a, b, c, d Point, tol float64) ([2]Point, bool) {
	l := a.Dist(b)
	if l == 0 || lineDist(c, a, b) > tol || lineDist(d, a, b) > tol {
		return [2]Point{}, false
	}
	ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
	t := func(p Point) float64 { return (p.X-a.X)*ux + (p.Y-a.Y)*uy }
	lo := math.Max(0, math.Min(t(c), t(d)))
	hi := math.Min(l, math.Max(t(c), t(d)))
	if hi-lo <= tol {
		return [2]Point{}, false
	}
	return [2]Point{{a.X + lo*ux, a.Y + lo*uy}, {a.X + hi*ux, a.Y + hi*uy}}, true
}

// lineDist is the distance from p to the line through a and b.
func lineDist(p, a, b Point) float64 {
	l := a.Dist(b)
	if l == 0 {
		return p.Dist(a)
	}
	return math.Abs(orient(a, b, p)) / l
}

// joinRuns joins segments that meet end to end (within tol) into polylines, each begun at the segment that
// comes first in a fixed order, so the same segments always give the same runs.
func joinRuns(segs [][2]Point, tol float64) [][]Point {
	norm := func(s [2]Point) [2]Point {
		if s[1].X < s[0].X || s[1].X == s[0].X && s[1].Y < s[0].Y {
			return [2]Point{s[1], s[0]}
		}
		return s
	}
	ss := make([][2]Point, len(segs))
	for i, s := range segs {
		ss[i] = norm(s)
	}
	slices.SortFunc(ss, func(x, y [2]Point) int {
		return cmp.Or(cmp.Compare(x[0].X, y[0].X), cmp.Compare(x[0].Y, y[0].Y), cmp.Compare(x[1].X, y[1].X), cmp.Compare(x[1].Y, y[1].Y))
	})
	used := make([]bool, len(ss))
	var runs [][]Point
	for i := range ss {
		if used[i] {
			continue
		}
		used[i] = true
		run := []Point{ss[i][0], ss[i][1]}
		for grown := true; grown; {
			grown = false
			for k := range ss {
				if used[k] {
					continue
				}
				head, tail := run[0], run[len(run)-1]
				switch {
				case ss[k][0].Dist(tail) <= tol:
					run = append(run, ss[k][1])
				case ss[k][1].Dist(tail) <= tol:
					run = append(run, ss[k][0])
				case ss[k][1].Dist(head) <= tol:
					run = append([]Point{ss[k][0]}, run...)
				case ss[k][0].Dist(head) <= tol:
					run = append([]Point{ss[k][1]}, run...)
				default:
					continue
				}
				used[k] = true
				grown = true
			}
		}
		runs = append(runs, run)
	}
	return runs
}
