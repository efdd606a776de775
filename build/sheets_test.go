package build

import (
	"bytes"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
)

// text is a PDF's text in reading order, then in content-stream order, spaces normalised: pdftotext's reading
// order may interleave a label on a map with the cell numbers it crosses, and break a cell's text over lines;
// the content stream's order (-raw) keeps each drawn text whole. Both are searched.
func text(t testing.TB, b []byte) string {
	t.Helper()
	return strings.Join(strings.Fields(pdfcheck.Text(t, b)), " ") + "\n" + strings.Join(strings.Fields(pdfcheck.Text(t, b, "-raw")), " ")
}

func has(t *testing.T, what, txt string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(txt, strings.Join(strings.Fields(w), " ")) {
			t.Errorf("%s: %q not found as text", what, w)
		}
	}
}

// The whole Highest Ground build: every output, every file named as documented, the same bytes twice, qpdf
// accepts every PDF (BenchmarkHighestGround measures the time).
func TestHighestGroundBuild(t *testing.T) {
	pkg := example(t, "highest-ground")
	res, err := Run(pkg, Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"charts.pdf", "counters.pdf", "maps/I.pdf", "maps/II.pdf", "maps/III.pdf", "maps/IV.pdf", "maps/introductory.pdf", "rosters.pdf", "scenarios/introductory.pdf"}
	var got []string
	for _, f := range res.Files {
		got = append(got, f.Path)
	}
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("files %v, want %v", got, want)
	}
	// The summary counts each document's pages as the PDF has them.
	for _, f := range res.Files {
		d, err := pdfcheck.Parse(f.Data)
		if err != nil {
			t.Fatal(err)
		}
		n := len(d.Pages)
		found := false
		for _, note := range res.Notes {
			if strings.HasPrefix(note, f.Path+":") && regexp.MustCompile(fmt.Sprintf(`\b%d pages?\b`, n)).MatchString(note) {
				found = true
			}
		}
		if !found && f.Path != CountersFile {
			t.Errorf("%s has %d pages; the summary says %q", f.Path, n, res.Notes)
		}
	}
	again, err := Run(example(t, "highest-ground"), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, f := range res.Files {
		if !bytes.Equal(f.Data, again.Files[i].Data) {
			t.Errorf("%s differs between two builds", f.Path)
		}
	}
	for _, f := range res.Files {
		pdfcheck.Check(t, f.Path, f.Data)
	}
}

// Charts are text: every row label and column of every table, the illustrative marks, the sources; the
// victory point record runs past the highest level.
func TestChartsAreText(t *testing.T) {
	for _, ex := range []string{"highest-ground", "prestags", "ancients"} {
		pkg := example(t, ex)
		_, files := run(t, pkg, Options{})
		txt := text(t, files[ChartsFile])
		for _, tb := range pkg.Package().Tables() {
			has(t, ex+" "+tb.ID, txt, tb.Title)
			for _, r := range tb.Rows {
				has(t, ex+" "+tb.ID, txt, r.Label)
			}
			for _, c := range tb.Columns {
				has(t, ex+" "+tb.ID, txt, c)
			}
		}
		if ex == "highest-ground" {
			has(t, ex, txt, "ILLUSTRATIVE: not the published chart", "Victory Point Record: Introductory Scenario", "Decisive Roman Victory", "More than 21")
		}
		if ex == "ancients" {
			has(t, ex, txt, "Appendix I. Melee Deployment Table", "superior (withdrawal fails)")
		}
	}
}

// The turn record has as many boxes as the scenario has turns (PRESTAGS example: 15), measured as 0.6in
// squares in the PDF.
func TestTurnRecordBoxes(t *testing.T) {
	pkg := example(t, "prestags")
	_, files := run(t, pkg, Options{})
	d := pdfcheck.Read(t, files[ChartsFile])
	n := 0
	for _, p := range d.Pages {
		rects, _ := p.Shapes()
		for _, r := range rects {
			if r.Stroke && pdfcheck.Near(r.W, 0.6*72, 0.01) && pdfcheck.Near(r.H, 0.6*72, 0.01) {
				n++
			}
		}
	}
	if n != 15 {
		t.Errorf("%d turn boxes, want 15", n)
	}
}

