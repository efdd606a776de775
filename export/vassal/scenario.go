package vassal

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// Scenarios: the units a scenario sets up stand in their cells at the start of a game (SetupStacks owned
// by the scenario's board, so that they appear when that board is in play); units that enter later, set
// up anywhere in a zone, or arrive as reinforcements wait in labelled boxes of the scenario's order of
// battle board, one box per entry, zone and reinforcement turn.

const (
	classSetupStack = "VASSAL.build.module.map.SetupStack"
	oobMapName      = "Order of Battle"
)

// scenarioOut is what one scenario adds to the module.
type scenarioOut struct {
	sc        *content.Scenario
	board     *boardImage
	stacks    []*buildfile.Element // on the main map
	oobName   string               // the order of battle board
	oobFile   string
	oobW      int
	oobH      int
	oobStacks []*buildfile.Element
}

// holding is one box of the order of battle board.
type holding struct {
	side  int
	label string // drawn above the box; the set-up stack is named "side: label"
	units []poolItem
}

// poolItem is some copies of a design.
type poolItem struct {
	d *pieceDesign
	n int
}

// pool is the units a side fields that are not placed yet, in force order.
type pool struct {
	items []poolItem
}

func (p *pool) add(d *pieceDesign, n int) {
	for i := range p.items {
		if p.items[i].d == d {
			p.items[i].n += n
			return
		}
	}
	p.items = append(p.items, poolItem{d, n})
}

// take removes up to n copies of d and says how many it found.
func (p *pool) take(d *pieceDesign, n int) int {
	for i := range p.items {
		if p.items[i].d == d {
			k := min(n, p.items[i].n)
			p.items[i].n -= k
			return k
		}
	}
	return 0
}

// rest empties the pool.
func (p *pool) rest() []poolItem {
	var out []poolItem
	for _, it := range p.items {
		if it.n > 0 {
			out = append(out, it)
		}
	}
	p.items = nil
	return out
}

// designFor finds the piece of a unit type or marker as a side fields it: in the colours of one of the
// side's factions when the mix has such a version, else the type's own.
func (x *exporter) designFor(id string, factions []string) *pieceDesign {
	for _, kind := range []string{"unit", "marker"} {
		for _, f := range factions {
			if d, ok := x.byKey[kind+"/"+id+"."+f]; ok {
				return d
			}
		}
		if d, ok := x.byKey[kind+"/"+id]; ok {
			return d
		}
	}
	return nil
}

// buildScenarios places every scenario's units.
func (x *exporter) buildScenarios() error {
	oobNames := uniqueNames{}
	for _, b := range x.boards {
		if b.scenario == nil {
			continue
		}
		so := &scenarioOut{sc: b.scenario, board: b}
		so.oobName = oobNames.take(b.name)
		so.oobFile = "oob-" + fileStem(b.scenario.ID) + ".png"
		if err := x.placeScenario(so); err != nil {
			return err
		}
		x.scenarios = append(x.scenarios, so)
	}
	return nil
}

