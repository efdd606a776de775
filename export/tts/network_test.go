package tts

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// needNetworkDrawing skips a test while print/maps cannot yet draw the package's area or point-to-point maps
// (it draws them from the areas-print work on): their images would be empty. Once it draws them, the test
// runs.
func needNetworkDrawing(t *testing.T, c *validate.Checked) {
	t.Helper()
	for _, m := range c.Package().Maps() {
		if !content.IsNetwork(m.Grid.Type) {
			continue
		}
		d, err := maps.ForMap(c.Package(), m)
		if err != nil {
			t.Fatal(err)
		}
		if f := d.MapFrame(); f.W == 0 || f.H == 0 {
			t.Skipf("skipped: print/maps does not draw %s maps yet (map %s has an empty frame)", m.Grid.Type, m.ID)
		}
	}
}

// The area and point-to-point fixtures of validate: every place of the map has a snap point on the map's
// tile, read back from the JSON and the images alone (a point local to its tile: turned with it, divided by
// its scale), within a hundredth of an inch of the place's point; every set-up unit stands on its place's
// snap point. At 500 dpi the point-to-point map is two tiles, each with the snap points of its own places.
func TestNetworkSnapPoints(t *testing.T) {
	for _, tc := range []struct {
		name  string
		dpi   float64
		tiles int
	}{{"area-good", 0, 1}, {"p2p-good", 0, 1}, {"p2p-good", 500, 2}} {
		t.Run(fmt.Sprintf("%s-%gdpi", tc.name, tc.dpi), func(t *testing.T) {
			c, err := validate.Load(filepath.Join("..", "..", "validate", "testdata", "maps", tc.name)).Checked()
			if err != nil {
				t.Fatal(err)
			}
			needNetworkDrawing(t, c)
			s, ds, err := Export(c, Options{ImageBaseURL: testBase, DPI: tc.dpi})
			if err != nil || s == nil {
				t.Fatalf("%v %v", err, ds)
			}
			pkg := c.Package()
			for _, so := range s.Objects {
				var d *maps.Drawing
				if so.Scenario != nil {
					d, err = maps.ForScenario(pkg, so.Scenario)
				} else {
					d, err = maps.ForMap(pkg, pkg.Maps()[0])
				}
				if err != nil {
					t.Fatal(err)
				}
				objs := parseSaved(t, s.file(so.File), so.File)
				b := readBoard(t, s, objs)
				gx, gy := d.GridOrigin()
				// The snap points on the table.
				var snaps [][2]float64
				tiles := 0
				for _, o := range objs {
					if o.str("Name") != "Custom_Tile" || o["Locked"] != true {
						continue
					}
					tiles++
					x, z := o.num("Transform", "posX"), o.num("Transform", "posZ")
					sx, sz := o.num("Transform", "scaleX"), o.num("Transform", "scaleZ")
					for _, sp := range o.children("AttachedSnapPoints") {
						snaps = append(snaps, [2]float64{x - sp.num("Position", "x")*sx, z - sp.num("Position", "z")*sz})
						if y := sp.num("Position", "y"); y != boardThickness {
							t.Errorf("%s: a snap point %g above the tile's centre", so.File, y)
						}
					}
				}
				if tiles != tc.tiles {
					t.Errorf("%s: %d tiles, want %d", so.File, tiles, tc.tiles)
				}
				geo := d.Set.Boards[0].Geo
				if len(snaps) != len(geo.Places) {
					t.Fatalf("%s: %d snap points for %d places", so.File, len(snaps), len(geo.Places))
				}
				placeAt := map[string][2]float64{}
				for i, p := range geo.Places {
					a, _ := geo.Anchor(i)
					want := [2]float64{b.left + (gx+a.X*surface.Inch*d.Scale)/surface.Inch, b.top - (gy+a.Y*surface.Inch*d.Scale)/surface.Inch}
					placeAt[p.ID] = want
					found := false
					for _, sp := range snaps {
						if math.Abs(sp[0]-want[0]) < 0.01 && math.Abs(sp[1]-want[1]) < 0.01 {
							found = true
						}
					}
					if !found {
						t.Errorf("%s: no snap point at %s (%.3f, %.3f)", so.File, p.ID, want[0], want[1])
					}
				}
				if so.Scenario == nil {
					continue
				}
				// Each set-up unit on its place.
				var units []obj
				for _, o := range objs {
					if o.str("Name") == "Custom_Tile" && o["Locked"] != true {
						units = append(units, o)
					}
				}
				used := make([]bool, len(units))
				checked := 0
				for _, sd := range so.Scenario.Sides {
					for _, pl := range sd.Setup {
						for _, id := range pl.Cells {
							want, found := placeAt[id], false
							for i, u := range units {
								if !used[i] && math.Abs(u.num("Transform", "posX")-want[0]) < 0.01 && math.Abs(u.num("Transform", "posZ")-want[1]) < 0.01 &&
									strings.Contains(u.str("Description"), "Set up in "+id) {
									used[i], found = true, true
									checked++
									break
								}
							}
							if !found {
								t.Errorf("%s: no %s in %s (%.3f, %.3f)", so.File, pl.Unit, id, want[0], want[1])
							}
						}
					}
				}
				if checked != len(units) || checked != so.Units || checked == 0 {
					t.Errorf("%s: %d set-up units found on their places, %d units on the map", so.File, checked, len(units))
				}
			}
		})
	}
}
