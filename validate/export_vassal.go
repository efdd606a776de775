package validate

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
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
		"A board larger than VASSAL's budget (" + fmt.Sprint(digital.VassalMaxBoardPixels>>20) + " Mpx, 4 bytes a pixel in VASSAL's memory) at " + fmt.Sprint(digital.VassalMinDPI) + " dpi cannot be exported (board-size). " +
		"A name the module lists with others — a phase or segment of the sequence of play (the turn tracker's steps), a faction, a deck, a card period, a card's title or values (a card's properties) — that ends with a backslash cannot be written: VASSAL reads a backslash before the list's comma as part of the name (backslash).",
	Requires: []Requirement{Printing},
	Applies: func(pkg *content.Package) bool {
		return len(pkg.Maps())+len(pkg.Decks()) > 0 || pkg.System != nil && pkg.System.Sequence != nil
	},
	Package: func(p *Pass) {
		vassalNames(p)
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

// vassalNames warns of names a VASSAL module lists with others (the turn tracker's steps; a card's
// properties: its deck, faction, period, title and values) that end with a backslash, which VASSAL would read
// as escaping the comma after them: muster export vassal refuses them.
func vassalNames(p *Pass) {
	warn := func(at diag.Pos, what, name string) {
		if strings.HasSuffix(name, `\`) {
			p.Warnf(at, "backslash", "%s %q ends with a backslash: the VASSAL module lists it with others, and VASSAL reads a backslash before the comma as part of the name; muster export vassal refuses it", what, name).Hint =
				"remove the backslash, or put another character after it"
		}
	}
	if sys := p.Pkg.System; sys != nil {
		if sys.Sequence != nil {
			for i, ph := range sys.Sequence.Phases {
				warn(docPos(sys.Doc, fmt.Sprintf("/sequence/phases/%d/name", i), sys.At), "phase", ph.Name)
				for k, sg := range ph.Segments {
					warn(docPos(sys.Doc, fmt.Sprintf("/sequence/phases/%d/segments/%d/name", i, k), sys.At), "segment", sg.Name)
				}
			}
		}
		for i, f := range sys.Factions {
			warn(docPos(sys.Doc, fmt.Sprintf("/factions/%d/name", i), sys.At), "faction", f.Name)
		}
	}
	for _, d := range p.Pkg.Decks() {
		warn(docPos(d.Doc, "/name", d.At), "deck", d.Name)
		for i, per := range d.Periods {
			warn(docPos(d.Doc, fmt.Sprintf("/periods/%d/name", i), d.At), "card period", per.Name)
		}
	}
	for _, c := range p.Pkg.Cards() {
		warn(docPos(c.Doc, "/title", c.At), "card title", c.Title)
		for _, id := range slices.Sorted(maps.Keys(c.Values)) {
			warn(docPos(c.Doc, "/values/"+id, c.At), "card value", c.Values[id].Text)
		}
	}
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
