package vassal

import (
	"cmp"
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/export/setup"
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
	oobStacks []*buildfile.Element // set-up stacks and the draw pools' decks, on the order of battle board
	// dead are the order of battle's stacks of units eliminated at the start, by side: the scenario's saved
	// game puts them in the side's dead pile (predefined.go).
	dead map[*buildfile.Element]int
}

// holding is one box of the order of battle board.
type holding struct {
	side  int
	label string // drawn above the box; the set-up stack is named "side: label"
	units []poolItem
	pool  *content.Pool // a draw pool: its units in a face-down deck, shuffled, not a set-up stack
	dead  bool          // units eliminated at the start
}

// sideName is a scenario side's name as the module's player roster lists it (a hidden piece is masked to it).
func sideName(sc *content.Scenario, i int) string {
	if i < 0 || i >= len(sc.Sides) {
		return ""
	}
	return strings.TrimSpace(sc.Sides[i].DisplayName())
}

// poolItem is some copies of a design.
type poolItem struct {
	d *pieceDesign
	n int
}

// designFor finds the piece of a unit type or marker as a side fields it: in the colours of one of the
// side's factions when the mix has such a version, else the type's own.
func (x *exporter) designFor(id string, factions []string) *pieceDesign {
	d, _ := setup.DesignFor(x.byKey, x.firstOf, id, factions)
	return d
}

// buildScenarios places every scenario's units.
func (x *exporter) buildScenarios() error {
	oobNames := names.NewUnique("%s (%d)")
	for _, b := range x.boards {
		if b.scenario == nil {
			continue
		}
		so := &scenarioOut{sc: b.scenario, board: b}
		so.oobName = oobNames.Take(b.name)
		so.oobFile = "oob-" + content.Stem(b.scenario.ID, content.ExportStem) + ".png"
		if err := x.placeScenario(so); err != nil {
			return err
		}
		x.scenarios = append(x.scenarios, so)
	}
	return nil
}

// placeScenario lays out the scenario's start as export/setup plans it: a SetupStack per cell (or point)
// where units set up, and the units that wait in boxes of the order of battle board.
func (x *exporter) placeScenario(so *scenarioOut) error {
	designs := func(id string, factions []string) (string, int, bool) {
		d := x.designFor(id, factions)
		if d == nil {
			return "", 0, false
		}
		return d.key, d.counter.Footprint, true
	}
	plan, ds := setup.Scenario(x.pkg, so.sc, so.board.set, designs, "export.vassal.setup")
	x.diags.Extend(ds)
	if ds.HasErrors() {
		return nil
	}
	stackAt := map[string]*buildfile.Element{}
	for _, u := range plan.Placed {
		name, make := x.setupStack(so, u)
		st, ok := stackAt[name]
		if !ok {
			st = make()
			stackAt[name] = st
			so.stacks = append(so.stacks, st)
		}
		s, err := x.slotAs(x.byKey[u.Key], start{flipped: u.Flipped, step: u.Step, owner: sideName(so.sc, u.Side)}, "setup/"+so.sc.ID)
		if err != nil {
			return err
		}
		st.Add(s)
		// Markers placed on the unit as it sets up stand on it, in the same stack.
		for _, key := range u.Markers {
			m, err := x.slot(x.byKey[key], false, "setup/"+so.sc.ID+"/"+u.Key)
			if err != nil {
				return err
			}
			st.Add(m)
		}
	}
	var boxes []holding
	for _, h := range plan.Holdings {
		hb := holding{side: h.Side, label: h.Label, pool: h.Pool, dead: h.Eliminated}
		for _, u := range h.Units {
			hb.units = append(hb.units, poolItem{x.byKey[u.Key], u.N})
		}
		boxes = append(boxes, hb)
	}
	if len(boxes) == 0 {
		return nil
	}
	return x.holdingBoard(so, boxes)
}

