package content

import (
	"cmp"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// System is a game's rules as data: its dice, the stats its units carry, classes and factions, terrain and
// hexside types, counter face layouts, point formulas, stacking and declared rules. Everything one game needs
// and another does not lives here, not in Go.
type System struct {
	Meta     `yaml:",inline"`
	Dice     []value.Dice `yaml:"dice"`
	Grid     string       `yaml:"grid"` // hex, square or open: the ground the game is played on
	Scales   []Scale      `yaml:"scales"`
	Stats    []StatDef    `yaml:"stats"`
	Classes  []ClassDef   `yaml:"classes"`
	Factions []FactionDef `yaml:"factions"`
	Terrain  []TerrainDef `yaml:"terrain"`
	Features []FeatureDef `yaml:"features"` // hexside and path features: rivers, walls, slopes, roads, bridges
	// PlaceStats are the values the places of area and point-to-point maps may carry (a castle limit, a supply
	// value, a victory-point value): a place's stats must be declared here.
	PlaceStats []StatDef `yaml:"placeStats"`
	// PlaceKinds are the kinds of place the game has (city, port, fortress), by the words places' kind
	// gives; when the System declares them, a place's kind must be one, and the legend names it.
	PlaceKinds []PlaceKind `yaml:"placeKinds"`
	// EnterEnemy is what a move may do where enemy units stand: prohibited (the default: it may not enter
	// their cell or place) or stop (it enters and ends there, to fight: area and block games).
	EnterEnemy string       `yaml:"enterEnemy"`
	Items      []ItemDef    `yaml:"items"` // things bought that are not counters: ammo, defence supplies, boats
	Faces      []FaceLayout `yaml:"faces"`
	Points     []PointRule  `yaml:"points"`
	Derived    []DerivedDef `yaml:"derived"`
	Stacking   *Stacking    `yaml:"stacking"`
	// StackingVariants are other stacking models a scenario may choose by id (Rampant's series rule against the
	// Alesia module's); the one above is the default.
	StackingVariants []Stacking    `yaml:"stackingVariants"`
	Rules            []RuleDef     `yaml:"rules"`
	Symbols          []SymbolDef   `yaml:"symbols"`
	Levels           []VictoryBand `yaml:"victoryLevels"` // named levels a scenario may refer to (PRESTAGS 11.2)
	// Fonts are the game's own typefaces, each TrueType files in the package by style, which face layouts,
	// map labels and the sheets name by id; the embedded Go fonts print whatever names none.
	Fonts []FontDef `yaml:"fonts"`
	// TextFont is the font (an id of Fonts) every text prints in where nothing names another: the counters'
	// values and names, the maps' labels, the charts, scenario sheets and rosters; default the Go fonts.
	TextFont string `yaml:"textFont"`
	// HeadingFont is the font of the sheets' and maps' titles and headings; default TextFont.
	HeadingFont string `yaml:"headingFont"`
	// Roster says what a roster adds up for each force and side: the points of the formulas above, or a
	// stat or derived value summed over the units (PRESTAGS's Victory Points; a classic game's strength).
	Roster *RosterDef `yaml:"roster"`
	// TurnOrder is how the rules decide who moves first: every scenario sheet prints it, and a side a
	// scenario marks `first` is printed as that scenario's choice where the rules roll for it.
	TurnOrder *TurnOrder `yaml:"turnOrder"`
	// Sequence is the sequence of play: the phases of a game turn, each by each player in turn, by both at
	// once, or by one; printed as a chart and used as the turn tracker of digital play.
	Sequence *Sequence `yaml:"sequence"`
	// Weather lists the weather and ground conditions a scenario's turns may have (mud, snow, storm), with
	// their effects: the turn record prints them in each box.
	Weather []WeatherDef `yaml:"weather"`
	// ZOC says whether units exert zones of control, what entering and leaving one costs and who ignores them.
	ZOC *ZOCDef `yaml:"zoc"`
	// Allowance is a unit formula: how far a unit moves in ordinary movement (movement, move * 2). Analysis
	// reads it for how far units reach; movement modes have allowances of their own.
	Allowance string `yaml:"allowance"`
	// MovementModes are the ways units may move besides the ordinary (rail, strategic, road march), each with
	// its allowance.
	MovementModes []MovementMode `yaml:"movementModes"`
	// Control is the rule that says who controls a cell or location (PRESTAGS 11.3: the side that occupied it
	// last); victory conditions that name control read it.
	Control *ControlDef `yaml:"control"`
	// Situations are the named circumstances a unit's value may depend on (charging, attacking across a
	// river): a unit type's situational values name them.
	Situations []SituationDef `yaml:"situations"`
	// Traits are army-wide abilities a force grants all its units (De Gre's special 3.b: no single-stand
	// retreat for a Roman or Carthaginian army).
	Traits []TraitDef `yaml:"traits"`
	// Pairs are formulas of two units, a leader and a unit he commands (Rampant's activation span:
	// initiative + ceil(QL/2)).
	Pairs []PairDef `yaml:"pairs"`
	// Exemptions are rules a scenario may lift for some of a side's units (PRESTAGS's "Mt.Ex.": mounted units
	// exempt from the Movement Control Radius).
	Exemptions []ExemptionDef `yaml:"exemptions"`
	// Hidden says who does not see a unit's face, for every unit type that does not say: opponent (units set
	// up face down, blocks' labels face their owners) or none.
	Hidden string `yaml:"hidden"`
	// Blocks are the game's blocks: the stat their steps set, which way they turn to lose a step, what their
	// labels print.
	Blocks *BlockDef `yaml:"blocks"`
	// SafeMargin is how far inside the cut line every text of a counter face stays (a die or a hand cuts up to
	// a millimetre or two off the line); default DefaultSafeMargin. See CounterSafeMargin.
	SafeMargin *value.Length `yaml:"safeMargin"`
	// StyleProblems are the face layouts' styles and roles that name none muster ships (see FaceLayout.Style),
	// found as the System is decoded; validate's counter-faces check reports them.
	StyleProblems diag.List `yaml:"-"`
}

// DefaultSafeMargin is how far inside the cut a counter's texts stay when the System does not say: 3pt, a
// little over a millimetre, what a counter-die maker asks for and more than a careful hand cut drifts.
var DefaultSafeMargin = value.Length{Points: 3, Text: "3pt"}

// CounterSafeMargin is the System's safe margin on counter faces, in points: its safeMargin, else
// DefaultSafeMargin. The printer keeps the values it places inside it and validate reports an element placed
// by position that comes closer to the cut: both read it here.
func (s *System) CounterSafeMargin() float64 {
	if s == nil || s.SafeMargin == nil || s.SafeMargin.Points < 0 {
		return DefaultSafeMargin.Points
	}
	return s.SafeMargin.Points
}

// Players of a phase of the sequence of play.
const (
	PlayerEach   = "each"   // each player in turn (a player-turn): the first player, then the second
	PlayerBoth   = "both"   // both players at once (a mutual or simultaneous phase)
	PlayerFirst  = "first"  // the first player only
	PlayerSecond = "second" // the second player only
)

// Sequence is a System's sequence of play.
type Sequence struct {
	Phases []PhaseDef `yaml:"phases"`
	Text   string     `yaml:"text"` // printed above the phases
	Source string     `yaml:"source"`
	At     diag.Pos   `yaml:"-"`
}

// PhaseDef is one phase of the sequence of play; a player-turn (player: each) lists its phases as segments.
type PhaseDef struct {
	ID       string       `yaml:"id"`
	Name     string       `yaml:"name"`
	Player   string       `yaml:"player"` // each, both, first or second; empty: no player (administration)
	Text     string       `yaml:"text"`
	Segments []SegmentDef `yaml:"segments"`
	At       diag.Pos     `yaml:"-"`
	Fields   FieldPos     `yaml:"-"`
}

// SegmentDef is one segment of a phase.
type SegmentDef struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Text   string   `yaml:"text"`
	Mutual bool     `yaml:"mutual"` // both players act, inside a player's turn (PRESTAGS's Mutual Disruption Recovery)
	At     diag.Pos `yaml:"-"`
}

