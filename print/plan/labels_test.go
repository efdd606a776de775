package plan

import (
	"bytes"
	"math"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

func marches(t testing.TB) *content.Package {
	t.Helper()
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "marches"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	return pkg
}

// labelsPDF lays the Crown of the Marches' labels out at a sticker size and prints them.
func labelsPDF(t testing.TB, pkg *content.Package, size value.Length) ([]LabelSheets, []byte) {
	t.Helper()
	mix := pkg.CounterMix("marches-counters")
	mix.Labels.Size = &size
	st, err := Settle(pkg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls, err := PlanLabels(pkg, st, true)
	if err != nil {
		t.Fatal(err)
	}
	pdf := surface.NewPDF(surface.PDFOptions{})
	for _, s := range ls {
		if err := s.Layout.Render(pdf); err != nil {
			t.Fatal(err)
		}
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return ls, b.Bytes()
}

// Block labels measured on the PDF, at each standard sticker size: every label is its size between its cut
// lines with its colour printed 1/16in past them, and each step's value is printed along its own edge at the
// rotation the System declares (counterclockwise: the first step upright at the top, the second along the
// right edge reading downwards, the third upside down at the bottom, the fourth along the left reading
// upwards), inside the edge's band and between its corners, at 4pt or more.
func TestLabelsOnTheirEdges(t *testing.T) {
	pkg := marches(t)
	for _, size := range []value.Length{{Points: 45, Text: "5/8in"}, {Points: 54, Text: "3/4in"}, {Points: 72, Text: "1in"}} {
		t.Run(size.Text, func(t *testing.T) {
			ls, b := labelsPDF(t, pkg, size)
			doc := pdfcheck.Read(t, b)
			pdfcheck.Check(t, "labels.pdf", b)
			if len(ls) != 1 || len(ls[0].Layout.Pieces) != 44 {
				t.Fatalf("%d label sets, want the mix's 44 labels in one", len(ls))
			}
			lay := ls[0].Layout
			bleed := content.DefaultLabelBleed.Points
			pageOf := map[int]int{} // sheet -> its page
			for i, p := range lay.Pages {
				pageOf[p.Sheet] = i
			}
			checked := 0
			for si, sh := range lay.Sheets {
				pg := doc.Pages[pageOf[si]]
				rects, _ := pg.Shapes()
				// Each label's strength runs, in the order drawn (label by label, step by step).
				var runs []pdfcheck.RotatedText
				for _, r := range pg.Rotated {
					if strings.Contains(r.Text, counters.Pip) {
						runs = append(runs, r)
					}
				}
				k := 0
				for _, sl := range sh.Slots {
					c := lay.Pieces[sl.Piece].Front.(counters.Label).C
					tr := sl.Front
					if !pdfcheck.Near(tr.W, size.Points, 0.01) || !pdfcheck.Near(tr.H, size.Points, 0.01) {
						t.Errorf("%s: %gx%gpt between its cut lines, want %g", c.ID, tr.W, tr.H, size.Points)
					}
					if len(pdfcheck.Find(rects, tr.X-bleed, tr.Y-bleed, tr.W+2*bleed, tr.H+2*bleed, 0.02)) == 0 {
						t.Errorf("%s: no background %gpt past its cut lines", c.ID, bleed)
					}
					cx, cy := tr.X+tr.W/2, pg.Height()-(tr.Y+tr.H/2) // PDF space, y up
					band := counters.LabelEdge * size.Points
					for i, want := range c.Block.Strengths {
						if k >= len(runs) {
							t.Fatalf("%s: step %d prints no pips", c.ID, i+1)
						}
						r := runs[k]
						k++
						n, _ := value.ParseNumber(want)
						if got := strings.Count(r.Text, counters.Pip); got != int(n.Floor()) {
							t.Errorf("%s step %d: %q, want %s pips", c.ID, i+1, r.Text, want)
						}
						// Counterclockwise: step i turns i quarters clockwise on the page; PDF angles run the
						// other way.
						wantAngle := math.Mod(360-counters.EdgeRotation(content.TurnCounterclockwise, i), 360)
						if r.Angle != wantAngle {
							t.Errorf("%s step %d: printed at %g°, want %g°", c.ID, i+1, r.Angle, wantAngle)
						}
						// The run's origin turned back upright: above the middle, in the top band.
						a := r.Angle * math.Pi / 180
						dx, dy := r.X-cx, r.Y-cy
						ux, uy := dx*math.Cos(a)+dy*math.Sin(a), -dx*math.Sin(a)+dy*math.Cos(a)
						if fromEdge := size.Points/2 - uy; fromEdge < 0 || fromEdge > band {
							t.Errorf("%s step %d: baseline %.2fpt in from its edge, outside the %.2fpt band", c.ID, i+1, fromEdge, band)
						}
						if ux < -size.Points/2+band-0.01 {
							t.Errorf("%s step %d: starts %.2fpt from the middle, inside the corner", c.ID, i+1, ux)
						}
						if r.Size < counters.LabelMinText-1e-6 {
							t.Errorf("%s step %d: %.2fpt text", c.ID, i+1, r.Size)
						}
						checked++
					}
				}
			}
			if checked < 100 {
				t.Errorf("%d edges checked", checked)
			}
		})
	}
}

// Clockwise blocks print their second step along the left edge, reading upwards.
func TestLabelsClockwise(t *testing.T) {
	pkg := marches(t)
	pkg.System.Blocks.Turn = content.TurnClockwise
	ls, b := labelsPDF(t, pkg, content.DefaultLabelSize)
	doc := pdfcheck.Read(t, b)
	var angles []float64
	for _, r := range doc.Pages[0].Rotated {
		if strings.Contains(r.Text, counters.Pip) {
			angles = append(angles, r.Angle)
		}
		if len(angles) == 4 {
			break
		}
	}
	if ls[0].Labels[0].Block.Turn != content.TurnClockwise || len(angles) != 4 || angles[0] != 0 || angles[1] != 90 || angles[2] != 180 || angles[3] != 270 {
		t.Errorf("clockwise: the first label's steps at %v°, want 0, 90, 180, 270", angles)
	}
}

// 200 block labels laid out and printed to PDF: the issue asks under 100 ms.
func BenchmarkLabels200(b *testing.B) {
	pkg := marches(b)
	mix := pkg.CounterMix("marches-counters")
	for i := range mix.Counters {
		mix.Counters[i].Count = 0
	}
	// The mix's 16 lines of blocks, 13 of each: 208 labels.
	total := 0
	for i := range mix.Counters {
		if u := pkg.UnitType(mix.Counters[i].Unit); u.IsBlock() {
			mix.Counters[i].Count = 13
			total += 13
		}
	}
	if total < 200 {
		b.Fatalf("%d labels", total)
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		labelsPDF(b, pkg, content.DefaultLabelSize)
	}
	b.ReportMetric(float64(total), "labels")
}
