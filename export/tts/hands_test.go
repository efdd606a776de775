package tts

import (
	"encoding/json"
	"strings"
	"testing"
)

// TestHandsPerSide: in every example, each scenario's saved object gives every side one hand, a HandTrigger
// in a player colour of Tabletop Simulator's that no other side of the scenario has, locked, at an edge of the
// table beyond the map (the first side at the first player's, the second across), and lists it as "Side at
// Colour" — also in games without cards (The Highest Ground) and with hidden blocks (the Marches).
func TestHandsPerSide(t *testing.T) {
	colours := map[string]bool{}
	for _, c := range ttsColours {
		colours[c.name] = true
	}
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			e := exampleSet(t, name)
			scenarios := 0
			for _, so := range e.set.Objects {
				if so.Scenario == nil {
					continue
				}
				scenarios++
				var save struct {
					ObjectStates []struct {
						Name, Nickname, FogColor, Description string
						Locked                                bool
						Transform                             struct{ PosZ, RotY float64 }
					}
				}
				if err := json.Unmarshal(e.set.file(so.File), &save); err != nil {
					t.Fatal(err)
				}
				seen := map[string]bool{}
				var zs []float64
				for _, o := range save.ObjectStates {
					if o.Name != "HandTrigger" {
						continue
					}
					if !colours[o.FogColor] || seen[o.FogColor] || !o.Locked || !strings.Contains(o.Description, o.FogColor+" player only") {
						t.Errorf("%s: hand %q in colour %q (seen before %v, locked %v): %s", so.File, o.Nickname, o.FogColor, seen[o.FogColor], o.Locked, o.Description)
					}
					seen[o.FogColor] = true
					zs = append(zs, o.Transform.PosZ)
				}
				sides := len(so.Scenario.Sides)
				if len(zs) != sides || len(so.Hands) != sides {
					t.Fatalf("%s: %d hands (%d listed) for %d sides", so.File, len(zs), len(so.Hands), sides)
				}
				for k, sd := range so.Scenario.Sides {
					if !strings.HasPrefix(so.Hands[k], sd.ShortName()+" at ") {
						t.Errorf("%s: hand %d is %q, not side %s's", so.File, k, so.Hands[k], sd.ShortName())
					}
				}
				if sides >= 2 && !(zs[0] < 0 && zs[1] > 0) {
					t.Errorf("%s: the first two sides' hands lie at z %v and %v, not at the two edges of the table", so.File, zs[0], zs[1])
				}
			}
			if scenarios == 0 && len(e.checked.Package().Scenarios()) > 0 {
				t.Fatal("no scenario's saved object")
			}
		})
	}
}
