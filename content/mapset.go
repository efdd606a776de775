package content

import (
	"errors"
	"fmt"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
)

// Grid types, as written in a map's `grid.type`.
const (
	GridHex    = "hex"
	GridSquare = "square"
	GridOpen   = "open"
)

// Compass sides of a map or map set, in the order edges are listed.
var Compass = []string{"north", "east", "south", "west"}

// defaultCellSize is used when a grid gives no cellSize: ½" (36 pt), the common counter size.
const defaultCellSize = 36.0

// Geometry is a map's grid as content/grid values: the hex or square grid, or the table of an open tabletop,
// and the numbering that labels its cells. Build it with Map.Geometry.
type Geometry struct {
	Type       string      // GridHex, GridSquare or GridOpen
	Hex        grid.Hex    // Type hex
	Square     grid.Square // Type square
	Table      grid.Table  // Type open: width and height in inches
	Cols, Rows int         // 0 for open tabletops
	// Diagonals is true on square grids that declare a diagonalCost: diagonal steps are then moves, and a
	// diagonal neighbour is adjacent.
	Diagonals bool
	// Board is the board name labels carry ("II" in "IIC08"), "" when labels have no board prefix.
	Board string
	// Numbering labels the cells; nil for open tabletops. It only parses labels on the grid.
	Numbering *grid.Numbering
	loose     *grid.Numbering // the same numbering without bounds, to tell "off the map" from "not a label"
}

// GeometryError is a grid spec that cannot be turned into a grid; Ptr is the JSON pointer (within the map
// document) of the value at fault, so a check can report it at that value's line and column.
type GeometryError struct {
	Ptr string
	Msg string
	// Schema is set when the map's JSON Schema already rejects the value (an unknown enum word), so a check
	// need not report it again.
	Schema bool
}

func (e *GeometryError) Error() string { return e.Msg }

// Geometry turns the map's grid spec into grid values. Defaults: a hex grid is flat-top with odd columns
// shoved (Red Blob's odd-q, so that 0101 is higher than 0201); cells are ½" across; cells are numbered ccrr
// from 1.
func (m *Map) Geometry() (*Geometry, error) {
	gs := &m.Grid
	g := &Geometry{Type: gs.Type}
	bad := func(ptr, format string, args ...any) error {
		return &GeometryError{Ptr: ptr, Msg: fmt.Sprintf(format, args...)}
	}
	cellSize := defaultCellSize
	if gs.CellSize != nil {
		if !(gs.CellSize.Points > 0) {
			return nil, bad("/grid/cellSize", "the cell size %s must be positive", gs.CellSize)
		}
		cellSize = gs.CellSize.Points
	}
	switch gs.Type {
	case GridOpen:
		if gs.Width == nil || gs.Height == nil {
			return nil, bad("/grid", "an open tabletop needs a width and a height (width: 72in, height: 48in)")
		}
		g.Table = grid.Table{Width: gs.Width.Inches(), Height: gs.Height.Inches()}
		if !(g.Table.Width > 0) || !(g.Table.Height > 0) {
			return nil, bad("/grid/width", "the table's width and height must be positive")
		}
		return g, nil
	case GridHex, GridSquare:
	case "":
		return nil, bad("/grid", "the grid has no type: write type: hex, square or open")
	default:
		return nil, &GeometryError{Ptr: "/grid/type", Msg: fmt.Sprintf("unknown grid type %q: write hex, square or open", gs.Type), Schema: true}
	}
	if gs.Cols <= 0 || gs.Rows <= 0 {
		return nil, bad("/grid", "a %s grid needs cols and rows (cols: 20, rows: 20)", gs.Type)
	}
	g.Cols, g.Rows = gs.Cols, gs.Rows
	if gs.Type == GridHex {
		h := grid.Hex{Cols: gs.Cols, Rows: gs.Rows, CellSize: cellSize}
		switch gs.Orientation {
		case "", "flat":
		case "pointy":
			h.Orientation = grid.PointyTop
		default:
			return nil, &GeometryError{Ptr: "/grid/orientation", Msg: fmt.Sprintf("unknown hex orientation %q: write flat or pointy", gs.Orientation), Schema: true}
		}
		switch gs.Offset {
		case "", "odd":
		case "even":
			h.Parity = grid.Even
		default:
			return nil, &GeometryError{Ptr: "/grid/offset", Msg: fmt.Sprintf("unknown hex offset %q: write odd or even", gs.Offset), Schema: true}
		}
		g.Hex = h
	} else {
		sq := grid.Square{Cols: gs.Cols, Rows: gs.Rows, CellSize: cellSize, DiagonalCost: 1}
		if gs.DiagonalCost != nil {
			g.Diagonals = true
			sq.DiagonalCost = gs.DiagonalCost.Float()
			if sq.DiagonalCost < 0 {
				return nil, bad("/grid/diagonalCost", "a diagonal step cannot cost less than nothing")
			}
		}
		g.Square = sq
	}
	spec, board, err := m.numberingSpec()
	if err != nil {
		return nil, err
	}
	g.Board = board
	loose, err := grid.NewNumbering(spec)
	if err != nil {
		return nil, bad("/grid/numbering", "%s", strings.TrimPrefix(err.Error(), "grid: "))
	}
	spec.Cols, spec.Rows = g.Cols, g.Rows
	g.Numbering, _ = grid.NewNumbering(spec)
	g.loose = loose
	// The numbering must label every cell so that the label reads back as that cell; labels grow with
	// the index, so the corners and the far cell decide it (ccrr with 2 digits stops at 99 columns).
	for _, c := range []grid.Cell{{Col: 0, Row: 0}, {Col: g.Cols - 1, Row: 0}, {Col: 0, Row: g.Rows - 1}, {Col: g.Cols - 1, Row: g.Rows - 1}} {
		l := g.Label(c)
		if got, err := g.Lookup(l); l == "" || err != nil || got != c {
			return nil, bad("/grid/numbering", "this numbering cannot label a %dx%d grid: cell %d,%d would be %q, which does not read back; use more digits or another scheme", g.Cols, g.Rows, c.Col+1, c.Row+1, l)
		}
	}
	return g, nil
}

