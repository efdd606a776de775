package flow

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/surface"
)

// Wrapped lines fit the width, keep every word in order, and cut only words longer than a line.
func TestWrap(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	f := surface.Font{Size: 9}
	text := "The Roman player receives 1 point for each unit to cross the river and exit the East side of the map, averyveryverylongwordthatcannotfit-anywhere/at-all"
	lines := Wrap(m, text, f, 80)
	for _, l := range lines {
		if m.MeasureText(l, f) > 80 {
			t.Errorf("%q is wider than 80pt", l)
		}
	}
	if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(text, " ", "") {
		t.Errorf("words lost: %q", lines)
	}
	if got := Wrap(m, "a\nb", f, 100); len(got) != 2 {
		t.Errorf("newline: %q", got)
	}
}

// A table wider than the page shrinks its font or wraps, and reports whether it fits.
func TestTableFits(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	tb := &Table{Header: []string{"Corner", "A", "B"}, Rows: [][]string{{"row", "a long cell of several words", "x"}}}
	if !tb.Fits(m, 200) {
		t.Error("a small table does not fit 200pt")
	}
	wide := &Table{Header: []string{"Game-Turn"}}
	for i := 0; i < 60; i++ {
		wide.Header = append(wide.Header, "column")
	}
	if wide.Fits(m, 540) {
		t.Error("60 columns fit a letter page")
	}
	ws, _ := tb.widths(m, CellFont, 60)
	sum := 0.0
	for _, w := range ws {
		sum += w
	}
	if sum > 60.01 {
		t.Errorf("widths %v exceed 60pt", ws)
	}
}
