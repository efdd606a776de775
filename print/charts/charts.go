// Package charts prints a package's tables (combat results, terrain effects, morale, fire and melee tables) as
// text tables with their sources, marking what the content calls illustrative, and the record tracks of each
// scenario: a turn record with as many boxes as the scenario has turns, and a victory point record.
package charts

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/surface"
)

// Dagger marks a row whose source says it is illustrative.
const Dagger = "†"

// Options are the page settings.
type Options struct {
	Paper  surface.Size
	Margin float64 // 0 means 0.5in
	Title  string  // the package's name, for the footer
}

// Empty reports whether there is nothing to chart: no tables, no cards and no scenario with a length or victory
// levels.
func Empty(pkg *content.Package) bool {
	if len(pkg.Tables()) > 0 || len(pkg.Cards()) > 0 {
		return false
	}
	if sys := pkg.System; sys != nil && (sys.Sequence != nil || hasMovementRules(sys)) {
		return false
	}
	e := rules.New(pkg)
	for _, sc := range pkg.Scenarios() {
		if sc.Length != nil && sc.Length.Turns > 0 || len(VPTracks(e, sc)) > 0 {
			return false
		}
	}
	return true
}

// Render draws the charts of pkg on s: every table in the package's order, then each scenario's tracks, then
// what each deck holds.
func Render(s surface.Surface, pkg *content.Package, opt Options) error {
	if opt.Margin <= 0 {
		opt.Margin = 0.5 * surface.Inch
	}
	for _, sc := range pkg.Scenarios() {
		if err := TooManyTurns(sc); err != nil {
			return err
		}
	}
	typefaces := fonts.Of(pkg)
	s.SetTextTypeface(typefaces.Text)
	d := flow.New(s, opt.Paper, opt.Margin, opt.Title+": charts and tables")
	d.HeadingFace = typefaces.Heading
	portrait := opt.Paper
	landscape := surface.Size{W: opt.Paper.H, H: opt.Paper.W}
	if landscape.W < landscape.H {
		portrait, landscape = landscape, portrait
	}
	if sys := pkg.System; sys != nil && sys.Sequence != nil && len(sys.Sequence.Phases) > 0 {
		d.SetPageSize(portrait)
		sequenceOfPlay(d, pkg)
	}
	tec := false
	for _, t := range pkg.Tables() {
		tab := tableOf(t)
		// A table too wide for a portrait page gets a landscape one.
		if !tab.Fits(s, portrait.W-2*opt.Margin) && tab.Fits(s, landscape.W-2*opt.Margin) {
			d.SetPageSize(landscape)
		} else if d.Page != portrait {
			d.SetPageSize(portrait)
		}
		drawTable(d, t, tab)
		// The System's zones of control and movement modes belong on the terrain effects chart.
		if t.Type == "tec" && !tec && hasMovementRules(pkg.System) {
			tec = true
			zocAndModes(d, pkg.System)
		}
	}
	d.SetPageSize(portrait)
	if !tec && hasMovementRules(pkg.System) {
		terrainEffects(d, pkg.System)
	}
	e := rules.New(pkg)
	for _, sc := range pkg.Scenarios() {
		tracks(d, e, pkg, sc)
	}
	decks(d, pkg)
	if d.Pages() == 0 {
		d.NewPage()
		d.Para("This package has no tables or scenario tracks.", flow.BodyFont)
	}
	return s.Err()
}

// TooManyTurns refuses a scenario of more than content.MaxTurns turns: its turn record would have a box for
// each. The error is a *diag.Failure at the scenario's turns.
func TooManyTurns(sc *content.Scenario) error {
	if sc.Length == nil || sc.Length.Turns <= content.MaxTurns {
		return nil
	}
	return diag.Fail(sc.Length.Fields.Of("turns", sc.Length.At), "sheets.turns",
		fmt.Sprintf("scenario %s lasts %d turns: muster prints turn records of at most %d turns", sc.ID, sc.Length.Turns, content.MaxTurns),
		"check the number of turns")
}

func title(t *content.Table) string {
	switch {
	case t.Title != "":
		return t.Title
	case t.Name != "":
		return t.Name
	}
	return t.ID
}

