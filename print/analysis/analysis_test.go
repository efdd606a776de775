package analysis

import (
	"bytes"
	"math"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content"
	an "github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

func load(t *testing.T, name string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", filepath.FromSlash(name)))
	if pkg == nil {
		t.Fatal(ds)
	}
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return pkg
}

func render(t *testing.T, draw func(s surface.Surface) error) *pdfcheck.Doc {
	t.Helper()
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := draw(pdf); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	doc, err := pdfcheck.Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return doc
}

// The river line's CRT chart: each result's bar in each column is as long as its probability of the track
// (DL at 6:1 fills it, at 3:1 a third), dark on a light track, so it reads in greyscale.
func TestTableChartBars(t *testing.T) {
	pkg := load(t, "testdata/river-line")
	rep := an.AnalyseTables(pkg)
	doc := render(t, func(s surface.Surface) error { return Tables(s, pkg, rep, Options{Title: "River Line"}) })
	if len(doc.Pages) != 1 {
		t.Fatalf("%d pages, want 1", len(doc.Pages))
	}
	rects, _ := doc.Pages[0].Shapes()
	ink := [3]float64{float64(BarInk.R) / 255, float64(BarInk.G) / 255, float64(BarInk.B) / 255}
	track := [3]float64{float64(BarTrack.R) / 255, float64(BarTrack.G) / 255, float64(BarTrack.B) / 255}
	var bars, tracks []pdfcheck.Rect
	for _, r := range rects {
		switch {
		case r.Fill && near3(r.RGB, ink):
			bars = append(bars, r)
		case r.Fill && near3(r.RGB, track):
			tracks = append(tracks, r)
		}
	}
	a := rep.Tables[0]
	// A track for every result and column, and for the defender leaving; a bar for every probability above 0.
	wantTracks := (len(a.Results) + 1) * len(a.Columns)
	if len(tracks) != wantTracks {
		t.Fatalf("%d tracks, want %d", len(tracks), wantTracks)
	}
	full := tracks[0].W
	nonzero := 0
	for _, c := range a.Columns {
		for _, r := range c.Results {
			if r.P.Sign() > 0 {
				nonzero++
			}
		}
		if c.Expected.DefenderLeaves.Sign() > 0 {
			nonzero++
		}
	}
	if len(bars) != nonzero {
		t.Fatalf("%d bars, want %d", len(bars), nonzero)
	}
	// Bar lengths, as fractions of the track, are the probabilities (and so add up to a column's width).
	widths := map[float64]int{}
	for _, b := range bars {
		widths[math.Round(b.W/full*6)/6]++
	}
	for _, want := range []float64{1, 2.0 / 3, 1.0 / 3, 1.0 / 6, 0.5} {
		if widths[math.Round(want*6)/6] == 0 {
			t.Errorf("no bar of %.3f of the track: %v", want, widths)
		}
	}
	if l := surface.Contrast(BarInk, BarTrack); l < 4.5 {
		t.Errorf("bar against track: contrast %.1f, want 4.5 or more in greyscale", l)
	}
}

func near3(a, b [3]float64) bool {
	return math.Abs(a[0]-b[0]) < 0.01 && math.Abs(a[1]-b[1]) < 0.01 && math.Abs(a[2]-b[2]) < 0.01
}

// The greys of the turns run from dark to light, each apart from the next, and white is never reached.
func TestTurnShades(t *testing.T) {
	prev := -1
	for turn := 1; turn <= 10; turn++ {
		c := TurnShade(turn, 10)
		if c.R != c.G || c.G != c.B || int(c.R) <= prev+10 || c.R > 0xe8 {
			t.Errorf("turn %d: %v after %d", turn, c, prev)
		}
		prev = int(c.R)
	}
	if TurnShade(0, 10).A != 0 {
		t.Error("a cell not reached is shaded")
	}
}

// A scenario report prints on a few pages, its reachability maps in the turns' greys, for a hex map and an
// area map alike.
func TestScenarioPages(t *testing.T) {
	for _, c := range []struct{ pkg, scenario string }{{"testdata/river-line", "autumn-offensive"}, {"highest-ground", "introductory"}, {"testdata/marches", "crown-war"}} {
		pkg := load(t, c.pkg)
		r, err := an.AnalyseScenario(rules.New(pkg), pkg.Scenario(c.scenario), an.Options{})
		if err != nil {
			t.Fatal(err)
		}
		doc := render(t, func(s surface.Surface) error { return Scenario(s, pkg, r, Options{Title: c.pkg}) })
		if n := len(doc.Pages); n < 1 || n > 3 {
			t.Errorf("%s: %d pages", c.scenario, n)
		}
		// Turn 1's grey fills cells (as polygons), and the legend has its box.
		one := TurnShade(1, 2)
		rg := pdfcheck.Operators(doc.Pages[0].Content, "rg")
		if rg == 0 {
			t.Errorf("%s: no fills", c.scenario)
		}
		rects, _ := doc.Pages[0].Shapes()
		legend := false
		for _, r := range rects {
			if r.Fill && math.Abs(r.RGB[0]-float64(one.R)/255) < 0.01 && math.Abs(r.W-16) < 0.1 {
				legend = true
			}
		}
		if !legend {
			t.Errorf("%s: no legend box in turn 1's grey", c.scenario)
		}
	}
}
