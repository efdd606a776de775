package validate

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
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
// package's scenarios that field it, and only the diagnostics the replacement adds count. A fixture that
// stands its own System keys, tables, unit types, maps or include globs in for the package's is checked by
// every check on that variant of the package, and again only what it adds counts.
func RunFixtures(r Result) []FixtureResult {
	if r.Pkg == nil {
		return nil
	}
	var base *diag.List // every check on the package as it is, for fixtures that make a variant
	var out []FixtureResult
	for _, fx := range r.Pkg.Fixtures() {
		out = append(out, runFixture(r.Pkg, fx, &base))
	}
	return out
}

// variant is the package a fixture is checked on: the package, or its variant with the fixture's documents.
func variant(pkg *content.Package, fx *content.Fixture) (*content.Package, bool) {
	if fx.System == nil && len(fx.Tables) == 0 && len(fx.Units) == 0 && len(fx.Maps) == 0 && fx.Include == nil {
		return pkg, false
	}
	var docs []content.Doc
	// Each stand-in is a part of the fixture's document: its checks report its own lines.
	part := func(d content.Doc, ptr string) {
		if m := content.MetaOf(d); m.Doc == nil && fx.Doc != nil {
			m.Doc = fx.Doc.Sub(ptr)
			if m.Doc == nil {
				m.Doc = fx.Doc
			}
		}
		docs = append(docs, d)
	}
	for i := range fx.Tables {
		part(&fx.Tables[i], fmt.Sprintf("/tables/%d", i))
	}
	for i := range fx.Units {
		part(&fx.Units[i], fmt.Sprintf("/units/%d", i))
	}
	for i := range fx.Maps {
		part(&fx.Maps[i], fmt.Sprintf("/maps/%d", i))
	}
	return pkg.Variant(fx.System, fx.Include, docs...), true
}

// FixtureMatches reports whether a diagnostic code answers a rule a fixture lists: the code itself, a rule or
// check id it begins with (stacking matches stacking.class) or ends with after a dot (baggage matches
// rules.baggage).
func FixtureMatches(rule, code string) bool {
	return code == rule || strings.HasPrefix(code, rule+".") || strings.HasSuffix(code, "."+rule)
}

