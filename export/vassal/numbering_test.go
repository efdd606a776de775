package vassal

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// The cell-by-cell test: for every cell of every board, where muster draws the cell's centre (the map
// drawing's origin at the export's resolution, plus the cell's offset in muster's geometry), the name
// VASSAL gives that point (gridnum, VASSAL's arithmetic, reading the grid from the exported XML) must be
// muster's label, and the point VASSAL finds for the label must be that centre. Nothing here asks the code
// that chose the grid's attributes.

// walkCells counts the cells of set whose VASSAL name or place is wrong, and returns the first few.
func walkCells(g gridnum.Grid, set *content.MapSet, px0, py0 int, k float64) (bad int, first []string) {
	var o grid.Point
	if set.Type == content.GridHex {
		o = set.Hex.Centre(grid.Cell{})
	} else {
		o = set.Square.Centre(grid.Cell{})
	}
	for _, b := range set.Boards {
		for row := 0; row < b.Geo.Rows; row++ {
			for col := 0; col < b.Geo.Cols; col++ {
				local := grid.Cell{Col: col, Row: row}
				c := b.ToSet(local)
				var p grid.Point
				if set.Type == content.GridHex {
					p = set.Hex.Centre(c)
				} else {
					p = set.Square.Centre(c)
				}
				x, y := float64(px0)+(p.X-o.X)*k, float64(py0)+(p.Y-o.Y)*k
				label := b.Geo.Label(local)
				msg := ""
				pt := gridnum.Point{X: int(math.Round(x)), Y: int(math.Round(y))}
				if name, err := g.LocationName(pt); err != nil || name != label {
					msg = fmt.Sprintf("cell %s at %.1f,%.1f: VASSAL names it %q (%v)", label, x, y, name, err)
				} else if q, err := g.Location(label); err != nil {
					msg = fmt.Sprintf("cell %s: VASSAL does not find it (%v)", label, err)
				} else if math.Abs(float64(q.X)-x) > 1 || math.Abs(float64(q.Y)-y) > 1 {
					// getCenterPoint truncates once on each axis: less than a pixel.
					msg = fmt.Sprintf("cell %s: VASSAL puts it at %d,%d, not at muster's %.1f,%.1f", label, q.X, q.Y, x, y)
				} else if h, ok := hexOf(g, pt); ok {
					// Where VASSAL snaps a piece dropped in the cell.
					s := h.RawCenter(h.RawColumn(pt), h.RawRow(pt))
					// The raw centre truncates once across, twice along an odd column (its half-hex too).
					if math.Abs(float64(s.X)-x) > 2 || math.Abs(float64(s.Y)-y) > 2 {
						msg = fmt.Sprintf("cell %s: VASSAL snaps to %d,%d, not %.1f,%.1f", label, s.X, s.Y, x, y)
					}
				}
				if msg != "" {
					bad++
					if len(first) < 3 {
						first = append(first, msg)
					}
				}
			}
		}
	}
	return bad, first
}

// hexOf is the hex grid a point is named by (the zone's grid on a zoned board).
func hexOf(g gridnum.Grid, p gridnum.Point) (*gridnum.Hex, bool) {
	switch t := g.(type) {
	case *gridnum.Hex:
		return t, true
	case *gridnum.Zoned:
		for i := range t.Zones {
			if t.Zones[i].Contains(p) {
				return hexOf(t.Zones[i].Grid, p)
			}
		}
	}
	return nil, false
}

// boardElements finds the Board elements of a buildFile by map and board name ("Map/I").
func boardElements(t *testing.T, m *Module) map[string]*buildfile.Element {
	t.Helper()
	root, err := buildfile.Parse(bytesReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]*buildfile.Element{}
	for _, mp := range root.Children {
		if mp.Class != classMap {
			continue
		}
		for _, bp := range mp.Children {
			for _, b := range bp.Children {
				if b.Class == classBoard {
					out[mp.Attr("mapName")+"/"+b.Attr("name")] = b
				}
			}
		}
	}
	return out
}

