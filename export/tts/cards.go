package tts

import (
	"fmt"
	"image"
	"math"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
)

// Tabletop Simulator's card sheets: a deck's faces on sheets of at most sheetCols x sheetRows cards, each at
// most digital.TTSMaxImageSide pixels a side. The sheet's last slot is left for the hidden card Tabletop
// Simulator shows of a card in another player's hand: the deck's back (BackIsHidden says so too).
const (
	sheetCols  = digital.TTSSheetCols
	sheetRows  = digital.TTSSheetRows
	sheetCards = sheetCols*sheetRows - 1
)

// ttsColours are Tabletop Simulator's player colours and their RGB, in the order its seats go round.
var ttsColours = []struct {
	name string
	c    color
}{
	{"White", color{1, 1, 1}}, {"Brown", color{0.443, 0.231, 0.09}}, {"Red", color{0.856, 0.1, 0.094}},
	{"Orange", color{0.956, 0.392, 0.113}}, {"Yellow", color{0.905, 0.898, 0.172}}, {"Green", color{0.192, 0.701, 0.168}},
	{"Teal", color{0.129, 0.694, 0.607}}, {"Blue", color{0.118, 0.53, 1}}, {"Purple", color{0.627, 0.125, 0.941}},
	{"Pink", color{0.96, 0.439, 0.807}},
}

// deckSet is a deck as the set holds it: its sheets and back, and each card's place on a sheet.
type deckSet struct {
	deck     *cards.Deck
	dpi      float64
	wpx, hpx int
	back     string       // the back's image
	sheets   []*cardSheet // the faces, sheetCards a sheet
	ids      []int        // each card design's CardID (the sheet's key x 100 + its slot)
	copies   int
}

// cardSheet is one sheet image of a deck's faces.
type cardSheet struct {
	key        int // its key in CustomDeck, unique in the set
	file       string
	cards      []*cards.Card
	cols, rows int
}

// planDecks resolves the package's decks and lays each one's faces out on sheets.
func (x *exporter) planDecks() error {
	if len(x.pkg.Decks()) == 0 {
		return nil
	}
	decks, err := cards.FromPackage(x.pkg, cards.Options{})
	if err != nil {
		return x.printerError(err, "cards")
	}
	key := 0
	for _, d := range decks {
		if len(d.Cards) == 0 {
			continue
		}
		w, h := d.Size.W/surface.Inch, d.Size.H/surface.Inch
		dpi, ok := digital.TTSCardDPI(w, h)
		if !ok {
			x.diags.Errorf(posOf(&d.Doc.Meta, "/size"), "export.tts.card-size", "the cards of deck %s are %gin x %gin: muster export tts cannot put %d x %d of them on one Tabletop Simulator card sheet (%d pixels a side) even at %d dpi",
				d.ID, round2(w), round2(h), sheetCols, sheetRows, digital.TTSMaxImageSide, digital.TTSMinDPI).Hint = "make the cards smaller"
			continue
		}
		ds := &deckSet{deck: d, dpi: dpi, wpx: digital.Pixels(w, dpi), hpx: digital.Pixels(h, dpi)}
		stem := "cards-" + content.Stem(d.ID, content.ExportStem)
		ds.back = x.imageName(stem + "-back")
		for i, c := range d.Cards {
			if i%sheetCards == 0 {
				key++
				ds.sheets = append(ds.sheets, &cardSheet{key: key, file: x.imageName(fmt.Sprintf("%s-%d", stem, len(ds.sheets)+1))})
			}
			sh := ds.sheets[len(ds.sheets)-1]
			ds.ids = append(ds.ids, sh.key*100+len(sh.cards))
			sh.cards = append(sh.cards, c)
			ds.copies += c.Count
		}
		for _, sh := range ds.sheets {
			n := len(sh.cards) + 1 // and the hidden card
			// At least two by two: Tabletop Simulator's custom deck takes no narrower sheet.
			sh.cols = max(2, min(sheetCols, n))
			sh.rows = max(2, (n+sh.cols-1)/sh.cols)
		}
		x.decks = append(x.decks, ds)
	}
	return nil
}

// cardJobs draw every deck's sheets and back.
func (x *exporter) cardJobs() []*drawJob {
	var jobs []*drawJob
	for _, ds := range x.decks {
		for _, sh := range ds.sheets {
			jobs = append(jobs, &drawJob{what: "the cards of deck " + ds.deck.ID,
				draw: func() (*image.RGBA, error) { return ds.drawSheet(sh) },
				done: func(data []byte) error { sh.file = x.addImage(sh.file, data); return nil }})
		}
		jobs = append(jobs, &drawJob{what: "the back of deck " + ds.deck.ID,
			draw: func() (*image.RGBA, error) { return ds.drawBack() },
			done: func(data []byte) error { ds.back = x.addImage(ds.back, data); return nil }})
	}
	return jobs
}

