// Package gridnum computes what VASSAL 3.7 computes from a board's grid (HexGrid, SquareGrid, zoned grids
// and their numbering, integer truncations included): the name it gives a pixel's cell, and where it puts
// the cell a name stands for. It lets a test check every cell of an exported board against muster's labels
// without trusting the code that chose the grid's attributes. Coordinates are whole pixels, y down.
package gridnum

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// Point is a pixel on a board.
type Point struct{ X, Y int }

// Size is the size of what holds a grid: the board, or the zone of a zoned grid. Only descending numbering
// reads it.
type Size struct{ W, H int }

// Numbering is RegularGridNumbering's attributes. H names the column part, V the row part.
type Numbering struct {
	First              byte   // 'H': the column's name comes first; 'V': the row's
	Sep                string // between the two names
	HType, VType       byte   // 'N' numeric, 'A' alphabetic (A..Z, AA, BB, ...)
	HLeading, VLeading int    // leading zeros: a number gets zeros while it is below 10^leading
	HOff, VOff         int    // added to the column and row before naming
	HDescend, VDescend bool   // count from the far edge of the container
	Stagger            bool   // hex grids: odd raw columns count their rows from one more
	LocationFormat     string // $gridLocation$, $row$ and $column$ with literal text
}

// DefaultNumbering is a numbering with VASSAL's default attributes.
func DefaultNumbering() Numbering {
	return Numbering{First: 'H', HType: 'N', VType: 'N', HLeading: 1, VLeading: 1, HOff: 1, VOff: 1,
		Stagger: true, LocationFormat: "$gridLocation$"}
}

// Grid is a hex or square grid with its numbering.
type Grid interface {
	// LocationName is the name VASSAL gives the point.
	LocationName(p Point) (string, error)
	// Location is where VASSAL puts a named location (the centre of the named cell).
	Location(name string) (Point, error)
}

// Hex is HexGrid: columns of hexes dx apart, hexes dy high, odd raw columns dy/2 lower; sideways turns the
// grid a quarter (x and y swap, so x0 and dx then run down the board).
type Hex struct {
	X0, Y0    int
	DX, DY    float64
	Sideways  bool
	Container Size
	N         Numbering
}

// Square is SquareGrid: cells dx wide and dy high, cell (0,0) centred on (x0, y0).
type Square struct {
	X0, Y0    int
	DX, DY    float64
	Container Size
	N         Numbering
}

// ErrBadCoords is a name the numbering does not read (VASSAL's BadCoords).
var ErrBadCoords = errors.New("the name does not match the grid's numbering")

// ------------------------------------------------------------------------------------------ Java arithmetic

// jround is Java's Math.round: floor(x + 0.5).
func jround(x float64) int { return int(math.Floor(x + 0.5)) }

// jint is Java's (int) cast of a double: truncation toward zero.
func jint(x float64) int { return int(x) }

func (g *Hex) rot(p Point) Point {
	if g.Sideways {
		return Point{p.Y, p.X}
	}
	return p
}

// ---------------------------------------------------------------------------------------------------- hex

// RawColumn is HexGrid.getRawColumn.
func (g *Hex) RawColumn(p Point) int {
	p = g.rot(p)
	x := p.X - g.X0
	return int(math.Floor(float64(x)/g.DX + 0.5))
}

// RawRow is HexGrid.getRawRow.
func (g *Hex) RawRow(p Point) int {
	p = g.rot(p)
	nx := jround(float64(p.X-g.X0) / g.DX)
	if nx%2 == 0 {
		return jround(float64(p.Y-g.Y0) / g.DY)
	}
	return jround((float64(p.Y-g.Y0) - g.DY/2) / g.DY)
}

func (g *Hex) maxRows() int    { return int(math.Floor(float64(g.Container.H)/g.DX + 0.5)) }
func (g *Hex) maxColumns() int { return int(math.Floor(float64(g.Container.W)/g.DY + 0.5)) }

// Column is HexGridNumbering.getColumn.
func (g *Hex) Column(p Point) int {
	x := g.RawColumn(p)
	if g.N.VDescend && g.Sideways {
		x = g.maxRows() - x
	}
	if g.N.HDescend && !g.Sideways {
		x = g.maxColumns() - x
	}
	return x
}

// Row is HexGridNumbering.getRow.
func (g *Hex) Row(p Point) int {
	ny := g.RawRow(p)
	if g.N.VDescend && !g.Sideways {
		ny = g.maxRows() - ny
	}
	if g.N.HDescend && g.Sideways {
		ny = g.maxColumns() - ny
	}
	if g.N.Stagger && g.RawColumn(p)%2 != 0 {
		desc := g.N.VDescend
		if g.Sideways {
			desc = g.N.HDescend
		}
		if desc {
			ny--
		} else {
			ny++
		}
	}
	return ny
}

