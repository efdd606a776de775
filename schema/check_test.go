package schema

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

func check(t *testing.T, src string) diag.List {
	t.Helper()
	docs, ds := content.Parse("doc.yaml", []byte(src))
	if len(ds) > 0 {
		t.Fatalf("parse: %v", ds)
	}
	out, _ := Check(docs)
	out.Sort()
	return out
}

func find(ds diag.List, code, pos string) *diag.Diagnostic {
	for i := range ds {
		if ds[i].Code == code && ds[i].Pos.String() == pos {
			return &ds[i]
		}
	}
	return nil
}

func TestSchemasCompile(t *testing.T) {
	if _, err := load(); err != nil {
		t.Fatal(err)
	}
	for _, k := range content.Kinds {
		if FileForKind[k] == "" {
			t.Errorf("kind %s has no schema", k)
		}
	}
}

func TestErrorsPointAtTheNode(t *testing.T) {
	ds := check(t, `kind: UnitType
id: knight
name: Knight Levies
clases: [combat]
stats:
  movement: 2
echelon: divison
footprint: three
components:
  - {unit: crew}
back:
  kind: reduced
  labl: Disrupted
`)
	cases := []struct{ code, pos, hint string }{
		{"schema.unknown-key", "doc.yaml:4:1", `did you mean "classes"?`},
		{"schema.enum", "doc.yaml:7:10", `did you mean "division"?`},
		{"schema.type", "doc.yaml:8:12", ""},
		{"schema.required", "doc.yaml:10:5", "count: a whole number"},
		{"schema.unknown-key", "doc.yaml:13:3", `did you mean "label"?`},
	}
	for _, c := range cases {
		d := find(ds, c.code, c.pos)
		if d == nil {
			t.Errorf("want %s at %s; got:\n%v", c.code, c.pos, ds)
			continue
		}
		if !strings.Contains(d.Hint, c.hint) {
			t.Errorf("%s at %s: hint %q, want it to contain %q", c.code, c.pos, d.Hint, c.hint)
		}
	}
	if len(ds) != len(cases) {
		t.Errorf("got %d diagnostics, want %d (every error, each once):\n%v", len(ds), len(cases), ds)
	}
	if d := find(ds, "schema.type", "doc.yaml:8:12"); d != nil && !strings.Contains(d.Message, `"three"`) {
		t.Errorf("type message should quote the value: %s", d.Message)
	}
}

func TestValueNotation(t *testing.T) {
	ds := check(t, `kind: Force
id: f
points: 12½
units:
  - {unit: a, count: 2}
items:
  - {item: supplies, count: 1/4}
  - {item: ammo, count: lots}
`)
	if len(ds) != 1 || ds[0].Code != "schema.pattern" || ds[0].Pos.String() != "doc.yaml:8:25" {
		t.Fatalf("want one schema.pattern at doc.yaml:8:29, got %v", ds)
	}
	if !strings.Contains(ds[0].Hint, "1/2") {
		t.Errorf("the hint should say how to write a number: %q", ds[0].Hint)
	}
}

func TestKindProblems(t *testing.T) {
	ds := check(t, "kind: Unittype\nid: x\n---\nid: y\n---\nkind: 3\nid: z\n---\n- a list\n")
	want := []struct{ pos, hint string }{
		{"doc.yaml:1:7", `did you mean "UnitType"?`}, {"doc.yaml:4:1", "add kind"}, {"doc.yaml:6:7", ""}, {"doc.yaml:9:1", ""},
	}
	if len(ds) != len(want) {
		t.Fatalf("got %v", ds)
	}
	for i, w := range want {
		if ds[i].Pos.String() != w.pos || !strings.Contains(ds[i].Hint, w.hint) {
			t.Errorf("diag %d = %s (hint %q), want at %s with hint %q", i, ds[i], ds[i].Hint, w.pos, w.hint)
		}
	}
}

func TestEveryKindAcceptsAMinimalDocument(t *testing.T) {
	minimal := map[string]string{
		"Package":    "kind: Package\nid: p\nversion: 1.0.0\n",
		"System":     "kind: System\nid: s\n",
		"UnitType":   "kind: UnitType\nid: u\nstats: {movement: 1}\n",
		"Marker":     "kind: Marker\nid: m\n",
		"CounterMix": "kind: CounterMix\nid: c\ncounters: []\n",
		"Map":        "kind: Map\nid: m\ngrid: {type: hex, cols: 2, rows: 2}\n",
		"Force":      "kind: Force\nid: f\nunits: []\n",
		"Scenario":   "kind: Scenario\nid: s\nmap: {map: m}\nsides: [{id: a}]\n",
		"Table":      "kind: Table\nid: t\ncolumns: [a]\nrows: [{label: r, cells: [x]}]\n",
		"Generator":  "kind: Generator\nid: g\ntype: map\n",
		"Fixture":    "kind: Fixture\nid: x\nexpect: pass\n",
		"Deck":       "kind: Deck\nid: d\n",
		"Card":       "kind: Card\nid: c\n",
	}
	for _, k := range content.Kinds {
		src, ok := minimal[k]
		if !ok {
			t.Errorf("no minimal document for kind %s", k)
			continue
		}
		if ds := check(t, src); len(ds) != 0 {
			t.Errorf("%s: %v", k, ds)
		}
	}
}

// A fixture's inline force and scenario are Force and Scenario documents without kind: their schemas must
// allow every key the real kinds allow.
func TestFixtureInlineDocumentsMatchTheirKinds(t *testing.T) {
	c, err := load()
	if err != nil {
		t.Fatal(err)
	}
	fx := c.raw["fixture.schema.json"].(map[string]any)["properties"].(map[string]any)
	for key, file := range map[string]string{"force": "force.schema.json", "scenario": "scenario.schema.json"} {
		inline := fx[key].(map[string]any)["properties"].(map[string]any)
		for k := range c.raw[file].(map[string]any)["properties"].(map[string]any) {
			if _, ok := inline[k]; !ok && k != "kind" {
				t.Errorf("fixture %s lacks %q, which %s allows", key, k, file)
			}
		}
	}
}
