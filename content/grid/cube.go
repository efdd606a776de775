package grid

import "math"

// Cube is a hex in cube coordinates; Q+R+S is always 0. Axial coordinates
// are (Q, R).
type Cube struct{ Q, R, S int }

// NewCube returns the cube hex with axial coordinates q, r.
func NewCube(q, r int) Cube { return Cube{q, r, -q - r} }

// Add returns h+o.
func (h Cube) Add(o Cube) Cube { return Cube{h.Q + o.Q, h.R + o.R, h.S + o.S} }

// Sub returns h-o.
func (h Cube) Sub(o Cube) Cube { return Cube{h.Q - o.Q, h.R - o.R, h.S - o.S} }

// Scale returns h*k.
func (h Cube) Scale(k int) Cube { return Cube{h.Q * k, h.R * k, h.S * k} }

// RotateLeft rotates h by 60 degrees counter-clockwise about the origin
// (in the axial plane).
func (h Cube) RotateLeft() Cube { return Cube{-h.S, -h.Q, -h.R} }

// RotateRight rotates h by 60 degrees clockwise about the origin.
func (h Cube) RotateRight() Cube { return Cube{-h.R, -h.S, -h.Q} }

// Len is the distance of h from the origin.
func (h Cube) Len() int { return max(iabs(h.Q), iabs(h.R), iabs(h.S)) }

// Distance is the number of steps from h to o.
func (h Cube) Distance(o Cube) int { return h.Sub(o).Len() }

// Valid reports whether Q+R+S == 0.
func (h Cube) Valid() bool { return h.Q+h.R+h.S == 0 }

var cubeDirections = [6]Cube{{1, 0, -1}, {1, -1, 0}, {0, -1, 1}, {-1, 0, 1}, {-1, 1, 0}, {0, 1, -1}}
var cubeDiagonals = [6]Cube{{2, -1, -1}, {1, -2, 1}, {-1, -1, 2}, {-2, 1, 1}, {-1, 2, -1}, {1, 1, -2}}

// CubeDirection returns the unit vector of direction d (taken modulo 6), in
// Red Blob's order: (1,0,-1), (1,-1,0), (0,-1,1), (-1,0,1), (-1,1,0), (0,1,-1).
func CubeDirection(d int) Cube { return cubeDirections[mod6(d)] }

// Neighbour returns the neighbour of h in direction d (see CubeDirection).
func (h Cube) Neighbour(d int) Cube { return h.Add(cubeDirections[mod6(d)]) }

// DiagonalNeighbour returns the hex across corner d of h, in Red Blob's
// order: (2,-1,-1), (1,-2,1), (-1,-1,2), (-2,1,1), (-1,2,-1), (1,1,-2).
func (h Cube) DiagonalNeighbour(d int) Cube { return h.Add(cubeDiagonals[mod6(d)]) }

// CubeRound rounds fractional cube coordinates to the nearest hex (Red
// Blob's hex_round; exact halves round away from zero).
func CubeRound(q, r, s float64) Cube {
	qi, ri, si := math.Round(q), math.Round(r), math.Round(s)
	qd, rd, sd := math.Abs(qi-q), math.Abs(ri-r), math.Abs(si-s)
	switch {
	case qd > rd && qd > sd:
		qi = -ri - si
	case rd > sd:
		ri = -qi - si
	default:
		si = -qi - ri
	}
	return Cube{int(qi), int(ri), int(si)}
}

// CubeLine appends to dst the hexes of the line from a to b, both included
// (Distance+1 hexes): Red Blob's hex_linedraw, a cube lerp of both ends
// nudged by (1e-6, 1e-6, -2e-6) and rounded.
func CubeLine(a, b Cube, dst []Cube) []Cube {
	l := newCubeLerp(a, b, 1e-6, 1e-6, -2e-6)
	for i := 0; i <= l.n; i++ {
		dst = append(dst, l.at(i))
	}
	return dst
}

