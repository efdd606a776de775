package content

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

func labelsOf(set *MapSet, cs []grid.Cell) string {
	var out []string
	for _, c := range cs {
		out = append(out, set.Label(c))
	}
	return strings.Join(out, " ")
}

// What a zone covers: the cells within `within` of its near place (a cell, or a location's cells), its listed
// cells, and the band `depth` cells deep along its edge (a board's edge stays on its board), each once, row by
// row; nothing a set does not have.
func TestZoneCells(t *testing.T) {
	pkg := loadMaps(t, filepath.Join("testdata", "maps", "boards"))
	set, _ := pkg.MapSet(pkg.Scenario("side-by-side"))
	if set == nil {
		t.Fatal("no map set")
	}
	// A location on board II, for near: (IIB02, IIC02).
	b2 := set.Boards[1]
	b2.Map.Locations = append(b2.Map.Locations, Location{ID: "ridge", Cells: []string{"B02", "IIC02"}})
	defer func() { b2.Map.Locations = b2.Map.Locations[:len(b2.Map.Locations)-1] }()
	for _, tc := range []struct {
		name string
		z    Zone
		want string
	}{
		{"a cell alone", Zone{Near: "IB02"}, "IB02"},
		// ID02 is in a shoved column: its neighbours across the join are IIA02 and IIA03.
		{"within 1 of a cell, across the join", Zone{Near: "ID02", Within: 1}, "ID01 IC02 ID02 IIA02 IC03 ID03 IIA03"},
		{"a location's cells", Zone{Near: "ridge"}, "IIB02 IIC02"},
		{"within 1 of a location", Zone{Near: "ridge", Within: 1},
			"IIB01 IIC01 IID01 IIA02 IIB02 IIC02 IID02 IIA03 IIB03 IIC03"},
		{"listed cells, once each", Zone{Cells: []string{"IID03", "IA01", "IID03"}}, "IA01 IID03"},
		{"an edge, depth 0 is its own line", Zone{Edge: "west"}, "IA01 IA02 IA03"},
		{"an edge two deep", Zone{Edge: "north", Depth: 2}, "IA01 IB01 IC01 ID01 IIA01 IIB01 IIC01 IID01 IA02 IB02 IC02 ID02 IIA02 IIB02 IIC02 IID02"},
		{"a board's edge stays on its board", Zone{Edge: "II.west", Depth: 9}, "IIA01 IIB01 IIC01 IID01 IIA02 IIB02 IIC02 IID02 IIA03 IIB03 IIC03 IID03"},
		{"near, cells and edge together", Zone{Near: "IA01", Cells: []string{"IIB02"}, Edge: "east"}, "IA01 IID01 IIB02 IID02 IID03"},
		{"names the set does not have", Zone{Near: "nowhere", Within: 2, Cells: []string{"IZ99"}, Edge: "II.nowhere"}, ""},
		{"a radius counts no cells", Zone{Near: "IA01", Radius: &value.Length{Points: 72}}, "IA01"},
	} {
		if got := labelsOf(set, set.ZoneCells(&tc.z)); got != tc.want {
			t.Errorf("%s: %s\nwant %s", tc.name, got, tc.want)
		}
	}
}

