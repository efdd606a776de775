package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// mapCodes are the diagnostics the map checks report, and those that say a fixture is not valid content
// (schema, decoding, references); other checks' findings are not these tests' business.
func mapDiag(d diag.Diagnostic) bool {
	for _, p := range []string{"map-", "placement-labels.", "schema.", "decode.", "value.", "references.", "io.", "yaml."} {
		if strings.HasPrefix(d.Code, p) {
			return true
		}
	}
	return false
}

// mapFindings loads a fixture under testdata/maps and lists its map diagnostics as "file:line:col code",
// the file relative to the fixture's folder.
func mapFindings(t *testing.T, dir string) ([]string, []diag.Diagnostic) {
	t.Helper()
	r := Load(dir)
	var out []string
	var ds []diag.Diagnostic
	for _, d := range r.Diags {
		if !mapDiag(d) {
			continue
		}
		rel, err := filepath.Rel(dir, d.Pos.File)
		if err != nil {
			rel = d.Pos.File
		}
		out = append(out, fmt.Sprintf("%s:%d:%d %s", filepath.ToSlash(rel), d.Pos.Line, d.Pos.Col, d.Code))
		ds = append(ds, d)
	}
	return out, ds
}

func TestMapFixturesValid(t *testing.T) {
	for _, name := range []string{"hex-good", "square-good", "open-good", "area-good", "p2p-good"} {
		for _, res := range RunFixtures(Load(filepath.Join("testdata", "maps", name))) {
			if !res.Pass {
				t.Errorf("%s: fixture %s fails: %s %v", name, res.Fixture.ID, res.Why, res.Diags)
			}
		}
		got, ds := mapFindings(t, filepath.Join("testdata", "maps", name))
		if len(got) > 0 {
			t.Errorf("%s: want no problems, got:", name)
			for _, d := range ds {
				t.Errorf("  %s", d)
			}
		}
	}
}

