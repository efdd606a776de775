package plan

import (
	"errors"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// CardsFile is the card sheets' PDF in the output folder.
const CardsFile = "cards.pdf"

// CardMargin is the margin of card sheets where neither the manifest nor the command line gives one: a
// quarter inch, so that nine poker cards fit a letter or A4 page with their crop marks.
const CardMargin = 0.25 * surface.Inch

// CardSheetOptions are the sheet settings cards print with: the settled paper, gutter, bleed, backs and back
// offset, and the margin given (else CardMargin).
func CardSheetOptions(st Settings) sheet.Options {
	margin := st.Margin
	if _, given := st.At["margin"]; !given && !st.Flags["margin"] {
		margin = CardMargin
	}
	return sheet.Options{Page: surface.PaperSize(st.Paper), Margin: margin, Gutter: st.Gutter, Bleed: st.Bleed, Backs: st.Backs, BackOffset: st.BackOffset}
}

// PlanCards resolves a package's decks and lays their cards out on sheets with the settled print settings,
// exactly as the cards output prints them: each copy of each card a piece, fronts and backs in register. It
// fails with a *diag.Failure at the content at fault (cards.* codes): a card that cannot be resolved, a text
// that would print under its deck's least size or an element off the card (cards.Problems), more cards than
// content.MaxCards, a card larger than the paper inside its margins, sheets of more than content.MaxPages
// pages. The layout is nil for a package without cards.
func PlanCards(pkg *content.Package, st Settings, skipImages bool) ([]*cards.Deck, *sheet.Layout, error) {
	decks, err := cards.FromPackage(pkg, cards.Options{SkipImages: skipImages})
	resolved, ok := diag.AsFailure(err)
	if err != nil && !ok {
		return nil, nil, err
	}
	var ds diag.List
	if resolved != nil {
		ds = append(ds, resolved.Diags...)
	}
	// What would print under the least text size, or off the card: never printed.
	ds = append(ds, cards.Problems(decks)...)
	var pieces []sheet.Piece
	for _, d := range decks {
		for _, c := range d.Cards {
			for k := 0; k < c.Count; k++ {
				p := sheet.Piece{Size: c.Height(), Width: c.Width(), Front: c.Front}
				if st.Backs != sheet.NoBacks {
					p.Back = d.Back
				}
				pieces = append(pieces, p)
			}
		}
	}
	if len(pieces) == 0 {
		if len(ds) > 0 {
			return decks, nil, &diag.Failure{Diags: ds}
		}
		return decks, nil, nil
	}
	if d := cardBleed(pkg, st, decks); d != nil {
		ds = append(ds, *d)
		return decks, nil, &diag.Failure{Diags: ds}
	}
	opt := CardSheetOptions(st)
	l, err := sheet.Plan(pieces, opt)
	var fit *sheet.FitError
	switch {
	case errors.As(err, &fit):
		ds = append(ds, cardsTooLarge(pkg, st, opt, decks, fit))
		l = nil
	case err != nil:
		return decks, nil, err
	case len(l.Pages) > content.MaxPages:
		most := decks[0]
		for _, d := range decks {
			if len(d.Cards) > len(most.Cards) {
				most = d
			}
		}
		ds.Errorf(most.Doc.At, "cards.pages", "the card sheets would print on %d pages (%d cards on %s paper): muster prints at most %d pages in one file",
			len(l.Pages), len(pieces), PaperName(st), content.MaxPages).Hint = "check the cards' counts and the deck's size, or print on larger paper"
		l = nil
	}
	if len(ds) > 0 {
		return decks, l, &diag.Failure{Diags: ds}
	}
	return decks, l, nil
}

// cardsTooLarge reports cards that do not fit the paper inside its margins: as the command line's when it
// chose the paper, margin, gutter or bleed, else at the size of the first deck of such cards.
func cardsTooLarge(pkg *content.Package, st Settings, opt sheet.Options, decks []*cards.Deck, fit *sheet.FitError) diag.Diagnostic {
	msg := fmt.Sprintf("%v (margins of %s)", fit, InchText(opt.Margin))
	for _, k := range []string{"paper", "margin", "gutter", "bleed"} {
		if st.Flags[k] {
			return diag.Diagnostic{Severity: diag.Error, Code: CodeOptions, Message: "the cards do not fit with --" + flagOf(k) + ": " + msg, Hint: "choose larger --paper or a smaller --margin"}
		}
	}
	for _, d := range decks {
		if d.Size.W == fit.W && d.Size.H == fit.H {
			at := d.Doc.At
			if d.Doc.Doc != nil {
				at = d.Doc.Doc.PosOf("/size")
			}
			return diag.Diagnostic{Severity: diag.Error, Code: "cards.fit", Pos: at, Message: fmt.Sprintf("the cards of deck %s are too large for the paper: %s", d.ID, msg),
				Hint: "print on larger paper (print: {paper: tabloid}), or make the cards smaller"}
		}
	}
	return diag.Diagnostic{Severity: diag.Error, Code: "cards.fit", Pos: manifestPos(pkg, "/print"), Message: "the cards do not fit the paper: " + msg, Hint: "choose larger paper"}
}
