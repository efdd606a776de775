package grid

import (
	"errors"
	"fmt"
	"math"
)

// Hex is a rectangular hex grid of Cols x Rows cells addressed by 0-based
// offset coordinates. The zero value is an empty flat-top odd-q grid; set the
// fields directly and call Validate to check them.
type Hex struct {
	Orientation Orientation
	Parity      Parity
	Cols, Rows  int
	// CellSize is the size of a hex across flats, in points (1/72 inch).
	CellSize float64
	// Origin is the centre of cell (0,0), in points.
	Origin Point
}

const sqrt3 = 1.7320508075688772935274463415058723669428052538103806280558

// Validate reports a grid with negative dimensions or a non-positive or
// non-finite cell size, or unknown orientation or parity.
func (g Hex) Validate() error {
	switch {
	case g.Cols < 0 || g.Rows < 0:
		return fmt.Errorf("grid: hex grid size %dx%d is negative", g.Cols, g.Rows)
	case !(g.CellSize > 0) || math.IsInf(g.CellSize, 0):
		return fmt.Errorf("grid: hex cell size %v must be positive", g.CellSize)
	case g.Orientation > PointyTop:
		return errors.New("grid: unknown hex orientation")
	case g.Parity > Even:
		return errors.New("grid: unknown hex offset parity")
	}
	return nil
}

// Contains reports whether c is on the grid.
func (g Hex) Contains(c Cell) bool {
	return c.Col >= 0 && c.Row >= 0 && c.Col < g.Cols && c.Row < g.Rows
}

// ToCube converts a cell to cube coordinates.
func (g Hex) ToCube(c Cell) Cube { return OffsetToCube(c, g.Orientation, g.Parity) }

// ToCell converts cube coordinates to a cell (which may be off the grid).
func (g Hex) ToCell(h Cube) Cell { return CubeToOffset(h, g.Orientation, g.Parity) }

// AllNeighbours returns the six neighbours of c in CubeDirection order,
// ignoring the grid's bounds.
func (g Hex) AllNeighbours(c Cell) [6]Cell {
	h := g.ToCube(c)
	var out [6]Cell
	for d := range cubeDirections {
		out[d] = g.ToCell(h.Add(cubeDirections[d]))
	}
	return out
}

// Neighbours appends to dst the neighbours of c that are on the grid, in
// CubeDirection order. It does not allocate when dst has room for six.
func (g Hex) Neighbours(c Cell, dst []Cell) []Cell {
	h := g.ToCube(c)
	for d := range cubeDirections {
		n := g.ToCell(h.Add(cubeDirections[d]))
		if g.Contains(n) {
			dst = append(dst, n)
		}
	}
	return dst
}

// Adjacent reports whether a and b are neighbours.
func (g Hex) Adjacent(a, b Cell) bool { return g.Distance(a, b) == 1 }

// Distance is the number of hex steps from a to b.
func (g Hex) Distance(a, b Cell) int { return g.ToCube(a).Distance(g.ToCube(b)) }

// Range appends to dst the on-grid cells within n steps of c (c included),
// ordered by cube Q offset then R offset from c. On an unbounded grid there
// are 3n(n+1)+1 of them.
func (g Hex) Range(c Cell, n int, dst []Cell) []Cell {
	h := g.ToCube(c)
	for dq := -n; dq <= n; dq++ {
		for dr := max(-n, -dq-n); dr <= min(n, -dq+n); dr++ {
			x := g.ToCell(NewCube(h.Q+dq, h.R+dr))
			if g.Contains(x) {
				dst = append(dst, x)
			}
		}
	}
	return dst
}

