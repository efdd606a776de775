package content

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Card is one card of a deck: its title, values (operations points, movement points), event text, art, the
// side that plays it or the period its deck brings it in, and how many copies the deck holds. How it looks is
// its deck's layout; the back is its deck's.
type Card struct {
	Meta `yaml:",inline"`
	// Deck is the deck the card belongs to (a Deck id); it may be left out when the package has one deck.
	Deck  string `yaml:"deck"`
	Title string `yaml:"title"`
	// Values are the card's numbers by the ids its deck declares (ops: 3, move: 2), printed as written.
	Values map[string]Scalar `yaml:"values"`
	// Text is the event text, a paragraph with **bold** and *italic* runs; a blank line starts a new paragraph.
	Text  string `yaml:"text"`
	Image string `yaml:"image"` // an SVG, PNG, JPEG or GIF file of the package: the card's art
	// Side is the faction that plays the card (a faction id of the System); none for a card either side plays.
	Side string `yaml:"side"`
	// Period is the period of the deck the card belongs to (early, mid or late war: a period id of its deck).
	Period string `yaml:"period"`
	Count  int    `yaml:"count"`  // copies in the deck; default 1
	Colour string `yaml:"colour"` // the card's background, instead of its side's or its deck's
}

// Copies is how many of the card the deck holds: its count, 1 when it gives none.
func (c *Card) Copies() int {
	if c.Count == 0 {
		return 1
	}
	return c.Count
}

// Deck is a deck of cards: their size, what their values mean, the periods they come in, their back and
// layout, what a hand holds and when cards are dealt, drawn and reshuffled.
type Deck struct {
	Meta `yaml:",inline"`
	// Size is the cards' size: poker (2.5x3.5in, the default), bridge, tarot, mini, or WxH with a unit
	// (63x88mm); the cards stand upright unless W is more than H.
	Size string `yaml:"size"`
	// Values are the numbers the deck's cards carry, each with its name (ops: Operations points).
	Values []CardValue `yaml:"values"`
	// Periods are the parts of the game the cards come in (early, mid and late war), in order.
	Periods []CardPeriod `yaml:"periods"`
	Hand    *HandDef     `yaml:"hand"`
	Deal    *DealDef     `yaml:"deal"` // how many cards each player is dealt, and when
	Draw    *DealDef     `yaml:"draw"` // how many cards a player draws, and when
	// Reshuffle says when the discards are shuffled back into the draw pile.
	Reshuffle string    `yaml:"reshuffle"`
	Back      *CardBack `yaml:"back"`
	// Colour is the background of the card fronts, where a card's side gives none.
	Colour string `yaml:"colour"`
	// Layout is what a card front prints where: the elements of a counter face (content FaceSlot), placed
	// on the card; default muster's card layout (a title band, a value in a circle, the art, the text box).
	Layout *CardLayout `yaml:"layout"`
	// MinTextSize is the smallest size a card's text may shrink to to fit its box: 6pt by default. A text that
	// does not fit at this size is an error, never printed smaller.
	MinTextSize *value.Length `yaml:"minTextSize"`
	// Scenarios are the scenarios played with the deck (their sheets say what it holds); default all.
	Scenarios []string `yaml:"scenarios"`
}