// WeatherDef is a weather or ground condition a turn may have.
type WeatherDef struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"`
	Abbr    string   `yaml:"abbr"`    // what a turn box prints (default the name)
	Effects []string `yaml:"effects"` // "movement halved", "no air units fly"
	// MoveCosts are what entering a terrain, or crossing or moving along a feature, costs in this weather,
	// by terrain or feature id, in place of the System's (frost: marsh 1; "impassable" where none may).
	MoveCosts map[string]Scalar `yaml:"moveCosts"`
	Colour    string            `yaml:"colour"` // the turn box's tint
	Source    string            `yaml:"source"`
	At        diag.Pos          `yaml:"-"`
}

// ZOC entry and exit rules.
const (
	ZOCStop       = "stop"       // a unit entering an enemy zone of control stops there
	ZOCCost       = "cost"       // it pays the extra cost (enterCost, leaveCost)
	ZOCFree       = "free"       // no effect
	ZOCProhibited = "prohibited" // a unit may not leave (or enter) one
)

// ZOCDef is a System's zones of control: the cells next to a unit that exerts one.
type ZOCDef struct {
	ExertedBy []string      `yaml:"exertedBy"` // classes whose units exert a zone of control; empty: every unit
	Enter     string        `yaml:"enter"`     // stop (default), cost, free or prohibited
	EnterCost *value.Number `yaml:"enterCost"` // extra movement points to enter, with enter: cost
	Leave     string        `yaml:"leave"`     // free (default), cost, stop or prohibited
	LeaveCost *value.Number `yaml:"leaveCost"` // extra movement points to leave, with leave: cost
	IgnoredBy []string      `yaml:"ignoredBy"` // classes whose units ignore enemy zones of control
	BlockedBy []string      `yaml:"blockedBy"` // hexside features a zone of control does not extend across
	Text      string        `yaml:"text"`
	Source    string        `yaml:"source"`
	At        diag.Pos      `yaml:"-"`
	Fields    FieldPos      `yaml:"-"`
}