func (x *exporter) placeScenario(so *scenarioOut) error {
	sc := so.sc
	var boxes []holding
	stackAt := map[string]*buildfile.Element{}
	placed := 0 // units the current placement has set up
	addToStack := func(name string, make func() *buildfile.Element, d *pieceDesign) error {
		placed++
		st, ok := stackAt[name]
		if !ok {
			st = make()
			stackAt[name] = st
			so.stacks = append(so.stacks, st)
		}
		s, err := x.slot(d, false)
		if err != nil {
			return err
		}
		st.Add(s)
		return nil
	}
	for i := range sc.Sides {
		sd := &sc.Sides[i]
		var p pool
		for _, f := range x.sideForces(sd) {
			for _, list := range [][]content.ForceEntry{f.Units, f.Markers} {
				for _, e := range list {
					id := e.Unit
					if id == "" {
						id = e.Marker
					}
					if d := x.designFor(id, sd.Faction); d != nil {
						p.add(d, max(e.Count, 1))
					}
				}
			}
		}
		for _, pl := range sd.Setup {
			d := x.designFor(pl.Unit, sd.Faction)
			if d == nil {
				x.diags.Errorf(pl.Fields.Of("unit", pl.At), "export.vassal.setup", "unit %s has no counter to set up", pl.Unit)
				continue
			}
			placed = 0
			switch {
			case len(pl.Cells) > 0:
				if err := x.setupCells(so, pl, d, addToStack); err != nil {
					return err
				}
				p.take(d, placed)
			case len(pl.Points) > 0:
				if err := x.setupPoints(so, pl, d, addToStack); err != nil {
					return err
				}
				p.take(d, placed)
			case pl.Zone != nil:
				n := max(pl.Count, 1)
				boxes = append(boxes, holding{side: i, label: "Set up" + zoneText(pl.Zone, so.board.set.Type), units: []poolItem{{d, n}}})
				p.take(d, n)
				continue
			}
		}
		// Reinforcements come out of the pool first, so they do not also wait at the entry.
		for _, r := range sc.Reinforcements {
			if r.Side != sd.ID {
				continue
			}
			turn := r.Turn
			if turn == 0 {
				turn = r.Entry.Turn
			}
			h := holding{side: i, label: fmt.Sprintf("Reinforcements, turn %d%s", turn, entryText(r.Entry))}
			if turn == 0 {
				h.label = "Reinforcements" + entryText(r.Entry)
			}
			for _, e := range r.Units {
				id := e.Unit
				if id == "" {
					id = e.Marker
				}
				if d := x.designFor(id, sd.Faction); d != nil {
					n := max(e.Count, 1)
					p.take(d, n)
					h.units = append(h.units, poolItem{d, n})
				}
			}
			if len(h.units) > 0 {
				boxes = append(boxes, h)
			}
		}
		// Entries: the units an entry names, then the rest at the first entry that names none.
		open := -1
		for _, en := range sd.Entry {
			h := holding{side: i, label: "Enter" + entryText(en)}
			if len(en.Units) == 0 {
				if open < 0 {
					boxes = append(boxes, h)
					open = len(boxes) - 1
				}
				continue
			}
			for _, id := range en.Units {
				if d := x.designFor(id, sd.Faction); d != nil {
					if n := p.take(d, 1<<30); n > 0 {
						h.units = append(h.units, poolItem{d, n})
					}
				}
			}
			boxes = append(boxes, h)
		}
		if rest := p.rest(); len(rest) > 0 {
			if open >= 0 {
				boxes[open].units = append(boxes[open].units, rest...)
			} else {
				boxes = append(boxes, holding{side: i, label: "Not placed by the scenario", units: rest})
			}
		}
	}
	if len(boxes) == 0 {
		return nil
	}
	return x.holdingBoard(so, boxes)
}