// A scenario sheet names every victory level with its printed bound, the sides, the boards; PRESTAGS's
// prints in the order of 11.1.
func TestScenarioSheets(t *testing.T) {
	pkg := example(t, "highest-ground")
	_, files := run(t, pkg, Options{})
	txt := text(t, files["scenarios/introductory.pdf"])
	sc := pkg.Package().Scenario("introductory")
	for _, l := range sc.Victory.Levels {
		has(t, "introductory", txt, l.Name, l.Text)
	}
	has(t, "introductory", txt, "Map II (board II): right of (east of) board I", "Allied (Feudal kingdoms and Mercenaries)", "Roman Empire",
		"Game length", "Not given by the scenario", "15.3.1: The Roman L4 leader unit (the Emperor) is not used.", "River forks (15.2)", "maps/introductory.pdf")

	pkg = example(t, "prestags")
	_, files = run(t, pkg, Options{})
	txt = text(t, files["scenarios/example-bridge.pdf"])
	order := []string{"(0.0) The Bridge at the Village", "A Force", "Units:", "VP:", "PL:", "Deployment:", "Stacking:", "Leadership:",
		"B Force", "Game Length", "Victory Conditions", "Terrain Modifications", "Special Rules"}
	at := 0
	for _, w := range order {
		i := strings.Index(txt[at:], w)
		if i < 0 {
			t.Fatalf("11.1: %q not found after position %d:\n%s", w, at, txt)
		}
		at += i + len(w)
	}
	for _, l := range pkg.Package().Scenario("example-bridge").Victory.Levels {
		has(t, "example-bridge", txt, l.Name, l.Text)
	}
	has(t, "example-bridge", txt, "16 (40% of VP)", "D-3 (within 3 hexes of Hex D (the village))", "Mt.Ex.")
}

// Rosters give each force's lines and totals, computed beside declared: De Gre's Carthaginians are published
// as 200 points but cost 203.
func TestRosters(t *testing.T) {
	pkg := example(t, "ancients")
	_, files := run(t, pkg, Options{})
	txt := text(t, files[RostersFile])
	has(t, "ancients", txt, "Computed total", "Declared total", "DIFFERS from the computed total 203")
	for _, f := range pkg.Package().Forces() {
		has(t, "ancients", txt, f.Name)
	}
	// PRESTAGS buys nothing with points: its rosters count what its System's roster names, Victory Points
	// (11.1, 13.0), the figures its scenario gives (VP 40 and 34), never a column of zero points.
	pkg = example(t, "prestags")
	_, files = run(t, pkg, Options{})
	if files[RostersFile] == nil {
		t.Fatal("PRESTAGS has no rosters: its System counts VP")
	}
	txt = text(t, files[RostersFile])
	has(t, "prestags", txt, "Computed total: 40 VP", "Computed total: 34 VP", "These rosters count VP, not points")
	if strings.Contains(txt, "0 points") {
		t.Errorf("PRESTAGS rosters print points:\n%s", txt)
	}
}

// --paper 23x35in puts the PRESTAGS map on one sheet; text sheets stay on letter.
func TestLargePaper(t *testing.T) {
	pkg := example(t, "prestags")
	p, _ := value.ParsePaper("23x35in")
	res, err := Run(pkg, Options{Paper: &p}, []string{"maps", "charts"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range res.Files {
		d := pdfcheck.Read(t, f.Data)
		pg := d.Pages[0]
		switch f.Path {
		case "maps/prestags-map.pdf":
			if !pdfcheck.Near(pg.Width(), 35*72, 0.01) || !pdfcheck.Near(pg.Height(), 23*72, 0.01) {
				t.Errorf("map page %gx%g", pg.Width(), pg.Height())
			}
		case ChartsFile:
			if !pdfcheck.Near(pg.Width(), value.Letter.Width, 0.01) && !pdfcheck.Near(pg.Height(), value.Letter.Width, 0.01) {
				t.Errorf("charts page %gx%g", pg.Width(), pg.Height())
			}
		}
	}
}

// --png adds a PNG per page of every map, chart, scenario and roster PDF.
func TestPNGPerPage(t *testing.T) {
	pkg := example(t, "highest-ground")
	res, err := Run(pkg, Options{PNG: true, PageDPI: 20}, []string{"maps", "charts", "scenarios", "rosters"})
	if err != nil {
		t.Fatal(err)
	}
	pages := map[string]int{}
	pngs := map[string]bool{}
	for _, f := range res.Files {
		if strings.HasSuffix(f.Path, ".pdf") {
			pages[f.Path] = len(pdfcheck.Read(t, f.Data).Pages)
		} else {
			pngs[f.Path] = true
		}
	}
	stems := map[string]string{"maps/II.pdf": "png/maps/II", "charts.pdf": "png/charts/charts", "scenarios/introductory.pdf": "png/scenarios/introductory", "rosters.pdf": "png/rosters/rosters"}
	for pdf, stem := range stems {
		for i := 1; i <= pages[pdf]; i++ {
			name := stem + "-page-0" + string(rune('0'+i)) + ".png"
			if !pngs[name] {
				t.Errorf("missing %s (for page %d of %s)", name, i, pdf)
			}
		}
		if pages[pdf] == 0 {
			t.Errorf("no %s", pdf)
		}
	}
}

// BenchmarkHighestGround is the whole Highest Ground build: counters, four boards, the map set, charts, the
// scenario sheet and the rosters.
func BenchmarkHighestGround(b *testing.B) {
	pkg := example(b, "highest-ground")
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(pkg, Options{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}
