package sheet

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// rbox is a test painter that draws rectangles: a filled w x h rectangle in its colour.
type rbox struct{ c surface.Color }

func (b rbox) Draw(s surface.Surface, x, y, size, bleed float64) error {
	return b.DrawRect(s, x, y, size, size, bleed)
}

func (b rbox) DrawRect(s surface.Surface, x, y, w, h, bleed float64) error {
	s.SetFill(b.c)
	s.Rect(x-bleed, y-bleed, w+2*bleed, h+2*bleed, surface.Fill)
	return nil
}

var green = surface.RGB(0, 255, 0)

// wide is n double-width pieces of height size (2*size x size), green fronts and blue backs.
func wide(n int, size float64) []Piece {
	out := make([]Piece, n)
	for i := range out {
		out[i] = Piece{Size: size, Width: 2 * size, Front: rbox{green}, Back: rbox{blue}}
	}
	return out
}

// 30 square 5/8" pieces and 8 double-width ones on Letter: one sheet, the squares in rows of 12 from the top,
// the wide pieces in rows of their own (6 to a row) under them, each exactly 90 x 45 pt at its place in the
// grid, with a 90 x 45 cut outline.
func TestWideRowsMeasured(t *testing.T) {
	ps := append(pieces(30, 45), wide(8, 45)...)
	l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	if len(l.Sheets) != 1 || len(l.Pages) != 1 {
		t.Fatalf("%d sheets %d pages, want 1 and 1", len(l.Sheets), len(l.Pages))
	}
	sh := l.Sheets[0]
	if sh.Cols != 12 || sh.Rows != 5 || sh.Width != 45 {
		t.Fatalf("cols %d rows %d width %g, want 12, 5 (3 square, 2 wide), 45", sh.Cols, sh.Rows, sh.Width)
	}
	if want := []float64{45, 45, 45, 90, 90}; !floatsEqual(sh.RowWidth, want) {
		t.Errorf("row widths %v, want %v", sh.RowWidth, want)
	}
	rects, _ := render(t, l).Pages[0].Shapes()
	squares, wides := filled(rects, [3]float64{1, 0, 0}), filled(rects, [3]float64{0, 1, 0})
	if len(squares) != 30 || len(wides) != 8 {
		t.Fatalf("%d squares and %d wide pieces drawn, want 30 and 8", len(squares), len(wides))
	}
	for k, r := range squares {
		wx, wy := 36+float64(k%12)*45, 36+float64(k/12)*45
		if !pdfcheck.Near(r.X, wx, eps) || !pdfcheck.Near(r.Y, wy, eps) || r.W != 45 || r.H != 45 {
			t.Errorf("square %d at %+v, want 45x45 at (%g,%g)", k, r, wx, wy)
		}
	}
	for k, r := range wides {
		wx, wy := 36+float64(k%6)*90, 36+float64(3+k/6)*45
		if !pdfcheck.Near(r.X, wx, eps) || !pdfcheck.Near(r.Y, wy, eps) || r.W != 90 || r.H != 45 {
			t.Errorf("wide piece %d at %+v, want 90x45 at (%g,%g)", k, r, wx, wy)
		}
	}
	cuts90, cuts45 := 0, 0
	for _, r := range rects {
		switch {
		case r.Stroke && r.W == 90 && r.H == 45:
			cuts90++
		case r.Stroke && r.W == 45 && r.H == 45:
			cuts45++
		}
	}
	if cuts90 != 8 || cuts45 != 30 {
		t.Errorf("%d wide and %d square cut outlines, want 8 and 30", cuts90, cuts45)
	}
}

