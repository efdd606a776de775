// Package analysis prints what muster analyze works out: a chart page for each combat table (a bar for the
// probability of each result in each column, dark on white so it reads in greyscale) and a report page for
// each scenario (a map per side, each cell shaded and numbered by the first turn the side can reach it, and
// the objectives, turn-1 odds, sectors and losses as tables).
package analysis

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	an "github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
	value "github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// Options are the page settings.
type Options struct {
	Paper  surface.Size
	Margin float64 // 0 means 0.5in
	Title  string  // the package's name, for the footer
}

func (o *Options) defaults() {
	if o.Margin <= 0 {
		o.Margin = 0.5 * surface.Inch
	}
	if o.Paper.W <= 0 || o.Paper.H <= 0 {
		o.Paper = surface.Size{W: 8.5 * surface.Inch, H: 11 * surface.Inch}
	}
}

// BarInk is the bars' fill: dark enough to read as a bar in greyscale, light enough for the percentage over it
// to read in black on the bar's empty part.
var (
	BarInk   = surface.RGB(0x44, 0x44, 0x44)
	BarTrack = surface.RGB(0xee, 0xee, 0xee)
)

// ------------------------------------------------------------------------------------------- tables

// Tables draws the chart pages of a package's combat tables on s.
func Tables(s surface.Surface, pkg *content.Package, r *an.TablesReport, opt Options) error {
	opt.defaults()
	typefaces := fonts.Of(pkg)
	s.SetTextTypeface(typefaces.Text)
	d := flow.New(s, opt.Paper, opt.Margin, opt.Title+": combat tables analysed")
	d.HeadingFace = typefaces.Heading
	d.Heading("Combat tables: exact odds", 18, 30)
	d.Para("Every roll of each table's dice is read on its row, column by column: each bar is the probability of a result in a column, exactly, from the table's own data (muster analyze tables).", flow.NoteFont)
	if len(r.Tables) == 0 {
		d.Para("The package has no combat table.", flow.BodyFont)
	}
	for _, a := range r.Tables {
		tableChart(d, a)
	}
	return s.Err()
}

