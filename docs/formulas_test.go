package docs_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/validate"
)

// A formula example: a formula of a scope, what it is read on in an example package, and (filled in by the
// test) what the rules engine makes of it there.
type formulaExample struct {
	kind formula.Kind
	pkg  string // the example package folder under examples/
	expr string
	on   string // what it is read on, in words
	// For the unit scope, a unit type; for the group scope, a scenario and side (or a force); for the pair scope,
	// a leader and a unit; for the combat scope, a table and an attack; for the victory scope, a scenario, side
	// and state.
	unit, scenario, side, force, leader, table string
	attack                                     rules.Attack
	state                                      rules.State
}

var formulaExamples = []formulaExample{
	{kind: formula.Unit, pkg: "prestags", expr: "ceil(melee / 2) + fire", unit: "red-lb", on: "PRESTAGS's longbowmen (LB, melee 2, fire 4): their Victory Points"},
	{kind: formula.Unit, pkg: "prestags", expr: "ceil(melee / 2) + fire", unit: "red-hc", on: "PRESTAGS's heavy cavalry (melee [4]: brackets do not change the number)"},
	{kind: formula.Unit, pkg: "prestags", expr: `flags.melee == "bracket" ? 1 : 0`, unit: "red-hc", on: "the same heavy cavalry: its melee is bracketed"},
	{kind: formula.Unit, pkg: "prestags", expr: `has("mounted") ? movement : movement / 2`, unit: "red-ps", on: "PRESTAGS's spearmen (not mounted): half their movement allowance"},
	{kind: formula.Unit, pkg: "rampant", expr: "initiative + ceil(ql / 2)", unit: "legion-prefect", on: "Rampant's legion prefect (initiative 3; a leader has no QL, so it counts 0)"},
	{kind: formula.Unit, pkg: "ancients", expr: "cost * stands", unit: "heavy-infantry", on: "De Gre's heavy infantry (cost 4 a stand, 3 stands)"},
	{kind: formula.Group, pkg: "prestags", expr: "side.vp == totals.vp", scenario: "example-bridge", side: "a", on: "the example scenario's A Force (VP 40; its units' VP add up to 40)"},
	{kind: formula.Group, pkg: "prestags", expr: `count("red-hc") == 2 && count("FF") == 5`, scenario: "example-bridge", side: "a", on: "the same side: 2 heavy cavalry, 5 foot fire units (4 longbowmen, a skirmisher)"},
	{kind: formula.Group, pkg: "prestags", expr: `"mt-ex" in side.exempt`, scenario: "example-bridge", side: "b", on: "the example scenario's B Force (Leadership: Mt.Ex.)"},
	{kind: formula.Group, pkg: "prestags", expr: `"mt-ex" in side.exempt`, scenario: "example-bridge", side: "a", on: "the A Force"},
	{kind: formula.Group, pkg: "highest-ground", expr: `count("baggage") * 4 >= count("combat")`, force: "intro-roman", on: "The Highest Ground's Roman order of battle (8 baggage trains, 29 combat units)"},
	{kind: formula.Group, pkg: "highest-ground", expr: `all(units, .faction == "roman")`, force: "intro-roman", on: "the same force"},
	{kind: formula.Pair, pkg: "rampant", expr: "leader.initiative + ceil(unit.ql / 2)", leader: "legion-prefect", unit: "spqr-cohort", on: "a legion prefect (initiative 3) and a QL 6 cohort: Rampant's 3 + 6/2"},
	{kind: formula.Pair, pkg: "testdata/river-line", expr: "leader.support + (unit.attack >= 6 ? 1 : 0)", leader: "north-hq", unit: "north-armour", on: "River Line's HQ (support 2) and an armoured corps (attack 6)"},
	{kind: formula.Combat, pkg: "testdata/river-line", expr: "all(attackers, 'river' in .across)", table: "crt", on: "two corps both attacking across the river",
		attack: rules.Attack{Attack: value.Int(12), Defence: value.Int(4), Attackers: []content.Combatant{{Unit: "south-infantry", Across: []string{"river"}}, {Unit: "south-armour", Across: []string{"river"}}}}},
	{kind: formula.Combat, pkg: "testdata/river-line", expr: "all(attackers, 'river' in .across)", table: "crt", on: "two corps, one of them across the river",
		attack: rules.Attack{Attack: value.Int(12), Defence: value.Int(4), Attackers: []content.Combatant{{Unit: "south-infantry", Across: []string{"river"}}, {Unit: "south-armour"}}}},
	{kind: formula.Combat, pkg: "testdata/river-line", expr: "all(defenders, .flipped)", table: "crt", on: "an attack that names no defender: all of nothing holds",
		attack: rules.Attack{Attack: value.Int(8), Defence: value.Int(4)}},
	{kind: formula.Combat, pkg: "testdata/river-line", expr: "len(defenders) > 0 && all(defenders, .flipped)", table: "crt", on: "the same attack: ask for a defender first",
		attack: rules.Attack{Attack: value.Int(8), Defence: value.Int(4)}},
	{kind: formula.Combat, pkg: "testdata/river-line", expr: `terrain == "forest" && attack >= 3 * defence`, table: "crt", on: "16 against 4 in forest",
		attack: rules.Attack{Attack: value.Int(16), Defence: value.Int(4), Terrain: "forest"}},
	{kind: formula.Victory, pkg: "testdata/river-line", expr: "controls('moscow') == side || controlled(side) >= 2", scenario: "autumn-offensive", side: "south", on: "the Southern Front controls Vado and Meer at the end (the map has no Moscow: no one controls it)",
		state: rules.State{End: true, Control: map[string]string{"vado": "south", "meer": "south"}}},
	{kind: formula.Victory, pkg: "testdata/river-line", expr: "controls('hollin') == side", scenario: "autumn-offensive", side: "south", on: "the Northern Army holds Hollin",
		state: rules.State{End: true, Control: map[string]string{"hollin": "north"}}},
	{kind: formula.Victory, pkg: "testdata/river-line", expr: "!end && turn >= 5 && occupies('vado') == side", scenario: "autumn-offensive", side: "south", on: "turn 6, Southern units in Vado (read at any moment: a sudden-death condition, when: any)",
		state: rules.State{Turn: 6, Occupied: map[string]string{"vado": "south"}}},
}

