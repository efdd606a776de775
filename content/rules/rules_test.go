package rules

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// The package the semantics table runs on: infantry 10 points, artillery 20, heroes 5, wagons free, priced by
// one formula; a marker; every rule shape declared once.
var testFiles = map[string]string{
	"muster.yaml": "kind: Package\nid: t\nversion: 1.0.0\nsystem: sys\n",
	"system.yaml": `kind: System
id: sys
grid: hex
stats:
  - {id: cost, type: int}
classes:
  - {id: inf}
  - {id: art}
  - {id: combat}
  - {id: baggage}
  - {id: leader}
points:
  - {id: cost, expr: cost}
rules:
  - {id: count-inf, count: {classes: [inf], min: 2, max: 4}}
  - {id: count-flag, count: {units: [flag], max: 1}}
  - {id: art-share, percent: {classes: [art], min: 10, max: 25}}
  - {id: art-share-total, percent: {classes: [art], max: 25, of: total}}
  - {id: art-share-budget, percent: {classes: [art], min: 10, max: 25, of: budget}}
  - {id: baggage, ratio: {need: [baggage], per: 4, of: [combat]}}
  - {id: baggage-ceil, ratio: {need: [baggage], per: 4, of: [combat], round: ceil}}
  - {id: baggage-plus, ratio: {need: [baggage], per: 4, of: [combat], plus: "count(\"art\")"}}
  - {id: heroes, perPoints: {classes: [leader], per: 50}}
  - {id: unique-heroes, unique: [leader]}
  - {id: morale, check: "points < 100", message: "costs {points} points"}
  - {id: only-big, when: "points >= 100", check: "false"}
`,
	"units.yaml": `kind: UnitType
id: foot
classes: [inf, combat]
stats: {cost: 10}
---
kind: UnitType
id: gun
classes: [art, combat]
stats: {cost: 20}
---
kind: UnitType
id: hero
classes: [leader]
stats: {cost: 5}
---
kind: UnitType
id: hero2
classes: [leader]
stats: {cost: 5}
---
kind: UnitType
id: wagon
classes: [baggage]
stats: {cost: 0}
---
kind: Marker
id: flag
`,
}

