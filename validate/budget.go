package validate

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
)

var budgetCheck = &Check{
	Name:     "budget",
	Stage:    StageCheck,
	Doc:      "forces cost what they declare, and scenario sides stay within their budgets\n\nForce totals are computed from the System's point formulas and items; a force whose declared points differ gets a warning giving both figures, and a side spending more than its budget (forces and reinforcements) an error.",
	Requires: []Requirement{Engine},
	Applies: func(pkg *content.Package) bool {
		return pkg.System != nil && len(pkg.System.Points) > 0 && len(pkg.Forces()) > 0
	},
	Force: func(p *Pass, f *content.Force) { checkDeclaredPoints(p, Get(p, Engine), f) },
	Scenario: func(p *Pass, sc *content.Scenario) {
		for i := range sc.Sides {
			checkSideBudget(p, Get(p, Engine), sc, &sc.Sides[i])
		}
	},
}

var minimumsCheck = &Check{
	Name:     "minimums",
	Stage:    StageCheck,
	Doc:      "every scenario side fields at least the units its `minimums` require\n\nCounting its forces and reinforcements (THG 15.3.3: at least 8 baggage trains). An error, or a warning when the scenario and its forces are all published data (each has a source that is not marked illustrative), since then the published rules contradict themselves.",
	Requires: []Requirement{Engine},
	Applies: func(pkg *content.Package) bool {
		return anySide(pkg, func(s *content.Side) bool { return len(s.Minimums) > 0 })
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		for i := range sc.Sides {
			checkMinimums(p, Get(p, Engine), sc, &sc.Sides[i])
		}
	},
}

// docPos is the position of a pointer in a document, or fallback for content without a document of its own
// (a fixture's inline force).
func ptrPos(doc *content.Document, ptr string, fallback diag.Pos) diag.Pos {
	if doc == nil {
		return fallback
	}
	return doc.PosOf(ptr)
}

// breakdown says how a force's points add up: "units 110 + items 8".
func breakdown(fc *rules.ForceCalc) string {
	if len(fc.Items) == 0 {
		return fmt.Sprintf("units %s", fc.Units)
	}
	var parts []string
	for _, it := range fc.Items {
		parts = append(parts, fmt.Sprintf("%s %s x %s", it.Entry.Item, it.Entry.Count, it.Each))
	}
	return fmt.Sprintf("units %s + items %s (%s)", fc.Units, fc.Total.Sub(fc.Units), strings.Join(parts, ", "))
}

// unpriced warns about item lines whose cost depends on a unit they do not name; they count 0.
func unpriced(p *Pass, fc *rules.ForceCalc) {
	for _, it := range fc.Items {
		if it.Unpriced {
			d := p.Warnf(it.Entry.At, "unpriced", "force %s buys %s %s, priced by the stats of the unit it is for (%s), but the line names no unit: it counts 0 points",
				fc.Force.ID, it.Entry.Count, it.Entry.Item, strings.TrimSpace(it.Def.CostExpr))
			d.Hint = "say which unit it is for: unit: <unit type id>"
		}
	}
}

func checkDeclaredPoints(p *Pass, e *rules.Engine, f *content.Force) {
	if f.Points == nil || !e.HasPoints() {
		return
	}
	fc := e.Force(f)
	unpriced(p, fc)
	for _, l := range fc.Lines {
		if l.Unit == nil {
			return // an unknown unit: references reports it, and the total would mislead
		}
	}
	if fc.Total.Cmp(*f.Points) == 0 {
		return
	}
	diff := fc.Total.Sub(*f.Points)
	sign := "+"
	if diff.Cmp(value.Number{}) < 0 {
		sign = ""
	}
	d := p.Warnf(ptrPos(f.Doc, "/points", f.At), "declared", "force %s declares %s points, but its units and items cost %s (%s; difference %s%s)",
		f.ID, f.Points, fc.Total, breakdown(fc), sign, diff)
	d.Hint = "muster roster shows the cost of every line"
}

func checkSideBudget(p *Pass, e *rules.Engine, sc *content.Scenario, s *content.Side) {
	if s.Budget == nil || !e.HasPoints() {
		return
	}
	for _, f := range e.SideForces(s) {
		unpriced(p, e.Force(f))
	}
	g := e.SideGroup(sc, s)
	if g.Points.Cmp(*s.Budget) <= 0 {
		return
	}
	var parts []string
	for _, f := range e.SideForces(s) {
		parts = append(parts, fmt.Sprintf("force %s %s", f.ID, e.Force(f).Total))
	}
	if len(parts) == 0 {
		parts = append(parts, "reinforcements")
	}
	d := p.Errorf(s.Fields.Of("budget", s.At), "over", "side %s of scenario %s spends %s points (%s), over its budget of %s by %s",
		s.ID, sc.ID, g.Points, strings.Join(parts, ", "), s.Budget, g.Points.Sub(*s.Budget))
	d.Hint = "muster roster --scenario " + sc.ID + " shows where the points go"
}

func checkMinimums(p *Pass, e *rules.Engine, sc *content.Scenario, s *content.Side) {
	if len(s.Minimums) == 0 {
		return
	}
	g := e.SideGroup(sc, s)
	for _, m := range s.Minimums {
		id := m.Unit
		if id == "" {
			id = m.Marker
		}
		need := rules.EntryCount(m.Count)
		have := g.Count([]string{id}, nil)
		if have >= need {
			continue
		}
		report, extra := p.Errorf, ""
		if published(sc.Source) && len(e.SideForces(s)) > 0 {
			all := true
			for _, f := range e.SideForces(s) {
				all = all && published(f.Source)
			}
			if all {
				report, extra = p.Warnf, " (the published scenario and order of battle contradict each other)"
			}
		}
		d := report(m.At, "short", "side %s of scenario %s must field at least %d %s, but its forces and reinforcements hold %d%s",
			s.ID, sc.ID, need, id, have, extra)
		for _, f := range e.SideForces(s) {
			d.Related = append(d.Related, diag.Related{Pos: ptrPos(f.Doc, "/units", f.At), Message: "force " + f.ID})
		}
	}
}

// published reports whether a source note cites published data rather than supplied or illustrative data.
func published(source string) bool {
	s := strings.ToLower(source)
	return s != "" && !strings.Contains(s, "illustrative") && !strings.Contains(s, "supplied") && !strings.Contains(s, "invented")
}
