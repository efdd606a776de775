package content

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

func TestParsePositionsAndValues(t *testing.T) {
	src := `# yaml-language-server: $schema=../schema/muster.schema.json
kind: UnitType
id: foote
stats:
  movement: 1
  attack: "3*"
  morale: 2½
classes: [combat, feudal]
date: 1997-01-02
---
kind: UnitType
id: second
`
	docs, ds := Parse("u.yaml", []byte(src))
	if len(ds) != 0 {
		t.Fatalf("unexpected diagnostics: %v", ds)
	}
	if len(docs) != 2 {
		t.Fatalf("got %d documents, want 2", len(docs))
	}
	d := docs[0]
	if d.Kind != "UnitType" || d.ID != "foote" || docs[1].ID != "second" || docs[1].Index != 1 {
		t.Errorf("kind/id/index = %q %q %q %d", d.Kind, d.ID, docs[1].ID, docs[1].Index)
	}
	checks := map[string]string{
		"/stats/movement": "u.yaml:5:13",
		"/stats/attack":   "u.yaml:6:11",
		"/classes/1":      "u.yaml:8:19",
		"/id":             "u.yaml:3:5",
		"":                "u.yaml:2:1",
		"/nope/deeper":    "u.yaml:2:1", // nearest existing ancestor
	}
	for ptr, want := range checks {
		if got := d.PosOf(ptr).String(); got != want {
			t.Errorf("PosOf(%q) = %s, want %s", ptr, got, want)
		}
	}
	if got := d.KeyPos("/stats/attack").String(); got != "u.yaml:6:3" {
		t.Errorf("KeyPos(/stats/attack) = %s, want u.yaml:6:3", got)
	}
	if got := docs[1].Pos().String(); got != "u.yaml:11:1" {
		t.Errorf("second document at %s", got)
	}
	m := d.Value.(map[string]any)
	stats := m["stats"].(map[string]any)
	if stats["movement"] != json.Number("1") || stats["attack"] != "3*" || stats["morale"] != "2½" {
		t.Errorf("stats = %#v", stats)
	}
	if m["date"] != "1997-01-02" {
		t.Errorf("a date must stay a string, got %#v", m["date"])
	}
}

func TestParseJSONKeepsPositions(t *testing.T) {
	src := "{\n  \"kind\": \"Force\",\n  \"id\": \"f\",\n  \"units\": [\n    {\"unit\": \"legion\", \"count\": 3}\n  ]\n}\n"
	docs, ds := Parse("f.json", []byte(src))
	if len(ds) != 0 || len(docs) != 1 {
		t.Fatalf("docs %d, diags %v", len(docs), ds)
	}
	if got := docs[0].PosOf("/units/0/count").String(); got != "f.json:5:33" {
		t.Errorf("PosOf(/units/0/count) = %s, want f.json:5:33", got)
	}
}

func TestParseProblems(t *testing.T) {
	cases := []struct {
		name, src, code, pos string
	}{
		{"unclosed flow list", "kind: UnitType\nid: [unclosed\n", "syntax", "x.yaml:2"},
		{"block item in a mapping", "a: 1\nb: 2\n- c\n", "syntax", "x.yaml:3"},
		{"unknown anchor", "a: 1\nb: *nope\n", "syntax", "x.yaml:2:4"},
		{"bad indentation", "kind: A\n  id: b\n", "syntax", "x.yaml:2"},
		{"duplicate key", "kind: A\nid: b\nid: c\n", "syntax.duplicate-key", "x.yaml:3:1"},
		{"non-string key", "kind: A\n3: b\n", "syntax.key", "x.yaml:2:1"},
		{"binary", "kind: A\nid: \x00\x01\x02", "syntax.binary", "x.yaml:2:5"},
		{"invalid utf8", "kind: A\nid: \xff\xfe", "syntax.binary", "x.yaml:2:5"},
		{"json syntax", "{\n  \"kind\": \"A\",\n  \"id\": ,\n}\n", "syntax", "x.json:3:9"},
		{"merge of a scalar", "a: &a 3\nb:\n  <<: *a\n", "syntax.merge", "x.yaml:1:4"},
	}
	for _, c := range cases {
		_, ds := Parse("x.yaml", []byte(c.src))
		if strings.HasPrefix(c.pos, "x.json") {
			_, ds = Parse("x.json", []byte(c.src))
		}
		found := false
		for _, d := range ds {
			if d.Code == c.code && strings.HasPrefix(d.Pos.String(), c.pos) {
				found = true
			}
		}
		if !found {
			t.Errorf("%s: want %s at %s, got %v", c.name, c.code, c.pos, ds)
		}
	}
}

func TestParseMergeKeys(t *testing.T) {
	src := "defaults: &d {movement: 1, morale: 2}\nunit:\n  <<: *d\n  morale: 3\n"
	docs, ds := Parse("m.yaml", []byte(src))
	if len(ds) != 0 {
		t.Fatal(ds)
	}
	u := docs[0].Value.(map[string]any)["unit"].(map[string]any)
	if u["movement"] != json.Number("1") || u["morale"] != json.Number("3") {
		t.Errorf("merged = %#v; explicit keys must win", u)
	}
}

