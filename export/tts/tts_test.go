package tts

import (
	"bytes"
	"encoding/json"
	"fmt"
	"image/png"
	"math"
	"net/url"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/export/setup"
	"github.com/muster-wargames/muster/internal/fuzzbound"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// obj is an object of a saved object as JSON reads it, without muster's types.
type obj map[string]any

func (o obj) str(k string) string { s, _ := o[k].(string); return s }
func (o obj) num(path ...string) float64 {
	var v any = map[string]any(o)
	for _, k := range path {
		m, _ := v.(map[string]any)
		v = m[k]
	}
	f, _ := v.(float64)
	return f
}
func (o obj) children(k string) []obj {
	var out []obj
	list, _ := o[k].([]any)
	for _, e := range list {
		m, _ := e.(map[string]any)
		out = append(out, obj(m))
	}
	return out
}

// parseSaved reads a saved object: it must be JSON with the save's fields and a list of objects.
func parseSaved(t *testing.T, data []byte, name string) []obj {
	t.Helper()
	var top map[string]any
	if err := json.Unmarshal(data, &top); err != nil {
		t.Fatalf("%s is not JSON: %v", name, err)
	}
	for _, k := range []string{"SaveName", "ObjectStates", "TabStates", "Gravity"} {
		if _, ok := top[k]; !ok {
			t.Errorf("%s has no %s", name, k)
		}
	}
	return obj(top).children("ObjectStates")
}

// counted is what a saved object holds, counted from its JSON.
type counted struct {
	boards, units, bags, inBags, dice int
}

func countObjects(objs []obj) counted {
	var c counted
	for _, o := range objs {
		switch n := o.str("Name"); {
		case n == "Custom_Tile" && o["Locked"] == true:
			c.boards++
		case n == "Custom_Tile":
			c.units++
		case n == "Bag":
			c.bags++
			c.inBags += len(o.children("ContainedObjects"))
		case strings.HasPrefix(n, "Die_"):
			c.dice++
		}
	}
	return c
}

// The set of every example parses as JSON and holds what the package says, counted without the exporter:
// a tile per 4,096 pixels of each map, the counter mix in a bag per faction (and markers), every unit the
// scenarios field (on the map or waiting in a bag), the System's dice.
func TestExamplesObjectCounts(t *testing.T) {
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleSet(t, name)
			pkg := e.checked.Package()
			// The package's set: its maps, the counter mix, the dice.
			wantTiles := 0
			for _, m := range pkg.Maps() {
				d, err := maps.ForMap(pkg, m)
				if err != nil {
					t.Fatal(err)
				}
				wantTiles += tilesOf(t, d)
			}
			cs, err := counters.FromPackage(pkg, counters.Options{AllTypes: true})
			if err != nil {
				t.Fatal(err)
			}
			copies := map[string]int{}
			bags := map[string]bool{}
			for _, c := range cs {
				copies[c.Kind+"/"+c.ID] += c.Count
				bags[bagOf(pkg, c)] = true
			}
			wantCounters := 0
			for _, n := range copies {
				wantCounters += max(n, 1)
			}
			wantDice := 0
			perSides := map[int]int{}
			for _, d := range pkg.System.Dice {
				perSides[d.Sides] = max(perSides[d.Sides], d.Count)
			}
			for _, n := range perSides {
				wantDice += n
			}
			set := e.set.file(content.Stem(pkg.ID, content.ExportStem) + ".json")
			if set == nil {
				t.Fatalf("no %s.json", pkg.ID)
			}
			got := countObjects(parseSaved(t, set, "the set"))
			want := counted{boards: wantTiles, bags: len(bags), inBags: wantCounters, dice: wantDice}
			if got != want {
				t.Errorf("the set holds %+v, want %+v", got, want)
			}
			// Each scenario: its map set, every unit its sides field, the dice.
			if len(e.set.Objects) != 1+len(pkg.Scenarios()) {
				t.Errorf("%d saved objects for %d scenarios", len(e.set.Objects), len(pkg.Scenarios()))
			}
			for _, so := range e.set.Objects[1:] {
				sc := so.Scenario
				got := countObjects(parseSaved(t, e.set.file(so.File), so.File))
				fielded := 0
				for _, sd := range sc.Sides {
					fieldedMarkers := map[string]int{}
					for _, id := range sd.ForceIDs() {
						f := pkg.Force(id)
						for _, fe := range append(append([]content.ForceEntry(nil), f.Units...), f.Markers...) {
							fielded += max(fe.Count, 1)
							if fe.Marker != "" {
								fieldedMarkers[fe.Marker] += max(fe.Count, 1)
							}
						}
					}
					// Reinforcements are units besides the forces, and so are units available later.
					for _, r := range sc.Reinforcements {
						if r.Side == sd.ID {
							for _, fe := range r.Units {
								fielded += max(fe.Count, 1)
							}
						}
					}
					for _, a := range sd.Available {
						for _, fe := range a.Units {
							fielded += max(fe.Count, 1)
						}
					}
					// A marker set on a unit at set-up comes out of the side's markers, else from the mix.
					for _, pl := range sd.Setup {
						for _, m := range pl.Markers {
							for range pl.UnitCells(1) {
								if fieldedMarkers[m] > 0 {
									fieldedMarkers[m]--
								} else {
									fielded++
								}
							}
						}
					}
				}
				d, err := maps.ForScenario(pkg, sc)
				if err != nil {
					t.Fatal(err)
				}
				if got.boards != tilesOf(t, d) || got.units+got.inBags != fielded || got.dice != wantDice {
					t.Errorf("%s holds %+v: want %d map tiles, %d units on the map or in bags, %d dice", so.File, got, tilesOf(t, d), fielded, wantDice)
				}
				if got.units != so.Units || got.bags != so.Bags {
					t.Errorf("%s: the summary says %+v, the JSON holds %+v", so.File, so, got)
				}
			}
			t.Logf("%d files, %d objects; %+v", len(e.set.Files), len(e.set.Objects), e.set.Stats)
		})
	}
}

