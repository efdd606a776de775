package generators

import (
	"testing"

	"github.com/muster-wargames/muster/generators/scenario"
)

// BenchmarkScenarioTHG generates one The Highest Ground scenario per iteration (no validation).
func BenchmarkScenarioTHG(b *testing.B) {
	g, _, err := Open("../examples/highest-ground")
	if err != nil {
		b.Fatal(err)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := g.Scenario(scenario.Options{Generator: "thg-random", Seed: int64(i)}); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkThousandScenariosTHG generates 1,000 The Highest Ground scenarios and validates them with the whole
// pipeline (validateAll: copies of the package, one per CPU), the target being under 5 s on 2 cores.
func BenchmarkThousandScenariosTHG(b *testing.B) {
	ex := examples[0]
	g, _, err := Open(ex.pkg)
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		outs := generateAll(b, g, ex, ex.pkg, 1000)
		if bad := validateAll(b, ex, outs); len(bad) > 0 {
			b.Fatal(bad[0])
		}
	}
}