// setupStack names the SetupStack a placed unit stands in, and makes it: one on its cell's grid location, one
// between the cells of a two-cell unit, one at a point of an open table.
func (x *exporter) setupStack(so *scenarioOut, u setup.Placed) (string, func() *buildfile.Element) {
	b := so.board
	at := func(name string, px, py int) func() *buildfile.Element {
		return func() *buildfile.Element {
			return buildfile.New(classSetupStack, "name", name, "owningBoard", b.name, "useGridLocation", "false",
				"location", "", "x", itoa(px), "y", itoa(py))
		}
	}
	switch {
	case u.PlacePoint != nil && b.net != nil:
		// A place of an area or point-to-point map: its location, at its point (a two-place unit in its
		// first place).
		i := u.Cells[0].Col
		if len(u.Cells) == 2 {
			x.cannot("%s sets up across %s and %s; it stands in %s.", x.byKey[u.Key].name, u.Labels[0], u.Labels[1], b.net.names[i])
		}
		name, pt := b.net.names[i], b.net.pix.At[i]
		return name, func() *buildfile.Element {
			return buildfile.New(classSetupStack, "name", name, "owningBoard", b.name, "useGridLocation", "true",
				"location", name, "x", itoa(pt.X), "y", itoa(pt.Y))
		}
	case u.Point != nil:
		name := fmt.Sprintf("%gin,%gin", u.Point.X, u.Point.Y)
		return name, at(name, b.pl.px0+int(math.Round(u.Point.X*x.dpi)), b.pl.py0+int(math.Round(u.Point.Y*x.dpi)))
	case len(u.Cells) == 2:
		// A two-cell unit stands between its cells, placed by position.
		a, c := u.Cells[0], u.Cells[1]
		if b.set.Type == content.GridHex && a.Col == c.Col || b.set.Type != content.GridHex && a.Row != c.Row {
			x.cannot("%s sets up across %s and %s, one above the other; its double-width piece stands between them, not turned.", x.byKey[u.Key].name, u.Labels[0], u.Labels[1])
		}
		ax, ay := b.pl.centre(a)
		cx, cy := b.pl.centre(c)
		name := u.Labels[0] + "+" + u.Labels[1]
		return name, at(name, int(math.Round((ax+cx)/2)), int(math.Round((ay+cy)/2)))
	}
	label := u.Labels[0]
	return label, func() *buildfile.Element {
		cx, cy := b.pl.centre(u.Cells[0])
		return buildfile.New(classSetupStack, "name", label, "owningBoard", b.name, "useGridLocation", "true",
			"location", label, "x", itoa(int(math.Round(cx))), "y", itoa(int(math.Round(cy))))
	}
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
			}{so.sc.Sides[side].DisplayName(), y})
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
	s.Text(oobMargin, oobMargin, flow.Truncate(s, cmp.Or(so.sc.Name, so.sc.ID)+": order of battle", oobTitleFont, width-2*oobMargin), oobTitleFont, surface.Align{V: surface.Top})
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
		owner := sideName(so.sc, p.h.side)
		if p.h.pool != nil {
			pile, err := x.poolPile(so, p.h, cx, cy, owner)
			if err != nil {
				return err
			}
			so.oobStacks = append(so.oobStacks, pile) // a deck is a child of the map, as a set-up stack is
			continue
		}
		st := buildfile.New(classSetupStack, "name", side.ShortName()+": "+p.h.label, "owningBoard", so.oobName, "useGridLocation", "false",
			"location", "", "x", itoa(cx), "y", itoa(cy))
		for _, it := range p.h.units {
			for n := 0; n < it.n; n++ {
				sl, err := x.slotAs(it.d, start{owner: owner}, "oob/"+so.sc.ID)
				if err != nil {
					return err
				}
				st.Add(sl)
			}
		}
		so.oobStacks = append(so.oobStacks, st)
		if p.h.dead {
			if so.dead == nil {
				so.dead = map[*buildfile.Element]int{}
			}
			so.dead[st] = p.h.side
		}
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

// Draw pools are decks on the order of battle board (classDrawPile, decks.go): their blocks face down
// (everyone sees the blank sides), shuffled, drawn at random; a block drawn stays masked to its side.

// poolPile is a draw pool's deck at (cx, cy) of the order of battle board, holding its units masked to owner.
func (x *exporter) poolPile(so *scenarioOut, h holding, cx, cy int, owner string) (*buildfile.Element, error) {
	w, ht := 0, 0
	for _, it := range h.units {
		w, ht = max(w, it.d.w), max(ht, it.d.h)
	}
	// Named by the scenario's board (unique in the module), the side and the pool (unique in the scenario).
	name := so.oobName + ": " + sideName(so.sc, h.side) + ": " + cmp.Or(h.pool.Name, h.pool.ID)
	e := buildfile.New(classDrawPile, "name", name, "owningBoard", so.oobName, "x", itoa(cx), "y", itoa(cy),
		"width", itoa(w), "height", itoa(ht), "allowMultiple", "true", "allowSelect", "false",
		"faceDown", "Always", "drawFaceUp", "false", "shuffle", "Always", "reversible", "false",
		"draw", "true", "color", "255,255,255", "maxStack", "10", "canSave", "false", "expressionCounting", "false",
		"restrictOption", "false", "reshufflable", "false")
	for _, it := range h.units {
		for n := 0; n < it.n; n++ {
			sl, err := x.slotOf(classCardSlot, it.d, start{owner: owner}, "pool/"+so.sc.ID+"/"+h.pool.ID)
			if err != nil {
				return nil, err
			}
			e.Add(sl)
		}
	}
	return e, nil
}