// Ring appends to dst the on-grid cells exactly n steps from c. The walk
// starts at c + n*CubeDirection(4) and goes through directions 0..5 (Red
// Blob's hex_ring); on an unbounded grid it has 6n cells (1 for n == 0).
func (g Hex) Ring(c Cell, n int, dst []Cell) []Cell {
	if n < 0 {
		return dst
	}
	h := g.ToCube(c)
	if n == 0 {
		if g.Contains(c) {
			dst = append(dst, c)
		}
		return dst
	}
	x := h.Add(cubeDirections[4].Scale(n))
	for d := 0; d < 6; d++ {
		for j := 0; j < n; j++ {
			if cell := g.ToCell(x); g.Contains(cell) {
				dst = append(dst, cell)
			}
			x = x.Add(cubeDirections[d])
		}
	}
	return dst
}

// Line appends to dst the cells of the line from a to b, both included
// (Distance+1 cells, on or off the grid), using CubeLine.
func (g Hex) Line(a, b Cell, dst []Cell) []Cell {
	l := newCubeLerp(g.ToCube(a), g.ToCube(b), 1e-6, 1e-6, -2e-6)
	for i := 0; i <= l.n; i++ {
		dst = append(dst, g.ToCell(l.at(i)))
	}
	return dst
}

// LineStep is one step of LineBoth. A == B when the line's sample point lies
// inside a single cell. Otherwise the point lies exactly on the hexside
// between A and B and:
//   - Along is true when the line runs along that hexside (A is then always
//     on the same side of the line, B on the other): for line of sight the
//     step is blocked only if both A and B block (PRESTAGS 6.38);
//   - Along is false when the line crosses that hexside exactly at the
//     sample point: both cells lie on the line, A the one entered first.
type LineStep struct {
	A, B  Cell
	Along bool
}

// Split reports whether the step has two cells.
func (s LineStep) Split() bool { return s.A != s.B }

// LineBoth appends to dst the Distance+1 steps of the line from a to b. It
// is the line traced twice, nudged to either side, computed exactly in
// integers: each step holds every cell whose closed hexagon contains the
// sample point. A line between two hex centres never passes through a
// sample on a hex corner, so a step has one or two cells.
func (g Hex) LineBoth(a, b Cell, dst []LineStep) []LineStep {
	ha, hb := g.ToCube(a), g.ToCube(b)
	n := ha.Distance(hb)
	if n == 0 {
		return append(dst, LineStep{A: a, B: a})
	}
	d := hb.Sub(ha)
	for i := 0; i <= n; i++ {
		// Sample point is P/n.
		p := ha.Scale(n).Add(d.Scale(i))
		guess := CubeRound(float64(p.Q)/float64(n), float64(p.R)/float64(n), float64(p.S)/float64(n))
		var found [2]Cube
		k := 0
		for j := -1; j < 6 && k < 2; j++ {
			c := guess
			if j >= 0 {
				c = guess.Add(cubeDirections[j])
			}
			if hexContainsScaled(p.Sub(c.Scale(n)), n) {
				found[k] = c
				k++
			}
		}
		if k < 2 {
			dst = append(dst, LineStep{A: g.ToCell(found[0]), B: g.ToCell(found[0])})
			continue
		}
		x, y := found[0], found[1]
		u := y.Sub(x)
		// Hexside between x and y runs along w = (u.R-u.S, u.S-u.Q, u.Q-u.R).
		w := Cube{u.R - u.S, u.S - u.Q, u.Q - u.R}
		along := d.Q*w.R-d.R*w.Q == 0
		var swap bool
		if along {
			// A on the positive side of d (axial cross product).
			v := x.Scale(n).Sub(p)
			swap = d.Q*v.R-d.R*v.Q < 0
		} else {
			// A entered first: smaller projection onto d (Euclidean metric).
			swap = dotE(x.Scale(n).Sub(p), d) > 0
		}
		if swap {
			x, y = y, x
		}
		dst = append(dst, LineStep{A: g.ToCell(x), B: g.ToCell(y), Along: along})
	}
	return dst
}

// hexContainsScaled reports whether the point D/n (relative to a hex centre)
// lies in the closed hexagon of that hex.
func hexContainsScaled(d Cube, n int) bool {
	return iabs(d.Q-d.R) <= n && iabs(d.R-d.S) <= n && iabs(d.S-d.Q) <= n
}