// Each broken fixture triggers each of its diagnostics once, at the exact file, line and column.
func TestMapFixturesBroken(t *testing.T) {
	for _, tc := range []struct {
		name string
		want []string
	}{
		{"hex-broken", []string{
			"boards.yaml:7:14 map-terrain.row-length",    // the 9th cell of an 8-column row
			"boards.yaml:8:13 map-terrain.row-length",    // just after the 7th cell
			"boards.yaml:10:11 map-terrain.unknown-char", // the "x" itself
			"boards.yaml:14:5 map-terrain.rows",          // the last of 9 rows, on a 10-row grid
			"boards.yaml:16:64 map-cells.off-map",        // location cell IE11
			"boards.yaml:18:25 map-cells.bad-label",      // label cell 'IC3', inside its quotes
			"boards.yaml:35:5 map-terrain.rows",          // the 11th row
			"boards.yaml:37:12 map-cells.bad-label",      // IIH1O (letter O)
			"boards.yaml:38:12 map-cells.off-map",        // IIJ10: column J on an 8-column board
			"boards.yaml:43:7 map-hexsides.chain",        // the river jumps from C04/D03 to C05/D05
			"boards.yaml:44:49 map-hexsides.not-adjacent",
			"boards.yaml:46:56 map-paths.not-adjacent", // D03 -> F03
			"boards.yaml:48:26 map-crossings.no-water",
			"boards.yaml:49:26 map-crossings.no-path",
			"scenario.yaml:10:16 placement-labels.unknown-edge",     // wets
			"scenario.yaml:10:36 placement-labels.unknown-cell",     // IA11
			"scenario.yaml:12:36 placement-labels.unknown-cell",     // C03 without its board
			"scenario.yaml:13:36 placement-labels.unknown-cell",     // zone near IIX08
			"scenario.yaml:14:24 placement-labels.unknown-location", // deployment near vilage-i
			"scenario.yaml:16:24 placement-labels.unknown-cell",     // IICo8
			"scenario.yaml:17:29 placement-labels.unknown-location",
			"scenario.yaml:19:75 placement-labels.unknown-edge", // reinforcement entry esat
			"scenario.yaml:22:60 placement-labels.unknown-edge", // award edge II.est
		}},
		{"layout-broken", []string{
			"scenarios.yaml:8:27 map-layout.overlap",
			"scenarios.yaml:15:5 map-layout.hole",
			"scenarios.yaml:25:7 map-layout.hex-pattern",
			"scenarios.yaml:42:15 map-layout.size",
			"scenarios.yaml:50:26 map-layout.order",
			"scenarios.yaml:57:8 map-layout.both",
		}},
		{"open-broken", []string{
			"table.yaml:5:40 map-tabletop.piece-off-table",
			"table.yaml:10:9 map-tabletop.piece-off-table", // the polygon's corner at 50in
			"table.yaml:13:39 map-tabletop.point-off-table",
			"table.yaml:14:41 map-cells.no-grid",
			"table.yaml:16:26 map-cells.no-grid",
			"table.yaml:23:36 placement-labels.unknown-cell",
		}},
		{"grid-broken", []string{
			"maps.yaml:3:7 map-grid.grid",
			"maps.yaml:7:7 map-grid.grid",
			"maps.yaml:15:23 map-grid.numbering",
			"maps.yaml:23:14 map-grid.numbering",
			"maps.yaml:31:14 map-grid.numbering",
			"maps.yaml:36:58 schema.enum", // and no map-grid duplicate of it
		}},
		{"area-broken", []string{
			"map.yaml:5:22 map-places.terrain",     // lowlnd
			"map.yaml:6:20 map-places.owner",       // blu
			"map.yaml:6:41 map-places.stat",        // castle 5 > max 3
			"map.yaml:6:50 map-places.stat",        // keep: undeclared
			"map.yaml:7:5 map-places.disconnected", // the second a
			"map.yaml:7:10 map-places.duplicate",
			"map.yaml:7:22 map-connections.missing", // b and the second a touch, unjoined
			"map.yaml:8:5 map-places.disconnected",
			"map.yaml:8:44 map-places.polygon", // the bowtie crosses itself
			"map.yaml:9:5 map-places.disconnected",
			"map.yaml:9:24 map-places.overlap", // lap overlaps a
			"map.yaml:9:24 map-places.overlap", // ... and b
			"map.yaml:10:19 map-places.point",  // far's point is off the map
			"map.yaml:10:37 map-connections.missing",
			"map.yaml:10:62 map-places.polygon", // far's corner at 6.5 is off the map
			"map.yaml:11:5 map-places.polygon",  // nowhere has no outline
			"map.yaml:11:5 map-places.disconnected",
			"map.yaml:12:5 map-places.point", // the holding box has no point
			"map.yaml:13:5 map-places.disconnected",
			"map.yaml:13:22 map-places.point",        // astray's point lies outside its outline
			"map.yaml:16:19 map-connections.unknown", // c
			"map.yaml:17:19 map-connections.self",
			"map.yaml:18:5 map-connections.duplicate",
			"map.yaml:19:5 map-connections.untouched", // b and far meet at a corner only
			"map.yaml:19:31 map-connections.type",     // brdr
			"map.yaml:20:5 map-connections.untouched",
			"map.yaml:20:31 map-connections.type", // a bridge is a crossing
			"map.yaml:22:3 map-places.key",        // hexsides on an area map
		}},
		{"p2p-broken", []string{
			"map.yaml:5:3 map-places.key",     // areas on a point-to-point map
			"map.yaml:8:21 map-places.on-top", // brest on alba
			"map.yaml:9:5 map-places.disconnected",
			"map.yaml:9:21 map-places.point", // corva off the map
			"map.yaml:10:5 map-places.disconnected",
			"map.yaml:10:25 map-places.shape", // an outline on a place
			"map.yaml:11:5 map-places.disconnected",
			"map.yaml:11:34 schema.exclusiveMinimum", // a box 0 wide, once
			"map.yaml:14:58 map-connections.route",   // the route runs off the map
		}},
		{"square-broken", []string{
			"field.yaml:5:40 map-hexsides.not-adjacent", // 0101/0202 is a diagonal, not an edge
			"field.yaml:5:66 map-hexsides.duplicate",
			"field.yaml:7:55 map-paths.not-adjacent", // a diagonal step without a diagonalCost
		}},
	} {
		got, ds := mapFindings(t, filepath.Join("testdata", "maps", tc.name))
		if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
			t.Errorf("%s:\ngot\n\t%s\nwant\n\t%s", tc.name, strings.Join(got, "\n\t"), strings.Join(tc.want, "\n\t"))
			for _, d := range ds {
				t.Logf("  %s", d)
			}
		}
	}
}