// drawingOf is the print drawing of a board of the module.
func drawingOf(t *testing.T, pkg *content.Package, b BoardRef) *maps.Drawing {
	t.Helper()
	var d *maps.Drawing
	var err error
	if b.Scenario != nil {
		d, err = maps.ForScenario(pkg, b.Scenario)
	} else {
		d, err = maps.ForMap(pkg, b.Content)
	}
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func TestExampleBoardsNameEveryCellAsPrinted(t *testing.T) {
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleModule(t, name)
			els := boardElements(t, e.mod)
			cells, network := 0, false
			for _, b := range e.mod.Boards {
				d := drawingOf(t, e.checked.Package(), b)
				if d.IsTable() || d.IsNetwork() {
					network = network || d.IsNetwork()
					continue // a table has no cells; places are walked by TestNetworkMapsExport
				}
				el := els[b.Map+"/"+b.Name]
				if el == nil {
					t.Fatalf("board %s is not in the buildFile", b.Name)
				}
				g, ds := check.BoardGrid(el, b.Width, b.Height)
				if g == nil {
					t.Fatalf("board %s: no grid (%v)", b.Name, ds)
				}
				px, py, _, _ := d.PixelOrigin(e.mod.DPI)
				bad, first := walkCells(g, d.Set, px, py, e.mod.DPI/surface.Inch)
				if bad > 0 {
					t.Errorf("board %s: %d cells named or placed wrongly, e.g. %v", b.Name, bad, first)
				}
				cells += d.Set.Cols * d.Set.Rows
			}
			if cells == 0 && name != "fields-of-honor" && !network {
				t.Errorf("no cells walked")
			}
		})
	}
}

