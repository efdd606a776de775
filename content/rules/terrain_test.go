package rules

import (
	"testing"

	"github.com/muster-wargames/muster/content"
)

// TestTerrainDefence: the shifts and modifiers that name only the defender's terrain add up; those that also
// ask for a hexside crossed or a formula, and those of other terrains, do not count.
func TestTerrainDefence(t *testing.T) {
	tb := &content.Table{Combat: &content.Combat{
		Shifts: []content.ColumnShift{
			{ID: "woods", Columns: -1, Terrain: []string{"forest", "hills"}},
			{ID: "town", Columns: -2, Terrain: []string{"city"}},
			{ID: "fort", Columns: -1, Terrain: []string{"city"}},
			{ID: "river", Columns: -1, Across: []string{"river"}},
			{ID: "forest-river", Columns: -3, Terrain: []string{"forest"}, Across: []string{"river"}},
			{ID: "dug-in", Columns: -1, Terrain: []string{"hills"}, When: "true"},
		},
		Modifiers: []content.RollModifier{{ID: "cover", Roll: -1, Terrain: []string{"forest"}}},
	}}
	for _, c := range []struct {
		terrain    string
		cols, roll int
		ok         bool
	}{
		{"forest", -1, -1, true}, {"hills", -1, 0, true}, {"city", -3, 0, true}, {"clear", 0, 0, false}, {"", 0, 0, false},
	} {
		cols, roll, ok := TerrainDefence(tb, c.terrain)
		if cols != c.cols || roll != c.roll || ok != c.ok {
			t.Errorf("%q: %d columns, roll %d, %v; want %d, %d, %v", c.terrain, cols, roll, ok, c.cols, c.roll, c.ok)
		}
	}
	if !NamesTerrain(tb) || NamesTerrain(&content.Table{Combat: &content.Combat{Shifts: []content.ColumnShift{{Across: []string{"river"}}}}}) || NamesTerrain(nil) {
		t.Error("NamesTerrain")
	}
}