// tilesOf is how many images a map takes at the resolution fit gives it.
func tilesOf(t *testing.T, d *maps.Drawing) int {
	f := d.MapFrame()
	dpi, ok := digital.TTSMapDPI(f.W/surface.Inch, f.H/surface.Inch, 0)
	if !ok {
		t.Fatalf("%s does not fit", d.Title)
	}
	w, h := d.FramePixels(dpi)
	return (w + digital.TTSMaxImageSide - 1) / digital.TTSMaxImageSide * ((h + digital.TTSMaxImageSide - 1) / digital.TTSMaxImageSide)
}

// bagOf is the bag a counter goes in: its faction's, markers', or units without a faction.
func bagOf(pkg *content.Package, c counters.Counter) string {
	if c.Kind == counters.KindMarker {
		return "markers"
	}
	faction := c.Faction
	if faction == "" {
		faction = pkg.UnitType(c.Of).Faction
	}
	return "faction " + faction
}

// Every image a saved object names is a file of the set, a PNG in RGB without alpha; every image of the set
// is named by some object; no image is over Tabletop Simulator's limit.
func TestEveryImageExistsAndIsRGB(t *testing.T) {
	for _, name := range exampleNames {
		e := exampleSet(t, name)
		named := map[string]bool{}
		var walk func(objs []obj)
		walk = func(objs []obj) {
			for _, o := range objs {
				ci, _ := o["CustomImage"].(map[string]any)
				for _, k := range []string{"ImageURL", "ImageSecondaryURL"} {
					u, _ := ci[k].(string)
					if ci != nil && !strings.HasPrefix(u, testBase) {
						t.Errorf("%s: %s %q is not under %s", name, k, u, testBase)
					}
					if u != "" {
						named["images/"+strings.TrimPrefix(u, testBase)] = true
					}
				}
				// A deck's or card's sheets (CustomDeck): faces and back.
				cd, _ := o["CustomDeck"].(map[string]any)
				for _, sheet := range cd {
					m, _ := sheet.(map[string]any)
					for _, k := range []string{"FaceURL", "BackURL"} {
						u, _ := m[k].(string)
						if !strings.HasPrefix(u, testBase) {
							t.Errorf("%s: %s %q is not under %s", name, k, u, testBase)
						}
						named["images/"+strings.TrimPrefix(u, testBase)] = true
					}
				}
				walk(o.children("ContainedObjects"))
			}
		}
		for _, so := range e.set.Objects {
			walk(parseSaved(t, e.set.file(so.File), so.File))
		}
		for f := range named {
			data := e.set.file(f)
			if data == nil {
				t.Errorf("%s: %s is named but not in the set", name, f)
				continue
			}
			checkRGB(t, name+": "+f, data)
		}
		for _, f := range e.set.Files {
			if strings.HasSuffix(f.Path, ".png") {
				if strings.HasPrefix(f.Path, "images/") && !named[f.Path] {
					t.Errorf("%s: %s is named by no object", name, f.Path)
				}
				checkRGB(t, name+": "+f.Path, f.Data)
			}
		}
	}
}