// tableOf turns a Table into rows of text, daggers on illustrative rows.
func tableOf(t *content.Table) *flow.Table {
	tab := &flow.Table{Header: append([]string{t.Corner}, t.Columns...)}
	tableIllus := content.Illustrative(t.Source)
	for _, r := range t.Rows {
		label := r.Label
		if content.Illustrative(r.Source) && !tableIllus {
			label += " " + Dagger
		}
		tab.Rows = append(tab.Rows, append([]string{label}, r.Cells...))
	}
	return tab
}

func drawTable(d *flow.Doc, t *content.Table, tab *flow.Table) {
	head := title(t)
	if t.Dice != "" {
		head += " (" + t.Dice + ")"
	}
	d.Heading(head, 13, 60)
	if content.Illustrative(t.Source) {
		d.ParaAt(0, "ILLUSTRATIVE: not the published chart (see the source below).", surface.Font{Style: surface.Bold, Size: 8}, surface.RGB(0xa0, 0x10, 0x10))
	}
	d.Para(t.Caption, flow.BodyFont)
	d.Table(tab)
	combatNotes(d, t)
	tableIllus := content.Illustrative(t.Source)
	var rowIllus bool
	var rowSources []string
	for _, r := range t.Rows {
		if content.Illustrative(r.Source) && !tableIllus {
			rowIllus = true
		}
		if r.Source != "" && r.Source != t.Source && !(content.Illustrative(r.Source) && strings.TrimSpace(strings.ToLower(r.Source)) == "illustrative, not the published chart") {
			rowSources = append(rowSources, r.Label+": "+r.Source)
		}
	}
	if rowIllus {
		d.Para(Dagger+" illustrative, not the published chart (as the row's source says).", flow.NoteFont)
	}
	for _, n := range t.Notes {
		d.Para("Note: "+n, flow.SmallFont)
	}
	if t.Source != "" {
		d.Para("Source: "+t.Source, flow.NoteFont)
	}
	if len(rowSources) > 0 {
		d.Para("Row sources: "+strings.Join(rowSources, "; ")+".", flow.NoteFont)
	}
	d.Gap(10)
}

// tracks draws a scenario's turn record and victory point record.
func tracks(d *flow.Doc, e *rules.Engine, pkg *content.Package, sc *content.Scenario) {
	name := sc.Name
	if name == "" {
		name = sc.ID
	}
	if sc.Length != nil && sc.Length.Turns > 0 && sc.Length.Turns <= content.MaxTurns && RichRecord(pkg, sc) {
		d.Heading("Turn Record: "+name, 13, 60)
		d.Para(english.Count(sc.Length.Turns, "turn")+". Move the turn marker one box at the end of each turn; each box says what the turn brings.", flow.BodyFont)
		TurnRecord(d, pkg, sc)
	} else if sc.Length != nil && sc.Length.Turns > 0 && sc.Length.Turns <= content.MaxTurns {
		d.Heading("Turn Record: "+name, 13, 60)
		d.Para(english.Count(sc.Length.Turns, "turn")+". Move the turn marker one box at the end of each turn.", flow.BodyFont)
		labels := make([]string, sc.Length.Turns)
		for i := range labels {
			labels[i] = fmt.Sprint(i + 1)
		}
		d.Track(labels, 0.6*surface.Inch)
		d.Gap(6)
	}
	for _, tr := range VPTracks(e, sc) {
		d.Heading(tr.Title, 13, 60)
		d.Para(tr.Note, flow.BodyFont)
		if len(tr.Labels) > 0 {
			d.Track(tr.Labels, 0.5*surface.Inch)
		}
		if len(tr.Levels) > 0 {
			tab := &flow.Table{Header: []string{"Victory level", "Score"}}
			for _, l := range tr.Levels {
				tab.Rows = append(tab.Rows, []string{l[0], l[1]})
			}
			d.Table(tab)
		}
		d.Gap(6)
	}
}

// VPTrack is a victory point record: boxes for every score from the lowest to the highest the scenario can
// reach, or, where that is not known or would take more than maxRecord boxes, a note and no boxes.
type VPTrack struct {
	Title  string
	Note   string
	Labels []string
	Levels [][2]string // level name, printed bound
	// Low and High are the record's first and last box (Labels is empty when there are none).
	Low, High int
}