// evaluate reads an example with the rules engine on its example package (or a variant of it carrying the
// formula where the content would write it) and says what it gives.
func evaluate(t *testing.T, x formulaExample) string {
	t.Helper()
	r := validate.Load("../examples/" + x.pkg)
	if r.Diags.HasErrors() {
		t.Fatalf("examples/%s: %v", x.pkg, r.Diags)
	}
	pkg := r.Pkg
	sys := pkg.System
	compiled := func(e *rules.Engine) {
		t.Helper()
		if ds := e.CompileDiags(); ds.HasErrors() {
			t.Fatalf("%s does not compile in the %s scope: %v", x.expr, x.kind, ds)
		}
	}
	holds := func(ok bool) string {
		if ok {
			return "holds"
		}
		return "does not hold"
	}
	switch x.kind {
	case formula.Unit:
		v := &content.System{Derived: append(append([]content.DerivedDef(nil), sys.Derived...), content.DerivedDef{ID: "docExample", Expr: x.expr})}
		e := rules.New(pkg.Variant(v, nil))
		compiled(e)
		u := e.Unit(x.unit)
		if u == nil {
			t.Fatalf("no unit %s", x.unit)
		}
		n, ok := u.Derived("docExample")
		if !ok {
			t.Fatalf("%s on %s: no value", x.expr, x.unit)
		}
		return formula.FromFloat(n).String()
	case formula.Group:
		scope := "side"
		if x.force != "" {
			scope = "force"
		}
		v := &content.System{Rules: append(append([]content.RuleDef(nil), sys.Rules...), content.RuleDef{ID: "docExample", Scope: scope, Check: x.expr})}
		e := rules.New(pkg.Variant(v, nil))
		compiled(e)
		var g *rules.Group
		if x.force != "" {
			g = e.ForceGroup(pkg.Force(x.force))
		} else {
			sc := pkg.Scenario(x.scenario)
			for i := range sc.Sides {
				if sc.Sides[i].ID == x.side {
					g = e.SideGroup(sc, &sc.Sides[i])
				}
			}
		}
		for _, rule := range e.RulesOf(scope) {
			if rule.Def.ID == "docExample" {
				vs, err := e.Evaluate(rule, g)
				if err != nil {
					t.Fatalf("%s: %v", x.expr, err)
				}
				return holds(len(vs) == 0)
			}
		}
		t.Fatalf("%s: the rule is not there", x.expr)
	case formula.Pair:
		v := &content.System{Pairs: []content.PairDef{{ID: "docExample", Expr: x.expr}}}
		e := rules.New(pkg.Variant(v, nil))
		compiled(e)
		n, err := e.PairValue("docExample", x.leader, x.unit)
		if err != nil {
			t.Fatalf("%s: %v", x.expr, err)
		}
		return n.String()
	case formula.Combat:
		tb, _ := pkg.Lookup(content.KindTable, x.table).(*content.Table)
		t2 := *tb
		c := content.Combat{}
		if tb.Combat != nil {
			c = *tb.Combat
		}
		c.Shifts = []content.ColumnShift{{ID: "docExample", Columns: 1, When: x.expr}}
		t2.Combat = &c
		vpkg := pkg.Variant(nil, nil, &t2)
		e := rules.New(vpkg)
		compiled(e)
		col, err := e.Combat(&t2, x.attack)
		if err != nil {
			t.Fatalf("%s: %v", x.expr, err)
		}
		return holds(len(col.Shifts) == 1)
	case formula.Victory:
		sc := *pkg.Scenario(x.scenario)
		vic := *sc.Victory
		when := content.DecideEnd
		if !x.state.End {
			when = content.DecideAny // read before the end: sudden death
		}
		vic.Decide = []content.Decision{{Side: x.side, When: when, Condition: content.Condition{Expr: x.expr}}}
		sc.Victory = &vic
		e := rules.New(pkg)
		if ds := e.ConditionDiags(&sc); ds.HasErrors() {
			t.Fatalf("%s does not compile: %v", x.expr, ds)
		}
		out, err := e.Decide(&sc, x.state)
		if err != nil {
			t.Fatalf("%s: %v", x.expr, err)
		}
		return holds(out != nil)
	}
	t.Fatalf("no scope %v", x.kind)
	return ""
}

