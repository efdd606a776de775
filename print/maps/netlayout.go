package maps

import (
	"cmp"
	"math"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// What an area or point-to-point map puts in and round its places, laid out once per drawing in points from
// the map's corner, so that every tile (and the frame a digital board draws) shows the same layout. An area's
// name (with its values) sits inside its polygon, at its point if it fits there, else as near as it does;
// then its marks (an objective's star, a control pennant, an entry's badge), then its units, spread over what
// is left of the area and never over the name. A place of a point-to-point map carries its units on its
// point, and its name and marks are set round it, clear of every place's shape and of each other. Zone
// labels go last, where they cover least.

// netLayout is the layout of a network drawing's places.
type netLayout struct {
	names  []nameLabel
	units  []unitSpot
	badges []badgeSpot
	flags  []flagSpot
	stars  []surface.Pt
}

// unitSpot is a box holding one unit, or a stack of the units the place had no more room for.
type unitSpot struct {
	b     box
	units []unitMark
}

// badgeSpot is an entry's badge ("T3") at a place.
type badgeSpot struct {
	b    box
	side int
	text string
	font surface.Font
}

// flagSpot is a control pennant: its pole's foot and size.
type flagSpot struct {
	x, y, h, w float64
	side       int
}

// starR is the radius of an objective's star at its place.
const starR = 5.0

// shifted is the layout's names moved into art coordinates.
func (lay *netLayout) shifted(dx, dy float64) []nameLabel {
	out := make([]nameLabel, len(lay.names))
	for i, n := range lay.names {
		n.anchor = surface.Pt{X: n.anchor.X + dx, Y: n.anchor.Y + dy}
		n.placed = n.placed.shift(dx, dy)
		out[i] = n
	}
	return out
}

func (a box) shift(dx, dy float64) box { return box{a.x0 + dx, a.y0 + dy, a.x1 + dx, a.y1 + dy} }

// netLayout lays out the places once.
func (d *Drawing) netLayout() *netLayout {
	d.layOnce.Do(func() { d.lay = d.buildNetLayout() })
	return d.lay
}

func (d *Drawing) buildNetLayout() *netLayout {
	m := d.measurer()
	n := d.net
	lay := &netLayout{}
	frame := box{0, 0, n.w, n.h}
	taken := newBoxSet(d.cell)
	// No name or mark covers a place's shape (an area's name sits inside its own polygon instead).
	for i := range n.places {
		if np := &n.places[i]; np.shape != shapeArea && np.shape != shapeNone && !np.offboard {
			taken.add(np.shapeBox().grow(0.5))
		}
	}
	// Entry bands' tags, along the map's edges.
	if d.layer != nil {
		for _, g := range d.bandGeoms(m) {
			taken.add(g.tagBox().shift(-d.gx, -d.gy))
		}
	}
	units := d.unitsByPlace()
	mk := d.markerSize()
	// Units on the places of a point-to-point map stand on their point.
	for i, us := range units {
		np := &n.places[i]
		if len(us) == 0 || np.shape == shapeArea || np.offboard || np.shape == shapeNone {
			continue
		}
		spots := pointUnits(np.at, us, mk)
		lay.units = append(lay.units, spots...)
		for _, sp := range spots {
			taken.add(sp.b)
		}
	}
	// Names.
	inner := make([]box, len(n.places)) // what each area's name takes, for its units to keep below
	for i := range n.places {
		np := &n.places[i]
		if np.shape == shapeNone {
			continue
		}
		nl := d.placeName(m, np, taken, frame)
		lay.names = append(lay.names, nl)
		taken.add(nl.placed)
		inner[i] = nl.placed
	}
	// Marks: objectives' stars and names, control pennants, entry badges.
	put := func(i int, w, h float64) box {
		np := &n.places[i]
		if np.shape == shapeArea || np.offboard {
			if b, ok := spotInside(np.shapePoly(0), np.at, w, h, taken, math.Max(2, h/3)); ok {
				taken.add(b)
				return b
			}
		}
		b, _ := placeAroundAny(w, h, np.at, np.radius()+1, false, taken, frame, d.cell)
		taken.add(b)
		return b
	}
	// The map's own labels and named locations at their places (a location named as its place is not named
	// again; an objective location gets its star).
	b0 := d.Set.Boards[0]
	for _, ml := range b0.Map.Labels {
		c, ok := b0.Cell(ml.Cell)
		if !ok || n.places[c.Col].shape == shapeNone {
			continue
		}
		nl := nameLabel{lines: []string{ml.Text}, font: surface.Font{Style: surface.BoldItalic, Size: 8, Typeface: d.fonts.Get(ml.Font)}, ink: inkColour, anchor: n.places[c.Col].at}
		w, h := labelSize(m, &nl)
		nl.placed = put(c.Col, w, h)
		lay.names = append(lay.names, nl)
	}
	for _, loc := range b0.Map.Locations {
		for _, c := range b0.Cells(loc.Cells) {
			np := &n.places[c.Col]
			if np.shape == shapeNone {
				continue
			}
			if locClass(loc.Kind) == "objective" {
				b := put(c.Col, 2*starR+1, 2*starR+1)
				lay.stars = append(lay.stars, surface.Pt{X: (b.x0 + b.x1) / 2, Y: (b.y0 + b.y1) / 2})
			}
			if name := cmp.Or(loc.Name, loc.ID); !strings.EqualFold(name, np.name) && !strings.EqualFold(name, np.id) {
				nl := nameLabel{lines: []string{name}, font: surface.Font{Style: surface.Italic, Size: 6.5}, ink: inkColour, anchor: np.at}
				w, h := labelSize(m, &nl)
				nl.placed = put(c.Col, w, h)
				lay.names = append(lay.names, nl)
			}
		}
	}
	if d.Scenario != nil {
		of := surface.Font{Style: surface.Bold, Size: 6.5}
		for _, o := range d.Scenario.Objectives {
			cs, _ := d.objectiveCells(o)
			for _, c := range cs {
				np := &n.places[c.Col]
				if np.shape == shapeNone {
					continue
				}
				b := put(c.Col, 2*starR+1, 2*starR+1)
				lay.stars = append(lay.stars, surface.Pt{X: (b.x0 + b.x1) / 2, Y: (b.y0 + b.y1) / 2})
				// Its name, unless the place's own says it, and its points.
				text := o.Name
				if text == "" && o.ID != np.id && !strings.EqualFold(o.ID, np.name) {
					text = o.ID
				}
				if o.Points != nil {
					text = strings.TrimSpace(text + " (" + trimNum(o.Points.Float()) + " pts)")
				}
				if text == "" {
					continue
				}
				nl := nameLabel{lines: []string{text}, font: of, ink: objectiveRed, anchor: np.at}
				w, h := labelSize(m, &nl)
				nl.placed = put(c.Col, w, h)
				lay.names = append(lay.names, nl)
			}
		}
	}
	if l := d.layer; l != nil {
		for _, c := range l.controls {
			if n.places[c.cell.Col].shape == shapeNone {
				continue
			}
			h, w := ControlFlag.H*d.cell, ControlFlag.W*d.cell
			b := put(c.cell.Col, w+2, h+2)
			lay.flags = append(lay.flags, flagSpot{x: b.x0 + 1, y: b.y1 - 1, h: h, w: w, side: c.side})
		}
		for _, bg := range l.badges {
			if n.places[bg.cell.Col].shape == shapeNone {
				continue
			}
			f := surface.Font{Style: surface.Bold, Size: clamp(d.cell*0.2, 5.5, 9)}
			b := put(bg.cell.Col, m.MeasureText(bg.text, f)+4, f.Size+3)
			lay.badges = append(lay.badges, badgeSpot{b: b, side: bg.side, text: bg.text, font: f})
		}
	}
	// Units in areas and holding boxes: spread over what the name and marks leave, nearest below the name.
	for i, us := range units {
		np := &n.places[i]
		if len(us) == 0 || !(np.shape == shapeArea || np.offboard) {
			continue
		}
		start := np.at
		if nb := inner[i]; nb.x1 > nb.x0 {
			start = surface.Pt{X: (nb.x0 + nb.x1) / 2, Y: nb.y1 + 2 + mk/2}
		}
		lay.units = append(lay.units, areaUnits(np.shapePoly(0), start, us, mk, taken)...)
	}
	// Zones' labels, round the middle of their places.
	if l := d.layer; l != nil {
		zf := surface.Font{Style: surface.BoldItalic, Size: 7}
		for _, z := range l.zones {
			if z.round || len(z.cells) == 0 {
				continue
			}
			var cx, cy float64
			for _, c := range z.cells {
				cx += n.places[c.Col].at.X
				cy += n.places[c.Col].at.Y
			}
			k := float64(len(z.cells))
			nl := nameLabel{lines: wrapName(m, z.label, zf, 2.6*d.cell), font: zf, ink: l.sides[z.side].ink, anchor: surface.Pt{X: cx / k, Y: cy / k}, r: 0.3 * d.cell}
			w, h := labelSize(m, &nl)
			b, ring := placeAroundAny(w, h, nl.anchor, nl.r, true, taken, frame, d.cell)
			nl.placed, nl.leader = b, ring > 0
			taken.add(b)
			lay.names = append(lay.names, nl)
		}
	}
	return lay
}

// unitsByPlace lists the units set up in each place, side by side in the order set up.
func (d *Drawing) unitsByPlace() [][]unitMark {
	out := make([][]unitMark, len(d.net.places))
	l := d.layer
	if l == nil || d.HideUnits {
		return out
	}
	for _, st := range l.stacks {
		if st.cell.Col >= 0 && st.cell.Col < len(out) {
			out[st.cell.Col] = append(out[st.cell.Col], st.units...)
		}
	}
	for _, pm := range l.pairs {
		if pm.a.Col >= 0 && pm.a.Col < len(out) {
			out[pm.a.Col] = append(out[pm.a.Col], pm.unit)
		}
	}
	return out
}

// placeName places a place's name and values: inside an area (at its point when it fits, else nearest it;
// wrapped, then smaller, when it fits nowhere), at the top of a holding box, round any other place.
func (d *Drawing) placeName(m metrics, np *netPlace, taken *boxSet, frame box) nameLabel {
	f := surface.Font{Style: surface.Bold, Size: 7}
	if np.shape == shapeArea {
		f.Size = 8
	}
	nl := nameLabel{lines: []string{np.name}, font: f, ink: inkColour, anchor: np.at, stats: np.stats}
	switch {
	case np.offboard:
		poly := np.shapePoly(0)
		x0, y0, x1, _ := bbox(poly)
		nl.lines = wrapName(m, np.name, f, x1-x0-8)
		w, h := labelSize(m, &nl)
		nl.placed = box{np.at.X - w/2, y0 + 3, np.at.X + w/2, y0 + 3 + h}
		return nl
	case np.shape == shapeArea:
		poly := np.shapePoly(0)
		x0, _, x1, _ := bbox(poly)
		tries := []struct {
			size  float64
			width float64
		}{{8, 0}, {8, (x1 - x0) * 0.55}, {6.5, (x1 - x0) * 0.45}, {5.5, (x1 - x0) * 0.35}}
		for _, t := range tries {
			nl.font.Size = t.size
			nl.lines = []string{np.name}
			if t.width > 0 {
				nl.lines = wrapName(m, np.name, nl.font, t.width)
			}
			w, h := labelSize(m, &nl)
			if b, ok := spotInside(poly, np.at, w, h, taken, math.Max(2, h/4)); ok {
				nl.placed = b
				return nl
			}
		}
		// Nowhere clear: at its point.
		nl.font.Size = 8
		nl.lines = []string{np.name}
		w, h := labelSize(m, &nl)
		nl.placed = box{np.at.X - w/2, np.at.Y - h/2, np.at.X + w/2, np.at.Y + h/2}
		return nl
	}
	nl.r = np.radius() + 1
	w, h := labelSize(m, &nl)
	b, ring := placeAroundAny(w, h, np.at, nl.r, false, taken, frame, d.cell)
	nl.placed, nl.leader = b, ring > 0
	return nl
}

// pointUnits stands a place's units on its point: up to three side by side, more as a stack.
func pointUnits(at surface.Pt, us []unitMark, m float64) []unitSpot {
	if len(us) > 3 {
		return []unitSpot{{b: box{at.X - m/2, at.Y - m/2, at.X + m/2, at.Y + m/2}, units: us}}
	}
	gap := 1.5
	total := float64(len(us))*m + float64(len(us)-1)*gap
	var out []unitSpot
	for i, u := range us {
		x := at.X - total/2 + float64(i)*(m+gap)
		out = append(out, unitSpot{b: box{x, at.Y - m/2, x + m, at.Y + m/2}, units: []unitMark{u}})
	}
	return out
}

// areaUnits spreads units over an area, each in a box of its own nearest start, clear of taken (and taking
// its box); when the area has no more room, the last box holds the rest as a stack.
func areaUnits(poly []surface.Pt, start surface.Pt, us []unitMark, m float64, taken *boxSet) []unitSpot {
	var out []unitSpot
	// One pass along the positions: a position refused for an earlier unit is refused for every later one.
	spiralInside(poly, start, m, m, (m+2)/2, func(b box) bool {
		if !taken.free(b.grow(1)) {
			return false
		}
		out = append(out, unitSpot{b: b, units: []unitMark{us[len(out)]}})
		taken.add(b)
		return len(out) == len(us)
	})
	if len(out) == 0 {
		b := box{start.X - m/2, start.Y - m/2, start.X + m/2, start.Y + m/2}
		taken.add(b)
		return []unitSpot{{b: b, units: us}}
	}
	if len(out) < len(us) {
		last := &out[len(out)-1]
		last.units = append(last.units, us[len(out):]...)
	}
	return out
}

// maxRings bounds the rings of one search.
const maxRings = 150

// spotWork bounds the work of one search inside a polygon: positions tried times the polygon's corners.
const spotWork = 2_000_000

// spotInside finds a box w x h inside a polygon, clear of taken, nearest to a (see spiralInside).
func spotInside(poly []surface.Pt, a surface.Pt, w, h float64, taken *boxSet, step float64) (found box, ok bool) {
	spiralInside(poly, a, w, h, step, func(b box) bool {
		if taken.free(b) {
			found, ok = b, true
		}
		return ok
	})
	return found, ok
}

// spiralInside calls f with boxes w x h that lie inside a polygon, their centres on a lattice of the step
// round a, ring by ring, each ring nearest first, until f returns true or the rings pass the polygon (or
// spotWork is spent).
func spiralInside(poly []surface.Pt, a surface.Pt, w, h, step float64, f func(b box) bool) {
	if len(poly) < 3 || !(step > 0) {
		return
	}
	x0, y0, x1, y1 := bbox(poly)
	if w > x1-x0 || h > y1-y0 {
		return
	}
	reach := math.Max(math.Max(a.X-x0, x1-a.X), math.Max(a.Y-y0, y1-a.Y))
	step = math.Max(step, reach/maxRings) // a vast area is searched more coarsely
	rings := int(math.Ceil(reach/step)) + 1
	budget := max(spotWork/len(poly), 64)
	var ring [][2]int
	for r := 0; r <= rings && budget > 0; r++ {
		ring = ring[:0]
		for j := -r; j <= r; j++ {
			for i := -r; i <= r; i++ {
				if max(abs(i), abs(j)) == r {
					ring = append(ring, [2]int{i, j})
				}
			}
		}
		slices.SortFunc(ring, func(p, q [2]int) int {
			return cmp.Or(cmp.Compare(p[0]*p[0]+p[1]*p[1], q[0]*q[0]+q[1]*q[1]), cmp.Compare(p[1], q[1]), cmp.Compare(p[0], q[0]))
		})
		for _, ij := range ring {
			cx, cy := a.X+float64(ij[0])*step, a.Y+float64(ij[1])*step
			b := box{cx - w/2, cy - h/2, cx + w/2, cy + h/2}
			if b.x0 < x0 || b.y0 < y0 || b.x1 > x1 || b.y1 > y1 {
				continue
			}
			if budget--; budget < 0 {
				return
			}
			if boxInPolygon(b, poly, 1) && f(b) {
				return
			}
		}
	}
}

func abs(i int) int {
	if i < 0 {
		return -i
	}
	return i
}

// boxInPolygon reports whether a box lies inside a polygon, at least margin from its outline.
func boxInPolygon(b box, poly []surface.Pt, margin float64) bool {
	for _, q := range []surface.Pt{{X: b.x0, Y: b.y0}, {X: b.x1, Y: b.y0}, {X: b.x1, Y: b.y1}, {X: b.x0, Y: b.y1}} {
		if !pointInPolygon(q, poly) {
			return false
		}
	}
	g := b.grow(margin)
	for i := range poly {
		if segmentMeetsBox(poly[i], poly[(i+1)%len(poly)], g) {
			return false
		}
	}
	return true
}

// pointInPolygon is the even-odd rule.
func pointInPolygon(q surface.Pt, poly []surface.Pt) bool {
	return grid.Polygon(toGrid(poly)).Contains(grid.Point{X: q.X, Y: q.Y})
}

func toGrid(pts []surface.Pt) []grid.Point {
	out := make([]grid.Point, len(pts))
	for i, q := range pts {
		out[i] = grid.Point{X: q.X, Y: q.Y}
	}
	return out
}

// segmentMeetsBox reports whether segment ab passes through the box (Liang–Barsky clipping).
func segmentMeetsBox(a, b surface.Pt, bx box) bool {
	t0, t1 := 0.0, 1.0
	dx, dy := b.X-a.X, b.Y-a.Y
	for _, c := range [][2]float64{{-dx, a.X - bx.x0}, {dx, bx.x1 - a.X}, {-dy, a.Y - bx.y0}, {dy, bx.y1 - a.Y}} {
		p, q := c[0], c[1]
		if p == 0 {
			if q < 0 {
				return false
			}
			continue
		}
		t := q / p
		if p < 0 {
			t0 = math.Max(t0, t)
		} else {
			t1 = math.Min(t1, t)
		}
		if t0 > t1 {
			return false
		}
	}
	return true
}

// ------------------------------------------------------------------------------------------- drawing

// drawNetUnits draws the units laid out in the places: one marker a box, or a stack with its count.
func (d *Drawing) drawNetUnits(p *pen, lay *netLayout) {
	for _, sp := range lay.units {
		b := sp.b.shift(d.gx, d.gy)
		if !p.sees(b.grow(4)) {
			continue
		}
		if len(sp.units) == 1 {
			d.marker(p, sp.units[0], b)
			continue
		}
		d.stackIn(p, sp.units, b)
	}
}

// stackIn draws a stack inside box b: the units under the top one as edges up and to the right, the top
// one at the lower left, and the count on its corner.
func (d *Drawing) stackIn(p *pen, us []unitMark, b box) {
	s := p.s
	m := b.x1 - b.x0
	under := min(len(us)-1, 2)
	off := clamp(m*0.09, 1.2, 3)
	ms := m - float64(under)*off
	for k := under; k >= 1; k-- {
		u := us[min(k, len(us)-1)]
		q := p.pt(b.x0+float64(k)*off, b.y0+float64(under-k)*off)
		s.SetFill(u.fill)
		s.SetStroke(darker(u.fill, 0.45), 0.5)
		s.SetDash()
		s.Rect(q.X, q.Y, ms, ms, surface.FillStroke)
	}
	top := box{b.x0, b.y0 + float64(under)*off, b.x0 + ms, b.y0 + float64(under)*off + ms}
	d.marker(p, us[0], top)
	r := clamp(ms*0.2, 3.2, 7)
	c := p.pt(top.x1, top.y0)
	s.SetFill(surface.White)
	s.SetStroke(inkColour, 0.6)
	s.Circle(c.X, c.Y, r, surface.FillStroke)
	s.SetFill(inkColour)
	s.Text(c.X, c.Y, itoa(len(us)), surface.Font{Style: surface.Bold, Size: r * 1.25}, surface.Align{H: surface.Center, V: surface.Middle})
}

// drawNetFlags draws the control pennants.
func (d *Drawing) drawNetFlags(p *pen, lay *netLayout) {
	for _, f := range lay.flags {
		x, y := f.x+d.gx, f.y+d.gy
		if !p.visible(x-1, y-f.h-1, x+f.w+1, y+1) {
			continue
		}
		d.pennant(p, d.layer.sides[f.side], x, y, f.h, f.w)
	}
}

// drawNetBadges draws the entries' badges.
func (d *Drawing) drawNetBadges(p *pen, lay *netLayout) {
	s := p.s
	for _, bg := range lay.badges {
		st := d.layer.sides[bg.side]
		bx := bg.b.shift(d.gx, d.gy)
		if !p.sees(bx) {
			continue
		}
		q := p.pt(bx.x0, bx.y0)
		s.SetFill(st.fill)
		s.SetStroke(st.text, 0.6)
		s.SetDash()
		s.Rect(q.X, q.Y, bx.x1-bx.x0, bx.y1-bx.y0, surface.FillStroke)
		s.SetFill(st.text)
		c := p.pt((bx.x0+bx.x1)/2, (bx.y0+bx.y1)/2)
		s.Text(c.X, c.Y, bg.text, bg.font, surface.Align{H: surface.Center, V: surface.Middle})
	}
}

// drawNetStars draws the objectives' stars.
func (d *Drawing) drawNetStars(p *pen, lay *netLayout) {
	s := p.s
	for _, c := range lay.stars {
		x, y := c.X+d.gx, c.Y+d.gy
		if !p.visible(x-starR, y-starR, x+starR, y+starR) {
			continue
		}
		q := p.pt(x, y)
		s.SetFill(objectiveRed)
		s.SetStroke(surface.White, 0.5)
		s.SetDash()
		s.Star(q.X, q.Y, starR, 5, surface.FillStroke)
	}
}