// dotE is 4/3 times the Euclidean dot product of two axial vectors.
func dotE(u, v Cube) int {
	return (2*u.Q+u.R)*(2*v.Q+v.R) + 3*u.R*v.R
}

func (g Hex) radius() float64 { return g.CellSize / sqrt3 }

// CubeCentre returns the centre of a cube hex in points.
func (g Hex) CubeCentre(h Cube) Point {
	s := g.CellSize
	q, r := float64(h.Q), float64(h.R)
	if g.Orientation == PointyTop {
		return Point{g.Origin.X + s*(q+r/2), g.Origin.Y + s*sqrt3/2*r}
	}
	return Point{g.Origin.X + s*sqrt3/2*q, g.Origin.Y + s*(r+q/2)}
}

// Centre returns the centre of cell c in points.
func (g Hex) Centre(c Cell) Point { return g.CubeCentre(g.ToCube(c)) }

// Corners returns the six corners of cell c in points, clockwise on the page
// (y down). Flat-top: starting with the right-hand corner (east), then
// lower right, lower left, west, upper left, upper right. Pointy-top:
// starting with the upper right corner, then lower right, bottom, lower
// left, upper left, top. Corner i and i+1 (mod 6) bound one hexside.
func (g Hex) Corners(c Cell) [6]Point {
	ctr := g.Centre(c)
	r := g.radius()
	var out [6]Point
	for i := range out {
		dx, dy := cornerUnit(g.Orientation, i)
		out[i] = Point{ctr.X + r*dx, ctr.Y + r*dy}
	}
	return out
}

var (
	flatCorners   = [6][2]float64{{1, 0}, {0.5, sqrt3 / 2}, {-0.5, sqrt3 / 2}, {-1, 0}, {-0.5, -sqrt3 / 2}, {0.5, -sqrt3 / 2}}
	pointyCorners = [6][2]float64{{sqrt3 / 2, -0.5}, {sqrt3 / 2, 0.5}, {0, 1}, {-sqrt3 / 2, 0.5}, {-sqrt3 / 2, -0.5}, {0, -1}}
)

func cornerUnit(o Orientation, i int) (float64, float64) {
	if o == PointyTop {
		return pointyCorners[i][0], pointyCorners[i][1]
	}
	return flatCorners[i][0], flatCorners[i][1]
}

// PixelToCube returns the hex containing point p (points). Points exactly
// on a hexside or corner go to one of the touching hexes.
func (g Hex) PixelToCube(p Point) Cube {
	x, y := (p.X-g.Origin.X)/g.CellSize, (p.Y-g.Origin.Y)/g.CellSize
	var q, r float64
	if g.Orientation == PointyTop {
		r = y * 2 / sqrt3
		q = x - r/2
	} else {
		q = x * 2 / sqrt3
		r = y - q/2
	}
	return CubeRound(q, r, -q-r)
}

// PixelToCell returns the cell containing point p and whether it is on the
// grid.
func (g Hex) PixelToCell(p Point) (Cell, bool) {
	c := g.ToCell(g.PixelToCube(p))
	return c, g.Contains(c)
}

// Bounds returns the bounding box of all the grid's hexes in points (an
// empty rectangle at Origin for an empty grid).
func (g Hex) Bounds() Rect {
	if g.Cols <= 0 || g.Rows <= 0 {
		return Rect{g.Origin, g.Origin}
	}
	b := emptyRect()
	add := func(c Cell) {
		for _, p := range g.Corners(c) {
			b.extend(p)
		}
	}
	for col := 0; col < g.Cols; col++ {
		add(Cell{col, 0})
		add(Cell{col, g.Rows - 1})
		if g.Rows > 1 {
			add(Cell{col, 1})
			add(Cell{col, g.Rows - 2})
		}
	}
	for row := 0; row < g.Rows; row++ {
		add(Cell{0, row})
		add(Cell{g.Cols - 1, row})
		if g.Cols > 1 {
			add(Cell{1, row})
			add(Cell{g.Cols - 2, row})
		}
	}
	return b
}
