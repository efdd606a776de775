package scenario

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/flow"
)

// What a classic game's scenario sheet says besides the force table: the state a unit sets up in, the side's
// supply, control, exemptions, leader budgets, dead pile, replacements and units that become available, and
// victory decided by control.

// state says how a set-up line's units stand: "on its back: reduced", "with an Out of Supply marker" (the
// force table puts it in parentheses after the place).
func (w *writer) state(p content.Placement) string {
	var parts []string
	if p.Flipped {
		t := "on its back"
		if u := w.pkg.UnitType(p.Unit); u != nil && u.Back != nil {
			if l := cmp.Or(u.Back.Label, u.Back.Kind); l != "" {
				t += ": " + l
			}
		}
		parts = append(parts, t)
	}
	if p.Strength != nil {
		parts = append(parts, "at strength "+p.Strength.String())
	}
	if len(p.Markers) > 0 {
		var ms []string
		for _, m := range p.Markers {
			ms = append(ms, w.unitName(m))
		}
		parts = append(parts, "with "+english.List(ms, "and")+" "+english.Noun(len(ms), "marker"))
	}
	return strings.Join(parts, ", ")
}

// placeName is a location's, an objective's or a cell's name, as victory conditions and control name them.
func (w *writer) placeName(id string) string {
	for _, o := range w.sc.Objectives {
		if o.ID == id {
			return cmp.Or(o.Name, o.ID)
		}
	}
	return w.locationName(id)
}

// classicFields are a side's supply, control at the start, exemptions, leader budgets, dead pile and units
// that become available, as name and value lines.
func (w *writer) classicFields(s *content.Side) [][2]string {
	var f [][2]string
	if sp := s.Supply; sp != nil {
		var src []string
		for _, e := range sp.Edges {
			src = append(src, w.edgeName(e))
		}
		for _, l := range sp.Locations {
			src = append(src, w.locationName(l))
		}
		t := english.List(src, "and")
		if sp.Text != "" {
			t = strings.TrimSpace(t + ". " + sp.Text)
		}
		f = append(f, [2]string{"Supply", t})
	}
	if w.set != nil {
		var held []string
		for _, c := range w.sc.ControlAtStart(w.set) {
			if c.Side == s.ID {
				held = append(held, w.placeName(c.Place))
			}
		}
		if len(held) > 0 {
			f = append(f, [2]string{"Controls", english.List(held, "and")})
		}
	}
	for _, id := range s.Exempt {
		f = append(f, [2]string{"Exempt", w.exemption(id)})
	}
	for _, b := range s.Budgets {
		of := b.Of
		if of == "" {
			of = "Trumps"
		}
		t := fmt.Sprintf("%s: %d %s", w.unitName(b.Leader), b.Count, of)
		if b.Per != "" {
			t += " per " + b.Per
		}
		if b.Note != "" {
			t += " (" + b.Note + ")"
		}
		f = append(f, [2]string{"Leader budget", t})
	}
	if len(s.Eliminated) > 0 {
		f = append(f, [2]string{"Eliminated", w.entryList(s.Eliminated) + " begin in the pool of eliminated units"})
	}
	for _, a := range s.Available {
		t := fmt.Sprintf("from turn %d: %s", a.Turn, w.entryList(a.Units))
		if a.Note != "" {
			t += " (" + a.Note + ")"
		}
		f = append(f, [2]string{"Available", t})
	}
	return f
}

// exemption says an exemption a side enjoys: its name and what it lifts.
func (w *writer) exemption(id string) string {
	if sys := w.pkg.System; sys != nil {
		for _, e := range sys.Exemptions {
			if e.ID == id {
				t := cmp.Or(e.Name, e.ID)
				if e.Text != "" {
					t += ": " + e.Text
				}
				return t
			}
		}
	}
	return id
}

// entryList says force entries: "1 Northern infantry corps (lost in the summer), 2 Guards rifle corps".
func (w *writer) entryList(es []content.ForceEntry) string {
	var parts []string
	for _, e := range es {
		id := e.Unit
		if id == "" {
			id = e.Marker
		}
		t := fmt.Sprintf("%d %s", max(e.Count, 1), w.unitName(id))
		if e.Note != "" {
			t += " (" + e.Note + ")"
		}
		parts = append(parts, t)
	}
	return strings.Join(parts, ", ")
}