func TestParseBoundedOnHostileInput(t *testing.T) {
	// A billion-laughs alias bomb: 9 levels of 10 aliases each would be 10^9 values.
	var b strings.Builder
	b.WriteString("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n")
	for i := 1; i <= 9; i++ {
		b.WriteString("a" + itoa(i) + ": &a" + itoa(i) + " [")
		for j := 0; j < 10; j++ {
			if j > 0 {
				b.WriteString(", ")
			}
			b.WriteString("*a" + itoa(i-1))
		}
		b.WriteString("]\n")
	}
	var ds diag.List
	if n := allocated(func() { _, ds = Parse("bomb.yaml", []byte(b.String())) }); n > 256<<20 {
		t.Errorf("alias bomb allocated %d MB", n>>20)
	}
	if !hasCode(ds, "syntax.too-large") {
		t.Errorf("alias bomb: want syntax.too-large, got %v", ds)
	}

	deep := strings.Repeat("[", 10000) + strings.Repeat("]", 10000)
	if n := allocated(func() { _, ds = Parse("deep.json", []byte(deep)) }); n > 64<<20 {
		t.Errorf("10,000-deep nesting allocated %d MB", n>>20)
	}
	if len(ds) == 0 || !ds.HasErrors() {
		t.Errorf("10,000-deep nesting: want an error, got none")
	}
	deepMap := strings.Repeat("{a: ", 600) + "1" + strings.Repeat("}", 600)
	_, ds = Parse("deep.yaml", []byte(deepMap))
	if !hasCode(ds, "syntax.too-deep") && !hasCode(ds, "syntax") {
		t.Errorf("600-deep mapping: want too-deep, got %v", ds)
	}
}

func TestReadFileLimits(t *testing.T) {
	dir := t.TempDir()
	big := filepath.Join(dir, "big.yaml")
	f, err := os.Create(big)
	if err != nil {
		t.Fatal(err)
	}
	if err := f.Truncate(50 << 20); err != nil { // 50 MB (of NULs), never parsed
		t.Fatal(err)
	}
	f.Close()
	var ds diag.List
	if n := allocated(func() { _, ds = ReadFile(big) }); n > 40<<20 {
		t.Errorf("refusing a 50 MB file allocated %d MB: it must stop reading at the limit", n>>20)
	}
	if !hasCode(ds, "io.too-large") || ds[0].Pos.File != big {
		t.Errorf("50 MB file: want io.too-large naming the file, got %v", ds)
	}
	_, ds = ReadFile(filepath.Join(dir, "missing.yaml"))
	if !hasCode(ds, "io.read") {
		t.Errorf("missing file: want io.read, got %v", ds)
	}
	if err := os.Mkdir(filepath.Join(dir, "adir.yaml"), 0o755); err != nil {
		t.Fatal(err)
	}
	_, ds = ReadFile(filepath.Join(dir, "adir.yaml"))
	if !hasCode(ds, "io.read") {
		t.Errorf("a folder named like a file: want io.read, got %v", ds)
	}
}

func hasCode(ds diag.List, code string) bool {
	for _, d := range ds {
		if d.Code == code {
			return true
		}
	}
	return false
}

func itoa(i int) string { return string(rune('0' + i)) }

// A position knows the value's data path and, where the source shows it, where the value ends; positions
// inside strings (plain, quoted with escapes, folded) are read from the document's own copy of the text.
func TestPositionsCarryPathEndAndCharacters(t *testing.T) {
	src := "kind: Map\r\nid: m\r\nname: \"Board \\\"II\\\"\"\r\nrows:\r\n  - abcdef\r\n  - 'it''s'\r\nnote: >-\r\n  first line\r\n  second\r\nempty: {}\r\n"
	docs, ds := Parse("m.yaml", []byte(src))
	if len(ds) != 0 || len(docs) != 1 {
		t.Fatalf("%v %d", ds, len(docs))
	}
	d := docs[0]
	cases := []struct {
		ptr                 string
		line, col, end, eol int
	}{
		{"/id", 2, 5, 6, 2},
		{"/name", 3, 7, 21, 3},
		{"/rows/0", 5, 5, 11, 5},
		{"/rows/1", 6, 5, 12, 6},
		{"/rows", 5, 3, 12, 6}, // a sequence ends where its last value does
		{"/empty", 10, 8, 10, 10},
	}
	for _, c := range cases {
		p := d.PosOf(c.ptr)
		if p.Line != c.line || p.Col != c.col || p.EndCol != c.end || p.EndLine != c.eol || p.Path != c.ptr {
			t.Errorf("%s: got %+v, want %d:%d to %d:%d", c.ptr, p, c.line, c.col, c.eol, c.end)
		}
	}
	if p := d.PosOf("/note"); p.HasEnd() {
		t.Errorf("a block scalar has no end on its first line: %+v", p)
	}
	if p := d.PosOf("/rows/9/x"); p.Path != "/rows" {
		t.Errorf("a missing node falls back to its nearest ancestor's path: %+v", p)
	}
	chars := []struct {
		ptr       string
		off       int
		line, col int
	}{
		{"/rows/0", 3, 5, 8},   // the d of abcdef
		{"/rows/1", 3, 6, 10},  // the s of it's, after a doubled quote
		{"/name", 7, 3, 16},    // the I of "II", after an escaped quote
		{"/note", 11, 9, 3},    // the s of "second", on the folded block's second line
		{"/rows/0", 99, 5, 11}, // past the end clamps to the end
	}
	for _, c := range chars {
		p := d.CharPos(c.ptr, c.off, diag.Pos{})
		if p.Line != c.line || p.Col != c.col {
			t.Errorf("%s[%d]: got %d:%d, want %d:%d", c.ptr, c.off, p.Line, p.Col, c.line, c.col)
		}
	}
}
