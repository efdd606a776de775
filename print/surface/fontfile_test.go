package surface

import (
	"bytes"
	"encoding/binary"
	"errors"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pixelcheck"
)

// The test font: Liberation Sans Narrow, as the fonts package's test fixture holds it.
const testFontDir = "../fonts/testdata/narrow/fonts"

func testFontBytes(t testing.TB, style string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(testFontDir, "LiberationSansNarrow-"+style+".ttf"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func testFont(t testing.TB, style string) *FontFile {
	t.Helper()
	f, err := ParseFontFile(testFontBytes(t, style))
	if err != nil {
		t.Fatal(err)
	}
	return f
}

func testTypeface(t testing.TB) *Typeface {
	t.Helper()
	tf, err := NewTypeface("narrow", testFont(t, "Regular"), testFont(t, "Bold"), nil, nil)
	if err != nil {
		t.Fatal(err)
	}
	return tf
}

// A font file is parsed once per process: the same bytes give the same *FontFile, whoever asks.
func TestParseFontFileOnce(t *testing.T) {
	a := testFont(t, "Regular")
	b := testFont(t, "Regular")
	if a != b {
		t.Error("the same file parsed twice gave two FontFiles")
	}
	if a.Name() != "Liberation Sans Narrow" || a.PostScriptName() != "LiberationSansNarrow" {
		t.Errorf("names %q, %q", a.Name(), a.PostScriptName())
	}
	if bold := testFont(t, "Bold"); bold.Name() != "Liberation Sans Narrow Bold" {
		t.Errorf("bold name %q", bold.Name())
	}
	for _, r := range "AZaz09 ÆØ½—€Ж" {
		if !a.Printable(r) {
			t.Errorf("%q not printable", r)
		}
	}
	for _, r := range "★\u4e2d\U0001F600" {
		if a.Printable(r) {
			t.Errorf("%q printable", r)
		}
	}
}

// table is the offset and length of a font's table.
func table(t *testing.T, b []byte, tag string) (int, int) {
	t.Helper()
	n := int(binary.BigEndian.Uint16(b[4:]))
	for i := 0; i < n; i++ {
		r := b[12+16*i:]
		if string(r[:4]) == tag {
			return int(binary.BigEndian.Uint32(r[8:])), int(binary.BigEndian.Uint32(r[12:]))
		}
	}
	t.Fatalf("no %s table", tag)
	return 0, 0
}

// compositeGlyph finds a composite glyph of the font: its offset in the file.
func compositeGlyph(t *testing.T, b []byte) (glyph, at int) {
	t.Helper()
	head, _ := table(t, b, "head")
	maxp, _ := table(t, b, "maxp")
	loca, _ := table(t, b, "loca")
	glyf, _ := table(t, b, "glyf")
	long := binary.BigEndian.Uint16(b[head+50:]) == 1
	n := int(binary.BigEndian.Uint16(b[maxp+4:]))
	off := func(i int) int {
		if long {
			return int(binary.BigEndian.Uint32(b[loca+4*i:]))
		}
		return 2 * int(binary.BigEndian.Uint16(b[loca+2*i:]))
	}
	for i := 0; i < n; i++ {
		o := glyf + off(i)
		if off(i+1) > off(i) && int16(binary.BigEndian.Uint16(b[o:])) < 0 {
			return i, o
		}
	}
	t.Fatal("no composite glyph")
	return 0, 0
}

// Files fpdf cannot embed, or would trip on, are refused with the reason, as a *FontError.
func TestParseFontFileRefuses(t *testing.T) {
	good := testFontBytes(t, "Regular")
	patch := func(f func(b []byte)) []byte {
		b := append([]byte(nil), good...)
		f(b)
		return b
	}
	os2, _ := table(t, good, "OS/2")
	cmap, _ := table(t, good, "cmap")
	otto := append([]byte("OTTO\x00\x01\x00\x00\x00\x00\x00\x00"), make([]byte, 16)...)
	cases := []struct {
		name    string
		data    []byte
		problem FontProblem
		says    string
	}{
		{"empty", nil, FontMalformed, "too short"},
		{"text", []byte("this is not a font at all"), FontMalformed, "not a TrueType or OpenType font"},
		{"CFF outlines", otto, FontPostScript, "PostScript (CFF) outlines"},
		{"collection", append([]byte("ttcf"), good[4:]...), FontCollection, "collection"},
		{"WOFF", append([]byte("wOFF"), good[4:]...), FontWeb, "WOFF"},
		{"truncated", good[:4000], FontMalformed, "past the end of the file"},
		{"restricted licence", patch(func(b []byte) { binary.BigEndian.PutUint16(b[os2+8:], 0x0002) }), FontRestricted, "restricted licence"},
		{"no subsetting", patch(func(b []byte) { binary.BigEndian.PutUint16(b[os2+8:], 0x0100) }), FontRestricted, "no subsetting"},
		{"no format 4 character map", patch(func(b []byte) {
			n := int(binary.BigEndian.Uint16(b[cmap+2:]))
			for i := 0; i < n; i++ {
				off := int(binary.BigEndian.Uint32(b[cmap+4+8*i+4:]))
				if binary.BigEndian.Uint16(b[cmap+off:]) == 4 {
					binary.BigEndian.PutUint16(b[cmap+4+8*i:], 7) // no longer a Unicode subtable
				}
			}
		}), FontNoUnicode, "format 4"},
		{"composite made of itself", patch(func(b []byte) {
			g, at := compositeGlyph(t, b)
			binary.BigEndian.PutUint16(b[at+12:], uint16(g)) // its first part is itself
		}), FontMalformed, "made of itself"},
		{"units per em", patch(func(b []byte) {
			head, _ := table(t, b, "head")
			binary.BigEndian.PutUint16(b[head+18:], 0)
		}), FontMalformed, "units per em"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseFontFile(tc.data)
			var fe *FontError
			if !errors.As(err, &fe) {
				t.Fatalf("err %v, want a FontError", err)
			}
			if fe.Problem != tc.problem || !strings.Contains(fe.Error(), tc.says) {
				t.Errorf("problem %d %q, want %d saying %q", fe.Problem, fe.Error(), tc.problem, tc.says)
			}
		})
	}
}

// A style a typeface lacks prints in the nearest it has.
func TestTypefaceStyles(t *testing.T) {
	tf := testTypeface(t)
	reg, bold := testFont(t, "Regular"), testFont(t, "Bold")
	for st, want := range map[Style]*FontFile{Regular: reg, Bold: bold, Italic: reg, BoldItalic: bold, Mono: nil} {
		if got := tf.File(st); got != want {
			t.Errorf("%s: %v, want %v", st, got, want)
		}
	}
	if _, err := NewTypeface("x", nil, bold, nil, nil); err == nil {
		t.Error("a typeface without a regular face was made")
	}
	runes, faces := tf.Unprintable("Æ8-4 ★ 中")
	if string(runes) != "★中" || len(faces) != 2 || strings.Join(faces[0], ", ") != "Liberation Sans Narrow, Liberation Sans Narrow Bold" {
		t.Errorf("unprintable %q %v", string(runes), faces)
	}
}

// A font with no family and no typeface prints in the surface's text typeface, on every backend; Go still
// names the Go fonts and Mono the Go Mono face.
func TestTextTypefaceOnEverySurface(t *testing.T) {
	tf := testTypeface(t)
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72}), NewDry(0)} {
		goW := s.MeasureText("Narrow Front", Font{Size: 10})
		own := s.MeasureText("Narrow Front", Font{Size: 10, Typeface: tf})
		if own >= goW*0.9 || own <= 0 {
			t.Errorf("%T: Liberation Sans Narrow %v wide, Go %v: not narrower", s, own, goW)
		}
		s.SetTextTypeface(tf)
		if got := s.MeasureText("Narrow Front", Font{Size: 10}); got != own {
			t.Errorf("%T: with the text typeface %v, want %v", s, got, own)
		}
		if got := s.MeasureText("Narrow Front", Font{Family: "Go", Size: 10}); got != goW {
			t.Errorf("%T: Go %v, want %v", s, got, goW)
		}
		mono := NewDry(0).MeasureText("Narrow Front", Font{Style: Mono, Size: 10})
		if got := s.MeasureText("Narrow Front", Font{Style: Mono, Size: 10, Typeface: tf}); got != mono {
			t.Errorf("%T: mono %v, want Go Mono's %v", s, got, mono)
		}
		s.SetTextTypeface(nil)
		if got := s.MeasureText("Narrow Front", Font{Size: 10}); got != goW {
			t.Errorf("%T: back to Go %v, want %v", s, got, goW)
		}
	}
}

