package counters

import (
	"bytes"
	"image"
	"image/png"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/surface"
)

// Every problem of the counters is collected, each at the content that causes it, with a code validate's
// checks report (so a package validate passes resolves).
func TestProblemsAreDiagnosticsAtTheContent(t *testing.T) {
	pkg := load(t, "thg")
	pkg.Marker("fort-1").Back = &content.Back{Kind: "marker"}
	pkg.Marker("fort-2").Symbol = "catapult"
	pkg.UnitType("legion").Symbol = "image"
	mix := pkg.CounterMixes()[0]
	zero := value.Length{Text: "0in"}
	mix.Counters[0].Size = &zero
	_, err := FromPackage(pkg, Options{})
	f, ok := diag.AsFailure(err)
	if !ok {
		t.Fatalf("error %v is not a diagnostic failure", err)
	}
	want := map[string]string{
		"counter-faces.back":   "the back of marker fort-1 is a marker's but names no marker",
		"counter-faces.symbol": `marker fort-2 has symbol "catapult"`,
		"counter-sheets.size":  "counter size of 0in",
	}
	for code, msg := range want {
		found := false
		for _, d := range f.Diags {
			found = found || d.Code == code && strings.Contains(d.Message, msg) && d.Pos.File != "" && d.Severity == diag.Error
		}
		if !found {
			t.Errorf("no %s error saying %q:\n%v", code, msg, f.Diags)
		}
	}
	found := false
	for _, d := range f.Diags {
		found = found || d.Code == "assets.no-file" && strings.Contains(d.Message, "legion has symbol: image but names no image file") && d.Pos.Line > 0
	}
	if !found {
		t.Errorf("symbol: image without an image file is not reported at its line:\n%v", f.Diags)
	}
}

// A mix of 100,000,000 counters (issue 19.7: out of memory) is refused before a single counter is made.
func TestCountsAreBounded(t *testing.T) {
	pkg := load(t, "thg")
	mix := pkg.CounterMixes()[0]
	mix.Counters[1].Count = 100_000_000
	cs, err := FromPackage(pkg, Options{})
	f, ok := diag.AsFailure(err)
	if !ok || cs != nil || len(f.Diags) != 1 || f.Diags[0].Code != "counter-sheets.count" || !strings.Contains(f.Diags[0].Message, "at most 20000") {
		t.Fatalf("got %d counters, %v", len(cs), err)
	}
	if f.Diags[0].Pos != mix.Counters[1].Fields.Of("count", mix.Counters[1].At) {
		t.Errorf("reported at %s, want the count", f.Diags[0].Pos)
	}
}

// countingSurface counts the runes it is asked to measure.
type countingSurface struct {
	surface.Surface
	runes int
}

func (c *countingSurface) MeasureText(s string, f surface.Font) float64 {
	c.runes += utf8.RuneCountInString(s)
	return c.Surface.MeasureText(s, f)
}

// A 100,000-character name on a counter (issue 19.10: 30,000 took 20 s) or marker text is fitted with work
// that grows as n log n: the cut is found by binary search and the caption's words are measured once.
func TestLongTextOnACounterIsCheap(t *testing.T) {
	n := 100_000
	long := strings.Repeat("Longname", n/8)
	words := strings.Repeat("word ", n/5)
	for _, f := range []Face{
		{Label: long, Symbol: "infantry", SymbolAt: SymbolCentre, Slots: []Slot{{Text: "3", Where: "bottom-left", Size: 1}}},
		{Caption: words, SymbolAt: SymbolTop},
		{Blank: true, Caption: words},
	} {
		p := surface.NewPDF(surface.PDFOptions{})
		p.BeginPage(100, 100)
		c := &countingSurface{Surface: p}
		if err := f.Draw(c, 10, 10, 36, 0); err != nil {
			t.Fatal(err)
		}
		if c.runes > 40*n {
			t.Errorf("drawing a face with %d characters of text measured %d runes", n, c.runes)
		}
	}
}

// Values of one row never print over each other: a side value that would run into the centre one shrinks
// (Fields of Honor's "x10" and "mob" did overlap). Values on the symbol, and two values in one place, are
// reported by Overlaps for validate.
func TestOverlaps(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	row := Face{Symbol: "infantry", SymbolAt: SymbolCentre, Slots: []Slot{
		{Text: "x10", Where: "bottom-left", Size: 1}, {Text: "mob", Where: "bottom-centre", Size: 0.5}, {Text: "4", Where: "bottom-right", Size: 1}}}
	if o := row.Overlaps(m, 36, 36, 0); len(o) != 0 {
		t.Errorf("values of one row overlap: %+v", o)
	}
	twice := Face{Slots: []Slot{{Text: "3", Where: "top-left", Size: 1}, {Text: "4", Where: "top-left", Size: 1}}}
	if o := twice.Overlaps(m, 36, 36, 0); len(o) != 1 || o[0][0].What != "top-left" {
		t.Errorf("two values in one place: %+v", o)
	}
	top := Face{Symbol: "infantry", SymbolAt: SymbolTop, Slots: []Slot{{Text: "12", Where: "top-left", Size: 1.6}, {Text: "3", Where: "top-right", Size: 1}}}
	o := top.Overlaps(m, 36, 36, 0)
	if len(o) == 0 || o[0][0].What != "symbol" && o[0][1].What != "symbol" {
		t.Errorf("a wide value beside a symbol on top: %+v", o)
	}
	// A back's band (Shaken, Disrupted) covers the width of the face: a placed text under the band is hidden by
	// it even where the band's own word is short and far from it.
	band := Face{Stripe: "Shaken", SymbolAt: SymbolNone, Slots: []Slot{{Text: "3-1", Placed: true, X: 0.02, Y: 0.15, Size: 0.4}}}
	var hidden bool
	for _, pr := range band.Overlaps(m, 36, 36, 0) {
		hidden = hidden || pr[0].What == "name" && pr[1].Text == "3-1"
	}
	if !hidden {
		t.Errorf("a text under the back's band is not reported: %+v", band.Parts(m, 36, 36))
	}
	// Values wider than the face beside a centred symbol squeeze it to nothing, never to a negative frame
	// (an image symbol would fail to draw).
	wide := Face{Image: tinyPNG(t), SymbolAt: SymbolCentre, Slots: []Slot{{Text: "123456789", Where: "centre-left", Size: 1}, {Text: "123456789", Where: "centre-right", Size: 1}}}
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(100, 100)
	if err := wide.Draw(p, 0, 0, 36, 0); err != nil {
		t.Errorf("a squeezed image symbol: %v", err)
	}
}

func tinyPNG(t *testing.T) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 4, 4))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}