// cell is a card's size on a sheet in points: its pixels at the deck's resolution.
func (ds *deckSet) cell() (float64, float64) {
	return float64(ds.wpx) / ds.dpi * surface.Inch, float64(ds.hpx) / ds.dpi * surface.Inch
}

// drawSheet draws a sheet: each card's front in its slot, left to right and top to bottom, as the card sheet
// prints it, and the deck's back in the slot after the last card (the hidden card).
func (ds *deckSet) drawSheet(sh *cardSheet) (*image.RGBA, error) {
	w, h := ds.cell()
	s := surface.NewPNG(surface.PNGOptions{DPI: ds.dpi})
	s.BeginPage(float64(sh.cols)*w, float64(sh.rows)*h)
	s.SetFill(surface.White)
	s.Rect(0, 0, float64(sh.cols)*w, float64(sh.rows)*h, surface.Fill)
	for i, c := range sh.cards {
		if err := c.Front.DrawRect(s, float64(i%sh.cols)*w, float64(i/sh.cols)*h, w, h, 0); err != nil {
			return nil, fmt.Errorf("card %s: %w", c.ID, err)
		}
	}
	n := len(sh.cards)
	if err := ds.deck.Back.DrawRect(s, float64(n%sh.cols)*w, float64(n/sh.cols)*h, w, h, 0); err != nil {
		return nil, err
	}
	return s.PageImage(0)
}

// drawBack draws the deck's back.
func (ds *deckSet) drawBack() (*image.RGBA, error) {
	w, h := ds.cell()
	s := surface.NewPNG(surface.PNGOptions{DPI: ds.dpi})
	s.BeginPage(w, h)
	if err := ds.deck.Back.DrawRect(s, 0, 0, w, h, 0); err != nil {
		return nil, err
	}
	return s.PageImage(0)
}

// customDeck is a sheet as CustomDeck holds it.
type customDeck struct {
	FaceURL      string `json:"FaceURL"`
	BackURL      string `json:"BackURL"`
	NumWidth     int    `json:"NumWidth"`
	NumHeight    int    `json:"NumHeight"`
	BackIsHidden bool   `json:"BackIsHidden"`
	UniqueBack   bool   `json:"UniqueBack"`
	Type         int    `json:"Type"` // 0: a rectangle with rounded corners
}

// object is the deck as a DeckCustom at (px, pz), face down: every copy of every card, in the deck's order (a
// player shuffles it in Tabletop Simulator).
func (x *exporter) deckObject(ds *deckSet, g *guids, px, pz float64) *objectState {
	d := ds.deck
	all := map[string]customDeck{}
	for _, sh := range ds.sheets {
		all[fmt.Sprint(sh.key)] = customDeck{FaceURL: x.imageURL(sh.file), BackURL: x.imageURL(ds.back), NumWidth: sh.cols, NumHeight: sh.rows, BackIsHidden: true}
	}
	o := &objectState{GUID: g.next(), Name: "DeckCustom", Nickname: d.Name, ColorDiffuse: white,
		Description: x.deckText(ds), Grid: false, Snap: true, Autoraise: true, Sticky: true, Tooltip: true, HideWhenFaceDown: true, Hands: false,
		Transform: transform{PosX: px, PosY: tableY + 0.2, PosZ: pz, RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}, CustomDeck: all}
	for i, c := range d.Cards {
		sh := ds.sheets[i/sheetCards]
		one := map[string]customDeck{fmt.Sprint(sh.key): all[fmt.Sprint(sh.key)]}
		for k := 0; k < c.Count; k++ {
			o.DeckIDs = append(o.DeckIDs, ds.ids[i])
			o.ContainedObjects = append(o.ContainedObjects, &objectState{GUID: g.next(), Name: "Card", Nickname: c.Title, Description: x.cardText(ds, c), GMNotes: "card " + c.ID,
				ColorDiffuse: white, Tags: []string{"Card", "Deck: " + d.Name}, Grid: false, Snap: true, Autoraise: true, Sticky: true, Tooltip: true,
				HideWhenFaceDown: true, Hands: true, CardID: ds.ids[i], CustomDeck: one,
				Transform: transform{RotY: 180, RotZ: 180, ScaleX: 1, ScaleY: 1, ScaleZ: 1}})
		}
	}
	return o
}

// cardText is a card's description in Tabletop Simulator: its values, side, period and event text (the
// markup's asterisks left out).
func (x *exporter) cardText(ds *deckSet, c *cards.Card) string {
	d, doc := ds.deck.Doc, c.Doc
	var lines []string
	for _, v := range d.Values {
		if s, ok := doc.Values[v.ID]; ok {
			lines = append(lines, fmt.Sprintf("%s: %s", firstOf(v.Name, v.Abbr, v.ID), s.Text))
		}
	}
	if doc.Side != "" {
		lines = append(lines, "Side: "+x.pkg.System.FactionName(doc.Side))
	}
	if p := d.Period(doc.Period); p != nil {
		lines = append(lines, "Period: "+firstOf(p.Name, p.ID))
	}
	if t := strings.TrimSpace(doc.Text); t != "" {
		lines = append(lines, "", plainText(t))
	}
	return strings.Join(lines, "\n")
}

