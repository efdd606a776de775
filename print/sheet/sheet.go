// Package sheet lays pieces (counters, chits) out on printed pages: a grid per piece size inside the margins,
// cut lines and crop marks, an optional bleed, and back pages placed so that each back lands behind its front
// when the sheet is printed duplex (long or short edge) or folded over.
//
// Pieces are square, or rectangles as high as their size and wider (a two-hex unit's double-width counter).
// A sheet holds pieces of one size (height); each row holds pieces of one shape. The first shape of a size
// fills rows from the top of the sheet and a second shape continues in rows of its own below it (a third
// starts a new sheet), so a few wide counters share the sheet of their square ones. The vertical cuts of the
// first shape are marked in the top margin and those of the second in the bottom margin: cut the sheet
// across between the two blocks of rows first, then each block along its own marks.
package sheet

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"sort"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// Backs says how the backs of the pieces are printed.
type Backs string

// Back modes.
const (
	LongEdge  Backs = "long-edge"  // duplex, flipped on the long edge: the back page is mirrored left-right
	ShortEdge Backs = "short-edge" // duplex, flipped on the short edge: the back page is mirrored top-bottom
	Foldover  Backs = "foldover"   // fronts on the left half, backs on the right, folded on the centre line
	NoBacks   Backs = "none"       // fronts only
)

// ParseBacks reads a back mode.
func ParseBacks(s string) (Backs, error) {
	switch b := Backs(s); b {
	case LongEdge, ShortEdge, Foldover, NoBacks:
		return b, nil
	case "":
		return LongEdge, nil
	}
	return "", fmt.Errorf("unknown backs %q: use long-edge, short-edge, foldover or none", s)
}

// Painter draws one side of a square piece of side size with its top-left corner at (x, y), its background
// extended by bleed on every edge.
type Painter interface {
	Draw(s surface.Surface, x, y, size, bleed float64) error
}

// RectPainter is a Painter that also draws a rectangular piece, w wide and h high. The sheet draws every piece
// through DrawRect when its painter has it; a piece that is not square must have one.
type RectPainter interface {
	Painter
	DrawRect(s surface.Surface, x, y, w, h, bleed float64) error
}

// Piece is one physical piece to print.
type Piece struct {
	Size  float64 // side in points; the height of a rectangular piece; across the flats of a hexagon
	Width float64 // width in points of a piece wider than it is high (a double-width counter); 0 means Size
	// Shape is the piece's outline (package shape): "" or shape.Square for a rectangle, shape.Hex,
	// shape.HexPointy or shape.Round. Pieces of each shape print on sheets of their own; hexagons are packed
	// edge to edge and share their cut lines.
	Shape string
	Front Painter
	Back  Painter // nil: nothing on the back
}

// Dims returns the piece's width and height in points: a hexagon's bounding box (wider than high with flats
// at top and bottom, higher than wide with points), a round piece's square.
func (p Piece) Dims() (w, h float64) {
	if shape.IsHex(p.Shape) {
		return shape.Dims(p.Shape, p.Size)
	}
	if p.Width > 0 {
		return p.Width, p.Size
	}
	return p.Size, p.Size
}

// kind is the shape a sheet of the piece holds: rectangles of any width together, each other shape apart.
func (p Piece) kind() string {
	if shape.Plain(p.Shape) {
		return ""
	}
	return p.Shape
}

// Options set the page and the spacing; lengths in points.
type Options struct {
	Page       surface.Size
	Margin     float64    // at least this much blank paper on each edge (crop marks live here)
	Gutter     float64    // space between pieces; widened to twice the bleed when there is a bleed
	Bleed      float64    // background printed past each cut edge
	Backs      Backs      // "" means long-edge
	BackOffset surface.Pt // added to every position on a back page (duplex misregistration)
}

