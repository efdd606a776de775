package rules

import (
	"cmp"
	"errors"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

// Movement: what a path of cells costs a unit, by the System's terrain and feature costs, its zones of control
// and its movement modes.

// Move is a unit moving along a path of cells on a map set.
type Move struct {
	Set   *content.MapSet
	Unit  string   // unit type id
	Mode  string   // a movement mode id; "" for ordinary movement
	Path  []string // cell labels, the first where the unit starts
	Enemy []string // cells holding enemy units
}

// Prohibited is a move the rules do not allow, and why.
type Prohibited struct{ Why string }

func (p *Prohibited) Error() string { return "prohibited: " + p.Why }

// IsProhibited reports whether err says a move is not allowed (rather than that it could not be worked out).
func IsProhibited(err error) bool {
	var p *Prohibited
	return errors.As(err, &p)
}

func prohibited(format string, args ...any) error {
	return &Prohibited{Why: fmt.Sprintf(format, args...)}
}

// scalarCost reads a cost written as a number or "impassable".
func scalarCost(s *content.Scalar) (value.Number, bool, error) {
	if s == nil {
		return value.Int(1), false, nil
	}
	t := strings.TrimSpace(s.Text)
	if strings.EqualFold(t, "impassable") || t == "-" || t == "P" {
		return value.Number{}, true, nil
	}
	n, err := value.ParseNumber(t)
	return n, false, err
}

// ExertsZOC reports whether a unit type exerts a zone of control (the System has zones of control, and the
// unit is of a class that exerts one).
func (e *Engine) ExertsZOC(ut *content.UnitType) bool {
	z := e.sys.ZOC
	return z != nil && (len(z.ExertedBy) == 0 || shareAny(z.ExertedBy, ut.Classes))
}

// IgnoresZOC reports whether a unit type ignores enemy zones of control.
func (e *Engine) IgnoresZOC(ut *content.UnitType) bool {
	z := e.sys.ZOC
	return z == nil || shareAny(z.IgnoredBy, ut.Classes)
}

// inZOC reports whether a cell is in a zone of control of the enemy cells: next to one, with no feature that
// blocks zones of control on the side between.
func (e *Engine) inZOC(set *content.MapSet, c grid.Cell, enemy map[grid.Cell]bool) bool {
	z := e.sys.ZOC
	if z == nil {
		return false
	}
	for _, n := range set.Neighbours(c, nil) {
		if enemy[n] && !shareAny(z.BlockedBy, set.FeaturesBetween(c, n)) {
			return true
		}
	}
	return false
}

// MoveCost is what a path costs a unit, in movement points: each step the cost of entering the next cell
// (its terrain's move, or the cost of a path feature that steps there when there is one), plus the costs of
// the hexside features crossed (none where a crossing or a path carries the step), plus what entering and
// leaving enemy zones of control cost. A step into impassable ground, across an impassable feature, into an
// enemy unit, on past a zone of control that stops movement, or off the paths of a mode that keeps to them is
// prohibited (a *Prohibited error). The unit's allowance is not compared: the cost is what the rules charge.
func (e *Engine) MoveCost(m Move) (value.Number, error) {
	set := m.Set
	ut := e.pkg.UnitType(m.Unit)
	if ut == nil {
		return value.Number{}, fmt.Errorf("there is no unit type %q", m.Unit)
	}
	var mode *content.MovementMode
	if m.Mode != "" {
		for i := range e.sys.MovementModes {
			if e.sys.MovementModes[i].ID == m.Mode {
				mode = &e.sys.MovementModes[i]
			}
		}
		if mode == nil {
			return value.Number{}, fmt.Errorf("the System has no movement mode %q", m.Mode)
		}
		if len(mode.Classes) > 0 && !shareAny(mode.Classes, ut.Classes) {
			return value.Number{}, prohibited("%s may not use %s (only %s units)", ut.ID, cmp.Or(mode.Name, mode.ID), describeIDs(mode.Classes))
		}
	}
	cells := make([]grid.Cell, len(m.Path))
	for i, l := range m.Path {
		r, err := set.Lookup(l)
		if err != nil {
			return value.Number{}, err
		}
		cells[i] = r.Cell
	}
	enemy := map[grid.Cell]bool{}
	for _, l := range m.Enemy {
		r, err := set.Lookup(l)
		if err != nil {
			return value.Number{}, err
		}
		enemy[r.Cell] = true
	}
	terrain := map[string]*content.TerrainDef{}
	for i := range e.sys.Terrain {
		terrain[e.sys.Terrain[i].ID] = &e.sys.Terrain[i]
	}
	feature := map[string]*content.FeatureDef{}
	for i := range e.sys.Features {
		feature[e.sys.Features[i].ID] = &e.sys.Features[i]
	}
	z := e.sys.ZOC
	ignores := e.IgnoresZOC(ut)
	var total value.Number
	for i := 1; i < len(cells); i++ {
		a, b := cells[i-1], cells[i]
		la, lb := m.Path[i-1], m.Path[i]
		if !set.Adjacent(a, b) {
			return value.Number{}, fmt.Errorf("%s and %s are not next to each other", la, lb)
		}
		if enemy[b] {
			return value.Number{}, prohibited("%s holds an enemy unit", lb)
		}
		// The step: along a path (road movement), or into the cell's terrain across the hexside's features.
		var step value.Number
		var paths []*content.FeatureDef
		for _, id := range set.PathsBetween(a, b) {
			if f := feature[id]; f != nil && (mode == nil || len(mode.Along) == 0 || strIn(mode.Along, id)) {
				paths = append(paths, f)
			}
		}
		switch {
		case mode != nil && len(mode.Along) > 0 && len(paths) == 0:
			return value.Number{}, prohibited("%s keeps to %s, and no %s runs from %s to %s", cmp.Or(mode.Name, mode.ID), describeIDs(mode.Along), describeIDs(mode.Along), la, lb)
		case len(paths) > 0:
			for k, f := range paths {
				c, _, err := scalarCost(f.Cost)
				if err != nil {
					return value.Number{}, fmt.Errorf("path feature %s's cost: %v", f.ID, err)
				}
				if mode != nil && mode.PathCost != nil {
					c = *mode.PathCost
				}
				if k == 0 || c.Cmp(step) < 0 {
					step = c
				}
			}
		default:
			t := terrain[set.Terrain(b)]
			if t != nil {
				c, imp, err := scalarCost(t.Move)
				if err != nil {
					return value.Number{}, fmt.Errorf("terrain %s's move: %v", t.ID, err)
				}
				if imp || t.Impassable {
					return value.Number{}, prohibited("%s is %s: impassable", lb, cmp.Or(t.Name, t.ID))
				}
				if !t.Impassable && !t.Admit(ut) {
					return value.Number{}, prohibited("%s is %s, which admits only %s units", lb, cmp.Or(t.Name, t.ID), describeIDs(t.Admits))
				}
				step = c
			} else {
				step = value.Int(1)
			}
			crossed := len(set.CrossingsBetween(a, b)) > 0
			for _, id := range set.FeaturesBetween(a, b) {
				f := feature[id]
				if f == nil || crossed && f.Water {
					continue
				}
				c, imp, err := scalarCost(f.Cost)
				if err != nil {
					return value.Number{}, fmt.Errorf("feature %s's cost: %v", f.ID, err)
				}
				if imp || f.Impassable {
					return value.Number{}, prohibited("%s between %s and %s is impassable", cmp.Or(f.Name, f.ID), la, lb)
				}
				if f.Cost != nil {
					step = step.Add(c)
				}
			}
		}
		// Zones of control.
		if z != nil && !ignores {
			if e.inZOC(set, a, enemy) {
				switch z.Leave {
				case content.ZOCProhibited:
					return value.Number{}, prohibited("a unit may not leave an enemy zone of control (%s)", la)
				case content.ZOCCost:
					if z.LeaveCost != nil {
						step = step.Add(*z.LeaveCost)
					}
				}
			}
			if e.inZOC(set, b, enemy) {
				if mode != nil && mode.NoEnemyZOC {
					return value.Number{}, prohibited("%s may not enter an enemy zone of control (%s)", cmp.Or(mode.Name, mode.ID), lb)
				}
				switch z.Enter {
				case content.ZOCProhibited:
					return value.Number{}, prohibited("a unit may not enter an enemy zone of control (%s)", lb)
				case content.ZOCCost:
					if z.EnterCost != nil {
						step = step.Add(*z.EnterCost)
					}
				case "", content.ZOCStop:
					if i < len(cells)-1 {
						return value.Number{}, prohibited("a unit entering an enemy zone of control stops there (%s)", lb)
					}
				}
			}
		}
		total = total.Add(step)
	}
	return total, nil
}

// Allowance is how far a unit moves in a movement mode, by the mode's allowance formula.
func (e *Engine) Allowance(mode, unitID string) (value.Number, error) {
	prog := e.allowance[mode]
	u := e.Unit(unitID)
	if prog == nil || u == nil {
		return value.Number{}, fmt.Errorf("no allowance for mode %q and unit %q", mode, unitID)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	n, err := e.run.Number(prog, u.env)
	if err != nil {
		e.runtimeErr(err, prog, fmt.Sprintf("allowance of %s for %s", mode, unitID))
	}
	return n, err
}
