package vassal

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/print/digital"
)

// Grids: every board image gets a VASSAL grid whose cell centres are muster's and whose location names are
// muster's labels. The grid's lattice (x0, y0, dx, dy, sideways) comes from the geometry; the numbering's
// parts (which name comes first, letters or numbers, zeros, text around) from the map's numbering scheme;
// stagger, descending and the offsets are then chosen by trying VASSAL's options in a fixed order and
// keeping the first under which gridnum, VASSAL's own arithmetic, names every cell of the board as muster
// does. A board no option fits is an error naming the map, and no module is written.

// Classes of the grid components.
const (
	classHexGrid      = "VASSAL.build.module.map.boardPicker.board.HexGrid"
	classSquareGrid   = "VASSAL.build.module.map.boardPicker.board.SquareGrid"
	classZonedGrid    = "VASSAL.build.module.map.boardPicker.board.ZonedGrid"
	classZone         = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
	classHexNumbering = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
	classSqNumbering  = "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering"
)

// gridError is a board whose labels VASSAL's grids cannot reproduce.
type gridError struct {
	board *content.Board
	ptr   string // JSON pointer in the map's document
	msg   string
	hint  string // "": the hint for a numbering VASSAL cannot reproduce
}

func (e *gridError) Error() string { return e.msg }

// placement is where a map set's cells lie on a board image.
type placement struct {
	set      *content.MapSet
	k        float64 // pixels per point
	px0, py0 int     // the pixel of the centre of the set's cell (0,0); of the map's top-left corner on an area or point-to-point map
	w, h     int     // the image
	scale    float64 // the drawing's scale (Drawing.Scale): 1 for maps drawn at true size
}

// centre is a set cell's centre in pixels (not rounded).
func (pl *placement) centre(c grid.Cell) (float64, float64) {
	var p, o grid.Point
	if pl.set.Type == content.GridHex {
		p, o = pl.set.Hex.Centre(c), pl.set.Hex.Centre(grid.Cell{})
	} else {
		p, o = pl.set.Square.Centre(c), pl.set.Square.Centre(grid.Cell{})
	}
	return float64(pl.px0) + (p.X-o.X)*pl.k, float64(pl.py0) + (p.Y-o.Y)*pl.k
}

// lattice is the raw grid shared by every board of the set.
func (pl *placement) lattice() (hex, sideways bool, x0, y0 int, dx, dy float64) {
	if pl.set.Type == content.GridSquare {
		s := pl.set.Square.CellSize * pl.k
		return false, false, pl.px0, pl.py0, s, s
	}
	dy = digital.VassalWholePixels(pl.set.Hex.CellSize * pl.k)
	dx = dy * math.Sqrt(3) / 2
	if pl.set.Hex.Orientation == grid.PointyTop {
		return true, true, pl.py0, pl.px0, dx, dy
	}
	return true, false, pl.px0, pl.py0, dx, dy
}

// gridElement is the grid of a board image: a HexGrid or SquareGrid for one board, a ZonedGrid with a zone
// per board for a composed set.
func (pl *placement) gridElement() (*buildfile.Element, error) {
	if len(pl.set.Boards) == 1 {
		return pl.boardGrid(pl.set.Boards[0], gridnum.Size{W: pl.w, H: pl.h})
	}
	zg := buildfile.New(classZonedGrid)
	for _, b := range pl.set.Boards {
		x1, y1, x2, y2 := pl.boardRect(b)
		g, err := pl.boardGrid(b, gridnum.Size{W: x2 - x1, H: y2 - y1})
		if err != nil {
			return nil, err
		}
		path := gridnum.FormatPath([]gridnum.Point{{X: x1, Y: y1}, {X: x2, Y: y1}, {X: x2, Y: y2}, {X: x1, Y: y2}})
		z := buildfile.New(classZone, "name", b.Name, "path", path, "locationFormat", "$gridLocation$",
			"useParentGrid", "false", "useHighlight", "false", "highlightProperty", "")
		zg.Add(z.Add(g))
	}
	return zg, nil
}

