package rules

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// Roster is every force of a package (or of one scenario) with what the System's rosters count: the points
// of its formulas, or the stat or derived value its `roster` names (Measure). Every figure below is in that
// measure.
type Roster struct {
	Package  string        `json:"package"`
	Scenario string        `json:"scenario,omitempty"`
	Counts   string        `json:"counts"` // the measure's id: points, units, or a stat or derived value
	Name     string        `json:"name"`   // what the totals are called: "points", "VP"
	Forces   []RosterForce `json:"forces"`
	// Sides are a scenario roster's totals per side: its forces, its reinforcements and what the scenario
	// grants it (THG 15.3.3's defence supplies), which a balance of points must count.
	Sides []RosterSide `json:"sides,omitempty"`
}

// RosterForce is one force, one side's reinforcements, or what a scenario grants a side, counted line by line.
type RosterForce struct {
	ID       string
	Name     string
	Side     string
	Lines    []RosterLine
	Items    []RosterItem
	Units    value.Number  // the units' measure
	Total    value.Number  // units and items
	Declared *value.Number // the points the force declares, if it does (rosters counting points only)
	Budget   *value.Number // the budget of the side that fields the force alone, in a scenario roster
	Count    int           // units
}

// RosterSide is one scenario side's total: every force it fields, its reinforcements and what the scenario
// grants it (Items, not bought from its budget).
type RosterSide struct {
	ID      string
	Name    string
	Count   int
	Items   []RosterItem // what the scenario grants the side (side.items)
	Bought  value.Number // forces and reinforcements
	Granted value.Number // the items the scenario grants
	Total   value.Number
	Budget  *value.Number
}

// MarshalJSON writes a side total as `muster roster --format json` shows it.
func (s RosterSide) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID      string       `json:"id"`
		Name    string       `json:"name,omitempty"`
		Count   int          `json:"count"`
		Items   []RosterItem `json:"granted,omitempty"`
		Bought  string       `json:"bought"`
		Granted string       `json:"grantedPoints,omitempty"`
		Total   string       `json:"total"`
		Budget  string       `json:"budget,omitempty"`
	}{s.ID, s.Name, s.Count, s.Items, s.Bought.String(), grantedText(s.Granted), s.Total.String(), numText(s.Budget)})
}

func grantedText(n value.Number) string {
	if n.Sign() == 0 {
		return ""
	}
	return n.String()
}

// RosterLine is one line of a force: a unit type, how many, and how one unit's cost is made.
type RosterLine struct {
	Unit      string
	Name      string
	Group     string
	Count     int
	Each      value.Number
	Points    value.Number
	Breakdown []PointLine
	Unknown   bool // no such unit type: Each and Points are 0
}

// RosterItem is a purchase that is not a counter.
type RosterItem struct {
	Item     string
	Unit     string
	Count    value.Number
	Each     value.Number
	Points   value.Number
	Unpriced bool
}

// Roster prices the forces of the package: one force (forceID), the forces and reinforcements of one
// scenario's sides (scenarioID), or every force.
func (e *Engine) Roster(forceID, scenarioID string) (*Roster, error) {
	pkg := e.pkg
	m := e.RosterMeasure()
	ro := &Roster{Package: pkg.ID, Scenario: scenarioID, Counts: m.ID, Name: m.Name}
	switch {
	case scenarioID != "":
		sc := pkg.Scenario(scenarioID)
		if sc == nil {
			return nil, fmt.Errorf("no scenario %q%s", scenarioID, listIDs(pkg.IDs(content.KindScenario)))
		}
		for i := range sc.Sides {
			s := &sc.Sides[i]
			side := RosterSide{ID: s.ID, Name: s.Name, Budget: s.Budget}
			add := func(rf RosterForce) {
				ro.Forces = append(ro.Forces, rf)
				side.Count += rf.Count
				side.Bought = side.Bought.Add(rf.Total)
			}
			forces := e.SideForces(s)
			rs := e.setupSteps(s) // blocks set up below full strength count at that strength
			for _, f := range forces {
				rf := e.rosterForceLines(f, e.atSetup(e.Force(f).Lines, rs), m)
				rf.Side = s.ID
				if s.Budget != nil && len(forces) == 1 {
					rf.Budget = s.Budget
				}
				add(rf)
			}
			if lines := e.SideReinforcements(sc, s); len(lines) > 0 {
				rf := RosterForce{ID: "reinforcements", Name: "Reinforcements of " + s.DisplayName(), Side: s.ID}
				for _, l := range lines {
					rl := rosterLine(l, m)
					rf.Lines = append(rf.Lines, rl)
					rf.Count += l.Count
					rf.Units = rf.Units.Add(rl.Points)
				}
				rf.Total = rf.Units
				add(rf)
			}
			if m.IsPoints() {
				e.mu.Lock()
				for j := range s.Items {
					it := e.item(&s.Items[j], fmt.Sprintf("side %s of scenario %s", s.ID, sc.ID))
					side.Items = append(side.Items, RosterItem{Item: it.Entry.Item, Unit: it.Entry.Unit, Count: it.Entry.Count,
						Each: it.Each, Points: it.Points, Unpriced: it.Unpriced})
					side.Granted = side.Granted.Add(it.Points)
				}
				e.mu.Unlock()
			}
			side.Total = side.Bought.Add(side.Granted)
			ro.Sides = append(ro.Sides, side)
		}
	case forceID != "":
		f := pkg.Force(forceID)
		if f == nil {
			return nil, fmt.Errorf("no force %q%s", forceID, listIDs(pkg.IDs(content.KindForce)))
		}
		ro.Forces = append(ro.Forces, e.rosterForce(f, m))
	default:
		for _, f := range pkg.Forces() {
			ro.Forces = append(ro.Forces, e.rosterForce(f, m))
		}
	}
	return ro, nil
}

