package content

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// A scenario that extends another is the other with its own keys merged over it: a side (by id) keeps what
// the variant does not say, a list such as a setup is replaced, the name is the variant's, and how the base
// was generated is not inherited. A variant of a variant merges in turn.
func TestScenarioExtends(t *testing.T) {
	pkg := writePkg(t, map[string]string{
		"s.yaml": `kind: Scenario
id: base
name: The Crossing
generated: {generator: g, seed: 3, muster: 0.1.0}
length: {turns: 8}
sides:
  - {id: red, name: Red, stacking: 2, setup: [{unit: inf, cells: ["0101"]}]}
  - {id: blue, name: Blue}
---
kind: Scenario
id: longer
extends: base
name: The Crossing, long
length: {turns: 12}
sides:
  - {id: red, setup: [{unit: inf, cells: ["0202"]}]}
---
kind: Scenario
id: longest
extends: longer
length: {turns: 16}
`})
	base, longer, longest := pkg.Scenario("base"), pkg.Scenario("longer"), pkg.Scenario("longest")
	if base == nil || longer == nil || longest == nil {
		t.Fatal("a scenario is missing")
	}
	if longer.Name != "The Crossing, long" || longer.Length.Turns != 12 || len(longer.Sides) != 2 {
		t.Errorf("longer: %q, %d turns, %d sides", longer.Name, longer.Length.Turns, len(longer.Sides))
	}
	red := longer.Sides[0]
	if red.Name != "Red" || red.Stacking == nil || *red.Stacking != 2 || len(red.Setup) != 1 || red.Setup[0].Cells[0] != "0202" {
		t.Errorf("longer's red side: %+v", red)
	}
	if longer.Generated != nil {
		t.Errorf("longer inherits how base was generated: %+v", longer.Generated)
	}
	if longest.Length.Turns != 16 || longest.Name != "The Crossing, long" || longest.Sides[0].Setup[0].Cells[0] != "0202" {
		t.Errorf("longest: %q, %d turns", longest.Name, longest.Length.Turns)
	}
	// The variant's own values are reported in its own file; the base's in theirs.
	if p := longer.Doc.PosOf("/length/turns"); p.Line != 14 {
		t.Errorf("longer's length is at line %d, want 14", p.Line)
	}
	if p := longer.Doc.PosOf("/sides/1/name"); p.Line != 8 {
		t.Errorf("longer's blue side (the base's) is at line %d, want 8", p.Line)
	}
}

func TestScenarioExtendsErrors(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: p\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": "kind: System\nid: sys\n",
		"s.yaml": `kind: Scenario
id: a
extends: b
---
kind: Scenario
id: b
extends: a
---
kind: Scenario
id: c
extends: bse
`}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, ds := Load(dir)
	var got []string
	for _, d := range ds {
		if d.Code == "package.extends" {
			got = append(got, d.Message)
		}
	}
	sort.Strings(got)
	want := []string{"scenario a extends b, which comes back to a", "scenario b extends a, which comes back to b", `scenario c extends "bse", which is no scenario of the package`}
	if len(got) != len(want) {
		t.Fatalf("got %q", got)
	}
	for i := range want {
		if !strings.Contains(got[i], want[i]) {
			t.Errorf("got %q, want %q", got[i], want[i])
		}
	}
}

// A fixture's scenario may be a variant of the package's: the content test writes only what it changes.
func TestFixtureScenarioExtends(t *testing.T) {
	pkg := writePkg(t, map[string]string{
		"s.yaml": `kind: Scenario
id: base
name: The Crossing
length: {turns: 8}
sides:
  - {id: red, name: Red, stacking: 2}
---
kind: Fixture
id: longer
expect: pass
scenario:
  id: longer
  extends: base
  length: {turns: 12}
`})
	var fx *Fixture
	for _, f := range pkg.Fixtures() {
		if f.ID == "longer" {
			fx = f
		}
	}
	if fx == nil || fx.Scenario == nil {
		t.Fatal("the fixture or its scenario is missing")
	}
	sc := fx.Scenario
	if sc.ID != "longer" || sc.Name != "The Crossing" || sc.Length.Turns != 12 || len(sc.Sides) != 1 || *sc.Sides[0].Stacking != 2 {
		t.Errorf("the fixture's scenario: %+v", sc)
	}
}
