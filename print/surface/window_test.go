package surface

import (
	"image"
	"runtime"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
)

// allocated is the bytes f allocates (the tests that use it run alone, not in parallel).
func allocated(f func()) uint64 {
	var a, b runtime.MemStats
	runtime.ReadMemStats(&a)
	f()
	runtime.ReadMemStats(&b)
	return b.TotalAlloc - a.TotalAlloc
}

// drawBounded draws on a 100 x 100 pt PNG page at 72 dpi, failing if the drawing allocates more than 16 MB
// (the page is 40 KB; gg given a circle of radius 10^9 allocates gigabytes) or fails.
func drawBounded(t *testing.T, draw func(s Surface)) *image.RGBA {
	t.Helper()
	p := NewPNG(PNGOptions{DPI: 72})
	p.BeginPage(100, 100)
	if n := allocated(func() { draw(p) }); n > 16<<20 {
		t.Errorf("the drawing allocated %d MB", n>>20)
	}
	if err := p.Err(); err != nil {
		t.Fatal(err)
	}
	im, err := p.PageImage(0)
	if err != nil {
		t.Fatal(err)
	}
	return im
}

var red, blue = RGB(255, 0, 0), RGB(0, 0, 255)

// A circle of radius 10^7 whose top edge crosses the page (the issue's <circle r="9999999"/>, as a drawing
// scaled onto a page meets it) is filled and stroked where it shows, in bounded memory: above the edge the
// page is white, below it red, and the stroke lies on the edge.
func TestHugeCircleIsDrawnWhereItShows(t *testing.T) {
	const r = 1e7
	im := drawBounded(t, func(s Surface) {
		s.SetFill(red)
		s.SetStroke(blue, 10)
		s.Circle(50, 30+r, r, FillStroke)
	})
	for x := 5; x < 100; x += 30 {
		for _, c := range []struct {
			y    int
			want Color
		}{{10, White}, {30, blue}, {33, blue}, {27, blue}, {50, red}, {95, red}} {
			if got := rgbaAt(im, x, c.y); !colorNear(got, c.want, 2) {
				t.Errorf("(%d, %d) = %s, want %s", x, c.y, got.Hex(), c.want.Hex())
			}
		}
	}
	// A circle of radius 10^9 about the page fills all of it.
	im = drawBounded(t, func(s Surface) {
		s.SetFill(red)
		s.Circle(50, 50, 1e9, Fill)
	})
	if got := rgbaAt(im, 0, 0); got != red {
		t.Errorf("corner %s", got.Hex())
	}
}

// The viewBox="0 0 1e-6 1e-6": a drawing scaled up 10^8 times is drawn in bounded memory too, clip
// and gradient included.
func TestHugeScaleIsBounded(t *testing.T) {
	im := drawBounded(t, func(s Surface) {
		s.Scale(1e8, 1e8)
		s.Push()
		s.ClipPath(NewPath().Circle(5e-7, 5e-7, 4e-7))
		s.SetFill(red)
		s.Circle(5e-7, 5e-7, 1e-6, Fill)
		s.FillGradient(NewPath().Ellipse(5e-7, 5e-7, 1e-6, 1e-7), &Gradient{X2: 1e-6, Stops: []GradientStop{{0, blue}, {1, red}}})
		s.SetStroke(blue, 1e-8)
		s.SetDash(1e-9, 1e-9)
		s.Circle(5e-7, 5e-7, 3e-7, Stroke)
		s.Pop()
	})
	if got := rgbaAt(im, 50, 50); got == White {
		t.Error("nothing drawn in the middle")
	}
}

// The stroke-dasharray="1e-300": a pattern too fine to print is drawn, in both backends, as the even
// tint it averages to — half the stroke's opacity for equal dashes and gaps — without a dash being cut.
func TestFineDashIsATint(t *testing.T) {
	draw := func(s Surface) {
		s.SetStroke(blue, 10)
		s.SetDash(1e-300)
		s.Line(0, 50, 100, 50)
	}
	im := drawBounded(t, draw)
	if got := rgbaAt(im, 50, 50); !colorNear(got, Color{127, 127, 255, 255}, 3) {
		t.Errorf("the line is %s, want half blue", got.Hex())
	}
	b := pdfBytes(t, func(s Surface) { s.BeginPage(100, 100); draw(s) })
	c := pdfcheck.Read(t, b).Pages[0].Raw
	if strings.Contains(c, " d\n") || !strings.Contains(c, "\nS\n") || !strings.Contains(c, "/GS1 gs") || !strings.Contains(string(b), "/CA 0.502") {
		t.Errorf("the PDF strokes %q", c)
	}
}

