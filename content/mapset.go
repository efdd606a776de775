// Map sets: the ground of a scenario as one grid of cells, whether it is one map or several boards, with
// each cell's board and label, lookups by label, neighbours, distances and sides across board joins.

package content

import (
	"fmt"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content/grid"
)

// MapSet is the ground of a scenario: one map, or geomorphic boards composed into one larger grid. Every
// cell keeps the label printed on its board (IIC08); lookups, neighbours and distances work across board
// joins because the composed boards form one offset grid of Cols x Rows cells (see Package.MapSet for the
// rules that make this so).
type MapSet struct {
	Type       string        // GridHex, GridSquare, GridOpen, GridArea or GridPoint
	Hex        grid.Hex      // the composed grid, Type hex
	Square     grid.Square   // the composed grid, Type square
	Table      grid.Table    // Type open, area and point-to-point (single maps only): the map's size in inches
	Net        *grid.Network // Type area and point-to-point: the places (cells {Col: i}) and what joins them
	Cols, Rows int
	Diagonals  bool
	Boards     []*Board // in placement order; one for a single map

	sys          *System
	bcols, brows int      // size of every board
	nbx, nby     int      // boards across and down
	at           []*Board // board at each board position, row-major over nbx x nby

	labelsOnce sync.Once
	labels     []string
	edgesOnce  sync.Once
	edges      []Edge
	sidesOnce  sync.Once
	sides      *sideIndex // hexside features, path steps and crossings by cell pair (hexsides.go)
	locsOnce   sync.Once
	locs       []SetLocation
}

// Board is one map placed in a map set.
type Board struct {
	Map  *Map
	Geo  *Geometry
	Name string // the board's label (Map.Board), or the map's id
	// Col and Row are the set cell of the board's top-left corner (as placed, after rotation).
	Col, Row int
	Rotate   int             // 0 or 180
	Place    *BoardPlacement // nil when the set is a single map

	terrainOnce sync.Once
	terrain     []string
}

// ToSet converts a cell of the board (as its labels count) to the set's grid.
func (b *Board) ToSet(local grid.Cell) grid.Cell {
	if b.Rotate == 180 {
		local = grid.Cell{Col: b.Geo.Cols - 1 - local.Col, Row: b.Geo.Rows - 1 - local.Row}
	}
	return grid.Cell{Col: b.Col + local.Col, Row: b.Row + local.Row}
}

// ToLocal converts a set cell on this board to the board's own cell.
func (b *Board) ToLocal(c grid.Cell) grid.Cell {
	l := grid.Cell{Col: c.Col - b.Col, Row: c.Row - b.Row}
	if b.Rotate == 180 {
		l = grid.Cell{Col: b.Geo.Cols - 1 - l.Col, Row: b.Geo.Rows - 1 - l.Row}
	}
	return l
}

// CellRef is a cell of a map set: where it is in the set's grid, and which board cell it is.
type CellRef struct {
	Cell  grid.Cell // in the set's grid
	Board *Board
	Local grid.Cell // on its board
}

// NewMapSet makes the map set of a single map. sys (may be nil) supplies the legend's default characters.
func NewMapSet(m *Map, sys *System) (*MapSet, error) {
	g, err := m.Geometry()
	if err != nil {
		return nil, err
	}
	b := &Board{Map: m, Geo: g, Name: boardName(m)}
	return newSet([]*Board{b}, 1, 1, g, sys), nil
}

func boardName(m *Map) string {
	if m.Board != "" {
		return m.Board
	}
	return m.ID
}

func newSet(boards []*Board, nbx, nby int, g *Geometry, sys *System) *MapSet {
	s := &MapSet{Type: g.Type, Boards: boards, sys: sys, bcols: g.Cols, brows: g.Rows, nbx: nbx, nby: nby,
		Cols: nbx * g.Cols, Rows: nby * g.Rows, Diagonals: g.Diagonals, Table: g.Table, Net: g.Net}
	s.at = make([]*Board, nbx*nby)
	for _, b := range boards {
		if g.Cols > 0 && g.Rows > 0 {
			s.at[(b.Row/g.Rows)*nbx+b.Col/g.Cols] = b
		} else {
			s.at[0] = b
		}
	}
	switch g.Type {
	case GridHex:
		s.Hex = g.Hex
		s.Hex.Cols, s.Hex.Rows = s.Cols, s.Rows
		s.Hex.Parity = boards[0].parityAt(boards[0].Col, boards[0].Row)
	case GridSquare:
		s.Square = g.Square
		s.Square.Cols, s.Square.Rows = s.Cols, s.Rows
	}
	return s
}

