package sheet

import (
	"math"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// recorder is a test painter that remembers where it was asked to draw.
type recorder struct {
	c     surface.Color
	calls *[]surface.Rect
}

func (r recorder) Draw(s surface.Surface, x, y, size, bleed float64) error {
	return r.DrawRect(s, x, y, size, size, bleed)
}

func (r recorder) DrawRect(s surface.Surface, x, y, w, h, bleed float64) error {
	*r.calls = append(*r.calls, surface.Rect{X: x, Y: y, W: w, H: h})
	s.SetFill(r.c)
	s.Rect(x, y, w, h, surface.Fill)
	return nil
}

func hexPieces(n int, sh string, size float64, fronts, backs *[]surface.Rect) []Piece {
	out := make([]Piece, n)
	for i := range out {
		out[i] = Piece{Size: size, Shape: sh, Front: recorder{red, fronts}, Back: recorder{blue, backs}}
	}
	return out
}

// Hexagons pack edge to edge: every cut line is drawn once, neighbours share theirs, and each hexagon
// measures its declared size across its flats (0.75in, 54pt) between its parallel cut lines, flats at top
// and bottom or points at top and bottom.
func TestHexSharedCutsMeasured(t *testing.T) {
	for _, sh := range []string{shape.Hex, shape.HexPointy} {
		var fronts, backs []surface.Rect
		l := plan(t, hexPieces(20, sh, 54, &fronts, &backs), Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: LongEdge})
		if len(l.Sheets) != 1 || l.Sheets[0].Shape != sh {
			t.Fatalf("%s: %d sheets", sh, len(l.Sheets))
		}
		s := &l.Sheets[0]
		_, lines := render(t, l).Pages[0].Shapes()
		var cuts []pdfcheck.Line
		for _, ln := range lines {
			if math.Hypot(ln.X2-ln.X1, ln.Y2-ln.Y1) > 20 { // the registration marks' strokes are shorter
				cuts = append(cuts, ln)
			}
		}
		for i, ln := range cuts {
			for _, other := range cuts[:i] {
				if ln.Same(other, 0.01) {
					t.Fatalf("%s: the cut %+v is drawn twice", sh, ln)
				}
			}
		}
		cut := func(e [2]surface.Pt) bool {
			for _, ln := range cuts {
				if ln.Same(pdfcheck.Line{X1: e[0].X, Y1: e[0].Y, X2: e[1].X, Y2: e[1].Y}, 0.01) {
					return true
				}
			}
			return false
		}
		if n := len(s.Slots); len(cuts) >= 6*n || len(cuts) != len(sheetEdges(s, false)) {
			t.Errorf("%s: %d cut lines for %d hexagons: neighbours must share theirs", sh, len(cuts), n)
		}
		shared := 0
		for _, sl := range s.Slots {
			es := shape.Edges(sh, sl.Front)
			for _, e := range es {
				if !cut(e) {
					t.Errorf("%s: the edge %v of the hexagon at %+v is not cut", sh, e, sl.Front)
				}
			}
			// Across the flats: the distance between each pair of opposite edges' lines.
			for i := 0; i < 3; i++ {
				a, b := es[i], es[i+3]
				d := distToLine(b[0], a[0], a[1])
				if !pdfcheck.Near(d, 54, 0.01) {
					t.Errorf("%s: %+v measures %.3fpt across a pair of flats, want 54", sh, sl.Front, d)
				}
			}
			for _, o := range s.Slots {
				if o != sl && sharesEdge(sh, sl.Front, o.Front) {
					shared++
				}
			}
		}
		if shared == 0 {
			t.Errorf("%s: no two hexagons share an edge", sh)
		}
	}
}

func sharesEdge(sh string, a, b surface.Rect) bool {
	for _, e := range shape.Edges(sh, a) {
		for _, f := range shape.Edges(sh, b) {
			if (pdfcheck.Line{X1: e[0].X, Y1: e[0].Y, X2: e[1].X, Y2: e[1].Y}).Same(pdfcheck.Line{X1: f[0].X, Y1: f[0].Y, X2: f[1].X, Y2: f[1].Y}, 0.01) {
				return true
			}
		}
	}
	return false
}

// distToLine is the distance from p to the line through a and b.
func distToLine(p, a, b surface.Pt) float64 {
	return math.Abs((b.X-a.X)*(a.Y-p.Y)-(a.X-p.X)*(b.Y-a.Y)) / math.Hypot(b.X-a.X, b.Y-a.Y)
}

