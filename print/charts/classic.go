package charts

import (
	"cmp"
	"fmt"
	"maps"
	"math"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// The charts of a classic game: the sequence of play, the terrain effects chart with zones of control and
// movement modes, a combat table's column shifts and cell sources, and a turn record whose boxes say what
// each turn brings.

// Turn record box sizes.
var (
	// TurnBoxWidth is the width of a box of a turn record that says what each turn brings.
	TurnBoxWidth = 1.15 * surface.Inch
	// turnBoxMinHeight is its least height; boxes grow to hold their lines.
	turnBoxMinHeight = 0.75 * surface.Inch
)

// Fonts of a turn record box.
var (
	turnNumberFont = surface.Font{Style: surface.Bold, Size: 10}
	turnDateFont   = surface.Font{Size: 7}
	turnLineFont   = surface.Font{Size: 6}
	turnWxFont     = surface.Font{Style: surface.Bold, Size: 6.5}
)

// RichRecord reports whether a scenario's turn record has anything to print in its boxes besides numbers.
func RichRecord(pkg *content.Package, sc *content.Scenario) bool {
	for _, b := range sc.TurnRecord() {
		if b.Def != nil && (b.Def.Date != "" || b.Def.Weather != "") || len(b.BoxLines(pkg, sc)) > 0 {
			return true
		}
	}
	return false
}

// weatherOf finds a weather condition of the System.
func weatherOf(sys *content.System, id string) *content.WeatherDef {
	if sys == nil {
		return nil
	}
	for i := range sys.Weather {
		if sys.Weather[i].ID == id {
			return &sys.Weather[i]
		}
	}
	return nil
}

// TurnBoxLayout is where a turn record box is and what it says, worked out before it is drawn (and read by
// tests).
type TurnBoxLayout struct {
	Turn          int
	X, Y, W, H    float64 // on its page, points from the top-left corner
	Date, Weather string
	Colour        string   // the weather's tint, "#rrggbb", or ""
	Lines         []string // wrapped to the box
}

// turnBoxes lays a scenario's turn record out in boxes of one width, each as tall as the tallest of its row.
func turnBoxes(m flow.Measurer, pkg *content.Package, sc *content.Scenario) []TurnBoxLayout {
	var out []TurnBoxLayout
	inner := TurnBoxWidth - 5
	for _, b := range sc.TurnRecord() {
		l := TurnBoxLayout{Turn: b.Turn, W: TurnBoxWidth}
		if b.Def != nil {
			l.Date = b.Def.Date
			if w := weatherOf(pkg.System, b.Def.Weather); w != nil {
				l.Weather, l.Colour = w.Abbr, w.Colour
				if l.Weather == "" {
					l.Weather = cmp.Or(w.Name, w.ID)
				}
			} else {
				l.Weather = b.Def.Weather
			}
		}
		for _, t := range b.BoxLines(pkg, sc) {
			l.Lines = append(l.Lines, flow.Wrap(m, t, turnLineFont, inner)...)
		}
		out = append(out, l)
	}
	return out
}

// TurnRecord draws a turn record whose boxes carry each turn's date, weather, events, effects,
// reinforcements and replacements, then a key to the weather.
func TurnRecord(d *flow.Doc, pkg *content.Package, sc *content.Scenario) {
	boxes := TurnRecordBoxes(d.S, pkg, sc, d.Width())
	for i := 0; i < len(boxes); {
		// One row at a time: a row never splits across pages.
		j := i
		for j < len(boxes) && boxes[j].Y == boxes[i].Y {
			j++
		}
		d.Need(boxes[i].H + 2)
		top := d.Y()
		for k := i; k < j; k++ {
			b := boxes[k]
			b.X, b.Y = d.Left()+b.X, top
			drawTurnBox(d.S, b)
		}
		d.SetY(top + boxes[i].H)
		i = j
	}
	d.Gap(6)
	// The weather the record uses, with its effects.
	seen := map[string]bool{}
	var key []string
	for _, t := range sc.Turns {
		w := weatherOf(pkg.System, t.Weather)
		if w == nil || seen[w.ID] || len(w.Effects) == 0 {
			continue
		}
		seen[w.ID] = true
		key = append(key, fmt.Sprintf("%s: %s", cmp.Or(w.Name, w.ID), english.Sentences(w.Effects)))
	}
	if len(key) > 0 {
		d.Para("Weather: "+strings.Join(key, " "), flow.NoteFont)
	}
}

func lineH(f surface.Font) float64 { return f.Size * 1.28 }

// drawTurnBox draws one box: the weather's tint, the turn number top left, the date top right, the weather,
// then the lines.
func drawTurnBox(s surface.Surface, b TurnBoxLayout) {
	if c, err := surface.Hex(b.Colour); err == nil && b.Colour != "" {
		s.SetFill(c)
		s.Rect(b.X, b.Y, b.W, b.H, surface.Fill)
	}
	s.SetStroke(flow.Ink, 0.6)
	s.SetDash()
	s.Rect(b.X, b.Y, b.W, b.H, surface.Stroke)
	s.SetFill(flow.Ink)
	s.Text(b.X+2.5, b.Y+2, fmt.Sprint(b.Turn), turnNumberFont, surface.Align{V: surface.Top})
	if b.Date != "" {
		s.Text(b.X+b.W-2.5, b.Y+2.5, b.Date, turnDateFont, surface.Align{H: surface.Right, V: surface.Top})
	}
	y := b.Y + 2 + lineH(turnNumberFont)
	if b.Weather != "" {
		s.Text(b.X+2.5, y, b.Weather, turnWxFont, surface.Align{V: surface.Top})
		y += lineH(turnWxFont)
	}
	for _, l := range b.Lines {
		s.Text(b.X+2.5, y, l, turnLineFont, surface.Align{V: surface.Top})
		y += lineH(turnLineFont)
	}
}

// TurnRecordBoxes is the layout a scenario's turn record gets on a page of the given width (for tests and
// exporters that draw the same record): as many boxes of one width as fit in a row, each row as tall as its
// fullest box. X and Y are relative to the record's top-left corner.
func TurnRecordBoxes(m flow.Measurer, pkg *content.Package, sc *content.Scenario, width float64) []TurnBoxLayout {
	boxes := turnBoxes(m, pkg, sc)
	per := max(1, int(width/TurnBoxWidth))
	head := lineH(turnNumberFont) + 2
	y := 0.0
	for r := 0; r*per < len(boxes); r++ {
		row := boxes[r*per : min(len(boxes), (r+1)*per)]
		h := turnBoxMinHeight
		for _, b := range row {
			h = math.Max(h, head+lineH(turnWxFont)+float64(len(b.Lines))*lineH(turnLineFont)+6)
		}
		for i := range row {
			row[i].X, row[i].Y, row[i].H = float64(i)*TurnBoxWidth, y, h
		}
		y += h
	}
	return boxes
}

// players are who the sequence of play calls the first and the second player: the sides' names where every
// scenario of the package has the same two sides and marks the same one first, else the rules' words.
type players struct{ first, second string }

func playersOf(pkg *content.Package) players {
	p := players{"the first player", "the second player"}
	var first, second string
	for i, sc := range pkg.Scenarios() {
		if len(sc.Sides) != 2 {
			return p
		}
		f, s := sc.Sides[0], sc.Sides[1]
		switch {
		case f.First && !s.First:
		case s.First && !f.First:
			f, s = s, f
		default:
			return p
		}
		if i > 0 && (f.ShortName() != first || s.ShortName() != second) {
			return p
		}
		first, second = f.ShortName(), s.ShortName()
	}
	if first == "" {
		return p
	}
	return players{first, second}
}

// text says who acts in a phase.
func (ps players) text(p string) string {
	switch p {
	case content.PlayerEach:
		return ps.first + ", then " + ps.second
	case content.PlayerBoth:
		return "both players"
	case content.PlayerFirst:
		return ps.first
	case content.PlayerSecond:
		return ps.second
	}
	return "-"
}

// sequenceOfPlay draws the System's sequence of play as rulebooks outline it: each phase numbered, its
// segments lettered A, B, C under it, and a phase each player takes in turn as two, the First and the Second
// Player-Turn (PRESTAGS 4.2: 1. First Player-Turn, A-D; 2. Second Player-Turn; 3. Turn Record).
func sequenceOfPlay(d *flow.Doc, pkg *content.Package) {
	sys := pkg.System
	ps := playersOf(pkg)
	q := sys.Sequence
	d.Heading("Sequence of Play", 13, 60)
	if content.Illustrative(q.Source) {
		d.ParaAt(0, "ILLUSTRATIVE: not the published sequence (see the source below).", surface.Font{Style: surface.Bold, Size: 8}, surface.RGB(0xa0, 0x10, 0x10))
	}
	d.Para(q.Text, flow.BodyFont)
	tab := &flow.Table{Header: []string{"", "Phase", "Who", "What happens"}}
	n := 0
	for _, ph := range q.Phases {
		n++
		name, who := ph.Name, ps.text(ph.Player)
		if ph.Player == content.PlayerEach {
			name, who = "First "+ph.Name, ps.first
		}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(n), name, who, ph.Text})
		for j, sg := range ph.Segments {
			who := "the phasing player"
			switch {
			case sg.Mutual:
				who = "both players"
			case ph.Player != content.PlayerEach:
				who = ps.text(ph.Player)
			}
			tab.Rows = append(tab.Rows, []string{fmt.Sprintf("%c", 'A'+rune(j%26)), "    " + sg.Name, who, sg.Text})
		}
		if ph.Player == content.PlayerEach {
			n++
			what := "As the First " + ph.Name
			if len(ph.Segments) > 0 {
				what += fmt.Sprintf(", %c to %c, the second player phasing.", 'A', 'A'+rune((len(ph.Segments)-1)%26))
			} else {
				what += ", the second player phasing."
			}
			tab.Rows = append(tab.Rows, []string{fmt.Sprint(n), "Second " + ph.Name, ps.second, what})
		}
	}
	tab.Bold = map[int]bool{}
	for i, r := range tab.Rows {
		if !strings.HasPrefix(r[1], " ") {
			tab.Bold[i] = true
		}
	}
	d.Table(tab)
	if q.Source != "" {
		d.Para("Source: "+q.Source, flow.NoteFont)
	}
	d.Gap(10)
}

