package digital

import "testing"

func TestMapDPI(t *testing.T) {
	cases := []struct {
		w, h, want float64
		dpi        float64
		ok         bool
	}{
		{20, 10, 0, TTSDefaultMapDPI, true},   // a board: 3,000 x 1,500 pixels
		{96, 48, 0, 60, true},                 // an 8 ft table: lowered to fit the budget
		{96, 48, 150, 150, false},             // ... and refused at a resolution the designer asks for
		{96, 48, 50, 50, true},                // ... or taken
		{2000, 2000, 0, 2, false},             // a map no resolution represents
		{0.5, 0.5, 0, TTSDefaultMapDPI, true}, // tiny
	}
	for _, c := range cases {
		dpi, ok := TTSMapDPI(c.w, c.h, c.want)
		if ok != c.ok || c.ok && dpi != c.dpi {
			t.Errorf("TTSMapDPI(%g, %g, %g) = %g, %v; want %g, %v", c.w, c.h, c.want, dpi, ok, c.dpi, c.ok)
		}
		if ok && float64(Pixels(c.w, dpi))*float64(Pixels(c.h, dpi)) > TTSMaxMapPixels {
			t.Errorf("TTSMapDPI(%g, %g) = %g is over the budget", c.w, c.h, dpi)
		}
		if ok && c.want == 0 && dpi < TTSDefaultMapDPI && float64(Pixels(c.w, dpi+1))*float64(Pixels(c.h, dpi+1)) <= TTSMaxMapPixels {
			t.Errorf("TTSMapDPI(%g, %g) = %g, but %g fits", c.w, c.h, dpi, dpi+1)
		}
	}
}

func TestCounterDPI(t *testing.T) {
	if dpi, ok := TTSCounterDPI(0.5, 0.5, 0); dpi != TTSDefaultCounterDPI || !ok {
		t.Errorf("half inch: %g %v", dpi, ok)
	}
	if dpi, ok := TTSCounterDPI(20, 10, 0); !ok || Pixels(20, dpi) > TTSMaxImageSide || Pixels(20, dpi+1) <= TTSMaxImageSide {
		t.Errorf("20in: %g %v", dpi, ok)
	}
	if _, ok := TTSCounterDPI(20, 10, 300); ok {
		t.Error("20in at 300 dpi is 6,000 pixels")
	}
	if _, ok := TTSCounterDPI(180, 1, 0); ok {
		t.Error("180in is more than 4,096 pixels even at the lowest resolution")
	}
}

func TestSplit(t *testing.T) {
	for _, n := range []int{1, 4096, 4097, 10000, 12288, 12289} {
		cuts := TTSSplit(n)
		if cuts[0] != 0 || cuts[len(cuts)-1] != n {
			t.Fatalf("TTSSplit(%d) = %v", n, cuts)
		}
		want := (n + TTSMaxImageSide - 1) / TTSMaxImageSide
		if len(cuts)-1 != want {
			t.Errorf("TTSSplit(%d) has %d parts, want %d", n, len(cuts)-1, want)
		}
		for i := 1; i < len(cuts); i++ {
			if d := cuts[i] - cuts[i-1]; d > TTSMaxImageSide || d < n/(len(cuts)-1) {
				t.Errorf("TTSSplit(%d) = %v: part %d is %d", n, cuts, i, d)
			}
		}
	}
}
