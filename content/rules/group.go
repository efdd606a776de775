package rules

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

// Scopes a declared rule (and a Group) can have.
const (
	ScopeForce    = "force"
	ScopeSide     = "side"
	ScopeScenario = "scenario"
	ScopeCell     = "cell"
)

// Group is what a declared rule looks at: a force, a scenario side (its forces and reinforcements), a whole
// scenario, or the units set up in one cell. A caller that changes Lines, Points or the counts in place (the
// point-buy generator growing a force) calls Changed so the formula environment is rebuilt.
type Group struct {
	Scope   string
	What    string   // "force allied-intro", "side allied of scenario introductory", "cell IIC08 in scenario s"
	At      diag.Pos // where a violation is reported
	Lines   []Line
	Markers map[string]int     // marker id -> count
	Items   map[string]float64 // item id -> count
	Points  value.Number
	Budget  *value.Number

	Side     *content.Side
	Scenario *content.Scenario
	Force    *content.Force
	Cell     string

	env formula.Env
	run formula.Runner // each group evaluates on its own runner, so groups can be evaluated concurrently
}

// Changed forgets the group's formula environment after its lines, points or counts changed.
func (g *Group) Changed() { g.env = nil }

// Count is how many units of some unit types or markers (ids) or classes the group holds.
func (g *Group) Count(ids, classes []string) int {
	n := 0
	for _, l := range g.Lines {
		if l.Unit != nil && (slices.Contains(ids, l.Unit.Type.ID) || shareAny(classes, l.Unit.Type.Classes)) {
			n += l.Count
		}
	}
	for _, id := range ids {
		n += g.Markers[id]
	}
	return n
}

// ClassPoints is what the group spends on units of some classes.
func (g *Group) ClassPoints(classes []string) value.Number {
	var pts value.Number
	for _, l := range g.Lines {
		if l.Unit != nil && shareAny(classes, l.Unit.Type.Classes) {
			pts = pts.Add(l.Points)
		}
	}
	return pts
}

// ForceGroup is a force on its own; its budget is that of the scenario sides that field it alone, if any.
func (e *Engine) ForceGroup(f *content.Force) *Group {
	fc := e.Force(f)
	g := &Group{Scope: ScopeForce, What: "force " + f.ID, At: f.At, Lines: fc.Lines, Markers: markerCounts(fc.Markers),
		Items: itemCounts(f.Items), Points: fc.Total, Force: f}
	if f.Doc != nil {
		g.At = f.Doc.PosOf("/units")
	}
	for _, s := range e.pkg.Scenarios() {
		for i := range s.Sides {
			sd := &s.Sides[i]
			if sd.Budget != nil && sd.Force == f.ID && len(sd.Forces) == 0 {
				g.Budget = sd.Budget
			}
		}
	}
	return g
}

// SideGroup is everything a scenario side fields: its forces and its reinforcements. Blocks its set-up puts
// below full strength count at the strength they set up at.
func (e *Engine) SideGroup(sc *content.Scenario, s *content.Side) *Group {
	g := &Group{Scope: ScopeSide, What: fmt.Sprintf("side %s of scenario %s", s.ID, sc.ID), At: s.At, Side: s, Scenario: sc,
		Budget: s.Budget, Markers: map[string]int{}}
	var items [][]content.ItemEntry
	rs := e.setupSteps(s)
	for _, f := range e.SideForces(s) {
		fc := e.Force(f)
		total := fc.Total
		if len(rs) > 0 {
			total = total.Sub(fc.Units) // the items; the units at the strength they set up at below
		}
		for _, l := range e.atSetup(fc.Lines, rs) {
			l.Side = s.ID
			g.Lines = append(g.Lines, l)
			if len(rs) > 0 {
				total = total.Add(l.Points)
			}
		}
		for k, n := range markerCounts(fc.Markers) {
			g.Markers[k] += n
		}
		g.Points = g.Points.Add(total)
		items = append(items, f.Items)
	}
	for i := range sc.Reinforcements {
		r := &sc.Reinforcements[i]
		if r.Side != s.ID {
			continue
		}
		for j := range r.Units {
			en := &r.Units[j]
			if en.Unit == "" {
				g.Markers[en.Marker] += EntryCount(en.Count)
				continue
			}
			l := e.Line(en, s.ID)
			g.Lines = append(g.Lines, l)
			g.Points = g.Points.Add(l.Points)
		}
	}
	items = append(items, s.Items)
	g.Items = itemCounts(items...)
	return g
}

