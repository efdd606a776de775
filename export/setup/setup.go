// Package setup works out what a scenario puts on the table when a digital game starts: each unit set up in
// its cell (or at its point of an open table), and the units that wait — set up anywhere in a zone, entering
// by an edge, arriving as reinforcements, or fielded but not placed — grouped as a player would sort them.
// The exporters lay the same plan out each in its own format, so a module and a set agree.
package setup

import (
	"cmp"
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
)

// Designs finds the counter design a side fields for a unit type or marker id (in the colours of one of the
// side's factions where the exporter has such a version): the exporter's key for it and its footprint. ok is
// false when the exporter has no counter for the id.
type Designs func(id string, factions []string) (key string, footprint int, ok bool)

// Unit is some copies of one design.
type Unit struct {
	Key string
	N   int
}

// Placed is one unit standing on the map at the start.
type Placed struct {
	Side int    // index in the scenario's sides
	Key  string // the design
	// Cells are the unit's cell, or its two cells (a two-cell unit), in the scenario's map set; Labels are
	// their labels as the map prints them.
	Cells  []grid.Cell
	Labels []string
	// Point is where the unit stands on an open table, in inches from its top-left corner (Cells is nil).
	Point *grid.Point
	// PlacePoint is, on an area or point-to-point map, the point of the unit's place where its units stand
	// (Geometry.Anchor; a two-place unit's first place), in inches from the map's top-left corner; Cells
	// and Labels still say the place.
	PlacePoint *grid.Point
	// Flipped: the unit starts on its back (content.Placement.Flipped). Markers are the designs of the
	// markers placed on it as it sets up, in order, bottom first.
	Flipped bool
	Markers []string
	// Step is the step a block sets up on (from 0, full strength): the step of the placement's strength.
	Step int
}

// Holding is a group of units that wait off the map: their side, what they wait for, and the units.
type Holding struct {
	Side  int
	Label string // "Set up within 3 hexes of M", "Reinforcements, turn 4 by the east edge", ...
	Units []Unit
	// Pool is set for a side's draw pool: its units wait face down, to be drawn at random (Label says what is
	// drawn, into where and when).
	Pool *content.Pool
	// Eliminated is set for the units a side begins the game with in its pool of eliminated units (its dead
	// pile: content.Side.Eliminated), taken from its forces.
	Eliminated bool
}

// Plan is a scenario's start: the placed units in the order the content sets them up, then the holdings
// side by side, each side's in the order: zones, reinforcements by turn, units available later by turn, the
// units eliminated at the start, draw pools, entries, the rest.
type Plan struct {
	Placed   []Placed
	Holdings []Holding
}

