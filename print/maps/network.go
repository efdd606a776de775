package maps

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/surface"
)

// Area and point-to-point maps: the geometry a drawing works from, in points from the map's top-left corner
// (the art adds the frame's border, gx and gy). An area's polygon is filled by its terrain; the borders areas
// share (grid.SharedBorders) are each stroked once, in the style of the hexside-type connection that joins
// the two areas, else plain, and the rest of every outline plain; path-type connections (roads, railways,
// sea lanes), connections between areas that do not touch, and every connection of a point-to-point map are
// lines from place to place (or along their route), side by side where several join the same two places.

// netTol is how close two lines must come to count as one, in inches: validate's placeTol, so that the
// borders drawn are the ones validate found.
const netTol = 0.01

// haloPad is how far round a place's shape its ground reaches on a point-to-point map: what a zone tints, an
// entry marks and an objective rings.
const haloPad = 5.0

// dotR is the radius of a place drawn as a dot.
const dotR = 2.6

// shapeKind is how a place is drawn.
type shapeKind uint8

const (
	shapeNone   shapeKind = iota // no point to draw it at
	shapeArea                    // an area's polygon
	shapeCircle                  // a circle about its point
	shapeBox                     // a box centred on its point (a holding box without a size gets one)
	shapeDot                     // a dot at its point
)

// netPlace is one place as drawn, in points from the map's top-left corner.
type netPlace struct {
	id, name string
	at       surface.Pt
	ok       bool         // it has a point (its own, or its outline's centre)
	outline  []surface.Pt // an area's polygon
	poly     grid.Polygon // the same in inches, for grid's arithmetic
	shape    shapeKind
	r        float64 // circle radius
	w, h     float64 // box size
	offboard bool
	terrain  string
	kind     string
	stats    []statText
}

// statText is one of a place's values as printed: the stat's abbreviation and the value.
type statText struct{ abbr, value string }

func (s statText) String() string { return s.abbr + " " + s.value }

// network is an area or point-to-point map's drawing geometry.
type network struct {
	area   bool // an area map (else point-to-point)
	places []netPlace
	w, h   float64 // the map's size in points
}

// netLines are the borders and connection lines of a network, worked out once per drawing.
type netLines struct {
	borders []netBorder
	rest    [][]surface.Pt // the stretches of outline no other area shares, as polylines
	lines   []netLine
}

// netBorder is the border two areas share: its runs, and the style it is stroked in.
type netBorder struct {
	a, b  int
	runs  [][]surface.Pt
	st    lineStyle
	typed bool // a hexside-type connection styles it
}

// netLine is a connection drawn as a line.
type netLine struct {
	pl []surface.Pt
	st lineStyle
}

// initNetwork reads the places of an area or point-to-point map.
func (d *Drawing) initNetwork() {
	b := d.Set.Boards[0]
	g := b.Geo
	k := surface.Inch
	n := &network{area: d.Set.Type == content.GridArea, w: g.Table.Width * k, h: g.Table.Height * k}
	var defs []content.StatDef
	if d.Sys != nil {
		defs = d.Sys.PlaceStats
	}
	for i, p := range g.Places {
		np := netPlace{id: p.ID, name: cmp.Or(p.Name, p.ID), offboard: p.Offboard, terrain: p.Terrain, kind: p.Kind, stats: placeStats(p, defs)}
		if q, ok := g.Anchor(i); ok {
			np.at, np.ok = surface.Pt{X: q.X * k, Y: q.Y * k}, true
		}
		switch pg := g.Outline(i); {
		case len(pg) >= 3:
			np.shape, np.poly = shapeArea, pg
			for _, v := range pg {
				np.outline = append(np.outline, surface.Pt{X: v.X * k, Y: v.Y * k})
			}
		case !np.ok:
		case p.Radius != nil && *p.Radius > 0 && !math.IsInf(*p.Radius, 0):
			np.shape, np.r = shapeCircle, *p.Radius*g.Scale*k
		case len(p.Box) == 2 && p.Box[0] > 0 && p.Box[1] > 0 && !math.IsInf(p.Box[0], 0) && !math.IsInf(p.Box[1], 0):
			np.shape, np.w, np.h = shapeBox, p.Box[0]*g.Scale*k, p.Box[1]*g.Scale*k
		case p.Offboard:
			// A holding box without a size: room for its name and a row of units.
			np.shape, np.w, np.h = shapeBox, 1.1*k, 0.65*k
		default:
			np.shape = shapeDot
		}
		n.places = append(n.places, np)
	}
	d.net = n
}

