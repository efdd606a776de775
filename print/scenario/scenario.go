// Package scenario prints scenario sheets: title and date, the map or the boards and how they join (with a
// small diagram), each side's force with its setup or entry, reinforcements by turn, length, stacking, victory
// conditions with their level table, objectives, terrain modifications and special rules. Scenarios whose sides
// carry the PRESTAGS 11.1 fields (VP, panic level, leadership) print in the order of 11.1.
package scenario

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// Options are the page settings.
type Options struct {
	Paper   surface.Size
	Margin  float64 // 0 means 0.5in
	Title   string  // the package's name, for the footer
	MapFile string  // where the printed map set is, for the sheet to say ("maps/introductory.pdf")
}

// Format111 reports whether a scenario is written in the PRESTAGS 11.1 format: a side gives its victory points
// (vp), panic level (panicLevel or panicPercent) or leadership. Those fields exist only for that format, so
// their presence is the signal; nothing else in the content has to name the format.
func Format111(sc *content.Scenario) bool {
	for _, s := range sc.Sides {
		if s.VP != nil || s.PanicLevel != nil || s.PanicPercent != nil || s.Leadership != "" {
			return true
		}
	}
	return false
}

// Render draws the sheet of one scenario on s.
func Render(s surface.Surface, pkg *content.Package, sc *content.Scenario, opt Options) error {
	if err := charts.TooManyTurns(sc); err != nil {
		return err
	}
	if opt.Margin <= 0 {
		opt.Margin = 0.5 * surface.Inch
	}
	name := sc.Name
	if name == "" {
		name = sc.ID
	}
	typefaces := fonts.Of(pkg)
	s.SetTextTypeface(typefaces.Text)
	d := flow.New(s, opt.Paper, opt.Margin, opt.Title+": "+name)
	d.HeadingFace = typefaces.Heading
	w := &writer{d: d, pkg: pkg, sc: sc, opt: opt, eng: rules.New(pkg)}
	w.set, _ = pkg.MapSet(sc)
	w.title()
	if Format111(sc) {
		w.format111()
	} else {
		w.standard()
	}
	if w.drawing != nil {
		if err := w.drawing.Err(); err != nil {
			return err // the miniature's art could not be drawn
		}
	}
	return s.Err()
}

type writer struct {
	d   *flow.Doc
	pkg *content.Package
	sc  *content.Scenario
	opt Options
	eng *rules.Engine
	set *content.MapSet // nil when the scenario's map cannot be composed
	// drawing is the scenario's map as the maps print it, for its side colours and its miniature, made once
	// when first asked for (mapDrawing).
	drawing     *maps.Drawing
	drawingMade bool
}

// mapDrawing is the scenario's map as the maps print it, or nil when it cannot be drawn (validate reports why;
// the sheet then shows the boards as labelled rectangles).
func (w *writer) mapDrawing() *maps.Drawing {
	if !w.drawingMade {
		w.drawingMade = true
		if md, err := maps.ForScenario(w.pkg, w.sc); err == nil {
			w.drawing = md
		}
	}
	return w.drawing
}

func (w *writer) h(text string) { w.d.Heading(text, 11.5, 40) }

func (w *writer) title() {
	d, sc := w.d, w.sc
	name := sc.Name
	if name == "" {
		name = sc.ID
	}
	d.Heading(name, 18, 30)
	if sc.Date != "" {
		d.Para(sc.Date, surface.Font{Style: surface.Bold, Size: 10})
	}
	d.Para(sc.Description, flow.BodyFont)
	if sc.Source != "" {
		d.Para("Source: "+sc.Source, flow.NoteFont)
	}
}

// standard is the general order: map, sides, reinforcements, length, stacking, victory, objectives, terrain
// modifications, special rules.
func (w *writer) standard() {
	w.mapSection()
	for i := range w.sc.Sides {
		w.side(&w.sc.Sides[i])
	}
	w.reinforcements()
	w.pools()
	w.pairs()
	w.replacements()
	w.h("Game length")
	w.d.Para(lengthText(w.sc), flow.BodyFont)
	w.turnOrder()
	w.stacking()
	w.victory()
	w.objectives()
	w.lists()
	w.decks()
	w.turnTrack()
}

