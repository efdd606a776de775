package errata

import (
	"testing"
)

// BenchmarkCompareRampant compares Rampant Battles (the largest example: 9 scenarios, two-hex units, every
// counter drawn front and back) with a copy whose cohort's quality changed: the content and the counters'
// faces (what `muster diff --content-only` does), then with both exports (the VASSAL module and the Tabletop
// Simulator set of each version) as plain `muster diff` does. Loading and validating are not counted.
func BenchmarkCompareRampant(b *testing.B) {
	old := version(b, examplePath("rampant"))
	new := version(b, copyExample(b, "rampant", "units/examples.yaml", "stats: {code: CO, ql: 6, sp: 3, ma: 5, missile: J}", "stats: {code: CO, ql: 5, sp: 3, ma: 5, missile: J}"))
	for _, bc := range []struct {
		name string
		opt  Options
	}{{"content", Options{}}, {"digital", Options{Digital: true}}} {
		b.Run(bc.name, func(b *testing.B) {
			var r *Report
			for b.Loop() {
				var err error
				if r, _, err = Compare(old, new, bc.opt); err != nil {
					b.Fatal(err)
				}
			}
			if len(r.Units) != 1 || len(r.Counters) != 1 {
				b.Fatalf("units %+v, counters %+v: want the cohort", r.Units, r.Counters)
			}
		})
	}
}