func listIDs(ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return fmt.Sprintf(" (the package has %s)", strings.Join(ids, ", "))
}

// rosterLine is a priced line in the roster's measure: one unit's value, the line's and how one is made.
func rosterLine(l Line, m Measure) RosterLine {
	rl := RosterLine{Unit: l.Entry.Unit, Name: l.Entry.Name, Group: l.Entry.Group, Count: l.Count}
	if l.Unit == nil {
		rl.Unknown = true
		return rl
	}
	if rl.Name == "" {
		rl.Name = l.Unit.Type.Name
	}
	rl.Each, rl.Breakdown = m.Of(l.Unit)
	rl.Points = rl.Each.Mul(value.Int(int64(l.Count)))
	return rl
}

func (e *Engine) rosterForce(f *content.Force, m Measure) RosterForce {
	return e.rosterForceLines(f, e.Force(f).Lines, m)
}

// rosterForceLines is a force's roster from its lines (as a scenario's set-up splits them).
func (e *Engine) rosterForceLines(f *content.Force, lines []Line, m Measure) RosterForce {
	fc := e.Force(f)
	rf := RosterForce{ID: f.ID, Name: f.Name}
	for _, l := range lines {
		rl := rosterLine(l, m)
		rf.Lines = append(rf.Lines, rl)
		rf.Count += l.Count
		rf.Units = rf.Units.Add(rl.Points)
	}
	rf.Total = rf.Units
	if !m.IsPoints() {
		return rf // items are bought with points; a force's declared total is in points
	}
	rf.Declared = f.Points
	for _, it := range fc.Items {
		rf.Items = append(rf.Items, RosterItem{Item: it.Entry.Item, Unit: it.Entry.Unit, Count: it.Entry.Count,
			Each: it.Each, Points: it.Points, Unpriced: it.Unpriced})
		rf.Total = rf.Total.Add(it.Points)
	}
	return rf
}

// The JSON forms write numbers in wargame notation ("2½", "45"), as the content does.

func numText(n *value.Number) string {
	if n == nil {
		return ""
	}
	return n.String()
}

// MarshalJSON writes a force as `muster roster --format json` shows it.
func (f RosterForce) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		ID       string       `json:"id"`
		Name     string       `json:"name,omitempty"`
		Side     string       `json:"side,omitempty"`
		Lines    []RosterLine `json:"units"`
		Items    []RosterItem `json:"items,omitempty"`
		Units    string       `json:"unitPoints"`
		Total    string       `json:"total"`
		Declared string       `json:"declared,omitempty"`
		Budget   string       `json:"budget,omitempty"`
		Count    int          `json:"count"`
	}{f.ID, f.Name, f.Side, f.Lines, f.Items, f.Units.String(), f.Total.String(), numText(f.Declared), numText(f.Budget), f.Count})
}

// MarshalJSON writes a line as `muster roster --format json` shows it.
func (l RosterLine) MarshalJSON() ([]byte, error) {
	each := l.Each.String()
	if l.Unknown {
		each = "?"
	}
	return json.Marshal(struct {
		Unit      string      `json:"unit"`
		Name      string      `json:"name,omitempty"`
		Group     string      `json:"group,omitempty"`
		Count     int         `json:"count"`
		Each      string      `json:"each"`
		Points    string      `json:"points"`
		Breakdown []PointLine `json:"breakdown,omitempty"`
		Unknown   bool        `json:"unknown,omitempty"`
	}{l.Unit, l.Name, l.Group, l.Count, each, l.Points.String(), l.Breakdown, l.Unknown})
}

// MarshalJSON writes an item line as `muster roster --format json` shows it.
func (it RosterItem) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Item     string `json:"item"`
		Unit     string `json:"unit,omitempty"`
		Count    string `json:"count"`
		Each     string `json:"each"`
		Points   string `json:"points"`
		Unpriced bool   `json:"unpriced,omitempty"`
	}{it.Item, it.Unit, it.Count.String(), it.Each.String(), it.Points.String(), it.Unpriced})
}