// hasMovementRules reports whether a System has zones of control or movement modes to chart.
func hasMovementRules(sys *content.System) bool {
	return sys != nil && (sys.ZOC != nil || len(sys.MovementModes) > 0)
}

// terrainEffects draws a terrain effects chart made from the System: each terrain's movement cost and
// effects, each hexside and path feature's, then the zones of control and the movement modes.
func terrainEffects(d *flow.Doc, sys *content.System) {
	d.Heading("Terrain Effects Chart", 13, 60)
	tab := &flow.Table{Header: []string{"Terrain", "Movement", "Other effects"}}
	for _, t := range sys.Terrain {
		move := "1"
		if t.Move != nil {
			move = t.Move.Text
		}
		if t.Impassable {
			move = "impassable"
		}
		var eff []string
		for _, k := range slices.Sorted(maps.Keys(t.Effects)) {
			eff = append(eff, k+": "+t.Effects[k])
		}
		if len(t.Admits) > 0 {
			eff = append(eff, "only "+english.List(sys.ClassNames(t.Admits), "and")+" units enter")
		}
		tab.Rows = append(tab.Rows, []string{cmp.Or(t.Name, t.ID), move, strings.Join(eff, "; ")})
	}
	for _, f := range sys.Features {
		cost := "-"
		if f.Cost != nil {
			cost = f.Cost.Text
			if f.On == content.FeatureHexside {
				cost = "+" + cost
			}
		}
		var eff []string
		for _, k := range slices.Sorted(maps.Keys(f.Effects)) {
			eff = append(eff, k+": "+f.Effects[k])
		}
		if f.NeedsCrossing {
			eff = append(eff, "crosses water only by a crossing")
		}
		if len(f.Crosses) > 0 {
			eff = append(eff, "a way through "+english.List(sys.FeatureNames(f.Crosses), "or"))
		}
		eff = append(eff, connectionRules(sys, &f)...)
		tab.Rows = append(tab.Rows, []string{cmp.Or(f.Name, f.ID) + " (" + featurePlacement(sys, f.On) + ")", cost, strings.Join(eff, "; ")})
	}
	d.Table(tab)
	zocAndModes(d, sys)
}

