package terrain

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
	"github.com/muster-wargames/muster/generators/internal/testpkg"
	"github.com/muster-wargames/muster/validate"
)

const thg = "../../examples/highest-ground"

func num(s string) value.Number {
	n, err := value.ParseNumber(s)
	if err != nil {
		panic(err)
	}
	return n
}

// hexSettings is a 30x40 hex map with every feature.
func hexSettings() *content.Generator {
	return &content.Generator{Meta: content.Meta{Kind: content.KindGenerator, ID: "test-hex"}, Type: "map", Map: &content.MapGen{
		Grid:    &content.GridSpec{Type: "hex", Orientation: "flat", Offset: "odd", Cols: 30, Rows: 40, Numbering: &content.Numbering{Scheme: "ccrr", Digits: 2}},
		Default: "clear",
		Mix: []content.TerrainShare{{Terrain: "forest", Share: num("0.15"), Clusters: []int{4, 7}}, {Terrain: "swamp", Share: num("1/20"), Clusters: []int{1, 3}},
			{Terrain: "hill", Share: num("0.1"), Clusters: []int{2, 5}}},
		Rivers:      &content.RiverGen{Feature: "river", Count: []int{1, 2}, Forks: []int{0, 2}, Bridge: "bridge"},
		Roads:       &content.RoadGen{Feature: "road", Count: []int{1, 2}},
		Settlements: &content.SettlementGen{Terrain: "village", Count: []int{2, 4}, MinSpacing: 6, Size: []int{1, 3}},
	}}
}

func loadPkg(t testing.TB, dir string) *content.Package {
	t.Helper()
	r := validate.Load(dir)
	if r.Diags.HasErrors() {
		t.Fatalf("%s: %v", dir, r.Diags)
	}
	return r.Pkg
}

