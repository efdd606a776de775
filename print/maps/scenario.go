package maps

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"
	"unicode"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/print/symbols"
)

// The scenario layer: what a scenario puts on its map. Deployment zones are shaded in the side's colour with
// a hatch of the side's own angle (so two zones stay apart in black and white), entry edges carry a band in
// the side's colour with its name, set-up units stand in their cells as small counters (a stack shows its top
// unit and how many units it holds; a two-cell unit spans its pair), reinforcements show their turn ("T3")
// where they enter, and objectives are ringed and named.

// objectiveRed is the ink of objectives.
var objectiveRed = surface.RGB(0xb0, 0x10, 0x10)

// sidePalette colours sides whose factions give no colour.
var sidePalette = []surface.Color{
	surface.RGB(0xa3, 0x23, 0x1f), surface.RGB(0x2f, 0x55, 0x97), surface.RGB(0x3d, 0x7a, 0x3a), surface.RGB(0x6b, 0x4c, 0x9a),
}

// hatchAngles are the hatch directions of the sides, in order.
var hatchAngles = []float64{45, -45, 0, 90}

// sideStyle is how one side of a scenario is drawn.
type sideStyle struct {
	id, name, short string
	fill            surface.Color // the faction's colour
	ink             surface.Color // the colour darkened to read on white: hatch, outlines, names
	text            surface.Color // text on fill
	angle           float64       // hatch angle in degrees
	used            bool          // the side has anything on the map
	zone, entry     bool          // it has a set-up area, an entry
	units           bool          // it has units set up
}

// legendName is the side's legend line: its name and what its colour marks.
func (st sideStyle) legendName() string {
	var parts []string
	if st.zone {
		parts = append(parts, "set-up area")
	}
	if st.units {
		parts = append(parts, "units")
	}
	if st.entry {
		parts = append(parts, "entry")
	}
	if len(parts) == 0 {
		return st.name
	}
	return st.name + ": " + strings.Join(parts, ", ")
}

// zoneMark is a deployment zone (a side's deployment, or a placement's zone): cells on a grid, or a circle on
// an open tabletop (centre and radius in table inches, round true).
type zoneMark struct {
	side       int
	cells      []grid.Cell
	label      string
	round      bool
	cx, cy, rr float64
}

// bandMark is an entry edge: a band in the side's colour along the edge's cells.
type bandMark struct {
	side  int
	edge  content.Edge
	cells []grid.Cell
	text  string
}

// badgeMark marks one entry cell: the turn ("T3"), or "entry".
type badgeMark struct {
	side int
	cell grid.Cell
	text string
}

// unitMark is one set-up unit.
type unitMark struct {
	side       int
	id, abbr   string
	symbol     string
	fill, text surface.Color
	// flipped: the unit sets up on its back (drawn pale, under a band of its colour); markers are the
	// abbreviations of the markers placed on it as it sets up.
	flipped bool
	markers []string
}

// stackMark is the units of one side set up in one cell, in the order placed (the first is on top).
type stackMark struct {
	cell  grid.Cell
	side  int
	units []unitMark
}

// pairMark is a two-cell unit (footprint 2) on its pair of cells.
type pairMark struct {
	a, b grid.Cell
	unit unitMark
}

// tableStack is the units of one side at one point of an open tabletop (inches from its top-left corner).
type tableStack struct {
	x, y  float64
	side  int
	units []unitMark
}

// layer is a scenario's marks, resolved once from the content.
type layer struct {
	sides  []sideStyle
	zones  []zoneMark
	bands  []bandMark
	badges []badgeMark
	stacks []stackMark
	pairs  []pairMark
	table  []tableStack // units at points of an open tabletop
	turns  bool         // some reinforcement shows its turn
	units  bool         // some unit is set up in a cell
	// flipped: some unit sets up on its back; marked: some unit sets up with a marker on it.
	flipped, marked bool
	// controls are the places sides control when the game begins (content.Scenario.ControlAtStart), each
	// flagged in one cell: a location's first.
	controls []controlMark
}

// controlMark is a place a side controls at the start: a pennant in the side's colour in a cell.
type controlMark struct {
	side int
	cell grid.Cell
}

// buildLayer resolves the scenario's sides, zones, entries, reinforcements and set-up units against the map
// set. Labels that name no cell are left out (validation reports them).
func (d *Drawing) buildLayer(pkg *content.Package) {
	sc := d.Scenario
	if sc == nil {
		return
	}
	l := &layer{}
	d.layer = l
	sideOf := map[string]int{}
	for i, sd := range sc.Sides {
		st := sideStyle{id: sd.ID, name: sd.DisplayName(), short: sd.ShortName()}
		st.fill = sidePalette[i%len(sidePalette)]
		for _, f := range sd.Faction {
			if c, ok := d.factionColour(f); ok {
				st.fill = c
				break
			}
		}
		st.ink = inkOf(st.fill)
		st.text = surface.ReadableOn(st.fill)
		st.angle = hatchAngles[i%len(hatchAngles)]
		sideOf[sd.ID] = i
		l.sides = append(l.sides, st)
	}
	if d.Set.Type == content.GridOpen {
		for i := range sc.Sides {
			sd := &sc.Sides[i]
			st := &l.sides[i]
			if z := sd.Deployment; z != nil {
				if c, err := d.Set.ZoneCircle(z); err == nil {
					l.zones = append(l.zones, zoneMark{side: i, round: true, cx: c.Centre.X, cy: c.Centre.Y, rr: c.Radius,
						label: st.short + " set-up" + colonText(d.Set.DescribeZone(z))})
					st.used, st.zone = true, true
				}
			}
			d.addTableSetup(pkg, i, sd)
		}
		return
	}
	for i := range sc.Sides {
		sd := &sc.Sides[i]
		st := &l.sides[i]
		if z := sd.Deployment; z != nil {
			if cs := d.Set.ZoneCells(z); len(cs) > 0 {
				l.zones = append(l.zones, zoneMark{side: i, cells: cs, label: st.short + " set-up" + colonText(d.Set.DescribeZone(z))})
				st.used, st.zone = true, true
			}
		}
		for _, en := range sd.Entry {
			text := st.short + " entry"
			badge := "entry"
			if en.Turn > 0 {
				text += ", T" + itoa(en.Turn)
				badge = "T" + itoa(en.Turn)
			}
			if d.addEntry(i, en, text, badge) {
				st.used, st.entry = true, true
			}
		}
		d.addSetup(pkg, i, sd)
	}
	for _, c := range sc.ControlAtStart(d.Set) {
		i, ok := sideOf[c.Side]
		if !ok {
			continue
		}
		label := c.Place
		if c.Location != nil {
			if len(c.Location.Cells) == 0 {
				continue
			}
			label = c.Location.Cells[0]
		}
		if _, b := d.Set.Location(c.Place); b != nil && c.Location != nil {
			if cs := b.Cells(c.Location.Cells[:1]); len(cs) == 1 {
				l.controls = append(l.controls, controlMark{side: i, cell: cs[0]})
				l.sides[i].used = true
			}
			continue
		}
		if r, ok := d.Set.Cell(label); ok {
			l.controls = append(l.controls, controlMark{side: i, cell: r.Cell})
			l.sides[i].used = true
		}
	}
	for _, r := range sc.Reinforcements {
		i, ok := sideOf[r.Side]
		if !ok {
			continue
		}
		turn := r.Turn
		if turn == 0 {
			turn = r.Entry.Turn
		}
		t := "T" + itoa(turn)
		if turn == 0 {
			t = "later"
		}
		if d.addEntry(i, r.Entry, t+" "+l.sides[i].short+" reinforcements", t) {
			l.sides[i].used, l.sides[i].entry = true, true
			l.turns = l.turns || turn > 0
		}
	}
}