// ScenarioGroup is every side of a scenario together.
func (e *Engine) ScenarioGroup(sc *content.Scenario) *Group {
	g := &Group{Scope: ScopeScenario, What: "scenario " + sc.ID, At: sc.At, Scenario: sc, Markers: map[string]int{}, Items: map[string]float64{}}
	for i := range sc.Sides {
		sg := e.SideGroup(sc, &sc.Sides[i])
		g.Lines = append(g.Lines, sg.Lines...)
		g.Points = g.Points.Add(sg.Points)
		for k, n := range sg.Markers {
			g.Markers[k] += n
		}
		for k, n := range sg.Items {
			g.Items[k] += n
		}
	}
	return g
}

func markerCounts(ms []*content.ForceEntry) map[string]int {
	out := map[string]int{}
	for _, m := range ms {
		out[m.Marker] += EntryCount(m.Count)
	}
	return out
}

func itemCounts(xs ...[]content.ItemEntry) map[string]float64 {
	out := map[string]float64{}
	for _, l := range xs {
		for _, it := range l {
			out[it.Item] += it.Count.Float()
		}
	}
	return out
}

// Env is the Group environment formulas see for the group (built once until Changed).
func (e *Engine) Env(g *Group) formula.Env {
	if g.env == nil {
		g.env = e.groupEnv(g)
	}
	return g.env
}

func (e *Engine) groupEnv(g *Group) formula.Env {
	gd := &formula.GroupData{Counts: map[string]int{}, Points: g.Points.Float(), Items: g.Items, Cell: g.Cell}
	if gd.Items == nil {
		gd.Items = map[string]float64{}
	}
	for _, l := range g.Lines {
		if l.Unit == nil || l.Count == 0 {
			continue
		}
		gd.Counts[l.Unit.Type.ID] += l.Count
		for _, c := range l.Unit.Type.Classes {
			gd.Counts[c] += l.Count
		}
		if !e.unitsInEnv {
			continue
		}
		u := make(formula.Env, len(l.Unit.groupEnv)+6)
		for k, v := range l.Unit.groupEnv {
			u[k] = v
		}
		u["count"] = l.Count
		u["points"] = l.Points.Float()
		u["unitPoints"] = l.Unit.Cost.Float()
		u["side"] = l.Side
		if l.Entry != nil {
			u["group"] = l.Entry.Group
			if l.Entry.Name != "" {
				u["name"] = l.Entry.Name
			}
		}
		gd.Units = append(gd.Units, u)
	}
	for k, n := range g.Markers {
		gd.Counts[k] += n
	}
	if g.Budget != nil {
		gd.Budget, gd.HasBudget = g.Budget.Float(), true
	}
	if s := g.Side; s != nil {
		m := map[string]any{"id": s.ID, "name": s.Name}
		num := func(k string, n *value.Number) {
			if n != nil {
				m[k] = n.Float()
			}
		}
		num("budget", s.Budget)
		num("vp", s.VP)
		num("panicLevel", s.PanicLevel)
		num("panicPercent", s.PanicPercent)
		num("routLimit", s.RoutLimit)
		if s.Stacking != nil {
			m["stacking"] = float64(*s.Stacking)
		}
		if s.Trumps != nil {
			m["trumps"] = float64(*s.Trumps)
		}
		list := func(xs []string) []any {
			out := make([]any, len(xs))
			for i, x := range xs {
				out[i] = x
			}
			return out
		}
		m["factions"] = list(s.Faction)
		m["forces"] = list(s.ForceIDs())
		m["exempt"] = list(s.Exempt)
		gd.Side = m
	}
	if sc := g.Scenario; sc != nil {
		sides, boards := []any{}, []any{}
		for _, s := range sc.Sides {
			sides = append(sides, s.ID)
		}
		for _, b := range sc.Map.Boards {
			boards = append(boards, b.Board)
		}
		turns := 0.0
		if sc.Length != nil {
			turns = float64(sc.Length.Turns)
		}
		gd.Scenario = map[string]any{"id": sc.ID, "turns": turns, "sides": sides}
		gd.MapSet = map[string]any{"map": sc.Map.Map, "boards": boards}
	}
	if f := g.Force; f != nil {
		m := map[string]any{"id": f.ID, "faction": f.Faction}
		if f.Points != nil {
			m["declared"] = f.Points.Float()
		}
		gd.Force = m
	}
	return e.decl.GroupValues(gd)
}