// placeStats are a place's values in the order the System declares them (any others after, by id), each
// under its abbreviation (else its id).
func placeStats(p *content.Place, defs []content.StatDef) []statText {
	if len(p.Stats) == 0 {
		return nil
	}
	var out []statText
	done := map[string]bool{}
	for _, sd := range defs {
		if v, ok := p.Stats[sd.ID]; ok {
			out = append(out, statText{cmp.Or(sd.Abbr, sd.ID), sd.Prefix + v.Text})
			done[sd.ID] = true
		}
	}
	var rest []string
	for id := range p.Stats {
		if !done[id] {
			rest = append(rest, id)
		}
	}
	slices.Sort(rest)
	for _, id := range rest {
		out = append(out, statText{id, p.Stats[id].Text})
	}
	return out
}

// netCentre is a place's point in art coordinates.
func (d *Drawing) netCentre(c grid.Cell) surface.Pt {
	if c.Col < 0 || c.Col >= len(d.net.places) {
		return surface.Pt{X: d.gx, Y: d.gy}
	}
	q := d.net.places[c.Col].at
	return surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}
}

// shapePoly is a place's shape in points from the map's corner, grown by pad: its polygon, box, or a circle
// as a polygon of 32 sides.
func (np *netPlace) shapePoly(pad float64) []surface.Pt {
	switch np.shape {
	case shapeArea:
		return slices.Clone(np.outline)
	case shapeBox:
		x0, y0 := np.at.X-np.w/2-pad, np.at.Y-np.h/2-pad
		x1, y1 := np.at.X+np.w/2+pad, np.at.Y+np.h/2+pad
		return []surface.Pt{{X: x0, Y: y0}, {X: x1, Y: y0}, {X: x1, Y: y1}, {X: x0, Y: y1}}
	case shapeNone:
		return nil
	}
	r := np.r
	if np.shape == shapeDot {
		r = dotR
	}
	r += pad
	out := make([]surface.Pt, 32)
	for i := range out {
		a := float64(i) * 2 * math.Pi / 32
		out[i] = surface.Pt{X: np.at.X + r*math.Cos(a), Y: np.at.Y + r*math.Sin(a)}
	}
	return out
}

// radius is how far a place's shape reaches from its point (for names set round it).
func (np *netPlace) radius() float64 {
	switch np.shape {
	case shapeCircle:
		return np.r
	case shapeBox:
		return math.Max(np.w, np.h) / 2
	case shapeDot:
		return dotR
	}
	return 0
}

// shapeBox is the box round a place's shape.
func (np *netPlace) shapeBox() box {
	x0, y0, x1, y1 := bbox(np.shapePoly(0))
	return box{x0, y0, x1, y1}
}

// ground is a place's ground in points from the map's corner: an area's polygon, a holding box, or the
// shape of a place on a point-to-point map with a margin round it.
func (np *netPlace) ground() []surface.Pt {
	if np.shape == shapeArea || np.offboard {
		return np.shapePoly(0)
	}
	return np.shapePoly(haloPad)
}

// netPoly is a place's ground in art coordinates (see ground).
func (d *Drawing) netPoly(c grid.Cell, dst []surface.Pt) []surface.Pt {
	dst = dst[:0]
	if c.Col < 0 || c.Col >= len(d.net.places) {
		return dst
	}
	for _, q := range d.net.places[c.Col].ground() {
		dst = append(dst, surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy})
	}
	return dst
}

// ------------------------------------------------------------------------------------------- lines

// plainBorder is how a border no typed connection styles is drawn, and the rest of every outline.
var plainBorder = lineStyle{kind: "line", colour: gridColour, fixed: 0.6}

// plainLink is how an untyped connection drawn as a line looks.
var plainLink = lineStyle{kind: "line", colour: surface.RGB(0x40, 0x40, 0x40), fixed: 1}

// netStyle is the style of a connection of feature id: a path feature keeps its look (a road, a railway);
// a hexside feature is one stroke in its colour, width and dash, along a border or from place to place.
func (d *Drawing) netStyle(id string) lineStyle {
	if id == "" || d.features[id] == nil {
		return plainLink
	}
	st := d.lineStyle(id)
	if d.features[id].On != content.FeaturePath {
		st.kind = "line"
	}
	return st
}

// isBorderType reports whether a connection type is a hexside feature: on an area map, drawn along the
// border the two areas share.
func (d *Drawing) isBorderType(id string) bool {
	f := d.features[id]
	return f != nil && f.On == content.FeatureHexside
}

// netLines works out the borders and connection lines once.
func (d *Drawing) netLines() *netLines {
	d.netOnce.Do(func() { d.netGeom = d.buildNetLines() })
	return d.netGeom
}

