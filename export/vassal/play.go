package vassal

import (
	"image"
	"image/color"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
)

// What a module needs to play well, beyond the pieces and boards: the moved marker the maps' "mark unmoved"
// buttons clear, chat reports with a per-side prefix, a global key command that clears the moved markers,
// zoom levels suited to the counters, an inventory per side, a notes window, hotkeys and tooltips on the
// toolbar.

// Classes of the play components.
const (
	classGlobalKey = "VASSAL.build.module.GlobalKeyCommand"
	classInventory = "VASSAL.build.module.Inventory"
	classNotes     = "VASSAL.build.module.NotesWindow"
	classZoomer    = "VASSAL.build.module.map.Zoomer"
)

// Toolbar hotkeys (Alt is 520: its old and new mask together; Ctrl 130).
const (
	altU       = "85,520" // the maps' mark-unmoved buttons
	altM       = "77,520" // clear every moved marker
	altN       = "78,520" // notes
	zoomInKey  = "61,130" // Ctrl-=
	zoomOutKey = "45,130" // Ctrl--
)

// reportPrefix is the property that begins every report of a piece: its side's name and a colon, "" for a
// piece of no side.
const reportPrefix = "ReportPrefix"

// movedImage is the moved marker's image under images/.
const movedImage = "moved.png"

// reportPrefix is the prefix of a faction's pieces' reports: the first side that fields it, else the
// faction's name.
func (x *exporter) reportPrefix(faction string) string {
	if s := strings.TrimSpace(x.factionSide[faction]); s != "" {
		return s + ": "
	}
	return x.pkg.System.FactionName(faction) + ": "
}

// playTraits are the Piece prototype's traits for play: an empty report prefix (a faction's prototype,
// outside it, sets its own) and the report of a move, on the key every map gives a piece after it moves.
func (x *exporter) playTraits() ([]piece.Trait, error) {
	pre, err := piece.Marker([]string{reportPrefix}, []string{""})
	if err != nil {
		return nil, err
	}
	moved, err := piece.Report([]string{piece.CtrlShiftF12}, "$"+reportPrefix+"$$newPieceName$ moves $oldLocation$ -> $location$"+x.terrainNote(), "Report the move")
	if err != nil {
		return nil, err
	}
	return []piece.Trait{pre, moved}, nil
}

// movedSize is the moved marker's side in pixels: a sixth of an inch.
func (x *exporter) movedSize() int { return max(8, int(math.Round(x.dpi/6))) }

// movedMarker is the design's moved marker, at its top-right corner; Ctrl-Shift-M toggles it, Ctrl-Shift-N
// clears it (the global key command "Clear moved markers" sends that).
func (x *exporter) movedMarker(d *pieceDesign) (piece.Trait, error) {
	m := x.movedSize()
	return piece.MarkMoved(movedImage, d.w/2-m-1, -d.h/2+1, "Mark moved", piece.CtrlShiftM, piece.CtrlShiftN, "Moved marker (the map's button and Clear moved markers clear it)")
}

// addMovedImage draws the moved marker: an orange disc ringed in black on a clear square.
func (x *exporter) addMovedImage() error {
	m := x.movedSize()
	im := image.NewRGBA(image.Rect(0, 0, m, m))
	c := float64(m) / 2
	r := c - 0.5
	for y := 0; y < m; y++ {
		for xx := 0; xx < m; xx++ {
			dist := math.Hypot(float64(xx)+0.5-c, float64(y)+0.5-c)
			switch {
			case dist <= r-1.5:
				im.SetRGBA(xx, y, color.RGBA{R: 255, G: 140, A: 255})
			case dist <= r:
				im.SetRGBA(xx, y, color.RGBA{A: 255})
			}
		}
	}
	data, _, err := encodePNG(im)
	if err != nil {
		return err
	}
	return x.addFile("images/"+movedImage, data)
}