// drawNarrow is a page of text in the package font, as sparse as the sample page: large, small, bold, in a
// missing style (italic, drawn in the regular face), aligned right and centre, turned.
func drawNarrow(tf *Typeface) func(s Surface) {
	return func(s Surface) {
		s.BeginPage(value.Letter.Width, value.Letter.Height/2)
		s.SetFill(Black)
		s.Text(20, 50, "Légion 8-4 ½ Æ", Font{Size: 30, Typeface: tf}, Align{})
		s.Text(20, 90, "Bold Narrow 12-pz", Font{Style: Bold, Size: 20, Typeface: tf}, Align{})
		s.Text(280, 120, "right aligned", Font{Style: Italic, Size: 14, Typeface: tf}, Align{H: Right})
		s.Push()
		s.Translate(30, 190)
		s.Rotate(-90)
		s.Text(0, 0, "up the side", Font{Size: 12, Typeface: tf}, Align{V: Middle})
		s.Pop()
		s.Text(150, 170, "centred", Font{Size: 16, Typeface: tf}, Align{H: Center, V: Middle})
	}
}

// The PDF embeds the package font under its name, and only it: what pdffonts shows.
func TestPackageFontInPDF(t *testing.T) {
	b := pdfBytes(t, drawNarrow(testTypeface(t)))
	for _, name := range []string{"/BaseFont /utf8liberationsansnarrow", "/BaseFont /utf8liberationsansnarrow-bold"} {
		if !bytes.Contains(b, []byte(name+"\n")) && !bytes.Contains(b, []byte(name+" ")) {
			t.Errorf("no %s in the PDF", name)
		}
	}
	if bytes.Contains(b, []byte("/BaseFont /utf8go")) {
		t.Error("the PDF embeds a Go font, though all its text is in the package font")
	}
	tool, err := exec.LookPath("pdffonts")
	if err != nil {
		t.Skip("pdffonts not installed")
	}
	path := filepath.Join(t.TempDir(), "narrow.pdf")
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	if !strings.Contains(string(out), "utf8liberationsansnarrow ") || !strings.Contains(string(out), "utf8liberationsansnarrow-bold ") {
		t.Errorf("pdffonts does not list the font:\n%s", out)
	}
}