// Scenario plans a scenario on its map set (nil for a scenario without a map: then every unit waits).
// Problems are errors with the code given, at the content: a unit with no counter, a set-up cell that is
// not on the map set, a point off the table. A scenario validate passes has none.
func Scenario(pkg *content.Package, sc *content.Scenario, set *content.MapSet, designs Designs, code string) (*Plan, diag.List) {
	var ds diag.List
	p := &Plan{}
	for i := range sc.Sides {
		sd := &sc.Sides[i]
		var pl pool
		for _, f := range sideForces(pkg, sd) {
			for _, list := range [][]content.ForceEntry{f.Units, f.Markers} {
				for _, e := range list {
					if key, _, ok := designs(entryID(e), sd.Faction); ok {
						pl.add(key, max(e.Count, 1))
					}
				}
			}
		}
		var holds []Holding
		for _, place := range sd.Setup {
			key, footprint, ok := designs(place.Unit, sd.Faction)
			if !ok {
				ds.Errorf(place.Fields.Of("unit", place.At), code, "unit %s has no counter to set up", place.Unit)
				continue
			}
			var markers []string
			for _, id := range place.Markers {
				mk, _, ok := designs(id, sd.Faction)
				if !ok {
					ds.Errorf(place.Fields.Of("markers", place.At), code, "marker %s has no counter to set up", id)
					continue
				}
				markers = append(markers, mk)
			}
			first := len(p.Placed)
			switch {
			case len(place.Cells) > 0 && set != nil && set.Type != content.GridOpen:
				n, bad := placeCells(p, set, place, i, key, footprint)
				if bad != nil {
					ds.Add(*bad)
					ds[len(ds)-1].Code = code
					continue
				}
				pl.take(key, n)
			case len(place.Points) > 0 && set != nil && set.Type == content.GridOpen:
				n, bad := placePoints(p, set, place, i, key)
				if bad != nil {
					ds.Add(*bad)
					ds[len(ds)-1].Code = code
					continue
				}
				pl.take(key, n)
			case place.Zone != nil:
				n := max(place.Count, 1)
				label := "Set up" + ZoneText(set, place.Zone)
				if place.Flipped {
					label += ", on its back"
				}
				holds = append(holds, Holding{Side: i, Label: label, Units: []Unit{{key, n}}})
				pl.take(key, n)
			}
			step := blockStep(pkg, place)
			for j := first; j < len(p.Placed); j++ {
				p.Placed[j].Step = step
				p.Placed[j].Flipped = place.Flipped
				p.Placed[j].Markers = markers
				for _, mk := range markers {
					pl.take(mk, 1)
				}
			}
		}
		// Reinforcements are units the side receives besides its forces (as the rules engine counts them for
		// budgets, minimums, rosters and the counter mix): they wait in their turn's box, not in the pool.
		for _, r := range sc.Reinforcements {
			if r.Side != sd.ID {
				continue
			}
			turn := r.Turn
			if turn == 0 {
				turn = r.Entry.Turn
			}
			h := Holding{Side: i, Label: fmt.Sprintf("Reinforcements, turn %d%s", turn, EntryText(r.Entry))}
			if turn == 0 {
				h.Label = "Reinforcements" + EntryText(r.Entry)
			}
			for _, e := range r.Units {
				if key, _, ok := designs(entryID(e), sd.Faction); ok {
					h.Units = append(h.Units, Unit{key, max(e.Count, 1)})
				}
			}
			if len(h.Units) > 0 {
				holds = append(holds, h)
			}
		}
		// Units that become available later (content.Side.Available) wait in their turn's box: like
		// reinforcements, they come besides the side's forces, not out of its pool.
		for _, a := range sd.Available {
			h := Holding{Side: i, Label: fmt.Sprintf("Available from turn %d", a.Turn)}
			if a.Turn <= 0 {
				h.Label = "Available later"
			}
			for _, e := range a.Units {
				if key, _, ok := designs(entryID(e), sd.Faction); ok {
					h.Units = append(h.Units, Unit{key, max(e.Count, 1)})
				}
			}
			if len(h.Units) > 0 {
				holds = append(holds, h)
			}
		}
		// Units that begin eliminated wait in the side's dead pile, out of its pool.
		if len(sd.Eliminated) > 0 {
			h := Holding{Side: i, Label: "Eliminated at the start", Eliminated: true}
			for _, e := range sd.Eliminated {
				if key, _, ok := designs(entryID(e), sd.Faction); ok {
					n := max(e.Count, 1)
					pl.take(key, n)
					h.Units = append(h.Units, Unit{key, n})
				}
			}
			if len(h.Units) > 0 {
				holds = append(holds, h)
			}
		}
		// Draw pools: their units wait apart, face down, to be drawn.
		for j := range sd.Pools {
			pp := &sd.Pools[j]
			h := Holding{Side: i, Label: PoolText(pp), Pool: pp}
			for _, pu := range pp.Units {
				if key, _, ok := designs(pu.Unit, sd.Faction); ok {
					if n := pl.take(key, max(pu.Count, 1)); n > 0 {
						h.Units = append(h.Units, Unit{key, n})
					}
				}
			}
			holds = append(holds, h)
		}
		// Entries: the units an entry names, then the rest at the first entry that names none.
		open := -1
		for _, en := range sd.Entry {
			h := Holding{Side: i, Label: "Enter" + EntryText(en)}
			if len(en.Units) == 0 {
				if open < 0 {
					holds = append(holds, h)
					open = len(holds) - 1
				}
				continue
			}
			for _, id := range en.Units {
				if key, _, ok := designs(id, sd.Faction); ok {
					if n := pl.take(key, 1<<30); n > 0 {
						h.Units = append(h.Units, Unit{key, n})
					}
				}
			}
			holds = append(holds, h)
		}
		if rest := pl.rest(); len(rest) > 0 {
			if open >= 0 {
				holds[open].Units = append(holds[open].Units, rest...)
			} else {
				holds = append(holds, Holding{Side: i, Label: "Not placed by the scenario", Units: rest})
			}
		}
		p.Holdings = append(p.Holdings, holds...)
	}
	return p, ds
}

// placeCells sets a placement's units up on their cells as content lays them out (Placement.UnitCells), and
// says how many it placed; a cell not on the map set is a problem at the placement's cells.
func placeCells(p *Plan, set *content.MapSet, place content.Placement, side int, key string, footprint int) (int, *diag.Diagnostic) {
	n := 0
	for _, labels := range place.UnitCells(footprint) {
		u := Placed{Side: side, Key: key}
		for _, l := range labels {
			r, err := set.Lookup(l)
			if err != nil {
				return n, &diag.Diagnostic{Severity: diag.Error, Pos: place.Fields.Of("cells", place.At),
					Message: fmt.Sprintf("set-up cell %s is not on the scenario's map: %v", l, err)}
			}
			u.Cells = append(u.Cells, r.Cell)
			u.Labels = append(u.Labels, set.Label(r.Cell))
		}
		if set.Network() {
			pt, ok := set.Boards[0].Geo.Anchor(u.Cells[0].Col)
			if !ok {
				return n, &diag.Diagnostic{Severity: diag.Error, Pos: place.Fields.Of("cells", place.At),
					Message: fmt.Sprintf("%s %s has no point for its units to stand at", set.PlaceWord(), u.Labels[0])}
			}
			u.PlacePoint = &pt
		}
		p.Placed = append(p.Placed, u)
		n++
	}
	return n, nil
}

