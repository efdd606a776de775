package counters

import (
	"unicode/utf8"

	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// fitParagraph lays a paragraph's rich text out in a box w x h at the largest size, from font's down to least
// (font's when least is zero or larger), at which it fits (flow.Rich.FitBox).
func fitParagraph(m Measurer, text string, font surface.Font, least, w, h float64) flow.Fit {
	if least <= 0 || least > font.Size {
		least = font.Size
	}
	runes := utf8.RuneCountInString(text)
	if flow.TooLong(runes, least, w, h) {
		return flow.Fit{Size: least, Need: flow.Unbounded}
	}
	return flow.ParseRich(m, text, font).FitBox(m, font, font.Size, least, w, h, runes)
}

// drawParagraph draws a fitted paragraph from the top of its frame, each line aligned by a (a line's runs in
// their styles, one Text each).
func drawParagraph(s surface.Surface, fit *flow.Fit, frame surface.Rect, font surface.Font, a surface.HAlign) {
	if fit == nil {
		return
	}
	lh := flow.LineHeight * fit.Size
	y := frame.Y
	for i, l := range fit.Lines {
		if l.Gap && i > 0 {
			y += lh / 2
		}
		x := frame.X
		switch a {
		case surface.Center:
			x += (frame.W - l.W) / 2
		case surface.Right:
			x += frame.W - l.W
		}
		for _, p := range l.Pieces {
			f := font
			f.Size, f.Style = fit.Size, p.Style
			s.Text(x+p.X, y, p.Text, f, surface.Align{V: surface.Top})
		}
		y += lh
	}
}
