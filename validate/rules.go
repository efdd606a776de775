package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
)

var formulasCheck = &Check{
	Name:     "formulas",
	Stage:    StageCheck,
	Doc:      "every formula compiles, names only what the System declares, and runs on every unit type\n\nPoint costs, derived values, item costs, stacking exceptions, declared rules and their message placeholders. A name the formula's scope does not have gets a did-you-mean; run time errors (division by zero, a limit reached) name the unit or group they ran on.",
	Requires: []Requirement{Engine},
	Applies: func(pkg *content.Package) bool {
		sys := pkg.System
		return sys != nil && (len(sys.Points)+len(sys.Derived)+len(sys.Rules)+len(sys.Items) > 0 || sys.Stacking != nil)
	},
	Package: func(p *Pass) {
		e := Get(p, Engine)
		for _, d := range e.CompileDiags() {
			p.Report(d)
		}
		for _, u := range p.Pkg.UnitTypes() {
			e.Unit(u.ID) // pricing every unit type surfaces run time errors
		}
	},
}

var rulesCheck = &Check{
	Name:     "rules",
	Stage:    StageCheck,
	Doc:      "the System's declared rules hold for every force, side, scenario or cell they scope\n\nSystem.rules: counts, percentages of points, ratios (a baggage train per 4 combat units), one per N points, unique types and check expressions, each reported under its own code (rules.<id>) with the rule's message.",
	Requires: []Requirement{Engine},
	Applies:  func(pkg *content.Package) bool { return pkg.System != nil && len(pkg.System.Rules) > 0 },
	Force: func(p *Pass, f *content.Force) {
		e := Get(p, Engine)
		runRules(p, e, e.ForceGroup(f))
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		e := Get(p, Engine)
		for i := range sc.Sides {
			runRules(p, e, e.SideGroup(sc, &sc.Sides[i]))
		}
		if len(e.RulesOf(rules.ScopeScenario)) > 0 {
			runRules(p, e, e.ScenarioGroup(sc))
		}
		if len(e.RulesOf(rules.ScopeCell)) > 0 {
			for _, c := range e.Cells(sc) {
				runRules(p, e, c.Group(sc))
			}
		}
	},
}

// runRules evaluates every declared rule of the group's scope and reports each violation under the rule's
// code, at the group, with the rule's declaration as a related place.
func runRules(p *Pass, e *rules.Engine, g *rules.Group) {
	for _, r := range e.RulesOf(g.Scope) {
		vs, _ := e.Evaluate(r, g) // run time errors are reported by the run, once each
		for _, v := range vs {
			if v.Kind == rules.CheckError {
				continue
			}
			d := diag.Diagnostic{Severity: diag.Error, Code: r.Code(), Pos: g.At, Message: fmt.Sprintf("%s: %s", g.What, e.Message(v, g))}
			switch r.Def.Severity {
			case "warning":
				d.Severity = diag.Warning
			case "info":
				d.Severity = diag.Info
			}
			src := r.Def.Source
			if src != "" {
				src = " (" + src + ")"
			}
			doc := r.Def.Doc
			if doc == "" {
				doc = "declared rule"
			}
			d.Related = append(d.Related, diag.Related{Pos: r.Def.At, Message: fmt.Sprintf("rule %s%s: %s", r.Def.ID, src, doc)})
			p.Report(d)
		}
	}
}
