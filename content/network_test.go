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
