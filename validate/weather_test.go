package validate

import (
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
