package validate

import (
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
)

// The setup check: where and how a scenario's units begin. Whether the cells exist is placement-labels'
// business, whether the ground takes the units placement's, how many share a cell stacking's.
var setupCheck = &Check{
	Name:  "setup",
	Stage: StageCheck,
	Doc: "units set up where their side may set up, apart from the enemy, and as the set-up says\n\n" +
		"No cell holds units of two sides at the start (opposing); a side with a deployment zone or an entry sets " +
		"its units up inside them (outside; on an open tabletop, inside its deployment circle); a zone that takes " +
		"`each` units per cell gets them in every cell (unfilled) and one that `holds` a count holds exactly that, " +
		"which must be what `each` makes of its cells when it says both (zone-count); a unit set up `flipped` has a back to show (flipped), and the markers placed on units exist.",
	Requires: []Requirement{Engine, MapSets},
	Applies: func(pkg *content.Package) bool {
		return anySide(pkg, func(s *content.Side) bool { return len(s.Setup) > 0 })
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		set, _ := Get(p, MapSets)(sc)
		checkSetup(p, Get(p, Engine), sc, set)
	},
}

func checkSetup(p *Pass, e *rules.Engine, sc *content.Scenario, set *content.MapSet) {
	for i := range sc.Sides {
		s := &sc.Sides[i]
		for _, pl := range s.Setup {
			if pl.Flipped {
				if ut := p.Pkg.UnitType(pl.Unit); ut != nil && (ut.Back == nil || ut.Back.Kind == "same") {
					e := p.Errorf(pl.Fields.Of("flipped", pl.At), "flipped", "side %s sets %s up on its back, but %s has no back (its counter is the same both sides)", s.ID, pl.Unit, pl.Unit)
					e.Hint = "give the unit type a back (reduced, disrupted), or set it up face up"
				}
			}
			for _, m := range pl.Markers {
				if p.Pkg.Marker(m) == nil {
					e := p.Errorf(pl.Fields.Of("markers", pl.At), "marker", "side %s places marker %q on %s, but the package has no such marker", s.ID, m, pl.Unit)
					e.Hint = diag.DidYouMean(m, p.Pkg.IDs(content.KindMarker))
				}
			}
			if z := pl.Zone; z != nil && set != nil && set.Type != content.GridOpen {
				eachAndHolds(p, s, z, "a set-up line's zone", len(set.ZoneCells(z)))
			}
			if z := pl.Zone; z != nil && set != nil && set.Type != content.GridOpen && pl.Count > 0 {
				if want, ok := zoneWants(z, len(set.ZoneCells(z))); ok && want != pl.Count {
					p.Errorf(pl.Fields.Of("count", pl.At), "zone-count", "side %s sets up %d %s in a zone that %s", s.ID, pl.Count, pl.Unit, zoneDemand(z, want))
				}
			}
		}
	}
	if set == nil {
		return
	}
	if set.Type == content.GridOpen {
		for i := range sc.Sides {
			s := &sc.Sides[i]
			for _, pl := range s.Setup {
				// A placement's own zone says where its units may stand; else the side's deployment.
				z, what := s.Deployment, "its side's deployment area"
				if pl.Zone != nil {
					z, what = pl.Zone, "the placement's zone"
				}
				if z == nil {
					continue
				}
				circle, err := set.ZoneCircle(z)
				if err != nil {
					continue // placement reports the zone
				}
				for _, pt := range pl.UnitPoints() {
					if !circle.Contains(pt) {
						p.Errorf(pl.Fields.Of("points", pl.At), "outside", "side %s sets %s up at (%gin, %gin), outside %s%s", s.ID, pl.Unit, pt.X, pt.Y, what, describe(set, z))
					}
				}
			}
		}
		return
	}
	cells := e.Cells(sc)
	// Opposing units in one cell, unless the stacking rules let enemies share one.
	enemies := false
	if st := e.Stacking(sc); st != nil {
		enemies = st.Enemies
	}
	for _, c := range cells {
		if enemies {
			break
		}
		var sides []string
		for _, u := range c.Units {
			if !slices.Contains(sides, u.Side) {
				sides = append(sides, u.Side)
			}
		}
		if len(sides) > 1 {
			var first, other rules.Placed
			for _, u := range c.Units {
				if u.Side == sides[0] && first.Unit == nil {
					first = u
				}
				if u.Side == sides[1] && other.Unit == nil {
					other = u
				}
			}
			d := p.Errorf(other.At, "opposing", "%s: side %s sets up %s where side %s sets up %s; enemy units never start in one cell", cellName(set, c.Label), sides[1], other.Unit.Type.ID, sides[0], first.Unit.Type.ID)
			d.Related = append(d.Related, diag.Related{Pos: first.At, Message: "side " + sides[0] + "'s unit there"})
		}
	}
	// Each side's area: its deployment zone and its entries; a placement's own zone wins over them.
	for i := range sc.Sides {
		s := &sc.Sides[i]
		held := map[grid.Cell]int{}
		inZone := 0
		zone := map[grid.Cell]bool{}
		if s.Deployment != nil {
			for _, c := range set.ZoneCells(s.Deployment) {
				zone[c] = true
			}
		}
		for _, pl := range s.Setup {
			if len(pl.Cells) == 0 {
				if pl.Zone == nil && len(pl.Points) == 0 {
					inZone += max(pl.Count, 1) // set up anywhere in the side's deployment zone
				}
				continue
			}
			plArea, plWhat := sideArea(set, s, pl.Unit)
			if pl.Zone != nil {
				plArea = map[grid.Cell]bool{}
				for _, c := range set.ZoneCells(pl.Zone) {
					plArea[c] = true
				}
				plWhat = "the placement's zone" + describe(set, pl.Zone)
			}
			footprint := 1
			if ut := p.Pkg.UnitType(pl.Unit); ut != nil {
				footprint = ut.Footprint
			}
			at := pl.Fields.Of("cells", pl.At)
			for _, labels := range pl.UnitCells(footprint) {
				for _, l := range labels {
					r, ok := set.Cell(l)
					if !ok {
						continue
					}
					held[r.Cell]++
					if zone[r.Cell] {
						inZone++
					}
					if plArea != nil && !plArea[r.Cell] {
						e := p.Errorf(at, "outside", "side %s sets %s up on %s, outside %s", s.ID, pl.Unit, l, plWhat)
						e.Hint = "set it up inside " + plWhat + ", or widen it"
					}
				}
			}
		}
		z := s.Deployment
		if z == nil {
			continue
		}
		zc := set.ZoneCells(z)
		at := s.Fields.Of("deployment", s.At)
		eachAndHolds(p, s, z, "its deployment zone", len(zc))
		if z.Each > 0 {
			var empty []string
			for _, c := range zc {
				if held[c] < z.Each {
					empty = append(empty, set.Label(c))
				}
			}
			if len(empty) > 0 {
				p.Errorf(at, "unfilled", "side %s's deployment zone takes %d %s on each of its cells, but %s %s fewer", s.ID, z.Each,
					map[bool]string{true: "unit", false: "units"}[z.Each == 1], listCells(empty), map[bool]string{true: "has", false: "have"}[len(empty) == 1])
			}
		}
		if z.Holds > 0 && inZone != z.Holds {
			p.Errorf(at, "zone-count", "side %s's deployment zone holds %d units at set-up, but the side sets up %d there", s.ID, z.Holds, inZone)
		}
	}
}