func runFixture(pkg *content.Package, fx *content.Fixture, base **diag.List) FixtureResult {
	res := FixtureResult{Fixture: fx}
	vpkg, isVariant := variant(pkg, fx)
	lookups := len(fx.Lookups) + len(fx.Values) + len(fx.PairValues) + len(fx.Moves) + len(fx.Outcomes) + len(fx.Rosters) + len(fx.Hits)
	if fx.Force == nil && fx.Scenario == nil && lookups == 0 && !isVariant {
		res.Why = "the fixture has no force, scenario, lookups or documents to test"
		return res
	}
	var ds diag.List
	// A fixture that expects fixture-refs tests its own names: they are its diagnostics, and lookups that
	// name what is not there are not run.
	if expectsRefs(fx) {
		fixtureNames(&Pass{Pkg: vpkg, Check: fixtureRefsCheck, run: newRun(vpkg), diags: &ds}, fx)
	}
	if len(ds) == 0 {
		if why := runLookups(vpkg, fx); why != "" {
			res.Why = why
			return res
		}
		if fx.Force == nil && fx.Scenario == nil && !isVariant {
			res.Pass = true
			return res
		}
	}
	x := newRun(vpkg)
	if isVariant {
		if *base == nil {
			var b diag.List
			runAll(newRun(pkg), &b)
			*base = &b
		}
		var all diag.List
		runAll(x, &all)
		for _, d := range subtract(all, **base) {
			// What the variant makes of the other fixtures' names (a mode this fixture's System drops) is
			// not this fixture's outcome; its own names are checked above and by the package.
			if !FixtureMatches(fixtureRefsCheck.Name, d.Code) {
				ds = append(ds, d)
			}
		}
	}
	fixtureRefs(&Pass{Pkg: vpkg, Check: CheckNamed("fixtures"), run: x, diags: &ds}, fx)
	if f := fixtureForce(fx); f != nil {
		x = newRun(vpkg, f)
		forceChecks(x, &ds, f)
		// The package's scenarios that field the replaced force: count what the replacement adds.
		base := newRun(vpkg)
		for _, sc := range vpkg.Scenarios() {
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
	if sc := fixtureScenario(fx); sc != nil {
		scenarioChecks(x, &ds, sc)
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
			res.Why = fmt.Sprintf("expected it to pass, but it raises %s", english.Count(errs, "error"))
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

// fixtureForce is a fixture's own force, as a Force document (its id the fixture's when it names none), or nil.
func fixtureForce(fx *content.Fixture) *content.Force {
	if fx.Force == nil {
		return nil
	}
	f := *fx.Force
	f.Kind = content.KindForce
	if f.ID == "" {
		f.ID = fx.ID
	}
	if f.Doc == nil && fx.Doc != nil {
		f.Doc = fx.Doc.Sub("/force") // its checks report its own lines
	}
	return &f
}

// fixtureScenario is a fixture's own scenario, as a Scenario document (its id the fixture's when it names
// none), or nil.
func fixtureScenario(fx *content.Fixture) *content.Scenario {
	if fx.Scenario == nil {
		return nil
	}
	sc := *fx.Scenario
	sc.Kind = content.KindScenario
	if sc.ID == "" {
		sc.ID = fx.ID
	}
	if sc.Doc == nil && fx.Doc != nil {
		sc.Doc = fx.Doc.Sub("/scenario") // its checks report its own lines
	}
	return &sc
}

// runLookups runs every lookup of a fixture (tables, values, pair values, moves, outcomes, rosters) and says how
// each one that disagrees with the fixture disagrees, one per line; "" when all agree.
func runLookups(pkg *content.Package, fx *content.Fixture) string {
	var bad []string
	if f := fixtureForce(fx); f != nil {
		pkg = pkg.Variant(nil, nil, f) // the fixture's force is one of the package's for its lookups (rosters)
	}
	e := rules.New(pkg)
	fail := func(at diag.Pos, format string, args ...any) {
		bad = append(bad, fmt.Sprintf("%s: ", at)+fmt.Sprintf(format, args...))
	}
	for _, l := range fx.Lookups {
		t, _ := pkg.Lookup(content.KindTable, l.Table).(*content.Table)
		if t == nil {
			fail(l.At, "no table %q%s", l.Table, hintText(diag.DidYouMean(l.Table, pkg.IDs(content.KindTable))))
			continue
		}
		weather, err := lookupWeather(pkg, fx, l.InWeather)
		if err != nil {
			fail(l.At, "%v", err)
			continue
		}
		col, err := e.Combat(t, rules.Attack{Attack: l.Attack, Defence: l.Defence, Terrain: l.Terrain, Attackers: l.Attackers, Defenders: l.Defenders, Weather: weather})
		if err != nil {
			fail(l.At, "%v", err)
			continue
		}
		if got := col.String(); got != l.Expect {
			o, _ := t.Odds()
			fail(l.At, "%s against %s on %s reads %s, expected %s", l.Attack, l.Defence, l.Table, col.Why(o), l.Expect)
		}
	}
	for _, v := range fx.Values {
		got, err := e.ValueAt(v.Unit, v.Stat, v.When, v.Strength)
		if err != nil {
			fail(v.At, "%v", err)
			continue
		}
		if !sameValue(got, v.Expect) {
			at := ""
			if v.Strength != nil {
				at = " at strength " + v.Strength.String()
			}
			fail(v.At, "%s's %s%s %s is %s, expected %s", v.Unit, v.Stat, at, situationText(v.When), got.String(), v.Expect)
		}
	}
	for _, h := range fx.Hits {
		left, gone, err := e.Hit(h.Unit, h.Strength, h.Hits)
		if err != nil {
			fail(h.At, "%v", err)
			continue
		}
		got := left.String()
		if gone {
			got = "eliminated"
		}
		if !sameNumberText(got, strings.TrimSpace(h.Expect)) {
			from := "at full strength"
			if h.Strength != nil {
				from = "at strength " + h.Strength.String()
			}
			fail(h.At, "%s %s taking %s is left %s, expected %s", h.Unit, from, english.Count(h.Hits, "hit"), map[bool]string{true: "eliminated", false: "at strength " + got}[gone], h.Expect)
		}
	}
	for _, pv := range fx.PairValues {
		n, err := e.PairValue(pv.Pair, pv.Leader, pv.Unit)
		got := n.String()
		if errors.Is(err, rules.ErrNotCommanded) {
			got = "not commanded"
		} else if err != nil {
			fail(pv.At, "%v", err)
			continue
		}
		if !sameNumberText(got, pv.Expect) {
			fail(pv.At, "pair %s of %s and %s is %s, expected %s", pv.Pair, pv.Leader, pv.Unit, got, pv.Expect)
		}
	}
	for _, m := range fx.Moves {
		set, err := moveSet(pkg, m.Map)
		if err != nil {
			fail(m.At, "%v", err)
			continue
		}
		weather, err := lookupWeather(pkg, fx, m.InWeather)
		if err != nil {
			fail(m.At, "%v", err)
			continue
		}
		mv := rules.Move{Set: set, Unit: m.Unit, Mode: m.Mode, Path: m.Path, Enemy: m.Enemy, Count: m.Count, Stacks: m.Stacks, Weather: weather}
		for _, b := range m.Before {
			mv.Before = append(mv.Before, rules.Prior{Path: b.Path, Count: b.Count, Stacks: b.Stacks})
		}
		n, err := e.MoveCost(mv)
		got := n.String()
		switch {
		case rules.IsProhibited(err):
			got = "prohibited"
			if m.Expect != got {
				fail(m.At, "moving %s along %s is %v, expected %s", m.Unit, strings.Join(m.Path, "-"), err, m.Expect)
				continue
			}
		case err != nil:
			fail(m.At, "%v", err)
			continue
		}
		if !sameNumberText(got, m.Expect) {
			fail(m.At, "moving %s along %s costs %s, expected %s", m.Unit, strings.Join(m.Path, "-"), got, m.Expect)
		}
	}
	own := fixtureScenario(fx)
	for _, o := range fx.Outcomes {
		sc := pkg.Scenario(o.Scenario)
		if own != nil && own.ID == o.Scenario {
			sc = own
		}
		if sc == nil {
			fail(o.At, "no scenario %q%s", o.Scenario, hintText(diag.DidYouMean(o.Scenario, pkg.IDs(content.KindScenario))))
			continue
		}
		out, err := e.Decide(sc, rules.State{Turn: o.Turn, End: o.Turn == 0, Control: o.Control, Occupied: o.Occupied, Levels: o.Levels})
		if err != nil {
			fail(o.At, "%v", err)
			continue
		}
		got, says := "none", "none"
		if out != nil {
			got, says = out.Side, out.Side
			if out.Result != out.Side+" wins" {
				says = fmt.Sprintf("%s (%s)", out.Side, out.Result)
			}
			if o.Expect == out.Result {
				got = out.Result
			}
		}
		if got != o.Expect {
			fail(o.At, "scenario %s's victory conditions give %s, expected %s", o.Scenario, says, o.Expect)
		}
	}
	for _, rl := range fx.Rosters {
		if why := rosterLookup(e, rl); why != "" {
			fail(rl.At, "%s", why)
		}
	}
	return strings.Join(bad, "\n")
}

// rosterLookup compares a force's or a scenario side's roster total with the one a fixture expects ("40", or
// "40 VP" when it also says what the roster counts); "" when they agree.
func rosterLookup(e *rules.Engine, rl content.RosterLookup) string {
	var total value.Number
	what := ""
	var ro *rules.Roster
	var err error
	switch {
	case rl.Force != "" && rl.Scenario == "":
		what = "force " + rl.Force
		if e.Package().Force(rl.Force) == nil {
			return fmt.Sprintf("no force %q%s", rl.Force, hintText(diag.DidYouMean(rl.Force, e.Package().IDs(content.KindForce))))
		}
		ro, err = e.Roster(rl.Force, "")
		if err == nil {
			for _, f := range ro.Forces {
				if f.ID == rl.Force {
					total = f.Total
				}
			}
		}
	case rl.Scenario != "" && rl.Side != "" && rl.Force == "":
		what = "side " + rl.Side + " of scenario " + rl.Scenario
		ro, err = e.Roster("", rl.Scenario)
		if err == nil {
			found := false
			for _, s := range ro.Sides {
				if s.ID == rl.Side {
					total, found = s.Total, true
				}
			}
			if !found {
				var ids []string
				for _, s := range ro.Sides {
					ids = append(ids, s.ID)
				}
				return fmt.Sprintf("scenario %s has no side %q%s", rl.Scenario, rl.Side, hintText(diag.DidYouMean(rl.Side, ids)))
			}
		}
	default:
		return "a roster lookup names a force, or a scenario and one of its sides"
	}
	if err != nil {
		return err.Error()
	}
	want, name, _ := strings.Cut(strings.TrimSpace(rl.Expect), " ")
	got := total.String()
	if !sameNumberText(got, want) || (name != "" && strings.TrimSpace(name) != ro.Name) {
		return fmt.Sprintf("the roster of %s comes to %s %s, expected %s", what, got, ro.Name, rl.Expect)
	}
	return ""
}

func hintText(h string) string {
	if h == "" {
		return ""
	}
	return " (" + h + ")"
}

func situationText(when []string) string {
	if len(when) == 0 {
		return "ordinarily"
	}
	return "when " + strings.Join(when, " and ")
}

// sameValue compares a typed stat with a value as a fixture writes it: numbers by value (1½ is 3/2), other
// stats by their text.
func sameValue(got content.TypedStat, want string) bool {
	if got.Def != nil && (got.Def.Type == content.StatValue || got.Def.Type == content.StatInt) {
		w, err := value.ParseValue(want)
		return err == nil && w.Flag == got.Value.Flag && w.Number.Cmp(got.Value.Number) == 0
	}
	return strings.TrimSpace(got.String()) == strings.TrimSpace(want)
}

// sameNumberText compares two texts as numbers when both are (6 and 6/1), else as text.
func sameNumberText(got, want string) bool {
	a, err1 := value.ParseNumber(got)
	b, err2 := value.ParseNumber(want)
	if err1 == nil && err2 == nil {
		return a.Cmp(b) == 0
	}
	return got == want
}

// moveSet is the map set a move lookup names: a map's, or a scenario's.
func moveSet(pkg *content.Package, id string) (*content.MapSet, error) {
	if m := pkg.Map(id); m != nil {
		return pkg.MapSetOf(m)
	}
	if sc := pkg.Scenario(id); sc != nil {
		set, ds := pkg.MapSet(sc)
		if set == nil {
			return nil, fmt.Errorf("scenario %s's map set: %v", id, ds)
		}
		return set, nil
	}
	return nil, fmt.Errorf("no map %q%s", id, hintText(diag.DidYouMean(id, pkg.IDs(content.KindMap))))
}

// lookupWeather is the weather a table lookup or a move is made in: its own, or that of the turn it names of
// a scenario (the fixture's own, or the package's), as the scenario's turn record gives it ("" when the turn
// has none).
func lookupWeather(pkg *content.Package, fx *content.Fixture, l content.InWeather) (string, error) {
	if l.Weather != "" || l.Turn == 0 {
		return l.Weather, nil
	}
	sc := fx.Scenario
	if l.Scenario != "" && (sc == nil || sc.ID != l.Scenario) {
		sc = pkg.Scenario(l.Scenario)
	}
	if sc == nil {
		return "", fmt.Errorf("turn %d is named, but no scenario %q to read its weather from", l.Turn, l.Scenario)
	}
	for _, b := range sc.TurnRecord() {
		if b.Turn == l.Turn {
			if b.Def != nil {
				return b.Def.Weather, nil
			}
			return "", nil
		}
	}
	return "", fmt.Errorf("scenario %s has no turn %d", sc.ID, l.Turn)
}
