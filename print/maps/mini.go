package maps

import (
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// Miniature draws a small overview of a grid map at (x, y), at most w wide and h high: its painted
// background where it has one, the terrain fills its boards show, hexside
// features, roads, the boards' outlines and names, and a scenario's objectives. It returns the size drawn, or
// zeros for an open tabletop (which has no cells to shrink).
func (d *Drawing) Miniature(s surface.Surface, x, y, w, h float64) (float64, float64) {
	if d.Set.Type == content.GridOpen {
		return 0, 0
	}
	if d.net != nil {
		return d.netMiniature(s, x, y, w, h)
	}
	gw, gh := d.mapW-2*d.border, d.mapH-2*d.border
	k := math.Min(w/gw, h/gh)
	s.Push()
	s.Translate(x-d.border*k, y-d.border*k)
	s.Scale(k, k)
	p := &pen{s: s, view: surface.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6}}
	d.drawBackgrounds(p) // a painted board shows its painting, as the map does
	var poly, buf []surface.Pt
	set := d.Set
	for row := 0; row < set.Rows; row++ {
		for col := 0; col < set.Cols; col++ {
			c := grid.Cell{Col: col, Row: row}
			ter := set.Terrain(c)
			look := d.cellLook(c, ter, d.layersAt(c))
			if !look.fill {
				continue // the board hides its fills over its art: the painting shows
			}
			poly = d.cellPoly(c, poly)
			col := d.terrainColour(ter)
			col.A = look.alpha
			s.SetFill(col)
			if look.alpha == 255 {
				s.SetStroke(col, 0.8/k) // hides the seams between neighbours
				s.Polygon(p.poly(poly, buf), surface.FillStroke)
			} else {
				s.Polygon(p.poly(poly, buf), surface.Fill) // a seam stroke would darken the edges
			}
		}
	}
	d.drawSides(p)
	d.drawPaths(p)
	if d.layer != nil {
		d.miniLayer(p, k)
	}
	if d.Scenario != nil {
		d.drawObjectives(p)
	}
	s.Pop()
	// Board outlines and names, in page units so they stay legible.
	for _, b := range set.Boards {
		a := d.cellPoly(grid.Cell{Col: b.Col, Row: b.Row}, nil)
		z := d.cellPoly(grid.Cell{Col: b.Col + b.Geo.Cols - 1, Row: b.Row + b.Geo.Rows - 1}, nil)
		x0, y0, _, _ := bbox(a)
		_, _, x1, y1 := bbox(z)
		px := func(v float64) float64 { return x + (v-d.border)*k }
		py := func(v float64) float64 { return y + (v-d.border)*k }
		s.SetStroke(surface.Black, 1)
		s.SetDash()
		s.Rect(px(x0), py(y0), (x1-x0)*k, (y1-y0)*k, surface.Stroke)
		if len(set.Boards) > 1 || b.Map.Board != "" {
			name := b.Name
			if b.Rotate == 180 {
				name += " (180°)"
			}
			cx, cy := (px(x0)+px(x1))/2, (py(y0)+py(y1))/2
			f := surface.Font{Style: surface.Bold, Size: math.Min(16, (y1-y0)*k*0.25)}
			tw := s.MeasureText(name, f)
			s.SetFill(surface.RGBA(255, 255, 255, 200))
			s.Rect(cx-tw/2-3, cy-f.Size*0.6, tw+6, f.Size*1.2, surface.Fill)
			s.SetFill(surface.Black)
			s.Text(cx, cy, name, f, surface.Align{H: surface.Center, V: surface.Middle})
		}
	}
	return gw * k, gh * k
}

