package build

import (
	"testing"

	"github.com/muster-wargames/muster/print/plan"
)

// BenchmarkMonsterLabels measures the label placer on the monster game's ten 30 x 40 boards, to set against
// BenchmarkMonsterGame/maps (their whole build): "layout" prepares and lays out each board's drawing, "placed"
// does that and places its names (every cell id a mark to keep clear of), so placed minus layout is what the
// placer costs.
func BenchmarkMonsterLabels(b *testing.B) {
	c := monsterPkg(b, monsterGame)
	pkg := c.Package()
	set, err := plan.Settle(pkg, Options{})
	if err != nil {
		b.Fatal(err)
	}
	opt := plan.MapOptions(set, Options{})
	run := func(b *testing.B, place bool) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			ds, err := plan.MapDrawings(pkg)
			if err != nil {
				b.Fatal(err)
			}
			for _, d := range ds {
				if _, err := d.Drawing.Layout(opt); err != nil {
					b.Fatal(err)
				}
				if place {
					if ps := d.Drawing.LabelProblems(); len(ps) > 0 {
						b.Fatalf("%s: %d names without room", d.Stem, len(ps))
					}
				}
			}
		}
	}
	b.Run("layout", func(b *testing.B) { run(b, false) })
	b.Run("placed", func(b *testing.B) { run(b, true) })
}
