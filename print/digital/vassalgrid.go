package digital

import "math"

// VassalGridSlack is how far below the resolution it would use the export may go to make every hex a whole
// number of pixels high: a tenth.
const VassalGridSlack = 0.1

// VassalGridDPI is the resolution a VASSAL module's boards are drawn at so that its hex grids stay in
// register with their pictures: the highest one at most dpi (and not more than VassalGridSlack below it) at
// which every hex grid's cell height (hexes, in inches) is a whole number of pixels, or dpi when there is
// none. VASSAL rounds a hex's centre two ways when the height is not whole (HexGrid's snap truncates half a
// hex before adding it, the grid numbering's location after), so that a piece set up on a hex of every other
// column stands 1 px from where a piece dropped there snaps; with a whole height the two agree. Boards and
// pieces are drawn alike at the resolution, so print and digital stay in register. The Tabletop Simulator set
// draws each hex board at the resolution this gives for it, so that a build writing both draws a board once.
func VassalGridDPI(dpi float64, hexes []float64) float64 {
	if len(hexes) == 0 || dpi <= 0 || math.IsNaN(dpi) || math.IsInf(dpi, 0) {
		return dpi
	}
	whole := func(v float64) bool { return math.Abs(v-math.Round(v)) < 1e-6 }
	c0 := hexes[0]
	if c0 <= 0 || math.IsNaN(c0) || math.IsInf(c0, 0) {
		return dpi
	}
	for n := math.Floor(c0*dpi + 1e-9); n >= 1; n-- {
		d := n / c0
		if d < dpi*(1-VassalGridSlack) {
			break
		}
		ok := true
		for _, c := range hexes {
			if !whole(c * d) {
				ok = false
				break
			}
		}
		if ok {
			return d
		}
	}
	return dpi
}

// VassalWholePixels is a length in pixels that VassalGridDPI made whole, rounded to the whole number it is
// meant to be (what the floating-point product misses by far less than a pixel); any other length as it is.
func VassalWholePixels(v float64) float64 {
	if r := math.Round(v); math.Abs(v-r) < 1e-6 {
		return r
	}
	return v
}
