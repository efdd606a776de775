package build

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/pdfcheck"
)

// A block game builds labels.pdf beside counters.pdf: the blocks on their labels (every step of each on its
// edges), the markers alone on the counter sheets; with --png a PNG per label design. A package without
// blocks writes no labels.pdf.
func TestLabelsBuilt(t *testing.T) {
	res, err := Run(example(t, "testdata/marches"), Options{PNG: true, PageDPI: 10, FaceDPI: 20}, []string{"counters", "labels"})
	if err != nil {
		t.Fatal(err)
	}
	files := map[string][]byte{}
	for _, f := range res.Files {
		files[f.Path] = f.Data
	}
	labels, ok := files[LabelsFile]
	if !ok {
		t.Fatal("no labels.pdf")
	}
	pips := 0
	for _, pg := range pdfcheck.Read(t, labels).Pages {
		for _, r := range pg.Rotated {
			if strings.Contains(r.Text, counters.Pip) {
				pips++
			}
		}
	}
	// 44 labels: the lords of 4 and 3 steps, knights and archers of 3, levies of 4, raiders of 3.
	if pips < 44*3 {
		t.Errorf("labels.pdf prints %d step edges for 44 labels", pips)
	}
	txt := strings.Join(strings.Fields(pdfcheck.Text(t, files["counters.pdf"])), " ")
	if strings.Contains(txt, "Levy") || strings.Contains(txt, "Edric") {
		t.Errorf("a block on the counter sheets: %s", txt)
	}
	if _, ok := files["png/labels/hart-levy.png"]; !ok {
		t.Error("no PNG of the levy's label")
	}
	res, err = Run(example(t, "highest-ground"), Options{}, []string{"labels"})
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Files) != 0 {
		t.Errorf("labels of a package without blocks: %d files", len(res.Files))
	}
}
