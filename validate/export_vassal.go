package validate

import (
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
)

// exportVassalCheck reports what `muster export vassal` refuses: maps whose cell labels a VASSAL grid
// numbering cannot reproduce, and area and point-to-point maps whose places a VASSAL module cannot tell apart
// at the resolution the export draws the boards at. Whatever an exporter rejects is a validate check first.
var exportVassalCheck = &Check{
	Name:  "export-vassal",
	Stage: StageCheck,
	Doc: "a map's labels can be reproduced by a VASSAL grid numbering, and its places told apart\n\nVASSAL names a cell by its column and row " +
		"with fixed text around them, in a location format where $ starts a property, a backslash escapes, quotes " +
		"at either end are stripped and a leading { runs a script; labels whose text holds those cannot be VASSAL's. " +
		"On an area or point-to-point map every place is a region at its point, in whole pixels of the board image " +
		"(drawn at " + fmt.Sprint(digital.VassalDefaultDPI) + " dpi, less for a board too large for VASSAL, and a little less where that makes every hex a whole number of pixels high), and a zone of its shape: " +
		"a place whose point falls on another's pixel, on its own outline or in another place's shape is not one VASSAL can tell apart. " +
		"A board larger than VASSAL's budget (" + fmt.Sprint(digital.VassalMaxBoardPixels>>20) + " Mpx, 4 bytes a pixel in VASSAL's memory) at " + fmt.Sprint(digital.VassalMinDPI) + " dpi cannot be exported (board-size).",
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return len(pkg.Maps()) > 0 },
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			g, err := m.Geometry()
			if err != nil || g.Numbering == nil {
				continue
			}
			if _, names, err := digital.VassalLocation(g.Numbering, g.Board); len(names) == 2 && err != nil {
				p.Warnf(docPos(m.Doc, "/grid/numbering", m.At), "numbering", "map %s: muster export vassal cannot name its cells: %v", m.ID, err).Hint =
					"write the labels with letters, digits and plain punctuation around the column and row"
			}
		}
		vassalPlaces(p)
		vassalBoardSize(p)
	},
}

// vassalPlaces warns of the places of area and point-to-point maps that, at the resolution the export would
// choose for the package's boards, round onto another's pixel, onto their own outline or into another's shape.
func vassalPlaces(p *Pass) {
	pp := Get(p, Printing)
	var sizes [][2]float64
	for _, dp := range pp.drawings {
		f := dp.drawing.MapFrame()
		sizes = append(sizes, [2]float64{f.W / surface.Inch, f.H / surface.Inch})
	}
	dpi, ok := digital.VassalDPI(sizes)
	if !ok {
		return
	}
	var hexes []float64 // the export makes every hex a whole number of pixels high
	for _, dp := range pp.drawings {
		if dp.drawing.Set.Type == content.GridHex {
			hexes = append(hexes, dp.drawing.Set.Hex.CellSize/surface.Inch)
		}
	}
	if d := digital.VassalGridDPI(dpi, hexes); d >= digital.VassalMinDPI {
		dpi = d
	}
	seen := map[*content.Map]bool{} // a map and the scenario that shows it place it alike
	for _, dp := range pp.drawings {
		d := dp.drawing
		if !d.Set.Network() || seen[d.Set.Boards[0].Map] {
			continue
		}
		m, g := d.Set.Boards[0].Map, d.Set.Boards[0].Geo
		seen[m] = true
		px0, py0, _, _ := d.PixelOrigin(dpi)
		pix := digital.PlacesInPixels(g, px0, py0, dpi*d.Scale)
		word := d.Set.PlaceWord()
		for i, pl := range g.Places {
			pr, j := pix.Problem(i)
			var msg string
			switch {
			case pr == digital.PlaceSamePixel && j > i:
				continue // said at the later place
			case pr == digital.PlaceSamePixel:
				msg = fmt.Sprintf("the points of %s %s and %s fall on one pixel of a VASSAL module's board at %g dpi, where VASSAL cannot tell them apart", english.Plural(word), g.Places[j].ID, pl.ID, dpi)
			case pr == digital.PlaceOnItsOutline:
				msg = fmt.Sprintf("the point of %s %s falls on its outline on a VASSAL module's board at %g dpi, where its units would not stand in it", word, pl.ID, dpi)
			case pr == digital.PlaceInOther:
				msg = fmt.Sprintf("the point of %s %s falls in %s on a VASSAL module's board at %g dpi, where its units would stand in %s", word, pl.ID, g.Places[j].ID, dpi, g.Places[j].ID)
			default:
				continue
			}
			p.Warnf(docPos(m.Doc, placePtr(m, i), m.At), "place", "map %s: %s; muster export vassal refuses it", m.ID, msg).Hint =
				"move the point away from other points and from the outlines (a tenth of an inch is enough at any resolution)"
		}
	}
}
