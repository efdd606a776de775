package setup

import "github.com/muster-wargames/muster/print/counters"

// DesignFor finds the design an export made of a unit type or marker as a side fields it: in the colours of
// one of the side's factions when the mix prints such a version ("unit/id.faction"), else the type's own
// ("unit/id"), else the first the mix prints of it with values of a line's own (firstOf). byKey and firstOf
// are keyed by kind and id as counters.Counter gives them.
func DesignFor[D any](byKey, firstOf map[string]D, id string, factions []string) (D, bool) {
	for _, kind := range []string{counters.KindUnit, counters.KindMarker} {
		for _, f := range factions {
			if d, ok := byKey[kind+"/"+id+"."+f]; ok {
				return d, true
			}
		}
		if d, ok := byKey[kind+"/"+id]; ok {
			return d, true
		}
		if d, ok := firstOf[kind+"/"+id]; ok {
			return d, true
		}
	}
	var none D
	return none, false
}