// format111 follows PRESTAGS 11.1: A Force (Units, VP, PL, Deployment, Stacking, Leadership), B Force, Game
// Length, Victory Conditions, Terrain Modifications, Special Rules.
func (w *writer) format111() {
	d := w.d
	sides := orderedSides(w.sc)
	letters := "ABCDEFGH"
	for i, s := range sides {
		label := string(letters[min(i, len(letters)-1)]) + " Force"
		title := label
		if s.Name != "" && !strings.HasPrefix(s.Name, label) {
			title += ": " + s.Name
		} else if s.Name != "" {
			title = s.Name
		}
		w.h(title)
		var f [][2]string
		f = append(f, [2]string{"Units", w.unitSummary(s)})
		if s.VP != nil {
			f = append(f, [2]string{"VP", s.VP.String()})
		}
		pl := ""
		if s.PanicLevel != nil {
			pl = s.PanicLevel.String()
		}
		if s.PanicPercent != nil {
			if pl != "" {
				pl += " (" + s.PanicPercent.String() + "% of VP)"
			} else {
				pl = s.PanicPercent.String() + "% of VP"
			}
		}
		if pl != "" {
			f = append(f, [2]string{"PL", pl})
		}
		dep := w.set.DescribeZone(s.Deployment)
		if z := s.Deployment; z != nil && z.Near != "" && z.Within > 0 && dep != "" {
			// 11.1: a hex identification letter and the distance from it, as the scenarios print it.
			dep = fmt.Sprintf("%s-%d (%s)", z.Near, z.Within, dep)
		}
		if dep == "" && len(s.Entry) > 0 {
			dep = w.entries(s)
		}
		if dep != "" {
			f = append(f, [2]string{"Deployment", dep})
		}
		if s.Stacking != nil {
			f = append(f, [2]string{"Stacking", english.Count(*s.Stacking, "unit") + " per hex"})
		}
		lead := s.Leadership
		if lead == "" {
			lead = "normal"
		}
		f = append(f, [2]string{"Leadership", lead})
		if i == 0 {
			f = append(f, [2]string{"Moves", w.firstMove("deploys and moves first")})
		}
		d.Fields(f)
		w.forceTable(s)
		if s.Notes != "" {
			d.Para(s.Notes, flow.NoteFont)
		}
	}
	w.reinforcements()
	w.pools()
	w.pairs()
	w.h("Game Length")
	d.Para(lengthText(w.sc), flow.BodyFont)
	w.turnOrder()
	w.h("Victory Conditions")
	w.victoryBody()
	w.objectives()
	w.list("Terrain Modifications", w.sc.TerrainMods, "none")
	w.list("Special Rules", w.sc.SpecialRules, "none")
	w.stacking() // the game's rule, of which each force's Stacking above is the limit
	w.mapSection()
	w.decks()
	w.turnTrack()
}

// orderedSides puts the side that moves first first.
func orderedSides(sc *content.Scenario) []content.Side {
	var out []content.Side
	for _, s := range sc.Sides {
		if s.First {
			out = append(out, s)
		}
	}
	for _, s := range sc.Sides {
		if !s.First {
			out = append(out, s)
		}
	}
	return out
}

// turnOrder prints the System's rule for who moves first, when it gives one.
func (w *writer) turnOrder() {
	if w.pkg.System == nil {
		return
	}
	t := w.pkg.System.TurnOrder
	if t == nil || t.Text == "" {
		return
	}
	w.h("Turn order")
	text := t.Text
	if t.Source != "" {
		text += " (" + t.Source + ")"
	}
	w.d.Para(text, flow.BodyFont)
}

// firstMove is what a side the scenario marks first does: as the rules have it, or, where the rules roll for
// who moves first, what the System says the scenario's choice gives (the first turn only, by default).
func (w *writer) firstMove(what string) string {
	sys := w.pkg.System
	if sys == nil || sys.TurnOrder == nil || !sys.TurnOrder.Rolled {
		return what
	}
	if sys.TurnOrder.First != "" {
		return sys.TurnOrder.First + ": this scenario's choice (see Turn order)"
	}
	return what + " on turn 1 only: this scenario's choice; after that the rules roll for it (see Turn order)"
}

func lengthText(sc *content.Scenario) string {
	if sc.Length == nil || sc.Length.Turns == 0 {
		if sc.Length != nil && sc.Length.Note != "" {
			return sc.Length.Note
		}
		return "Not given by the scenario."
	}
	t := english.Count(sc.Length.Turns, "turn") + "."
	if sc.Length.Note != "" {
		t += " " + sc.Length.Note
	}
	return t
}

// ------------------------------------------------------------------------------------------- map