// MovementMode is a way of moving a System declares: rail, strategic, road march.
type MovementMode struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	// Allowance is a unit formula: how far a unit moves in this mode ("movement * 2", "20").
	Allowance string `yaml:"allowance"`
	// Along are the path features the mode moves along only (rail: the railroad); empty: any ground.
	Along []string `yaml:"along"`
	// PathCost is what each step along a path costs in this mode (default the path feature's cost).
	PathCost *value.Number `yaml:"pathCost"`
	Classes  []string      `yaml:"classes"` // classes that may use the mode; empty: every unit
	// NoEnemyZOC says a unit in this mode may not enter an enemy zone of control.
	NoEnemyZOC bool     `yaml:"noEnemyZOC"`
	Text       string   `yaml:"text"`
	Source     string   `yaml:"source"`
	At         diag.Pos `yaml:"-"`
	Fields     FieldPos `yaml:"-"`
}

// ControlDef is how control of a cell or location is decided.
type ControlDef struct {
	Text   string   `yaml:"text"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
}

// SituationDef is a named circumstance a situational value depends on.
type SituationDef struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Text   string   `yaml:"text"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
}

// TraitDef is an army-wide ability a force grants its units.
type TraitDef struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Text   string   `yaml:"text"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
}

// PairDef is a formula of a leader and a unit he commands, read as leader.STAT and unit.STAT.
type PairDef struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Leader []string `yaml:"leader"` // classes of the first unit (leaders)
	Unit   []string `yaml:"unit"`   // classes of the second
	Expr   string   `yaml:"expr"`
	Doc    string   `yaml:"doc"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// ExemptionDef is a rule a scenario may lift for the units of some classes on a side.
type ExemptionDef struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"` // as the scenario prints it: "Mt.Ex."
	Classes []string `yaml:"classes"`
	Text    string   `yaml:"text"`
	Source  string   `yaml:"source"`
	At      diag.Pos `yaml:"-"`
}

// Measures a roster adds up and an award counts, besides a stat or derived value's id.
const (
	MeasureUnits  = "units"  // one for each unit
	MeasurePoints = "points" // what the units cost by the System's point formulas
)

// RosterDef is what a roster counts. A game whose forces are not bought with points counts what its rules
// weigh forces by: PRESTAGS's Victory Points (13.0: an army's worth, of which the Panic Level is a share).
type RosterDef struct {
	// Counts is points (the default when the System has point formulas), units, or the id of a numeric stat
	// or derived value, summed over the units of a force or side (value x count).
	Counts string `yaml:"counts"`
	// Name is what the total is called on rosters ("VP", "strength"); default the stat's abbreviation or name.
	Name   string   `yaml:"name"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// TurnOrder is the rule that decides who moves first: fixed by the scenario (PRESTAGS 11.1: the A Force,
// unless the scenario says otherwise) or rolled (THG 3.1 each turn, Rampant's Initiative Phase).
type TurnOrder struct {
	Text   string `yaml:"text"`   // the rule, as the sheet prints it
	Rolled bool   `yaml:"rolled"` // who moves first is rolled for: a scenario's `first` is only its choice for the first turn
	// First is what a scenario's `first` side has where the order is rolled, as the rules make it matter
	// (Rampant: a tied Initiative roll leaves the Initiative with the side that had it, so on turn 1 the
	// scenario's choice wins a tie); empty, it moves first on turn 1 only.
	First  string   `yaml:"first"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
}

// Scale is one of the scales a game can be played at (Fields of Honor: section to brigade).
type Scale struct {
	ID           string  `yaml:"id"`
	Name         string  `yaml:"name"`
	Unit         string  `yaml:"unit"`   // the basic manoeuvre unit at this scale
	Stand        string  `yaml:"stand"`  // what a stand represents
	Stands       string  `yaml:"stands"` // stands per unit, as published ("4-5")
	Turn         string  `yaml:"turn"`
	Ground       string  `yaml:"ground"` // "1in = 2 yards"
	YardsPerInch float64 `yaml:"yardsPerInch"`
	// StandsMin and StandsMax bound the stands of one unit at this scale, where the rules state them firmly
	// (Fields of Honor: a section is 4-5 stands); units outside them are reported.
	StandsMin int      `yaml:"standsMin"`
	StandsMax int      `yaml:"standsMax"`
	At        diag.Pos `yaml:"-"`
}

// Stat types.
const (
	StatValue = "value" // a number with optional flags: 3, 2½, 3*, [4], ., -
	StatInt   = "int"
	StatGrade = "grade"
	StatDice  = "dice"
	StatText  = "text"
	StatEnum  = "enum"
	StatBool  = "bool"
)

