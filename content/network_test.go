package content

import (
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/grid"
)

// theIsle is validate's area-good fixture: six areas of a 3 x 2 lattice, a holding box, borders and a sea lane.
func theIsle(t *testing.T) (*Package, *MapSet) {
	t.Helper()
	pkg := loadMaps(t, "../validate/testdata/maps/area-good")
	set, err := pkg.MapSetOf(pkg.Map("isle"))
	if err != nil {
		t.Fatal(err)
	}
	return pkg, set
}

func TestAreaMapSet(t *testing.T) {
	_, set := theIsle(t)
	if !set.Network() || set.Type != GridArea || set.Cols != 7 || set.Rows != 1 || set.PlaceWord() != "area" {
		t.Fatalf("set: type %s, %dx%d, network %v", set.Type, set.Cols, set.Rows, set.Network())
	}
	cell := func(id string) grid.Cell {
		t.Helper()
		r, err := set.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		return r.Cell
	}
	nw, n, ne, sw, s, se := cell("north-west"), cell("north"), cell("north-east"), cell("south-west"), cell("south"), cell("south-east")
	if set.Label(ne) != "north-east" || set.Terrain(n) != "hills" {
		t.Errorf("label %q terrain %q", set.Label(ne), set.Terrain(n))
	}
	if _, err := set.Lookup("norht"); err == nil || !strings.Contains(err.Error(), "not an area of this map") {
		t.Errorf("Lookup(norht) = %v", err)
	}
	if got := set.Suggest("norht"); got != "north" {
		t.Errorf("Suggest(norht) = %q", got)
	}
	// Only connections join areas: the sea lane joins two that do not touch; the ridge is a connection too.
	if !set.Adjacent(nw, se) || !set.Adjacent(n, s) || set.Adjacent(nw, s) || set.Adjacent(ne, sw) {
		t.Error("adjacency is not what the connections say")
	}
	if d := set.Distance(sw, ne); d != 3 {
		t.Errorf("Distance(south-west, north-east) = %d, want 3 (by the sea lane)", d)
	}
	box := cell("red-reserve")
	if d := set.Distance(nw, box); d != grid.Unreachable {
		t.Errorf("the holding box is %d connections away, want unreachable", d)
	}
	if got := set.FeaturesBetween(n, ne); len(got) != 1 || got[0] != "rugged-border" {
		t.Errorf("FeaturesBetween(north, north-east) = %v", got)
	}
	if got := set.PathsBetween(nw, se); len(got) != 1 || got[0] != "sea-lane" {
		t.Errorf("PathsBetween(north-west, south-east) = %v", got)
	}
	if got := set.ConnectionsBetween(se, nw); len(got) != 1 || !got[0].Distant {
		t.Errorf("ConnectionsBetween(south-east, north-west) = %v", got)
	}
	// Edges: a declared one lists its areas; a compass one is the areas whose outline touches it, never the box.
	landing, _ := set.Edge("landing")
	if got := labelsOf(set, set.EdgeCells(landing, nil)); got != "south-west south" {
		t.Errorf("landing = %s", got)
	}
	west, _ := set.Edge("west")
	if got := labelsOf(set, set.EdgeCells(west, nil)); got != "north-west south-west" {
		t.Errorf("west edge = %s", got)
	}
	// The map is 11in wide, room for the box: no area reaches its east edge.
	east, _ := set.Edge("east")
	if got := set.EdgeCells(east, nil); len(got) != 0 {
		t.Errorf("east edge = %v", got)
	}
	// The ridge between north and south is a connection (an impassable one): it joins them.
	if got := labelsOf(set, set.EdgeBand(landing, 2)); got != "north-west north south-west south south-east" {
		t.Errorf("two areas deep from the landing = %s", got)
	}
	// Zones count connections.
	if got := labelsOf(set, set.ZoneCells(&Zone{Near: "north", Within: 1})); got != "north-west north north-east south" {
		t.Errorf("within 1 of north = %s", got)
	}
	// A zone's sentence names places as it names locations: by their names.
	if got := set.DescribeZone(&Zone{Near: "north", Within: 2}); got != "within 2 areas of North" {
		t.Errorf("DescribeZone = %q", got)
	}
	if err := set.CheckZone(&Zone{Near: "north", Within: 1}); err != nil {
		t.Errorf("CheckZone: %v", err)
	}
}

func TestPointToPointMapSet(t *testing.T) {
	pkg := loadMaps(t, "../validate/testdata/maps/p2p-good")
	set, err := pkg.MapSetOf(pkg.Map("front"))
	if err != nil {
		t.Fatal(err)
	}
	g := set.Boards[0].Geo
	if math.Abs(g.Scale-1/25.4) > 1e-15 || math.Abs(set.Table.Width-200/25.4) > 1e-12 {
		t.Errorf("a map in mm: scale %g, width %gin", g.Scale, set.Table.Width)
	}
	if p, ok := g.Anchor(0); !ok || math.Abs(p.X-20/25.4) > 1e-12 || math.Abs(p.Y-20/25.4) > 1e-12 {
		t.Errorf("alba is at %v, %v", p, ok)
	}
	a, _ := set.Lookup("alba")
	b, _ := set.Lookup("brest")
	if got := set.PathsBetween(a.Cell, b.Cell); len(got) != 2 {
		t.Errorf("alba-brest carries %v, want the road and the railway", got)
	}
	east, _ := set.Edge("east")
	if got := set.EdgeCells(east, nil); len(got) != 0 {
		t.Errorf("a point-to-point map's compass edges hold no places unless listed: %v", got)
	}
}