// Two files of one name (two versions of a font, in one document) are two fonts of the PDF, not one.
func TestSameNameTwoFiles(t *testing.T) {
	a := testFont(t, "Regular")
	b, err := ParseFontFile(append(testFontBytes(t, "Regular"), 0, 0, 0, 0))
	if err != nil {
		t.Fatal(err)
	}
	if a == b || a.PostScriptName() != b.PostScriptName() {
		t.Fatal("want two files of one name")
	}
	ta, _ := NewTypeface("a", a, nil, nil, nil)
	tb, _ := NewTypeface("b", b, nil, nil, nil)
	pdf := pdfBytes(t, func(s Surface) {
		s.BeginPage(200, 100)
		s.Text(10, 30, "one", Font{Size: 10, Typeface: ta}, Align{})
		s.Text(10, 60, "two", Font{Size: 10, Typeface: tb}, Align{})
	})
	if n := bytes.Count(pdf, []byte("/Subtype /CIDFontType2")); n != 2 {
		t.Errorf("%d fonts in the PDF, want 2", n)
	}
}

// The PNG backend draws the package font's own outlines: its pixels are not the Go font's, and they match
// the PDF's as pdftoppm rasterises it, within the tolerance of the sample comparison.
func TestPackageFontCrossBackend(t *testing.T) {
	tf := testTypeface(t)
	draw := drawNarrow(tf)
	goDraw := func(s Surface) { draw(&goOnly{Surface: s}) }
	own, err := png.Decode(bytes.NewReader(pngBytes(t, 100, draw)))
	if err != nil {
		t.Fatal(err)
	}
	inGo, err := png.Decode(bytes.NewReader(pngBytes(t, 100, goDraw)))
	if err != nil {
		t.Fatal(err)
	}
	if d := pixelcheck.Compare(own, inGo); d.Far < 0.01 {
		t.Errorf("the PNG in the package font is the PNG in Go: %v", d)
	}
	ref, err := pixelcheck.Rasterize(pdfBytes(t, draw), 1, 100)
	if errors.Is(err, pixelcheck.ErrNoPdftoppm) {
		t.Skip("pdftoppm not installed")
	} else if err != nil {
		t.Fatal(err)
	}
	if ref.Bounds() != own.Bounds() {
		t.Fatalf("pdftoppm %v, PNG %v", ref.Bounds(), own.Bounds())
	}
	d := pixelcheck.Compare(ref, own)
	t.Logf("PDF vs PNG in the package font at 100 dpi: %v", d)
	if !d.Agree() {
		t.Errorf("backends disagree: %v", d)
	}
	// And as closely as they agree on the same page in the Go fonts: what differs is anti-aliasing, not shapes.
	goRef, err := pixelcheck.Rasterize(pdfBytes(t, goDraw), 1, 100)
	if err != nil {
		t.Fatal(err)
	}
	g := pixelcheck.Compare(goRef, inGo)
	if d.Mean > g.Mean*1.25+0.1 || d.Far > g.Far*1.25+0.001 {
		t.Errorf("the package font's backends disagree more than the Go font's: %v (Go %v)", d, g)
	}
	if d := pixelcheck.Compare(ref, inGo); d.Far < 0.01 {
		t.Errorf("the PDF in the package font is like the PNG in Go: %v", d)
	}
}

