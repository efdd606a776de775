package content

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Fixture is a content test: a force or scenario that must pass, or must fail with named rules.
type Fixture struct {
	Meta     `yaml:",inline"`
	Expect   string    `yaml:"expect"` // pass or fail
	Rules    []string  `yaml:"rules"`  // codes or rule ids that must fire
	Force    *Force    `yaml:"force"`
	Scenario *Scenario `yaml:"scenario"`
	// Lookups check a table against the rules' worked examples: PRESTAGS 7.32's 26 against 9 is 2:1.
	Lookups []Lookup `yaml:"lookups"`
	// Values check a unit's stat in situations: a chariot's melee is 3 when charging.
	Values []ValueLookup `yaml:"values"`
	// PairValues check a pair formula for a leader and a unit: Rampant's 3 + 6/2 = 6.
	PairValues []PairLookup `yaml:"pairValues"`
	// Moves check what a path of cells costs a unit.
	Moves []MoveLookup `yaml:"moves"`
	// Outcomes check a scenario's victory conditions against a state of the game.
	Outcomes []OutcomeLookup `yaml:"outcomes"`
	// Rosters check what a force's or a scenario side's roster adds up to, in what the System's rosters
	// count: PRESTAGS's example A Force is worth 40 VP.
	Rosters []RosterLookup `yaml:"rosters"`
	// Hits check what hits do to a block: the strength it is left with, or eliminated.
	Hits []HitLookup `yaml:"hits"`
	// System, Tables, Units and Maps stand in for the package's for this fixture: the System's keys written
	// here replace the package System's; a table, unit type or map replaces the package's of its id, or is
	// added. Every check then runs, and only what they add counts.
	System *System    `yaml:"system"`
	Tables []Table    `yaml:"tables"`
	Units  []UnitType `yaml:"units"`
	Maps   []Map      `yaml:"maps"`
	// Include replaces the manifest's include globs for this fixture (to test which files they leave out).
	Include []string `yaml:"include"`
}

// InWeather is the weather a fixture's lookup or move is made in: Weather, a System weather id; or Scenario
// and Turn name a turn whose weather the scenario's turn record gives. Neither: no weather.
type InWeather struct {
	Weather  string `yaml:"weather"`
	Scenario string `yaml:"scenario"`
	Turn     int    `yaml:"turn"`
}

// Lookup is one worked example of reading a table: the odds column an attack falls in.
type Lookup struct {
	Table   string       `yaml:"table"`
	Attack  value.Number `yaml:"attack"`
	Defence value.Number `yaml:"defence"`
	// Terrain is the defender's terrain; Attackers and Defenders say what the column shifts may ask.
	Terrain   string      `yaml:"terrain"`
	Attackers []Combatant `yaml:"attackers"`
	Defenders []Combatant `yaml:"defenders"`
	InWeather `yaml:",inline"`
	Expect    string   `yaml:"expect"` // the column label, or "refused" when the attack is not permitted
	Source    string   `yaml:"source"`
	At        diag.Pos `yaml:"-"`
	Fields    FieldPos `yaml:"-"`
}

// Combatant is one unit in a combat a fixture describes.
type Combatant struct {
	Unit    string   `yaml:"unit"`
	Across  []string `yaml:"across"`  // hexside features it attacks across
	Flipped bool     `yaml:"flipped"` // it is on its back
	Markers []string `yaml:"markers"`
}

// ValueLookup is a stat of a unit type in some situations and the value it must have.
type ValueLookup struct {
	Unit  string   `yaml:"unit"`
	Stat  string   `yaml:"stat"`
	When  []string `yaml:"when"`
	Force string   `yaml:"force"` // read in this force (its traits)
	// Strength reads a block's values at the step of this strength (the block stat's value).
	Strength *value.Number `yaml:"strength"`
	Expect   string        `yaml:"expect"`
	Source   string        `yaml:"source"`
	At       diag.Pos      `yaml:"-"`
	Fields   FieldPos      `yaml:"-"`
}

// PairLookup is a pair formula for a leader and a unit, and the value it must have.
type PairLookup struct {
	Pair   string   `yaml:"pair"`
	Leader string   `yaml:"leader"`
	Unit   string   `yaml:"unit"`
	Expect string   `yaml:"expect"` // a number, or "not commanded" when the leader may not command the unit
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// MoveLookup is a path of cells a unit moves along, and what it must cost.
type MoveLookup struct {
	Map string `yaml:"map"` // a Map id, or a scenario's map set
	// InWeather is the weather of the move: its terrain and feature costs are the weather's moveCosts.
	InWeather `yaml:",inline"`
	Unit      string   `yaml:"unit"`
	Mode      string   `yaml:"mode"` // a movement mode id; empty: ordinary movement
	Path      []string `yaml:"path"` // cells, the first where the unit starts
	Enemy     []string `yaml:"enemy"`
	// Count is how many units move together along the path (default 1), in Stacks stacks (default 1): a
	// feature's limit counts them, with the side's Before moves this phase.
	Count  int         `yaml:"count"`
	Stacks int         `yaml:"stacks"`
	Before []PriorMove `yaml:"before"`
	Expect string      `yaml:"expect"` // movement points, or "prohibited"
	Source string      `yaml:"source"`
	At     diag.Pos    `yaml:"-"`
	Fields FieldPos    `yaml:"-"`
}

// RosterLookup is the total a force's (or a scenario side's) roster must come to.
type RosterLookup struct {
	Force    string `yaml:"force"`    // a force id (the fixture's own force, or one of the package's)
	Scenario string `yaml:"scenario"` // with side: a side of this scenario, all it fields
	Side     string `yaml:"side"`
	// Expect is the total, optionally followed by what it is called ("40 VP", "24 strength"): a game whose
	// forces are not bought with points counts what its System's roster names.
	Expect string   `yaml:"expect"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// OutcomeLookup is a state of a scenario's game and the side its victory conditions give it to.
type OutcomeLookup struct {
	Scenario string `yaml:"scenario"` // one of the package's, or the fixture's own
	Turn     int    `yaml:"turn"`     // the turn the state is read on; 0: the end of the game
	// Control says who controls each place (location, objective or cell): place: side.
	Control map[string]string `yaml:"control"`
	// Occupied says whose units stand on each place.
	Occupied map[string]string `yaml:"occupied"`
	// Levels is the victory level each side has reached.
	Levels map[string]string `yaml:"levels"`
	Expect string            `yaml:"expect"` // the deciding result (a side id, or a decision's result), or "none"
	Source string            `yaml:"source"`
	At     diag.Pos          `yaml:"-"`
	Fields FieldPos          `yaml:"-"`
}

// PriorMove is an earlier move of the side in the same phase: what it crossed counts against the limits of
// features limited per phase.
type PriorMove struct {
	Path   []string `yaml:"path"`
	Count  int      `yaml:"count"`
	Stacks int      `yaml:"stacks"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// HitLookup is a block taking hits, and what it must be left with.
type HitLookup struct {
	Unit string `yaml:"unit"`
	// Strength is the block's strength before the hits (the block stat's value of its step); default full.
	Strength *value.Number `yaml:"strength"`
	Hits     int           `yaml:"hits"`
	Expect   string        `yaml:"expect"` // its strength after, or "eliminated"
	Source   string        `yaml:"source"`
	At       diag.Pos      `yaml:"-"`
	Fields   FieldPos      `yaml:"-"`
}