func writeMap(t testing.TB, dir, name string, m *content.Map) string {
	t.Helper()
	data, err := content.Marshal(m)
	if err != nil {
		t.Fatal(err)
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, data, 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func errorsOf(ds diag.List) []string {
	var out []string
	for _, d := range ds {
		if d.Severity == diag.Error || d.Severity == diag.Warning && !d.Expected {
			out = append(out, d.String())
		}
	}
	return out
}

func TestHexMapValidates(t *testing.T) {
	pkg := loadPkg(t, thg)
	dir := testpkg.Copy(t, thg)
	for seed := uint64(1); seed <= 20; seed++ {
		m, err := Generate(pkg, hexSettings(), "gen-"+itoa(seed), dice.New(seed, "map"))
		if err != nil {
			t.Fatal(err)
		}
		writeMap(t, filepath.Join(dir, "boards"), "gen-"+itoa(seed)+".yaml", m)
		checkRivers(t, m)
	}
	r := validate.Load(dir)
	if errs := errorsOf(r.Diags); len(errs) > 0 {
		t.Fatalf("%d problems:\n%s", len(errs), strings.Join(errs[:min(len(errs), 20)], "\n"))
	}
}

// checkRivers checks every river's main line and forks as hexside chains (grid.Hex.CheckChain).
func checkRivers(t *testing.T, m *content.Map) {
	t.Helper()
	g, err := m.Geometry()
	if err != nil {
		t.Fatal(err)
	}
	for _, h := range m.Hexsides {
		if h.Type != "river" {
			continue
		}
		var chain []grid.Hexside
		flush := func() {
			if len(chain) > 0 {
				if err := g.Hex.CheckChain(chain); err != nil {
					t.Errorf("%s %s: %v", m.ID, h.ID, err)
				}
			}
			chain = nil
		}
		for _, s := range h.Sides {
			a, b, _ := strings.Cut(s, "/")
			ca, _ := g.Lookup(a)
			cb, _ := g.Lookup(b)
			hs, err := g.Hex.Side(ca, cb)
			if err != nil {
				t.Fatalf("%s: %v", s, err)
			}
			if len(chain) > 0 && !g.Hex.SidesShareCorner(chain[len(chain)-1], hs) {
				flush() // a fork starts a new chain
			}
			chain = append(chain, hs)
		}
		flush()
	}
}

func itoa(n uint64) string { return strings.TrimSpace(strings.Repeat(" ", 0) + uitoa(n)) }

func uitoa(n uint64) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for n > 0 {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
	}
	return string(b)
}

// Slopes ring every hill cluster (one feature per connected stretch of its outline), lakes are impassable and
// roads keep out of them; square grids work the same way.
func TestSlopesAndSquares(t *testing.T) {
	const hills = "testdata/hills"
	pkg := loadPkg(t, hills)
	dir := testpkg.Copy(t, hills)
	gen := func(grid content.GridSpec) *content.Generator {
		return &content.Generator{Meta: content.Meta{Kind: content.KindGenerator, ID: "hills"}, Type: "map", Map: &content.MapGen{
			Grid: &grid, Default: "clear", Slopes: "slope",
			Mix: []content.TerrainShare{{Terrain: "hill", Share: num("0.2"), Clusters: []int{3, 6}}, {Terrain: "lake", Share: num("0.05"), Clusters: []int{1, 2}},
				{Terrain: "woods", Share: num("0.1")}},
			Rivers:      &content.RiverGen{Feature: "river", Count: []int{1, 2}, Forks: []int{1, 1}, Bridge: "bridge"},
			Roads:       &content.RoadGen{Feature: "road", Count: []int{2, 3}},
			Settlements: &content.SettlementGen{Terrain: "town", Count: []int{2, 3}, MinSpacing: 5, Size: []int{1, 2}},
		}}
	}
	grids := []content.GridSpec{
		{Type: "hex", Orientation: "pointy", Offset: "even", Cols: 24, Rows: 18},
		{Type: "square", Cols: 20, Rows: 16},
		{Type: "square", Cols: 20, Rows: 16, DiagonalCost: &[]value.Number{num("1.5")}[0]},
	}
	slopes := 0
	for gi, gs := range grids {
		for seed := uint64(0); seed < 10; seed++ {
			m, err := Generate(pkg, gen(gs), "m"+itoa(uint64(gi))+"-"+itoa(seed), dice.New(seed, "map"))
			if err != nil {
				t.Fatal(err)
			}
			for _, h := range m.Hexsides {
				if h.Type == "slope" {
					slopes++
				}
			}
			for _, p := range m.Paths {
				for _, c := range p.Cells {
					g, _ := m.Geometry()
					cell, _ := g.Lookup(c)
					if m.CellTerrain(g, pkg.System)[cell.Row*g.Cols+cell.Col] == "lake" {
						t.Errorf("%s: road %s runs through the lake at %s", m.ID, p.ID, c)
					}
				}
			}
			writeMap(t, filepath.Join(dir, "maps"), m.ID+".yaml", m)
		}
	}
	if slopes == 0 {
		t.Error("no slopes drawn")
	}
	r := validate.Load(dir)
	if errs := errorsOf(r.Diags); len(errs) > 0 {
		t.Fatalf("%d problems:\n%s", len(errs), strings.Join(errs[:min(len(errs), 20)], "\n"))
	}
}

// Terrain pieces on an open table never overlap each other or the base map's pieces, and stay on the table.
func TestTablePiecesDoNotOverlap(t *testing.T) {
	const foh = "../../examples/fields-of-honor"
	pkg := loadPkg(t, foh)
	dir := testpkg.Copy(t, foh)
	l := func(s string) *value.Length { v, _ := value.ParseLength(s); return &v }
	g := &content.Generator{Meta: content.Meta{Kind: content.KindGenerator, ID: "table"}, Type: "map", Map: &content.MapGen{
		Base: "generic-1", Default: "open",
		Settlements: &content.SettlementGen{Terrain: "settlement", Count: []int{2, 3}, MinSize: l("3in"), MaxSize: l("5in"), Spacing: l("2in")},
		Pieces:      &content.PieceGen{Count: []int{3, 6}, Terrain: []string{"woods", "hill", "steep-hill"}, MinSize: l("4in"), MaxSize: l("9in"), Spacing: l("1in")},
	}}
	for seed := uint64(0); seed < 30; seed++ {
		m, err := Generate(pkg, g, "t-"+itoa(seed), dice.New(seed, "map"))
		if err != nil {
			t.Fatal(err)
		}
		var discs []disc
		base := len(pkg.Map("generic-1").Pieces)
		for i, p := range m.Pieces {
			d, ok := pieceDisc(p)
			if !ok {
				t.Fatalf("piece %s has no shape", p.ID)
			}
			for _, o := range discs {
				if i >= base && !d.clear(o, -2) { // allow the one-eighth rounding of the discs themselves
					t.Errorf("%s: piece %s overlaps another", m.ID, p.ID)
				}
			}
			discs = append(discs, d)
		}
		writeMap(t, filepath.Join(dir, "maps"), m.ID+".yaml", m)
	}
	r := validate.Load(dir)
	if errs := errorsOf(r.Diags); len(errs) > 0 {
		t.Fatalf("%d problems:\n%s", len(errs), strings.Join(errs[:min(len(errs), 20)], "\n"))
	}
}
