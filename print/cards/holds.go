package cards

import (
	"cmp"
	"fmt"
	"strconv"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/flow"
)

// Holds is what a deck holds, as the scenario sheet and the charts print it: a table of its cards (their
// copies) counted by period, a row each in the deck's order with when it enters, and by side, a column for
// each faction that has cards in the System's order and one for the cards either side plays, with totals; and
// its rules of play (hand, deal, draw, reshuffle) as sentences. A deck of no periods has one row, "All cards".
func Holds(pkg *content.Package, d *content.Deck) (*flow.Table, []string) {
	counts := pkg.DeckCounts(d)
	total := 0
	sides := map[string]bool{}
	periods := map[string]bool{}
	for _, c := range counts {
		total += c.Cards
		sides[c.Side] = true
		periods[c.Period] = true
	}
	var cols []string // side ids, "" for either side
	if sides[""] {
		cols = append(cols, "")
	}
	if pkg.System != nil {
		for _, f := range pkg.System.Factions {
			if sides[f.ID] {
				cols = append(cols, f.ID)
			}
		}
	}
	for _, c := range counts { // sides that are no faction (validate reports them) still count
		if c.Side != "" && !contains(cols, c.Side) {
			cols = append(cols, c.Side)
		}
	}
	t := &flow.Table{Header: []string{"Period"}, Numeric: map[int]bool{}, Bold: map[int]bool{}}
	for i, s := range cols {
		name := "Either side"
		if s != "" {
			name = s
			if pkg.System != nil {
				name = pkg.System.FactionName(s)
			}
		}
		t.Header = append(t.Header, name)
		t.Numeric[i+1] = true
	}
	t.Header = append(t.Header, "Cards")
	t.Numeric[len(cols)+1] = true
	row := func(label, period string) []string {
		r := []string{label}
		n := 0
		for _, s := range cols {
			k := 0
			for _, c := range counts {
				if c.Period == period && c.Side == s {
					k += c.Cards
				}
			}
			n += k
			r = append(r, countCell(k))
		}
		return append(r, strconv.Itoa(n))
	}
	if len(d.Periods) == 0 {
		t.Rows = append(t.Rows, row("All cards", ""))
	} else {
		if periods[""] {
			t.Rows = append(t.Rows, row("No period", ""))
		}
		for _, p := range d.Periods {
			label := cmp.Or(p.Name, p.ID)
			if p.Enters != "" {
				label += " (enters " + p.Enters + ")"
			}
			t.Rows = append(t.Rows, row(label, p.ID))
		}
		if len(t.Rows) > 1 {
			tot := []string{"Total"}
			for _, s := range cols {
				k := 0
				for _, c := range counts {
					if c.Side == s {
						k += c.Cards
					}
				}
				tot = append(tot, countCell(k))
			}
			t.Bold[len(t.Rows)] = true
			t.Rows = append(t.Rows, append(tot, strconv.Itoa(total)))
		}
	}
	var notes []string
	notes = append(notes, fmt.Sprintf("%s holds %s (%s).", cmp.Or(d.Name, d.ID), english.Count(total, "card"), english.Count(len(pkg.CardsOf(d)), "design")))
	if h := d.Hand; h != nil {
		if h.Size > 0 {
			notes = append(notes, fmt.Sprintf("A hand holds at most %s.", english.Count(h.Size, "card")))
		}
		if h.Text != "" {
			notes = append(notes, h.Text)
		}
	}
	if dl := d.Deal; dl != nil && dl.Cards > 0 {
		notes = append(notes, fmt.Sprintf("Deal %s %s.", english.Count(dl.Cards, "card"), dl.When))
	}
	if dr := d.Draw; dr != nil && dr.Cards > 0 {
		notes = append(notes, fmt.Sprintf("Draw %s %s.", english.Count(dr.Cards, "card"), dr.When))
	}
	if d.Reshuffle != "" {
		notes = append(notes, d.Reshuffle)
	}
	return t, notes
}

// countCell is a count in the table: a dash for none.
func countCell(n int) string {
	if n == 0 {
		return "–"
	}
	return strconv.Itoa(n)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
