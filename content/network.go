// Area and point-to-point maps: their places as the cells of a network, where each place's name prints and
// its units stand, its outline, and the connections that join them.

package content

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
)

// Limits of an area or point-to-point map, so that a hostile map is refused before anything works on it.
const (
	MaxPlaces            = 10000  // places on one map
	MaxConnections       = 100000 // connections on one map
	MaxPolygonPoints     = 4096   // vertices of one area's outline
	MaxMapPolygonPoints  = 200000 // vertices of all a map's outlines and routes together
	MaxConnectionBetween = 16     // places one connection joins
)

// networkGeometry is the geometry of an area or point-to-point map: the map's size, the unit of its
// coordinates, its places in order and the network their connections make. It refuses what it cannot work
// with (no size, an unknown unit, more places or connections than the limits); everything else about the
// places (unknown ids, outlines that cross) is for validation to report at its place.
func (m *Map) networkGeometry(g *Geometry) (*Geometry, error) {
	gs := &m.Grid
	bad := func(ptr, format string, args ...any) error {
		return &GeometryError{Ptr: ptr, Msg: fmt.Sprintf(format, args...)}
	}
	what := "an area map"
	if gs.Type == GridPoint {
		what = "a point-to-point map"
	}
	if gs.Width == nil || gs.Height == nil {
		return nil, bad("/grid", "%s needs a width and a height (width: 22in, height: 17in)", what)
	}
	g.Table = grid.Table{Width: gs.Width.Inches(), Height: gs.Height.Inches()}
	if !(g.Table.Width > 0) || !(g.Table.Height > 0) || math.IsInf(g.Table.Width, 0) || math.IsInf(g.Table.Height, 0) {
		return nil, bad("/grid/width", "the map's width and height must be positive")
	}
	switch gs.Units {
	case "", "in":
		g.Scale = 1
	case "mm":
		g.Scale = 1 / 25.4
	default:
		return nil, &GeometryError{Ptr: "/grid/units", Msg: fmt.Sprintf("unknown unit %q: write in or mm", gs.Units), Schema: true}
	}
	places := m.PlaceList()
	if len(places) > MaxPlaces {
		return nil, bad("/"+m.PlacesKey(), "the map has %d places; muster takes at most %d", len(places), MaxPlaces)
	}
	if len(m.Connections) > MaxConnections {
		return nil, bad("/connections", "the map has %d connections; muster takes at most %d", len(m.Connections), MaxConnections)
	}
	g.index = make(map[string]int, len(places))
	for i := range places {
		p := &places[i]
		g.Places = append(g.Places, p)
		if _, dup := g.index[p.ID]; !dup && p.ID != "" {
			g.index[p.ID] = i
		}
	}
	var links [][2]int
	for _, c := range m.Connections {
		if len(c.Between) > MaxConnectionBetween {
			continue // validation reports it
		}
		var at []int
		for _, id := range c.Between {
			if i, ok := g.index[id]; ok {
				at = append(at, i)
			}
		}
		for x := range at {
			for y := x + 1; y < len(at); y++ {
				links = append(links, [2]int{at[x], at[y]})
			}
		}
	}
	g.Net = grid.NewNetwork(len(places), links)
	g.Cols, g.Rows = len(places), 1
	return g, nil
}

// PlaceIndex is the number of the place with this id, or false.
func (g *Geometry) PlaceIndex(id string) (int, bool) {
	i, ok := g.index[id]
	return i, ok
}

// PlaceIDs lists the ids of the map's places in order (for did-you-mean suggestions).
func (g *Geometry) PlaceIDs() []string {
	out := make([]string, 0, len(g.Places))
	for _, p := range g.Places {
		out = append(out, p.ID)
	}
	return out
}

// PlaceWord is what the map calls its places, for sentences: area or place (areas, places for n != 1),
// with "an"/"a" in front when article is set.
func (g *Geometry) PlaceWord(n int, article bool) string {
	return placeWord(g.Type, n, article)
}

func placeWord(gridType string, n int, article bool) string {
	w := "place"
	if gridType == GridArea {
		w = "area"
	}
	if n != 1 {
		return english.Plural(w)
	}
	if article {
		return english.Article(w)
	}
	return w
}

// Point is a point [x, y] written in the map's units, in inches; false when it is not two finite numbers.
func (g *Geometry) Point(xy []float64) (grid.Point, bool) {
	if len(xy) != 2 || !finite(xy[0]) || !finite(xy[1]) {
		return grid.Point{}, false
	}
	return grid.Point{X: xy[0] * g.Scale, Y: xy[1] * g.Scale}, true
}

// Polyline is a list of points [x, y] in the map's units, in inches; false when one is not two finite numbers.
func (g *Geometry) Polyline(pts [][]float64) ([]grid.Point, bool) {
	out := make([]grid.Point, 0, len(pts))
	for _, xy := range pts {
		p, ok := g.Point(xy)
		if !ok {
			return nil, false
		}
		out = append(out, p)
	}
	return out, true
}

// Outline is an area's polygon in inches; nil when the place has none or a vertex is not two finite numbers.
func (g *Geometry) Outline(i int) grid.Polygon {
	if i < 0 || i >= len(g.Places) || len(g.Places[i].Polygon) < 3 || len(g.Places[i].Polygon) > MaxPolygonPoints {
		return nil
	}
	pts, ok := g.Polyline(g.Places[i].Polygon)
	if !ok {
		return nil
	}
	return grid.Polygon(pts)
}

// Anchor is where place i's name prints and its units stand, in inches: its point, else the centre of its
// outline; false when it has neither.
func (g *Geometry) Anchor(i int) (grid.Point, bool) {
	if i < 0 || i >= len(g.Places) {
		return grid.Point{}, false
	}
	if p, ok := g.Point(g.Places[i].Anchor); ok {
		return p, true
	}
	if pg := g.Outline(i); pg != nil {
		return pg.Centroid(), true
	}
	return grid.Point{}, false
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }
