package build

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
)

// The art package's counters print their SVG art as vectors: every SVG is one form XObject in counters.pdf,
// drawn once and placed on every counter that shows it (the silhouettes, the flag, the faction's and the
// unit's backgrounds), and the PDF holds no image at all.
func TestArtSVGCountersAreForms(t *testing.T) {
	res, err := Run(example(t, "testdata/art-svg"), Options{}, []string{"counters"})
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
	// musketeer, cavalryman, gun, flag, field-blue, field-red: each drawn at one size on every counter.
	if n := bytes.Count(pdf, []byte("/Subtype /Form")); n != 6 {
		t.Errorf("%d forms, want 6, one per SVG", n)
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
// background on the front, a background on the back) into counters.pdf, with the default fonts; it reports the
// PDF's size.
func BenchmarkArtCounters400(b *testing.B) {
	dir := b.TempDir()
	src := filepath.Join("..", "..", "examples", "testdata", "art-svg")
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
