package maps

import (
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// pen draws artwork coordinates onto a page: page = art + (dx, dy). Only what meets view (art coordinates) is
// drawn; the caller clips.
type pen struct {
	s      surface.Surface
	dx, dy float64
	view   surface.Rect
}

func (p *pen) pt(x, y float64) surface.Pt { return surface.Pt{X: x + p.dx, Y: y + p.dy} }

func (p *pen) visible(x0, y0, x1, y1 float64) bool {
	v := p.view
	return x1 >= v.X && x0 <= v.X+v.W && y1 >= v.Y && y0 <= v.Y+v.H
}

// cellRange is the columns and rows whose cells may show in the pen's view, so a page of a large map looks at
// its own cells rather than at all of them (the work of a tiled map grew with its cells times its pages).
// Cell centres grow with their column and row, give or take half a cell where the grid staggers, and a cell
// reaches less than a cell size from its centre: the range is found by binary search on the centres, with a
// margin of one and a half cells, and every cell in it is still tested exactly.
func (d *Drawing) cellRange(p *pen) (c0, c1, r0, r1 int) {
	set := d.Set
	m := 1.5 * d.cell
	v := p.view
	x := func(col int) float64 { return d.centre(grid.Cell{Col: col}).X }
	y := func(row int) float64 { return d.centre(grid.Cell{Row: row}).Y }
	c0 = sort.Search(set.Cols, func(i int) bool { return x(i)+m >= v.X })
	c1 = sort.Search(set.Cols, func(i int) bool { return x(i)-m > v.X+v.W }) - 1
	r0 = sort.Search(set.Rows, func(i int) bool { return y(i)+m >= v.Y })
	r1 = sort.Search(set.Rows, func(i int) bool { return y(i)-m > v.Y+v.H }) - 1
	return c0, c1, r0, r1
}

// cellPoly is a cell's outline in art coordinates.
func (d *Drawing) cellPoly(c grid.Cell, dst []surface.Pt) []surface.Pt {
	if d.net != nil {
		return d.netPoly(c, dst)
	}
	dst = dst[:0]
	if d.Set.Type == content.GridHex {
		for _, q := range d.Set.Hex.Corners(c) {
			dst = append(dst, surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy})
		}
		return dst
	}
	for _, q := range d.Set.Square.Corners(c) {
		dst = append(dst, surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy})
	}
	return dst
}

// centre is a cell's centre in art coordinates.
func (d *Drawing) centre(c grid.Cell) surface.Pt {
	if d.net != nil {
		return d.netCentre(c)
	}
	var q grid.Point
	if d.Set.Type == content.GridHex {
		q = d.Set.Hex.Centre(c)
	} else {
		q = d.Set.Square.Centre(c)
	}
	return surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}
}

// sideEnds are the two corners of the side between adjacent cells, in art coordinates.
func (d *Drawing) sideEnds(a, b grid.Cell) (surface.Pt, surface.Pt, bool) {
	var p, q grid.Point
	var ok bool
	if d.Set.Type == content.GridHex {
		hs, err := d.Set.Hex.Side(a, b)
		if err != nil {
			return surface.Pt{}, surface.Pt{}, false
		}
		p, q, ok = d.Set.Hex.SideEnds(hs)
	} else {
		e, err := grid.EdgeBetween(a, b)
		if err != nil {
			return surface.Pt{}, surface.Pt{}, false
		}
		p, q, ok = d.Set.Square.EdgeEnds(e)
	}
	return surface.Pt{X: p.X + d.gx, Y: p.Y + d.gy}, surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}, ok
}

func (p *pen) poly(pts []surface.Pt, buf []surface.Pt) []surface.Pt {
	buf = buf[:0]
	for _, q := range pts {
		buf = append(buf, p.pt(q.X, q.Y))
	}
	return buf
}

func bbox(pts []surface.Pt) (x0, y0, x1, y1 float64) {
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, q := range pts {
		x0, y0, x1, y1 = math.Min(x0, q.X), math.Min(y0, q.Y), math.Max(x1, q.X), math.Max(y1, q.Y)
	}
	return
}

// drawMap draws the map frame (grid or table) in art coordinates through p.
func (d *Drawing) drawMap(p *pen) {
	s := p.s
	// The frame.
	s.SetFill(surface.White)
	o := p.pt(0, 0)
	s.Rect(o.X, o.Y, d.mapW, d.mapH, surface.Fill)
	switch {
	case d.Set.Type == content.GridOpen:
		d.drawTable(p)
	case d.net != nil:
		d.drawBackgrounds(p)
		d.drawNetwork(p)
	default:
		d.drawBackgrounds(p)
		d.drawGrid(p)
	}
	s.SetStroke(frameColour, 0.75)
	s.SetDash()
	if r, ok := d.Outline(); ok {
		// The board's published edge: a hairline at its exact size, to cut along.
		s.SetStroke(frameColour, 0.5)
		s.Rect(o.X+r.X, o.Y+r.Y, r.W, r.H, surface.Stroke)
	} else {
		s.Rect(o.X+d.border*0.5, o.Y+d.border*0.5, d.mapW-d.border, d.mapH-d.border, surface.Stroke)
	}
	d.drawBorderText(p)
}

