package validate

import (
	"fmt"
	"sort"
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
}

// RosterLine is one line of a force: a unit type, how many, and how one unit's cost is made.
type RosterLine struct {
	Unit      string      `json:"unit"`
	Name      string      `json:"name,omitempty"`
	Group     string      `json:"group,omitempty"`
	Count     int         `json:"count"`
	Each      string      `json:"each"`
	Points    string      `json:"points"`
	Breakdown []PointLine `json:"breakdown,omitempty"`
	Unknown   bool        `json:"unknown,omitempty"`
}

// RosterItem is a purchase that is not a counter.
type RosterItem struct {
	Item     string `json:"item"`
	Unit     string `json:"unit,omitempty"`
	Count    string `json:"count"`
	Each     string `json:"each"`
	Points   string `json:"points"`
	Unpriced bool   `json:"unpriced,omitempty"`
}

// MakeRoster prices the forces of a loaded package: one force (forceID), the forces and reinforcements of one
// scenario's sides (scenarioID), or every force.
func MakeRoster(pkg *content.Package, forceID, scenarioID string) (*Roster, error) {
	e := newEngine(pkg)
	ro := &Roster{Package: pkg.ID, Scenario: scenarioID}
	switch {
	case scenarioID != "":
		sc := pkg.Scenario(scenarioID)
		if sc == nil {
			return nil, fmt.Errorf("no scenario %q%s", scenarioID, suggestion(scenarioID, pkg.IDs(content.KindScenario)))
		}
		for i := range sc.Sides {
			s := &sc.Sides[i]
			for _, f := range e.sideForces(s) {
				rf := e.rosterForce(f)
				rf.Side = s.ID
				if s.Budget != nil && len(e.sideForces(s)) == 1 {
					rf.Budget = s.Budget.String()
				}
				ro.Forces = append(ro.Forces, rf)
			}
			var lines []lineCalc
			for j := range sc.Reinforcements {
				r := &sc.Reinforcements[j]
				if r.Side != s.ID {
					continue
				}
				for k := range r.Units {
					if r.Units[k].Unit != "" {
						lines = append(lines, e.line(&r.Units[k], s.ID))
					}
				}
			}
			if len(lines) > 0 {
				rf := RosterForce{ID: "reinforcements", Name: "Reinforcements of side " + s.ID, Side: s.ID}
				var total value.Number
				for _, l := range lines {
					rf.Lines = append(rf.Lines, rosterLine(l))
					rf.Count += l.count
					total = total.Add(l.points)
				}
				rf.Units, rf.Total = total.String(), total.String()
				ro.Forces = append(ro.Forces, rf)
			}
		}
	case forceID != "":
		f := pkg.Force(forceID)
		if f == nil {
			return nil, fmt.Errorf("no force %q%s", forceID, suggestion(forceID, pkg.IDs(content.KindForce)))
		}
		ro.Forces = append(ro.Forces, e.rosterForce(f))
	default:
		for _, f := range pkg.Forces() {
			ro.Forces = append(ro.Forces, e.rosterForce(f))
		}
	}
	return ro, nil
}

func suggestion(id string, ids []string) string {
	if len(ids) == 0 {
		return ""
	}
	return fmt.Sprintf(" (the package has %s)", strings.Join(ids, ", "))
}

func rosterLine(l lineCalc) RosterLine {
	rl := RosterLine{Unit: l.entry.Unit, Name: l.entry.Name, Group: l.entry.Group, Count: l.count, Points: l.points.String()}
	if l.info == nil {
		rl.Unknown = true
		rl.Each = "?"
		return rl
	}
	if rl.Name == "" {
		rl.Name = l.info.ut.Name
	}
	rl.Each = l.info.cost.String()
	rl.Breakdown = l.info.lines
	return rl
}

func (e *rulesEngine) rosterForce(f *content.Force) RosterForce {
	fc := e.force(f)
	rf := RosterForce{ID: f.ID, Name: f.Name, Units: fc.units.String(), Total: fc.total.String()}
	if f.Points != nil {
		rf.Declared = f.Points.String()
	}
	for _, l := range fc.lines {
		rf.Lines = append(rf.Lines, rosterLine(l))
		rf.Count += l.count
	}
	for _, it := range fc.items {
		rf.Items = append(rf.Items, RosterItem{Item: it.entry.Item, Unit: it.entry.Unit, Count: it.entry.Count.String(),
			Each: it.each.String(), Points: it.points.String(), Unpriced: it.unpriced})
	}
	return rf
}

// RuleInfo describes a built-in check, a declared rule or a formula, for `muster rules`.
type RuleInfo struct {
	Name     string `json:"name"`
	Kind     string `json:"kind"` // check, rule, points, derived
	Doc      string `json:"doc"`
	Source   string `json:"source,omitempty"`
	Scope    string `json:"scope,omitempty"`
	Severity string `json:"severity,omitempty"`
	Expr     string `json:"expr,omitempty"`
	At       string `json:"at,omitempty"`
}