func (d *Drawing) buildNetLines() *netLines {
	n := d.net
	m := d.Set.Boards[0].Map
	g := d.Set.Boards[0].Geo
	k := surface.Inch
	out := &netLines{}
	l := d.layersOf(d.Set.Boards[0])
	// Borders between areas.
	touching := map[[2]int]int{} // index into out.borders
	if n.area {
		var polys []grid.Polygon
		var index []int
		for i := range n.places {
			if p := &n.places[i]; p.shape == shapeArea && !p.offboard {
				polys = append(polys, p.poly)
				index = append(index, i)
			}
		}
		for _, b := range grid.SharedBorders(polys, netTol) {
			nb := netBorder{a: index[b.A], b: index[b.B], st: plainBorder}
			for _, r := range b.Runs {
				pl := make([]surface.Pt, len(r))
				for i, q := range r {
					pl[i] = surface.Pt{X: q.X * k, Y: q.Y * k}
				}
				nb.runs = append(nb.runs, pl)
			}
			touching[[2]int{nb.a, nb.b}] = len(out.borders)
			out.borders = append(out.borders, nb)
		}
		out.rest = outlineRest(n, out.borders, netTol*k)
	}
	// Connections.
	type drawn struct {
		a, b int // the places the line joins, a < b
		line netLine
	}
	var lines []drawn
	for _, c := range m.Connections {
		var idx []int
		for _, id := range c.Between {
			if i, ok := g.PlaceIndex(id); ok && n.places[i].shape != shapeNone {
				idx = append(idx, i)
			}
		}
		if len(idx) < 2 || len(c.Between) > content.MaxConnectionBetween {
			continue
		}
		border := d.isBorderType(c.Type)
		if border && !l.Hexsides || !border && c.Type != "" && !l.Paths {
			continue
		}
		st := d.netStyle(c.Type)
		route, ok := g.Polyline(c.Route)
		if !ok {
			continue // validate reports it
		}
		if n.area && len(route) == 0 && !c.Distant && (border || c.Type == "") {
			// Along the borders of the areas it joins; a pair that shares none (a holding box, areas apart) is
			// joined by a line.
			for x := range idx {
				for y := x + 1; y < len(idx); y++ {
					a, b := min(idx[x], idx[y]), max(idx[x], idx[y])
					if bi, ok := touching[[2]int{a, b}]; ok {
						if border && !out.borders[bi].typed {
							out.borders[bi].st, out.borders[bi].typed = st, true
						}
						continue
					}
					lines = append(lines, drawn{a, b, netLine{[]surface.Pt{n.places[a].at, n.places[b].at}, st}})
				}
			}
			continue
		}
		pts := make([]surface.Pt, len(route))
		for i, q := range route {
			pts[i] = surface.Pt{X: q.X * k, Y: q.Y * k}
		}
		if len(pts) > 0 {
			// Along its route, from the first place's point unless the route begins in that place, to the
			// last's; a border's route is drawn as it is.
			a, b := idx[0], idx[len(idx)-1]
			if !border && !n.places[a].holds(pts[0]) {
				pts = append([]surface.Pt{n.places[a].at}, pts...)
			}
			if !border && !n.places[b].holds(pts[len(pts)-1]) {
				pts = append(pts, n.places[b].at)
			}
			lines = append(lines, drawn{min(a, b), max(a, b), netLine{pts, st}})
			continue
		}
		for x := 0; x+1 < len(idx); x++ {
			a, b := idx[x], idx[x+1]
			lines = append(lines, drawn{min(a, b), max(a, b), netLine{[]surface.Pt{n.places[a].at, n.places[b].at}, st}})
		}
	}
	// Lines that join the same two places lie side by side, in the order listed, left to right looking from
	// the first place (by number) to the second.
	groups := map[[2]int][]int{}
	var order [][2]int
	for i, ln := range lines {
		key := [2]int{ln.a, ln.b}
		if _, ok := groups[key]; !ok {
			order = append(order, key)
		}
		groups[key] = append(groups[key], i)
	}
	for _, key := range order {
		is := groups[key]
		if len(is) > 1 {
			widths := make([]float64, len(is))
			total := 0.0
			for j, i := range is {
				widths[j] = lines[i].line.st.w(d.cell) + parallelGap
				total += widths[j]
			}
			off := -total / 2
			for j, i := range is {
				pl := lines[i].line.pl
				if ptDist(pl[0], n.places[key[0]].at) > ptDist(pl[len(pl)-1], n.places[key[0]].at) {
					pl = reversed(pl)
				}
				lines[i].line.pl = offsetPolyline(pl, off+widths[j]/2)
				off += widths[j]
			}
		}
	}
	for _, ln := range lines {
		out.lines = append(out.lines, ln.line)
	}
	return out
}

// parallelGap is the space between connections drawn side by side.
const parallelGap = 1.5

