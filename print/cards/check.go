package cards

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/surface"
)

// offTolerance is how far an element may reach past the card's edge before it is reported, as a share of the
// card's width.
const offTolerance = 0.01

// Problems lists what the cards cannot print as their content asks, found on each card front as the sheets
// draw it, under the codes of validate's cards check: a text that would print under its deck's least size
// (text-size: the event text that does not fit its box even at that size, at the card's text; a title, value
// or other text shrunk under it to fit its room, at the card's value or the layout's element; the deck back's
// text shrunk under it, at the back's text or the deck's name), and an element
// that runs off the card (off-card, once for the layout's element).
func Problems(decks []*Deck) diag.List {
	var ds diag.List
	m := surface.NewDry(0)
	type offFinding struct {
		at    diag.Pos
		what  string
		cards []string
	}
	var off []*offFinding
	offAt := map[string]*offFinding{}
	for _, dk := range decks {
		for _, c := range dk.Cards {
			w, h := c.Width(), c.Height()
			for _, pr := range c.Front.Problems(m, w, h, w*offTolerance) {
				switch {
				case pr.Kind == "fit" && pr.What == counters.ElemParagraph:
					at := pr.Source
					if at.IsZero() {
						at = c.At
					}
					need := "is longer than its box could hold at any size muster prints"
					if !math.IsInf(pr.Need, 1) && pr.Need > pr.Room {
						need = fmt.Sprintf("takes %s at %s, and its box is %s high", points(pr.Need), points(pr.Least), points(pr.Room))
					} else if !math.IsInf(pr.Need, 1) {
						need = fmt.Sprintf("has a word wider than its box at %s", points(pr.Least))
					}
					e := ds.Errorf(at, "cards.text-size", "card %s's text does not fit its box at %s, the least size deck %s prints: it %s", c.ID, points(dk.MinText), dk.ID, need)
					e.Hint = "shorten the text, give the layout's text box more room (w, h), or lower the deck's minTextSize (below 6pt few can read it)"
				case pr.Kind == "off-face":
					at := pr.At
					if at.IsZero() {
						at = c.At
					}
					k := at.String()
					f := offAt[k]
					if f == nil {
						what := "its " + pr.What
						if pr.Text != "" && pr.What != counters.ElemParagraph {
							what = fmt.Sprintf("its text %q", pr.Text)
						}
						f = &offFinding{at: at, what: what}
						offAt[k] = f
						off = append(off, f)
					}
					f.cards = append(f.cards, c.ID)
				}
			}
			for _, pt := range c.Front.Parts(m, w, h) {
				if pt.What == "paragraph" || pt.Size <= 0 || pt.Size >= dk.MinText-0.005 {
					continue
				}
				at := pt.Source
				if at.IsZero() {
					at = pt.At
				}
				if at.IsZero() {
					at = c.At
				}
				e := ds.Errorf(at, "cards.text-size", "card %s: %q would print at %s to fit its room, under the %s deck %s prints at least", c.ID, pt.Text, points(pt.Size), points(dk.MinText), dk.ID)
				e.Hint = "shorten it, or give the layout's element more room (w) or a smaller size"
			}
		}
		// The deck's back, as the sheets draw it: its text shrinks to fit its band like a card's title.
		if dk.Back == nil || len(dk.Cards) == 0 {
			continue
		}
		for _, pt := range dk.Back.Parts(m, dk.Size.W, dk.Size.H) {
			if pt.Size <= 0 || pt.Size >= dk.MinText-0.005 {
				continue
			}
			at := pt.Source
			if at.IsZero() {
				at = dk.Doc.At
			}
			e := ds.Errorf(at, "cards.text-size", "the back of deck %s: %q would print at %s to fit across the card, under the %s the deck prints at least", dk.ID, pt.Text, points(pt.Size), points(dk.MinText))
			e.Hint = "shorten the back's text (back: {text: ...}), or lower the deck's minTextSize (below 6pt few can read it)"
		}
	}
	for _, f := range off {
		more := ""
		if len(f.cards) > 1 {
			more = fmt.Sprintf(", and on %s more", english.Count(len(f.cards)-1, "card"))
		}
		ds.Errorf(f.at, "cards.off-card", "this card layout element runs off the card: %s reaches past the edge of card %s%s", f.what, f.cards[0], more).Hint =
			"move it in (x and y run from 0 to 1 across and down the card; w and h are shares of its width), or make it smaller"
	}
	return ds
}

// points writes a size in points: 6pt, 5.5pt.
func points(v float64) string {
	return fmt.Sprintf("%gpt", math.Round(v*10)/10)
}