// addEntry adds an entry's band (an edge) or badges (cells) and reports whether it named any.
func (d *Drawing) addEntry(side int, en content.Entry, text, badge string) bool {
	l := d.layer
	any := false
	if en.Edge != "" {
		if e, ok := d.Set.Edge(en.Edge); ok {
			cs := d.Set.EdgeCells(e, nil)
			switch {
			case len(cs) == 0:
			case d.Set.Network() && !slices.Contains(content.Compass, e.Side):
				// An edge of an area or point-to-point map that is a list of places, along no side of the
				// map: each of them carries the badge.
				for _, c := range cs {
					l.badges = append(l.badges, badgeMark{side: side, cell: c, text: badge})
				}
				any = true
			default:
				l.bands = append(l.bands, bandMark{side: side, edge: e, cells: cs, text: text})
				any = true
			}
		}
	}
	for _, lab := range en.Cells {
		if r, ok := d.Set.Cell(lab); ok {
			l.badges = append(l.badges, badgeMark{side: side, cell: r.Cell, text: badge})
			any = true
		}
	}
	return any
}

// addSetup places a side's set-up units where the stacking check reads them (content.Placement.UnitCells:
// count units one per cell in turn, a two-cell unit on each pair of cells); a placement in a zone shades the
// zone.
func (d *Drawing) addSetup(pkg *content.Package, side int, sd *content.Side) {
	l := d.layer
	st := &l.sides[side]
	at := map[grid.Cell]int{} // index into l.stacks for this side
	for _, pl := range sd.Setup {
		u := d.setUp(pkg, side, pl)
		footprint := 1
		if ut := pkg.UnitType(pl.Unit); ut != nil {
			footprint = ut.Footprint
		}
		if len(pl.Cells) == 0 {
			if pl.Zone != nil {
				if cs := d.Set.ZoneCells(pl.Zone); len(cs) > 0 {
					n := max(pl.Count, 1)
					l.zones = append(l.zones, zoneMark{side: side, cells: cs, label: fmt.Sprintf("%s: %d %s", st.short, n, u.abbr) + colonText(d.Set.DescribeZone(pl.Zone))})
					st.used, st.zone = true, true
				}
			}
			continue
		}
		for _, labels := range pl.UnitCells(footprint) {
			a, okA := d.Set.Cell(labels[0])
			if !okA {
				continue
			}
			if len(labels) == 2 {
				b, okB := d.Set.Cell(labels[1])
				if okB && b.Cell != a.Cell {
					l.pairs = append(l.pairs, pairMark{a: a.Cell, b: b.Cell, unit: u})
					st.used, st.units, l.units = true, true, true
					continue
				}
			}
			i, ok := at[a.Cell]
			if !ok {
				i = len(l.stacks)
				at[a.Cell] = i
				l.stacks = append(l.stacks, stackMark{cell: a.Cell, side: side})
			}
			l.stacks[i].units = append(l.stacks[i].units, u)
			st.used, st.units, l.units = true, true, true
		}
	}
}

// addTableSetup places a side's units on an open tabletop at their points (content.Placement.UnitPoints: one
// unit per point in turn); units at the same point stack.
func (d *Drawing) addTableSetup(pkg *content.Package, side int, sd *content.Side) {
	l := d.layer
	at := map[grid.Point]int{}
	for _, pl := range sd.Setup {
		pts := pl.UnitPoints()
		if len(pts) == 0 {
			continue
		}
		u := d.setUp(pkg, side, pl)
		for _, p := range pts {
			i, ok := at[p]
			if !ok {
				i = len(l.table)
				at[p] = i
				l.table = append(l.table, tableStack{x: p.X, y: p.Y, side: side})
			}
			l.table[i].units = append(l.table[i].units, u)
			l.sides[side].used, l.sides[side].units, l.units = true, true, true
		}
	}
}

// setUp is the marker of a set-up line's units: the unit's, on its back when the line flips it, with the
// line's markers on it.
func (d *Drawing) setUp(pkg *content.Package, side int, pl content.Placement) unitMark {
	u := d.unitOf(pkg, side, pl.Unit)
	u.flipped = pl.Flipped
	for _, id := range pl.Markers {
		name := id
		if m := pkg.Marker(id); m != nil {
			name = cmp.Or(m.Name, m.ID)
		}
		u.markers = append(u.markers, d.abbrOf(name))
	}
	d.layer.flipped = d.layer.flipped || u.flipped
	d.layer.marked = d.layer.marked || len(u.markers) > 0
	return u
}