// boardRect is the rectangle of a composed set's image that belongs to one board: up to half way to the
// next board's cells, or to the image's edge.
func (pl *placement) boardRect(b *content.Board) (x1, y1, x2, y2 int) {
	s := pl.set
	cols, rows := b.Geo.Cols, b.Geo.Rows
	mid := func(a, c grid.Cell, horizontal bool) int {
		ax, ay := pl.centre(a)
		cx, cy := pl.centre(c)
		if horizontal {
			return int(math.Round((ax + cx) / 2))
		}
		return int(math.Round((ay + cy) / 2))
	}
	x1, y1, x2, y2 = 0, 0, pl.w, pl.h
	// Columns are compared in row 0, rows in column 0: the half-hex shove of the other columns (rows) puts
	// their centres a quarter hex from the line, still on their own side.
	if b.Col > 0 {
		x1 = mid(grid.Cell{Col: b.Col - 1}, grid.Cell{Col: b.Col}, true)
	}
	if b.Col+cols < s.Cols {
		x2 = mid(grid.Cell{Col: b.Col + cols - 1}, grid.Cell{Col: b.Col + cols}, true)
	}
	if b.Row > 0 {
		y1 = mid(grid.Cell{Row: b.Row - 1}, grid.Cell{Row: b.Row}, false)
	}
	if b.Row+rows < s.Rows {
		y2 = mid(grid.Cell{Row: b.Row + rows - 1}, grid.Cell{Row: b.Row + rows}, false)
	}
	return
}

// skeleton is a numbering's fixed parts, from the map's scheme: everything but stagger, descending and the
// offsets.
type skeleton struct {
	n gridnum.Numbering
	// colLetters and rowLetters say whether muster writes the column (row) as letters; firstCol and firstRow
	// are the numbers of index 0 (0 for letters).
	firstCol, firstRow int
}

// numberingSkeleton turns the board's numbering into VASSAL's parts. On a sideways grid VASSAL's columns
// run down the board, so muster's columns are its rows and the other way round.
func numberingSkeleton(b *content.Board, sideways bool) (skeleton, error) {
	g := b.Geo
	spec := g.Numbering.Spec()
	text, names, err := digital.VassalLocation(g.Numbering, g.Board)
	if len(names) != 2 {
		return skeleton{}, fmt.Errorf("the numbering has %d cell parts; VASSAL names a cell by a column and a row", len(names))
	}
	if err != nil {
		return skeleton{}, err
	}
	sk := skeleton{n: gridnum.Numbering{Sep: text[1], LocationFormat: text[0] + "$gridLocation$" + text[2]}}
	typ := func(p grid.Part) (byte, int) {
		if p.Letters {
			return 'A', 0
		}
		return 'N', max(p.Width-1, 0)
	}
	for i, p := range names {
		// VASSAL's H part is the column of a plain grid, the row of a sideways one.
		isH := (p.Kind == grid.PartColumn) != sideways
		t, lead := typ(p)
		if isH {
			sk.n.HType, sk.n.HLeading = t, lead
		} else {
			sk.n.VType, sk.n.VLeading = t, lead
		}
		if i == 0 {
			sk.n.First = 'V'
			if isH {
				sk.n.First = 'H'
			}
		}
		first := spec.FirstCol
		if p.Kind == grid.PartRow {
			first = spec.FirstRow
		}
		if p.Letters {
			first = 0
		}
		if p.Kind == grid.PartColumn {
			sk.firstCol = first
		} else {
			sk.firstRow = first
		}
	}
	return sk, nil
}

// boardGrid fits a grid to one board of the set.
func (pl *placement) boardGrid(b *content.Board, container gridnum.Size) (*buildfile.Element, error) {
	hex, sideways, x0, y0, dx, dy := pl.lattice()
	fail := func(ptr, format string, args ...any) error {
		return &gridError{board: b, ptr: ptr, msg: fmt.Sprintf(format, args...)}
	}
	sk, err := numberingSkeleton(b, sideways)
	if err != nil {
		return nil, fail("/grid/numbering", "board %s: %v", b.Name, err)
	}
	cells := make([]fitCell, 0, b.Geo.Cols*b.Geo.Rows)
	for row := 0; row < b.Geo.Rows; row++ {
		for col := 0; col < b.Geo.Cols; col++ {
			local := grid.Cell{Col: col, Row: row}
			x, y := pl.centre(b.ToSet(local))
			cells = append(cells, fitCell{label: b.Geo.Label(local), x: x, y: y})
		}
	}
	staggers := []bool{false}
	if hex {
		staggers = []bool{false, true}
	}
	for _, desc := range [][2]bool{{false, false}, {true, true}, {true, false}, {false, true}} {
		for _, st := range staggers {
			n := sk.n
			n.Stagger, n.HDescend, n.VDescend = st, desc[0], desc[1]
			var g gridnum.Grid
			var hg *gridnum.Hex
			var sg *gridnum.Square
			if hex {
				hg = &gridnum.Hex{X0: x0, Y0: y0, DX: dx, DY: dy, Sideways: sideways, Container: container, N: n}
				g = hg
			} else {
				sg = &gridnum.Square{X0: x0, Y0: y0, DX: dx, DY: dy, Container: container, N: n}
				g = sg
			}
			// The offsets: whatever VASSAL counts at cell (0,0), it must name muster's first column and row.
			p0 := gridnum.Point{X: int(math.Round(cells[0].x)), Y: int(math.Round(cells[0].y))}
			var c0, r0 int
			if hex {
				c0, r0 = hg.Column(p0), hg.Row(p0)
			} else {
				c0, r0 = sg.Column(p0), sg.Row(p0)
			}
			if sideways {
				n.HOff, n.VOff = sk.firstRow-c0, sk.firstCol-r0
			} else {
				n.HOff, n.VOff = sk.firstCol-c0, sk.firstRow-r0
			}
			if hex {
				hg.N = n
			} else {
				sg.N = n
			}
			if fitAll(g, cells) == "" {
				return gridXML(hex, sideways, x0, y0, dx, dy, n), nil
			}
		}
	}
	// Say what the plainest option gets wrong.
	return nil, fail("/grid/numbering", "board %s: VASSAL's grid numbering cannot name its cells as muster labels them (%s)", b.Name, pl.firstMismatch(hex, sideways, x0, y0, dx, dy, sk, container, cells))
}

