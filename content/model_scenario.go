package content

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Scenario is a battle: the map set, each side's force with its setup or entry, reinforcements, length,
// victory conditions and special rules.
type Scenario struct {
	Meta `yaml:",inline"`
	// Extends names the scenario this one is a variant of; the package merges the two when it loads, so a
	// loaded scenario holds the merged content and Extends is left only where the merge failed.
	Extends        string          `yaml:"extends"`
	Date           string          `yaml:"date"`
	Description    string          `yaml:"description"`
	Scale          string          `yaml:"scale"`
	Map            MapLayout       `yaml:"map"`
	Sides          []Side          `yaml:"sides"`
	Length         *Length         `yaml:"length"`
	Reinforcements []Reinforcement `yaml:"reinforcements"`
	Victory        *Victory        `yaml:"victory"`
	TerrainMods    []string        `yaml:"terrainModifications"`
	SpecialRules   []string        `yaml:"specialRules"`
	Objectives     []Objective     `yaml:"objectives"`
	// StackingVariant picks one of the System's stackingVariants for this scenario (a module's own rule).
	StackingVariant string     `yaml:"stackingVariant"`
	Generated       *Generated `yaml:"generated"`
	// Turns are the turn record as data: each turn's date, weather, events and effects.
	Turns []TurnDef `yaml:"turns"`
	// GroundScale multiplies the scale's ground scale for this scenario (Isandlwana's suggested 1:4 scaling:
	// 4 makes 1in = 8 yards into 1in = 32 yards).
	GroundScale *value.Number `yaml:"groundScale"`
}

