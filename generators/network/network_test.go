package network_test

import (
	"bytes"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
	"github.com/muster-wargames/muster/generators/network"
	"github.com/muster-wargames/muster/validate"
)

const seeds = 25

// load opens a test package and returns it with one of its generators.
func load(t *testing.T, dir, id string) (*content.Package, *content.Generator) {
	t.Helper()
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	pkg := c.Package()
	for _, g := range pkg.Generators() {
		if g.ID == id {
			return pkg, g
		}
	}
	t.Fatalf("%s has no generator %s", dir, id)
	return nil, nil
}

// generate makes the map of one seed, and checks it as `muster validate` checks the file placed in the
// package: no error, and no warning about the map.
func generate(t *testing.T, dir string, pkg *content.Package, g *content.Generator, seed int64) (*content.Map, []byte) {
	t.Helper()
	m, err := network.Generate(pkg, g, fmt.Sprintf("%s-%d", g.ID, seed), dice.New(uint64(seed), g.ID+"/map"))
	if err != nil {
		t.Fatalf("seed %d: %v", seed, err)
	}
	data, err := content.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	name := filepath.Join(dir, "generated.yaml")
	for _, d := range validate.LoadWith(dir, name, data).Diags {
		if d.Severity == diag.Error || d.Pos.File == name {
			t.Errorf("seed %d: %s", seed, d)
		}
	}
	return m, data
}

// crossable counts, per place, the connections ordinary movement may cross, and reports whether every place
// not offboard is reachable by them from the first.
func crossable(t *testing.T, pkg *content.Package, m *content.Map) ([]int, bool) {
	places := m.PlaceList()
	index := map[string]int{}
	for i, p := range places {
		index[p.ID] = i
	}
	deg := make([]int, len(places))
	var links [][2]int
	for _, c := range m.Connections {
		f := pkg.System.FeatureDef(c.Type)
		if f.Impassable || !f.Admits("") {
			continue
		}
		a, b := index[c.Between[0]], index[c.Between[1]]
		deg[a]++
		deg[b]++
		links = append(links, [2]int{a, b})
	}
	net := grid.NewNetwork(len(places), links)
	for i, p := range places {
		if !p.Offboard && net.Distance(grid.Cell{}, grid.Cell{Col: i}) == grid.Unreachable {
			return deg, false
		}
	}
	return deg, true
}

// Areas tile the bounds exactly (their areas add up to it, none overlaps another), each area's point lies
// inside it, every area is reachable across borders ordinary movement may cross, each has 2 to 4 of them, the
// distant sea lanes are marked distant, and the same seed gives the same bytes.
func TestAreaMaps(t *testing.T) {
	for _, tc := range []struct {
		id           string
		w, h         float64
		lo, hi, dmin int
		dmax         int
	}{{"isles", 9, 6, 20, 24, 2, 4}, {"big-isles", 400, 300, 30, 40, 1, 8}} {
		t.Run(tc.id, func(t *testing.T) {
			dir := "testdata/area"
			pkg, g := load(t, dir, tc.id)
			for seed := int64(1); seed <= seeds; seed++ {
				m, data := generate(t, dir, pkg, g, seed)
				if _, again := generate(t, dir, pkg, g, seed); !bytes.Equal(data, again) {
					t.Fatalf("seed %d: two runs differ", seed)
				}
				n := 0
				var total float64
				for _, a := range m.Areas {
					if a.Offboard {
						continue
					}
					n++
					pg := polygon(a.Polygon)
					total += pg.Area()
					if !pg.Inside(grid.Point{X: a.Anchor[0], Y: a.Anchor[1]}, 0) {
						t.Errorf("seed %d: area %s's point lies outside it", seed, a.ID)
					}
				}
				if n < tc.lo || n > tc.hi {
					t.Errorf("seed %d: %d areas, want %d to %d", seed, n, tc.lo, tc.hi)
				}
				if math.Abs(total-tc.w*tc.h) > 1e-6*tc.w*tc.h {
					t.Errorf("seed %d: the areas cover %g, the bounds %g", seed, total, tc.w*tc.h)
				}
				deg, ok := crossable(t, pkg, m)
				if !ok {
					t.Errorf("seed %d: an area is out of reach", seed)
				}
				for i, d := range deg {
					if !m.Areas[i].Offboard && (d < tc.dmin || d > tc.dmax) {
						t.Errorf("seed %d: area %s has %d crossable borders", seed, m.Areas[i].ID, d)
					}
				}
				for _, c := range m.Connections {
					if (c.Type == "sea-lane") != c.Distant {
						t.Errorf("seed %d: connection %v of type %s, distant %v", seed, c.Between, c.Type, c.Distant)
					}
				}
			}
		})
	}
}

