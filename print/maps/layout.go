package maps

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// Options say how a drawing is put on paper.
type Options struct {
	Paper   surface.Size // the paper as given; it is turned when that takes fewer sheets
	Margin  float64      // page margin; 0 means DefaultMargin
	Overlap float64      // overlap of neighbouring tiles; 0 means DefaultOverlap
}

// Tile is one page of a tiled drawing.
type Tile struct {
	Row, Col int          // 0-based
	View     surface.Rect // the part of the artwork the page shows (art coordinates, points)
	Frame    surface.Rect // where that part lies on the page (the page's trim box)
}

// Plan is how a drawing is printed: its pages and the tiles on them.
type Plan struct {
	Page       surface.Size
	Rows, Cols int
	Overlap    float64
	Margin     float64
	Tiles      []Tile
	LegendPage bool // the title block and legend have a page of their own, after the tiles
	Scale      float64
}

// Pages is the number of pages the plan prints.
func (p Plan) Pages() int {
	n := len(p.Tiles)
	if p.LegendPage {
		n++
	}
	return n
}

// layout constants, in points.
const (
	titleW  = 3.2 * surface.Inch
	colW    = 1.85 * surface.Inch
	entryH  = 0.34 * surface.Inch
	swatchW = 0.46 * surface.Inch
	rightW  = 2.4 * surface.Inch
	pad     = 8.0
)

// titleLineH is the step from one line of a wrapped title to the next.
const titleLineH = 14.0

var (
	titleFont  = surface.Font{Style: surface.Bold, Size: 12}
	subFont    = surface.Font{Size: 7.5}
	sourceFont = surface.Font{Style: surface.Italic, Size: 6.5}
	entryFont  = surface.Font{Size: 7}
	labelFont  = surface.Font{Size: 6.5}
)

// measurer measures text for layout before any page exists, in the map's fonts.
func (d *Drawing) measurer() metrics {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	d.useFonts(m)
	return m
}

// RoomError says the paper leaves no room to tile a drawing: the margins take it all, or neighbouring tiles
// would overlap by as much as a page shows, so no tile could move on.
type RoomError struct {
	Paper, View  surface.Size // the paper, and what a page shows inside its margins and label band
	Margin       float64
	Overlap      float64
	OverlapWider bool // the overlap, not the margins, is at fault
}

func (e *RoomError) Error() string {
	paper := fmt.Sprintf("%s x %s", trimInches(e.Paper.W/surface.Inch), trimInches(e.Paper.H/surface.Inch))
	if !e.OverlapWider {
		return fmt.Sprintf("margins of %s leave no room for a map on %s paper", inches(e.Margin), paper)
	}
	return fmt.Sprintf("the tiles' overlap of %s is not smaller than what a page shows (%s x %s inside the margins of %s paper): make the overlap smaller than %s",
		inches(e.Overlap), inches(e.View.W), inches(e.View.H), paper, inches(math.Min(e.View.W, e.View.H)))
}

// PagesError says a drawing would print on more than content.MaxPages pages.
type PagesError struct{}

func (e *PagesError) Error() string {
	return fmt.Sprintf("it would print on more than %d pages, the most muster prints in one file", content.MaxPages)
}