func (w *writer) mapSection() {
	d := w.d
	sc := w.sc
	w.h("Map")
	set, _ := w.pkg.MapSet(sc)
	if set == nil {
		if sc.Map.Map != "" {
			d.Para("Map "+sc.Map.Map+".", flow.BodyFont)
		} else {
			d.Para("No map given.", flow.BodyFont)
		}
		return
	}
	var lines []string
	if len(sc.Map.Boards) > 0 {
		for i, b := range sc.Map.Boards {
			m := w.pkg.Map(b.Board)
			n := b.Board
			if m != nil && m.Name != "" {
				n = m.Name + " (board " + boardLabel(m) + ")"
			}
			switch {
			case i == 0:
				lines = append(lines, n+": placed first, at the north-west")
			case b.RightOf != "":
				lines = append(lines, n+": right of (east of) board "+b.RightOf)
			case b.LeftOf != "":
				lines = append(lines, n+": left of (west of) board "+b.LeftOf)
			case b.Above != "":
				lines = append(lines, n+": above (north of) board "+b.Above)
			case b.Below != "":
				lines = append(lines, n+": below (south of) board "+b.Below)
			}
			if b.Rotate == 180 {
				lines[len(lines)-1] += ", turned 180°"
			}
		}
	} else if m := w.pkg.Map(sc.Map.Map); m != nil {
		lines = append(lines, cmp.Or(m.Name, m.ID))
	}
	top := d.Y()
	diagW := 2.4 * surface.Inch
	textW := d.Width() - diagW - 12
	// Text on the left, the diagram on the right.
	y := top
	for _, l := range lines {
		for _, wl := range flow.Wrap(d.S, l, flow.BodyFont, textW) {
			d.S.SetFill(flow.Ink)
			d.S.Text(d.Left(), y, wl, flow.BodyFont, surface.Align{V: surface.Top})
			y += 11.5
		}
	}
	if w.opt.MapFile != "" {
		what := "The map is printed to scale in "
		if len(set.Boards) > 1 || set.Boards[0].Rotate != 0 {
			what = "The assembled map is printed to scale in "
		}
		for _, wl := range flow.Wrap(d.S, what+w.opt.MapFile+".", flow.NoteFont, textW) {
			d.S.SetFill(flow.Ink)
			d.S.Text(d.Left(), y+3, wl, flow.NoteFont, surface.Align{V: surface.Top})
			y += 10
		}
	}
	// The sides' colours on the maps.
	if md := w.mapDrawing(); md != nil {
		if cs := md.SideColours(); len(cs) > 0 {
			y += 8
			d.S.SetFill(flow.Ink)
			d.S.Text(d.Left(), y, "Colours on the map:", flow.NoteFont, surface.Align{V: surface.Top})
			y += 11
			for _, c := range cs {
				d.S.SetFill(c.Colour)
				d.S.SetStroke(flow.Ink, 0.5)
				d.S.SetDash()
				d.S.Rect(d.Left(), y, 14, 8, surface.FillStroke)
				d.S.SetFill(flow.Ink)
				d.S.Text(d.Left()+19, y+4, flow.Truncate(d.S, c.Name, flow.BodyFont, textW-19), flow.BodyFont, surface.Align{V: surface.Middle})
				y += 12
			}
		}
	}
	h := w.diagram(set, d.Left()+textW+12, top, diagW)
	d.SetY(math.Max(y, top+h) + 8)
}

func boardLabel(m *content.Map) string {
	if m.Board != "" {
		return m.Board
	}
	return m.ID
}

// diagram draws the boards of a map set as labelled rectangles, to scale with each other, with a compass, and
// returns its height.
func (w *writer) diagram(set *content.MapSet, x, y, maxW float64) float64 {
	s := w.d.S
	if set.Type == content.GridOpen {
		t := set.Table
		k := maxW / t.Width
		h := t.Height * k
		s.SetStroke(flow.Ink, 0.8)
		s.SetFill(surface.RGB(0xf0, 0xec, 0xdc))
		s.Rect(x, y, maxW, h, surface.FillStroke)
		s.SetFill(flow.Ink)
		s.Text(x+maxW/2, y+h/2, fmt.Sprintf("%gin x %gin table", t.Width, t.Height), flow.SmallFont, surface.Align{H: surface.Center, V: surface.Middle})
		return h + 10
	}
	cols, rows := float64(set.Cols), float64(set.Rows)
	k := math.Min(maxW/cols, 1.8*surface.Inch/rows)
	if md := w.mapDrawing(); md != nil {
		// A miniature of the map, boards outlined and named; the compass and entries around it.
		mw, mh := md.Miniature(s, x, y+12, maxW, 1.8*surface.Inch)
		if mw > 0 {
			k = math.Min(mw/cols, mh/rows)
			cols, rows = mw/k, mh/k
			w.compass(set, x, y, cols, rows, k)
			return rows*k + 24
		}
	}
	for _, b := range set.Boards {
		bx, by := x+float64(b.Col)*k, y+12+float64(b.Row)*k
		bw, bh := float64(b.Geo.Cols)*k, float64(b.Geo.Rows)*k
		s.SetFill(surface.RGB(0xf3, 0xec, 0xd2))
		s.SetStroke(flow.Ink, 1)
		s.SetDash()
		s.Rect(bx, by, bw, bh, surface.FillStroke)
		s.SetFill(flow.Ink)
		label := b.Name
		if b.Rotate == 180 {
			label += " (180°)"
		}
		s.Text(bx+bw/2, by+bh/2, label, surface.Font{Style: surface.Bold, Size: math.Min(14, bh*0.3)}, surface.Align{H: surface.Center, V: surface.Middle})
	}
	w.compass(set, x, y, cols, rows, k)
	return rows*k + 24
}

