package surface

import (
	"bytes"
	"math"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
)

func pdfBytes(t testing.TB, draw func(s Surface)) []byte {
	t.Helper()
	p := NewPDF(PDFOptions{})
	draw(p)
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPDFLetterRect(t *testing.T) {
	b := pdfBytes(t, func(s Surface) {
		s.BeginPage(value.Letter.Width, value.Letter.Height)
		s.SetFill(RGB(255, 0, 0))
		s.Rect(72, 72, 36, 36, Fill)
	})
	pages := pdfcheck.Read(t, b).Pages
	if len(pages) != 1 {
		t.Fatalf("%d pages", len(pages))
	}
	if mb := pages[0].MediaBox; !near(mb, []float64{0, 0, 612, 792}, 0.005) {
		t.Errorf("MediaBox %v", mb)
	}
	c := pages[0].Raw
	if !strings.Contains(c, "72 684 36 36 re") {
		t.Errorf("no rectangle operator in:\n%s", c)
	}
	if !strings.Contains(c, "1 0 0 rg") {
		t.Errorf("no red fill in:\n%s", c)
	}
	if pages[0].TrimBox != nil {
		t.Error("TrimBox written though never set")
	}
}

func TestPDFPageSizesAndBoxes(t *testing.T) {
	big := Size{23 * Inch, 35 * Inch}
	b := pdfBytes(t, func(s Surface) {
		s.BeginPage(value.A4.Width, value.A4.Height)
		s.SetPageBoxes(PageBoxes{Trim: Rect{9, 9, value.A4.Width - 18, value.A4.Height - 18}, Bleed: Rect{0, 0, value.A4.Width, value.A4.Height}})
		s.Rect(0, 0, 10, 10, Fill)
		s.BeginPage(big.W, big.H)
		s.Rect(0, 0, 10, 10, Fill)
		s.BeginPage(PaperSize(value.Letter).Landscape().W, PaperSize(value.Letter).Landscape().H)
		s.SetPageBoxes(PageBoxes{Trim: Rect{X: 10, Y: 20, W: 100, H: 50}})
	})
	pages := pdfcheck.Read(t, b).Pages
	if len(pages) != 3 {
		t.Fatalf("%d pages", len(pages))
	}
	check := func(i int, box string, want []float64) {
		t.Helper()
		got := map[string][]float64{"MediaBox": pages[i].MediaBox, "TrimBox": pages[i].TrimBox, "BleedBox": pages[i].BleedBox}[box]
		if !near(got, want, 0.006) {
			t.Errorf("page %d %s = %v, want %v", i+1, box, got, want)
		}
	}
	check(0, "MediaBox", []float64{0, 0, 595.28, 841.89})
	check(0, "TrimBox", []float64{9, 9, 586.28, 832.89})
	check(0, "BleedBox", []float64{0, 0, 595.28, 841.89})
	check(1, "MediaBox", []float64{0, 0, 1656, 2520})
	// Page 2 set no boxes: they must not inherit page 1's trim.
	check(1, "TrimBox", []float64{0, 0, 1656, 2520})
	check(2, "MediaBox", []float64{0, 0, 792, 612})
	// Top-left (10,20) 100x50 on a 612 high page is [10 542 110 592] in PDF space.
	check(2, "TrimBox", []float64{10, 542, 110, 592})
	check(2, "BleedBox", []float64{0, 0, 792, 612})
}

func TestPDFTransformsAndState(t *testing.T) {
	b := pdfBytes(t, func(s Surface) {
		s.BeginPage(200, 100)
		s.Push()
		s.Translate(100, 10)
		s.SetStroke(RGB(0, 0, 255), 2)
		s.SetDash(3, 1)
		s.Rect(0, 0, 10, 10, Stroke)
		s.Pop()
		s.Push()
		s.Scale(-1, 1)
		s.Pop()
		s.SetStroke(Black, 1)
		s.Line(0, 0, 200, 100)
	})
	c := pdfcheck.Read(t, b).Pages[0].Raw
	for _, want := range []string{
		"q\n1 0 0 1 100 -10 cm\n", // y-down translation becomes (100,-10) in PDF space
		"0 0 1 RG\n2 w\n[3 1] 0 d\n",
		"0 90 10 10 re\nS",
		"-1 0 0 1 0 0 cm", // mirror about x=0
		"Q\n",
		"Q\n0 0 0 RG\n1 w\n0 100 m\n200 0 l\nS", // colour and width re-emitted after Q; the dash was restored by Q
	} {
		if !strings.Contains(c, want) {
			t.Errorf("content lacks %q:\n%s", want, c)
		}
	}
}

func TestPDFDeterministic(t *testing.T) {
	a := pdfBytes(t, drawSample)
	b := pdfBytes(t, drawSample)
	if !bytes.Equal(a, b) {
		t.Fatal("same drawing gave different PDF bytes")
	}
	if !bytes.Contains(a, []byte("/CreationDate (D:20000101000000)")) {
		t.Error("default creation date not fixed at 2000-01-01")
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	c := pdfBytes(t, drawSample)
	if !bytes.Contains(c, []byte("/CreationDate (D:20231114221320)")) || !bytes.Contains(c, []byte("/ModDate (D:20231114221320)")) {
		t.Error("SOURCE_DATE_EPOCH not used")
	}
	if bytes.Contains(a, []byte("/ID [<")) {
		t.Error("random document ID present")
	}
}

func TestPDFFontsEmbedded(t *testing.T) {
	b := pdfBytes(t, drawSample)
	doc := pdfcheck.Read(t, b)
	fontFiles := 0
	for _, o := range doc.Objects() {
		if strings.Contains(o.Dict, "/FontFile2") {
			fontFiles++
		}
		if strings.Contains(o.Dict, "/Subtype /Type1") {
			t.Errorf("unembedded core font used: %s", o.Dict)
		}
	}
	if fontFiles < 4 {
		t.Errorf("%d FontFile2 references, want one per face (4)", fontFiles)
	}
	c := doc.Pages[0].Raw
	if !strings.Contains(c, " Tj ET") || !strings.Contains(c, " Tf ET") {
		t.Error("no text operators")
	}
}

func writeTemp(t *testing.T, name string, b []byte) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), name)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestPDFTextExtract(t *testing.T) {
	text := pdfcheck.Text(t, pdfBytes(t, drawSample), "-enc", "UTF-8")
	for _, want := range []string{"Légion 2½ [4] 3* . — ¾ ½ “muster”", "Bold Légion 2½", "Italic Légion ¾", "Mono 0123456789", "0101"} {
		if !strings.Contains(text, want) {
			t.Errorf("pdftotext output lacks %q:\n%s", want, text)
		}
	}
}