// Layout plans the pages: it picks the paper's orientation and where the title block and legend go so that
// the drawing takes the fewest sheets, and for an open tabletop the largest scale that fits one sheet. It
// fails with a *RoomError when the paper leaves no room to tile the drawing, and with a *PagesError when the
// drawing would take more than content.MaxPages pages.
func (d *Drawing) Layout(opt Options) (Plan, error) {
	if opt.Margin <= 0 {
		opt.Margin = DefaultMargin
	}
	if opt.Overlap <= 0 {
		opt.Overlap = DefaultOverlap
	}
	m := d.measurer()
	type cand struct {
		place  stripPlace
		border float64
		paper  surface.Size
		pages  int
		tiles  int
		scale  float64
		sw, sh float64
	}
	papers := []surface.Size{opt.Paper}
	if opt.Paper.W != opt.Paper.H {
		papers = append(papers, surface.Size{W: opt.Paper.H, H: opt.Paper.W})
	}
	var best *cand
	var room *RoomError
	consider := func(c cand, err error) {
		if err != nil {
			if re, ok := err.(*RoomError); ok && room == nil {
				room = re
			}
			return
		}
		better := func() bool {
			switch {
			case c.pages != best.pages:
				return c.pages < best.pages
			case c.tiles != best.tiles:
				return c.tiles < best.tiles
			case math.Abs(c.scale-best.scale) > 1e-9:
				return c.scale > best.scale
			}
			return c.border > best.border
		}
		if best == nil || better() {
			best = &c
		}
	}
	scale, fit := d.printScale()
	if d.Set.Type == content.GridOpen && !fit {
		// At the scale the map asks (true size by default), tiled like a grid.
		d.setScale(scale)
		for _, pp := range papers {
			for _, place := range []stripPlace{stripBelow, stripRight, stripSeparate} {
				sw, sh := d.stripSize(m, place)
				d.strip, d.stripW, d.stripH = place, sw, sh
				nt, err := pageCount(d.Art(), pp, opt)
				n := nt
				if place == stripSeparate {
					n++
				}
				consider(cand{place, borderW, pp, n, nt, scale, sw, sh}, err)
			}
		}
	} else if d.Set.Type == content.GridOpen {
		for _, den := range []float64{1, 2, 3, 4, 6, 8, 10, 12, 16, 20, 24, 32, 48, 64, 96} {
			found := false
			for _, pp := range papers {
				for _, place := range []stripPlace{stripBelow, stripRight} {
					d.setScale(1 / den)
					sw, sh := d.stripSize(m, place)
					d.strip, d.stripW, d.stripH = place, sw, sh
					if n, err := pageCount(d.Art(), pp, opt); err == nil && n == 1 {
						consider(cand{place, borderW, pp, 1, 1, 1 / den, sw, sh}, nil)
						found = true
					}
				}
			}
			if found {
				break
			}
		}
		if best == nil { // even 1:96 does not fit: tile the smallest
			d.setScale(1.0 / 96)
			sw, sh := d.stripSize(m, stripBelow)
			d.strip, d.stripW, d.stripH = stripBelow, sw, sh
			n, err := pageCount(d.Art(), opt.Paper, opt)
			consider(cand{stripBelow, borderW, opt.Paper, n, n, 1.0 / 96, sw, sh}, err)
		}
		if best != nil {
			d.setScale(best.scale)
		}
	} else {
		for _, bw := range []float64{borderW, thinBorderW} {
			d.setBorder(bw)
			for _, place := range []stripPlace{stripBelow, stripRight, stripSeparate} {
				sw, sh := d.stripSize(m, place)
				d.strip, d.stripW, d.stripH = place, sw, sh
				for _, pp := range papers {
					nt, err := pageCount(d.Art(), pp, opt)
					n := nt
					if place == stripSeparate {
						n++
					}
					consider(cand{place, bw, pp, n, nt, 1, sw, sh}, err)
				}
			}
		}
		if best != nil {
			d.setBorder(best.border)
		}
	}
	if best == nil {
		return Plan{}, room
	}
	if best.pages > content.MaxPages {
		return Plan{}, &PagesError{}
	}
	d.strip, d.stripW, d.stripH = best.place, best.sw, best.sh
	pl := tiles(d.Art(), best.paper, opt)
	pl.LegendPage = d.strip == stripSeparate
	pl.Scale = d.Scale
	return pl, nil
}

// pageCount is how many pages tiles would cut an artwork of size art into, without cutting it: a number
// past content.MaxPages stands for "too many"; a *RoomError when the paper leaves no room to tile it.
func pageCount(art, paper surface.Size, opt Options) (int, error) {
	m, ov := opt.Margin, opt.Overlap
	vw, vh := paper.W-2*m, paper.H-2*m-bandH
	room := &RoomError{Paper: paper, View: surface.Size{W: vw, H: vh}, Margin: m, Overlap: ov}
	if vw <= 0 || vh <= 0 {
		return 0, room
	}
	count := func(a, v float64) (int, bool) {
		if a <= v+0.01 {
			return 1, true
		}
		if v <= ov {
			return 0, false
		}
		return int(math.Min(math.Ceil((a-ov-0.01)/(v-ov)), content.MaxPages+1)), true
	}
	cols, ok1 := count(art.W, vw)
	rows, ok2 := count(art.H, vh)
	if !ok1 || !ok2 {
		room.OverlapWider = true
		return 0, room
	}
	return int(math.Min(float64(cols)*float64(rows), content.MaxPages+1)), nil
}