// An edge band is exactly the cells fewer than depth steps from the edge's line, on every grid: flat- and
// pointy-top hexes of both offsets, squares with and without diagonal moves, and boards of odd sizes.
func TestEdgeBandIsTheCellsNearTheEdge(t *testing.T) {
	var specs []GridSpec
	for _, o := range []string{"flat", "pointy"} {
		for _, off := range []string{"odd", "even"} {
			specs = append(specs, GridSpec{Type: GridHex, Cols: 7, Rows: 6, Orientation: o, Offset: off})
		}
	}
	specs = append(specs, GridSpec{Type: GridSquare, Cols: 5, Rows: 7}, GridSpec{Type: GridSquare, Cols: 6, Rows: 5, DiagonalCost: &value.Number{Num: 1, Den: 1}})
	for _, spec := range specs {
		set, err := NewMapSet(&Map{Grid: spec}, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, side := range Compass {
			e, _ := set.Edge(side)
			line := set.EdgeCells(e, nil)
			for depth := 0; depth <= 4; depth++ {
				band := set.EdgeBand(e, depth)
				got := map[grid.Cell]int{}
				for _, c := range band {
					got[c]++
				}
				name := fmt.Sprintf("%s %s/%s %s depth %d", spec.Type, spec.Orientation, spec.Offset, side, depth)
				if len(band) > 0 && labelsOf(set, band[:len(line)]) != labelsOf(set, line) {
					t.Errorf("%s: the band does not start with the edge's line", name)
				}
				for row := 0; row < set.Rows; row++ {
					for col := 0; col < set.Cols; col++ {
						c := grid.Cell{Col: col, Row: row}
						near := false
						for _, l := range line {
							near = near || set.Distance(c, l) < depth
						}
						if want := map[bool]int{true: 1}[near]; got[c] != want {
							t.Errorf("%s: %s is in the band %d times, want %d", name, set.Label(c), got[c], want)
						}
					}
				}
			}
		}
	}
}

// Which name a scenario's near gives: a cell label first, then a location; otherwise the label's error.
func TestPlace(t *testing.T) {
	pkg := writePkg(t, map[string]string{"map.yaml": `kind: Map
id: m
grid: {type: hex, cols: 4, rows: 4}
locations: [{id: village, cells: ["0202", "0203", "0909"]}, {id: "0101", cells: ["0404"]}]
`})
	set, err := NewMapSet(pkg.Map("m"), nil)
	if err != nil {
		t.Fatal(err)
	}
	if cs, loc, err := set.Place("0303"); err != nil || loc != nil || labelsOf(set, cs) != "0303" {
		t.Errorf("a cell: %v %v %v", cs, loc, err)
	}
	if cs, loc, err := set.Place("village"); err != nil || loc == nil || loc.ID != "village" || labelsOf(set, cs) != "0202 0203" {
		t.Errorf("a location (its cells on the map): %v %v %v", labelsOf(set, cs), loc, err)
	}
	if cs, loc, _ := set.Place("0101"); loc != nil || labelsOf(set, cs) != "0101" {
		t.Errorf("a name that is both a cell and a location is the cell: %v %v", labelsOf(set, cs), loc)
	}
	if _, _, err := set.Place("0909"); err == nil || !err.(*LabelError).OffMap {
		t.Errorf("neither: the label's error, %v", err)
	}
}

// The shapes a zone may take: cells on a grid, a circle (or an edge band) on an open tabletop.
func TestCheckZone(t *testing.T) {
	pkg := writePkg(t, map[string]string{"maps.yaml": `kind: Map
id: grid
grid: {type: square, cols: 4, rows: 4}
---
kind: Map
id: table
grid: {type: open, width: 72in, height: 48in}
locations: [{id: camp, point: [43in, 34in]}, {id: hill}]
`})
	gridSet, _ := NewMapSet(pkg.Map("grid"), nil)
	table, _ := NewMapSet(pkg.Map("table"), nil)
	in := func(s string) *value.Length { l, _ := value.ParseLength(s); return &l }
	pt := func(x, y string) []value.Length { return []value.Length{*in(x), *in(y)} }
	for _, tc := range []struct {
		name string
		set  *MapSet
		z    Zone
		want string // the reason, "" for a zone that fits; "elsewhere" when another check reports it
	}{
		{"cells on a grid", gridSet, Zone{Near: "0101", Within: 2, Edge: "north", Depth: 2}, ""},
		{"a radius on a grid", gridSet, Zone{Near: "0101", Radius: in("3in")}, "has a point or radius, which are for open tabletops"},
		{"a circle about a location", table, Zone{Near: "camp", Radius: in("12in")}, ""},
		{"a circle about a point", table, Zone{Point: pt("10in", "10in"), Radius: in("6in")}, ""},
		{"an edge band on a table", table, Zone{Edge: "north"}, ""},
		{"cells on a table", table, Zone{Near: "camp", Within: 3}, "counts cells"},
		{"no radius", table, Zone{Near: "camp"}, "needs a radius"},
		{"no centre", table, Zone{Radius: in("6in")}, "has a radius but no centre"},
		{"a location without a point", table, Zone{Near: "hill", Radius: in("6in")}, "is about location hill, which has no point on the table"},
		{"an unknown location", table, Zone{Near: "fort", Radius: in("6in")}, "elsewhere"},
		{"off the table", table, Zone{Point: pt("80in", "10in"), Radius: in("6in")}, "is centred at (80in, 10in), off the 72in x 48in table"},
	} {
		err := tc.set.CheckZone(&tc.z)
		switch {
		case tc.want == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.want == "elsewhere" && (err == nil || !err.Elsewhere):
			t.Errorf("%s: %v, want a problem reported elsewhere", tc.name, err)
		case tc.want != "" && tc.want != "elsewhere" && (err == nil || err.Elsewhere || !strings.Contains(err.Reason, tc.want)):
			t.Errorf("%s: %v, want %q", tc.name, err, tc.want)
		}
	}
	c, err := table.ZoneCircle(&Zone{Near: "camp", Radius: in("12in")})
	if err != nil || c.Centre != (grid.Point{X: 43, Y: 34}) || c.Radius != 12 {
		t.Errorf("the camp's circle: %+v %v", c, err)
	}
}

// How a zone reads on a scenario sheet, a map's legend and the digital-play set-ups: cells in the set's word,
// a location by its name and an edge by its name; without a set, places and edges by their ids.
func TestDescribeZone(t *testing.T) {
	pkg := writePkg(t, map[string]string{"maps.yaml": `kind: Map
id: table
grid: {type: open, width: 72in, height: 48in}
locations: [{id: camp-centre, name: The camp, point: [43in, 34in]}, {id: ford, point: [10in, 10in]}]
edges: [{id: road, side: west, name: West road}]
`})
	table, _ := NewMapSet(pkg.Map("table"), nil)
	r := &value.Length{Points: 12 * 72, Text: "12in"}
	bare := func(gridType string) *MapSet { return &MapSet{Type: gridType} }
	for _, tc := range []struct {
		set  *MapSet
		z    *Zone
		want string
	}{
		{bare(GridHex), &Zone{Near: "D", Within: 3}, "within 3 hexes of D"},
		{bare(GridSquare), &Zone{Near: "D", Within: 1}, "within 1 square of D"},
		{nil, &Zone{Near: "D", Within: 2}, "within 2 cells of D"},
		{bare(GridHex), &Zone{Near: "D"}, "at D"},
		{bare(GridHex), &Zone{Cells: []string{"0101", "0102", "0103"}}, "on 0101, 0102 and 0103"},
		{bare(GridHex), &Zone{Edge: "north"}, "on the north edge"},
		{bare(GridHex), &Zone{Edge: "north", Depth: 1}, "on the north edge"},
		{bare(GridHex), &Zone{Edge: "II.west", Depth: 3}, "on the II.west edge, 3 hexes deep"},
		{nil, &Zone{Edge: "II.west"}, "on the II.west edge"},
		{table, &Zone{Near: "camp-centre", Radius: r}, "within 12in of The camp"},
		{nil, &Zone{Near: "camp-centre", Radius: r}, "within 12in of camp-centre"},
		{table, &Zone{Near: "ford", Radius: r}, "within 12in of ford"},
		{table, &Zone{Edge: "road"}, "on the west road"},
		{table, &Zone{Point: []value.Length{{Text: "40in"}, {Text: "30in"}}, Radius: r}, "within 12in of (40in, 30in)"},
		{bare(GridHex), &Zone{Near: "D", Within: 2, Cells: []string{"0101"}, Edge: "south"}, "within 2 hexes of D, on 0101 and on the south edge"},
		{bare(GridHex), &Zone{}, ""},
		{bare(GridHex), nil, ""},
	} {
		if got := tc.set.DescribeZone(tc.z); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.z, got, tc.want)
		}
	}
}
