package content

import (
	"github.com/muster-wargames/muster/content/diag"
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
	Source string        `yaml:"source"`
	At     diag.Pos      `yaml:"-"`
	Fields FieldPos      `yaml:"-"`
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