// numberingSpec translates the map's numbering into a grid.NumberingSpec and names the board labels carry.
func (m *Map) numberingSpec() (grid.NumberingSpec, string, error) {
	spec := grid.NumberingSpec{Scheme: "ccrr", FirstCol: 1, FirstRow: 1}
	n := m.Grid.Numbering
	if n == nil {
		return spec, "", nil
	}
	spec.Width = n.Digits
	// firstCol and firstRow default to 1; a written 0 means 0 (00 numbering).
	if n.FirstCol != 0 || m.written("/grid/numbering/firstCol") {
		spec.FirstCol = n.FirstCol
	}
	if n.FirstRow != 0 || m.written("/grid/numbering/firstRow") {
		spec.FirstRow = n.FirstRow
	}
	board := ""
	needBoard := func() error {
		if m.Board == "" {
			return &GeometryError{Ptr: "/grid/numbering/scheme", Msg: fmt.Sprintf("numbering %q labels cells with the board's name, but the map has no board: add board: I (or whatever its name is)", n.Scheme)}
		}
		board = m.Board
		spec.Boards = []string{m.Board}
		return nil
	}
	switch n.Scheme {
	case "", "ccrr":
	case "letter-number":
		spec.Scheme = "letter"
	case "board-letter-number":
		spec.Scheme = "letter"
		if err := needBoard(); err != nil {
			return spec, "", err
		}
	case "pattern":
		spec.Scheme, spec.Pattern = "pattern", n.Pattern
		if strings.Contains(n.Pattern, "{board}") {
			if err := needBoard(); err != nil {
				return spec, "", err
			}
		}
	default:
		return spec, "", &GeometryError{Ptr: "/grid/numbering/scheme", Msg: fmt.Sprintf("unknown numbering scheme %q: write ccrr, letter-number, board-letter-number or pattern", n.Scheme), Schema: true}
	}
	return spec, board, nil
}

// written reports whether the map's document has a value at ptr.
func (m *Map) written(ptr string) bool { return m.Doc != nil && m.Doc.Node(ptr) != nil }

// Contains reports whether c is a cell of the grid (always false on an open tabletop).
func (g *Geometry) Contains(c grid.Cell) bool {
	return g.Type != GridOpen && c.Col >= 0 && c.Row >= 0 && c.Col < g.Cols && c.Row < g.Rows
}

