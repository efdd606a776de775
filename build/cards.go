package build

import (
	"fmt"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// CardsFile is the card sheets' name in the output folder.
const CardsFile = plan.CardsFile

// CardLayout resolves the package's decks and plans their card sheets.
func CardLayout(j *Job) ([]*cards.Deck, *sheet.Layout, error) {
	return plan.PlanCards(j.Pkg, j.Settings, false)
}

// buildCards writes cards.pdf: every copy of every card at its true size, fronts and backs in register on
// duplex pages (or side by side to fold), with cut lines and crop marks (and with --png a PNG per card front,
// per deck back and per page). A package without cards prints nothing.
func buildCards(j *Job) error {
	decks, l, err := CardLayout(j)
	if err != nil {
		return err
	}
	if l == nil {
		return nil
	}
	pdf := surface.NewPDF(j.pdfOptions("cards"))
	pages, err := renderCards(j, decks, l, pdf)
	if err != nil {
		return err
	}
	b, err := pdfBytes(j.Pkg, pdf)
	if err != nil {
		return err
	}
	if err := j.Add(CardsFile, b); err != nil {
		return err
	}
	designs := 0
	for _, d := range decks {
		designs += len(d.Cards)
	}
	j.Notef("%s: %s (%s, %s) on %s, %s, backs %s", CardsFile, english.Count(len(l.Pieces), "card"), english.Count(designs, "design"),
		english.Count(len(decks), "deck"), english.Count(pages, "page"), cardPaper(j), j.Settings.Backs)
	if err := servicePNGs(j, decks); err != nil {
		return err
	}
	if !j.Opt.PNG {
		return nil
	}
	n, err := cardPNGs(j, decks, l)
	if err != nil {
		return err
	}
	j.Notef("png/cards: %d PNG files", n)
	return nil
}

// cardPNGs writes a PNG per card front (png/cards/<card id>-front.png), per deck back
// (png/cards/<deck id>-back.png) and per sheet page (png/cards/page-01.png).
func cardPNGs(j *Job, decks []*cards.Deck, l *sheet.Layout) (int, error) {
	faceDPI, pageDPI := previewDPIs(j.Opt)
	n := 0
	face := func(name string, f *counters.Face, w, h float64) error {
		p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(faceDPI, w, h)})
		p.BeginPage(w, h)
		if err := f.DrawRect(p, 0, 0, w, h, 0); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		n++
		return addPNG(j, "png/cards/"+name+".png", p)
	}
	for _, d := range decks {
		for _, c := range d.Cards {
			if err := face(c.ID+"-front", c.Front, c.Width(), c.Height()); err != nil {
				return n, err
			}
		}
	}
	if j.Settings.Backs != sheet.NoBacks {
		for _, d := range decks {
			if err := face(d.ID+"-back", d.Back, d.Size.W, d.Size.H); err != nil {
				return n, err
			}
		}
	}
	pages, err := addPagePNGs(j, "png/cards", 0, l, pageDPI)
	return n + pages, err
}
