package surface

import (
	"bytes"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"math"

	"github.com/muster-wargames/muster/content/value"
)

// tinyPNG is a 4x2 image: left half red, right half blue.
func tinyPNG() []byte {
	im := image.NewNRGBA(image.Rect(0, 0, 4, 2))
	for y := 0; y < 2; y++ {
		for x := 0; x < 4; x++ {
			c := color.NRGBA{200, 30, 30, 255}
			if x >= 2 {
				c = color.NRGBA{30, 30, 200, 255}
			}
			im.SetNRGBA(x, y, c)
		}
	}
	var b bytes.Buffer
	_ = png.Encode(&b, im)
	return b.Bytes()
}

// counter draws one counter-like box of side s at the current origin.
func counter(s Surface, side float64, bg Color, label string) {
	s.SetFill(bg)
	s.SetStroke(Black, 0.75)
	s.Rect(0, 0, side, side, FillStroke)
	fg := ReadableOn(bg)
	s.SetFill(fg)
	s.Text(side/2, side*0.22, label, Font{Size: side * 0.16}, Align{Center, Middle})
	s.Text(side*0.08, side*0.92, "4", Font{Style: Bold, Size: side * 0.2}, Align{Left, Baseline})
	s.Text(side/2, side*0.92, "3", Font{Style: Bold, Size: side * 0.2}, Align{Center, Baseline})
	s.Text(side*0.92, side*0.92, "2½", Font{Style: Bold, Size: side * 0.2}, Align{Right, Baseline})
	s.SetStroke(fg, 0.5)
	s.Line(side*0.3, side*0.45, side*0.7, side*0.45)
}

// drawSample draws the visual-check page: counters, a star, a hex, a dashed
// line, an image, clipped and transformed drawing.
func drawSample(s Surface) {
	s.BeginPage(value.Letter.Width, value.Letter.Height)
	s.SetPageBoxes(PageBoxes{Trim: Rect{18, 18, value.Letter.Width - 36, value.Letter.Height - 36}, Bleed: Rect{9, 9, value.Letter.Width - 18, value.Letter.Height - 18}})
	red, _ := Hex("#c0392b")
	green, _ := Hex("#27ae60")
	yellow, _ := Hex("#f1c40f")
	s.SetFill(Black)
	s.Text(36, 40, "Légion 2½ [4] 3* . — ¾ ½ “muster”", Font{Size: 18}, Align{})
	s.Text(36, 60, "Bold Légion 2½", Font{Style: Bold, Size: 12}, Align{})
	s.Text(200, 60, "Italic Légion ¾", Font{Style: Italic, Size: 12}, Align{})
	s.Text(340, 60, "Mono 0123456789", Font{Style: Mono, Size: 12}, Align{})
	for i, bg := range []Color{red, green, yellow, White} {
		s.Push()
		s.Translate(36+float64(i)*72, 90)
		counter(s, 54, bg, "Légion")
		s.Pop()
	}
	// Mirrored (back-side) copy of the first counter, and a rotated one.
	s.Push()
	s.Translate(36+4*72+54, 90)
	s.Scale(-1, 1)
	counter(s, 54, red, "Légion")
	s.Pop()
	s.Push()
	s.Translate(36+5*72+27, 90+27)
	s.Rotate(30)
	s.Translate(-27, -27)
	counter(s, 54, green, "Légion")
	s.Pop()

	// Star primitive next to a star in text.
	s.SetFill(yellow)
	s.SetStroke(Black, 1)
	s.Star(72, 220, 30, 5, FillStroke)
	s.SetFill(red)
	s.Star(150, 220, 30, 6, Fill)

	// Hex outline (flat-topped), with a centre dot and a label.
	s.SetStroke(RGB(40, 40, 40), 1.5)
	s.SetFill(Transparent)
	hx := make([]Pt, 6)
	for i := range hx {
		a := float64(i) * math.Pi / 3
		hx[i] = Pt{260 + 40*math.Cos(a), 220 + 40*math.Sin(a)}
	}
	s.Polygon(hx, Stroke)
	s.SetFill(Black)
	s.Circle(260, 220, 3, Fill)
	s.Text(260, 250, "0101", Font{Style: Mono, Size: 8}, Align{Center, Baseline})

	// Dashed line and an arc.
	s.SetStroke(RGB(0, 0, 200), 2)
	s.SetDash(6, 3)
	s.Line(320, 190, 560, 190)
	s.SetDash()
	s.Arc(440, 240, 40, 25, 180, 360)

	// Clipped drawing: a big circle clipped to a box, then the clip is gone.
	s.Push()
	s.ClipRect(36, 290, 100, 60)
	s.SetFill(green)
	s.Circle(86, 320, 40, Fill)
	s.Pop()
	s.SetStroke(Black, 0.5)
	s.Rect(36, 290, 100, 60, Stroke)

	// Semi-transparent overlap.
	s.SetFill(RGBA(0, 0, 255, 128))
	s.Rect(160, 290, 60, 60, Fill)
	s.SetFill(RGBA(255, 0, 0, 128))
	s.Rect(190, 310, 60, 60, Fill)

	// An image.
	_ = s.Image(tinyPNG(), 280, 290, 80, 40)

	// Path with a curve and even-odd hole.
	p := NewPath()
	p.EvenOdd = true
	p.Rect(400, 290, 80, 80)
	p.Circle(440, 330, 25)
	s.SetFill(RGB(120, 60, 160))
	s.DrawPath(p, Fill)
}

func jpegEncode(w *bytes.Buffer) error {
	im := image.NewRGBA(image.Rect(0, 0, 16, 16))
	for i := range im.Pix {
		im.Pix[i] = uint8(i)
	}
	return jpeg.Encode(w, im, &jpeg.Options{Quality: 80})
}
