package build

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

const narrowFixture = "../print/fonts/testdata/narrow"

// A package with its own fonts prints every document in them: each PDF embeds Liberation Sans Narrow (regular
// and bold, by name) and no Go font, as pdffonts also lists.
func TestPackageFontsEmbedded(t *testing.T) {
	_, files := run(t, loadPackage(t, narrowFixture), Options{})
	want := "utf8liberationsansnarrow utf8liberationsansnarrow-bold"
	for _, name := range []string{CountersFile, "maps/front.pdf", ChartsFile} {
		b, ok := files[name]
		if !ok {
			t.Fatalf("no %s", name)
		}
		if got := strings.Join(pdfcheck.Read(t, b).Fonts(), " "); got != want {
			t.Errorf("%s embeds %q, want %q", name, got, want)
		}
	}
	tool, err := exec.LookPath("pdffonts")
	if err != nil {
		t.Skip("pdffonts not installed")
	}
	path := filepath.Join(t.TempDir(), "counters.pdf")
	if err := os.WriteFile(path, files[CountersFile], 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(tool, path).CombinedOutput()
	if err != nil || !strings.Contains(string(out), "utf8liberationsansnarrow-bold") || strings.Contains(string(out), "utf8go") {
		t.Errorf("pdffonts: %v\n%s", err, out)
	}
}

// The counters' PNG previews are drawn in the package font too: a face's PNG is the face drawn with its
// typefaces, not with the Go fonts.
func TestPackageFontsInPNG(t *testing.T) {
	pkg := loadPackage(t, narrowFixture)
	_, files := run(t, pkg, Options{PNG: true})
	cs, err := counters.FromPackage(pkg.Package(), counters.Options{})
	if err != nil {
		t.Fatal(err)
	}
	c := cs[0]
	if c.ID != "12-pz" || c.Front.Font == nil || c.Front.Slots[0].Font == nil {
		t.Fatalf("counter %s: the face has no typeface", c.ID)
	}
	draw := func(f *counters.Face) []byte {
		p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(DefaultFaceDPI, c.Width(), c.Height())})
		p.BeginPage(c.Width(), c.Height())
		if err := f.DrawRect(p, 0, 0, c.Width(), c.Height(), 0); err != nil {
			t.Fatal(err)
		}
		var b bytes.Buffer
		if _, err := p.WriteTo(&b); err != nil {
			t.Fatal(err)
		}
		return b.Bytes()
	}
	goFace := c.Front
	goFace.Font = nil
	goFace.Slots = append([]counters.Slot(nil), c.Front.Slots...)
	for i := range goFace.Slots {
		goFace.Slots[i].Font = nil
	}
	built := files["png/counters/12-pz-front.png"]
	if !bytes.Equal(built, draw(&c.Front)) {
		t.Error("the built PNG is not the face drawn in its typefaces")
	}
	if bytes.Equal(built, draw(&goFace)) {
		t.Error("the built PNG is the face drawn in the Go fonts")
	}
}

