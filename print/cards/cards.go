// Package cards turns a package's decks and cards into card faces ready to print: each front laid out by its
// deck's layout, written in the counter face layout's elements (content.FaceSlot) and drawn by the counters'
// face (print/counters), with the card's event text as a paragraph that fits its box; each deck's back. Nothing
// here knows a particular game.
package cards

import (
	"cmp"
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/surface"
)

// Defaults of a deck that gives none.
var (
	// DefaultFront is the background of a card front.
	DefaultFront = surface.RGB(0xf6, 0xf1, 0xe3)
	// DefaultBack is the colour of a card back.
	DefaultBack = surface.RGB(0x3b, 0x3f, 0x5c)
	// DefaultBand is the colour of the title band of a card of no side.
	DefaultBand = surface.RGB(0x5b, 0x4e, 0x3c)
)

// Deck is a deck resolved: its size, its cards and their shared back.
type Deck struct {
	ID, Name string
	Doc      *content.Deck
	Size     content.CardSize
	// MinText is the least size in points a card's text may print at.
	MinText float64
	Back    *counters.Face // every card's back (one face, so the sheets draw it once)
	Cards   []*Card
}

// Card is one card design of a deck: its front and how many copies the deck holds.
type Card struct {
	ID, Title string
	Deck      *Deck
	Doc       *content.Card
	Count     int
	Front     *counters.Face
	// At is the card's document; CountAt where its count is written (the card when it is not).
	At, CountAt diag.Pos
}

// Width is the card's width in points.
func (c *Card) Width() float64 { return c.Deck.Size.W }

// Height is the card's height in points.
func (c *Card) Height() float64 { return c.Deck.Size.H }

// Options choose what resolving reads.
type Options struct {
	// SkipImages resolves images without reading their files (validate's assets check reads them): enough to
	// know where they go, not to draw them.
	SkipImages bool
}

// FromPackage resolves every deck of the package and its cards, in load order. Problems with the content (a
// card naming a deck, side, period or value that does not exist, a size that is not one, a layout element
// that prints nothing or too much, more cards than muster prints) are collected: the error is then a
// *diag.Failure listing each at its file, line and column under the codes of validate's cards check, and the
// decks returned hold the cards that could be resolved.
func FromPackage(pkg *content.Package, opt Options) ([]*Deck, error) {
	if pkg == nil {
		return nil, fmt.Errorf("cards: no package")
	}
	r := &resolver{pkg: pkg, sys: pkg.System, fonts: fonts.Of(pkg), opt: opt, pictures: map[string]picture{}, reported: map[string]bool{}}
	if r.sys == nil {
		r.sys = &content.System{}
	}
	var decks []*Deck
	byDoc := map[*content.Deck]*Deck{}
	for _, d := range pkg.Decks() {
		dk := r.deck(d)
		decks = append(decks, dk)
		byDoc[d] = dk
	}
	total := 0
	for _, c := range pkg.Cards() {
		d := pkg.DeckOf(c)
		if d == nil {
			r.noDeck(c)
			continue
		}
		dk := byDoc[d]
		if dk == nil {
			continue
		}
		total += c.Copies()
		if total > content.MaxCards {
			r.errorf(fieldPos(&c.Meta, "/count"), "count", "give the card its true count; a game this large needs several packages",
				"the decks reach %d cards at card %s: muster prints at most %d cards in one build", total, c.ID, content.MaxCards)
			break // nothing past the limit is resolved
		}
		if card := r.card(dk, c); card != nil {
			dk.Cards = append(dk.Cards, card)
		}
	}
	r.flushMissing()
	if len(r.ds) > 0 {
		return decks, &diag.Failure{Diags: r.ds}
	}
	return decks, nil
}

type resolver struct {
	pkg      *content.Package
	sys      *content.System
	fonts    *fonts.Set
	opt      Options
	pictures map[string]picture
	reported map[string]bool
	ds       diag.List
	missing  []*missing
	defaults map[*Deck]*content.CardLayout // the default layout of each deck that has none
	checked  map[string]checkedSlot        // layout elements checked, by layout and index
}

// missing is the cards a layout element found nothing to print for.
type missing struct {
	deck  *Deck
	slot  int
	what  string
	at    diag.Pos
	cards []string
}

func (r *resolver) errorf(at diag.Pos, code, hint, format string, args ...any) {
	r.ds.Errorf(at, "cards."+code, format, args...).Hint = hint
}

// fieldPos is where a document writes a value (the document itself when it does not).
func fieldPos(m *content.Meta, ptr string) diag.Pos {
	if m.Doc == nil {
		return m.At
	}
	return m.Doc.PosOf(ptr)
}

// colour parses a colour the schema has checked; ok false for none or one that does not parse.
func colour(s string) (surface.Color, bool) {
	if s == "" {
		return surface.Color{}, false
	}
	c, err := surface.Hex(s)
	return c, err == nil
}

