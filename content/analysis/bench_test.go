package analysis

import (
	"testing"

	"github.com/muster-wargames/muster/content/rules"
)

// The river line's Autumn Offensive, every side's reachability over its ten turns (a fresh engine each time:
// nothing cached between runs).
func BenchmarkRiverLineReach(b *testing.B) {
	pkg := load(b, example("testdata/river-line"))
	sc := pkg.Scenario("autumn-offensive")
	for b.Loop() {
		r, err := AnalyseScenario(rules.New(pkg), sc, Options{ReachOnly: true})
		if err != nil || r.Horizon != 10 {
			b.Fatal(err)
		}
	}
}

// A 30 x 40 board with 80 units (four unit types a side) over 10 turns: reachability and turn-1 odds.
func BenchmarkBoard30x40Units80Turns10(b *testing.B) {
	pkg := load(b, "testdata/big-board")
	sc := pkg.Scenario("big-battle")
	for b.Loop() {
		r, err := AnalyseScenario(rules.New(pkg), sc, Options{})
		if err != nil || len(r.Cells) != 1200 || r.Sides[0].Units != 40 || r.Sides[1].Units != 40 {
			b.Fatal(err)
		}
	}
}