// applies says whether one of the rule checks has anything to look at in a package.
func applies(name string, pkg *content.Package) bool {
	sys := pkg.System
	if sys == nil {
		sys = &content.System{}
	}
	hasScen := len(pkg.Scenarios()) > 0
	switch name {
	case "formulas":
		return len(sys.Points)+len(sys.Derived)+len(sys.Rules)+len(sys.Items) > 0 || sys.Stacking != nil
	case "supply":
		for _, f := range pkg.Forces() {
			if f.Mix != "" {
				return true
			}
		}
		return false
	case "stacking":
		if sys.Stacking != nil {
			return hasScen
		}
		for _, sc := range pkg.Scenarios() {
			for _, s := range sc.Sides {
				if s.Stacking != nil {
					return true
				}
			}
		}
		return false
	case "budget":
		return len(sys.Points) > 0 && len(pkg.Forces()) > 0
	case "minimums":
		for _, sc := range pkg.Scenarios() {
			for _, s := range sc.Sides {
				if len(s.Minimums) > 0 {
					return true
				}
			}
		}
		return false
	case "rules":
		return len(sys.Rules) > 0
	case "victory":
		if len(sys.Levels) > 0 {
			return true
		}
		for _, sc := range pkg.Scenarios() {
			if sc.Victory != nil && len(sc.Victory.Levels) > 0 {
				return true
			}
		}
		return false
	case "timing":
		for _, sc := range pkg.Scenarios() {
			if sc.Length != nil && sc.Length.Turns > 0 {
				return true
			}
		}
		return false
	}
	return true
}

// Rules lists every built-in check that applies to a package, then its declared rules and its formulas.
func Rules(pkg *content.Package) []RuleInfo {
	var out []RuleInfo
	for _, c := range Checks() {
		if pkg != nil && !applies(c.Name, pkg) {
			continue
		}
		out = append(out, RuleInfo{Name: c.Name, Kind: "check", Doc: c.Doc})
	}
	if pkg == nil || pkg.System == nil {
		return out
	}
	sys := pkg.System
	for _, r := range sys.Rules {
		sev := r.Severity
		if sev == "" {
			sev = "error"
		}
		ri := RuleInfo{Name: "rules." + r.ID, Kind: "rule", Doc: r.Doc, Source: r.Source, Scope: ruleScope(&r), Severity: sev, At: r.At.String()}
		if ri.Doc == "" {
			ri.Doc = describeRule(&r)
		}
		out = append(out, ri)
	}
	for _, f := range sys.Points {
		out = append(out, RuleInfo{Name: "points." + f.ID, Kind: "points", Doc: f.Doc, Source: f.Source, Expr: f.Expr, At: f.At.String(),
			Scope: classesScope(f.Applies)})
	}
	for _, f := range sys.Derived {
		out = append(out, RuleInfo{Name: "derived." + f.ID, Kind: "derived", Doc: f.Doc, Source: f.Source, Expr: f.Expr, At: f.At.String(),
			Scope: classesScope(f.Applies)})
	}
	return out
}

func classesScope(cs []string) string {
	if len(cs) == 0 {
		return "every unit"
	}
	return strings.Join(cs, ", ")
}

// describeRule writes a one-line doc for a declared rule that has none.
func describeRule(r *content.RuleDef) string {
	var parts []string
	if c := r.Count; c != nil {
		s := "count of " + describeSel(c.Units, c.Classes)
		if c.Min != nil {
			s += fmt.Sprintf(" at least %d", *c.Min)
		}
		if c.Max != nil {
			s += fmt.Sprintf(" at most %d", *c.Max)
		}
		parts = append(parts, s)
	}
	if c := r.Percent; c != nil {
		s := "points on " + strings.Join(c.Classes, ", ")
		if c.Min != nil {
			s += " at least " + c.Min.String() + "%"
		}
		if c.Max != nil {
			s += " at most " + c.Max.String() + "%"
		}
		parts = append(parts, s)
	}
	if c := r.Ratio; c != nil {
		parts = append(parts, fmt.Sprintf("%s per %d %s", describeSel(c.NeedUnits, c.Need), c.Per, strings.Join(c.Of, ", ")))
	}
	if c := r.PerPoints; c != nil {
		parts = append(parts, fmt.Sprintf("%s: one per full %s points", describeSel(c.Units, c.Classes), c.Per))
	}
	if len(r.Unique) > 0 {
		parts = append(parts, "one of each "+strings.Join(r.Unique, ", ")+" type")
	}
	if r.Check != "" {
		parts = append(parts, "must hold: "+strings.TrimSpace(r.Check))
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}