// deckText is a deck's description: what it holds, and how hands are dealt and drawn.
func (x *exporter) deckText(ds *deckSet) string {
	d := ds.deck.Doc
	lines := []string{fmt.Sprintf("%s, face down: right-click > Shuffle, then deal or draw to the players' hands.", english.Count(ds.copies, "card"))}
	if h := d.Hand; h != nil && h.Size > 0 {
		lines = append(lines, fmt.Sprintf("A hand holds %d.", h.Size))
	}
	if dl := d.Deal; dl != nil && dl.Cards > 0 {
		lines = append(lines, fmt.Sprintf("Deal %d %s.", dl.Cards, dl.When))
	}
	if dr := d.Draw; dr != nil && dr.Cards > 0 {
		lines = append(lines, fmt.Sprintf("Draw %d %s.", dr.Cards, dr.When))
	}
	if d.Reshuffle != "" {
		lines = append(lines, d.Reshuffle)
	}
	return strings.Join(lines, "\n")
}

// firstOf is the first of its strings that is not empty.
func firstOf(s ...string) string {
	for _, v := range s {
		if v != "" {
			return v
		}
	}
	return ""
}

// plainText is an event text without its markup: **bold** and *italic* runs as plain text, \* an asterisk.
func plainText(s string) string {
	s = strings.ReplaceAll(s, `\*`, "\x00")
	s = strings.ReplaceAll(s, "*", "")
	return strings.ReplaceAll(s, "\x00", "*")
}

// placeDecks adds the decks to the saved objects: every deck to the package's set, a scenario's decks to its
// own, in a row beyond the map (away from the first player); the sides' hands go beyond them (hands.go).
func (x *exporter) placeDecks() error {
	if len(x.decks) == 0 {
		return nil
	}
	for i := range x.objects {
		o := &x.objects[i]
		var decks []*deckSet
		for _, ds := range x.decks {
			if o.Scenario == nil || playedIn(x.pkg, ds.deck.Doc, o.Scenario) {
				decks = append(decks, ds)
			}
		}
		if len(decks) == 0 {
			continue
		}
		g := newGUIDs(strings.TrimSuffix(o.File, ".json") + "/cards")
		deepest := 0.0
		for _, ds := range decks {
			deepest = math.Max(deepest, ds.deck.Size.H/surface.Inch)
		}
		z := o.depth/2 + gap + deepest
		r := newRow(z)
		first := len(o.state.ObjectStates)
		for _, ds := range decks {
			o.state.ObjectStates = append(o.state.ObjectStates, x.deckObject(ds, g, r.next(ds.deck.Size.W/surface.Inch+1), z))
			o.Decks++
			o.Cards += ds.copies
		}
		r.centre(o.state.ObjectStates[first:])
		o.farHandZ = z + deepest + gap + 2 // the far side's hand beyond the decks (hands.go)
	}
	for _, ds := range x.decks {
		x.note("Deck %s: %s face down in one deck (Tabletop Simulator's DeckCustom, its faces on %s of up to %d x %d cards at %g dpi, the printed cards' own drawing); shuffle it before play. Cards have Tabletop Simulator's own card size, not the printed one.",
			ds.deck.Name, english.Count(ds.copies, "card"), english.Count(len(ds.sheets), "sheet"), sheetCols, sheetRows, ds.dpi)
		if len(ds.deck.Doc.Periods) > 1 {
			x.note("Deck %s holds every period's cards: set aside those of later periods at the start (each card's description says its period).", ds.deck.Name)
		}
	}
	return nil
}

// playedIn reports whether a scenario is played with a deck.
func playedIn(pkg *content.Package, d *content.Deck, sc *content.Scenario) bool {
	for _, x := range pkg.DecksOf(sc) {
		if x == d {
			return true
		}
	}
	return false
}

// nearestColour is the player colour nearest c that is not used yet.
func nearestColour(c color, used map[string]bool) string {
	type cand struct {
		name string
		d    float64
	}
	var cs []cand
	for _, t := range ttsColours {
		if used[t.name] {
			continue
		}
		dr, dg, db := c.R-t.c.R, c.G-t.c.G, c.B-t.c.B
		cs = append(cs, cand{t.name, dr*dr + dg*dg + db*db})
	}
	sort.SliceStable(cs, func(i, j int) bool { return cs[i].d < cs[j].d })
	if len(cs) == 0 {
		return "White"
	}
	return cs[0].name
}
