package surface

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/opentype"
)

func rgbaAt(im *image.RGBA, x, y int) Color {
	c := im.RGBAAt(x, y)
	return Color{c.R, c.G, c.B, c.A}
}

func colorNear(a, b Color, tol int) bool {
	d := func(x, y uint8) bool { v := int(x) - int(y); return v <= tol && v >= -tol }
	return d(a.R, b.R) && d(a.G, b.G) && d(a.B, b.B) && d(a.A, b.A)
}

// expectPx checks the colour at a point given in page points.
func expectPx(t *testing.T, p *PNG, xPt, yPt float64, want Color) {
	t.Helper()
	im, err := p.PageImage(p.Pages() - 1)
	if err != nil {
		t.Fatal(err)
	}
	k := p.DPI() / 72
	x, y := int(xPt*k), int(yPt*k)
	if got := rgbaAt(im, x, y); !colorNear(got, want, 2) {
		t.Errorf("at %gpt,%gpt (px %d,%d, %g dpi) = %s, want %s", xPt, yPt, x, y, p.DPI(), got.Hex(), want.Hex())
	}
}

func TestPNGRectPixels(t *testing.T) {
	red := RGB(255, 0, 0)
	for _, dpi := range []float64{72, 144} {
		p := NewPNG(PNGOptions{DPI: dpi})
		p.BeginPage(200, 100)
		p.SetFill(red)
		p.Rect(20, 10, 40, 60, Fill) // x 20..60, y 10..70
		if p.Err() != nil {
			t.Fatal(p.Err())
		}
		im, _ := p.PageImage(0)
		if want := image.Rect(0, 0, int(200*dpi/72), int(100*dpi/72)); im.Bounds() != want {
			t.Fatalf("%g dpi: bounds %v want %v", dpi, im.Bounds(), want)
		}
		expectPx(t, p, 21, 11, red)    // inside, near the top-left corner
		expectPx(t, p, 59, 69, red)    // inside, near the bottom-right corner
		expectPx(t, p, 40, 5, White)   // above: y grows down
		expectPx(t, p, 40, 75, White)  // below
		expectPx(t, p, 10, 40, White)  // left
		expectPx(t, p, 65, 40, White)  // right
		expectPx(t, p, 199, 99, White) // far corner
	}
}

func TestPNGTransformsAndClip(t *testing.T) {
	p := NewPNG(PNGOptions{DPI: 144})
	p.BeginPage(200, 200)
	blue := RGB(0, 0, 255)
	// Draw once at (0,0), place at (100,20) mirrored: the 20x10 box at (0,0)
	// lands at x 80..100, y 20..30.
	p.Push()
	p.Translate(100, 20)
	p.Scale(-1, 1)
	p.SetFill(blue)
	p.Rect(0, 0, 20, 10, Fill)
	p.Pop()
	expectPx(t, p, 85, 25, blue)
	expectPx(t, p, 105, 25, White)
	// Rotate 90° clockwise about (150,150): a box to the right of the centre
	// ends up below it.
	p.Push()
	p.Translate(150, 150)
	p.Rotate(90)
	p.SetFill(blue)
	p.Rect(10, -5, 30, 10, Fill)
	p.Pop()
	expectPx(t, p, 150, 175, blue)
	expectPx(t, p, 175, 150, White)
	// Clip to a box; drawing outside it is masked; Pop removes the clip.
	green := RGB(0, 160, 0)
	p.Push()
	p.ClipRect(10, 100, 40, 40)
	p.SetFill(green)
	p.Rect(0, 90, 100, 60, Fill)
	p.Pop()
	expectPx(t, p, 30, 120, green)
	expectPx(t, p, 70, 120, White)
	p.SetFill(green)
	p.Rect(60, 160, 10, 10, Fill)
	expectPx(t, p, 65, 165, green)
	// A second page starts clean and at the requested size.
	p.BeginPage(50, 40)
	expectPx(t, p, 25, 20, White)
	if p.Pages() != 2 {
		t.Fatalf("%d pages", p.Pages())
	}
	if _, err := p.WriteTo(&bytes.Buffer{}); err == nil {
		t.Error("WriteTo of a 2-page PNG should ask for WritePage")
	}
	for i := 0; i < 2; i++ {
		var b bytes.Buffer
		if _, err := p.WritePage(i, &b); err != nil {
			t.Fatal(err)
		}
		if _, err := png.Decode(&b); err != nil {
			t.Fatal(err)
		}
	}
}

