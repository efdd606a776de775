// Control at the start of a scenario: which side holds each place when the game begins. A location is held by
// the side that fields its owner (a faction) unless a side's controls say otherwise. The scenario sheet and
// map print it, and digital play places control markers from it.

package content

import "sort"

// Control is one place a side controls when a scenario begins.
type Control struct {
	Place    string    // a location id, or a cell label
	Side     string    // the side's id
	Location *Location // nil for a cell
}

// ControlAtStart lists who controls what when the scenario begins, sorted by place: the locations of the map
// set whose owner is one of a side's factions, then each side's controls (which win over an owner). A faction
// fielded by two sides gives its locations to neither.
func (sc *Scenario) ControlAtStart(set *MapSet) []Control {
	byFaction := map[string][]string{}
	for _, s := range sc.Sides {
		for _, f := range s.Faction {
			byFaction[f] = append(byFaction[f], s.ID)
		}
	}
	out := map[string]Control{}
	if set != nil {
		for _, l := range set.Locations() {
			if sides := byFaction[l.Owner]; l.Owner != "" && len(sides) == 1 {
				out[l.ID] = Control{Place: l.ID, Side: sides[0], Location: l.Location}
			}
		}
	}
	for _, s := range sc.Sides {
		for _, p := range s.Controls {
			c := Control{Place: p, Side: s.ID}
			if set != nil {
				c.Location, _ = set.Location(p)
			}
			out[p] = c
		}
	}
	keys := make([]string, 0, len(out))
	for k := range out {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	list := make([]Control, len(keys))
	for i, k := range keys {
		list[i] = out[k]
	}
	return list
}
