package surface

import (
	"bytes"
	"errors"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/pixelcheck"
)

var (
	gRed   = RGB(200, 30, 30)
	gGreen = RGB(30, 170, 60)
	gBlue  = RGB(30, 60, 200)
	gGold  = RGB(240, 190, 20)
)

// gradientPage fills shapes with gradients of every kind: linear with two and four stops (one pair at the same
// offset, a hard edge), turned by a transform; radial centred and with its focus off centre, with stops
// that start past 0, squeezed into an ellipse; a translucent one; and the same drawn in a form.
func gradientPage(s Surface) {
	s.BeginPage(400, 300)
	s.SetFill(White)
	s.Rect(0, 0, 400, 300, Fill)
	lin := &Gradient{X1: 10, Y1: 0, X2: 130, Y2: 0, Stops: []GradientStop{{0, gRed}, {1, gBlue}}}
	s.FillGradient(NewPath().Rect(10, 10, 120, 60), lin)
	four := &Gradient{X1: 150, Y1: 0, X2: 270, Y2: 0, Stops: []GradientStop{{0.1, gRed}, {0.4, gGreen}, {0.4, gGold}, {0.9, gBlue}}}
	s.FillGradient(NewPath().Rect(150, 10, 120, 60), four)
	s.Push()
	s.Translate(330, 40)
	s.Rotate(30)
	s.FillGradient(NewPath().Circle(0, 0, 35), &Gradient{X1: -35, X2: 35, Stops: []GradientStop{{0, gGold}, {1, gBlue}}})
	s.Pop()
	rad := &Gradient{Radial: true, CX: 70, CY: 140, R: 50, FX: 70, FY: 140, Stops: []GradientStop{{0, White}, {0.5, gGold}, {1, gRed}}}
	s.FillGradient(NewPath().Rect(15, 85, 110, 110), rad)
	focal := &Gradient{Radial: true, CX: 200, CY: 140, R: 50, FX: 180, FY: 125, Stops: []GradientStop{{0.2, White}, {0.6, gGreen}, {1, gBlue}}}
	s.FillGradient(NewPath().Circle(200, 140, 55), focal)
	ellipse := &Gradient{Radial: true, CX: 0, CY: 0, R: 1, FX: 0, FY: 0, Stops: []GradientStop{{0, gGold}, {1, gGreen}},
		Transform: Matrix{A: 45, D: 25, E: 330, F: 140}}
	s.FillGradient(NewPath().Rect(280, 110, 100, 60), ellipse)
	see := &Gradient{X1: 20, Y1: 210, X2: 20, Y2: 280, Stops: []GradientStop{{0, RGBA(200, 30, 30, 128)}, {1, RGBA(30, 60, 200, 128)}}}
	s.SetFill(Black)
	s.Rect(40, 230, 60, 20, Fill)
	s.FillGradient(NewPath().Rect(20, 210, 100, 70), see)
	art := Rect{X: -1, Y: -1, W: 112, H: 72}
	for i, x := range []float64{150, 270} {
		s.Form("badge", x, 215, art, func(s Surface) {
			s.FillGradient(NewPath().Rect(0, 0, 110, 70), &Gradient{Radial: true, CX: 55, CY: 35, R: 55, FX: 40, FY: 25,
				Stops: []GradientStop{{0, White}, {0.3, gGold}, {0.7, gRed}, {1, gBlue}}})
			s.FillGradient(NewPath().Rect(5, 55, 100, 10), lin4)
		})
		_ = i
	}
}

var lin4 = &Gradient{X1: 5, X2: 105, Stops: []GradientStop{{0, gBlue}, {0.5, White}, {1, gGreen}}}

// The PNG backend paints each gradient's colour at its stops and blends between them; where a stop's offset
// repeats the colour jumps.
func TestPNGGradientColours(t *testing.T) {
	p := NewPNG(PNGOptions{DPI: 72})
	gradientPage(p)
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	im, _ := p.PageImage(0)
	for _, c := range []struct {
		x, y int
		want Color
	}{
		{11, 40, gRed}, {129, 40, gBlue}, {70, 40, RGB(115, 45, 115)},
		{151, 40, gRed}, {160, 40, gRed}, {196, 40, gGreen}, {199, 40, gGold}, {268, 40, gBlue},
		{70, 140, White}, {70 + 25, 140, gGold}, {70 + 52, 140, gRed}, {20, 90, gRed},
		{330, 140, gGold}, {379, 140, gGreen},
	} {
		if got := rgbaAt(im, c.x, c.y); !colorNear(got, c.want, 8) {
			t.Errorf("at (%d, %d): %v, want %v", c.x, c.y, got, c.want)
		}
	}
}

