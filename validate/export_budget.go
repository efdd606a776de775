package validate

import (
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
)

// vassalBoardSize warns, at the map's grid (or the scenario's map), of a map VASSAL cannot load even at
// VassalMinDPI: muster export vassal lowers every board's resolution until the largest fits VASSAL's budget
// (digital.VassalFitDPI, the function the export chooses its resolution with), and refuses a board that
// does not fit even at the lowest.
func vassalBoardSize(p *Pass) {
	pp := Get(p, Printing)
	for _, dp := range pp.drawings {
		f := dp.drawing.MapFrame()
		w, h := f.W/surface.Inch, f.H/surface.Inch
		if fit := digital.VassalFitDPI(w, h); fit < digital.VassalMinDPI {
			p.Warnf(dp.at, "board-size", "%s is %gin x %gin: muster export vassal cannot draw it within VASSAL's %d MiB a board (%d pixels, %d on a side) even at %d dpi",
				dp.what, round2(w), round2(h), digital.VassalMaxBoardPixels*digital.ImageBytesPerPixel>>20, digital.VassalMaxBoardPixels, digital.VassalMaxBoardSide, digital.VassalMinDPI).Hint =
				"make the map smaller, or split it into boards a scenario composes"
		}
	}
}
