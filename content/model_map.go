package content

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Map is a playing surface: a hex or square grid with terrain, an open tabletop with terrain pieces, an area
// map (named regions, adjacent where a connection says so) or a point-to-point map (named places joined by
// connections). A geomorphic board is a Map with a Board label (`II`), composed with others in a scenario.
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
	// Areas are the regions of an area map; Places the places of a point-to-point map. Both are places, which
	// everything that addresses a cell addresses by id (Map.PlaceList).
	Areas  []Place `yaml:"areas"`
	Places []Place `yaml:"places"`
	// Connections join the places of an area or point-to-point map: only they make two places adjacent.
	Connections []Connection `yaml:"connections"`
	Generated   *Generated   `yaml:"generated"`
	// Background is the map's painted art under the grid, and Show the layers of muster's own drawing it
	// keeps (mapart.go).
	Background *MapBackground `yaml:"background"`
	Show       *MapShow       `yaml:"show"`
	// Size is the map's published size (8.5x11in): a hex or square grid fits inside it (its cells fitted to it
	// when the grid gives no cellSize), and the map prints with an outline at that size.
	Size *value.Paper `yaml:"size"`
	// Print says how an open table prints: at true size (the default), or as a plan.
	Print *MapPrint `yaml:"print"`
}

// MapPrint is how an open table prints: Scale is 1 (true size, tiled like a hex map, the default), a smaller
// number or fraction (1/4: a plan at 1:4), or fit (the largest scale of 1:1, 1:2, ... 1:96 that puts the table on
// one sheet).
type MapPrint struct {
	Scale  string   `yaml:"scale"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// ScaleFit is the print scale that asks for the largest plan on one sheet.
const ScaleFit = "fit"

// PrintScale is the scale an open table prints at (1 when it gives none) and whether it asks for the plan that
// fits one sheet (then the scale is 0); an error says why a written scale is none.
func (m *Map) PrintScale() (scale float64, fit bool, err error) {
	if m.Print == nil || strings.TrimSpace(m.Print.Scale) == "" {
		return 1, false, nil
	}
	t := strings.TrimSpace(m.Print.Scale)
	if t == ScaleFit {
		return 0, true, nil
	}
	if a, b, ok := strings.Cut(t, ":"); ok && strings.TrimSpace(a) == "1" { // 1:4
		t = "1/" + strings.TrimSpace(b)
	}
	n, err := value.ParseNumber(t)
	if err != nil || !(n.Float() > 0) || n.Float() > 1 {
		return 0, false, fmt.Errorf("print scale %q is not a scale: write 1 (true size, the default), a smaller number or fraction such as 1/4 (a plan at 1:4), or fit", m.Print.Scale)
	}
	return n.Float(), false, nil
}

// GridSpec is the geometry of a map.
type GridSpec struct {
	Type        string        `yaml:"type"`        // hex, square, open, area, point-to-point
	Orientation string        `yaml:"orientation"` // flat or pointy (hex)
	Offset      string        `yaml:"offset"`      // odd or even: which columns/rows are shoved
	Cols        int           `yaml:"cols"`
	Rows        int           `yaml:"rows"`
	CellSize    *value.Length `yaml:"cellSize"` // across flats for hexes, side for squares
	Width       *value.Length `yaml:"width"`    // physical size: open tabletops, area and point-to-point maps, or a board's sheet
	Height      *value.Length `yaml:"height"`
	// Units is the unit of an area or point-to-point map's coordinates (places' points and outlines,
	// connections' routes): in (the default) or mm.
	Units               string        `yaml:"units"`
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
	Font string `yaml:"font"`
	// Pin, Offset and Rotate pin the label where the designer wants it, instead of where the map's label placer
	// finds room: Pin is above, below, left, right or center of the cell (LabelPins), Offset moves it on by
	// [x, y] points (right and down), Rotate turns it by degrees, clockwise. A label with none of them is placed.
	Pin    string    `yaml:"at"`
	Offset []float64 `yaml:"offset"`
	Rotate float64   `yaml:"rotate"`
	At     diag.Pos  `yaml:"-"`
	Fields FieldPos  `yaml:"-"`
}

// LabelPins are the places a map label may be pinned at, round its cell.
var LabelPins = []string{"above", "below", "left", "right", "center"}

// Pinned reports whether the designer placed the label (at, offset or rotate), so the placer leaves it where
// it is put.
func (l MapLabel) Pinned() bool { return l.Pin != "" || len(l.Offset) > 0 || l.Rotate != 0 }

// EdgeDef names a map edge for entries and exits.
type EdgeDef struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	Side string `yaml:"side"` // north, east, south, west
	// Cells are the places along the edge of an area or point-to-point map (default, for an area map: the
	// areas whose outline touches its side).
	Cells []string `yaml:"cells"`
	At    diag.Pos `yaml:"-"`
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

// Place is an area of an area map or a place of a point-to-point map: a named location units stand in and
// connections join. Its coordinates are in the map's units (GridSpec.Units) from the map's top-left corner.
type Place struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	// Anchor is the point [x, y] where the place's name prints and its units stand.
	Anchor []float64 `yaml:"at"`
	// Polygon is an area's outline, its vertices [x, y] in order (the closing edge is implied).
	Polygon [][]float64 `yaml:"polygon"`
	// Radius draws a place as a circle about its point; Box as a box [width, height] centred on it; a place
	// with neither is drawn as a dot.
	Radius *float64  `yaml:"radius"`
	Box    []float64 `yaml:"box"`
	// Terrain is a terrain id of the System: its colour fills the area, its move cost is what entering costs.
	Terrain string `yaml:"terrain"`
	// Kind is what the place is, in the game's words (city, port, fortress, sea): the legend lists each kind,
	// and rules and replacements name places by it (controlled: city).
	Kind string `yaml:"kind"`
	// Stats are the place's values, each declared by the System's placeStats (a castle limit, a supply value,
	// a victory-point value).
	Stats map[string]Scalar `yaml:"stats"`
	// Owner is the faction that holds the place when a scenario begins (a scenario side may say otherwise).
	Owner string `yaml:"owner"`
	// Offboard marks a holding box (a reserve, a draw pool, a port): a place off the playing area, joined to
	// nothing unless a connection says so, and on no edge.
	Offboard bool     `yaml:"offboard"`
	At       diag.Pos `yaml:"-"`
	Fields   FieldPos `yaml:"-"`
}

// Connection joins places of an area or point-to-point map: two, or more for a way that joins several at
// once (every pair of them is then joined). Its type is a feature of the System (a road, a railway, a red
// border, a strait); without one it is a plain connection.
type Connection struct {
	Between []string `yaml:"between"`
	Type    string   `yaml:"type"`
	Name    string   `yaml:"name"`
	// Route is the line the connection is drawn along, [x, y] points between its places' points; default a
	// straight line (or, on an area map, the border the two areas share).
	Route [][]float64 `yaml:"route"`
	// Distant says the connection joins areas that do not touch (a sea lane, a strait across water), so an
	// area map does not warn that they share no border.
	Distant bool     `yaml:"distant"`
	At      diag.Pos `yaml:"-"`
	Fields  FieldPos `yaml:"-"`
}

// PlaceList is the places of an area map (its areas) or a point-to-point map (its places); nil for a map of
// cells or an open table.
func (m *Map) PlaceList() []Place {
	switch m.Grid.Type {
	case GridArea:
		return m.Areas
	case GridPoint:
		return m.Places
	}
	return nil
}

// PlacesKey is the key an area or point-to-point map lists its places under: areas or places.
func (m *Map) PlacesKey() string {
	if m.Grid.Type == GridArea {
		return "areas"
	}
	return "places"
}
