package content

import (
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

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
	// Background is the map's painted art under the grid, and Show the layers of muster's own drawing it
	// keeps (mapart.go).
	Background *MapBackground `yaml:"background"`
	Show       *MapShow       `yaml:"show"`
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
	Text string `yaml:"text"`
	Cell string `yaml:"cell"`
	// Font is the font the label prints in (an id of the System's fonts); default the System's text font.
	Font   string   `yaml:"font"`
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
