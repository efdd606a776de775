package maps

import (
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// Patterns are the System's terrain patterns (System.Terrain[].pattern), drawn over the terrain colour in a
// darker ink so that terrain stays apart when printed in black and white.
var Patterns = []string{"none", "dots", "trees", "marsh", "hatch", "cross", "waves", "bricks", "contour"}

// period is a rectangle a pattern repeats with, anchored at a cell centre: moved by its width or its height
// (and, when half is set, by half of both at once) the pattern falls on itself. A grid's cell centres all lie
// on that lattice, so the pattern inside every cell is the same drawing, which a cell's reused drawing can
// hold, and a pattern still runs on from one cell into the next. The zero period sets no constraint.
type period struct {
	w, h float64
	half bool
}

// cellPeriod is the period of the grid's cell centres: a flat-top hex grid repeats every √3 cells across and
// one cell down, with the odd columns half way in both; a pointy-top grid is the same turned; squares repeat
// every cell.
func (d *Drawing) cellPeriod() period {
	switch d.Set.Type {
	case content.GridHex:
		s := d.Set.Hex.CellSize
		if d.Set.Hex.Orientation == grid.PointyTop {
			return period{w: s, h: math.Sqrt(3) * s, half: true}
		}
		return period{w: math.Sqrt(3) * s, h: s, half: true}
	case content.GridSquare:
		return period{w: d.Set.Square.CellSize, h: d.Set.Square.CellSize}
	}
	return period{}
}

// count is how many steps of about step fit length, at least one.
func count(length, step float64) int { return max(1, int(math.Round(length/step))) }

// lattice spacing for elements in rows dy apart, dx apart along a row, every other row shifted by dx/2: the
// spacing wanted, adjusted to the period (the rows repeat every two, so a period holds an even number of rows;
// the half shift moves ny/2 rows, which keeps the elements on the lattice when nx has the parity of ny/2).
func (pd period) lattice(dx, dy float64) (float64, float64) {
	if pd.w <= 0 {
		return dx, dy
	}
	nx, half := count(pd.w, dx), count(pd.h, 2*dy)
	if pd.half && nx%2 != half%2 {
		// Move whichever count the wanted spacing is least sure of.
		ex, ey := pd.w/dx-float64(nx), pd.h/(2*dy)-float64(half)
		if math.Abs(ex) >= math.Abs(ey) {
			if ex > 0 || nx == 1 {
				nx++
			} else {
				nx--
			}
		} else {
			if ey > 0 || half == 1 {
				half++
			} else {
				half--
			}
		}
	}
	return pd.w / float64(nx), pd.h / float64(2*half)
}

// diagonal is the direction of lines that run at about 45° (down-right for sign 1, up-right for -1) sp apart,
// adjusted to the period: lines a·x/w + b·y/h = k for whole k, with a + b even when the half shift must keep
// them too. It returns A and B of the lines A·x + B·y = k.
func (pd period) diagonal(sp, sign float64) (float64, float64) {
	if pd.w <= 0 {
		step := sp * math.Sqrt2
		return 1 / step, sign / step
	}
	a, b := count(pd.w, sp*math.Sqrt2), count(pd.h, sp*math.Sqrt2)
	if pd.half && (a+b)%2 != 0 {
		ea, eb := pd.w/(sp*math.Sqrt2)-float64(a), pd.h/(sp*math.Sqrt2)-float64(b)
		if math.Abs(ea) >= math.Abs(eb) {
			if ea > 0 || a == 1 {
				a++
			} else {
				a--
			}
		} else {
			if eb > 0 || b == 1 {
				b++
			} else {
				b--
			}
		}
	}
	return float64(a) / pd.w, sign * float64(b) / pd.h
}

// even is a count of about length/step steps, even when the period's half shift needs it.
func (pd period) even(length, step float64) float64 {
	n := count(length, step)
	if pd.half && n%2 != 0 {
		if length/step > float64(n) || n == 1 {
			n++
		} else {
			n--
		}
	}
	return length / float64(n)
}

// drawPattern fills the art rectangle (x0,y0)-(x1,y1) with a pattern whose elements are sized for cells of
// size cell; elements sit on a lattice anchored at the art origin, spaced to repeat with pd. The caller clips.
func drawPattern(s surface.Surface, name string, ink surface.Color, cell float64, pd period, p *pen, x0, y0, x1, y1 float64) {
	s.SetDash()
	s.SetFill(ink)
	lw := math.Max(0.35, cell/110)
	s.SetStroke(ink, lw)
	// lattice calls f at every lattice point of spacing (dx, dy) in the box, odd rows shifted by dx/2.
	lattice := func(dx, dy float64, f func(x, y float64)) {
		dx, dy = pd.lattice(dx, dy)
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
			// Lines A·x + B·y = k for whole k, across the box.
			a, b := pd.diagonal(sp, sign)
			lo, hi := math.Inf(1), math.Inf(-1)
			for _, c := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
				k := a*c[0] + b*c[1]
				lo, hi = math.Min(lo, k), math.Max(hi, k)
			}
			for k := math.Ceil(lo); k <= hi; k++ {
				if math.Abs(a) >= math.Abs(b) { // steeper than 45°: cross the box from top to bottom
					line((k-b*y0)/a, y0, (k-b*y1)/a, y1)
				} else {
					line(x0, (k-a*x0)/b, x1, (k-a*x1)/b)
				}
			}
		}
		diag(1)
		if name == "cross" {
			diag(-1)
		}
	case "waves":
		sp := pd.step(pd.h, cell/6)
		wl := pd.step(pd.w, cell/5)
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
		bw, bh := pd.lattice(cell/4.5, cell/8)
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

// step is a spacing of about want that divides length the way the period needs (an even number of steps
// when the half shift must keep them); want itself when there is no period.
func (pd period) step(length, want float64) float64 {
	if pd.w <= 0 {
		return want
	}
	return pd.even(length, want)
}