// tiles cuts an artwork of size art into pages of size paper; pageCount has said the paper has room and the
// pages are not too many.
func tiles(art surface.Size, paper surface.Size, opt Options) Plan {
	m, ov := opt.Margin, opt.Overlap
	vw, vh := paper.W-2*m, paper.H-2*m-bandH
	pl := Plan{Page: paper, Overlap: ov, Margin: m}
	count := func(a, v float64) int {
		if a <= v+0.01 {
			return 1
		}
		return int(math.Ceil((a - ov - 0.01) / (v - ov)))
	}
	pl.Cols, pl.Rows = count(art.W, vw), count(art.H, vh)
	for r := 0; r < pl.Rows; r++ {
		for c := 0; c < pl.Cols; c++ {
			w, h := math.Min(vw, art.W), math.Min(vh, art.H)
			x, y := float64(c)*(vw-ov), float64(r)*(vh-ov)
			if pl.Cols > 1 {
				w = math.Min(vw, art.W-x)
			}
			if pl.Rows > 1 {
				h = math.Min(vh, art.H-y)
			}
			pl.Tiles = append(pl.Tiles, Tile{Row: r, Col: c,
				View:  surface.Rect{X: x, Y: y, W: w, H: h},
				Frame: surface.Rect{X: m, Y: m, W: w, H: h}})
		}
	}
	// A drawing on one page sits in the middle of its frame area.
	if len(pl.Tiles) == 1 {
		t := &pl.Tiles[0]
		t.Frame.X = m + (vw-t.Frame.W)/2
		t.Frame.Y = m + (vh-t.Frame.H)/2
	}
	return pl
}

// printScale is the scale an open table prints at and whether it asks for the plan that fits one sheet (see
// content.Map.PrintScale); a scale that does not read (validate reports it) is true size.
func (d *Drawing) printScale() (float64, bool) {
	if len(d.Set.Boards) == 0 || d.Set.Boards[0].Map == nil {
		return 1, false
	}
	k, fit, err := d.Set.Boards[0].Map.PrintScale()
	if err != nil {
		return 1, false
	}
	return k, fit
}

// setScale sets an open tabletop's drawing scale and the map frame it gives.
func (d *Drawing) setScale(k float64) {
	d.Scale = k
	t := d.Set.Table
	d.gx, d.gy = d.border, d.border
	d.mapW = t.Width*surface.Inch*k + 2*d.border
	d.mapH = t.Height*surface.Inch*k + 2*d.border
}

// ------------------------------------------------------------------------------------------- strip

// titleLines are the lines of the title block, wrapped to width w.
type titleBlock struct {
	title       []string // the title, wrapped to the block's width (three lines at most)
	sub, source []string
	scaleText   string
	h           float64
}

func (d *Drawing) titleBlock(m flow.Measurer, w float64) titleBlock {
	// Layout tries a dozen placements of the strip, most of them with the same width: wrap once per width.
	// Pages may be drawn at once on several goroutines (PNG previews): the cache is locked.
	d.mu.Lock()
	defer d.mu.Unlock()
	key := [2]float64{w, d.Scale}
	if tb, ok := d.titleBlocks[key]; ok {
		return tb
	}
	if d.titleBlocks == nil {
		d.titleBlocks = map[[2]float64]titleBlock{}
	}
	tb := d.wrapTitleBlock(m, w)
	d.titleBlocks[key] = tb
	return tb
}

