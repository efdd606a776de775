package grid

import (
	"fmt"
	"math"
)

// Cell is a cell of a hex or square grid in 0-based offset coordinates:
// column Col, row Row. Cells outside a grid are representable (for example
// the far side of a border hexside).
type Cell struct{ Col, Row int }

// String formats c as "(col,row)".
func (c Cell) String() string { return fmt.Sprintf("(%d,%d)", c.Col, c.Row) }

func (c Cell) less(o Cell) bool {
	if c.Col != o.Col {
		return c.Col < o.Col
	}
	return c.Row < o.Row
}

// Point is a position in the plane: in points (1/72 inch, y down) for the
// drawing functions of Hex and Square, in inches for tabletop shapes.
type Point struct{ X, Y float64 }

// Add returns p+q.
func (p Point) Add(q Point) Point { return Point{p.X + q.X, p.Y + q.Y} }

// Sub returns p-q.
func (p Point) Sub(q Point) Point { return Point{p.X - q.X, p.Y - q.Y} }

// Dist is the Euclidean distance between p and q.
func (p Point) Dist(q Point) float64 { return math.Hypot(p.X-q.X, p.Y-q.Y) }

// Rect is an axis-aligned rectangle from Min (top-left) to Max.
type Rect struct{ Min, Max Point }

// Width is Max.X-Min.X.
func (r Rect) Width() float64 { return r.Max.X - r.Min.X }

// Height is Max.Y-Min.Y.
func (r Rect) Height() float64 { return r.Max.Y - r.Min.Y }

func (r *Rect) extend(p Point) {
	r.Min.X = math.Min(r.Min.X, p.X)
	r.Min.Y = math.Min(r.Min.Y, p.Y)
	r.Max.X = math.Max(r.Max.X, p.X)
	r.Max.Y = math.Max(r.Max.Y, p.Y)
}

func emptyRect() Rect {
	return Rect{Point{math.Inf(1), math.Inf(1)}, Point{math.Inf(-1), math.Inf(-1)}}
}