// VPTracks returns the victory point records of a scenario: for points, one track for each side that scores
// (the scored side alone when the levels read one side's points), running from the lowest to the highest
// total its awards and forces allow (rules.Engine.ScoreRanges); for a ratio of victory points (PRESTAGS 11.2),
// one per side of destroyed enemy VP. None where the scenario scores nothing.
func VPTracks(e *rules.Engine, sc *content.Scenario) []VPTrack {
	v := sc.Victory
	if v == nil {
		return nil
	}
	name := sc.Name
	if name == "" {
		name = sc.ID
	}
	var levels [][2]string
	for _, l := range v.Levels {
		levels = append(levels, [2]string{l.Name, Bound(l)})
	}
	if v.Measure == "ratio" {
		var out []VPTrack
		for i, s := range sc.Sides {
			// A side scores the VP of the enemy units it destroys: its record runs to the enemy's total.
			var enemy *content.Side
			for j := range sc.Sides {
				if j != i {
					enemy = &sc.Sides[j]
					break
				}
			}
			if enemy == nil || enemy.VP == nil {
				continue
			}
			hi := enemy.VP.Ceil()
			if hi < 0 || hi > maxRecord {
				continue // no record of a thousand boxes: the players keep the score on paper
			}
			out = append(out, VPTrack{
				Title:  fmt.Sprintf("Victory Point Record: %s, %s", name, s.DisplayName()),
				Note:   fmt.Sprintf("Victory points of %s units destroyed (%s VP in all).", enemy.DisplayName(), enemy.VP),
				Labels: numbers(0, int(hi)),
				High:   int(hi),
			})
		}
		if len(out) > 0 {
			out[len(out)-1].Levels = levels
		}
		return out
	}
	scores := e.ScoreRanges(sc)
	var out []VPTrack
	for _, r := range scores {
		who := sc.SideName(r.Side)
		whose := english.Possessive(who)
		tr := VPTrack{Title: "Victory Point Record: " + name}
		if len(scores) > 1 || v.Score == "" {
			tr.Title += ", " + who
		}
		lo, hi := r.Low.Floor(), r.High.Ceil()
		switch {
		case !r.Known():
			tr.Note = fmt.Sprintf("Keep %s points on paper: %s %s no bound to what it can score.", whose,
				english.Count(len(r.Unbounded), "award"), english.Noun(len(r.Unbounded), "gives", "give"))
		case hi-lo+1 > maxRecord:
			tr.Note = fmt.Sprintf("%s points run from %d to %d, too many for a record of boxes: keep them on paper.", whose, lo, hi)
		default:
			tr.Note = fmt.Sprintf("Keep %s points here: from %d to %d, the most its awards can take away and give.", whose, lo, hi)
			tr.Labels = numbers(int(lo), int(hi))
			tr.Low, tr.High = int(lo), int(hi)
		}
		out = append(out, tr)
	}
	if len(out) > 0 {
		out[len(out)-1].Levels = levels
	}
	return out
}

func numbers(lo, hi int) []string {
	var out []string
	for i := lo; i <= hi; i++ {
		out = append(out, fmt.Sprint(i))
	}
	return out
}

// maxRecord is the most boxes a victory point record has: beyond it the sheet prints no record.
const maxRecord = 250

// Bound is a victory level's bound as printed: its text, else one made from min, max, lessThan and moreThan.
func Bound(l content.VictoryBand) string {
	if l.Text != "" {
		return l.Text
	}
	var parts []string
	if l.MoreThan != nil {
		parts = append(parts, "more than "+l.MoreThan.String())
	}
	if l.Min != nil && l.Max != nil {
		if l.Min.Cmp(*l.Max) == 0 {
			return "exactly " + l.Min.String()
		}
		return l.Min.String() + " to " + l.Max.String()
	}
	if l.Min != nil {
		parts = append(parts, l.Min.String()+" or more")
	}
	if l.Max != nil {
		parts = append(parts, l.Max.String()+" or less")
	}
	if l.LessThan != nil {
		parts = append(parts, "less than "+l.LessThan.String())
	}
	if len(parts) == 0 {
		return "-"
	}
	return strings.Join(parts, ", ")
}
