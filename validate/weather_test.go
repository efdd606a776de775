package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A column shift may ask about the turn's weather and the attacking or defending side's faction: a fixture's
// lookup gives the weather, or the turn of a scenario whose turn record has it.
func TestCombatWeatherAndFactions(t *testing.T) {
	dir := writePkg(t, map[string]string{
		"muster.yaml": "kind: Package\nid: w\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": `kind: System
id: sys
grid: hex
factions: [{id: north}, {id: south}]
weather: [{id: clear, name: Clear}, {id: mud, name: Mud}]
`,
		"units.yaml": "kind: UnitType\nid: n-inf\nfaction: north\nstats: {}\n---\nkind: UnitType\nid: s-inf\nfaction: south\nstats: {}\n",
		"crt.yaml": `kind: Table
id: crt
columns: ["1:1", "2:1", "3:1"]
rows: [{label: "1", cells: [x, y, z]}]
combat:
  method: odds
  shifts:
    - {id: mud, columns: -1, when: "weather == 'mud'"}
    - {id: north-defends, columns: -1, when: "defender.faction == 'north' && all(attackers, .faction == 'south')"}
`,
		"scenario.yaml": `kind: Scenario
id: autumn
map: {map: field}
length: {turns: 3}
turns: [{turn: 2, weather: mud}]
sides: [{id: north, faction: [north]}, {id: south, faction: [south]}]
`,
		"map.yaml": "kind: Map\nid: field\ngrid: {type: hex, cols: 4, rows: 4}\n",
		"fixture.yaml": `kind: Fixture
id: weather
expect: pass
lookups:
  - {table: crt, attack: 9, defence: 3, expect: "3:1"}
  - {table: crt, attack: 9, defence: 3, weather: mud, expect: "2:1"}
  - {table: crt, attack: 9, defence: 3, scenario: autumn, turn: 2, expect: "2:1"}
  - {table: crt, attack: 9, defence: 3, scenario: autumn, turn: 3, expect: "3:1"}
  - {table: crt, attack: 9, defence: 3, attackers: [{unit: s-inf}], defenders: [{unit: n-inf}], expect: "2:1"}
  - {table: crt, attack: 9, defence: 3, attackers: [{unit: n-inf}], defenders: [{unit: n-inf}], expect: "3:1"}
  - {table: crt, attack: 9, defence: 3, attackers: [{unit: s-inf}], defenders: [{unit: n-inf}], turn: 2, scenario: autumn, expect: "1:1"}
`,
	})
	r := Load(dir)
	if r.Diags.HasErrors() {
		t.Fatalf("the package does not validate: %v", r.Diags)
	}
	res := RunFixtures(r)
	if len(res) != 1 || !res[0].Pass {
		t.Fatalf("fixture: %+v", res)
	}
}

// A weather's moveCosts name terrain or features of the System, each a number or impassable: a misspelt
// terrain or a word for a cost is an error at the value, with the nearest id as a hint.
func TestWeatherMoveCosts(t *testing.T) {
	for _, tc := range []struct {
		name, costs, code, hint string
	}{
		{"unknown terrain", "{marsch: 1}", "references.unknown", "marsh"},
		{"not a cost", "{marsh: cheap}", "references.value", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("..", "examples", "testdata", "river-line"))
			file := filepath.Join(dir, "system.yaml")
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			old := "moveCosts: {marsh: 1}"
			if !strings.Contains(string(b), old) {
				t.Fatalf("system.yaml has no %q", old)
			}
			src := strings.Replace(string(b), old, "moveCosts: "+tc.costs, 1)
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			line := 1 + strings.Count(src[:strings.Index(src, "moveCosts: "+tc.costs)], "\n")
			r := Load(dir)
			for _, d := range r.Diags {
				if d.Code == tc.code && d.Pos.File == file && d.Pos.Line == line && strings.Contains(d.Hint, tc.hint) {
					return
				}
			}
			t.Errorf("want %s at %s:%d (hint naming %q), got:\n%v", tc.code, file, line, tc.hint, r.Diags)
		})
	}
}