// Places lie at least their spacing apart, no two connections cross or touch but at a shared place, every
// place is reachable and has its degree (roads and passes; the railways run beside roads), and the four edges
// list places.
func TestPointMaps(t *testing.T) {
	for _, tc := range []struct {
		id             string
		spacing        float64
		lo, hi, dmin   int
		dmax, railways int
	}{{"fronts", 0, 30, 34, 2, 4, 1}, {"sparse-fronts", 2.5, 12, 12, 1, math.MaxInt32, 0}} {
		t.Run(tc.id, func(t *testing.T) {
			dir := "testdata/p2p"
			pkg, g := load(t, dir, tc.id)
			rails := 0
			for seed := int64(1); seed <= seeds; seed++ {
				m, _ := generate(t, dir, pkg, g, seed)
				if n := len(m.Places); n < tc.lo || n > tc.hi {
					t.Errorf("seed %d: %d places, want %d to %d", seed, n, tc.lo, tc.hi)
				}
				at := map[string]grid.Point{}
				for i, p := range m.Places {
					at[p.ID] = grid.Point{X: p.Anchor[0], Y: p.Anchor[1]}
					for _, q := range m.Places[:i] {
						if d := at[p.ID].Dist(at[q.ID]); d < tc.spacing {
							t.Errorf("seed %d: places %s and %s are %g apart", seed, p.ID, q.ID, d)
						}
					}
				}
				for i, c := range m.Connections {
					if c.Type == "railway" {
						rails++
					}
					for _, o := range m.Connections[:i] {
						if shares(c.Between, o.Between) {
							continue
						}
						if segmentsCross(at[c.Between[0]], at[c.Between[1]], at[o.Between[0]], at[o.Between[1]]) {
							t.Errorf("seed %d: connections %v and %v cross", seed, c.Between, o.Between)
						}
					}
				}
				deg, ok := crossable(t, pkg, m)
				if !ok {
					t.Errorf("seed %d: a place is out of reach", seed)
				}
				for i, d := range deg {
					if d < tc.dmin || d > tc.dmax {
						t.Errorf("seed %d: place %s has %d connections", seed, m.Places[i].ID, d)
					}
				}
				if len(m.Edges) != 4 {
					t.Errorf("seed %d: %d edges", seed, len(m.Edges))
				}
				for _, e := range m.Edges {
					if len(e.Cells) < 2 {
						t.Errorf("seed %d: edge %s lists %v", seed, e.ID, e.Cells)
					}
				}
			}
			if (rails > 0) != (tc.railways > 0) {
				t.Errorf("%d railways in %d seeds", rails, seeds)
			}
		})
	}
}

func polygon(pts [][]float64) grid.Polygon {
	var pg grid.Polygon
	for _, p := range pts {
		pg = append(pg, grid.Point{X: p[0], Y: p[1]})
	}
	return pg
}

func shares(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func segmentsCross(a, b, c, d grid.Point) bool {
	orient := func(p, q, r grid.Point) float64 { return (q.X-p.X)*(r.Y-p.Y) - (q.Y-p.Y)*(r.X-p.X) }
	return orient(a, b, c)*orient(a, b, d) <= 0 && orient(c, d, a)*orient(c, d, b) <= 0
}

// Settings the generator cannot meet, or that name what the System lacks, are refused with a sentence that
// says which.
func TestSettingsRefused(t *testing.T) {
	pkg, g := load(t, "testdata/area", "isles")
	for _, tc := range []struct {
		change func(ng *content.NetworkGen, mg *content.MapGen)
		want   string
	}{
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Connections[0].Type = "border" }, `connection type "border" is not a hexside or path feature`},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Connections = ng.Connections[2:] }, "no connection type ordinary movement may cross"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Places = []int{1, 1} }, "make 2 to 600 places"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Bounds = []float64{0, 0, 12, 6} }, "do not lie on the map"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Spacing = new(float64) }, "spacing and radius are for point-to-point maps"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Stats[0].Values = []int{1, 9} }, "outside what the System allows"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Stats[0].Stat = "gold" }, `stat "gold" is not one of the System's placeStats`},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Degree = []int{5, 6} }, "connections ordinary movement may cross, not 5 to 6"},
		{func(_ *content.NetworkGen, mg *content.MapGen) { mg.Default = "swamp" }, `terrain "swamp" is not one of the System's terrain types`},
		{func(_ *content.NetworkGen, mg *content.MapGen) { mg.Network = nil }, "an area map needs network settings"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Size = []int{3, 2} }, "size [3 2]: an area is 1 or more quads"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { j := value.Frac(1, 3); ng.Jitter = &j }, "jitter ⅓: corners move by 0 to 1/4"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Connections[0].Weight = 0 }, "needs a weight above 0"},
		{func(ng *content.NetworkGen, _ *content.MapGen) { ng.Distant.Type = "ferry" }, `distant connection type "ferry"`},
	} {
		gen := *g
		mg := *g.Map
		ng := *mg.Network
		ng.Connections = append([]content.ConnectionGen(nil), ng.Connections...)
		ng.Stats = append([]content.PlaceStatGen(nil), ng.Stats...)
		d := *ng.Distant
		ng.Distant = &d
		mg.Network = &ng
		gen.Map = &mg
		tc.change(&ng, &mg)
		_, err := network.Generate(pkg, &gen, "x", dice.New(1, "x"))
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err = %v, want %q", err, tc.want)
		}
	}
}