// holds reports whether a point (points from the map's corner) lies in the place: inside an area's polygon,
// within a shape.
func (np *netPlace) holds(q surface.Pt) bool {
	if np.shape == shapeArea {
		return np.poly.Contains(grid.Point{X: q.X / surface.Inch, Y: q.Y / surface.Inch})
	}
	b := np.shapeBox()
	return q.X >= b.x0 && q.X <= b.x1 && q.Y >= b.y0 && q.Y <= b.y1
}

func reversed(pl []surface.Pt) []surface.Pt {
	out := slices.Clone(pl)
	slices.Reverse(out)
	return out
}

// offsetPolyline moves a polyline sideways by off (to the left of its direction on the page, y down, for a
// positive off), keeping each corner's two sides parallel to the original's.
func offsetPolyline(pl []surface.Pt, off float64) []surface.Pt {
	if off == 0 || len(pl) < 2 {
		return slices.Clone(pl)
	}
	normal := func(a, b surface.Pt) (float64, float64, bool) {
		dx, dy := b.X-a.X, b.Y-a.Y
		l := math.Hypot(dx, dy)
		if l == 0 {
			return 0, 0, false
		}
		return dy / l, -dx / l, true
	}
	out := make([]surface.Pt, len(pl))
	for i := range pl {
		var nx, ny float64
		var have int
		var n1x, n1y, n2x, n2y float64
		var ok1, ok2 bool
		if i > 0 {
			n1x, n1y, ok1 = normal(pl[i-1], pl[i])
		}
		if i+1 < len(pl) {
			n2x, n2y, ok2 = normal(pl[i], pl[i+1])
		}
		switch {
		case ok1 && ok2:
			nx, ny, have = n1x+n2x, n1y+n2y, 2
			l := math.Hypot(nx, ny)
			if l < 1e-9 {
				nx, ny = n1x, n1y
			} else {
				// A mitre: the corner moves further so both sides keep their distance (at most 3 times).
				nx, ny = nx/l, ny/l
				cos := nx*n1x + ny*n1y
				f := 1 / math.Max(cos, 1.0/3)
				nx, ny = nx*f, ny*f
			}
		case ok1:
			nx, ny, have = n1x, n1y, 1
		case ok2:
			nx, ny, have = n2x, n2y, 1
		}
		if have == 0 {
			out[i] = pl[i]
			continue
		}
		out[i] = surface.Pt{X: pl[i].X + nx*off, Y: pl[i].Y + ny*off}
	}
	return out
}

// outlineRest is what of each area's outline no other area shares: every edge less the stretches along it
// that a border's runs cover, joined into polylines in the outline's order.
func outlineRest(n *network, borders []netBorder, tol float64) [][]surface.Pt {
	byPlace := make([][]int, len(n.places))
	for i, b := range borders {
		byPlace[b.a] = append(byPlace[b.a], i)
		byPlace[b.b] = append(byPlace[b.b], i)
	}
	var out [][]surface.Pt
	for i := range n.places {
		p := &n.places[i]
		if p.shape != shapeArea || p.offboard {
			continue
		}
		pg := p.outline
		var cur []surface.Pt
		var pieces [][]surface.Pt
		flush := func() {
			if len(cur) > 1 {
				pieces = append(pieces, cur)
			}
			cur = nil
		}
		for e := range pg {
			a, b := pg[e], pg[(e+1)%len(pg)]
			l := ptDist(a, b)
			if l <= tol {
				continue
			}
			ux, uy := (b.X-a.X)/l, (b.Y-a.Y)/l
			var cover [][2]float64
			for _, bi := range byPlace[i] {
				for _, run := range borders[bi].runs {
					for s := 0; s+1 < len(run); s++ {
						q0, q1 := run[s], run[s+1]
						if lineDistPt(q0, a, b) > tol || lineDistPt(q1, a, b) > tol {
							continue
						}
						t0 := (q0.X-a.X)*ux + (q0.Y-a.Y)*uy
						t1 := (q1.X-a.X)*ux + (q1.Y-a.Y)*uy
						lo, hi := math.Max(0, math.Min(t0, t1)), math.Min(l, math.Max(t0, t1))
						if hi-lo > tol {
							cover = append(cover, [2]float64{lo, hi})
						}
					}
				}
			}
			slices.SortFunc(cover, func(x, y [2]float64) int { return cmp.Compare(x[0], y[0]) })
			at := 0.0
			pt := func(t float64) surface.Pt { return surface.Pt{X: a.X + ux*t, Y: a.Y + uy*t} }
			for _, c := range cover {
				if c[0]-at > tol {
					if len(cur) == 0 || ptDist(cur[len(cur)-1], pt(at)) > tol {
						flush()
						cur = []surface.Pt{pt(at)}
					}
					cur = append(cur, pt(c[0]))
				}
				at = math.Max(at, c[1])
			}
			if l-at > tol {
				if len(cur) == 0 || ptDist(cur[len(cur)-1], pt(at)) > tol {
					flush()
					cur = []surface.Pt{pt(at)}
				}
				cur = append(cur, b)
			} else {
				flush()
			}
		}
		flush()
		// The last piece runs on into the first when the outline's first corner is not covered.
		if len(pieces) > 1 {
			first, last := pieces[0], pieces[len(pieces)-1]
			if ptDist(last[len(last)-1], first[0]) <= tol {
				pieces[0] = append(last, first[1:]...)
				pieces = pieces[:len(pieces)-1]
			}
		}
		out = append(out, pieces...)
	}
	return out
}

