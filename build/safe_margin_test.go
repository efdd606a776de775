package build

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// inkFonts reads the font files the examples' counters print in, by the name fpdf gives them in the PDF, to
// measure each shown string's ink from its glyphs' outlines.
func inkFonts(t *testing.T) map[string]*sfnt.Font {
	t.Helper()
	files := map[string][]byte{"utf8go": goregular.TTF, "utf8go-bold": gobold.TTF, "utf8go-italic": goitalic.TTF, "utf8go-bolditalic": gobolditalic.TTF}
	for name, file := range map[string]string{"utf8ibmplexsanscond": "Regular", "utf8ibmplexsanscond-bold": "Bold"} {
		b, err := os.ReadFile(filepath.Join("..", "print", "fonts", "plex", "IBMPlexSansCondensed-"+file+".ttf"))
		if err != nil {
			t.Fatal(err)
		}
		files[name] = b
	}
	out := map[string]*sfnt.Font{}
	for name, b := range files {
		f, err := sfnt.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		out[name] = f
	}
	return out
}

// inkBox is the box the glyphs of s cover when shown at size from the origin (0, 0), in text space (x along
// the baseline, y up from it), from the outlines of the font's glyphs: what a cut would cut into.
func inkBox(t *testing.T, f *sfnt.Font, s string, size float64) (x0, y0, x1, y1 float64, ok bool) {
	t.Helper()
	var buf sfnt.Buffer
	upem := float64(f.UnitsPerEm())
	scale := size / upem
	pen := 0.0
	x0, y0, x1, y1 = math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, r := range s {
		gi, err := f.GlyphIndex(&buf, r)
		if err != nil {
			t.Fatal(err)
		}
		segs, err := f.LoadGlyph(&buf, gi, fixed.Int26_6(upem*64), nil)
		if err == nil {
			for _, sg := range segs {
				n := 1
				switch sg.Op {
				case sfnt.SegmentOpQuadTo:
					n = 2
				case sfnt.SegmentOpCubeTo:
					n = 3
				}
				for _, p := range sg.Args[:n] {
					px, py := pen+float64(p.X)/64*scale, -float64(p.Y)/64*scale // sfnt's y grows down; here it grows up
					x0, x1, y0, y1 = math.Min(x0, px), math.Max(x1, px), math.Min(y0, py), math.Max(y1, py)
					ok = true
				}
			}
		}
		adv, err := f.GlyphAdvance(&buf, gi, fixed.Int26_6(upem*64), font.HintingNone)
		if err != nil {
			t.Fatal(err)
		}
		pen += float64(adv) / 64 * scale
	}
	return x0, y0, x1, y1, ok
}

// Every example's counter sheet, measured in the PDF: the ink of every text of every counter, fronts and
// backs (each string the page shows, from its glyphs' outlines in the font the PDF names, turned as the
// page turns it), lies at least the System's safe margin (3pt) inside its counter's cut line, which the
// sheet's layout gives. A cut a millimetre off the line cuts into no value.
func TestExampleCountersKeepInsideTheSafeMargin(t *testing.T) {
	fonts := inkFonts(t)
	for _, name := range []string{"highest-ground", "highest-ground-barbarians", "prestags", "rampant", "fields-of-honor", "ancients"} {
		t.Run(name, func(t *testing.T) {
			pkg := example(t, name)
			_, files := runOnly(t, pkg, Options{}, "counters")
			d := pdfcheck.Read(t, files[CountersFile])
			set, _ := plan.Settle(pkg.Package(), Options{})
			_, l, err := CounterLayout(&Job{Pkg: pkg.Package(), Settings: set})
			if err != nil {
				t.Fatal(err)
			}
			margin := pkg.Package().System.CounterSafeMargin()
			if margin != content.DefaultSafeMargin.Points {
				t.Fatalf("the example sets a safe margin of %gpt", margin)
			}
			measured, worst := 0, math.Inf(1)
			var bad []string
			for pi, pg := range l.Pages {
				p := d.Pages[pi]
				var cells []surface.Rect
				for _, sl := range l.Sheets[pg.Sheet].Slots {
					if pg.Side == sheet.BackPage {
						cells = append(cells, sl.Back)
					} else {
						cells = append(cells, sl.Front)
					}
				}
				for _, rt := range p.Rotated {
					if strings.TrimSpace(rt.Text) == "" {
						continue
					}
					base := d.BaseFont(rt.Font)
					f := fonts[base]
					if f == nil {
						t.Fatalf("page %d: %q prints in %q, a font the test cannot measure", pi+1, rt.Text, base)
					}
					x0, y0, x1, y1, ok := inkBox(t, f, rt.Text, rt.Size)
					if !ok {
						continue // spaces only
					}
					// Turn the box's corners as the page turns the text, into top-left page coordinates.
					a := rt.Angle * math.Pi / 180
					cos, sin := math.Cos(a), math.Sin(a)
					bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
					for _, c := range [][2]float64{{x0, y0}, {x1, y0}, {x0, y1}, {x1, y1}} {
						px := rt.X + c[0]*cos - c[1]*sin
						py := rt.Y + c[0]*sin + c[1]*cos
						tx, ty := px, p.Height()-py
						bx0, bx1, by0, by1 = math.Min(bx0, tx), math.Max(bx1, tx), math.Min(by0, ty), math.Max(by1, ty)
					}
					cx, cy := (bx0+bx1)/2, (by0+by1)/2
					var cell *surface.Rect
					for i := range cells {
						c := &cells[i]
						if cx >= c.X && cx <= c.X+c.W && cy >= c.Y && cy <= c.Y+c.H {
							cell = c
						}
					}
					if cell == nil {
						continue // a caption of the sheet, not a counter's
					}
					measured++
					in := math.Min(math.Min(bx0-cell.X, by0-cell.Y), math.Min(cell.X+cell.W-bx1, cell.Y+cell.H-by1))
					worst = math.Min(worst, in)
					if in < margin-0.01 {
						bad = append(bad, fmt.Sprintf("page %d: %q (%s %.2fpt) is %.2fpt inside the cut of the counter at (%.1f, %.1f)", pi+1, rt.Text, base, rt.Size, in, cell.X, cell.Y))
					}
				}
			}
			if measured < 20 {
				t.Fatalf("only %d texts measured on the counters", measured)
			}
			for i, b := range bad {
				if i < 10 || strings.Contains(b, "is 2.7") {
					t.Error(b)
				}
			}
			if len(bad) > 10 {
				t.Errorf("and %d more", len(bad)-10)
			}
			t.Logf("%d texts measured, the nearest %.2fpt inside its cut", measured, worst)
		})
	}
}
