package grid

import (
	"fmt"
	"math"
)

// Hexside identifies the side between two adjacent hexes, named by the two
// cells it separates in normalised order (A before B by column, then row), so
// that the side between a and b equals the side between b and a. Either cell
// may be off the grid (a map-edge hexside).
type Hexside struct{ A, B Cell }

// String formats s as "(c,r)|(c,r)".
func (s Hexside) String() string { return s.A.String() + "|" + s.B.String() }

// Cells returns the two cells separated by s.
func (s Hexside) Cells() (Cell, Cell) { return s.A, s.B }

// Side returns the hexside between a and b, or an error if they are not
// adjacent.
func (g Hex) Side(a, b Cell) (Hexside, error) {
	if !g.Adjacent(a, b) {
		return Hexside{}, fmt.Errorf("grid: cells %v and %v are not adjacent", a, b)
	}
	return newHexside(a, b), nil
}

func newHexside(a, b Cell) Hexside {
	if b.less(a) {
		a, b = b, a
	}
	return Hexside{a, b}
}

// Sides returns the six hexsides of c, towards its neighbours in
// CubeDirection order (bounds ignored).
func (g Hex) Sides(c Cell) [6]Hexside {
	var out [6]Hexside
	for i, n := range g.AllNeighbours(c) {
		out[i] = newHexside(c, n)
	}
	return out
}

// ValidSide reports whether s names two adjacent cells in normalised order.
func (g Hex) ValidSide(s Hexside) bool { return !s.B.less(s.A) && g.Adjacent(s.A, s.B) }

// SidesShareCorner reports whether two distinct hexsides meet at a corner:
// they share exactly one cell and their other cells are adjacent (the three
// cells then meet at that corner).
func (g Hex) SidesShareCorner(s, t Hexside) bool {
	if s == t || !g.ValidSide(s) || !g.ValidSide(t) {
		return false
	}
	var x, y Cell
	switch {
	case s.A == t.A:
		x, y = s.B, t.B
	case s.A == t.B:
		x, y = s.B, t.A
	case s.B == t.A:
		x, y = s.A, t.B
	case s.B == t.B:
		x, y = s.A, t.A
	default:
		return false
	}
	return g.Adjacent(x, y)
}

// CheckChain verifies that sides form a continuous chain (a river, a road
// along hexsides): every side is valid and consecutive sides share a corner.
// The error names the first break.
func (g Hex) CheckChain(sides []Hexside) error {
	for i, s := range sides {
		if !g.ValidSide(s) {
			return fmt.Errorf("grid: hexside %d %v does not separate two adjacent cells", i, s)
		}
		if i > 0 && !g.SidesShareCorner(sides[i-1], s) {
			return fmt.Errorf("grid: hexsides %d %v and %d %v do not share a corner", i-1, sides[i-1], i, s)
		}
	}
	return nil
}

// SideEnds returns the two corner points (in points) bounding hexside s, in
// clockwise order around s.A. It returns false if s is not a valid side.
func (g Hex) SideEnds(s Hexside) (Point, Point, bool) {
	if !g.ValidSide(s) {
		return Point{}, Point{}, false
	}
	ca, cb := g.Centre(s.A), g.Centre(s.B)
	m := Point{(ca.X + cb.X) / 2, (ca.Y + cb.Y) / 2}
	v := cb.Sub(ca)
	l := math.Hypot(v.X, v.Y)
	// Half a side is radius/2; perpendicular of v turned clockwise on a
	// y-down page is (-v.Y, v.X).
	k := g.radius() / 2 / l
	px, py := -v.Y*k, v.X*k
	return Point{m.X - px, m.Y - py}, Point{m.X + px, m.Y + py}, true
}