// parity returns the offset parity the board's cells follow as placed: rotating a board by 180 degrees
// swaps which columns (flat-top) or rows (pointy-top) stick out when it has an odd number of them.
func (b *Board) parity() grid.Parity {
	p := b.Geo.Hex.Parity
	n := b.Geo.Cols
	if b.Geo.Hex.Orientation == grid.PointyTop {
		n = b.Geo.Rows
	}
	if b.Rotate == 180 && n%2 == 1 {
		p ^= 1
	}
	return p
}

// parityAt is the parity a set grid must have so that the board, its top-left corner at set cell (col,
// row), follows it: an odd offset across the shoved axis swaps it.
func (b *Board) parityAt(col, row int) grid.Parity {
	p := b.parity()
	off := col
	if b.Geo.Hex.Orientation == grid.PointyTop {
		off = row
	}
	if off%2 != 0 {
		p ^= 1
	}
	return p
}

// BoardAt returns the board a set cell lies on and the board's own cell, or nil off the set.
func (s *MapSet) BoardAt(c grid.Cell) (*Board, grid.Cell) {
	if !s.Contains(c) {
		return nil, grid.Cell{}
	}
	b := s.at[(c.Row/s.brows)*s.nbx+c.Col/s.bcols]
	if b == nil {
		return nil, grid.Cell{}
	}
	return b, b.ToLocal(c)
}

// Contains reports whether c is a cell of the set.
func (s *MapSet) Contains(c grid.Cell) bool {
	return s.Type != GridOpen && c.Col >= 0 && c.Row >= 0 && c.Col < s.Cols && c.Row < s.Rows
}

// Ref returns the reference of a set cell, or false off the set.
func (s *MapSet) Ref(c grid.Cell) (CellRef, bool) {
	b, l := s.BoardAt(c)
	if b == nil {
		return CellRef{}, false
	}
	return CellRef{Cell: c, Board: b, Local: l}, true
}

// Cell returns the cell a label names, or false.
func (s *MapSet) Cell(label string) (CellRef, bool) {
	r, err := s.Lookup(label)
	return r, err == nil
}

// Lookup returns the cell a label names, or a *LabelError saying why there is none. A label names a cell of
// one of the boards, in that board's numbering.
func (s *MapSet) Lookup(label string) (CellRef, error) {
	var first error
	for _, b := range s.Boards {
		c, err := b.Geo.lookup(label, len(s.Boards) == 1)
		if err == nil {
			return CellRef{Cell: b.ToSet(c), Board: b, Local: c}, nil
		}
		if le, ok := err.(*LabelError); first == nil || ok && le.OffMap {
			first = err
		}
	}
	if first == nil {
		first = &LabelError{Label: label, Msg: fmt.Sprintf("%q is not a cell label", label)}
	}
	return CellRef{}, first
}

// Label returns the label of a set cell, "" off the set.
func (s *MapSet) Label(c grid.Cell) string {
	b, l := s.BoardAt(c)
	if b == nil {
		return ""
	}
	return b.Geo.Label(l)
}

// Labels returns the labels of every cell, board by board, each board's in row-major order (for
// did-you-mean suggestions). The slice is shared: do not modify it.
func (s *MapSet) Labels() []string {
	s.labelsOnce.Do(func() {
		if s.Type == GridOpen {
			return
		}
		s.labels = make([]string, 0, s.Cols*s.Rows)
		for _, b := range s.Boards {
			for row := 0; row < b.Geo.Rows; row++ {
				for col := 0; col < b.Geo.Cols; col++ {
					s.labels = append(s.labels, b.Geo.Label(grid.Cell{Col: col, Row: row}))
				}
			}
		}
	})
	return s.labels
}

// Suggest returns the label closest to a mistyped one (IICo8 -> IIC08), or "". On a single named board the
// bare labels (C08) are candidates too.
func (s *MapSet) Suggest(label string) string {
	cands := s.Labels()
	if len(s.Boards) == 1 && s.Boards[0].Geo.Board != "" && !strings.HasPrefix(label, s.Boards[0].Geo.Board) {
		g := s.Boards[0].Geo
		cands = make([]string, 0, g.Cols*g.Rows)
		for row := 0; row < g.Rows; row++ {
			for col := 0; col < g.Cols; col++ {
				cands = append(cands, g.Numbering.Format(grid.Cell{Col: col, Row: row}))
			}
		}
	}
	if c := grid.Suggest(label, cands); len(c) > 0 {
		return c[0]
	}
	return ""
}

