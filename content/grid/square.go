package grid

import (
	"fmt"
	"math"
)

// Square is a rectangular grid of Cols x Rows square cells addressed by
// 0-based (column, row).
type Square struct {
	Cols, Rows int
	// CellSize is the side of a square in points (1/72 inch).
	CellSize float64
	// Origin is the centre of cell (0,0), in points.
	Origin Point
	// DiagonalCost is the cost of one diagonal step in Cost-based rules
	// (De Gre: 1.5, except in retreats where it is 1).
	DiagonalCost float64
}

// Validate reports a grid with negative dimensions or a non-positive cell
// size or negative diagonal cost.
func (g Square) Validate() error {
	switch {
	case g.Cols < 0 || g.Rows < 0:
		return fmt.Errorf("grid: square grid size %dx%d is negative", g.Cols, g.Rows)
	case !(g.CellSize > 0) || math.IsInf(g.CellSize, 0):
		return fmt.Errorf("grid: square cell size %v must be positive", g.CellSize)
	case g.DiagonalCost < 0 || math.IsNaN(g.DiagonalCost) || math.IsInf(g.DiagonalCost, 0):
		return fmt.Errorf("grid: diagonal cost %v must be a non-negative number", g.DiagonalCost)
	}
	return nil
}

// Contains reports whether c is on the grid.
func (g Square) Contains(c Cell) bool {
	return c.Col >= 0 && c.Row >= 0 && c.Col < g.Cols && c.Row < g.Rows
}

// squareDirs: N, E, S, W, then NE, SE, SW, NW.
var squareDirs = [8]Cell{{0, -1}, {1, 0}, {0, 1}, {-1, 0}, {1, -1}, {1, 1}, {-1, 1}, {-1, -1}}

// Neighbours appends to dst the on-grid neighbours of c: the 4 orthogonal
// ones (N, E, S, W) and, if diagonals, then the 4 diagonal ones (NE, SE, SW,
// NW). It does not allocate when dst has room for eight.
func (g Square) Neighbours(c Cell, diagonals bool, dst []Cell) []Cell {
	n := 4
	if diagonals {
		n = 8
	}
	for _, d := range squareDirs[:n] {
		x := Cell{c.Col + d.Col, c.Row + d.Row}
		if g.Contains(x) {
			dst = append(dst, x)
		}
	}
	return dst
}

// Distance is the number of king steps (orthogonal or diagonal) from a to b:
// the Chebyshev distance.
func (g Square) Distance(a, b Cell) int {
	return max(iabs(a.Col-b.Col), iabs(a.Row-b.Row))
}

// Steps returns the numbers of orthogonal and diagonal steps of a shortest
// king path from a to b.
func (g Square) Steps(a, b Cell) (orthogonal, diagonal int) {
	dx, dy := iabs(a.Col-b.Col), iabs(a.Row-b.Row)
	return max(dx, dy) - min(dx, dy), min(dx, dy)
}

// Cost is the cheapest path cost from a to b on an empty grid when an
// orthogonal step costs 1 and a diagonal step diagonalCost (use
// g.DiagonalCost, or 1 for De Gre retreats). A diagonal costing more than 2
// is never worth taking, so it then counts as two orthogonal steps.
func (g Square) Cost(a, b Cell, diagonalCost float64) float64 {
	o, d := g.Steps(a, b)
	return float64(o) + float64(d)*math.Min(diagonalCost, 2)
}

// Range appends to dst the on-grid cells within n king steps of c (c
// included), row by row.
func (g Square) Range(c Cell, n int, dst []Cell) []Cell {
	for row := max(c.Row-n, 0); row <= min(c.Row+n, g.Rows-1); row++ {
		for col := max(c.Col-n, 0); col <= min(c.Col+n, g.Cols-1); col++ {
			dst = append(dst, Cell{col, row})
		}
	}
	return dst
}

// Ring appends to dst the on-grid cells exactly n king steps from c,
// clockwise from the top-left corner of the ring; on an unbounded grid
// there are 8n (1 for n == 0).
func (g Square) Ring(c Cell, n int, dst []Cell) []Cell {
	if n < 0 {
		return dst
	}
	if n == 0 {
		if g.Contains(c) {
			dst = append(dst, c)
		}
		return dst
	}
	x := Cell{c.Col - n, c.Row - n}
	for _, d := range [4]Cell{{1, 0}, {0, 1}, {-1, 0}, {0, -1}} {
		for j := 0; j < 2*n; j++ {
			if g.Contains(x) {
				dst = append(dst, x)
			}
			x.Col += d.Col
			x.Row += d.Row
		}
	}
	return dst
}