// StatDef declares a stat units carry: THG's movement and attack, PRESTAGS's melee with its bracket and dot,
// Fields of Honor's morale grade, Rampant's QL and missile type.
type StatDef struct {
	ID          string            `yaml:"id"`
	Name        string            `yaml:"name"`
	Abbr        string            `yaml:"abbr"`
	Type        string            `yaml:"type"`
	Flags       []value.Flag      `yaml:"flags"`  // flags a value may carry
	Grades      []string          `yaml:"grades"` // for grade: best first, default A–E
	Values      []string          `yaml:"values"` // for enum
	Min         *value.Number     `yaml:"min"`
	Max         *value.Number     `yaml:"max"`
	Default     *Scalar           `yaml:"default"`
	Required    bool              `yaml:"required"`
	Prefix      string            `yaml:"prefix"` // printed before the value: "L" for THG leaders
	Description string            `yaml:"description"`
	FlagMeaning map[string]string `yaml:"flagMeaning"`
	At          diag.Pos          `yaml:"-"`
}

// ClassDef is a unit class: combat or leader, Roman or Feudal, PRESTAGS A–E, FF and MF, infantry or cavalry.
type ClassDef struct {
	ID          string   `yaml:"id"`
	Name        string   `yaml:"name"`
	Description string   `yaml:"description"`
	At          diag.Pos `yaml:"-"`
}

// FactionDef is a nation or side's colours on the counters.
type FactionDef struct {
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Colour string `yaml:"colour"`
	Text   string `yaml:"text"` // text colour; default is the more readable of black and white
	Band   string `yaml:"band"` // the colour of a face layout's band on the faction's counters
	// Background is an image file (SVG, PNG, JPEG or GIF) printed full bleed under the faces of the faction's
	// counters, under their elements.
	Background string   `yaml:"background"`
	At         diag.Pos `yaml:"-"`
}

// FactionName is the faction's name as the outputs print it: its name, else its id (also for a faction the
// System does not declare, or no System).
func (s *System) FactionName(id string) string {
	if s != nil {
		for _, f := range s.Factions {
			if f.ID == id {
				return cmp.Or(f.Name, id)
			}
		}
	}
	return id
}

// ClassName is the class's name as the outputs print it: its name, else its id.
func (s *System) ClassName(id string) string {
	if s != nil {
		for _, c := range s.Classes {
			if c.ID == id {
				return cmp.Or(c.Name, id)
			}
		}
	}
	return id
}

// ClassNames are classes' names, in the order given (ClassName each).
func (s *System) ClassNames(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.ClassName(id)
	}
	return out
}

// FeatureName is a feature's name, or its id when it has none or the System does not declare it.
func (s *System) FeatureName(id string) string {
	if f := s.FeatureDef(id); f != nil {
		return cmp.Or(f.Name, id)
	}
	return id
}

// FeatureNames are features' names, in the order given (FeatureName each).
func (s *System) FeatureNames(ids []string) []string {
	out := make([]string, len(ids))
	for i, id := range ids {
		out[i] = s.FeatureName(id)
	}
	return out
}

// TerrainDef is a terrain type of cells, with its legend character on maps and its effects.
type TerrainDef struct {
	ID          string            `yaml:"id"`
	Name        string            `yaml:"name"`
	Char        string            `yaml:"char"`
	Move        *Scalar           `yaml:"move"` // entry cost, or "impassable"
	Impassable  bool              `yaml:"impassable"`
	BlocksLOS   bool              `yaml:"blocksLOS"`
	Protection  *value.Value      `yaml:"protection"` // PRESTAGS fire protection strength
	Elevation   int               `yaml:"elevation"`
	Protected   bool              `yaml:"protected"` // De Gre: a protected square
	Effects     map[string]string `yaml:"effects"`
	Colour      string            `yaml:"colour"`
	Pattern     string            `yaml:"pattern"`
	Tile        *TerrainTile      `yaml:"tile"` // an image that fills the cells instead of colour and pattern
	Description string            `yaml:"description"`
	Admits      []string          `yaml:"admits"` // classes that may enter; empty = all
	Source      string            `yaml:"source"`
	At          diag.Pos          `yaml:"-"`
	Fields      FieldPos          `yaml:"-"`
}

// Admit reports whether a unit type may stand on or enter the terrain: the terrain is not impassable, and when
// it admits only some classes, the unit has one of them. Validation, movement costs and the generators read
// it here.
func (t *TerrainDef) Admit(ut *UnitType) bool {
	if t.Impassable {
		return false
	}
	if len(t.Admits) == 0 {
		return true
	}
	for _, c := range t.Admits {
		for _, uc := range ut.Classes {
			if c == uc {
				return true
			}
		}
	}
	return false
}

// Feature placements.
const (
	FeatureHexside  = "hexside"  // rivers, streams, walls, slopes: drawn on cell edges
	FeaturePath     = "path"     // roads and trails: from centre to centre
	FeatureCrossing = "crossing" // bridges and fords: where a path crosses a hexside feature
)