// placePoints sets a placement's units up at their points of an open table (Placement.UnitPoints).
func placePoints(p *Plan, set *content.MapSet, place content.Placement, side int, key string) (int, *diag.Diagnostic) {
	t := set.Table
	n := 0
	for _, pt := range place.UnitPoints() {
		if pt.X < 0 || pt.Y < 0 || pt.X > t.Width || pt.Y > t.Height {
			return n, &diag.Diagnostic{Severity: diag.Error, Pos: place.Fields.Of("points", place.At),
				Message: fmt.Sprintf("set-up point %gin,%gin is off the %gin x %gin table", pt.X, pt.Y, t.Width, t.Height)}
		}
		pt := pt
		p.Placed = append(p.Placed, Placed{Side: side, Key: key, Point: &pt})
		n++
	}
	return n, nil
}

// entryID is the unit type or marker a force entry names.
func entryID(e content.ForceEntry) string {
	if e.Unit != "" {
		return e.Unit
	}
	return e.Marker
}

// sideForces are the forces a side fields.
func sideForces(pkg *content.Package, sd *content.Side) []*content.Force {
	var out []*content.Force
	for _, id := range sd.ForceIDs() {
		if f := pkg.Force(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// pool is the units a side fields that are not placed yet, in force order.
type pool struct {
	items []Unit
}

func (p *pool) add(key string, n int) {
	for i := range p.items {
		if p.items[i].Key == key {
			p.items[i].N += n
			return
		}
	}
	p.items = append(p.items, Unit{key, n})
}

// take removes up to n copies and says how many it found.
func (p *pool) take(key string, n int) int {
	for i := range p.items {
		if p.items[i].Key == key {
			k := min(n, p.items[i].N)
			p.items[i].N -= k
			return k
		}
	}
	return 0
}

// rest empties the pool.
func (p *pool) rest() []Unit {
	var out []Unit
	for _, it := range p.items {
		if it.N > 0 {
			out = append(out, it)
		}
	}
	p.items = nil
	return out
}

// EntryText says where and when units enter, after a space: " by the east edge, turn 3".
func EntryText(en content.Entry) string {
	var parts []string
	if en.Edge != "" {
		parts = append(parts, "by the "+en.Edge+" edge")
	}
	if len(en.Cells) > 0 {
		parts = append(parts, "at "+strings.Join(en.Cells, ", "))
	}
	if en.Turn > 0 {
		parts = append(parts, fmt.Sprintf("turn %d", en.Turn))
	}
	if len(parts) == 0 {
		return ""
	}
	return " " + strings.Join(parts, ", ")
}

// ZoneText says where a zone is, after a space, in the words of the map set (content.MapSet.DescribeZone, as
// the sheet and the map print it); set is nil for a scenario without a map.
func ZoneText(set *content.MapSet, z *content.Zone) string {
	if d := set.DescribeZone(z); d != "" {
		return " " + d
	}
	return ""
}

// blockStep is the step (from 0) a placement sets its block up on: that of its strength, 0 for full
// strength, a counter or a strength none of its steps has (validate reports it).
func blockStep(pkg *content.Package, place content.Placement) int {
	if place.Strength == nil {
		return 0
	}
	u := pkg.UnitType(place.Unit)
	if !u.IsBlock() {
		return 0
	}
	b, _ := rules.BlockOf(pkg.System, u)
	i, _ := b.StepOf(*place.Strength)
	return i
}

// PoolText says what a pool holds and how it is drawn: "The northern muster: 4 units, draw 2 into
// ravensmoor on turns 2 and 4".
func PoolText(p *content.Pool) string {
	draws, _ := p.Draws()
	var when []string
	turns := []string{}
	for _, d := range draws {
		if d.Turn == 0 {
			when = append(when, "at set-up")
		} else {
			turns = append(turns, strconv.Itoa(d.Turn))
		}
	}
	switch len(turns) {
	case 0:
	case 1:
		when = append(when, "on turn "+turns[0])
	default:
		when = append(when, "on turns "+english.List(turns, "and"))
	}
	s := fmt.Sprintf("%s: %s, draw %d", cmp.Or(p.Name, p.ID), english.Count(p.Size(), "unit"), p.Draw)
	if p.Into != "" {
		s += " into " + p.Into
	}
	if len(when) > 0 {
		s += " " + english.List(when, "and")
	}
	return s
}
