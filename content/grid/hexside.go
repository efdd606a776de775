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

// Corner identifies a hex corner by the three mutually adjacent cells that
// meet there, in normalised order (by column, then row). A square grid's
// corner is a lattice point, keyed in the first cell (Square.EdgeCorners).
type Corner [3]Cell

// CornerOf returns the corner where cells a, b and c meet, or false if they
// are not mutually adjacent.
func (g Hex) CornerOf(a, b, c Cell) (Corner, bool) {
	if !g.Adjacent(a, b) || !g.Adjacent(b, c) || !g.Adjacent(a, c) {
		return Corner{}, false
	}
	k := Corner{a, b, c}
	if k[1].less(k[0]) {
		k[0], k[1] = k[1], k[0]
	}
	if k[2].less(k[1]) {
		k[1], k[2] = k[2], k[1]
		if k[1].less(k[0]) {
			k[0], k[1] = k[1], k[0]
		}
	}
	return k, true
}

// CornerPoint returns the position of corner k in points: the centroid of
// the three centres.
func (g Hex) CornerPoint(k Corner) Point {
	a, b, c := g.Centre(k[0]), g.Centre(k[1]), g.Centre(k[2])
	return Point{(a.X + b.X + c.X) / 3, (a.Y + b.Y + c.Y) / 3}
}

// SideCorners returns the two corners bounding hexside s, or false if s is
// not a valid side.
func (g Hex) SideCorners(s Hexside) (Corner, Corner, bool) {
	if !g.ValidSide(s) {
		return Corner{}, Corner{}, false
	}
	var out [2]Corner
	k := 0
	for _, n := range g.AllNeighbours(s.A) {
		if k < 2 && g.Adjacent(n, s.B) {
			out[k], _ = g.CornerOf(s.A, s.B, n)
			k++
		}
	}
	return out[0], out[1], true
}

// SharedCorner returns the corner where two distinct hexsides meet: they
// share exactly one cell and their other cells are adjacent (the three cells
// then meet at that corner).
func (g Hex) SharedCorner(s, t Hexside) (Corner, bool) {
	if s == t || !g.ValidSide(s) || !g.ValidSide(t) {
		return Corner{}, false
	}
	var x, y, z Cell
	switch {
	case s.A == t.A:
		x, y, z = s.B, t.B, s.A
	case s.A == t.B:
		x, y, z = s.B, t.A, s.A
	case s.B == t.A:
		x, y, z = s.A, t.B, s.B
	case s.B == t.B:
		x, y, z = s.A, t.A, s.B
	default:
		return Corner{}, false
	}
	return g.CornerOf(x, y, z)
}

// SidesShareCorner reports whether two distinct hexsides meet at a corner.
func (g Hex) SidesShareCorner(s, t Hexside) bool {
	_, ok := g.SharedCorner(s, t)
	return ok
}

// CheckChain verifies that sides form a continuous chain (a river, a road
// along hexsides): every side is valid and listed once, and the sides are one
// run of SideRuns — each moves on from the corner where the one before it
// ends, never turning about one corner (three sides around one corner are a
// fork, not a chain). The error names the first break.
func (g Hex) CheckChain(sides []Hexside) error {
	ends := make([][2]Corner, len(sides))
	seen := make(map[Hexside]int, len(sides))
	for i, s := range sides {
		k1, k2, ok := g.SideCorners(s)
		if !ok {
			return fmt.Errorf("grid: hexside %d %v does not separate two adjacent cells", i, s)
		}
		if j, dup := seen[s]; dup {
			return fmt.Errorf("grid: hexsides %d and %d are both %v", j, i, s)
		}
		seen[s] = i
		ends[i] = [2]Corner{k1, k2}
	}
	runs := SideRuns(ends)
	if len(runs) < 2 {
		return nil
	}
	i := runs[1].Sides[0]
	if g.SidesShareCorner(sides[i-1], sides[i]) {
		return fmt.Errorf("grid: hexsides %d, %d and %d all meet at one corner", i-2, i-1, i)
	}
	return fmt.Errorf("grid: hexsides %d %v and %d %v do not share a corner", i-1, sides[i-1], i, sides[i])
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