func testEngine(t *testing.T) *Engine {
	t.Helper()
	dir := t.TempDir()
	for name, text := range testFiles {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkg, ds := content.Load(dir)
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	e := New(pkg)
	if e.CompileDiags().HasErrors() {
		t.Fatal(e.CompileDiags())
	}
	return e
}

// group builds a side-scope group from "foot:3 gun:1 flag:2" and an optional budget.
func group(t *testing.T, e *Engine, units string, budget string) *Group {
	g := &Group{Scope: ScopeSide, What: "the test side", Markers: map[string]int{}, Items: map[string]float64{}}
	for _, f := range strings.Fields(units) {
		id, n, _ := strings.Cut(f, ":")
		var count int
		for _, c := range n {
			count = count*10 + int(c-'0')
		}
		if e.pkg.Marker(id) != nil {
			g.Markers[id] += count
			continue
		}
		u := e.Unit(id)
		if u == nil {
			t.Fatalf("no unit %s", id)
		}
		l := Line{Unit: u, Count: count, Points: u.Cost.Mul(value.Int(int64(count)))}
		g.Lines = append(g.Lines, l)
		g.Points = g.Points.Add(l.Points)
	}
	if budget != "" {
		b, err := value.ParseNumber(budget)
		if err != nil {
			t.Fatal(err)
		}
		g.Budget = &b
	}
	return g
}

func rule(t *testing.T, e *Engine, id string) *Rule {
	for _, r := range e.Rules() {
		if r.Def.ID == id {
			return r
		}
	}
	t.Fatalf("no rule %s", id)
	return nil
}

// Each declared-rule semantic, pinned once: validate, the rosters and the point-buy generator all evaluate
// rules through Evaluate, so this table is the definition. Mendable marks what adding units can fix.
func TestRuleSemantics(t *testing.T) {
	e := testEngine(t)
	cases := []struct {
		name, rule, units, budget string
		want                      []Kind
		mendable                  []bool
		text                      string // a part of the first violation's text
	}{
		{"count within", "count-inf", "foot:3", "", nil, nil, ""},
		{"count under min", "count-inf", "foot:1", "", []Kind{CountMin}, []bool{true}, "has 1 inf, fewer than the 2 required"},
		{"count over max", "count-inf", "foot:5", "", []Kind{CountMax}, []bool{false}, "more than the 4 allowed"},
		{"count of a marker", "count-flag", "foot:2 flag:2", "", []Kind{CountMax}, []bool{false}, "has 2 flag"},

		// A percentage is taken of the points the group spends (the army's total) unless the rule says of: budget...
		{"percent of total by default", "art-share", "foot:6 gun:2", "200", []Kind{PercentMax}, []bool{false}, "40% of its total of 100 points"},
		{"percent of total by default, within", "art-share", "foot:9 gun:1", "200", nil, nil, ""}, // 20 of 110
		{"percent of total, said", "art-share-total", "foot:6 gun:2", "200", []Kind{PercentMax}, []bool{false}, "its total of 100"},
		// ... of the budget with of: budget, when the group has one ...
		{"percent of budget, within", "art-share-budget", "foot:6 gun:2", "200", nil, nil, ""}, // 40 of 200 = 20%
		{"percent of budget, over", "art-share-budget", "foot:1 gun:3", "200", []Kind{PercentMax}, []bool{false}, "30% of its budget of 200 points"},
		{"percent of budget, under", "art-share-budget", "foot:9 gun:0", "200", []Kind{PercentMin}, []bool{true}, "at least 10% is required"},
		// ... and of the points spent when it has none.
		{"percent of budget without one", "art-share-budget", "foot:6 gun:2", "", []Kind{PercentMax}, []bool{false}, "40% of its total of 100 points"},
		{"percent of nothing checks nothing", "art-share", "wagon:1", "", nil, nil, ""},

		{"ratio met", "baggage", "foot:8 wagon:2", "", nil, nil, ""},
		{"ratio rounds down", "baggage", "foot:7 wagon:1", "", nil, nil, ""},
		{"ratio short", "baggage", "foot:8 wagon:1", "", []Kind{RatioShort}, []bool{true}, "which need 2 baggage (1 per 4, rounded down), but it has 1"},
		{"ratio rounds up", "baggage-ceil", "foot:5 wagon:1", "", []Kind{RatioShort}, []bool{true}, "rounded up"},
		{"ratio plus a formula", "baggage-plus", "foot:4 gun:0 wagon:1", "", nil, nil, ""},
		{"ratio plus a formula, short", "baggage-plus", "foot:3 gun:1 wagon:1", "", []Kind{RatioShort}, []bool{true}, "plus 1 (count(\"art\"))"},

		// One per full 50 points: of the budget when there is one, else of the points spent.
		{"per points of budget", "heroes", "foot:1 hero:2", "120", nil, nil, ""},
		{"per points of budget, over", "heroes", "foot:10 hero:3", "120", []Kind{PerPointsOver}, []bool{false}, "120 points of budget allow only 2"},
		{"per points of the points spent", "heroes", "foot:5 hero:2", "", []Kind{PerPointsOver}, []bool{false}, "60 points allow only 1"},

		{"unique", "unique-heroes", "hero:1 hero2:1", "", nil, nil, ""},
		{"unique repeated", "unique-heroes", "hero:2 hero2:1", "", []Kind{UniqueRepeated}, []bool{false}, "has 2 of hero"},

		{"check holds", "morale", "foot:9", "", nil, nil, ""},
		{"check fails", "morale", "foot:10", "", []Kind{CheckFails}, []bool{false}, "points < 100 does not hold"},
		{"when does not hold", "only-big", "foot:9", "", nil, nil, ""},
		{"when holds", "only-big", "foot:10", "", []Kind{CheckFails}, []bool{false}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := rule(t, e, c.rule)
			g := group(t, e, c.units, c.budget)
			vs, err := e.Evaluate(r, g)
			if err != nil {
				t.Fatal(err)
			}
			var kinds []Kind
			var mend []bool
			for _, v := range vs {
				kinds = append(kinds, v.Kind)
				mend = append(mend, v.Mendable)
			}
			if len(kinds) != len(c.want) {
				t.Fatalf("violations %v, want %v", kinds, c.want)
			}
			for i := range kinds {
				if kinds[i] != c.want[i] || mend[i] != c.mendable[i] {
					t.Errorf("violation %d: kind %v mendable %v, want %v %v", i, kinds[i], mend[i], c.want[i], c.mendable[i])
				}
			}
			if c.text != "" && !strings.Contains(vs[0].Text(), c.text) {
				t.Errorf("text %q lacks %q", vs[0].Text(), c.text)
			}
		})
	}
}

// A rule's own message has its placeholders filled from the group; a failing check then says only that.
func TestMessagePlaceholders(t *testing.T) {
	e := testEngine(t)
	g := group(t, e, "foot:10", "")
	vs, _ := e.Evaluate(rule(t, e, "morale"), g)
	if len(vs) != 1 {
		t.Fatalf("%v", vs)
	}
	if got := e.Message(vs[0], g); got != "costs 100 points" {
		t.Errorf("message %q", got)
	}
}

// Prices are exact numbers: unit costs and force totals, never display strings.
func TestPrices(t *testing.T) {
	e := testEngine(t)
	if c := e.UnitCost("gun"); c.Cmp(value.Int(20)) != 0 {
		t.Errorf("gun costs %s", c)
	}
	if c := e.UnitCost("nobody"); c.Cmp(value.Number{}) != 0 {
		t.Errorf("an unknown unit costs %s", c)
	}
	f := &content.Force{Meta: content.Meta{ID: "f"}, Units: []content.ForceEntry{{Unit: "foot", Count: 3}, {Unit: "gun"}, {Marker: "flag", Count: 2}}}
	fc := e.Force(f)
	if fc.Total.Cmp(value.Int(50)) != 0 || len(fc.Lines) != 2 || len(fc.Markers) != 1 {
		t.Errorf("force: total %s, %d lines, %d markers", fc.Total, len(fc.Lines), len(fc.Markers))
	}
	if g := e.ForceGroup(f); g.Count(nil, []string{"combat"}) != 4 || g.Count([]string{"flag"}, nil) != 2 {
		t.Errorf("counts: combat %d, flag %d", g.Count(nil, []string{"combat"}), g.Count([]string{"flag"}, nil))
	}
}