// Defaults for Options left zero.
const (
	DefaultMargin = 0.5 * surface.Inch
	foldGap       = 0.25 * surface.Inch // from the fold line to the nearest piece (plus the bleed)
	markLen       = 9.0                 // crop mark length
	markOff       = 3.0                 // gap between the bleed edge and a crop mark
	cutWidth      = 0.25
	markWidth     = 0.3
)

// Cut line and crop mark colours.
var (
	CutColour  = surface.RGB(0x70, 0x70, 0x70)
	MarkColour = surface.Black
	FoldColour = surface.RGB(0x50, 0x50, 0x50)
)

// FitError says pieces of a size do not fit inside the margins of the page.
type FitError struct {
	W, H float64 // the piece
	Page surface.Size
}

func (e *FitError) Error() string {
	what := fmt.Sprintf("%.3gin", e.H/surface.Inch)
	if e.W != e.H {
		what = fmt.Sprintf("%.3gx%.3gin", e.W/surface.Inch, e.H/surface.Inch)
	}
	return fmt.Sprintf("a %s piece does not fit inside the margins of a %.3gx%.3gin page", what, e.Page.W/surface.Inch, e.Page.H/surface.Inch)
}

// Slot is one piece on a sheet: where its front and its back are printed.
type Slot struct {
	Piece int          // index into the pieces
	Front surface.Rect // trim rectangle of the front
	Back  surface.Rect // trim rectangle of the back (on the back page, or the right half for foldover); zero without backs
}

// Sheet is one front page (and, when backs are printed duplex, its back page) of pieces of one size: rows of
// one shape (width) each, the first shape's rows above the second's.
type Sheet struct {
	Shape      string       // the pieces' shape: "" for rectangles, else a shape of package shape
	Size       float64      // the pieces' height (the counter size); across a hexagon's flats
	Width      float64      // the width of the pieces in the first rows (Size when they are square)
	Cols, Rows int          // Cols: how many pieces of the first shape a row holds; Rows: rows used
	Grid       surface.Rect // the fronts' trim area
	BackGrid   surface.Rect // the backs' trim area (zero without backs)
	Slots      []Slot
	// RowWidth is the width of the pieces of each row, top to bottom.
	RowWidth []float64
}

// Side is which face a page shows.
type Side uint8

const (
	FrontPage Side = iota
	BackPage
	FoldPage // fronts and backs side by side
)

// Page is one printed page: a sheet's front, back, or both (foldover).
type Page struct {
	Sheet int
	Side  Side
}

// Layout is the planned document.
type Layout struct {
	Opt    Options
	Pieces []Piece
	Sheets []Sheet
	Pages  []Page
}

