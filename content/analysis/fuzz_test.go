package analysis

import (
	"fmt"
	"math"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/internal/fuzzbound"
)

// FuzzTableAnalysis reads any row labels, cells and dice: no panic, a row read as lo..hi has lo <= hi, and an
// analysed table's columns add up to at most 1 (exactly 1 when every total has a row), within the dice limit.
func FuzzTableAnalysis(f *testing.F) {
	for _, s := range [][3]string{{"1-2", "3+", "1d6"}, {"≤0", "1 or more", "2d6-7"}, {"7 (6 +1)", "12+", "2d6"}, {"<3", ">2", "1d4"},
		{"-5--3", "0 or less", "3d6"}, {"2–3", "≥4", "1000d1000"}, {"1", "2", "9d10"}} {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, a, b, dice string) {
		fuzzbound.Run(t, func() error {
			for _, l := range []string{a, b} {
				if lo, hi, ok := parseRowLabel(l); ok && lo > hi && lo != math.MinInt {
					return fmt.Errorf("%q read as %d to %d", l, lo, hi)
				}
			}
			tb := &content.Table{Meta: content.Meta{ID: "t"}, Type: "crt", Dice: dice, Columns: []string{"1:1", "2:1"},
				Rows: []content.TableRow{{Label: a, Cells: []string{"AL", "DR"}}, {Label: b, Cells: []string{"DR", "DE"}}}}
			an := AnalyseTable(tb, nil)
			if !an.Analysed {
				return nil
			}
			for _, c := range an.Columns {
				if s := c.Sum(); s.Cmp(value.Int(1)) > 0 {
					return fmt.Errorf("%q, %q, %q: column %s adds up to %s", a, b, dice, c.Column, s)
				}
			}
			return nil
		})
	})
}
