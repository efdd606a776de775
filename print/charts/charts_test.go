package charts

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// riverLine loads a copy of the river line, its System's text changed by edit (old, new pairs) and its files
// named in drop left out.
func riverLine(t *testing.T, drop []string, edit ...string) *content.Package {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "river-line")
	if err := os.CopyFS(dir, os.DirFS(filepath.Join("..", "..", "examples", "testdata", "river-line"))); err != nil {
		t.Fatal(err)
	}
	for _, f := range drop {
		must.Remove(t, filepath.Join(dir, f))
	}
	sys := filepath.Join(dir, "system.yaml")
	text := string(must.ReadFile(t, sys))
	for i := 0; i+1 < len(edit); i += 2 {
		if !strings.Contains(text, edit[i]) {
			t.Fatalf("system.yaml does not hold %q", edit[i])
		}
		text = strings.Replace(text, edit[i], edit[i+1], 1)
	}
	must.WriteFile(t, sys, []byte(text))
	pkg, ds := content.Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	return pkg
}

// chartText renders the charts and reads their text back, one space between words.
func chartText(t *testing.T, pkg *content.Package) string {
	t.Helper()
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := Render(pdf, pkg, Options{Paper: surface.PaperSize(value.Letter), Title: "River Line"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes())), " ")
}

// Weather effects written as sentences are joined as sentences (they were joined with "; " and ended ".."),
// phrases with semicolons; the movement modes, zones of control and terrain name classes and features by
// their names, not their ids; and the sequence of play is outlined as rulebooks outline it (a First and a
// Second Player-Turn, segments lettered A to E), naming the sides where every scenario agrees on them.
func TestChartsSayNamesAndSentences(t *testing.T) {
	pkg := riverLine(t, []string{"scenarios/bridgehead.yaml"},
		`effects: ["movement allowances halved (round up)", "no exploitation"]`,
		`effects: ["Rail movement is unaffected.", "All units' attack strength is halved."]`)
	txt := chartText(t, pkg)
	for _, want := range []string{
		"Mud: Rail movement is unaffected. All units' attack strength is halved.",
		"Frost: marsh costs 1.",
		"Infantry and Headquarters units",
		"Exerted by: Infantry, Armour and Cavalry units",
		"Not across: River",
		"1 Weather Phase both players",
		"2 First Player-Turn Southern Front",
		"A Replacement Segment the phasing player",
		"3 Second Player-Turn Northern Army As the First Player-Turn, A to E, the second player phasing.",
		"4 Turn Record Phase",
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("the charts do not say %q", want)
		}
	}
	for _, bad := range []string{".;", "..", "infantry and hq", "guards-army"} {
		if strings.Contains(txt, bad) {
			t.Errorf("the charts say %q", bad)
		}
	}
	// Two scenarios whose first sides have different names: the rules' words.
	if txt := chartText(t, riverLine(t, nil)); !strings.Contains(txt, "2 First Player-Turn the first player") || !strings.Contains(txt, "3 Second Player-Turn the second player") {
		t.Errorf("with two scenarios that name their sides apart, the sequence of play names them: %s", txt[:200])
	}
}

// PRESTAGS's charts say what its rules say and where they are read (issue 30, item 8): 4.2's outline as it is
// numbered (1. First Player-Turn, A-D; 2. Second Player-Turn; 3. Turn Record), 6.331's fire rules for Ff units
// (not all fire units), and the Combat Results Table's die as the reading of 3.5's "one die".
func TestPRESTAGSReadings(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "prestags"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	txt := chartText(t, pkg)
	for _, want := range []string{
		"1 First Player-Turn", "A Fire Combat Phase", "D Mutual Disruption Recovery Phase", "2 Second Player-Turn", "3 Turn Record",
		"Ff units: no fire from (6.331)", `the die is the game's "one die" (3.5), read as 1d6`,
	} {
		if !strings.Contains(txt, want) {
			t.Errorf("the charts do not say %q", want)
		}
	}
	if strings.Contains(txt, "no fire from (6.33)") {
		t.Error("the charts still apply 6.33 to every fire unit")
	}
}