func (d *Drawing) wrapTitleBlock(m flow.Measurer, w float64) titleBlock {
	var tb titleBlock
	tf := titleFont
	tf.Typeface = d.headingFace()
	tb.title = flow.Wrap(m, d.Title, tf, w)
	if len(tb.title) > 3 {
		tb.title = append(tb.title[:2], flow.Truncate(m, strings.Join(tb.title[2:], " "), tf, w))
	}
	tb.sub = flow.Wrap(m, d.Subtitle, subFont, w)
	if d.Set.Type == content.GridOpen && d.Scale == 1 {
		tb.scaleText = fmt.Sprintf("Print at 100%%: the table is %s x %s at true size, and the bar is %s long.", trimInches(d.Set.Table.Width), trimInches(d.Set.Table.Height), d.rulerText())
	} else if d.Set.Type == content.GridOpen {
		tb.scaleText = fmt.Sprintf("Plan at 1:%s: 1in on paper is %s on the table. Ruler in table inches.", trimNum(1/d.Scale), trimInches(1/d.Scale))
	} else if d.net != nil {
		tb.scaleText = fmt.Sprintf("Print at 100%%: the map is %s x %s, and the bar is 2in long.", trimInches(d.Set.Table.Width), trimInches(d.Set.Table.Height))
	} else if d.Set.Type == content.GridHex {
		tb.scaleText = fmt.Sprintf("Print at 100%%: a hex is %s across flats, and the bar is 2in long.", inches(d.Set.Hex.CellSize))
	} else {
		tb.scaleText = fmt.Sprintf("Print at 100%%: a square is %s wide, and the bar is 2in long.", inches(d.Set.Square.CellSize))
	}
	scale := flow.Wrap(m, tb.scaleText, subFont, w)
	tb.scaleText = strings.Join(scale, "\n")
	if d.Source != "" {
		tb.source = flow.Wrap(m, "Source: "+d.Source, sourceFont, w)
		if len(tb.source) > 5 {
			tb.source = append(tb.source[:4], flow.Truncate(m, strings.Join(tb.source[4:], " "), sourceFont, w))
		}
	}
	tb.h = 16 + float64(max(len(tb.title), 1)-1)*titleLineH + float64(len(tb.sub))*9.5 + 4 + float64(len(scale))*9.5 + 16 + float64(len(tb.source))*8
	return tb
}

func trimNum(v float64) string {
	s := fmt.Sprintf("%.2f", v)
	return strings.TrimRight(strings.TrimRight(s, "0"), ".")
}

// stripSize is the size of the title-and-legend strip at a placement.
func (d *Drawing) stripSize(m flow.Measurer, place stripPlace) (w, h float64) {
	n := len(d.legend)
	switch place {
	case stripBelow:
		w = d.mapW
		tw := math.Min(titleW, w-2*pad)
		tb := d.titleBlock(m, tw)
		avail := w - tw - 3*pad
		cols := int(avail / colW)
		if cols < 1 { // legend under the title block
			cols = max(1, int((w-2*pad)/colW))
			rows := (n + cols - 1) / cols
			return w, tb.h + float64(rows)*entryH + 3*pad
		}
		rows := (n + cols - 1) / cols
		return w, math.Max(tb.h, float64(rows)*entryH+12) + 2*pad
	case stripRight:
		tb := d.titleBlock(m, rightW-2*pad)
		return rightW, tb.h + 14 + float64(n)*entryH + 2*pad
	}
	return 0, 0
}

