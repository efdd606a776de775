package vassal

import (
	"math"
	"strconv"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
)

// The overview window (VASSAL's GlobalMap): a map whose boards do not fit a screen at full size gets a
// toolbar button (Alt-O) that opens the whole map in small, with a rectangle showing the part in view;
// clicking in it moves the view there.

const classGlobalMap = "VASSAL.build.module.map.GlobalMap"

// Above these sizes (pixels, the largest board of a map) a map has an overview: more than a laptop's window.
const (
	overviewMinW = 1200
	overviewMinH = 900
	// overviewSide is the overview's larger side in pixels.
	overviewSide = 320
)

// altO opens the main map's overview; Alt-Shift-O the boards map's.
const (
	altO      = "79,520"
	altShiftO = "79,585"
)

// overview is a map's overview window, or nil when its boards fit a screen. mapName is the VASSAL map.
func (x *exporter) overview(mapName string) *buildfile.Element {
	w, h := 0, 0
	for _, b := range x.boards {
		on := boardsMapName
		if b.onMain {
			on = mainMapName
		}
		if on == mapName {
			w, h = max(w, b.pl.w), max(h, b.pl.h)
		}
	}
	if w <= overviewMinW && h <= overviewMinH {
		return nil
	}
	scale := float64(overviewSide) / float64(max(w, h))
	scale = math.Round(scale*1000) / 1000
	key, keyName := altO, "Alt-O"
	if mapName != mainMapName {
		key, keyName = altShiftO, "Alt-Shift-O"
	}
	return buildfile.New(classGlobalMap, "tooltip", "Show or hide the overview of the whole "+mapName+" ("+keyName+")",
		"buttonText", "", "icon", "/images/overview.gif", "hotkey", key, "scale", strconv.FormatFloat(scale, 'f', -1, 64),
		"color", "255,0,0")
}
