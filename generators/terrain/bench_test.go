package terrain

import (
	"testing"

	"github.com/muster-wargames/muster/generators/dice"
)

// BenchmarkHexMap30x40 generates a 30x40 hex map with every feature (target: under 50 ms).
func BenchmarkHexMap30x40(b *testing.B) {
	pkg := loadPkg(b, thg)
	gen := hexSettings()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Generate(pkg, gen, "bench", dice.New(uint64(i), "map")); err != nil {
			b.Fatal(err)
		}
	}
}
