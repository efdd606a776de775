package grid

import (
	"errors"
	"reflect"
	"testing"
)

func mustNumbering(t testing.TB, s NumberingSpec) *Numbering {
	t.Helper()
	n, err := NewNumbering(s)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestNumberingExamples(t *testing.T) {
	cases := []struct {
		spec  NumberingSpec
		cell  Cell
		label string
	}{
		{NumberingSpec{FirstCol: 1, FirstRow: 1}, Cell{0, 0}, "0101"},
		{NumberingSpec{Scheme: "ccrr", FirstCol: 1, FirstRow: 1}, Cell{11, 22}, "1223"},
		{NumberingSpec{Scheme: "ccrr", Width: 3}, Cell{7, 120}, "007120"},
		{NumberingSpec{Scheme: "letter", FirstRow: 1}, Cell{2, 7}, "C08"},
		{NumberingSpec{Scheme: "letter", FirstRow: 1}, Cell{26, 0}, "AA01"},
		{NumberingSpec{Scheme: "letter", FirstRow: 1}, Cell{53, 9}, "BBB10"},
		{NumberingSpec{Scheme: "letter", Width: -1, FirstRow: 1}, Cell{2, 7}, "C8"},
		{NumberingSpec{Scheme: "pattern", Pattern: "{row}-{col}", FirstCol: 1, FirstRow: 1}, Cell{4, 11}, "12-5"},
		{NumberingSpec{Scheme: "pattern", Pattern: "{col:letter}{row:02}", FirstRow: 1}, Cell{0, 0}, "A01"},
		{NumberingSpec{Scheme: "pattern", Pattern: "hex {row:letter}.{col:3}"}, Cell{4, 1}, "hex B.004"},
	}
	for _, c := range cases {
		n := mustNumbering(t, c.spec)
		if got := n.Format(c.cell); got != c.label {
			t.Errorf("%+v: Format(%v) = %q, want %q", c.spec, c.cell, got, c.label)
		}
		if got, err := n.Parse(c.label); err != nil || got != c.cell {
			t.Errorf("%+v: Parse(%q) = %v, %v", c.spec, c.label, got, err)
		}
	}
	boards := mustNumbering(t, NumberingSpec{Scheme: "letter", FirstRow: 1, Boards: []string{"I", "II", "III", "IV"}})
	b, c, err := boards.ParseBoard("IIC08")
	if err != nil || b != "II" || c != (Cell{2, 7}) {
		t.Errorf("ParseBoard(IIC08) = %q %v %v", b, c, err)
	}
	if l, err := boards.FormatBoard("IV", Cell{25, 9}); err != nil || l != "IVZ10" {
		t.Errorf("FormatBoard = %q %v", l, err)
	}
	if _, err := boards.FormatBoard("V", Cell{}); err == nil {
		t.Error("unknown board accepted")
	}
	if l := boards.Format(Cell{2, 7}); l != "C08" {
		t.Errorf("Format without board = %q", l)
	}
}

func TestNumberingErrors(t *testing.T) {
	n := mustNumbering(t, NumberingSpec{Scheme: "letter", FirstRow: 1})
	for _, bad := range []string{"", "C8", "C008", "c08", "CD08", "C0", "08C", "C08x", "IIC08"} {
		if c, err := n.Parse(bad); err == nil {
			t.Errorf("Parse(%q) = %v", bad, c)
		} else {
			var pe *ParseError
			if !errors.As(err, &pe) || pe.Label != bad {
				t.Errorf("Parse(%q) error %v", bad, err)
			}
		}
	}
	for _, spec := range []NumberingSpec{
		{Scheme: "nope"},
		{Scheme: "pattern", Pattern: "{col}{row}"},
		{Scheme: "pattern", Pattern: "{col:letter}{row:letter}"},
		{Scheme: "pattern", Pattern: "{col}"},
		{Scheme: "pattern", Pattern: "{col}-{row}-{col}"},
		{Scheme: "pattern", Pattern: "{col:x}-{row}"},
		{Scheme: "pattern", Pattern: "{col-{row}"},
		{Scheme: "pattern", Pattern: "{col}}-{row}"},
		{Scheme: "pattern", Pattern: "{board}{col}-{row}"},
		{Scheme: "ccrr", Width: -1},
		{FirstCol: -1},
		{Boards: []string{"I", "I"}},
		{Boards: []string{""}},
		{Cols: -1},
	} {
		if _, err := NewNumbering(spec); err == nil {
			t.Errorf("NewNumbering(%+v) accepted", spec)
		}
	}
	if l := n.Format(Cell{-1, 0}); l != "" {
		t.Errorf("Format(-1,0) = %q", l)
	}
	// Board names that run into letter columns: "I"+"II08" and "II"+"I08"
	// would read the same, so such labels are reported as ambiguous.
	amb := mustNumbering(t, NumberingSpec{Scheme: "letter", FirstRow: 1, Boards: []string{"I", "II", "III"}})
	if _, _, err := amb.ParseBoard("III08"); err == nil {
		t.Error("ambiguous label accepted")
	}
	if err := amb.Check(40, 10); err == nil {
		t.Error("Check passed an ambiguous scheme")
	}
	bounded := mustNumbering(t, NumberingSpec{Scheme: "letter", FirstRow: 1, Boards: []string{"I", "II", "III"}, Cols: 30, Rows: 10})
	if b, c, err := bounded.ParseBoard("III08"); err != nil || b != "II" || c != (Cell{8, 7}) {
		t.Errorf("bounded ParseBoard(III08) = %q %v %v", b, c, err)
	}
	if _, err := bounded.Parse("A11"); err == nil {
		t.Error("bounded Parse accepted row 11 of 10")
	}
	if err := mustNumbering(t, NumberingSpec{}).Check(101, 5); err == nil {
		t.Error("Check passed ccrr width 2 with 101 columns")
	}
}

func TestNumberingRoundTrip(t *testing.T) {
	specs := []NumberingSpec{
		{FirstCol: 1, FirstRow: 1},
		{Scheme: "ccrr"},
		{Scheme: "ccrr", Width: 3, FirstCol: 1, FirstRow: 1},
		{Scheme: "letter", FirstRow: 1},
		{Scheme: "letter", Width: -1, FirstRow: 1},
		{Scheme: "letter", FirstRow: 1, Boards: []string{"I", "II", "III", "IV"}, Cols: 34, Rows: 60},
		{FirstCol: 1, FirstRow: 1, Boards: []string{"a", "b"}},
		{Scheme: "pattern", Pattern: "{row}-{col}", FirstCol: 1, FirstRow: 1},
		{Scheme: "pattern", Pattern: "{col:letter}{row}", Boards: []string{"N", "S"}},
		{Scheme: "pattern", Pattern: "{row:letter}{col:02}{board}", Boards: []string{"1", "2"}},
		{Scheme: "pattern", Pattern: "{row:2}{col:3}"},
	}
	for _, s := range specs {
		n := mustNumbering(t, s)
		if err := n.Check(34, 60); err != nil {
			t.Errorf("%+v: %v", s, err)
		}
	}
	n := mustNumbering(t, NumberingSpec{Scheme: "ccrr", Width: 3, FirstCol: 1, FirstRow: 1})
	if err := n.Check(200, 200); err != nil {
		t.Error(err)
	}
}

func TestSuggest(t *testing.T) {
	n := mustNumbering(t, NumberingSpec{Scheme: "letter", FirstRow: 1, Boards: []string{"I", "II", "III", "IV"}})
	var labels []string
	for _, b := range []string{"I", "II", "III", "IV"} {
		for col := 0; col < 10; col++ {
			for row := 0; row < 10; row++ {
				l, _ := n.FormatBoard(b, Cell{col, row})
				labels = append(labels, l)
			}
		}
	}
	got := Suggest("IICo8", labels)
	if len(got) == 0 || got[0] != "IIC08" {
		t.Errorf("Suggest(IICo8) = %v", got)
	}
	if got := Suggest("IIC08", labels); !reflect.DeepEqual(got, []string{"IIC08"}) {
		t.Errorf("exact Suggest = %v", got)
	}
	if got := Suggest("lVA1O", labels); len(got) == 0 || got[0] != "IVA10" {
		t.Errorf("Suggest(lVA1O) = %v", got)
	}
	if got := Suggest("IIC80", labels); len(got) == 0 || got[0] != "IIC08" {
		t.Errorf("Suggest(IIC80) transposition = %v", got)
	}
	if got := Suggest("XYZZY", labels); len(got) != 0 {
		t.Errorf("Suggest(XYZZY) = %v", got)
	}
	for _, s := range Suggest("IIC8", labels) {
		if c := editCost("IIC8", s, new([]int), new([]int), new([]int)); c > 4 {
			t.Errorf("suggestion %q at cost %d", s, c)
		}
	}
}