// deck resolves a deck: its size, least text size, back and layout (checked once for the deck).
func (r *resolver) deck(d *content.Deck) *Deck {
	dk := &Deck{ID: d.ID, Name: cmp.Or(d.Name, d.ID), Doc: d, MinText: content.DefaultMinTextSize}
	size, err := content.ParseCardSize(d.Size)
	if err != nil {
		size = content.CardSizes[0]
		r.errorf(fieldPos(&d.Meta, "/size"), "size", diag.DidYouMean(strings.ToLower(d.Size), content.CardSizeNames()), "deck %s: %v", d.ID, err)
	} else if size.W <= 0 || size.H <= 0 || size.W > content.MaxPaperInches*surface.Inch || size.H > content.MaxPaperInches*surface.Inch {
		size = content.CardSizes[0]
		r.errorf(fieldPos(&d.Meta, "/size"), "size", "give a card's width and height, such as 63x88mm", "deck %s: a card of %s cannot be printed", d.ID, d.Size)
	}
	dk.Size = size
	if d.MinTextSize != nil {
		if p := d.MinTextSize.Points; p > 0 && p <= 72 {
			dk.MinText = p
		} else {
			r.errorf(fieldPos(&d.Meta, "/minTextSize"), "min-text-size", "6pt is the usual least size of legible print; 5pt the least any card game prints",
				"deck %s: the least text size %s is not a size text can print at", d.ID, d.MinTextSize.Text)
		}
	}
	for i, id := range d.Scenarios {
		if r.pkg.Scenario(id) == nil {
			r.errorf(fieldPos(&d.Meta, content.Pointer("/scenarios", i)), "scenario", diag.DidYouMean(id, r.pkg.IDs(content.KindScenario)),
				"deck %s names scenario %q, which no Scenario defines", d.ID, id)
		}
	}
	dk.Back = r.back(d)
	return dk
}

// back is a deck's back: its colour, its image full bleed, and its text (the deck's name by default) across the
// middle on a band of the back's colour, so that it reads over the image.
func (r *resolver) back(d *content.Deck) *counters.Face {
	bg := DefaultBack
	text := cmp.Or(d.Name, d.ID)
	f := &counters.Face{SymbolAt: counters.SymbolNone}
	at := fieldPos(&d.Meta, "/name")
	if b := d.Back; b != nil {
		if c, ok := colour(b.Colour); ok {
			bg = c
		}
		if b.Text != "" {
			text, at = b.Text, fieldPos(&d.Meta, "/back/text")
		}
		if b.Image != "" {
			f.Backdrop = r.picture(&d.Meta, "/back/image", b.Image, "the back of deck "+d.ID)
		}
	}
	if d.Name == "" && (d.Back == nil || d.Back.Text == "") {
		at = fieldPos(&d.Meta, "/id")
	}
	f.Background, f.Text = bg, surface.ReadableOn(bg)
	f.Font, f.FontAt = r.fonts.Heading, r.fonts.HeadingAt
	f.Slots = []counters.Slot{{Text: text, Placed: true, X: 0.5, Y: 0.5, W: 0.84, Size: 0.5, Bold: true, Align: surface.Center,
		Box: "rounded", Fill: bg, HasFill: true, Font: f.Font, FontAt: f.FontAt, Source: at}}
	return f
}

// noDeck reports a card that names no deck, or a deck that does not exist.
func (r *resolver) noDeck(c *content.Card) {
	ids := r.pkg.IDs(content.KindDeck)
	switch {
	case c.Deck != "":
		r.errorf(fieldPos(&c.Meta, "/deck"), "deck", diag.DidYouMean(c.Deck, ids), "card %s names deck %q, which no Deck defines", c.ID, c.Deck)
	case len(ids) == 0:
		r.errorf(c.At, "deck", "add a Deck document (kind: Deck) with the cards' size and back", "card %s belongs to no deck: the package has none", c.ID)
	default:
		r.errorf(c.At, "deck", "add deck: "+strings.Join(ids, " or "), "card %s names no deck, and the package has %d", c.ID, len(ids))
	}
}