func pngBytes(t testing.TB, dpi float64, draw func(s Surface)) []byte {
	t.Helper()
	p := NewPNG(PNGOptions{DPI: dpi})
	draw(p)
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

func TestPNGDeterministic(t *testing.T) {
	a := pngBytes(t, 100, drawSample)
	b := pngBytes(t, 100, drawSample)
	if !bytes.Equal(a, b) {
		t.Fatal("same drawing gave different PNG bytes")
	}
	im, err := png.Decode(bytes.NewReader(a))
	if err != nil {
		t.Fatal(err)
	}
	if got := im.Bounds().Dx(); got != int(math.Round(612*100.0/72)) {
		t.Errorf("width %d px", got)
	}
}

func TestPNGTextInk(t *testing.T) {
	p := NewPNG(PNGOptions{DPI: 144})
	p.BeginPage(200, 60)
	f := Font{Style: Bold, Size: 24}
	p.Text(100, 30, "MUSTER", f, Align{Center, Middle})
	w := p.MeasureText("MUSTER", f)
	_, _, capH := p.FontMetrics(f)
	im, _ := p.PageImage(0)
	// Ink bounding box in points.
	minX, minY, maxX, maxY := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	b := im.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			if im.RGBAAt(x, y).R < 128 {
				fx, fy := float64(x)/2, float64(y)/2
				minX, maxX = math.Min(minX, fx), math.Max(maxX, fx)
				minY, maxY = math.Min(minY, fy), math.Max(maxY, fy)
			}
		}
	}
	if math.IsInf(minX, 0) {
		t.Fatal("no text ink")
	}
	// Centred horizontally and vertically on (100,30) within a point or so.
	if c := (minX + maxX) / 2; math.Abs(c-100) > 1.5 {
		t.Errorf("ink centre x %.2f, want 100", c)
	}
	if c := (minY + maxY) / 2; math.Abs(c-30) > 1.5 {
		t.Errorf("ink centre y %.2f, want 30", c)
	}
	if h := maxY - minY; math.Abs(h-capH) > 1.5 {
		t.Errorf("ink height %.2f, cap height %.2f", h, capH)
	}
	if iw := maxX - minX; iw > w || iw < 0.85*w {
		t.Errorf("ink width %.2f vs advance width %.2f", iw, w)
	}
}

func TestMeasureTextAgrees(t *testing.T) {
	pd := NewPDF(PDFOptions{})
	pn := NewPNG(PNGOptions{DPI: 150})
	for _, st := range []Style{Regular, Bold, Italic, BoldItalic, Mono, MonoBold} {
		for _, s := range []string{"Légion 2½ [4] 3* .", "—¾½", "1-4-6", "WWWiii", "Panzergrenadier"} {
			f := Font{Style: st, Size: 11}
			a, b := pd.MeasureText(s, f), pn.MeasureText(s, f)
			if a <= 0 || math.Abs(a-b) > 0.01*a {
				t.Errorf("%s %q: pdf %.4f png %.4f", st, s, a, b)
			}
			// Independent check against the font's own unrounded advances.
			ttf, err := opentype.Parse(builtinTTF(st))
			if err != nil {
				t.Fatal(err)
			}
			face, err := opentype.NewFace(ttf, &opentype.FaceOptions{Size: 1100, DPI: 72, Hinting: font.HintingNone})
			if err != nil {
				t.Fatal(err)
			}
			ref := 0.0
			for _, r := range s {
				adv, _ := face.GlyphAdvance(r)
				ref += float64(adv) / 64 / 100
			}
			if math.Abs(a-ref) > 0.01*ref {
				t.Errorf("%s %q: measured %.4f, font says %.4f", st, s, a, ref)
			}
		}
	}
}

func TestGlyphCoverage(t *testing.T) {
	p := NewPDF(PDFOptions{})
	for _, st := range []Style{Regular, Bold, Italic, BoldItalic, Mono, MonoBold} {
		f := Font{Style: st, Size: 10}
		if m := p.MissingGlyphs("Légion ½ 2½ ¾ — [4] 3* . “” ‘’ • · × ° é è ê ü ö ä ß ñ ç", f); len(m) != 0 {
			t.Errorf("%s lacks %q", st, m)
		}
		// The Go fonts have no ★: that is why Star exists.
		if m := p.MissingGlyphs("★", f); len(m) != 1 {
			t.Errorf("%s: ★ unexpectedly present", st)
		}
	}
}

