package fonts

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// The bundled face is IBM Plex Sans Condensed (its files name it "IBM Plex Sans Cond"), Regular and Bold, under the SIL Open Font License that ships
// with it; every text a counter prints (figures, letters, the notation's marks) has a glyph in it.
func TestBundledFaceIsPlexCondensedUnderTheOFL(t *testing.T) {
	b := Bundled()
	if b.ID() != BundledSans {
		t.Errorf("id %q", b.ID())
	}
	for st, want := range map[surface.Style]string{surface.Regular: "IBM Plex Sans Cond", surface.Bold: "IBM Plex Sans Cond Bold"} {
		if got := b.File(st).Name(); got != want {
			t.Errorf("%s face is %q, want %q", st, got, want)
		}
	}
	lic := BundledLicence()
	for _, want := range []string{"SIL Open Font License, Version 1.1", "Copyright © 2017 IBM Corp.", "Reserved Font Name \"Plex\""} {
		if !strings.Contains(lic, want) {
			t.Errorf("the licence does not say %q", want)
		}
	}
	if runes, _ := b.Unprintable("0123456789 -+*/½¼¾[](){}•·ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyzéèüöäçñ×–—'\"", surface.Regular, surface.Bold); len(runes) > 0 {
		t.Errorf("the bundled face has no glyph for %q", string(runes))
	}
}

// A System names the bundled face and the Go fonts by id without declaring them; a font it declares under one
// of those ids is its own; a misspelt id is reported with the ids muster carries among the suggestions.
func TestBuiltinFontsByName(t *testing.T) {
	pkg := loadPkg(t, "testdata/narrow")
	pkg.System.TextFont = BundledSans
	pkg.System.HeadingFont = GoFonts
	s := load(pkg)
	if len(s.Problems) > 0 {
		t.Fatalf("problems: %v", s.Problems)
	}
	if s.Text != Bundled() {
		t.Errorf("textFont: %s is %v, want the bundled face", BundledSans, s.Text)
	}
	if s.Heading != nil {
		t.Errorf("headingFont: go is %v, want the Go fonts (nil)", s.Heading)
	}
	if s.Or(GoFonts, Bundled()) != nil {
		t.Error("Or(go, ...) is not the Go fonts")
	}
	pkg.System.TextFont = "plex-sans-condesed"
	s = load(pkg)
	if len(s.Problems) != 1 || !strings.Contains(s.Problems[0].Hint, `did you mean "plex-sans-condensed"?`) {
		t.Errorf("a misspelt bundled font: %v", s.Problems)
	}
}

// A counter printed in the bundled face embeds it in the PDF, Regular and Bold, by the names fpdf gives them.
func TestBundledFaceEmbedsInThePDF(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(100, 100)
	p.Text(10, 10, "8-4", surface.Font{Typeface: Bundled(), Style: surface.Bold, Size: 9}, surface.Align{})
	p.Text(10, 30, "Infantry", surface.Font{Typeface: Bundled(), Size: 6}, surface.Align{})
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d := pdfcheck.Read(t, b)
	got := strings.Join(d.Fonts(), " ")
	for _, want := range []string{"utf8ibmplexsanscond ", "utf8ibmplexsanscond-bold"} {
		if !strings.Contains(got+" ", want) {
			t.Errorf("the PDF embeds %q, not %q", got, want)
		}
	}
}

// The licence file beside the fonts is the one embedded: the repository carries what the binary does.
func TestBundledLicenceFile(t *testing.T) {
	b, err := os.ReadFile(filepath.Join("plex", "OFL.txt"))
	if err != nil || string(b) != BundledLicence() {
		t.Fatalf("plex/OFL.txt: %v", err)
	}
}