// Label returns the label of a cell, with the board prefix when the numbering has one; "" off the grid.
func (g *Geometry) Label(c grid.Cell) string {
	if g.Numbering == nil || c.Col < 0 || c.Row < 0 {
		return ""
	}
	if g.Board != "" {
		l, err := g.Numbering.FormatBoard(g.Board, c)
		if err != nil {
			return ""
		}
		return l
	}
	return g.Numbering.Format(c)
}

// LabelError says why a label names no cell: it is not written in the map's numbering, or it names a cell
// beyond the map's edge (OffMap, with the cell it would be).
type LabelError struct {
	Label  string
	OffMap bool
	Cell   grid.Cell // the cell an off-map label would be
	Msg    string
}

func (e *LabelError) Error() string { return e.Msg }

// Lookup returns the cell a label names, or a *LabelError. On a board whose labels carry the board's name
// (IIC08), the label may also be written without it (C08), as a board's own file does; see LookupPrefixed.
func (g *Geometry) Lookup(label string) (grid.Cell, error) { return g.lookup(label, true) }

// LookupPrefixed is Lookup without the bare form: on a named board only IIC08 names a cell, as in a map
// set of several boards.
func (g *Geometry) LookupPrefixed(label string) (grid.Cell, error) { return g.lookup(label, false) }

func (g *Geometry) lookup(label string, bare bool) (grid.Cell, error) {
	if g.Numbering == nil {
		return grid.Cell{}, &LabelError{Label: label, Msg: fmt.Sprintf("%q names a cell, but an open tabletop has no cells", label)}
	}
	bare = bare && g.Board != ""
	if c, err := g.parse(g.Numbering, label, false); err == nil {
		return c, nil
	}
	if bare {
		if c, err := g.parse(g.Numbering, label, true); err == nil {
			return c, nil
		}
	}
	c, err := g.parse(g.loose, label, false)
	if err != nil && bare {
		c, err = g.parse(g.loose, label, true)
	}
	if err == nil {
		return grid.Cell{}, &LabelError{Label: label, OffMap: true, Cell: c,
			Msg: fmt.Sprintf("%s is off the map: it has %d columns and %d rows (%s to %s)", label, g.Cols, g.Rows, g.Label(grid.Cell{}), g.Label(grid.Cell{Col: g.Cols - 1, Row: g.Rows - 1}))}
	}
	return grid.Cell{}, &LabelError{Label: label, Msg: fmt.Sprintf("%q is not a cell label of this map (labels look like %s)", label, g.Label(grid.Cell{Col: min(2, g.Cols-1), Row: min(7, g.Rows-1)}))}
}

// parse reads a label in n's numbering: with the board's prefix, or bare.
func (g *Geometry) parse(n *grid.Numbering, label string, bare bool) (grid.Cell, error) {
	if g.Board != "" && !bare {
		b, c, err := n.ParseBoard(label)
		if err == nil && b != g.Board {
			err = errors.New("another board")
		}
		return c, err
	}
	return n.Parse(label)
}

// ------------------------------------------------------------------------------------------- terrain

// Legend maps the characters of a map's terrain rows to terrain ids: the System's terrain chars, overridden
// by the map's own legend.
type Legend struct {
	ascii [128]string
	other map[rune]string
}

// LegendOf returns the map's legend; sys may be nil.
func (m *Map) LegendOf(sys *System) *Legend {
	l := &Legend{}
	set := func(ch, id string) {
		r, n := utf8.DecodeRuneInString(ch)
		if n == 0 || n != len(ch) {
			return // not one character: the schema reports it
		}
		if r < 128 {
			l.ascii[r] = id
			return
		}
		if l.other == nil {
			l.other = map[rune]string{}
		}
		l.other[r] = id
	}
	if sys != nil {
		for _, t := range sys.Terrain {
			if t.Char != "" {
				set(t.Char, t.ID)
			}
		}
	}
	for ch, id := range m.Legend {
		set(ch, id)
	}
	return l
}

// Terrain returns the terrain id of a legend character.
func (l *Legend) Terrain(r rune) (string, bool) {
	if r >= 0 && r < 128 {
		return l.ascii[r], l.ascii[r] != ""
	}
	id, ok := l.other[r]
	return id, ok
}

