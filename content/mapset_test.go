package content

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
)

func loadMaps(t testing.TB, dir string) *Package {
	t.Helper()
	pkg, ds := Load(dir)
	if pkg == nil {
		t.Fatalf("load %s: %v", dir, ds)
	}
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatalf("load %s: %v", dir, ds)
	}
	return pkg
}

// writePkg writes a package of the given files (name -> content) to a temporary folder and loads it.
func writePkg(t testing.TB, files map[string]string) *Package {
	t.Helper()
	dir := t.TempDir()
	files["muster.yaml"] = "kind: Package\nid: p\nversion: 1.0.0\nsystem: sys\n"
	if _, ok := files["system.yaml"]; !ok {
		files["system.yaml"] = "kind: System\nid: sys\nterrain: [{id: clear, char: \".\"}]\n"
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return loadMaps(t, dir)
}

// hexBoard is a flat-top board map document.
func hexBoard(id, board string, cols, rows int, extra string) string {
	return fmt.Sprintf("kind: Map\nid: %s\nboard: %s\ngrid: {type: hex, cols: %d, rows: %d, numbering: {scheme: board-letter-number}%s}\n",
		id, board, cols, rows, extra)
}

func TestGeometryDefaultsAndErrors(t *testing.T) {
	m := &Map{Grid: GridSpec{Type: "hex", Cols: 20, Rows: 10}}
	g, err := m.Geometry()
	if err != nil {
		t.Fatal(err)
	}
	if g.Hex.Orientation != grid.FlatTop || g.Hex.Parity != grid.Odd || g.Hex.CellSize != 36 {
		t.Errorf("defaults = %+v", g.Hex)
	}
	if got := g.Label(grid.Cell{Col: 2, Row: 7}); got != "0308" {
		t.Errorf("ccrr label = %q, want 0308", got)
	}
	if c, err := g.Lookup("2010"); err != nil || c != (grid.Cell{Col: 19, Row: 9}) {
		t.Errorf("Lookup(2010) = %v, %v", c, err)
	}
	_, err = g.Lookup("2110")
	if le, ok := err.(*LabelError); !ok || !le.OffMap || le.Cell != (grid.Cell{Col: 20, Row: 9}) {
		t.Errorf("Lookup(2110) = %v, want off the map at (20,9)", err)
	}
	_, err = g.Lookup("C08")
	if le, ok := err.(*LabelError); !ok || le.OffMap {
		t.Errorf("Lookup(C08) = %v, want a label that does not parse", err)
	}

	for _, tc := range []struct {
		spec GridSpec
		ptr  string
	}{
		{GridSpec{Type: "hex"}, "/grid"},
		{GridSpec{Type: "hexagonal", Cols: 2, Rows: 2}, "/grid/type"},
		{GridSpec{Type: "hex", Cols: 2, Rows: 2, Offset: "both"}, "/grid/offset"},
		{GridSpec{Type: "open"}, "/grid"},
		{GridSpec{Type: "hex", Cols: 120, Rows: 2}, "/grid/numbering"}, // ccrr with 2 digits stops at 99
		{GridSpec{Type: "hex", Cols: 2, Rows: 2, Numbering: &Numbering{Scheme: "board-letter-number"}}, "/grid/numbering/scheme"},
	} {
		_, err := (&Map{Grid: tc.spec}).Geometry()
		ge, ok := err.(*GeometryError)
		if !ok || ge.Ptr != tc.ptr {
			t.Errorf("%+v: error %v, want one at %s", tc.spec, err, tc.ptr)
		}
	}
}

func TestMapSetSideBySide(t *testing.T) {
	pkg := loadMaps(t, filepath.Join("testdata", "maps", "boards"))
	set, ds := pkg.MapSet(pkg.Scenario("side-by-side"))
	if len(ds) > 0 || set == nil {
		t.Fatalf("MapSet: %v", ds)
	}
	if set.Cols != 8 || set.Rows != 3 || set.Type != GridHex || len(set.Boards) != 2 {
		t.Fatalf("set = %dx%d %s with %d boards", set.Cols, set.Rows, set.Type, len(set.Boards))
	}
	ref := func(l string) grid.Cell {
		r, ok := set.Cell(l)
		if !ok {
			t.Fatalf("Cell(%s) not found", l)
		}
		return r.Cell
	}
	if r, _ := set.Cell("IIA01"); r.Cell != (grid.Cell{Col: 4, Row: 0}) || r.Board.Name != "II" || r.Local != (grid.Cell{}) {
		t.Errorf("IIA01 = %+v", r)
	}
	if got := set.Label(grid.Cell{Col: 6, Row: 2}); got != "IIC03" {
		t.Errorf("Label(6,2) = %q", got)
	}
	// Across the join: ID01 is a shoved (odd) column, so it touches IIA01 and IIA02.
	for _, tc := range []struct {
		a, b string
		adj  bool
		dist int
	}{
		{"ID01", "IIA01", true, 1},
		{"ID01", "IIA02", true, 1},
		{"ID02", "IIA01", false, 2},
		{"IA01", "IIA01", false, 4},
		{"IA01", "IID03", false, 7},
	} {
		a, b := ref(tc.a), ref(tc.b)
		if set.Adjacent(a, b) != tc.adj || set.Distance(a, b) != tc.dist {
			t.Errorf("%s-%s: adjacent %v distance %d, want %v %d", tc.a, tc.b, set.Adjacent(a, b), set.Distance(a, b), tc.adj, tc.dist)
		}
	}
	var labels []string
	for _, n := range set.Neighbours(ref("ID02"), nil) {
		labels = append(labels, set.Label(n))
	}
	if got := strings.Join(labels, " "); got != "IIA03 IIA02 ID01 IC02 IC03 ID03" {
		t.Errorf("neighbours of ID02 = %s", got)
	}
	for l, want := range map[string]string{"IB02": "woods", "ID03": "hill", "IIA01": "woods", "IIA02": "hill", "IIC03": "hill", "IIB02": "clear"} {
		if got := set.Terrain(ref(l)); got != want {
			t.Errorf("terrain of %s = %q, want %q", l, got, want)
		}
	}
	if got := set.Suggest("IICo3"); got != "IIC03" {
		t.Errorf("Suggest(IICo3) = %q, want IIC03", got)
	}
	if _, err := set.Lookup("IIA04"); err == nil || !err.(*LabelError).OffMap {
		t.Errorf("IIA04 must be off the map: %v", err)
	}
	// Edges: the set's own, each board's sides, and board-1's declared edge.
	want := "north east south west I.north I.east I.south I.west ford-bank I.ford-bank II.north II.east II.south II.west"
	if got := strings.Join(set.EdgeIDs(), " "); got != want {
		t.Errorf("edges = %s\nwant   %s", got, want)
	}
	e, _ := set.Edge("east")
	var cells []string
	for _, c := range set.EdgeCells(e, nil) {
		cells = append(cells, set.Label(c))
	}
	if got := strings.Join(cells, " "); got != "IID01 IID02 IID03" {
		t.Errorf("east edge = %s", got)
	}
	e, _ = set.Edge("ford-bank")
	cells = cells[:0]
	for _, c := range set.EdgeCells(e, nil) {
		cells = append(cells, set.Label(c))
	}
	if got := strings.Join(cells, " "); got != "ID01 ID02 ID03" {
		t.Errorf("ford-bank edge = %s", got)
	}

	single, ds := pkg.MapSet(pkg.Scenario("single"))
	if single == nil || len(ds) > 0 || single.Cols != 4 {
		t.Fatalf("single: %v", ds)
	}
	if _, ok := single.Cell("IA01"); ok {
		t.Errorf("board I's cells are not on the single-map set")
	}
	if got := strings.Join(single.EdgeIDs(), " "); got != "north east south west" {
		t.Errorf("single edges = %s", got)
	}
}

// TestComposedHexCentres checks the rule behind composition: a cell's centre in the composed grid is its
// centre on its own board moved by the board's place (a rigid motion for rotated boards), so the composed
// grid is exactly the boards laid side by side.
func TestComposedHexCentres(t *testing.T) {
	for _, orient := range []string{"flat", "pointy"} {
		for _, n := range []int{4, 5} { // even and odd board sizes
			for _, offsets := range [][2]string{{"odd", "odd"}, {"odd", "even"}, {"even", "even"}} {
				for _, rot := range []int{0, 180} {
					for _, rel := range []string{"rightOf", "below"} {
						name := fmt.Sprintf("%s/%d/%s-%s/rot%d/%s", orient, n, offsets[0], offsets[1], rot, rel)
						files := map[string]string{
							"maps.yaml": fmt.Sprintf("%s---\n%s",
								hexBoard("a", "I", n, n, ", orientation: "+orient+", offset: "+offsets[0]),
								hexBoard("b", "II", n, n, ", orientation: "+orient+", offset: "+offsets[1])),
							"s.yaml": fmt.Sprintf("kind: Scenario\nid: s\nmap:\n  boards:\n    - {board: a}\n    - {board: b, %s: a, rotate: %d}\n", rel, rot),
						}
						pkg := writePkg(t, files)
						set, ds := pkg.MapSet(pkg.Scenario("s"))
						// Which joins must fail: b continues a's pattern when, crossing the shoved axis
						// (columns of flat-top hexes), a's last column and b's first differ in being shoved;
						// along the other axis when they have the same offset. Turning a board with an odd
						// number of columns swaps its offset.
						across := orient == "flat" && rel == "rightOf" || orient == "pointy" && rel == "below"
						flip := map[string]string{"odd": "even", "even": "odd"}
						eff, want := offsets[1], offsets[0]
						if rot == 180 && n%2 == 1 {
							eff = flip[eff]
						}
						if across && n%2 == 1 {
							want = flip[want]
						}
						wantFail := eff != want
						if wantFail {
							if set != nil || len(ds) != 1 || ds[0].Code != "map-layout.hex-pattern" {
								t.Errorf("%s: want a hex-pattern error, got %v", name, ds)
							}
							continue
						}
						if set == nil || len(ds) > 0 {
							t.Errorf("%s: %v", name, ds)
							continue
						}
						for _, b := range set.Boards {
							checkRigid(t, name, set, b)
						}
					}
				}
			}
		}
	}
}

// checkRigid verifies that the board's cells sit in the set as the board itself, moved (and turned when
// rotated): centre(set cell) - R(centre(board cell)) is the same for every cell, and adjacency is kept.
func checkRigid(t *testing.T, name string, set *MapSet, b *Board) {
	t.Helper()
	var d0 grid.Point
	for row := 0; row < b.Geo.Rows; row++ {
		for col := 0; col < b.Geo.Cols; col++ {
			c := grid.Cell{Col: col, Row: row}
			p := b.Geo.Hex.Centre(c)
			if b.Rotate == 180 {
				p = grid.Point{X: -p.X, Y: -p.Y}
			}
			d := set.Hex.Centre(b.ToSet(c)).Sub(p)
			if col == 0 && row == 0 {
				d0 = d
			} else if math.Abs(d.X-d0.X) > 1e-6 || math.Abs(d.Y-d0.Y) > 1e-6 {
				t.Fatalf("%s: board %s cell %v moves by %v, cell (0,0) by %v", name, b.Name, c, d, d0)
			}
			if b.ToLocal(b.ToSet(c)) != c {
				t.Fatalf("%s: ToLocal(ToSet(%v)) = %v", name, c, b.ToLocal(b.ToSet(c)))
			}
		}
	}
	if b.Rotate == 0 && b.Place != nil && b.Place.Board != "a" {
		// Unrotated boards move by whole board widths (heights): the second board continues the first.
		w, h := set.Hex.Centre(grid.Cell{Col: b.Col}).Sub(set.Hex.Centre(grid.Cell{})), set.Hex.Centre(grid.Cell{Row: b.Row}).Sub(set.Hex.Centre(grid.Cell{}))
		want := grid.Point{X: w.X + h.X, Y: w.Y + h.Y}
		if b.Geo.Hex.Parity != set.Hex.Parity {
			return // the board's offset differs from the set's by design: it continues it half a cell apart
		}
		if math.Abs(d0.X-want.X) > 1e-6 || math.Abs(d0.Y-want.Y) > 1e-6 {
			t.Errorf("%s: board %s moves by %v, want %v", name, b.Name, d0, want)
		}
	}
}

func TestMapSetLayoutErrors(t *testing.T) {
	maps := hexBoard("a", "I", 4, 3, "") + "---\n" + hexBoard("b", "II", 4, 3, "") + "---\n" +
		hexBoard("c", "III", 4, 3, "") + "---\n" + hexBoard("d", "IV", 5, 3, "") + "---\n" +
		"kind: Map\nid: sq\ngrid: {type: square, cols: 4, rows: 3}\n" + "---\n" +
		"kind: Map\nid: plain1\ngrid: {type: hex, cols: 4, rows: 3}\n---\nkind: Map\nid: plain2\ngrid: {type: hex, cols: 4, rows: 3}\n"
	for _, tc := range []struct {
		name, boards, code string
		line, col          int
	}{
		{"overlap", "- {board: a}\n    - {board: b, rightOf: a}\n    - {board: c, rightOf: a}", "map-layout.overlap", 7, 27},
		{"hole", "- {board: a}\n    - {board: b, rightOf: a}\n    - {board: c, below: b}", "map-layout.hole", 5, 5},
		{"order", "- {board: a}\n    - {board: b, rightOf: c}\n    - {board: c, rightOf: a}", "map-layout.order", 6, 27},
		{"first", "- {board: a, rightOf: b}\n    - {board: b}", "map-layout.first", 5, 27},
		{"none", "- {board: a}\n    - {board: b}", "map-layout.placement", 6, 7},
		{"two", "- {board: a}\n    - {board: b, rightOf: a, below: a}", "map-layout.placement", 6, 7},
		{"size", "- {board: a}\n    - {board: d, rightOf: a}", "map-layout.size", 6, 15},
		{"grid", "- {board: a}\n    - {board: sq, rightOf: a}", "map-layout.grid", 6, 15},
		{"twice", "- {board: a}\n    - {board: a, rightOf: a}", "map-layout.duplicate", 6, 15},
		{"labels", "- {board: plain1}\n    - {board: plain2, rightOf: plain1}", "map-layout.labels", 6, 15},
	} {
		pkg := writePkg(t, map[string]string{"maps.yaml": maps,
			"s.yaml": "kind: Scenario\nid: s\nmap:\n  boards:\n    " + tc.boards + "\n"})
		set, ds := pkg.MapSet(pkg.Scenario("s"))
		if set != nil || len(ds) != 1 {
			t.Errorf("%s: want one error and no set, got %v", tc.name, ds)
			continue
		}
		d := ds[0]
		if d.Code != tc.code || d.Pos.Line != tc.line || d.Pos.Col != tc.col || filepath.Base(d.Pos.File) != "s.yaml" {
			t.Errorf("%s: got %s, want %s at s.yaml:%d:%d", tc.name, d, tc.code, tc.line, tc.col)
		}
	}
}

func TestMapSetSquareAndOpen(t *testing.T) {
	pkg := writePkg(t, map[string]string{"maps.yaml": `kind: Map
id: sq
grid: {type: square, cols: 5, rows: 4, diagonalCost: 1½, numbering: {scheme: letter-number}}
edges: [{id: camp, side: south}]
---
kind: Map
id: sq4
grid: {type: square, cols: 5, rows: 4}
---
kind: Map
id: table
grid: {type: open, width: 72in, height: 48in}
`})
	set, err := NewMapSet(pkg.Map("sq"), pkg.System)
	if err != nil {
		t.Fatal(err)
	}
	a, _ := set.Cell("A01")
	b, _ := set.Cell("B02")
	c, _ := set.Cell("E04")
	if !set.Diagonals || set.Square.DiagonalCost != 1.5 || !set.Adjacent(a.Cell, b.Cell) || set.Distance(a.Cell, c.Cell) != 4 {
		t.Errorf("diagonal square grid: adjacent %v distance %d", set.Adjacent(a.Cell, b.Cell), set.Distance(a.Cell, c.Cell))
	}
	if set.SideBetween(a.Cell, b.Cell) {
		t.Errorf("diagonal squares share no side")
	}
	if got := strings.Join(set.EdgeIDs(), " "); got != "north east south west camp" {
		t.Errorf("edges = %s", got)
	}
	set4, _ := NewMapSet(pkg.Map("sq4"), nil)
	a, _ = set4.Cell("0101")
	b, _ = set4.Cell("0202")
	if set4.Adjacent(a.Cell, b.Cell) || set4.Distance(a.Cell, b.Cell) != 2 {
		t.Errorf("a square grid without diagonalCost has orthogonal moves only")
	}
	open, err := NewMapSet(pkg.Map("table"), nil)
	if err != nil || open.Table.Width != 72 || open.Table.Height != 48 {
		t.Fatalf("open: %v %+v", err, open)
	}
	if _, ok := open.Cell("0101"); ok || len(open.Labels()) != 0 {
		t.Errorf("an open tabletop has no cells")
	}
}

func TestSideCornersChain(t *testing.T) {
	for _, typ := range []string{"hex", "square"} {
		m := &Map{Grid: GridSpec{Type: typ, Cols: 6, Rows: 6}}
		set, err := NewMapSet(m, nil)
		if err != nil {
			t.Fatal(err)
		}
		// Two sides around one cell meet at a corner; opposite sides do not.
		c := grid.Cell{Col: 2, Row: 2}
		ns := set.Neighbours(c, nil)
		var sides [][2]grid.Corner
		for _, n := range ns {
			if !set.SideBetween(c, n) {
				continue
			}
			k1, k2, ok := set.SideCorners(c, n)
			if !ok {
				t.Fatalf("%s: no corners for %v|%v", typ, c, n)
			}
			sides = append(sides, [2]grid.Corner{k1, k2})
		}
		if want := map[string]int{"hex": 6, "square": 4}[typ]; len(sides) != want {
			t.Fatalf("%s: %d sides", typ, len(sides))
		}
		// Every corner of a cell is shared by exactly two of its sides.
		count := map[grid.Corner]int{}
		for _, s := range sides {
			count[s[0]]++
			count[s[1]]++
		}
		for k, n := range count {
			if n != 2 {
				t.Errorf("%s: corner %v bounds %d sides of one cell", typ, k, n)
			}
		}
	}
}

func BenchmarkMapGeometryTerrain200(b *testing.B) {
	rows := make([]string, 200)
	for i := range rows {
		rows[i] = strings.Repeat(".fh.", 50)
	}
	m := &Map{Grid: GridSpec{Type: "hex", Cols: 200, Rows: 200, Numbering: &Numbering{Scheme: "ccrr", Digits: 3}},
		Legend: map[string]string{".": "clear", "f": "woods", "h": "hill"}, Terrain: rows}
	b.ReportAllocs()
	for b.Loop() {
		set, err := NewMapSet(m, nil)
		if err != nil {
			b.Fatal(err)
		}
		if set.Terrain(grid.Cell{Col: 199, Row: 199}) != "clear" {
			b.Fatal("terrain")
		}
		if set.Suggest("2OO199") != "200199" {
			b.Fatal("suggest")
		}
	}
}

var _ = diag.Pos{}

// The opposite of a map side, and the side a board's own side lies on once the board is placed.
func TestOppositeAndPlacedSide(t *testing.T) {
	for side, want := range map[string]string{"north": "south", "south": "north", "east": "west", "west": "east", "ford-bank": "ford-bank", "": ""} {
		if got := Opposite(side); got != want {
			t.Errorf("Opposite(%q) = %q, want %q", side, got, want)
		}
	}
	turned, straight := &Board{Rotate: 180}, &Board{}
	for _, side := range Compass {
		if turned.PlacedSide(side) != Opposite(side) || straight.PlacedSide(side) != side {
			t.Errorf("%s: placed %s turned, %s straight", side, turned.PlacedSide(side), straight.PlacedSide(side))
		}
	}
}

// A hexside is written "C01/D01": two labels, read in the set's labels or in a board's own file.
func TestSideText(t *testing.T) {
	for text, ok := range map[string]bool{"IA01/IB01": true, "IA01": false, "/IB01": false, "IA01/": false, "": false} {
		if _, _, got := SplitSide(text); got != ok {
			t.Errorf("SplitSide(%q) ok = %v", text, got)
		}
	}
	pkg := loadMaps(t, filepath.Join("testdata", "maps", "boards"))
	set, _ := pkg.MapSet(pkg.Scenario("side-by-side"))
	if a, b, ok := set.Side("ID01/IIA01"); !ok || set.Label(a) != "ID01" || set.Label(b) != "IIA01" {
		t.Errorf("set side: %v %v %v", a, b, ok)
	}
	if _, _, ok := set.Side("A01/B01"); ok {
		t.Errorf("a composed set reads only prefixed labels")
	}
	b2 := set.Boards[1]
	if a, b, ok := b2.Side("A01/IIB01"); !ok || set.Label(a) != "IIA01" || set.Label(b) != "IIB01" {
		t.Errorf("board side, bare and prefixed: %v %v %v", a, b, ok)
	}
	if got := labelsOf(set, b2.Cells([]string{"D03", "IA01", "E09", "A01"})); got != "IID03 IIA01" {
		t.Errorf("board cells: %s", got)
	}
}

// A board's label reads as the board and the cell: where the column's letter could be read as part of the
// board's name, a hyphen keeps them apart (board II's column I is "II-I13", not "III13").
func TestCellNameOfBoardLabels(t *testing.T) {
	pkg := loadMaps(t, "../examples/highest-ground")
	set, ds := pkg.MapSet(pkg.Scenario("introductory"))
	if set == nil {
		t.Fatal(ds)
	}
	for label, want := range map[string]string{"III13": "II-I13", "IIC08": "IIC08", "II09": "I-I09", "nowhere": "nowhere"} {
		if got := set.CellName(label); got != want {
			t.Errorf("CellName(%s) = %s, want %s", label, got, want)
		}
	}
	iv, err := pkg.MapSetOf(pkg.Map("IV"))
	if err != nil {
		t.Fatal(err)
	}
	if got := iv.CellName("IVI02"); got != "IV-I02" {
		t.Errorf("board IV alone: CellName(IVI02) = %s", got)
	}
}
