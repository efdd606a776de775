package vassal

import (
	"bytes"
	"cmp"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/validate"
)

// The area and point-to-point fixtures of validate — an area map (six areas, a holding box with a box, borders
// of three styles, a sea lane) and a point-to-point map in millimetres (circles, a box, a dot) — and the two
// example games on places (Crown of the Marches, 22 shires; the Iron Roads, 36 places).
var networkFixtures = []string{"area-good", "p2p-good", "marches", "iron-roads"}

func fixturePath(name string) string {
	if name == "marches" || name == "iron-roads" {
		return filepath.Join("..", "..", "examples", "testdata", name)
	}
	return filepath.Join("..", "..", "validate", "testdata", "maps", name)
}

// exportDir validates and exports a package folder.
func exportDir(t *testing.T, dir string, opt Options) (*validate.Checked, *Module, []byte) {
	t.Helper()
	r := validate.Load(dir)
	c, err := r.Checked()
	if err != nil {
		t.Fatalf("%s does not validate: %v", dir, r.Diags)
	}
	m, ds, err := Export(c, opt)
	if err != nil {
		t.Fatal(err)
	}
	if m == nil {
		t.Fatalf("no module: %v", ds)
	}
	zip, err := m.Zip()
	if err != nil {
		t.Fatal(err)
	}
	return c, m, zip
}

// scenarioBoard is the scenario's board element and its place in the module.
func scenarioBoard(t *testing.T, m *Module) (*buildfile.Element, BoardRef, *buildfile.Element) {
	t.Helper()
	root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	for _, ref := range m.Boards {
		if ref.Scenario == nil {
			continue
		}
		var board *buildfile.Element
		for _, mp := range root.Children {
			if mp.Class != classMap || mp.Attr("mapName") != ref.Map {
				continue
			}
			mp.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
				if el.Class == classBoard && el.Attr("name") == ref.Name {
					board = el
				}
				return true
			})
		}
		if board == nil {
			t.Fatalf("no board %s on map %s", ref.Name, ref.Map)
		}
		return board, ref, root
	}
	t.Fatal("no scenario board")
	return nil, BoardRef{}, nil
}