// Network reports whether the set is an area or point-to-point map: places joined by connections.
func (s *MapSet) Network() bool { return s.Net != nil }

// PlaceWord is what a sentence calls one of the set's cells: area or place on an area or point-to-point map,
// else cell.
func (s *MapSet) PlaceWord() string {
	if s.Net != nil {
		return placeWord(s.Type, 1, false)
	}
	return "cell"
}

// CellName is what a sentence calls the cell a label names: on an area or point-to-point map the place's
// name (its id when it has none), else the label itself — with a hyphen after the board's name where the
// column's letter could be read as part of it (board II's column I, row 13: "II-I13", not "III13", which
// reads as board III).
func (s *MapSet) CellName(label string) string {
	if s.Net == nil {
		r, err := s.Lookup(label)
		if err != nil {
			return label
		}
		board := r.Board.Geo.Board
		rest, ok := strings.CutPrefix(label, board)
		if board != "" && ok && rest != "" && strings.ContainsRune(board, rune(rest[0])) {
			return board + "-" + rest
		}
		return label
	}
	r, err := s.Lookup(label)
	if err != nil {
		return label
	}
	if p := r.Board.Geo.Places[r.Local.Col]; p.Name != "" {
		return p.Name
	}
	return label
}

// Neighbours appends to dst the set cells adjacent to c (across board joins), or the places a connection
// joins to c.
func (s *MapSet) Neighbours(c grid.Cell, dst []grid.Cell) []grid.Cell {
	if s.Net != nil {
		return s.Net.Neighbours(c, dst)
	}
	switch s.Type {
	case GridHex:
		return s.Hex.Neighbours(c, dst)
	case GridSquare:
		return s.Square.Neighbours(c, s.Diagonals, dst)
	}
	return dst
}

// Adjacent reports whether two set cells are neighbours: hexes sharing a side; squares sharing a side, or a
// corner when the grid has diagonal moves; places a connection joins.
func (s *MapSet) Adjacent(a, b grid.Cell) bool {
	if s.Net != nil {
		return s.Net.Adjacent(a, b)
	}
	switch s.Type {
	case GridHex:
		return s.Hex.Adjacent(a, b)
	case GridSquare:
		if s.Diagonals {
			return a != b && s.Square.Distance(a, b) == 1
		}
		return absInt(a.Col-b.Col)+absInt(a.Row-b.Row) == 1
	}
	return false
}

// Distance is the number of steps between two set cells: hex steps; king steps on squares with diagonal
// moves, orthogonal steps otherwise; the fewest connections between places (grid.Unreachable when none
// join them).
func (s *MapSet) Distance(a, b grid.Cell) int {
	if s.Net != nil {
		return s.Net.Distance(a, b)
	}
	switch s.Type {
	case GridHex:
		return s.Hex.Distance(a, b)
	case GridSquare:
		if s.Diagonals {
			return s.Square.Distance(a, b)
		}
		return absInt(a.Col-b.Col) + absInt(a.Row-b.Row)
	}
	return 0
}

// SideBetween reports whether two set cells share a side (a hexside, or a square's edge): the place of a
// river, a wall or a bridge. Between places, a connection is the side.
func (s *MapSet) SideBetween(a, b grid.Cell) bool {
	if s.Net != nil {
		return s.Net.Adjacent(a, b)
	}
	switch s.Type {
	case GridHex:
		return s.Hex.Adjacent(a, b)
	case GridSquare:
		return absInt(a.Col-b.Col)+absInt(a.Row-b.Row) == 1
	}
	return false
}

// SideCorners returns keys for the two corners bounding the side between adjacent cells a and b (see
// SideBetween): two sides meet when they have a corner key in common (grid.SideParts, grid.SideRuns).
func (s *MapSet) SideCorners(a, b grid.Cell) (grid.Corner, grid.Corner, bool) {
	switch s.Type {
	case GridHex:
		hs, err := s.Hex.Side(a, b)
		if err != nil {
			return grid.Corner{}, grid.Corner{}, false
		}
		return s.Hex.SideCorners(hs)
	case GridSquare:
		e, err := grid.EdgeBetween(a, b)
		if err != nil {
			return grid.Corner{}, grid.Corner{}, false
		}
		return s.Square.EdgeCorners(e)
	}
	return grid.Corner{}, grid.Corner{}, false
}