// In every duplex mode each hexagon's back is drawn where the front lands when the sheet is turned over (or
// folded): mirrored left-right on the long edge and the fold, top-bottom on the short edge, shifted by the
// back offset; the hexagon's outline there is the front's outline mirrored, so the cut lines up on both sides.
func TestHexBacksMirrored(t *testing.T) {
	W, H := value.Letter.Width, value.Letter.Height
	off := surface.Pt{X: 1.5, Y: -0.75}
	for _, sh := range []string{shape.Hex, shape.HexPointy} {
		for _, mode := range []Backs{LongEdge, ShortEdge, Foldover} {
			var fronts, backs []surface.Rect
			o := Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: mode}
			if mode != Foldover {
				o.BackOffset = off
			}
			l := plan(t, hexPieces(9, sh, 54, &fronts, &backs), o)
			if err := l.Render(surface.NewDry(0)); err != nil {
				t.Fatal(err)
			}
			s := &l.Sheets[0]
			if len(backs) != len(s.Slots) {
				t.Fatalf("%s %s: %d backs drawn for %d pieces", sh, mode, len(backs), len(s.Slots))
			}
			for k, sl := range s.Slots {
				f, b := sl.Front, backs[k]
				var mirror func(p surface.Pt) surface.Pt
				switch mode {
				case LongEdge:
					mirror = func(p surface.Pt) surface.Pt { return surface.Pt{X: W - p.X + off.X, Y: p.Y + off.Y} }
				case ShortEdge:
					mirror = func(p surface.Pt) surface.Pt { return surface.Pt{X: p.X + off.X, Y: H - p.Y + off.Y} }
				case Foldover:
					mirror = func(p surface.Pt) surface.Pt { return surface.Pt{X: W - p.X, Y: p.Y} }
				}
				if b != sl.Back {
					t.Errorf("%s %s: back drawn at %+v, planned at %+v", sh, mode, b, sl.Back)
				}
				// The front's corners, turned over, are the back's corners.
				want := map[[2]int64]bool{}
				for _, p := range shape.Hexagon(sh, f, 0) {
					m := mirror(p)
					want[[2]int64{int64(math.Round(m.X * 100)), int64(math.Round(m.Y * 100))}] = true
				}
				for _, p := range shape.Hexagon(sh, b, 0) {
					if !want[[2]int64{int64(math.Round(p.X * 100)), int64(math.Round(p.Y * 100))}] {
						t.Errorf("%s %s: the back's corner %v is not a corner of the front %+v turned over", sh, mode, p, f)
					}
				}
			}
		}
	}
}

var pathRe = regexp.MustCompile(`<path id="piece-(\d+)" d="([^"]*)"/>`)

// The cut file has one closed path per counter along its outline, in the sheet's order, and the page's
// registration marks; the page is as large as the paper.
func TestCutSVG(t *testing.T) {
	var fronts, backs []surface.Rect
	ps := hexPieces(9, shape.Hex, 54, &fronts, &backs)
	ps = append(ps, Piece{Size: 45, Shape: shape.Round, Front: recorder{red, &fronts}}, Piece{Size: 36, Front: recorder{red, &fronts}})
	l := plan(t, ps, Options{Page: surface.PaperSize(value.Letter), Margin: 36, Backs: NoBacks})
	if len(l.Sheets) != 3 {
		t.Fatalf("%d sheets, want one each for the hexagons, the round piece and the square one", len(l.Sheets))
	}
	for si, sh := range l.Sheets {
		svg := string(l.CutSVG(si, "test <sheet>"))
		if !strings.Contains(svg, `width="8.5in" height="11in" viewBox="0 0 612 792"`) || !strings.Contains(svg, "test &lt;sheet&gt;") {
			t.Errorf("sheet %d: %.200s", si, svg)
		}
		if n := strings.Count(svg, "<circle"); n != 3 {
			t.Errorf("sheet %d: %d registration marks, want 3", si, n)
		}
		paths := pathRe.FindAllStringSubmatch(svg, -1)
		if len(paths) != len(sh.Slots) {
			t.Fatalf("sheet %d: %d cut paths for %d pieces", si, len(paths), len(sh.Slots))
		}
		for k, p := range paths {
			if p[1] != strconv.Itoa(k+1) || !strings.HasPrefix(p[2], "M") || !strings.HasSuffix(p[2], "Z") {
				t.Errorf("sheet %d: path %q", si, p[0])
			}
			if sh.Shape == shape.Hex {
				pts := shape.Hexagon(sh.Shape, sh.Slots[k].Front, 0)
				if want := "M" + num(pts[0].X) + " " + num(pts[0].Y) + "L" + num(pts[1].X); !strings.HasPrefix(p[2], want) || strings.Count(p[2], "L") != 5 {
					t.Errorf("hexagon %d: %q, want it to start %q and have six corners", k, p[2], want)
				}
			}
		}
	}
}
