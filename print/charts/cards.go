package charts

import (
	"cmp"
	"strconv"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/flow"
)

// decks prints each deck: what it holds by period and side and how hands are dealt and drawn
// (print/cards.Holds, as the scenario sheets say it), and a list of its cards with their values, side,
// period and copies.
func decks(d *flow.Doc, pkg *content.Package) {
	for _, dk := range pkg.Decks() {
		list := pkg.CardsOf(dk)
		if len(list) == 0 {
			continue
		}
		d.Heading("Cards: "+cmp.Or(dk.Name, dk.ID), 13, 60)
		if dk.Source != "" {
			d.Para("Source: "+dk.Source, flow.NoteFont)
		}
		t, notes := cards.Holds(pkg, dk)
		d.Table(t)
		for _, n := range notes {
			d.Para(n, flow.BodyFont)
		}
		d.Gap(6)
		tab := &flow.Table{Header: []string{"Card"}, Numeric: map[int]bool{}, DropEmpty: true}
		for _, v := range dk.Values {
			tab.Numeric[len(tab.Header)] = true
			tab.Header = append(tab.Header, cmp.Or(v.Abbr, v.Name, v.ID))
		}
		tab.Header = append(tab.Header, "Side", "Period", "Copies")
		tab.Numeric[len(tab.Header)-1] = true
		for _, c := range list {
			r := []string{cmp.Or(c.Title, c.Name, c.ID)}
			for _, v := range dk.Values {
				r = append(r, c.Values[v.ID].Text)
			}
			side := ""
			if c.Side != "" && pkg.System != nil {
				side = pkg.System.FactionName(c.Side)
			}
			period := ""
			if p := dk.Period(c.Period); p != nil {
				period = cmp.Or(p.Name, p.ID)
			}
			tab.Rows = append(tab.Rows, append(r, side, period, strconv.Itoa(c.Copies())))
		}
		d.Table(tab)
		d.Gap(6)
	}
}
