package vassal

import (
	"bytes"
	"cmp"
	"context"
	"math"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/engine"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
)

// readZone is a terrain zone read back from buildFile.xml: its polygon and its ZoneProperties.
type readZone struct {
	name  string
	poly  gridnum.Zone
	props map[string]string
}

// boardZones reads the board of the module named name from buildFile.xml: the Board element, its grid as
// VASSAL computes locations (check.BoardGrid) and its zones with their properties.
func boardZones(t *testing.T, e *exported, name string) (gridnum.Grid, []readZone, *BoardRef) {
	t.Helper()
	root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	var ref *BoardRef
	for i := range e.mod.Boards {
		if e.mod.Boards[i].Name == name {
			ref = &e.mod.Boards[i]
		}
	}
	if ref == nil {
		t.Fatalf("no board %s in the module", name)
	}
	var board *buildfile.Element
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		if el.Class == classBoard && el.Attr("name") == name && len(el.Children) > 0 && board == nil {
			board = el // the scenario's board (the order of battle's board of the same name has no grid)
		}
		return true
	})
	if board == nil {
		t.Fatalf("no Board %s in buildFile.xml", name)
	}
	g, ds := check.BoardGrid(board, ref.Width, ref.Height)
	if ds.HasErrors() || g == nil {
		t.Fatalf("board %s's grid: %v", name, ds)
	}
	var zones []readZone
	for _, zg := range board.Children {
		if zg.Class != classZonedGrid {
			continue
		}
		for _, z := range zg.Children {
			if z.Class != classZone {
				continue
			}
			poly, err := gridnum.ParsePath(z.Attr("path"))
			if err != nil {
				t.Fatal(err)
			}
			rz := readZone{name: z.Attr("name"), poly: gridnum.Zone{Poly: poly}, props: map[string]string{}}
			for _, p := range z.Children {
				if p.Class == classZoneProperty {
					rz.props[p.Attr("name")] = p.Attr("initialValue")
				}
			}
			zones = append(zones, rz)
		}
	}
	return g, zones, ref
}