func checkRGB(t *testing.T, what string, data []byte) {
	t.Helper()
	cfg, err := png.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return
	}
	if len(data) < 26 || data[24] != 8 || data[25] != 2 {
		t.Errorf("%s: not 8-bit RGB (colour type %d)", what, data[25])
	}
	if cfg.Width > digital.TTSMaxImageSide || cfg.Height > digital.TTSMaxImageSide {
		t.Errorf("%s: %dx%d is over %d", what, cfg.Width, cfg.Height, digital.TTSMaxImageSide)
	}
	if _, err := png.Decode(bytes.NewReader(data)); err != nil {
		t.Errorf("%s: %v", what, err)
	}
}

// worldBoard is a scenario's map as the saved object lays it on the table, read from the JSON and the
// images alone: the rectangle its tiles cover, in inches.
type worldBoard struct {
	left, top, right, bottom float64
}

// readBoard finds the locked tiles of a saved object and the rectangle they cover. A tile is as large as
// Tabletop Simulator makes a stretched custom tile: square, two units a side at scale 1, whatever the image's
// shape, then scaled along X and Z apart. Each tile's image is read: the tile's width to height is the
// image's, so that the map is not squashed.
func readBoard(t *testing.T, set *Set, objs []obj) worldBoard {
	t.Helper()
	b := worldBoard{left: math.Inf(1), top: math.Inf(-1), right: math.Inf(-1), bottom: math.Inf(1)}
	var tiles [][4]float64
	area := 0.0
	for _, o := range objs {
		if o.str("Name") != "Custom_Tile" || o["Locked"] != true {
			continue
		}
		if o.num("Transform", "rotY") != 180 {
			t.Fatalf("board tile %s is turned: %v", o.str("Nickname"), o["Transform"])
		}
		ci := o["CustomImage"].(map[string]any)
		if ct, _ := ci["CustomTile"].(map[string]any); ct == nil || ct["Stretch"] != true {
			t.Fatalf("board tile %s is not a stretched (square) custom tile: %v", o.str("Nickname"), ci)
		}
		url := ci["ImageURL"].(string)
		cfg, err := png.DecodeConfig(bytes.NewReader(set.file("images/" + strings.TrimPrefix(url, testBase))))
		if err != nil {
			t.Fatal(err)
		}
		w, h := o.num("Transform", "scaleX")*2, o.num("Transform", "scaleZ")*2
		if got, want := w/h, float64(cfg.Width)/float64(cfg.Height); math.Abs(got-want) > 1e-3*want {
			t.Fatalf("board tile %s is %.4g x %.4g units for a %d x %d image: squashed", o.str("Nickname"), w, h, cfg.Width, cfg.Height)
		}
		x, z := o.num("Transform", "posX"), o.num("Transform", "posZ")
		r := [4]float64{x - w/2, z + h/2, x + w/2, z - h/2}
		tiles = append(tiles, r)
		area += w * h
		b.left, b.top = math.Min(b.left, r[0]), math.Max(b.top, r[1])
		b.right, b.bottom = math.Max(b.right, r[2]), math.Min(b.bottom, r[3])
	}
	if len(tiles) == 0 {
		t.Fatal("no board tiles")
	}
	// The tiles join edge to edge: together they cover their bounding rectangle exactly once.
	if whole := (b.right - b.left) * (b.top - b.bottom); math.Abs(whole-area) > 1e-3*whole {
		t.Errorf("%d tiles cover %.3f sq in of a %.3f sq in rectangle: they overlap or leave gaps", len(tiles), area, whole)
	}
	return b
}