// drawGrid draws a hex or square grid and everything on it.
func (d *Drawing) drawGrid(p *pen) {
	s := p.s
	set := d.Set
	var poly []surface.Pt
	type vis struct {
		c   grid.Cell
		ter string
		l   content.MapLayers // what the cell's board shows
	}
	c0, c1, r0, r1 := d.cellRange(p)
	var cells []vis
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			c := grid.Cell{Col: col, Row: row}
			poly = d.cellPoly(c, poly)
			if x0, y0, x1, y1 := bbox(poly); !p.visible(x0, y0, x1, y1) {
				continue
			}
			cells = append(cells, vis{c, set.Terrain(c), d.layersAt(c)})
		}
	}
	// Each cell: its terrain's fill, pattern and outline, drawn once per terrain and placed at every cell of it.
	art := d.cellArt()
	for _, v := range cells {
		k := d.cellLook(v.c, v.ter, v.l)
		if !k.fill && !k.outline {
			continue
		}
		ctr := p.pt(d.centre(v.c).X, d.centre(v.c).Y)
		s.Reuse(k, ctr.X, ctr.Y, art, art, func(s surface.Surface, _ surface.Rect) { d.drawCell(s, k) })
	}
	s.SetStroke(gridColour, d.gridWidth())
	s.SetDash()
	s.SetLineJoin(surface.RoundJoin)
	// Contours where the ground falls away.
	d.drawContours(p, func(yield func(grid.Cell)) {
		for _, v := range cells {
			if v.l.Fills {
				yield(v.c)
			}
		}
	})
	if d.anyLayer(func(l content.MapLayers) bool { return l.Grid }) {
		d.drawBoardJoins(p)
	}
	d.drawSides(p)
	d.drawPaths(p)
	d.drawCrossings(p)
	// Cell labels on pads of their cell's colour (over roads and rivers), then the labels and elevations, each
	// pass in one run so the PDF backend writes them compactly. A label wholly outside the page's view is left
	// out (its cell shows there only in part, and the neighbouring sheet shows the label whole).
	lf := d.idFont()
	ef := surface.Font{Style: surface.Italic, Size: clamp(d.cell*0.15, 4, 8)}
	asc, desc, _ := s.FontMetrics(lf)
	type label struct {
		cellID
		bg surface.Color
	}
	labels := make([]label, 0, len(cells))
	insets := d.lines().insets
	for _, v := range cells {
		if !v.l.Labels {
			continue
		}
		id, ok := d.cellID(s, v.c, insets)
		if !ok || !p.visible(id.box.x0, id.box.y0, id.box.x1, id.box.y1) {
			continue
		}
		labels = append(labels, label{id, d.padColour(v.c, v.ter, v.l)})
	}
	for _, l := range labels {
		q := p.pt(l.px-0.6, l.y)
		s.SetFill(l.bg)
		s.Rect(q.X, q.Y, l.w+1.2, asc+desc*0.6, surface.Fill)
	}
	for _, l := range labels {
		s.SetFill(surface.ReadableOn(opaque(l.bg)))
		q := p.pt(l.x, l.y)
		s.Text(q.X, q.Y, l.text, lf, l.a)
	}
	if d.showElev {
		for _, v := range cells {
			if e := d.elevation(v.c); e != 0 && v.l.Labels {
				ctr := d.centre(v.c)
				s.SetFill(surface.ReadableOn(opaque(d.padColour(v.c, v.ter, v.l))))
				q := p.pt(ctr.X, ctr.Y+d.cell*0.42)
				s.Text(q.X, q.Y, itoa(e), ef, surface.Align{H: surface.Center, V: surface.Baseline})
			}
		}
	}
	if d.layer != nil {
		d.drawZones(p)
		d.drawEntryTints(p)
	}
	d.drawLocations(p)
	if d.Scenario != nil {
		d.drawObjectives(p)
	}
	names := d.placedNames()
	if d.layer != nil {
		if !d.HideUnits {
			d.drawUnits(p)
		}
		d.drawControls(p)
		d.drawBands(p, d.bandGeoms(p.s))
		d.drawBadges(p)
	}
	d.drawNames(p, names)
}

// cellKey names the reused drawing of a cell of one terrain in one drawing, as its board shows it.
type cellKey struct {
	d       *Drawing
	ter     string
	fill    bool  // the terrain's fill (colour and pattern, or tile)
	outline bool  // the cell's outline (the grid)
	alpha   uint8 // the fill's opacity
}

// cellLook is how a cell of terrain ter is drawn: its fill, unless its board hides fills, or the cell has no
// terrain and its board a background (the art shows there); its outline, unless the board hides the grid.
func (d *Drawing) cellLook(c grid.Cell, ter string, l content.MapLayers) cellKey {
	fill := l.Fills && l.FillOpacity > 0
	if ter == "" && fill {
		b, _ := d.Set.BoardAt(c)
		fill = !d.hasArt(b)
	}
	return cellKey{d: d, ter: ter, fill: fill, outline: l.Grid, alpha: uint8(math.Round(l.FillOpacity * 255))}
}

// padColour is the colour of the pad under a cell's label: the cell's fill where it is drawn opaque, a
// translucent white over art (or a tile) that shows through.
func (d *Drawing) padColour(c grid.Cell, ter string, l content.MapLayers) surface.Color {
	if k := d.cellLook(c, ter, l); k.fill && k.alpha == 255 && d.tiles[ter] == nil {
		return d.terrainColour(ter)
	}
	return surface.RGBA(255, 255, 255, 190)
}

