package rules

import (
	"slices"

	"github.com/muster-wargames/muster/content"
)

// TerrainDefence is what the defender's terrain alone is worth on a combat table: the columns of the table's
// column shifts, and the die-roll modifiers, that name the terrain and ask for nothing else (no hexside
// feature crossed, no formula), each added up. Combat applies these to an attack on that terrain, and any
// other shift whose conditions hold. ok is false when no shift or modifier of the table names the terrain.
func TerrainDefence(t *content.Table, terrain string) (columns, roll int, ok bool) {
	if t == nil || t.Combat == nil || terrain == "" {
		return 0, 0, false
	}
	for i := range t.Combat.Shifts {
		s := &t.Combat.Shifts[i]
		if len(s.Terrain) > 0 && slices.Contains(s.Terrain, terrain) && len(s.Across) == 0 && s.When == "" {
			columns += s.Columns
			ok = true
		}
	}
	for i := range t.Combat.Modifiers {
		m := &t.Combat.Modifiers[i]
		if len(m.Terrain) > 0 && slices.Contains(m.Terrain, terrain) && len(m.Across) == 0 && m.When == "" {
			roll += m.Roll
			ok = true
		}
	}
	return columns, roll, ok
}

// NamesTerrain reports whether some column shift or die-roll modifier of a combat table asks for the
// defender's terrain: a table whose TerrainDefence a terrain may change.
func NamesTerrain(t *content.Table) bool {
	if t == nil || t.Combat == nil {
		return false
	}
	for i := range t.Combat.Shifts {
		if len(t.Combat.Shifts[i].Terrain) > 0 {
			return true
		}
	}
	for i := range t.Combat.Modifiers {
		if len(t.Combat.Modifiers[i].Terrain) > 0 {
			return true
		}
	}
	return false
}