// A scenario's units stand on their cells: each set-up unit of the content (Placement.UnitCells) is a tile
// of its name whose centre, read back through the board's tiles and images, is the centre the map's grid
// gives its cell (the middle of its two cells for a two-cell unit), within a hundredth of an inch.
func TestSetUpUnitsStandOnTheirCells(t *testing.T) {
	checked := 0
	for _, name := range exampleNames {
		e := exampleSet(t, name)
		pkg := e.checked.Package()
		cs, _ := counters.FromPackage(pkg, counters.Options{AllTypes: true, SkipImages: true})
		for _, so := range e.set.Objects[1:] {
			sc := so.Scenario
			d, err := maps.ForScenario(pkg, sc)
			if err != nil {
				t.Fatal(err)
			}
			objs := parseSaved(t, e.set.file(so.File), so.File)
			b := readBoard(t, e.set, objs)
			gx, gy := d.GridOrigin()
			set := d.Set
			centre := func(c grid.Cell) (float64, float64) {
				var p, o grid.Point
				switch {
				case set.Network():
					// An area or point-to-point map: the place's point, from the map's top-left corner.
					a, _ := set.Boards[0].Geo.Anchor(c.Col)
					return b.left + (gx+a.X*surface.Inch*d.Scale)/surface.Inch, b.top - (gy+a.Y*surface.Inch*d.Scale)/surface.Inch
				case set.Type == content.GridHex:
					p, o = set.Hex.Centre(c), set.Hex.Centre(grid.Cell{})
				default:
					p, o = set.Square.Centre(c), set.Square.Centre(grid.Cell{})
				}
				return b.left + (gx+p.X-o.X)/surface.Inch, b.top - (gy+p.Y-o.Y)/surface.Inch
			}
			var units []obj
			for _, o := range objs {
				if o.str("Name") == "Custom_Tile" && o["Locked"] != true {
					units = append(units, o)
				}
			}
			used := make([]bool, len(units))
			want := 0
			for _, sd := range sc.Sides {
				for _, pl := range sd.Setup {
					var nameOf string
					footprint := 1
					for _, c := range cs {
						if c.Of == pl.Unit {
							nameOf, footprint = c.Name, c.Footprint
							break
						}
					}
					var expect [][2]float64
					if set.Type == content.GridOpen {
						for _, p := range pl.UnitPoints() {
							expect = append(expect, [2]float64{b.left + gx/surface.Inch + p.X, b.top - gy/surface.Inch - p.Y})
						}
					}
					for _, labels := range pl.UnitCells(footprint) {
						if set.Network() {
							labels = labels[:1] // a two-place unit stands in its first place
						}
						var x, z float64
						for _, l := range labels {
							r, err := set.Lookup(l)
							if err != nil {
								t.Fatal(err)
							}
							cx, cz := centre(r.Cell)
							x, z = x+cx/float64(len(labels)), z+cz/float64(len(labels))
						}
						expect = append(expect, [2]float64{x, z})
					}
					// The unit, face down when it sets up on its back, then each marker set on it, higher up.
					markerNames := make([]string, len(pl.Markers))
					for i, id := range pl.Markers {
						for _, c := range cs {
							if c.Of == id {
								markerNames[i] = c.Name
								break
							}
						}
					}
					for _, p := range expect {
						y := -1.0
						for k, nm := range append([]string{nameOf}, markerNames...) {
							want++
							found := false
							for i, u := range units {
								if !used[i] && u.str("Nickname") == nm && math.Abs(u.num("Transform", "posX")-p[0]) < 0.01 && math.Abs(u.num("Transform", "posZ")-p[1]) < 0.01 {
									used[i], found = true, true
									// A block hidden from the opponent lies face down too, its blank side up.
									ut := pkg.UnitType(pl.Unit)
									hidden := ut.IsBlock() && ut.IsHidden(pkg.System)
									if rz, flip := u.num("Transform", "rotZ"), k == 0 && (pl.Flipped || hidden); (rz == 180) != flip {
										t.Errorf("%s: %s at %.3f,%.3f has rotZ %g; set up on its back: %v", so.File, nm, p[0], p[1], rz, flip)
									}
									if hidden && (u["HideWhenFaceDown"] != true || !strings.Contains(u.str("Description"), "flip it")) {
										t.Errorf("%s: hidden block %s shows its name face down, or does not say how to read it", so.File, nm)
									}
									// A block set up below full strength is turned a quarter counterclockwise a step.
									if k == 0 && pl.Strength != nil && ut.IsBlock() {
										b, _ := rules.BlockOf(pkg.System, ut)
										step, _ := b.StepOf(*pl.Strength)
										want := math.Mod(180-counters.EdgeRotation(pkg.System.Blocks.TurnOf(), step)+720, 360)
										if ry := u.num("Transform", "rotY"); ry != want {
											t.Errorf("%s: %s at strength %s turned %g°, want %g°", so.File, nm, pl.Strength, ry, want)
										}
									}
									if py := u.num("Transform", "posY"); py <= y {
										t.Errorf("%s: %s at %.3f,%.3f lies under the unit it marks", so.File, nm, p[0], p[1])
									} else {
										y = py
									}
									break
								}
							}
							if !found {
								t.Errorf("%s: no %s at %.3f,%.3f (its set-up in %s)", so.File, nm, p[0], p[1], strings.Join(pl.Cells, " "))
							}
						}
					}
				}
			}
			if want != len(units) || want != so.Units {
				t.Errorf("%s: %d units set up by the content, %d on the map", so.File, want, len(units))
			}
			checked += want
		}
	}
	if checked < 100 {
		t.Fatalf("only %d set-up units checked: the test looks at too little", checked)
	}
}