// Every place is a location of the scenario's board, at its point as the drawing puts it; a point well inside
// an area or a place's shape is that place and snaps to its point; every set-up unit stands in its place.
func TestNetworkMapsExport(t *testing.T) {
	for _, name := range networkFixtures {
		t.Run(name, func(t *testing.T) {
			c, m, zip := exportDir(t, fixturePath(name), Options{})
			for _, d := range check.Bytes(zip, name+".vmod").Diags {
				t.Errorf("muster's checker: %s", d)
			}
			board, ref, root := scenarioBoard(t, m)
			g, ds := check.BoardGrid(board, ref.Width, ref.Height)
			if len(ds) > 0 || g == nil {
				t.Fatalf("board grid: %v", ds)
			}
			pkg := c.Package()
			d, err := maps.ForScenario(pkg, ref.Scenario)
			if err != nil {
				t.Fatal(err)
			}
			px0, py0, _, _ := d.PixelOrigin(m.DPI)
			k := m.DPI * d.Scale // pixels an inch, as print/digital.PlacesInPixels rounds a point
			pixel := func(p grid.Point) gridnum.Point {
				return gridnum.Point{X: int(math.Round(float64(px0) + p.X*k)), Y: int(math.Round(float64(py0) + p.Y*k))}
			}
			set, _ := pkg.MapSet(ref.Scenario)
			geo := set.Boards[0].Geo
			names := placeNames(geo)
			for i, pl := range geo.Places {
				a, _ := geo.Anchor(i)
				want := pixel(a)
				if got, err := g.Location(names[i]); err != nil || got != want {
					t.Errorf("%s: VASSAL puts it at %v (%v), the drawing at %v", pl.ID, got, err, want)
				}
				if n, _ := g.LocationName(want); n != names[i] {
					t.Errorf("%s: its point is named %q", pl.ID, n)
				}
				if names[i] != cmp.Or(pl.Name, pl.ID) {
					t.Errorf("%s is named %q", pl.ID, names[i])
				}
			}
			// Points well inside each shaped place, a twentieth of an inch apart.
			zg, zoned := g.(*gridnum.Zoned)
			tried := 0
			for y := 0.025; y < geo.Table.Height; y += 0.05 {
				for x := 0.025; x < geo.Table.Width; x += 0.05 {
					p := grid.Point{X: x, Y: y}
					for i := range geo.Places {
						if shape := shapeOf(geo, i); shape == nil || !shape.Inside(p, 2/m.DPI) {
							continue
						}
						tried++
						a, _ := geo.Anchor(i)
						if n, _ := g.LocationName(pixel(p)); n != names[i] {
							t.Fatalf("%v, inside %s, is named %q", p, geo.Places[i].ID, n)
						}
						if zoned && zg.Snap(pixel(p)) != pixel(a) {
							t.Fatalf("%v, inside %s, snaps to %v, not to its point %v", p, geo.Places[i].ID, zg.Snap(pixel(p)), pixel(a))
						}
					}
				}
			}
			if tried < 100 {
				t.Errorf("only %d points inside the places", tried)
			}
			// The set-up: a stack per place where units set up, at the place, holding them all.
			want := map[string]int{}
			for _, sd := range ref.Scenario.Sides {
				for _, place := range sd.Setup {
					footprint := 1
					if ut := pkg.UnitType(place.Unit); ut != nil {
						footprint = ut.Footprint
					}
					for _, ids := range place.UnitCells(footprint) {
						i, _ := geo.PlaceIndex(ids[0]) // a unit across two places stands in its first
						want[names[i]]++
					}
				}
			}
			got := map[string]int{}
			for _, mp := range root.Children {
				if mp.Class != classMap || mp.Attr("mapName") != ref.Map {
					continue
				}
				for _, st := range mp.Children {
					if st.Class != classSetupStack || st.Attr("owningBoard") != ref.Name {
						continue
					}
					loc := st.Attr("location")
					p, err := g.Location(loc)
					if st.Attr("useGridLocation") != "true" || err != nil || itoa(p.X) != st.Attr("x") || itoa(p.Y) != st.Attr("y") {
						t.Errorf("set-up stack %s: %v", loc, st.Attrs)
					}
					got[loc] += len(st.Children)
				}
			}
			if len(want) == 0 || !equalCounts(got, want) {
				t.Errorf("set-up units by place: %v, want %v", got, want)
			}
			notes := string(m.File(notesFile))
			if !strings.Contains(notes, "area and point-to-point maps every place is a location") {
				t.Error("the notes do not say how places work")
			}
		})
	}
}

func equalCounts(a, b map[string]int) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// shapeOf is a place's area outline, box or circle (as a polygon), in inches; nil for a dot.
func shapeOf(g *content.Geometry, i int) grid.Polygon {
	if pg := g.Outline(i); pg != nil {
		return pg
	}
	p := g.Places[i]
	a, _ := g.Anchor(i)
	switch {
	case p.Radius != nil:
		var pg grid.Polygon
		r := *p.Radius * g.Scale * math.Cos(math.Pi/digital.PlaceCircleSides) // the polygon's inner circle
		for k := 0; k < 64; k++ {
			t := 2 * math.Pi * float64(k) / 64
			pg = append(pg, grid.Point{X: a.X + r*math.Cos(t), Y: a.Y + r*math.Sin(t)})
		}
		return pg
	case len(p.Box) == 2:
		w, h := p.Box[0]*g.Scale/2, p.Box[1]*g.Scale/2
		return grid.Polygon{{X: a.X - w, Y: a.Y - h}, {X: a.X + w, Y: a.Y - h}, {X: a.X + w, Y: a.Y + h}, {X: a.X - w, Y: a.Y + h}}
	}
	return nil
}

