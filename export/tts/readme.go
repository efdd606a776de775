package tts

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
)

// ReadmeName is the set's notes file.
const ReadmeName = "README.txt"

// readme says what the set holds, how to load it into Tabletop Simulator and what it cannot express.
func (x *exporter) readme(s *Set) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: a Tabletop Simulator set, exported by muster %s\n\n", x.packageName(), content.MusterVersion)
	b.WriteString("Saved objects (each a .json with its .png picture):\n")
	for _, o := range s.Objects {
		fmt.Fprintf(&b, "  %-40s %s: %s\n", o.File, o.Name, o.summary())
	}
	fmt.Fprintf(&b, "\nImages are read from %s\n\n", x.opt.ImageBaseURL)
	b.WriteString(`To play: copy the .json and .png files into Tabletop Simulator's Saved Objects folder
(Documents/My Games/Tabletop Simulator/Saves/Saved Objects on Windows; ~/Library/Tabletop Simulator/Saves/
Saved Objects on macOS; ~/.local/share/Tabletop Simulator/Saves/Saved Objects on Linux), then in the game
open Objects > Saved Objects and pick one. One unit of the table is an inch: maps and counters are their
printed size, and a scenario's units stand in their cells (a unit that sets up on its back lies face down, the
markers set on it above it). Right-click a counter and Flip (F) shows its back.

Images at file:/// addresses are seen by you only. To play with others, upload them: load the saved objects,
open Modding > Cloud Manager and press Upload All (the up arrow), then save the objects again (right-click >
Save Object); or put the images/ folder on a web server and export again with --image-base-url.
`)
	for _, o := range s.Objects {
		if o.Decks > 0 {
			b.WriteString(`
Cards: each deck lies face down beyond the map. Right-click it > Shuffle; drag the top card, or hover the deck
and press a number key, to draw into your hand. A scenario's saved object has a hand zone for each side, in
the player colour its README line names: sit in that colour (the table's own hand of that colour is the same
seat; delete one of the two if your table has its own).
`)
			break
		}
	}
	if len(s.Notes) > 0 {
		b.WriteString("\nNotes:\n")
		for _, n := range s.Notes {
			fmt.Fprintf(&b, "- %s\n", n)
		}
	}
	return []byte(b.String())
}

// summary says what a saved object holds: "2 map tiles, 37 units on the map, 6 bags of 55 counters, 1 die".
func (o SavedObject) summary() string {
	var parts []string
	if o.Boards > 0 {
		parts = append(parts, english.Count(o.Boards, "map tile"))
	}
	if o.Units > 0 {
		parts = append(parts, english.Count(o.Units, "unit")+" on the map")
	}
	if o.Bags > 0 {
		parts = append(parts, english.Count(o.Bags, "bag")+" of "+english.Count(o.InBags, "counter"))
	}
	if o.Dice > 0 {
		parts = append(parts, english.Count(o.Dice, "die", "dice"))
	}
	if o.Decks > 0 {
		parts = append(parts, english.Count(o.Decks, "deck")+" of "+english.Count(o.Cards, "card"))
	}
	if len(o.Hands) > 0 {
		parts = append(parts, "hands: "+strings.Join(o.Hands, ", "))
	}
	if len(parts) == 0 {
		return "empty"
	}
	return strings.Join(parts, ", ")
}