// CornerPoint is where a corner key of SideCorners lies, in points on the set's grid.
func (s *MapSet) CornerPoint(k grid.Corner) grid.Point {
	if s.Type == GridHex {
		return s.Hex.CornerPoint(k)
	}
	return s.Square.CornerPoint(k)
}

// SplitSide reads a hexside (or square edge) as written, "C01/D01", into the labels of its two cells; ok is
// false when it is not two labels joined by a slash (the schema reports that).
func SplitSide(text string) (a, b string, ok bool) {
	a, b, ok = strings.Cut(text, "/")
	return a, b, ok && a != "" && b != ""
}

// Side reads a hexside "C01/D01" written with the set's labels as its two set cells; ok is false when the
// text is not a side or a label names no cell. The cells need not be adjacent (see SideBetween).
func (s *MapSet) Side(text string) (a, b grid.Cell, ok bool) {
	x, y, ok := SplitSide(text)
	if !ok {
		return a, b, false
	}
	ra, ok1 := s.Cell(x)
	rb, ok2 := s.Cell(y)
	return ra.Cell, rb.Cell, ok1 && ok2
}

// Cell reads a label written in the board's own map file (bare, C08, or with the board's name, IIC08) as a
// cell of the set; false when it names no cell of the board.
func (b *Board) Cell(label string) (grid.Cell, bool) {
	c, err := b.Geo.Lookup(label)
	if err != nil {
		return grid.Cell{}, false
	}
	return b.ToSet(c), true
}

// Cells reads labels written in the board's own map file as set cells, leaving out those that name no cell.
func (b *Board) Cells(labels []string) []grid.Cell {
	var out []grid.Cell
	for _, l := range labels {
		if c, ok := b.Cell(l); ok {
			out = append(out, c)
		}
	}
	return out
}

// Side reads a hexside "C01/D01" written in the board's own map file as its two set cells.
func (b *Board) Side(text string) (grid.Cell, grid.Cell, bool) {
	x, y, ok := SplitSide(text)
	if !ok {
		return grid.Cell{}, grid.Cell{}, false
	}
	c1, ok1 := b.Cell(x)
	c2, ok2 := b.Cell(y)
	return c1, c2, ok1 && ok2
}

// Terrain returns the terrain id of a set cell ("" when none is given or off the set).
func (s *MapSet) Terrain(c grid.Cell) string {
	b, l := s.BoardAt(c)
	if b == nil {
		return ""
	}
	b.terrainOnce.Do(func() { b.terrain = b.Map.CellTerrain(b.Geo, s.sys) })
	return b.terrain[l.Row*b.Geo.Cols+l.Col]
}

// SetLocation is a named location of a map set and the board it lies on.
type SetLocation struct {
	*Location
	Board *Board
}

// Locations are the set's named locations, board by board: each map's own, and on an area or point-to-point
// map each place as a location of its own (its id, name, kind and owner, and the place as its one cell), so
// that objectives, supply sources, replacements, zones and control name a place as they name a location.
func (s *MapSet) Locations() []SetLocation {
	s.locsOnce.Do(func() {
		for _, b := range s.Boards {
			for i := range b.Map.Locations {
				s.locs = append(s.locs, SetLocation{&b.Map.Locations[i], b})
			}
			if b.Geo.Net == nil {
				continue
			}
			for _, p := range b.Geo.Places {
				s.locs = append(s.locs, SetLocation{&Location{ID: p.ID, Name: p.Name, Kind: p.Kind, Owner: p.Owner, Cells: []string{p.ID}, At: p.At, Fields: p.Fields}, b})
			}
		}
	})
	return s.locs
}

// Location returns a named location of the set (Locations), and the board it is on.
func (s *MapSet) Location(id string) (*Location, *Board) {
	for _, l := range s.Locations() {
		if l.ID == id {
			return l.Location, l.Board
		}
	}
	return nil, nil
}

// LocationIDs lists the ids of the set's locations, for did-you-mean suggestions.
func (s *MapSet) LocationIDs() []string {
	var out []string
	for _, l := range s.Locations() {
		if l.ID != "" {
			out = append(out, l.ID)
		}
	}
	return out
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
