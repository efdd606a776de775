package charts

import (
	"bytes"
	"cmp"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// The charts list every card of the deck with its values and copies, after what the deck holds; a package
// with cards and nothing else to chart is not empty.
func TestChartsListTheCards(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "marches"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	if Empty(pkg) {
		t.Fatal("a package with a deck has nothing to chart")
	}
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := Render(pdf, pkg, Options{Paper: surface.PaperSize(value.Letter)}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes(), "-layout")), " ")
	d := pkg.Decks()[0]
	if !strings.Contains(txt, "Cards: "+d.Name) {
		t.Fatalf("no deck on the charts: %s", txt)
	}
	for _, c := range pkg.CardsOf(d) {
		if !strings.Contains(txt, cmp.Or(c.Title, c.ID)+" "+c.Values[d.Values[0].ID].Text) {
			t.Errorf("card %s (%s %s) is not listed with its value", c.ID, c.Title, c.Values[d.Values[0].ID].Text)
		}
	}
}
