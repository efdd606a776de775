package surface

import (
	"math"

	"github.com/muster-wargames/muster/content/value"
)

// Lengths in points.
const (
	Inch = 72.0        // points per inch
	MM   = 72.0 / 25.4 // points per millimetre
	CM   = 10 * MM     // points per centimetre
)

// Size is a page size in points.
type Size struct{ W, H float64 }

// Landscape returns the size with width and height swapped so W >= H.
func (s Size) Landscape() Size {
	if s.W < s.H {
		return Size{s.H, s.W}
	}
	return s
}

// PaperSize is a paper's page, portrait as the paper is given (the sizes are content/value's table).
func PaperSize(p value.Paper) Size { return Size{p.Width, p.Height} }

// Pt is a point in page coordinates (points, y down).
type Pt struct{ X, Y float64 }

// Rect is an axis-aligned rectangle: top-left corner and size, in points.
type Rect struct{ X, Y, W, H float64 }

// Empty reports whether r has no area.
func (r Rect) Empty() bool { return !(r.W > 0 && r.H > 0) }

// Matrix is a 2D affine transform: x' = A*x + C*y + E, y' = B*x + D*y + F
// (the PDF convention).
type Matrix struct{ A, B, C, D, E, F float64 }

// identity is the identity transform.
func identity() Matrix { return Matrix{A: 1, D: 1} }

// Mul returns m∘n: the transform that applies n first, then m.
func (m Matrix) Mul(n Matrix) Matrix {
	return Matrix{
		A: m.A*n.A + m.C*n.B,
		B: m.B*n.A + m.D*n.B,
		C: m.A*n.C + m.C*n.D,
		D: m.B*n.C + m.D*n.D,
		E: m.A*n.E + m.C*n.F + m.E,
		F: m.B*n.E + m.D*n.F + m.F,
	}
}

// Apply transforms a point.
func (m Matrix) Apply(x, y float64) (float64, float64) {
	return m.A*x + m.C*y + m.E, m.B*x + m.D*y + m.F
}

// scale is the geometric mean scale factor (used for line widths).
func (m Matrix) scale() float64 { return math.Sqrt(math.Abs(m.A*m.D - m.B*m.C)) }

func translateM(dx, dy float64) Matrix { return Matrix{A: 1, D: 1, E: dx, F: dy} }
func scaleM(sx, sy float64) Matrix     { return Matrix{A: sx, D: sy} }

// rotateM rotates by deg degrees, clockwise on the page (y is down).
func rotateM(deg float64) Matrix {
	s, c := math.Sincos(deg * math.Pi / 180)
	return Matrix{A: c, B: s, C: -s, D: c}
}

type segOp uint8

const (
	segMove segOp = iota
	segLine
	segCubic
	segClose
)

type seg struct {
	op  segOp
	pts [3]Pt
}

// Path is a backend-independent path: build it with MoveTo/LineTo/CurveTo/
// Close (or the shape helpers), then paint it with Surface.DrawPath or clip
// with Surface.ClipPath. The zero value is an empty path ready to use.
type Path struct {
	segs    []seg
	start   Pt
	cur     Pt
	hasCur  bool
	EvenOdd bool // fill with the even-odd rule instead of non-zero winding
}

// NewPath returns an empty path.
func NewPath() *Path { return &Path{} }

// Reset empties the path, keeping its storage.
func (p *Path) Reset() { p.segs = p.segs[:0]; p.hasCur = false }

// Empty reports whether the path has no segments.
func (p *Path) Empty() bool { return p == nil || len(p.segs) == 0 }

// MoveTo starts a new subpath.
func (p *Path) MoveTo(x, y float64) *Path {
	p.segs = append(p.segs, seg{op: segMove, pts: [3]Pt{{x, y}}})
	p.start, p.cur, p.hasCur = Pt{x, y}, Pt{x, y}, true
	return p
}

// LineTo adds a straight segment (a MoveTo if there is no current point).
func (p *Path) LineTo(x, y float64) *Path {
	if !p.hasCur {
		return p.MoveTo(x, y)
	}
	p.segs = append(p.segs, seg{op: segLine, pts: [3]Pt{{x, y}}})
	p.cur = Pt{x, y}
	return p
}

// CurveTo adds a cubic Bézier segment with control points (x1,y1), (x2,y2).
func (p *Path) CurveTo(x1, y1, x2, y2, x, y float64) *Path {
	if !p.hasCur {
		p.MoveTo(x1, y1)
	}
	p.segs = append(p.segs, seg{op: segCubic, pts: [3]Pt{{x1, y1}, {x2, y2}, {x, y}}})
	p.cur = Pt{x, y}
	return p
}

// QuadTo adds a quadratic Bézier segment (stored as a cubic).
func (p *Path) QuadTo(x1, y1, x, y float64) *Path {
	if !p.hasCur {
		p.MoveTo(x1, y1)
	}
	c := p.cur
	return p.CurveTo(c.X+2.0/3*(x1-c.X), c.Y+2.0/3*(y1-c.Y), x+2.0/3*(x1-x), y+2.0/3*(y1-y), x, y)
}

// Close closes the current subpath.
func (p *Path) Close() *Path {
	if p.hasCur {
		p.segs = append(p.segs, seg{op: segClose})
		p.cur = p.start
	}
	return p
}

// Rect adds a closed rectangle.
func (p *Path) Rect(x, y, w, h float64) *Path {
	return p.MoveTo(x, y).LineTo(x+w, y).LineTo(x+w, y+h).LineTo(x, y+h).Close()
}

