package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// FixtureResult is the outcome of one content test (a Fixture document).
type FixtureResult struct {
	Fixture *content.Fixture
	Pass    bool
	// Diags are the diagnostics the fixture's force or scenario raises (not those the package raises anyway).
	Diags diag.List
	// Missing are the listed rules that did not fire.
	Missing []string
	// Why says why the fixture failed, in one line.
	Why string
}

// RunFixtures runs a loaded package's Fixture documents. A fixture's force (or scenario) is checked by every
// check that looks at forces (or scenarios): a force whose id is one of the package's replaces it, also in the
// package's scenarios that field it, and only the diagnostics the replacement adds count.
func RunFixtures(r Result) []FixtureResult {
	if r.Pkg == nil {
		return nil
	}
	var out []FixtureResult
	for _, fx := range r.Pkg.Fixtures() {
		out = append(out, runFixture(r.Pkg, fx))
	}
	return out
}

// FixtureMatches reports whether a diagnostic code answers a rule a fixture lists: the code itself, a rule or
// check id it begins with (stacking matches stacking.class) or ends with after a dot (baggage matches
// rules.baggage).
func FixtureMatches(rule, code string) bool {
	return code == rule || strings.HasPrefix(code, rule+".") || strings.HasSuffix(code, "."+rule)
}

func runFixture(pkg *content.Package, fx *content.Fixture) FixtureResult {
	res := FixtureResult{Fixture: fx}
	if fx.Force == nil && fx.Scenario == nil && len(fx.Lookups) == 0 {
		res.Why = "the fixture has no force, scenario or lookups to test"
		return res
	}
	if why := runLookups(pkg, fx.Lookups); why != "" {
		res.Why = why
		return res
	}
	if fx.Force == nil && fx.Scenario == nil {
		res.Pass = true
		return res
	}
	var ds diag.List
	x := newRun(pkg)
	fixtureRefs(&Pass{Pkg: pkg, Check: CheckNamed("fixtures"), run: x, diags: &ds}, fx)
	if fx.Force != nil {
		f := *fx.Force
		f.Kind = content.KindForce
		if f.ID == "" {
			f.ID = fx.ID
		}
		x = newRun(pkg, &f)
		forceChecks(x, &ds, &f)
		// The package's scenarios that field the replaced force: count what the replacement adds.
		base := newRun(pkg)
		for _, sc := range pkg.Scenarios() {
			uses := false
			for _, s := range sc.Sides {
				uses = uses || s.Force == f.ID || slices.Contains(s.Forces, f.ID)
			}
			if !uses {
				continue
			}
			var before, after diag.List
			scenarioChecks(base, &before, sc)
			scenarioChecks(x, &after, sc)
			ds.Extend(subtract(after, before))
		}
	}
	if fx.Scenario != nil {
		sc := *fx.Scenario
		sc.Kind = content.KindScenario
		if sc.ID == "" {
			sc.ID = fx.ID
		}
		scenarioChecks(x, &ds, &sc)
	}
	x.finish(&ds)
	ds.Sort()
	res.Diags = ds
	fired := map[string]bool{}
	for _, rule := range fx.Rules {
		for _, d := range ds {
			if FixtureMatches(rule, d.Code) {
				fired[rule] = true
			}
		}
		if !fired[rule] {
			res.Missing = append(res.Missing, rule)
		}
	}
	errs := ds.Count(diag.Error)
	switch fx.Expect {
	case "fail":
		switch {
		case errs == 0 && len(fx.Rules) == 0:
			res.Why = "expected it to fail, but it raises no error"
		case len(res.Missing) > 0:
			res.Why = fmt.Sprintf("expected %s to fire, but %s did not", strings.Join(fx.Rules, ", "), strings.Join(res.Missing, ", "))
		default:
			res.Pass = true
		}
	default:
		switch {
		case errs > 0:
			res.Why = fmt.Sprintf("expected it to pass, but it raises %s", plural(errs, "error"))
		case len(res.Missing) > 0:
			res.Why = fmt.Sprintf("expected %s to fire, but %s did not", strings.Join(fx.Rules, ", "), strings.Join(res.Missing, ", "))
		default:
			res.Pass = true
		}
	}
	return res
}

// subtract returns the diagnostics of after that before does not have (by code and message).
func subtract(after, before diag.List) diag.List {
	seen := map[string]int{}
	for _, d := range before {
		seen[d.Code+"\x00"+d.Message]++
	}
	var out diag.List
	for _, d := range after {
		k := d.Code + "\x00" + d.Message
		if seen[k] > 0 {
			seen[k]--
			continue
		}
		out = append(out, d)
	}
	return out
}

// fixtureRefs checks the references of a fixture's inline content (the references check sees only documents).
func fixtureRefs(p *Pass, fx *content.Fixture) {
	unit := func(at diag.Pos, id string) {
		if id != "" && p.Pkg.UnitType(id) == nil {
			e := p.Errorf(at, "unknown", "unknown unit type %q", id)
			e.Hint = diag.DidYouMean(id, p.Pkg.IDs(content.KindUnitType))
		}
	}
	marker := func(at diag.Pos, id string) {
		if id != "" && p.Pkg.Marker(id) == nil {
			e := p.Errorf(at, "unknown", "unknown marker %q", id)
			e.Hint = diag.DidYouMean(id, p.Pkg.IDs(content.KindMarker))
		}
	}
	entries := func(es []content.ForceEntry) {
		for _, en := range es {
			unit(en.Fields.Of("unit", en.At), en.Unit)
			marker(en.Fields.Of("marker", en.At), en.Marker)
		}
	}
	if f := fx.Force; f != nil {
		entries(f.Units)
		entries(f.Markers)
	}
	if sc := fx.Scenario; sc != nil {
		for _, s := range sc.Sides {
			for _, id := range s.ForceIDs() {
				if p.Pkg.Force(id) == nil && (fx.Force == nil || (fx.Force.ID != id && !(fx.Force.ID == "" && fx.ID == id))) {
					e := p.Errorf(s.Fields.Of("force", s.At), "unknown", "unknown force %q", id)
					e.Hint = diag.DidYouMean(id, p.Pkg.IDs(content.KindForce))
				}
			}
			for _, pl := range s.Setup {
				unit(pl.Fields.Of("unit", pl.At), pl.Unit)
			}
			entries(s.Minimums)
		}
		for _, r := range sc.Reinforcements {
			entries(r.Units)
		}
	}
}

// runLookups reads each lookup's table and compares the column with the expected one; "" when all agree.
func runLookups(pkg *content.Package, ls []content.Lookup) string {
	for _, l := range ls {
		t, _ := pkg.Lookup(content.KindTable, l.Table).(*content.Table)
		if t == nil {
			return fmt.Sprintf("%s: no table %q", l.At, l.Table)
		}
		o, err := t.Odds()
		if err != nil {
			return fmt.Sprintf("%s: %v", l.At, err)
		}
		got := "refused"
		if i, err := o.Column(l.Attack, l.Defence); err == nil {
			got = o.Labels[i]
		}
		if got != l.Expect {
			return fmt.Sprintf("%s: %s against %s on %s reads %s, expected %s", l.At, l.Attack, l.Defence, l.Table, got, l.Expect)
		}
	}
	return ""
}
