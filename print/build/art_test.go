package build

import (
	"bytes"
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