// CenterPoint is HexGridNumbering.getCenterPoint: the pixel of a column and row (before the offsets).
func (g *Hex) CenterPoint(col, row int) Point {
	if g.N.Stagger && col%2 != 0 {
		desc := g.N.VDescend
		if g.Sideways {
			desc = g.N.HDescend
		}
		if desc {
			row++
		} else {
			row--
		}
	}
	if g.Sideways {
		if g.N.VDescend {
			col = g.maxRows() - col
		}
		if g.N.HDescend {
			row = g.maxColumns() - row
		}
	} else {
		if g.N.HDescend {
			col = g.maxColumns() - col
		}
		if g.N.VDescend {
			row = g.maxRows() - row
		}
	}
	var p Point
	p.X = jint(float64(col)*g.DX) + g.X0
	if col%2 == 0 {
		p.Y = jint(float64(row) * g.DY)
	} else {
		p.Y = jint(float64(row)*g.DY + g.DY/2)
	}
	p.Y += g.Y0
	return g.rot(p)
}

// RawCenter is the centre of raw column nx, raw row ny (HexGrid's hexPointCenterFromRawIndex), where VASSAL
// snaps a piece dropped in that cell.
func (g *Hex) RawCenter(nx, ny int) Point {
	p := Point{X: jint(g.DX*float64(nx) + float64(g.X0))}
	if nx%2 == 0 {
		p.Y = jint(g.DY*float64(ny) + float64(g.Y0))
	} else {
		p.Y = jint(g.DY*float64(ny) + float64(jint(g.DY/2)) + float64(g.Y0))
	}
	return g.rot(p)
}

// LocationName is RegularGridNumbering.locationName on a hex grid.
func (g *Hex) LocationName(p Point) (string, error) {
	return g.N.format(g.Row(p), g.Column(p))
}

// Location is RegularGridNumbering.getLocation on a hex grid.
func (g *Hex) Location(name string) (Point, error) {
	col, row, err := g.N.parse(name)
	if err != nil {
		return Point{}, err
	}
	return g.CenterPoint(col, row), nil
}

// ------------------------------------------------------------------------------------------------- square

func (g *Square) maxRows() int    { return jint(float64(g.Container.H)/g.DY + 0.5) }
func (g *Square) maxColumns() int { return jint(float64(g.Container.W)/g.DX + 0.5) }

// Column is SquareGridNumbering.getColumn.
func (g *Square) Column(p Point) int {
	col := int(math.Floor(float64(p.X-g.X0)/g.DX + 0.5))
	if g.N.HDescend {
		return g.maxColumns() - col
	}
	return col
}

// Row is SquareGridNumbering.getRow (a truncation, not a floor, as VASSAL has it).
func (g *Square) Row(p Point) int {
	row := jint(float64(p.Y-g.Y0)/g.DY + 0.5)
	if g.N.VDescend {
		return g.maxRows() - row
	}
	return row
}

// CenterPoint is SquareGridNumbering.getCenterPoint.
func (g *Square) CenterPoint(col, row int) Point {
	if g.N.VDescend {
		row = g.maxRows() - row
	}
	if g.N.HDescend {
		col = g.maxColumns() - col
	}
	return Point{jint(float64(col)*g.DX + float64(g.X0)), jint(float64(row)*g.DY + float64(g.Y0))}
}

// LocationName is RegularGridNumbering.locationName on a square grid.
func (g *Square) LocationName(p Point) (string, error) {
	return g.N.format(g.Row(p), g.Column(p))
}

// Location is RegularGridNumbering.getLocation on a square grid.
func (g *Square) Location(name string) (Point, error) {
	col, row, err := g.N.parse(name)
	if err != nil {
		return Point{}, err
	}
	return g.CenterPoint(col, row), nil
}

// -------------------------------------------------------------------------------------------- numbering

const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

// Name is RegularGridNumbering.getName(int, char, int): one part of a location name.
func Name(v int, typ byte, leading int) string {
	var b strings.Builder
	if v < 0 {
		b.WriteByte('-')
		v = -v
	}
	if typ == 'A' {
		for {
			b.WriteByte(alphabet[v%26])
			v -= 26
			if v < 0 {
				break
			}
		}
		return b.String()
	}
	for leading > 0 {
		below := float64(v) < math.Pow(10, float64(leading))
		leading--
		if !below {
			break
		}
		b.WriteByte('0')
	}
	b.WriteString(strconv.Itoa(v))
	return b.String()
}

// gridName is RegularGridNumbering.getName(row, column).
func (n *Numbering) gridName(row, col int) string {
	r := Name(row+n.VOff, n.VType, n.VLeading)
	c := Name(col+n.HOff, n.HType, n.HLeading)
	if n.First == 'H' {
		return c + n.Sep + r
	}
	return r + n.Sep + c
}

// formatParts splits a location format at '$' as VASSAL does: literal text and property names alternate,
// starting with text; a last unmatched part is text.
func formatParts(format string) (parts []string, props []bool) {
	d := seqenc.NewDecoder(format, '$')
	isProp := true
	for d.More() {
		t := d.Next()
		isProp = !isProp
		parts = append(parts, t)
		props = append(props, isProp && d.More())
	}
	return parts, props
}