// Polygon adds a closed polygon (nothing if fewer than 2 points).
func (p *Path) Polygon(pts []Pt) *Path {
	if len(pts) < 2 {
		return p
	}
	p.Polyline(pts)
	return p.Close()
}

// Polyline adds an open polyline (nothing if fewer than 2 points).
func (p *Path) Polyline(pts []Pt) *Path {
	if len(pts) < 2 {
		return p
	}
	p.MoveTo(pts[0].X, pts[0].Y)
	for _, q := range pts[1:] {
		p.LineTo(q.X, q.Y)
	}
	return p
}

// Arc adds an elliptical arc centred on (cx,cy) with radii rx, ry from
// startDeg to endDeg (degrees, clockwise on the page from the +x axis). It
// draws a line to the arc start when the path has a current point, else moves
// there.
func (p *Path) Arc(cx, cy, rx, ry, startDeg, endDeg float64) *Path {
	a0 := startDeg * math.Pi / 180
	a1 := endDeg * math.Pi / 180
	sweep := a1 - a0
	if math.IsNaN(sweep) || math.IsInf(sweep, 0) {
		return p
	}
	if math.Abs(sweep) > 2*math.Pi {
		sweep = math.Copysign(2*math.Pi, sweep)
	}
	n := int(math.Ceil(math.Abs(sweep) / (math.Pi / 2)))
	if n < 1 {
		n = 1
	}
	d := sweep / float64(n)
	k := 4.0 / 3 * math.Tan(d/4)
	x0, y0 := cx+rx*math.Cos(a0), cy+ry*math.Sin(a0)
	if p.hasCur {
		p.LineTo(x0, y0)
	} else {
		p.MoveTo(x0, y0)
	}
	a := a0
	for i := 0; i < n; i++ {
		b := a + d
		ca, sa := math.Cos(a), math.Sin(a)
		cb, sb := math.Cos(b), math.Sin(b)
		p.CurveTo(
			cx+rx*(ca-k*sa), cy+ry*(sa+k*ca),
			cx+rx*(cb+k*sb), cy+ry*(sb-k*cb),
			cx+rx*cb, cy+ry*sb)
		a = b
	}
	return p
}

// Ellipse adds a closed ellipse.
func (p *Path) Ellipse(cx, cy, rx, ry float64) *Path {
	p.hasCur = false
	return p.Arc(cx, cy, rx, ry, 0, 360).Close()
}

// Circle adds a closed circle.
func (p *Path) Circle(cx, cy, r float64) *Path { return p.Ellipse(cx, cy, r, r) }

// StarPoints returns the 2*points vertices of a regular star centred on
// (cx,cy) with outer radius r and inner radius inner, the first point straight
// up. points below 2 yields nil.
func StarPoints(cx, cy, r, inner float64, points int) []Pt {
	if points < 2 {
		return nil
	}
	out := make([]Pt, 0, 2*points)
	for i := 0; i < 2*points; i++ {
		rad := r
		if i%2 == 1 {
			rad = inner
		}
		a := -math.Pi/2 + float64(i)*math.Pi/float64(points)
		out = append(out, Pt{cx + rad*math.Cos(a), cy + rad*math.Sin(a)})
	}
	return out
}

// StarInner is the inner radius ratio of a regular five-pointed star ★
// (the pentagram outline).
const StarInner = 0.381966

// Star adds a closed regular star with the classic ★ proportions for five
// points (inner radius r*StarInner) and r*0.5 otherwise.
func (p *Path) Star(cx, cy, r float64, points int) *Path {
	inner := 0.5 * r
	if points == 5 {
		inner = StarInner * r
	}
	return p.Polygon(StarPoints(cx, cy, r, inner, points))
}

// transformed returns a copy of the path mapped through m.
func (p *Path) transformed(m Matrix) []seg {
	out := make([]seg, len(p.segs))
	for i, s := range p.segs {
		out[i].op = s.op
		for j := range s.pts {
			out[i].pts[j].X, out[i].pts[j].Y = m.Apply(s.pts[j].X, s.pts[j].Y)
		}
	}
	return out
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

func (p *Path) finite() bool {
	for _, s := range p.segs {
		for _, q := range s.pts {
			if !finite(q.X, q.Y) {
				return false
			}
		}
	}
	return true
}

// Points lists the path's points: the ends of its segments and the control points of its curves.
func (p *Path) Points() []Pt {
	var out []Pt
	for _, s := range p.segs {
		switch s.op {
		case segMove, segLine:
			out = append(out, s.pts[0])
		case segCubic:
			out = append(out, s.pts[:]...)
		}
	}
	return out
}

// TransformInto adds the path, mapped through m, to dst (with its fill rule).
func (p *Path) TransformInto(dst *Path, m Matrix) {
	for _, s := range p.segs {
		for j := range s.pts {
			s.pts[j].X, s.pts[j].Y = m.Apply(s.pts[j].X, s.pts[j].Y)
		}
		switch s.op {
		case segMove:
			dst.MoveTo(s.pts[0].X, s.pts[0].Y)
		case segLine:
			dst.LineTo(s.pts[0].X, s.pts[0].Y)
		case segCubic:
			dst.CurveTo(s.pts[0].X, s.pts[0].Y, s.pts[1].X, s.pts[1].Y, s.pts[2].X, s.pts[2].Y)
		case segClose:
			dst.Close()
		}
	}
	dst.EvenOdd = p.EvenOdd
}