func TestPDFQpdfCheck(t *testing.T) {
	pdfcheck.Check(t, "sample.pdf", pdfBytes(t, drawSample))
}

func TestPDFFontsWarnings(t *testing.T) {
	tool, err := exec.LookPath("pdffonts")
	if err != nil {
		t.Skip("pdffonts not installed")
	}
	path := writeTemp(t, "sample.pdf", pdfBytes(t, drawSample))
	out, err := exec.Command(tool, path).CombinedOutput()
	if err != nil {
		t.Fatalf("pdffonts: %v\n%s", err, out)
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) < 6 { // header, rule, 4 faces
		t.Fatalf("pdffonts:\n%s", out)
	}
	for _, l := range lines[2:] {
		f := strings.Fields(l)
		// name type encoding emb sub uni object ID: emb must be yes.
		if len(f) < 7 || f[len(f)-5] != "yes" {
			t.Errorf("font not embedded: %s", l)
		}
	}
}

// fpdf's subsetter writes into the TTF bytes it is given; the embedded Go
// font bytes must come through PDF generation untouched.
func TestPDFLeavesEmbeddedFontsAlone(t *testing.T) {
	var before [][]byte
	styles := []Style{Regular, Bold, Italic, BoldItalic, Mono, MonoBold}
	for _, st := range styles {
		before = append(before, append([]byte(nil), builtinTTF(st)...))
	}
	for i := 0; i < 2; i++ {
		pdfBytes(t, func(s Surface) {
			s.BeginPage(300, 300)
			for j, st := range styles {
				s.Text(10, 20+float64(j)*20, "Légion 2½ ¾ — ABCxyz 0123", Font{Style: st, Size: 10}, Align{})
			}
		})
	}
	for i, st := range styles {
		if !bytes.Equal(before[i], builtinTTF(st)) {
			t.Errorf("%s TTF bytes modified by PDF output", st)
		}
	}
}

// Text after a Pop must register its runes with the right font, or the
// subset would lack them.
func TestPDFFontAfterPop(t *testing.T) {
	b := pdfBytes(t, func(s Surface) {
		s.BeginPage(200, 100)
		s.Text(10, 20, "a", Font{Size: 10}, Align{})
		s.Push()
		s.Text(10, 40, "b", Font{Style: Bold, Size: 10}, Align{})
		s.Pop()
		s.Text(10, 60, "—ő", Font{Size: 10}, Align{}) // runes above 255 are listed in /W only when used
	})
	found := false
	for _, o := range pdfcheck.Read(t, b).Objects() {
		if strings.Contains(o.Dict, "/BaseFont /utf8go-regular") && strings.Contains(o.Dict, "/W [") {
			found = true
			for _, cid := range []string{"8212", "337"} {
				if !strings.Contains(o.Dict, cid) {
					t.Errorf("regular font /W lacks CID %s: %s", cid, o.Dict)
				}
			}
		}
		if strings.Contains(o.Dict, "/BaseFont /utf8go-bold") && strings.Contains(o.Dict, "8212") {
			t.Errorf("bold font got the regular text's runes: %s", o.Dict)
		}
	}
	if !found {
		t.Fatal("regular CID font not found")
	}
}

// num writes what strconv writes for the number rounded to thousandths, trailing zeros dropped.
func TestNumMatchesStrconv(t *testing.T) {
	want := func(v float64) string {
		v = math.Round(v*1000) / 1000
		if v == 0 {
			return "0"
		}
		s := strconv.FormatFloat(v, 'f', 3, 64)
		s = strings.TrimRight(s, "0")
		return strings.TrimSuffix(s, ".")
	}
	vals := []float64{0, -0.0004, 0.0005, -0.0005, 1, -1, 0.1, 612, 791.9995, 1e9 + 0.25, -3.14159, 1e15, -2e16, 123456.7894}
	r := rand.New(rand.NewPCG(1, 2))
	for i := 0; i < 100000; i++ {
		vals = append(vals, (r.Float64()-0.5)*math.Pow(10, float64(r.IntN(9))))
	}
	for _, v := range vals {
		if got, w := string(num(nil, v)), want(v); got != w {
			t.Fatalf("num(%v) = %s, want %s", v, got, w)
		}
	}
}

// near reports whether two lists of numbers (page boxes) are equal within eps.
func near(a, b []float64, eps float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if d := a[i] - b[i]; d > eps || d < -eps {
			return false
		}
	}
	return true
}
