package surface

import (
	"fmt"
	"image/color"
	"math"
	"strconv"
	"strings"
)

// Color is a straight (non-premultiplied) 8-bit RGBA colour. The zero value is
// fully transparent, which the backends treat as "paint nothing".
type Color struct {
	R, G, B, A uint8
}

// Common colours.
var (
	Black       = Color{0, 0, 0, 255}
	White       = Color{255, 255, 255, 255}
	Transparent = Color{}
)

// RGB returns an opaque colour.
func RGB(r, g, b uint8) Color { return Color{r, g, b, 255} }

// RGBA returns a colour with straight alpha a (0 transparent, 255 opaque).
func RGBA(r, g, b, a uint8) Color { return Color{r, g, b, a} }

// Hex parses "#rgb", "#rgba", "#rrggbb" or "#rrggbbaa" (the '#' is optional,
// letters may be either case).
func Hex(s string) (Color, error) {
	h := strings.TrimPrefix(strings.TrimSpace(s), "#")
	switch len(h) {
	case 3, 4:
		var exp strings.Builder
		for i := 0; i < len(h); i++ {
			exp.WriteByte(h[i])
			exp.WriteByte(h[i])
		}
		h = exp.String()
	case 6, 8:
	default:
		return Color{}, fmt.Errorf("surface: bad hex colour %q", s)
	}
	v, err := strconv.ParseUint(h, 16, 32)
	if err != nil {
		return Color{}, fmt.Errorf("surface: bad hex colour %q", s)
	}
	if len(h) == 6 {
		return Color{uint8(v >> 16), uint8(v >> 8), uint8(v), 255}, nil
	}
	return Color{uint8(v >> 24), uint8(v >> 16), uint8(v >> 8), uint8(v)}, nil
}

// Hex formats c as "#rrggbb", or "#rrggbbaa" when it is not opaque.
func (c Color) Hex() string {
	if c.A == 255 {
		return fmt.Sprintf("#%02x%02x%02x", c.R, c.G, c.B)
	}
	return fmt.Sprintf("#%02x%02x%02x%02x", c.R, c.G, c.B, c.A)
}

// RGBA implements image/color.Color (premultiplied 16-bit components).
func (c Color) RGBA() (r, g, b, a uint32) {
	return color.NRGBA{R: c.R, G: c.G, B: c.B, A: c.A}.RGBA()
}

// FromColor converts any image/color.Color.
func FromColor(c color.Color) Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return Color{n.R, n.G, n.B, n.A}
}

// Luminance is the WCAG 2 relative luminance of the colour (alpha ignored),
// from 0 (black) to 1 (white).
func (c Color) Luminance() float64 {
	lin := func(v uint8) float64 {
		s := float64(v) / 255
		if s <= 0.04045 {
			return s / 12.92
		}
		return math.Pow((s+0.055)/1.055, 2.4)
	}
	return 0.2126*lin(c.R) + 0.7152*lin(c.G) + 0.0722*lin(c.B)
}

// Contrast is the WCAG contrast ratio between two colours, from 1 (none) to 21
// (black on white). It is symmetric.
func Contrast(a, b Color) float64 {
	la, lb := a.Luminance(), b.Luminance()
	if la < lb {
		la, lb = lb, la
	}
	return (la + 0.05) / (lb + 0.05)
}

// ReadableOn returns Black or White, whichever contrasts more with bg.
func ReadableOn(bg Color) Color {
	if Contrast(Black, bg) >= Contrast(White, bg) {
		return Black
	}
	return White
}