// A pattern that prints (coarser than MinDashPeriod) but would cut more than MaxDashes dashes where it shows
// — a zigzag crossing the page a thousand times, dashed every tenth of a pixel — is a tint as well, in bounded
// memory; one that cuts fewer is dashes, as gg cuts them.
func TestManyDashesAreATint(t *testing.T) {
	zigzag := func(s Surface) {
		p := NewPath().MoveTo(0, 0)
		for i := 1; i <= 1000; i++ {
			p.LineTo(float64(i%2)*100, float64(i)/10)
		}
		s.DrawPath(p, Stroke)
	}
	im := drawBounded(t, func(s Surface) {
		s.SetStroke(blue, 20)
		s.SetDash(0.05, 0.05)
		zigzag(s)
	})
	if got := rgbaAt(im, 50, 50); !colorNear(got, Color{127, 127, 255, 255}, 3) {
		t.Errorf("the zigzag is %s, want half blue", got.Hex())
	}
	im = drawBounded(t, func(s Surface) {
		s.SetStroke(blue, 4)
		s.SetDash(10, 10)
		s.Line(0, 50, 100, 50)
	})
	if a, b := rgbaAt(im, 5, 50), rgbaAt(im, 15, 50); a != blue || b != White {
		t.Errorf("dashes %s and gaps %s", a.Hex(), b.Hex())
	}
}

// A path cut to the window draws the same pixels as gg draws the part of it that shows: fills, strokes with
// each cap and join, and dashes that keep their phase over the part cut away.
func TestWindowedMatchesGG(t *testing.T) {
	const far = 1e6 // past nearMargin: cut to the window
	for _, c := range []struct {
		name      string
		far, near func(s Surface)
	}{
		{"fill", func(s Surface) {
			s.Polygon([]Pt{{-far, 20}, {80, 10}, {70, 90}}, Fill)
		}, func(s Surface) {
			// The same edges where they cross the page: the far vertex's edges, cut at x = -20.
			y1 := 20 + (10-20)*(far-20)/(far+80)
			y2 := 20 + (90-20)*(far-20)/(far+70)
			s.Polygon([]Pt{{-20, y1}, {80, 10}, {70, 90}, {-20, y2}}, Fill)
		}},
		{"butt line", func(s Surface) { s.Line(-far, 50, far, 50) }, func(s Surface) { s.Line(-50, 50, 150, 50) }},
		{"square end", func(s Surface) {
			s.SetLineCap(SquareCap)
			s.Line(-far, 50, 60, 50)
		}, func(s Surface) {
			s.SetLineCap(SquareCap)
			s.Line(-50, 50, 60, 50)
		}},
		{"dashes keep their phase", func(s Surface) {
			s.SetDash(10, 10)
			s.Line(-far, 50, 150, 50) // far is a whole number of periods
		}, func(s Surface) {
			s.SetDash(10, 10)
			s.Line(-40, 50, 150, 50)
		}},
	} {
		t.Run(c.name, func(t *testing.T) {
			setup := func(draw func(Surface)) func(Surface) {
				return func(s Surface) {
					s.SetFill(red)
					s.SetStroke(blue, 8)
					draw(s)
				}
			}
			a, b := drawBounded(t, setup(c.far)), drawBounded(t, setup(c.near))
			worst, at := 0, image.Point{}
			for y := 0; y < 100; y++ {
				for x := 0; x < 100; x++ {
					p, q := a.RGBAAt(x, y), b.RGBAAt(x, y)
					for _, d := range []int{int(p.R) - int(q.R), int(p.G) - int(q.G), int(p.B) - int(q.B)} {
						if d < 0 {
							d = -d
						}
						if d > worst {
							worst, at = d, image.Pt(x, y)
						}
					}
				}
			}
			if worst > 8 {
				t.Errorf("differs by %d at %v", worst, at)
			}
		})
	}
}

// Round joins and caps of a stroke cut to the window cover what gg's do: a right angle's corner and the ends
// of a line are painted, the inside of the turn is not over-painted outside the stroke.
func TestWindowedJoinsAndCaps(t *testing.T) {
	im := drawBounded(t, func(s Surface) {
		s.SetStroke(blue, 10)
		s.SetLineCap(RoundCap)
		s.SetLineJoin(RoundJoin)
		s.Polyline([]Pt{{-1e6, 30}, {70, 30}, {70, 80}})
	})
	for _, c := range []struct {
		x, y int
		want Color
	}{{73, 27, blue}, {70, 83, blue}, {70, 88, White}, {60, 40, White}, {20, 30, blue}, {20, 40, White}} {
		if got := rgbaAt(im, c.x, c.y); !colorNear(got, c.want, 2) {
			t.Errorf("(%d, %d) = %s, want %s", c.x, c.y, got.Hex(), c.want.Hex())
		}
	}
}

// MaxDashEntries bounds a pattern: more is an error of the surface, which the SVG check never lets through.
func TestDashEntries(t *testing.T) {
	p := NewPNG(PNGOptions{DPI: 72})
	p.BeginPage(10, 10)
	p.SetDash(make([]float64, MaxDashEntries+1)...)
	if p.Err() == nil || !strings.Contains(p.Err().Error(), "dash pattern") {
		t.Errorf("error %v", p.Err())
	}
}
