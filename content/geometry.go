// Map geometry: a map's grid spec turned into content/grid values, and the labels that name its cells
// (reading a label back into a cell, and saying why a label names none).

package content

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/grid"
)

// Grid types, as written in a map's `grid.type`.
const (
	GridHex    = "hex"
	GridSquare = "square"
	GridOpen   = "open"
	GridArea   = "area"           // named regions, adjacent where a connection says so
	GridPoint  = "point-to-point" // named places joined by connections
)

// IsNetwork reports whether a grid type is made of places joined by connections (an area or a
// point-to-point map) rather than of cells or an open table.
func IsNetwork(gridType string) bool { return gridType == GridArea || gridType == GridPoint }

// defaultCellSize is used when a grid gives no cellSize: ½" (36 pt), the common counter size.
const defaultCellSize = 36.0

// Geometry is a map's grid as content/grid values: the hex or square grid, or the table of an open tabletop,
// and the numbering that labels its cells. Build it with Map.Geometry.
type Geometry struct {
	Type       string      // GridHex, GridSquare, GridOpen, GridArea or GridPoint
	Hex        grid.Hex    // Type hex
	Square     grid.Square // Type square
	Table      grid.Table  // Type open: width and height in inches; area and point-to-point: the map's size
	Cols, Rows int         // 0 for open tabletops; an area or point-to-point map is one row of its places
	// Net joins the places of an area or point-to-point map (place i is cell {Col: i}); Places are the map's
	// places in that order, Scale the inches per unit of their coordinates.
	Net    *grid.Network
	Places []*Place
	Scale  float64
	index  map[string]int
	// Diagonals is true on square grids that declare a diagonalCost: diagonal steps are then moves, and a
	// diagonal neighbour is adjacent.
	Diagonals bool
	// Board is the board name labels carry ("II" in "IIC08"), "" when labels have no board prefix.
	Board string
	// Size is the published size of a hex or square map in points (size: 8.5x11in), zero when it gives none.
	Size grid.Point
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
	// Cells is set for a grid of more than MaxMapCells cells.
	Cells bool
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
	case GridArea, GridPoint:
		return m.networkGeometry(g)
	case GridHex, GridSquare:
	case "":
		return nil, bad("/grid", "the grid has no type: write type: hex, square, open, area or point-to-point")
	default:
		return nil, &GeometryError{Ptr: "/grid/type", Msg: fmt.Sprintf("unknown grid type %q: write hex, square, open, area or point-to-point", gs.Type), Schema: true}
	}
	if gs.Cols <= 0 || gs.Rows <= 0 {
		return nil, bad("/grid", "a %s grid needs cols and rows (cols: 20, rows: 20)", gs.Type)
	}
	if n := int64(gs.Cols) * int64(gs.Rows); n > MaxMapCells {
		// Refused here, before any check or printer makes something per cell: a 10,000 x 10,000 map took
		// validate seconds and gigabytes before the printers' own bound refused it.
		return nil, &GeometryError{Ptr: "/grid", Cells: true,
			Msg: fmt.Sprintf("the grid is %d x %d = %d cells: muster checks and prints at most %d cells on one map (a map this large is several maps)", gs.Cols, gs.Rows, n, MaxMapCells)}
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
	if err := m.fitSize(g); err != nil {
		return nil, err
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

// Contains reports whether c is a cell (or a place) of the grid (always false on an open tabletop).
func (g *Geometry) Contains(c grid.Cell) bool {
	return g.Type != GridOpen && c.Col >= 0 && c.Row >= 0 && c.Col < g.Cols && c.Row < g.Rows
}

// Label returns the label of a cell, with the board prefix when the numbering has one, or a place's id; ""
// off the grid.
func (g *Geometry) Label(c grid.Cell) string {
	if g.Net != nil {
		if !g.Contains(c) {
			return ""
		}
		return g.Places[c.Col].ID
	}
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
	if g.Net != nil {
		if i, ok := g.index[label]; ok {
			return grid.Cell{Col: i}, nil
		}
		return grid.Cell{}, &LabelError{Label: label, Msg: fmt.Sprintf("%q is not %s of this map", label, g.PlaceWord(1, true))}
	}
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

// fitSize applies a map's published size (size: 8.5x11in) to its hex or square grid: without a cellSize the
// cells take the largest size that fits the grid inside it; with one, a grid larger than the size is an error
// at size that says the cell size that would fit.
func (m *Map) fitSize(g *Geometry) error {
	if m.Size == nil {
		return nil
	}
	w, h := m.Size.Width, m.Size.Height
	if !(w > 0) || !(h > 0) || math.IsInf(w, 0) || math.IsInf(h, 0) {
		return &GeometryError{Ptr: "/size", Msg: "the map's size must be positive"}
	}
	g.Size = grid.Point{X: w, Y: h}
	// The grid's extent for cells of size 1: extents grow with the cell size.
	unit := func() grid.Rect {
		if g.Type == GridHex {
			u := g.Hex
			u.CellSize = 1
			return u.Bounds()
		}
		u := g.Square
		u.CellSize = 1
		return u.Bounds()
	}()
	fit := math.Min(w/unit.Width(), h/unit.Height())
	fit = math.Floor(fit*1000) / 1000 // a thousandth of a point under, so the grid never spills by rounding
	if m.Grid.CellSize == nil {
		g.Hex.CellSize, g.Square.CellSize = fit, fit
		return nil
	}
	cell := m.Grid.CellSize.Points
	if cell > fit+1e-6 {
		return &GeometryError{Ptr: "/size", Msg: fmt.Sprintf("the %d x %d grid of %s cells is %s x %s, larger than the map's size %s: a cellSize of at most %s fits it (or leave cellSize out, and muster fits the cells to the size)",
			g.Cols, g.Rows, m.Grid.CellSize, inchText(unit.Width()*cell), inchText(unit.Height()*cell), strings.TrimSuffix(inchText(w), "in")+"x"+inchText(h), inchText(fit))}
	}
	return nil
}

// inchText writes points as inches, to three places: 8.45in.
func inchText(pt float64) string {
	return strconv.FormatFloat(math.Floor(pt/72*1000)/1000, 'f', -1, 64) + "in"
}
