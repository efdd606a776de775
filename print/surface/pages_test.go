package surface

import (
	"image"
	stdcolor "image/color"
	"testing"
)

// A released page's pixels are the next page's, cleared for a transparent page and filled for one with a
// background; after the pool lets go it holds nothing.
func TestPagesReused(t *testing.T) {
	draw := func(transparent bool) *image.RGBA {
		p := NewPNG(PNGOptions{DPI: 72, Transparent: transparent})
		p.BeginPage(700, 500)
		p.SetFill(RGB(200, 0, 0))
		p.Rect(10, 10, 20, 20, Fill)
		im, err := p.PageImage(0)
		if err != nil {
			t.Fatal(err)
		}
		return im
	}
	a := draw(true)
	pa := &a.Pix[0]
	ReleasePage(a)
	b := draw(true)
	if &b.Pix[0] != pa {
		t.Fatal("the released page's pixels were not reused")
	}
	if c := b.RGBAAt(100, 100); c.A != 0 || b.RGBAAt(20, 20).R != 200 {
		t.Errorf("a reused transparent page is %v where nothing is drawn, %v on the square", c, b.RGBAAt(20, 20))
	}
	ReleasePage(b)
	w := draw(false)
	if c := w.RGBAAt(100, 100); c != (stdcolor.RGBA{255, 255, 255, 255}) {
		t.Errorf("a reused white page is %v where nothing is drawn", c)
	}
	// a surface's masks go back too, and a later mask is clear
	m := NewPNG(PNGOptions{DPI: 72})
	m.BeginPage(1500, 1000)
	m.ClipRect(0, 0, 300, 300)
	before, size := pages.bytes, cap(m.mask.Pix)
	m.Release()
	if pages.bytes != before+size {
		t.Errorf("Release gave back %d bytes, not the mask's %d", pages.bytes-before, size)
	}
	m2 := NewPNG(PNGOptions{DPI: 72})
	m2.BeginPage(1500, 1000)
	m2.ClipRect(400, 400, 10, 10)
	if v := m2.mask.AlphaAt(100, 100).A; v != 0 {
		t.Errorf("a mask made of a released one is %d outside its clip", v)
	}
	ReleasePage(w)
	dropPages()
	if n := draw(true); n.RGBAAt(100, 100).A != 0 {
		t.Error("after the pool let go, a transparent page is not clear")
	}
	if pages.bytes != 0 || len(pages.free) != 0 {
		t.Errorf("the pool holds %d bytes in %d pages after letting go", pages.bytes, len(pages.free))
	}
}
