package counters

import (
	"math"

	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// pad is the margin between a face of size points and the values at its nine places: a share of the size,
// but never less than the face's safe margin.
func (f *Face) pad(size float64) float64 {
	return math.Max(size*padFrac, f.Safe)
}

// safeSlack is how much closer than the safe margin a text may come before Unsafe lists it: rounding, not
// design.
const safeSlack = 0.01

// Unsafe lists the texts of the face (its values, its name line, its placed texts and stars: the Parts that
// are text) whose ink comes closer to the cut than the face's safe margin, on a counter w wide and h high: a
// die or a hand that cuts a little off the line would cut into them. The band of a back's stripe reaches the
// edges by design and is not listed; symbols, images, boxes and lines are art, not listed either.
func (f *Face) Unsafe(m Measurer, w, h float64) []Part {
	if f.Safe <= 0 {
		return nil
	}
	box := surface.Rect{W: w, H: h}
	var out []Part
	for _, p := range f.Parts(m, w, h) {
		if p.What == "symbol" || p.What == "name" && f.Stripe != "" || p.Box.W <= 0 && p.Box.H <= 0 {
			continue
		}
		b := inkBox(m, p)
		for _, pt := range []surface.Pt{{X: b.X, Y: b.Y}, {X: b.X + b.W, Y: b.Y}, {X: b.X, Y: b.Y + b.H}, {X: b.X + b.W, Y: b.Y + b.H}} {
			if !shape.Contains(f.Shape, box, pt, -(f.Safe - safeSlack)) {
				out = append(out, p)
				break
			}
		}
	}
	return out
}

// keepInkInRows moves the top row down and the bottom row up, each as a whole, as far as the ink of its
// values reaches past the row's cap height (a slash, a bracket, a round figure's overshoot), so that no ink
// comes nearer the edge than top and bottom. It needs a surface that reads the glyphs (surface.Inker).
func keepInkInRows(m Measurer, slots []slotPlan, top, bottom float64) {
	ik, ok := m.(surface.Inker)
	if !ok {
		return
	}
	shift := map[string]float64{}
	for _, sp := range slots {
		if sp.stars > 0 || sp.text == "" {
			continue
		}
		row, _ := splitWhere(sp.where)
		_, _, ch := ik.FontMetrics(sp.font)
		above, below := ik.TextInk(sp.text, sp.font)
		base := sp.y + ch/2
		switch row {
		case "top":
			shift[row] = math.Max(shift[row], top-(base-above))
		case "bottom":
			shift[row] = math.Max(shift[row], base+below-bottom)
		}
	}
	for i := range slots {
		row, _ := splitWhere(slots[i].where)
		switch d := shift[row]; {
		case d <= 0:
		case row == "top":
			slots[i].y += d
		case row == "bottom":
			slots[i].y -= d
		}
	}
}

// inkBox is a text part's box grown to the ink of its glyphs where they reach past its cap height or below
// its baseline; the box as it is for a part that is no text, or on a surface that does not read glyphs.
func inkBox(m Measurer, p Part) surface.Rect {
	ik, ok := m.(surface.Inker)
	b := p.Box
	if !ok || p.Font.Size <= 0 || p.Text == "" {
		return b
	}
	_, _, ch := ik.FontMetrics(p.Font)
	above, below := ik.TextInk(p.Text, p.Font)
	if above == 0 && below == 0 {
		return b
	}
	// The box is centred on the anchor's middle line across the text, where the cap height is centred: the
	// baseline lies half the font's cap height below it, towards the foot of the letters. up is the way the
	// letters stand on the page (y down), turned clockwise by the part's rotation.
	sin, cos := math.Sincos(p.Rotate * math.Pi / 180)
	upX, upY := sin, -cos
	lo, hi := -ch/2-below, -ch/2+above // the ink along up, from the middle line
	cx, cy := b.X+b.W/2, b.Y+b.H/2
	switch {
	case math.Abs(upX) < 1e-9: // upright or upside down
		y0, y1 := cy+lo*upY, cy+hi*upY
		return surface.Rect{X: b.X, Y: math.Min(y0, y1), W: b.W, H: math.Abs(y1 - y0)}
	case math.Abs(upY) < 1e-9: // reading up or down the page
		x0, x1 := cx+lo*upX, cx+hi*upX
		return surface.Rect{X: math.Min(x0, x1), Y: b.Y, W: math.Abs(x1 - x0), H: b.H}
	}
	// Turned some other way: grow the box every way by as much as the ink reaches past the box's half-height.
	g := math.Max(0, math.Max(-lo, hi)-p.Font.Size*capRatio/2)
	return surface.Rect{X: b.X - g, Y: b.Y - g, W: b.W + 2*g, H: b.H + 2*g}
}
