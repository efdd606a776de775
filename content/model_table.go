package content

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Table is a chart printed for play: a combat results table, terrain effects, a fire table.
type Table struct {
	Meta    `yaml:",inline"`
	Title   string     `yaml:"title"`
	Caption string     `yaml:"caption"`
	Type    string     `yaml:"type"` // crt, tec, matrix, reference
	Dice    string     `yaml:"dice"`
	Corner  string     `yaml:"corner"` // header above the row labels: "Die", "Target"
	Columns []string   `yaml:"columns"`
	Rows    []TableRow `yaml:"rows"`
	Notes   []string   `yaml:"notes"`
	// Combat says how an attack finds its column: odds or differential, what lies beyond the ends, and the
	// column shifts terrain, hexsides and unit states make.
	Combat *Combat `yaml:"combat"`
}

// TableRow is one row: its label and one cell per column.
type TableRow struct {
	Label  string   `yaml:"label"`
	Cells  []string `yaml:"cells"`
	Source string   `yaml:"source"`
	// CellSources give single cells a source of their own, by column label: published cells in a row that
	// is otherwise illustrative.
	CellSources map[string]string `yaml:"cellSources"`
	At          diag.Pos          `yaml:"-"`
	Fields      FieldPos          `yaml:"-"`
}

// Combat methods.
const (
	CombatOdds         = "odds"         // attack : defence, rounded in the defender's favour
	CombatDifferential = "differential" // attack - defence
)

// Combat is how a combat results table is read.
type Combat struct {
	Method string `yaml:"method"` // odds (default) or differential
	// Below is what an attack below the lowest column gets: refused (the default) or lowest.
	Below  string        `yaml:"below"`
	Shifts []ColumnShift `yaml:"shifts"`
	// Modifiers are die-roll modifiers: added to the roll when their conditions hold, as shifts are.
	Modifiers []RollModifier `yaml:"modifiers"`
	// Attack and Defence are unit formulas: what one unit adds to the attack strength and to the defence
	// strength an attack on this table sums (attack, melee * 2). Analysis reads them; without them it cannot
	// sum the forces of a scenario.
	Attack  string `yaml:"attack"`
	Defence string `yaml:"defence"`
	// Results say what each result printed in the cells does, listed from the attacker's worst to his best:
	// analysis reads them for expected losses, retreats and whether a column is worse than the one before.
	Results []ResultDef `yaml:"results"`
	Source  string      `yaml:"source"`
	At      diag.Pos    `yaml:"-"`
	Fields  FieldPos    `yaml:"-"`
}

// RollModifier is a die-roll modifier: Roll is added to the die roll when every condition given holds (the
// conditions read as a column shift's do).
type RollModifier struct {
	ID      string   `yaml:"id"`
	Roll    int      `yaml:"roll"`
	Terrain []string `yaml:"terrain"`
	Across  []string `yaml:"across"`
	All     bool     `yaml:"all"`
	When    string   `yaml:"when"`
	Text    string   `yaml:"text"`
	Source  string   `yaml:"source"`
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// ResultDef is what one result of a combat table does to each side.
type ResultDef struct {
	Result   string        `yaml:"result"` // the result as the cells print it: DL, ½E, 1
	Attacker *ResultEffect `yaml:"attacker"`
	Defender *ResultEffect `yaml:"defender"`
	Text     string        `yaml:"text"`
	At       diag.Pos      `yaml:"-"`
	Fields   FieldPos      `yaml:"-"`
}

// ResultEffect is what a result does to one side's units in the combat.
type ResultEffect struct {
	Steps *value.Number `yaml:"steps"` // steps lost
	Units *value.Number `yaml:"units"` // units eliminated
	// Share is the part of the units in the combat eliminated: 1 all of them, 1/2 half.
	Share *value.Number `yaml:"share"`
	// Retreat is how many cells the units retreat: they leave their cell.
	Retreat int `yaml:"retreat"`
}

// ColumnShift moves an attack's column when its conditions hold: all the conditions given must hold.
type ColumnShift struct {
	ID      string `yaml:"id"`
	Columns int    `yaml:"columns"` // + to the right (better for the attacker), - to the left
	// Terrain: the defender's cell is one of these terrains.
	Terrain []string `yaml:"terrain"`
	// Across: some attacker attacks across one of these hexside features (with all: every attacker does).
	Across []string `yaml:"across"`
	All    bool     `yaml:"all"`
	// When is a formula of the combat scope that must hold.
	When   string   `yaml:"when"`
	Text   string   `yaml:"text"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}
