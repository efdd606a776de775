package surface

import (
	"math"
	"testing"

	"github.com/muster-wargames/muster/content/value"
)

func TestUnitsAndLandscape(t *testing.T) {
	if math.Abs(25.4*MM-Inch) > 1e-12 || Inch != 72 {
		t.Error("units")
	}
	if s := PaperSize(value.Letter).Landscape(); s.W != 792 || s.H != 612 {
		t.Errorf("landscape %v", s)
	}
}

func TestPathShapes(t *testing.T) {
	// A circle's on-curve points lie on the circle; its Bézier midpoints
	// stay within 0.03% of the radius.
	p := NewPath().Circle(10, 20, 100)
	for _, s := range p.segs {
		if s.op != segCubic {
			continue
		}
		end := s.pts[2]
		if d := math.Hypot(end.X-10, end.Y-20); math.Abs(d-100) > 1e-9 {
			t.Errorf("on-curve point at distance %v", d)
		}
	}
	pts := StarPoints(0, 0, 10, 4, 5)
	if len(pts) != 10 || math.Abs(pts[0].Y+10) > 1e-9 || math.Abs(pts[0].X) > 1e-9 {
		t.Errorf("star %v", pts)
	}
	// Rotation is clockwise on the page (y down): +x turns into +y.
	x, y := rotateM(90).Apply(1, 0)
	if math.Abs(x) > 1e-12 || math.Abs(y-1) > 1e-12 {
		t.Errorf("rotate 90 maps (1,0) to (%v,%v)", x, y)
	}
	m := translateM(5, 6).Mul(scaleM(2, 3))
	if x, y := m.Apply(1, 1); x != 7 || y != 9 {
		t.Errorf("compose %v %v", x, y)
	}
}
