package build

import (
	"bytes"
	"fmt"
	"image/png"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// fixture loads one of print/counters' fixture packages; example one of the repository's examples.
func fixture(t testing.TB, name string) *validate.Checked {
	t.Helper()
	return loadPackage(t, filepath.Join("..", "print", "counters", "testdata", name))
}

func example(t testing.TB, name string) *validate.Checked {
	t.Helper()
	return loadPackage(t, filepath.Join("..", "examples", name))
}

// loadPackage validates a package: only a validated package builds.
func loadPackage(t testing.TB, dir string) *validate.Checked {
	t.Helper()
	return mustCheck(t, validate.Load(dir))
}

func mustCheck(t testing.TB, r validate.Result) *validate.Checked {
	t.Helper()
	c, err := r.Checked()
	if err != nil {
		t.Fatalf("%v\n%v", err, r.Diags)
	}
	return c
}

// measuredSheet builds a fixture's counters in one back mode and returns the PDF, the layout the build used,
// and the counter in each slot, for tests that measure counters against their computed places.
func measuredSheet(t *testing.T, name, backs string) (*pdfcheck.Doc, *sheet.Layout, []*counters.Counter) {
	t.Helper()
	pkg := fixture(t, name)
	opt := Options{Backs: backs}
	_, files := run(t, pkg, opt)
	d := pdfcheck.Read(t, files[CountersFile])
	set, _ := plan.Settle(pkg.Package(), opt)
	cs, l, err := CounterLayout(&Job{Pkg: pkg.Package(), Settings: set})
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pages) != len(l.Pages) {
		t.Fatalf("%d pages, layout has %d", len(d.Pages), len(l.Pages))
	}
	return d, l, placed(cs, l)
}

func run(t testing.TB, pkg *validate.Checked, opt Options) (*Result, map[string][]byte) {
	t.Helper()
	res, err := Run(pkg, opt, nil)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range res.Files {
		files[f.Path] = f.Data
	}
	return res, files
}

func rgb(c surface.Color) [3]float64 {
	r := func(v uint8) float64 {
		x := float64(v) / 255
		return float64(int(x*1000+0.5)) / 1000
	}
	return [3]float64{r(c.R), r(c.G), r(c.B)}
}

// placed maps each slot of a layout to its counter.
func placed(cs []counters.Counter, l *sheet.Layout) []*counters.Counter {
	var out []*counters.Counter
	for i := range cs {
		for k := 0; k < cs[i].Count; k++ {
			out = append(out, &cs[i])
		}
	}
	return out
}

// The counter sheet as measured in the PDF: page size, every counter's 36x36 pt rectangle at its place in its
// faction's colour, the count of each unit as in the mix, and each back exactly behind its front.
func TestCounterSheetMeasured(t *testing.T) {
	for _, backs := range []string{"long-edge", "short-edge", "foldover", "none"} {
		t.Run(backs, func(t *testing.T) {
			d, l, of := measuredSheet(t, "thg", backs)
			for _, p := range d.Pages {
				if p.Width() != 612 || p.Height() != 792 {
					t.Fatalf("page %gx%g, want Letter 612x792", p.Width(), p.Height())
				}
				if p.TrimBox == nil {
					t.Fatal("no TrimBox")
				}
			}
			counts := map[string]int{}
			for pi, pg := range l.Pages {
				rects, _ := d.Pages[pi].Shapes()
				size36 := 0
				for _, r := range rects {
					if r.Fill && r.W == 36 && r.H == 36 {
						size36++
					}
				}
				sh := l.Sheets[pg.Sheet]
				want := len(sh.Slots)
				if pg.Side == sheet.FoldPage {
					want *= 2
				}
				if size36 != want {
					t.Errorf("page %d: %d counter squares, want %d", pi+1, size36, want)
				}
				for _, sl := range sh.Slots {
					c := of[sl.Piece]
					if pg.Side != sheet.BackPage {
						if len(pdfcheck.Find(filledOnly(rects, rgb(c.Front.Background)), sl.Front.X, sl.Front.Y, 36, 36, 0.002)) != 1 {
							t.Fatalf("page %d: no %s front at %+v", pi+1, c.ID, sl.Front)
						}
						counts[c.ID]++
					}
					if pg.Side != sheet.FrontPage {
						// Compute where the back must be, independently of the layout's own BackOf.
						x, y := sl.Front.X, sl.Front.Y
						switch backs {
						case "long-edge", "foldover":
							x = 612 - x - 36
						case "short-edge":
							y = 792 - y - 36
						}
						if len(pdfcheck.Find(filledOnly(rects, rgb(c.Back.Background)), x, y, 36, 36, 0.002)) != 1 {
							t.Fatalf("page %d: the back of %s is not at (%g,%g)", pi+1, c.ID, x, y)
						}
					}
				}
			}
			for id, want := range map[string]int{"foote-levies": 14, "legion": 20, "sm-roman": 40, "fort-1": 54, "captain": 1} {
				if counts[id] != want {
					t.Errorf("%s printed %d times, want %d", id, counts[id], want)
				}
			}
		})
	}
}

