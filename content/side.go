// Sides: what a scenario side's parts mean — the forces it fields and where a placement's units stand.

package content

import "github.com/muster-wargames/muster/content/grid"

// ForceIDs are the forces a side fields, in the order it names them: its `force`, then its `forces`.
// Validation, the rules engine and the scenario sheet resolve them each in their own package (a fixture's
// force in place of the package's), from this one list.
func (s *Side) ForceIDs() []string {
	ids := make([]string, 0, len(s.Forces)+1)
	if s.Force != "" {
		ids = append(ids, s.Force)
	}
	return append(ids, s.Forces...)
}

// UnitCells lays a placement's units on its cells, as the stacking check and the scenario map read them:
// `count` units one per cell in turn, going round the list again when there are more units than cells
// (count 0: as many units as the cells hold), and a two-cell unit (footprint 2) on each next pair of cells.
// Each unit's labels are as written: one, or two for a two-cell unit (one when its pair names a cell twice).
// A placement without cells (a zone, or points on a table) places none here. At most content.MaxCounters
// units are laid out: validate refuses more (`count: 100000000` ran out of memory here).
func (pl *Placement) UnitCells(footprint int) [][]string {
	if len(pl.Cells) == 0 {
		return nil
	}
	span := 1
	if footprint == 2 {
		span = 2
	}
	n := pl.Count
	if n == 0 {
		n = (len(pl.Cells) + span - 1) / span
	}
	out := make([][]string, min(n, MaxCounters))
	for k := range out {
		a := pl.Cells[(k*span)%len(pl.Cells)]
		out[k] = []string{a}
		if span == 2 {
			if b := pl.Cells[(k*span+1)%len(pl.Cells)]; b != a {
				out[k] = append(out[k], b)
			}
		}
	}
	return out
}

// UnitPoints lays a placement's units on an open tabletop: `count` units one per point in turn (count 0: one
// per point), each at its point in table inches. Points that are not [x, y] are left out (the schema reports
// them).
func (pl *Placement) UnitPoints() []grid.Point {
	var pts []grid.Point
	for _, p := range pl.Points {
		if len(p) == 2 {
			pts = append(pts, grid.Point{X: p[0].Inches(), Y: p[1].Inches()})
		}
	}
	if len(pts) == 0 {
		return nil
	}
	n := pl.Count
	if n == 0 {
		n = len(pts)
	}
	out := make([]grid.Point, min(n, MaxCounters)) // as UnitCells
	for k := range out {
		out[k] = pts[k%len(pts)]
	}
	return out
}