// TestRiverLineTerrainZones reads the river line's terrain back from the module by geometry: for every hex of
// the map, the point VASSAL's grid gives its label (and points round it, well inside the hex) lies in exactly
// one zone, whose Terrain and TerrainID are the hex's terrain in the map's YAML, and whose MoveCost and
// DefenceShift are what the System and the combat table say of that terrain.
func TestRiverLineTerrainZones(t *testing.T) {
	e := exampleModule(t, "testdata/river-line")
	g, zones, ref := boardZones(t, e, "The Autumn Offensive")
	zg, ok := g.(*gridnum.Zoned)
	if !ok || zg.Background == nil {
		t.Fatalf("the board's grid is %T, not a ZonedGrid over the hex grid", g)
	}
	if len(zones) == 0 {
		t.Fatal("no terrain zones")
	}
	set, _ := e.checked.Package().MapSet(ref.Scenario)
	m := set.Boards[0].Map
	if m.ID != "river-line" {
		t.Fatalf("the board shows map %s", m.ID)
	}
	geo := set.Boards[0].Geo
	yaml := m.CellTerrain(geo, e.checked.Package().System)
	names := map[string]string{}
	for _, td := range e.checked.Package().System.Terrain {
		names[td.ID] = cmp.Or(td.Name, td.ID)
	}
	// what the river line's System and CRT say (system.yaml, tables/crt.yaml)
	wantMove := map[string]string{"clear": "1", "forest": "2", "marsh": "3", "hills": "2", "city": "1"}
	wantShift := map[string]string{"clear": "0", "forest": "-1", "marsh": "0", "hills": "-1", "city": "-2"}
	cellPx := geo.Hex.CellSize * e.mod.DPI / 72 // the hex's height (flat side to flat side) in pixels
	hexes := 0
	for row := 0; row < geo.Rows; row++ {
		for col := 0; col < geo.Cols; col++ {
			label := geo.Label(grid.Cell{Col: col, Row: row})
			at, err := zg.Background.Location(label)
			if err != nil {
				t.Fatalf("%s: %v", label, err)
			}
			tid := yaml[row*geo.Cols+col]
			for k := 0; k < 7; k++ {
				p := at
				if k > 0 {
					a := float64(k) * math.Pi / 3
					r := cellPx * 0.3
					p = gridnum.Point{X: at.X + int(math.Round(r*math.Cos(a))), Y: at.Y + int(math.Round(r*math.Sin(a)))}
				}
				var in []readZone
				for _, z := range zones {
					if z.poly.Contains(p) {
						in = append(in, z)
					}
				}
				if len(in) != 1 {
					t.Fatalf("hex %s: point %v lies in %d terrain zones, not 1", label, p, len(in))
				}
				z := in[0]
				if z.props["TerrainID"] != tid || z.props["Terrain"] != names[tid] {
					t.Errorf("hex %s (%v): zone %q says %s (%s), the YAML %s", label, p, z.name, z.props["Terrain"], z.props["TerrainID"], tid)
				}
				if z.props["MoveCost"] != wantMove[tid] || z.props["DefenceShift"] != wantShift[tid] {
					t.Errorf("hex %s: zone %q has MoveCost %q and DefenceShift %q, want %q and %q", label, z.name, z.props["MoveCost"], z.props["DefenceShift"], wantMove[tid], wantShift[tid])
				}
				if !strings.HasPrefix(z.name, names[tid]) || z.props["TerrainNote"] != " ("+strings.Replace(z.name, ", ", "; ", 1)+")" {
					t.Errorf("hex %s: zone %q, TerrainNote %q", label, z.name, z.props["TerrainNote"])
				}
				// the grid names the point as the hex: the zones keep every location's name
				if n, err := zg.LocationName(p); err != nil || n != label {
					t.Errorf("point %v of hex %s is named %q (%v)", p, label, n, err)
				}
			}
			hexes++
		}
	}
	if hexes != 18*13 {
		t.Fatalf("%d hexes read, the map has %d", hexes, 18*13)
	}
	// hexside features: the Vado bridge (1006/1106) and the river beside it, on both banks
	for label, want := range map[string][]string{"1006": {"River", "Bridge"}, "1106": {"River", "Bridge"}, "0901": {"River"}, "0101": nil} {
		at, _ := zg.Background.Location(label)
		for _, z := range zones {
			if !z.poly.Contains(at) {
				continue
			}
			for _, w := range want {
				if !strings.Contains(z.props["Hexsides"], w) {
					t.Errorf("hex %s: Hexsides %q does not name %s", label, z.props["Hexsides"], w)
				}
			}
			if want == nil && z.props["Hexsides"] != "" {
				t.Errorf("hex %s has no hexside feature, yet Hexsides is %q", label, z.props["Hexsides"])
			}
		}
	}
	// the river runs between 0901 and 1001: 0901's side towards 1001 (south-east of it on this flat-top grid)
	at, _ := zg.Background.Location("0901")
	for _, z := range zones {
		if z.poly.Contains(at) && z.props["Hexside_SE"] != "River" {
			t.Errorf("0901's south-east side: Hexside_SE %q, want River", z.props["Hexside_SE"])
		}
	}
}

