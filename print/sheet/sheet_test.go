package sheet

import (
	"bytes"
	"math"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// box is a test painter: a filled square in its colour, nothing else.
type box struct{ c surface.Color }

func (b box) Draw(s surface.Surface, x, y, size, bleed float64) error {
	s.SetFill(b.c)
	s.Rect(x-bleed, y-bleed, size+2*bleed, size+2*bleed, surface.Fill)
	return nil
}

var (
	red  = surface.RGB(255, 0, 0)
	blue = surface.RGB(0, 0, 255)
)

func pieces(n int, size float64) []Piece {
	out := make([]Piece, n)
	for i := range out {
		out[i] = Piece{Size: size, Front: box{red}, Back: box{blue}}
	}
	return out
}

func render(t *testing.T, l *Layout) *pdfcheck.Doc {
	t.Helper()
	p := surface.NewPDF(surface.PDFOptions{})
	if err := l.Render(p); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func plan(t *testing.T, ps []Piece, o Options) *Layout {
	t.Helper()
	l, err := Plan(ps, o)
	if err != nil {
		t.Fatal(err)
	}
	return l
}

func filled(rects []pdfcheck.Rect, rgb [3]float64) []pdfcheck.Rect {
	var out []pdfcheck.Rect
	for _, r := range rects {
		if r.Fill && r.RGB == rgb {
			out = append(out, r)
		}
	}
	return out
}

const eps = 0.002

// A 1/2" counter is 36x36 pt; Letter with 1/2" margins takes 15x20 of them, the grid flush with the margins.
func TestLetterGridPositions(t *testing.T) {
	l := plan(t, pieces(40, 36), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	if len(l.Sheets) != 1 || l.Sheets[0].Cols != 15 || len(l.Pages) != 1 {
		t.Fatalf("sheets %d cols %d pages %d", len(l.Sheets), l.Sheets[0].Cols, len(l.Pages))
	}
	d := render(t, l)
	pg := d.Pages[0]
	if pg.Width() != 612 || pg.Height() != 792 {
		t.Fatalf("page %gx%g, want 612x792", pg.Width(), pg.Height())
	}
	rects, _ := pg.Shapes()
	reds := filled(rects, [3]float64{1, 0, 0})
	if len(reds) != 40 {
		t.Fatalf("%d counters drawn, want 40", len(reds))
	}
	for k, r := range reds {
		wx, wy := 36+float64(k%15)*36, 36+float64(k/15)*36
		if !pdfcheck.Near(r.X, wx, eps) || !pdfcheck.Near(r.Y, wy, eps) || r.W != 36 || r.H != 36 {
			t.Errorf("counter %d at %+v, want 36x36 at (%g,%g)", k, r, wx, wy)
		}
	}
	if pg.TrimBox == nil {
		t.Error("no TrimBox")
	}
	// Cut lines: one hairline square per counter at its trim.
	cuts := 0
	for _, r := range rects {
		if r.Stroke && r.W == 36 {
			cuts++
		}
	}
	if cuts != 40 {
		t.Errorf("%d cut outlines, want 40", cuts)
	}
}

func TestA4AndCustomPaper(t *testing.T) {
	for _, pg := range []surface.Size{surface.PaperSize(value.A4), {W: 8 * 72, H: 10 * 72}} {
		l := plan(t, pieces(3, 54), Options{Page: pg, Margin: 36})
		d := render(t, l)
		if len(d.Pages) != 2 {
			t.Fatalf("%d pages, want front and back", len(d.Pages))
		}
		for _, p := range d.Pages {
			if !pdfcheck.Near(p.Width(), pg.W, 0.01) || !pdfcheck.Near(p.Height(), pg.H, 0.01) {
				t.Errorf("page %gx%g, want %gx%g", p.Width(), p.Height(), pg.W, pg.H)
			}
		}
		sh := l.Sheets[0]
		cols := int((pg.W - 72) / 54)
		if sh.Cols != cols {
			t.Errorf("%d cols, want %d", sh.Cols, cols)
		}
		// The grid is centred between the margins.
		if left, right := sh.Grid.X, pg.W-(sh.Grid.X+float64(sh.Cols)*54); math.Abs(left-right) > 0.01 || left < 36 {
			t.Errorf("grid margins %g / %g", left, right)
		}
	}
}

// The back of counter k lands behind its front: mirrored left-right for long-edge, top-bottom for
// short-edge, and plus the back offset.
func TestBacksLandBehindFronts(t *testing.T) {
	W, H := value.Letter.Width, value.Letter.Height
	off := surface.Pt{X: 1.5 * surface.MM, Y: -0.75 * surface.MM}
	cases := []struct {
		backs Backs
		off   surface.Pt
		want  func(x, y, c float64) (float64, float64)
	}{
		{LongEdge, surface.Pt{}, func(x, y, c float64) (float64, float64) { return W - x - c, y }},
		{ShortEdge, surface.Pt{}, func(x, y, c float64) (float64, float64) { return x, H - y - c }},
		{LongEdge, off, func(x, y, c float64) (float64, float64) { return W - x - c + off.X, y + off.Y }},
		{ShortEdge, off, func(x, y, c float64) (float64, float64) { return x + off.X, H - y - c + off.Y }},
	}
	for _, tc := range cases {
		// Pieces of different colours so each back can be matched to its front.
		var ps []Piece
		for i := 0; i < 23; i++ {
			c := surface.RGB(uint8(10*i), 100, 50)
			ps = append(ps, Piece{Size: 45, Front: box{c}, Back: box{c}})
		}
		l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36, Gutter: 9, Backs: tc.backs, BackOffset: tc.off})
		d := render(t, l)
		if len(d.Pages) != 2 {
			t.Fatalf("%s: %d pages", tc.backs, len(d.Pages))
		}
		fr, _ := d.Pages[0].Shapes()
		br, _ := d.Pages[1].Shapes()
		for i := range ps {
			rgb := [3]float64{math.Round(float64(10*i)/255*1000) / 1000, math.Round(100.0/255*1000) / 1000, math.Round(50.0/255*1000) / 1000}
			f, b := filled(fr, rgb), filled(br, rgb)
			if len(f) != 1 || len(b) != 1 {
				t.Fatalf("%s: piece %d drawn %d/%d times", tc.backs, i, len(f), len(b))
			}
			wx, wy := tc.want(f[0].X, f[0].Y, 45)
			if !pdfcheck.Near(b[0].X, wx, eps) || !pdfcheck.Near(b[0].Y, wy, eps) {
				t.Errorf("%s offset %v: back of piece %d at (%g,%g), want (%g,%g)", tc.backs, tc.off, i, b[0].X, b[0].Y, wx, wy)
			}
		}
	}
}

// Foldover: fronts in the left half, backs mirrored about the centre line in the right, on one page.
func TestFoldoverPairs(t *testing.T) {
	W := value.Letter.Width
	l := plan(t, pieces(30, 36), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: Foldover})
	d := render(t, l)
	if len(d.Pages) != 1 {
		t.Fatalf("%d pages, want 1", len(d.Pages))
	}
	rects, lines := d.Pages[0].Shapes()
	fronts, backs := filled(rects, [3]float64{1, 0, 0}), filled(rects, [3]float64{0, 0, 1})
	if len(fronts) != 30 || len(backs) != 30 {
		t.Fatalf("%d fronts, %d backs", len(fronts), len(backs))
	}
	for i := range fronts {
		f, b := fronts[i], backs[i]
		if f.X+f.W > W/2 || b.X < W/2 {
			t.Errorf("pair %d crosses the fold: front %+v back %+v", i, f, b)
		}
		if !pdfcheck.Near(b.X, W-f.X-f.W, eps) || !pdfcheck.Near(b.Y, f.Y, eps) {
			t.Errorf("pair %d: back %+v is not the mirror of front %+v", i, b, f)
		}
	}
	fold := false
	for _, ln := range lines {
		if pdfcheck.Near(ln.X1, W/2, eps) && pdfcheck.Near(ln.X2, W/2, eps) {
			fold = true
		}
	}
	if !fold {
		t.Error("no fold line at the centre")
	}
}