// ptDist is the distance between two points.
func ptDist(a, b surface.Pt) float64 { return math.Hypot(a.X-b.X, a.Y-b.Y) }

// segDistPt is the distance from q to the segment ab.
func segDistPt(q, a, b surface.Pt) float64 {
	dx, dy := b.X-a.X, b.Y-a.Y
	l2 := dx*dx + dy*dy
	if l2 == 0 {
		return ptDist(q, a)
	}
	t := clamp(((q.X-a.X)*dx+(q.Y-a.Y)*dy)/l2, 0, 1)
	return ptDist(q, surface.Pt{X: a.X + t*dx, Y: a.Y + t*dy})
}

// lineDistPt is the distance from p to the line through a and b.
func lineDistPt(p, a, b surface.Pt) float64 {
	l := ptDist(a, b)
	if l == 0 {
		return ptDist(p, a)
	}
	return math.Abs((b.X-a.X)*(p.Y-a.Y)-(b.Y-a.Y)*(p.X-a.X)) / l
}

// ------------------------------------------------------------------------------------------- drawing

// drawNetwork draws an area or point-to-point map and everything on it.
func (d *Drawing) drawNetwork(p *pen) {
	s := p.s
	n := d.net
	l := d.layersOf(d.Set.Boards[0])
	// The areas' fills.
	if l.Fills && l.FillOpacity > 0 {
		for i := range n.places {
			if np := &n.places[i]; np.shape == shapeArea && !np.offboard {
				d.fillArea(p, np, l)
			}
		}
	}
	if d.layer != nil {
		d.drawZones(p)
		d.drawEntryTints(p)
	}
	nl := d.netLines()
	// Outlines and borders: every stretch once.
	s.SetLineJoin(surface.RoundJoin)
	if l.Grid {
		for _, pl := range nl.rest {
			d.strokeNet(p, pl, plainBorder)
		}
	}
	for _, b := range nl.borders {
		if !b.typed && !l.Grid {
			continue
		}
		for _, pl := range b.runs {
			d.strokeNet(p, pl, b.st)
		}
	}
	for _, ln := range nl.lines {
		d.strokeNet(p, ln.pl, ln.st)
	}
	// The places themselves.
	for i := range n.places {
		d.drawPlace(p, &n.places[i], l)
	}
	if d.Scenario != nil {
		d.drawNetObjectives(p)
	}
	lay := d.netLayout()
	if d.layer != nil {
		if !d.HideUnits {
			d.drawNetUnits(p, lay)
		}
		d.drawNetFlags(p, lay)
		d.drawBands(p, d.bandGeoms(p.s))
		d.drawNetBadges(p, lay)
	}
	d.drawNetStars(p, lay)
	d.drawNames(p, lay.shifted(d.gx, d.gy))
}

// strokeNet strokes a polyline given in points from the map's corner.
func (d *Drawing) strokeNet(p *pen, pl []surface.Pt, st lineStyle) {
	if len(pl) < 2 {
		return
	}
	art := make([]surface.Pt, len(pl))
	for i, q := range pl {
		art[i] = surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}
	}
	if st.kind == "line" {
		// One stroke: a border is drawn exactly once.
		x0, y0, x1, y1 := bbox(art)
		w := st.w(d.cell)
		if !p.visible(x0-w, y0-w, x1+w, y1+w) {
			return
		}
		s := p.s
		s.SetStroke(st.colour, w)
		setStyleDash(s, st, w)
		s.Polyline(p.poly(art, nil))
		s.SetDash()
		s.SetLineCap(surface.ButtCap)
		return
	}
	d.strokeFeature(p, art, st)
}

// setStyleDash sets the dash (and cap) of a feature's style for a line w wide: dashed, dotted or solid.
func setStyleDash(s surface.Surface, st lineStyle, w float64) {
	switch st.dash {
	case "dashed":
		s.SetLineCap(surface.ButtCap)
		s.SetDash(math.Max(3*w, 3), math.Max(2*w, 2))
	case "dotted":
		s.SetLineCap(surface.RoundCap)
		s.SetDash(0.1, math.Max(2*w, 1.8))
	default:
		s.SetLineCap(surface.RoundCap)
		s.SetDash()
	}
}