// sideForces are the forces a side fields.
func (x *exporter) sideForces(sd *content.Side) []*content.Force {
	var out []*content.Force
	for _, id := range sd.ForceIDs() {
		if f := x.pkg.Force(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// setupCells sets units up in their cells, laid out as content lays a placement out (Placement.UnitCells):
// a stack per cell, a two-cell unit between its pair of cells.
func (x *exporter) setupCells(so *scenarioOut, pl content.Placement, d *pieceDesign, add func(string, func() *buildfile.Element, *pieceDesign) error) error {
	b := so.board
	set := b.set
	lookup := func(label string) (content.CellRef, bool) {
		r, err := set.Lookup(label)
		if err != nil {
			x.diags.Errorf(pl.Fields.Of("cells", pl.At), "export.vassal.setup", "set-up cell %s is not on the scenario's map: %v", label, err)
			return r, false
		}
		return r, true
	}
	for _, labels := range pl.UnitCells(d.counter.Footprint) {
		a, ok := lookup(labels[0])
		if !ok {
			return nil
		}
		label := set.Label(a.Cell)
		if len(labels) == 2 {
			c, ok := lookup(labels[1])
			if !ok {
				return nil
			}
			// A two-cell unit stands between its cells, placed by position.
			if b.set.Type == content.GridHex && a.Cell.Col == c.Cell.Col || b.set.Type != content.GridHex && a.Cell.Row != c.Cell.Row {
				x.cannot("%s sets up across %s and %s, one above the other; its double-width piece stands between them, not turned.", d.name, label, set.Label(c.Cell))
			}
			ax, ay := b.pl.centre(a.Cell)
			cx, cy := b.pl.centre(c.Cell)
			px, py := int(math.Round((ax+cx)/2)), int(math.Round((ay+cy)/2))
			name := label + "+" + set.Label(c.Cell)
			if err := add(name, func() *buildfile.Element {
				return buildfile.New(classSetupStack, "name", name, "owningBoard", b.name, "useGridLocation", "false",
					"location", "", "x", itoa(px), "y", itoa(py))
			}, d); err != nil {
				return err
			}
			continue
		}
		if err := add(label, func() *buildfile.Element {
			cx, cy := b.pl.centre(a.Cell)
			return buildfile.New(classSetupStack, "name", label, "owningBoard", b.name, "useGridLocation", "true",
				"location", label, "x", itoa(int(math.Round(cx))), "y", itoa(int(math.Round(cy))))
		}, d); err != nil {
			return err
		}
	}
	return nil
}

// setupPoints sets units up at points of an open tabletop (Placement.UnitPoints), a stack per point.
func (x *exporter) setupPoints(so *scenarioOut, pl content.Placement, d *pieceDesign, add func(string, func() *buildfile.Element, *pieceDesign) error) error {
	b := so.board
	t := b.set.Table
	for _, pt := range pl.UnitPoints() {
		if pt.X < 0 || pt.Y < 0 || pt.X > t.Width || pt.Y > t.Height {
			x.diags.Errorf(pl.Fields.Of("points", pl.At), "export.vassal.setup", "set-up point %gin,%gin is off the %gin x %gin table", pt.X, pt.Y, t.Width, t.Height)
			return nil
		}
		px := b.pl.px0 + int(math.Round(pt.X*x.dpi))
		py := b.pl.py0 + int(math.Round(pt.Y*x.dpi))
		name := fmt.Sprintf("%gin,%gin", pt.X, pt.Y)
		if err := add(name, func() *buildfile.Element {
			return buildfile.New(classSetupStack, "name", name, "owningBoard", b.name, "useGridLocation", "false",
				"location", "", "x", itoa(px), "y", itoa(py))
		}, d); err != nil {
			return err
		}
	}
	return nil
}

// entryText says where and when units enter: " by the east edge, turn 3".
func entryText(en content.Entry) string {
	var parts []string
	if en.Edge != "" {
		parts = append(parts, "by the "+en.Edge+" edge")
	}
	if len(en.Cells) > 0 {
		parts = append(parts, "at "+strings.Join(en.Cells, ", "))
	}
	if en.Turn > 0 {
		parts = append(parts, fmt.Sprintf("turn %d", en.Turn))
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, ", ")
}

// zoneText says where a zone is, after a space (content's words: Zone.Describe). The cells a zone covers
// are drawn on the scenario's board by the map drawing itself, so the module needs only this description.
func zoneText(z *content.Zone, gridType string) string {
	if d := z.Describe(gridType); d != "" {
		return " " + d
	}
	return ""
}

// Layout of the order of battle board, in points.
const (
	oobMargin = 0.3 * surface.Inch
	oobGap    = 0.2 * surface.Inch
	oobLabelH = 0.5 * surface.Inch
	oobPerRow = 5
)

var (
	oobTitleFont = surface.Font{Style: surface.Bold, Size: 14}
	oobSideFont  = surface.Font{Style: surface.Bold, Size: 11}
	oobLabelFont = surface.Font{Size: 8}
)

// holdingBoard draws the scenario's order of battle board (a titled box per holding, rows per side) and
// puts a SetupStack in each box.
func (x *exporter) holdingBoard(so *scenarioOut, boxes []holding) error {
	box := 0.9 * surface.Inch
	for _, d := range x.pieces {
		box = math.Max(box, math.Max(d.counter.Width(), d.counter.Height())*1.5)
	}
	cellW, cellH := box+oobGap, oobLabelH+box+oobGap
	width := 2*oobMargin + float64(oobPerRow)*cellW
	// Rows: a heading per side, then its boxes oobPerRow a row.
	type placed struct {
		h    holding
		x, y float64
	}
	var ps []placed
	var heads []struct {
		text string
		y    float64
	}
	y := oobMargin + 0.45*surface.Inch
	side := -1
	col := 0
	for _, h := range boxes {
		if h.side != side {
			if side >= 0 {
				y += cellH
			}
			side, col = h.side, 0
			heads = append(heads, struct {
				text string
				y    float64
			}{nameOr(so.sc.Sides[side].Name, so.sc.Sides[side].ID), y})
			y += 0.3 * surface.Inch
		} else if col == oobPerRow {
			col = 0
			y += cellH
		}
		ps = append(ps, placed{h, oobMargin + float64(col)*cellW, y})
		col++
	}
	height := y + cellH + oobMargin
	s := surface.NewPNG(surface.PNGOptions{DPI: x.dpi})
	s.BeginPage(width, height)
	s.SetFill(surface.RGB(0xf2, 0xef, 0xe6))
	s.Rect(0, 0, width, height, surface.Fill)
	s.SetFill(surface.RGB(0x20, 0x20, 0x20))
	s.Text(oobMargin, oobMargin, flow.Truncate(s, nameOr(so.sc.Name, so.sc.ID)+": order of battle", oobTitleFont, width-2*oobMargin), oobTitleFont, surface.Align{V: surface.Top})
	for _, hd := range heads {
		s.Text(oobMargin, hd.y, flow.Truncate(s, hd.text, oobSideFont, width-2*oobMargin), oobSideFont, surface.Align{V: surface.Top})
	}
	k := x.dpi / surface.Inch
	for _, p := range ps {
		lines := flow.Wrap(s, p.h.label, oobLabelFont, box)
		if len(lines) > 3 {
			lines = append(lines[:2], flow.Truncate(s, strings.Join(lines[2:], " "), oobLabelFont, box))
		}
		for i, l := range lines {
			s.Text(p.x, p.y+float64(i)*oobLabelFont.Size*1.15, l, oobLabelFont, surface.Align{V: surface.Top})
		}
		by := p.y + oobLabelH
		s.SetFill(surface.White)
		s.Rect(p.x, by, box, box, surface.Fill)
		s.SetStroke(surface.RGB(0x60, 0x60, 0x60), 0.8)
		s.SetDash()
		s.Rect(p.x, by, box, box, surface.Stroke)
		s.SetFill(surface.RGB(0x20, 0x20, 0x20))
		if len(p.h.units) == 0 {
			continue
		}
		cx, cy := int(math.Round((p.x+box/2)*k)), int(math.Round((by+box/2)*k))
		side := so.sc.Sides[p.h.side]
		st := buildfile.New(classSetupStack, "name", shortName(nameOr(side.Name, side.ID))+": "+p.h.label, "owningBoard", so.oobName, "useGridLocation", "false",
			"location", "", "x", itoa(cx), "y", itoa(cy))
		for _, it := range p.h.units {
			for n := 0; n < it.n; n++ {
				sl, err := x.slot(it.d, false)
				if err != nil {
					return err
				}
				st.Add(sl)
			}
		}
		so.oobStacks = append(so.oobStacks, st)
	}
	if err := s.Err(); err != nil {
		return x.printerError(err, "order of battle of %s", so.sc.ID)
	}
	im, err := s.PageImage(0)
	if err != nil {
		return err
	}
	data, enc, err := encodePNG(im)
	if err != nil {
		return err
	}
	x.stats.PNGEncode += enc
	x.stats.Images++
	so.oobW, so.oobH = im.Bounds().Dx(), im.Bounds().Dy()
	return x.addFile("images/"+so.oobFile, data)
}
