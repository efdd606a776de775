package build

import (
	"math"
	"slices"
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

// Rampant's Alesia sheet prints each rule the content holds once and as the rules word it (issue 30, item 9):
// the Gauls' turn-1 choice is the tie of a rolled Initiative (not a first move), the Gaul forces' supplied
// counts and tribes are marked illustrative as the Roman lines are, the clash chart keeps Disorder's further
// -1 to a unit another limiting condition applies to, and the Gardens check's DRMs, on which the module rules
// and the series rules disagree, are printed both ways.
func TestRampantSaysEachRuleAsTheRulesDo(t *testing.T) {
	pkg := example(t, "rampant")
	_, files := run(t, pkg, Options{})
	words := func(name string) string { return readBack(t, name, files[name]).text }
	sheet, charts := words("scenarios/alesia-assault.pdf"), words("charts.pdf")
	for _, want := range []string{
		"holds the Initiative if turn 1's Initiative roll ties: this scenario's choice",
		"Source of The Gauls besieged in Alesia: Rampant, Alesia module rules (types, SPs, interior leaders); counts illustrative.",
		"Source of The Gaul relief army: Rampant, Alesia module rules (types, SPs, exterior leaders, tribes); tribes and counts illustrative.",
		"The rules disagree on its DRMs: the Alesia module rules give -2 out of range of all enemy missile units",
		"the series Terrain effects give -2 for Roman infantry",
	} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the Alesia sheet does not say %q:\n%s", want, sheet)
		}
	}
	for _, not := range []string{"moves first on turn 1 only", "have the Initiative on turn 1"} {
		if strings.Contains(sheet, not) {
			t.Errorf("the Alesia sheet says %q: the Gauls only hold a tied turn-1 Initiative, said once", not)
		}
	}
	if want := "A Disordered unit to which another limiting condition also applies takes a further -1 DRM"; !strings.Contains(charts, want) {
		t.Errorf("the clash chart does not say %q:\n%s", want, charts)
	}
}

// Fields of Honor's Isandlwana sheet and cards say what the content holds and no more (issue 30, item 10): the
// rules' year, not a supplied day; the rules' victory paragraph as they print it, without a sentence added
// inside it; where the 7 of 11 NNC companies the set-up does not place stand; and the 2-stand detachment's
// card shows 2 stands, as its force line prices it.
func TestIsandlwanaSaysWhatTheContentHolds(t *testing.T) {
	pkg := example(t, "fields-of-honor")
	_, files := run(t, pkg, Options{})
	sheet := readBack(t, "scenarios/isandlwana.pdf", files["scenarios/isandlwana.pdf"]).text
	for _, want := range []string{
		"Battle of Isandlwana (1879) 1879 ",
		"receives bonus points for each Objective which he controls. •",
		"(50in, 36in) from the table's north-west corner; the other 7: within 12in of The camp",
	} {
		if !strings.Contains(sheet, want) {
			t.Errorf("the Isandlwana sheet does not say %q:\n%s", want, sheet)
		}
	}
	for _, not := range []string{"22 January", "The player with more points wins."} {
		if strings.Contains(sheet, not) {
			t.Errorf("the Isandlwana sheet says %q, which the rules do not", not)
		}
	}
	// The cards: the mounted infantry's card reads 2 stands (its line's), in the block under its name (the
	// ancients style's second line, "formed, 2 stands", where the layout by place printed "x2" at its foot).
	d := pdfcheck.Read(t, files["counters.pdf"])
	found := false
	for _, p := range d.Pages {
		runs := p.TextRuns()
		for _, name := range runs {
			if name.Text != "Mounted infantry" {
				continue
			}
			found = true
			var block []string
			for _, r := range runs {
				// The counter is an inch square: its block lies under the name, within half an inch either side.
				if r.Y > name.Y && r.Y < name.Y+72 && math.Abs(r.X-name.X) < 36 {
					block = append(block, r.Text)
				}
			}
			if !slices.Contains(block, "formed, 2 stands") {
				t.Errorf("the mounted infantry's card reads %q under its name, want its line's 2 stands", block)
			}
		}
	}
	if !found {
		t.Error("no mounted infantry card on the counter sheet")
	}
}