func filledOnly(rects []pdfcheck.Rect, c [3]float64) []pdfcheck.Rect {
	var out []pdfcheck.Rect
	for _, r := range rects {
		if r.Fill && r.RGB == c {
			out = append(out, r)
		}
	}
	return out
}

// Paper from the manifest (A4), the command line, or custom; mixed sizes on their own sheets.
func TestPaperAndSizes(t *testing.T) {
	pkg := fixture(t, "prestags")
	_, files := run(t, pkg, Options{})
	d := pdfcheck.Read(t, files[CountersFile])
	if p := d.Pages[0]; !pdfcheck.Near(p.Width(), 595.28, 0.01) || !pdfcheck.Near(p.Height(), 841.89, 0.01) {
		t.Errorf("A4 page is %gx%g", p.Width(), p.Height())
	}
	// 36pt (hi, li, lb, sl) and 45pt (ch, el) counters: two sheets, front and back each.
	if len(d.Pages) != 4 {
		t.Errorf("%d pages, want 4", len(d.Pages))
	}
	rects, _ := d.Pages[2].Shapes()
	n45 := 0
	for _, r := range rects {
		if r.Fill && r.W == 45 && r.H == 45 {
			n45++
		}
	}
	if n45 != 5 {
		t.Errorf("%d 5/8in counters on the second sheet, want 5", n45)
	}
	tabloid, _ := value.ParsePaper("11x17in")
	_, files = run(t, pkg, Options{Paper: &tabloid})
	if p := pdfcheck.Read(t, files[CountersFile]).Pages[0]; p.Width() != 792 || p.Height() != 1224 {
		t.Errorf("custom paper %gx%g", p.Width(), p.Height())
	}
}

func TestBleedBox(t *testing.T) {
	pkg := fixture(t, "thg")
	b, _ := value.ParseLength("1/16in")
	_, files := run(t, pkg, Options{Bleed: &b})
	p := pdfcheck.Read(t, files[CountersFile]).Pages[0]
	if p.BleedBox == nil || p.TrimBox == nil {
		t.Fatal("TrimBox and BleedBox expected")
	}
	if !(p.BleedBox[0] < p.TrimBox[0] && p.BleedBox[2] > p.TrimBox[2]) {
		t.Errorf("BleedBox %v must enclose TrimBox %v", p.BleedBox, p.TrimBox)
	}
}

// Building twice gives the same bytes, with or without SOURCE_DATE_EPOCH.
func TestDeterministic(t *testing.T) {
	pkg := fixture(t, "rampant")
	_, a := run(t, pkg, Options{PNG: true})
	_, b := run(t, fixture(t, "rampant"), Options{PNG: true})
	if len(a) != len(b) {
		t.Fatal("different file sets")
	}
	for k := range a {
		if !bytes.Equal(a[k], b[k]) {
			t.Errorf("%s differs between two builds", k)
		}
	}
	t.Setenv("SOURCE_DATE_EPOCH", "1700000000")
	_, c := run(t, pkg, Options{})
	_, e := run(t, pkg, Options{})
	if !bytes.Equal(c[CountersFile], e[CountersFile]) {
		t.Error("not deterministic with SOURCE_DATE_EPOCH")
	}
	if !bytes.Contains(c[CountersFile], []byte("D:20231114")) {
		t.Error("SOURCE_DATE_EPOCH not used as the document date")
	}
}

