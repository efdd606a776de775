package digital

import (
	"math"
	"testing"
)

// Rampant's hexes are 0.625in: 93.75 px at 150 dpi, 93 at 148.8; the river line's 0.6in are 81.6 px at 136
// dpi, 81 at 135. Two sizes are made whole together when a resolution near enough does it, else the
// resolution stays.
func TestVassalGridDPI(t *testing.T) {
	for _, c := range []struct {
		dpi   float64
		hexes []float64
		want  float64
	}{
		{150, []float64{0.625}, 148.8},
		{136, []float64{0.6}, 135},
		{150, []float64{0.5}, 150},
		{150, []float64{0.625, 0.625}, 148.8},
		{150, []float64{0.625, 0.6}, 150}, // whole together only at 120 dpi, more than a tenth below
		{150, nil, 150},
		{150, []float64{-1}, 150},
	} {
		got := VassalGridDPI(c.dpi, c.hexes)
		if math.Abs(got-c.want) > 1e-9 {
			t.Errorf("%g dpi, hexes %v: %g, want %g", c.dpi, c.hexes, got, c.want)
		}
		for _, h := range c.hexes {
			if got != c.dpi && VassalWholePixels(h*72*(got/72)) != math.Round(h*got) {
				t.Errorf("%g dpi, hex %gin: %g px is not whole", got, h, h*got)
			}
		}
	}
}