// miniLayer draws the scenario on a miniature (scaled by k): zones and entry edges tinted in the sides'
// colours, set-up units as dots of their colour.
func (d *Drawing) miniLayer(p *pen, k float64) {
	s := p.s
	for _, z := range d.layer.zones {
		d.tint(p, z.cells, d.layer.sides[z.side].fill, 110)
	}
	for _, bm := range d.layer.bands {
		d.tint(p, bm.cells, d.layer.sides[bm.side].fill, 200)
	}
	r := math.Max(d.cell*0.28, 1.2/k)
	for _, st := range d.layer.stacks {
		c := d.centre(st.cell)
		q := p.pt(c.X-r, c.Y-r)
		s.SetFill(st.units[0].fill)
		s.Rect(q.X, q.Y, 2*r, 2*r, surface.Fill)
	}
	for _, pm := range d.layer.pairs {
		a, b := d.centre(pm.a), d.centre(pm.b)
		qa, qb := p.pt(a.X, a.Y), p.pt(b.X, b.Y)
		s.SetStroke(pm.unit.fill, 2*r)
		s.Line(qa.X, qa.Y, qb.X, qb.Y)
	}
}

// netMiniature draws a small overview of an area or point-to-point map: its painting, the areas' fills, the
// typed borders and the connections, the places, and a scenario's zones, entries, units (as squares of their
// colour) and objectives; the map's outline in page units.
func (d *Drawing) netMiniature(s surface.Surface, x, y, w, h float64) (float64, float64) {
	n := d.net
	k := math.Min(w/n.w, h/n.h)
	s.Push()
	s.Translate(x-d.gx*k, y-d.gy*k)
	s.Scale(k, k)
	p := &pen{s: s, view: surface.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6}}
	d.drawBackgrounds(p)
	l := d.layersOf(d.Set.Boards[0])
	var buf []surface.Pt
	if l.Fills && l.FillOpacity > 0 {
		for i := range n.places {
			np := &n.places[i]
			if np.shape != shapeArea || np.offboard || np.terrain == "" && d.hasArt(d.Set.Boards[0]) {
				continue
			}
			col := d.terrainColour(np.terrain)
			col.A = uint8(math.Round(l.FillOpacity * 255))
			s.SetFill(col)
			buf = d.netPoly(grid.Cell{Col: i}, buf)
			s.Polygon(p.poly(buf, nil), surface.Fill)
		}
	}
	if d.layer != nil {
		for _, z := range d.layer.zones {
			d.tint(p, z.cells, d.layer.sides[z.side].fill, 110)
		}
		for _, bm := range d.layer.bands {
			d.tint(p, bm.cells, d.layer.sides[bm.side].fill, 200)
		}
	}
	nl := d.netLines()
	if l.Grid {
		thin := plainBorder
		thin.fixed = 0.5 / k
		for _, pl := range nl.rest {
			d.strokeNet(p, pl, thin)
		}
		for _, b := range nl.borders {
			if !b.typed {
				for _, pl := range b.runs {
					d.strokeNet(p, pl, thin)
				}
			}
		}
	}
	for _, b := range nl.borders {
		if b.typed {
			for _, pl := range b.runs {
				d.strokeNet(p, pl, b.st)
			}
		}
	}
	for _, ln := range nl.lines {
		d.strokeNet(p, ln.pl, ln.st)
	}
	for i := range n.places {
		d.drawPlace(p, &n.places[i], l)
	}
	if d.layer != nil && !d.HideUnits {
		r := math.Max(d.cell*0.28, 1.2/k)
		for i, us := range d.unitsByPlace() {
			if len(us) == 0 {
				continue
			}
			c := d.netCentre(grid.Cell{Col: i})
			q := p.pt(c.X-r, c.Y-r)
			s.SetFill(us[0].fill)
			s.Rect(q.X, q.Y, 2*r, 2*r, surface.Fill)
		}
	}
	if d.Scenario != nil {
		d.drawNetObjectives(p)
	}
	s.Pop()
	s.SetStroke(surface.Black, 1)
	s.SetDash()
	s.Rect(x, y, n.w*k, n.h*k, surface.Stroke)
	return n.w * k, n.h * k
}