// The back of a wide piece lands exactly behind its front: the whole rectangle mirrored (x' = W - x - w for
// long-edge, y' = H - y - h for short-edge), plus the back offset; with a gutter, so the wide pieces do not
// line up with the squares' columns.
func TestWideBacksLandBehindFronts(t *testing.T) {
	W, H := value.Letter.Width, value.Letter.Height
	off := surface.Pt{X: 1.5 * surface.MM, Y: -0.75 * surface.MM}
	cases := []struct {
		backs Backs
		off   surface.Pt
		want  func(r pdfcheck.Rect) (float64, float64)
	}{
		{LongEdge, surface.Pt{}, func(r pdfcheck.Rect) (float64, float64) { return W - r.X - r.W, r.Y }},
		{ShortEdge, surface.Pt{}, func(r pdfcheck.Rect) (float64, float64) { return r.X, H - r.Y - r.H }},
		{LongEdge, off, func(r pdfcheck.Rect) (float64, float64) { return W - r.X - r.W + off.X, r.Y + off.Y }},
		{ShortEdge, off, func(r pdfcheck.Rect) (float64, float64) { return r.X + off.X, H - r.Y - r.H + off.Y }},
		{Foldover, surface.Pt{}, func(r pdfcheck.Rect) (float64, float64) { return W - r.X - r.W, r.Y }},
	}
	for _, tc := range cases {
		// Pieces of different colours so each back can be matched to its front: 13 squares then 11 wide.
		var ps []Piece
		for i := 0; i < 24; i++ {
			c := surface.RGB(uint8(10*i), 100, 50)
			p := Piece{Size: 45, Front: rbox{c}, Back: rbox{c}}
			if i >= 13 {
				p.Width = 90
			}
			ps = append(ps, p)
		}
		l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36, Gutter: 9, Backs: tc.backs, BackOffset: tc.off})
		d := render(t, l)
		fr, _ := d.Pages[0].Shapes()
		br := fr
		if tc.backs != Foldover {
			if len(d.Pages) != 2 {
				t.Fatalf("%s: %d pages", tc.backs, len(d.Pages))
			}
			br, _ = d.Pages[1].Shapes()
		}
		for i := range ps {
			rgb := [3]float64{math.Round(float64(10*i)/255*1000) / 1000, math.Round(100.0/255*1000) / 1000, math.Round(50.0/255*1000) / 1000}
			f, b := filled(fr, rgb), filled(br, rgb)
			if tc.backs == Foldover {
				if len(f) != 2 {
					t.Fatalf("foldover: piece %d drawn %d times", i, len(f))
				}
				b = f[1:]
			}
			if len(f) < 1 || len(b) != 1 {
				t.Fatalf("%s: piece %d drawn %d/%d times", tc.backs, i, len(f), len(b))
			}
			w, _ := ps[i].Dims()
			if f[0].W != w || f[0].H != 45 || b[0].W != w || b[0].H != 45 {
				t.Errorf("%s: piece %d is %gx%g front, %gx%g back, want %gx45", tc.backs, i, f[0].W, f[0].H, b[0].W, b[0].H, w)
			}
			wx, wy := tc.want(f[0])
			if !pdfcheck.Near(b[0].X, wx, eps) || !pdfcheck.Near(b[0].Y, wy, eps) {
				t.Errorf("%s offset %v: back of piece %d (%gpt wide) at (%g,%g), want (%g,%g)", tc.backs, tc.off, i, w, b[0].X, b[0].Y, wx, wy)
			}
			if tc.backs == Foldover && (f[0].X+f[0].W > W/2 || b[0].X < W/2) {
				t.Errorf("foldover pair %d crosses the fold: %+v %+v", i, f[0], b[0])
			}
		}
	}
}

// With a bleed: a wide background is (90+2b) x (45+2b), no crop mark touches any piece's bleed, the squares'
// column cuts are marked above the grid and the wide pieces' below it, every row edge at both sides.
func TestWideBleedAndCropMarks(t *testing.T) {
	const b = 4.5
	for _, backs := range []Backs{LongEdge, Foldover} {
		ps := append(pieces(7, 45), wide(5, 45)...)
		l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36, Bleed: b, Backs: backs})
		d := render(t, l)
		rects, lines := d.Pages[0].Shapes()
		greens := filled(rects, [3]float64{0, 1, 0})
		if len(greens) != 5 {
			t.Fatalf("%s: %d wide pieces", backs, len(greens))
		}
		for _, r := range greens {
			if r.W != 90+2*b || r.H != 45+2*b {
				t.Errorf("%s: wide background %gx%g, want %gx%g", backs, r.W, r.H, 90+2*b, 45+2*b)
			}
		}
		sh := l.Sheets[0]
		var marks []pdfcheck.Line
		for _, ln := range lines {
			if backs == Foldover && pdfcheck.Near(ln.X1, value.Letter.Width/2, eps) && pdfcheck.Near(ln.X2, value.Letter.Width/2, eps) {
				continue // the fold line
			}
			marks = append(marks, ln)
			for _, sl := range sh.Slots {
				for _, r := range []surface.Rect{sl.Front, sl.Back} {
					if r.Empty() || (backs != Foldover && r == sl.Back) {
						continue
					}
					if segmentHitsRect(ln, surface.Rect{X: r.X - b, Y: r.Y - b, W: r.W + 2*b, H: r.H + 2*b}) {
						t.Fatalf("%s: crop mark %+v touches the bleed of %+v", backs, ln, r)
					}
				}
			}
		}
		top, bottom := sh.Grid.Y, sh.Grid.Y+sh.Grid.H
		vertical := func(x float64, above bool) bool {
			for _, ln := range marks {
				if pdfcheck.Near(ln.X1, x, eps) && pdfcheck.Near(ln.X2, x, eps) && (above && ln.Y2 < top || !above && ln.Y1 > bottom) {
					return true
				}
			}
			return false
		}
		horizontal := func(y float64) int {
			n := 0
			for _, ln := range marks {
				if pdfcheck.Near(ln.Y1, y, eps) && pdfcheck.Near(ln.Y2, y, eps) {
					n++
				}
			}
			return n
		}
		for _, sl := range sh.Slots {
			r := sl.Front
			square := r.W == 45
			for _, x := range []float64{r.X, r.X + r.W} {
				if !vertical(x, square) {
					t.Errorf("%s: no crop mark %s the grid at x=%g (a %gpt piece's cut)", backs, map[bool]string{true: "above", false: "below"}[square], x, r.W)
				}
			}
			for _, y := range []float64{r.Y, r.Y + r.H} {
				if n := horizontal(y); n < 2 {
					t.Errorf("%s: %d crop marks at y=%g, want one each side", backs, n, y)
				}
			}
		}
	}
}