// A gradient prints in the PDF as the PNG backend draws it: pdftoppm's rendering of the PDF and the PNG agree
// pixel by pixel (within anti-aliasing), in the page and in a form; the PDF passes qpdf --check; the form is
// made once and its shadings are the document's.
func TestGradientCrossBackend(t *testing.T) {
	pdf := pdfBytes(t, gradientPage)
	if n := bytes.Count(pdf, []byte("/Subtype /Form")); n != 1 {
		t.Errorf("%d forms, want 1", n)
	}
	if n := bytes.Count(pdf, []byte("/ShadingType 3")); n != 8 {
		t.Errorf("%d radial shadings, want 8", n)
	}
	pdfcheck.Check(t, "gradients.pdf", pdf)
	ref, err := pixelcheck.Rasterize(pdf, 1, 72)
	if errors.Is(err, pixelcheck.ErrNoPdftoppm) {
		t.Skip("pdftoppm not installed")
	} else if err != nil {
		t.Fatal(err)
	}
	p := NewPNG(PNGOptions{DPI: 72})
	gradientPage(p)
	got, _ := p.PageImage(0)
	if ref.Bounds() != got.Bounds() {
		t.Fatalf("bounds %v and %v", ref.Bounds(), got.Bounds())
	}
	d := pixelcheck.CompareAt(ref, got, 48)
	t.Logf("PDF vs PNG: mean |diff| %.2f/255, %d pixels far off", d.Mean, d.FarPixels)
	if d.Mean > 1.5 || d.FarPixels > 150 {
		t.Errorf("backends disagree: mean %.2f, %d pixels far off", d.Mean, d.FarPixels)
	}
}

// A gradient that spans nothing paints its last colour; one with no stops nothing; bad numbers are an error.
func TestGradientEdges(t *testing.T) {
	p := NewPNG(PNGOptions{DPI: 72})
	p.BeginPage(50, 20)
	p.FillGradient(NewPath().Rect(0, 0, 20, 20), &Gradient{X1: 5, X2: 5, Stops: []GradientStop{{0, gRed}, {1, gBlue}}})
	p.FillGradient(NewPath().Rect(20, 0, 10, 20), &Gradient{Radial: true, CX: 5, R: 0, Stops: []GradientStop{{0, gRed}, {1, gGreen}}})
	p.FillGradient(NewPath().Rect(30, 0, 20, 20), &Gradient{X1: 0, X2: 10})
	im, _ := p.PageImage(0)
	for _, c := range []struct {
		x    int
		want Color
	}{{10, gBlue}, {25, gGreen}, {40, White}} {
		if got := rgbaAt(im, c.x, 10); !colorNear(got, c.want, 2) {
			t.Errorf("at %d: %v, want %v", c.x, got, c.want)
		}
	}
	if p.Err() != nil {
		t.Fatal(p.Err())
	}
	p.FillGradient(NewPath().Rect(0, 0, 1, 1), &Gradient{X1: 0, X2: 1, Y2: nan(), Stops: []GradientStop{{0, gRed}, {1, gBlue}}})
	if p.Err() == nil || !strings.Contains(p.Err().Error(), "non-finite gradient") {
		t.Errorf("a NaN gradient: %v", p.Err())
	}
}

func nan() float64 { var z float64; return z / z }

// Drawing art as a form makes a form XObject at its first placement, however small it is, and places it with
// one Do at every later one; Reuse of the same drawing does not.
func TestPDFFormAtOnce(t *testing.T) {
	tiny := func(s Surface) { s.Rect(0, 0, 2, 2, Fill) }
	b := pdfBytes(t, func(s Surface) {
		s.BeginPage(100, 100)
		for i := 0; i < 5; i++ {
			s.Form("tiny", float64(i)*10, 0, Rect{W: 2, H: 2}, tiny)
			s.Reuse("tiny-reused", float64(i)*10, 20, Rect{W: 2, H: 2}, Rect{W: 2, H: 2}, func(s Surface, _ Rect) { tiny(s) })
		}
	})
	if n := bytes.Count(b, []byte("/Subtype /Form")); n != 1 {
		t.Errorf("%d forms, want 1", n)
	}
	content := pdfcheck.Read(t, b).Pages[0].Raw
	if n := strings.Count(content, " Do"); n != 5 {
		t.Errorf("%d placements of a form, want 5", n)
	}
}