// Line appends to dst a Bresenham-style line from a to b, both included:
// Distance+1 cells, one per king step, each the cell nearest to the exact
// sample a + (b-a)*i/Distance (integer arithmetic; exact halves round away
// from a). It is not a supercover: a line crossing a corner takes one of the
// two squares beside it.
func (g Square) Line(a, b Cell, dst []Cell) []Cell {
	dx, dy := b.Col-a.Col, b.Row-a.Row
	n := max(iabs(dx), iabs(dy))
	if n == 0 {
		return append(dst, a)
	}
	for i := 0; i <= n; i++ {
		dst = append(dst, Cell{a.Col + roundDiv(dx*i, n), a.Row + roundDiv(dy*i, n)})
	}
	return dst
}

// roundDiv returns x/n rounded to nearest, halves away from zero (n > 0).
func roundDiv(x, n int) int {
	if x < 0 {
		return -((-2*x + n) / (2 * n))
	}
	return (2*x + n) / (2 * n)
}

// Edge identifies the side between two orthogonally adjacent squares, in
// normalised order (A before B by column, then row).
type Edge struct{ A, B Cell }

// String formats e as "(c,r)|(c,r)".
func (e Edge) String() string { return e.A.String() + "|" + e.B.String() }

// EdgeBetween returns the edge between a and b, or an error if they are not
// orthogonally adjacent.
func EdgeBetween(a, b Cell) (Edge, error) {
	if iabs(a.Col-b.Col)+iabs(a.Row-b.Row) != 1 {
		return Edge{}, fmt.Errorf("grid: squares %v and %v are not orthogonally adjacent", a, b)
	}
	if b.less(a) {
		a, b = b, a
	}
	return Edge{a, b}, nil
}

// Edges returns the four edges of c: N, E, S, W.
func (g Square) Edges(c Cell) [4]Edge {
	var out [4]Edge
	for i, d := range squareDirs[:4] {
		out[i], _ = EdgeBetween(c, Cell{c.Col + d.Col, c.Row + d.Row})
	}
	return out
}

// EdgeEnds returns the two corner points of edge e in points (top or left
// one first), or false if e is not a valid edge.
func (g Square) EdgeEnds(e Edge) (Point, Point, bool) {
	if _, err := EdgeBetween(e.A, e.B); err != nil || e.B.less(e.A) {
		return Point{}, Point{}, false
	}
	c := g.Corners(e.A)
	if e.B.Col > e.A.Col { // B to the east: right side of A
		return c[1], c[2], true
	}
	return c[3], c[2], true // B to the south: bottom side of A
}

// EdgeCorners returns keys for the two corners bounding edge e (top or left
// one first), or false if e is not a valid edge. A square's corner is a
// lattice point: square (c, r) spans lattice points (c, r) to (c+1, r+1), and
// the key holds the point in its first cell, so that edges meeting at a corner
// share its key, as hexsides do (Hex.SideCorners).
func (g Square) EdgeCorners(e Edge) (Corner, Corner, bool) {
	if _, err := EdgeBetween(e.A, e.B); err != nil || e.B.less(e.A) {
		return Corner{}, Corner{}, false
	}
	x, y := e.B.Col, e.B.Row
	if e.B.Col > e.A.Col { // B to the east: the vertical edge at x
		return latticeCorner(x, y), latticeCorner(x, y+1), true
	}
	return latticeCorner(x, y), latticeCorner(x+1, y), true // B to the south: the horizontal edge at y
}

func latticeCorner(x, y int) Corner { return Corner{{Col: x, Row: y}} }

// CornerPoint returns the position of a corner key of EdgeCorners in points.
func (g Square) CornerPoint(k Corner) Point {
	return Point{g.Origin.X + (float64(k[0].Col)-0.5)*g.CellSize, g.Origin.Y + (float64(k[0].Row)-0.5)*g.CellSize}
}

// Centre returns the centre of c in points.
func (g Square) Centre(c Cell) Point {
	return Point{g.Origin.X + float64(c.Col)*g.CellSize, g.Origin.Y + float64(c.Row)*g.CellSize}
}

// Corners returns the corners of c in points, clockwise on the page: top
// left, top right, bottom right, bottom left.
func (g Square) Corners(c Cell) [4]Point {
	p, h := g.Centre(c), g.CellSize/2
	return [4]Point{{p.X - h, p.Y - h}, {p.X + h, p.Y - h}, {p.X + h, p.Y + h}, {p.X - h, p.Y + h}}
}

// PixelToCell returns the square containing p (points; right and bottom
// edges belong to the next square) and whether it is on the grid.
func (g Square) PixelToCell(p Point) (Cell, bool) {
	c := Cell{
		int(math.Floor((p.X-g.Origin.X)/g.CellSize + 0.5)),
		int(math.Floor((p.Y-g.Origin.Y)/g.CellSize + 0.5)),
	}
	return c, g.Contains(c)
}

// Bounds returns the bounding box of the grid in points.
func (g Square) Bounds() Rect {
	if g.Cols <= 0 || g.Rows <= 0 {
		return Rect{g.Origin, g.Origin}
	}
	return Rect{g.Corners(Cell{0, 0})[0], g.Corners(Cell{g.Cols - 1, g.Rows - 1})[2]}
}
