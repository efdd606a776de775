package content

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/fuzzbound"
)

// A deck's size: a name (any case), WxH with a unit, or an error that names the sizes.
func TestParseCardSize(t *testing.T) {
	for _, tc := range []struct {
		in   string
		w, h float64 // points; 0 for an error
	}{
		{"", 180, 252}, {"poker", 180, 252}, {" Bridge ", 162, 252}, {"tarot", 198, 342}, {"mini", 126, 180},
		{"63x88mm", 63 * 72 / 25.4, 88 * 72 / 25.4}, {"5x3in", 360, 216}, {"letter", 0, 0}, {"huge", 0, 0}, {"3in", 0, 0},
	} {
		s, err := ParseCardSize(tc.in)
		switch {
		case tc.w == 0 && err == nil:
			t.Errorf("%q: %+v, want an error", tc.in, s)
		case tc.w == 0:
			if msg := err.Error(); !strings.Contains(msg, "poker, bridge, tarot, mini") {
				t.Errorf("%q: %v does not name the sizes", tc.in, err)
			}
		case err != nil || math.Abs(s.W-tc.w) > 1e-6 || math.Abs(s.H-tc.h) > 1e-6:
			t.Errorf("%q: %+v (%v), want %gx%g", tc.in, s, err, tc.w, tc.h)
		}
	}
}

// FuzzParseCardSize: any text is a size of positive, finite width and height, or an error.
func FuzzParseCardSize(f *testing.F) {
	for _, s := range []string{"poker", "63x88mm", "2.5x3.5in", "1e309x1in", "-1x2in", "0x0mm", "x", "NaNxNaNin"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		fuzzbound.Run(t, func() error {
			c, err := ParseCardSize(s)
			if err != nil {
				return nil
			}
			if !(c.W > 0 && c.H > 0) || math.IsInf(c.W, 0) || math.IsInf(c.H, 0) {
				return fmt.Errorf("%q is %+v", s, c)
			}
			return nil
		})
	})
}
