package rules

import (
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

// Attack is one attack read on a combat results table: the strengths, the defender's terrain, and the units,
// which the table's column shifts may ask about.
type Attack struct {
	Attack, Defence      value.Number
	Terrain              string
	Attackers, Defenders []content.Combatant
	Weather              string // the turn's weather (a System weather id), "" when not known
}

// Column is where an attack falls on a table: the column before shifts, the shifts that applied, and the
// column read.
type Column struct {
	Base    int // the column before shifts; -1 when below the lowest
	Shift   int // the columns the shifts add up to
	Index   int // the column read, when not Refused
	Label   string
	Refused bool
	Shifts  []*content.ColumnShift
	// Modifier is what the die-roll modifiers that hold add to the roll; Modifiers are those modifiers.
	Modifier  int
	Modifiers []*content.RollModifier
}

// String says where the attack falls: "3:1", or "refused".
func (c Column) String() string {
	if c.Refused {
		return "refused"
	}
	return c.Label
}

// Why says how the column was reached: "4:1, 1 left (Defender in forest): 3:1".
func (c Column) Why(o *content.Odds) string {
	base := "below the lowest column"
	if c.Base >= 0 && c.Base < len(o.Labels) {
		base = o.Labels[c.Base]
	}
	if len(c.Shifts) == 0 {
		return base
	}
	var parts []string
	for _, s := range c.Shifts {
		parts = append(parts, ShiftText(s))
	}
	return fmt.Sprintf("%s, %s: %s", base, strings.Join(parts, ", "), c)
}

// ShiftText is a column shift as a chart prints it: "1 left (Defender in forest)".
func ShiftText(s *content.ColumnShift) string {
	n, dir := s.Columns, "right"
	if n < 0 {
		n, dir = -n, "left"
	}
	t := fmt.Sprintf("%d %s", n, dir)
	if s.Text != "" {
		t += " (" + s.Text + ")"
	} else if s.ID != "" {
		t += " (" + s.ID + ")"
	}
	return t
}

// Combat reads an attack on a table: the column the odds (or the difference) fall in, rounded in the
// defender's favour, then every column shift whose conditions hold (the defender's terrain, attackers across
// a hexside feature, the shift's formula), added up. A shifted column past the table's last is its last; one
// before its first is refused, or the first when the table says below: lowest. An attack refused before
// shifts (below the lowest column) is shifted from one column below the lowest. The die-roll modifiers whose
// conditions hold (read as a shift's) are added up too.
func (e *Engine) Combat(t *content.Table, a Attack) (Column, error) {
	o, err := t.Odds()
	if err != nil {
		return Column{}, err
	}
	base, err := o.Unclamped(a.Attack, a.Defence)
	if err != nil {
		return Column{}, err
	}
	col := Column{Base: base}
	if t.Combat != nil {
		for i := range t.Combat.Shifts {
			s := &t.Combat.Shifts[i]
			ok, err := e.shiftHolds(t, s, a)
			if err != nil {
				return Column{}, err
			}
			if ok {
				col.Shifts = append(col.Shifts, s)
				col.Shift += s.Columns
			}
		}
		for i := range t.Combat.Modifiers {
			m := &t.Combat.Modifiers[i]
			ok, err := e.ModifierHolds(t, m, a)
			if err != nil {
				return Column{}, err
			}
			if ok {
				col.Modifiers = append(col.Modifiers, m)
				col.Modifier += m.Roll
			}
		}
	}
	idx := base + col.Shift
	switch {
	case idx >= len(o.Labels):
		idx = len(o.Labels) - 1
	case idx < 0 && o.Lowest:
		idx = 0
	case idx < 0:
		col.Refused = true
		return col, nil
	}
	col.Index, col.Label = idx, o.Labels[idx]
	return col, nil
}

func (e *Engine) shiftHolds(t *content.Table, s *content.ColumnShift, a Attack) (bool, error) {
	return e.holdsFor(t, s.Terrain, s.Across, s.All, s.When, e.shifts[s], "column shift "+s.ID, a)
}

// ModifierHolds reports whether a die-roll modifier of the table holds for an attack: its conditions read as a
// column shift's.
func (e *Engine) ModifierHolds(t *content.Table, m *content.RollModifier, a Attack) (bool, error) {
	return e.holdsFor(t, m.Terrain, m.Across, m.All, m.When, e.modifiers[m], "die-roll modifier "+m.ID, a)
}

// holdsFor reads the conditions a column shift or a die-roll modifier gives: the defender's terrain, some (or
// all) attackers across a feature, a formula of the combat scope.
func (e *Engine) holdsFor(t *content.Table, terrain, across []string, all bool, when string, prog *formula.Program, what string, a Attack) (bool, error) {
	if len(terrain) > 0 && !slices.Contains(terrain, a.Terrain) {
		return false, nil
	}
	if len(across) > 0 {
		n := 0
		for _, at := range a.Attackers {
			if shareAny(across, at.Across) {
				n++
			}
		}
		if n == 0 || all && n < len(a.Attackers) {
			return false, nil
		}
	}
	if when == "" {
		return true, nil
	}
	if prog == nil {
		return false, fmt.Errorf("table %s: %s's condition does not compile", t.ID, what)
	}
	var r formula.Runner
	ok, err := r.Bool(prog, formula.CombatValues(e.combatData(a)))
	if err != nil {
		e.lockedRuntimeErr(err, prog, fmt.Sprintf("table %s, %s", t.ID, what))
		return false, err
	}
	return ok, nil
}

// ModifierText is a die-roll modifier as a chart prints it: "+1 (Defender disrupted)".
func ModifierText(m *content.RollModifier) string {
	t := fmt.Sprintf("%+d", m.Roll)
	if m.Text != "" {
		t += " (" + m.Text + ")"
	} else if m.ID != "" {
		t += " (" + m.ID + ")"
	}
	return t
}

// Strength is what one unit adds to an attack's strength (role attack) or to the defence (role defence) on a
// table, by the table's combat formula, read on the unit's back when it is flipped and has a reduced back.
// ok is false when the table gives no such formula.
func (e *Engine) Strength(t *content.Table, role, unitID string, flipped bool) (n value.Number, ok bool, err error) {
	prog := e.strength[strengthKey{t, role}]
	if prog == nil {
		return value.Number{}, false, nil
	}
	ut := e.pkg.UnitType(unitID)
	if ut == nil {
		return value.Number{}, true, fmt.Errorf("there is no unit type %q", unitID)
	}
	env, err := e.unitEnv(ut, flipped)
	if err != nil {
		return value.Number{}, true, err
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	n, err = e.run.Number(prog, env)
	if err != nil {
		e.runtimeErr(err, prog, fmt.Sprintf("table %s, %s strength of %s", t.ID, role, unitID))
	}
	return n, true, err
}

type strengthKey struct {
	t    *content.Table
	role string
}

func (e *Engine) combatData(a Attack) formula.CombatData {
	conv := func(cs []content.Combatant) []formula.CombatantData {
		out := make([]formula.CombatantData, len(cs))
		for i, c := range cs {
			out[i] = formula.CombatantData{Type: c.Unit, Across: c.Across, Markers: c.Markers, Flipped: c.Flipped}
			if ut := e.pkg.UnitType(c.Unit); ut != nil {
				out[i].Classes, out[i].Faction = ut.Classes, ut.Faction
			}
		}
		return out
	}
	return formula.CombatData{Attack: a.Attack.Float(), Defence: a.Defence.Float(), Terrain: a.Terrain,
		Attackers: conv(a.Attackers), Defenders: conv(a.Defenders), Weather: a.Weather}
}