// opaque is a colour without its transparency, as text read on it sees it.
func opaque(c surface.Color) surface.Color { return surface.RGB(c.R, c.G, c.B) }

// cellArt is the extent of a cell's drawing round its centre: the cell and half its outline's width.
func (d *Drawing) cellArt() surface.Rect {
	poly := d.cellPoly(grid.Cell{}, nil)
	c := d.centre(grid.Cell{})
	x0, y0, x1, y1 := bbox(poly)
	m := d.gridWidth()
	return surface.Rect{X: x0 - c.X - m, Y: y0 - c.Y - m, W: x1 - x0 + 2*m, H: y1 - y0 + 2*m}
}

func (d *Drawing) gridWidth() float64 { return clamp(d.cell/120, 0.35, 0.8) }

// drawCell draws a cell round the origin as k says: its terrain's tile, or its fill and pattern (which repeats
// with the grid's cells, so it runs on into the next cell of the same terrain), and its outline.
func (d *Drawing) drawCell(s surface.Surface, k cellKey) {
	c := d.centre(grid.Cell{})
	poly := d.cellPoly(grid.Cell{}, nil)
	for i := range poly {
		poly[i].X -= c.X
		poly[i].Y -= c.Y
	}
	if t := d.tiles[k.ter]; k.fill && t != nil {
		if err := drawTile(s, t, poly); err != nil {
			d.noteErr(fmt.Errorf("terrain %s: tile %s: %w", k.ter, d.terrain[k.ter].Tile.Image, err))
		}
	} else if k.fill {
		col := d.terrainColour(k.ter)
		s.SetFill(surface.RGBA(col.R, col.G, col.B, k.alpha))
		s.Polygon(poly, surface.Fill)
		if pat := d.terrainPattern(k.ter); pat != "" && pat != "none" && pat != "contour" {
			s.Push()
			s.ClipPolygon(poly)
			x0, y0, x1, y1 := bbox(poly)
			ink := patternInk(col)
			drawPattern(s, pat, surface.RGBA(ink.R, ink.G, ink.B, k.alpha), math.Min(d.cell, patternCell), d.cellPeriod(), &pen{s: s}, x0, y0, x1, y1)
			s.Pop()
		}
	}
	if !k.outline {
		return
	}
	s.SetStroke(gridColour, d.gridWidth())
	s.SetDash()
	s.SetLineJoin(surface.RoundJoin)
	s.Polygon(poly, surface.Stroke)
}

func clamp(v, lo, hi float64) float64 { return math.Max(lo, math.Min(hi, v)) }

// patternCell is the largest cell size patterns are scaled for: on bigger cells they repeat instead of growing.
const patternCell = 0.6 * surface.Inch

func itoa(n int) string {
	neg := n < 0
	if neg {
		n = -n
	}
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			break
		}
	}
	if neg {
		return "-" + string(b)
	}
	return string(b)
}

// patternInk is the colour of a terrain's pattern: its fill darkened, so the pattern reads in colour and in grey.
func patternInk(c surface.Color) surface.Color {
	k := 0.42
	return surface.RGB(uint8(float64(c.R)*k), uint8(float64(c.G)*k), uint8(float64(c.B)*k))
}

func darker(c surface.Color, k float64) surface.Color {
	return surface.RGB(uint8(float64(c.R)*k), uint8(float64(c.G)*k), uint8(float64(c.B)*k))
}

func lighter(c surface.Color, k float64) surface.Color {
	f := func(v uint8) uint8 { return uint8(float64(v) + (255-float64(v))*k) }
	return surface.RGB(f(c.R), f(c.G), f(c.B))
}

