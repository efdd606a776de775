package analysis

import (
	"errors"
	"strconv"
	"strings"
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

// Every example with a combat table read by rolling its rows: each column (and each column under every
// combination of die-roll modifiers) adds up to exactly 1. The Highest Ground's CRT, by hand: at 3:1, D on
// 1-2, R on 3-4, Rt on 5-6 (thirds), the defender leaving on R and Rt; at 5:1 it always leaves.
func TestExampleTablesAddUpToOne(t *testing.T) {
	analysed := map[string]bool{}
	for _, name := range []string{"highest-ground", "highest-ground-barbarians", "prestags", "rampant", "testdata/river-line", "ancients", "fields-of-honor"} {
		for _, a := range AnalyseTables(load(t, example(name))).Tables {
			if !a.Analysed {
				continue
			}
			analysed[name] = true
			cols := a.Columns
			for _, m := range a.Modified {
				cols = append(cols, m.Columns...)
			}
			for _, c := range cols {
				if s := c.Sum(); s.Cmp(value.Int(1)) != 0 {
					t.Errorf("%s %s column %s adds up to %s", name, a.Table.ID, c.Column, s)
				}
			}
		}
	}
	for _, want := range []string{"highest-ground", "prestags", "testdata/river-line"} {
		if !analysed[want] {
			t.Errorf("%s: no combat table analysed", want)
		}
	}
	a := AnalyseTables(load(t, example("highest-ground"))).Tables[0]
	third := value.Frac(1, 3)
	for _, c := range []struct {
		col, result string
		p           value.Number
	}{{"3:1", "D", third}, {"3:1", "R", third}, {"3:1", "Rt", third}, {"3:1", "E", value.Number{}}, {"5:1", "E", third}, {"1:2", "-", value.Frac(1, 2)}} {
		if got := a.Column(c.col).P(c.result); got.Cmp(c.p) != 0 {
			t.Errorf("THG %s %s: %s, want %s", c.col, c.result, got, c.p)
		}
	}
	if ex := a.Column("3:1").Expected; ex == nil || ex.DefenderLeaves.Cmp(value.Frac(2, 3)) != 0 {
		t.Errorf("THG 3:1 defender leaves: %+v", ex)
	}
	if ex := a.Column("5:1").Expected; ex == nil || ex.DefenderLeaves.Cmp(value.Int(1)) != 0 || ex.DefenderShare.Cmp(third) != 0 {
		t.Errorf("THG 5:1: %+v", ex)
	}
}

// twoDiceTable is a 2d6 table of ten columns and three die-roll modifiers (illustrative: the benchmark's and
// a hand check's).
func twoDiceTable() *content.Table {
	tb := &content.Table{Meta: content.Meta{ID: "2d6"}, Type: "crt", Dice: "2d6",
		Combat: &content.Combat{
			Results:   []content.ResultDef{{Result: "AE"}, {Result: "AR"}, {Result: "NE"}, {Result: "DR"}, {Result: "DE"}},
			Modifiers: []content.RollModifier{{ID: "a", Roll: 1}, {ID: "b", Roll: -2}, {ID: "c", Roll: 3}}}}
	results := []string{"AE", "AR", "NE", "DR", "DE"}
	for j := range 10 {
		tb.Columns = append(tb.Columns, strconv.Itoa(j+1)+":1")
	}
	for _, span := range [][2]int{{2, 3}, {4, 5}, {6, 8}, {9, 10}, {11, 12}} {
		row := content.TableRow{Label: strconv.Itoa(span[0]) + "-" + strconv.Itoa(span[1])}
		for j := range 10 {
			row.Cells = append(row.Cells, results[min(len(results)-1, (span[0]/3+j/3))])
		}
		tb.Rows = append(tb.Rows, row)
	}
	return tb
}

// 2d6 by hand: 2-3 is 3/36, 4-5 7/36, 6-8 16/36, 9-10 7/36, 11-12 3/36; +3 moves 9 and up past the rows
// (read on 11-12) and 2 to 5; all three modifiers (+2) read 2 on 4-5.
func TestTwoDiceTable(t *testing.T) {
	a := AnalyseTable(twoDiceTable(), nil)
	if !a.Analysed || len(a.Modified) != 7 {
		t.Fatalf("analysed %v, %d combinations: %v", a.Analysed, len(a.Modified), a.Notes)
	}
	c := a.Column("1:1") // AE AR AR DR DR: rows 2-3 (2/3=0), 4-5 (1), 6-8 (2), 9-10 (3), 11-12 (3)
	for _, w := range []struct {
		r string
		p value.Number
	}{{"AE", value.Frac(3, 36)}, {"AR", value.Frac(7, 36)}, {"NE", value.Frac(16, 36)}, {"DR", value.Frac(10, 36)}} {
		if got := c.P(w.r); got.Cmp(w.p) != 0 {
			t.Errorf("1:1 %s: %s, want %s", w.r, got, w.p)
		}
	}
	for _, m := range a.Modified {
		if strings.Join(m.Modifiers, "+") == "c" {
			// +3: rolls 2 (1/36) read 5 (AR); 3-5 (9/36) read 6-8 (NE); 6-7 (11/36) read 9-10 (DR); 8-12 (15/36) read 11-12 (DR).
			if got := m.Columns[0].P("DR"); got.Cmp(value.Frac(26, 36)) != 0 {
				t.Errorf("+3 at 1:1: DR %s, want 26/36", got)
			}
		}
	}
}

func BenchmarkTwoDiceTenColumnsThreeModifiers(b *testing.B) {
	tb := twoDiceTable()
	defer reportCPU(b)()
	for b.Loop() {
		if a := AnalyseTable(tb, nil); !a.Analysed {
			b.Fatal(a.Notes)
		}
	}
}

// A dice expression of 10^9 rolls is summed total by total in well under the limit; one of 1000d1000 is
// refused at the limit with a note, never rolled.
func TestHugeDiceAreBounded(t *testing.T) {
	tb := twoDiceTable()
	tb.Dice = "1000d1000"
	a := AnalyseTable(tb, nil)
	if a.Analysed || len(a.Notes) == 0 || !strings.Contains(a.Notes[0], "more than muster's") {
		t.Errorf("1000d1000: analysed %v, notes %v", a.Analysed, a.Notes)
	}
}

// A content fixture of crooked tables: a CRT whose 3:1 is worse than its 2:1 (and the same as its 1:1) is
// flagged at 3:1; nine ten-sided dice (10^9 rolls) are read exactly, half below 50; a thousand thousand-sided
// dice are refused at the limit with a note saying so.
func TestCrookedTables(t *testing.T) {
	r := AnalyseTables(load(t, "testdata/crooked"))
	byID := map[string]*TableAnalysis{}
	for _, a := range r.Tables {
		byID[a.Table.ID] = a
	}
	c := byID["crooked-crt"]
	if c == nil || !c.Analysed {
		t.Fatalf("crooked-crt: %+v", c)
	}
	var flags []string
	for _, f := range c.Flags {
		flags = append(flags, f.Code+" "+f.Column+": "+f.Message)
	}
	want := []string{
		"not-monotone 3:1: 3:1 is worse for the attacker than 2:1: NE or better is rolled 66.7% of the time at 3:1 against 100.0% at 2:1",
		"identical-columns 3:1: 1:1 and 3:1 give every result with the same odds",
	}
	if strings.Join(flags, "\n") != strings.Join(want, "\n") {
		t.Errorf("flags:\n%s\nwant\n%s", strings.Join(flags, "\n"), strings.Join(want, "\n"))
	}
	b := byID["billion-rolls"]
	if b == nil || !b.Analysed || b.Rolls.Total.String() != "1000000000" || b.Columns[0].P("AL").Cmp(value.Frac(1, 2)) != 0 {
		t.Errorf("9d10: %+v", b)
	}
	h := byID["huge-dice"]
	if h == nil || h.Analysed || len(h.Notes) != 1 || !strings.Contains(h.Notes[0], "1000d1000 has 999001 totals") {
		t.Errorf("1000d1000: %+v", h)
	}
}