// fillArea fills an area with its terrain: the tile, or the colour and pattern; an area without terrain on a
// painted map is left to the painting.
func (d *Drawing) fillArea(p *pen, np *netPlace, l content.MapLayers) {
	if np.terrain == "" && d.hasArt(d.Set.Boards[0]) {
		return
	}
	art := make([]surface.Pt, len(np.outline))
	for i, q := range np.outline {
		art[i] = surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}
	}
	x0, y0, x1, y1 := bbox(art)
	if !p.visible(x0, y0, x1, y1) {
		return
	}
	s := p.s
	pts := p.poly(art, nil)
	alpha := uint8(math.Round(l.FillOpacity * 255))
	if t := d.tiles[np.terrain]; t != nil {
		// The tile repeats from the map's corner, so it runs on from one area into the next.
		o := p.pt(d.gx, d.gy)
		local := make([]surface.Pt, len(pts))
		for i, q := range pts {
			local[i] = surface.Pt{X: q.X - o.X, Y: q.Y - o.Y}
		}
		s.Push()
		s.Translate(o.X, o.Y)
		if err := drawTile(s, t, local); err != nil {
			d.noteErr(err)
		}
		s.Pop()
		return
	}
	col := d.terrainColour(np.terrain)
	s.SetFill(surface.RGBA(col.R, col.G, col.B, alpha))
	s.Polygon(pts, surface.Fill)
	if pat := d.terrainPattern(np.terrain); pat != "" && pat != "none" && pat != "contour" {
		ink := patternInk(col)
		d.patternTiles(p, pts, pat, surface.RGBA(ink.R, ink.G, ink.B, alpha), x0, y0, x1, y1)
	}
}

// patternTile is the side of the square a terrain's pattern repeats in on an area map, in points.
const patternTile = surface.Inch

// patternTileKey names the reused drawing of one tile of a pattern in one ink.
type patternTileKey struct {
	d   *Drawing
	pat string
	ink surface.Color
}

// patternTiles fills a polygon (page coordinates; art box x0..y1) with a pattern: tiles of it drawn once and
// placed again, on a lattice anchored at the map's corner, so the pattern runs on from one area into the
// next and a map of many areas draws each tile once.
func (d *Drawing) patternTiles(p *pen, pts []surface.Pt, pat string, ink surface.Color, x0, y0, x1, y1 float64) {
	s := p.s
	s.Push()
	s.ClipPolygon(pts)
	const t = patternTile
	key := patternTileKey{d, pat, ink}
	art := surface.Rect{W: t, H: t}
	cell := math.Min(d.cell, patternCell)
	for j := math.Floor((y0 - d.gy) / t); j*t+d.gy < y1; j++ {
		for i := math.Floor((x0 - d.gx) / t); i*t+d.gx < x1; i++ {
			q := p.pt(d.gx+i*t, d.gy+j*t)
			s.Form(key, q.X, q.Y, art, func(s surface.Surface) {
				s.Push()
				s.ClipRect(0, 0, t, t)
				drawPattern(s, pat, ink, cell, period{w: t, h: t}, &pen{s: s}, 0, 0, t, t)
				s.Pop()
			})
		}
	}
	s.Pop()
}

// drawPlace draws a place that is not an area: a circle, box or dot in its terrain's colour; a holding box
// with a double line.
func (d *Drawing) drawPlace(p *pen, np *netPlace, l content.MapLayers) {
	if np.shape == shapeArea || np.shape == shapeNone {
		return
	}
	b := np.shapeBox()
	if !p.visible(b.x0+d.gx-2, b.y0+d.gy-2, b.x1+d.gx+2, b.y1+d.gy+2) {
		return
	}
	s := p.s
	c := p.pt(np.at.X+d.gx, np.at.Y+d.gy)
	fill := surface.White
	if np.terrain != "" && l.Fills {
		fill = d.terrainColour(np.terrain)
	}
	s.SetDash()
	switch np.shape {
	case shapeDot:
		s.SetFill(inkColour)
		s.Circle(c.X, c.Y, dotR, surface.Fill)
	case shapeCircle:
		s.SetFill(fill)
		s.SetStroke(inkColour, 0.8)
		s.Circle(c.X, c.Y, np.r, surface.FillStroke)
	case shapeBox:
		s.SetFill(fill)
		if np.offboard {
			s.SetStroke(inkColour, 1.2)
			s.Rect(c.X-np.w/2, c.Y-np.h/2, np.w, np.h, surface.FillStroke)
			if np.w > 6 && np.h > 6 {
				s.SetStroke(inkColour, 0.4)
				s.Rect(c.X-np.w/2+2, c.Y-np.h/2+2, np.w-4, np.h-4, surface.Stroke)
			}
			return
		}
		s.SetStroke(inkColour, 0.8)
		s.Rect(c.X-np.w/2, c.Y-np.h/2, np.w, np.h, surface.FillStroke)
	}
}