// A two-cell unit lies across its pair of cells whichever way they join: centred between them, its long
// side along the line through their centres, never upside down.
func TestTwoCellUnitLiesAcrossItsCells(t *testing.T) {
	e := exampleSet(t, "rampant")
	pkg := e.checked.Package()
	x := newExporter(pkg, Options{ImageBaseURL: testBase})
	if err := x.planBoards(); err != nil {
		t.Fatal(err)
	}
	if err := x.planDesigns(); err != nil {
		t.Fatal(err)
	}
	b := x.boards[0]
	d := x.designFor("greek-hi", nil)
	if d == nil || d.counter.Footprint != 2 || d.wpx < 2*d.hpx-1 {
		t.Fatalf("no double-width counter for greek-hi: %+v", d)
	}
	cells := func(a, c string) []grid.Cell {
		ra, _ := b.set.Lookup(a)
		rc, _ := b.set.Lookup(c)
		return []grid.Cell{ra.Cell, rc.Cell}
	}
	for _, tc := range []struct {
		a, c string
		rotY float64 // 180 is the counter upright, its long side east-west
	}{
		{"1005", "1006", 270},      // one above the other: turned a quarter
		{"1006", "1005", 270},      // the same pair named the other way round
		{"1005", "1105", 180 - 30}, // a flat-top hex and its neighbour to the north-east (column 11 is higher here)
		{"1105", "1005", 180 - 30}, // the same pair the other way round: still upright
		{"1005", "1106", 180 + 30}, // south-east
		{"1106", "1005", 180 + 30},
	} {
		st := newSave()
		n := x.standUnits(st, newGUIDs("t"), b, &setup.Plan{Placed: []setup.Placed{{Key: d.key, Cells: cells(tc.a, tc.c)}}})
		if n != 1 {
			t.Fatal(n)
		}
		tr := st.ObjectStates[0].Transform
		ax, ay := b.cellPixel(cells(tc.a, tc.c)[0])
		cx, cy := b.cellPixel(cells(tc.a, tc.c)[1])
		wx, wz := b.world(0, 0, (ax+cx)/2, (ay+cy)/2)
		if math.Abs(tr.PosX-wx) > 1e-9 || math.Abs(tr.PosZ-wz) > 1e-9 || math.Abs(tr.RotY-tc.rotY) > 0.01 {
			t.Errorf("%s-%s: at %.3f,%.3f turned %.2f; want %.3f,%.3f turned %.2f", tc.a, tc.c, tr.PosX, tr.PosZ, tr.RotY, wx, wz, tc.rotY)
		}
	}
}

// Two exports of the same package give the same files, byte for byte.
func TestExportIsDeterministic(t *testing.T) {
	for _, name := range []string{"highest-ground", "rampant"} {
		e := exampleSet(t, name)
		s, _, err := Export(e.checked, Options{ImageBaseURL: testBase})
		if err != nil || s == nil {
			t.Fatal(err)
		}
		if len(s.Files) != len(e.set.Files) {
			t.Fatalf("%s: %d files, then %d", name, len(e.set.Files), len(s.Files))
		}
		for i, f := range s.Files {
			if g := e.set.Files[i]; f.Path != g.Path || !bytes.Equal(f.Data, g.Data) {
				t.Errorf("%s: %s differs between two exports", name, f.Path)
			}
		}
	}
}

