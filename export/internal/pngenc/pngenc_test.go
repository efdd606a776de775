package pngenc

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"testing"
)

func sample(alpha uint8) *image.RGBA {
	im := image.NewRGBA(image.Rect(0, 0, 7, 5))
	for y := 0; y < 5; y++ {
		for x := 0; x < 7; x++ {
			im.Set(x, y, color.NRGBA{uint8(30 * x), uint8(40 * y), 200, 255})
		}
	}
	im.Set(3, 2, color.NRGBA{200, 100, 50, alpha})
	return im
}

// The encodings decode with image/png to the same pixels, in the colour model they claim.
func TestEncodeRoundTrips(t *testing.T) {
	for _, alpha := range []uint8{255, 128, 0} {
		im := sample(alpha)
		data, err := Encode(im)
		if err != nil {
			t.Fatal(err)
		}
		back, err := png.Decode(bytes.NewReader(data))
		if err != nil {
			t.Fatal(err)
		}
		_, isRGB := back.(*image.RGBA)
		if alpha == 255 && (!isRGB || data[25] != 2) || alpha != 255 && data[25] != 6 {
			t.Errorf("alpha %d: colour type %d (%T)", alpha, data[25], back)
		}
		for y := 0; y < 5; y++ {
			for x := 0; x < 7; x++ {
				if a, b := color.NRGBAModel.Convert(im.At(x, y)), color.NRGBAModel.Convert(back.At(x, y)); a != b {
					t.Fatalf("alpha %d: pixel %d,%d is %v, want %v", alpha, x, y, b, a)
				}
			}
		}
	}
}

// EncodeRGB always writes RGB, showing a translucent pixel as it looks on white.
func TestEncodeRGBFlattensOnWhite(t *testing.T) {
	im := sample(0)
	im.Set(4, 1, color.NRGBA{0, 0, 0, 128})
	data, err := EncodeRGB(im)
	if err != nil {
		t.Fatal(err)
	}
	if data[25] != 2 {
		t.Fatalf("colour type %d, want 2 (RGB)", data[25])
	}
	back, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if c := back.At(3, 2).(color.RGBA); c != (color.RGBA{255, 255, 255, 255}) {
		t.Errorf("a transparent pixel is %v, want white", c)
	}
	if c := back.At(4, 1).(color.RGBA); c.R < 125 || c.R > 129 || c.R != c.G || c.G != c.B {
		t.Errorf("half-transparent black is %v, want mid grey", c)
	}
	if c := back.At(0, 0).(color.RGBA); c != (color.RGBA{0, 0, 200, 255}) {
		t.Errorf("an opaque pixel is %v", c)
	}
}