func tableChart(d *flow.Doc, a *an.TableAnalysis) {
	t := a.Table
	d.Heading(cmp.Or(t.Name, t.ID), 13, 60)
	if !a.Analysed {
		d.Bullets(a.Notes, flow.NoteFont)
		return
	}
	d.Para(fmt.Sprintf("%s: %s rolls, each as likely. Results from the attacker's worst to his best, by %s.", a.Dice, a.Rolls.Total, a.RankedBy), flow.BodyFont)
	// The chart: a row per result (and the expected losses), a column per column of the table.
	type line struct {
		label string
		vals  []cellValue
	}
	var lines []line
	for _, res := range a.Results {
		l := line{label: res.Text}
		for _, c := range a.Columns {
			p := c.P(res.Text)
			l.vals = append(l.vals, cellValue{bar: p.Float(), text: an.Percent(p)})
		}
		lines = append(lines, l)
	}
	if len(a.Columns) > 0 && a.Columns[0].Expected != nil {
		type row struct {
			label string
			get   func(*an.Expected) (float64, string)
		}
		steps := func(n numberText, f float64) (float64, string) { return f, an.Exact(n) }
		rows := []row{
			{"Defender leaves", func(e *an.Expected) (float64, string) { return e.DefenderLeaves.Float(), an.Percent(e.DefenderLeaves) }},
			{"Attacker steps lost", func(e *an.Expected) (float64, string) { return steps(e.AttackerSteps, -1) }},
			{"Defender steps lost", func(e *an.Expected) (float64, string) { return steps(e.DefenderSteps, -1) }},
			{"Defender's share lost", func(e *an.Expected) (float64, string) { return steps(e.DefenderShare, -1) }},
			{"Attacker's share lost", func(e *an.Expected) (float64, string) { return steps(e.AttackerShare, -1) }},
		}
		for _, rw := range rows {
			l := line{label: rw.label}
			any := false
			for _, c := range a.Columns {
				f, s := rw.get(c.Expected)
				if s != "0" && s != "0.0%" {
					any = true
				}
				l.vals = append(l.vals, cellValue{bar: f, text: s})
			}
			if any || rw.label == "Defender leaves" {
				lines = append(lines, l)
			}
		}
	}
	s := d.S
	labelW := 0.0
	for _, l := range lines {
		labelW = math.Max(labelW, s.MeasureText(l.label, flow.BoldFont))
	}
	labelW = math.Min(labelW+8, d.Width()*0.3)
	colW := (d.Width() - labelW) / float64(len(a.Columns))
	rowH := 15.0
	d.Need(rowH * float64(len(lines)+1))
	y := d.Y()
	x0 := d.Left() + labelW
	s.SetFill(flow.HeaderShade)
	s.Rect(d.Left(), y, d.Width(), rowH, surface.Fill)
	s.SetFill(flow.Ink)
	s.Text(d.Left()+3, y+rowH/2, cmp.Or(t.Corner, "Result"), flow.HeaderFont, surface.Align{V: surface.Middle})
	for j, c := range a.Columns {
		s.Text(x0+colW*(float64(j)+0.5), y+rowH/2, flow.Truncate(s, c.Column, flow.HeaderFont, colW-4), flow.HeaderFont, surface.Align{H: surface.Center, V: surface.Middle})
	}
	y += rowH
	small := surface.Font{Size: math.Min(7, colW/5)}
	for _, l := range lines {
		if y+rowH > d.Y()+d.Room() {
			d.SetY(y)
			d.NewPage()
			y = d.Y()
		}
		s.SetFill(flow.Ink)
		s.Text(d.Left()+3, y+rowH/2, flow.Truncate(s, l.label, flow.BoldFont, labelW-6), flow.BoldFont, surface.Align{V: surface.Middle})
		for j, v := range l.vals {
			cx := x0 + colW*float64(j)
			if v.bar >= 0 {
				bw := colW - 6
				s.SetFill(BarTrack)
				s.Rect(cx+3, y+2, bw, 5, surface.Fill)
				if v.bar > 0 {
					s.SetFill(BarInk)
					s.Rect(cx+3, y+2, math.Max(0.6, bw*math.Min(1, v.bar)), 5, surface.Fill)
				}
			}
			s.SetFill(flow.Ink)
			s.Text(cx+colW/2, y+rowH-3.5, flow.Truncate(s, v.text, small, colW-2), small, surface.Align{H: surface.Center, V: surface.Middle})
		}
		s.SetStroke(flow.RuleColour, 0.3)
		s.SetDash()
		s.Line(d.Left(), y+rowH, d.Left()+d.Width(), y+rowH)
		y += rowH
	}
	d.SetY(y + 6)
	if len(a.Flags) > 0 {
		d.Heading("Flags", 10, 20)
		var items []string
		for _, f := range a.Flags {
			items = append(items, f.Code+": "+f.Message)
		}
		d.Bullets(items, flow.BodyFont)
	}
	if len(a.Modified) > 0 {
		d.Heading("With die-roll modifiers: the likeliest result in each column", 10, 40)
		tb := &flow.Table{Header: []string{"Modifiers"}, Font: flow.CellFont}
		for _, c := range a.Columns {
			tb.Header = append(tb.Header, c.Column)
		}
		for _, m := range a.Modified {
			row := []string{fmt.Sprintf("%s (%+d)", strings.Join(m.Modifiers, " + "), m.Roll)}
			for _, c := range m.Columns {
				row = append(row, likeliest(c))
			}
			tb.Rows = append(tb.Rows, row)
		}
		d.Table(tb)
	}
	if len(a.Notes) > 0 {
		d.Bullets(a.Notes, flow.NoteFont)
	}
}

type numberText = value.Number

type cellValue struct {
	bar  float64 // 0 to 1; below 0: no bar
	text string
}

// likeliest is a column's likeliest result and its probability ("DR 50.0%"), the better result on a tie.
func likeliest(c an.ColumnOdds) string {
	best := -1
	for i, r := range c.Results {
		if best < 0 || r.P.Cmp(c.Results[best].P) >= 0 {
			best = i
		}
	}
	if best < 0 {
		return "-"
	}
	return c.Results[best].Result + " " + an.Percent(c.Results[best].P)
}

// ------------------------------------------------------------------------------------------- scenarios

// TurnShade is the fill of a cell first reached on turn t of last: turn 1 darkest, the last lightest, in
// greys a greyscale printer keeps apart.
func TurnShade(t, last int) surface.Color {
	if t <= 0 {
		return surface.Color{}
	}
	const dark, light = 0x4a, 0xe4
	v := float64(dark)
	if last > 1 {
		v = dark + (light-dark)*float64(min(t, last)-1)/float64(last-1)
	}
	g := uint8(math.Round(v))
	return surface.RGB(g, g, g)
}