// cubeLerp samples the segment between two nudged hex centres.
type cubeLerp struct {
	aq, ar, as, bq, br, bs, step float64
	n                            int
}

func newCubeLerp(a, b Cube, eq, er, es float64) cubeLerp {
	n := a.Distance(b)
	return cubeLerp{
		float64(a.Q) + eq, float64(a.R) + er, float64(a.S) + es,
		float64(b.Q) + eq, float64(b.R) + er, float64(b.S) + es,
		1.0 / float64(max(n, 1)), n,
	}
}

// at returns the hex of sample i (0..n), as hex_round(hex_lerp(a, b, i/n)).
func (l *cubeLerp) at(i int) Cube {
	t := l.step * float64(i)
	return CubeRound(l.aq*(1-t)+l.bq*t, l.ar*(1-t)+l.br*t, l.as*(1-t)+l.bs*t)
}

// Parity selects which columns (flat-top) or rows (pointy-top) of a hex grid
// are shoved: Odd is Red Blob's odd-q / odd-r layout, Even is even-q /
// even-r. It refers to 0-based Cell indexes, not to printed labels.
type Parity uint8

const (
	// Odd shoves odd columns down (flat-top) or odd rows right (pointy-top).
	Odd Parity = iota
	// Even shoves even columns down (flat-top) or even rows right (pointy-top).
	Even
)

// String returns "odd" or "even".
func (p Parity) String() string {
	if p == Even {
		return "even"
	}
	return "odd"
}

// Orientation is the orientation of the hexes of a grid.
type Orientation uint8

const (
	// FlatTop hexes have a flat top edge and form vertical columns (q offset).
	FlatTop Orientation = iota
	// PointyTop hexes have a corner at the top and form horizontal rows (r offset).
	PointyTop
)

// String returns "flat" or "pointy".
func (o Orientation) String() string {
	if o == PointyTop {
		return "pointy"
	}
	return "flat"
}

// shove is Red Blob's (x + offset*(x&1)) >> 1 with offset -1 for Odd and
// +1 for Even, branch-free: Odd gives floor(x/2), Even floor((x+1)/2).
func (p Parity) shove(x int) int { return (x + (x & int(p) & 1)) >> 1 }

// CubeToOffset converts a cube hex to offset coordinates for the given
// orientation and parity (Red Blob's qoffset_from_cube / roffset_from_cube).
func CubeToOffset(h Cube, o Orientation, p Parity) Cell {
	if o == PointyTop {
		return Cell{h.Q + p.shove(h.R), h.R}
	}
	return Cell{h.Q, h.R + p.shove(h.Q)}
}

// OffsetToCube converts offset coordinates to a cube hex (Red Blob's
// qoffset_to_cube / roffset_to_cube).
func OffsetToCube(c Cell, o Orientation, p Parity) Cube {
	if o == PointyTop {
		q := c.Col - p.shove(c.Row)
		return Cube{q, c.Row, -q - c.Row}
	}
	r := c.Row - p.shove(c.Col)
	return Cube{c.Col, r, -c.Col - r}
}

// CubeToDoubled converts to doubled coordinates: doubled-height columns for
// flat-top (Red Blob's qdoubled), doubled-width rows for pointy-top (rdoubled).
func CubeToDoubled(h Cube, o Orientation) Cell {
	if o == PointyTop {
		return Cell{2*h.Q + h.R, h.R}
	}
	return Cell{h.Q, 2*h.R + h.Q}
}

// DoubledToCube is the inverse of CubeToDoubled; Col+Row must be even.
func DoubledToCube(c Cell, o Orientation) Cube {
	if o == PointyTop {
		return NewCube((c.Col-c.Row)>>1, c.Row)
	}
	return NewCube(c.Col, (c.Row-c.Col)>>1)
}

func iabs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

func mod6(d int) int {
	d %= 6
	if d < 0 {
		d += 6
	}
	return d
}