// drawStrip draws the title block and legend into the art rectangle (x, y, w, h).
func (d *Drawing) drawStrip(p *pen, x, y, w float64, below bool) {
	s := p.s
	if !p.visible(x, y, x+w, y+math.Max(d.stripH, 1)) {
		return
	}
	var tw float64
	if below {
		tw = math.Min(titleW, w-2*pad)
	} else {
		tw = w - 2*pad
	}
	tb := d.titleBlock(s, tw)
	tx, ty := x+pad, y+pad
	q := p.pt(tx, ty)
	s.SetFill(inkColour)
	tf := titleFont
	tf.Typeface = d.headingFace()
	for i, l := range tb.title {
		q = p.pt(tx, ty+float64(i)*titleLineH)
		s.Text(q.X, q.Y, l, tf, surface.Align{V: surface.Top})
	}
	ly := ty + 16 + float64(max(len(tb.title), 1)-1)*titleLineH
	for _, l := range tb.sub {
		q = p.pt(tx, ly)
		s.Text(q.X, q.Y, l, subFont, surface.Align{V: surface.Top})
		ly += 9.5
	}
	ly += 4
	for _, l := range strings.Split(tb.scaleText, "\n") {
		q = p.pt(tx, ly)
		s.Text(q.X, q.Y, l, subFont, surface.Align{V: surface.Top})
		ly += 9.5
	}
	d.ruler(p, tx, ly+3)
	ly += 16
	s.SetFill(inkColour)
	for _, l := range tb.source {
		q = p.pt(tx, ly)
		s.Text(q.X, q.Y, l, sourceFont, surface.Align{V: surface.Top})
		ly += 8
	}
	// Legend.
	lx, ly0 := tx+tw+2*pad, y+pad
	cols := 1
	if below {
		avail := w - tw - 3*pad
		cols = int(avail / colW)
		if cols < 1 {
			cols = max(1, int((w-2*pad)/colW))
			lx, ly0 = tx, y+pad+tb.h+pad
		}
	} else {
		lx, ly0 = tx, y+pad+tb.h+pad
	}
	if len(d.legend) == 0 {
		return
	}
	q = p.pt(lx, ly0)
	s.SetFill(inkColour)
	s.Text(q.X, q.Y, "Legend", surface.Font{Style: surface.Bold, Size: 8}, surface.Align{V: surface.Top})
	ly0 += 12
	rows := (len(d.legend) + cols - 1) / cols
	cw := colW
	if !below {
		cw = w - 2*pad
	}
	for i, e := range d.legend {
		col, row := i/rows, i%rows
		d.legendEntry(p, e, lx+float64(col)*cw, ly0+float64(row)*entryH, cw)
	}
}

// rulerText is how long the ruler's bar is on the table: 2in, or on an open table a round number of table inches.
func (d *Drawing) rulerText() string {
	if d.Set.Type != content.GridOpen {
		return "2in"
	}
	stepIn := 6.0
	if 2/d.Scale > 72 {
		stepIn = 12
	}
	return trimInches(math.Max(1, math.Floor(2/d.Scale/stepIn)) * stepIn)
}

// ruler draws a 2in bar (or, on a tabletop plan, a bar in table inches) starting at art (x, y).
func (d *Drawing) ruler(p *pen, x, y float64) {
	s := p.s
	length := 2 * surface.Inch
	ticks, labelEvery := 8, 4
	unit := func(i int) string { return trimNum(float64(i)*0.25) + "in" }
	if d.Set.Type == content.GridOpen {
		// A bar of a round number of table inches close to 2in on paper.
		tableIn := 2 / d.Scale
		stepIn := 6.0
		if tableIn > 72 {
			stepIn = 12
		}
		n := math.Max(1, math.Floor(tableIn/stepIn))
		length = n * stepIn * surface.Inch * d.Scale
		ticks, labelEvery = int(n), 1
		if ticks > 8 {
			labelEvery = 2
		}
		unit = func(i int) string { return trimNum(float64(i)*stepIn) + "in" }
	}
	o := p.pt(x, y)
	s.SetStroke(surface.Black, 0.5)
	s.SetDash()
	for i := 0; i < ticks; i++ {
		if i%2 == 0 {
			s.SetFill(surface.Black)
		} else {
			s.SetFill(surface.White)
		}
		s.Rect(o.X+length*float64(i)/float64(ticks), o.Y, length/float64(ticks), 3, surface.FillStroke)
	}
	s.SetFill(inkColour)
	for i := 0; i <= ticks; i += labelEvery {
		s.Text(o.X+length*float64(i)/float64(ticks), o.Y+4, unit(i), surface.Font{Size: 5}, surface.Align{H: surface.Center, V: surface.Top})
	}
}

