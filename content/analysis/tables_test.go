package analysis

import (
	"errors"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

func TestRollIsExact(t *testing.T) {
	d, err := Roll(value.Dice{Count: 2, Sides: 6})
	if err != nil {
		t.Fatal(err)
	}
	if d.Min != 2 || d.Max() != 12 || d.P(7).Cmp(value.Frac(1, 6)) != 0 || d.P(2).Cmp(value.Frac(1, 36)) != 0 || d.P(13).Sign() != 0 {
		t.Errorf("2d6: min %d max %d, P(7) %s, P(2) %s", d.Min, d.Max(), d.P(7), d.P(2))
	}
	// 10^9 rolls, summed total by total: the lowest total is one roll in a thousand million.
	d, err = Roll(value.Dice{Count: 9, Sides: 10})
	if err != nil {
		t.Fatal(err)
	}
	if got := d.P(9); got.Cmp(value.Frac(1, 1_000_000_000)) != 0 {
		t.Errorf("9d10: P(9) = %s", got)
	}
	d, err = Roll(value.Dice{Count: 1, Sides: 6, Mod: -2})
	if err != nil || d.Min != -1 || d.Max() != 4 {
		t.Errorf("1d6-2: %d to %d, %v", d.Min, d.Max(), err)
	}
	var limit *LimitError
	if _, err := Roll(value.Dice{Count: 1000, Sides: 1000}); !errors.As(err, &limit) {
		t.Errorf("1000d1000: %v, want a LimitError", err)
	}
}

func TestRowLabels(t *testing.T) {
	const lo, hi = -1 << 63, 1<<63 - 1
	for _, c := range []struct {
		in     string
		lo, hi int
		ok     bool
	}{
		{"3", 3, 3, true}, {"2-3", 2, 3, true}, {"2–3", 2, 3, true}, {"12+", 12, hi, true}, {"≥12", 12, hi, true},
		{"≤0", lo, 0, true}, {"0 or less", lo, 0, true}, {"-1", -1, -1, true}, {"7 (6 +1 vs disrupted)", 7, 7, true},
		{"CEV 3", 0, 0, false}, {"3-1", 0, 0, false}, {"Front hexes", 0, 0, false},
	} {
		l, h, ok := parseRowLabel(c.in)
		if ok != c.ok || ok && (l != c.lo || h != c.hi) {
			t.Errorf("%q: %d, %d, %v; want %d, %d, %v", c.in, l, h, ok, c.lo, c.hi, c.ok)
		}
	}
}

// The river line's CRT, one die: each column's results add up to 1, and cells read by hand from the rows
// agree (1:2 is AL on 1-4 and EX on 5-6; 3:1 is DR on 1-3, EX on 4, DL on 5-6).
func TestRiverLineCRT(t *testing.T) {
	pkg := load(t, example("testdata/river-line"))
	r := AnalyseTables(pkg)
	if len(r.Tables) != 1 {
		t.Fatalf("%d combat tables, want 1", len(r.Tables))
	}
	a := r.Tables[0]
	if !a.Analysed {
		t.Fatalf("not analysed: %v", a.Notes)
	}
	for _, c := range a.Columns {
		if s := c.Sum(); s.Cmp(value.Int(1)) != 0 {
			t.Errorf("column %s adds up to %s", c.Column, s)
		}
	}
	want := []struct {
		col, result string
		p           value.Number
	}{
		{"1:2", "AL", value.Frac(2, 3)}, {"1:2", "EX", value.Frac(1, 3)}, {"1:2", "DL", value.Number{}},
		{"3:1", "DR", value.Frac(1, 2)}, {"3:1", "EX", value.Frac(1, 6)}, {"3:1", "DL", value.Frac(1, 3)},
		{"2:1", "DR", value.Frac(1, 2)}, {"2:1", "EX", value.Frac(1, 3)}, {"6:1", "DL", value.Int(1)},
	}
	for _, w := range want {
		if got := a.Column(w.col).P(w.result); got.Cmp(w.p) != 0 {
			t.Errorf("%s %s: %s, want %s", w.col, w.result, got, w.p)
		}
	}
	// EX costs each side a step, DL the defender one: at 3:1 the attacker loses 1/6 of a step, the defender
	// 1/6 + 1/3 = 1/2; DR makes the defender leave half the time.
	ex := a.Column("3:1").Expected
	if ex == nil || ex.AttackerSteps.Cmp(value.Frac(1, 6)) != 0 || ex.DefenderSteps.Cmp(value.Frac(1, 2)) != 0 || ex.DefenderLeaves.Cmp(value.Frac(1, 2)) != 0 {
		t.Errorf("3:1 expected losses: %+v", ex)
	}
	if a.RankedBy == "" || a.Results[0].Text != "AL" || a.Results[3].Text != "DL" {
		t.Errorf("ranks: %v (%s)", a.Results, a.RankedBy)
	}
	// Its 5:1 and 6:1 are DL on every roll: the one flag.
	if len(a.Flags) != 1 || a.Flags[0].Code != FlagIdentical || a.Flags[0].Column != "6:1" {
		t.Errorf("flags %+v, want 5:1 and 6:1 identical", a.Flags)
	}
}

// PRESTAGS's CRT prints a row 7 that only a +1 the text gives (8.2) reads: without it as data, no roll of 1d6
// reaches the row, and at 2:1 its E is read nowhere else.
func TestPRESTAGSRowSeven(t *testing.T) {
	a := AnalyseTables(load(t, example("prestags"))).Tables[0]
	if !a.Analysed {
		t.Fatalf("not analysed: %v", a.Notes)
	}
	var row, e21 bool
	for _, f := range a.Flags {
		row = row || f.Code == FlagUnreachableRow
		e21 = e21 || f.Code == FlagUnreachableResult && f.Column == "2:1"
	}
	if !row || !e21 {
		t.Errorf("flags %+v: want row 7 unreachable and E at 2:1 unreachable", a.Flags)
	}
	// 8:1 is E on every roll; 1:2 is D on 5 and 6.
	if p := a.Column("8:1").P("E"); p.Cmp(value.Int(1)) != 0 {
		t.Errorf("8:1 E: %s", p)
	}
	if p := a.Column("1:2").P("D"); p.Cmp(value.Frac(1, 3)) != 0 {
		t.Errorf("1:2 D: %s", p)
	}
	if ex := a.Column("6:1").Expected; ex == nil || ex.DefenderShare.Cmp(value.Frac(5, 6)) != 0 || ex.DefenderLeaves.Cmp(value.Frac(2, 3)) != 0 {
		t.Errorf("6:1: ½E on 1-2, E on 3-6: share %+v", ex)
	}
}

// Rampant's CRT is read by CEV and the white die, not by rolling its rows: it gets a note, not odds.
func TestRampantCRTIsNotReadByRows(t *testing.T) {
	a := AnalyseTables(load(t, example("rampant"))).Tables[0]
	if a.Analysed || len(a.Notes) == 0 {
		t.Errorf("analysed %v, notes %v", a.Analysed, a.Notes)
	}
}

// A hand-made table: a column worse than the one before, two identical columns, a modifier that pushes the
// roll off the rows, a total no row is read for.
func TestTableFlags(t *testing.T) {
	tb := &content.Table{Meta: content.Meta{ID: "t"}, Type: "crt", Dice: "1d6", Columns: []string{"1:1", "2:1", "3:1", "4:1"},
		Rows: []content.TableRow{
			{Label: "1-2", Cells: []string{"AL", "DR", "AL", "DR"}},
			{Label: "3-4", Cells: []string{"AL", "DR", "DR", "DR"}},
			{Label: "5", Cells: []string{"DR", "DE", "DR", "DE"}},
		},
		Combat: &content.Combat{Modifiers: []content.RollModifier{{ID: "fort", Roll: -1}, {ID: "elite", Roll: 2}}}}
	a := AnalyseTable(tb, nil)
	if !a.Analysed {
		t.Fatalf("not analysed: %v", a.Notes)
	}
	got := map[string]int{}
	for _, f := range a.Flags {
		got[f.Code+" "+f.Column]++
	}
	for _, want := range []string{"not-monotone 3:1", "identical-columns 4:1", "off-table ", "no-row "} {
		if got[want] == 0 {
			t.Errorf("no %q flag in %+v", want, a.Flags)
		}
	}
	if len(a.Modified) != 3 { // fort, elite, both
		t.Fatalf("%d modifier combinations, want 3", len(a.Modified))
	}
	// +2: rolls 1-2 read 3-4, 3 reads 5, 4-6 fall past the rows and read 5. At 1:1: AL 2/6, DR 4/6.
	for _, m := range a.Modified {
		if m.Roll == 2 {
			if p := m.Columns[0].P("DR"); p.Cmp(value.Frac(2, 3)) != 0 {
				t.Errorf("+2 at 1:1: DR %s, want 2/3", p)
			}
		}
	}
	// Roll 6 has no row (a hole past the rows): read on row 5.
	if p := a.Column("1:1").P("DR"); p.Cmp(value.Frac(1, 3)) != 0 {
		t.Errorf("1:1 DR: %s, want 1/3", p)
	}
}
