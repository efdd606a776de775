// The turn record: what each turn of a scenario brings, gathered from its turns, reinforcements, timed
// entries, replacements and units that become available, so the turn record chart prints it in each box and
// digital play can show it on its turn tracker.

package content

import (
	"fmt"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/value"
)

// TurnBox is one turn of a scenario's turn record.
type TurnBox struct {
	Turn           int
	Def            *TurnDef // the scenario's turns entry, nil when it has none
	Reinforcements []*Reinforcement
	Entries        []SideEntry // timed entries of the sides
	Replacements   []SideReplacement
	Available      []SideAvailability
}

// SideEntry is a side's timed entry.
type SideEntry struct {
	Side  string
	Entry *Entry
}

// SideReplacement is a side's replacement allowance on one turn.
type SideReplacement struct {
	Side        string
	Replacement *Replacement
}

// SideAvailability is units of a side that become available on a turn.
type SideAvailability struct {
	Side      string
	Available *Availability
}

// Last is the scenario's last turn: its length, else the highest turn its turn record names (0 when neither).
func (sc *Scenario) Last() int {
	if sc.Length != nil && sc.Length.Turns > 0 {
		return sc.Length.Turns
	}
	last := 0
	for _, t := range sc.Turns {
		last = max(last, t.Turn)
	}
	return last
}

// TurnsOf are the turns a replacement comes on, in order, within 1..last: its turn, its turns, and the run
// from..to (to defaulting to last) every `every` turns. Turns past last are left out here; validation reports
// them.
func (r *Replacement) TurnsOf(last int) []int {
	set := map[int]bool{}
	if r.Turn > 0 {
		set[r.Turn] = true
	}
	for _, t := range r.Turns {
		set[t] = true
	}
	if r.From > 0 {
		to := r.To
		if to == 0 {
			to = last
		}
		step := max(r.Every, 1)
		for t := r.From; t <= min(to, last); t += step {
			set[t] = true
		}
	}
	var out []int
	for t := range set {
		if t >= 1 && t <= last {
			out = append(out, t)
		}
	}
	sort.Ints(out)
	return out
}

// Named are the turns a replacement names itself (turn, turns, from and to), whatever the scenario's length.
func (r *Replacement) Named() []int {
	out := append([]int(nil), r.Turns...)
	for _, t := range []int{r.Turn, r.From, r.To} {
		if t > 0 {
			out = append(out, t)
		}
	}
	return out
}

// TurnRecord lays a scenario's turns out box by box, from 1 to its last turn (at most MaxTurns).
func (sc *Scenario) TurnRecord() []TurnBox {
	last := min(sc.Last(), MaxTurns)
	if last <= 0 {
		return nil
	}
	boxes := make([]TurnBox, last)
	for i := range boxes {
		boxes[i].Turn = i + 1
	}
	at := func(t int) *TurnBox {
		if t < 1 || t > last {
			return nil
		}
		return &boxes[t-1]
	}
	for i := range sc.Turns {
		if b := at(sc.Turns[i].Turn); b != nil && b.Def == nil {
			b.Def = &sc.Turns[i]
		}
	}
	for i := range sc.Reinforcements {
		r := &sc.Reinforcements[i]
		t := r.Turn
		if t == 0 {
			t = r.Entry.Turn
		}
		if b := at(t); b != nil {
			b.Reinforcements = append(b.Reinforcements, r)
		}
	}
	for i := range sc.Sides {
		s := &sc.Sides[i]
		for j := range s.Entry {
			if b := at(s.Entry[j].Turn); b != nil && s.Entry[j].Turn > 1 {
				b.Entries = append(b.Entries, SideEntry{Side: s.ID, Entry: &s.Entry[j]})
			}
		}
		for j := range s.Replacements {
			r := &s.Replacements[j]
			for _, t := range r.TurnsOf(last) {
				b := at(t)
				b.Replacements = append(b.Replacements, SideReplacement{Side: s.ID, Replacement: r})
			}
		}
		for j := range s.Available {
			if b := at(s.Available[j].Turn); b != nil {
				b.Available = append(b.Available, SideAvailability{Side: s.ID, Available: &s.Available[j]})
			}
		}
	}
	return boxes
}

// BoxLines are what a turn record box says besides its turn, date and weather, one line each: the turn's
// events and effects, then for each side its reinforcements and entries ("+ Southern: 1 Tank"), replacements
// ("Repl. Northern: 1 step") and units that become available ("Avail. Southern: 1 Gds"). Unit types are named
// by their abbreviation (else their name). The printed turn record and digital play's turn tracker say the same.
func (b TurnBox) BoxLines(pkg *Package, sc *Scenario) []string {
	var out []string
	if b.Def != nil {
		out = append(out, b.Def.Events...)
		out = append(out, b.Def.Effects...)
	}
	side := func(id string) string {
		for i := range sc.Sides {
			if sc.Sides[i].ID == id {
				return sc.Sides[i].BoxName()
			}
		}
		return id
	}
	unit := func(id string) string {
		if u := pkg.UnitType(id); u != nil {
			if u.Abbr != "" {
				return u.Abbr
			}
			if u.Name != "" {
				return u.Name
			}
		}
		if m := pkg.Marker(id); m != nil && m.Name != "" {
			return m.Name
		}
		return id
	}
	entries := func(es []ForceEntry) string {
		var parts []string
		for _, e := range es {
			id := e.Unit
			if id == "" {
				id = e.Marker
			}
			n, u := max(e.Count, 1), unit(id)
			if r, _ := utf8.DecodeRuneInString(u); unicode.IsDigit(r) {
				parts = append(parts, fmt.Sprintf("%d × %s", n, u)) // "1 × 1G", not "1 1G"
			} else {
				parts = append(parts, fmt.Sprintf("%d %s", n, u))
			}
		}
		return strings.Join(parts, ", ")
	}
	for _, r := range b.Reinforcements {
		out = append(out, fmt.Sprintf("+ %s: %s", side(r.Side), entries(r.Units)))
	}
	for _, e := range b.Entries {
		what := "enter"
		if len(e.Entry.Units) > 0 {
			var us []string
			for _, u := range e.Entry.Units {
				us = append(us, unit(u))
			}
			what = strings.Join(us, ", ")
		}
		out = append(out, fmt.Sprintf("+ %s: %s", side(e.Side), what))
	}
	for _, r := range b.Replacements {
		var parts []string
		if p := r.Replacement.Points; p != nil {
			parts = append(parts, p.String()+" "+map[bool]string{true: "pt", false: "pts"}[p.Cmp(value.Int(1)) == 0])
		}
		if n := r.Replacement.Steps; n > 0 {
			parts = append(parts, english.Count(n, "step"))
		}
		out = append(out, fmt.Sprintf("Repl. %s: %s", side(r.Side), strings.Join(parts, ", ")))
	}
	for _, a := range b.Available {
		out = append(out, fmt.Sprintf("Avail. %s: %s", side(a.Side), entries(a.Available.Units)))
	}
	return out
}
