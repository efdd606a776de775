package content

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

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
	// Background is an image file (SVG, PNG, JPEG or GIF) printed full bleed under this unit's faces, instead
	// of its faction's.
	Background string `yaml:"background"`
	// Steps make the unit type a block: how many steps it has (`steps: 4`), or each step's values, full
	// strength first (`[4, 3, 2, 1]`, or mappings of several stats). Its label prints each step along one edge.
	Steps *Steps `yaml:"steps"`
	// Hidden says who does not see the unit's face: opponent (it sets up face down, its back the faction's
	// blank side; a block's label faces its owner) or none. Default the System's hidden, else opponent for a
	// block and none for a counter.
	Hidden string `yaml:"hidden"`
	// Pair is the unit type of the same unit on the other side (a lord with a block in each house's colours):
	// the two alternate sides, one of them in play. Written on either of the two, or on both naming each other.
	Pair string `yaml:"pair"`
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
	// Background is an image file printed full bleed under the back, instead of the front's.
	Background string   `yaml:"background"`
	Source     string   `yaml:"source"`
	At         diag.Pos `yaml:"-"`
	Fields     FieldPos `yaml:"-"`
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
	// Labels are how the mix's blocks print: their labels' size and bleed and the label paper (labels.pdf).
	// The mix's lines of block unit types print there, the others on the counter sheets.
	Labels *LabelSheet `yaml:"labels"`
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
	// Stats are values this line's counters print instead of their unit type's (a force line's own).
	Stats  map[string]Scalar `yaml:"stats"`
	At     diag.Pos          `yaml:"-"`
	Fields FieldPos          `yaml:"-"`
}
