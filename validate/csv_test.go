package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// Every stage reports a problem in a spreadsheet at its cell, as it does at a YAML value: the schema (a count
// that is not a whole number), the references check (a faction the System does not have), the counter faces
// check (a symbol muster cannot draw, on a unit no mix prints), the stats check (a value in the wrong
// notation), and the loader itself (a misspelt column).
func TestSpreadsheetProblemsAtTheirCells(t *testing.T) {
	dir := copyTree(t, thg)
	csv := "id,name,faction,classes,symbol,footprint,movement,range,attack,morale,defense\n" +
		"a1,One,feudal,combat feudal,infantry,1,1,0,1,1,1\n" +
		"a2,Two,feudl,combat feudal,infantry,1,1,0,1,1,1\n" +
		"a3,Three,feudal,combat feudal,infantri,two,1,0,1,1,1\n" +
		"a4,Four,feudal,combat feudal,infantry,1,1,0,x3,1,1\n"
	if err := os.WriteFile(filepath.Join(dir, "units.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	mix := "unit,count\na1,three\na2,1\n"
	if err := os.WriteFile(filepath.Join(dir, "mix.csv"), []byte(mix), 0o644); err != nil {
		t.Fatal(err)
	}
	m := must.ReadFile(t, filepath.Join(dir, "muster.yaml"))
	m = []byte(strings.Replace(string(m), "  - units/*.yaml\n", "  - units/*.yaml\n  - {file: units.csv, kind: UnitType}\n  - {file: mix.csv, kind: CounterMix, id: csv-mix}\n", 1))
	if err := os.WriteFile(filepath.Join(dir, "muster.yaml"), m, 0o644); err != nil {
		t.Fatal(err)
	}
	r := Load(dir)
	want := map[string]string{ // code -> position in the spreadsheet
		"references":    "units.csv:3:8",  // feudl
		"counter-faces": "units.csv:4:31", // infantri
		"schema":        "units.csv:4:40", // two
		"stats":         "units.csv:5:45", // x3
	}
	found := map[string]bool{}
	var inCSV []string
	for _, d := range r.Diags {
		file := filepath.Base(d.Pos.File)
		if !strings.HasSuffix(file, ".csv") {
			continue
		}
		at := file + ":" + itoa(d.Pos.Line) + ":" + itoa(d.Pos.Col)
		family := strings.SplitN(d.Code, ".", 2)[0]
		if w, ok := want[family]; ok && w == at {
			found[family] = true
		}
		if d.Pos.Line < 2 || d.Pos.Col < 1 {
			t.Errorf("a diagnostic in a spreadsheet without its cell: %v", d)
		}
		if at == "units.csv:4:40" && d.Code != "schema.type" || at == "mix.csv:2:4" && d.Code != "schema.type" {
			t.Errorf("a whole number in the wrong notation: %v", d)
		}
		found[at] = true
		inCSV = append(inCSV, d.String())
	}
	for family, at := range want {
		if !found[family] {
			t.Errorf("no %s diagnostic at %s:\n%s", family, at, strings.Join(inCSV, "\n"))
		}
	}
	for _, at := range []string{"units.csv:4:40", "mix.csv:2:4"} {
		if !found[at] {
			t.Errorf("nothing reported at %s (a count or footprint that is not a whole number):\n%s", at, strings.Join(inCSV, "\n"))
		}
	}
}