// Scenario draws a scenario's report on s.
func Scenario(s surface.Surface, pkg *content.Package, r *an.ScenarioReport, opt Options) error {
	opt.defaults()
	typefaces := fonts.Of(pkg)
	s.SetTextTypeface(typefaces.Text)
	sc := r.Scenario
	name := cmp.Or(sc.Name, sc.ID)
	d := flow.New(s, opt.Paper, opt.Margin, opt.Title+": "+name+" analysed")
	d.HeadingFace = typefaces.Heading
	d.Heading(name+": what the scenario allows", 18, 30)
	length := "no length: reachability runs until nothing more is reached (turn " + strconv.Itoa(r.Horizon) + ")"
	if r.Length > 0 {
		length = english.Count(r.Length, "turn")
	}
	d.Para("Length: "+length+". "+r.Limit, flow.BodyFont)
	md, err := maps.ForScenario(pkg, sc)
	if err != nil {
		md = nil
	}
	// The greys run from turn 1 to the last turn any side first reaches a cell, so they stay apart.
	last := LastTurn(r)
	for _, side := range r.Sides {
		d.Heading(fmt.Sprintf("%s: the first turn a unit can stand in each %s, the enemy standing", cmp.Or(side.Side.Name, side.Side.ID), cellWord(r.Set)), 11.5, 200)
		d.Para(fmt.Sprintf("%s taken into account. %s", english.Count(side.Units, "unit"), strings.Join(side.Left, "; ")), flow.NoteFont)
		if md == nil || len(side.First) == 0 && len(side.Open) == 0 {
			d.Para("Not drawn: the map cannot be drawn, or the System gives no movement allowance.", flow.NoteFont)
			continue
		}
		shade := ReachShade(r, side, last)
		h := math.Min(d.Room()-40, d.Page.H*0.42)
		if h < 120 {
			d.NewPage()
			h = math.Min(d.Room()-40, d.Page.H*0.42)
		}
		_, dh := md.Shaded(s, d.Left(), d.Y(), d.Width(), h, shade)
		d.SetY(d.Y() + dh + 6)
		turnLegend(d, last, r.Horizon)
	}
	if len(r.Objectives) > 0 {
		d.Heading("Objectives", 11.5, 40)
		tb := &flow.Table{Header: []string{"Side", "Objective", "Enemy standing", "Open map", "Read by", "Note"}, Numeric: map[int]bool{2: true, 3: true}}
		for _, o := range r.Objectives {
			first, open, by, note := "never", "never", "the end", ""
			if o.First > 0 {
				first = strconv.Itoa(o.First)
			}
			if o.Open > 0 {
				open = strconv.Itoa(o.Open)
			}
			if o.By > 0 {
				by = "turn " + strconv.Itoa(o.By)
			}
			switch {
			case o.Held:
				note = "held at the start"
			case o.Late():
				note = "cannot be reached in time"
			case o.Contested():
				note = "only by fighting through"
			}
			tb.Rows = append(tb.Rows, []string{o.Side, cmp.Or(o.Name, o.Objective), first, open, by, note})
		}
		d.Table(tb)
	}
	if r.Table != nil {
		d.Heading("Best odds on turn 1, against each enemy stack ("+cmp.Or(r.Table.Name, r.Table.ID)+")", 11.5, 40)
		if len(r.Odds) == 0 {
			d.Para("No side can attack an enemy stack on turn 1.", flow.BodyFont)
		} else {
			tb := &flow.Table{Header: []string{"Side", "Against", "Defenders", "Attack", "Defence", "Column", "Attackers"}, Numeric: map[int]bool{3: true, 4: true}}
			odds, _ := r.Table.Odds()
			for _, o := range r.Odds {
				col := o.Column.String()
				if odds != nil {
					col = o.Column.Why(odds)
				}
				tb.Rows = append(tb.Rows, []string{o.Side, r.Set.Label(o.Target), strings.Join(o.Defenders, ", "), o.Attack.String(), o.Defence.String(), col, strconv.Itoa(len(o.Attackers))})
			}
			d.Table(tb)
		}
	}
	if len(r.Sectors) > 0 {
		d.Heading("Attack strength each side can bring into each sector by the end of turn 1", 11.5, 40)
		tb := &flow.Table{Header: []string{"Sector"}, Numeric: map[int]bool{}}
		for i, s := range r.Sides {
			tb.Header = append(tb.Header, s.Side.ID)
			tb.Numeric[i+1] = true
		}
		two := len(r.Sides) >= 2
		if two {
			tb.Header = append(tb.Header, r.Sides[0].Side.ID+" to "+r.Sides[1].Side.ID)
			tb.Numeric[len(r.Sides)+1] = true
		}
		for _, sec := range r.Sectors {
			row := []string{sec.Name}
			for _, s := range r.Sides {
				row = append(row, an.Exact(sec.Strength[s.Side.ID]))
			}
			if two {
				row = append(row, cmp.Or(sec.Ratio(r.Sides[0].Side.ID, r.Sides[1].Side.ID), "-"))
			}
			tb.Rows = append(tb.Rows, row)
		}
		d.Table(tb)
	}
	if len(r.Losses) > 0 && r.Table != nil {
		d.Heading("Replacements against expected losses", 11.5, 40)
		tb := &flow.Table{Header: []string{"Side", "Replacements", "Attacking at", "Steps lost", "Steps inflicted", "Defending at", "Steps lost"}}
		for _, l := range r.Losses {
			rep := english.Count(l.Steps, "step")
			if l.Points.Sign() > 0 {
				rep = l.Points.String() + " points"
			}
			if len(l.Turns) > 0 {
				rep += " over " + english.Count(len(l.Turns), "turn")
			}
			row := []string{l.Side, rep, cmp.Or(l.Attack, "-"), "", "", cmp.Or(l.Defend, "-"), ""}
			if l.HasExpected {
				row[3], row[4], row[6] = l.AttackLoss.String(), l.Inflicts.String(), l.DefendLoss.String()
			}
			tb.Rows = append(tb.Rows, row)
		}
		d.Table(tb)
	}
	if len(r.Notes) > 0 {
		d.Heading("What was not taken into account", 10, 30)
		d.Bullets(r.Notes, flow.NoteFont)
	}
	return s.Err()
}