// format is locationName: the location format with gridLocation, row and column filled in.
func (n *Numbering) format(row, col int) (string, error) {
	if strings.HasPrefix(strings.TrimSpace(n.LocationFormat), "{") {
		return "", errors.New("a location format that is a BeanShell expression is not modelled")
	}
	parts, props := formatParts(n.LocationFormat)
	var b strings.Builder
	for i, t := range parts {
		if !props[i] {
			b.WriteString(t)
			continue
		}
		switch t {
		case "gridLocation":
			b.WriteString(n.gridName(row, col))
		case "row":
			b.WriteString(Name(row+n.VOff, n.VType, n.VLeading))
		case "column":
			b.WriteString(Name(col+n.HOff, n.HType, n.HLeading))
		default:
			return "", fmt.Errorf("the location format names property %q, which only a running game knows", t)
		}
	}
	return b.String(), nil
}

const alphaMatch = `-?(?:A+|B+|C+|D+|E+|F+|G+|H+|I+|J+|K+|L+|M+|N+|O+|P+|Q+|R+|S+|T+|U+|V+|W+|X+|Y+|Z+)`

func matching(typ byte, leading int) string {
	if typ == 'A' {
		return alphaMatch
	}
	return `-?[0-9]{` + strconv.Itoa(leading+1) + `,}`
}

// parse is getLocation up to getCenterPoint: it returns the column and row (offsets taken off) a name
// stands for.
func (n *Numbering) parse(name string) (col, row int, err error) {
	parts, props := formatParts(n.LocationFormat)
	var re strings.Builder
	colGroup, rowGroup, groups := 0, 0, 0
	for i, t := range parts {
		if t == "" {
			continue
		}
		if !props[i] {
			re.WriteString(regexp.QuoteMeta(t))
			continue
		}
		switch t {
		case "gridLocation":
			if n.First == 'H' {
				re.WriteString("(" + matching(n.HType, n.HLeading) + ")")
				groups++
				colGroup = groups
				re.WriteString(regexp.QuoteMeta(n.Sep))
				re.WriteString("(" + matching(n.VType, n.VLeading) + ")")
				groups++
				rowGroup = groups
			} else {
				re.WriteString("(" + matching(n.VType, n.VLeading) + ")")
				groups++
				rowGroup = groups
				re.WriteString(regexp.QuoteMeta(n.Sep))
				re.WriteString("(" + matching(n.HType, n.HLeading) + ")")
				groups++
				colGroup = groups
			}
		case "row":
			re.WriteString("(" + matching(n.VType, n.VLeading) + ")")
			groups++
			rowGroup = groups
		case "column":
			re.WriteString("(" + matching(n.HType, n.HLeading) + ")")
			groups++
			colGroup = groups
		}
	}
	if re.Len() == 0 || colGroup == 0 || rowGroup == 0 {
		return 0, 0, ErrBadCoords
	}
	rx, err := compile(re.String())
	if err != nil {
		return 0, 0, ErrBadCoords
	}
	m := rx.FindStringSubmatch(name)
	if m == nil {
		return 0, 0, ErrBadCoords
	}
	r, err := parseName(m[rowGroup], n.VType)
	if err != nil {
		return 0, 0, err
	}
	c, err := parseName(m[colGroup], n.HType)
	if err != nil {
		return 0, 0, err
	}
	return c - n.HOff, r - n.VOff, nil
}

// parseName is RegularGridNumbering.parseName. A number too large for Java's int is an error there too (an
// exception VASSAL does not catch).
func parseName(s string, typ byte) (int, error) {
	if typ != 'A' {
		v, err := strconv.ParseInt(s, 10, 32)
		if err != nil {
			return 0, fmt.Errorf("%q is out of range for a grid number", s)
		}
		return int(v), nil
	}
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	v := 0
	for i := 0; i < len(s); i++ {
		if i < len(s)-1 {
			v += 26
		} else {
			v += strings.IndexByte(alphabet, s[i])
		}
	}
	if neg {
		v = -v
	}
	return v, nil
}

// compiled caches the regular expressions of location formats: a board's cells all use the same one. It
// holds at most maxCompiled of them, so a module with endless formats cannot grow it without bound.
var (
	compiled  sync.Map // string -> *regexp.Regexp
	nCompiled atomic.Int32
)

const maxCompiled = 512

// compile compiles a location pattern anchored at both ends (Java's Matcher.matches).
func compile(re string) (*regexp.Regexp, error) {
	if rx, ok := compiled.Load(re); ok {
		return rx.(*regexp.Regexp), nil
	}
	rx, err := regexp.Compile(`^(?:` + re + `)$`)
	if err != nil {
		return nil, err
	}
	if nCompiled.Add(1) <= maxCompiled {
		compiled.Store(re, rx)
	}
	return rx, nil
}
