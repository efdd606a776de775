package digital

import "math"

// Tabletop Simulator's limit, and muster's choices within it.
const (
	// TTSMaxImageSide is the largest image side Tabletop Simulator loads as a texture.
	TTSMaxImageSide = 4096
	// TTSMaxMapPixels bounds one map's images together (all its tiles): one 4,096-pixel texture's worth
	// (64 MB on the graphics card), so that a table of several maps still fits a modest one; an 8 ft
	// table is then drawn at about 60 dpi, a 20 x 20 hex board at 150.
	TTSMaxMapPixels = 16 << 20
	// TTSDefaultMapDPI is a map's resolution unless its size asks for less.
	TTSDefaultMapDPI = 150
	// TTSDefaultCounterDPI is a counter's resolution unless its size asks for less: the values on a half-inch
	// counter stay legible when a player zooms in.
	TTSDefaultCounterDPI = 300
	// TTSMinDPI and TTSMaxDPI bound any resolution; a map or counter that needs less than TTSMinDPI cannot be
	// represented.
	TTSMinDPI = 24
	TTSMaxDPI = 600
)

// TTSMapDPI is the resolution of a map frame w x h inches: want when it is not 0 (ok false when the map would
// be over TTSMaxMapPixels at it), else TTSDefaultMapDPI lowered, in whole dots per inch, until the map fits (ok
// false when even TTSMinDPI does not).
func TTSMapDPI(w, h, want float64) (dpi float64, ok bool) {
	if want != 0 {
		return want, mapFits(w, h, want)
	}
	dpi = TTSDefaultMapDPI
	if !mapFits(w, h, dpi) {
		dpi = math.Floor(math.Sqrt(TTSMaxMapPixels / (w * h)))
		for dpi > TTSMinDPI && !mapFits(w, h, dpi) {
			dpi--
		}
	}
	return dpi, dpi >= TTSMinDPI && mapFits(w, h, dpi)
}

// mapFits reports whether a map's image at dpi stays within the budget, as the image's pixels round.
func mapFits(w, h, dpi float64) bool {
	pw, ph := Pixels(w, dpi), Pixels(h, dpi)
	return float64(pw)*float64(ph) <= TTSMaxMapPixels
}

// TTSCounterDPI is the resolution of a counter w x h inches: want when it is not 0 (ok false when a side would
// be over TTSMaxImageSide), else TTSDefaultCounterDPI lowered until the counter is one image (ok false when even
// TTSMinDPI does not do).
func TTSCounterDPI(w, h, want float64) (dpi float64, ok bool) {
	side := math.Max(w, h)
	if want != 0 {
		return want, Pixels(side, want) <= TTSMaxImageSide
	}
	dpi = TTSDefaultCounterDPI
	for dpi > TTSMinDPI && Pixels(side, dpi) > TTSMaxImageSide {
		dpi = math.Min(dpi-1, math.Floor(TTSMaxImageSide/side))
	}
	return dpi, dpi >= TTSMinDPI && Pixels(side, dpi) <= TTSMaxImageSide
}

// Pixels is a length of inches at dpi, as muster's PNG drawing rounds it (at least one).
func Pixels(inches, dpi float64) int {
	return max(int(math.Round(inches*dpi)), 1)
}

// TTSSplit cuts n pixels into as few parts as keep each within TTSMaxImageSide, of sizes that differ by at most
// one; it returns the offsets where the parts begin, and n.
func TTSSplit(n int) []int {
	parts := (n + TTSMaxImageSide - 1) / TTSMaxImageSide
	parts = max(parts, 1)
	cuts := make([]int, parts+1)
	for i := range cuts {
		cuts[i] = i * n / parts
	}
	return cuts
}

// Tabletop Simulator's card sheets: at most TTSSheetCols x TTSSheetRows cards on one image.
const (
	TTSSheetCols = 10
	TTSSheetRows = 7
)

// TTSCardDPI is the resolution of cards w x h inches on a Tabletop Simulator card sheet: TTSDefaultCounterDPI,
// lowered in whole dots per inch until a full sheet (TTSSheetCols x TTSSheetRows cards) is within
// TTSMaxImageSide pixels a side; ok false when even TTSMinDPI does not do.
func TTSCardDPI(w, h float64) (dpi float64, ok bool) {
	dpi = TTSDefaultCounterDPI
	fits := func(d float64) bool {
		return TTSSheetCols*Pixels(w, d) <= TTSMaxImageSide && TTSSheetRows*Pixels(h, d) <= TTSMaxImageSide
	}
	for dpi > TTSMinDPI && !fits(dpi) {
		dpi = math.Min(dpi-1, math.Floor(math.Min(TTSMaxImageSide/(TTSSheetCols*w), TTSMaxImageSide/(TTSSheetRows*h))))
	}
	return dpi, dpi >= TTSMinDPI && fits(dpi)
}