// unitOf resolves a unit's marker: its faction's colours (or its own colour), its symbol and abbreviation.
func (d *Drawing) unitOf(pkg *content.Package, side int, id string) unitMark {
	u := unitMark{side: side, id: id, fill: d.layer.sides[side].fill}
	ut := pkg.UnitType(id)
	if ut == nil {
		u.abbr = d.abbrOf(id)
		u.text = surface.ReadableOn(u.fill)
		return u
	}
	u.abbr = ut.Abbr
	if u.abbr == "" {
		u.abbr = d.abbrOf(cmp.Or(ut.Name, ut.ID))
	}
	if symbols.Known(ut.Symbol) {
		u.symbol = ut.Symbol
	}
	var text string
	if c, ok := d.factionColour(ut.Faction); ok {
		u.fill = c
		text = d.factionText(ut.Faction)
	}
	if ut.Colour != "" {
		if c, err := surface.Hex(ut.Colour); err == nil {
			u.fill = c
		}
	}
	u.text = surface.ReadableOn(u.fill)
	if c, err := surface.Hex(text); err == nil && text != "" && surface.Contrast(c, u.fill) >= 3 {
		u.text = c
	}
	return u
}

func (d *Drawing) factionColour(id string) (surface.Color, bool) {
	if d.Sys == nil || id == "" {
		return surface.Color{}, false
	}
	for _, f := range d.Sys.Factions {
		if f.ID == id && f.Colour != "" {
			if c, err := surface.Hex(f.Colour); err == nil {
				return c, true
			}
		}
	}
	return surface.Color{}, false
}

func (d *Drawing) factionText(id string) string {
	for _, f := range d.Sys.Factions {
		if f.ID == id {
			return f.Text
		}
	}
	return ""
}

// abbrOf makes an abbreviation from a name: its initials, or its first letters.
func (d *Drawing) abbrOf(name string) string {
	f := strings.FieldsFunc(name, func(r rune) bool { return r == ' ' || r == '-' || r == '_' })
	if len(f) > 1 {
		var b strings.Builder
		for _, w := range f[:min(len(f), 3)] {
			first := []rune(w)[0]
			// An initial is capitalised when the fonts have the capital (validate checks the name's own letters).
			if up := unicode.ToUpper(first); up != first {
				rs, _ := surface.Unprintable(string(up))
				if t := d.textFace(); t != nil {
					rs, _ = t.Unprintable(string(up))
				}
				if len(rs) == 0 {
					first = up
				}
			}
			b.WriteRune(first)
		}
		return b.String()
	}
	r := []rune(name)
	return string(r[:min(len(r), 3)])
}

// inkOf darkens a colour until it reads on white.
func inkOf(c surface.Color) surface.Color {
	for i := 0; i < 12 && surface.Contrast(c, surface.White) < 4.5; i++ {
		c = darker(c, 0.85)
	}
	return c
}

func colonText(t string) string {
	if t == "" {
		return ""
	}
	return ": " + t
}

// ------------------------------------------------------------------------------------------- drawing