// Grouping: sizes first, shapes within a size; the wide pieces follow their squares' rows on the same sheet
// (or the next when it is full); a third shape of one size starts a sheet; a sheet of wide pieces alone
// centres its own grid.
func TestWideGrouping(t *testing.T) {
	third := Piece{Size: 45, Width: 135, Front: rbox{red}}
	ps := append(wide(2, 45), pieces(3, 36)...)
	ps = append(ps, pieces(4, 45)...)
	ps = append(ps, third)
	ps = append(ps, wide(1, 36)...)
	l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36})
	type want struct {
		size, width float64
		rows        []float64
		n           int
	}
	wants := []want{
		{45, 90, []float64{90, 45}, 6}, // the wide 5/8in first (their order), then the squares
		{45, 135, []float64{135}, 1},   // a third 5/8in shape: a sheet of its own
		{36, 36, []float64{36, 72}, 4}, // the 1/2in squares, their wide piece in a row below
	}
	if len(l.Sheets) != len(wants) {
		t.Fatalf("%d sheets, want %d", len(l.Sheets), len(wants))
	}
	for i, w := range wants {
		sh := l.Sheets[i]
		if sh.Size != w.size || sh.Width != w.width || !floatsEqual(sh.RowWidth, w.rows) || len(sh.Slots) != w.n {
			t.Errorf("sheet %d: size %g width %g rows %v with %d pieces, want %+v", i, sh.Size, sh.Width, sh.RowWidth, len(sh.Slots), w)
		}
	}
	// The wide-first sheet is as wide as its wider full row: 12 squares (540pt) against 6 wide (540pt).
	if g := l.Sheets[0].Grid; g.X != 36 || g.W != 540 {
		t.Errorf("grid %+v, want x 36, 540 wide", g)
	}
	// 2 x 1in pieces alone: 3 to a 540pt row, so the grid is 432pt wide, centred on the page.
	l = plan(t, wide(4, 72), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	if g := l.Sheets[0].Grid; l.Sheets[0].Cols != 3 || !pdfcheck.Near(g.X, (612-432)/2, eps) || g.W != 432 {
		t.Errorf("a sheet of wide pieces: cols %d grid %+v, want 3 and 432pt centred", l.Sheets[0].Cols, g)
	}
	// A full sheet of squares: the wide pieces go on the next sheet.
	l = plan(t, append(pieces(12*16, 45), wide(2, 45)...), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	if len(l.Sheets) != 2 || len(l.Sheets[1].Slots) != 2 || l.Sheets[1].Width != 90 {
		t.Errorf("%d sheets; want the wide pieces alone on the second", len(l.Sheets))
	}
}

func TestWideErrors(t *testing.T) {
	if _, err := Plan([]Piece{{Size: 45, Width: 90, Front: box{red}}}, Options{}); err == nil || !strings.Contains(err.Error(), "square") {
		t.Errorf("a wide piece with a square-only painter: %v", err)
	}
	if _, err := Plan(wide(1, 300), Options{Page: surface.PaperSize(value.Letter), Margin: 36}); err == nil || !strings.Contains(err.Error(), "8.33x4.17in") {
		t.Errorf("a 600x300pt piece on Letter: %v", err)
	}
}

// Planning and drawing the same mixed pieces twice gives the same bytes.
func TestWideDeterministic(t *testing.T) {
	out := func() []byte {
		l := plan(t, append(append(pieces(5, 45), wide(3, 45)...), pieces(2, 36)...), Options{Page: surface.PaperSize(value.A4), Bleed: 3})
		p := surface.NewPDF(surface.PDFOptions{})
		if err := l.Render(p); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	if !bytes.Equal(out(), out()) {
		t.Error("two renderings differ")
	}
}

func floatsEqual(a, b []float64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