// CellTerrain returns the terrain id of every cell of the map in row-major order (index Row*Cols+Col):
// the legend character of its terrain row, then the map's cell overrides. A cell with no row, no known
// character and no override has terrain "". Labels that name no cell are skipped (the map checks report
// them).
func (m *Map) CellTerrain(g *Geometry, sys *System) []string {
	out := make([]string, g.Cols*g.Rows)
	if g.Type == GridOpen {
		return out
	}
	leg := m.LegendOf(sys)
	for row, text := range m.Terrain {
		if row >= g.Rows {
			break
		}
		base := row * g.Cols
		col := 0
		for _, r := range text {
			if col >= g.Cols {
				break
			}
			out[base+col], _ = leg.Terrain(r)
			col++
		}
	}
	for _, o := range m.Cells {
		if o.Terrain == "" {
			continue
		}
		if c, err := g.Lookup(o.Cell); err == nil {
			out[c.Row*g.Cols+c.Col] = o.Terrain
		}
	}
	return out
}

// ------------------------------------------------------------------------------------------- map sets

// MapSet is the ground of a scenario: one map, or geomorphic boards composed into one larger grid. Every
// cell keeps the label printed on its board (IIC08); lookups, neighbours and distances work across board
// joins because the composed boards form one offset grid of Cols x Rows cells (see Package.MapSet for the
// rules that make this so).
type MapSet struct {
	Type       string      // GridHex, GridSquare or GridOpen
	Hex        grid.Hex    // the composed grid, Type hex
	Square     grid.Square // the composed grid, Type square
	Table      grid.Table  // Type open (single maps only)
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
		Cols: nbx * g.Cols, Rows: nby * g.Rows, Diagonals: g.Diagonals, Table: g.Table}
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

// Neighbours appends to dst the set cells adjacent to c (across board joins).
func (s *MapSet) Neighbours(c grid.Cell, dst []grid.Cell) []grid.Cell {
	switch s.Type {
	case GridHex:
		return s.Hex.Neighbours(c, dst)
	case GridSquare:
		return s.Square.Neighbours(c, s.Diagonals, dst)
	}
	return dst
}

