package shape

import (
	"math"
	"testing"

	"github.com/muster-wargames/muster/print/surface"
)

// A hexagon measures its size across every pair of flats, grown by the bleed on every edge; the square inside
// it and inside a circle lies within the outline; points past the outline are outside.
func TestHexagonMeasures(t *testing.T) {
	for _, s := range []string{Hex, HexPointy} {
		w, h := Dims(s, 54)
		r := surface.Rect{X: 10, Y: 20, W: w, H: h}
		for _, grow := range []float64{0, 3} {
			pts := Hexagon(s, r, grow)
			for i := 0; i < 3; i++ {
				a, b, c := pts[i], pts[(i+1)%6], pts[i+3]
				d := math.Abs((b.X-a.X)*(a.Y-c.Y)-(a.X-c.X)*(b.Y-a.Y)) / math.Hypot(b.X-a.X, b.Y-a.Y)
				if math.Abs(d-(54+2*grow)) > 1e-9 {
					t.Errorf("%s grown by %g: %g across a pair of flats, want %g", s, grow, d, 54+2*grow)
				}
			}
		}
		in := Inner(s, r)
		for _, p := range []surface.Pt{{X: in.X, Y: in.Y}, {X: in.X + in.W, Y: in.Y + in.H}, {X: in.X, Y: in.Y + in.H}} {
			if !Contains(s, r, p, 1e-9) {
				t.Errorf("%s: the inner square's corner %v is outside", s, p)
			}
		}
		if Contains(s, r, surface.Pt{X: r.X + 1, Y: r.Y + 1}, 0.1) {
			t.Errorf("%s: the bounding box's corner is inside the hexagon", s)
		}
		if size := Size(s, w, h); size != 54 {
			t.Errorf("%s: size %g", s, size)
		}
	}
	r := surface.Rect{W: 40, H: 40}
	in := Inner(Round, r)
	if !Contains(Round, r, surface.Pt{X: in.X, Y: in.Y}, 1e-9) || Contains(Round, r, surface.Pt{X: 1, Y: 1}, 0.5) {
		t.Error("round: the inner square is not inside, or the box's corner is")
	}
}
