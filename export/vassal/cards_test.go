package vassal

import (
	"bytes"
	"maps"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
)

// deckExamples are the example games with a deck, and the fewest cards each holds.
var deckExamples = map[string]int{"marches": 25, "river-line": 10}

// A deck in the module: one DrawPile on the Cards map holding a CardSlot for every copy of every card, face
// down and shuffled, each card masked by its deck's back (an image in the module) and sent by Discard to the
// deck's discard pile, which exists and reshuffles into the draw pile; a PlayerHand for each side, private to
// it. TestExamplesLoadInVASSAL loads the modules in the real VASSAL engine.
func TestDecksExport(t *testing.T) {
	for _, name := range slices.Sorted(maps.Keys(deckExamples)) {
		t.Run(name, func(t *testing.T) {
			c, m, zip := exportDir(t, filepath.Join("..", "..", "examples", "testdata", name), Options{})
			for _, d := range check.Bytes(zip, name+".vmod").Diags {
				t.Errorf("muster's checker: %s", d)
			}
			pkg := c.Package()
			copies := 0
			for _, card := range pkg.Cards() {
				copies += card.Copies()
			}
			if copies < deckExamples[name] {
				t.Fatalf("%s's deck holds %d cards", name, copies)
			}
			root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
			if err != nil {
				t.Fatal(err)
			}
			var cardsMap *buildfile.Element
			var hands []*buildfile.Element
			for _, el := range root.Children {
				switch {
				case el.Class == classMap && el.Attr("mapName") == cardsMapName:
					cardsMap = el
				case el.Class == classPlayerHand:
					hands = append(hands, el)
				}
			}
			if cardsMap == nil {
				t.Fatal("no Cards map")
			}
			piles := map[string]*buildfile.Element{}
			var draw []*buildfile.Element
			for _, el := range cardsMap.Children {
				if el.Class != classDrawPile {
					continue
				}
				piles[el.Attr("name")] = el
				if len(el.Children) > 0 {
					draw = append(draw, el)
				}
			}
			if len(draw) != len(pkg.Decks()) || len(piles) != 2*len(pkg.Decks()) {
				t.Fatalf("%d draw piles holding cards and %d piles in all for %d decks", len(draw), len(piles), len(pkg.Decks()))
			}
			dp := draw[0]
			if dp.Attr("faceDown") != "Always" || dp.Attr("shuffle") != "Always" || dp.Attr("owningBoard") != cardsMapName {
				t.Errorf("the draw pile: faceDown %q, shuffle %q, board %q", dp.Attr("faceDown"), dp.Attr("shuffle"), dp.Attr("owningBoard"))
			}
			titles := map[string]int{}
			for _, cs := range dp.Children {
				if cs.Class != classCardSlot {
					t.Fatalf("the draw pile holds a %s", cs.Class)
				}
				p, err := piece.Parse(cs.Text)
				if err != nil {
					t.Fatalf("card %s: %v", cs.Attr("entryName"), err)
				}
				var mask, ret *piece.Trait
				for i := range p {
					switch piece.Prefix(p[i].Type) {
					case piece.MaskID:
						mask = &p[i]
					case piece.ReturnToDeckID:
						ret = &p[i]
					}
				}
				if mask == nil || ret == nil {
					t.Fatalf("card %s: no mask or no Discard: %v", cs.Attr("entryName"), p)
				}
				d := seqenc.NewDecoder(strings.TrimPrefix(mask.Type, piece.MaskID), ';')
				d.Next() // the key
				back := d.Next()
				if m.File("images/"+back) == nil {
					t.Errorf("card %s is masked by %q, which the module does not hold", cs.Attr("entryName"), back)
				}
				rd := seqenc.NewDecoder(strings.TrimPrefix(ret.Type, piece.ReturnToDeckID), ';')
				var fields []string
				for rd.More() {
					fields = append(fields, rd.Next())
				}
				if len(fields) < 8 || piles[fields[7]] == nil || piles[fields[7]] == dp {
					t.Errorf("card %s's Discard: %q, want the deck's discard pile", cs.Attr("entryName"), fields)
				} else if dis := piles[fields[7]]; dis.Attr("reshuffleTarget") != dp.Attr("name") || dis.Attr("faceDown") != "Never" {
					t.Errorf("the discard pile %s reshuffles into %q, face down %q", fields[7], dis.Attr("reshuffleTarget"), dis.Attr("faceDown"))
				}
				titles[cs.Attr("entryName")]++
			}
			n := 0
			for _, card := range pkg.Cards() {
				// A card's slot is named by its deck's id and its own (cardSlotName), not its title.
				name := cardSlotName(pkg.DeckOf(card).ID, card.ID)
				if titles[name] < card.Copies() {
					t.Errorf("card %s: %d of its %d copies in the draw pile (slots %s)", card.ID, titles[name], card.Copies(), name)
				}
				n += card.Copies()
			}
			if len(dp.Children) != n {
				t.Errorf("the draw pile holds %d cards, the deck %d", len(dp.Children), n)
			}
			var sides []string
			for _, sc := range pkg.Scenarios() {
				for _, s := range sc.Sides {
					sides = append(sides, s.ID)
				}
			}
			if len(hands) == 0 || len(hands) > len(sides) {
				t.Errorf("%d hands for sides %v", len(hands), sides)
			}
			for _, h := range hands {
				if h.Attr("side") == "" || !strings.HasSuffix(h.Attr("mapName"), ": hand") {
					t.Errorf("hand %q of side %q", h.Attr("mapName"), h.Attr("side"))
				}
			}

			// TestExamplesLoadInVASSAL loads the module in the real engine (loadInVASSAL): every draw pile and
			// hand built, every card on the Cards map in each new game.
		})
	}
}
