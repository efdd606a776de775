// Package surface is a single drawing surface for counters, maps and charts,
// measured in points (1/72 inch) with the origin at the top-left and y down.
// Artwork is drawn once against the Surface interface and rendered either to a
// vector PDF (codeberg.org/go-pdf/fpdf) or to PNG previews (fogleman/gg) at a chosen DPI.
package surface