func TestNetworkGeometryRefuses(t *testing.T) {
	for _, tc := range []struct {
		grid, want string
	}{
		{"{type: area}", "needs a width and a height"},
		{"{type: point-to-point, width: 10in, height: 10in, units: cm}", `unknown unit "cm"`},
	} {
		pkg := writePkg(t, map[string]string{"m.yaml": "kind: Map\nid: m\ngrid: " + tc.grid + "\n"})
		m := pkg.Map("m")
		if _, err := m.Geometry(); err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: %v, want %q", tc.grid, err, tc.want)
		}
	}
}

// A painted area map's art spans the map, or is placed by two reference places (their points); it has no cell
// size to be placed by one.
func TestNetworkArtPlacement(t *testing.T) {
	pkg, set := theIsle(t)
	m := pkg.Map("isle")
	g := set.Boards[0].Geo
	m.Background = &MapBackground{Image: "isle.png"}
	pl, err := m.ArtPlacement(g, 1100, 600)
	if err != nil || math.Abs(pl.Scale-11*72/1100.0) > 1e-12 || pl.X != 0 || pl.Y != 0 {
		t.Errorf("spanning art: %+v, %v", pl, err)
	}
	// Art at 100 px an inch, placed by the points of north-west and south-east.
	nw, _ := g.Anchor(0)
	se, _ := g.Anchor(5)
	m.Background = &MapBackground{Image: "isle.png", Reference: []ArtReference{
		{Cell: "north-west", Centre: []float64{nw.X * 100, nw.Y * 100}}, {Cell: "south-east", Centre: []float64{se.X * 100, se.Y * 100}}}}
	pl, err = m.ArtPlacement(g, 1100, 600)
	if err != nil || math.Abs(pl.Scale-0.72) > 1e-9 || math.Abs(pl.X) > 1e-9 || math.Abs(pl.Y) > 1e-9 {
		t.Errorf("art placed by two places: %+v, %v", pl, err)
	}
	one := 50.0
	m.Background = &MapBackground{Image: "isle.png", Cell: "north", Centre: []float64{1, 1}, CellSize: &one}
	if _, err := m.ArtPlacement(g, 1100, 600); err == nil || !strings.Contains(err.Error(), "no cell size") {
		t.Errorf("art placed by one place: %v", err)
	}
}

// Every place of an area map is a location of its own: objectives, supply and control name it as they name a
// location, and its owner gives the side that fields that faction control of it when the game begins.
func TestPlacesAreLocations(t *testing.T) {
	pkg, set := theIsle(t)
	l, b := set.Location("north-east")
	if l == nil || b != set.Boards[0] || l.Name != "North East" || l.Owner != "blue" || len(l.Cells) != 1 || l.Cells[0] != "north-east" {
		t.Fatalf("Location(north-east) = %+v on %v", l, b)
	}
	if ids := set.LocationIDs(); len(ids) != 7 {
		t.Errorf("LocationIDs = %v, want the 7 places", ids)
	}
	cells, loc, err := set.Place("north-east")
	if err != nil || loc != nil || len(cells) != 1 {
		t.Errorf("Place(north-east) = %v %v %v: a place is first a cell", cells, loc, err)
	}
	var got []string
	for _, c := range pkg.Scenario("contest").ControlAtStart(set) {
		got = append(got, c.Place+":"+c.Side)
	}
	if strings.Join(got, " ") != "north-east:blue north-west:red" {
		t.Errorf("control at start = %v", got)
	}
}

// A point-to-point map that declares its own north edge gives it the places it lists: the compass edge is the
// map's, not an empty one of the set.
func TestDeclaredCompassEdge(t *testing.T) {
	pkg := loadMaps(t, "../validate/testdata/maps/p2p-good")
	m := pkg.Map("front")
	m.Edges = append(m.Edges, EdgeDef{ID: "north", Name: "North front", Side: "north", Cells: []string{"alba", "brest"}})
	set, err := NewMapSet(m, pkg.System)
	if err != nil {
		t.Fatal(err)
	}
	e, ok := set.Edge("north")
	if !ok || e.Name() != "the north front" || labelsOf(set, set.EdgeCells(e, nil)) != "alba brest" {
		t.Errorf("north: %+v %q %s", e, e.Name(), labelsOf(set, set.EdgeCells(e, nil)))
	}
	if n := len(set.Edges()); n != 4 {
		t.Errorf("%d edges, want the four compass edges", n)
	}
}