func TestImages(t *testing.T) {
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72})} {
		s.BeginPage(100, 100)
		if err := s.Image(tinyPNG(), 10, 10, 40, 20); err != nil {
			t.Fatal(err)
		}
		for _, bad := range [][]byte{nil, []byte("not an image"), tinyPNG()[:40], append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0xff}, 64)...)} {
			if err := s.Image(bad, 0, 0, 10, 10); err == nil {
				t.Errorf("%T accepted a corrupt image", s)
			}
		}
		if err := s.Image(tinyPNG(), 0, 0, -10, 10); err == nil {
			t.Errorf("%T accepted a negative width", s)
		}
		// The surface is still usable after bad images.
		if err := s.Err(); err != nil {
			t.Fatalf("%T: %v", s, err)
		}
		var b bytes.Buffer
		if _, err := s.WriteTo(&b); err != nil {
			t.Fatalf("%T: %v", s, err)
		}
	}
	// JPEG and a 16-bit, alpha PNG also embed in PDF.
	var jb, pb bytes.Buffer
	im := image.NewNRGBA64(image.Rect(0, 0, 8, 8))
	for i := range im.Pix {
		im.Pix[i] = uint8(i * 7)
	}
	if err := png.Encode(&pb, im); err != nil {
		t.Fatal(err)
	}
	if err := jpegEncode(&jb); err != nil {
		t.Fatal(err)
	}
	pd := NewPDF(PDFOptions{})
	pd.BeginPage(100, 100)
	for _, data := range [][]byte{jb.Bytes(), pb.Bytes()} {
		if err := pd.Image(data, 10, 10, 20, 20); err != nil {
			t.Fatal(err)
		}
	}
	if _, err := pd.Bytes(); err != nil {
		t.Fatal(err)
	}
	// PNG image placement: left half red, right half blue.
	pn := NewPNG(PNGOptions{DPI: 72})
	pn.BeginPage(100, 100)
	_ = pn.Image(tinyPNG(), 10, 10, 80, 40)
	expectPx(t, pn, 20, 30, RGB(200, 30, 30))
	expectPx(t, pn, 80, 30, RGB(30, 30, 200))
	expectPx(t, pn, 50, 70, White)
}

func TestErrorsNotPanics(t *testing.T) {
	for _, mk := range []func() Surface{
		func() Surface { return NewPDF(PDFOptions{}) },
		func() Surface { return NewPNG(PNGOptions{}) },
	} {
		s := mk()
		s.Rect(0, 0, 1, 1, Fill)
		if s.Err() == nil {
			t.Errorf("%T: drawing before BeginPage not reported", s)
		}
		s = mk()
		s.BeginPage(100, 100)
		s.Pop()
		if s.Err() == nil {
			t.Errorf("%T: Pop without Push not reported", s)
		}
		s = mk()
		s.BeginPage(100, 100)
		s.Push()
		if _, err := s.WriteTo(&bytes.Buffer{}); err == nil {
			t.Errorf("%T: unbalanced Push not reported", s)
		}
		s = mk()
		s.BeginPage(100, 100)
		s.Text(10, 10, "x", Font{Family: "Nope", Size: 10}, Align{})
		if s.Err() == nil {
			t.Errorf("%T: unknown family not reported", s)
		}
		s = mk()
		s.BeginPage(100, 100)
		s.Line(0, 0, math.NaN(), 1)
		if s.Err() == nil {
			t.Errorf("%T: NaN not reported", s)
		}
		s = mk()
		s.BeginPage(-1, 100)
		if s.Err() == nil {
			t.Errorf("%T: negative page not reported", s)
		}
		s = mk()
		s.BeginPage(100, 100)
		s.SetDash(-1, 2)
		if s.Err() == nil {
			t.Errorf("%T: negative dash not reported", s)
		}
		s = mk()
		if err := s.RegisterFont("Broken", Regular, []byte("nope")); err == nil {
			t.Errorf("%T: broken font accepted", s)
		}
		// Odd text is cleaned, not fatal.
		s = mk()
		s.BeginPage(100, 100)
		s.Text(10, 50, "bad\xffutf8\x00\n\U0001F600 ok", Font{Size: 10}, Align{})
		s.Polygon(nil, Fill)
		s.Polyline([]Pt{{1, 1}})
		s.Star(10, 10, 5, 1, Fill)
		s.ClipPolygon(nil)
		if _, err := s.WriteTo(&bytes.Buffer{}); err != nil {
			t.Errorf("%T: %v", s, err)
		}
	}
}

