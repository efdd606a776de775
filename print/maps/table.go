package maps

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// tablePt converts table inches to art coordinates.
func (d *Drawing) tablePt(x, y float64) surface.Pt {
	k := surface.Inch * d.Scale
	return surface.Pt{X: d.gx + x*k, Y: d.gy + y*k}
}

// drawTable draws an open tabletop as a plan: an inch grid, the terrain pieces to scale, named places.
func (d *Drawing) drawTable(p *pen) {
	s := p.s
	t := d.Set.Table
	o := d.tablePt(0, 0)
	z := d.tablePt(t.Width, t.Height)
	q := p.pt(o.X, o.Y)
	s.SetFill(surface.RGB(0xf4, 0xf0, 0xe0))
	s.Rect(q.X, q.Y, z.X-o.X, z.Y-o.Y, surface.Fill)
	for _, b := range d.Set.Boards {
		for _, pc := range b.Map.Pieces {
			poly := d.piecePoly(pc)
			if len(poly) < 3 {
				continue
			}
			pts := p.poly(poly, nil)
			col := d.terrainColour(pc.Terrain)
			s.SetFill(col)
			s.Polygon(pts, surface.Fill)
			pat := d.terrainPattern(pc.Terrain)
			s.Push()
			s.ClipPolygon(pts)
			x0, y0, x1, y1 := bbox(poly)
			if pat == "contour" {
				cx, cy := centroid(poly)
				s.SetStroke(patternInk(col), 0.6)
				for _, f := range []float64{0.78, 0.55, 0.32} {
					in := make([]surface.Pt, len(poly))
					for i, v := range poly {
						in[i] = surface.Pt{X: cx + (v.X-cx)*f, Y: cy + (v.Y-cy)*f}
					}
					s.Polygon(p.poly(in, nil), surface.Stroke)
				}
			} else if pat != "" && pat != "none" {
				drawPattern(s, pat, patternInk(col), d.cell, period{}, p, x0, y0, x1, y1)
			}
			s.Pop()
			s.SetStroke(patternInk(col), 0.8)
			s.SetDash()
			s.Polygon(pts, surface.Stroke)
		}
	}
	d.drawTablePaths(p)
	// The inch grid: every 6in, heavier every 12in, numbered just inside the top and left edges (the border
	// is the entries').
	for x := 6.0; x < t.Width; x += 6 {
		a, b := p.pt(d.tablePt(x, 0).X, o.Y), p.pt(d.tablePt(x, 0).X, z.Y)
		gridLine(s, a, b, math.Mod(x, 12) == 0)
	}
	for y := 6.0; y < t.Height; y += 6 {
		a, b := p.pt(o.X, d.tablePt(0, y).Y), p.pt(z.X, d.tablePt(0, y).Y)
		gridLine(s, a, b, math.Mod(y, 12) == 0)
	}
	s.SetFill(inkColour)
	for _, rn := range d.rulerNumbers(s) {
		q := p.pt(rn.x, rn.y)
		s.Text(q.X, q.Y, rn.text, rulerFont, rn.a)
	}
	s.SetStroke(surface.Black, 0.8)
	q = p.pt(o.X, o.Y)
	s.Rect(q.X, q.Y, z.X-o.X, z.Y-o.Y, surface.Stroke)
	// Deployment zones and set-up units, under the names.
	if d.layer != nil {
		d.drawZones(p)
		if !d.HideUnits {
			d.drawTableUnits(p)
		}
	}
	// Named places' marks; their names and the pieces' are placed with the other names.
	for _, b := range d.Set.Boards {
		for _, l := range b.Map.Locations {
			if len(l.Point) != 2 {
				continue
			}
			c := d.tablePt(l.Point[0].Inches(), l.Point[1].Inches())
			q := p.pt(c.X, c.Y)
			switch locClass(l.Kind) {
			case "objective":
				s.SetFill(surface.RGB(0xb0, 0x10, 0x10))
				s.SetStroke(surface.White, 0.6)
				s.Star(q.X, q.Y, 6, 5, surface.FillStroke)
			case "village":
				house(s, q.X, q.Y, 7)
			default:
				s.SetFill(inkColour)
				s.Circle(q.X, q.Y, 2.5, surface.Fill)
			}
		}
	}
	d.drawNames(p, d.placedNames())
	if d.Scenario != nil {
		d.drawEntries(p)
	}
}

var rulerFont = surface.Font{Size: 5.5}

// rulerNumber is a number of an open table's inch grid: its text at (x, y), art coordinates, and its box.
type rulerNumber struct {
	text string
	x, y float64
	a    surface.Align
	b    box
}

