package pixelcheck

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func picture(w, h int, fill color.RGBA, square int) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			im.SetRGBA(x, y, fill)
			if x < square && y < square {
				im.SetRGBA(x, y, color.RGBA{A: 255})
			}
		}
	}
	return im
}

func encode(t *testing.T, im image.Image) []byte {
	var b bytes.Buffer
	if err := png.Encode(&b, im); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// A black square drawn in one picture and not the other is far; a faint tint is not.
func TestCompare(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	a := picture(100, 100, white, 0)
	if d := Compare(a, picture(100, 100, color.RGBA{253, 253, 253, 255}, 0)); !d.Agree() || d.Mean < 1.9 || d.Mean > 2.1 {
		t.Errorf("a tint of 2: %v", d)
	}
	d := Compare(a, picture(100, 100, white, 20))
	if d.Agree() || d.Far != 0.04 {
		t.Errorf("a 20x20 black square in 100x100: %v, want 4%% far", d)
	}
}

// Same tolerates a pixel in a thousand and nothing more, and names a size change.
func TestSame(t *testing.T) {
	white := color.RGBA{255, 255, 255, 255}
	base := encode(t, picture(100, 100, white, 0))
	if why := Same(base, base); why != "" {
		t.Error(why)
	}
	if why := Same(encode(t, picture(100, 100, white, 3)), base); why != "" {
		t.Errorf("9 of 10,000 pixels: %s", why)
	}
	if why := Same(encode(t, picture(100, 100, white, 4)), base); why != "16 of 10000 pixels differ" {
		t.Errorf("16 of 10,000 pixels: %q", why)
	}
	if why := Same(encode(t, picture(100, 90, white, 0)), base); why == "" {
		t.Error("a different size passed")
	}
}