// compass writes N, S, W, E round a diagram of cols x rows cells at k points each, and the sides' entry edges.
func (w *writer) compass(set *content.MapSet, x, y, cols, rows, k float64) {
	s := w.d.S
	s.SetFill(flow.Ink)
	s.Text(x+cols*k/2, y+9, "N", surface.Font{Style: surface.Bold, Size: 7}, surface.Align{H: surface.Center, V: surface.Baseline})
	s.Text(x+cols*k/2, y+12+rows*k+9, "S", surface.Font{Style: surface.Bold, Size: 7}, surface.Align{H: surface.Center, V: surface.Baseline})
	s.Text(x-3, y+12+rows*k/2, "W", surface.Font{Style: surface.Bold, Size: 7}, surface.Align{H: surface.Right, V: surface.Middle})
	s.Text(x+cols*k+3, y+12+rows*k/2, "E", surface.Font{Style: surface.Bold, Size: 7}, surface.Align{V: surface.Middle})
	// Entry edges.
	for _, sd := range w.sc.Sides {
		for _, en := range sd.Entry {
			e, ok := set.Edge(en.Edge)
			if !ok {
				continue
			}
			n := sd.ShortName()
			f := surface.Font{Style: surface.Italic, Size: 6.5}
			switch e.Side {
			case "east":
				s.Text(x+cols*k+3, y+12+rows*k/2+9, n, f, surface.Align{V: surface.Middle})
			case "west":
				s.Text(x-3, y+12+rows*k/2+9, n, f, surface.Align{H: surface.Right, V: surface.Middle})
			case "north":
				s.Text(x+cols*k/2+8, y+9, n, f, surface.Align{V: surface.Baseline})
			case "south":
				s.Text(x+cols*k/2+8, y+12+rows*k+9, n, f, surface.Align{V: surface.Baseline})
			}
		}
	}
}

// ------------------------------------------------------------------------------------------- sides

func (w *writer) unitName(id string) string {
	if u := w.pkg.UnitType(id); u != nil && u.Name != "" {
		return u.Name
	}
	if m := w.pkg.Marker(id); m != nil && m.Name != "" {
		return m.Name
	}
	return id
}

func (w *writer) unitAbbr(id string) string {
	if u := w.pkg.UnitType(id); u != nil && u.Abbr != "" {
		return u.Abbr
	}
	return w.unitName(id)
}

