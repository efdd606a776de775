package maps

import (
	"math"

	"github.com/muster-wargames/muster/print/surface"
)

// Patterns are the System's terrain patterns (System.Terrain[].pattern), drawn over the terrain colour in a
// darker ink so that terrain stays apart when printed in black and white.
var Patterns = []string{"none", "dots", "trees", "marsh", "hatch", "cross", "waves", "bricks", "contour"}

// drawPattern fills the art rectangle (x0,y0)-(x1,y1) with a pattern whose elements are sized for cells of
// size cell; elements sit on a lattice anchored at the art origin. The caller clips.
func drawPattern(s surface.Surface, name string, ink surface.Color, cell float64, p *pen, x0, y0, x1, y1 float64) {
	s.SetDash()
	s.SetFill(ink)
	lw := math.Max(0.35, cell/110)
	s.SetStroke(ink, lw)
	// lattice calls f at every lattice point of spacing (dx, dy) in the box, odd rows shifted by dx/2.
	lattice := func(dx, dy float64, f func(x, y float64)) {
		j0, j1 := int(math.Floor(y0/dy))-1, int(math.Ceil(y1/dy))+1
		for j := j0; j <= j1; j++ {
			shift := 0.0
			if j%2 != 0 {
				shift = dx / 2
			}
			i0, i1 := int(math.Floor((x0-shift)/dx))-1, int(math.Ceil((x1-shift)/dx))+1
			for i := i0; i <= i1; i++ {
				f(float64(i)*dx+shift, float64(j)*dy)
			}
		}
	}
	line := func(ax, ay, bx, by float64) {
		a, b := p.pt(ax, ay), p.pt(bx, by)
		s.Line(a.X, a.Y, b.X, b.Y)
	}
	switch name {
	case "dots":
		sp := cell / 5
		r := math.Max(0.45, cell/55)
		lattice(sp, sp*0.87, func(x, y float64) {
			q := p.pt(x, y)
			s.Circle(q.X, q.Y, r, surface.Fill)
		})
	case "trees":
		sp := cell / 3.2
		r := cell / 11
		lattice(sp, sp*0.87, func(x, y float64) {
			q := p.pt(x, y)
			s.Circle(q.X, q.Y-r*0.3, r, surface.Stroke)
			s.Line(q.X, q.Y+r*0.7, q.X, q.Y+r*1.5)
		})
	case "marsh":
		sp := cell / 3.4
		l := cell / 7
		lattice(sp, sp*0.7, func(x, y float64) {
			line(x-l/2, y, x+l/2, y)
			line(x, y, x, y-l*0.55)
			line(x-l*0.3, y, x-l*0.38, y-l*0.35)
			line(x+l*0.3, y, x+l*0.38, y-l*0.35)
		})
	case "hatch", "cross":
		sp := cell / 7
		diag := func(sign float64) {
			// Lines x + sign*y = k*sp*sqrt2, across the box.
			step := sp * math.Sqrt2
			var lo, hi float64
			if sign > 0 {
				lo, hi = x0+y0, x1+y1
			} else {
				lo, hi = x0-y1, x1-y0
			}
			for k := math.Floor(lo / step); k*step <= hi; k++ {
				c := k * step
				// x = c - sign*y
				line(c-sign*y0, y0, c-sign*y1, y1)
			}
		}
		diag(1)
		if name == "cross" {
			diag(-1)
		}
	case "waves":
		sp := cell / 6
		wl := cell / 5
		amp := cell / 28
		for j := math.Floor(y0 / sp); j*sp <= y1+sp; j++ {
			y := j * sp
			path := surface.NewPath()
			start := math.Floor(x0/wl) * wl
			q := p.pt(start, y)
			path.MoveTo(q.X, q.Y)
			for x := start; x < x1+wl; x += wl {
				c1 := p.pt(x+wl/4, y-amp*2)
				m := p.pt(x+wl/2, y)
				c2 := p.pt(x+wl*3/4, y+amp*2)
				e := p.pt(x+wl, y)
				path.QuadTo(c1.X, c1.Y, m.X, m.Y)
				path.QuadTo(c2.X, c2.Y, e.X, e.Y)
			}
			s.DrawPath(path, surface.Stroke)
		}
	case "bricks":
		bh := cell / 8
		bw := cell / 4.5
		for j := math.Floor(y0 / bh); j*bh <= y1; j++ {
			y := j * bh
			line(x0, y, x1, y)
			shift := 0.0
			if int(j)%2 != 0 {
				shift = bw / 2
			}
			for i := math.Floor((x0-shift)/bw) - 1; i*bw+shift <= x1; i++ {
				x := i*bw + shift
				line(x, y, x, y+bh)
			}
		}
	case "contour":
		// A contour fill (open tabletop pieces): rings are drawn by the caller; nothing to tile.
	}
}