// goOnly draws every text in the Go fonts.
type goOnly struct{ Surface }

func (g *goOnly) Text(x, y float64, s string, f Font, a Align) {
	f.Typeface = nil
	g.Surface.Text(x, y, s, f, a)
}

// A text drawn in a package font with a character it lacks is remembered with the file, for the printers to
// refuse and validate to place.
func TestUnprintableNamesTheFile(t *testing.T) {
	tf := testTypeface(t)
	s := NewDry(0)
	s.BeginPage(100, 100)
	s.Text(10, 10, "8-4 ★", Font{Style: Bold, Size: 10, Typeface: tf}, Align{})
	s.Text(10, 30, "fine", Font{Size: 10, Typeface: tf}, Align{})
	u := s.Unprintable()
	if len(u) != 1 || u[0].Text != "8-4 ★" || string(u[0].Runes) != "★" || u[0].Font != "Liberation Sans Narrow Bold" || u[0].File != tf.File(Bold) {
		t.Errorf("unprintable %+v", u)
	}
}

// The same typeface keys a preview the same way; another file keys it differently.
func TestTypefaceJSON(t *testing.T) {
	a, _ := testTypeface(t).MarshalJSON()
	b, _ := testTypeface(t).MarshalJSON()
	other, _ := NewTypeface("narrow", testFont(t, "Bold"), nil, nil, nil)
	c, _ := other.MarshalJSON()
	if !bytes.Equal(a, b) || bytes.Equal(a, c) || !bytes.Contains(a, []byte(`"narrow"`)) {
		t.Errorf("keys %s %s %s", a, b, c)
	}
}

// The process keeps a bounded number of font files parsed: past the bound the oldest is parsed again when it
// comes back, and what it returns is the same font.
func TestFontCacheIsBounded(t *testing.T) {
	data := testFontBytes(t, "Regular")
	variant := func(i int) []byte { return append(append([]byte(nil), data...), make([]byte, 4+4*i)...) }
	first, err := ParseFontFile(variant(0))
	if err != nil {
		t.Fatal(err)
	}
	for i := 1; i <= fontCacheFiles; i++ {
		if _, err := ParseFontFile(variant(i)); err != nil {
			t.Fatal(err)
		}
	}
	fontFiles.Lock()
	n := len(fontFiles.order)
	fontFiles.Unlock()
	if n > fontCacheFiles {
		t.Errorf("%d files kept, at most %d", n, fontCacheFiles)
	}
	again, err := ParseFontFile(variant(0))
	if err != nil {
		t.Fatal(err)
	}
	if again == first || again.Name() != first.Name() || again.sum != first.sum {
		t.Error("the oldest file was not dropped, or came back as another font")
	}
}
