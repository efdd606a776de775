package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// The fixture-refs check: a content test names rules, checks, tables, unit types and scenarios that exist,
// so a typo never makes a test vacuous.
var fixtureRefsCheck = &Check{
	Name:  "fixture-refs",
	Stage: StageCheck,
	Doc: "a content test names rules, checks and content that exist\n\n" +
		"Every rule a fixture expects is a check or code family, a code under one (stacking.mix), or a declared " +
		"rule (its id, or rules.ID); every table, unit " +
		"type, stat, situation, pair formula, map, movement mode, scenario, side and force its lookups read exists; each with " +
		"the nearest name as a hint. A fixture that expects fixture-refs itself reports them in its own run.",
	Applies: func(pkg *content.Package) bool { return len(pkg.Fixtures()) > 0 },
	Package: func(p *Pass) {
		for _, fx := range p.Pkg.Fixtures() {
			if !expectsRefs(fx) {
				fixtureNames(p, fx)
			}
		}
	},
}

// expectsRefs reports whether a fixture expects fixture-refs to fire: its own names are then its test.
func expectsRefs(fx *content.Fixture) bool {
	for _, r := range fx.Rules {
		if FixtureMatches(r, "fixture-refs") || strings.HasPrefix(r, "fixture-refs") {
			return true
		}
	}
	return false
}

