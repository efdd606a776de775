package vassal

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
)

// wholeHexes lowers the default resolution a little (digital.VassalGridDPI) so that every hex board's hexes
// are a whole number of pixels high: VASSAL then sets a unit up exactly where a piece dropped on its hex
// snaps, on every column. A resolution given as an option is kept.
func (x *exporter) wholeHexes() {
	var hexes []float64
	for _, b := range x.boards {
		if b.set.Type == content.GridHex {
			hexes = append(hexes, b.set.Hex.CellSize/surface.Inch)
		}
	}
	d := digital.VassalGridDPI(x.dpi, hexes)
	if d == x.dpi || d < MinDPI {
		return
	}
	x.note("Boards and pieces are drawn at %g dpi, where every hex is a whole number of pixels high (%g dpi would put a piece set up on a hex 1 pixel from where a piece dropped there snaps).", d, x.dpi)
	x.dpi = d
}
