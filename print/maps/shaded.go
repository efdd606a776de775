package maps

import (
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// Shade is how an analysis shades one cell (or place): its fill (alpha 0: white), the text printed in it
// (when the cells are large enough to read it), and whether it is outlined as a place of note.
type Shade struct {
	Fill    surface.Color
	Text    string
	Outline bool
}

// Shaded draws the map set small at (x, y), at most w wide and h high, for an analysis: every cell (or area,
// or place) filled as shade says, its grid thin and grey, the hexside features, paths and connections in
// their own styles over it, and each cell's text in page units (at least 4.5pt, or none). It returns the size
// drawn, or zeros for an open tabletop.
func (d *Drawing) Shaded(s surface.Surface, x, y, w, h float64, shade func(grid.Cell) Shade) (float64, float64) {
	if d.Set.Type == content.GridOpen {
		return 0, 0
	}
	if d.net != nil {
		return d.netShaded(s, x, y, w, h, shade)
	}
	gw, gh := d.mapW-2*d.border, d.mapH-2*d.border
	k := math.Min(w/gw, h/gh)
	page := func(q surface.Pt) surface.Pt { return surface.Pt{X: x + (q.X-d.border)*k, Y: y + (q.Y-d.border)*k} }
	set := d.Set
	type shaded struct {
		c  grid.Cell
		sh Shade
	}
	var shades []shaded // row by row, so the page is the same on every run
	var poly []surface.Pt
	s.SetDash()
	for row := 0; row < set.Rows; row++ {
		for col := 0; col < set.Cols; col++ {
			c := grid.Cell{Col: col, Row: row}
			if !set.Contains(c) {
				continue
			}
			sh := shade(c)
			shades = append(shades, shaded{c, sh})
			poly = d.cellPoly(c, poly)
			pts := make([]surface.Pt, len(poly))
			for i, q := range poly {
				pts[i] = page(q)
			}
			fill := surface.White
			if sh.Fill.A > 0 {
				fill = sh.Fill
			}
			s.SetFill(fill)
			s.SetStroke(gridColour, 0.3)
			s.Polygon(pts, surface.FillStroke)
		}
	}
	s.Push()
	s.Translate(x-d.border*k, y-d.border*k)
	s.Scale(k, k)
	p := &pen{s: s, view: surface.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6}}
	d.drawSides(p)
	d.drawPaths(p)
	s.Pop()
	size := d.cell * k
	f := surface.Font{Size: math.Min(7, size*0.38)}
	for _, cs := range shades {
		c, sh := cs.c, cs.sh
		q := page(d.centre(c))
		if sh.Outline {
			poly = d.cellPoly(c, poly)
			pts := make([]surface.Pt, len(poly))
			for i, v := range poly {
				pts[i] = page(v)
			}
			outline(s, pts, math.Max(1, size*0.08))
		}
		if sh.Text != "" && f.Size >= 4.5 {
			s.SetFill(surface.ReadableOn(cellFill(sh)))
			s.Text(q.X, q.Y, sh.Text, f, surface.Align{H: surface.Center, V: surface.Middle})
		}
	}
	s.SetStroke(surface.Black, 1)
	s.SetDash()
	s.Rect(x, y, gw*k, gh*k, surface.Stroke)
	return gw * k, gh * k
}

// netShaded is Shaded on an area or point-to-point map: areas filled, places' shapes filled, connections drawn.
func (d *Drawing) netShaded(s surface.Surface, x, y, w, h float64, shade func(grid.Cell) Shade) (float64, float64) {
	n := d.net
	k := math.Min(w/n.w, h/n.h)
	page := func(q surface.Pt) surface.Pt { return surface.Pt{X: x + (q.X-d.gx)*k, Y: y + (q.Y-d.gy)*k} }
	b := d.Set.Boards[0]
	nl := d.netLines()
	s.Push()
	s.Translate(x-d.gx*k, y-d.gy*k)
	s.Scale(k, k)
	p := &pen{s: s, view: surface.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6}}
	for _, ln := range nl.lines {
		d.strokeNet(p, ln.pl, ln.st)
	}
	s.Pop()
	var buf []surface.Pt
	type mark struct {
		at   surface.Pt
		sh   Shade
		poly []surface.Pt
	}
	var marks []mark
	for i := range n.places {
		np := &n.places[i]
		c := b.ToSet(grid.Cell{Col: i})
		sh := shade(c)
		fill := surface.White
		if sh.Fill.A > 0 {
			fill = sh.Fill
		}
		buf = d.netPoly(grid.Cell{Col: i}, buf)
		if np.shape == shapeDot || np.shape == shapeNone || len(buf) == 0 {
			// a dot is too small to shade: a disc of the place's own size
			r := math.Max(6, d.cell*0.3*k)
			q := page(d.netCentre(grid.Cell{Col: i}))
			buf = buf[:0]
			for a := range 24 {
				t := float64(a) * 2 * math.Pi / 24
				buf = append(buf, surface.Pt{X: q.X + r*math.Cos(t), Y: q.Y + r*math.Sin(t)})
			}
		} else {
			for j, v := range buf {
				buf[j] = page(v)
			}
		}
		pts := append([]surface.Pt(nil), buf...)
		s.SetFill(fill)
		s.SetStroke(gridColour, 0.5)
		s.SetDash()
		s.Polygon(pts, surface.FillStroke)
		marks = append(marks, mark{at: page(d.netCentre(grid.Cell{Col: i})), sh: sh, poly: pts})
	}
	f := surface.Font{Size: 7}
	for _, m := range marks {
		if m.sh.Outline {
			outline(s, m.poly, 1.5)
		}
		if m.sh.Text != "" {
			s.SetFill(surface.ReadableOn(cellFill(m.sh)))
			s.Text(m.at.X, m.at.Y, m.sh.Text, f, surface.Align{H: surface.Center, V: surface.Middle})
		}
	}
	s.SetStroke(surface.Black, 1)
	s.SetDash()
	s.Rect(x, y, n.w*k, n.h*k, surface.Stroke)
	return n.w * k, n.h * k
}

func cellFill(sh Shade) surface.Color {
	if sh.Fill.A == 0 {
		return surface.White
	}
	return sh.Fill
}

// outline rings a cell in white under black, so that it shows on a dark fill and on a light one alike.
func outline(s surface.Surface, pts []surface.Pt, w float64) {
	s.SetDash()
	s.SetStroke(surface.White, w*2.2)
	s.Polygon(pts, surface.Stroke)
	s.SetStroke(surface.Black, w)
	s.Polygon(pts, surface.Stroke)
}