// PlaceKind is a kind of place of area and point-to-point maps: a city, a port, a fortress.
type PlaceKind struct {
	ID          string   `yaml:"id"`
	Name        string   `yaml:"name"`
	Description string   `yaml:"description"`
	At          diag.Pos `yaml:"-"`
}

// What a move may do where enemy units stand (System.EnterEnemy).
const (
	EnterEnemyProhibited = "prohibited"
	EnterEnemyStop       = "stop"
)

// ModeOrdinary is the name a feature's modes give ordinary movement (no movement mode).
const ModeOrdinary = "ordinary"

// Feature styles: how a feature's line is drawn.
const (
	StyleSolid  = "solid"
	StyleDashed = "dashed"
	StyleDotted = "dotted"
)

// FeatureDef is a hexside or path feature type. On an area or point-to-point map the types of connections are
// features too: a path feature's connection is moved along at its cost (a road, a railway, a sea lane), a
// hexside feature's is crossed into the next place's terrain at its added cost (a red border, a strait).
type FeatureDef struct {
	ID         string  `yaml:"id"`
	Name       string  `yaml:"name"`
	On         string  `yaml:"on"` // hexside, path or crossing
	Cost       *Scalar `yaml:"cost"`
	Impassable bool    `yaml:"impassable"`
	BlocksLOS  bool    `yaml:"blocksLOS"`
	Water      bool    `yaml:"water"` // a bridge belongs where a path crosses water
	// NeedsPath says whether a crossing must carry a path (a bridge carries a road; a ford may not). Default true.
	NeedsPath *bool `yaml:"needsPath"`
	// Crosses lists the hexside features a crossing may sit on (a gate on a wall); empty: water features.
	Crosses []string `yaml:"crosses"`
	// NeedsCrossing, on a path feature (a road, a railroad), says that wherever it steps across a water
	// hexside feature a crossing must be there.
	NeedsCrossing bool `yaml:"needsCrossing"`
	// Modes are the movement modes that may move along (or across) the feature, ModeOrdinary naming ordinary
	// movement; empty: every mode. A railway with modes [rail] speeds only rail movement.
	Modes []string `yaml:"modes"`
	// Stop says a move ends once it has crossed the feature (an area game's red border, a strait).
	Stop bool `yaml:"stop"`
	// Limit bounds how many units (or stacks) may cross one connection or hexside of the feature in one move
	// or one phase.
	Limit   *FeatureLimit     `yaml:"limit"`
	Effects map[string]string `yaml:"effects"`
	Colour  string            `yaml:"colour"`
	Width   *value.Length     `yaml:"width"`
	// Style is how the feature's line is drawn: solid (the default), dashed or dotted.
	Style       string   `yaml:"style"`
	Description string   `yaml:"description"`
	Source      string   `yaml:"source"`
	At          diag.Pos `yaml:"-"`
}