// replacements prints the sides' replacement schedules: on which turns, how much, what it rebuilds and where
// it enters.
func (w *writer) replacements() {
	last := w.sc.Last()
	tab := &flow.Table{Header: []string{"Side", "Turns", "Each turn", "Rebuilds", "Enter"}, DropEmpty: true}
	for _, s := range w.sc.Sides {
		for i := range s.Replacements {
			r := &s.Replacements[i]
			var turns []string
			for _, t := range r.TurnsOf(last) {
				turns = append(turns, fmt.Sprint(t))
			}
			var amount []string
			if r.Points != nil {
				noun := "points"
				if r.Points.Cmp(value.Int(1)) == 0 {
					noun = "point"
				}
				amount = append(amount, r.Points.String()+" "+noun)
			}
			if r.Steps > 0 {
				amount = append(amount, english.Count(r.Steps, "step"))
			}
			var what []string
			for _, u := range r.Units {
				what = append(what, w.unitName(u))
			}
			for _, c := range r.Classes {
				what = append(what, w.pkg.System.ClassName(c)+" units")
			}
			rebuilds := english.List(what, "or")
			if rebuilds == "" {
				rebuilds = "any of the side's units"
			}
			if r.Note != "" {
				rebuilds += "; " + r.Note
			}
			tab.Rows = append(tab.Rows, []string{s.DisplayName(), strings.Join(turns, ", "), strings.Join(amount, " and "), rebuilds, w.replacementEntry(r.Enter)})
		}
	}
	if len(tab.Rows) == 0 {
		return
	}
	w.h("Replacements")
	w.d.Table(tab)
}

// replacementEntry says where replacements enter.
func (w *writer) replacementEntry(e *content.ReplacementEntry) string {
	if e == nil {
		return "as the rules say"
	}
	var parts []string
	if e.Edge != "" {
		parts = append(parts, w.edgeName(e.Edge))
	}
	if len(e.Cells) > 0 {
		parts = append(parts, w.cellNames(e.Cells))
	}
	for _, l := range e.Locations {
		parts = append(parts, w.locationName(l))
	}
	if e.Controlled != "" {
		parts = append(parts, "a "+e.Controlled+" the side controls")
	}
	if e.All && e.Supply && len(parts) > 0 {
		return english.List(parts, "or") + ", in supply"
	}
	if e.Supply {
		parts = append(parts, "any hex in supply")
	}
	return english.List(parts, "or")
}

// decisions prints a scenario's structured victory decisions in words, each with when it is read.
func (w *writer) decisions(v *content.Victory) {
	if len(v.Decide) == 0 {
		return
	}
	tab := &flow.Table{Header: []string{"Result", "When", "If"}}
	for i := range v.Decide {
		dc := &v.Decide[i]
		result := dc.Result
		if result == "" {
			result = w.sc.SideName(dc.Side) + " wins"
		}
		cond := dc.Condition.Describe(w.sc.SideName(dc.Side), w.sc.SideName, w.placeName)
		if cond == "" {
			cond = dc.Text
		}
		tab.Rows = append(tab.Rows, []string{result, dc.WhenText(), cond})
	}
	w.d.Table(tab)
	// What control means, where the System says it (PRESTAGS 11.3), beside the conditions that read it.
	if sys := w.pkg.System; sys != nil && sys.Control != nil && sys.Control.Text != "" {
		c := sys.Control
		t := "Control: " + c.Text
		if c.Source != "" {
			t += " (" + c.Source + ")"
		}
		w.d.Para(t, flow.NoteFont)
	}
}

// turnRecord prints the scenario's turn record: boxes that say what each turn brings when it has anything to
// say, else bare numbered boxes.
func (w *writer) turnRecord() bool {
	if !charts.RichRecord(w.pkg, w.sc) {
		return false
	}
	w.h("Turn record")
	charts.TurnRecord(w.d, w.pkg, w.sc)
	return true
}