func TestRegisterFont(t *testing.T) {
	// Register a copy of Go Bold under another name; it must measure like Bold.
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72})} {
		if err := s.RegisterFont("Stencil", Regular, builtinTTF(Bold)); err != nil {
			t.Fatal(err)
		}
		a := s.MeasureText("Légion", Font{Family: "Stencil", Size: 10})
		b := s.MeasureText("Légion", Font{Style: Bold, Size: 10})
		if a != b || a == 0 {
			t.Errorf("%T: registered %v, bold %v", s, a, b)
		}
		s.BeginPage(100, 100)
		s.Text(10, 50, "Légion", Font{Family: "stencil", Size: 10}, Align{})
		if _, err := s.WriteTo(&bytes.Buffer{}); err != nil {
			t.Errorf("%T: %v", s, err)
		}
	}
}

func TestPNGNestedClips(t *testing.T) {
	p := NewPNG(PNGOptions{DPI: 72})
	p.BeginPage(100, 100)
	c1, c2, c3 := RGB(255, 0, 0), RGB(0, 0, 255), RGB(0, 150, 0)
	p.Push()
	p.ClipRect(10, 10, 50, 50) // A: 10..60
	p.Push()
	p.ClipRect(40, 40, 50, 50) // B: 40..90, so A∩B is 40..60
	p.SetFill(c1)
	p.Rect(0, 0, 100, 100, Fill)
	p.Pop()
	expectPx(t, p, 50, 50, c1)
	expectPx(t, p, 20, 20, White) // in A only
	expectPx(t, p, 80, 80, White) // in B only
	// Back to A alone; a second clip at the same level intersects.
	p.SetFill(c2)
	p.Rect(0, 0, 30, 100, Fill)
	expectPx(t, p, 20, 20, c2)
	expectPx(t, p, 20, 70, White)
	p.ClipRect(0, 0, 15, 100) // A∩(0..15) = 10..15
	p.SetFill(c3)
	p.Rect(0, 0, 100, 100, Fill)
	expectPx(t, p, 12, 30, c3)
	expectPx(t, p, 20, 30, c2)
	p.Pop()
	// No clip at all now.
	p.SetFill(c3)
	p.Rect(90, 0, 10, 10, Fill)
	expectPx(t, p, 95, 5, c3)
	// Many clips in a row recycle masks without mixing them up.
	for i := 0; i < 10; i++ {
		p.Push()
		p.ClipRect(float64(i*10), 95, 5, 5)
		p.SetFill(c1)
		p.Rect(0, 90, 100, 10, Fill)
		p.Pop()
	}
	expectPx(t, p, 2, 97, c1)
	expectPx(t, p, 7, 97, White)
	expectPx(t, p, 92, 97, c1)
}

// A reused drawing looks the same on a PNG page as the same drawing drawn in place: placed at many sub-pixel
// positions, through a clip and nested, it differs from drawing directly by little more than rounding.
func TestPNGReuseMatchesDrawing(t *testing.T) {
	shape := func(s Surface, _ Rect) {
		s.SetFill(RGB(40, 120, 200))
		s.Polygon([]Pt{{-6, -5}, {6, -5}, {8, 0}, {6, 5}, {-6, 5}, {-8, 0}}, Fill)
		s.SetStroke(RGBA(0, 0, 0, 200), 0.7)
		s.Line(-6, 0, 6, 0)
		s.Text(0, 0, "12", Font{Size: 5}, Align{H: Center, V: Middle})
	}
	art := Rect{X: -9, Y: -6, W: 18, H: 12}
	page := func(reuse bool) *image.RGBA {
		p := NewPNG(PNGOptions{DPI: 150})
		p.BeginPage(200, 200)
		p.Push()
		p.ClipRect(10, 10, 170, 170)
		for i := 0; i < 60; i++ {
			x, y := 5+float64(i%10)*19.37, 7+float64(i/10)*31.13
			if !reuse {
				p.Push()
				p.Translate(x, y)
				shape(p, art)
				p.Pop()
				continue
			}
			if i%2 == 0 {
				p.Reuse("shape", x, y, art, art, shape)
			} else { // nested in a drawing of its own
				outer := Rect{X: -10, Y: -10, W: 20, H: 20}
				p.Reuse("outer", x, y, outer, outer, func(s Surface, _ Rect) { s.Reuse("shape", 0, 0, art, art, shape) })
			}
		}
		p.Pop()
		im, err := p.PageImage(0)
		if err != nil {
			t.Fatal(err)
		}
		return im
	}
	a, b := page(false), page(true)
	var sum, n float64
	far := 0
	for i := range a.Pix {
		d := math.Abs(float64(a.Pix[i]) - float64(b.Pix[i]))
		sum += d
		n++
		if d > 64 {
			far++
		}
	}
	if mean := sum / n; mean > 0.5 || far > len(a.Pix)/2000 {
		t.Errorf("reused drawing differs from drawing in place: mean %.3f, %d values far off", mean, far)
	}
	// Outside the clip nothing is drawn.
	if c := b.RGBAAt(3, 3); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("pixel outside the clip is %v", c)
	}
}