// With a bleed the background runs past the trim, the gutter widens to two bleeds, the BleedBox is written
// and no crop mark or cut line touches any counter's bleed area.
func TestBleedAndCropMarks(t *testing.T) {
	const c, b = 36.0, 4.5
	for _, backs := range []Backs{LongEdge, Foldover} {
		l := plan(t, pieces(50, c), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Bleed: b, Backs: backs})
		if l.Opt.Gutter != 2*b {
			t.Fatalf("gutter %g, want %g", l.Opt.Gutter, 2*b)
		}
		d := render(t, l)
		pg := d.Pages[0]
		if pg.BleedBox == nil || pg.TrimBox == nil {
			t.Fatal("TrimBox and BleedBox must be written")
		}
		rects, lines := pg.Shapes()
		reds := filled(rects, [3]float64{1, 0, 0})
		if len(reds) != 50 {
			t.Fatalf("%d counters", len(reds))
		}
		for _, r := range reds {
			if r.W != c+2*b {
				t.Fatalf("background %gpt wide, want %g", r.W, c+2*b)
			}
		}
		for _, r := range rects {
			if r.Stroke {
				t.Fatalf("cut line %+v drawn over the bleed", r)
			}
		}
		marks := 0
		for _, ln := range lines {
			if backs == Foldover && pdfcheck.Near(ln.X1, value.Letter.Width/2, eps) && pdfcheck.Near(ln.X2, value.Letter.Width/2, eps) {
				continue // the fold line
			}
			marks++
			for _, sl := range l.Sheets[0].Slots {
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
		if marks == 0 {
			t.Fatal("no crop marks")
		}
	}
}

func segmentHitsRect(l pdfcheck.Line, r surface.Rect) bool {
	x0, x1 := math.Min(l.X1, l.X2), math.Max(l.X1, l.X2)
	y0, y1 := math.Min(l.Y1, l.Y2), math.Max(l.Y1, l.Y2)
	return x1 > r.X && x0 < r.X+r.W && y1 > r.Y && y0 < r.Y+r.H
}

// Pieces of different sizes go on separate sheets, in order.
func TestMixedSizes(t *testing.T) {
	ps := append(pieces(5, 36), pieces(4, 45)...)
	ps = append(ps, pieces(2, 72)...)
	ps = append(ps, pieces(3, 36)...) // grouped with the first 36pt pieces
	l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36})
	if len(l.Sheets) != 3 || len(l.Sheets[0].Slots) != 8 {
		t.Fatalf("%d sheets, want 3", len(l.Sheets))
	}
	for i, want := range []float64{36, 45, 72} {
		if l.Sheets[i].Size != want {
			t.Errorf("sheet %d size %g, want %g", i, l.Sheets[i].Size, want)
		}
	}
	if len(l.Pages) != 6 {
		t.Errorf("%d pages, want 6 (front and back per sheet)", len(l.Pages))
	}
}

