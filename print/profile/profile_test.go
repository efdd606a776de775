package profile

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/surface"
)

// Every profile is complete: a unique name, lengths that read, a resolution, a layout and flavour muster
// knows, and the requirements it follows.
func TestProfilesAreComplete(t *testing.T) {
	seen := map[string]bool{}
	for _, p := range All() {
		if p.Name == "" || seen[p.Name] {
			t.Errorf("profile %q: empty or repeated name", p.Name)
		}
		seen[p.Name] = true
		for _, s := range []string{p.BleedText, p.SafeText, p.MinPieceText} {
			if s == "" {
				continue
			}
			if _, err := value.ParseLength(s); err != nil {
				t.Errorf("%s: %v", p.Name, err)
			}
		}
		if p.Bleed() <= 0 || p.Safe() <= 0 || p.MinDPI <= 0 {
			t.Errorf("%s: bleed %g, safe %g, dpi %g: each must be more than zero", p.Name, p.Bleed(), p.Safe(), p.MinDPI)
		}
		switch p.Layout {
		case Sheets, CardPages, CardPNGs:
		default:
			t.Errorf("%s: layout %q", p.Name, p.Layout)
		}
		if p.Flavour != PlainPDF && p.Flavour != PDFX {
			t.Errorf("%s: flavour %q", p.Name, p.Flavour)
		}
		if len(p.Follows) == 0 || p.Service == "" {
			t.Errorf("%s: no service or requirements", p.Name)
		}
	}
	for _, want := range []string{"home-duplex", "gamecrafter", "drivethrucards", "pnp-productions", "die-cut"} {
		if !seen[want] {
			t.Errorf("no %s profile", want)
		}
	}
	if p, _ := Lookup("die-cut"); p == nil || math.Abs(p.MinPiece()-8*value.PointsPerMM) > 1e-9 || math.Abs(p.Bleed()-3*value.PointsPerMM) > 1e-9 {
		t.Errorf("die-cut: %+v, want 3mm bleed and 8mm pieces (issue 33)", p)
	}
	if p, _ := Lookup("drivethrucards"); p == nil || p.Bleed() != 9 || p.Flavour != PDFX || p.Layout != CardPages {
		t.Errorf("drivethrucards: %+v, want a 1/8in bleed, PDF/X and a card a page", p)
	}
	if len(SRGB()) < 1000 || string(SRGB()[36:40]) != "acsp" {
		t.Error("the embedded sRGB profile is not an ICC profile")
	}
}

func TestLookupSuggests(t *testing.T) {
	for name, want := range map[string]string{"drivethru": "drivethrucards", "die-cutt": "die-cut", "gamecrafer": "gamecrafter", "home": "home-duplex"} {
		_, err := Lookup(name)
		if err == nil || !strings.Contains(err.Error(), `did you mean "`+want+`"`) || !strings.Contains(err.Error(), "choose from") {
			t.Errorf("Lookup(%q) = %v, want a did-you-mean %s", name, err, want)
		}
	}
	if _, err := Lookup("zzz"); err == nil || strings.Contains(err.Error(), "did you mean") {
		t.Errorf("Lookup(zzz) = %v", err)
	}
}

// pngOf is a w x h PNG.
func pngOf(t *testing.T, w, h int) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, image.NewRGBA(image.Rect(0, 0, w, h))); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// The preflight reports, at the content's lines: a text crossing the safe line (once for its layout element,
// naming the pieces), an image under the resolution at its printed size, a piece under the least size; and
// nothing for a piece that keeps inside every limit.
func TestPreflightFindings(t *testing.T) {
	die, err := Lookup("die-cut")
	if err != nil {
		t.Fatal(err)
	}
	at := func(line int) diag.Pos { return diag.Pos{File: "system.yaml", Line: line, Col: 5} }
	text := func(y float64, line int) counters.Slot {
		return counters.Slot{Kind: counters.ElemText, Placed: true, X: 0.5, Y: y, Text: "8-4", Size: 1, Align: surface.Center, At: at(line)}
	}
	img := func(px int, line int) counters.Slot {
		return counters.Slot{Kind: counters.ElemImage, Placed: true, X: 0.5, Y: 0.5, W: 0.5, Image: pngOf(t, px, px), At: at(line)}
	}
	edge := &counters.Face{Slots: []counters.Slot{text(0.06, 10), img(30, 11)}}   // text at the top edge; 30px in 0.25in: 120 dpi
	inside := &counters.Face{Slots: []counters.Slot{text(0.5, 20), img(200, 21)}} // centred; 200px in 0.25in: 800 dpi
	half := 0.5 * surface.Inch
	pieces := []Piece{
		{What: "counter a", W: half, H: half, Sides: []Side{{"front", edge}}, At: diag.Pos{File: "mix.yaml", Line: 3}},
		{What: "counter b", W: half, H: half, Sides: []Side{{"front", edge}, {"back", inside}}, At: diag.Pos{File: "mix.yaml", Line: 4}},
		{What: "counter c", W: 7 * value.PointsPerMM, H: 7 * value.PointsPerMM, Sides: []Side{{"front", inside}}, At: diag.Pos{File: "mix.yaml", Line: 5}, SizeAt: diag.Pos{File: "mix.yaml", Line: 5, Col: 30}},
	}
	ds := Check(die, pieces, surface.NewDry(0))
	got := map[string][]diag.Diagnostic{}
	for _, d := range ds {
		got[d.Code] = append(got[d.Code], d)
		if d.Severity != diag.Error {
			t.Errorf("%v: want an error", d)
		}
	}
	if s := got[CodeSafeZone]; len(s) != 1 || s[0].Pos.Line != 10 || !strings.Contains(s[0].Message, "counter a (front), and on 1 piece more") {
		t.Errorf("safe zone: %v, want one at line 10 naming counters a and b", s)
	}
	if s := got[CodeImageDPI]; len(s) != 2 || s[0].Pos.Line != 11 || !strings.Contains(s[0].Message, "120 dpi") || !strings.Contains(s[0].Hint, "75x75") {
		t.Errorf("image dpi: %v, want two (counters a and b) at line 11, 120 dpi, 75x75 pixels needed", s)
	}
	if s := got[CodePieceSize]; len(s) != 1 || s[0].Pos.Col != 30 || !strings.Contains(s[0].Message, "7mm") {
		t.Errorf("piece size: %v, want counter c at its size", s)
	}
	// The same pieces for a home printer: 150 dpi, no least size, 3pt safe line.
	home, _ := Lookup("home-duplex")
	for _, d := range Check(home, pieces[2:], surface.NewDry(0)) {
		t.Errorf("home-duplex: %v", d)
	}
	if len(Check(nil, pieces, surface.NewDry(0))) != 0 {
		t.Error("no profile, no preflight")
	}
}