// drawContours draws, inside each cell higher than a neighbour, a contour line along that side with short
// hachures pointing downhill.
func (d *Drawing) drawContours(p *pen, cells func(func(grid.Cell))) {
	if d.elev == nil {
		return
	}
	s := p.s
	ink := surface.RGB(0x6b, 0x4a, 0x1f)
	s.SetStroke(ink, clamp(d.cell/60, 0.5, 1.2))
	s.SetDash()
	s.SetLineCap(surface.RoundCap)
	var nb []grid.Cell
	cells(func(c grid.Cell) {
		e := d.elevation(c)
		if e <= 0 {
			return
		}
		ctr := d.centre(c)
		nb = d.Set.Neighbours(c, nb[:0])
		for _, n := range nb {
			if d.Set.Type == content.GridSquare && n.Col != c.Col && n.Row != c.Row {
				continue
			}
			if d.elevation(n) >= e {
				continue
			}
			a, b, ok := d.sideEnds(c, n)
			if !ok {
				continue
			}
			in := func(q surface.Pt, k float64) surface.Pt {
				return surface.Pt{X: ctr.X + (q.X-ctr.X)*k, Y: ctr.Y + (q.Y-ctr.Y)*k}
			}
			a1, b1 := in(a, 0.84), in(b, 0.84)
			q1, q2 := p.pt(a1.X, a1.Y), p.pt(b1.X, b1.Y)
			s.Line(q1.X, q1.Y, q2.X, q2.Y)
			// Hachures: from the contour towards the side.
			for _, t := range []float64{0.25, 0.5, 0.75} {
				h0 := surface.Pt{X: a1.X + (b1.X-a1.X)*t, Y: a1.Y + (b1.Y-a1.Y)*t}
				h1 := surface.Pt{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
				h1 = surface.Pt{X: h0.X + (h1.X-h0.X)*0.75, Y: h0.Y + (h1.Y-h0.Y)*0.75}
				r0, r1 := p.pt(h0.X, h0.Y), p.pt(h1.X, h1.Y)
				s.Line(r0.X, r0.Y, r1.X, r1.Y)
			}
		}
	})
	s.SetLineCap(surface.ButtCap)
}

// drawBoardJoins marks where the boards of a composed set meet, with a heavier line along the join.
func (d *Drawing) drawBoardJoins(p *pen) {
	set := d.Set
	if len(set.Boards) < 2 {
		return
	}
	s := p.s
	s.SetStroke(surface.RGB(0x80, 0x10, 0x10), clamp(d.cell/25, 1.2, 3))
	s.SetDash(4, 2)
	var nb []grid.Cell
	c0, c1, r0, r1 := d.cellRange(p)
	for row := r0; row <= r1; row++ {
		for col := c0; col <= c1; col++ {
			c := grid.Cell{Col: col, Row: row}
			b, _ := set.BoardAt(c)
			if b == nil {
				continue
			}
			nb = set.Neighbours(c, nb[:0])
			for _, n := range nb {
				if ob, _ := set.BoardAt(n); ob == nil || ob == b || !lessCell(c, n) {
					continue
				}
				a, e, ok := d.sideEnds(c, n)
				if !ok || !p.visible(math.Min(a.X, e.X), math.Min(a.Y, e.Y), math.Max(a.X, e.X), math.Max(a.Y, e.Y)) {
					continue
				}
				q1, q2 := p.pt(a.X, a.Y), p.pt(e.X, e.Y)
				s.Line(q1.X, q1.Y, q2.X, q2.Y)
			}
		}
	}
	s.SetDash()
}

func lessCell(a, b grid.Cell) bool {
	if a.Col != b.Col {
		return a.Col < b.Col
	}
	return a.Row < b.Row
}

// ------------------------------------------------------------------------------------------- features

// lineStyle is how a hexside or path feature is drawn.
type lineStyle struct {
	kind   string // water, stream, slope, wall, hedge, road, trail, rail, line, bridge, ford
	colour surface.Color
	width  float64 // relative to the cell size
	most   float64 // the most it may be, in points, on big cells
	fixed  float64 // absolute width in points from the feature's `width`, 0 if none
	dash   string  // the feature's style: dashed, dotted, or solid ("")
}

func (d *Drawing) lineStyle(id string) lineStyle {
	f := d.features[id]
	name := strings.ToLower(id)
	on := content.FeatureHexside
	st := lineStyle{colour: surface.RGB(0x40, 0x40, 0x40)}
	water := false
	if f != nil {
		name += " " + strings.ToLower(f.Name)
		on = f.On
		if c, err := surface.Hex(f.Colour); err == nil && f.Colour != "" {
			st.colour = c
		}
		if f.Width != nil {
			st.fixed = f.Width.Points
		}
		water = f.Water
		if f.Style == "dashed" || f.Style == "dotted" {
			st.dash = f.Style
		}
	}
	has := func(words ...string) bool {
		for _, w := range words {
			if strings.Contains(name, w) {
				return true
			}
		}
		return false
	}
	switch on {
	case content.FeaturePath:
		switch {
		case has("trail", "track", "path"):
			st.kind, st.width, st.most = "trail", 0.05, 3
		case has("rail"):
			st.kind, st.width, st.most = "rail", 0.05, 3
		default:
			st.kind, st.width, st.most = "road", 0.11, 7
		}
	case content.FeatureCrossing:
		st.kind = "bridge"
		if has("ford") {
			st.kind = "ford"
		}
	default:
		switch {
		case has("stream", "creek", "brook"):
			st.kind, st.width, st.most = "stream", 0.07, 5
		case water || has("river", "canal"):
			st.kind, st.width, st.most = "water", 0.12, 9
		case has("slope", "cliff", "escarp", "ridge", "crest"):
			st.kind, st.width, st.most = "slope", 0.05, 3
		case has("wall", "fort", "rampart", "palisade"):
			st.kind, st.width, st.most = "wall", 0.07, 5
		case has("hedge", "bocage"):
			st.kind, st.width, st.most = "hedge", 0.06, 4
		default:
			st.kind, st.width, st.most = "line", 0.05, 3
		}
	}
	return st
}

func (st lineStyle) w(cell float64) float64 {
	if st.fixed > 0 {
		return st.fixed
	}
	w := math.Max(0.8, st.width*cell)
	if st.most > 0 {
		w = math.Min(w, st.most)
	}
	return w
}

// sideRuns joins side features (pairs of adjacent cells) into the polylines a pen draws, in the order
// listed (grid.SideRuns), in art coordinates.
func (d *Drawing) sideRuns(sides [][2]grid.Cell) [][]surface.Pt {
	ends := make([][2]grid.Corner, 0, len(sides))
	for _, sd := range sides {
		if k1, k2, ok := d.Set.SideCorners(sd[0], sd[1]); ok {
			ends = append(ends, [2]grid.Corner{k1, k2})
		}
	}
	var out [][]surface.Pt
	for _, r := range grid.SideRuns(ends) {
		pl := make([]surface.Pt, len(r.Corners))
		for i, k := range r.Corners {
			q := d.Set.CornerPoint(k)
			pl[i] = surface.Pt{X: q.X + d.gx, Y: q.Y + d.gy}
		}
		out = append(out, pl)
	}
	return out
}

func (d *Drawing) drawSides(p *pen) {
	for _, f := range d.lines().sides {
		for _, pl := range f.runs {
			d.strokeFeature(p, pl, f.st)
		}
		if f.st.kind == "slope" || f.st.kind == "wall" {
			d.sideTicks(p, f.segs, f.owners, f.st)
		}
	}
}

// lineFeatures are the geometry of a drawing's hexside and path features, worked out once for all its
// pages (a page then only looks for the parts it shows).
type lineFeatures struct {
	gx, gy float64 // the grid's position in the artwork they were worked out for
	sides  []sideFeature
	paths  []pathFeature
	insets map[grid.Cell][2]float64 // cell ids moved clear of side features (idInsets)
}

type sideFeature struct {
	st     lineStyle
	runs   [][]surface.Pt // the polylines a pen draws
	segs   [][2]surface.Pt
	owners [][2]grid.Cell
}

type pathFeature struct {
	st lineStyle
	pl []surface.Pt
}

func (d *Drawing) lines() *lineFeatures {
	d.mu.Lock()
	defer d.mu.Unlock()
	if lf := d.lineGeom; lf != nil && lf.gx == d.gx && lf.gy == d.gy {
		return lf
	}
	lf := &lineFeatures{gx: d.gx, gy: d.gy}
	for _, b := range d.Set.Boards {
		l := d.layersOf(b)
		for _, h := range b.Map.Hexsides {
			if !l.Hexsides {
				break
			}
			f := sideFeature{st: d.lineStyle(h.Type)}
			for _, sd := range h.Sides {
				a, c, ok := b.Side(sd)
				if !ok {
					continue
				}
				e1, e2, ok := d.sideEnds(a, c)
				if !ok {
					continue
				}
				f.segs = append(f.segs, [2]surface.Pt{e1, e2})
				f.owners = append(f.owners, [2]grid.Cell{a, c})
			}
			f.runs = d.sideRuns(f.owners)
			lf.sides = append(lf.sides, f)
		}
		for _, pf := range b.Map.Paths {
			if !l.Paths {
				break
			}
			var pl []surface.Pt
			for _, c := range b.Cells(pf.Cells) {
				pl = append(pl, d.centre(c))
			}
			if len(pl) == 1 {
				pl = append(pl, pl[0])
			}
			if len(pl) > 1 {
				lf.paths = append(lf.paths, pathFeature{d.lineStyle(pf.Type), pl})
			}
		}
	}
	lf.insets = d.idInsets(lf)
	d.lineGeom = lf
	return lf
}

// strokeFeature strokes a polyline (art coordinates) in a feature's style.
func (d *Drawing) strokeFeature(p *pen, pl []surface.Pt, st lineStyle) {
	d.strokeFeatureAt(p, pl, st, d.cell)
}

// strokeFeatureAt strokes a polyline in a feature's style sized for cells of size cell.
func (d *Drawing) strokeFeatureAt(p *pen, pl []surface.Pt, st lineStyle, cell float64) {
	x0, y0, x1, y1 := bbox(pl)
	m := cell
	if !p.visible(x0-m, y0-m, x1+m, y1+m) {
		return
	}
	s := p.s
	pts := p.poly(pl, nil)
	w := st.w(cell)
	s.SetLineJoin(surface.RoundJoin)
	s.SetLineCap(surface.RoundCap)
	s.SetDash()
	if st.dash != "" {
		// A style the feature names: one stroke in its colour, dashed or dotted.
		s.SetStroke(st.colour, w)
		setStyleDash(s, st, w)
		s.Polyline(pts)
		s.SetDash()
		s.SetLineCap(surface.ButtCap)
		s.SetLineJoin(surface.MiterJoin)
		return
	}
	switch st.kind {
	case "water", "stream":
		s.SetStroke(darker(st.colour, 0.55), w+1.2)
		s.Polyline(pts)
		s.SetStroke(st.colour, w)
		s.Polyline(pts)
	case "road":
		s.SetStroke(darker(st.colour, 0.7), w)
		s.Polyline(pts)
		s.SetStroke(lighter(st.colour, 0.8), w*0.5)
		s.Polyline(pts)
	case "trail":
		s.SetStroke(st.colour, w)
		s.SetDash(w*3, w*2)
		s.Polyline(pts)
		s.SetDash()
	case "rail":
		s.SetStroke(surface.Black, w*0.6)
		s.Polyline(pts)
	case "hedge":
		s.SetStroke(st.colour, w)
		s.SetDash(0.1, w*1.6)
		s.Polyline(pts)
		s.SetDash()
	case "wall":
		s.SetStroke(darker(st.colour, 0.6), w)
		s.Polyline(pts)
	default:
		s.SetStroke(st.colour, w)
		s.Polyline(pts)
	}
	s.SetLineCap(surface.ButtCap)
	s.SetLineJoin(surface.MiterJoin)
}

// sideTicks adds the teeth of a slope (towards the lower cell) or a wall (both sides).
func (d *Drawing) sideTicks(p *pen, segs [][2]surface.Pt, owners [][2]grid.Cell, st lineStyle) {
	s := p.s
	s.SetStroke(st.colour, math.Max(0.5, st.w(d.cell)*0.6))
	if st.kind == "wall" {
		s.SetStroke(darker(st.colour, 0.6), math.Max(0.5, st.w(d.cell)*0.6))
	}
	tl := math.Min(d.cell*0.12, 6)
	for i, sg := range segs {
		a, b := sg[0], sg[1]
		if !p.visible(math.Min(a.X, b.X)-tl, math.Min(a.Y, b.Y)-tl, math.Max(a.X, b.X)+tl, math.Max(a.Y, b.Y)+tl) {
			continue
		}
		lo := owners[i][1]
		if d.elevation(owners[i][0]) < d.elevation(owners[i][1]) {
			lo = owners[i][0]
		}
		ctr := d.centre(lo)
		mid := surface.Pt{X: (a.X + b.X) / 2, Y: (a.Y + b.Y) / 2}
		nx, ny := ctr.X-mid.X, ctr.Y-mid.Y
		l := math.Hypot(nx, ny)
		if l == 0 {
			continue
		}
		nx, ny = nx/l, ny/l
		for _, t := range []float64{0.2, 0.4, 0.6, 0.8} {
			q := surface.Pt{X: a.X + (b.X-a.X)*t, Y: a.Y + (b.Y-a.Y)*t}
			r0 := p.pt(q.X, q.Y)
			r1 := p.pt(q.X+nx*tl, q.Y+ny*tl)
			if st.kind == "wall" {
				r0 = p.pt(q.X-nx*tl*0.6, q.Y-ny*tl*0.6)
				r1 = p.pt(q.X+nx*tl*0.6, q.Y+ny*tl*0.6)
			}
			s.Line(r0.X, r0.Y, r1.X, r1.Y)
		}
	}
}

func (d *Drawing) drawPaths(p *pen) {
	for _, f := range d.lines().paths {
		d.strokeFeature(p, f.pl, f.st)
	}
}

func (d *Drawing) drawCrossings(p *pen) {
	for _, b := range d.Set.Boards {
		if !d.layersOf(b).Hexsides {
			continue
		}
		for _, cr := range b.Map.Crossings {
			a, c, ok := b.Side(cr.Side)
			if !ok {
				continue
			}
			e1, e2, ok := d.sideEnds(a, c)
			if !ok {
				continue
			}
			st := d.lineStyle(cr.Type)
			ca, cc := d.centre(a), d.centre(c)
			ux, uy := cc.X-ca.X, cc.Y-ca.Y
			l := math.Hypot(ux, uy)
			ux, uy = ux/l, uy/l
			vx, vy := -uy, ux
			mid := surface.Pt{X: (e1.X + e2.X) / 2, Y: (e1.Y + e2.Y) / 2}
			if !p.visible(mid.X-d.cell, mid.Y-d.cell, mid.X+d.cell, mid.Y+d.cell) {
				continue
			}
			d.crossingMark(p, mid, ux, uy, vx, vy, st)
		}
	}
}

// crossingMark draws a bridge (or a ford) at mid, running along (ux, uy), the way it carries, with (vx, vy)
// across it, in art coordinates.
func (d *Drawing) crossingMark(p *pen, mid surface.Pt, ux, uy, vx, vy float64, st lineStyle) {
	s := p.s
	half, wide := math.Min(d.cell*0.24, 24), math.Min(d.cell*0.09, 9)
	quad := func(h, w float64) []surface.Pt {
		return []surface.Pt{
			p.pt(mid.X-ux*h-vx*w, mid.Y-uy*h-vy*w), p.pt(mid.X+ux*h-vx*w, mid.Y+uy*h-vy*w),
			p.pt(mid.X+ux*h+vx*w, mid.Y+uy*h+vy*w), p.pt(mid.X-ux*h+vx*w, mid.Y-uy*h+vy*w),
		}
	}
	if st.kind == "ford" {
		s.SetFill(lighter(st.colour, 0.6))
		s.SetStroke(darker(st.colour, 0.6), 0.7)
		s.SetDash(1.5, 1)
		s.Polygon(quad(half, wide*1.4), surface.FillStroke)
		s.SetDash()
		return
	}
	s.SetFill(lighter(st.colour, 0.55))
	s.SetStroke(darker(st.colour, 0.5), math.Max(0.6, d.cell/50))
	s.SetDash()
	s.Polygon(quad(half, wide), surface.FillStroke)
	// Wing walls at both ends.
	for _, sgn := range []float64{-1, 1} {
		for _, side := range []float64{-1, 1} {
			x0, y0 := mid.X+ux*half*sgn+vx*wide*side, mid.Y+uy*half*sgn+vy*wide*side
			x1, y1 := x0+(ux*sgn+vx*side)*wide*0.9, y0+(uy*sgn+vy*side)*wide*0.9
			q0, q1 := p.pt(x0, y0), p.pt(x1, y1)
			s.Line(q0.X, q0.Y, q1.X, q1.Y)
		}
	}
}

// ------------------------------------------------------------------------------------------- names

// drawLocations draws the marks of the maps' places: deployment letters, objective stars, settlements'
// outlines. Their names are placed with the other names (see placedNames).
func (d *Drawing) drawLocations(p *pen) {
	s := p.s
	for _, b := range d.Set.Boards {
		for _, l := range b.Map.Locations {
			cs := b.Cells(l.Cells)
			if len(cs) == 0 {
				continue
			}
			bx := d.cellsBox(cs)
			if !p.sees(bx) {
				continue
			}
			switch locClass(l.Kind) {
			case "deployment":
				for _, c := range cs {
					q := d.centre(c)
					r := d.cell * 0.27
					pq := p.pt(q.X, q.Y)
					s.SetFill(surface.White)
					s.SetStroke(inkColour, math.Max(0.7, d.cell/40))
					s.SetDash()
					s.Circle(pq.X, pq.Y, r, surface.FillStroke)
					s.SetFill(inkColour)
					s.Text(pq.X, pq.Y, l.ID, surface.Font{Style: surface.Bold, Size: r * 1.1}, surface.Align{H: surface.Center, V: surface.Middle})
				}
			case "objective":
				for _, c := range cs {
					q := d.centre(c)
					pq := p.pt(q.X, q.Y)
					s.SetFill(objectiveRed)
					s.SetStroke(surface.White, 0.6)
					s.Star(pq.X, pq.Y, d.cell*0.2, 5, surface.FillStroke)
				}
			case "village":
				// Ring the settlement's cells.
				s.SetStroke(surface.RGB(0x30, 0x30, 0x30), math.Max(0.6, d.cell/45))
				s.SetDash(2, 1.5)
				var poly []surface.Pt
				for _, c := range cs {
					poly = d.cellPoly(c, poly)
					ctr := d.centre(c)
					for i := range poly {
						poly[i] = surface.Pt{X: ctr.X + (poly[i].X-ctr.X)*0.86, Y: ctr.Y + (poly[i].Y-ctr.Y)*0.86}
					}
					s.Polygon(p.poly(poly, nil), surface.Stroke)
				}
				s.SetDash()
			}
		}
	}
}

// hasLabelNear reports whether a map label already names one of these cells' surroundings (so a landmark is
// not named twice).
func (d *Drawing) hasLabelNear(b *content.Board, cs []grid.Cell) bool {
	for _, ml := range b.Map.Labels {
		c, ok := b.Cell(ml.Cell)
		if !ok {
			continue
		}
		for _, x := range cs {
			if d.Set.Distance(c, x) <= 1 {
				return true
			}
		}
	}
	return false
}

// drawObjectives rings a scenario's objective cells, each with a star, and draws its objective hexsides as a
// heavy red line with white ticks. Names are placed with the other names.
func (d *Drawing) drawObjectives(p *pen) {
	s := p.s
	for _, o := range d.Scenario.Objectives {
		cs, sides := d.objectiveCells(o)
		var poly []surface.Pt
		for _, c := range cs {
			poly = d.cellPoly(c, poly)
			if x0, y0, x1, y1 := bbox(poly); !p.visible(x0, y0, x1, y1) {
				continue
			}
			ctr := d.centre(c)
			for i := range poly {
				poly[i] = surface.Pt{X: ctr.X + (poly[i].X-ctr.X)*0.93, Y: ctr.Y + (poly[i].Y-ctr.Y)*0.93}
			}
			s.SetStroke(objectiveRed, math.Max(1, d.cell/22))
			s.SetDash()
			s.Polygon(p.poly(poly, nil), surface.Stroke)
			q := p.pt(ctr.X+d.cell*0.28, ctr.Y+d.cell*0.05)
			s.SetFill(objectiveRed)
			s.SetStroke(surface.White, 0.5)
			s.Star(q.X, q.Y, d.cell*0.1, 5, surface.FillStroke)
		}
		for _, pl := range d.sideRuns(sides) {
			x0, y0, x1, y1 := bbox(pl)
			if !p.visible(x0-d.cell, y0-d.cell, x1+d.cell, y1+d.cell) {
				continue
			}
			pts := p.poly(pl, nil)
			w := clamp(d.cell/9, 2, 6)
			s.SetLineCap(surface.RoundCap)
			s.SetLineJoin(surface.RoundJoin)
			s.SetDash()
			s.SetStroke(objectiveRed, w)
			s.Polyline(pts)
			s.SetStroke(surface.White, w*0.35)
			s.SetDash(w*0.8, w*1.2)
			s.Polyline(pts)
			s.SetDash()
			s.SetLineCap(surface.ButtCap)
			s.SetLineJoin(surface.MiterJoin)
		}
	}
}

// drawEntries writes each side's entry edges in the border, with arrows pointing onto the map.
func (d *Drawing) drawEntries(p *pen) {
	s := p.s
	f := surface.Font{Style: surface.Bold, Size: 7}
	for _, sd := range d.Scenario.Sides {
		for _, en := range sd.Entry {
			if en.Edge == "" {
				continue
			}
			e, ok := d.Set.Edge(en.Edge)
			if !ok {
				continue
			}
			x0, y0, x1, y1 := d.border, d.border, d.mapW-d.border, d.mapH-d.border
			if e.Board != nil && len(d.Set.Boards) > 1 {
				bx0 := d.centre(grid.Cell{Col: e.Board.Col, Row: e.Board.Row})
				bx1 := d.centre(grid.Cell{Col: e.Board.Col + e.Board.Geo.Cols - 1, Row: e.Board.Row + e.Board.Geo.Rows - 1})
				x0, y0, x1, y1 = bx0.X, bx0.Y, bx1.X, bx1.Y
			}
			name := sd.ShortName()
			text := name + " enter"
			if en.Turn > 0 {
				text += " (turn " + itoa(en.Turn) + ")"
			}
			bw := d.border
			var ax, ay, dx, dy float64
			var rot float64
			switch e.Side {
			case "north":
				ax, ay, dx, dy = (x0+x1)/2, bw*0.5, 0, 1
			case "south":
				ax, ay, dx, dy = (x0+x1)/2, d.mapH-bw*0.5, 0, -1
			case "west":
				ax, ay, dx, dy, rot = bw*0.5, (y0+y1)/2, 1, 0, -90
			case "east":
				ax, ay, dx, dy, rot = d.mapW-bw*0.5, (y0+y1)/2, -1, 0, 90
			default:
				continue
			}
			if !p.visible(ax-d.cell*4, ay-d.cell*4, ax+d.cell*4, ay+d.cell*4) {
				continue
			}
			q := p.pt(ax, ay)
			s.Push()
			s.Translate(q.X, q.Y)
			s.Rotate(rot)
			w := s.MeasureText(text, f)
			s.SetFill(surface.White)
			s.Rect(-w/2-10, -5, w+20, 10, surface.Fill)
			s.SetFill(surface.RGB(0xb0, 0x10, 0x10))
			s.Text(0, 0, text, f, surface.Align{H: surface.Center, V: surface.Middle})
			s.Pop()
			// Arrows onto the map either side of the text.
			for _, off := range []float64{-1, 1} {
				px, py := ax, ay
				gap := w/2 + 22
				if dx == 0 {
					px += off * gap
				} else {
					py += off * gap
				}
				arrow(s, p, px, py, dx, dy, bw*0.8)
			}
		}
	}
}

func arrow(s surface.Surface, p *pen, x, y, dx, dy, l float64) {
	tip := surface.Pt{X: x + dx*l*0.5, Y: y + dy*l*0.5}
	tail := surface.Pt{X: x - dx*l*0.5, Y: y - dy*l*0.5}
	vx, vy := -dy, dx
	h := l * 0.35
	s.SetStroke(surface.RGB(0xb0, 0x10, 0x10), 1.2)
	a, b := p.pt(tail.X, tail.Y), p.pt(tip.X-dx*h*0.5, tip.Y-dy*h*0.5)
	s.Line(a.X, a.Y, b.X, b.Y)
	s.SetFill(surface.RGB(0xb0, 0x10, 0x10))
	s.Polygon([]surface.Pt{p.pt(tip.X, tip.Y), p.pt(tip.X-dx*h+vx*h*0.5, tip.Y-dy*h+vy*h*0.5), p.pt(tip.X-dx*h-vx*h*0.5, tip.Y-dy*h-vy*h*0.5)}, surface.Fill)
}

// drawBorderText writes the title in the top border, edge names along the sides, and board names above
// (and, turned, below) each board of a composed set.
func (d *Drawing) drawBorderText(p *pen) {
	s := p.s
	bw := d.border
	fs := math.Min(7, bw*0.5)
	f := surface.Font{Size: fs * 0.93}
	s.SetFill(inkColour)
	o := p.pt(bw*0.5+2, bw*0.25)
	if p.visible(0, 0, d.mapW, bw) {
		tf := surface.Font{Style: surface.Bold, Size: fs, Typeface: d.headingFace()}
		s.Text(o.X, o.Y, flow.Truncate(s, d.Title, tf, math.Max(d.mapW-bw-4, 1)), tf, surface.Align{H: surface.Left, V: surface.Middle})
	}
	if d.Set.Type == content.GridOpen {
		return
	}
	// Names of the map's own edges (a single map), at each side's middle.
	if len(d.Set.Boards) == 1 && d.Scenario == nil {
		for _, e := range d.Set.Boards[0].Map.Edges {
			if e.Name == "" {
				continue
			}
			side := d.Set.Boards[0].PlacedSide(e.Side)
			var x, y, rot float64
			switch side {
			case "north":
				x, y = d.mapW/2, bw*0.25
			case "south":
				x, y = d.mapW/2, d.mapH-bw*0.25
			case "west":
				x, y, rot = bw*0.25, d.mapH/2, -90
			case "east":
				x, y, rot = d.mapW-bw*0.25, d.mapH/2, 90
			default:
				continue
			}
			q := p.pt(x, y)
			s.Push()
			s.Translate(q.X, q.Y)
			s.Rotate(rot)
			s.Text(0, 0, e.Name, f, surface.Align{H: surface.Center, V: surface.Middle})
			s.Pop()
		}
	}
	if d.Composed() {
		for _, b := range d.Set.Boards {
			a := d.centre(grid.Cell{Col: b.Col, Row: b.Row})
			z := d.centre(grid.Cell{Col: b.Col + b.Geo.Cols - 1, Row: b.Row + b.Geo.Rows - 1})
			name := "board " + b.Name
			if b.Rotate == 180 {
				name += " (turned 180°)"
			}
			bf := surface.Font{Style: surface.Bold, Size: fs}
			if b.Row == 0 && !d.bandOn(b, "north") {
				q := p.pt((a.X+z.X)/2, bw*0.75)
				s.SetFill(surface.RGB(0x80, 0x10, 0x10))
				s.Text(q.X, q.Y, name, bf, surface.Align{H: surface.Center, V: surface.Middle})
			}
			if b.Row+b.Geo.Rows == d.Set.Rows && !d.bandOn(b, "south") {
				q := p.pt((a.X+z.X)/2, d.mapH-bw*0.75)
				s.SetFill(surface.RGB(0x80, 0x10, 0x10))
				s.Text(q.X, q.Y, name, bf, surface.Align{H: surface.Center, V: surface.Middle})
			}
		}
		s.SetFill(inkColour)
	}
}
