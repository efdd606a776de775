package tts

import (
	"bytes"
	"encoding/json"
	"image"
	"image/png"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// The example game's deck in Tabletop Simulator, read back from the JSON and the images alone: a DeckCustom
// face down holding every copy of every card; each card's CardID a slot of a sheet of at most 10 x 7 cards
// (the last slot left for the hidden card) no larger than Tabletop Simulator loads, and that slot of the
// sheet image is the card's front as the printed card sheet draws it; the scenario's saved object has a hand
// for each side, each in a player colour of its own.
func TestDeckInTabletopSimulator(t *testing.T) {
	c, err := validate.Load(filepath.Join("..", "..", "examples", "testdata", "marches")).Checked()
	if err != nil {
		t.Fatal(err)
	}
	s, ds, err := Export(c, Options{ImageBaseURL: testBase})
	if err != nil || s == nil {
		t.Fatalf("%v %v", err, ds)
	}
	pkg := c.Package()
	decks, err := cards.FromPackage(pkg, cards.Options{})
	if err != nil {
		t.Fatal(err)
	}
	d := decks[0]
	byID := map[string]*cards.Card{}
	copies := 0
	for _, card := range d.Cards {
		byID[card.ID] = card
		copies += card.Count
	}
	type customDeck struct {
		FaceURL, BackURL    string
		NumWidth, NumHeight int
		BackIsHidden        bool
	}
	type object struct {
		Name, Nickname, FogColor string
		GMNotes                  string
		Transform                struct{ RotZ float64 }
		CardID                   int
		DeckIDs                  []int
		CustomDeck               map[string]customDeck
		ContainedObjects         []object
	}
	image := func(url string) image.Image {
		t.Helper()
		if !strings.HasPrefix(url, testBase) {
			t.Fatalf("image %s is not under the base address", url)
		}
		b := s.file("images/" + strings.TrimPrefix(url, testBase))
		if b == nil {
			t.Fatalf("the set has no image %s", url)
		}
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatal(err)
		}
		return im
	}
	for _, so := range s.Objects {
		var save struct{ ObjectStates []object }
		if err := json.Unmarshal(s.file(so.File), &save); err != nil {
			t.Fatal(err)
		}
		var deck *object
		var hands []object
		for i, o := range save.ObjectStates {
			switch o.Name {
			case "DeckCustom":
				deck = &save.ObjectStates[i]
			case "HandTrigger":
				hands = append(hands, o)
			}
		}
		if deck == nil {
			t.Fatalf("%s holds no deck", so.File)
		}
		if deck.Transform.RotZ != 180 || len(deck.DeckIDs) != copies || len(deck.ContainedObjects) != copies || so.Cards != copies {
			t.Errorf("%s: the deck (face down: %v) holds %d ids and %d cards; the deck has %d", so.File, deck.Transform.RotZ == 180, len(deck.DeckIDs), len(deck.ContainedObjects), copies)
		}
		seen := map[string]int{}
		for i, card := range deck.ContainedObjects {
			pc := byID[strings.TrimPrefix(card.GMNotes, "card ")]
			if pc == nil || card.Name != "Card" || card.Nickname != pc.Title || card.CardID != deck.DeckIDs[i] {
				t.Fatalf("card %d: %+v", i, card)
			}
			seen[pc.ID]++
			key := strconv.Itoa(card.CardID / 100)
			cd, ok := deck.CustomDeck[key]
			if !ok || card.CustomDeck[key] != cd {
				t.Fatalf("card %s: sheet %s is not the deck's", card.Nickname, key)
			}
			slot := card.CardID % 100
			if cd.NumWidth > 10 || cd.NumHeight > 7 || slot >= cd.NumWidth*cd.NumHeight-1 || !cd.BackIsHidden {
				t.Fatalf("card %s: slot %d of a %d x %d sheet", card.Nickname, slot, cd.NumWidth, cd.NumHeight)
			}
			if seen[pc.ID] > 1 || i > 40 && i%7 != 0 {
				continue // each design once, and not every one of a large deck
			}
			sheet := image(cd.FaceURL)
			b := sheet.Bounds()
			if b.Dx() > digital.TTSMaxImageSide || b.Dy() > digital.TTSMaxImageSide || b.Dx()%cd.NumWidth != 0 || b.Dy()%cd.NumHeight != 0 {
				t.Fatalf("sheet %s is %v for %d x %d cards", cd.FaceURL, b, cd.NumWidth, cd.NumHeight)
			}
			w, h := b.Dx()/cd.NumWidth, b.Dy()/cd.NumHeight
			// The card's front drawn alone at the sheet's resolution, as the printed sheet draws it.
			dpi := float64(w) / (d.Size.W / surface.Inch)
			p := surface.NewPNG(surface.PNGOptions{DPI: dpi})
			pw, ph := float64(w)/dpi*surface.Inch, float64(h)/dpi*surface.Inch
			p.BeginPage(pw, ph)
			if err := pc.Front.DrawRect(p, 0, 0, pw, ph, 0); err != nil {
				t.Fatal(err)
			}
			alone, err := p.PageImage(0)
			if err != nil {
				t.Fatal(err)
			}
			x0, y0 := (slot%cd.NumWidth)*w, (slot/cd.NumWidth)*h
			diff, n := 0.0, 0
			for y := 0; y < h; y += 3 {
				for x := 0; x < w; x += 3 {
					r1, g1, b1, _ := sheet.At(x0+x, y0+y).RGBA()
					r2, g2, b2, _ := alone.At(x, y).RGBA()
					diff += absDiff(r1, r2) + absDiff(g1, g2) + absDiff(b1, b2)
					n += 3
				}
			}
			if mean := diff / float64(n) / 257; mean > 2 {
				t.Errorf("card %s: slot %d of %s differs from its front by %.1f levels a channel", card.Nickname, slot, cd.FaceURL, mean)
			}
		}
		for id, card := range byID {
			if seen[id] != card.Count {
				t.Errorf("%s: %d copies of %s, the deck holds %d", so.File, seen[id], id, card.Count)
			}
		}
		back := image(deck.CustomDeck["1"].BackURL)
		if back.Bounds().Dx()*deck.CustomDeck["1"].NumWidth != image(deck.CustomDeck["1"].FaceURL).Bounds().Dx() {
			t.Errorf("the back is %v, not a card's size", back.Bounds())
		}
		if so.Scenario == nil {
			if len(hands) != 0 {
				t.Errorf("the package's set has %d hands", len(hands))
			}
			continue
		}
		colours := map[string]bool{}
		for _, h := range hands {
			colours[h.FogColor] = true
		}
		if len(hands) != len(so.Scenario.Sides) || len(colours) != len(hands) || colours[""] {
			t.Errorf("%s: hands %+v for %d sides", so.File, hands, len(so.Scenario.Sides))
		}
	}
	if !strings.Contains(string(s.file(ReadmeName)), "1 deck of "+strconv.Itoa(copies)+" cards") {
		t.Errorf("README.txt does not say what the deck holds:\n%s", s.file(ReadmeName))
	}
}

func absDiff(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}
