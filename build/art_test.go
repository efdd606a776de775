package build

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/sheet"
)

// The art package's hex counters print their SVG art as vectors: every SVG is one form XObject in counters.pdf,
// drawn once at each size and placed on every counter that shows it (the silhouettes, the flag, the units'
// backgrounds and the shaken back's), and the PDF holds no image at all.
func TestArtSVGCountersAreForms(t *testing.T) {
	res, err := Run(example(t, "testdata/art"), Options{}, []string{"counters"})
	if err != nil {
		t.Fatal(err)
	}
	var pdf []byte
	for _, f := range res.Files {
		if f.Path == "counters.pdf" {
			pdf = f.Data
		}
	}
	if pdf == nil {
		t.Fatal("no counters.pdf")
	}
	// musketeer, cavalryman, gun, flag, field-blue, field-red: one form per SVG and size it is drawn at, placed on
	// every counter that shows it at that size (the musketeer twice: on the front, and smaller on the shaken back).
	if n := bytes.Count(pdf, []byte("/Subtype /Form")); n != 7 {
		t.Errorf("%d forms, want 7, one per SVG and size", n)
	}
	doc, err := pdfcheck.Parse(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if doc.HasImage() {
		t.Error("counters.pdf holds an image")
	}
	// Each counter (17 fronts and backs on a duplex sheet) places its background, and most their silhouette
	// and flag, as forms.
	placed := regexp.MustCompile(`/TPL[0-9a-f]+ Do`)
	n := 0
	for _, pg := range doc.Pages {
		n += len(placed.FindAllString(pg.Raw, -1))
	}
	if n < 17*2 {
		t.Errorf("%d forms placed, want one per face at least", n)
	}
}

// BenchmarkArtCounters400 builds 400 hex counters with SVG art on every face (a silhouette, a flag and a
// background on the front, a background on the back) into counters.pdf, its text in the package's TrueType font
// (Liberation Sans Narrow, embedded); it reports the PDF's size.
func BenchmarkArtCounters400(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join("..", "examples", "testdata", "art")
	if err := os.CopyFS(dir, os.DirFS(src)); err != nil {
		b.Fatal(err)
	}
	mix := "kind: CounterMix\nid: art-400\nshape: hex\ncounters:\n" +
		"  - {unit: blue-foot, count: 100}\n  - {unit: blue-horse, count: 100}\n  - {unit: red-foot, count: 100}\n  - {unit: red-gun, count: 100}\n"
	if err := os.WriteFile(filepath.Join(dir, "counters.yaml"), []byte(mix), 0o644); err != nil {
		b.Fatal(err)
	}
	c := loadPackage(b, dir)
	b.ReportAllocs()
	b.ResetTimer()
	size := 0
	for i := 0; i < b.N; i++ {
		res, err := Run(c, Options{}, []string{"counters"})
		if err != nil {
			b.Fatal(err)
		}
		size = 0
		for _, f := range res.Files {
			if f.Path == "counters.pdf" {
				size = len(f.Data)
			}
		}
	}
	b.ReportMetric(float64(b.Elapsed().Milliseconds())/float64(b.N), "ms/build")
	b.ReportMetric(float64(size), "pdf-bytes")
}

// The art package's hex counters are cut as a designer cuts hex counters: on their sheet's front page every cut
// line is drawn once, neighbours share theirs (fewer lines than six a counter), and between each counter's
// opposite cut lines it measures the declared 0.75in (54 pt) across its flats.
func TestArtHexCountersCutShared(t *testing.T) {
	pkg := example(t, "testdata/art")
	_, files := run(t, pkg, Options{})
	set, _ := plan.Settle(pkg.Package(), Options{})
	_, l, err := CounterLayout(&Job{Pkg: pkg.Package(), Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	doc := pdfcheck.Read(t, files[CountersFile])
	if len(doc.Pages) != len(l.Pages) {
		t.Fatalf("%d pages in the PDF, %d in the layout", len(doc.Pages), len(l.Pages))
	}
	const flats = 54.0
	side := flats / math.Sqrt(3) // a regular hexagon's side, 31.18 pt
	checked := 0
	for i, pg := range l.Pages {
		sh := &l.Sheets[pg.Sheet]
		if sh.Shape != shape.Hex || pg.Side != sheet.FrontPage {
			continue
		}
		_, lines := doc.Pages[i].Shapes()
		var cuts []pdfcheck.Line
		for _, ln := range lines {
			if pdfcheck.Near(math.Hypot(ln.X2-ln.X1, ln.Y2-ln.Y1), side, 0.02) {
				cuts = append(cuts, ln)
			}
		}
		if n := len(sh.Slots); len(cuts) == 0 || len(cuts) >= 6*n {
			t.Errorf("page %d: %d cut lines for %d hex counters: neighbours must share theirs", i+1, len(cuts), n)
		}
		for j, a := range cuts {
			for _, b := range cuts[:j] {
				if a.Same(b, 0.01) {
					t.Errorf("page %d: the cut %+v is drawn twice", i+1, a)
				}
			}
		}
		for _, sl := range sh.Slots {
			es := shape.Edges(sh.Shape, sl.Front)
			var found [6]*pdfcheck.Line
			for k, e := range es {
				for c := range cuts {
					if cuts[c].Same(pdfcheck.Line{X1: e[0].X, Y1: e[0].Y, X2: e[1].X, Y2: e[1].Y}, 0.01) {
						found[k] = &cuts[c]
					}
				}
				if found[k] == nil {
					t.Fatalf("page %d: the counter at %+v has no cut line along %v", i+1, sl.Front, e)
				}
			}
			// Across the flats, measured between the printed lines themselves.
			for k := 0; k < 3; k++ {
				a, b := found[k], found[k+3]
				d := math.Abs((a.X2-a.X1)*(a.Y1-b.Y1)-(a.X1-b.X1)*(a.Y2-a.Y1)) / math.Hypot(a.X2-a.X1, a.Y2-a.Y1)
				if !pdfcheck.Near(d, flats, 0.02) {
					t.Errorf("page %d: the counter at %+v measures %.3f pt across a pair of flats, want %.0f", i+1, sl.Front, d, flats)
				}
			}
			checked++
		}
	}
	if checked != 17 {
		t.Errorf("measured %d hex counters, the art package has 17", checked)
	}
}
