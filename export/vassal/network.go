package vassal

import (
	"cmp"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
)

// Area and point-to-point maps: every place is a location of the board's grid, named as the map prints it.
// The grid is a ZonedGrid: a Zone per place that has a shape (an area's outline, a place's circle or box, a
// holding box), each holding a RegionGrid of one Region at the place's point, so that a piece dropped
// anywhere in an area snaps to the area's point, reports the area's name as its location and has the area
// as its CurrentZone; and, behind the zones, a RegionGrid of every place, so that a piece dropped outside
// every shape (between the places of a point-to-point map, in the sea) goes to the nearest place. A map
// whose places have no shapes at all is that RegionGrid alone. Holding boxes are places on the same board:
// the map draws them beside the playing area, so their units stand there when a game starts.
//
// VASSAL keeps a RegionGrid's regions by their point and takes a zone's location from its grid, so the
// module works only if every place's point, in whole pixels, is its own: inside its own shape and no other,
// on no other place's point. The export checks that (digital.PlacePixels, the check validate's export-vassal
// makes first at the resolution the export chooses) and refuses a map where rounding to pixels breaks it.

// Classes of a network map's grid.
const (
	classRegionGrid = "VASSAL.build.module.map.boardPicker.board.RegionGrid"
	classRegion     = "VASSAL.build.module.map.boardPicker.board.Region"
)

// network is an area or point-to-point map's places as the module has them.
type network struct {
	names []string            // each place's location name
	pix   digital.PlacePixels // each place's point and shape (nil for a dot) in whole pixels of the board image
}

// placeNames are the location names of a map's places: each place's name (its id when it has none); a name
// two places share is followed by the place's id, so that every location is one place.
func placeNames(g *content.Geometry) []string {
	out := make([]string, len(g.Places))
	count := map[string]int{}
	for i, p := range g.Places {
		out[i] = cmp.Or(p.Name, p.ID)
		count[out[i]]++
	}
	for i, p := range g.Places {
		if count[out[i]] > 1 {
			out[i] += " (" + p.ID + ")"
		}
	}
	return out
}

// network works out the places of the board's (single) map in pixels: the map's top-left corner is the
// drawing's origin, at the drawing's scale.
func (pl *placement) network() *network {
	g := pl.set.Boards[0].Geo
	return &network{names: placeNames(g), pix: digital.PlacesInPixels(g, pl.px0, pl.py0, surface.Inch*pl.scale*pl.k)}
}

func (n *network) hasZones() bool {
	for _, z := range n.pix.Shapes {
		if z != nil {
			return true
		}
	}
	return false
}

// problem says what VASSAL would get wrong about a place at this resolution, and how to fix it, or "": its
// point taken by another place, outside its own shape or too near its outline, inside another place's shape
// (the checks validate makes: digital.PlacePixels.Problem), or its name taken by another place. With none of
// these, each name leads VASSAL to its place's point and the point back to the name (the tests walk every
// place through gridnum, VASSAL's arithmetic, and through VASSAL itself).
func (n *network) problem(i int, word string, dpi float64, named map[string]int) (msg, hint string) {
	name := n.names[i]
	const move = "move the place's point further from the others and from the outlines, or export at a higher --dpi"
	switch pr, j := n.pix.Problem(i); pr {
	case digital.PlaceSamePixel:
		return fmt.Sprintf("%s and %s fall on the same pixel of the board at %g dpi", name, n.names[j], dpi), move
	case digital.PlaceOnItsOutline:
		return fmt.Sprintf("the point of %s %s lies on its outline at %g dpi, where its units would not stand in it", word, name, dpi), move
	case digital.PlaceInOther:
		return fmt.Sprintf("the point of %s %s lies in %s at %g dpi: a unit set up there would stand in %s", word, name, n.names[j], dpi, n.names[j]), move
	}
	if named[name] > 1 {
		return fmt.Sprintf("two places are named %s", name), "give one another name"
	}
	return "", ""
}

// networkGrid is the grid of an area or point-to-point board, or a gridError at the first place VASSAL
// would get wrong.
func (pl *placement) networkGrid(dpi float64) (*buildfile.Element, *network, error) {
	b := pl.set.Boards[0]
	n := pl.network()
	named := map[string]int{}
	for _, nm := range n.names {
		named[nm]++
	}
	for i := range n.names {
		if msg, hint := n.problem(i, pl.set.PlaceWord(), dpi, named); msg != "" {
			return nil, nil, &gridError{board: b, ptr: content.Pointer("/"+b.Map.PlacesKey(), i), msg: "map " + b.Map.ID + ": " + msg, hint: hint}
		}
	}
	regions := func(idx ...int) *buildfile.Element {
		rg := buildfile.New(classRegionGrid, "snapto", "true", "visible", "false", "fontsize", "9")
		for _, i := range idx {
			at := n.pix.At[i]
			rg.Add(buildfile.New(classRegion, "name", n.names[i], "originx", itoa(at.X), "originy", itoa(at.Y)))
		}
		return rg
	}
	every := make([]int, len(n.names))
	for i := range every {
		every[i] = i
	}
	if !n.hasZones() {
		return regions(every...), n, nil
	}
	zg := buildfile.New(classZonedGrid)
	for i, z := range n.pix.Shapes {
		if z == nil {
			continue
		}
		path := make([]gridnum.Point, len(z))
		for k, q := range z {
			path[k] = gridnum.Point{X: q.X, Y: q.Y}
		}
		zg.Add(buildfile.New(classZone, "name", n.names[i], "path", gridnum.FormatPath(path), "locationFormat", "$gridLocation$",
			"useParentGrid", "false", "useHighlight", "false", "highlightProperty", "").Add(regions(i)))
	}
	zg.Add(regions(every...))
	return zg, n, nil
}
