package rules

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// Roster is every force of a package (or of one scenario) with its computed points.
type Roster struct {
	Package  string        `json:"package"`
	Scenario string        `json:"scenario,omitempty"`
	Forces   []RosterForce `json:"forces"`
}

// RosterForce is one force, or one side's reinforcements, priced line by line.
type RosterForce struct {
	ID       string
	Name     string
	Side     string
	Lines    []RosterLine
	Items    []RosterItem
	Units    value.Number  // points of the units
	Total    value.Number  // units and items
	Declared *value.Number // the points the force declares, if it does
	Budget   *value.Number // the budget of the side that fields the force alone, in a scenario roster
	Count    int           // units
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
	ro := &Roster{Package: pkg.ID, Scenario: scenarioID}
	switch {
	case scenarioID != "":
		sc := pkg.Scenario(scenarioID)
		if sc == nil {
			return nil, fmt.Errorf("no scenario %q%s", scenarioID, listIDs(pkg.IDs(content.KindScenario)))
		}
		for i := range sc.Sides {
			s := &sc.Sides[i]
			forces := e.SideForces(s)
			for _, f := range forces {
				rf := e.rosterForce(f)
				rf.Side = s.ID
				if s.Budget != nil && len(forces) == 1 {
					rf.Budget = s.Budget
				}
				ro.Forces = append(ro.Forces, rf)
			}
			if lines := e.SideReinforcements(sc, s); len(lines) > 0 {
				rf := RosterForce{ID: "reinforcements", Name: "Reinforcements of side " + s.ID, Side: s.ID}
				for _, l := range lines {
					rf.Lines = append(rf.Lines, rosterLine(l))
					rf.Count += l.Count
					rf.Units = rf.Units.Add(l.Points)
				}
				rf.Total = rf.Units
				ro.Forces = append(ro.Forces, rf)
			}
		}
	case forceID != "":
		f := pkg.Force(forceID)
		if f == nil {
			return nil, fmt.Errorf("no force %q%s", forceID, listIDs(pkg.IDs(content.KindForce)))
		}
		ro.Forces = append(ro.Forces, e.rosterForce(f))
	default:
		for _, f := range pkg.Forces() {
			ro.Forces = append(ro.Forces, e.rosterForce(f))
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

func rosterLine(l Line) RosterLine {
	rl := RosterLine{Unit: l.Entry.Unit, Name: l.Entry.Name, Group: l.Entry.Group, Count: l.Count, Points: l.Points}
	if l.Unit == nil {
		rl.Unknown = true
		return rl
	}
	if rl.Name == "" {
		rl.Name = l.Unit.Type.Name
	}
	rl.Each = l.Unit.Cost
	rl.Breakdown = l.Unit.Lines
	return rl
}

func (e *Engine) rosterForce(f *content.Force) RosterForce {
	fc := e.Force(f)
	rf := RosterForce{ID: f.ID, Name: f.Name, Units: fc.Units, Total: fc.Total, Declared: f.Points}
	for _, l := range fc.Lines {
		rf.Lines = append(rf.Lines, rosterLine(l))
		rf.Count += l.Count
	}
	for _, it := range fc.Items {
		rf.Items = append(rf.Items, RosterItem{Item: it.Entry.Item, Unit: it.Entry.Unit, Count: it.Entry.Count,
			Each: it.Each, Points: it.Points, Unpriced: it.Unpriced})
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