func (w *writer) forces(s *content.Side) []*content.Force {
	var out []*content.Force
	for _, id := range s.ForceIDs() {
		if f := w.pkg.Force(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// unitSummary is the 11.1 "Units" line: "2 HC, 4 LB, ..., Leaders 2 and 3".
func (w *writer) unitSummary(s content.Side) string {
	var parts []string
	abbrs := map[string]int{}
	for _, f := range w.forces(&s) {
		for _, e := range f.Units {
			if e.Unit != "" {
				abbrs[w.unitAbbr(e.Unit)]++
			}
		}
	}
	for _, f := range w.forces(&s) {
		for _, e := range f.Units {
			if e.Unit == "" {
				continue
			}
			a := w.unitAbbr(e.Unit)
			if abbrs[a] > 1 { // two types share an abbreviation (leaders "L"): name them
				a = w.unitName(e.Unit)
			}
			parts = append(parts, fmt.Sprintf("%d %s", max(e.Count, 1), a))
		}
	}
	if len(parts) == 0 {
		return "as the scenario's forces give"
	}
	return strings.Join(parts, ", ")
}

func (w *writer) entries(s content.Side) string {
	var parts []string
	for _, e := range s.Entry {
		t := "Enter"
		if e.Edge != "" {
			t += " from " + w.edgeName(e.Edge)
		}
		if len(e.Cells) > 0 {
			t += " at " + w.cellNames(e.Cells)
		}
		if e.Turn > 0 {
			t += fmt.Sprintf(" on turn %d", e.Turn)
		}
		if len(e.Units) > 0 {
			var ns []string
			for _, u := range e.Units {
				ns = append(ns, w.unitName(u))
			}
			t += " (" + strings.Join(ns, ", ") + ")"
		}
		if e.Note != "" {
			t += ": " + e.Note
		}
		parts = append(parts, sentence(t))
	}
	return strings.Join(parts, " ")
}

func (w *writer) side(s *content.Side) {
	d := w.d
	title := s.DisplayName()
	w.h(title)
	var f [][2]string
	if len(s.Faction) > 0 {
		var ns []string
		for _, id := range s.Faction {
			ns = append(ns, w.pkg.System.FactionName(id))
		}
		f = append(f, [2]string{english.Noun(len(ns), "Faction"), strings.Join(ns, ", ")})
	}
	if s.First {
		f = append(f, [2]string{"Turn order", w.firstMove("moves first")})
	}
	if s.Budget != nil {
		f = append(f, [2]string{"Budget", s.Budget.String() + " points"})
	}
	if s.Commander != "" {
		f = append(f, [2]string{"Commander", w.unitName(s.Commander)})
	}
	if s.RoutLimit != nil {
		f = append(f, [2]string{"Rout limit", s.RoutLimit.String()})
	}
	if s.Trumps != nil {
		f = append(f, [2]string{"Trumps", fmt.Sprint(*s.Trumps)})
	}
	if s.Stacking != nil {
		f = append(f, [2]string{"Stacking", "at most " + english.Count(*s.Stacking, "unit") + " per " + w.cellWord()})
	}
	if len(s.Entry) > 0 {
		f = append(f, [2]string{"Entry", w.entries(*s)})
	}
	if dep := w.set.DescribeZone(s.Deployment); dep != "" {
		f = append(f, [2]string{"Deployment", dep})
	}
	for _, m := range s.Minimums {
		t := "at least " + strconv.Itoa(m.Count) + " " + w.unitName(m.Unit)
		if m.Note != "" {
			t += ": " + m.Note
		}
		f = append(f, [2]string{"Must take", t})
	}
	for _, it := range s.Items {
		t := it.Count.String() + " " + w.itemName(it.Item)
		if it.Note != "" {
			t += ": " + it.Note
		}
		f = append(f, [2]string{"Receives", t})
	}
	f = append(f, w.classicFields(s)...)
	d.Fields(f)
	w.forceTable(*s)
	if s.Notes != "" {
		d.Para(s.Notes, flow.NoteFont)
	}
}

func (w *writer) itemName(id string) string {
	if w.pkg.System != nil {
		for _, it := range w.pkg.System.Items {
			if it.ID == id && it.Name != "" {
				return it.Name
			}
		}
	}
	return id
}

// setupKey is what a set-up line places: a unit type, of a group when it names one.
type setupKey struct{ unit, group string }

// forceTable lists a side's units: count, unit, and where each is set up. A set-up line goes with the force
// lines of its unit type and group (a prefect with his own legion); one that names no group goes with its
// unit type's lines only when they are all of one group, else it is a row of its own that says so.
func (w *writer) forceTable(s content.Side) {
	setup := map[setupKey][]string{}
	placedBy := map[setupKey]int{} // how many units each key's set-up lines place
	var order []setupKey
	for _, p := range s.Setup {
		k := setupKey{p.Unit, p.Group}
		if _, ok := setup[k]; !ok {
			order = append(order, k)
		}
		placedBy[k] += w.placed(p)
		where := w.placement(p)
		if st := w.state(p); st != "" {
			where += " (" + st + ")"
		}
		setup[k] = append(setup[k], where)
	}
	dead := map[string]int{} // units of each type that begin in the pool of eliminated units
	for _, e := range s.Eliminated {
		dead[e.Unit] += max(e.Count, 1)
	}
	groups := map[string]map[string]bool{} // unit type -> the groups its force lines name
	for _, f := range w.forces(&s) {
		for _, e := range f.Units {
			if e.Unit != "" {
				if groups[e.Unit] == nil {
					groups[e.Unit] = map[string]bool{}
				}
				groups[e.Unit][e.Group] = true
			}
		}
	}
	tab := &flow.Table{Header: []string{"Unit", "Count", "Set up, or the force's note"}, Numeric: map[int]bool{1: true}, DropEmpty: true}
	total := 0
	for _, f := range w.forces(&s) {
		for _, e := range f.Units {
			if e.Unit == "" {
				continue
			}
			n := max(e.Count, 1)
			total += n
			name := w.unitName(e.Unit)
			if e.Name != "" {
				name = e.Name + " (" + name + ")"
			}
			var where []string
			placed := 0
			for _, k := range []setupKey{{e.Unit, e.Group}, {e.Unit, ""}} {
				if k.group == "" && e.Group != "" && len(groups[e.Unit]) > 1 {
					continue // a line that names no group: which of several groups it means is not said
				}
				if _, ok := setup[k]; ok {
					placed += placedBy[k]
				}
				where = append(where, setup[k]...)
				delete(setup, k)
			}
			gone := max(min(dead[e.Unit], n-placed), 0)
			dead[e.Unit] -= gone
			if others := n - placed - gone; placed > 0 && others > 0 {
				// The set-up places some of the line's units: say where the others are.
				// As the exports hold them: at the first entry that names no units, else in the deployment zone.
				rest := "not placed by the set-up"
				if dep := w.set.DescribeZone(s.Deployment); dep != "" {
					rest = dep
				}
				for _, en := range s.Entry {
					if len(en.Units) == 0 {
						rest = "enter as the Entry says"
						break
					}
				}
				where = append(where, fmt.Sprintf("the other %d: %s", others, rest))
			}
			text := strings.Join(where, "; ")
			if text == "" && e.Note != "" {
				text = e.Note
			}
			tab.Rows = append(tab.Rows, []string{name, fmt.Sprint(n), text})
		}
	}
	// Set-up lines no force line takes: a commander or a component, or a line whose group is not said.
	for _, k := range order {
		where, ok := setup[k]
		if !ok {
			continue
		}
		n := 0
		for _, p := range s.Setup {
			if p.Unit == k.unit && p.Group == k.group {
				n += w.placed(p)
			}
		}
		name := w.unitName(k.unit)
		switch {
		case k.group != "":
			name += " of " + k.group
		case len(groups[k.unit]) > 1:
			name += " (which group is not said)"
		}
		tab.Rows = append(tab.Rows, []string{name, fmt.Sprint(n), strings.Join(where, "; ")})
		delete(setup, k)
	}
	if len(tab.Rows) == 0 {
		return
	}
	tab.Bold = map[int]bool{len(tab.Rows): true}
	tab.Rows = append(tab.Rows, []string{"Total", fmt.Sprint(total), ""})
	w.d.Table(tab)
	// A force whose counts or names the rules do not give says so under its lines, as its source does.
	for _, f := range w.forces(&s) {
		if content.Illustrative(f.Source) {
			w.d.Para("Source of "+cmp.Or(f.Name, f.ID)+": "+f.Source+".", flow.NoteFont)
		}
	}
}

// placed is how many units a set-up line places.
func (w *writer) placed(p content.Placement) int {
	switch {
	case p.Count > 0:
		return p.Count
	case len(p.Cells) > 0:
		fp := 1
		if u := w.pkg.UnitType(p.Unit); u != nil {
			fp = u.Footprint
		}
		return len(p.UnitCells(fp))
	case len(p.Points) > 0:
		return len(p.Points)
	}
	return 1
}

// placement says where a set-up line puts its units: its cells, its points on the table (x, y from the
// table's top-left corner) or its zone, with how many units when the places do not say.
func (w *writer) placement(p content.Placement) string {
	switch {
	case len(p.Cells) > 0:
		return w.cellNames(p.Cells)
	case len(p.Points) > 0:
		var pts []string
		for _, pt := range p.Points {
			if len(pt) == 2 {
				pts = append(pts, fmt.Sprintf("(%s, %s)", pt[0], pt[1]))
			}
		}
		return "at " + strings.Join(pts, ", ") + " from the table's north-west corner"
	case p.Zone != nil:
		where := w.set.DescribeZone(p.Zone)
		if p.Count > 0 {
			where = english.Count(p.Count, "unit") + " " + where
		}
		return where
	}
	return ""
}

func (w *writer) reinforcements() {
	if len(w.sc.Reinforcements) == 0 {
		return
	}
	w.h("Reinforcements")
	tab := &flow.Table{Header: []string{"Turn", "Side", "Units", "Entry"}}
	for _, r := range w.sc.Reinforcements {
		var us []string
		for _, e := range r.Units {
			id := e.Unit
			if id == "" {
				id = e.Marker
			}
			us = append(us, fmt.Sprintf("%d %s", max(e.Count, 1), w.unitName(id)))
		}
		entry := ""
		if r.Entry.Edge != "" {
			entry = w.edgeName(r.Entry.Edge)
		}
		if len(r.Entry.Cells) > 0 {
			entry = strings.TrimSpace(entry + " " + w.cellNames(r.Entry.Cells))
		}
		if r.Entry.Note != "" {
			entry = strings.TrimSpace(entry + ": " + r.Entry.Note)
		}
		tab.Rows = append(tab.Rows, []string{fmt.Sprint(r.Turn), w.sc.SideName(r.Side), strings.Join(us, ", "), entry})
	}
	w.d.Table(tab)
}

// pools are the sides' draw pools: what each holds, how many a draw takes, into where and when, and what
// each draw finds there (a draw of the last units of a pool takes what is left).
func (w *writer) pools() {
	var rows [][]string
	for i := range w.sc.Sides {
		s := &w.sc.Sides[i]
		for j := range s.Pools {
			p := &s.Pools[j]
			var us []string
			for _, u := range p.Units {
				us = append(us, fmt.Sprintf("%d %s", max(u.Count, 1), w.unitName(u.Unit)))
			}
			var draws []string
			for _, d := range rules.Draws(s) {
				if d.Pool == p {
					draws = append(draws, fmt.Sprintf("%s (%d of %d)", strings.TrimPrefix(strings.TrimPrefix(d.Draw.DrawText(), "on "), "at "), min(d.Takes, d.Holds), d.Holds))
				}
			}
			name := cmp.Or(p.Name, p.ID)
			if p.Note != "" {
				name += ": " + p.Note
			}
			into := ""
			if p.Into != "" {
				into = w.cellNames([]string{p.Into})
			}
			rows = append(rows, []string{s.DisplayName(), name, strings.Join(us, ", "), strconv.Itoa(p.Draw), into, strings.Join(draws, ", ")})
		}
	}
	if len(rows) == 0 {
		return
	}
	w.h("Draw pools")
	w.d.Para("Units in a pool are not set up: each draw takes as many units as it says, at random and face down, from what the pool still holds.", flow.NoteFont)
	w.d.Table(&flow.Table{Header: []string{"Side", "Pool", "Holds", "Draw", "Into", "Draws (of the units left)"}, Rows: rows})
}

// pairs are the units of the scenario that change sides: a unit type one of its sides fields (or sets up)
// and its pair, the same unit in the other side's colours; one of the two is in play.
func (w *writer) pairs() {
	fielded := map[string]string{} // unit type -> the side that fields it
	for i := range w.sc.Sides {
		s := &w.sc.Sides[i]
		for _, f := range w.forces(s) {
			for _, e := range f.Units {
				if e.Unit != "" && fielded[e.Unit] == "" {
					fielded[e.Unit] = s.DisplayName()
				}
			}
		}
		for _, p := range s.Setup {
			if fielded[p.Unit] == "" {
				fielded[p.Unit] = s.DisplayName()
			}
		}
	}
	var rows [][]string
	done := map[string]bool{}
	for _, u := range w.pkg.UnitTypes() {
		other := w.pkg.PairOf(u)
		side := fielded[u.ID]
		if other == "" || side == "" || done[u.ID] {
			continue
		}
		done[u.ID], done[other] = true, true
		o := w.pkg.UnitType(other)
		if o == nil {
			continue
		}
		rows = append(rows, []string{w.unitName(u.ID), side, w.unitName(other), w.pkg.System.FactionName(o.Faction)})
	}
	if len(rows) == 0 {
		return
	}
	w.h("Units that change sides")
	w.d.Para("Each is one unit with a piece in each side's colours: one of the two is in play, and the other replaces it when the unit changes sides.", flow.NoteFont)
	w.d.Table(&flow.Table{Header: []string{"Unit", "Starts with", "Changes sides as", "Faction"}, Rows: rows})
}

// edgeName is an edge by its name on the scenario's map set (content.Edge.Name): "the east edge of board V".
func (w *writer) edgeName(id string) string {
	if w.set != nil {
		if e, ok := w.set.Edge(id); ok {
			return e.Name()
		}
	}
	return "the " + id + " edge"
}

// locationName is a location of the scenario's map set by its name.
func (w *writer) locationName(id string) string {
	if w.set != nil {
		if l, _ := w.set.Location(id); l != nil && l.Name != "" {
			return l.Name
		}
		return w.set.CellName(id)
	}
	return id
}

// cellNames lists cells by their labels (as a reader cannot misread them: MapSet.CellName), or places by their
// names.
func (w *writer) cellNames(labels []string) string {
	if w.set == nil {
		return strings.Join(labels, ", ")
	}
	names := make([]string, len(labels))
	for i, l := range labels {
		names[i] = w.set.CellName(l)
	}
	return strings.Join(names, ", ")
}

// cellWord is what the scenario's ground calls a cell: hex, square, area, place, or cell.
func (w *writer) cellWord() string {
	if w.set != nil {
		if w.set.Network() {
			return w.set.PlaceWord()
		}
		switch w.set.Type {
		case content.GridHex:
			return "hex"
		case content.GridSquare:
			return "square"
		}
	}
	return "cell"
}

// stacking prints the stacking rule in force in the scenario: the variant it chooses (rules.Engine.Stacking),
// else the System's own, and each side's limit.
func (w *writer) stacking() {
	var lines []string
	for _, s := range w.sc.Sides {
		if s.Stacking != nil {
			lines = append(lines, fmt.Sprintf("%s: at most %s per %s.", s.DisplayName(), english.Count(*s.Stacking, "unit"), w.cellWord()))
		}
	}
	if st := w.eng.Stacking(w.sc); st != nil {
		t := ""
		if st.Limit > 0 {
			t = fmt.Sprintf("At most %s per side in a %s.", english.Count(st.Limit, "unit"), w.cellWord())
		}
		for _, c := range st.PerClass {
			if c.Doc != "" {
				t += " " + c.Doc
			} else {
				var cs []string
				for _, id := range c.Classes {
					cs = append(cs, w.pkg.System.ClassName(id))
				}
				t += fmt.Sprintf(" At most %d of %s in a %s.", c.Max, english.List(cs, "or"), w.cellWord())
			}
		}
		if st.Doc != "" {
			t += " " + st.Doc
		}
		if st.Source != "" {
			t += " (" + st.Source + ")"
		}
		if t = strings.TrimSpace(t); t != "" {
			if w.sc.StackingVariant != "" {
				lines = append(lines, "This scenario's rule ("+w.sc.StackingVariant+"): "+t)
			} else {
				lines = append(lines, "Game rule: "+t)
			}
		}
	}
	if len(lines) == 0 {
		return
	}
	w.h("Stacking")
	for _, l := range lines {
		w.d.Para(l, flow.BodyFont)
	}
}

// ------------------------------------------------------------------------------------------- victory

func (w *writer) victory() {
	w.h("Victory conditions")
	w.victoryBody()
}

func (w *writer) victoryBody() {
	d := w.d
	v := w.sc.Victory
	if v == nil {
		d.Para("Not given by the scenario.", flow.BodyFont)
		return
	}
	d.Para(v.Description, flow.BodyFont)
	if len(v.Conditions) > 0 {
		if Format111(w.sc) {
			// Each entry stands on its own line: within one, alternatives are separated by semicolons (11.1),
			// so joining two sides' entries with one would make the second read as the first's alternative.
			for _, c := range v.Conditions {
				d.Para(sentence(c), flow.BoldFont)
			}
		} else {
			d.Bullets(v.Conditions, flow.BodyFont)
		}
	}
	w.decisions(v)
	if len(v.Awards) > 0 {
		tab := &flow.Table{Header: []string{"Side", "Points", "For each"}, Numeric: map[int]bool{1: true}}
		for _, a := range v.Awards {
			per := a.Per
			if a.Once {
				per += " (once)"
			}
			pts := a.Points.String()
			if a.Points.Sign() > 0 {
				pts = "+" + pts
			}
			tab.Rows = append(tab.Rows, []string{w.sc.SideName(a.Side), pts, per})
		}
		d.Table(tab)
	}
	if len(v.Levels) > 0 {
		head := "Victory levels"
		if v.Score != "" {
			if v.Measure == "ratio" {
				head += " (ratio of " + english.Possessive(w.sc.SideName(v.Score)) + " victory points to the enemy's)"
			} else {
				head += " (" + english.Possessive(w.sc.SideName(v.Score)) + " points)"
			}
		}
		d.Para(head, flow.BoldFont)
		tab := &flow.Table{Header: []string{"Level", "Score", "Winner"}}
		for _, l := range v.Levels {
			win := "-"
			if l.Winner != "" {
				win = w.sc.SideName(l.Winner)
			}
			tab.Rows = append(tab.Rows, []string{l.Name, charts.Bound(l), win})
		}
		d.Table(tab)
	}
	if v.Source != "" {
		d.Para("Source: "+v.Source, flow.NoteFont)
	}
}

func (w *writer) objectives() {
	if len(w.sc.Objectives) == 0 {
		return
	}
	w.h("Objectives")
	tab := &flow.Table{Header: []string{"Objective", "Where", "Points", "For"}, DropEmpty: true}
	for i, o := range w.sc.Objectives {
		where := w.cellNames(o.Cells)
		if where == "" && o.Location != "" {
			where = w.locationName(o.Location)
		}
		pts := ""
		if o.Points != nil {
			pts = o.Points.String()
		}
		var for_ []string
		for _, s := range o.Sides {
			for_ = append(for_, w.sc.SideName(s))
		}
		name := cmp.Or(o.Name, o.ID)
		switch {
		case o.Note != "":
			name += ": " + o.Note
		case !w.sc.Scores(&w.sc.Objectives[i]):
			name += ": no victory condition names it"
		}
		tab.Rows = append(tab.Rows, []string{name, where, pts, strings.Join(for_, ", ")})
	}
	w.d.Table(tab)
}

func (w *writer) lists() {
	if len(w.sc.TerrainMods) > 0 {
		w.list("Terrain modifications", w.sc.TerrainMods, "")
	}
	if len(w.sc.SpecialRules) > 0 {
		w.list("Special rules", w.sc.SpecialRules, "")
	}
}

func (w *writer) list(title string, items []string, none string) {
	if len(items) == 0 && none == "" {
		return
	}
	w.h(title)
	if len(items) == 0 {
		w.d.Para(none, flow.BodyFont)
		return
	}
	w.d.Bullets(items, flow.BodyFont)
}

func (w *writer) turnTrack() {
	if w.sc.Length == nil || w.sc.Length.Turns <= 0 || w.sc.Length.Turns > content.MaxTurns {
		return
	}
	if w.turnRecord() {
		return
	}
	w.h("Turn record")
	labels := make([]string, w.sc.Length.Turns)
	for i := range labels {
		labels[i] = fmt.Sprint(i + 1)
	}
	w.d.Track(labels, 0.5*surface.Inch)
}

// sentence ends a text with a full stop unless it ends with punctuation already.
func sentence(t string) string {
	t = strings.TrimSpace(t)
	if t == "" || strings.ContainsAny(t[len(t)-1:], ".!?:") {
		return t
	}
	return t + "."
}