// zoomer is a map's Zoomer: levels at which a counter of the module's usual size shows 20 to 160 pixels
// wide, starting where it shows about 56, with hotkeys and tooltips.
func (x *exporter) zoomer() *buildfile.Element {
	levels, start := x.zoomLevels()
	var s []string
	for _, l := range levels {
		s = append(s, strconv.FormatFloat(l, 'f', -1, 64))
	}
	return buildfile.New(classZoomer, "zoomLevels", strings.Join(s, ","), "zoomStart", itoa(len(levels)-start),
		"zoomInKey", zoomInKey, "inTooltip", "Zoom in (Ctrl-=)", "inButtonText", "", "inIconName", "/images/zoomIn.gif",
		"zoomOutKey", zoomOutKey, "outTooltip", "Zoom out (Ctrl--)", "outButtonText", "", "outIconName", "/images/zoomOut.gif",
		"zoomPickKey", "", "pickTooltip", "Choose a zoom level", "pickButtonText", "", "pickIconName", "/images/zoom.png")
}

// zoomLevels are the zoom levels (ascending) and the index of the one to start at, from the median width of
// the module's counters.
func (x *exporter) zoomLevels() ([]float64, int) {
	var ws []int
	for _, d := range x.pieces {
		if d.w > 0 {
			ws = append(ws, d.w)
		}
	}
	c := x.dpi / 2 // half an inch, when there are no pieces
	if len(ws) > 0 {
		slices.Sort(ws)
		c = float64(ws[len(ws)/2])
	}
	var levels []float64
	start := 0
	for _, px := range []float64{20, 28, 40, 56, 72, 96, 128, 160} {
		l := math.Round(px/c*100) / 100
		l = min(max(l, 0.05), 4)
		if len(levels) > 0 && l <= levels[len(levels)-1] {
			continue
		}
		if px == 56 {
			start = len(levels)
		}
		levels = append(levels, l)
	}
	return levels, start
}

// playComponents are the module's toolbar components for play: the global key command that clears every
// moved marker, an inventory per side, and the notes window.
func (x *exporter) playComponents() []*buildfile.Element {
	out := []*buildfile.Element{
		buildfile.New(classGlobalKey, "name", "Clear moved markers", "buttonText", "Clear moved",
			"tooltip", "Clear the moved markers of every piece on every map, at the end of a phase (Alt-M)", "icon", "",
			"buttonHotkey", altM, "hotkey", piece.CtrlShiftN, "filter", "", "deckCount", "-1", "reportSingle", "true",
			"reportFormat", "Moved markers cleared", "singleMap", "false"),
	}
	for i, s := range x.sides {
		if len(s.factions) == 0 {
			continue
		}
		var terms []string
		for _, f := range s.factions {
			terms = append(terms, "Faction==\""+strings.ReplaceAll(f, `"`, `\"`)+"\"")
		}
		key := ""
		if i < 9 {
			key = strconv.Itoa('1'+i) + ",520" // Alt-1, Alt-2, ...
		}
		out = append(out, buildfile.New(classInventory, "name", "Inventory: "+s.name, "text", "Inventory: "+s.name,
			"tooltip", "The pieces of "+s.name+", map by map"+cond(key != "", " (Alt-"+strconv.Itoa(i+1)+")", ""), "icon", "",
			"hotkey", key, "include", "{"+strings.Join(terms, " || ")+"}", "groupBy", "CurrentMap",
			"nonLeafFormat", "$PropertyValue$", "leafFormat", "$PieceName$ ($LocationName$)", "centerOnPiece", "true",
			"forwardKeystroke", "true", "showMenu", "true", "sides", "", "drawPieces", "true", "foldersOnly", "false",
			"sortPieces", "true", "sortFormat", "$PieceName$", "sorting", "alpha", "pieceZoom", "0.33", "cutRoot", "0", "cutLeaves", "0"))
	}
	out = append(out, buildfile.New(classNotes, "name", "Notes", "buttonText", "Notes", "tooltip", "Game notes: public, private and delayed (Alt-N)",
		"hotkey", altN, "icon", "", "description", "Notes"))
	return out
}