func TestMapHints(t *testing.T) {
	_, ds := mapFindings(t, filepath.Join("testdata", "maps", "hex-broken"))
	hints := map[string]string{}
	for _, d := range ds {
		hints[fmt.Sprintf("%s:%d:%d", filepath.Base(d.Pos.File), d.Pos.Line, d.Pos.Col)] = d.Hint
	}
	for at, want := range map[string]string{
		"scenario.yaml:16:24": `did you mean "IIC08"?`,
		"scenario.yaml:12:36": `did you mean "IC03"?`,
		"scenario.yaml:10:16": `did you mean "west"?`,
		"scenario.yaml:14:24": `did you mean "village-i"?`,
		"boards.yaml:37:12":   `did you mean "IIH10"?`,
		"boards.yaml:18:25":   `did you mean "IC03"?`,
	} {
		if hints[at] != want {
			t.Errorf("hint at %s = %q, want %q", at, hints[at], want)
		}
	}
}

// IICo8 (as THG 15.2 prints it) in the Highest Ground scenario is reported at its own line and column with
// the hint did you mean "IIC08"?.
func TestHighestGroundMistypedCell(t *testing.T) {
	dir := copyTree(t, thg)
	file := filepath.Join(dir, "scenarios", "introductory.yaml")
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	loc := regexp.MustCompile(`cells: \[[^\]]*\b(IIC08)\b`).FindSubmatchIndex(data)
	if loc == nil {
		t.Skip("the introductory scenario lists no IIC08 cell")
	}
	line := 1 + strings.Count(string(data[:loc[2]]), "\n")
	col := loc[2] - strings.LastIndex(string(data[:loc[2]]), "\n")
	mod := string(data[:loc[2]]) + "IICo8" + string(data[loc[3]:])
	if err := os.WriteFile(file, []byte(mod), 0o644); err != nil {
		t.Fatal(err)
	}
	r := Load(dir)
	found := false
	for _, d := range r.Diags {
		if d.Code != "placement-labels.unknown-cell" {
			continue
		}
		found = true
		if filepath.Base(d.Pos.File) != "introductory.yaml" || d.Pos.Line != line || d.Pos.Col != col {
			t.Errorf("reported at %s, want introductory.yaml:%d:%d", d.Pos, line, col)
		}
		if d.Hint != `did you mean "IIC08"?` {
			t.Errorf("hint = %q", d.Hint)
		}
	}
	if !found {
		t.Errorf("IICo8 not reported: %v", r.Diags)
	}
}

// The example's boards and scenario pass every map check.
func TestHighestGroundMaps(t *testing.T) {
	r := Load(thg)
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "map-") || strings.HasPrefix(d.Code, "placement-labels.") {
			t.Errorf("%s", d)
		}
	}
}