// EncodePNG writes what image/png reads back exactly: opaque pages as RGB, translucent ones with straight
// alpha.
func TestEncodePNGRoundTrip(t *testing.T) {
	for _, bg := range []PNGOptions{{DPI: 72}, {DPI: 72, Transparent: true}} {
		p := NewPNG(bg)
		p.BeginPage(60, 40)
		p.SetFill(RGBA(200, 30, 30, 128))
		p.Circle(20, 20, 15, Fill)
		p.SetFill(RGB(30, 30, 200))
		p.Rect(30, 5, 20, 10, Fill)
		im, _ := p.PageImage(0)
		var b bytes.Buffer
		if err := EncodePNG(&b, im); err != nil {
			t.Fatal(err)
		}
		got, err := png.Decode(&b)
		if err != nil {
			t.Fatal(err)
		}
		for y := 0; y < 40; y++ {
			for x := 0; x < 60; x++ {
				r1, g1, b1, a1 := im.At(x, y).RGBA()
				r2, g2, b2, a2 := got.At(x, y).RGBA()
				// Straight alpha rounds: a channel may move by one step of 255 in the premultiplied value.
				for _, d := range [][2]uint32{{r1, r2}, {g1, g2}, {b1, b2}, {a1, a2}} {
					if diff := int(d[0]) - int(d[1]); diff > 257 || diff < -257 {
						t.Fatalf("transparent %v: pixel %d,%d was %v, reads back %v", bg.Transparent, x, y, im.At(x, y), got.At(x, y))
					}
				}
			}
		}
	}
}

// With Recycle, each page is drawn into the pixels of the page handed over before it: the pages come out as
// if each had pixels of its own (the page before's paint and clip are gone), in one page's memory.
func TestPNGRecyclesPages(t *testing.T) {
	for _, transparent := range []bool{false, true} {
		var got []*image.RGBA
		var pix []*uint8
		p := NewPNG(PNGOptions{DPI: 72, Transparent: transparent, Recycle: true, OnPage: func(i int, im *image.RGBA) error {
			got = append(got, image.NewRGBA(im.Bounds()))
			copy(got[i].Pix, im.Pix)
			pix = append(pix, &im.Pix[0])
			return nil
		}})
		p.BeginPage(40, 40)
		p.SetFill(RGB(255, 0, 0))
		p.Rect(0, 0, 20, 20, Fill)
		p.Push()
		p.ClipRect(20, 20, 20, 20) // a clip left behind on the page
		p.Pop()
		p.BeginPage(40, 40)
		p.SetFill(RGB(0, 0, 255))
		p.Rect(20, 20, 20, 20, Fill)
		p.Push()
		p.ClipRect(0, 0, 10, 10)
		p.SetFill(RGB(0, 255, 0))
		p.Rect(0, 0, 40, 40, Fill)
		p.Pop()
		if err := p.Flush(); err != nil {
			t.Fatal(err)
		}
		if len(got) != 2 || pix[0] != pix[1] {
			t.Fatalf("transparent %v: %d pages, second drawn into the first's pixels: %v", transparent, len(got), len(pix) == 2 && pix[0] == pix[1])
		}
		bg := color.RGBA{255, 255, 255, 255}
		if transparent {
			bg = color.RGBA{}
		}
		for _, c := range []struct {
			page, x, y int
			want       color.RGBA
		}{
			{0, 5, 5, color.RGBA{255, 0, 0, 255}}, {0, 30, 30, bg},
			{1, 5, 5, color.RGBA{0, 255, 0, 255}}, {1, 15, 15, bg}, {1, 30, 30, color.RGBA{0, 0, 255, 255}}, {1, 30, 5, bg},
		} {
			if px := got[c.page].RGBAAt(c.x, c.y); px != c.want {
				t.Errorf("transparent %v: page %d at %d,%d is %v, want %v", transparent, c.page+1, c.x, c.y, px, c.want)
			}
		}
	}
}
