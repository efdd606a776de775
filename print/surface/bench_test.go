package surface

import (
	"io"
	"testing"
)

// counterSheet draws 400 counter-like boxes (rect + 4 text strings + a line)
// on a Letter page, 20 x 20 half-inch counters.
func counterSheet(s Surface) {
	s.BeginPage(Letter.W(), Letter.H())
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
	s.BeginPage(Letter.W(), Letter.H())
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
// same page with a rectangle instead. fpdf parses and hashes the font when it is added to the document and
// subsets and deflates it when the document is written, once per document: it has no way to share a parsed
// font between documents (issue 18).
func BenchmarkPDFFontPerDocument(b *testing.B) {
	for _, text := range []bool{false, true} {
		name := "rect"
		if text {
			name = "word"
		}
		b.Run(name, func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				p := NewPDF(PDFOptions{})
				p.BeginPage(200, 100)
				if text {
					p.Text(10, 50, "Légion", Font{Size: 10}, Align{})
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
