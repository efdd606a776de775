// Package fit says at what resolution a map or counter becomes images Tabletop Simulator can load: no image
// side above 4,096 pixels (larger maps are cut into tiles), and no map above a pixel budget a player's
// graphics card can hold. It is a leaf, so that validate and the exporter decide the same way.
package fit

import "math"

// Tabletop Simulator's limit, and muster's choices within it.
const (
	// MaxImageSide is the largest image side Tabletop Simulator loads as a texture.
	MaxImageSide = 4096
	// MaxMapPixels bounds one map's images together (all its tiles): one 4,096-pixel texture's worth
	// (64 MB on the graphics card), so that a table of several maps still fits a modest one; an 8 ft
	// table is then drawn at about 60 dpi, a 20 x 20 hex board at 150.
	MaxMapPixels = 16 << 20
	// DefaultMapDPI is a map's resolution unless its size asks for less.
	DefaultMapDPI = 150
	// DefaultCounterDPI is a counter's resolution unless its size asks for less: the values on a half-inch
	// counter stay legible when a player zooms in.
	DefaultCounterDPI = 300
	// MinDPI and MaxDPI bound any resolution; a map or counter that needs less than MinDPI cannot be
	// represented.
	MinDPI = 24
	MaxDPI = 600
)

// MapDPI is the resolution of a map frame w x h inches: want when it is not 0 (ok false when the map would
// be over MaxMapPixels at it), else DefaultMapDPI lowered, in whole dots per inch, until the map fits (ok
// false when even MinDPI does not).
func MapDPI(w, h, want float64) (dpi float64, ok bool) {
	if want != 0 {
		return want, mapFits(w, h, want)
	}
	dpi = DefaultMapDPI
	if !mapFits(w, h, dpi) {
		dpi = math.Floor(math.Sqrt(MaxMapPixels / (w * h)))
		for dpi > MinDPI && !mapFits(w, h, dpi) {
			dpi--
		}
	}
	return dpi, dpi >= MinDPI && mapFits(w, h, dpi)
}

// mapFits reports whether a map's image at dpi stays within the budget, as the image's pixels round.
func mapFits(w, h, dpi float64) bool {
	pw, ph := Pixels(w, dpi), Pixels(h, dpi)
	return float64(pw)*float64(ph) <= MaxMapPixels
}

// CounterDPI is the resolution of a counter w x h inches: want when it is not 0 (ok false when a side would
// be over MaxImageSide), else DefaultCounterDPI lowered until the counter is one image (ok false when even
// MinDPI does not do).
func CounterDPI(w, h, want float64) (dpi float64, ok bool) {
	side := math.Max(w, h)
	if want != 0 {
		return want, Pixels(side, want) <= MaxImageSide
	}
	dpi = DefaultCounterDPI
	for dpi > MinDPI && Pixels(side, dpi) > MaxImageSide {
		dpi = math.Min(dpi-1, math.Floor(MaxImageSide/side))
	}
	return dpi, dpi >= MinDPI && Pixels(side, dpi) <= MaxImageSide
}

// Pixels is a length of inches at dpi, as muster's PNG drawing rounds it (at least one).
func Pixels(inches, dpi float64) int {
	return max(int(math.Round(inches*dpi)), 1)
}

// Split cuts n pixels into as few parts as keep each within MaxImageSide, of sizes that differ by at most
// one; it returns the offsets where the parts begin, and n.
func Split(n int) []int {
	parts := (n + MaxImageSide - 1) / MaxImageSide
	parts = max(parts, 1)
	cuts := make([]int, parts+1)
	for i := range cuts {
		cuts[i] = i * n / parts
	}
	return cuts
}