type fitCell struct {
	label string
	x, y  float64
}

// fitTolerance is how far (in pixels, on each axis) VASSAL may put a cell's centre from muster's: its
// getCenterPoint truncates once on each axis.
const fitTolerance = 1

// fitAll returns "" when the grid names every cell as muster does and puts it where muster draws it, or
// what goes wrong first.
func fitAll(g gridnum.Grid, cells []fitCell) string {
	for _, c := range cells {
		if msg := fitCheck(g, c); msg != "" {
			return msg
		}
	}
	return ""
}

func fitCheck(g gridnum.Grid, c fitCell) string {
	p := gridnum.Point{X: int(math.Round(c.x)), Y: int(math.Round(c.y))}
	name, err := g.LocationName(p)
	if err != nil {
		return err.Error()
	}
	if name != c.label {
		return fmt.Sprintf("the cell muster labels %s would be %s", c.label, name)
	}
	q, err := g.Location(c.label)
	if err != nil {
		return fmt.Sprintf("VASSAL would not read %s as a location", c.label)
	}
	if math.Abs(float64(q.X)-c.x) > fitTolerance || math.Abs(float64(q.Y)-c.y) > fitTolerance {
		return fmt.Sprintf("VASSAL would put %s at %d,%d, not at %.1f,%.1f", c.label, q.X, q.Y, c.x, c.y)
	}
	return ""
}

func (pl *placement) firstMismatch(hex, sideways bool, x0, y0 int, dx, dy float64, sk skeleton, container gridnum.Size, cells []fitCell) string {
	n := sk.n
	if sideways {
		n.HOff, n.VOff = sk.firstRow, sk.firstCol
	} else {
		n.HOff, n.VOff = sk.firstCol, sk.firstRow
	}
	var g gridnum.Grid = &gridnum.Square{X0: x0, Y0: y0, DX: dx, DY: dy, Container: container, N: n}
	if hex {
		g = &gridnum.Hex{X0: x0, Y0: y0, DX: dx, DY: dy, Sideways: sideways, Container: container, N: n}
	}
	return fitAll(g, cells)
}

// gridXML writes a fitted grid and its numbering.
func gridXML(hex, sideways bool, x0, y0 int, dx, dy float64, n gridnum.Numbering) *buildfile.Element {
	num := buildfile.New(classSqNumbering, n.Attrs()...)
	num.Set("visible", "false").Set("fontSize", "9").Set("color", "0,0,0").Set("rotateText", "0").Set("hDrawOff", "0").Set("vDrawOff", "0")
	var g *buildfile.Element
	if hex {
		num.Class = classHexNumbering
		num.Set("stagger", fmt.Sprint(n.Stagger))
		g = buildfile.New(classHexGrid, "sideways", fmt.Sprint(sideways), "x0", itoa(x0), "y0", itoa(y0),
			"dx", ftoa(dx), "dy", ftoa(dy), "snapTo", "true", "edgesLegal", "false", "cornersLegal", "false",
			"visible", "false", "dotsVisible", "false", "color", "0,0,0")
	} else {
		g = buildfile.New(classSquareGrid, "x0", itoa(x0), "y0", itoa(y0), "dx", ftoa(dx), "dy", ftoa(dy),
			"snapTo", "true", "edgesLegal", "false", "cornersLegal", "false", "visible", "false",
			"dotsVisible", "false", "color", "0,0,0", "range", "Metric")
	}
	return g.Add(num)
}
