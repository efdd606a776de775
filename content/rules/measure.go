package rules

import (
	"cmp"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// Measure is what a roster adds up, or what an award counts, over a group of units: how many they are, what
// they cost by the System's point formulas, or the sum of a numeric stat or derived value (PRESTAGS's Victory
// Points, Fields of Honor's stands). A System names its roster's measure in `roster.counts`; an award names
// its own in `counts`.
type Measure struct {
	ID   string // units, points, or the stat's or derived value's id
	Name string // what the sum is called: "points", "units", "VP"

	stat    *content.StatDef
	derived *content.DerivedDef
}

// IsPoints reports whether the measure is the System's points.
func (m Measure) IsPoints() bool { return m.ID == content.MeasurePoints }

// Measure resolves a measure's id: units, points, or a numeric stat or derived value the System declares;
// false for anything else (the references check reports it).
func (e *Engine) Measure(id string) (Measure, bool) {
	switch id {
	case "", content.MeasureUnits:
		return Measure{ID: content.MeasureUnits, Name: "units"}, true
	case content.MeasurePoints:
		return Measure{ID: content.MeasurePoints, Name: "points"}, true
	}
	for i := range e.sys.Derived {
		if d := &e.sys.Derived[i]; d.ID == id {
			return Measure{ID: id, Name: cmp.Or(d.Name, id), derived: d}, true
		}
	}
	if st := e.sys.Stat(id); st != nil && (st.Type == content.StatValue || st.Type == content.StatInt) {
		name := st.Abbr
		if name == "" {
			name = cmp.Or(st.Name, id)
		}
		return Measure{ID: id, Name: name, stat: st}, true
	}
	return Measure{}, false
}

// RosterMeasure is what the package's rosters count: the System's `roster` (named by its `name` when it
// gives one), else points.
func (e *Engine) RosterMeasure() Measure {
	r := e.sys.Roster
	if r == nil || r.Counts == "" {
		return Measure{ID: content.MeasurePoints, Name: "points"}
	}
	m, ok := e.Measure(r.Counts)
	if !ok {
		return Measure{ID: content.MeasurePoints, Name: "points"}
	}
	if r.Name != "" {
		m.Name = r.Name
	}
	return m
}

// Of is what one unit counts in the measure, with how it was made: its cost and the point formulas' terms,
// the stat's value, or the derived value and its formula. A unit the stat or derived value does not apply to
// counts 0 (PRESTAGS's leaders have no Victory Points).
func (m Measure) Of(u *Unit) (value.Number, []PointLine) {
	if u == nil {
		return value.Number{}, nil
	}
	switch {
	case m.ID == content.MeasureUnits:
		return value.Int(1), nil
	case m.ID == content.MeasurePoints:
		return u.Cost, u.Lines
	case m.derived != nil:
		n, ok := u.derived[m.ID]
		if !ok {
			return value.Number{}, nil
		}
		return n, []PointLine{{Rule: m.ID, Expr: m.derived.Expr, Value: n, Text: n.String()}}
	case m.stat != nil:
		ts, ok := content.Stats(u.data.Stats).Get(m.stat)
		if !ok || !ts.Value.HasNumber() {
			return value.Number{}, nil
		}
		n := ts.Value.Number
		return n, []PointLine{{Rule: m.ID, Value: n, Text: n.String()}}
	}
	return value.Number{}, nil
}

// Sum is the measure over a group's lines (value x count), those of the given unit types or classes only
// when either is given.
func (m Measure) Sum(lines []Line, units, classes []string) value.Number {
	var total value.Number
	for _, l := range lines {
		if l.Unit == nil {
			continue
		}
		if (len(units) > 0 || len(classes) > 0) && !slices.Contains(units, l.Unit.Type.ID) && !shareAny(classes, l.Unit.Type.Classes) {
			continue
		}
		each, _ := m.Of(l.Unit)
		total = total.Add(each.Mul(value.Int(int64(l.Count))))
	}
	return total
}

// String is how a sum of the measure reads: "40 VP", "45 points", "1 unit".
func (m Measure) String() string { return m.Name }