// fixtureNames reports the names a fixture writes that are not there.
func fixtureNames(p *Pass, fx *content.Fixture) {
	pkg := p.Pkg
	sys := pkg.System
	if sys == nil {
		sys = &content.System{}
	}
	unknown := func(at diag.Pos, what, id string, ids []string) {
		e := p.Errorf(at, "unknown", "fixture %s names %s %q, which does not exist", fx.ID, what, id)
		e.Hint = diag.DidYouMean(id, ids)
	}
	// Rules: a check or code family, a declared rule, or a code under one.
	var ruleIDs, names []string
	for _, r := range sys.Rules {
		ruleIDs = append(ruleIDs, r.ID)
		names = append(names, r.ID, "rules."+r.ID)
	}
	for _, c := range p.run.list {
		names = append(names, c.Name)
	}
	isCheck := func(code string) bool {
		for _, c := range p.run.list {
			if code == c.Name || strings.HasPrefix(code, c.Name+".") {
				return true
			}
		}
		return false
	}
	for i, r := range fx.Rules {
		at := ptrPos(fx.Doc, fmt.Sprintf("/rules/%d", i), fx.At)
		switch {
		case strings.HasPrefix(r, "rules."):
			if !slices.Contains(ruleIDs, strings.TrimPrefix(r, "rules.")) {
				unknown(at, "rule", r, names)
			}
		case slices.Contains(ruleIDs, r), isCheck(r):
		default:
			unknown(at, "rule or check", r, names)
		}
	}
	// A fixture's own tables, unit types and maps stand in for the package's, or are added (content.Fixture).
	own := map[string]bool{}
	for _, t := range fx.Tables {
		own[content.KindTable+"/"+t.ID] = true
	}
	for _, u := range fx.Units {
		own[content.KindUnitType+"/"+u.ID] = true
	}
	for _, m := range fx.Maps {
		own[content.KindMap+"/"+m.ID] = true
	}
	var weather []string
	for _, w := range sys.Weather {
		weather = append(weather, w.ID)
	}
	inWeather := func(w content.InWeather, fields content.FieldPos, at diag.Pos) {
		if w.Weather != "" && !slices.Contains(weather, w.Weather) {
			unknown(fields.Of("weather", at), "weather", w.Weather, weather)
		}
		if w.Scenario != "" && !pkg.Has(content.KindScenario, w.Scenario) && (fx.Scenario == nil || fx.Scenario.ID != w.Scenario) {
			unknown(fields.Of("scenario", at), "scenario", w.Scenario, pkg.IDs(content.KindScenario))
		}
	}
	for _, l := range fx.Lookups {
		if !pkg.Has(content.KindTable, l.Table) && !own[content.KindTable+"/"+l.Table] {
			unknown(l.Fields.Of("table", l.At), "table", l.Table, pkg.IDs(content.KindTable))
		}
		inWeather(l.InWeather, l.Fields, l.At)
	}
	for _, m := range fx.Moves {
		inWeather(m.InWeather, m.Fields, m.At)
	}
	var situations []string
	for _, s := range sys.Situations {
		situations = append(situations, s.ID)
	}
	for _, v := range fx.Values {
		if pkg.UnitType(v.Unit) == nil {
			unknown(v.Fields.Of("unit", v.At), "unit type", v.Unit, pkg.IDs(content.KindUnitType))
		}
		if sys.Stat(v.Stat) == nil {
			unknown(v.Fields.Of("stat", v.At), "stat", v.Stat, sys.StatIDs())
		}
		for _, w := range v.When {
			if !slices.Contains(situations, w) {
				unknown(v.Fields.Of("when", v.At), "situation", w, situations)
			}
		}
	}
	for _, h := range fx.Hits {
		if pkg.UnitType(h.Unit) == nil {
			unknown(h.Fields.Of("unit", h.At), "unit type", h.Unit, pkg.IDs(content.KindUnitType))
		}
	}
	var pairs []string
	for _, x := range sys.Pairs {
		pairs = append(pairs, x.ID)
	}
	for _, pv := range fx.PairValues {
		if !slices.Contains(pairs, pv.Pair) {
			unknown(pv.Fields.Of("pair", pv.At), "pair formula", pv.Pair, pairs)
		}
		for _, u := range []string{pv.Leader, pv.Unit} {
			if pkg.UnitType(u) == nil {
				unknown(pv.At, "unit type", u, pkg.IDs(content.KindUnitType))
			}
		}
	}
	var modes []string
	for _, m := range sys.MovementModes {
		modes = append(modes, m.ID)
	}
	for _, m := range fx.Moves {
		if pkg.Map(m.Map) == nil && pkg.Scenario(m.Map) == nil && !own[content.KindMap+"/"+m.Map] {
			unknown(m.Fields.Of("map", m.At), "map", m.Map, append(pkg.IDs(content.KindMap), pkg.IDs(content.KindScenario)...))
		}
		if pkg.UnitType(m.Unit) == nil && !own[content.KindUnitType+"/"+m.Unit] {
			unknown(m.Fields.Of("unit", m.At), "unit type", m.Unit, pkg.IDs(content.KindUnitType))
		}
		if m.Mode != "" && !slices.Contains(modes, m.Mode) {
			unknown(m.Fields.Of("mode", m.At), "movement mode", m.Mode, modes)
		}
	}
	scenarios := pkg.IDs(content.KindScenario)
	if sc := fixtureScenario(fx); sc != nil {
		scenarios = append(scenarios, sc.ID)
	}
	for _, o := range fx.Outcomes {
		if !slices.Contains(scenarios, o.Scenario) {
			unknown(o.Fields.Of("scenario", o.At), "scenario", o.Scenario, scenarios)
		}
	}
	forces := pkg.IDs(content.KindForce)
	if f := fixtureForce(fx); f != nil {
		forces = append(forces, f.ID)
	}
	for _, rl := range fx.Rosters {
		if rl.Force != "" && !slices.Contains(forces, rl.Force) {
			unknown(rl.Fields.Of("force", rl.At), "force", rl.Force, forces)
		}
		if rl.Scenario == "" {
			continue
		}
		sc := pkg.Scenario(rl.Scenario)
		if sc == nil {
			unknown(rl.Fields.Of("scenario", rl.At), "scenario", rl.Scenario, pkg.IDs(content.KindScenario))
			continue
		}
		var sides []string
		for _, s := range sc.Sides {
			sides = append(sides, s.ID)
		}
		if !slices.Contains(sides, rl.Side) {
			unknown(rl.Fields.Of("side", rl.At), "side", rl.Side, sides)
		}
	}
}