// cellsBox is the art bounding box of some cells.
func (d *Drawing) cellsBox(cs []grid.Cell) box {
	b := box{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
	var poly []surface.Pt
	for _, c := range cs {
		poly = d.cellPoly(c, poly)
		x0, y0, x1, y1 := bbox(poly)
		b = box{math.Min(b.x0, x0), math.Min(b.y0, y0), math.Max(b.x1, x1), math.Max(b.y1, y1)}
	}
	return b
}

func (p *pen) sees(b box) bool { return p.visible(b.x0, b.y0, b.x1, b.y1) }

// tint fills cells in a colour at some opacity, one polygon per cell.
func (d *Drawing) tint(p *pen, cs []grid.Cell, c surface.Color, alpha uint8) {
	s := p.s
	s.SetFill(surface.RGBA(c.R, c.G, c.B, alpha))
	var poly, buf []surface.Pt
	for _, cell := range cs {
		poly = d.cellPoly(cell, poly)
		if x0, y0, x1, y1 := bbox(poly); !p.visible(x0, y0, x1, y1) {
			continue
		}
		s.Polygon(p.poly(poly, buf), surface.Fill)
	}
}

// drawRoundZone shades a tabletop zone: tint, hatch at the side's angle clipped to the circle, outline.
func (d *Drawing) drawRoundZone(p *pen, z zoneMark, st sideStyle) {
	s := p.s
	c := d.tablePt(z.cx, z.cy)
	r := d.tablePt(z.cx+z.rr, z.cy).X - c.X
	b := box{c.X - r, c.Y - r, c.X + r, c.Y + r}
	if !p.sees(b) {
		return
	}
	q := p.pt(c.X, c.Y)
	s.SetFill(surface.RGBA(st.fill.R, st.fill.G, st.fill.B, 56))
	s.Circle(q.X, q.Y, r, surface.Fill)
	s.Push()
	s.ClipPath(surface.NewPath().Circle(q.X, q.Y, r))
	s.SetStroke(st.ink, 0.6)
	s.SetDash()
	hatch(p, st.angle, 6, b)
	s.Pop()
	s.SetStroke(st.ink, 1.5)
	s.Circle(q.X, q.Y, r, surface.Stroke)
	// The zone's name goes just inside its top, placed with the other names (tableNames).
}

// drawZones shades each deployment zone: a tint of the side's colour in every cell, a hatch at the side's
// angle clipped to the zone, and the zone's outline.
func (d *Drawing) drawZones(p *pen) {
	s := p.s
	for _, z := range d.layer.zones {
		st := d.layer.sides[z.side]
		if z.round {
			d.drawRoundZone(p, z, st)
			continue
		}
		b := d.cellsBox(z.cells)
		if !p.sees(b) {
			continue
		}
		d.tint(p, z.cells, st.fill, 56)
		// Hatch, clipped to the zone's cells (all wound alike, so their union).
		path := surface.NewPath()
		var poly []surface.Pt
		for _, c := range z.cells {
			poly = d.cellPoly(c, poly)
			path.Polygon(p.poly(poly, nil))
		}
		s.Push()
		s.ClipPath(path)
		s.SetStroke(st.ink, clamp(d.cell/70, 0.4, 0.9))
		s.SetDash()
		hatch(p, st.angle, clamp(d.cell*0.16, 4, 9), b)
		s.Pop()
		// Outline: the sides of zone cells that no other zone cell shares.
		type key [4]int32
		round := func(q surface.Pt) (int32, int32) { return int32(math.Round(q.X * 20)), int32(math.Round(q.Y * 20)) }
		mk := func(a, e surface.Pt) key {
			ax, ay := round(a)
			ex, ey := round(e)
			if ax > ex || ax == ex && ay > ey {
				ax, ay, ex, ey = ex, ey, ax, ay
			}
			return key{ax, ay, ex, ey}
		}
		count := map[key]int{}
		for _, c := range z.cells {
			poly = d.cellPoly(c, poly)
			for i := range poly {
				count[mk(poly[i], poly[(i+1)%len(poly)])]++
			}
		}
		s.SetStroke(st.ink, clamp(d.cell/22, 1, 3))
		s.SetLineCap(surface.RoundCap)
		for _, c := range z.cells {
			poly = d.cellPoly(c, poly)
			for i := range poly {
				a, e := poly[i], poly[(i+1)%len(poly)]
				if count[mk(a, e)] == 1 {
					q1, q2 := p.pt(a.X, a.Y), p.pt(e.X, e.Y)
					s.Line(q1.X, q1.Y, q2.X, q2.Y)
				}
			}
		}
		s.SetLineCap(surface.ButtCap)
	}
}

// hatch strokes parallel lines at angle deg, spacing sp, over the art box b; lines sit on a lattice anchored
// at the art origin, so neighbouring tiles continue each other.
func hatch(p *pen, deg, sp float64, b box) {
	a := deg * math.Pi / 180
	ux, uy := math.Cos(a), math.Sin(a)
	vx, vy := -uy, ux
	corners := [4][2]float64{{b.x0, b.y0}, {b.x1, b.y0}, {b.x1, b.y1}, {b.x0, b.y1}}
	t0, t1, s0, s1 := math.Inf(1), math.Inf(-1), math.Inf(1), math.Inf(-1)
	for _, c := range corners {
		t := c[0]*vx + c[1]*vy
		u := c[0]*ux + c[1]*uy
		t0, t1 = math.Min(t0, t), math.Max(t1, t)
		s0, s1 = math.Min(s0, u), math.Max(s1, u)
	}
	for t := math.Ceil(t0/sp) * sp; t <= t1; t += sp {
		a := p.pt(vx*t+ux*s0, vy*t+uy*s0)
		e := p.pt(vx*t+ux*s1, vy*t+uy*s1)
		p.s.Line(a.X, a.Y, e.X, e.Y)
	}
}

// bandGeom is where an entry band and its name tag lie, in art coordinates.
type bandGeom struct {
	band   box
	side   string // north, east, south, west
	tx, ty float64
	tw, th float64 // the tag's size along and across the band
	font   surface.Font
}

// bandThickness is the width of an entry band: the outer half of the border, at least 5pt.
func (d *Drawing) bandThickness() float64 { return math.Max(d.border*0.5, 5) }

// bandGeoms lays out the entry bands and their tags; tags on the same edge share its length.
func (d *Drawing) bandGeoms(m flow.Measurer) []bandGeom {
	l := d.layer
	out := make([]bandGeom, len(l.bands))
	T := d.bandThickness()
	onEdge := map[string][]int{}
	var order []string
	for i, bm := range l.bands {
		b := d.cellsBox(bm.cells)
		if d.net != nil {
			// Along the map's own edge, over the stretch its places take.
			x0, y0, x1, y1 := d.gx, d.gy, d.gx+d.net.w, d.gy+d.net.h
			b = box{math.Max(b.x0, x0), math.Max(b.y0, y0), math.Min(b.x1, x1), math.Min(b.y1, y1)}
			switch bm.edge.Side {
			case "north":
				b.y0 = y0
			case "south":
				b.y1 = y1
			case "west":
				b.x0 = x0
			default:
				b.x1 = x1
			}
		}
		g := bandGeom{side: bm.edge.Side, font: surface.Font{Style: surface.Bold, Size: clamp(d.cell*0.2, 6, 8)}}
		switch bm.edge.Side {
		case "north":
			g.band = box{b.x0, b.y0 - T, b.x1, b.y0}
		case "south":
			g.band = box{b.x0, b.y1, b.x1, b.y1 + T}
		case "west":
			g.band = box{b.x0 - T, b.y0, b.x0, b.y1}
		default:
			g.band = box{b.x1, b.y0, b.x1 + T, b.y1}
		}
		g.tw = m.MeasureText(bm.text, g.font) + 8
		g.th = g.font.Size + 4
		out[i] = g
		k := bm.edge.Side + fmt.Sprintf("/%.1f/%.1f", g.band.x0, g.band.y0)
		if _, ok := onEdge[k]; !ok {
			order = append(order, k)
		}
		onEdge[k] = append(onEdge[k], i)
	}
	for _, k := range order {
		is := onEdge[k]
		for j, i := range is {
			g := &out[i]
			f := float64(j+1) / float64(len(is)+1)
			cx, cy := (g.band.x0+g.band.x1)/2, (g.band.y0+g.band.y1)/2
			if g.side == "north" || g.side == "south" {
				cx = g.band.x0 + (g.band.x1-g.band.x0)*f
			} else {
				cy = g.band.y0 + (g.band.y1-g.band.y0)*f
			}
			g.tx, g.ty = cx, cy
		}
	}
	return out
}

// tagBox is the art box a tag covers (turned along east and west bands).
func (g bandGeom) tagBox() box {
	if g.side == "east" || g.side == "west" {
		return box{g.tx - g.th/2, g.ty - g.tw/2, g.tx + g.th/2, g.ty + g.tw/2}
	}
	return box{g.tx - g.tw/2, g.ty - g.th/2, g.tx + g.tw/2, g.ty + g.th/2}
}

// bandOn reports whether an entry band runs along a board's side (where the board's name would go).
func (d *Drawing) bandOn(b *content.Board, side string) bool {
	if d.layer == nil {
		return false
	}
	for _, bm := range d.layer.bands {
		if bm.edge.Side != side {
			continue
		}
		for _, c := range bm.cells {
			if ob, _ := d.Set.BoardAt(c); ob == b {
				return true
			}
		}
	}
	return false
}

// drawEntryTints tints the cells along entry edges and the entry cells.
func (d *Drawing) drawEntryTints(p *pen) {
	for _, bm := range d.layer.bands {
		d.tint(p, bm.cells, d.layer.sides[bm.side].fill, 40)
	}
	for _, b := range d.layer.badges {
		d.tint(p, []grid.Cell{b.cell}, d.layer.sides[b.side].fill, 60)
	}
}

// drawBands draws each entry band in its side's colour with arrows pointing onto the map, and its tag.
func (d *Drawing) drawBands(p *pen, geoms []bandGeom) {
	s := p.s
	for i, bm := range d.layer.bands {
		st := d.layer.sides[bm.side]
		g := geoms[i]
		b := g.band
		if !p.sees(b.grow(g.tw)) {
			continue
		}
		q := p.pt(b.x0, b.y0)
		s.SetFill(st.fill)
		s.Rect(q.X, q.Y, b.x1-b.x0, b.y1-b.y0, surface.Fill)
		// Arrows onto the map every inch, clear of the tag.
		var dx, dy float64
		switch g.side {
		case "north":
			dy = 1
		case "south":
			dy = -1
		case "west":
			dx = 1
		default:
			dx = -1
		}
		t := b.y1 - b.y0
		length := b.x1 - b.x0
		if dx != 0 {
			t, length = b.x1-b.x0, b.y1-b.y0
		}
		h := t * 0.7
		tag := g.tagBox().grow(h)
		s.SetFill(st.text)
		for x := 36.0; x < length; x += 72 {
			var cx, cy float64
			if dx == 0 {
				cx, cy = b.x0+x, (b.y0+b.y1)/2
			} else {
				cx, cy = (b.x0+b.x1)/2, b.y0+x
			}
			if (box{cx - h, cy - h, cx + h, cy + h}).overlap(tag) > 0 {
				continue
			}
			vx, vy := -dy, dx
			tip := p.pt(cx+dx*h/2, cy+dy*h/2)
			l1 := p.pt(cx-dx*h/2+vx*h/2, cy-dy*h/2+vy*h/2)
			l2 := p.pt(cx-dx*h/2-vx*h/2, cy-dy*h/2-vy*h/2)
			s.Polygon([]surface.Pt{tip, l1, l2}, surface.Fill)
		}
		// The tag: the name on the side's colour, along the band.
		c := p.pt(g.tx, g.ty)
		s.Push()
		s.Translate(c.X, c.Y)
		switch g.side {
		case "west":
			s.Rotate(-90)
		case "east":
			s.Rotate(90)
		}
		s.SetFill(st.fill)
		s.SetStroke(st.text, 0.6)
		s.SetDash()
		s.Rect(-g.tw/2, -g.th/2, g.tw, g.th, surface.FillStroke)
		s.SetFill(st.text)
		s.Text(0, 0, bm.text, g.font, surface.Align{H: surface.Center, V: surface.Middle})
		s.Pop()
	}
}

// badgeGeom is a badge's box: a small tag in the upper right of its cell.
func (d *Drawing) badgeGeom(m flow.Measurer, b badgeMark) (box, surface.Font) {
	f := surface.Font{Style: surface.Bold, Size: clamp(d.cell*0.2, 5.5, 9)}
	w := m.MeasureText(b.text, f) + 4
	h := f.Size + 3
	c := d.centre(b.cell)
	x, y := c.X+d.cell*0.08, c.Y-d.cell*0.3
	return box{x, y, x + w, y + h}, f
}

func (d *Drawing) drawBadges(p *pen) {
	s := p.s
	for _, b := range d.layer.badges {
		st := d.layer.sides[b.side]
		bx, f := d.badgeGeom(s, b)
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
		s.Text(c.X, c.Y, b.text, f, surface.Align{H: surface.Center, V: surface.Middle})
	}
}

// markerSize is the side of a unit marker: a bit over half the cell, at most 0.55in.
func (d *Drawing) markerSize() float64 { return clamp(d.cell*0.56, 9, 0.55*surface.Inch) }

// stackBoxes are the markers of a stack: one box per shown marker, the top last. A big cell lays its units
// side by side; a small one stacks them, showing the top unit over up to two edges.
func (d *Drawing) stackBoxes(st stackMark) (boxes []box, spread bool) {
	m := d.markerSize()
	c := d.centre(st.cell)
	cy := c.Y + d.cell*0.08
	n := len(st.units)
	per := int(math.Floor(d.cell * 0.8 / (m * 1.12)))
	if n > 1 && per >= 2 && per*per >= n {
		cols := min(n, per)
		rows := (n + cols - 1) / cols
		gap := m * 1.12
		x0 := c.X - gap*float64(cols-1)/2
		y0 := cy - gap*float64(rows-1)/2
		for i := 0; i < n; i++ {
			x, y := x0+gap*float64(i%cols), y0+gap*float64(i/cols)
			boxes = append(boxes, box{x - m/2, y - m/2, x + m/2, y + m/2})
		}
		return boxes, true
	}
	under := min(n-1, 2)
	off := clamp(m*0.09, 1.2, 3)
	for k := under; k >= 0; k-- {
		x, y := c.X+float64(k)*off, cy-float64(k)*off
		boxes = append(boxes, box{x - m/2, y - m/2, x + m/2, y + m/2})
	}
	return boxes, false
}

// tableMarker is the side of a unit marker on a tabletop plan, in points on paper.
const tableMarker = 11.0

// tableBox is the marker box of a unit at a point of the table, k places along a stack.
func (d *Drawing) tableBox(ts tableStack, k int) box {
	c := d.tablePt(ts.x, ts.y)
	off := float64(k) * 1.4
	return box{c.X - tableMarker/2 + off, c.Y - tableMarker/2 - off, c.X + tableMarker/2 + off, c.Y + tableMarker/2 - off}
}

// drawTableUnits draws the units set up at points of an open tabletop: a marker centred on its point, a
// stack's top unit over up to two edges, with its count.
func (d *Drawing) drawTableUnits(p *pen) {
	s := p.s
	for _, ts := range d.layer.table {
		under := min(len(ts.units)-1, 2)
		for k := under; k >= 0; k-- {
			b := d.tableBox(ts, k)
			if !p.sees(b.grow(6)) {
				continue
			}
			u := ts.units[min(k, len(ts.units)-1)]
			if k > 0 {
				q := p.pt(b.x0, b.y0)
				s.SetFill(u.fill)
				s.SetStroke(darker(u.fill, 0.45), 0.5)
				s.SetDash()
				s.Rect(q.X, q.Y, tableMarker, tableMarker, surface.FillStroke)
				continue
			}
			d.marker(p, ts.units[0], b)
			if len(ts.units) > 1 {
				c := p.pt(b.x1, b.y0)
				s.SetFill(surface.White)
				s.SetStroke(inkColour, 0.5)
				s.Circle(c.X, c.Y, 3.2, surface.FillStroke)
				s.SetFill(inkColour)
				s.Text(c.X, c.Y, itoa(len(ts.units)), surface.Font{Style: surface.Bold, Size: 4}, surface.Align{H: surface.Center, V: surface.Middle})
			}
		}
	}
}

// drawUnits draws the set-up units: stacks, then two-cell units.
func (d *Drawing) drawUnits(p *pen) {
	s := p.s
	m := d.markerSize()
	for _, st := range d.layer.stacks {
		boxes, spread := d.stackBoxes(st)
		all := boxes[0]
		for _, b := range boxes {
			all = box{math.Min(all.x0, b.x0), math.Min(all.y0, b.y0), math.Max(all.x1, b.x1), math.Max(all.y1, b.y1)}
		}
		if !p.sees(all.grow(m * 0.3)) {
			continue
		}
		if spread {
			for i, b := range boxes {
				d.marker(p, st.units[i], b)
			}
			continue
		}
		// Under the top unit, the units below it (their own colours), then the top one with the count.
		n := len(boxes)
		for i, b := range boxes {
			u := st.units[0]
			if i < n-1 {
				u = st.units[min(n-1-i, len(st.units)-1)]
				q := p.pt(b.x0, b.y0)
				s.SetFill(u.fill)
				s.SetStroke(darker(u.fill, 0.45), 0.5)
				s.SetDash()
				s.Rect(q.X, q.Y, m, m, surface.FillStroke)
				continue
			}
			d.marker(p, u, b)
			if len(st.units) > 1 {
				r := clamp(m*0.2, 3.2, 7)
				c := p.pt(b.x1, b.y0)
				s.SetFill(surface.White)
				s.SetStroke(inkColour, 0.6)
				s.Circle(c.X, c.Y, r, surface.FillStroke)
				s.SetFill(inkColour)
				s.Text(c.X, c.Y, itoa(len(st.units)), surface.Font{Style: surface.Bold, Size: r * 1.25}, surface.Align{H: surface.Center, V: surface.Middle})
			}
		}
	}
	for _, pm := range d.layer.pairs {
		a, b := d.centre(pm.a), d.centre(pm.b)
		ux, uy := b.X-a.X, b.Y-a.Y
		dist := math.Hypot(ux, uy)
		if dist == 0 {
			continue
		}
		ux, uy = ux/dist, uy/dist
		vx, vy := -uy, ux
		half, w := dist/2+m*0.45, m/2
		mx, my := (a.X+b.X)/2, (a.Y+b.Y)/2
		if !p.visible(mx-half, my-half, mx+half, my+half) {
			continue
		}
		corner := func(su, sv float64) surface.Pt {
			return p.pt(mx+ux*half*su+vx*w*sv, my+uy*half*su+vy*w*sv)
		}
		u := pm.unit
		s.SetFill(u.fill)
		s.SetStroke(darker(u.fill, 0.45), 0.6)
		s.SetDash()
		s.Polygon([]surface.Pt{corner(-1, -1), corner(1, -1), corner(1, 1), corner(-1, 1)}, surface.FillStroke)
		d.markerFace(p, u, box{mx - m/2, my - m/2, mx + m/2, my + m/2})
	}
}

// ControlFlag is where a cell's control pennant stands and how big it is, in cell sizes from the cell's centre:
// its pole's foot (x, y), its height and the flag's width: low on the right, clear of a set-up unit's
// marker and a reinforcement's badge.
var ControlFlag = struct{ X, Y, H, W float64 }{X: 0.31, Y: 0.4, H: 0.3, W: 0.15}

// drawControls draws a pennant in the controlling side's colour in each place a side controls at the start.
func (d *Drawing) drawControls(p *pen) {
	for _, c := range d.layer.controls {
		st := d.layer.sides[c.side]
		q := d.centre(c.cell)
		x, y := q.X+ControlFlag.X*d.cell, q.Y+ControlFlag.Y*d.cell
		h, w := ControlFlag.H*d.cell, ControlFlag.W*d.cell
		if !p.visible(x-1, y-h-1, x+w+1, y+1) {
			continue
		}
		d.pennant(p, st, x, y, h, w)
	}
}

// pennant draws a pole from (x, y) up h and a triangular flag w wide at its top.
func (d *Drawing) pennant(p *pen, st sideStyle, x, y, h, w float64) {
	s := p.s
	a, b := p.pt(x, y), p.pt(x, y-h)
	s.SetStroke(inkColour, math.Max(0.5, h*0.06))
	s.SetDash()
	s.Line(a.X, a.Y, b.X, b.Y)
	s.SetFill(st.fill)
	s.SetStroke(st.ink, 0.5)
	s.Polygon([]surface.Pt{b, p.pt(x+w, y-h*0.78), p.pt(x, y-h*0.56)}, surface.FillStroke)
}

// marker draws one unit's marker in box b: its colour, symbol and abbreviation; a unit on its back is pale
// under a band of its colour, and the markers placed on it sit as chips along its lower edge.
func (d *Drawing) marker(p *pen, u unitMark, b box) {
	s := p.s
	q := p.pt(b.x0, b.y0)
	w, h := b.x1-b.x0, b.y1-b.y0
	face := u
	if u.flipped {
		face.fill = BackFill(u.fill)
		face.text = surface.ReadableOn(face.fill)
	}
	s.SetFill(face.fill)
	s.SetStroke(darker(u.fill, 0.45), 0.5)
	s.SetDash()
	s.Rect(q.X, q.Y, w, h, surface.FillStroke)
	if u.flipped {
		s.SetFill(u.fill)
		s.Rect(q.X, q.Y, w, h*BackBand, surface.Fill)
	}
	d.markerFace(p, face, b)
	d.markerChips(p, u, b)
}

// BackBand is the share of a set-up marker's height its band takes when the unit is on its back.
const BackBand = 0.22

// BackFill is the pale colour a unit on its back is drawn in on a scenario map.
func BackFill(c surface.Color) surface.Color { return lighter(c, 0.6) }

// markerChips draws the markers placed on a unit: small white chips with their abbreviations, from the lower
// right corner leftwards.
func (d *Drawing) markerChips(p *pen, u unitMark, b box) {
	if len(u.markers) == 0 {
		return
	}
	s := p.s
	m := b.x1 - b.x0
	f := surface.Font{Style: surface.Bold, Size: clamp(m*0.2, 3, 6)}
	ch := f.Size * 1.5
	x := b.x1 + m*0.15
	for _, t := range u.markers {
		t = flow.Truncate(s, t, f, m*0.8)
		cw := s.MeasureText(t, f) + f.Size*0.8
		x -= cw
		q := p.pt(x, b.y1-ch*0.6)
		s.SetFill(surface.White)
		s.SetStroke(inkColour, 0.5)
		s.Rect(q.X, q.Y, cw, ch, surface.FillStroke)
		s.SetFill(inkColour)
		s.Text(q.X+cw/2, q.Y+ch/2, t, f, surface.Align{H: surface.Center, V: surface.Middle})
		x -= 1
	}
}

// markerFace draws a marker's symbol and abbreviation in box b.
func (d *Drawing) markerFace(p *pen, u unitMark, b box) {
	s := p.s
	m := b.x1 - b.x0
	c := p.pt((b.x0+b.x1)/2, b.y0)
	f := surface.Font{Style: surface.Bold, Size: clamp(m*0.3, 3.5, 10)}
	if u.symbol != "" {
		symbols.Draw(s, u.symbol, symbols.Frame(c.X, c.Y+m*0.33, m*0.66, m*0.4), u.text)
	} else {
		f.Size = clamp(m*0.36, 3.5, 12)
	}
	text := flow.Truncate(s, u.abbr, f, m*0.94)
	s.SetFill(u.text)
	y := c.Y + m*0.9
	if u.symbol == "" {
		y = c.Y + m*0.5 + f.Size*0.35
	}
	// Not on a page that shows none of it (the marker shows there only in part).
	if ay := b.y0 + (y - c.Y); !p.visible(b.x0, ay-f.Size, b.x1, ay+f.Size*0.3) {
		return
	}
	s.Text(c.X, y, text, f, surface.Align{H: surface.Center, V: surface.Baseline})
}

// ------------------------------------------------------------------------------------------- names

// collectNames gathers the marks names must keep clear of and the names to place, most important first:
// settlements, objectives, places, map labels, then zones.
func (d *Drawing) collectNames(in *labelInput) {
	m := d.measurer()
	set := d.Set
	named := map[string]bool{} // locations a scenario objective names
	if d.Scenario != nil {
		for _, o := range d.Scenario.Objectives {
			if o.Location != "" {
				named[o.Location] = true
			}
		}
	}
	type later struct {
		n    nameLabel
		prio int
	}
	var names []later
	add := func(prio int, n nameLabel) { names = append(names, later{n, prio}) }
	if set.Type == content.GridOpen {
		d.tableNames(m, in, add)
	}
	placeFont := surface.Font{Style: surface.Bold, Size: clamp(d.cell*0.17, 5, 10)}
	wrapW := d.cell * 2.6
	// Places on the maps.
	for _, b := range set.Boards {
		for _, l := range b.Map.Locations {
			cs := b.Cells(l.Cells)
			if len(cs) == 0 {
				continue
			}
			ctr := d.meanCentre(cs)
			class := locClass(l.Kind)
			switch class {
			case "deployment":
				for _, c := range cs {
					q := d.centre(c)
					in.mark(q.X, q.Y, d.cell*0.28)
				}
				continue
			case "objective":
				for _, c := range cs {
					q := d.centre(c)
					in.mark(q.X, q.Y, d.cell*0.2)
				}
			}
			if named[l.ID] {
				continue // the objective's name stands for it
			}
			if class == "landmark" && d.hasLabelNear(b, cs) || d.sameLabelNear(b, cs, cmp.Or(l.Name, l.ID)) {
				continue // a map label names it already
			}
			prio, r := 2, d.cell*0.12
			switch class {
			case "village":
				prio = 0
			case "objective":
				prio, r = 1, d.cell*0.22
			}
			add(prio, nameLabel{lines: wrapName(m, cmp.Or(l.Name, l.ID), placeFont, wrapW), font: placeFont, ink: inkColour, anchor: ctr, r: r,
				src: l.At, what: fmt.Sprintf("map %s's place %q", b.Map.ID, cmp.Or(l.Name, l.ID))})
		}
		for _, ml := range b.Map.Labels {
			c, ok := b.Cell(ml.Cell)
			if !ok {
				continue
			}
			f := surface.Font{Style: surface.BoldItalic, Size: clamp(d.cell*0.2, 6, 12), Typeface: d.fonts.Get(ml.Font)}
			n := nameLabel{lines: []string{ml.Text}, font: f, ink: inkColour, anchor: d.centre(c), r: d.cell * 0.25, centre: true,
				src: ml.At, what: fmt.Sprintf("map %s's label %q", b.Map.ID, ml.Text)}
			if ml.Pinned() {
				var off [2]float64
				if len(ml.Offset) == 2 {
					off = [2]float64{ml.Offset[0], ml.Offset[1]}
				}
				w, h := labelSize(m, &n)
				n.pinned, n.rotate = true, ml.Rotate
				n.placed = pinBox(w, h, n.anchor, d.cell, ml.Pin, off, ml.Rotate)
			}
			add(3, n)
		}
	}
	if d.Scenario != nil {
		of := surface.Font{Style: surface.Bold, Size: clamp(d.cell*0.17, 5, 9)}
		for _, o := range d.Scenario.Objectives {
			text := cmp.Or(o.Name, o.ID)
			if o.Points != nil {
				text += " (" + trimNum(o.Points.Float()) + " pts)"
			}
			lines := wrapName(m, text, of, wrapW)
			cells, sides := d.objectiveCells(o)
			d.outlineMarks(in, cells, sides)
			for _, cl := range d.clusters(cells) {
				for _, c := range cl {
					q := d.centre(c)
					in.mark(q.X+d.cell*0.28, q.Y+d.cell*0.05, d.cell*0.1)
				}
				add(1, nameLabel{lines: lines, font: of, ink: objectiveRed, anchor: d.meanCentre(cl), r: d.cell * 0.3, src: o.At, what: fmt.Sprintf("objective %q", text)})
			}
			for _, ch := range d.sideRuns(sides) {
				mid := ch[len(ch)/2]
				add(1, nameLabel{lines: lines, font: of, ink: objectiveRed, anchor: mid, r: d.cell * 0.15, src: o.At, what: fmt.Sprintf("objective %q", text)})
			}
		}
	}
	d.idMarks(m, in)
	if l := d.layer; l != nil {
		for _, st := range l.stacks {
			boxes, _ := d.stackBoxes(st)
			in.marks = append(in.marks, boxes...)
		}
		for _, pm := range l.pairs {
			a, b := d.centre(pm.a), d.centre(pm.b)
			for _, q := range []surface.Pt{a, b, {X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}} {
				in.mark(q.X, q.Y, d.markerSize()/2)
			}
		}
		for _, b := range l.badges {
			bx, _ := d.badgeGeom(m, b)
			in.marks = append(in.marks, bx)
		}
		for _, g := range d.bandGeoms(m) {
			in.marks = append(in.marks, g.tagBox())
		}
		zf := surface.Font{Style: surface.BoldItalic, Size: clamp(d.cell*0.18, 5.5, 9)}
		for _, z := range l.zones {
			if z.round {
				continue // drawn with its circle
			}
			st := l.sides[z.side]
			add(4, nameLabel{lines: wrapName(m, z.label, zf, wrapW), font: zf, ink: st.ink, anchor: d.meanCentre(z.cells), r: d.cell * 0.3})
		}
	}
	sort.SliceStable(names, func(i, j int) bool { return names[i].prio < names[j].prio })
	for _, n := range names {
		in.names = append(in.names, n.n)
	}
}

// sameLabelNear reports whether a map label with this text lies within two cells of these cells.
func (d *Drawing) sameLabelNear(b *content.Board, cs []grid.Cell, text string) bool {
	for _, ml := range b.Map.Labels {
		c, ok := b.Cell(ml.Cell)
		if !ok || !strings.EqualFold(strings.TrimSpace(ml.Text), strings.TrimSpace(text)) {
			continue
		}
		for _, x := range cs {
			if d.Set.Distance(c, x) <= 2 {
				return true
			}
		}
	}
	return false
}

func (d *Drawing) meanCentre(cs []grid.Cell) surface.Pt {
	var x, y float64
	for _, c := range cs {
		q := d.centre(c)
		x += q.X
		y += q.Y
	}
	n := float64(max(len(cs), 1))
	return surface.Pt{X: x / n, Y: y / n}
}

// objectiveCells are an objective's cells (its own, else its location's) and its hexsides as cell pairs.
func (d *Drawing) objectiveCells(o content.Objective) ([]grid.Cell, [][2]grid.Cell) {
	var cs []grid.Cell
	for _, l := range o.Cells {
		if r, ok := d.Set.Cell(l); ok {
			cs = append(cs, r.Cell)
		}
	}
	if len(cs) == 0 && o.Location != "" {
		if loc, b := d.Set.Location(o.Location); loc != nil {
			cs = b.Cells(loc.Cells)
		}
	}
	var sides [][2]grid.Cell
	for _, sd := range o.Sides {
		if a, b, ok := d.Set.Side(sd); ok && d.Set.SideBetween(a, b) {
			sides = append(sides, [2]grid.Cell{a, b})
		}
	}
	return cs, sides
}

// clusters splits cells into groups of neighbours, in the order first listed.
func (d *Drawing) clusters(cs []grid.Cell) [][]grid.Cell {
	var out [][]grid.Cell
	seen := map[grid.Cell]bool{}
	in := map[grid.Cell]bool{}
	for _, c := range cs {
		in[c] = true
	}
	var nb []grid.Cell
	for _, c := range cs {
		if seen[c] {
			continue
		}
		seen[c] = true
		group := []grid.Cell{c}
		for i := 0; i < len(group); i++ {
			nb = d.Set.Neighbours(group[i], nb[:0])
			for _, n := range nb {
				if in[n] && !seen[n] {
					seen[n] = true
					group = append(group, n)
				}
			}
		}
		out = append(out, group)
	}
	return out
}

// ------------------------------------------------------------------------------------------- legend

// SideColour is the colour a side's zones, entries and units take on a scenario map.
type SideColour struct {
	Name   string
	Colour surface.Color
}

// SideColours lists the colours of the sides that have something on the map, in the scenario's order.
func (d *Drawing) SideColours() []SideColour {
	if d.layer == nil {
		return nil
	}
	var out []SideColour
	for _, st := range d.layer.sides {
		if st.used {
			out = append(out, SideColour{Name: st.name, Colour: st.fill})
		}
	}
	return out
}

// sideLegend draws a side's legend swatch: its tint and hatch.
func (d *Drawing) sideSwatch(p *pen, st sideStyle, x, y, w, h float64) {
	s := p.s
	q := p.pt(x, y)
	s.SetFill(surface.RGBA(st.fill.R, st.fill.G, st.fill.B, 56))
	s.Rect(q.X, q.Y, w, h, surface.Fill)
	s.Push()
	s.ClipRect(q.X, q.Y, w, h)
	s.SetStroke(st.ink, 0.5)
	s.SetDash()
	hatch(p, st.angle, 4.5, box{x, y, x + w, y + h})
	s.Pop()
	s.SetStroke(st.ink, 1.2)
	s.Rect(q.X, q.Y, w, h, surface.Stroke)
	s.SetFill(st.fill)
	s.Rect(q.X+w-6, q.Y, 6, h, surface.Fill)
}
