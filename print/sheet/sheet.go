// Package sheet lays square pieces (counters, chits) out on printed pages: a grid per piece size inside the
// margins, cut lines and crop marks, an optional bleed, and back pages placed so that each back lands behind
// its front when the sheet is printed duplex (long or short edge) or folded over.
package sheet

import (
	"errors"
	"fmt"
	"math"

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

// Painter draws one side of a piece of side size with its top-left corner at (x, y), its background
// extended by bleed on every edge.
type Painter interface {
	Draw(s surface.Surface, x, y, size, bleed float64) error
}

// Piece is one physical piece to print.
type Piece struct {
	Size  float64 // side, in points
	Front Painter
	Back  Painter // nil: nothing on the back
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

// Slot is one piece on a sheet: where its front and its back are printed.
type Slot struct {
	Piece int          // index into the pieces
	Front surface.Rect // trim rectangle of the front
	Back  surface.Rect // trim rectangle of the back (on the back page, or the right half for foldover); zero without backs
}

// Sheet is one front page (and, when backs are printed duplex, its back page) of pieces of one size.
type Sheet struct {
	Size       float64
	Cols, Rows int
	Grid       surface.Rect // the fronts' trim area
	BackGrid   surface.Rect // the backs' trim area (zero without backs)
	Slots      []Slot
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

// Plan lays the pieces out in order, grouped by size: a new sheet for each size and whenever a sheet is full.
func Plan(pieces []Piece, opt Options) (*Layout, error) {
	if opt.Backs == "" {
		opt.Backs = LongEdge
	}
	if _, err := ParseBacks(string(opt.Backs)); err != nil {
		return nil, err
	}
	if opt.Page.W <= 0 || opt.Page.H <= 0 {
		opt.Page = surface.Letter.Size()
	}
	if opt.Margin < 0 || opt.Gutter < 0 || opt.Bleed < 0 {
		return nil, errors.New("margin, gutter and bleed must not be negative")
	}
	if opt.Bleed > 0 && opt.Gutter < 2*opt.Bleed {
		opt.Gutter = 2 * opt.Bleed
	}
	l := &Layout{Opt: opt, Pieces: pieces}
	// Group by size (sizes in order of first appearance, pieces in their order within a size).
	order := make([]int, 0, len(pieces))
	done := map[float64]bool{}
	for i, p := range pieces {
		if p.Size <= 0 {
			return nil, fmt.Errorf("piece %d has no size", i)
		}
		if done[p.Size] {
			continue
		}
		done[p.Size] = true
		for j := i; j < len(pieces); j++ {
			if pieces[j].Size == p.Size {
				order = append(order, j)
			}
		}
	}
	var cur *Sheet
	for _, i := range order {
		p := pieces[i]
		if cur == nil || cur.Size != p.Size || len(cur.Slots) == cur.Cols*cur.Rows {
			sh, err := l.newSheet(p.Size)
			if err != nil {
				return nil, err
			}
			l.Sheets = append(l.Sheets, sh)
			cur = &l.Sheets[len(l.Sheets)-1]
		}
		k := len(cur.Slots)
		x := cur.Grid.X + float64(k%cur.Cols)*(p.Size+opt.Gutter)
		y := cur.Grid.Y + float64(k/cur.Cols)*(p.Size+opt.Gutter)
		front := surface.Rect{X: x, Y: y, W: p.Size, H: p.Size}
		cur.Slots = append(cur.Slots, Slot{Piece: i, Front: front, Back: l.BackOf(front)})
	}
	for i := range l.Sheets {
		sh := &l.Sheets[i]
		// The grid shrinks to the rows used, so trim boxes and crop marks fit the pieces printed.
		used := (len(sh.Slots) + sh.Cols - 1) / sh.Cols
		sh.Rows = used
		sh.Grid.H = float64(used)*sh.Size + float64(used-1)*opt.Gutter
		if opt.Backs != NoBacks {
			sh.BackGrid = l.BackOf(sh.Grid)
		}
		switch opt.Backs {
		case LongEdge, ShortEdge:
			l.Pages = append(l.Pages, Page{i, FrontPage}, Page{i, BackPage})
		case Foldover:
			l.Pages = append(l.Pages, Page{i, FoldPage})
		default:
			l.Pages = append(l.Pages, Page{i, FrontPage})
		}
	}
	return l, nil
}

// newSheet sizes the grid of a sheet of pieces of one size, centred in the area the back mode leaves.
func (l *Layout) newSheet(size float64) (Sheet, error) {
	o := l.Opt
	W, H := o.Page.W, o.Page.H
	area := surface.Rect{X: o.Margin, Y: o.Margin, W: W - 2*o.Margin, H: H - 2*o.Margin}
	if o.Backs == Foldover {
		area.W = W/2 - o.Margin - (foldGap + o.Bleed)
	}
	pitch := size + o.Gutter
	cols := int(math.Floor((area.W + o.Gutter + 1e-9) / pitch))
	rows := int(math.Floor((area.H + o.Gutter + 1e-9) / pitch))
	if cols < 1 || rows < 1 {
		return Sheet{}, fmt.Errorf("a %.3gin piece does not fit inside the margins of a %.3gx%.3gin page", size/surface.Inch, W/surface.Inch, H/surface.Inch)
	}
	gw := float64(cols)*size + float64(cols-1)*o.Gutter
	gh := float64(rows)*size + float64(rows-1)*o.Gutter
	g := surface.Rect{X: area.X + (area.W-gw)/2, Y: area.Y + (area.H-gh)/2, W: gw, H: gh}
	if o.Backs == Foldover {
		g.X = W/2 - (foldGap + o.Bleed) - gw // snug against the fold, mirrored on the other side
	}
	// Round to 1/1000 pt so positions print exactly as planned.
	g.X, g.Y = round3(g.X), round3(g.Y)
	return Sheet{Size: size, Cols: cols, Rows: rows, Grid: g}, nil
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
			if err := p.Front.Draw(s, sl.Front.X, sl.Front.Y, sh.Size, o.Bleed); err != nil {
				return err
			}
		}
		if pg.Side != FrontPage && p.Back != nil {
			if err := p.Back.Draw(s, sl.Back.X, sl.Back.Y, sh.Size, o.Bleed); err != nil {
				return err
			}
		}
	}
	if pg.Side != BackPage {
		l.cutLines(s, sh, pg.Side == FoldPage)
		l.cropMarks(s, sh.Grid, sh)
		if pg.Side == FoldPage {
			l.cropMarks(s, sh.BackGrid, sh)
			l.foldLine(s, sh)
		}
	}
	return s.Err()
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

// cropMarks draws short marks in the margins in line with every cut, starting clear of the bleed.
func (l *Layout) cropMarks(s surface.Surface, g surface.Rect, sh *Sheet) {
	o := l.Opt
	cols, rows := sh.Cols, sh.Rows
	if len(sh.Slots) < cols {
		cols = len(sh.Slots)
	}
	var xs, ys []float64
	for i := 0; i < cols; i++ {
		x := g.X + float64(i)*(sh.Size+o.Gutter)
		xs = appendEdge(xs, x, x+sh.Size)
	}
	for j := 0; j < rows; j++ {
		y := g.Y + float64(j)*(sh.Size+o.Gutter)
		ys = appendEdge(ys, y, y+sh.Size)
	}
	gx1 := g.X + float64(cols)*sh.Size + float64(cols-1)*o.Gutter
	gy1 := g.Y + g.H
	off := o.Bleed + markOff
	s.SetStroke(MarkColour, markWidth)
	s.SetDash()
	// A mark is drawn only where it fits on the paper.
	fit := func(a, b float64, max float64) (float64, float64, bool) {
		a, b = math.Max(a, 1), math.Min(b, max-1)
		return a, b, b-a >= 2
	}
	for _, x := range xs {
		if a, b, ok := fit(g.Y-off-markLen, g.Y-off, o.Page.H); ok {
			s.Line(x, a, x, b)
		}
		if a, b, ok := fit(gy1+off, gy1+off+markLen, o.Page.H); ok {
			s.Line(x, a, x, b)
		}
	}
	for _, y := range ys {
		if a, b, ok := fit(g.X-off-markLen, g.X-off, o.Page.W); ok {
			s.Line(a, y, b, y)
		}
		if a, b, ok := fit(gx1+off, gx1+off+markLen, o.Page.W); ok && !(o.Backs == Foldover && b > o.Page.W/2 && a < o.Page.W/2) {
			s.Line(a, y, b, y)
		}
	}
}

// appendEdge adds the two cut positions of a column or row, once each (without a gutter neighbours share one).
func appendEdge(xs []float64, a, b float64) []float64 {
	if len(xs) == 0 || math.Abs(xs[len(xs)-1]-a) > 1e-6 {
		xs = append(xs, a)
	}
	return append(xs, b)
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
