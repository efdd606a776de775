package validate

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
)

// The placement check: where a setup puts a unit, the ground must take it. Whether the labels exist at all is
// placement-labels' business (maps.go); this check looks at the cells that do exist.
var placementCheck = &Check{
	Name:     "placement",
	Stage:    StageCheck,
	Doc:      "units set up on a map stand where the rules let them\n\nThe terrain admits them (not impassable; the terrain's `admits` classes), a two-cell unit (footprint 2) takes its cells in adjacent pairs, and on an open tabletop units stand at points on the table and deployment circles lie on it.",
	Requires: []Requirement{MapSets},
	Scenario: func(p *Pass, s *content.Scenario) {
		if set, _ := Get(p, MapSets)(s); set != nil {
			checkPlacement(p, s, set)
		}
	},
}

func checkPlacement(p *Pass, sc *content.Scenario, set *content.MapSet) {
	sys := p.Pkg.System
	if sys == nil {
		return
	}
	terrain := map[string]*content.TerrainDef{}
	for i := range sys.Terrain {
		terrain[sys.Terrain[i].ID] = &sys.Terrain[i]
	}
	for _, side := range sc.Sides {
		if z := side.Deployment; z != nil {
			checkZoneShape(p, side.ID, z, side.Fields.Of("deployment", side.At), set)
		}
		for _, pl := range side.Setup {
			if pl.Zone != nil {
				checkZoneShape(p, side.ID, pl.Zone, pl.Fields.Of("zone", pl.At), set)
			}
		}
		for _, pl := range side.Setup {
			ut := p.Pkg.UnitType(pl.Unit)
			if ut == nil {
				continue // references reports the unit
			}
			if set.Type == content.GridOpen {
				checkTablePoints(p, side.ID, ut.ID, pl, set.Table)
				continue
			}
			if len(pl.Points) > 0 {
				p.Errorf(pl.Fields.Of("points", pl.At), "points", "%s is a grid of cells: set %s up on cells, not points (points are for open tabletops)", set.Boards[0].Map.ID, ut.ID)
			}
			if len(pl.Cells) == 0 {
				continue // zones have no cells to check
			}
			at := pl.Fields.Of("cells", pl.At)
			for _, label := range pl.Cells {
				ref, ok := set.Cell(label)
				if !ok {
					continue
				}
				t := terrain[set.Terrain(ref.Cell)]
				switch {
				case t == nil:
				case t.Impassable:
					e := p.Errorf(at, "impassable", "side %s sets up %s on %s, which is %s: impassable terrain", side.ID, ut.ID, label, terrainName(t))
					e.Hint = "move the unit to a cell it can stand on"
				case !t.Admit(ut):
					p.Errorf(at, "terrain", "side %s sets up %s on %s, but %s admits only %s units", side.ID, ut.ID, label,
						terrainName(t), strings.Join(t.Admits, ", "))
				}
			}
			if ut.Footprint != 2 {
				continue
			}
			if len(pl.Cells)%2 != 0 {
				p.Errorf(at, "two-cell", "%s covers two cells: list its cells in pairs (each unit's two adjacent cells), found %d cells", ut.ID, len(pl.Cells))
				continue
			}
			for k := 0; k+1 < len(pl.Cells); k += 2 {
				a, ok1 := set.Cell(pl.Cells[k])
				b, ok2 := set.Cell(pl.Cells[k+1])
				if !ok1 || !ok2 {
					continue
				}
				if !set.Adjacent(a.Cell, b.Cell) {
					p.Errorf(at, "two-cell", "%s covers two adjacent cells, but %s and %s are %s", ut.ID, pl.Cells[k], pl.Cells[k+1], apart(set, a, b))
				}
			}
		}
	}
}

func terrainName(t *content.TerrainDef) string {
	if t.Name != "" {
		return t.Name
	}
	return t.ID
}

func apart(set *content.MapSet, a, b content.CellRef) string {
	if a.Cell == b.Cell {
		return "the same cell"
	}
	return fmt.Sprintf("%d cells apart", set.Distance(a.Cell, b.Cell))
}

// checkTablePoints checks a placement on an open tabletop: points, not cells, each on the table.
func checkTablePoints(p *Pass, side, unit string, pl content.Placement, table grid.Table) {
	if len(pl.Cells) > 0 {
		p.Errorf(pl.Fields.Of("cells", pl.At), "points", "an open tabletop has no cells: set %s up at points ([x, y] in inches)", unit)
	}
	at := pl.Fields.Of("points", pl.At)
	for _, pt := range pl.Points {
		if len(pt) != 2 {
			continue // the schema reports it
		}
		x, y := pt[0].Inches(), pt[1].Inches()
		if !table.ContainsPoint(grid.Point{X: x, Y: y}) {
			p.Errorf(at, "off-table", "side %s sets up %s at (%s, %s), off the %gin x %gin table", side, unit, pt[0], pt[1], table.Width, table.Height)
		}
	}
	if pl.Count > 0 && len(pl.Points) > pl.Count {
		p.Errorf(at, "points", "%d points for %d %s: one point per unit", len(pl.Points), pl.Count, unit)
	}
}

// checkZoneShape checks that a zone is drawn the way its ground allows (content.MapSet.CheckZone): cells
// (within, cells, edge and depth) on a grid, a circle (radius about a point or a location with a point) on an
// open tabletop, inside the table.
func checkZoneShape(p *Pass, side string, z *content.Zone, at diag.Pos, set *content.MapSet) {
	if err := set.CheckZone(z); err != nil && !err.Elsewhere {
		p.Errorf(at, "zone", "side %s's zone %s", side, err.Reason)
	}
}