// zocAndModes draws the zones of control and the movement modes under a terrain effects chart.
func zocAndModes(d *flow.Doc, sys *content.System) {
	if z := sys.ZOC; z != nil {
		d.Heading("Zones of Control", 11, 40)
		if z.Text != "" {
			d.Para(z.Text, flow.BodyFont)
		}
		d.Fields(ZOCFields(sys, z))
		if z.Source != "" {
			d.Para("Source: "+z.Source, flow.NoteFont)
		}
	}
	if len(sys.MovementModes) > 0 {
		d.Heading("Movement Modes", 11, 40)
		tab := &flow.Table{Header: []string{"Mode", "Allowance", "Along", "Who", "Rule"}}
		for _, m := range sys.MovementModes {
			along := "any ground"
			if len(m.Along) > 0 {
				along = english.List(sys.FeatureNames(m.Along), "or")
				if m.PathCost != nil {
					along += " (" + m.PathCost.String() + " a step)"
				}
			}
			who := "every unit"
			if len(m.Classes) > 0 {
				who = english.List(sys.ClassNames(m.Classes), "and") + " units"
			}
			rule := m.Text
			if m.NoEnemyZOC && rule == "" {
				rule = "never into an enemy zone of control"
			}
			tab.Rows = append(tab.Rows, []string{cmp.Or(m.Name, m.ID), m.Allowance, along, who, rule})
		}
		d.Table(tab)
	}
	d.Gap(10)
}

