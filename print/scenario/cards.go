package scenario

import (
	"cmp"

	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/flow"
)

// decks says what each deck the scenario is played with holds: its cards by period and side, and how hands
// are dealt and drawn (print/cards.Holds, as the charts print it too).
func (w *writer) decks() {
	for _, d := range w.pkg.DecksOf(w.sc) {
		if len(w.pkg.CardsOf(d)) == 0 {
			continue
		}
		w.h("Cards: " + cmp.Or(d.Name, d.ID))
		t, notes := cards.Holds(w.pkg, d)
		w.d.Table(t)
		for _, n := range notes {
			w.d.Para(sentence(n), flow.BodyFont)
		}
	}
}
