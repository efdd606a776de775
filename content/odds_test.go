package content

import (
	"testing"

	"github.com/muster-wargames/muster/content/value"
)

func TestOddsColumn(t *testing.T) {
	crt := &Table{Meta: Meta{ID: "crt"}, Columns: []string{"1:2", "1:1", "2:1", "3:1", "4:1", "5:1", "6:1", "7:1", "8:1"}}
	o, err := crt.Odds()
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		att, def value.Number
		want     string
	}{
		{value.Int(26), value.Int(9), "2:1"},        // PRESTAGS 7.32: rounded off in favour of the defender
		{value.Int(8), value.Int(4), "2:1"},         // 7.51: two units of 2, doubled, against 4
		{value.Frac(5, 2), value.Int(2), "1:1"},     // 14.12: 2½ against 2 is one to one
		{value.Int(50), value.Int(3), "8:1"},        // 8.1: above 8 to 1 is treated as 8 to 1
		{value.Int(1), value.Int(2), "1:2"},         // exactly the lowest column
		{value.Int(9), value.Int(3), "3:1"},         // exact ratios land on their column
		{value.Frac(7, 4), value.Frac(7, 8), "2:1"}, // fractions are exact
		{value.Int(17), value.Int(9), "1:1"},        // 1.89 rounds down
		{value.Int(35), value.Int(5), "7:1"},
	}
	for _, c := range cases {
		i, err := o.Column(c.att, c.def)
		if err != nil || o.Labels[i] != c.want {
			t.Errorf("%s against %s: column %v (%v), want %s", c.att, c.def, i, err, c.want)
		}
	}
	if _, err := o.Column(value.Int(4), value.Int(9)); err == nil {
		t.Error("4 against 9 is below 1:2 and must be refused (8.1)")
	}
	if _, err := o.Column(value.Int(4), value.Int(0)); err == nil {
		t.Error("a zero defence must be an error, not a division by zero")
	}
	for _, bad := range [][]string{{"1:1", "1:2"}, {"2-1"}, {"0:1"}, {}} {
		if _, err := (&Table{Columns: bad}).Odds(); err == nil {
			t.Errorf("columns %v must be refused", bad)
		}
	}
}