// rulerNumbers are the numbers of the heavy lines of the inch grid (every 12in), just inside the table's top
// and left edges.
func (d *Drawing) rulerNumbers(m metrics) []rulerNumber {
	t := d.Set.Table
	o := d.tablePt(0, 0)
	asc, desc, _ := m.FontMetrics(rulerFont)
	var out []rulerNumber
	for x := 12.0; x < t.Width; x += 12 {
		text := trimInches(x)
		w := m.MeasureText(text, rulerFont)
		ax, ay := d.tablePt(x, 0).X, o.Y+1.5
		out = append(out, rulerNumber{text, ax, ay, surface.Align{H: surface.Center, V: surface.Top}, box{ax - w/2, ay, ax + w/2, ay + asc + desc}})
	}
	for y := 12.0; y < t.Height; y += 12 {
		text := trimInches(y)
		w := m.MeasureText(text, rulerFont)
		ax, ay := o.X+1.5, d.tablePt(0, y).Y
		out = append(out, rulerNumber{text, ax, ay, surface.Align{H: surface.Left, V: surface.Middle}, box{ax, ay - (asc+desc)/2, ax + w, ay + (asc+desc)/2}})
	}
	return out
}

// piecePoly is a terrain piece's outline in art coordinates: its polygon, or its circle as 48 points.
func (d *Drawing) piecePoly(pc content.Piece) []surface.Pt {
	var poly []surface.Pt
	if pc.Circle != nil {
		cx, cy, r := pc.Circle.X.Inches(), pc.Circle.Y.Inches(), pc.Circle.Radius.Inches()
		for i := 0; i < 48; i++ {
			a := float64(i) * 2 * math.Pi / 48
			poly = append(poly, d.tablePt(cx+r*math.Cos(a), cy+r*math.Sin(a)))
		}
		return poly
	}
	for _, v := range pc.Polygon {
		if len(v) == 2 {
			poly = append(poly, d.tablePt(v[0].Inches(), v[1].Inches()))
		}
	}
	return poly
}

// tableNames adds an open table's names to place: each terrain piece's name near the top of the piece, each
// named place's under its mark (with its points when a scenario objective gives them), the marks kept clear.
func (d *Drawing) tableNames(m metrics, in *labelInput, add func(prio int, n nameLabel)) {
	for _, rn := range d.rulerNumbers(m) {
		in.marks = append(in.marks, rn.b)
	}
	if d.layer != nil {
		for _, ts := range d.layer.table {
			for k := min(len(ts.units)-1, 2); k >= 0; k-- {
				in.marks = append(in.marks, d.tableBox(ts, k).grow(3.5)) // with its count's disc
			}
		}
		for _, z := range d.layer.zones {
			if !z.round {
				continue
			}
			c := d.tablePt(z.cx, z.cy)
			r := d.tablePt(z.cx+z.rr, z.cy).X - c.X
			f := surface.Font{Style: surface.BoldItalic, Size: clamp(r*0.12, 6, 9)}
			if w := m.MeasureText(z.label, f); w > 1.6*r && w > 0 {
				f.Size = math.Max(5, f.Size*1.6*r/w) // fit the chord near the top
			}
			add(4, nameLabel{lines: []string{z.label}, font: f, ink: d.layer.sides[z.side].ink, anchor: surface.Pt{X: c.X, Y: c.Y - r + f.Size*1.4}, centre: true, r: 2})
		}
	}
	k := surface.Inch * d.Scale
	for _, b := range d.Set.Boards {
		for _, pc := range b.Map.Pieces {
			poly := d.piecePoly(pc)
			if pc.Name == "" || len(poly) < 3 {
				continue
			}
			cx, _ := centroid(poly)
			_, y0, _, y1 := bbox(poly)
			f := surface.Font{Style: surface.Italic, Size: clamp(k*2.2, 6, 10)}
			add(3, nameLabel{lines: []string{pc.Name}, font: f, ink: inkColour, anchor: surface.Pt{X: cx, Y: y0 + math.Min(12, (y1-y0)*0.3)},
				centre: true, r: 3, src: pc.At, what: fmt.Sprintf("map %s's piece %q", b.Map.ID, pc.Name)})
		}
	}
	points := map[string]float64{}
	if d.Scenario != nil {
		for _, ob := range d.Scenario.Objectives {
			if ob.Location != "" && ob.Points != nil {
				points[ob.Location] = ob.Points.Float()
			}
		}
	}
	for _, b := range d.Set.Boards {
		pieces := map[string]bool{} // a place named like a piece of its map is named once, by the piece
		for _, pc := range b.Map.Pieces {
			pieces[strings.ToLower(strings.TrimSpace(pc.Name))] = true
		}
		for _, l := range b.Map.Locations {
			if len(l.Point) != 2 {
				continue
			}
			if !d.Set.Table.ContainsPoint(grid.Point{X: l.Point[0].Inches(), Y: l.Point[1].Inches()}) {
				continue // off the table: an error of its own (map-tabletop.point-off-table), no name to place
			}
			c := d.tablePt(l.Point[0].Inches(), l.Point[1].Inches())
			in.mark(c.X, c.Y, 7)
			name := cmp.Or(l.Name, l.ID)
			if _, ok := points[l.ID]; !ok && pieces[strings.ToLower(strings.TrimSpace(name))] {
				continue
			}
			if v, ok := points[l.ID]; ok {
				name += " (" + trimNum(v) + " pts)"
			}
			add(1, nameLabel{lines: []string{name}, font: surface.Font{Style: surface.Bold, Size: 6.5}, ink: inkColour, anchor: c, r: 8,
				src: l.At, what: fmt.Sprintf("map %s's place %q", b.Map.ID, name)})
		}
	}
}