// A map too large at the resolution asked for is an error at the map, and no set.
func TestMapTooLargeAtTheDPIAskedFor(t *testing.T) {
	e := exampleSet(t, "fields-of-honor")
	s, ds, err := Export(e.checked, Options{ImageBaseURL: testBase, DPI: 150})
	if err != nil || s != nil {
		t.Fatalf("set %v, err %v", s != nil, err)
	}
	if len(ds) == 0 || ds[0].Code != "export.tts.map-size" || !strings.Contains(ds[0].Pos.File, "fields-of-honor") || !strings.Contains(ds[0].Hint, "--dpi") {
		t.Fatalf("got %v", ds)
	}
}

func TestImageBaseURL(t *testing.T) {
	for in, want := range map[string]string{
		"file:///home/me/set/images":      "file:///home/me/set/images/",
		"file:///C:/Users/Me/set/images/": "file:///C:/Users/Me/set/images/",
		"file:///home/me/my set/ünï/":     "file:///home/me/my%20set/%C3%BCn%C3%AF/",
		"https://example.org/thg/images":  "https://example.org/thg/images/",
		"http://localhost:8000/x/":        "http://localhost:8000/x/",
	} {
		if got, err := CheckImageBaseURL(in); err != nil || got != want {
			t.Errorf("%q: %q, %v", in, got, err)
		}
	}
	for _, bad := range []string{"", "  ", "images/", "/home/me/images", "file://host/x/", "ftp://example.org/x/",
		"https:///x", `file:///C:\Users\x`, "https://example.org/x/?v=1", "https://example.org/\"x",
		"https://ex.org/#", "https://ex.org/?", "https://ex.org/x#top", "file:///home/me/q?r/", "https://me:pw@ex.org/x/"} {
		if got, err := CheckImageBaseURL(bad); err == nil {
			t.Errorf("%q is taken as %q", bad, got)
		}
	}
	if _, err := CheckImageBaseURL("https://ex.org/#"); err == nil || !strings.Contains(err.Error(), "fragment (#)") {
		t.Errorf("an empty fragment: %v", err)
	}
}

// A folder's file:/// address is built by net/url: a folder named p%20q is that folder (not "p q"), and x#y
// or q?r are paths, not a fragment or a query (issue 26, item 7); CheckImageBaseURL takes each as it is, and
// url.Parse reads each back to the folder.
func TestFileURL(t *testing.T) {
	for _, name := range []string{"p%20q", "x#y", "q?r", "a b", "ünï", "plain"} {
		dir := filepath.Join(t.TempDir(), name, "images")
		got, err := FileURL(dir)
		if err != nil {
			t.Fatal(err)
		}
		if checked, err := CheckImageBaseURL(got); err != nil || checked != got {
			t.Errorf("%s: %q checked as %q, %v", name, got, checked, err)
		}
		u, err := url.Parse(got + "counter.png")
		if err != nil || u.Path != filepath.ToSlash(dir)+"/counter.png" || u.Fragment != "" || u.RawQuery != "" {
			t.Errorf("%s: %q reads back as path %q (fragment %q, query %q), %v", name, got, u.Path, u.Fragment, u.RawQuery, err)
		}
	}
	if got, _ := FileURL("/tmp/snap/art/tts/images"); got != "file:///tmp/snap/art/tts/images/" {
		t.Errorf("a plain folder: %q", got)
	}
}

// Image names never clash: a counter's back and a unit named like it, a map's tile and a map named like it.
func TestImageNamesAreUnique(t *testing.T) {
	x := newExporter(nil, Options{})
	got := []string{x.imageName("counter-unit-a-back"), x.imageName("counter-unit-a"), x.imageName("counter-unit-a-back"),
		x.imageName("map-x-r1c1"), x.imageName("map-x-r1c1")}
	seen := map[string]bool{}
	for _, n := range got {
		if seen[n] || !strings.HasSuffix(n, ".png") {
			t.Errorf("%q given out twice (or not a PNG name): %q", n, got)
		}
		seen[n] = true
	}
}

