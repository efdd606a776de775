package pixelcheck

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
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

// Two small counters swapped on a large picture change few pixels of the whole, but many of the blocks
// they stand in: Same finds it. A few scattered pixels rounded differently it does not.
func TestSameFindsSwappedCounters(t *testing.T) {
	picture := func(swap bool) []byte {
		im := image.NewRGBA(image.Rect(0, 0, 1000, 900))
		for i := range im.Pix {
			im.Pix[i] = 0xff
		}
		counter := func(x0, y0 int, c color.RGBA, cross bool) {
			for y := y0; y < y0+16; y++ {
				for x := x0; x < x0+16; x++ {
					if (x-x0 == y-y0 || x-x0 == 15-(y-y0)) == cross || y == y0 || y == y0+15 {
						im.Set(x, y, c)
					}
				}
			}
		}
		a, b := color.RGBA{0x20, 0x40, 0xa0, 0xff}, color.RGBA{0xa0, 0x20, 0x20, 0xff}
		if swap {
			a, b = b, a
		}
		counter(300, 300, a, true)
		counter(340, 300, b, false)
		var buf bytes.Buffer
		if err := png.Encode(&buf, im); err != nil {
			t.Fatal(err)
		}
		return buf.Bytes()
	}
	got, saved := picture(true), picture(false)
	if why := Same(got, saved); why == "" {
		t.Error("two swapped counters pass as the same picture")
	}
	// Scattered single pixels: the same picture.
	im, err := png.Decode(bytes.NewReader(saved))
	if err != nil {
		t.Fatal(err)
	}
	rgba := image.NewRGBA(im.Bounds())
	draw.Draw(rgba, rgba.Bounds(), im, image.Point{}, draw.Src)
	for k := 0; k < 400; k++ {
		rgba.Set((k*97)%1000, (k*53)%900, color.RGBA{0, 0, 0, 0xff})
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, rgba); err != nil {
		t.Fatal(err)
	}
	if why := Same(buf.Bytes(), saved); why != "" {
		t.Errorf("400 scattered pixels: %s", why)
	}
}