// The printers refuse a package whose font cannot be loaded on their own, before a page is drawn.
func TestBrokenFontRefused(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"muster.yaml", "system.yaml", "units.yaml", "counters.yaml", "fonts/LiberationSansNarrow-Regular.ttf"} {
		b, err := os.ReadFile(filepath.Join(narrowFixture, f))
		if err != nil {
			t.Fatal(err)
		}
		must.Mkdir(t, filepath.Dir(filepath.Join(dir, f)))
		if err := os.WriteFile(filepath.Join(dir, f), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	be := buildError(t, loadRaw(t, dir), Options{})
	if d := be.Diags[0]; d.Code != "fonts.missing" || !strings.HasSuffix(d.Pos.File, "system.yaml") || d.Pos.Line == 0 {
		t.Errorf("got %s", d)
	}
}

// The art test package (examples/testdata/art) builds in its own font: its counter sheet, charts and map embed
// Liberation Sans Narrow, and its 12-pz counter prints 8-4 and XX where the layout puts them, measured in that
// font: read back with pdftotext, each word is centred on its element's anchor and as wide as the surface
// measured it (the PDF's widths and muster's agree in the package font).
func TestArtPackage(t *testing.T) {
	pkg := example(t, "testdata/art")
	_, files := run(t, pkg, Options{})
	for _, name := range []string{CountersFile, ChartsFile, "maps/vale.pdf"} {
		if got := strings.Join(pdfcheck.Read(t, files[name]).Fonts(), " "); got != "utf8liberationsansnarrow utf8liberationsansnarrow-bold" {
			t.Errorf("%s embeds %q", name, got)
		}
	}
	cs, err := counters.FromPackage(pkg.Package(), counters.Options{})
	if err != nil {
		t.Fatal(err)
	}
	var pz *counters.Counter
	for i := range cs {
		if cs[i].ID == "12-pz" {
			pz = &cs[i]
		}
	}
	if pz == nil {
		t.Fatal("no 12-pz")
	}
	const x0, y0 = 144.0, 216.0
	side := pz.Size
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(612, 792)
	if err := pz.Front.DrawRect(p, x0, y0, side, side, 0); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	got := map[string]pdfcheck.Word{}
	for _, w := range pdfcheck.Words(t, b.Bytes()) {
		got[w.Text] = w
	}
	for _, want := range []struct {
		text   string
		ax, ay float64
		font   surface.Font
	}{
		{"8-4", 0.5, 0.81, surface.Font{Style: surface.Bold, Size: side * 0.22 * 1.3, Typeface: pz.Front.Font}},
		{"XX", 0.5, 0.145, surface.Font{Style: surface.Bold, Size: side * 0.22 * 0.7, Typeface: pz.Front.Font}}, // moved in from 0.1 (size 0.8) to keep inside the 3pt safe margin
	} {
		w, ok := got[want.text]
		if !ok {
			t.Errorf("%q is not in the PDF's text", want.text)
			continue
		}
		ax, ay := x0+want.ax*side, y0+want.ay*side
		if cx := (w.XMin + w.XMax) / 2; cx < ax-0.5 || cx > ax+0.5 {
			t.Errorf("%q is centred at x=%.2fpt, its anchor at %.2fpt", want.text, cx, ax)
		}
		if ay < w.YMin || ay > w.YMax {
			t.Errorf("%q spans y=%.2f..%.2fpt, its anchor is at %.2fpt", want.text, w.YMin, w.YMax, ay)
		}
		if mw, pw := p.MeasureText(want.text, want.font), w.XMax-w.XMin; mw-pw > 0.5 || pw-mw > 0.5 {
			t.Errorf("%q is %.2fpt wide in the PDF, %.2fpt as muster measures it in the package font", want.text, pw, mw)
		}
	}
}

// BenchmarkFontCounters400 builds 400 counters of the art package, every face printed in its own font (one
// TrueType face for the values and marks, embedded once in the PDF), into counters.pdf; it reports the PDF's
// size.
func BenchmarkFontCounters400(b *testing.B) {
	src := filepath.Join("..", "examples", "testdata", "art")
	dir := b.TempDir()
	err := filepath.WalkDir(src, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel := must.Rel(b, src, p)
		data := must.ReadFile(b, p)
		if rel == "counters.yaml" {
			data = []byte("kind: CounterMix\nid: art-400\ncounters:\n  - {unit: 12-pz, count: 100}\n  - {unit: 3-mech, count: 100}\n  - {unit: 7-art, count: 100}\n  - {unit: 21-inf, count: 99}\n  - {unit: red-hq, count: 1}\n")
		}
		must.Mkdir(b, filepath.Join(dir, filepath.Dir(rel)))
		return os.WriteFile(filepath.Join(dir, rel), data, 0o644)
	})
	if err != nil {
		b.Fatal(err)
	}
	pkg := loadPackage(b, dir)
	b.ReportAllocs()
	b.ResetTimer()
	size := 0
	for i := 0; i < b.N; i++ {
		res, err := Run(pkg, Options{}, []string{"counters"})
		if err != nil {
			b.Fatal(err)
		}
		size = len(res.Files[0].Data)
	}
	b.ReportMetric(float64(size), "pdf-bytes")
}
