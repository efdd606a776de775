package tts

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content/english"
)

// Hands: every scenario's saved object gives each of its sides a hand (Tabletop Simulator's HandTrigger) in a
// player colour of its own, the one nearest the side's counters' colour: the first side's at the first
// player's edge of the table, the second's across the table (beyond the decks, when the scenario has cards), a
// third side's and on beside them. Whatever lies in a hand (cards dealt or drawn, blocks kept out of sight)
// only the player seated at that colour sees. The hands are there whether or not the scenario has cards: a
// player may keep hidden blocks, reinforcements to come or chits in hand.

// handW, handH and handD are a hand zone's size in inches (width along the table's edge, height, depth).
const (
	handW = 12.0
	handH = 5.0
	handD = 4.0
)

// placeHands adds the sides' hands to every scenario's saved object.
func (x *exporter) placeHands() error {
	hidden := x.hiddenBlocks()
	for i := range x.objects {
		o := &x.objects[i]
		if o.Scenario == nil || len(o.Scenario.Sides) == 0 {
			continue
		}
		g := newGUIDs(strings.TrimSuffix(o.File, ".json") + "/hands")
		far := o.farHandZ
		if far == 0 {
			far = o.depth/2 + 2*gap + 6
		}
		used := map[string]bool{}
		for k := range o.Scenario.Sides {
			sd := &o.Scenario.Sides[k]
			colour := nearestColour(x.sideTint(sd), used)
			used[colour] = true
			hz, turn := -(o.depth/2 + 2*gap + 6), 0.0
			if k%2 == 1 {
				hz, turn = far, 180
			}
			what := "cards"
			if hidden {
				what = "cards and blocks"
			}
			o.state.ObjectStates = append(o.state.ObjectStates, &objectState{GUID: g.next(), Name: "HandTrigger", Nickname: sd.ShortName() + ": hand",
				Description: fmt.Sprintf("%s's hand: %s here are seen by the %s player only.", sd.ShortName(), what, colour), FogColor: colour, ColorDiffuse: x.sideTint(sd),
				Locked: true, Tooltip: true,
				Transform: transform{PosX: float64(k/2) * (handW + 2), PosY: tableY + handH/2, PosZ: hz, RotY: turn, ScaleX: handW, ScaleY: handH, ScaleZ: handD}})
			o.Hands = append(o.Hands, sd.ShortName()+" at "+colour)
		}
	}
	if n := x.scenarioSides(); n > 0 {
		x.note("Hands: each scenario gives every side a hand in a player colour of its own (%s); sit at that colour to play the side. What lies in a hand only that player sees.", strings.Join(x.handColours(), "; "))
	}
	return nil
}

// hiddenBlocks reports whether the package has blocks hidden from the opponent (which a player may keep in hand).
func (x *exporter) hiddenBlocks() bool {
	for _, ut := range x.pkg.UnitTypes() {
		if ut.IsBlock() && ut.IsHidden(x.pkg.System) {
			return true
		}
	}
	return false
}

// scenarioSides counts the sides of the scenarios' saved objects.
func (x *exporter) scenarioSides() int {
	n := 0
	for _, o := range x.objects {
		n += len(o.Hands)
	}
	return n
}

// handColours are the hands of each scenario, for the notes: "Scenario: Side at Colour, Side at Colour".
func (x *exporter) handColours() []string {
	var out []string
	for _, o := range x.objects {
		if len(o.Hands) == 0 {
			continue
		}
		out = append(out, o.Name+": "+english.List(o.Hands, "and"))
	}
	return out
}