// Plan lays the pieces out in order, grouped by size and within a size by shape: a new sheet for each size,
// for a third shape of one size, and whenever a sheet is full. Sizes and shapes come in the order they first
// appear, the pieces of a group in their order.
func Plan(pieces []Piece, opt Options) (*Layout, error) {
	if opt.Backs == "" {
		opt.Backs = LongEdge
	}
	if _, err := ParseBacks(string(opt.Backs)); err != nil {
		return nil, err
	}
	if opt.Page.W <= 0 || opt.Page.H <= 0 {
		opt.Page = surface.PaperSize(value.Letter)
	}
	if opt.Margin < 0 || opt.Gutter < 0 || opt.Bleed < 0 {
		return nil, errors.New("margin, gutter and bleed must not be negative")
	}
	if opt.Bleed > 0 && opt.Gutter < 2*opt.Bleed {
		opt.Gutter = 2 * opt.Bleed
	}
	l := &Layout{Opt: opt, Pieces: pieces}
	type family struct {
		kind string
		h    float64
	}
	type group struct {
		family
		w float64
	}
	var sizes []family
	widths := map[family][]float64{}
	groups := map[group][]int{}
	for i, p := range pieces {
		if p.Size <= 0 || p.Width < 0 || !shape.Valid(p.Shape) {
			return nil, fmt.Errorf("piece %d has no size", i)
		}
		w, h := p.Dims()
		if w != h && p.kind() == "" {
			for _, pt := range []Painter{p.Front, p.Back} {
				if _, ok := pt.(RectPainter); pt != nil && !ok {
					return nil, fmt.Errorf("piece %d is %gx%gpt but its painter draws only square pieces", i, w, h)
				}
			}
		}
		if shape.IsHex(p.Shape) {
			for _, pt := range []Painter{p.Front, p.Back} {
				if _, ok := pt.(RectPainter); pt != nil && !ok {
					return nil, fmt.Errorf("piece %d is a hexagon but its painter draws only square pieces", i)
				}
			}
		}
		fam := family{p.kind(), h}
		k := group{fam, w}
		if _, ok := widths[fam]; !ok {
			sizes = append(sizes, fam)
		}
		if _, ok := groups[k]; !ok {
			widths[fam] = append(widths[fam], w)
		}
		groups[k] = append(groups[k], i)
	}
	area := l.area()
	fit := func(length, avail float64) int {
		return int(math.Floor((avail + opt.Gutter + 1e-9) / (length + opt.Gutter)))
	}
	type place struct{ row, col int }
	var places [][]place // per sheet, per slot
	var rowLen []int     // pieces in each row of the current sheet
	var cur *Sheet
	for _, fam := range sizes {
		h := fam.h
		if shape.IsHex(fam.kind) {
			w := widths[fam][0]
			if err := l.planHex(fam.kind, w, h, groups[group{fam, w}], area); err != nil {
				return nil, err
			}
			places = append(places, make([][]place, len(l.Sheets)-len(places))...)
			cur = nil
			continue
		}
		rows := fit(h, area.H)
		for _, w := range widths[fam] {
			cols := fit(w, area.W)
			if cols < 1 || rows < 1 {
				return nil, &FitError{W: w, H: h, Page: opt.Page}
			}
			for _, i := range groups[group{fam, w}] {
				last := -1
				if cur != nil {
					last = len(cur.RowWidth) - 1
				}
				same := cur != nil && cur.Size == h && cur.Shape == fam.kind
				switch {
				case same && cur.RowWidth[last] == w && rowLen[last] < cols:
					// room in the row
				case same && len(cur.RowWidth) < rows && (cur.RowWidth[last] == w || cur.RowWidth[0] == cur.RowWidth[last]):
					// a new row: of the same shape, or of the sheet's second shape
					cur.RowWidth = append(cur.RowWidth, w)
					rowLen = append(rowLen, 0)
				default:
					l.Sheets = append(l.Sheets, Sheet{Shape: fam.kind, Size: h, Width: w, Cols: cols, RowWidth: []float64{w}})
					places = append(places, nil)
					cur, rowLen = &l.Sheets[len(l.Sheets)-1], []int{0}
				}
				r := len(cur.RowWidth) - 1
				cur.Slots = append(cur.Slots, Slot{Piece: i})
				places[len(places)-1] = append(places[len(places)-1], place{r, rowLen[r]})
				rowLen[r]++
			}
		}
	}
	for si := range l.Sheets {
		sh := &l.Sheets[si]
		if shape.IsHex(sh.Shape) {
			l.addPages(si)
			continue
		}
		sh.Grid = l.grid(sh, area)
		for k := range sh.Slots {
			p := places[si][k]
			w := sh.RowWidth[p.row]
			x := sh.Grid.X + float64(p.col)*(w+opt.Gutter)
			y := sh.Grid.Y + float64(p.row)*(sh.Size+opt.Gutter)
			front := surface.Rect{X: x, Y: y, W: w, H: sh.Size}
			sh.Slots[k].Front, sh.Slots[k].Back = front, l.BackOf(front)
		}
		// The grid shrinks to the rows used, so trim boxes and crop marks fit the pieces printed.
		used := len(sh.RowWidth)
		sh.Rows = used
		sh.Grid.H = float64(used)*sh.Size + float64(used-1)*opt.Gutter
		l.addPages(si)
	}
	return l, nil
}

