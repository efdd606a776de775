package scenario

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/validate"
)

func open(t *testing.T, dir string) *Generator {
	t.Helper()
	r := validate.Load(dir)
	if r.Diags.HasErrors() {
		t.Fatal(r.Diags)
	}
	g, err := New(r.Pkg)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// thgSettings returns a copy of The Highest Ground's scenario settings to change.
func thgSettings(t *testing.T, g *Generator) *content.Generator {
	gen, err := Find(g.Package(), "scenario", "thg-random")
	if err != nil {
		t.Fatal(err)
	}
	cp := *gen
	sg := *gen.Scenario
	cp.Scenario = &sg
	return &cp
}

func TestBudgetTooSmallSaysWhy(t *testing.T) {
	g := open(t, "../../examples/highest-ground")
	half := value.Frac(1, 2)
	_, err := g.Scenario(Options{Generator: "thg-random", Seed: 1, Points: &half})
	if err == nil || !strings.Contains(err.Error(), "budget of ½ points buys nothing") {
		t.Fatalf("want a budget error, got %v", err)
	}
}

func TestBaggageNeedsItsOwnPointsWhenPriced(t *testing.T) {
	g := open(t, "../../examples/highest-ground")
	gen := thgSettings(t, g)
	sides := append([]content.SideGen(nil), gen.Scenario.Sides...)
	sides[0].Exclude = []string{"roman-baggage-train"} // no baggage train: the ratio rule cannot be met
	gen.Scenario.Sides = sides
	_, err := g.Run(gen, Options{Seed: 1})
	if err == nil || !strings.Contains(err.Error(), "side roman") {
		t.Fatalf("want side roman to fail, got %v", err)
	}
}

func TestTooManyObjectivesSaysWhy(t *testing.T) {
	g := open(t, "../../examples/highest-ground")
	gen := thgSettings(t, g)
	og := *gen.Scenario.Objectives
	og.Count = content.Roll{Fixed: 60, Set: true}
	og.MinSpacing = 10
	gen.Scenario.Objectives = &og
	_, err := g.Run(gen, Options{Seed: 2})
	if err == nil || !strings.Contains(err.Error(), "cannot place objective") || !strings.Contains(err.Error(), "closer than 10 cells") {
		t.Fatalf("want an objective placement error, got %v", err)
	}
}

// The forces of every seed keep to the balance window, by the System's own costs.
func TestForcesWithinBalance(t *testing.T) {
	g := open(t, "../../examples/highest-ground")
	for seed := int64(0); seed < 100; seed++ {
		out, err := g.Scenario(Options{Generator: "thg-random", Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range out.Forces {
			if f.Points.Cmp(value.Int(36)) < 0 || f.Points.Cmp(value.Int(40)) > 0 {
				t.Errorf("seed %d: force %s costs %s, outside 36-40", seed, f.ID, f.Points)
			}
		}
		if len(out.Scenario.Objectives) == 0 || len(out.Scenario.Map.Boards) == 0 {
			t.Errorf("seed %d: no objectives or boards", seed)
		}
	}
}
