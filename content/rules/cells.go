package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
)

// Placed is one unit set up on a cell.
type Placed struct {
	Side  string
	Unit  *Unit
	Group string   // the unit's group (a legion), from the placement or its force line
	At    diag.Pos // the placement that put it there
}

// Cell is what a scenario sets up on one cell.
type Cell struct {
	Label string
	At    diag.Pos // the first placement naming the cell
	Units []Placed
}

// Group is the cell as a declared rule of cell scope sees it.
func (c *Cell) Group(sc *content.Scenario) *Group {
	g := &Group{Scope: ScopeCell, What: fmt.Sprintf("cell %s in scenario %s", c.Label, sc.ID), At: c.At, Scenario: sc, Cell: c.Label}
	for _, u := range c.Units {
		g.Lines = append(g.Lines, Line{Unit: u.Unit, Count: 1, Points: u.Unit.Cost, Side: u.Side,
			Entry: &content.ForceEntry{Unit: u.Unit.Type.ID, Group: u.Group}})
	}
	return g
}

// Cells lays out a scenario's setup cell by cell, in order of first use. A placement's units stand where
// content.Placement.UnitCells puts them (count units one per cell in turn, a two-cell unit on a pair of cells);
// zones and points are not cells and are skipped. A placement's group wins over the group its force lines give.
// Labels are used as written: whether a label exists on the map set is the map checks' business. No more
// than content.MaxCounters units are laid out (`count: 100000000` ran out of memory); validate's map-sheets
// check reports a setup that large.
func (e *Engine) Cells(sc *content.Scenario) []*Cell {
	byLabel := map[string]*Cell{}
	var order []*Cell
	placed := 0
	for i := range sc.Sides {
		s := &sc.Sides[i]
		groups := e.unitGroups(s)
		for j := range s.Setup {
			pl := &s.Setup[j]
			if len(pl.Cells) == 0 {
				continue
			}
			u := e.StrengthUnit(pl.Unit, pl.Strength) // a block at the strength it sets up at
			if u == nil {
				continue
			}
			at := pl.Fields.Of("cells", pl.At)
			group := groups[pl.Unit]
			if pl.Group != "" {
				group = pl.Group
			}
			// A two-cell unit stands in both of its cells (once, when its pair names one cell twice: the
			// placement check reports that).
			for _, labels := range pl.UnitCells(u.Type.Footprint) {
				if placed++; placed > content.MaxCounters {
					return order
				}
				for _, label := range labels {
					c := byLabel[label]
					if c == nil {
						c = &Cell{Label: label, At: at}
						byLabel[label] = c
						order = append(order, c)
					}
					c.Units = append(c.Units, Placed{Side: s.ID, Unit: u, Group: group, At: at})
				}
			}
		}
	}
	return order
}

// unitGroups gives each unit type of a side the group its force lines name, when they all name the same one.
func (e *Engine) unitGroups(s *content.Side) map[string]string {
	out := map[string]string{}
	mixed := map[string]bool{}
	for _, f := range e.SideForces(s) {
		for _, en := range f.Units {
			if g, ok := out[en.Unit]; ok && g != en.Group {
				mixed[en.Unit] = true
			}
			out[en.Unit] = en.Group
		}
	}
	for u := range mixed {
		out[u] = "" // several groups: which one a placement means is not said
	}
	return out
}

// Stacking is the stacking model in force in a scenario: the stackingVariant it chooses, else the System's
// own; nil when there is none (or the variant is unknown: references report it).
func (e *Engine) Stacking(sc *content.Scenario) *content.Stacking {
	if sc.StackingVariant == "" {
		return e.sys.Stacking
	}
	for i := range e.sys.StackingVariants {
		if e.sys.StackingVariants[i].ID == sc.StackingVariant {
			return &e.sys.StackingVariants[i]
		}
	}
	return nil
}