// sideArea is where a side may set up a unit on a grid: its deployment zone's cells and those of its entries
// that bring units on at the start (an edge's first row, listed cells): an entry with a turn after the first
// brings units later and says nothing of the set-up, and one that lists units says where those units set up,
// not the others. nil when there is no such zone or entry, or none of them names a cell.
func sideArea(set *content.MapSet, s *content.Side, unit string) (map[grid.Cell]bool, string) {
	area := map[grid.Cell]bool{}
	var parts []string
	if z := s.Deployment; z != nil {
		for _, c := range set.ZoneCells(z) {
			area[c] = true
		}
		parts = append(parts, "its deployment zone"+describe(set, z))
	}
	for _, en := range s.Entry {
		if en.Turn > 1 || len(en.Units) > 0 && !slices.Contains(en.Units, unit) {
			continue
		}
		if en.Edge != "" {
			if e, ok := set.Edge(en.Edge); ok {
				for _, c := range set.EdgeBand(e, 1) {
					area[c] = true
				}
				parts = append(parts, "its entry edge "+en.Edge)
			}
		}
		for _, l := range en.Cells {
			if r, ok := set.Cell(l); ok {
				area[r.Cell] = true
			}
		}
		if len(en.Cells) > 0 {
			parts = append(parts, "its entry cells")
		}
	}
	if len(area) == 0 {
		return nil, ""
	}
	return area, strings.Join(parts, " and ")
}

func describe(set *content.MapSet, z *content.Zone) string {
	if d := set.DescribeZone(z); d != "" {
		return " (" + d + ")"
	}
	return ""
}

