package analysis

import (
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/cputime"

	"github.com/muster-wargames/muster/content/rules"
)

// The river line's Autumn Offensive, every side's reachability over its ten turns, on the open map and with
// the enemy standing, with turn-1 odds, sectors and losses (a fresh engine each time: nothing cached between
// runs).
func BenchmarkRiverLineReach(b *testing.B) {
	pkg := load(b, example("testdata/river-line"))
	sc := pkg.Scenario("autumn-offensive")
	defer reportCPU(b)()
	for b.Loop() {
		r, err := AnalyseScenario(rules.New(pkg), sc, Options{})
		if err != nil || r.Horizon != 10 || len(r.Odds) == 0 {
			b.Fatal(err)
		}
	}
}

// What validate's analysis check works out for the river line: the open map's reachability only.
func BenchmarkRiverLineReachOnly(b *testing.B) {
	pkg := load(b, example("testdata/river-line"))
	sc := pkg.Scenario("autumn-offensive")
	defer reportCPU(b)()
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
	defer reportCPU(b)()
	for b.Loop() {
		r, err := AnalyseScenario(rules.New(pkg), sc, Options{})
		if err != nil || len(r.Cells) != 1200 || r.Sides[0].Units != 40 || r.Sides[1].Units != 40 {
			b.Fatal(err)
		}
	}
}

// reportCPU reports the CPU time per operation (cpu-ms/op) when the benchmark ends: call it before the loop
// and defer what it returns. The process's other goroutines (the garbage collector's) count too.
func reportCPU(b *testing.B) func() {
	start := cputime.Now()
	return func() {
		if used := cputime.Since(start); used > 0 && b.N > 0 {
			b.ReportMetric(float64(used)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
		}
	}
}