// TurnDef is one turn of the turn record.
type TurnDef struct {
	Turn    int      `yaml:"turn"`
	Date    string   `yaml:"date"`
	Weather string   `yaml:"weather"` // a weather id from the System
	Events  []string `yaml:"events"`
	Effects []string `yaml:"effects"` // per-turn effects: "movement halved", "no air"
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// MapLayout is the scenario's ground: one map, or geomorphic boards placed relative to each other.
type MapLayout struct {
	Map    string           `yaml:"map"`
	Boards []BoardPlacement `yaml:"boards"`
	At     diag.Pos         `yaml:"-"`
	Fields FieldPos         `yaml:"-"`
}

// BoardPlacement puts a board in a map set: the first board at the origin, each next one right of, left of,
// above or below one already placed ("Map 2 is placed to the right of Map 1", THG 15.1).
type BoardPlacement struct {
	Board   string   `yaml:"board"` // map id
	RightOf string   `yaml:"rightOf"`
	LeftOf  string   `yaml:"leftOf"`
	Above   string   `yaml:"above"`
	Below   string   `yaml:"below"`
	Rotate  int      `yaml:"rotate"` // 0 or 180
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// Side is one player's part of a scenario.
type Side struct {
	ID           string        `yaml:"id"`
	Name         string        `yaml:"name"`
	Faction      []string      `yaml:"faction"`
	Force        string        `yaml:"force"`
	Forces       []string      `yaml:"forces"`
	First        bool          `yaml:"first"`
	Budget       *value.Number `yaml:"budget"`
	Stacking     *int          `yaml:"stacking"`
	Leadership   string        `yaml:"leadership"` // PRESTAGS: "Mt.Ex." when mounted units are exempt
	VP           *value.Number `yaml:"vp"`
	PanicLevel   *value.Number `yaml:"panicLevel"`
	PanicPercent *value.Number `yaml:"panicPercent"`
	RoutLimit    *value.Number `yaml:"routLimit"`
	Trumps       *int          `yaml:"trumps"`
	Commander    string        `yaml:"commander"`
	Entry        []Entry       `yaml:"entry"`
	Setup        []Placement   `yaml:"setup"`
	Deployment   *Zone         `yaml:"deployment"`
	Minimums     []ForceEntry  `yaml:"minimums"` // "must take at least 8 baggage trains"
	Items        []ItemEntry   `yaml:"items"`    // supplies the scenario grants
	// Replacements are the side's replacement schedule: points or steps on given turns, and where they enter.
	Replacements []Replacement `yaml:"replacements"`
	// Eliminated are units that begin the game in the side's pool of eliminated units (its dead pile).
	Eliminated []ForceEntry `yaml:"eliminated"`
	// Available are units that become available (to be rebuilt, or to enter) from a turn on.
	Available []Availability `yaml:"available"`
	// Supply names the side's supply sources: map edges and locations.
	Supply *Supply `yaml:"supply"`
	// Controls are locations (or cells) the side controls when the game begins, besides the locations whose
	// owner is one of its factions.
	Controls []string `yaml:"controls"`
	// Exempt lists exemptions (System.exemptions) the side's units enjoy in this scenario.
	Exempt []string `yaml:"exempt"`
	// Budgets are per-leader allowances: Rampant's trumps of each commander per assault period.
	Budgets []LeaderBudget `yaml:"budgets"`
	// Pools are the side's draw pools: units it fields but does not set up, drawn at random into a place at
	// set-up or on later turns.
	Pools  []Pool   `yaml:"pools"`
	Notes  string   `yaml:"notes"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Replacement is a side's replacement allowance on some turns.
type Replacement struct {
	Turn  int   `yaml:"turn"`
	Turns []int `yaml:"turns"`
	// From, To and Every give a run of turns: every Every-th turn (default 1) from From to To (default the
	// scenario's last).
	From    int               `yaml:"from"`
	To      int               `yaml:"to"`
	Every   int               `yaml:"every"`
	Points  *value.Number     `yaml:"points"`  // replacement points each of those turns
	Steps   int               `yaml:"steps"`   // steps each of those turns
	Units   []string          `yaml:"units"`   // unit types they may rebuild; empty: any of the side's
	Classes []string          `yaml:"classes"` // classes they may rebuild
	Enter   *ReplacementEntry `yaml:"enter"`
	Note    string            `yaml:"note"`
	At      diag.Pos          `yaml:"-"`
	Fields  FieldPos          `yaml:"-"`
}

// ReplacementEntry is where rebuilt units enter: an edge, cells, locations, or any the side controls, or any
// cell in supply — any of them, or with All, a place that is all of them at once (a city the side controls
// that is in supply).
type ReplacementEntry struct {
	Edge      string   `yaml:"edge"`
	Cells     []string `yaml:"cells"`
	Locations []string `yaml:"locations"`
	// Controlled: any location of this kind (city) the side controls.
	Controlled string `yaml:"controlled"`
	Supply     bool   `yaml:"supply"` // any cell in supply (traced to one of the side's supply sources)
	// All says the conditions hold together: the edge, cells, locations or controlled kind name the places,
	// and supply narrows them to those in supply.
	All    bool     `yaml:"all"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Availability is units that become available from a turn on.
type Availability struct {
	Turn   int          `yaml:"turn"`
	Units  []ForceEntry `yaml:"units"`
	Note   string       `yaml:"note"`
	At     diag.Pos     `yaml:"-"`
	Fields FieldPos     `yaml:"-"`
}

// Supply is a side's supply sources.
type Supply struct {
	Edges     []string `yaml:"edges"`
	Locations []string `yaml:"locations"`
	Text      string   `yaml:"text"`
	At        diag.Pos `yaml:"-"`
	Fields    FieldPos `yaml:"-"`
}

// LeaderBudget is an allowance of one leader (Vercingetorix's 3 trumps per assault period).
type LeaderBudget struct {
	Leader string   `yaml:"leader"` // a unit type of the side's forces
	Count  int      `yaml:"count"`
	Of     string   `yaml:"of"`  // what is budgeted: Trumps (the default)
	Per    string   `yaml:"per"` // "assault period", "game"
	Note   string   `yaml:"note"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Entry says where and when units come on.
type Entry struct {
	Edge   string   `yaml:"edge"`
	Cells  []string `yaml:"cells"`
	Turn   int      `yaml:"turn"`
	Units  []string `yaml:"units"`
	Note   string   `yaml:"note"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Placement sets units up on cells or in a zone. Count units go one per cell in turn; a two-cell unit
// (footprint 2) takes its cells in pairs: cells [A, B, C, D] put the first unit on A and B, the second on C and D.
type Placement struct {
	Unit  string   `yaml:"unit"`
	Group string   `yaml:"group"` // the legion or tribe these units belong to, when their force has several
	Count int      `yaml:"count"`
	Cells []string `yaml:"cells"`
	// Points place units on an open tabletop, one unit per point in turn: [x, y] from the table's top-left
	// corner (Fields of Honor).
	Points [][]value.Length `yaml:"points"`
	Zone   *Zone            `yaml:"zone"`
	// Flipped sets the units up on their backs: reduced, disrupted, face-down.
	Flipped bool `yaml:"flipped"`
	// Markers are placed on the units as they set up (Marker ids): disrupted, out of supply.
	Markers []string `yaml:"markers"`
	// Strength sets blocks up below full strength: the value of the block stat of the step they start on.
	Strength *value.Number `yaml:"strength"`
	At       diag.Pos      `yaml:"-"`
	Fields   FieldPos      `yaml:"-"`
}

// Zone is an area: within N cells of a cell or location (PRESTAGS deployment "within 3 hexes of hex M").
type Zone struct {
	Near   string   `yaml:"near"` // cell label or location id
	Within int      `yaml:"within"`
	Cells  []string `yaml:"cells"`
	Edge   string   `yaml:"edge"`
	Depth  int      `yaml:"depth"` // cells in from the edge
	// On an open tabletop a zone is a circle: Radius about Point, or about the location Near names
	// (Fields of Honor: "within 12in of the camp").
	Point  []value.Length `yaml:"point"`
	Radius *value.Length  `yaml:"radius"`
	// Each says every cell of the zone must get this many units ("one unit on each of these hexes").
	Each int `yaml:"each"`
	// Holds says the zone holds exactly this many units at set-up.
	Holds  int      `yaml:"holds"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Length is a scenario's length.
type Length struct {
	Turns  int      `yaml:"turns"`
	Note   string   `yaml:"note"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Reinforcement is units arriving during play.
type Reinforcement struct {
	Turn   int          `yaml:"turn"`
	Side   string       `yaml:"side"`
	Units  []ForceEntry `yaml:"units"`
	Entry  Entry        `yaml:"entry"`
	At     diag.Pos     `yaml:"-"`
	Fields FieldPos     `yaml:"-"`
}

// Objective is a place a scenario's victory conditions refer to.
type Objective struct {
	ID       string        `yaml:"id"`
	Sides    []string      `yaml:"sides"`
	Name     string        `yaml:"name"`
	Cells    []string      `yaml:"cells"`
	Location string        `yaml:"location"`
	Points   *value.Number `yaml:"points"`
	// Note says on the scenario sheet what the objective's cells stand for where the rules count them
	// another way ("two bridges, each the two hexes it joins"); the map shows the name alone.
	Note   string   `yaml:"note"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Victory is how a scenario is won: awards that score points, and the level table that reads the score.
type Victory struct {
	Description string        `yaml:"description"`
	Conditions  []string      `yaml:"conditions"`
	Score       string        `yaml:"score"`   // whose points the levels read: a side id
	Measure     string        `yaml:"measure"` // points (default), ratio (PRESTAGS 11.2) or compare (the higher total wins)
	Awards      []Award       `yaml:"awards"`
	Levels      []VictoryBand `yaml:"levels"`
	// Decide are structured victory conditions, read in order: the first whose condition holds decides the
	// game for its side (control of places, a level reached, and/or combinations).
	Decide []Decision `yaml:"decide"`
	Source string     `yaml:"source"`
	At     diag.Pos   `yaml:"-"`
	Fields FieldPos   `yaml:"-"`
}

// When a decision is taken.
const (
	DecideEnd = "end" // at the end of the game (the default)
	DecideAny = "any" // at any moment: sudden death
)

// Decision is a victory condition: a side wins (at a level) when its condition holds.
type Decision struct {
	Side      string `yaml:"side"`
	Result    string `yaml:"result"` // what it is called: "Axis Decisive Victory" (default: the side wins)
	When      string `yaml:"when"`   // end (default) or any
	Text      string `yaml:"text"`   // the condition as the rules print it
	Condition `yaml:",inline"`
	Source    string   `yaml:"source"`
	At        diag.Pos `yaml:"-"`
	Fields    FieldPos `yaml:"-"`
}

// Condition is a test of the game's state: one leaf (controls, holds, level, expr) or a combination (all,
// any, not). Leaves given together must all hold.
type Condition struct {
	// Controls are locations, objectives or cells the side must control; with count, at least that many.
	Controls []string `yaml:"controls"`
	// Holds are locations, objectives or cells the side's units must occupy; with count, at least that many.
	Holds []string `yaml:"holds"`
	Count int      `yaml:"count"`
	// Level is a victory level (of the scenario's or the System's table) the side must reach; a higher level
	// of the same side is as good (PRESTAGS 11.24).
	Level string `yaml:"level"`
	// Expr is a formula of the victory scope that must hold.
	Expr string      `yaml:"expr"`
	All  []Condition `yaml:"all"`
	Any  []Condition `yaml:"any"`
	Not  *Condition  `yaml:"not"`
	// Of, in a leaf, is the side the leaf is about (default the decision's side).
	Of string   `yaml:"of"`
	At diag.Pos `yaml:"-"`
}

// Award scores points for a side.
type Award struct {
	Side      string       `yaml:"side"`
	Points    value.Number `yaml:"points"`
	Per       string       `yaml:"per"` // what is counted: "unit exited east", "Allied unit eliminated"
	Once      bool         `yaml:"once"`
	Objective string       `yaml:"objective"`
	Location  string       `yaml:"location"`
	Units     []string     `yaml:"units"`
	Classes   []string     `yaml:"classes"`
	Edge      string       `yaml:"edge"`
	// Of is the side whose units the award counts ("Allied unit eliminated" is of: allied); units and
	// classes narrow them. An award for exits by an edge counts its own side's units when it names none.
	Of string `yaml:"of"`
	// Counts is what one award is for among those units: units (the default), points (their cost by the
	// System's formulas) or a numeric stat or derived value summed over them (stands). With of, objective,
	// edge and once, it bounds what a scenario can score (rules.ScoreRanges), which the victory point record
	// is drawn from.
	Counts string   `yaml:"counts"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// VictoryBand is one row of a victory level table, its bounds written the way the rules write them:
// `lessThan: 5`, `min: 6, max: 10`, `moreThan: 21`.
type VictoryBand struct {
	Name     string        `yaml:"name"`
	Winner   string        `yaml:"winner"`
	Min      *value.Number `yaml:"min"`
	Max      *value.Number `yaml:"max"`
	LessThan *value.Number `yaml:"lessThan"`
	MoreThan *value.Number `yaml:"moreThan"`
	Text     string        `yaml:"text"` // the bound as printed: "Less than 5"
	At       diag.Pos      `yaml:"-"`
	Fields   FieldPos      `yaml:"-"`
}

// Generated records how a generated scenario or map was made, so anyone can make it again. Seeds are whole
// numbers from 0 to 2^63-1 (what a content file's integers hold).
type Generated struct {
	Generator string `yaml:"generator"`
	Seed      int64  `yaml:"seed"`
	Muster    string `yaml:"muster"`
	// Balanced says why muster generate --balanced kept this seed (and which it passed over).
	Balanced string `yaml:"balanced"`
}