// FeatureLimit is how many units (or stacks) may cross one connection or hexside of a feature: in one move,
// or in one phase (all of a side's moves that phase together).
type FeatureLimit struct {
	Max    int      `yaml:"max"`
	Of     string   `yaml:"of"`  // units (the default) or stacks
	Per    string   `yaml:"per"` // move (the default) or phase
	Text   string   `yaml:"text"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// What a feature limit counts, and over what.
const (
	LimitUnits  = "units"
	LimitStacks = "stacks"
	LimitMove   = "move"
	LimitPhase  = "phase"
)

// Admits reports whether a movement mode (ModeOrdinary or "" for ordinary movement) may use the feature.
func (f *FeatureDef) Admits(mode string) bool {
	if len(f.Modes) == 0 {
		return true
	}
	if mode == "" {
		mode = ModeOrdinary
	}
	for _, m := range f.Modes {
		if m == mode {
			return true
		}
	}
	return false
}

// ItemDef is something bought with points that is not a counter.
type ItemDef struct {
	ID          string        `yaml:"id"`
	Name        string        `yaml:"name"`
	Cost        *value.Number `yaml:"cost"`
	CostExpr    string        `yaml:"costExpr"`
	Description string        `yaml:"description"`
	At          diag.Pos      `yaml:"-"`
}

// FaceLayout is a counter face as data: the elements printed on it (its slots), where the type symbol and the
// name line go when no element places them, a band of colour across it, and the layout of its back.
type FaceLayout struct {
	ID      string     `yaml:"id"`
	Name    string     `yaml:"name"`
	Applies []string   `yaml:"applies"` // classes this layout is for; the first matching layout wins
	Slots   []FaceSlot `yaml:"slots"`
	Symbol  string     `yaml:"symbol"` // where the type symbol goes: centre, top, none
	Label   string     `yaml:"label"`  // what the name line shows: name, abbr, size, none
	// Band is a band of colour across the face, full bleed: the unit's band colour, else its faction's.
	Band *FaceBand `yaml:"band"`
	// Back is the layout of the reduced back of a unit drawn with this one (a layout id); default this one.
	Back string `yaml:"back"`
	// Font is the font (an id of the System's fonts) of the face's name line and of every element that names
	// none; default the System's text font.
	Font string `yaml:"font"`
	// Style is a face style muster ships (classic, numbers-in-corners, ancients: content.FaceStyles) whose
	// elements the layout prints after its own, each of the style's roles filled with the format Roles gives
	// it; the style's symbol, label, font and band serve where the layout gives none. Decoding lays it out:
	// Slots then hold the style's elements too.
	Style string `yaml:"style"`
	// Roles fill the style's roles: a format for each ("{attack}-{movement}"; "" prints nothing there).
	Roles map[string]string `yaml:"roles"`
	// BackOnly marks the layout of a reduced back that a style adds for a layout that picks it: it is never
	// a face's layout by class.
	BackOnly bool     `yaml:"-"`
	At       diag.Pos `yaml:"-"`
	Fields   FieldPos `yaml:"-"`
}

// Edges a face band lies along.
const (
	BandTop    = "top"
	BandBottom = "bottom"
	BandLeft   = "left"
	BandRight  = "right"
	BandMiddle = "middle" // across the middle
)

// FaceBand is a band of colour across a counter face, from one edge (or across the middle), printed past the
// cut like the background.
type FaceBand struct {
	Edge string `yaml:"edge"` // top (default), bottom, left, right, middle
	// Depth is how far the band reaches into the face: a share of the face's height (of its width for a band
	// at the left or right edge); default 0.25.
	Depth float64 `yaml:"depth"`
	// Colour is the band's colour when neither the unit type nor its faction gives one; with none at all the
	// face has no band.
	Colour string   `yaml:"colour"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// What a face element shows besides a stat, a text or a format.
const (
	ShowSymbol  = "symbol"  // the unit type's symbol
	ShowEchelon = "echelon" // the unit-size mark of the unit type's echelon (XX for a division)
	ShowName    = "name"    // the unit type's or marker's name
	ShowAbbr    = "abbr"    // its abbreviation (its name when it has none)
	ShowID      = "id"      // its id
	ShowSize    = "size"    // its size as printed (250 men)
	ShowFaction = "faction" // its faction's name
	ShowBox     = "box"     // a rectangle, filled or outlined
	ShowLine    = "line"    // a line from (x, y) to (x2, y2)
)

// FaceSlot is one element printed on a counter face: a value, a text, a combined notation, the unit-size
// mark, the symbol, an image, a box or a line. An element is placed either at one of nine places (`at`),
// where the face lays its row out around the symbol and the name line as it always has, or at a position
// (`x`, `y`, shares of the face's width and height from its top-left corner).
type FaceSlot struct {
	Stat   string  `yaml:"stat"`
	Text   string  `yaml:"text"`
	Where  string  `yaml:"at"`   // top-left, top-centre, top-right, centre-left, centre, centre-right, bottom-left, bottom-centre, bottom-right
	Size   float64 `yaml:"size"` // relative text size, 1 = normal
	Bold   bool    `yaml:"bold"`
	Prefix string  `yaml:"prefix"`
	Stars  bool    `yaml:"stars"` // draw the value as that many stars (Rampant leader rank)
	// Format is a combined notation: text with a {stat} for each value ("{attack}-{movement}", "({})" for
	// the element's own stat); see content.ParseFormat.
	Format string `yaml:"format"`
	Show   string `yaml:"show"`  // symbol, echelon, name, abbr, id, size, faction, box or line (Show* constants)
	Image  string `yaml:"image"` // an image file of the package, drawn in the element's w x h
	// X and Y place the element: its anchor as shares of the face's width and height (0 the left or top
	// edge, 1 the right or bottom); X2 and Y2 are a line's other end.
	X  *float64 `yaml:"x"`
	Y  *float64 `yaml:"y"`
	X2 *float64 `yaml:"x2"`
	Y2 *float64 `yaml:"y2"`
	// W and H are the size of a symbol, image or box, as shares of the counter's size (its height).
	W      float64 `yaml:"w"`
	H      float64 `yaml:"h"`
	Align  string  `yaml:"align"`  // left, centre (default) or right of the anchor
	Rotate float64 `yaml:"rotate"` // degrees clockwise about the anchor: 90, -90, 180
	Italic bool    `yaml:"italic"`
	Colour string  `yaml:"colour"` // text, line and outline colour; default the face's text colour
	Fill   string  `yaml:"fill"`   // a box's (or a text's box's) fill colour; default none
	// Box draws a frame around a text: circle, square or rounded (a value in a circle marks a type).
	Box string `yaml:"box"`
	// LineWidth is the width of a line or outline in points; default a twentieth of the text size.
	LineWidth float64 `yaml:"lineWidth"`
	// Optional leaves the element out quietly on a unit without its stats; otherwise such a unit is reported.
	Optional bool `yaml:"optional"`
	// Font is the font the element's text prints in (an id of the System's fonts); default its layout's.
	Font string `yaml:"font"`
	// Role names the element in a face style (styles/*.yaml): a layout that picks the style fills it with a
	// format of its own. Only a style's elements have one.
	Role   string   `yaml:"-"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Placed reports whether the element is positioned by x and y rather than at one of the nine places.
func (s *FaceSlot) Placed() bool { return s.X != nil || s.Y != nil }

// PointRule is a point-cost formula: what a unit, a stand or an item costs.
type PointRule struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"`
	Applies []string `yaml:"applies"` // classes; empty = every unit
	Expr    string   `yaml:"expr"`
	// FlagValues says what a flagged stat counts as in this formula: {melee: {dot: 1}} (PRESTAGS VP).
	FlagValues map[string]map[value.Flag]value.Number `yaml:"flagValues"`
	Doc        string                                 `yaml:"doc"`
	Source     string                                 `yaml:"source"`
	At         diag.Pos                               `yaml:"-"`
	Fields     FieldPos                               `yaml:"-"`
}

// DerivedDef is a value computed from stats: PRESTAGS victory points, Rampant activation span.
type DerivedDef struct {
	ID      string   `yaml:"id"`
	Name    string   `yaml:"name"`
	Applies []string `yaml:"applies"`
	Expr    string   `yaml:"expr"`
	// FlagValues says what a flagged stat counts as in this formula: {melee: {dot: 1}} (PRESTAGS VP).
	FlagValues map[string]map[value.Flag]value.Number `yaml:"flagValues"`
	Doc        string                                 `yaml:"doc"`
	Source     string                                 `yaml:"source"`
	At         diag.Pos                               `yaml:"-"`
	Fields     FieldPos                               `yaml:"-"`
}

// Stacking is the system's stacking model.
type Stacking struct {
	ID         string           `yaml:"id"`         // names a variant (System.stackingVariants)
	Limit      int              `yaml:"limit"`      // units per side per cell; 0 = no general limit
	Ignore     []string         `yaml:"ignore"`     // classes that never count (leaders, markers)
	PerClass   []ClassLimit     `yaml:"perClass"`   // e.g. at most 1 Roman and 1 Feudal combat unit
	Groups     []CompatGroup    `yaml:"groups"`     // compatibility: classes that may share a cell
	Exceptions []StackException `yaml:"exceptions"` // conditions that allow more
	// Enemies says units of opposing sides may share a cell (THG 6.1); otherwise a set-up that puts them in
	// one cell is an error.
	Enemies bool `yaml:"enemies"`
	// Capacity is how many units each area or place of an area or point-to-point map holds, from one of its
	// stats (a castle limit), instead of Limit.
	Capacity *Capacity `yaml:"capacity"`
	Source   string    `yaml:"source"`
	Doc      string    `yaml:"doc"`
	At       diag.Pos  `yaml:"-"`
}

// Capacity is a stacking limit that differs from place to place: the value of a place stat (a castle limit
// of 2), or Default where a place has none, plus the adjustments that apply to the side whose units stand
// there. Units of the stacking model's ignored classes do not count.
type Capacity struct {
	Stat    string           `yaml:"stat"`    // a place stat of the System
	Default *int             `yaml:"default"` // the limit of a place without the stat; none: no limit there
	Scope   string           `yaml:"scope"`   // side (the default: each side's units) or cell (both sides together)
	Adjust  []CapacityAdjust `yaml:"adjust"`
	Text    string           `yaml:"text"`
	At      diag.Pos         `yaml:"-"`
	Fields  FieldPos         `yaml:"-"`
}

// CapacityAdjust changes a place's capacity for a side: by Add when the side is of the faction, holds the
// place (its owner, or a place it controls at set-up), or has a unit of one of the classes there.
type CapacityAdjust struct {
	Faction string   `yaml:"faction"`
	Owned   bool     `yaml:"owned"`
	Classes []string `yaml:"classes"`
	Add     int      `yaml:"add"`
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// ClassLimit caps the units of some classes in one cell.
type ClassLimit struct {
	Classes []string `yaml:"classes"`
	Max     int      `yaml:"max"`
	Scope   string   `yaml:"scope"` // side (default) or cell (both sides together)
	Doc     string   `yaml:"doc"`
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// CompatGroup says which classes may mix in a cell: PRESTAGS 5.3 (A, B and C never mix; FF with A or B; MF
// with C; D and E with anything).
type CompatGroup struct {
	Class     string   `yaml:"class"`
	MixesWith []string `yaml:"mixesWith"` // classes it may share a cell with, besides its own
	Any       bool     `yaml:"any"`       // mixes with every class
	At        diag.Pos `yaml:"-"`
	Fields    FieldPos `yaml:"-"`
}

// StackException lets a cell hold more than the limit when a condition holds (Rampant: two cohorts of 3 SP or
// less from the same legion).
type StackException struct {
	ID    string   `yaml:"id"`
	Doc   string   `yaml:"doc"`
	Max   int      `yaml:"max"`
	Units string   `yaml:"units"` // expression every unit in the cell must satisfy
	Same  []string `yaml:"same"`  // fields all units must share: type, group
	At    diag.Pos `yaml:"-"`
}

// RuleDef is a declared engine rule: either a first-class constraint shape (min/max count, percentage of
// points, one-per-N ratio, limit per points, uniqueness) or a free expression that must hold.
type RuleDef struct {
	ID        string         `yaml:"id"`
	Doc       string         `yaml:"doc"`
	Source    string         `yaml:"source"`
	Severity  string         `yaml:"severity"` // error (default), warning, info
	Scope     string         `yaml:"scope"`    // force (default), side, scenario, cell
	When      string         `yaml:"when"`     // expression: the rule applies only where this holds
	Check     string         `yaml:"check"`    // expression that must be true
	Message   string         `yaml:"message"`
	Count     *CountRule     `yaml:"count"`
	Percent   *PercentRule   `yaml:"percent"`
	Ratio     *RatioRule     `yaml:"ratio"`
	PerPoints *PerPointsRule `yaml:"perPoints"`
	Unique    []string       `yaml:"unique"` // classes of which a force may hold at most one of each type
	At        diag.Pos       `yaml:"-"`
	Fields    FieldPos       `yaml:"-"`
}

// CountRule bounds how many units of some classes a force holds.
type CountRule struct {
	Classes []string `yaml:"classes"`
	Units   []string `yaml:"units"`
	Min     *int     `yaml:"min"`
	Max     *int     `yaml:"max"`
}

// PercentRule bounds the share of a force's points spent on some classes.
type PercentRule struct {
	Classes []string      `yaml:"classes"`
	Min     *value.Number `yaml:"min"`
	Max     *value.Number `yaml:"max"`
	// Of is the base the share is taken of: total (the default: the points the force or side spends, "a
	// percentage of the total army", Fields of Honor) or budget (the points it may spend, when it has a budget).
	Of string `yaml:"of"`
}

// RatioRule requires `need` units of some classes for every `per` units of others ("one baggage train for
// each group of 4 combat units"), rounding as stated.
type RatioRule struct {
	Need      []string `yaml:"need"`
	NeedUnits []string `yaml:"needUnits"`
	Count     int      `yaml:"count"` // how many needed per group (default 1)
	Per       int      `yaml:"per"`
	Of        []string `yaml:"of"`     // classes counted
	Except    []string `yaml:"except"` // classes not counted
	Round     string   `yaml:"round"`  // floor (default) or ceil
	Plus      string   `yaml:"plus"`   // expression for extra required (the 57mm exception)
}

// PerPointsRule limits units of some classes to one per full N points of the budget.
type PerPointsRule struct {
	Classes []string     `yaml:"classes"`
	Units   []string     `yaml:"units"`
	Count   int          `yaml:"count"`
	Per     value.Number `yaml:"per"`
	Round   string       `yaml:"round"`
}

// FontDef is a font of the game: a TrueType file (.ttf, or .otf with TrueType outlines) in the package for
// each style; a style it lacks prints in the nearest it has (bold italic in bold, else italic, else regular;
// bold and italic in regular).
type FontDef struct {
	ID         string   `yaml:"id"`
	Name       string   `yaml:"name"`
	Regular    string   `yaml:"regular"`
	Bold       string   `yaml:"bold"`
	Italic     string   `yaml:"italic"`
	BoldItalic string   `yaml:"boldItalic"`
	Source     string   `yaml:"source"` // where the files come from and their licence
	At         diag.Pos `yaml:"-"`
	Fields     FieldPos `yaml:"-"`
}

// FontStyles are a font's style keys, in the order surface.Style numbers them (regular, bold, italic, bold
// italic).
var FontStyles = []string{"regular", "bold", "italic", "boldItalic"}

// File is the file a font gives for a style key of FontStyles ("" when it gives none).
func (f *FontDef) File(style string) string {
	switch style {
	case "regular":
		return f.Regular
	case "bold":
		return f.Bold
	case "italic":
		return f.Italic
	case "boldItalic":
		return f.BoldItalic
	}
	return ""
}

// Font is the System's font of that id, or nil.
func (s *System) Font(id string) *FontDef {
	if s == nil {
		return nil
	}
	for i := range s.Fonts {
		if s.Fonts[i].ID == id {
			return &s.Fonts[i]
		}
	}
	return nil
}

// SymbolDef names a custom unit symbol drawn from an image in the package.
type SymbolDef struct {
	ID    string   `yaml:"id"`
	Name  string   `yaml:"name"`
	Image string   `yaml:"image"`
	At    diag.Pos `yaml:"-"`
}

// FeatureDef is the feature with this id, or nil (also on a nil System).
func (s *System) FeatureDef(id string) *FeatureDef {
	if s == nil || id == "" {
		return nil
	}
	for i := range s.Features {
		if s.Features[i].ID == id {
			return &s.Features[i]
		}
	}
	return nil
}