// docs/formulas.md is generated: every scope's names (content/formula's Scopes, which a test holds to what
// the compiler lets a formula name), the functions, and examples each read by the rules engine on an example
// package, with what it gives there. Each scope's own example is among them.
func TestFormulasPage(t *testing.T) {
	var b strings.Builder
	b.WriteString(`# The formula language

<!-- Generated by docs/formulas_test.go from content/formula's scopes; every example is read by the rules engine
on the example package it names. Do not edit: MUSTER_UPDATE_DOCS=1 go test ./docs/ rewrites it. -->

A formula is a short expression in content: a point cost, a derived value, a declared rule's check, a pair of a
leader and a unit, a column shift's condition, a victory condition. Each is written in one **scope**, which says
what names it may use; a name the scope does not have is an error at its file, line and column, with the names
the scope (or the mapping) does have as the hint. Results are exact numbers as wargames write them (` + "`7 / 2`" + `
is 3½, and rounding is exact on fractions), and a formula's work is bounded, so no content can make muster hang.

`)
	b.WriteString("| scope | where the content writes it |\n|---|---|\n")
	for _, s := range formula.Scopes() {
		fmt.Fprintf(&b, "| [%s](#the-%s-scope) | %s |\n", s.Name, s.Name, s.Used)
	}
	b.WriteString("\n## Functions and operators (every scope)\n\n| name | type | what it does |\n|---|---|---|\n")
	for _, f := range formula.Functions {
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", f.Name, f.Type, cell(f.Doc))
	}
	examples := map[formula.Kind][]string{}
	seen := map[string]bool{}
	for _, x := range formulaExamples {
		got := evaluate(t, x)
		examples[x.kind] = append(examples[x.kind], fmt.Sprintf("| `%s` | %s (`examples/%s`) | **%s** |", cell(x.expr), cell(x.on), x.pkg, got))
		seen[x.kind.String()+"\x00"+x.expr] = true
	}
	for _, s := range formula.Scopes() {
		fmt.Fprintf(&b, "\n## The %s scope\n\n%s.\n\n| name | type | what it is |\n|---|---|---|\n", s.Name, strings.ToUpper(s.Used[:1])+s.Used[1:])
		for _, n := range s.Names {
			fmt.Fprintf(&b, "| `%s` | %s | %s |\n", n.Name, n.Type, cell(n.Doc))
			path := n.Name + "."
			if strings.HasPrefix(n.Type, "list") {
				path = n.Name + "[]." // each element's
			}
			for _, f := range n.Fields {
				fmt.Fprintf(&b, "| `%s%s` | %s | %s |\n", path, f.Name, f.Type, cell(f.Doc))
			}
		}
		if !seen[s.Name+"\x00"+s.Example] {
			t.Errorf("scope %s: its example %q is not among the examples the page reads", s.Name, s.Example)
		}
		fmt.Fprintf(&b, "\nExamples, as the rules engine reads them:\n\n| formula | read on | gives |\n|---|---|---|\n%s\n", strings.Join(examples[s.Kind], "\n"))
	}
	b.WriteString("\n## A name the scope does not have\n\nmuster answers with what the scope, or the mapping the formula reads from, has. A side rule that reads\n`side.setup`:\n\n")
	msg := unknownName(t, "prestags", content.RuleDef{ID: "setup-needed", Scope: "side", Check: "len(side.setup) > 0"})
	fmt.Fprintf(&b, "```text\n%s\n```\n\nand a victory condition that reads `winner`:\n\n", msg)
	e := rules.New(validate.Load("../examples/testdata/river-line").Pkg)
	sc := *e.Package().Scenario("autumn-offensive")
	vic := *sc.Victory
	vic.Decide = []content.Decision{{Side: "south", Condition: content.Condition{Expr: "winner == 'south'"}}}
	sc.Victory = &vic
	ds := e.ConditionDiags(&sc)
	if len(ds) != 1 {
		t.Fatalf("winner: %v", ds)
	}
	fmt.Fprintf(&b, "```text\n%s (%s)\n```\n", ds[0].Message, ds[0].Hint)
	keepGenerated(t, "formulas.md", []byte(b.String()))
}

// unknownName compiles a rule that names what its scope lacks, and returns muster's message and hint.
func unknownName(t *testing.T, pkgDir string, def content.RuleDef) string {
	t.Helper()
	pkg := validate.Load("../examples/" + pkgDir).Pkg
	v := &content.System{Rules: []content.RuleDef{def}}
	ds := rules.New(pkg.Variant(v, nil)).CompileDiags()
	if len(ds) != 1 || ds[0].Hint == "" {
		t.Fatalf("%s: %v", def.Check, ds)
	}
	return fmt.Sprintf("%s (%s)", ds[0].Message, ds[0].Hint)
}

// cell makes text safe in a Markdown table cell.
func cell(s string) string { return strings.ReplaceAll(s, "|", `\|`) }
