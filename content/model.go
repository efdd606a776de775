package content

import (
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Kinds of document, as written in a document's `kind` key.
const (
	KindPackage    = "Package"
	KindSystem     = "System"
	KindUnitType   = "UnitType"
	KindMarker     = "Marker"
	KindCounterMix = "CounterMix"
	KindMap        = "Map"
	KindForce      = "Force"
	KindScenario   = "Scenario"
	KindTable      = "Table"
	KindGenerator  = "Generator"
	KindFixture    = "Fixture"
)

// Kinds lists every kind in the order documents are resolved and printed.
var Kinds = []string{KindPackage, KindSystem, KindUnitType, KindMarker, KindCounterMix, KindMap, KindForce,
	KindScenario, KindTable, KindGenerator, KindFixture}

// FieldPos records where each key's value of a mapping was written, so a diagnostic about one field (an
// unknown unit id in a force entry) points at that field's line and column rather than the entry's.
type FieldPos map[string]diag.Pos

// Of returns the position of a key's value, or fallback when the key was not written.
func (f FieldPos) Of(key string, fallback diag.Pos) diag.Pos {
	if p, ok := f[key]; ok {
		return p
	}
	return fallback
}

// Meta is what every document has: its kind and id, a display name, and provenance. Source says where the data
// comes from ("THG 2.1.2", or "illustrative, not the published chart") so a designer can tell published
// numbers from supplied ones.
type Meta struct {
	Kind   string `yaml:"kind"`
	ID     string `yaml:"id"`
	Name   string `yaml:"name"`
	Source string `yaml:"source"`
	Notes  string `yaml:"notes"`
	// Override is set by a mod on a document that replaces ("replace") or patches ("merge") the base
	// package's document of the same kind and id.
	Override string    `yaml:"override"`
	At       diag.Pos  `yaml:"-"`
	Doc      *Document `yaml:"-"`
}

// Meta returns the document's common fields; every kind implements Doc through its embedded Meta.
func (m *Meta) meta() *Meta { return m }

// Doc is any decoded document.
type Doc interface{ meta() *Meta }

// MetaOf returns the common fields of a decoded document.
func MetaOf(d Doc) *Meta { return d.meta() }

// ---------------------------------------------------------------------------------------------- Package

// Manifest is a package's `muster.yaml`: what the package is, which files it includes, and which package it
// extends when it is a mod.
type Manifest struct {
	Meta        `yaml:",inline"`
	Version     string    `yaml:"version"`
	Description string    `yaml:"description"`
	Authors     []string  `yaml:"authors"`
	License     string    `yaml:"license"`
	System      string    `yaml:"system"`
	Include     []Include `yaml:"include"`
	Extends     *Extends  `yaml:"extends"`
	// ExpectWarnings lists the warnings the package knowingly carries (published data that contradicts
	// itself), so tests can tell an expected warning from a new one.
	ExpectWarnings []ExpectedDiag `yaml:"expectWarnings"`
	Print          *PrintDefaults `yaml:"print"`
}

// Include is one entry of a manifest's include list: a glob of YAML or JSON content files (written as just the
// glob), or a spreadsheet of rows with the kind they hold — {file: units.csv, kind: UnitType}, and for the
// lines of a counter mix or the rows of a table the id of that document.
type Include struct {
	File string   `yaml:"file"` // the glob, or the spreadsheet's file (a glob for unit types and markers)
	Kind string   `yaml:"kind"` // UnitType, Marker, CounterMix or Table; "" for YAML and JSON files
	ID   string   `yaml:"id"`   // the counter mix or table the rows belong to
	At   diag.Pos `yaml:"-"`
}

func (i *Include) fromScalar(s string) { i.File = s }

// Extends names the base package of a mod: `package: highest-ground@^1.0` and where to find it.
type Extends struct {
	Package string   `yaml:"package"` // id@version-range
	Path    string   `yaml:"path"`    // relative to the mod's folder; default ../<id>
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// ExpectedDiag matches a diagnostic by code and, optionally, by a substring of its message and its file.
type ExpectedDiag struct {
	Code     string   `yaml:"code"`
	Contains string   `yaml:"contains"`
	File     string   `yaml:"file"`
	Why      string   `yaml:"why"`
	At       diag.Pos `yaml:"-"`
	Fields   FieldPos `yaml:"-"`
}

// PrintDefaults are a package's defaults for `muster build`.
type PrintDefaults struct {
	Paper       *value.Paper  `yaml:"paper"`
	CounterSize *value.Length `yaml:"counterSize"`
	Backs       string        `yaml:"backs"`
	Margin      *value.Length `yaml:"margin"`
	Gutter      *value.Length `yaml:"gutter"`
	Bleed       *value.Length `yaml:"bleed"`
	// BackOffset shifts back pages to correct a printer's duplex misregistration: "X,Y" with units, the reading
	// from `muster print-test`. The --back-offset flag wins over it.
	BackOffset string `yaml:"backOffset"`
}

// ----------------------------------------------------------------------------------------------- System

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
	Items    []ItemDef    `yaml:"items"`    // things bought that are not counters: ammo, defence supplies, boats
	Faces    []FaceLayout `yaml:"faces"`
	Points   []PointRule  `yaml:"points"`
	Derived  []DerivedDef `yaml:"derived"`
	Stacking *Stacking    `yaml:"stacking"`
	// StackingVariants are other stacking models a scenario may choose by id (Rampant's series rule against the
	// Alesia module's); the one above is the default.
	StackingVariants []Stacking    `yaml:"stackingVariants"`
	Rules            []RuleDef     `yaml:"rules"`
	Symbols          []SymbolDef   `yaml:"symbols"`
	Levels           []VictoryBand `yaml:"victoryLevels"` // named levels a scenario may refer to (PRESTAGS 11.2)
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
	Colour  string   `yaml:"colour"`  // the turn box's tint
	Source  string   `yaml:"source"`
	At      diag.Pos `yaml:"-"`
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
	Text   string   `yaml:"text"`   // the rule, as the sheet prints it
	Rolled bool     `yaml:"rolled"` // who moves first is rolled for: a scenario's `first` is only its choice for the first turn
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
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Colour string   `yaml:"colour"`
	Text   string   `yaml:"text"` // text colour; default is the more readable of black and white
	Band   string   `yaml:"band"` // the colour of a face layout's band on the faction's counters
	At     diag.Pos `yaml:"-"`
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

// FeatureDef is a hexside or path feature type.
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
	NeedsCrossing bool              `yaml:"needsCrossing"`
	Effects       map[string]string `yaml:"effects"`
	Colour        string            `yaml:"colour"`
	Width         *value.Length     `yaml:"width"`
	Description   string            `yaml:"description"`
	Source        string            `yaml:"source"`
	At            diag.Pos          `yaml:"-"`
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
	Back   string   `yaml:"back"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
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
	Optional bool     `yaml:"optional"`
	At       diag.Pos `yaml:"-"`
	Fields   FieldPos `yaml:"-"`
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
	Enemies bool     `yaml:"enemies"`
	Source  string   `yaml:"source"`
	Doc     string   `yaml:"doc"`
	At      diag.Pos `yaml:"-"`
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

// SymbolDef names a custom unit symbol drawn from an image in the package.
type SymbolDef struct {
	ID    string   `yaml:"id"`
	Name  string   `yaml:"name"`
	Image string   `yaml:"image"`
	At    diag.Pos `yaml:"-"`
}

// ------------------------------------------------------------------------------------------- UnitType

// UnitType is a kind of unit or leader: its classes, symbol and values on each side of its counter.
type UnitType struct {
	Meta       `yaml:",inline"`
	Abbr       string            `yaml:"abbr"`
	Faction    string            `yaml:"faction"`
	Classes    []string          `yaml:"classes"`
	Symbol     string            `yaml:"symbol"`
	Image      string            `yaml:"image"`
	Size       string            `yaml:"size"`      // "250 men"
	Face       string            `yaml:"face"`      // face layout id; default: the first layout for its classes
	Footprint  int               `yaml:"footprint"` // cells it covers: 1, or 2 for Rampant two-hex units
	Stats      map[string]Scalar `yaml:"stats"`
	Back       *Back             `yaml:"back"`
	Components []Component       `yaml:"components"` // comes with: a catapult's crew
	Colour     string            `yaml:"colour"`
	// Situational are values a stat takes in named situations (a chariot's melee 2, or 3 when charging).
	Situational []SituationalValue `yaml:"situational"`
	// Commands says which units this leader may command (activate, lead): Rampant's restricted leaders.
	Commands *Command `yaml:"commands"`
	// Echelon is the unit's size as an echelon (team ... army): a face element `show: echelon` prints its
	// unit-size mark (XX for a division).
	Echelon string `yaml:"echelon"`
	Band    string `yaml:"band"` // the colour of a face layout's band on this unit's counters, instead of its faction's
}

// SituationalValue is a value one stat of a unit takes in some situations: with when empty, the ordinary
// value behind a printed `*`.
type SituationalValue struct {
	Stat   string   `yaml:"stat"`
	Value  Scalar   `yaml:"value"`
	When   []string `yaml:"when"` // situation ids from the System, all of which must hold
	Text   string   `yaml:"text"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Command is what a leader commands: units of some classes or types, of his own group or any.
type Command struct {
	Classes   []string `yaml:"classes"`
	Units     []string `yaml:"units"`
	SameGroup bool     `yaml:"sameGroup"` // only units of the leader's own group (his legion)
	Text      string   `yaml:"text"`
	At        diag.Pos `yaml:"-"`
	Fields    FieldPos `yaml:"-"`
}

// Back is what the back of a counter shows.
type Back struct {
	Kind string `yaml:"kind"` // reduced (own values), blank, marker, same, fog (the faction only)
	// Face is the layout the back is drawn with (a face layout id), for a reduced or fog back; default the
	// front layout's back for a reduced one, the faction's name for a fog one.
	Face   string            `yaml:"face"`
	Label  string            `yaml:"label"`
	Stats  map[string]Scalar `yaml:"stats"`
	Marker string            `yaml:"marker"`
	Source string            `yaml:"source"`
	At     diag.Pos          `yaml:"-"`
	Fields FieldPos          `yaml:"-"`
}

// Component is a unit that comes with another: De Gre's heavy catapult unit has 2 foot crew stands.
type Component struct {
	Unit   string   `yaml:"unit"`
	Count  int      `yaml:"count"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// Marker is an informational counter or chit: strategic movement, fortification levels, disruption.
type Marker struct {
	Meta      `yaml:",inline"`
	Footprint int               `yaml:"footprint"`
	Faction   string            `yaml:"faction"`
	Classes   []string          `yaml:"classes"`
	Text      string            `yaml:"text"`
	Symbol    string            `yaml:"symbol"`
	Stats     map[string]Scalar `yaml:"stats"`
	Back      *Back             `yaml:"back"`
	Colour    string            `yaml:"colour"`
}

// CounterMix is what is printed on the counter sheets: how many of each unit and marker, at which size.
type CounterMix struct {
	Meta        `yaml:",inline"`
	CounterSize *value.Length `yaml:"counterSize"`
	// Shape is the counters' shape: square (default), hex (flat top and bottom), hex-pointy or round; a hex
	// counter's size is across its flats, a round one's its diameter.
	Shape    string     `yaml:"shape"`
	Counters []MixEntry `yaml:"counters"`
}

// Counter shapes.
const (
	ShapeSquare    = "square"
	ShapeHex       = "hex"        // flat top and bottom: its size is its height
	ShapeHexPointy = "hex-pointy" // pointed top and bottom: its size is its width
	ShapeRound     = "round"
)

// Echelons, smallest first, and the unit-size mark NATO prints for each.
var Echelons = []struct{ ID, Mark string }{
	{"team", "Ø"}, {"squad", "•"}, {"section", "••"}, {"platoon", "•••"}, {"company", "I"}, {"battalion", "II"},
	{"regiment", "III"}, {"brigade", "X"}, {"division", "XX"}, {"corps", "XXX"}, {"army", "XXXX"},
}

// EchelonMark is the unit-size mark of an echelon, "" for an unknown one.
func EchelonMark(id string) string {
	for _, e := range Echelons {
		if e.ID == id {
			return e.Mark
		}
	}
	return ""
}

// MixEntry is one line of a counter mix.
type MixEntry struct {
	Unit    string        `yaml:"unit"`
	Faction string        `yaml:"faction"` // print this line in this faction's colours (one generic type, several armies)
	Marker  string        `yaml:"marker"`
	Count   int           `yaml:"count"`
	Size    *value.Length `yaml:"size"`
	Shape   string        `yaml:"shape"` // this line's counters' shape, instead of its mix's
	At      diag.Pos      `yaml:"-"`
	Fields  FieldPos      `yaml:"-"`
}

// ------------------------------------------------------------------------------------------------ Map

// Map is a playing surface: a hex or square grid with terrain, or an open tabletop with terrain pieces. A
// geomorphic board is a Map with a Board label (`II`), composed with others in a scenario.
type Map struct {
	Meta      `yaml:",inline"`
	Board     string            `yaml:"board"`
	Grid      GridSpec          `yaml:"grid"`
	Legend    map[string]string `yaml:"legend"`  // character -> terrain id
	Terrain   []string          `yaml:"terrain"` // rows of legend characters, one per cell
	Elevation []string          `yaml:"elevation"`
	Cells     []CellOverride    `yaml:"cells"`
	Hexsides  []SideFeature     `yaml:"hexsides"`
	Paths     []PathFeature     `yaml:"paths"`
	Crossings []Crossing        `yaml:"crossings"`
	Locations []Location        `yaml:"locations"`
	Labels    []MapLabel        `yaml:"labels"`
	Edges     []EdgeDef         `yaml:"edges"`
	Pieces    []Piece           `yaml:"pieces"` // open tabletop terrain
	Generated *Generated        `yaml:"generated"`
}

// GridSpec is the geometry of a map.
type GridSpec struct {
	Type                string        `yaml:"type"`        // hex, square, open
	Orientation         string        `yaml:"orientation"` // flat or pointy (hex)
	Offset              string        `yaml:"offset"`      // odd or even: which columns/rows are shoved
	Cols                int           `yaml:"cols"`
	Rows                int           `yaml:"rows"`
	CellSize            *value.Length `yaml:"cellSize"` // across flats for hexes, side for squares
	Width               *value.Length `yaml:"width"`    // physical size: open tabletops, or a board's sheet
	Height              *value.Length `yaml:"height"`
	Numbering           *Numbering    `yaml:"numbering"`
	DiagonalCost        *value.Number `yaml:"diagonalCost"`
	RetreatDiagonalCost *value.Number `yaml:"retreatDiagonalCost"`
	At                  diag.Pos      `yaml:"-"`
}

// Numbering is how cells are labelled.
type Numbering struct {
	Scheme   string   `yaml:"scheme"` // ccrr, letter-number, board-letter-number, pattern
	Pattern  string   `yaml:"pattern"`
	FirstCol int      `yaml:"firstCol"`
	FirstRow int      `yaml:"firstRow"`
	Digits   int      `yaml:"digits"`
	At       diag.Pos `yaml:"-"`
}

// CellOverride sets one cell's terrain, elevation or label.
type CellOverride struct {
	Cell      string   `yaml:"cell"`
	Terrain   string   `yaml:"terrain"`
	Elevation *int     `yaml:"elevation"`
	At        diag.Pos `yaml:"-"`
	Fields    FieldPos `yaml:"-"`
}

// SideFeature is a hexside feature along a chain of hexsides, each written `C01/D01` (the two cells it
// separates).
type SideFeature struct {
	ID     string   `yaml:"id"`
	Type   string   `yaml:"type"`
	Name   string   `yaml:"name"`
	Sides  []string `yaml:"sides"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// PathFeature is a road or trail through a chain of adjacent cells.
type PathFeature struct {
	ID    string   `yaml:"id"`
	Type  string   `yaml:"type"`
	Name  string   `yaml:"name"`
	Cells []string `yaml:"cells"`
	// Points draw the feature on an open tabletop, a line through [x, y] points in table inches: a road, or a
	// river (any feature type).
	Points [][]value.Length `yaml:"points"`
	At     diag.Pos         `yaml:"-"`
	Fields FieldPos         `yaml:"-"`
}

// Crossing is a bridge or ford on a hexside.
type Crossing struct {
	Type string `yaml:"type"`
	Side string `yaml:"side"`
	Name string `yaml:"name"`
	// Point places a crossing on an open tabletop: [x, y] in table inches, where a path meets a river.
	Point  []value.Length `yaml:"point"`
	At     diag.Pos       `yaml:"-"`
	Fields FieldPos       `yaml:"-"`
}

// Location is a named place: a village, an objective, a deployment hex.
type Location struct {
	ID    string         `yaml:"id"`
	Name  string         `yaml:"name"`
	Kind  string         `yaml:"kind"` // village, objective, deployment, settlement, landmark
	Cells []string       `yaml:"cells"`
	Point []value.Length `yaml:"point"` // open tabletop: x, y from the top-left corner
	// Owner is the faction that holds the location when a scenario begins (a scenario side may say otherwise).
	Owner  string   `yaml:"owner"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// MapLabel is text printed on the map.
type MapLabel struct {
	Text   string   `yaml:"text"`
	Cell   string   `yaml:"cell"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// EdgeDef names a map edge for entries and exits.
type EdgeDef struct {
	ID   string   `yaml:"id"`
	Name string   `yaml:"name"`
	Side string   `yaml:"side"` // north, east, south, west
	At   diag.Pos `yaml:"-"`
}

// Piece is a terrain piece on an open tabletop.
type Piece struct {
	ID      string           `yaml:"id"`
	Terrain string           `yaml:"terrain"`
	Name    string           `yaml:"name"`
	Circle  *CircleSpec      `yaml:"circle"`
	Polygon [][]value.Length `yaml:"polygon"`
	At      diag.Pos         `yaml:"-"`
	Fields  FieldPos         `yaml:"-"`
}

// CircleSpec is a circular piece: centre x, y and radius.
type CircleSpec struct {
	X      value.Length `yaml:"x"`
	Y      value.Length `yaml:"y"`
	Radius value.Length `yaml:"radius"`
}

// ---------------------------------------------------------------------------------------------- Force

// Force is an order of battle: which units a side fields, how many, and what was bought with points.
type Force struct {
	Meta    `yaml:",inline"`
	Faction string `yaml:"faction"`
	// Factions are the factions of a force drawn from several (allies under one command); with faction, all
	// of them.
	Factions []string `yaml:"factions"`
	// Grants are traits (System.traits) every unit of the force has.
	Grants  []string      `yaml:"grants"`
	Mix     string        `yaml:"mix"`
	Scale   string        `yaml:"scale"`
	Units   []ForceEntry  `yaml:"units"`
	Markers []ForceEntry  `yaml:"markers"`
	Items   []ItemEntry   `yaml:"items"`
	Points  *value.Number `yaml:"points"` // the total the source declares, checked against the computed one
}

// ForceEntry is one line of a force: a unit type and a count, with optional per-unit details.
type ForceEntry struct {
	Unit   string            `yaml:"unit"`
	Marker string            `yaml:"marker"`
	Count  int               `yaml:"count"`
	Name   string            `yaml:"name"`
	Group  string            `yaml:"group"` // legion, tribe, division
	Stats  map[string]Scalar `yaml:"stats"` // per-unit values replacing the type's (Alesia's SPs and QLs)
	Note   string            `yaml:"note"`
	At     diag.Pos          `yaml:"-"`
	Fields FieldPos          `yaml:"-"`
}

// ItemEntry is a purchase that is not a counter.
type ItemEntry struct {
	Item   string       `yaml:"item"`
	Unit   string       `yaml:"unit"` // the unit type it is for (ammunition for a weapon)
	Count  value.Number `yaml:"count"`
	Note   string       `yaml:"note"`
	At     diag.Pos     `yaml:"-"`
	Fields FieldPos     `yaml:"-"`
}

// ------------------------------------------------------------------------------------------- Scenario

// Scenario is a battle: the map set, each side's force with its setup or entry, reinforcements, length,
// victory conditions and special rules.
type Scenario struct {
	Meta           `yaml:",inline"`
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
	Notes   string         `yaml:"notes"`
	At      diag.Pos       `yaml:"-"`
	Fields  FieldPos       `yaml:"-"`
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
// cell in supply.
type ReplacementEntry struct {
	Edge      string   `yaml:"edge"`
	Cells     []string `yaml:"cells"`
	Locations []string `yaml:"locations"`
	// Controlled: any location of this kind (city) the side controls.
	Controlled string   `yaml:"controlled"`
	Supply     bool     `yaml:"supply"` // any cell in supply (traced to one of the side's supply sources)
	At         diag.Pos `yaml:"-"`
	Fields     FieldPos `yaml:"-"`
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
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
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
	At       diag.Pos      `yaml:"-"`
	Fields   FieldPos      `yaml:"-"`
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
}

// ---------------------------------------------------------------------------------------------- Table

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

// ------------------------------------------------------------------------------------------ Generator

// Generator is the settings of a seeded map or scenario generator.
type Generator struct {
	Meta     `yaml:",inline"`
	Type     string       `yaml:"type"` // map or scenario
	Map      *MapGen      `yaml:"map"`
	Scenario *ScenarioGen `yaml:"scenario"`
}

// Roll is a number a generator draws: a dice expression (`1d4` boards, THG 14.3) or a fixed whole number
// (`8` objectives, Fields of Honor). Written as either; the zero Roll is unset.
type Roll struct {
	Dice  value.Dice // Dice.Count is 0 for a fixed number
	Fixed int
	Set   bool
}

func (r *Roll) fromScalar(s string) {
	if n, err := strconv.Atoi(strings.TrimSpace(s)); err == nil {
		*r = Roll{Fixed: n, Set: true}
		return
	}
	if d, err := value.ParseDice(s); err == nil {
		*r = Roll{Dice: d, Set: true}
	}
}

// String is the roll as written: 1d4 or 8.
func (r Roll) String() string {
	if r.Dice.Count > 0 {
		return r.Dice.String()
	}
	return strconv.Itoa(r.Fixed)
}

// MapGen shapes random terrain. Ranges ([min, max]) are inclusive; a range left out takes the generator's
// default.
type MapGen struct {
	Base        string         `yaml:"base"`  // map to start from (size, numbering, edges; open tables keep its pieces)
	Bases       []string       `yaml:"bases"` // maps to draw the base from, one at random (FoH: the five generic maps)
	Board       string         `yaml:"board"` // board name of the generated map, for board-letter-number labels
	Grid        *GridSpec      `yaml:"grid"`
	Default     string         `yaml:"default"` // terrain of unfilled cells
	Mix         []TerrainShare `yaml:"mix"`
	Rivers      *RiverGen      `yaml:"rivers"`
	Roads       *RoadGen       `yaml:"roads"`
	Settlements *SettlementGen `yaml:"settlements"`
	Pieces      *PieceGen      `yaml:"pieces"`
	Slopes      string         `yaml:"slopes"` // hexside feature drawn round hill clusters
	At          diag.Pos       `yaml:"-"`
}

// TerrainShare is one terrain's share of the map and how it clumps.
type TerrainShare struct {
	Terrain  string       `yaml:"terrain"`
	Share    value.Number `yaml:"share"`    // fraction of cells, e.g. 0.15 or 3/20
	Clusters []int        `yaml:"clusters"` // [min, max] contiguous clusters
	At       diag.Pos     `yaml:"-"`
	Fields   FieldPos     `yaml:"-"`
}

// RiverGen places rivers as chains of hexsides from edge to edge.
type RiverGen struct {
	Feature string `yaml:"feature"`
	Count   []int  `yaml:"count"` // [min, max] rivers
	Forks   []int  `yaml:"forks"` // [min, max] forks per river
	Bridge  string `yaml:"bridge"`
	Ford    string `yaml:"ford"`
}

// RoadGen links settlements and map edges with roads.
type RoadGen struct {
	Feature string `yaml:"feature"`
	Count   []int  `yaml:"count"` // [min, max] roads that run on to a map edge
}

// SettlementGen places settlements with a minimum spacing: in cells on a grid, in inches on an open table.
type SettlementGen struct {
	Terrain    string        `yaml:"terrain"`
	Count      []int         `yaml:"count"`      // [min, max] settlements
	MinSpacing int           `yaml:"minSpacing"` // cells between settlements (grids)
	Size       []int         `yaml:"size"`       // [min, max] cells per settlement (grids)
	MinSize    *value.Length `yaml:"minSize"`    // smallest settlement across (open tables)
	MaxSize    *value.Length `yaml:"maxSize"`    // largest settlement across (open tables)
	Spacing    *value.Length `yaml:"spacing"`    // clear ground round a settlement (open tables)
}

// PieceGen places open-tabletop terrain pieces that do not overlap.
type PieceGen struct {
	Count   []int         `yaml:"count"`
	Terrain []string      `yaml:"terrain"`
	MinSize *value.Length `yaml:"minSize"`
	MaxSize *value.Length `yaml:"maxSize"`
	Spacing *value.Length `yaml:"spacing"`
}

// ScenarioGen is a scenario procedure: boards, objectives, entries, forces and victory.
type ScenarioGen struct {
	Boards     *BoardsGen     `yaml:"boards"`
	MapGen     string         `yaml:"mapGenerator"`
	Objectives *ObjectivesGen `yaml:"objectives"`
	Entry      *EntryGen      `yaml:"entry"`
	Sides      []SideGen      `yaml:"sides"`
	Points     *value.Number  `yaml:"points"`
	Balance    *value.Number  `yaml:"balance"` // allowed difference as a fraction of the budget
	Length     []int          `yaml:"length"`  // [min, max] turns
	Victory    *VictoryGen    `yaml:"victory"`
	Scale      string         `yaml:"scale"`
	// Illustrative names the settings above whose values the rules do not give (objectives.count,
	// objectives.spacing, objectives.points, points, balance, take, length, entry): each generated scenario
	// says, in its description and source, which of its values are this package's and not the rules'. The
	// victory levels' thresholds, which the generator derives, are always said to be illustrative.
	Illustrative []string `yaml:"illustrative"`
	At           diag.Pos `yaml:"-"`
}

// BoardsGen draws the number of boards and their placement (THG 14.3: 1d4).
type BoardsGen struct {
	From   []string `yaml:"from"`
	Count  Roll     `yaml:"count"`
	Place  string   `yaml:"place"`  // row, column, grid or random-adjacent
	Rotate bool     `yaml:"rotate"` // each board may be turned 180 degrees
}

// ObjectivesGen places objectives by dice coordinates or alternately with spacing.
type ObjectivesGen struct {
	Count      Roll          `yaml:"count"`
	Method     string        `yaml:"method"` // dice or alternate
	Column     value.Dice    `yaml:"column"`
	Row        value.Dice    `yaml:"row"`
	MinSpacing int           `yaml:"minSpacing"` // cells between objectives (grids)
	Spacing    *value.Length `yaml:"spacing"`    // inches between objectives (open tables)
	Points     value.Number  `yaml:"points"`
}

// EntryGen picks entry edges: a random map side each (THG 14.4) or opposite sides. With setupDepth, the sides
// set up within that many cells of their edge instead of entering by it.
type EntryGen struct {
	Method     string `yaml:"method"` // random-side, opposite
	Distinct   bool   `yaml:"distinct"`
	SetupDepth int    `yaml:"setupDepth"`
}

// SideGen is one side of a generated scenario.
type SideGen struct {
	ID      string     `yaml:"id"`
	Name    string     `yaml:"name"`
	Faction []string   `yaml:"faction"`
	Mix     string     `yaml:"mix"`
	Units   []string   `yaml:"units"`
	Classes []string   `yaml:"classes"`
	Exclude []string   `yaml:"exclude"` // unit types never bought (THG 15.3.1: the Emperor is not used)
	Items   []string   `yaml:"items"`   // items the side may buy with points left over
	Take    []UnitPick `yaml:"take"`    // units taken whatever the points: leaders that cost nothing
	// Armies are whole forces the side fields instead of buying one, one drawn at random (De Gre: an army of
	// standard divisions, or one of the fixed special armies): no points are spent.
	Armies []ArmyPick `yaml:"armies"`
	At     diag.Pos   `yaml:"-"`
	Fields FieldPos   `yaml:"-"`
}

// ArmyPick is a force a generated side may field whole, and how many copies of it ([min, max], default one).
type ArmyPick struct {
	Force string   `yaml:"force"`
	Count []int    `yaml:"count"`
	At    diag.Pos `yaml:"-"`
}

// UnitPick is a number of units of one type, or of some classes, a generated side takes.
type UnitPick struct {
	Unit    string   `yaml:"unit"`
	Classes []string `yaml:"classes"`
	Count   []int    `yaml:"count"` // [min, max]
}

// VictoryGen chooses victory conditions from templates.
type VictoryGen struct {
	Templates []string `yaml:"templates"` // hold-objectives, exit-units, destroy-vp, or points-left alone
	Levels    []string `yaml:"levels"`    // level names, worst for the scoring side first; {winner} is a side's name
}

// ------------------------------------------------------------------------------------------- Fixture

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

// Lookup is one worked example of reading a table: the odds column an attack falls in.
type Lookup struct {
	Table   string       `yaml:"table"`
	Attack  value.Number `yaml:"attack"`
	Defence value.Number `yaml:"defence"`
	// Terrain is the defender's terrain; Attackers and Defenders say what the column shifts may ask.
	Terrain   string      `yaml:"terrain"`
	Attackers []Combatant `yaml:"attackers"`
	Defenders []Combatant `yaml:"defenders"`
	Expect    string      `yaml:"expect"` // the column label, or "refused" when the attack is not permitted
	Source    string      `yaml:"source"`
	At        diag.Pos    `yaml:"-"`
	Fields    FieldPos    `yaml:"-"`
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
	Unit   string   `yaml:"unit"`
	Stat   string   `yaml:"stat"`
	When   []string `yaml:"when"`
	Force  string   `yaml:"force"` // read in this force (its traits)
	Expect string   `yaml:"expect"`
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
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
	Map    string   `yaml:"map"` // a Map id, or a scenario's map set
	Unit   string   `yaml:"unit"`
	Mode   string   `yaml:"mode"` // a movement mode id; empty: ordinary movement
	Path   []string `yaml:"path"` // cells, the first where the unit starts
	Enemy  []string `yaml:"enemy"`
	Expect string   `yaml:"expect"` // movement points, or "prohibited"
	Source string   `yaml:"source"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
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