// CardValue is a number a deck's cards carry.
type CardValue struct {
	ID     string   `yaml:"id"`
	Name   string   `yaml:"name"`
	Abbr   string   `yaml:"abbr"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// CardPeriod is a part of the game whose cards join the deck together.
type CardPeriod struct {
	ID   string `yaml:"id"`
	Name string `yaml:"name"`
	// Enters says when the period's cards are shuffled into the draw pile ("at the start", "turn 4").
	Enters string   `yaml:"enters"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// HandDef is what a player's hand holds.
type HandDef struct {
	Size   int      `yaml:"size"` // the most cards a hand holds
	Text   string   `yaml:"text"` // anything else the rules say of a hand
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// DealDef is a number of cards and when they are dealt or drawn.
type DealDef struct {
	Cards  int      `yaml:"cards"`
	When   string   `yaml:"when"`
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// CardBack is the back every card of a deck shares.
type CardBack struct {
	Colour string   `yaml:"colour"`
	Text   string   `yaml:"text"`  // printed across the back; default the deck's name
	Image  string   `yaml:"image"` // an SVG, PNG, JPEG or GIF file printed full bleed under the text
	At     diag.Pos `yaml:"-"`
	Fields FieldPos `yaml:"-"`
}

// CardLayout is a card front's layout: the elements of a counter face layout placed on the card, and a band.
type CardLayout struct {
	// Band is a band of colour across the card, full bleed: the card's side's band colour, else its
	// colour.
	Band *FaceBand `yaml:"band"`
	// Font is the font of every element that names none (an id of the System's fonts).
	Font   string     `yaml:"font"`
	Slots  []FaceSlot `yaml:"slots"`
	At     diag.Pos   `yaml:"-"`
	Fields FieldPos   `yaml:"-"`
}

// What a card layout's elements show besides a value (stat: a value id of the deck), a text or a format.
const (
	ShowTitle  = "title"  // the card's title
	ShowText   = "text"   // the card's event text, wrapped in the element's box (w x h)
	ShowArt    = "art"    // the card's image, in the element's box (w x h)
	ShowSide   = "side"   // the name of the card's side
	ShowPeriod = "period" // the name of the card's period
	ShowCount  = "count"  // how many copies the deck holds ("x2"; nothing for one)
)

// CardShows are the `show` words of a card layout, in the order the reference lists them.
var CardShows = []string{ShowTitle, ShowText, ShowArt, ShowSide, ShowPeriod, ShowCount, ShowID, ShowBox, ShowLine}

// DefaultMinTextSize is the smallest size a card's text may print at, in points, where its deck gives none.
const DefaultMinTextSize = 6.0

// MaxCards bounds the cards one build prints, every deck together (Paths of Glory holds 110; a monster game
// a few hundred).
const MaxCards = 5_000

// CardSize is a card's size in points, portrait unless given otherwise.
type CardSize struct {
	Name string
	W, H float64
}

// The card sizes by name, as print services sell them.
var CardSizes = []CardSize{
	{"poker", 2.5 * value.PointsPerInch, 3.5 * value.PointsPerInch},
	{"bridge", 2.25 * value.PointsPerInch, 3.5 * value.PointsPerInch},
	{"tarot", 2.75 * value.PointsPerInch, 4.75 * value.PointsPerInch},
	{"mini", 1.75 * value.PointsPerInch, 2.5 * value.PointsPerInch},
}

// CardSizeNames are the names of CardSizes.
func CardSizeNames() []string {
	var out []string
	for _, s := range CardSizes {
		out = append(out, s.Name)
	}
	return out
}

// ParseCardSize reads a deck's size: a name of CardSizes ("" is poker) or WxH with a unit (63x88mm).
func ParseCardSize(s string) (CardSize, error) {
	t := strings.ToLower(strings.TrimSpace(s))
	if t == "" {
		return CardSizes[0], nil
	}
	for _, c := range CardSizes {
		if c.Name == t {
			return c, nil
		}
	}
	if _, named := value.Papers[t]; !named && strings.Contains(t, "x") {
		if p, err := value.ParsePaper(t); err == nil {
			return CardSize{Name: t, W: p.Width, H: p.Height}, nil
		}
	}
	return CardSize{}, fmt.Errorf("%q is not a card size: use %s or WxH with a unit, such as 63x88mm", s, strings.Join(CardSizeNames(), ", "))
}

// Decks returns every deck in load order.
func (p *Package) Decks() []*Deck { return allOf[*Deck](p, KindDeck) }

// Cards returns every card in load order.
func (p *Package) Cards() []*Card { return allOf[*Card](p, KindCard) }

// Deck returns a deck by id, or nil.
func (p *Package) Deck(id string) *Deck { d, _ := p.Lookup(KindDeck, id).(*Deck); return d }

// DeckOf is the deck a card belongs to: the one it names, or the package's only deck when it names none; nil
// when there is none.
func (p *Package) DeckOf(c *Card) *Deck {
	if c.Deck != "" {
		return p.Deck(c.Deck)
	}
	if ds := p.Decks(); len(ds) == 1 {
		return ds[0]
	}
	return nil
}

// CardsOf lists a deck's cards in load order.
func (p *Package) CardsOf(d *Deck) []*Card {
	var out []*Card
	for _, c := range p.Cards() {
		if p.DeckOf(c) == d {
			out = append(out, c)
		}
	}
	return out
}

// Period is the deck's period of that id, or nil.
func (d *Deck) Period(id string) *CardPeriod {
	for i := range d.Periods {
		if d.Periods[i].ID == id {
			return &d.Periods[i]
		}
	}
	return nil
}

// Value is the deck's value of that id, or nil.
func (d *Deck) Value(id string) *CardValue {
	for i := range d.Values {
		if d.Values[i].ID == id {
			return &d.Values[i]
		}
	}
	return nil
}

// DeckCount is how many cards of a deck one period and one side hold.
type DeckCount struct {
	Period, Side string // ids; "" for cards of no period, of no side
	Cards        int
}

// DeckCounts counts a deck's cards (their copies) by period and side, periods in the deck's order (cards of no
// period first), sides in the order the System declares its factions (cards of no side first).
func (p *Package) DeckCounts(d *Deck) []DeckCount {
	n := map[[2]string]int{}
	for _, c := range p.CardsOf(d) {
		n[[2]string{c.Period, c.Side}] += c.Copies()
	}
	rank := func(list []string, id string) int {
		if id == "" {
			return -1
		}
		for i, x := range list {
			if x == id {
				return i
			}
		}
		return len(list)
	}
	var periods, sides []string
	for _, pd := range d.Periods {
		periods = append(periods, pd.ID)
	}
	if p.System != nil {
		for _, f := range p.System.Factions {
			sides = append(sides, f.ID)
		}
	}
	var out []DeckCount
	for k, v := range n {
		out = append(out, DeckCount{Period: k[0], Side: k[1], Cards: v})
	}
	sort.Slice(out, func(i, j int) bool {
		a, b := out[i], out[j]
		if ra, rb := rank(periods, a.Period), rank(periods, b.Period); ra != rb {
			return ra < rb
		}
		if a.Period != b.Period {
			return a.Period < b.Period
		}
		if ra, rb := rank(sides, a.Side), rank(sides, b.Side); ra != rb {
			return ra < rb
		}
		return a.Side < b.Side
	})
	return out
}

// DecksOf are the decks a scenario is played with: those that name it, and those that name no scenario.
func (p *Package) DecksOf(sc *Scenario) []*Deck {
	var out []*Deck
	for _, d := range p.Decks() {
		if len(d.Scenarios) == 0 {
			out = append(out, d)
			continue
		}
		for _, id := range d.Scenarios {
			if sc != nil && id == sc.ID {
				out = append(out, d)
				break
			}
		}
	}
	return out
}
