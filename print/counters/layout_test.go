package counters

import (
	"bytes"
	"math"
	"os/exec"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// texts lists the texts of a face's placed elements, in order.
func texts(f Face) []string {
	var out []string
	for _, s := range f.Slots {
		if s.Placed && s.Kind == ElemText && s.Text != "" {
			out = append(out, s.Text)
		}
	}
	return out
}

// A layout of placed elements prints what it lists: the unit-size mark from the echelon, the combined 8-4,
// the unit's id, a value in a circle; its band takes the unit's colour, else its faction's; a reduced back
// has a layout of its own; a fog back shows the faction alone.
func TestLayoutElements(t *testing.T) {
	cs := resolve(t, "layout")
	pz := find(t, cs, "12-pz")
	if got, want := texts(pz.Front), []string{"XX", "8-4", "12-pz", "3"}; !equalList(got, want) {
		t.Errorf("12-pz front %q, want %q", got, want)
	}
	if pz.Front.SymbolAt != SymbolNone || pz.Front.Label != "" {
		t.Errorf("a layout of placed elements draws only what it lists: symbol at %q, label %q", pz.Front.SymbolAt, pz.Front.Label)
	}
	var symbolEl, circle *Slot
	for i := range pz.Front.Slots {
		s := &pz.Front.Slots[i]
		switch {
		case s.Kind == ElemSymbol:
			symbolEl = s
		case s.Box == "circle":
			circle = s
		}
	}
	if symbolEl == nil || symbolEl.W != 0.5 || pz.Front.Symbol != "armour" || circle == nil || circle.Text != "3" {
		t.Errorf("symbol element %+v, circled value %+v", symbolEl, circle)
	}
	if pz.Front.Band == nil || pz.Front.Band.Colour.Hex() != "#2b3f66" || pz.Front.Band.Edge != "top" || pz.Front.Band.Depth != 0.22 {
		t.Errorf("12-pz band %+v, want the faction's #2b3f66 across the top", pz.Front.Band)
	}
	if got, want := texts(pz.Back), []string{"12-pz", "(4)-4"}; !equalList(got, want) || pz.Back.Stripe != "Reduced" || pz.Back.Band != nil {
		t.Errorf("12-pz reduced back %q (stripe %q, band %+v), want %q under the stripe, without a band", got, pz.Back.Stripe, pz.Back.Band, want)
	}
	para := find(t, cs, "2-para")
	if para.Front.Band == nil || para.Front.Band.Colour.Hex() != "#f1c40f" {
		t.Errorf("2-para band %+v, want its own #f1c40f", para.Front.Band)
	}
	if got := texts(para.Front); len(got) == 0 || got[0] != "II" {
		t.Errorf("a battalion prints II: %q", got)
	}
	if art := find(t, cs, "7-art"); art.Front.Band != nil || !art.Back.Blank || art.Back.Caption != "Red Army" {
		t.Errorf("7-art: band %+v (its faction has none), fog back %+v", art.Front.Band, art.Back)
	}
	mech := find(t, cs, "3-mech")
	if got := texts(mech.Back); !equalList(got, []string{"Blue Army"}) || mech.Back.Symbol != "" {
		t.Errorf("3-mech fog back %q with symbol %q, want the faction alone", got, mech.Back.Symbol)
	}
	// The hex mix's counters are hexagons 0.75in across the flats; the pointed ones turned.
	for _, c := range cs {
		switch c.Shape {
		case shape.Hex:
			if !near(c.Height(), 54) || !near(c.Width(), 54*2/math.Sqrt(3)) || c.Front.Shape != shape.Hex || c.Back.Shape != shape.Hex {
				t.Errorf("hex %s: %gx%g, faces %q/%q", c.ID, c.Width(), c.Height(), c.Front.Shape, c.Back.Shape)
			}
		case shape.HexPointy:
			if !near(c.Width(), 54) || !near(c.Height(), 54*2/math.Sqrt(3)) {
				t.Errorf("pointed hex %s: %gx%g", c.ID, c.Width(), c.Height())
			}
		}
	}
}

func near(a, b float64) bool { return math.Abs(a-b) < 1e-9 }

func equalList(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// A face with 8-4 and a unit-size mark prints both where its layout puts them, read back from the PDF with
// pdftotext: each word's box lies on the element's anchor, measured in points on the page.
func TestNotationAndMarkReadBack(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	pz := find(t, resolve(t, "layout"), "12-pz")
	const x0, y0, side = 144.0, 216.0, 72.0
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(612, 792)
	if err := pz.Front.DrawRect(p, x0, y0, side, side, 0); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	words := map[string][4]float64{}
	for _, w := range pdfcheck.Words(t, b.Bytes()) {
		words[w.Text] = [4]float64{w.XMin, w.YMin, w.XMax, w.YMax}
	}
	for _, want := range []struct {
		text   string
		ax, ay float64 // the element's anchor: x, y as shares of the face
	}{{"8-4", 0.5, 0.82}, {"XX", 0.5, 0.11}} {
		w, ok := words[want.text]
		if !ok {
			t.Errorf("%q is not in the PDF's text: %v", want.text, words)
			continue
		}
		ax, ay := x0+want.ax*side, y0+want.ay*side
		if cx := (w[0] + w[2]) / 2; math.Abs(cx-ax) > 0.5 {
			t.Errorf("%q is centred at x=%.2fpt, its anchor is at %.2fpt", want.text, cx, ax)
		}
		if ay < w[1] || ay > w[3] {
			t.Errorf("%q spans y=%.2f..%.2fpt, its anchor is at %.2fpt", want.text, w[1], w[3], ay)
		}
	}
	// The parts validate measures are where the PDF has them.
	for _, pt := range pz.Front.Parts(p, side, side) {
		w, ok := words[pt.Text]
		if !ok || pt.What != "placed" || (pt.Text != "8-4" && pt.Text != "XX") { // the id runs up the side; the 3 has a frame
			continue
		}
		if math.Abs(w[0]-(x0+pt.Box.X)) > 0.5 || math.Abs(w[2]-(x0+pt.Box.X+pt.Box.W)) > 0.5 {
			t.Errorf("%q: the PDF has it at x=%.2f..%.2f, Parts at %.2f..%.2f", pt.Text, w[0], w[2], x0+pt.Box.X, x0+pt.Box.X+pt.Box.W)
		}
	}
}

// The placed elements that run off the counter, past a square's edge or into a hexagon's cut corners, and a
// text too long for its room are the face's problems, at their elements.
func TestPlacedProblems(t *testing.T) {
	x, y := 0.03, 0.5
	face := Face{Background: surface.White, Text: surface.Black, Slots: []Slot{
		{Placed: true, Text: "corner", X: x, Y: 0.15, Size: 1, Align: surface.Left},
		{Placed: true, Text: "ok", X: 0.5, Y: y, Size: 1, Align: surface.Center},
		{Placed: true, Text: "a very long name for a small room", X: 0.5, Y: 0.8, W: 0.3, Size: 1, Align: surface.Center},
		{Placed: true, Kind: ElemBox, X: 0.5, Y: 0.5, W: 1.2},
	}}
	m := surface.NewDry(0)
	kinds := func(f Face) map[string]string {
		out := map[string]string{}
		for _, p := range f.Problems(m, 54, 54, 1) {
			out[p.Kind+" "+p.Text+p.What] = p.Kind
		}
		return out
	}
	sq := kinds(face)
	if _, ok := sq["fit a very long name for a small roomtext"]; !ok {
		t.Errorf("square: %v, want the long name not to fit", sq)
	}
	if _, ok := sq["off-face box"]; !ok || len(sq) != 2 {
		t.Errorf("square: %v, want the long name and the oversized box, nothing else", sq)
	}
	face.Shape = shape.Hex
	hx := kinds(face)
	if _, ok := hx["off-face cornertext"]; !ok {
		t.Errorf("hex: %v, want the text in the cut corner off the face", hx)
	}
	if _, ok := hx["off-face oktext"]; ok {
		t.Errorf("hex: %v: the centred text is on the face", hx)
	}
}

// colourRecorder remembers the fill colour each text is drawn in.
type colourRecorder struct {
	surface.Surface
	fill  surface.Color
	texts map[string]surface.Color
	fonts map[string]surface.Font
}

func (r *colourRecorder) SetFill(c surface.Color) { r.fill = c; r.Surface.SetFill(c) }
func (r *colourRecorder) Text(x, y float64, s string, f surface.Font, a surface.Align) {
	r.texts[s], r.fonts[s] = r.fill, f
	r.Surface.Text(x, y, s, f, a)
}

// A value at one of the nine places prints in its own colour and italics when its element asks, and the
// values after it in the face's colour again; a placed text on the band is readable on it.
func TestColoursAndItalics(t *testing.T) {
	red := surface.RGB(0xc0, 0x20, 0x20)
	face := Face{Background: surface.White, Text: surface.Black, SymbolAt: SymbolNone,
		Band: &Band{Edge: "top", Depth: 0.3, Colour: surface.RGB(0x10, 0x10, 0x40)},
		Slots: []Slot{
			{Text: "7", Where: "bottom-left", Size: 1, Colour: red, HasColour: true, Italic: true},
			{Text: "5", Where: "bottom-right", Size: 1, Bold: true},
			{Text: "XX", Placed: true, X: 0.5, Y: 0.12, Size: 1, Align: surface.Center},
		}}
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(100, 100)
	r := &colourRecorder{Surface: p, texts: map[string]surface.Color{}, fonts: map[string]surface.Font{}}
	if err := face.DrawRect(r, 0, 0, 54, 54, 0); err != nil {
		t.Fatal(err)
	}
	if r.texts["7"] != red || r.fonts["7"].Style != surface.Italic || r.texts["5"] != surface.Black || r.fonts["5"].Style != surface.Bold {
		t.Errorf("7 in %v %v, 5 in %v %v: want red italics, then black bold", r.texts["7"], r.fonts["7"].Style, r.texts["5"], r.fonts["5"].Style)
	}
	if r.texts["XX"] != surface.White {
		t.Errorf("XX on the dark band in %v, want white", r.texts["XX"])
	}
}

// A paragraph element wraps its text in its box from the top at the largest size that fits, never under its
// least size; one that does not fit at the least is a fit problem with the height it needs, and Parts says the
// size it prints at.
func TestParagraphElement(t *testing.T) {
	m := surface.NewDry(0)
	const w, h = 180.0, 252.0
	para := func(text string) Face {
		return Face{Background: surface.White, Text: surface.Black, Slots: []Slot{
			{Placed: true, Kind: ElemParagraph, Text: text, X: 0.5, Y: 0.7, W: 0.86, H: 0.4, Size: 0.25, MinSize: 6},
		}}
	}
	short := para("Move **two units** one more area.")
	parts := short.Parts(m, w, h)
	if len(parts) != 1 || parts[0].What != "paragraph" || parts[0].Size != 0.25*valueFrac*w {
		t.Fatalf("a short paragraph: %+v, want one at its own size %g", parts, 0.25*valueFrac*w)
	}
	if ps := short.Problems(m, w, h, 1); len(ps) != 0 {
		t.Errorf("a short paragraph's problems: %+v", ps)
	}
	long := ""
	for i := 0; i < 14; i++ {
		long += "Every moor and forest costs one more move this turn, for both houses. "
	}
	mid := para(long[:len(long)/3])
	if pt := mid.Parts(m, w, h)[0]; pt.Size >= 0.25*valueFrac*w || pt.Size < 6 {
		t.Errorf("a longer paragraph prints at %gpt: want it shrunk, not under 6", pt.Size)
	}
	over := para(long)
	ps := over.Problems(m, w, h, 1)
	if len(ps) != 1 || ps[0].Kind != "fit" || ps[0].What != ElemParagraph || ps[0].Least != 6 || ps[0].Need <= ps[0].Room {
		t.Fatalf("a paragraph too long at 6pt: %+v", ps)
	}
	// Drawn, every line is at the least size and inside the box.
	rec := &colourRecorder{Surface: surface.NewDry(0), texts: map[string]surface.Color{}, fonts: map[string]surface.Font{}}
	rec.BeginPage(w, h)
	if err := mid.DrawRect(rec, 0, 0, w, h, 0); err != nil {
		t.Fatal(err)
	}
	size := mid.Parts(m, w, h)[0].Size
	for s, f := range rec.fonts {
		if f.Size != size {
			t.Errorf("%q drawn at %g, the paragraph's size is %g", s, f.Size, size)
		}
	}
	if len(rec.fonts) < 5 {
		t.Errorf("only %d texts drawn", len(rec.fonts))
	}
}
