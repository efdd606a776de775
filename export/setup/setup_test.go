package setup

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/validate"
)

func load(t *testing.T, name string) *content.Package {
	t.Helper()
	c, err := validate.Load(filepath.Join("..", "..", "examples", name)).Checked()
	if err != nil {
		t.Fatal(err)
	}
	return c.Package()
}

// every design is known by its id, with footprint 1.
func every(id string, _ []string) (string, int, bool) { return id, 1, true }

// Every unit a scenario's sides field is placed once: standing on the map, or waiting in one holding; the
// Border Raid sets three up and sends the rest in by its edges.
func TestEveryUnitOnce(t *testing.T) {
	for _, name := range []string{"highest-ground", "highest-ground-barbarians", "rampant", "prestags", "ancients", "fields-of-honor"} {
		pkg := load(t, name)
		for _, sc := range pkg.Scenarios() {
			set, _ := pkg.MapSet(sc)
			p, ds := Scenario(pkg, sc, set, every, "test.setup")
			if len(ds) > 0 {
				t.Fatalf("%s: %v", sc.ID, ds)
			}
			fielded, placed := 0, len(p.Placed)
			for _, sd := range sc.Sides {
				for _, id := range sd.ForceIDs() {
					f := pkg.Force(id)
					for _, e := range append(append([]content.ForceEntry(nil), f.Units...), f.Markers...) {
						fielded += max(e.Count, 1)
					}
				}
			}
			for _, h := range p.Holdings {
				for _, u := range h.Units {
					placed += u.N
				}
			}
			if placed != fielded {
				t.Errorf("%s/%s: %d units placed or waiting, the forces field %d", name, sc.ID, placed, fielded)
			}
			for _, u := range p.Placed {
				if (u.Point == nil) == (len(u.Cells) == 0) || len(u.Cells) != len(u.Labels) {
					t.Errorf("%s/%s: %+v is neither on cells nor at a point", name, sc.ID, u)
				}
			}
		}
	}
	pkg := load(t, "highest-ground-barbarians")
	sc := pkg.Scenarios()[len(pkg.Scenarios())-1]
	set, _ := pkg.MapSet(sc)
	p, _ := Scenario(pkg, sc, set, every, "test.setup")
	var labels []string
	for _, h := range p.Holdings {
		labels = append(labels, h.Label)
	}
	if len(p.Placed) != 3 || !strings.Contains(strings.Join(labels, "|"), "Enter by the V.east edge") {
		t.Errorf("%s: %d placed, holdings %q", sc.ID, len(p.Placed), labels)
	}
}

// A set-up cell that is not on the map, and a unit with no counter, are errors at the placement.
func TestProblemsAtThePlacement(t *testing.T) {
	pkg := load(t, "rampant")
	sc := pkg.Scenarios()[0]
	set, _ := pkg.MapSet(sc)
	sd := &sc.Sides[0]
	saved := sd.Setup[0].Cells[0]
	sd.Setup[0].Cells[0] = "9999"
	_, ds := Scenario(pkg, sc, set, every, "test.setup")
	sd.Setup[0].Cells[0] = saved
	if len(ds) != 1 || ds[0].Code != "test.setup" || !strings.Contains(ds[0].Message, "9999") || ds[0].Pos.Line == 0 {
		t.Fatalf("got %v", ds)
	}
	missing := func(id string, f []string) (string, int, bool) {
		if id == sd.Setup[1].Unit {
			return "", 0, false
		}
		return every(id, f)
	}
	_, ds = Scenario(pkg, sc, set, missing, "test.setup")
	if len(ds) != 1 || !strings.Contains(ds[0].Message, "has no counter") || ds[0].Pos.Line == 0 {
		t.Fatalf("got %v", ds)
	}
}

// On area and point-to-point maps a unit stands at its place's point: the point the map gives it, or its
// outline's centre.
func TestPlacePoints(t *testing.T) {
	for _, tc := range []struct {
		pkg   string
		at    map[string][2]float64 // place -> its point, inches
		count int
	}{
		{"area-good", nil, 2},
		{"p2p-good", map[string][2]float64{"alba": {20 / 25.4, 20 / 25.4}, "brest": {80 / 25.4, 20 / 25.4}}, 2},
	} {
		c, err := validate.Load(filepath.Join("..", "..", "validate", "testdata", "maps", tc.pkg)).Checked()
		if err != nil {
			t.Fatal(err)
		}
		pkg := c.Package()
		sc := pkg.Scenarios()[0]
		set, _ := pkg.MapSet(sc)
		p, ds := Scenario(pkg, sc, set, every, "test.setup")
		if len(ds) > 0 {
			t.Fatalf("%s: %v", tc.pkg, ds)
		}
		if len(p.Placed) != tc.count {
			t.Fatalf("%s: %d placed, want %d", tc.pkg, len(p.Placed), tc.count)
		}
		g := set.Boards[0].Geo
		for _, u := range p.Placed {
			if u.Point != nil || len(u.Cells) != 1 || u.PlacePoint == nil {
				t.Fatalf("%s: %+v", tc.pkg, u)
			}
			want, _ := g.Anchor(u.Cells[0].Col)
			if w, ok := tc.at[u.Labels[0]]; ok {
				want.X, want.Y = w[0], w[1]
			}
			if d := u.PlacePoint.Dist(want); d > 1e-9 {
				t.Errorf("%s: %s stands at %v, want %v", tc.pkg, u.Labels[0], *u.PlacePoint, want)
			}
			if pg := g.Outline(u.Cells[0].Col); pg != nil && !pg.Contains(*u.PlacePoint) {
				t.Errorf("%s: %s stands outside its area", tc.pkg, u.Labels[0])
			}
		}
	}
}

// The Autumn Offensive: the Northern Army's infantry corps lost in the summer waits in a box of its own marked
// Eliminated (the exporters put it in the dead pile), out of the side's pool, so no unit is left "not placed";
// the Southern Front's third guards corps, available from turn 6, waits in that turn's box.
func TestEliminatedAndAvailable(t *testing.T) {
	pkg := load(t, "testdata/river-line")
	sc := pkg.Scenario("autumn-offensive")
	if sc == nil {
		t.Fatal("no scenario autumn-offensive")
	}
	set, _ := pkg.MapSet(sc)
	p, ds := Scenario(pkg, sc, set, every, "test.setup")
	if len(ds) > 0 {
		t.Fatal(ds)
	}
	got := map[string]string{}
	for _, h := range p.Holdings {
		var us []string
		for _, u := range h.Units {
			us = append(us, u.Key+"x"+strconv.Itoa(u.N))
		}
		k := sc.Sides[h.Side].ID + ": " + h.Label
		if h.Eliminated {
			k += " (dead)"
		}
		got[k] = strings.Join(us, ",")
	}
	want := map[string]string{
		"north: Eliminated at the start (dead)": "north-infantryx1",
		"south: Available from turn 6":          "south-guardsx1",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s: %q, want %q (holdings %q)", k, got[k], v, got)
		}
	}
	for k := range got {
		if strings.HasPrefix(k, "north: Not placed") {
			t.Errorf("north has units not placed: %s %s", k, got[k])
		}
	}
}