// The fixtures' modules load cleanly in VASSAL itself, which places every set-up unit at the start of a game:
// each set-up stack resolves to its region's point and snaps there, none lies off the board.
func TestNetworkMapsLoadInVASSAL(t *testing.T) {
	script := vassalChecker(t)
	for _, name := range networkFixtures {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			c, m, zip := exportDir(t, fixturePath(name), Options{})
			r := loadInVASSAL(t, script, m, zip, name)
			_, ref, _ := scenarioBoard(t, m)
			set, _ := c.Package().MapSet(ref.Scenario)
			places := len(set.Boards[0].Geo.Places)
			found := false
			for _, g := range r.Grids {
				if g.Map == ref.Map && g.Board == ref.Name {
					found = true
					if g.Grid != "ZonedGrid" || g.Locations != places {
						t.Errorf("VASSAL's grid of %s: a %s of %d locations, want a ZonedGrid of %d", ref.Name, g.Grid, g.Locations, places)
					}
				}
			}
			if !found {
				t.Errorf("VASSAL reports no grid for board %s", ref.Name)
			}
			placed := 0
			for _, sd := range ref.Scenario.Sides {
				for _, pl := range sd.Setup {
					footprint := 1
					if ut := c.Package().UnitType(pl.Unit); ut != nil {
						footprint = ut.Footprint
					}
					placed += len(pl.UnitCells(footprint))
				}
			}
			for _, g := range r.NewGames {
				if g.PiecesPerMap[ref.Map] != placed {
					t.Errorf("new game for %s: %d pieces on %s, the scenario sets up %d in places", g.Boards, g.PiecesPerMap[ref.Map], ref.Map, placed)
				}
			}
		})
	}
}

// Two places whose points fall on one pixel at the chosen resolution are one region to VASSAL: the export
// refuses the map at the place's line, and writes nothing.
func TestNetworkPlacesOnOnePixel(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "p2p")
	if err := os.CopyFS(dir, os.DirFS(fixturePath("p2p-good"))); err != nil {
		t.Fatal(err)
	}
	// At 24 dpi a pixel is 1.058 mm: 23.55 and 24.45 pixels both round to 24; the points are 1.35 mm apart,
	// more than validate's on-top distance.
	px := func(p float64) float64 { return p * 25.4 / 24 }
	file := filepath.Join(dir, "map.yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	text := strings.Replace(string(data), "at: [20, 90]", "at: ["+ftoa(px(23.55))+", "+ftoa(px(23.55))+"]", 1)
	text = strings.Replace(text, "at: [20, 20]", "at: ["+ftoa(px(24.45))+", "+ftoa(px(24.45))+"]", 1)
	text = strings.Replace(text, "radius: 6}", "}", 1) // alba: a dot, so that only the points meet
	if err := os.WriteFile(file, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	r := validate.Load(dir)
	c, err := r.Checked()
	if err != nil {
		t.Fatalf("the package does not validate: %v", r.Diags)
	}
	m, ds, err := Export(c, Options{DPI: 24})
	if err != nil {
		t.Fatal(err)
	}
	if m != nil {
		t.Fatal("a module was made")
	}
	found := false
	for _, d := range ds {
		if d.Code == "export.vassal.grid" && strings.Contains(d.Message, "same pixel") && strings.HasSuffix(d.Pos.File, "map.yaml") && d.Pos.Line > 0 {
			found = true
		}
	}
	if !found {
		t.Errorf("diagnostics: %v", ds)
	}
	// At the default resolution the same map exports.
	if m, _, err := Export(c, Options{}); err != nil || m == nil {
		t.Errorf("at the default resolution: %v", err)
	}
}

// A name two places share is followed by each one's id: every location is one place.
func TestPlaceNames(t *testing.T) {
	g := &content.Geometry{Places: []*content.Place{{ID: "a", Name: "Springfield"}, {ID: "b", Name: "Springfield"}, {ID: "c"}, {ID: "d", Name: "Shelbyville"}}}
	got := strings.Join(placeNames(g), "|")
	if want := "Springfield (a)|Springfield (b)|c|Shelbyville"; got != want {
		t.Errorf("%s, want %s", got, want)
	}
}