// ZOCFields says a System's zones of control as a chart's name and value lines, classes and features by their
// names.
func ZOCFields(sys *content.System, z *content.ZOCDef) [][2]string {
	who := "every unit"
	if len(z.ExertedBy) > 0 {
		who = english.List(sys.ClassNames(z.ExertedBy), "and") + " units"
	}
	enter := map[string]string{"": "the unit stops", content.ZOCStop: "the unit stops", content.ZOCFree: "no effect",
		content.ZOCProhibited: "prohibited", content.ZOCCost: "costs more"}
	leave := map[string]string{"": "no effect", content.ZOCFree: "no effect", content.ZOCStop: "the unit stops",
		content.ZOCProhibited: "prohibited", content.ZOCCost: "costs more"}
	e, l := enter[z.Enter], leave[z.Leave]
	if z.Enter == content.ZOCCost && z.EnterCost != nil {
		e = "+" + z.EnterCost.String() + " movement points"
	}
	if z.Leave == content.ZOCCost && z.LeaveCost != nil {
		l = "+" + z.LeaveCost.String() + " movement points"
	}
	out := [][2]string{{"Exerted by", who}, {"Entering", e}, {"Leaving", l}}
	if len(z.IgnoredBy) > 0 {
		out = append(out, [2]string{"Ignored by", english.List(sys.ClassNames(z.IgnoredBy), "and") + " units"})
	}
	if len(z.BlockedBy) > 0 {
		out = append(out, [2]string{"Not across", english.List(sys.FeatureNames(z.BlockedBy), "or")})
	}
	return out
}

// combatNotes draws a combat table's column shifts, its die-roll modifiers and its cells' own sources.
func combatNotes(d *flow.Doc, t *content.Table) {
	if c := t.Combat; c != nil && len(c.Shifts) > 0 {
		var parts []string
		for i := range c.Shifts {
			parts = append(parts, rules.ShiftText(&c.Shifts[i]))
		}
		method := "Odds are rounded in the defender's favour."
		if t.CombatMethod() == content.CombatDifferential {
			method = "Read the column of the attack strength minus the defence."
		}
		d.Para(method+" Column shifts (they add up; the last column is as far as they go): "+strings.Join(parts, "; ")+".", flow.BodyFont)
	}
	if c := t.Combat; c != nil && len(c.Modifiers) > 0 {
		var parts []string
		for i := range c.Modifiers {
			parts = append(parts, rules.ModifierText(&c.Modifiers[i]))
		}
		d.Para("Die-roll modifiers (they add up): "+strings.Join(parts, "; ")+".", flow.BodyFont)
	}
	var cells []string
	for _, r := range t.Rows {
		for _, col := range t.Columns {
			if src, ok := r.CellSources[col]; ok {
				cells = append(cells, fmt.Sprintf("%s, %s: %s", r.Label, col, src))
			}
		}
	}
	if len(cells) > 0 {
		d.Para("Cell sources: "+strings.Join(cells, "; ")+".", flow.NoteFont)
	}
}

// featurePlacement is where a feature lies, in the words of the System's ground: a hexside feature is a
// border between areas, or a connection between places.
func featurePlacement(sys *content.System, on string) string {
	if on == content.FeatureHexside {
		switch sys.Grid {
		case content.GridArea:
			return "border"
		case content.GridPoint:
			return "connection"
		}
	}
	return on
}

// connectionRules says what a feature asks of the units that use it: the movement modes that may, a move
// that ends once across, and how many may cross one of it.
func connectionRules(sys *content.System, f *content.FeatureDef) []string {
	var out []string
	if len(f.Modes) > 0 {
		var ns []string
		for _, m := range f.Modes {
			ns = append(ns, modeName(sys, m))
		}
		out = append(out, "used by "+english.List(ns, "and")+" only")
	}
	if f.Stop {
		out = append(out, "a move ends once across")
	}
	if l := f.Limit; l != nil && l.Max > 0 {
		if l.Text != "" {
			out = append(out, l.Text)
		} else {
			of := "unit"
			if l.Of == content.LimitStacks {
				of = "stack"
			}
			per := "move"
			if l.Per == content.LimitPhase {
				per = "phase"
			}
			out = append(out, "at most "+english.Count(l.Max, of)+" across one in a "+per)
		}
	}
	return out
}

// modeName is a movement mode by its name: ordinary movement, or one of the System's modes.
func modeName(sys *content.System, id string) string {
	if id == content.ModeOrdinary {
		return "ordinary movement"
	}
	for _, m := range sys.MovementModes {
		if m.ID == id {
			return strings.ToLower(cmp.Or(m.Name, m.ID))
		}
	}
	return id
}