// syntheticSet is a one-board map set of the given geometry and numbering.
func syntheticSet(t *testing.T, typ, orient, offset string, cols, rows int, num *content.Numbering, board string) *content.MapSet {
	t.Helper()
	size := value.Length{Points: 0.55 * surface.Inch}
	m := &content.Map{Meta: content.Meta{Kind: content.KindMap, ID: "synthetic"}, Board: board,
		Grid: content.GridSpec{Type: typ, Orientation: orient, Offset: offset, Cols: cols, Rows: rows, CellSize: &size, Numbering: num}}
	set, err := content.NewMapSet(m, nil)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// syntheticCases cover both hex orientations and offsets, squares, and the numbering schemes.
func syntheticCases() []struct {
	name                string
	typ, orient, offset string
	num                 *content.Numbering
	board               string
} {
	var out []struct {
		name                string
		typ, orient, offset string
		num                 *content.Numbering
		board               string
	}
	nums := []struct {
		name  string
		num   *content.Numbering
		board string
	}{
		{"ccrr", &content.Numbering{Scheme: "ccrr", Digits: 2}, ""},
		{"letters", &content.Numbering{Scheme: "letter-number", Digits: 2}, ""},
		{"board", &content.Numbering{Scheme: "board-letter-number", Digits: 2}, "IV"},
		{"pattern", &content.Numbering{Scheme: "pattern", Pattern: "R{row:03}-{col:letter}"}, ""},
		{"from0", &content.Numbering{Scheme: "ccrr", Digits: 3, FirstCol: 0, FirstRow: 5}, ""},
	}
	for _, o := range []string{"flat", "pointy"} {
		for _, off := range []string{"odd", "even"} {
			for _, n := range nums {
				out = append(out, struct {
					name                string
					typ, orient, offset string
					num                 *content.Numbering
					board               string
				}{o + "-" + off + "-" + n.name, "hex", o, off, n.num, n.board})
			}
		}
	}
	for _, n := range nums {
		out = append(out, struct {
			name                string
			typ, orient, offset string
			num                 *content.Numbering
			board               string
		}{"square-" + n.name, "square", "", "", n.num, n.board})
	}
	return out
}

func TestSyntheticGridsBothOrientationsAndOffsets(t *testing.T) {
	for _, tc := range syntheticCases() {
		t.Run(tc.name, func(t *testing.T) {
			set := syntheticSet(t, tc.typ, tc.orient, tc.offset, 31, 28, tc.num, tc.board)
			for _, dpi := range []float64{150, 96, 72.5} {
				el, g, px, py, k := fitSynthetic(t, set, dpi)
				bad, first := walkCells(g, set, px, py, k)
				if bad > 0 {
					t.Fatalf("%g dpi: %d cells wrong, e.g. %v\n%s", dpi, bad, first, attrsOf(el))
				}
			}
		})
	}
}

// fitSynthetic fits a grid to a synthetic set drawn with cell (0,0) at an awkward pixel.
func fitSynthetic(t *testing.T, set *content.MapSet, dpi float64) (*buildfile.Element, gridnum.Grid, int, int, float64) {
	t.Helper()
	k := dpi / surface.Inch
	px0, py0 := 37, 41
	w := int(math.Ceil(float64(px0)*2 + float64(set.Cols+1)*set.Hex.CellSize*k + float64(set.Cols+1)*set.Square.CellSize*k))
	h := int(math.Ceil(float64(py0)*2 + float64(set.Rows+1)*set.Hex.CellSize*k + float64(set.Rows+1)*set.Square.CellSize*k))
	pl := placement{set: set, k: k, px0: px0, py0: py0, w: w, h: h}
	el, err := pl.gridElement()
	if err != nil {
		t.Fatal(err)
	}
	board := buildfile.New(classBoard, "name", "B").Add(el)
	g, ds := check.BoardGrid(board, w, h)
	if g == nil {
		t.Fatalf("grid not read back: %v", ds)
	}
	return el, g, px0, py0, k
}

func attrsOf(el *buildfile.Element) string {
	s := ""
	el2 := &buildfile.Element{Class: "x", Children: []*buildfile.Element{el}}
	el2.Walk(func(e *buildfile.Element, p string, _ *buildfile.Element) bool {
		s += p + fmt.Sprint(e.Attrs) + "\n"
		return true
	})
	return s
}

// mutations change one attribute of a fitted grid or its numbering.
var mutations = []struct {
	attr string
	num  bool
	f    func(v string) string
}{
	{"x0", false, func(v string) string { return shiftInt(v, 9) }},
	{"y0", false, func(v string) string { return shiftInt(v, 9) }},
	{"dx", false, func(v string) string { return scaleFloat(v, 1.05) }},
	{"dy", false, func(v string) string { return scaleFloat(v, 1.05) }},
	{"sideways", false, flipBool},
	{"first", true, func(v string) string { return map[string]string{"H": "V", "V": "H"}[v] }},
	{"sep", true, func(v string) string { return v + "." }},
	{"hType", true, func(v string) string { return map[string]string{"A": "N", "N": "A"}[v] }},
	{"vType", true, func(v string) string { return map[string]string{"A": "N", "N": "A"}[v] }},
	{"hLeading", true, func(v string) string { return shiftInt(v, 1) }},
	{"vLeading", true, func(v string) string { return shiftInt(v, 1) }},
	{"hOff", true, func(v string) string { return shiftInt(v, 1) }},
	{"vOff", true, func(v string) string { return shiftInt(v, 1) }},
	{"hDescend", true, flipBool},
	{"vDescend", true, flipBool},
	{"stagger", true, flipBool},
	{"locationFormat", true, func(v string) string { return "x" + v }},
}

func shiftInt(v string, d int) string {
	n, _ := strconv.Atoi(v)
	return strconv.Itoa(n + d)
}

func scaleFloat(v string, k float64) string {
	f, _ := strconv.ParseFloat(v, 64)
	return ftoa(f * k)
}

func flipBool(v string) string {
	if v == "true" {
		return "false"
	}
	return "true"
}

// TestChangingOneNumberingAttributeFails shows the walk is not vacuous: every attribute that can change a
// name or a place, changed alone, makes some cell wrong.
func TestChangingOneNumberingAttributeFails(t *testing.T) {
	for _, tc := range syntheticCases() {
		set := syntheticSet(t, tc.typ, tc.orient, tc.offset, 21, 18, tc.num, tc.board)
		el, _, px, py, k := fitSynthetic(t, set, 150)
		for _, mu := range mutations {
			target := el
			if mu.num {
				target = el.Children[0]
			}
			old, ok := target.Get(mu.attr)
			if !ok {
				continue // a square grid has no sideways, its numbering no stagger
			}
			// Leading zeros do nothing to letters.
			if (mu.attr == "hLeading" && target.Attr("hType") == "A") || (mu.attr == "vLeading" && target.Attr("vType") == "A") {
				continue
			}
			target.Set(mu.attr, mu.f(old))
			board := buildfile.New(classBoard, "name", "B").Add(el)
			g, _ := check.BoardGrid(board, 4000, 4000)
			bad := 1
			if g != nil {
				bad, _ = walkCells(g, set, px, py, k)
			}
			target.Set(mu.attr, old)
			if bad == 0 {
				t.Errorf("%s: changing %s from %q to %q still names every cell as muster does", tc.name, mu.attr, old, mu.f(old))
			}
		}
	}
}

// secondScenario composes boards III and IV, IV turned round, and sets units up on both.
const secondScenario = `kind: Scenario
id: second
name: A second scenario
map:
  boards:
    - {board: III}
    - {board: IV, rightOf: III, rotate: 180}
sides:
  - id: allied
    name: Allied (Feudal kingdoms and Mercenaries)
    faction: [mercenary, feudal]
    force: intro-allied
    setup:
      - {unit: captain, count: 1, cells: [IVC08]}
      - {unit: knight-levies, count: 2, cells: [IIIB02, IVT20]}
  - id: roman
    name: Roman Empire
    faction: [roman]
    force: intro-roman
    entry:
      - edge: west
`

// A package with two scenarios, one on a board turned round: each scenario's board is on the map with its
// own set-up (no default board, so VASSAL asks which), and the turned board's zone names its cells as
// printed (VASSAL's descending numbering).
func TestTwoScenariosAndATurnedBoard(t *testing.T) {
	dir := copyPackage(t, "highest-ground")
	if err := os.WriteFile(filepath.Join(dir, "scenarios", "second.yaml"), []byte(secondScenario), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, ds, err := Export(c, Options{DPI: 40})
	if err != nil || m == nil {
		t.Fatal(err, ds)
	}
	z, _ := m.Zip()
	if r := check.Bytes(z, "two.vmod"); len(r.Diags) > 0 {
		t.Fatalf("check: %v", r.Diags)
	}
	bf := string(m.File("buildFile.xml"))
	for _, want := range []string{`location="IVC08"`, `owningBoard="A second scenario" useGridLocation="true" location="IIIB02"`, `hDescend="true"`} {
		if !strings.Contains(bf, want) {
			t.Errorf("no %s", want)
		}
	}
	if strings.Contains(bf, "<setup>MapBoardPicker") {
		t.Error("the main map picks a board itself, though there are two scenarios")
	}
	els := boardElements(t, m)
	walked := 0
	for _, b := range m.Boards {
		if b.Scenario == nil {
			continue
		}
		d := drawingOf(t, c.Package(), b)
		g, _ := check.BoardGrid(els[b.Map+"/"+b.Name], b.Width, b.Height)
		px, py, _, _ := d.PixelOrigin(m.DPI)
		if bad, first := walkCells(g, d.Set, px, py, m.DPI/surface.Inch); bad > 0 {
			t.Errorf("%s: %d cells wrong: %v", b.Name, bad, first)
		}
		walked++
	}
	if walked != 2 {
		t.Errorf("%d scenario boards", walked)
	}
}