// drawNetObjectives rings each objective place in red: inside an area's outline, round a place's shape.
func (d *Drawing) drawNetObjectives(p *pen) {
	s := p.s
	for _, o := range d.Scenario.Objectives {
		cs, _ := d.objectiveCells(o)
		for _, c := range cs {
			np := &d.net.places[c.Col]
			var poly []surface.Pt
			if np.shape == shapeArea || np.offboard {
				poly = np.shapePoly(0)
			} else {
				poly = np.shapePoly(3)
			}
			for i := range poly {
				poly[i] = surface.Pt{X: poly[i].X + d.gx, Y: poly[i].Y + d.gy}
			}
			if x0, y0, x1, y1 := bbox(poly); !p.visible(x0-4, y0-4, x1+4, y1+4) {
				continue
			}
			pts := p.poly(poly, nil)
			s.SetDash()
			if np.shape == shapeArea || np.offboard {
				// A band inside the outline: the stroke clipped to the area.
				s.Push()
				s.ClipPolygon(pts)
				s.SetStroke(objectiveRed, 4)
				s.Polygon(pts, surface.Stroke)
				s.Pop()
				continue
			}
			s.SetStroke(objectiveRed, 1.6)
			s.Polygon(pts, surface.Stroke)
		}
	}
}

// ------------------------------------------------------------------------------------------- legend

// netLegend lists what an area or point-to-point map draws: the terrain of its places, the kinds of place,
// holding boxes, the connection types its connections use, plain borders and connections, and the places'
// values.
func (d *Drawing) netLegend() []legendEntry {
	var out []legendEntry
	n := d.net
	m := d.Set.Boards[0].Map
	l := d.layersOf(d.Set.Boards[0])
	usedT := map[string]bool{}
	var kinds []string
	kindPlaces := map[string][]string{}
	kindShape := map[string]shapeKind{}
	holding := false
	stats := map[string]bool{}
	for i := range n.places {
		np := &n.places[i]
		if np.shape == shapeNone {
			continue
		}
		if np.terrain != "" && (l.Fills || np.shape != shapeArea) {
			usedT[np.terrain] = true
		}
		if np.offboard {
			holding = true
		}
		if np.kind != "" {
			if _, ok := kindPlaces[np.kind]; !ok {
				kinds = append(kinds, np.kind)
				kindShape[np.kind] = np.shape
			}
			kindPlaces[np.kind] = append(kindPlaces[np.kind], np.name)
		}
		for _, st := range np.stats {
			stats[st.abbr] = true
		}
	}
	usedF := map[string]bool{}
	plain := false
	for _, c := range m.Connections {
		if c.Type == "" {
			plain = plain || !n.area || c.Distant || len(c.Route) > 0
			continue
		}
		if d.isBorderType(c.Type) && l.Hexsides || !d.isBorderType(c.Type) && l.Paths {
			usedF[c.Type] = true
		}
	}
	if d.Sys != nil {
		for i := range d.Sys.Terrain {
			t := &d.Sys.Terrain[i]
			if usedT[t.ID] {
				out = append(out, legendEntry{kind: legTerrain, id: t.ID, name: cmp.Or(t.Name, t.ID), colour: d.terrainColour(t.ID), pattern: t.Pattern})
			}
		}
	}
	for _, k := range kinds {
		out = append(out, legendEntry{kind: legKind, id: k, name: upperFirst(k) + ": " + strings.Join(kindPlaces[k], ", "), shape: kindShape[k]})
	}
	if holding {
		out = append(out, legendEntry{kind: legKind, name: "Holding box (off the map)", shape: shapeBox, holding: true})
	}
	if d.Sys != nil {
		for i := range d.Sys.Features {
			f := &d.Sys.Features[i]
			if !usedF[f.ID] {
				continue
			}
			e := legendEntry{kind: legPath, id: f.ID, name: cmp.Or(f.Name, f.ID), style: d.netStyle(f.ID)}
			if f.On == content.FeatureHexside && n.area {
				e.name += " (border)"
			}
			out = append(out, e)
		}
	}
	if n.area && l.Grid {
		out = append(out, legendEntry{kind: legPath, name: "Area border", style: plainBorder})
	}
	for _, loc := range m.Locations {
		if locClass(loc.Kind) == "objective" {
			out = append(out, legendEntry{kind: legLocation, locKind: "objective", name: locLegendName("objective")})
			break
		}
	}
	if plain {
		out = append(out, legendEntry{kind: legPath, name: "Connection", style: plainLink})
	}
	if len(stats) > 0 && d.Sys != nil {
		var parts []string
		for _, sd := range d.Sys.PlaceStats {
			a := cmp.Or(sd.Abbr, sd.ID)
			if stats[a] {
				if name := cmp.Or(sd.Name, sd.ID); !strings.EqualFold(name, a) {
					parts = append(parts, a+" "+name)
				} else {
					parts = append(parts, a)
				}
			}
		}
		if len(parts) > 0 {
			out = append(out, legendEntry{kind: legStats, name: "Values: " + strings.Join(parts, ", ")})
		}
	}
	return out
}

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	r := []rune(s)
	return strings.ToUpper(string(r[0])) + string(r[1:])
}