func gridLine(s surface.Surface, a, b surface.Pt, heavy bool) {
	if heavy {
		s.SetStroke(surface.RGBA(0x40, 0x40, 0x40, 160), 0.5)
	} else {
		s.SetStroke(surface.RGBA(0x40, 0x40, 0x40, 90), 0.3)
	}
	s.SetDash()
	s.Line(a.X, a.Y, b.X, b.Y)
}

// centroid is the area centroid of a simple polygon (the mean of its vertices when it has no area).
func centroid(pts []surface.Pt) (float64, float64) {
	var a, cx, cy float64
	for i := range pts {
		p, q := pts[i], pts[(i+1)%len(pts)]
		c := p.X*q.Y - q.X*p.Y
		a += c
		cx += (p.X + q.X) * c
		cy += (p.Y + q.Y) * c
	}
	if math.Abs(a) < 1e-9 {
		var mx, my float64
		for _, p := range pts {
			mx += p.X
			my += p.Y
		}
		return mx / float64(len(pts)), my / float64(len(pts))
	}
	return cx / (3 * a), cy / (3 * a)
}

// tableLine is a feature drawn through points of an open tabletop, in art coordinates.
type tableLine struct {
	pl   []surface.Pt
	st   lineStyle
	path bool // a path feature (a road), not a river or other hexside feature
}

// tableLines are the features the maps draw through points: rivers and other hexside features first, then
// roads and other paths, each in the order listed.
func (d *Drawing) tableLines() []tableLine {
	var water, paths []tableLine
	for _, b := range d.Set.Boards {
		if !d.layersOf(b).Paths {
			continue
		}
		for _, pf := range b.Map.Paths {
			var pl []surface.Pt
			for _, v := range pf.Points {
				if len(v) == 2 {
					pl = append(pl, d.tablePt(v[0].Inches(), v[1].Inches()))
				}
			}
			if len(pl) < 2 {
				continue
			}
			f := d.features[pf.Type]
			ln := tableLine{pl: pl, st: d.lineStyle(pf.Type), path: f == nil || f.On == content.FeaturePath}
			if ln.path {
				paths = append(paths, ln)
			} else {
				water = append(water, ln)
			}
		}
	}
	return append(water, paths...)
}

// drawTablePaths draws the roads and rivers an open tabletop gives as lines of points, to the plan's scale,
// and its crossings where they are, each turned along the road it carries (else across the river it spans).
func (d *Drawing) drawTablePaths(p *pen) {
	lines := d.tableLines()
	for _, ln := range lines {
		d.strokeFeature(p, ln.pl, ln.st)
	}
	for _, b := range d.Set.Boards {
		if !d.layersOf(b).Hexsides {
			continue
		}
		for _, cr := range b.Map.Crossings {
			if len(cr.Point) != 2 {
				continue
			}
			mid := d.tablePt(cr.Point[0].Inches(), cr.Point[1].Inches())
			if !p.visible(mid.X-d.cell, mid.Y-d.cell, mid.X+d.cell, mid.Y+d.cell) {
				continue
			}
			ux, uy := 1.0, 0.0
			if a, e, ok := nearestSegment(lines, mid, true); ok {
				ux, uy = e.X-a.X, e.Y-a.Y
			} else if a, e, ok := nearestSegment(lines, mid, false); ok {
				ux, uy = -(e.Y - a.Y), e.X-a.X
			}
			l := math.Hypot(ux, uy)
			if l == 0 {
				ux, uy, l = 1, 0, 1
			}
			ux, uy = ux/l, uy/l
			d.crossingMark(p, mid, ux, uy, -uy, ux, d.lineStyle(cr.Type))
		}
	}
}

// nearestSegment is the segment of a path (path set) or of another feature (path unset) nearest q.
func nearestSegment(lines []tableLine, q surface.Pt, path bool) (a, b surface.Pt, ok bool) {
	best := math.Inf(1)
	for _, ln := range lines {
		if ln.path != path {
			continue
		}
		for i := 0; i+1 < len(ln.pl); i++ {
			if dd := segDistPt(q, ln.pl[i], ln.pl[i+1]); dd < best {
				best, a, b, ok = dd, ln.pl[i], ln.pl[i+1], true
			}
		}
	}
	return a, b, ok
}
