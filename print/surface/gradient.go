package surface

import (
	"errors"
	"fmt"
	"image/color"
	"math"
	"sort"
)

// GradientStop is a colour at a place along a gradient: Offset 0 is its start, 1 its end.
type GradientStop struct {
	Offset float64
	Colour Color
}

// Gradient is a fill that blends colours smoothly, as SVG's linearGradient and radialGradient do: along the
// line from (X1, Y1) to (X2, Y2) (linear), or outward from the focus (FX, FY) to the circle of radius R about
// (CX, CY) (radial). Transform maps the gradient's coordinates into user space (a gradient squeezed into an
// ellipse, or skewed); its zero value is taken as the identity. Stops are in order of offset (a stop before
// the one ahead of it is moved up to it, as SVG does); before the first and past the last the end colours go
// on (SVG's spreadMethod pad). Colours blend channel by channel in sRGB. A gradient has one opacity, the
// first stop's alpha: a PDF shading cannot vary it, and both backends paint alike.
type Gradient struct {
	Radial            bool
	X1, Y1, X2, Y2    float64
	CX, CY, R, FX, FY float64
	Stops             []GradientStop
	Transform         Matrix
}

// gradientPlan is a gradient worked out for drawing: its space normalised so that a linear gradient runs from
// (0, 0) to (1, 0) and a radial one has its focus at (0, 0) and radius 1 (toUser maps that space to user
// space), and its stops in order within [0, 1].
type gradientPlan struct {
	radial bool
	cx, cy float64 // a radial gradient's centre, normalised (within the unit circle)
	toUser Matrix
	stops  []GradientStop
	alpha  uint8
}

// FillGradient fills p (by its fill rule) with g. A gradient that spans nothing (a line of no length, a
// radius of 0) paints its last stop's colour, as SVG says.
func (c *common) FillGradient(p *Path, g *Gradient) {
	if !c.ok() || p.Empty() || g == nil || len(g.Stops) == 0 {
		return
	}
	if !p.finite() {
		c.setErr(errors.New("surface: non-finite path coordinate"))
		return
	}
	if len(g.Stops) > MaxGradientStops {
		c.setErr(fmt.Errorf("surface: a gradient with more than %d stops", MaxGradientStops))
		return
	}
	pl, solid, err := planGradient(g)
	if err != nil {
		c.setErr(err)
		return
	}
	if solid != nil {
		if solid.A == 0 {
			return
		}
		fill := c.st.fill
		c.st.fill = *solid
		c.be.drawPath(p, Fill)
		c.st.fill = fill
		return
	}
	if pl.alpha == 0 {
		return
	}
	c.be.fillGradient(p, pl)
}

// planGradient normalises a gradient, or says the single colour it paints.
func planGradient(g *Gradient) (*gradientPlan, *Color, error) {
	m := g.Transform
	if m == (Matrix{}) {
		m = identity()
	}
	vals := []float64{g.X1, g.Y1, g.X2, g.Y2, g.CX, g.CY, g.R, g.FX, g.FY, m.A, m.B, m.C, m.D, m.E, m.F}
	for _, s := range g.Stops {
		vals = append(vals, s.Offset)
	}
	if !finite(vals...) {
		return nil, nil, errors.New("surface: non-finite gradient")
	}
	stops := make([]GradientStop, len(g.Stops))
	prev := 0.0
	for i, s := range g.Stops {
		s.Offset = math.Max(prev, math.Min(1, math.Max(0, s.Offset)))
		prev = s.Offset
		s.Colour.A = g.Stops[0].Colour.A
		stops[i] = s
	}
	last := stops[len(stops)-1].Colour
	if len(stops) == 1 || m.A*m.D-m.B*m.C == 0 {
		return nil, &last, nil
	}
	pl := &gradientPlan{radial: g.Radial, stops: stops, alpha: stops[0].Colour.A}
	if !g.Radial {
		dx, dy := g.X2-g.X1, g.Y2-g.Y1
		if dx == 0 && dy == 0 {
			return nil, &last, nil
		}
		// (0, 0) to (1, 0) onto (X1, Y1) to (X2, Y2), and (0, 1) onto the perpendicular of the same length.
		pl.toUser = m.Mul(Matrix{A: dx, B: dy, C: -dy, D: dx, E: g.X1, F: g.Y1})
		return pl, nil, nil
	}
	if !(g.R > 0) {
		return nil, &last, nil
	}
	// The focus is moved inside the circle when it lies on or outside it (SVG 1.1).
	fx, fy := (g.FX-g.CX)/g.R, (g.FY-g.CY)/g.R
	if d := math.Hypot(fx, fy); d > maxFocus {
		fx, fy = fx*maxFocus/d, fy*maxFocus/d
	}
	// Normalised: the focus at (0, 0), the circle of radius 1 about (cx, cy).
	pl.cx, pl.cy = -fx, -fy
	pl.toUser = m.Mul(Matrix{A: g.R, D: g.R, E: g.CX + fx*g.R, F: g.CY + fy*g.R})
	return pl, nil, nil
}

