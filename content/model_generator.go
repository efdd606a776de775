package content

import (
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

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
	// Network lays out an area or point-to-point map (the grid's type, or the base map's, says which): its
	// places, their connections and their stats. Default and Mix give the places their terrain.
	Network *NetworkGen `yaml:"network"`
	At      diag.Pos    `yaml:"-"`
}

// NetworkGen shapes a generated area or point-to-point map. An area map's areas are a partition of the map:
// a lattice of quadrilaterals, its corners moved at random, merged into areas of a few quads each, so that
// neighbouring areas share their corners exactly. A point-to-point map's places are points spread over the
// map at least Spacing apart, joined by a minimum spanning tree and the nearest further links that cross no
// other. Either way every place is reachable by ordinary movement, and each has Degree connections that
// ordinary movement may cross. Coordinates are in the map's units.
type NetworkGen struct {
	Places []int `yaml:"places"` // [min, max] areas or places, holding boxes not counted
	Size   []int `yaml:"size"`   // area maps: [min, max] lattice quads merged into one area (default [1, 3])
	// Jitter is how far an area map's lattice corners move, as a share of a quad's width and height (0 to
	// 1/4, default 1/5).
	Jitter *value.Number `yaml:"jitter"`
	// Bounds is the part of the map the places cover, [x, y, width, height] (default the whole map): room left
	// beside it holds the base map's holding boxes.
	Bounds  []float64 `yaml:"bounds"`
	Spacing *float64  `yaml:"spacing"` // point-to-point maps: the fewest map units between two places
	Radius  *float64  `yaml:"radius"`  // point-to-point maps: each place drawn as a circle of this radius
	Degree  []int     `yaml:"degree"`  // [min, max] connections per place that ordinary movement may cross
	// Connections are the types links are drawn from, by weight; a type with beside is added as a second
	// connection beside a share of the links of other types (a railway beside roads).
	Connections []ConnectionGen `yaml:"connections"`
	Distant     *DistantGen     `yaml:"distant"` // area maps: connections between areas that do not touch
	Stats       []PlaceStatGen  `yaml:"stats"`
	Names       []string        `yaml:"names"` // names drawn for the places, in random order (default Area 1, Place 1, ...)
	At          diag.Pos        `yaml:"-"`
	Fields      FieldPos        `yaml:"-"`
}

// ConnectionGen is one type of connection a network generator draws: a feature of the System.
type ConnectionGen struct {
	Type string `yaml:"type"`
	// Weight is how often a link is of this type, against the other types' weights. A type ordinary movement
	// cannot cross (impassable, or for other modes only) is drawn only where every place stays reachable.
	Weight int `yaml:"weight"`
	// Beside makes the type a second connection beside links of these types, on Share of them.
	Beside []string      `yaml:"beside"`
	Share  *value.Number `yaml:"share"`
	At     diag.Pos      `yaml:"-"`
	Fields FieldPos      `yaml:"-"`
}

// DistantGen joins areas that do not touch (a sea lane along a coast): Count connections of Type, each between
// two areas on one side of the bounds (one of Sides, default any) that are at least three areas apart.
type DistantGen struct {
	Type   string   `yaml:"type"`
	Count  []int    `yaml:"count"` // [min, max]
	Sides  []string `yaml:"sides"` // north, east, south, west: the coasts lanes run along
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// PlaceStatGen gives places a stat of the System's placeStats: Share of them (default all), each a whole
// number rolled in Values ([min, max]).
type PlaceStatGen struct {
	Stat   string        `yaml:"stat"`
	Values []int         `yaml:"values"`
	Share  *value.Number `yaml:"share"`
	At     diag.Pos      `yaml:"-"`
	Fields FieldPos      `yaml:"-"`
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
	// BestOdds is the band ([lowest, highest] columns of a combat table, 1:1 and 3:1) each side's best
	// turn-1 odds must fall in for muster generate --balanced to keep a seed.
	BestOdds []string    `yaml:"bestOdds"`
	Length   []int       `yaml:"length"` // [min, max] turns
	Victory  *VictoryGen `yaml:"victory"`
	Scale    string      `yaml:"scale"`
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
