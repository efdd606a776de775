package counters

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// Raster is a raster image a face prints and the rectangle it prints in, for a preflight that asks what
// resolution each image has at its printed size.
type Raster struct {
	Data []byte
	// Box is where the image prints, stretched to fill it; with Cover set it is scaled to cover Box and
	// cropped (a backdrop, which covers the face and its bleed).
	Box   surface.Rect
	Cover bool
	What  string   // "symbol", "image" (a placed image element) or "backdrop"
	At    diag.Pos // where the layout writes the element (zero for the symbol of the nine places)
	// Source is where the content names the image when that is not the layout (a card's art).
	Source diag.Pos
}

// Rasters lists the raster images the face prints on a piece w wide and h high with its top-left corner at
// (0, 0) and the given bleed, where DrawRect prints them: the symbol's image, images placed by position and
// the backdrop. SVG art is vectors and has no resolution; an image not read (an empty Image) is left out.
func (f *Face) Rasters(m Measurer, w, h, bleed float64) []Raster {
	var out []Raster
	if f.Backdrop != nil && len(f.Backdrop.Raster) > 0 {
		out = append(out, Raster{Data: f.Backdrop.Raster, Box: surface.Rect{X: -bleed, Y: -bleed, W: w + 2*bleed, H: h + 2*bleed}, Cover: true, What: "backdrop"})
	}
	symbolImage := len(f.Image) > 0 && f.Art == nil
	box := surface.Rect{W: w, H: h}
	if symbolImage {
		in := shape.Inner(f.Shape, box)
		if pl := f.plan(m, in.X, in.Y, in.W, in.H); pl.hasSymbol && pl.symbol.W > 0 && pl.symbol.H > 0 {
			out = append(out, Raster{Data: f.Image, Box: pl.symbol, What: "symbol"})
		}
	}
	for _, p := range f.placed(m, box) {
		sl := p.slot
		switch {
		case sl.Kind == ElemImage && len(sl.Image) > 0 && sl.Art == nil:
			out = append(out, Raster{Data: sl.Image, Box: p.frame, What: "image", At: sl.At, Source: sl.Source})
		case sl.Kind == ElemSymbol && symbolImage && p.frame.W > 0 && p.frame.H > 0:
			out = append(out, Raster{Data: f.Image, Box: p.frame, What: "symbol", At: sl.At})
		}
	}
	return out
}

// TextParts are the parts of the face (Parts) that print text, each with the box its letters take: a stripe's
// name is its text, not the band behind it (which runs into the bleed by design). A preflight measures them
// against a service's safe line.
func (f *Face) TextParts(m Measurer, w, h float64) []Part {
	var out []Part
	var stripe *surface.Rect
	for _, pt := range f.Parts(m, w, h) {
		if pt.Text == "" || pt.What == "symbol" {
			continue
		}
		if pt.What == "name" && stripe == nil {
			in := shape.Inner(f.Shape, surface.Rect{W: w, H: h})
			if l := f.plan(m, in.X, in.Y, in.W, in.H).label; l != nil && l.stripe {
				tw := m.MeasureText(l.text, l.font)
				ch := l.font.Size * capRatio
				stripe = &surface.Rect{X: w/2 - tw/2, Y: l.y - ch/2, W: tw, H: ch}
			}
			if stripe != nil {
				pt.Box = *stripe
			}
		}
		out = append(out, pt)
	}
	return out
}