// addPages adds the pages of sheet si, with its backs' grid.
func (l *Layout) addPages(si int) {
	sh := &l.Sheets[si]
	if l.Opt.Backs != NoBacks {
		sh.BackGrid = l.BackOf(sh.Grid)
	}
	switch l.Opt.Backs {
	case LongEdge, ShortEdge:
		l.Pages = append(l.Pages, Page{si, FrontPage}, Page{si, BackPage})
	case Foldover:
		l.Pages = append(l.Pages, Page{si, FoldPage})
	default:
		l.Pages = append(l.Pages, Page{si, FrontPage})
	}
}

// area is where the pieces may go: inside the margins, and for foldover the left half short of the fold.
func (l *Layout) area() surface.Rect {
	o := l.Opt
	W, H := o.Page.W, o.Page.H
	area := surface.Rect{X: o.Margin, Y: o.Margin, W: W - 2*o.Margin, H: H - 2*o.Margin}
	if o.Backs == Foldover {
		area.W = W/2 - o.Margin - (foldGap + o.Bleed)
	}
	return area
}

// grid sizes the full grid of a sheet: as wide as the widest full row of any of its shapes and as high as the
// rows that fit, centred in the area (snug against the fold for foldover). Every row starts at its left edge.
func (l *Layout) grid(sh *Sheet, area surface.Rect) surface.Rect {
	o := l.Opt
	pitch := sh.Size + o.Gutter
	rows := int(math.Floor((area.H + o.Gutter + 1e-9) / pitch))
	gw := 0.0
	for _, w := range sh.RowWidth {
		cols := int(math.Floor((area.W + o.Gutter + 1e-9) / (w + o.Gutter)))
		gw = math.Max(gw, float64(cols)*w+float64(cols-1)*o.Gutter)
	}
	gh := float64(rows)*sh.Size + float64(rows-1)*o.Gutter
	g := surface.Rect{X: area.X + (area.W-gw)/2, Y: area.Y + (area.H-gh)/2, W: gw, H: gh}
	if o.Backs == Foldover {
		g.X = o.Page.W/2 - (foldGap + o.Bleed) - gw // snug against the fold, mirrored on the other side
	}
	// Round to 1/1000 pt so positions print exactly as planned.
	g.X, g.Y = round3(g.X), round3(g.Y)
	return g
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// BackOf is where the back of a front rectangle is printed: mirrored left-right (long edge and foldover) or
// top-bottom (short edge) and shifted by the back offset for duplex; zero for no backs.
func (l *Layout) BackOf(r surface.Rect) surface.Rect {
	W, H := l.Opt.Page.W, l.Opt.Page.H
	d := l.Opt.BackOffset
	switch l.Opt.Backs {
	case LongEdge:
		return surface.Rect{X: W - r.X - r.W + d.X, Y: r.Y + d.Y, W: r.W, H: r.H}
	case ShortEdge:
		return surface.Rect{X: r.X + d.X, Y: H - r.Y - r.H + d.Y, W: r.W, H: r.H}
	case Foldover:
		return surface.Rect{X: W - r.X - r.W, Y: r.Y, W: r.W, H: r.H}
	}
	return surface.Rect{}
}

// Render draws every page of the layout.
func (l *Layout) Render(s surface.Surface) error {
	for i := range l.Pages {
		if err := l.RenderPage(s, i); err != nil {
			return err
		}
	}
	return s.Err()
}

// RenderPage begins page i on the surface and draws it.
func (l *Layout) RenderPage(s surface.Surface, i int) error {
	pg := l.Pages[i]
	sh := &l.Sheets[pg.Sheet]
	o := l.Opt
	s.BeginPage(o.Page.W, o.Page.H)
	grow := func(r surface.Rect, d float64) surface.Rect {
		return surface.Rect{X: r.X - d, Y: r.Y - d, W: r.W + 2*d, H: r.H + 2*d}
	}
	trim := sh.Grid
	switch pg.Side {
	case BackPage:
		trim = sh.BackGrid
	case FoldPage:
		trim = surface.Rect{X: sh.Grid.X, Y: sh.Grid.Y, W: sh.BackGrid.X + sh.BackGrid.W - sh.Grid.X, H: sh.Grid.H}
	}
	boxes := surface.PageBoxes{Trim: clampRect(trim, o.Page)}
	if o.Bleed > 0 {
		boxes.Bleed = clampRect(grow(trim, o.Bleed), o.Page)
	}
	s.SetPageBoxes(boxes)

	for _, sl := range sh.Slots {
		p := l.Pieces[sl.Piece]
		if pg.Side != BackPage {
			if err := paint(s, p.Front, sl.Front, o.Bleed); err != nil {
				return err
			}
		}
		if pg.Side != FrontPage && p.Back != nil {
			if err := paint(s, p.Back, sl.Back, o.Bleed); err != nil {
				return err
			}
		}
	}
	switch {
	case pg.Side == BackPage:
	case sh.Shape != "":
		// Hexagons and circles are cut by their outlines (or by a plotter that finds the sheet by its marks);
		// crop marks in the margins would line up with nothing.
		l.cutOutlines(s, sh, pg.Side == FoldPage)
		l.registrationMarks(s)
		if pg.Side == FoldPage {
			l.foldLine(s, sh)
		}
	default:
		l.cutLines(s, sh, pg.Side == FoldPage)
		l.cropMarks(s, sh, false)
		if pg.Side == FoldPage {
			l.cropMarks(s, sh, true)
			l.foldLine(s, sh)
		}
	}
	return s.Err()
}

// paint draws one side of a piece in its trim rectangle r. A painter draws the same wherever it is asked to,
// so a painter the sheet can tell apart (a pointer: a counter's face) is drawn once per size and placed at
// every piece it paints (see surface.Reuse); others are drawn at each piece.
func paint(s surface.Surface, p Painter, r surface.Rect, bleed float64) error {
	draw := func(s surface.Surface, x, y float64) error {
		if rp, ok := p.(RectPainter); ok {
			return rp.DrawRect(s, x, y, r.W, r.H, bleed)
		}
		return p.Draw(s, x, y, r.W, bleed)
	}
	if reflect.TypeOf(p).Kind() != reflect.Pointer {
		return draw(s, r.X, r.Y)
	}
	var err error
	art := surface.Rect{X: -bleed, Y: -bleed, W: r.W + 2*bleed, H: r.H + 2*bleed}
	s.Reuse(pieceKey{p, r.W, r.H, bleed}, r.X, r.Y, art, art, func(s surface.Surface, _ surface.Rect) { err = draw(s, 0, 0) })
	return err
}

// pieceKey names the reused drawing of one side of a piece at one size.
type pieceKey struct {
	p           Painter
	w, h, bleed float64
}

func clampRect(r surface.Rect, pg surface.Size) surface.Rect {
	x0, y0 := math.Max(0, r.X), math.Max(0, r.Y)
	x1, y1 := math.Min(pg.W, r.X+r.W), math.Min(pg.H, r.Y+r.H)
	return surface.Rect{X: x0, Y: y0, W: math.Max(0, x1-x0), H: math.Max(0, y1-y0)}
}

// cutLines outlines every piece's trim in a hairline, when there is no bleed (with a bleed the background
// runs past the trim and only the crop marks show where to cut).
func (l *Layout) cutLines(s surface.Surface, sh *Sheet, backs bool) {
	if l.Opt.Bleed > 0 {
		return
	}
	s.SetStroke(CutColour, cutWidth)
	s.SetDash()
	for _, sl := range sh.Slots {
		r := sl.Front
		s.Rect(r.X, r.Y, r.W, r.H, surface.Stroke)
		if backs {
			r = sl.Back
			s.Rect(r.X, r.Y, r.W, r.H, surface.Stroke)
		}
	}
}

// cropMarks draws short marks in the margins in line with every cut, starting clear of the bleed: the fronts'
// or, on a foldover page, the backs'. The vertical cuts of the sheet's first shape are marked above the
// pieces and those of its second shape (wide pieces in rows of their own below) under them; a sheet of one
// shape has both from the same cuts.
func (l *Layout) cropMarks(s surface.Surface, sh *Sheet, backs bool) {
	o := l.Opt
	if len(sh.Slots) == 0 {
		return
	}
	first, last := sh.RowWidth[0], sh.RowWidth[len(sh.RowWidth)-1]
	var topXs, botXs, ys []float64
	gx0, gy0 := math.Inf(1), math.Inf(1)
	gx1, gy1 := math.Inf(-1), math.Inf(-1)
	for _, sl := range sh.Slots {
		r := sl.Front
		if backs {
			r = sl.Back
		}
		if r.W == first {
			topXs = addEdge(addEdge(topXs, r.X), r.X+r.W)
		}
		if r.W == last {
			botXs = addEdge(addEdge(botXs, r.X), r.X+r.W)
		}
		ys = addEdge(addEdge(ys, r.Y), r.Y+r.H)
		gx0, gy0 = math.Min(gx0, r.X), math.Min(gy0, r.Y)
		gx1, gy1 = math.Max(gx1, r.X+r.W), math.Max(gy1, r.Y+r.H)
	}
	sort.Float64s(topXs)
	sort.Float64s(botXs)
	sort.Float64s(ys)
	off := o.Bleed + markOff
	s.SetStroke(MarkColour, markWidth)
	s.SetDash()
	// A mark is drawn only where it fits on the paper.
	fit := func(a, b float64, max float64) (float64, float64, bool) {
		a, b = math.Max(a, 1), math.Min(b, max-1)
		return a, b, b-a >= 2
	}
	for _, x := range topXs {
		if a, b, ok := fit(gy0-off-markLen, gy0-off, o.Page.H); ok {
			s.Line(x, a, x, b)
		}
		if first == last {
			if a, b, ok := fit(gy1+off, gy1+off+markLen, o.Page.H); ok {
				s.Line(x, a, x, b)
			}
		}
	}
	if first != last {
		for _, x := range botXs {
			if a, b, ok := fit(gy1+off, gy1+off+markLen, o.Page.H); ok {
				s.Line(x, a, x, b)
			}
		}
	}
	for _, y := range ys {
		if a, b, ok := fit(gx0-off-markLen, gx0-off, o.Page.W); ok && !(o.Backs == Foldover && b > o.Page.W/2 && a < o.Page.W/2) {
			s.Line(a, y, b, y)
		}
		if a, b, ok := fit(gx1+off, gx1+off+markLen, o.Page.W); ok && !(o.Backs == Foldover && b > o.Page.W/2 && a < o.Page.W/2) {
			s.Line(a, y, b, y)
		}
	}
}

// addEdge adds a cut position once (neighbours without a gutter share one).
func addEdge(xs []float64, x float64) []float64 {
	for _, v := range xs {
		if math.Abs(v-x) <= 1e-6 {
			return xs
		}
	}
	return append(xs, x)
}

// foldLine draws the dashed fold line down the middle of a foldover page, with a label.
func (l *Layout) foldLine(s surface.Surface, sh *Sheet) {
	W := l.Opt.Page.W
	s.SetStroke(FoldColour, 0.5)
	s.SetDash(6, 4)
	s.Line(W/2, sh.Grid.Y-l.Opt.Bleed, W/2, sh.Grid.Y+sh.Grid.H+l.Opt.Bleed)
	s.SetDash()
	s.SetFill(FoldColour)
	y := sh.Grid.Y - l.Opt.Bleed - markOff - 2
	if y > 8 {
		s.Text(W/2, y, "fold", surface.Font{Size: 6}, surface.Align{H: surface.Center, V: surface.Bottom})
	}
}