func TestPNGs(t *testing.T) {
	pkg := fixture(t, "thg")
	_, files := run(t, pkg, Options{PNG: true})
	for _, name := range []string{"png/counters/foote-levies-front.png", "png/counters/foote-levies-back.png", "png/counters/fort-1-front.png", "png/counters/page-01.png", "png/counters/page-02.png"} {
		b, ok := files[name]
		if !ok {
			t.Fatalf("no %s", name)
		}
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if strings.Contains(name, "levies") && im.Bounds().Dx() != 150 {
			t.Errorf("%s is %dpx wide, want 150 (1/2in at 300 DPI)", name, im.Bounds().Dx())
		}
	}
	_, files = run(t, pkg, Options{PNG: true, Backs: "none"})
	if _, ok := files["png/counters/foote-levies-back.png"]; ok {
		t.Error("backs none: no back PNGs")
	}
}

func TestOnlyAndErrors(t *testing.T) {
	pkg := fixture(t, "thg")
	if _, err := Run(pkg, Options{}, []string{"posters"}); err == nil || !strings.Contains(err.Error(), "counters, labels, cards, maps") {
		t.Errorf("unknown output: %v", err)
	}
	if _, err := Run(pkg, Options{Backs: "sideways"}, nil); err == nil {
		t.Error("bad backs accepted")
	}
	res, err := Run(pkg, Options{}, []string{"counters"})
	if err != nil || len(res.Outputs) != 1 {
		t.Fatal(err)
	}
	img := loadRaw(t, filepath.Join("..", "print", "counters", "testdata", "images")) // validate refuses it: the printers do too
	if _, err := runPackage(img, Options{}, nil); err == nil || !strings.Contains(err.Error(), "broken.png") && !strings.Contains(err.Error(), "nope.png") {
		t.Errorf("bad image: %v", err)
	}
}

// External checkers, when installed: qpdf accepts the file, pdftotext finds the names and values as text.
func TestExternalTools(t *testing.T) {
	pkg := fixture(t, "prestags")
	_, files := run(t, pkg, Options{})
	thg := fixture(t, "thg")
	_, files2 := run(t, thg, Options{Backs: "foldover"})
	for _, c := range []struct {
		name  string
		pdf   []byte
		words []string
	}{
		{"prestags counters.pdf", files[CountersFile], []string{"HI", "LB", "[4]"}},
		{"thg counters.pdf", files2[CountersFile], []string{"Foote Levies", "Disrupted", "L4", "3*", "Strategic", "& Berm", "fold"}},
	} {
		pdfcheck.Check(t, c.name, c.pdf)
		out := pdfcheck.Text(t, c.pdf)
		for _, w := range c.words {
			if !strings.Contains(out, w) {
				t.Errorf("%s: pdftotext does not find %q", c.name, w)
			}
		}
	}
}

// thgSized is the thg fixture with the Highest Ground's counts: about 145 units and leaders and 140 markers.
func thgSized(t testing.TB, total int) *validate.Checked {
	c := fixture(t, "thg")
	mix := c.Package().CounterMixes()[0]
	n := 0
	for _, e := range mix.Counters {
		n += e.Count
	}
	for i := range mix.Counters {
		if mix.Counters[i].Unit == "legion" {
			mix.Counters[i].Count += total - n
		}
	}
	return c
}

// The Highest Ground's mix (283 counters) builds and the summary counts them (BenchmarkTHGMix283 measures it:
// the target is 300 ms).
func TestTHGMixBuilds(t *testing.T) {
	res, err := Run(thgSized(t, 283), Options{}, nil)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(res.Notes[0], "283 counters") {
		t.Fatalf("notes %v", res.Notes)
	}
}

// BenchmarkTHGMix283 builds a mix of The Highest Ground's size (283 counters) into counters.pdf.
func BenchmarkTHGMix283(b *testing.B) {
	pkg := thgSized(b, 283)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Run(pkg, Options{}, nil); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkCounters400 builds a 400-counter mix into one PDF (fronts and backs).
func BenchmarkCounters400(b *testing.B) {
	pkg := thgSized(b, 400)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		res, err := Run(pkg, Options{}, nil)
		if err != nil {
			b.Fatal(err)
		}
		if len(res.Files) != 1 {
			b.Fatal(fmt.Sprint(res.Notes))
		}
	}
	b.ReportMetric(400*float64(b.N)/b.Elapsed().Seconds(), "counters/s")
}