// writeBigMap writes a package with one n x n hex map: patterned terrain rows, a river down the middle
// (2n hexsides), a road across it with a bridge, cell overrides and a scenario placing units on it.
func writeBigMap(t testing.TB, n int) string {
	dir := t.TempDir()
	lab := func(c, r int) string { return fmt.Sprintf("%03d%03d", c+1, r+1) }
	var b strings.Builder
	b.WriteString("kind: Map\nid: big\ngrid: {type: hex, cols: " + fmt.Sprint(n) + ", rows: " + fmt.Sprint(n) +
		", numbering: {scheme: ccrr, digits: 3}}\nterrain:\n")
	pattern := ".f.h..f.v."
	for r := 0; r < n; r++ {
		row := make([]byte, n)
		for c := range row {
			row[c] = pattern[(c*7+r*3)%len(pattern)]
		}
		fmt.Fprintf(&b, "  - \"%s\"\n", row)
	}
	b.WriteString("cells:\n")
	for i := 0; i < 50; i++ {
		fmt.Fprintf(&b, "  - {cell: \"%s\", terrain: hill}\n", lab(i*3, i*4%n))
	}
	rc := n/2 - n/2%2 // an even column: the river runs down between it and the next
	b.WriteString("hexsides:\n  - id: river\n    type: river\n    sides:\n")
	for r := 0; r < n; r++ {
		fmt.Fprintf(&b, "      - %s/%s\n", lab(rc, r), lab(rc+1, r))
		if r+1 < n {
			fmt.Fprintf(&b, "      - %s/%s\n", lab(rc, r+1), lab(rc+1, r))
		}
	}
	road := n / 2
	b.WriteString("paths:\n  - id: road\n    type: road\n    cells: [")
	for c := 0; c < n; c++ {
		if c > 0 {
			b.WriteString(", ")
		}
		fmt.Fprintf(&b, "\"%s\"", lab(c, road))
	}
	fmt.Fprintf(&b, "]\ncrossings:\n  - {type: bridge, side: \"%s/%s\"}\n", lab(rc, road), lab(rc+1, road))
	fmt.Fprintf(&b, "locations:\n  - {id: town, kind: village, cells: [\"%s\"]}\n", lab(10, 10))
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: big\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": `kind: System
id: sys
grid: hex
terrain:
  - {id: clear, char: "."}
  - {id: woods, char: f}
  - {id: hill, char: h}
  - {id: village, char: v}
features:
  - {id: river, on: hexside, water: true}
  - {id: road, on: path}
  - {id: bridge, on: crossing}
`,
		"map.yaml": b.String(),
		"scenario.yaml": fmt.Sprintf(`kind: Scenario
id: s
map: {map: big}
sides:
  - id: a
    entry: [{edge: west, cells: ["%s", "%s"]}]
    deployment: {near: town, within: 3}
  - id: b
    entry: [{edge: east}]
objectives:
  - {id: bridge, cells: ["%s", "%s"]}
`, lab(0, 0), lab(0, 1), lab(rc, road), lab(rc+1, road)),
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// BenchmarkBigMap decodes and checks a generated 200x200 map: the whole pipeline, every check.
func BenchmarkBigMap(b *testing.B) {
	dir := writeBigMap(b, 200)
	b.ReportAllocs()
	for b.Loop() {
		r := Load(dir)
		if r.Diags.HasErrors() {
			b.Fatal(r.Diags)
		}
	}
}

// A 200x200 map is decoded and checked clean (BenchmarkBigMap measures it; the target is 100 ms).
func TestBigMapIsClean(t *testing.T) {
	dir := writeBigMap(t, 200)
	r := Load(dir)
	for _, d := range r.Diags {
		if mapDiag(d) {
			t.Fatalf("the generated map must be clean: %s", d)
		}
	}
}

// A crossing whose feature says needsPath: false (a ford across a stream with no road) needs water but no path.
func TestCrossingWithoutPath(t *testing.T) {
	dir := copyTree(t, filepath.Join("testdata", "maps", "square-good"))
	edit := func(name, from, to string) {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), from) {
			t.Fatalf("%s: %v (or %q missing)", name, err, from)
		}
		if err := os.WriteFile(p, []byte(strings.Replace(string(b), from, to, 1)), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	// Move the ford to a stream edge no track crosses.
	edit("field.yaml", "{type: ford, side: C03/C04}", "{type: ford, side: A03/A04}")
	got, _ := mapFindings(t, dir)
	if len(got) != 1 || !strings.HasSuffix(got[0], "map-crossings.no-path") {
		t.Fatalf("a ford off the track must lack a path: %v", got)
	}
	edit("system.yaml", "{id: ford, on: crossing}", "{id: ford, on: crossing, needsPath: false}")
	if got, _ := mapFindings(t, dir); len(got) != 0 {
		t.Errorf("with needsPath: false the ford needs no path: %v", got)
	}
}
