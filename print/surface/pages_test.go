package surface

import (
	"image"
	stdcolor "image/color"
	"testing"
)

// A released page's pixels are the next page's of its size class, cleared for a transparent page and filled
// for one with a background; a page smaller than the pool's minimum, or an image the surface did not make, is
// not kept.
func TestPagesReused(t *testing.T) {
	for n := pooledMin; n < 1<<28; n = n*5/3 + 7 {
		class, size := pageClass(n)
		if size < n || size > n+n/classesPer2+1 {
			t.Fatalf("%d bytes: class %d of %d bytes", n, class, size)
		}
		if c2, _ := pageClass(size); c2 != class {
			t.Fatalf("%d bytes: the class's own size is in class %d, not %d", n, c2, class)
		}
	}
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
	// sync.Pool may drop what it is given (always under the race detector, now and then); a few tries
	var b *image.RGBA
	for try := 0; try < 20 && b == nil; try++ {
		a := draw(true)
		pa := &a.Pix[0]
		ReleasePage(a)
		if n := draw(true); &n.Pix[0] == pa {
			b = n
		}
	}
	if b == nil {
		t.Fatal("the released page's pixels were never reused")
	}
	if c := b.RGBAAt(100, 100); c.A != 0 || b.RGBAAt(20, 20).R != 200 {
		t.Errorf("a reused transparent page is %v where nothing is drawn, %v on the square", c, b.RGBAAt(20, 20))
	}
	ReleasePage(b)
	w := draw(false)
	if c := w.RGBAAt(100, 100); c != (stdcolor.RGBA{255, 255, 255, 255}) {
		t.Errorf("a reused white page is %v where nothing is drawn", c)
	}
	other := image.NewRGBA(image.Rect(0, 0, 700, 500))
	ReleasePage(other)
	if other.Pix == nil {
		t.Error("an image the surface did not make was taken")
	}
}
