package scenario

import (
	"bytes"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// The scenario sheet says what the deck it is played with holds: the deck's name, its cards by period and
// side with the total, and how hands are dealt and drawn, as the content says.
func TestSheetSaysWhatTheDeckHolds(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "marches"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	d := pkg.Decks()[0]
	total := 0
	for _, c := range pkg.CardsOf(d) {
		total += c.Copies()
	}
	sc := pkg.Scenarios()[0]
	pdf := surface.NewPDF(surface.PDFOptions{})
	if err := Render(pdf, pkg, sc, Options{Paper: surface.PaperSize(value.Letter)}); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	txt := strings.Join(strings.Fields(pdfcheck.Text(t, b.Bytes())), " ")
	for _, w := range []string{"Cards: " + d.Name, d.Name + " holds " + strconv.Itoa(total) + " cards", d.Periods[0].Name, d.Periods[1].Name,
		pkg.System.FactionName(pkg.System.Factions[0].ID), "Either side", "Deal " + strconv.Itoa(d.Deal.Cards) + " cards " + d.Deal.When} {
		if !strings.Contains(txt, w) {
			t.Errorf("%q not on the sheet", w)
		}
	}
	if !strings.Contains(txt, "Total") || !strings.Contains(txt, " "+strconv.Itoa(total)+" ") {
		t.Errorf("no total of %d on the sheet", total)
	}
}
