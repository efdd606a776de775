// Package art reads the pictures content names — SVG art, and PNG, JPEG or GIF images — and draws them on a
// print surface, SVG as vector paths in PDF and PNG alike. It checks an SVG before it parses it, so that what
// would not print as drawn (scripts, external references, text, filters...) or could not be drawn in bounded
// time and memory is a problem validate reports, at the SVG's line, rather than a failed build.
package art

import (
	"bytes"
	"fmt"
	"image"
	_ "image/gif"  // GIF,
	_ "image/jpeg" // JPEG
	_ "image/png"  // and PNG images, as print/surface draws them
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/surface"
)

// Picture is a picture file as content names it: SVG art, or a raster image.
type Picture struct {
	Art    *Art   // SVG art, drawn as vectors; nil for a raster image
	Raster []byte // a PNG, JPEG or GIF image; nil for SVG art
	// Width and Height are the image's pixels, or the SVG's viewBox: its proportions.
	Width, Height float64
}

// IsSVG reports whether a file's bytes are XML (SVG), not a PNG, JPEG or GIF image: UTF-8 text, or UTF-16
// text (which Load refuses, saying so).
func IsSVG(data []byte) bool {
	if isUTF16(data) {
		return true
	}
	data = bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))
	data = bytes.TrimLeft(data, " \t\r\n")
	return len(data) > 0 && data[0] == '<'
}

// isUTF16 reports whether data is XML in UTF-16: a byte order mark of either order, or a '<' with the zero
// byte UTF-16 gives it (after any spaces, each with its zero byte).
func isUTF16(data []byte) bool {
	if bytes.HasPrefix(data, []byte{0xff, 0xfe}) || bytes.HasPrefix(data, []byte{0xfe, 0xff}) {
		return true
	}
	for len(data) >= 2 {
		a, b := data[0], data[1]
		switch {
		case a == '<' && b == 0 || a == 0 && b == '<':
			return true
		case (a == 0) != (b == 0) && strings.IndexByte(" \t\r\n", a|b) >= 0:
			data = data[2:]
		default:
			return false
		}
	}
	return false
}

// Read reads a picture file's bytes: SVG art (checked and parsed once per content: Load), or a PNG, JPEG or GIF
// image, whose header is checked as print/surface will decode it. The picture is nil when a problem is an
// error; warnings come with a picture.
func Read(data []byte) (*Picture, []Problem) {
	if IsSVG(data) {
		a, problems := Load(data)
		if a == nil {
			return nil, problems
		}
		return &Picture{Art: a, Width: a.view.W, Height: a.view.H}, problems
	}
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, []Problem{{Code: "format", Message: "is not an SVG, PNG, JPEG or GIF image, the formats the printers draw (" + err.Error() + ")",
			Hint: "save it as SVG or PNG"}}
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > content.MaxImagePixels {
		return nil, []Problem{{Code: "size", Message: fmt.Sprintf("is a %s of %d × %d pixels; the most the printers draw is %d megapixels",
			strings.ToUpper(format), cfg.Width, cfg.Height, content.MaxImagePixels>>20), Hint: "export the image at a lower resolution"}}
	}
	return &Picture{Raster: data, Width: float64(cfg.Width), Height: float64(cfg.Height)}, nil
}

// Draw draws the picture into box (see Fit). A raster image that print/surface cannot decode is an error.
func (p *Picture) Draw(s surface.Surface, box surface.Rect, fit Fit) error {
	if p == nil || box.Empty() || p.Art == nil && p.Raster == nil {
		return nil
	}
	if p.Art != nil {
		p.Art.Draw(s, box, fit)
		return nil
	}
	if fit != Cover || !(p.Width > 0 && p.Height > 0) {
		return s.Image(p.Raster, box.X, box.Y, box.W, box.H)
	}
	k := math.Max(box.W/p.Width, box.H/p.Height)
	w, h := p.Width*k, p.Height*k
	s.Push()
	s.ClipRect(box.X, box.Y, box.W, box.H)
	err := s.Image(p.Raster, box.X+(box.W-w)/2, box.Y+(box.H-h)/2, w, h)
	s.Pop()
	return err
}

// FirstError is the first of the problems that is an error (the first problem when none is).
func FirstError(problems []Problem) Problem {
	for _, p := range problems {
		if !p.Warning {
			return p
		}
	}
	if len(problems) > 0 {
		return problems[0]
	}
	return Problem{Code: "malformed", Message: "cannot be read"}
}