// ReachShade shades a side's map for a report: each cell in the grey of the first turn the side can have a
// unit there (the enemy standing; on the open map when only that was worked out), numbered with it, greys
// running to turn last; the side's objectives outlined.
func ReachShade(r *an.ScenarioReport, side *an.SideReach, last int) func(grid.Cell) maps.Shade {
	first := side.First
	if first == nil {
		first = side.Open
	}
	index := map[grid.Cell]int{}
	for i, c := range r.Cells {
		index[c] = i
	}
	objective := map[grid.Cell]bool{}
	for _, o := range r.Objectives {
		if o.Side == side.Side.ID {
			for _, c := range o.Cells {
				objective[c] = true
			}
		}
	}
	return func(c grid.Cell) maps.Shade {
		i, ok := index[c]
		if !ok || i >= len(first) {
			return maps.Shade{}
		}
		t := first[i]
		sh := maps.Shade{Fill: TurnShade(t, last), Outline: objective[c]}
		if t > 0 {
			sh.Text = strconv.Itoa(t)
		}
		return sh
	}
}

// LastTurn is the last turn any side of a report first reaches a cell (at least 1): where the greys end.
func LastTurn(r *an.ScenarioReport) int {
	last := 1
	for _, side := range r.Sides {
		for _, t := range append(side.First, side.Open...) {
			last = max(last, t)
		}
	}
	return last
}

func cellWord(set *content.MapSet) string {
	switch {
	case set.Network():
		return "place"
	case set.Type == content.GridHex:
		return "hex"
	}
	return "square"
}

// turnLegend is a row of boxes: each turn's grey with its number, and white for not reached.
func turnLegend(d *flow.Doc, last, horizon int) {
	s := d.S
	y := d.Y()
	x := d.Left()
	f := surface.Font{Size: 7}
	s.SetFill(flow.Ink)
	s.Text(x, y+5, "Turn:", f, surface.Align{V: surface.Middle})
	x += s.MeasureText("Turn:", f) + 4
	step := 1
	if last > 20 {
		step = (last + 19) / 20
	}
	for t := 1; t <= last; t += step {
		c := TurnShade(t, last)
		s.SetFill(c)
		s.SetStroke(flow.RuleColour, 0.4)
		s.SetDash()
		s.Rect(x, y, 16, 10, surface.FillStroke)
		s.SetFill(surface.ReadableOn(c))
		s.Text(x+8, y+5, strconv.Itoa(t), f, surface.Align{H: surface.Center, V: surface.Middle})
		x += 18
	}
	s.SetFill(surface.White)
	s.Rect(x+6, y, 16, 10, surface.FillStroke)
	s.SetFill(flow.Ink)
	s.Text(x+26, y+5, fmt.Sprintf("not reached by turn %d; outlined: an objective of the side's", horizon), f, surface.Align{V: surface.Middle})
	d.SetY(y + 16)
}