// Adjacent reports whether two set cells are neighbours: hexes sharing a side; squares sharing a side, or a
// corner when the grid has diagonal moves.
func (s *MapSet) Adjacent(a, b grid.Cell) bool {
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
// moves, orthogonal steps otherwise.
func (s *MapSet) Distance(a, b grid.Cell) int {
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
// river, a wall or a bridge.
func (s *MapSet) SideBetween(a, b grid.Cell) bool {
	switch s.Type {
	case GridHex:
		return s.Hex.Adjacent(a, b)
	case GridSquare:
		return absInt(a.Col-b.Col)+absInt(a.Row-b.Row) == 1
	}
	return false
}

// SideCorners returns keys for the two corners bounding the side between adjacent cells a and b (see
// SideBetween): two sides meet when they have a corner key in common.
func (s *MapSet) SideCorners(a, b grid.Cell) (grid.Corner, grid.Corner, bool) {
	switch s.Type {
	case GridHex:
		hs, err := s.Hex.Side(a, b)
		if err != nil {
			return grid.Corner{}, grid.Corner{}, false
		}
		return s.Hex.SideCorners(hs)
	case GridSquare:
		if !s.SideBetween(a, b) {
			return grid.Corner{}, grid.Corner{}, false
		}
		// Lattice points: square (c, r) spans (c, r) to (c+1, r+1).
		pt := func(x, y int) grid.Corner { return grid.Corner{{Col: x, Row: y}} }
		x, y := max(a.Col, b.Col), max(a.Row, b.Row)
		if a.Col != b.Col { // vertical edge at x
			return pt(x, y), pt(x, y+1), true
		}
		return pt(x, y), pt(x+1, y), true
	}
	return grid.Corner{}, grid.Corner{}, false
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

// Location returns a named location of one of the set's maps, and the board it is on.
func (s *MapSet) Location(id string) (*Location, *Board) {
	for _, b := range s.Boards {
		for i := range b.Map.Locations {
			if b.Map.Locations[i].ID == id {
				return &b.Map.Locations[i], b
			}
		}
	}
	return nil, nil
}

// LocationIDs lists the ids of the set's locations, for did-you-mean suggestions.
func (s *MapSet) LocationIDs() []string {
	var out []string
	for _, b := range s.Boards {
		for _, l := range b.Map.Locations {
			if l.ID != "" {
				out = append(out, l.ID)
			}
		}
	}
	return out
}

// ------------------------------------------------------------------------------------------- edges

// Edge is a named edge of a map set, where units enter and exit. The set's own edges are north, east, south
// and west; each board of a composed set adds "<board>.north" (and so on) for the sides of the area it
// covers, and every edge a map declares (`edges:`) is named by its id (and "<board>.<id>" in a composed set).
type Edge struct {
	ID    string
	Side  string // north, east, south or west, as the set lies
	Board *Board // nil for the set's own edges
	Def   *EdgeDef
}

// Edges returns the set's named edges: the set's own four, then each board's.
func (s *MapSet) Edges() []Edge {
	s.edgesOnce.Do(func() {
		for _, side := range Compass {
			s.edges = append(s.edges, Edge{ID: side, Side: side})
		}
		seen := map[string]int{}
		for _, b := range s.Boards {
			for i := range b.Map.Edges {
				seen[b.Map.Edges[i].ID]++
			}
		}
		multi := len(s.Boards) > 1
		ids := map[string]bool{"north": true, "east": true, "south": true, "west": true}
		add := func(e Edge) {
			if !ids[e.ID] {
				ids[e.ID] = true
				s.edges = append(s.edges, e)
			}
		}
		for _, b := range s.Boards {
			if multi {
				for _, side := range Compass {
					add(Edge{ID: b.Name + "." + side, Side: side, Board: b})
				}
			}
			for i := range b.Map.Edges {
				d := &b.Map.Edges[i]
				side := d.Side
				if b.Rotate == 180 {
					side = opposite(side)
				}
				if seen[d.ID] == 1 {
					add(Edge{ID: d.ID, Side: side, Board: b, Def: d})
				}
				if multi {
					add(Edge{ID: b.Name + "." + d.ID, Side: side, Board: b, Def: d})
				}
			}
		}
	})
	return s.edges
}

// Edge returns the named edge, or false.
func (s *MapSet) Edge(id string) (Edge, bool) {
	for _, e := range s.Edges() {
		if e.ID == id {
			return e, true
		}
	}
	return Edge{}, false
}

// EdgeIDs lists the ids of the set's edges.
func (s *MapSet) EdgeIDs() []string {
	es := s.Edges()
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// EdgeCells appends to dst the set cells along an edge: the outermost row or column of the set, or of the
// board's area for a board's edge.
func (s *MapSet) EdgeCells(e Edge, dst []grid.Cell) []grid.Cell {
	if s.Type == GridOpen {
		return dst
	}
	x0, y0, x1, y1 := 0, 0, s.Cols-1, s.Rows-1
	if e.Board != nil && len(s.Boards) > 1 {
		x0, y0 = e.Board.Col, e.Board.Row
		x1, y1 = x0+e.Board.Geo.Cols-1, y0+e.Board.Geo.Rows-1
	}
	switch e.Side {
	case "north", "south":
		y := y0
		if e.Side == "south" {
			y = y1
		}
		for x := x0; x <= x1; x++ {
			dst = append(dst, grid.Cell{Col: x, Row: y})
		}
	case "east", "west":
		x := x0
		if e.Side == "east" {
			x = x1
		}
		for y := y0; y <= y1; y++ {
			dst = append(dst, grid.Cell{Col: x, Row: y})
		}
	}
	return dst
}

func opposite(side string) string {
	switch side {
	case "north":
		return "south"
	case "south":
		return "north"
	case "east":
		return "west"
	case "west":
		return "east"
	}
	return side
}

func absInt(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// ------------------------------------------------------------------------------------------- composing

// MapSet builds the ground of a scenario: its one map (`map: id`), or its geomorphic boards composed by
// placement. It returns nil, and no diagnostics, when the scenario names no map or a map that is missing
// or has a broken grid (the reference and map checks report those). Sets are built once per decoded package
// and shared, so callers must not change them.
//
// Composition rules (THG 15.1: "Map 2 is placed to the right of Map 1"):
//   - the first board lies at the origin and names no neighbour; every next board names exactly one of
//     rightOf, leftOf, above or below, and the board it names must be listed before it;
//   - all boards have the same grid type, orientation and size (for now only same-size boards compose);
//   - no two boards take the same place, and together they fill a rectangle without holes;
//   - hex boards must keep the hex pattern across a join. Flat-top hexes form columns, every other one
//     shoved half a hex down (offset odd: the 2nd, 4th...; even: the 1st, 3rd...). The set is one offset
//     grid, so each board's shoved columns must be the set's: a board whose first column is set column X
//     fits when its offset equals the set's and X is even, or differs and X is odd. So boards with an
//     even number of columns fit side by side when they have the same offset, boards with an odd number
//     when their offsets differ; stacked above or below, boards fit when they have the same offset.
//     Pointy-top hexes form rows, and the same holds with rows for columns and above/below for side by
//     side. A board turned 180 degrees with an odd number of columns (rows) has its offset swapped.
//   - labels must tell the boards apart: at most one board may have labels without a board prefix, and no
//     two boards may share a board name.
func (p *Package) MapSet(s *Scenario) (*MapSet, diag.List) {
	p.sets.mu.Lock()
	defer p.sets.mu.Unlock()
	if c, ok := p.sets.byScenario[s]; ok {
		return c.set, c.diags
	}
	set, ds := p.composeMapSet(s)
	// Only the package's own scenarios are remembered: fixtures and generators make scenarios by the
	// thousand, and keeping theirs would only grow the cache.
	if own, _ := p.byKey[docKey{KindScenario, s.ID}].(*Scenario); own == s {
		if p.sets.byScenario == nil {
			p.sets.byScenario = map[*Scenario]cachedSet{}
		}
		p.sets.byScenario[s] = cachedSet{set: set, diags: ds}
	}
	return set, ds
}

// MapSetOf is NewMapSet for one of the package's maps, built once per decoded package.
func (p *Package) MapSetOf(m *Map) (*MapSet, error) {
	p.sets.mu.Lock()
	defer p.sets.mu.Unlock()
	return p.mapSetOfLocked(m)
}

func (p *Package) mapSetOfLocked(m *Map) (*MapSet, error) {
	if c, ok := p.sets.byMap[m]; ok {
		return c.set, c.err
	}
	set, err := NewMapSet(m, p.System)
	if p.sets.byMap == nil {
		p.sets.byMap = map[*Map]cachedSet{}
	}
	p.sets.byMap[m] = cachedSet{set: set, err: err}
	return set, err
}

func (p *Package) composeMapSet(s *Scenario) (*MapSet, diag.List) {
	var ds diag.List
	if len(s.Map.Boards) == 0 {
		if s.Map.Map == "" {
			return nil, nil
		}
		m := p.Map(s.Map.Map)
		if m == nil {
			return nil, nil
		}
		set, err := p.mapSetOfLocked(m)
		if err != nil {
			return nil, nil
		}
		return set, nil
	}
	type placed struct {
		b      *Board
		bx, by int
		pl     *BoardPlacement
	}
	var boards []placed
	byID := map[string]int{}
	broken := false
	var first *Geometry
	for i := range s.Map.Boards {
		pl := &s.Map.Boards[i]
		m := p.Map(pl.Board)
		if m == nil {
			broken = true // references reports the unknown board
			continue
		}
		g, err := m.Geometry()
		if err != nil {
			broken = true // the map-grid check reports it
			continue
		}
		boardPos := pl.Fields.Of("board", pl.At)
		if j, dup := byID[pl.Board]; dup {
			e := ds.Errorf(boardPos, "map-layout.duplicate", "board %s is placed twice", pl.Board)
			e.Related = append(e.Related, diag.Related{Pos: boards[j].pl.At, Message: "first placed here"})
			broken = true
			continue
		}
		var rels []string
		for _, r := range []struct{ key, id string }{{"rightOf", pl.RightOf}, {"leftOf", pl.LeftOf}, {"above", pl.Above}, {"below", pl.Below}} {
			if r.id != "" {
				rels = append(rels, r.key)
			}
		}
		b := &Board{Map: m, Geo: g, Name: boardName(m), Rotate: pl.Rotate, Place: pl}
		if pl.Rotate != 0 && pl.Rotate != 180 {
			ds.Errorf(pl.Fields.Of("rotate", pl.At), "map-layout.rotate", "a board can be turned 0 or 180 degrees, not %d", pl.Rotate)
			broken = true
			continue
		}
		if len(boards) == 0 {
			if broken {
				continue // the first board is missing: nothing to place the others against
			}
			if len(rels) > 0 {
				ds.Errorf(pl.Fields.Of(rels[0], pl.At), "map-layout.first", "the first board lies at the origin and is placed next to nothing; move board %s after the board it is %s", pl.Board, rels[0])
				broken = true
				continue
			}
			first = g
			byID[pl.Board] = len(boards)
			boards = append(boards, placed{b, 0, 0, pl})
			continue
		}
		if len(rels) != 1 {
			if len(rels) == 0 {
				ds.Errorf(pl.At, "map-layout.placement", "board %s is not placed: say where it goes with rightOf, leftOf, above or below a board listed before it", pl.Board)
			} else {
				ds.Errorf(pl.At, "map-layout.placement", "board %s is placed %s at once; give exactly one of rightOf, leftOf, above or below", pl.Board, strings.Join(rels, " and "))
			}
			broken = true
			continue
		}
		key := rels[0]
		other := map[string]string{"rightOf": pl.RightOf, "leftOf": pl.LeftOf, "above": pl.Above, "below": pl.Below}[key]
		j, ok := byID[other]
		if !ok {
			if later := indexOfBoard(s.Map.Boards[i+1:], other); later >= 0 {
				ds.Errorf(pl.Fields.Of(key, pl.At), "map-layout.order", "board %s is placed %s %s, which is listed after it; list %s first", pl.Board, key, other, other)
			}
			// Otherwise `other` is not one of the scenario's boards: references reports it.
			broken = true
			continue
		}
		if first != nil && (g.Type != first.Type || g.Type == GridHex && g.Hex.Orientation != first.Hex.Orientation) {
			ds.Errorf(boardPos, "map-layout.grid", "board %s is a %s grid and board %s a %s grid: boards of a map set must share their grid", pl.Board, gridName(g), s.Map.Boards[0].Board, gridName(first))
			broken = true
			continue
		}
		if g.Type == GridOpen {
			ds.Errorf(boardPos, "map-layout.grid", "board %s is an open tabletop: open tabletops are not composed of boards", pl.Board)
			broken = true
			continue
		}
		if first != nil && (g.Cols != first.Cols || g.Rows != first.Rows) {
			ds.Errorf(boardPos, "map-layout.size", "board %s is %dx%d cells and board %s %dx%d: only boards of the same size can be composed", pl.Board, g.Cols, g.Rows, s.Map.Boards[0].Board, first.Cols, first.Rows)
			broken = true
			continue
		}
		bx, by := boards[j].bx, boards[j].by
		switch key {
		case "rightOf":
			bx++
		case "leftOf":
			bx--
		case "above":
			by--
		case "below":
			by++
		}
		clash := false
		for _, q := range boards {
			if q.bx == bx && q.by == by {
				e := ds.Errorf(pl.Fields.Of(key, pl.At), "map-layout.overlap", "board %s placed %s %s lands on board %s", pl.Board, key, other, q.pl.Board)
				e.Related = append(e.Related, diag.Related{Pos: q.pl.At, Message: "board " + q.pl.Board + " is placed here"})
				clash = true
				break
			}
		}
		if clash {
			broken = true
			continue
		}
		byID[pl.Board] = len(boards)
		boards = append(boards, placed{b, bx, by, pl})
	}
	if len(boards) == 0 || first == nil {
		return nil, ds
	}
	// Boards must fill their bounding rectangle.
	minx, miny, maxx, maxy := boards[0].bx, boards[0].by, boards[0].bx, boards[0].by
	for _, q := range boards {
		minx, miny, maxx, maxy = min(minx, q.bx), min(miny, q.by), max(maxx, q.bx), max(maxy, q.by)
	}
	nbx, nby := maxx-minx+1, maxy-miny+1
	if !broken && len(boards) < nbx*nby {
		taken := map[[2]int]string{}
		for _, q := range boards {
			taken[[2]int{q.bx, q.by}] = q.pl.Board
		}
		var holes []string
		for y := miny; y <= maxy; y++ {
			for x := minx; x <= maxx; x++ {
				if _, ok := taken[[2]int{x, y}]; !ok {
					holes = append(holes, describeHole(x, y, taken))
				}
			}
		}
		at := s.Map.Fields.Of("boards", s.Map.At)
		e := ds.Errorf(at, "map-layout.hole", "the boards leave %s: the map set must be a full rectangle of %d boards across and %d down, with a board %s",
			plural(len(holes), "hole"), nbx, nby, strings.Join(holes, ", and a board "))
		e.Hint = "add boards there, or move the boards into one row or column"
		return nil, ds
	}
	if broken {
		return nil, ds
	}
	out := make([]*Board, len(boards))
	for i, q := range boards {
		q.b.Col, q.b.Row = (q.bx-minx)*first.Cols, (q.by-miny)*first.Rows
		out[i] = q.b
	}
	if first.Type == GridHex {
		// The set's parity is that of a board in its first column (or row); every other board must agree.
		var ref *Board
		for _, b := range out {
			if b.Col == 0 && b.Row == 0 {
				ref = b
			}
		}
		want := ref.parityAt(0, 0)
		bad := false
		for _, b := range out {
			if got := b.parityAt(b.Col, b.Row); got != want {
				pl := b.Place
				axis, offset := "columns", b.Col
				if first.Hex.Orientation == grid.PointyTop {
					axis, offset = "rows", b.Row
				}
				e := ds.Errorf(pl.At, "map-layout.hex-pattern", "board %s breaks the hex pattern: it starts at %s %d of the map set, and with offset %s its shoved %s (half a hex out) do not line up with the other boards'",
					pl.Board, strings.TrimSuffix(axis, "s"), offset+1, b.Geo.Hex.Parity, axis)
				e.Hint = fmt.Sprintf("give map %s offset: %s (or turn it 180 degrees, if it has an odd number of %s): boards with an even number of %s continue each other with the same offset, boards with an odd number with the other offset",
					b.Map.ID, b.Geo.Hex.Parity^1, axis, axis)
				bad = true
			}
		}
		if bad {
			return nil, ds
		}
	}
	// Labels must tell the boards apart.
	var plain *Board
	names := map[string]*Board{}
	for _, b := range out {
		if b.Geo.Board == "" {
			if plain != nil {
				e := ds.Errorf(b.Place.Fields.Of("board", b.Place.At), "map-layout.labels", "boards %s and %s both label their cells without a board name, so their labels clash", plain.Place.Board, b.Place.Board)
				e.Hint = "give the boards names (board: I) and number them board-letter-number"
				return nil, ds
			}
			plain = b
		}
		if o, ok := names[b.Name]; ok && b.Geo.Board != "" {
			ds.Errorf(b.Place.Fields.Of("board", b.Place.At), "map-layout.labels", "maps %s and %s are both board %q, so their labels clash", o.Map.ID, b.Map.ID, b.Name)
			return nil, ds
		}
		names[b.Name] = b
	}
	return newSet(out, nbx, nby, first, p.System), ds
}

func indexOfBoard(bs []BoardPlacement, id string) int {
	for i, b := range bs {
		if b.Board == id {
			return i
		}
	}
	return -1
}

func gridName(g *Geometry) string {
	if g.Type == GridHex {
		return g.Hex.Orientation.String() + "-top hex"
	}
	return g.Type
}

func describeHole(x, y int, taken map[[2]int]string) string {
	if b, ok := taken[[2]int{x - 1, y}]; ok {
		return "right of " + b
	}
	if b, ok := taken[[2]int{x + 1, y}]; ok {
		return "left of " + b
	}
	if b, ok := taken[[2]int{x, y - 1}]; ok {
		return "below " + b
	}
	if b, ok := taken[[2]int{x, y + 1}]; ok {
		return "above " + b
	}
	return fmt.Sprintf("at board position %d,%d", x, y)
}

func plural(n int, word string) string {
	if n == 1 {
		return "a " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