// card resolves one card's front by its deck's layout; nil when it cannot be (the problem is recorded).
func (r *resolver) card(dk *Deck, c *content.Card) *Card {
	d := dk.Doc
	card := &Card{ID: c.ID, Title: cmp.Or(c.Title, c.Name, c.ID), Deck: dk, Doc: c, Count: c.Copies(), At: c.At, CountAt: fieldPos(&c.Meta, "/count")}
	if c.Count < 0 {
		r.errorf(card.CountAt, "count", "give the number of copies the deck holds, 1 or more", "card %s has a count of %d", c.ID, c.Count)
		return nil
	}
	var side *content.FactionDef
	if c.Side != "" {
		for i := range r.sys.Factions {
			if r.sys.Factions[i].ID == c.Side {
				side = &r.sys.Factions[i]
			}
		}
		if side == nil {
			var ids []string
			for _, f := range r.sys.Factions {
				ids = append(ids, f.ID)
			}
			hint := diag.DidYouMean(c.Side, ids)
			if hint == "" {
				hint = "a side is a faction of the System: " + strings.Join(ids, ", ")
			}
			r.errorf(fieldPos(&c.Meta, "/side"), "side", hint, "card %s is played by side %q, which is no faction of the System", c.ID, c.Side)
		}
	}
	if c.Period != "" && d.Period(c.Period) == nil {
		var ids []string
		for _, p := range d.Periods {
			ids = append(ids, p.ID)
		}
		hint := diag.DidYouMean(c.Period, ids)
		if hint == "" && len(ids) > 0 {
			hint = "deck " + d.ID + "'s periods are " + strings.Join(ids, ", ")
		} else if hint == "" {
			hint = "declare the deck's periods (periods: [{id: early, name: Early war}])"
		}
		r.errorf(fieldPos(&c.Meta, "/period"), "period", hint, "card %s comes in period %q, which deck %s does not declare", c.ID, c.Period, d.ID)
	}
	keys := make([]string, 0, len(c.Values))
	for k := range c.Values {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if d.Value(k) == nil {
			var ids []string
			for _, v := range d.Values {
				ids = append(ids, v.ID)
			}
			hint := diag.DidYouMean(k, ids)
			if hint == "" {
				hint = "declare it in the deck's values (values: [{id: " + k + ", name: ...}])"
			}
			r.errorf(fieldPos(&c.Meta, content.Pointer("/values", k)), "value", hint, "card %s has value %q, which deck %s does not declare", c.ID, k, d.ID)
		}
	}
	bg := DefaultFront
	if col, ok := colour(d.Colour); ok {
		bg = col
	}
	if col, ok := colour(c.Colour); ok {
		bg = col
	}
	f := &counters.Face{Background: bg, Text: surface.ReadableOn(bg), SymbolAt: counters.SymbolNone}
	f.Font, f.FontAt = r.fonts.Text, r.fonts.TextAt
	lay, layPtr := r.layout(dk)
	if lay.Font != "" {
		if t := r.fonts.Get(lay.Font); t != nil {
			f.Font, f.FontAt = t, lay.Fields.Of("font", lay.At)
		}
	}
	f.Band = r.band(lay, side)
	var art *art.Picture
	if c.Image != "" {
		art = r.picture(&c.Meta, "/image", c.Image, "card "+c.ID)
	}
	for i := range lay.Slots {
		if sl, ok := r.element(dk, card, lay, layPtr, i, side, art); ok {
			if sl.Font == nil {
				sl.Font, sl.FontAt = f.Font, f.FontAt
			}
			f.Slots = append(f.Slots, sl)
		}
	}
	card.Front = f
	return card
}

// band is the layout's band in the card's side's colour (its band, else its colour), else the layout's.
func (r *resolver) band(lay *content.CardLayout, side *content.FactionDef) *counters.Band {
	b := lay.Band
	if b == nil {
		return nil
	}
	col, ok := colour(b.Colour)
	if side != nil {
		if c, yes := colour(cmp.Or(side.Band, side.Colour)); yes {
			col, ok = c, true
		}
	}
	if !ok {
		return nil
	}
	edge := cmp.Or(b.Edge, content.BandTop)
	depth := b.Depth
	if depth <= 0 {
		depth = 0.25
	}
	return &counters.Band{Edge: edge, Depth: min(depth, 1), Colour: col}
}

// picture is a picture file read: the picture, or why it cannot be drawn.
type picture struct {
	p   *art.Picture
	err error
}

// picture reads a picture file of a document (validate's assets check reads it and reports what is wrong:
// here it is only recorded under the same code, for a build of a package that did not validate); nil for none.
func (r *resolver) picture(m *content.Meta, ptr, file, what string) *art.Picture {
	if r.opt.SkipImages {
		return &art.Picture{}
	}
	key := r.pkg.AssetDir(m.Doc, ptr) + "\x00" + file
	p, ok := r.pictures[key]
	if !ok {
		b, err := r.pkg.ReadAsset(m.Doc, ptr, file)
		switch {
		case err != nil:
			p.err = fmt.Errorf("image %s: %v", file, err)
		default:
			if pic, problems := art.Read(b); pic == nil {
				p.err = fmt.Errorf("image %s: %s", file, art.FirstError(problems))
			} else {
				p.p = pic
			}
		}
		r.pictures[key] = p
	}
	if p.err != nil {
		at := fieldPos(m, ptr)
		if k := at.String() + "|image"; !r.reported[k] {
			r.reported[k] = true
			r.ds.Errorf(at, "assets.image", "%s: %v", what, p.err)
		}
		return nil
	}
	return p.p
}
