package grid

import "math"

// Circle is a disc on an open tabletop; Centre and Radius in inches.
type Circle struct {
	Centre Point
	Radius float64
}

// Contains reports whether p lies in the closed disc.
func (c Circle) Contains(p Point) bool { return c.Centre.Dist(p) <= c.Radius }

// Overlaps reports whether two discs touch or overlap.
func (c Circle) Overlaps(o Circle) bool { return c.Centre.Dist(o.Centre) <= c.Radius+o.Radius }

// Polygon is a simple polygon on an open tabletop, vertices in inches in
// either winding order (the closing edge is implied).
type Polygon []Point

// Contains reports whether p lies inside or on the boundary of the polygon.
func (pg Polygon) Contains(p Point) bool {
	n := len(pg)
	if n < 3 {
		return false
	}
	in := false
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := pg[j], pg[i]
		if segDist(p, a, b) == 0 {
			return true
		}
		if (a.Y > p.Y) != (b.Y > p.Y) && p.X < a.X+(p.Y-a.Y)*(b.X-a.X)/(b.Y-a.Y) {
			in = !in
		}
	}
	return in
}

// DistToPoint is the distance from p to the polygon (0 inside).
func (pg Polygon) DistToPoint(p Point) float64 {
	if pg.Contains(p) {
		return 0
	}
	d := math.Inf(1)
	for i := range pg {
		d = math.Min(d, segDist(p, pg[i], pg[(i+1)%len(pg)]))
	}
	return d
}

// OverlapsCircle reports whether the polygon and the disc touch or overlap.
func (pg Polygon) OverlapsCircle(c Circle) bool { return pg.DistToPoint(c.Centre) <= c.Radius }

// Overlaps reports whether two polygons touch or overlap.
func (pg Polygon) Overlaps(o Polygon) bool {
	if len(pg) < 3 || len(o) < 3 {
		return false
	}
	for i := range pg {
		a, b := pg[i], pg[(i+1)%len(pg)]
		for j := range o {
			if segsIntersect(a, b, o[j], o[(j+1)%len(o)]) {
				return true
			}
		}
	}
	return pg.Contains(o[0]) || o.Contains(pg[0])
}

// Table is the rectangle of an open tabletop from (0,0) to (Width, Height)
// inches.
type Table struct{ Width, Height float64 }

// ContainsPoint reports whether p is on the table (edges included).
func (t Table) ContainsPoint(p Point) bool {
	return p.X >= 0 && p.Y >= 0 && p.X <= t.Width && p.Y <= t.Height
}

// ContainsCircle reports whether the whole disc is on the table.
func (t Table) ContainsCircle(c Circle) bool {
	r := c.Radius
	return c.Centre.X-r >= 0 && c.Centre.Y-r >= 0 && c.Centre.X+r <= t.Width && c.Centre.Y+r <= t.Height
}

// ContainsPolygon reports whether the whole polygon is on the table.
func (t Table) ContainsPolygon(pg Polygon) bool {
	for _, p := range pg {
		if !t.ContainsPoint(p) {
			return false
		}
	}
	return len(pg) > 0
}

// Distance is the distance in inches between two tabletop points.
func Distance(a, b Point) float64 { return a.Dist(b) }

func segDist(p, a, b Point) float64 {
	vx, vy := b.X-a.X, b.Y-a.Y
	l2 := vx*vx + vy*vy
	t := 0.0
	if l2 > 0 {
		t = math.Max(0, math.Min(1, ((p.X-a.X)*vx+(p.Y-a.Y)*vy)/l2))
	}
	return math.Hypot(p.X-(a.X+t*vx), p.Y-(a.Y+t*vy))
}

func orient(a, b, c Point) float64 { return (b.X-a.X)*(c.Y-a.Y) - (b.Y-a.Y)*(c.X-a.X) }

func segsIntersect(a, b, c, d Point) bool {
	d1, d2 := orient(c, d, a), orient(c, d, b)
	d3, d4 := orient(a, b, c), orient(a, b, d)
	if ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0)) {
		return true
	}
	return segDist(a, c, d) == 0 || segDist(b, c, d) == 0 || segDist(c, a, b) == 0 || segDist(d, a, b) == 0
}
