package counters

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pixelcheck"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// layoutSheet plans the layout fixture's counters on Letter, each copy a piece, front and back.
func layoutSheet(t testing.TB, cs []Counter, copies int) *sheet.Layout {
	t.Helper()
	var ps []sheet.Piece
	for i := range cs {
		c := &cs[i]
		for k := 0; k < c.Count*copies; k++ {
			p := sheet.Piece{Size: c.Height(), Width: c.Width(), Shape: c.Shape, Front: &c.Front, Back: &c.Back}
			if c.Shape == "hex" || c.Shape == "hex-pointy" {
				p.Size, p.Width = c.Size, 0
			}
			ps = append(ps, p)
		}
	}
	l, err := sheet.Plan(ps, sheet.Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: sheet.LongEdge})
	if err != nil {
		t.Fatal(err)
	}
	return l
}

// Square, hexagonal and round counters with placed elements, bands, frames and turned text print alike in the
// PDF and in the PNG: each sheet page rasterised from the PDF by pdftoppm and drawn by the PNG backend agree
// pixel for pixel but for anti-aliasing.
func TestShapesCrossBackend(t *testing.T) {
	crossBackend(t, layoutSheet(t, resolve(t, "layout"), 1), "shapes")
}

// A layout whose values, marks and ids print in the package's own font (the fonts fixture's Liberation Sans
// Narrow) prints alike in the PDF and in the PNG, as the Go fonts do.
func TestPackageFontCrossBackend(t *testing.T) {
	cs := resolve(t, "../../fonts/testdata/narrow")
	if cs[0].Front.Slots[0].Font == nil {
		t.Fatal("the fixture's counters print in no package font")
	}
	crossBackend(t, layoutSheet(t, cs, 1), "narrow")
}

// crossBackend prints a counter sheet to PDF, rasterises each page with pdftoppm and compares it with the
// PNG backend's drawing of the page.
func crossBackend(t *testing.T, l *sheet.Layout, stem string) {
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("pdftoppm not installed")
	}
	dir := os.Getenv("MUSTER_COUNTERS_SAMPLE_DIR")
	if dir == "" {
		dir = t.TempDir()
	}
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := l.Render(pdf); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	pdfPath := filepath.Join(dir, stem+".pdf")
	if err := os.WriteFile(pdfPath, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	for page := range l.Pages {
		raster := filepath.Join(dir, fmt.Sprintf("%s-pdf-%d", stem, page+1))
		if out, err := exec.Command(tool, "-png", "-r", "50", "-singlefile", "-f", fmt.Sprint(page+1), "-l", fmt.Sprint(page+1), pdfPath, raster).CombinedOutput(); err != nil {
			t.Fatalf("pdftoppm: %v\n%s", err, out)
		}
		ref := decodePNG(t, raster+".png")
		p := surface.NewPNG(surface.PNGOptions{DPI: 50})
		if err := l.RenderPage(p, page); err != nil {
			t.Fatal(err)
		}
		var pb bytes.Buffer
		if _, err := p.WriteTo(&pb); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(bytes.NewReader(pb.Bytes()))
		if err != nil {
			t.Fatal(err)
		}
		if ref.Bounds() != got.Bounds() {
			t.Fatalf("page %d: pdftoppm %v, PNG backend %v", page+1, ref.Bounds(), got.Bounds())
		}
		d := pixelcheck.Compare(ref, got)
		t.Logf("page %d (%s): %v", page+1, l.Sheets[l.Pages[page].Sheet].Shape, d)
		if !d.Agree() {
			t.Errorf("page %d: the backends disagree: %v", page+1, d)
		}
	}
}

func decodePNG(t *testing.T, path string) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	im, err := png.Decode(f)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// BenchmarkLayoutSheet: 400 counters, every face drawn with a layout of placed elements (a band, the
// unit-size mark, the symbol, 8-4, the id turned up the side, a value in a circle; the backs with their own
// layouts), square, hexagonal and round, planned on Letter and printed to a PDF with both sides.
func BenchmarkLayoutSheet(b *testing.B) {
	cs := resolve(b, "layout")
	per := 0
	for _, c := range cs {
		per += c.Count
	}
	copies := (400 + per - 1) / per
	b.ReportAllocs()
	var size int
	for b.Loop() {
		l := layoutSheet(b, cs, copies)
		p := surface.NewPDF(surface.PDFOptions{})
		if err := l.Render(p); err != nil {
			b.Fatal(err)
		}
		var out bytes.Buffer
		if _, err := p.WriteTo(&out); err != nil {
			b.Fatal(err)
		}
		size = out.Len()
	}
	b.ReportMetric(float64(per*copies), "counters")
	b.ReportMetric(float64(size)/1024, "KB/pdf")
}