// TestTerrainZonesDeclared: every zone property is declared as a module global property with an empty value
// (so a piece off every zone reads ""), and the move report ends with the terrain note.
func TestTerrainZonesDeclared(t *testing.T) {
	e := exampleModule(t, "testdata/river-line")
	root, err := buildfile.Parse(bytes.NewReader(e.mod.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	declared := map[string]bool{}
	used := map[string]bool{}
	root.Walk(func(el *buildfile.Element, _ string, parent *buildfile.Element) bool {
		switch el.Class {
		case classGlobalProperty:
			if parent != nil && parent.Class == "VASSAL.build.module.properties.GlobalProperties" && el.Attr("initialValue") == "" {
				declared[el.Attr("name")] = true
			}
		case classZoneProperty:
			used[el.Attr("name")] = true
		}
		return true
	})
	for _, p := range []string{"Terrain", "TerrainID", "MoveCost", "DefenceShift", "Hexsides", "TerrainNote"} {
		if !used[p] {
			t.Errorf("no zone carries %s", p)
		}
	}
	for p := range used {
		if !declared[p] {
			t.Errorf("zone property %s has no empty module default", p)
		}
	}
	if !bytes.Contains(e.mod.File("buildFile.xml"), []byte("$location$$TerrainNote$")) {
		t.Error("the move report does not name the terrain")
	}
	// the notes page (Help) says what the zones carry and why a hexside is no zone; an export's printed notes do not
	page := string(e.mod.File(notesFile))
	for _, want := range []string{"Terrain: on The Autumn Offensive, every hex lies in a zone", "Hexside features: a VASSAL piece stands in a cell", "Toolbar keys: ", "No trigger actions"} {
		if !strings.Contains(page, want) {
			t.Errorf("the notes page does not say %q", want)
		}
	}
	for _, n := range e.mod.Notes {
		if strings.HasPrefix(n, "Terrain:") || strings.HasPrefix(n, "Toolbar keys") {
			t.Errorf("the export prints the page's note %q", n)
		}
	}
}

// TestRegionPathEvenOdd builds zones of scattered cells with holes on a small square and hex grid and checks,
// point by point, that the even-odd inside of the one path is exactly the cells.
func TestRegionPathEvenOdd(t *testing.T) {
	for _, typ := range []string{content.GridHex, content.GridSquare} {
		set := &content.MapSet{Type: typ, Cols: 9, Rows: 7}
		set.Hex = grid.Hex{Orientation: grid.FlatTop, Parity: grid.Odd, CellSize: 72, Cols: 9, Rows: 7}
		set.Square = grid.Square{CellSize: 72, Cols: 9, Rows: 7}
		pl := &placement{set: set, k: 1, px0: 60, py0: 60, w: 900, h: 800}
		// a ring with a hole, a lone cell, a diagonal pair, a patch at the edge
		var cells []grid.Cell
		in := map[grid.Cell]bool{}
		for _, c := range []grid.Cell{{Col: 1, Row: 1}, {Col: 2, Row: 1}, {Col: 3, Row: 1}, {Col: 1, Row: 2}, {Col: 3, Row: 2}, {Col: 1, Row: 3}, {Col: 2, Row: 3}, {Col: 3, Row: 3}, {Col: 6, Row: 1}, {Col: 5, Row: 5}, {Col: 6, Row: 6}, {Col: 8, Row: 0}, {Col: 8, Row: 1}, {Col: 0, Row: 6}} {
			cells = append(cells, c)
			in[c] = true
		}
		graph := cornerGraph{}
		for row := 0; row < 7; row++ {
			for col := 0; col < 9; col++ {
				c := grid.Cell{Col: col, Row: row}
				for _, n := range setNeighbours(set, c) {
					if k1, k2, ok := set.SideCorners(c, n); ok {
						graph[k1] = append(graph[k1], k2)
						graph[k2] = append(graph[k2], k1)
					}
				}
			}
		}
		path := pl.regionPath(cells, graph)
		z := gridnum.Zone{Poly: path}
		for row := 0; row < 7; row++ {
			for col := 0; col < 9; col++ {
				c := grid.Cell{Col: col, Row: row}
				x, y := pl.centre(c)
				p := gridnum.Point{X: int(math.Round(x)), Y: int(math.Round(y))}
				if z.Contains(p) != in[c] {
					t.Errorf("%s grid: cell %v: inside %v, want %v", typ, c, z.Contains(p), in[c])
				}
			}
		}
	}
}

// TestRegionPathScatteredPatches joins hundreds of scattered patches and holes into one path (the seams' one
// breadth-first search): on a 40x30 hex and square grid with a third of the cells taken at random, the
// even-odd inside of the path is exactly those cells.
func TestRegionPathScatteredPatches(t *testing.T) {
	for _, typ := range []string{content.GridHex, content.GridSquare} {
		const cols, rows = 40, 30
		set := &content.MapSet{Type: typ, Cols: cols, Rows: rows}
		set.Hex = grid.Hex{Orientation: grid.FlatTop, Parity: grid.Odd, CellSize: 72, Cols: cols, Rows: rows}
		set.Square = grid.Square{CellSize: 72, Cols: cols, Rows: rows}
		pl := &placement{set: set, k: 1, px0: 60, py0: 60, w: 72*cols + 120, h: 72*rows + 120}
		rng := rand.New(rand.NewPCG(7, 32))
		var cells []grid.Cell
		in := map[grid.Cell]bool{}
		graph := cornerGraph{}
		for row := 0; row < rows; row++ {
			for col := 0; col < cols; col++ {
				c := grid.Cell{Col: col, Row: row}
				if rng.IntN(3) == 0 {
					cells = append(cells, c)
					in[c] = true
				}
				for _, n := range setNeighbours(set, c) {
					if k1, k2, ok := set.SideCorners(c, n); ok {
						graph[k1] = append(graph[k1], k2)
						graph[k2] = append(graph[k2], k1)
					}
				}
			}
		}
		z := gridnum.Zone{Poly: pl.regionPath(cells, graph)}
		wrong := 0
		for row := 0; row < rows; row++ {
			for col := 0; col < cols; col++ {
				c := grid.Cell{Col: col, Row: row}
				x, y := pl.centre(c)
				if z.Contains(gridnum.Point{X: int(math.Round(x)), Y: int(math.Round(y))}) != in[c] {
					wrong++
				}
			}
		}
		if wrong > 0 || len(cells) < 300 {
			t.Errorf("%s grid: %d of %d cells' centres on the wrong side of the path of %d cells", typ, wrong, cols*rows, len(cells))
		}
	}
}

// TestTerrainZonesInVASSAL loads the river line's module in the real engine: its zones and zone properties
// decode (check-vmod counts each component it builds), the board's ZonedGrid names every point as the hex
// grid does, and VASSAL's own ZonedGrid.findZone (what a piece's CurrentZone reads), given the zones as
// buildFile.xml has them, finds for the centre of every hex the zone of the hex's terrain in the YAML.
func TestTerrainZonesInVASSAL(t *testing.T) {
	script := vassalChecker(t)
	e := exampleModule(t, "testdata/river-line")
	g, zones, ref := boardZones(t, e, "The Autumn Offensive")
	r := loadInVASSAL(t, script, e.mod, e.zip, "river-line")
	props := 0
	for _, z := range zones {
		props += len(z.props)
	}
	if r.Components["Zone"] != len(zones) || r.Components["ZoneProperty"] != props {
		t.Errorf("VASSAL built %d zones and %d zone properties; buildFile.xml has %d and %d", r.Components["Zone"], r.Components["ZoneProperty"], len(zones), props)
	}
	grids := 0
	for _, gr := range r.Grids {
		if gr.Board == "The Autumn Offensive" {
			grids++
			if gr.Grid != "ZonedGrid" || gr.Inconsistent != 0 || gr.Locations < 18*13 {
				t.Errorf("VASSAL's grid of the board: %+v", gr)
			}
		}
	}
	if grids != 1 {
		t.Fatalf("VASSAL reports %d grids of the board", grids)
	}
	set, _ := e.checked.Package().MapSet(ref.Scenario)
	geo := set.Boards[0].Geo
	yaml := set.Boards[0].Map.CellTerrain(geo, e.checked.Package().System)
	zg := g.(*gridnum.Zoned)
	var ez []engine.Zone
	byName := map[string]readZone{}
	for _, z := range zones {
		ez = append(ez, engine.Zone{Name: z.name, Path: gridnum.FormatPath(z.poly.Poly)})
		byName[z.name] = z
	}
	var pts []engine.Point
	var want []string
	for row := 0; row < geo.Rows; row++ {
		for col := 0; col < geo.Cols; col++ {
			at, err := zg.Background.Location(geo.Label(grid.Cell{Col: col, Row: row}))
			if err != nil {
				t.Fatal(err)
			}
			pts = append(pts, engine.Point{X: at.X, Y: at.Y})
			want = append(want, yaml[row*geo.Cols+col])
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	got, err := engine.FindZones(ctx, script, ez, pts)
	if err != nil {
		t.Fatal(err)
	}
	for i, name := range got {
		z, ok := byName[name]
		if !ok || z.props["TerrainID"] != want[i] {
			t.Errorf("VASSAL finds hex %s (%v) in zone %q (terrain %q); the YAML says %s", geo.Label(grid.Cell{Col: i % geo.Cols, Row: i / geo.Cols}), pts[i], name, z.props["TerrainID"], want[i])
		}
	}
}

// TestAreaZonesCarryTerrain: on an area map (the Marches), the zone of every area drawn as a shape carries its
// place's terrain and kind, and holds the area's own point, where its units stand.
func TestAreaZonesCarryTerrain(t *testing.T) {
	e := exampleModule(t, "testdata/marches")
	pkg := e.checked.Package()
	names := map[string]string{}
	for _, td := range pkg.System.Terrain {
		names[td.ID] = cmp.Or(td.Name, td.ID)
	}
	checked := 0
	for _, ref := range e.mod.Boards {
		set, _ := pkg.MapSet(ref.Scenario)
		if ref.Scenario == nil || set == nil || !set.Network() {
			continue
		}
		g, zones, _ := boardZones(t, e, ref.Name)
		geo := set.Boards[0].Geo
		locs := placeNames(geo)
		for i, p := range geo.Places {
			at, err := g.Location(locs[i])
			if err != nil {
				t.Fatalf("%s: %v", locs[i], err)
			}
			for _, z := range zones {
				if z.name != locs[i] {
					continue
				}
				if !z.poly.Contains(at) {
					t.Errorf("area %s's zone does not hold its point %v", z.name, at)
				}
				if p.Terrain != "" && (z.props["TerrainID"] != p.Terrain || z.props["Terrain"] != names[p.Terrain]) {
					t.Errorf("area %s: zone says terrain %q (%q), the map %s", z.name, z.props["TerrainID"], z.props["Terrain"], p.Terrain)
				}
				if z.props["Kind"] != p.Kind {
					t.Errorf("area %s: zone says kind %q, the map %q", z.name, z.props["Kind"], p.Kind)
				}
				checked++
			}
		}
	}
	if checked == 0 {
		t.Fatal("no area zone checked")
	}
}

// TestTerrainZonesKeepLocationNames walks a lattice of points over every board with terrain zones in every
// example, as VASSAL's own grid check does (check-vmod): the name the grid gives a point leads back, by
// getLocation, to a point of the same name. Terrain zones must not change a location's name nor make one
// unresolvable (on a set of several boards they did, which is why such sets have none).
func TestTerrainZonesKeepLocationNames(t *testing.T) {
	boards := 0
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleModule(t, name)
			root := parseBuildFile(t, e)
			for _, ref := range e.mod.Boards {
				gridded := false
				root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
					gridded = gridded || el.Class == classBoard && el.Attr("name") == ref.Name && len(el.Children) > 0
					return true
				})
				if !gridded {
					continue // an open tabletop
				}
				g, zones, _ := boardZones(t, e, ref.Name)
				terrain := false
				for _, z := range zones {
					terrain = terrain || z.props["Terrain"] != ""
				}
				if !terrain {
					continue
				}
				boards++
				bad := 0
				m := int(e.mod.DPI) // a cell: an inch, or the grid's
				if zg, ok := g.(*gridnum.Zoned); ok {
					switch bg := zg.Background.(type) {
					case *gridnum.Hex:
						m = int(math.Max(bg.DX, bg.DY))
					case *gridnum.Square:
						m = int(math.Max(bg.DX, bg.DY))
					}
				}
				for y := 10; y < ref.Height; y += 20 {
					for x := 10; x < ref.Width; x += 20 {
						p := gridnum.Point{X: x, Y: y}
						n, err := g.LocationName(p)
						if err != nil || n == "" {
							continue
						}
						q, err := g.Location(n)
						if err != nil {
							// a cell centred off the board: VASSAL's check notes these within a cell of the
							// edge; further in, the name must resolve
							if x > m && y > m && x < ref.Width-m && y < ref.Height-m {
								if bad++; bad < 4 {
									t.Errorf("board %s: point %v is %q, which does not resolve: %v", ref.Name, p, n, err)
								}
							}
							continue
						}
						if n2, _ := g.LocationName(q); n2 != n {
							if bad++; bad < 4 {
								t.Errorf("board %s: point %v is %q, its location %v is %q", ref.Name, p, n, q, n2)
							}
						}
					}
				}
			}
		})
	}
	if boards == 0 {
		t.Fatal("no board with terrain zones")
	}
}
