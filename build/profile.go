package build

import (
	"fmt"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/profile"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// ServiceCardsDir is where a profile that asks for a PNG per card face (profile.CardPNGs) has them written.
const ServiceCardsDir = "cards"

// renderCards draws the card sheets, or for a profile that prints cards one a page (profile.CardPages) every
// card on a page of its own, front then back; it returns the pages drawn.
func renderCards(j *Job, decks []*cards.Deck, l *sheet.Layout, pdf *surface.PDF) (int, error) {
	if p := j.Settings.Profile; p == nil || p.Layout != profile.CardPages {
		return len(l.Pages), l.Render(pdf)
	}
	ls, err := plan.CardPages(decks, j.Settings)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, l := range ls {
		if err := l.Render(pdf); err != nil {
			return n, err
		}
		n += len(l.Pages)
	}
	return n, nil
}

// cardPaper says what the cards print on, for the summary.
func cardPaper(j *Job) string {
	if p := j.Settings.Profile; p != nil && p.Layout == profile.CardPages {
		return "a page each (the card and its bleed), front then back, for " + p.Service
	}
	return plan.PaperName(j.Settings)
}

// servicePNGs writes, for a profile that asks for them (profile.CardPNGs), a PNG of every card's front
// (cards/<card id>-front.png) and every deck's back (cards/<deck id>-back.png) at the profile's resolution,
// each the card and its bleed.
func servicePNGs(j *Job, decks []*cards.Deck) error {
	p := j.Settings.Profile
	if p == nil || p.Layout != profile.CardPNGs {
		return nil
	}
	b := j.Settings.Bleed
	n := 0
	face := func(name string, f *counters.Face, w, h float64) error {
		png := surface.NewPNG(surface.PNGOptions{DPI: p.MinDPI})
		png.BeginPage(w+2*b, h+2*b)
		if err := f.DrawRect(png, b, b, w, h, b); err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		n++
		return addPNG(j, ServiceCardsDir+"/"+name+".png", png)
	}
	for _, d := range decks {
		for _, c := range d.Cards {
			if err := face(c.ID+"-front", c.Front, c.Width(), c.Height()); err != nil {
				return err
			}
		}
		if j.Settings.Backs != sheet.NoBacks && d.Back != nil && len(d.Cards) > 0 {
			if err := face(d.ID+"-back", d.Back, d.Size.W, d.Size.H); err != nil {
				return err
			}
		}
	}
	j.Notef("%s/: %s for %s, %g dpi with the %s bleed", ServiceCardsDir, english.Count(n, "PNG"), p.Service, p.MinDPI, p.BleedText)
	return nil
}