// A sheet that fills up continues on the next one.
func TestOverflow(t *testing.T) {
	l := plan(t, pieces(301, 36), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	if len(l.Sheets) != 2 || len(l.Sheets[0].Slots) != 300 || len(l.Sheets[1].Slots) != 1 {
		t.Fatalf("sheets %d", len(l.Sheets))
	}
}

func TestTooBig(t *testing.T) {
	if _, err := Plan(pieces(1, 600), Options{Page: surface.PaperSize(value.Letter), Margin: 36}); err == nil {
		t.Error("a 600pt piece on Letter must be refused")
	}
	if _, err := ParseBacks("duplex"); err == nil {
		t.Error("unknown back mode accepted")
	}
}

// The calibration sheet: two pages; the back's scales sit behind the front's crosshairs.
func TestCalibration(t *testing.T) {
	for _, backs := range []Backs{LongEdge, ShortEdge} {
		p := surface.NewPDF(surface.PDFOptions{})
		if err := Calibration(p, surface.PaperSize(value.A4), backs); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		d, err := pdfcheck.Parse(b.Bytes())
		if err != nil {
			t.Fatal(err)
		}
		if len(d.Pages) != 2 {
			t.Fatalf("%d pages", len(d.Pages))
		}
		W, H := value.A4.Width, value.A4.Height
		_, front := d.Pages[0].Shapes()
		_, back := d.Pages[1].Shapes()
		for _, tg := range CalibrationTargets {
			x, y := tg.X*W, tg.Y*H
			if !hasLine(front, x, y-calArm, x, y+calArm) {
				t.Errorf("%s: no vertical crosshair at x=%g", backs, x)
			}
			bx, by := W-x, y
			if backs == ShortEdge {
				bx, by = x, H-y
			}
			// The zero tick of the x scale is at the mirrored crosshair.
			if !hasLine(back, bx, by+calGap, bx, by+calGap+6) {
				t.Errorf("%s: no zero tick behind the crosshair at (%g,%g)", backs, bx, by)
			}
		}
	}
	if err := Calibration(surface.NewPDF(surface.PDFOptions{}), surface.PaperSize(value.Letter), Foldover); err == nil {
		t.Error("foldover calibration accepted")
	}
}

func hasLine(ls []pdfcheck.Line, x1, y1, x2, y2 float64) bool {
	for _, l := range ls {
		if pdfcheck.Near(l.X1, x1, 0.01) && pdfcheck.Near(l.Y1, y1, 0.01) && pdfcheck.Near(l.X2, x2, 0.01) && pdfcheck.Near(l.Y2, y2, 0.01) {
			return true
		}
	}
	return false
}

// checker is a test painter with a few kilobytes of content: a square in its colour under a 10 x 10 checker.
type checker struct{ c surface.Color }

func (b *checker) Draw(s surface.Surface, x, y, size, bleed float64) error {
	s.SetFill(b.c)
	s.Rect(x-bleed, y-bleed, size+2*bleed, size+2*bleed, surface.Fill)
	s.SetFill(surface.RGB(0, 0, 0))
	for i := 0; i < 100; i += 2 {
		s.Rect(x+float64(i%10)*size/10, y+float64(i/10)*size/10, size/10, size/10, surface.Fill)
	}
	return nil
}

// A face the sheet can tell apart (a pointer, as a counter's face is) is drawn once and placed at every piece
// it paints: the page places one form (after drawing a face or two in place, while that costs less) and every
// counter still measures where it was laid out.
func TestFacesDrawnOnceAndPlaced(t *testing.T) {
	front := &checker{red}
	ps := make([]Piece, 40)
	for i := range ps {
		ps[i] = Piece{Size: 36, Front: front}
	}
	l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	p := surface.NewPDF(surface.PDFOptions{})
	if err := l.Render(p); err != nil {
		t.Fatal(err)
	}
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if n := bytes.Count(b, []byte("/Subtype /Form")); n != 1 {
		t.Errorf("%d forms, want 1", n)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	pg := d.Pages[0]
	if n := bytes.Count([]byte(pg.Raw), []byte(" Do")); n < 30 {
		t.Errorf("%d placements, want 30 or more", n)
	}
	rects, _ := pg.Shapes()
	reds := filled(rects, [3]float64{1, 0, 0})
	if len(reds) != 40 {
		t.Fatalf("%d counters drawn, want 40", len(reds))
	}
	for k, r := range reds {
		wx, wy := 36+float64(k%15)*36, 36+float64(k/15)*36
		if !pdfcheck.Near(r.X, wx, eps) || !pdfcheck.Near(r.Y, wy, eps) || !pdfcheck.Near(r.W, 36, eps) || !pdfcheck.Near(r.H, 36, eps) {
			t.Errorf("counter %d at %+v, want 36x36 at (%g,%g)", k, r, wx, wy)
		}
	}
}
