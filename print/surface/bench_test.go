package surface

import (
	"io"
	"testing"

	"github.com/muster-wargames/muster/content/value"
)

// counterSheet draws 400 counter-like boxes (rect + 4 text strings + a line)
// on a Letter page, 20 x 20 half-inch counters.
func counterSheet(s Surface) {
	s.BeginPage(value.Letter.Width, value.Letter.Height)
	red := RGB(0xc0, 0x39, 0x2b)
	f := Font{Size: 6}
	fb := Font{Style: Bold, Size: 8}
	const side = 27
	for i := 0; i < 400; i++ {
		x, y := 36+float64(i%20)*side, 72+float64(i/20)*side
		s.Push()
		s.Translate(x, y)
		s.SetFill(red)
		s.SetStroke(Black, 0.5)
		s.Rect(0, 0, side, side, FillStroke)
		s.SetFill(White)
		s.Text(side/2, 7, "Légion", f, Align{Center, Middle})
		s.Text(3, side-3, "4", fb, Align{Left, Baseline})
		s.Text(side/2, side-3, "3", fb, Align{Center, Baseline})
		s.Text(side-3, side-3, "2½", fb, Align{Right, Baseline})
		s.SetStroke(White, 0.5)
		s.Line(8, 12, side-8, 12)
		s.Pop()
	}
}

func BenchmarkPDF400Counters(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := NewPDF(PDFOptions{})
		counterSheet(p)
		if _, err := p.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkPNG400Counters150dpi(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := NewPNG(PNGOptions{DPI: 150})
		counterSheet(p)
		if _, err := p.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// clippedSheet is counterSheet with every counter clipped to its square.
func clippedSheet(s Surface) {
	s.BeginPage(value.Letter.Width, value.Letter.Height)
	const side = 27
	for i := 0; i < 400; i++ {
		s.Push()
		s.Translate(36+float64(i%20)*side, 72+float64(i/20)*side)
		s.ClipRect(0, 0, side, side)
		s.SetFill(RGB(0x27, 0xae, 0x60))
		s.Circle(side/2, side/2, side*0.6, Fill)
		s.Pop()
	}
}

func BenchmarkPNG400ClippedCounters150dpi(b *testing.B) {
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		p := NewPNG(PNGOptions{DPI: 150})
		clippedSheet(p)
		if _, err := p.WriteTo(io.Discard); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkPDFFontPerDocument is what one face costs a document: a one-page PDF with a word in it, less the
// same page with a rectangle instead, for a Go face and for a package's font (Liberation Sans Narrow). fpdf
// parses and hashes the font when it is added to the document and subsets and deflates it when the document
// is written, once per document: it has no way to share a parsed font between documents (issue 18), so
// muster adds a face only to the documents that print in it. What muster parses itself, it parses once per
// process (BenchmarkParseFontFile).
func BenchmarkPDFFontPerDocument(b *testing.B) {
	narrow := testTypeface(b)
	for _, c := range []struct {
		name string
		font *Font
	}{{"rect", nil}, {"word", &Font{Size: 10}}, {"narrow", &Font{Size: 10, Typeface: narrow}}} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p := NewPDF(PDFOptions{})
				p.BeginPage(200, 100)
				if c.font != nil {
					p.Text(10, 50, "Légion", *c.font, Align{})
				} else {
					p.Rect(10, 40, 50, 10, Fill)
				}
				if _, err := p.WriteTo(io.Discard); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkParseFontFile is a package's font file as every surface after the first gets it (cached: its
// hash), and as the first one does (first: checked, parsed, its tables made and embedded once in a scratch
// PDF).
func BenchmarkParseFontFile(b *testing.B) {
	data := testFontBytes(b, "Regular")
	b.Run("cached", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := ParseFontFile(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("first", func(b *testing.B) {
		b.ReportAllocs()
		for i := 0; i < b.N; i++ {
			if _, err := parseFontFile(data, [32]byte{}); err != nil {
				b.Fatal(err)
			}
		}
	})
}
