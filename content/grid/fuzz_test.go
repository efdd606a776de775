package grid

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// FuzzLabels builds a numbering from arbitrary parts (each scheme, widths, first numbers, patterns, boards,
// grid bounds) and checks its round trips. A cell the numbering can write (inside the grid bounds, every
// fixed-width number within its width) formats to a label that parses back to that cell, or is reported
// ambiguous; it never parses as another cell. Any text that parses is the canonical label of what it parsed
// to: formatting the result gives the same text. Nothing panics.
//
//	go test -run '^$' -fuzz '^FuzzLabels$' -fuzztime 5m ./content/grid/
func FuzzLabels(f *testing.F) {
	type seed struct {
		scheme          uint8
		pattern         string
		width           int8
		firstCol, first uint16
		boards          string
		cols, rows      uint16
		col, row        uint16
		label           string
	}
	for _, s := range []seed{
		{0, "", 0, 1, 1, "", 0, 0, 0, 0, "0101"},
		{1, "", 0, 1, 1, "", 0, 0, 11, 22, "1223"},
		{1, "", 3, 0, 0, "", 0, 0, 7, 120, "007120"},
		{2, "", 0, 0, 1, "", 0, 0, 2, 7, "C08"},
		{2, "", 0, 0, 1, "", 0, 0, 53, 9, "BBB10"},
		{2, "", -1, 0, 1, "", 0, 0, 2, 7, "C8"},
		{3, "{row}-{col}", 0, 1, 1, "", 0, 0, 4, 11, "12-5"},
		{3, "{col:letter}{row:02}", 0, 0, 1, "", 0, 0, 0, 0, "A01"},
		{3, "hex {row:letter}.{col:3}", 0, 0, 0, "", 0, 0, 4, 1, "hex B.004"},
		{2, "", 0, 0, 1, "I,II,III,IV", 0, 0, 2, 7, "IIC08"},
		{2, "", 0, 0, 1, "I,II,III", 30, 10, 8, 7, "III08"},
		{2, "", 0, 0, 1, "I,II,III,IV", 34, 60, 25, 9, "IVZ10"},
		{0, "", 0, 1, 1, "a,b", 0, 0, 3, 4, "a0405"},
		{3, "{col:letter}{row}", 0, 0, 0, "N,S", 0, 0, 30, 2, "NEE2"},
		{3, "{row:letter}{col:02}{board}", 0, 0, 0, "1,2", 0, 0, 12, 3, "D121"},
		{3, "{row:2}{col:3}", 0, 0, 0, "", 0, 0, 5, 6, "06005"},
		{3, "{col}0{row:02}", 0, 1, 1, "", 0, 0, 9, 4, "10005"},
		{0, "", 2, 0, 0, "", 0, 0, 123, 5, "12305"},
		{3, "{col}{row}", 0, 0, 0, "", 0, 0, 1, 1, "11"},
		{2, "", 0, 0, 1, "", 0, 0, 2, 7, "CD08"},
	} {
		f.Add(s.scheme, s.pattern, s.width, s.firstCol, s.first, s.boards, s.cols, s.rows, s.col, s.row, s.label)
	}
	schemes := []string{"", "ccrr", "letter", "pattern"}
	f.Fuzz(func(t *testing.T, scheme uint8, pattern string, width int8, firstCol, firstRow uint16, boards string,
		cols, rows uint16, col, row uint16, label string) {
		spec := NumberingSpec{Scheme: schemes[int(scheme)%len(schemes)], Pattern: pattern, Width: int(width),
			FirstCol: int(firstCol), FirstRow: int(firstRow), Cols: int(cols % 300), Rows: int(rows % 300)}
		if boards != "" {
			spec.Boards = strings.Split(boards, ",")
			if len(spec.Boards) > 8 {
				return
			}
		}
		n, err := NewNumbering(spec)
		if err != nil {
			return
		}
		c := Cell{int(col), int(row)}
		written := n.Format(c)
		if written == "" {
			t.Fatalf("%+v: Format(%v) is empty", spec, c)
		}
		if n.canWrite(c) {
			got, err := n.Parse(written)
			checkRoundTrip(t, spec, c, written, "", got, "", err)
			for _, b := range spec.Boards[:min(len(spec.Boards), 3)] {
				l, err := n.FormatBoard(b, c)
				if err != nil {
					t.Fatalf("%+v: FormatBoard(%q, %v): %v", spec, b, c, err)
				}
				gb, got, err := n.ParseBoard(l)
				checkRoundTrip(t, spec, c, l, b, got, gb, err)
			}
		}
		if got, err := n.Parse(label); err == nil {
			if got.Col < 0 || got.Row < 0 || spec.Cols > 0 && got.Col >= spec.Cols || spec.Rows > 0 && got.Row >= spec.Rows {
				t.Fatalf("%+v: Parse(%q) = %v, off the grid", spec, label, got)
			}
			if back := n.Format(got); back != label {
				t.Fatalf("%+v: Parse(%q) = %v, which formats as %q", spec, label, got, back)
			}
		} else if !errors.As(err, new(*ParseError)) {
			t.Fatalf("%+v: Parse(%q): %v is not a ParseError", spec, label, err)
		}
		if len(spec.Boards) > 0 {
			if b, got, err := n.ParseBoard(label); err == nil {
				if back, err := n.FormatBoard(b, got); err != nil || back != label {
					t.Fatalf("%+v: ParseBoard(%q) = %q %v, which formats as %q (%v)", spec, label, b, got, back, err)
				}
			}
		}
		labels := []string{written, "A01", "0101"}
		for _, s := range Suggest(label, labels) {
			if !slices.Contains(labels, s) {
				t.Fatalf("Suggest(%q) invented %q", label, s)
			}
		}
	})
}

// canWrite reports whether c is inside the numbering's grid bounds and every fixed-width number of its label
// fits its width: the cells whose labels the numbering promises to read back (Check tests a whole grid).
func (n *Numbering) canWrite(c Cell) bool {
	if n.spec.Cols > 0 && c.Col >= n.spec.Cols || n.spec.Rows > 0 && c.Row >= n.spec.Rows {
		return false
	}
	for _, f := range n.fields {
		v := c.Col + n.spec.FirstCol
		if f.kind == fRow {
			v = c.Row + n.spec.FirstRow
		}
		if f.fixed && !f.letter && ndigits(v) > f.width {
			return false
		}
	}
	return true
}

func checkRoundTrip(t *testing.T, spec NumberingSpec, c Cell, label, board string, got Cell, gotBoard string, err error) {
	t.Helper()
	var pe *ParseError
	switch {
	case err == nil && (got != c || gotBoard != board):
		t.Fatalf("%+v: %v on board %q is written %q, which reads as %v on board %q", spec, c, board, label, got, gotBoard)
	case err != nil && !(errors.As(err, &pe) && pe.Reason == "is ambiguous"):
		t.Fatalf("%+v: %v on board %q is written %q, which does not read back: %v", spec, c, board, label, err)
	}
}
