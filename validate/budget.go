package validate

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

var budgetCheck = &Check{
	Name: "budget",
	Doc:  "force point totals computed from the System's point formulas and items match the points a force declares (a warning giving both figures), and every scenario side stays within its budget",
	Run: func(p *Pass) {
		e := engineFor(p.Pkg)
		for _, f := range p.Pkg.Forces() {
			e.checkDeclaredPoints(p, f)
		}
		for _, sc := range p.Pkg.Scenarios() {
			for i := range sc.Sides {
				e.checkSideBudget(p, sc, &sc.Sides[i])
			}
		}
		e.flush(p)
	},
}

var minimumsCheck = &Check{
	Name: "minimums",
	Doc:  "every scenario side fields at least the units its `minimums` require (THG 15.3.3: at least 8 baggage trains), counting its forces and reinforcements; an error, or a warning when the scenario and its forces are all published data (each has a source that is not marked illustrative), since then the published rules contradict themselves",
	Run: func(p *Pass) {
		e := engineFor(p.Pkg)
		for _, sc := range p.Pkg.Scenarios() {
			for i := range sc.Sides {
				e.checkMinimums(p, sc, &sc.Sides[i])
			}
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
func (fc *forceCalc) breakdown() string {
	if len(fc.items) == 0 {
		return fmt.Sprintf("units %s", fc.units)
	}
	var parts []string
	for _, it := range fc.items {
		parts = append(parts, fmt.Sprintf("%s %s x %s", it.entry.Item, it.entry.Count, it.each))
	}
	return fmt.Sprintf("units %s + items %s (%s)", fc.units, fc.total.Sub(fc.units), strings.Join(parts, ", "))
}

// unpriced warns about item lines whose cost depends on a unit they do not name; they count 0.
func (e *rulesEngine) unpriced(p *Pass, fc *forceCalc) {
	for _, it := range fc.items {
		if it.unpriced {
			d := p.Warnf(it.entry.At, "unpriced", "force %s buys %s %s, priced by the stats of the unit it is for (%s), but the line names no unit: it counts 0 points",
				fc.force.ID, it.entry.Count, it.entry.Item, strings.TrimSpace(it.def.CostExpr))
			d.Hint = "say which unit it is for: unit: <unit type id>"
		}
	}
}

func (e *rulesEngine) checkDeclaredPoints(p *Pass, f *content.Force) {
	if f.Points == nil || !e.hasPoints() {
		return
	}
	fc := e.force(f)
	e.unpriced(p, fc)
	for _, l := range fc.lines {
		if l.info == nil {
			return // an unknown unit: references reports it, and the total would mislead
		}
	}
	if fc.total.Cmp(*f.Points) == 0 {
		return
	}
	diff := fc.total.Sub(*f.Points)
	sign := "+"
	if diff.Cmp(value.Number{}) < 0 {
		sign = ""
	}
	d := p.Warnf(ptrPos(f.Doc, "/points", f.At), "declared", "force %s declares %s points, but its units and items cost %s (%s; difference %s%s)",
		f.ID, f.Points, fc.total, fc.breakdown(), sign, diff)
	d.Hint = "muster roster shows the cost of every line"
}

func (e *rulesEngine) checkSideBudget(p *Pass, sc *content.Scenario, s *content.Side) {
	if s.Budget == nil || !e.hasPoints() {
		return
	}
	for _, f := range e.sideForces(s) {
		e.unpriced(p, e.force(f))
	}
	g := e.sideGroup(sc, s)
	if g.points.Cmp(*s.Budget) <= 0 {
		return
	}
	var parts []string
	for _, f := range e.sideForces(s) {
		parts = append(parts, fmt.Sprintf("force %s %s", f.ID, e.force(f).total))
	}
	if len(parts) == 0 {
		parts = append(parts, "reinforcements")
	}
	d := p.Errorf(s.Fields.Of("budget", s.At), "over", "side %s of scenario %s spends %s points (%s), over its budget of %s by %s",
		s.ID, sc.ID, g.points, strings.Join(parts, ", "), s.Budget, g.points.Sub(*s.Budget))
	d.Hint = "muster roster --scenario " + sc.ID + " shows where the points go"
}

func (e *rulesEngine) checkMinimums(p *Pass, sc *content.Scenario, s *content.Side) {
	if len(s.Minimums) == 0 {
		return
	}
	g := e.sideGroup(sc, s)
	for _, m := range s.Minimums {
		id := m.Unit
		if id == "" {
			id = m.Marker
		}
		need := entryCount(m.Count)
		have := g.count([]string{id}, nil)
		if have >= need {
			continue
		}
		report, extra := p.Errorf, ""
		if published(sc.Source) && len(e.sideForces(s)) > 0 {
			all := true
			for _, f := range e.sideForces(s) {
				all = all && published(f.Source)
			}
			if all {
				report, extra = p.Warnf, " (the published scenario and order of battle contradict each other)"
			}
		}
		d := report(m.At, "short", "side %s of scenario %s must field at least %d %s, but its forces and reinforcements hold %d%s",
			s.ID, sc.ID, need, id, have, extra)
		for _, f := range e.sideForces(s) {
			d.Related = append(d.Related, diag.Related{Pos: ptrPos(f.Doc, "/units", f.At), Message: "force " + f.ID})
		}
	}
}

// published reports whether a source note cites published data rather than supplied or illustrative data.
func published(source string) bool {
	s := strings.ToLower(source)
	return s != "" && !strings.Contains(s, "illustrative") && !strings.Contains(s, "supplied") && !strings.Contains(s, "invented")
}
