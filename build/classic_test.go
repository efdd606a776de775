package build

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// in reports whether a word lies inside a rectangle.
func in(w pdfcheck.Word, r pdfcheck.Rect) bool {
	return w.XMin >= r.X-0.5 && w.XMax <= r.X+r.W+0.5 && w.YMin >= r.Y-0.5 && w.YMax <= r.Y+r.H+0.5
}

// The Autumn Offensive's turn record, measured on the charts PDF: its two mud turns (5 and 6) are boxes
// filled in mud's colour, TurnBoxWidth wide, side by side; each holds its turn number at its top-left, its
// date at its top-right and MUD; turn 5's box says the reinforcement that enters then, and turn 6's the
// guards corps that becomes available.
func TestRiverLineTurnRecordMeasured(t *testing.T) {
	pkg := example(t, "testdata/river-line")
	_, files := run(t, pkg, Options{})
	pdf := files["charts.pdf"]
	doc := pdfcheck.Read(t, pdf)
	sys := pkg.Package().System
	var mud surface.Color
	for _, w := range sys.Weather {
		if w.ID == "mud" {
			c, err := surface.Hex(w.Colour)
			if err != nil {
				t.Fatal(err)
			}
			mud = c
		}
	}
	var boxes []pdfcheck.Rect
	page := -1
	for i, pg := range doc.Pages {
		rects, _ := pg.Shapes()
		for _, r := range filledOnly(rects, rgb(mud)) {
			if pdfcheck.Near(r.W, charts.TurnBoxWidth, 0.01) {
				boxes = append(boxes, r)
				page = i
			}
		}
	}
	if len(boxes) != 2 {
		t.Fatalf("%d mud-coloured turn boxes, want 2 (turns 5 and 6): %+v", len(boxes), boxes)
	}
	if !pdfcheck.Near(boxes[1].X-boxes[0].X, charts.TurnBoxWidth, 0.01) || !pdfcheck.Near(boxes[0].Y, boxes[1].Y, 0.01) {
		t.Errorf("the mud boxes are not side by side: %+v", boxes)
	}
	ws := pdfcheck.Words(t, pdf)
	inBox := func(b pdfcheck.Rect) []pdfcheck.Word {
		var out []pdfcheck.Word
		for _, w := range ws {
			if w.Page == page && in(w, b) {
				out = append(out, w)
			}
		}
		return out
	}
	for i, want := range []struct {
		turn, date string
		says       []string
	}{
		{"5", "Oct 5", []string{"MUD", "Northern:", "Inf"}},
		{"6", "Oct 12", []string{"MUD", "Avail.", "Southern:", "Gds"}},
	} {
		b := boxes[i]
		got := inBox(b)
		var text []string
		for _, w := range got {
			text = append(text, w.Text)
		}
		joined := " " + strings.Join(text, " ") + " "
		if len(got) == 0 || got[0].Text != want.turn || got[0].XMin > b.X+4 || got[0].YMin > b.Y+4 {
			t.Errorf("turn %s: the box's first word should be its number at the top-left: %+v in %+v", want.turn, got, b)
		}
		if !strings.Contains(joined, " "+want.date+" ") {
			t.Errorf("turn %s: no date %q in the box: %q", want.turn, want.date, joined)
		}
		for _, w := range got {
			if w.Text == strings.Fields(want.date)[0] && w.XMin < b.X+b.W/2 {
				t.Errorf("turn %s: the date should sit at the box's right: %+v in %+v", want.turn, w, b)
			}
		}
		for _, s := range want.says {
			if !strings.Contains(joined, " "+s+" ") {
				t.Errorf("turn %s: the box does not say %q: %q", want.turn, s, joined)
			}
		}
	}
}

// The Autumn Offensive's sheet says the set-up state, the replacement schedule and victory by control.
func TestRiverLineScenarioSheetSaysTheClassicContent(t *testing.T) {
	pkg := example(t, "testdata/river-line")
	_, files := run(t, pkg, Options{})
	var text []string
	for _, w := range pdfcheck.Words(t, files["scenarios/autumn-offensive.pdf"]) {
		text = append(text, w.Text)
	}
	all := strings.Join(text, " ")
	for _, want := range []string{
		"1209 (on its back: Reduced)",
		"1503 (with Out of supply marker)",
		"Replacements",
		"Replacements Side Turns Southern Front 3, 6, 9 Northern Army",
		"2 points 2, 4, 6, 8, 10 1 step",
		"Infantry units; rifle corps only any hex in supply Northern infantry corps a city the side controls",
		"Controls: Hollin, Meer and Vado",
		"1 Northern infantry corps (lost in the summer; may be rebuilt) begin in the pool of eliminated units",
		"at any moment (sudden death) Southern Front controls Hollin and Vado",
	} {
		if !strings.Contains(all, want) {
			t.Errorf("the sheet does not say %q:\n%s", want, all)
		}
	}
}

// PRESTAGS's example scenario decides by control (11.24) and its sheet says, beside those conditions, what
// control is (11.3), from the System.
func TestControlRuleBesideTheConditions(t *testing.T) {
	pkg := example(t, "prestags")
	_, files := run(t, pkg, Options{})
	var text []string
	for _, w := range pdfcheck.Words(t, files["scenarios/example-bridge.pdf"]) {
		text = append(text, w.Text)
	}
	all := strings.Join(text, " ")
	want := "Control: " + pkg.Package().System.Control.Text + " (PRESTAGS 11.3)"
	if !strings.Contains(all, want) {
		t.Errorf("the sheet does not say %q:\n%s", want, all)
	}
}
