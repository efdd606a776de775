package scenario

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// The 11.1 format is signalled by the fields only it has: vp, panic level, leadership.
func TestFormat111(t *testing.T) {
	vp := value.Int(40)
	cases := []struct {
		side content.Side
		want bool
	}{
		{content.Side{ID: "a"}, false},
		{content.Side{ID: "a", VP: &vp}, true},
		{content.Side{ID: "a", PanicPercent: &vp}, true},
		{content.Side{ID: "a", Leadership: "Mt.Ex."}, true},
	}
	for _, c := range cases {
		sc := &content.Scenario{Sides: []content.Side{{ID: "b"}, c.side}}
		if got := Format111(sc); got != c.want {
			t.Errorf("%+v: %v, want %v", c.side, got, c.want)
		}
	}
}

// The map section names the map file and keys the sides' colours on the map, for a scenario on one plain map
// as for one on composed boards.
func TestMapSectionColours(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	for _, c := range []struct{ ex, sc, file, says string }{
		{"prestags", "example-bridge", "maps/example-bridge.pdf", "The map is printed to scale in maps/example-bridge.pdf"},
		{"highest-ground", "introductory", "maps/introductory.pdf", "The assembled map is printed to scale in maps/introductory.pdf"},
	} {
		pkg, ds := content.Load(filepath.Join("..", "..", "examples", c.ex))
		if pkg == nil {
			t.Fatal(ds)
		}
		if ds := pkg.Decode(nil); ds.HasErrors() {
			t.Fatal(ds)
		}
		sc := pkg.Scenario(c.sc)
		pdf := surface.NewPDF(surface.PDFOptions{})
		if err := Render(pdf, pkg, sc, Options{Paper: surface.PaperSize(value.Letter), MapFile: c.file}); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := pdf.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes())), " ")
		for _, w := range []string{c.says, "Colours on the map:", sc.Sides[0].Name, sc.Sides[1].Name} {
			if !strings.Contains(txt, w) {
				t.Errorf("%s: %q not on the sheet", c.sc, w)
			}
		}
	}
}

// A side's deployment on the sheet says where its zone is in the words of content.MapSet.DescribeZone, with the
// ground's cells (hexes), locations by their names and, on a table, the circle's radius.
func TestDeploymentSaysWhere(t *testing.T) {
	for _, c := range []struct{ ex, sc, want string }{
		{"prestags", "example-bridge", "within 3 hexes of Hex D (the village)"},
		{"fields-of-honor", "isandlwana", "within 12in of The camp"},
	} {
		pkg, ds := content.Load(filepath.Join("..", "..", "examples", c.ex))
		if pkg == nil {
			t.Fatal(ds)
		}
		if ds := pkg.Decode(nil); ds.HasErrors() {
			t.Fatal(ds)
		}
		sc := pkg.Scenario(c.sc)
		w := &writer{pkg: pkg, sc: sc}
		w.set, _ = pkg.MapSet(sc)
		if got := w.set.DescribeZone(sc.Sides[0].Deployment); got != c.want {
			t.Errorf("%s: deployment %q, want %q", c.sc, got, c.want)
		}
	}
}

// Where replacements enter: any of the places the entry names, or with all, those of them in supply.
func TestReplacementEntryWords(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "river-line"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	sc := pkg.Scenario("autumn-offensive")
	w := &writer{pkg: pkg, sc: sc}
	w.set, _ = pkg.MapSet(sc)
	for _, c := range []struct {
		e    content.ReplacementEntry
		want string
	}{
		{content.ReplacementEntry{Controlled: "city", Supply: true}, "a city the side controls or any hex in supply"},
		{content.ReplacementEntry{Controlled: "city", Supply: true, All: true}, "a city the side controls, in supply"},
		{content.ReplacementEntry{Supply: true, All: true}, "any hex in supply"},
	} {
		if got := w.replacementEntry(&c.e); got != c.want {
			t.Errorf("%+v: %q, want %q", c.e, got, c.want)
		}
	}
}

// On an area or point-to-point map the sheet names places by their names: the set-up, the zone, the
// entry, the objectives and the stacking rule ("per area"), and draws the map's miniature.
func TestPlacesByName(t *testing.T) {
	for _, c := range []struct {
		fixture, sc string
		says        []string
	}{
		{"area-good", "contest", []string{"North West; within 1 area of North West", "Objective Where Points castle-ne North East 2"}},
		{"p2p-good", "advance", []string{"corps 2 Alba, Brest", "1 corps Delm", "Fara"}},
	} {
		pkg, ds := content.Load(filepath.Join("..", "..", "validate", "testdata", "maps", c.fixture))
		if pkg == nil {
			t.Fatal(ds)
		}
		if ds := pkg.Decode(nil); ds.HasErrors() {
			t.Fatal(ds)
		}
		sc := pkg.Scenario(c.sc)
		pdf := surface.NewPDF(surface.PDFOptions{})
		if err := Render(pdf, pkg, sc, Options{Paper: surface.PaperSize(value.Letter), MapFile: "maps/x.pdf"}); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := pdf.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes())), " ")
		for _, w := range c.says {
			if !strings.Contains(txt, w) {
				t.Errorf("%s: %q not on the sheet:\n%s", c.sc, w, txt)
			}
		}
	}
}

// A unit set up on its back says so once, without parentheses in parentheses: "(on its back: Reduced)".
func TestSetUpStateReadsOnce(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "river-line"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := Render(pdf, pkg, pkg.Scenario("autumn-offensive"), Options{Paper: surface.PaperSize(value.Letter), MapFile: "maps/x.pdf"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes())), " ")
	if !strings.Contains(txt, "1209 (on its back: Reduced)") || strings.Contains(txt, "))") {
		t.Errorf("the sheet says: %s", txt)
	}
}

// An objective's note says on the sheet what its cells stand for: The Highest Ground's two bridges, each the two
// hexes it joins, are four bridge hexes as the package reads 15.4.1.
func TestObjectiveNote(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "highest-ground"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := Render(pdf, pkg, pkg.Scenario("introductory"), Options{Paper: surface.PaperSize(value.Letter), MapFile: "maps/x.pdf"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes())), " ")
	if !strings.Contains(txt, "Bridges (15.2, 15.4.1): two bridges, each the two hexes it joins: four bridge hexes") {
		t.Errorf("the sheet says: %s", txt)
	}
}

// A block game's sheet: blocks set up below full strength say so, the draw pools are listed with what they
// hold, how many a draw takes, into where, and what each draw finds left, and the Earl of Vane is a unit that
// changes sides.
func TestPoolsAndStrengthsOnTheSheet(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "marches"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := Render(pdf, pkg, pkg.Scenario("crown-war"), Options{Paper: surface.PaperSize(value.Letter), MapFile: "maps/x.pdf"}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes(), "-raw")), " ")
	for _, w := range []string{"Hart archers 3 Kingsbury (at strength 2); Harrowdale; Ambridge", "Draw pools", "The northern muster",
		"The royal muster", "4 Hart levy", "Kingsbury", "turn 2 (2 of 4), turn 4 (2 of 2)",
		"Units that change sides", "Earl of Vane House Hart Earl of Vane (turned) House Wyvern"} {
		if !strings.Contains(txt, w) {
			t.Errorf("%q not on the sheet:\n%s", w, txt)
		}
	}
}
