// Package terrain generates maps from a Generator's map settings: terrain in proportions grown as contiguous
// clusters, settlements with a minimum spacing, rivers as hexside chains from edge to edge with forks, roads
// between settlements and map edges with bridges where they cross water, and slopes round hills, on hex and
// square grids; and non-overlapping terrain pieces and settlements on an open tabletop. Every result is a
// content.Map that passes the same map checks as a hand-drawn one.
package terrain

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/generators/dice"
)

// Generate makes the map a Generator's map settings describe, with the given id. The roller is the map's own
// stream; the same roller state gives the same map.
func Generate(pkg *content.Package, g *content.Generator, id string, r *dice.Roller) (*content.Map, error) {
	if g == nil || g.Map == nil {
		return nil, fmt.Errorf("generator has no map settings")
	}
	mg := g.Map
	sys := pkg.System
	if sys == nil {
		return nil, fmt.Errorf("the package has no System: terrain types come from it")
	}
	what := "generator " + g.ID
	base, err := PickBase(pkg, mg, r, what)
	if err != nil {
		return nil, err
	}
	m := &content.Map{Meta: content.Meta{Kind: content.KindMap, ID: id}}
	if base != nil {
		m.Grid = base.Grid
		m.Board = base.Board
		m.Edges = append(m.Edges, base.Edges...)
	}
	if mg.Grid != nil {
		m.Grid = *mg.Grid
	} else if base != nil && base.Size != nil {
		size := *base.Size // the base board's published size goes with its grid
		m.Size = &size
	}
	if mg.Board != "" {
		m.Board = mg.Board
	}
	if m.Grid.Type == "" {
		return nil, fmt.Errorf("%s: give the map a grid (grid: {type: hex, cols: 30, rows: 40}) or a base map", what)
	}
	if m.Grid.Numbering != nil {
		nb := *m.Grid.Numbering
		m.Grid.Numbering = &nb
	}
	tt := newTerrainTable(sys)
	if mg.Default != "" && tt.def(mg.Default) == nil {
		return nil, fmt.Errorf("%s: default terrain %q is not one of the System's terrain types", what, mg.Default)
	}
	for _, s := range mg.Mix {
		if tt.def(s.Terrain) == nil {
			return nil, fmt.Errorf("%s: mix terrain %q is not one of the System's terrain types", what, s.Terrain)
		}
	}
	if m.Grid.Type == content.GridOpen {
		if base != nil {
			m.Pieces = append(m.Pieces, base.Pieces...)
			m.Locations = append(m.Locations, base.Locations...)
		}
		err = genTable(m, mg, tt, r, what)
	} else {
		err = genGrid(m, mg, tt, r, what)
	}
	if err != nil {
		return nil, err
	}
	return m, nil
}

// PickBase is the map a generator's map settings start from: its base, or one of its bases rolled for; nil
// when it names none.
func PickBase(pkg *content.Package, mg *content.MapGen, r *dice.Roller, what string) (*content.Map, error) {
	ids := mg.Bases
	if len(ids) == 0 && mg.Base != "" {
		ids = []string{mg.Base}
	}
	if len(ids) == 0 {
		return nil, nil
	}
	id := ids[0]
	if len(ids) > 1 {
		id = ids[r.Die(len(ids))-1]
	}
	m := pkg.Map(id)
	if m == nil {
		return nil, fmt.Errorf("%s: base map %q is not in the package", what, id)
	}
	return m, nil
}

// terrainTable answers questions about the System's terrain types.
type terrainTable struct {
	sys  *content.System
	byID map[string]*content.TerrainDef
}

func newTerrainTable(sys *content.System) *terrainTable {
	t := &terrainTable{sys: sys, byID: map[string]*content.TerrainDef{}}
	for i := range sys.Terrain {
		t.byID[sys.Terrain[i].ID] = &sys.Terrain[i]
	}
	return t
}

func (t *terrainTable) def(id string) *content.TerrainDef { return t.byID[id] }

// Passable reports whether units may enter a terrain: not marked impassable, and its move not "impassable".
func (t *terrainTable) passable(id string) bool {
	d := t.byID[id]
	if d == nil {
		return true
	}
	if d.Impassable {
		return false
	}
	if d.Move != nil && strings.EqualFold(strings.TrimSpace(d.Move.Text), "impassable") {
		return false
	}
	return true
}

// cost is the entry cost of a terrain in whole movement points (at least 1).
func (t *terrainTable) cost(id string) int {
	d := t.byID[id]
	if d == nil || d.Move == nil {
		return 1
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(d.Move.Text), 64)
	if err != nil || f < 1 {
		return 1
	}
	return int(f + 0.999)
}

// elevated reports whether a terrain is high ground (its elevation is above 0): hills get slopes.
func (t *terrainTable) elevated(id string) bool {
	d := t.byID[id]
	return d != nil && d.Elevation > 0
}

// Passable reports whether units may enter a terrain of the System (for scenario placement).
func Passable(sys *content.System, id string) bool { return newTerrainTable(sys).passable(id) }

// feature returns the System's feature of an id, or nil.
func feature(sys *content.System, id string) *content.FeatureDef {
	for i := range sys.Features {
		if sys.Features[i].ID == id {
			return &sys.Features[i]
		}
	}
	return nil
}