// legendEntry draws one legend line: a swatch and the name, in a column of width w.
func (d *Drawing) legendEntry(p *pen, e legendEntry, x, y, w float64) {
	s := p.s
	sw, sh := swatchW, entryH-6
	cx, cy := x+sw/2, y+sh/2
	switch e.kind {
	case legKind, legStats:
		d.netLegendSwatch(p, e, cx, cy, sw, sh)
	case legTerrain:
		var poly []surface.Pt
		if d.Set.Type == content.GridHex {
			r := sh / 2 / math.Sqrt(3) * 2 * 1.02
			for i := 0; i < 6; i++ {
				a := float64(i) * math.Pi / 3
				poly = append(poly, surface.Pt{X: cx + r*math.Cos(a), Y: cy + r*math.Sin(a)})
			}
		} else {
			poly = []surface.Pt{{X: x + 2, Y: y}, {X: x + sw - 2, Y: y}, {X: x + sw - 2, Y: y + sh}, {X: x + 2, Y: y + sh}}
		}
		pts := p.poly(poly, nil)
		s.SetFill(e.colour)
		s.Polygon(pts, surface.Fill)
		if t := d.tiles[e.id]; t != nil {
			// The tile at the scale of the map, from the swatch's centre.
			q := p.pt(cx, cy)
			for i := range pts {
				pts[i].X -= q.X
				pts[i].Y -= q.Y
			}
			s.Push()
			s.Translate(q.X, q.Y)
			if err := drawTile(s, t, pts); err != nil {
				d.noteErr(fmt.Errorf("terrain %s: tile: %w", e.id, err))
			}
			s.Pop()
			pts = p.poly(poly, nil)
		} else if e.pattern != "" && e.pattern != "none" && e.pattern != "contour" {
			s.Push()
			s.ClipPolygon(pts)
			x0, y0, x1, y1 := bbox(poly)
			drawPattern(s, e.pattern, patternInk(e.colour), math.Max(d.cell, 30), period{}, p, x0, y0, x1, y1)
			s.Pop()
		}
		if e.pattern == "contour" {
			s.SetStroke(surface.RGB(0x6b, 0x4a, 0x1f), 0.6)
			inner := make([]surface.Pt, len(poly))
			for i, q := range poly {
				inner[i] = surface.Pt{X: cx + (q.X-cx)*0.72, Y: cy + (q.Y-cy)*0.72}
			}
			s.Polygon(p.poly(inner, nil), surface.Stroke)
		}
		s.SetStroke(gridColour, 0.5)
		s.Polygon(pts, surface.Stroke)
	case legSide, legPath:
		pl := []surface.Pt{{X: x + 3, Y: cy}, {X: x + sw - 3, Y: cy}}
		st := e.style
		d.strokeFeatureAt(p, pl, st, math.Min(math.Max(d.cell, 24), 40))
		if st.kind == "slope" || st.kind == "wall" {
			s.SetStroke(st.colour, 0.6)
			for _, t := range []float64{0.2, 0.4, 0.6, 0.8} {
				a := p.pt(x+3+(sw-6)*t, cy)
				s.Line(a.X, a.Y, a.X, a.Y+4)
			}
		}
	case legCrossing:
		a, b := p.pt(x+3, cy), p.pt(x+sw-3, cy)
		s.SetStroke(surface.RGB(0x4a, 0x86, 0xc5), 3)
		s.Line(a.X, a.Y, b.X, b.Y)
		q := p.pt(cx, cy)
		if e.style.kind == "ford" {
			s.SetFill(lighter(e.style.colour, 0.6))
			s.SetStroke(darker(e.style.colour, 0.6), 0.7)
			s.SetDash(1.5, 1)
			s.Rect(q.X-4, q.Y-6, 8, 12, surface.FillStroke)
			s.SetDash()
		} else {
			s.SetFill(lighter(e.style.colour, 0.55))
			s.SetStroke(darker(e.style.colour, 0.5), 0.7)
			s.Rect(q.X-3, q.Y-7, 6, 14, surface.FillStroke)
		}
	case legLocation:
		q := p.pt(cx, cy)
		switch e.locKind {
		case "deployment":
			s.SetFill(surface.White)
			s.SetStroke(inkColour, 0.8)
			s.Circle(q.X, q.Y, 6.5, surface.FillStroke)
			s.SetFill(inkColour)
			s.Text(q.X, q.Y, "A", surface.Font{Style: surface.Bold, Size: 7}, surface.Align{H: surface.Center, V: surface.Middle})
		case "objective":
			s.SetFill(surface.RGB(0xb0, 0x10, 0x10))
			s.Star(q.X, q.Y, 6, 5, surface.Fill)
		case "village":
			if d.Set.Type == content.GridOpen {
				house(s, q.X, q.Y, 6)
			} else {
				s.SetStroke(surface.RGB(0x30, 0x30, 0x30), 0.7)
				s.SetDash(2, 1.5)
				s.Rect(q.X-sw/2+4, q.Y-sh/2+1, sw-8, sh-2, surface.Stroke)
				s.SetDash()
			}
		default:
			s.SetFill(inkColour)
			s.Circle(q.X, q.Y, 2.5, surface.Fill)
		}
	case legObjective:
		q := p.pt(cx, cy)
		s.SetStroke(surface.RGB(0xb0, 0x10, 0x10), 1.5)
		s.Rect(q.X-sw/2+5, q.Y-sh/2+1, sw-10, sh-2, surface.Stroke)
		s.SetFill(surface.RGB(0xb0, 0x10, 0x10))
		s.Star(q.X, q.Y, 4, 5, surface.Fill)
	case legEntry:
		arrow(s, p, cx, cy, 0, 1, sh)
	case legSideArea:
		d.sideSwatch(p, d.layer.sides[e.side], x+2, y+1, sw-4, sh-2)
	case legUnit:
		m := math.Min(sh-2, 18.0)
		b := box{cx - m/2, cy - m/2 + 1, cx + m/2, cy + m/2 + 1}
		u := unitMark{abbr: "HI", symbol: "infantry", fill: surface.RGB(0x80, 0x80, 0x80), text: surface.White}
		if len(d.layer.stacks) > 0 {
			u = d.layer.stacks[0].units[0]
		} else if len(d.layer.table) > 0 {
			u = d.layer.table[0].units[0]
		}
		d.marker(p, u, b)
		q := p.pt(b.x1, b.y0)
		s.SetFill(surface.White)
		s.SetStroke(inkColour, 0.6)
		s.Circle(q.X, q.Y, 3.6, surface.FillStroke)
		s.SetFill(inkColour)
		s.Text(q.X, q.Y, "2", surface.Font{Style: surface.Bold, Size: 4.5}, surface.Align{H: surface.Center, V: surface.Middle})
	case legControl:
		d.pennant(p, d.layer.sides[e.side], cx-sh*0.15, cy+sh*0.45, sh*0.9, sh*0.55)
	case legFlipped, legMarked:
		m := math.Min(sh-2, 18.0)
		b := box{cx - m/2, cy - m/2 + 1, cx + m/2, cy + m/2 + 1}
		u := unitMark{abbr: "HI", fill: surface.RGB(0x80, 0x80, 0x80), text: surface.White}
		if len(d.layer.stacks) > 0 {
			u = d.layer.stacks[0].units[0]
		} else if len(d.layer.table) > 0 {
			u = d.layer.table[0].units[0]
		}
		u.flipped, u.markers = e.kind == legFlipped, nil
		if e.kind == legMarked {
			u.markers = []string{"M"}
		}
		d.marker(p, u, b)
	case legTurn:
		q := p.pt(cx, cy)
		f := surface.Font{Style: surface.Bold, Size: 7}
		s.SetFill(surface.White)
		s.SetStroke(inkColour, 0.6)
		s.Rect(q.X-8, q.Y-5, 16, 10, surface.FillStroke)
		s.SetFill(inkColour)
		s.Text(q.X, q.Y, "Tn", f, surface.Align{H: surface.Center, V: surface.Middle})
	}
	lines := flow.Wrap(s, e.name, entryFont, w-sw-10)
	if len(lines) > 2 {
		lines = append(lines[:1], flow.Truncate(s, strings.Join(lines[1:], " "), entryFont, w-sw-10))
	}
	s.SetFill(inkColour)
	ty := cy - float64(len(lines)-1)*4.2
	for _, l := range lines {
		q := p.pt(x+sw+4, ty)
		s.Text(q.X, q.Y, l, entryFont, surface.Align{V: surface.Middle})
		ty += 8.4
	}
}

func house(s surface.Surface, x, y, r float64) {
	s.SetFill(surface.RGB(0x8a, 0x4b, 0x2a))
	s.SetStroke(surface.Black, 0.5)
	s.Polygon([]surface.Pt{{X: x - r*0.7, Y: y + r*0.7}, {X: x - r*0.7, Y: y - r*0.1}, {X: x, Y: y - r*0.8}, {X: x + r*0.7, Y: y - r*0.1}, {X: x + r*0.7, Y: y + r*0.7}}, surface.FillStroke)
}
