package counters

import (
	"bytes"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// recorder is a surface that notes the text and rectangles drawn on it.
type recorder struct {
	surface.Surface
	texts []drawnText
	rects []surface.Rect
}

type drawnText struct {
	x, y float64
	s    string
	f    surface.Font
	a    surface.Align
}

func (r *recorder) Text(x, y float64, s string, f surface.Font, a surface.Align) {
	r.texts = append(r.texts, drawnText{x, y, s, f, a})
	r.Surface.Text(x, y, s, f, a)
}

func (r *recorder) Rect(x, y, w, h float64, mode surface.Paint) {
	r.rects = append(r.rects, surface.Rect{X: x, Y: y, W: w, H: h})
	r.Surface.Rect(x, y, w, h, mode)
}

func newRecorder() *recorder {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(300, 300)
	return &recorder{Surface: p}
}

func (r *recorder) text(s string) *drawnText {
	for i := range r.texts {
		if r.texts[i].s == s {
			return &r.texts[i]
		}
	}
	return nil
}

// A footprint-2 unit is a double-width counter: two sizes wide, one high; everything else is square.
func TestFootprintTwoIsWide(t *testing.T) {
	cs := resolve(t, "rampant")
	ph := find(t, cs, "phalanx")
	if ph.Footprint != 2 || ph.Width() != 90 || ph.Height() != 45 || ph.Size != 45 || ph.Count != 3 {
		t.Errorf("phalanx: footprint %d, %gx%g (size %g), count %d; want 2, 90x45, 3", ph.Footprint, ph.Width(), ph.Height(), ph.Size, ph.Count)
	}
	for _, c := range cs {
		if c.ID != "phalanx" && (c.Footprint != 1 || c.Width() != c.Size || c.Height() != c.Size) {
			t.Errorf("%s: footprint %d, %gx%g; want a square %g", c.ID, c.Footprint, c.Width(), c.Height(), c.Size)
		}
	}
	// A marker covering two cells prints wide too.
	pkg := load(t, "thg")
	pkg.Marker("sm-roman").Footprint = 2
	cs, err := FromPackage(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if sm := find(t, cs, "sm-roman"); sm.Width() != 2*sm.Size {
		t.Errorf("a footprint-2 marker is %gpt wide, want %g", sm.Width(), 2*sm.Size)
	}
}

// The wide face spreads its slots across its width: the left values at the left edge, the right ones at the
// right edge, the centre column, the name and the symbol at the middle of the 90pt face; heights and font
// sizes are those of a square face of the same size.
func TestWideFaceLayout(t *testing.T) {
	ph := find(t, resolve(t, "rampant"), "phalanx")
	const x, y, w, h, bleed = 10.0, 20.0, 90.0, 45.0, 3.0
	pad := h * padFrac
	for _, side := range []struct {
		name string
		face Face
		sp   string
	}{{"front", ph.Front, "8"}, {"back", ph.Back, "5"}} {
		wr, sq := newRecorder(), newRecorder()
		if err := side.face.DrawRect(wr, x, y, w, h, bleed); err != nil {
			t.Fatal(err)
		}
		if err := side.face.Draw(sq, x, y, h, bleed); err != nil {
			t.Fatal(err)
		}
		if bg := wr.rects[0]; bg != (surface.Rect{X: x - bleed, Y: y - bleed, W: w + 2*bleed, H: h + 2*bleed}) {
			t.Errorf("%s: background %+v, want the 90x45 counter plus the bleed", side.name, bg)
		}
		for _, v := range []struct {
			text string
			x    float64
			h    surface.HAlign
		}{{"PH", x + pad, surface.Left}, {"6", x + pad, surface.Left}, {side.sp, x + w/2, surface.Center}, {"4", x + w - pad, surface.Right}} {
			got, square := wr.text(v.text), sq.text(v.text)
			if got == nil || square == nil {
				t.Fatalf("%s: value %q not drawn", side.name, v.text)
			}
			if !pdfcheck.Near(got.x, v.x, 1e-9) || got.a.H != v.h {
				t.Errorf("%s: %q at x=%g (%v), want %g (%v)", side.name, v.text, got.x, got.a.H, v.x, v.h)
			}
			if got.y != square.y || got.f != square.f {
				t.Errorf("%s: %q at y=%g in %+v; the square face has it at y=%g in %+v", side.name, v.text, got.y, got.f, square.y, square.f)
			}
		}
		label := "Greek Phalanx"
		if side.name == "back" {
			label = "Disordered"
		}
		if l := wr.text(label); l == nil || !pdfcheck.Near(l.x, x+w/2, 1e-9) || l.a.H != surface.Center {
			t.Errorf("%s: name line %+v, want %q centred at x=%g", side.name, l, label, x+w/2)
		}
		for _, tx := range wr.texts {
			if tw := wr.MeasureText(tx.s, tx.f); tx.x-tw*alignShare(tx.a.H) < x || tx.x+tw*(1-alignShare(tx.a.H)) > x+w {
				t.Errorf("%s: %q runs off the face", side.name, tx.s)
			}
		}
		if side.name == "back" { // the stripe runs across the whole width and its bleed
			found := false
			for _, r := range wr.rects {
				if r.X == x-bleed && r.W == w+2*bleed && r.H < h {
					found = true
				}
			}
			if !found {
				t.Error("back: no stripe across the wide face")
			}
		}
	}
}

func alignShare(h surface.HAlign) float64 {
	switch h {
	case surface.Center:
		return 0.5
	case surface.Right:
		return 1
	}
	return 0
}

// Draw is DrawRect of a square: the same bytes.
func TestDrawIsSquareDrawRect(t *testing.T) {
	for _, c := range resolve(t, "rampant") {
		out := func(wide bool) []byte {
			p := surface.NewPDF(surface.PDFOptions{})
			p.BeginPage(100, 100)
			var err error
			if wide {
				err = c.Front.DrawRect(p, 5, 5, 45, 45, 2)
			} else {
				err = c.Front.Draw(p, 5, 5, 45, 2)
			}
			if err != nil {
				t.Fatal(err)
			}
			var b bytes.Buffer
			if _, err := p.WriteTo(&b); err != nil {
				t.Fatal(err)
			}
			return b.Bytes()
		}
		if !bytes.Equal(out(true), out(false)) {
			t.Errorf("%s: Draw and a square DrawRect differ", c.ID)
		}
	}
}
