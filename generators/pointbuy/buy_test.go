package pointbuy

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
)

func load(t *testing.T, dir string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(dir)
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return pkg
}

func thgSide(id string) *content.SideGen {
	if id == "roman" {
		return &content.SideGen{ID: "roman", Faction: []string{"roman"}, Mix: "thg-counters", Items: []string{"defence-supplies"},
			Take: []content.UnitPick{{Classes: []string{"leader"}, Count: []int{1, 3}}}}
	}
	return &content.SideGen{ID: "allied", Faction: []string{"mercenary", "feudal"}, Mix: "thg-counters", Items: []string{"ammo", "defence-supplies"},
		Take: []content.UnitPick{{Classes: []string{"leader"}, Count: []int{1, 3}}}}
}

// A bought force keeps every rule as the rules engine evaluates them for validate: the same engine, so the
// buyer and the checker cannot disagree (THG: baggage trains per combat units, the side's budget).
func TestBoughtForceKeepsTheRules(t *testing.T) {
	pkg := load(t, "../../examples/highest-ground")
	c, err := NewCatalog(pkg)
	if err != nil {
		t.Fatal(err)
	}
	e := rules.New(pkg)
	for seed := uint64(0); seed < 20; seed++ {
		for _, side := range []string{"roman", "allied"} {
			budget := value.Int(60)
			res, err := c.Buy(Request{Side: thgSide(side), Budget: budget, Floor: value.Int(50), Supply: NewSupply(pkg.CounterMix("thg-counters"))},
				dice.New(seed, "test"))
			if err != nil {
				t.Fatalf("seed %d %s: %v", seed, side, err)
			}
			f := &content.Force{Meta: content.Meta{ID: "bought"}, Units: res.Units, Items: res.Items}
			fc := e.Force(f)
			if fc.Total.Cmp(res.Total) != 0 || fc.Total.Cmp(budget) > 0 {
				t.Errorf("seed %d %s: the buyer says %s, the engine prices %s (budget %s)", seed, side, res.Total, fc.Total, budget)
			}
			g := e.ForceGroup(f)
			g.Budget = &budget
			for _, r := range e.Rules() {
				if s := r.Scope(); s != rules.ScopeForce && s != rules.ScopeSide || r.Def.Severity == "warning" {
					continue
				}
				if vs, _ := e.Evaluate(r, g); len(vs) > 0 {
					t.Errorf("seed %d %s: the bought force breaks %s: %s", seed, side, r.Def.ID, vs[0].Text())
				}
			}
		}
	}
}

// A huge budget is spent in bulk, not one item at a time (issue 19: --points 1000000000 would have run for
// about 18 hours), and a budget that could buy more than MaxUnits units is refused at once. Work is counted
// in rule evaluations, not time.
func TestHugeBudgetsAreBounded(t *testing.T) {
	pkg := load(t, "../../examples/highest-ground")
	c, err := NewCatalog(pkg)
	if err != nil {
		t.Fatal(err)
	}
	budget := value.Int(1_000_000_000)
	evals := 0
	res, err := c.Buy(Request{Side: thgSide("allied"), Budget: budget, Floor: value.Int(0),
		Supply: NewSupply(pkg.CounterMix("thg-counters")), evals: &evals}, dice.New(1, "test"))
	if err != nil {
		t.Fatal(err)
	}
	if evals > 200_000 {
		t.Errorf("a budget of %s took %d rule evaluations", budget, evals)
	}
	if res.Total.Cmp(value.Int(900_000_000)) < 0 {
		t.Errorf("the surplus was not spent: total %s", res.Total)
	}
	// Without a counter mix, units are bounded only by the budget: refused.
	_, err = c.Buy(Request{Side: thgSide("roman"), Budget: budget, Floor: value.Int(0)}, dice.New(1, "test"))
	if err == nil || !strings.Contains(err.Error(), "at most 100000 units") {
		t.Errorf("a budget buying millions of units: %v", err)
	}
}