// eachAndHolds reports a zone that says both how many units each cell takes and how many it holds, when the
// two disagree: no set-up can satisfy it.
func eachAndHolds(p *Pass, s *content.Side, z *content.Zone, what string, cells int) {
	if z.Each > 0 && z.Holds > 0 && cells > 0 && z.Each*cells != z.Holds {
		p.Errorf(z.Fields.Of("holds", z.At), "zone-count", "side %s: %s takes %d on each of its %d cells (%d in all), so it cannot hold %d", s.ID, what, z.Each, cells, z.Each*cells, z.Holds)
	}
}

// zoneWants is how many units a zone takes, when it says: each x its cells, or holds.
func zoneWants(z *content.Zone, cells int) (int, bool) {
	switch {
	case z.Each > 0:
		return z.Each * cells, true
	case z.Holds > 0:
		return z.Holds, true
	}
	return 0, false
}

func zoneDemand(z *content.Zone, want int) string {
	if z.Each > 0 {
		return fmt.Sprintf("takes %d on each of its cells (%d in all)", z.Each, want)
	}
	return fmt.Sprintf("holds %d", want)
}

func listCells(cs []string) string {
	if len(cs) > 8 {
		return strings.Join(cs[:8], ", ") + fmt.Sprintf(" and %d more", len(cs)-8)
	}
	return strings.Join(cs, ", ")
}

// anySide reports whether a side of one of the package's scenarios has what has asks for: a check's Applies.
func anySide(pkg *content.Package, has func(*content.Side) bool) bool {
	for _, sc := range pkg.Scenarios() {
		for i := range sc.Sides {
			if has(&sc.Sides[i]) {
				return true
			}
		}
	}
	return false
}

// classIDs are the ids of the System's classes, in order.
func classIDs(sys *content.System) []string {
	ids := make([]string, len(sys.Classes))
	for i, c := range sys.Classes {
		ids[i] = c.ID
	}
	return ids
}

// The factions check: a side fields units of its own factions.
var factionsCheck = &Check{
	Name:  "factions",
	Stage: StageCheck,
	Doc: "a force holds units of its own factions, and a side fields forces of its own\n\n" +
		"A force that names its faction (or factions, for allies under one command) holds only units of those " +
		"factions (force); a scenario side that names its factions fields no unit of another (side). Unit types " +
		"of no faction (generic markers, leaders shared by all) go anywhere.",
	Applies: func(pkg *content.Package) bool { return len(pkg.Forces()) > 0 },
	Force: func(p *Pass, f *content.Force) {
		allowed := forceFactions(f)
		if len(allowed) == 0 {
			return
		}
		for _, en := range f.Units {
			ut := p.Pkg.UnitType(en.Unit)
			if ut == nil || ut.Faction == "" || slices.Contains(allowed, ut.Faction) {
				continue
			}
			e := p.Errorf(en.Fields.Of("unit", en.At), "force", "force %s is of %s, but holds %s, a unit of %s", f.ID, orList(allowed), ut.ID, ut.Faction)
			e.Hint = fmt.Sprintf("add %s to the force's factions, or field another unit", ut.Faction)
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		for i := range sc.Sides {
			s := &sc.Sides[i]
			if len(s.Faction) == 0 {
				continue
			}
			for _, f := range p.SideForces(s) {
				for _, fa := range forceFactions(f) {
					if !slices.Contains(s.Faction, fa) {
						e := p.Errorf(s.Fields.Of("faction", s.At), "side", "side %s fields force %s of %s, a faction the side does not field (it fields %s)", s.ID, f.ID, fa, orList(s.Faction))
						e.Hint = "add the faction to the side's faction list, or give the side another force"
					}
				}
				if len(forceFactions(f)) > 0 {
					continue // the force check holds its units to its factions
				}
				for _, en := range f.Units {
					ut := p.Pkg.UnitType(en.Unit)
					if ut == nil || ut.Faction == "" || slices.Contains(s.Faction, ut.Faction) {
						continue
					}
					e := p.Errorf(s.Fields.Of("faction", s.At), "side", "side %s fields %s (force %s), a unit of %s, which the side does not field (it fields %s)", s.ID, ut.ID, f.ID, ut.Faction, orList(s.Faction))
					e.Hint = "add the faction to the side's faction list, or take the unit out of the force"
					e.Related = append(e.Related, diag.Related{Pos: en.Fields.Of("unit", en.At), Message: "the force line"})
				}
			}
		}
	},
}

// forceFactions are the factions a force names: its faction and its factions.
func forceFactions(f *content.Force) []string {
	var out []string
	if f.Faction != "" {
		out = append(out, f.Faction)
	}
	for _, x := range f.Factions {
		if !slices.Contains(out, x) {
			out = append(out, x)
		}
	}
	return out
}

func orList(xs []string) string {
	switch len(xs) {
	case 0:
		return "no faction"
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " or " + xs[len(xs)-1]
}
