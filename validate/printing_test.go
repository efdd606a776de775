package validate

import (
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content/diag"
)

// The print-text check reads what is printed and nothing else: a document's own notes, formulas and
// fixtures may hold any character; a table's notes, a side's notes and a unit's name may not.
func TestPrintTextReadsWhatIsPrinted(t *testing.T) {
	dir := writePkg(t, map[string]string{"muster.yaml": testManifest + "name: Jeu 機\n", "system.yaml": testSystem, "units.yaml": testUnits + `
---
kind: UnitType
id: x
name: "Lancers 槍"
notes: "designer's note 注"
classes: [A, combat]
stats: {melee: 1, fire: "-", morale: 1}
---
kind: Table
id: t1
title: Table
notes: ["table note 表"]
columns: [a]
rows:
  - {label: "1", cells: ["ok"]}
---
kind: Fixture
id: f1
expect: pass
force:
  name: "fixture 試"
  units: [{unit: x, count: 1}]
`})
	r := Load(dir)
	var got []string
	for _, d := range r.Diags {
		if d.Code == "print-text.glyph" {
			got = append(got, d.Message[:strings.Index(d.Message, ":")])
		}
	}
	slices.Sort(got)
	want := []string{`"Jeu 機"`, `"Lancers 槍"`, `"table note 表"`}
	if !slices.Equal(got, want) {
		t.Errorf("glyph errors on %q, want %q", got, want)
	}
	for _, d := range r.Diags {
		if d.Code != "print-text.glyph" || !strings.Contains(d.Message, "槍") {
			continue
		}
		text := must.ReadFile(t, d.Pos.File)
		if line := strings.Split(string(text), "\n")[d.Pos.Line-1]; !strings.HasPrefix(string([]rune(line)[d.Pos.Col-1:]), "槍") {
			t.Errorf("the error points at %s, %q, not at the character", d.Pos, line)
		}
	}
}

// Names are bounded at 500 characters and paragraphs at 20,000 (issue 19.10).
func TestPrintTextLengths(t *testing.T) {
	long := strings.Repeat("a", 501)
	dir := writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": testSystem, "units.yaml": testUnits + `
---
kind: UnitType
id: x
name: ` + long + `
abbr: ` + strings.Repeat("b", 500) + `
source: ` + strings.Repeat("c ", 10_001) + `
classes: [A, combat]
stats: {melee: 1, fire: "-", morale: 1}
`})
	var got []string
	for _, d := range Load(dir).Diags {
		if d.Code == "print-text.length" && d.Severity == diag.Error {
			got = append(got, d.Pos.Path)
		}
	}
	if !slices.Equal(got, []string{"/name", "/source"}) {
		t.Errorf("length errors at %v, want the name and the source", got)
	}
}
