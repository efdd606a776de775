package vassal

import (
	"cmp"
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
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
// on no other place's point. The export checks exactly that with gridnum (VASSAL's arithmetic) and refuses
// a map where rounding to pixels breaks it; validate's export-vassal check warns of it first, in inches.

// Classes of a network map's grid.
const (
	classRegionGrid = "VASSAL.build.module.map.boardPicker.board.RegionGrid"
	classRegion     = "VASSAL.build.module.map.boardPicker.board.Region"
)

// circleSides is how many sides the polygon of a round place's zone has.
const circleSides = 32

// zoneMargin is how far, in pixels, a place's point must be from every zone's outline: VASSAL's Polygon
// and gridnum's even-odd test may disagree on the outline itself.
const zoneMargin = 1

// network is an area or point-to-point map's places as the module has them.
type network struct {
	names []string          // each place's location name
	at    []gridnum.Point   // each place's point, in whole pixels of the board image
	zones [][]gridnum.Point // each place's shape in pixels; nil for a place drawn as a dot
	grid  gridnum.Grid      // the grid as VASSAL computes it
}

// placePixel is a point of the map (in inches from its top-left corner) in the board image's pixels, not
// rounded: the drawing's origin plus the point at the drawing's scale.
func (pl *placement) placePixel(p grid.Point) (float64, float64) {
	return float64(pl.px0) + p.X*surface.Inch*pl.scale*pl.k, float64(pl.py0) + p.Y*surface.Inch*pl.scale*pl.k
}

func (pl *placement) pixel(p grid.Point) gridnum.Point {
	x, y := pl.placePixel(p)
	return gridnum.Point{X: int(math.Round(x)), Y: int(math.Round(y))}
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

// network works out the places of the board's (single) map in pixels.
func (pl *placement) network() *network {
	g := pl.set.Boards[0].Geo
	n := &network{names: placeNames(g), at: make([]gridnum.Point, len(g.Places)), zones: make([][]gridnum.Point, len(g.Places))}
	for i, p := range g.Places {
		a, _ := g.Anchor(i) // validate refuses a place without one
		n.at[i] = pl.pixel(a)
		var shape []grid.Point
		switch {
		case g.Outline(i) != nil:
			shape = g.Outline(i)
		case p.Radius != nil && *p.Radius > 0:
			r := *p.Radius * g.Scale
			for k := 0; k < circleSides; k++ {
				t := 2 * math.Pi * float64(k) / circleSides
				shape = append(shape, grid.Point{X: a.X + r*math.Cos(t), Y: a.Y + r*math.Sin(t)})
			}
		case len(p.Box) == 2 && p.Box[0] > 0 && p.Box[1] > 0:
			w, h := p.Box[0]*g.Scale/2, p.Box[1]*g.Scale/2
			shape = []grid.Point{{X: a.X - w, Y: a.Y - h}, {X: a.X + w, Y: a.Y - h}, {X: a.X + w, Y: a.Y + h}, {X: a.X - w, Y: a.Y + h}}
		}
		var poly []gridnum.Point
		for _, q := range shape {
			px := pl.pixel(q)
			if len(poly) == 0 || poly[len(poly)-1] != px {
				poly = append(poly, px)
			}
		}
		if len(poly) > 1 && poly[0] == poly[len(poly)-1] {
			poly = poly[:len(poly)-1]
		}
		if len(poly) >= 3 {
			n.zones[i] = poly
		}
	}
	all := make(gridnum.Regions, len(g.Places))
	for i := range g.Places {
		all[i] = gridnum.Region{Name: n.names[i], At: n.at[i]}
	}
	if !n.hasZones() {
		n.grid = all
		return n
	}
	zg := &gridnum.Zoned{Background: all}
	for i, z := range n.zones {
		if z != nil {
			zg.Zones = append(zg.Zones, gridnum.Zone{Name: n.names[i], Poly: z, LocationFormat: "$gridLocation$",
				Grid: gridnum.Regions{{Name: n.names[i], At: n.at[i]}}})
		}
	}
	n.grid = zg
	return n
}

func (n *network) hasZones() bool {
	for _, z := range n.zones {
		if z != nil {
			return true
		}
	}
	return false
}

// problem says what VASSAL would get wrong about a place at this resolution, or "": its point taken by
// another place, outside its own shape or too near its outline, inside another place's shape, or a name
// that does not lead back to it.
func (n *network) problem(i int, word string, dpi float64) string {
	at, name := n.at[i], n.names[i]
	for j := range n.at {
		if j != i && n.at[j] == at {
			return fmt.Sprintf("%s and %s fall on the same pixel of the board at %g dpi", name, n.names[j], dpi)
		}
	}
	for j, z := range n.zones {
		if z == nil {
			continue
		}
		zone := gridnum.Zone{Poly: z}
		in, d := zone.Contains(at), edgeDistance(z, at)
		switch {
		case j == i && (!in || d < zoneMargin):
			return fmt.Sprintf("the point of %s %s lies on its outline at %g dpi, where its units would not stand in it", word, name, dpi)
		case j != i && (in || d < zoneMargin):
			return fmt.Sprintf("the point of %s %s lies in %s at %g dpi: a unit set up there would stand in %s", word, name, n.names[j], dpi, n.names[j])
		}
	}
	p, err := n.grid.Location(name)
	back, err2 := n.grid.LocationName(p)
	if err != nil || err2 != nil || p != at || back != name {
		return fmt.Sprintf("VASSAL would not find %s %s at its point", word, name)
	}
	if s, ok := n.grid.(snapper); ok && s.Snap(at) != at {
		return fmt.Sprintf("a unit set up in %s %s would not stay at its point", word, name)
	}
	return ""
}

// snapper is a grid that says where VASSAL snaps a point (gridnum's Regions and Zoned).
type snapper interface {
	Snap(gridnum.Point) gridnum.Point
}

// edgeDistance is how far p is from the polygon's outline, in pixels.
func edgeDistance(poly []gridnum.Point, p gridnum.Point) float64 {
	best := math.Inf(1)
	for k := range poly {
		a, b := poly[k], poly[(k+1)%len(poly)]
		ax, ay, bx, by := float64(a.X), float64(a.Y), float64(b.X), float64(b.Y)
		px, py := float64(p.X), float64(p.Y)
		dx, dy := bx-ax, by-ay
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
		}
		best = math.Min(best, math.Hypot(px-(ax+t*dx), py-(ay+t*dy)))
	}
	return best
}

// networkGrid is the grid of an area or point-to-point board, or a gridError at the first place VASSAL
// would get wrong.
func (pl *placement) networkGrid(dpi float64) (*buildfile.Element, *network, error) {
	b := pl.set.Boards[0]
	n := pl.network()
	for i := range n.names {
		if msg := n.problem(i, pl.set.PlaceWord(), dpi); msg != "" {
			return nil, nil, &gridError{board: b, ptr: content.Pointer("/"+b.Map.PlacesKey(), i), msg: "map " + b.Map.ID + ": " + msg,
				hint: "move the place's point further from the others and from the outlines, or export at a higher --dpi"}
		}
	}
	regions := func(idx ...int) *buildfile.Element {
		rg := buildfile.New(classRegionGrid, "snapto", "true", "visible", "false", "fontsize", "9")
		for _, i := range idx {
			rg.Add(buildfile.New(classRegion, "name", n.names[i], "originx", itoa(n.at[i].X), "originy", itoa(n.at[i].Y)))
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
	for i, z := range n.zones {
		if z == nil {
			continue
		}
		zg.Add(buildfile.New(classZone, "name", n.names[i], "path", gridnum.FormatPath(z), "locationFormat", "$gridLocation$",
			"useParentGrid", "false", "useHighlight", "false", "highlightProperty", "").Add(regions(i)))
	}
	zg.Add(regions(every...))
	return zg, n, nil
}