// FuzzImageBaseURL checks anything as an --image-base-url, and makes the file:/// address of any folder:
// nothing panics; an address taken ends in a slash, has no query or fragment, is one CheckImageBaseURL takes
// again as it is, and an image's address after it reads back (net/url) to the image's name under its path; a
// folder's address is taken and reads back to the folder.
func FuzzImageBaseURL(f *testing.F) {
	for _, s := range []string{"https://example.org/thg/images", "file:///home/me/set/images/", "https://ex.org/#", "https://ex.org/?",
		"file:///tmp/p%20q/", "http://localhost:8000/x", "https://ex.org/a%2Fb/", "file:///C:/Users/x/", "https://me@ex.org/", "ftp://x/", "", " "} {
		f.Add(s, "counter-unit-a.png")
	}
	f.Fuzz(func(t *testing.T, s, name string) {
		if len(s)+len(name) > 4096 || name == "" {
			return
		}
		fuzzbound.Run(t, func() error {
			x := &exporter{}
			if base, err := CheckImageBaseURL(s); err == nil {
				if !strings.HasSuffix(base, "/") || strings.ContainsAny(base, "?#") {
					return fmt.Errorf("%q taken as %q", s, base)
				}
				if again, err := CheckImageBaseURL(base); err != nil || again != base {
					return fmt.Errorf("%q taken as %q, which is taken as %q, %v", s, base, again, err)
				}
				b, _ := url.Parse(base)
				x.opt.ImageBaseURL = base
				u, err := url.Parse(x.imageURL(name))
				if err != nil || u.Path != b.Path+name || u.Fragment != "" || u.RawQuery != "" {
					return fmt.Errorf("image %q under %q: %q, %v", name, base, x.imageURL(name), err)
				}
			}
			if strings.ContainsRune(s, 0) {
				return nil
			}
			dir := filepath.Join("/", s)
			base, err := FileURL(dir)
			if err != nil {
				return nil
			}
			if checked, err := CheckImageBaseURL(base); err != nil || checked != base {
				return fmt.Errorf("folder %q: %q checked as %q, %v", dir, base, checked, err)
			}
			if u, err := url.Parse(base); err != nil || strings.TrimSuffix(u.Path, "/") != strings.TrimSuffix(filepath.ToSlash(dir), "/") {
				return fmt.Errorf("folder %q: %q reads back as %v, %v", dir, base, u, err)
			}
			return nil
		})
	})
}

// Every custom tile, map or counter, is a stretched tile (square at scale 1, Tabletop Simulator's knowledge
// base: Stretch "stretches the source image to make a symmetrical tile") scaled along X and Z as its image is
// wide and high: no image is squashed. The examples' maps are not square, so the test meets non-square tiles.
func TestCustomTilesKeepTheirImagesAspect(t *testing.T) {
	for _, name := range exampleNames {
		e := exampleSet(t, name)
		tiles, oblong := 0, 0
		var walk func(objs []obj)
		walk = func(objs []obj) {
			for _, o := range objs {
				walk(o.children("ContainedObjects"))
				if o.str("Name") != "Custom_Tile" {
					continue
				}
				ci, _ := o["CustomImage"].(map[string]any)
				ct, _ := ci["CustomTile"].(map[string]any)
				if ct == nil || ct["Stretch"] != true {
					t.Errorf("%s: tile %s is not stretched: %v", name, o.str("Nickname"), ci)
					continue
				}
				u, _ := ci["ImageURL"].(string)
				cfg, err := png.DecodeConfig(bytes.NewReader(e.set.file("images/" + strings.TrimPrefix(u, testBase))))
				if err != nil {
					t.Fatalf("%s: %s: %v", name, u, err)
				}
				tiles++
				if cfg.Width != cfg.Height {
					oblong++
				}
				got, want := o.num("Transform", "scaleX")/o.num("Transform", "scaleZ"), float64(cfg.Width)/float64(cfg.Height)
				if math.Abs(got-want) > 2e-3*want {
					t.Errorf("%s: tile %s scaled %.4f wide to high for a %d x %d image", name, o.str("Nickname"), got, cfg.Width, cfg.Height)
				}
			}
		}
		for _, so := range e.set.Objects {
			walk(parseSaved(t, e.set.file(so.File), so.File))
		}
		if tiles == 0 || oblong == 0 {
			t.Errorf("%s: %d tiles, %d of them not square", name, tiles, oblong)
		}
	}
}