// netLegendSwatch draws the swatch of a place kind or holding box, or of the places' values.
func (d *Drawing) netLegendSwatch(p *pen, e legendEntry, cx, cy, sw, sh float64) {
	s := p.s
	q := p.pt(cx, cy)
	s.SetDash()
	if e.kind == legStats {
		f := surface.Font{Size: 5.5}
		w := s.MeasureText("2", f) + 4
		s.SetFill(surface.White)
		s.SetStroke(inkColour, 0.5)
		s.Rect(q.X-w/2, q.Y-4, w, 8, surface.FillStroke)
		s.SetFill(inkColour)
		s.Text(q.X, q.Y, "2", f, surface.Align{H: surface.Center, V: surface.Middle})
		return
	}
	s.SetFill(surface.White)
	s.SetStroke(inkColour, 0.8)
	switch e.shape {
	case shapeDot:
		s.SetFill(inkColour)
		s.Circle(q.X, q.Y, dotR, surface.Fill)
	case shapeBox:
		if e.holding {
			s.SetStroke(inkColour, 1.2)
			s.Rect(q.X-sw/2+4, q.Y-sh/2+1, sw-8, sh-2, surface.FillStroke)
			s.SetStroke(inkColour, 0.4)
			s.Rect(q.X-sw/2+6, q.Y-sh/2+3, sw-12, sh-6, surface.Stroke)
			return
		}
		s.Rect(q.X-6, q.Y-4.5, 12, 9, surface.FillStroke)
	case shapeArea:
		s.Polygon([]surface.Pt{{X: q.X - 9, Y: q.Y - 6}, {X: q.X + 7, Y: q.Y - 7}, {X: q.X + 9, Y: q.Y + 6}, {X: q.X - 8, Y: q.Y + 7}}, surface.FillStroke)
	default:
		s.Circle(q.X, q.Y, 5.5, surface.FillStroke)
	}
}

// ------------------------------------------------------------------------------------------- exporters

// IsNetwork reports whether the drawing is an area or point-to-point map.
func (d *Drawing) IsNetwork() bool { return d.net != nil }

// PlacePoint is where place i (a cell {Col: i} of the map set) of an area or point-to-point map lies in the
// map frame: its point (where its name prints and its units stand), in points from the frame's top-left
// corner, as GridOrigin and DrawFrame count them; false for a map of cells or a place without a point.
func (d *Drawing) PlacePoint(i int) (surface.Pt, bool) {
	if d.net == nil || i < 0 || i >= len(d.net.places) || !d.net.places[i].ok {
		return surface.Pt{}, false
	}
	q := d.net.places[i].at
	return surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}, true
}

// PlaceOutline is the outline of place i in the map frame, in points from its top-left corner: an area's
// polygon, a holding box, or a place's circle (as 32 sides), box or dot; nil when there is none.
func (d *Drawing) PlaceOutline(i int) []surface.Pt {
	if d.net == nil || i < 0 || i >= len(d.net.places) {
		return nil
	}
	poly := d.net.places[i].shapePoly(0)
	for k := range poly {
		poly[k] = surface.Pt{X: poly[k].X + d.gx, Y: poly[k].Y + d.gy}
	}
	return poly
}

// describeNetwork says what an area or point-to-point map is, for the title block: its kind and size, its
// places and connections.
func (d *Drawing) describeNetwork() string {
	n := d.net
	t := d.Set.Table
	what := "point-to-point map"
	word := "place"
	if n.area {
		what, word = "area map", "area"
	}
	on, off := 0, 0
	for i := range n.places {
		if n.places[i].offboard {
			off++
		} else {
			on++
		}
	}
	parts := []string{english.Count(on, word)}
	if off > 0 {
		parts = append(parts, english.Count(off, "holding box"))
	}
	parts = append(parts, english.Count(len(d.Set.Boards[0].Map.Connections), "connection"))
	return fmt.Sprintf("%s %s x %s: %s", what, trimInches(t.Width), trimInches(t.Height), strings.Join(parts, ", "))
}