// Excepted reports whether one of a stacking model's exceptions allows these units in one cell: no more than
// its max, every unit satisfying its `units` expression, and all sharing the fields it names.
func (e *Engine) Excepted(st *content.Stacking, us []Placed) bool {
	var run formula.Runner
	for i, x := range st.Exceptions {
		if x.Max > 0 && len(us) > x.Max {
			continue
		}
		var prog *formula.Program
		if progs := e.exceptions[st]; i < len(progs) {
			prog = progs[i]
		}
		if x.Units != "" && prog == nil {
			continue // did not compile; the compile diagnostics say so
		}
		good := true
		for _, u := range us {
			if prog != nil {
				env := make(formula.Env, len(u.Unit.env)+1)
				for k, v := range u.Unit.env {
					env[k] = v
				}
				env["group"] = u.Group
				ok, err := run.Bool(prog, env)
				if err != nil {
					e.lockedRuntimeErr(err, prog, fmt.Sprintf("stacking exception %s for unit type %s", x.ID, u.Unit.Type.ID))
					good = false
					break
				}
				if !ok {
					good = false
					break
				}
			}
			for _, f := range x.Same {
				if StackField(u, f) != StackField(us[0], f) || StackField(u, f) == "" {
					good = false
				}
			}
		}
		if good {
			return true
		}
	}
	return false
}

// StackField is the value of a field a stacking exception compares (type, group, faction) for a unit.
func StackField(u Placed, f string) string {
	switch f {
	case "type":
		return u.Unit.Type.ID
	case "group":
		return u.Group
	case "faction":
		return u.Unit.Type.Faction
	}
	return ""
}

// Capacity is how many units a stacking model's capacity lets one side (or, with scope cell, both sides) have
// in a place of an area or point-to-point map: the place's stat, or the capacity's default where it has none,
// plus each adjustment that applies to the side (all of an adjustment's conditions hold: its faction is one of
// the side's, the side holds the place — its owner is the side's faction, or the side controls it at set-up —
// and one of the units there has one of its classes). ok is false when the capacity sets no limit there, and
// why is the sum in words ("supply 2 + 1 for holding it").
func (e *Engine) Capacity(st *content.Stacking, set *content.MapSet, place string, side *content.Side, units []Placed) (limit int, why string, ok bool) {
	c := st.Capacity
	if c == nil || set == nil || !set.Network() {
		return 0, "", false
	}
	r, err := set.Lookup(place)
	if err != nil {
		return 0, "", false
	}
	pl := set.Boards[0].Geo.Places[r.Cell.Col]
	stats, _ := e.sys.TypePlaceStats(pl.Stats)
	if n, has := stats.Whole(c.Stat); has {
		limit, why = n, fmt.Sprintf("%s %d", c.Stat, n)
	} else if c.Default != nil {
		limit, why = *c.Default, fmt.Sprintf("%d where a place has no %s", *c.Default, c.Stat)
	} else {
		return 0, "", false
	}
	for _, a := range c.Adjust {
		if a.Faction == "" && !a.Owned && len(a.Classes) == 0 {
			continue
		}
		if side == nil || a.Faction != "" && !slices.Contains(side.Faction, a.Faction) {
			continue
		}
		if a.Owned && !(slices.Contains(side.Faction, pl.Owner) || slices.Contains(side.Controls, place)) {
			continue
		}
		if len(a.Classes) > 0 && !slices.ContainsFunc(units, func(u Placed) bool { return shareAny(a.Classes, u.Unit.Type.Classes) }) {
			continue
		}
		limit += a.Add
		var reasons []string
		if a.Faction != "" {
			reasons = append(reasons, "faction "+a.Faction)
		}
		if a.Owned {
			reasons = append(reasons, "holding it")
		}
		if len(a.Classes) > 0 {
			reasons = append(reasons, "a "+describeIDs(a.Classes)+" unit there")
		}
		sign := "+"
		if a.Add < 0 {
			sign = "-"
		}
		why += fmt.Sprintf(" %s %d for %s", sign, abs(a.Add), strings.Join(reasons, " and "))
	}
	return max(limit, 0), why, true
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
