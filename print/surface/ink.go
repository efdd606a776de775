package surface

import (
	"math"

	"golang.org/x/image/font/sfnt"
)

// TextInk is how far the ink of s, printed in f, reaches above and below its baseline, in points, from the
// outlines of its glyphs: a round figure's overshoot above the cap height, a bracket's, a slash's or a
// descender's reach below the baseline. Both are 0 for a text with no ink (spaces) or a font that cannot be
// read.
func (c *common) TextInk(s string, f Font) (above, below float64) {
	fc, err := c.fonts.face(f)
	if err != nil || !finite(f.Size) || fc.f == nil {
		return 0, 0
	}
	upem := float64(fc.f.UnitsPerEm())
	if upem <= 0 {
		return 0, 0
	}
	above, below = math.Inf(-1), math.Inf(-1)
	for _, r := range cleanText(s) {
		for _, sg := range c.fonts.outline(fc, c.fonts.glyph(fc, r)) {
			n := 1
			switch sg.Op {
			case sfnt.SegmentOpQuadTo:
				n = 2
			case sfnt.SegmentOpCubeTo:
				n = 3
			}
			for _, p := range sg.Args[:n] {
				up := -float64(p.Y) / 64 / upem * f.Size // the outline's y grows down
				above, below = math.Max(above, up), math.Max(below, -up)
			}
		}
	}
	if math.IsInf(above, -1) {
		return 0, 0
	}
	return above, below
}

// Inker is a Measurer that also says how far a text's ink reaches above and below its baseline; every
// surface is one.
type Inker interface {
	TextInk(s string, f Font) (above, below float64)
	FontMetrics(f Font) (ascent, descent, capHeight float64)
}