// maxFocus is how far from the centre a radial gradient's focus may lie, as a share of its radius.
const maxFocus = 0.99

// t is the gradient's parameter at a point of the normalised space: the share of the way along a linear
// gradient, or which of the circles from the focus (0) out to the circle (1) the point lies on.
func (g *gradientPlan) t(x, y float64) float64 {
	if !g.radial {
		return x
	}
	// The point lies on the circle about (t*cx, t*cy) of radius t: t²(cx²+cy²-1) - 2t(x*cx+y*cy) + x²+y² = 0,
	// whose root t >= 0 is the one wanted (the focus lies inside the circle, so a < 0).
	a := g.cx*g.cx + g.cy*g.cy - 1
	b := x*g.cx + y*g.cy
	c := x*x + y*y
	return (b - math.Sqrt(b*b-a*c)) / a
}

// colourAt is the gradient's colour at parameter t.
func (g *gradientPlan) colourAt(t float64) Color {
	s := g.stops
	if t <= s[0].Offset {
		return s[0].Colour
	}
	i := sort.Search(len(s), func(i int) bool { return s[i].Offset >= t })
	if i == len(s) {
		return s[len(s)-1].Colour
	}
	a, b := s[i-1], s[i]
	if b.Offset <= a.Offset {
		return b.Colour
	}
	k := (t - a.Offset) / (b.Offset - a.Offset)
	mix := func(x, y uint8) uint8 { return uint8(math.Round(float64(x) + k*(float64(y)-float64(x)))) }
	return Color{mix(a.Colour.R, b.Colour.R), mix(a.Colour.G, b.Colour.G), mix(a.Colour.B, b.Colour.B), g.alpha}
}

// band is the part of a gradient between two stops.
type band struct {
	a, b   float64 // their offsets
	c0, c1 Color
}

// bands are the gradient's parts between its stops, each painted over the ones before it from its first
// stop outward; the first also paints everything before it, the last everything past it. Bands of no width
// are left out (the colour jumps there).
func (g *gradientPlan) bands() []band {
	var out []band
	s := g.stops
	for i := 0; i+1 < len(s); i++ {
		if s[i+1].Offset > s[i].Offset {
			out = append(out, band{s[i].Offset, s[i+1].Offset, s[i].Colour, s[i+1].Colour})
		}
	}
	if len(out) == 0 { // every stop at one offset: the first colour before it, the last past it
		o := s[0].Offset
		if o >= 1 {
			return []band{{0, 1, s[0].Colour, s[0].Colour}}
		}
		last := s[len(s)-1].Colour
		out = []band{{o, math.Min(1, o+1e-6), last, last}}
		if o > 0 {
			out = append([]band{{0, o, s[0].Colour, s[0].Colour}}, out...)
		}
	}
	return out
}

// gradientPattern is a gradient as fogleman/gg paints it: the colour of each device pixel's centre.
type gradientPattern struct {
	g      *gradientPlan
	toNorm Matrix // device pixels to the normalised space
}

func (p gradientPattern) ColorAt(x, y int) color.Color {
	u, v := p.toNorm.Apply(float64(x)+0.5, float64(y)+0.5)
	c := p.g.colourAt(p.g.t(u, v))
	return color.NRGBA{c.R, c.G, c.B, c.A}
}

// invert is the inverse of m, and whether it has one.
func (m Matrix) invert() (Matrix, bool) {
	det := m.A*m.D - m.B*m.C
	if det == 0 || !finite(det) {
		return Matrix{}, false
	}
	return Matrix{
		A: m.D / det, B: -m.B / det, C: -m.C / det, D: m.A / det,
		E: (m.C*m.F - m.D*m.E) / det, F: (m.B*m.E - m.A*m.F) / det,
	}, true
}
