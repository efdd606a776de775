package rules

import (
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

// Unit is a unit type (or a force line that overrides its stats) with its formula values and its cost.
type Unit struct {
	Type  *content.UnitType
	Cost  value.Number // one unit, components included
	Lines []PointLine  // how the cost was made

	data     *formula.UnitData
	derived  map[string]value.Number // exact derived values, for rosters and awards that count them
	env      formula.Env             // Unit environment without flag values
	groupEnv formula.Env             // the unit as an element of a Group environment's units, without count and points
}

// PointLine is one term of a unit's cost: a point formula's value or a component's cost.
type PointLine struct {
	Rule  string       `json:"rule"` // point formula id, or "component:<unit>"
	Expr  string       `json:"expr,omitempty"`
	Value value.Number `json:"-"`
	Text  string       `json:"value"` // Value in wargame notation, for JSON readers
}

// Derived is the value of a derived value the System declares for this unit (PRESTAGS's VP, Rampant's
// activation span); ok is false when it does not apply to the unit or could not be computed.
func (u *Unit) Derived(id string) (v float64, ok bool) {
	v, ok = u.data.Derived[id]
	return v, ok
}

// Unit prices a unit type; nil for an unknown type (references report it) or a components cycle.
func (e *Engine) Unit(id string) *Unit {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.unit(id, nil)
}

// UnitCost is what one unit of a type costs (0 for an unknown type).
func (e *Engine) UnitCost(id string) value.Number {
	if u := e.Unit(id); u != nil {
		return u.Cost
	}
	return value.Number{}
}

func (e *Engine) unit(id string, entry *content.ForceEntry) *Unit {
	return e.priced(unitKey{id: id}, entry, nil)
}

// unitStep is a block on a step after its first: the step's values over the unit type's stats.
func (e *Engine) unitStep(id string, b *Block, step int) *Unit {
	return e.priced(unitKey{id: id, step: step}, nil, b)
}

// priced computes a unit's formula values and cost, once for each key: a unit type, a force entry that
// overrides its stats, or a block on a step (b, with k.step).
func (e *Engine) priced(k unitKey, entry *content.ForceEntry, b *Block) *Unit {
	id := k.id
	if entry != nil && len(entry.Stats) > 0 {
		k.entry = entry
	}
	if u, ok := e.units[k]; ok {
		return u
	}
	ut := e.pkg.UnitType(id)
	if ut == nil || e.visiting[id] {
		return nil
	}
	e.visiting[id] = true
	defer delete(e.visiting, id)
	if b == nil && ut.IsBlock() {
		b, _ = BlockOf(e.sys, ut)
	}
	layers := []map[string]content.Scalar{ut.Stats}
	step, steps := 0, 0
	if b != nil && len(b.Steps) > 0 {
		// A block's stats are those of its step: the unit type's with the step's values over them.
		step, steps = k.step+1, len(b.Steps)
		layers = append(layers, b.Steps[min(k.step, len(b.Steps)-1)].Layer)
	}
	if k.entry != nil {
		layers = append(layers, entry.Stats)
	}
	stats := e.sys.UnitStats(layers...)
	data := &formula.UnitData{Type: ut.ID, Name: ut.Name, Faction: ut.Faction, Classes: ut.Classes, Count: 1, Stats: stats,
		Derived: map[string]float64{}, Step: step, Steps: steps}
	u := &Unit{Type: ut, data: data, derived: map[string]value.Number{}}
	what := "unit type " + ut.ID
	for _, f := range e.derived {
		if f.prog == nil || !f.appliesTo(ut.Classes) {
			continue
		}
		n, err := e.run.Number(f.prog, e.decl.UnitValues(data, f.prog.Flags, false))
		if err != nil {
			e.runtimeErr(err, f.prog, fmt.Sprintf("derived value %s for %s", f.id, what))
			continue
		}
		data.Derived[f.id] = n.Float()
		u.derived[f.id] = n
	}
	u.env = e.decl.UnitValues(data, nil, false)
	u.groupEnv = e.decl.UnitValues(data, nil, true)
	for _, f := range e.points {
		if f.prog == nil || !f.appliesTo(ut.Classes) {
			continue
		}
		env := u.env
		if f.prog.Flags != nil {
			env = e.decl.UnitValues(data, f.prog.Flags, false)
		}
		n, err := e.run.Number(f.prog, env)
		if err != nil {
			e.runtimeErr(err, f.prog, fmt.Sprintf("point formula %s for %s", f.id, what))
			continue
		}
		u.Cost = u.Cost.Add(n)
		u.Lines = append(u.Lines, PointLine{Rule: f.id, Expr: f.prog.Src.Text, Value: n, Text: n.String()})
	}
	for _, c := range ut.Components {
		cu := e.unit(c.Unit, nil)
		if cu == nil {
			continue
		}
		n := max(c.Count, 1)
		v := cu.Cost.Mul(value.Int(int64(n)))
		u.Cost = u.Cost.Add(v)
		u.Lines = append(u.Lines, PointLine{Rule: "component:" + c.Unit, Expr: fmt.Sprintf("%d x %s", n, cu.Cost), Value: v, Text: v.String()})
	}
	e.units[k] = u
	return u
}

// ---------------------------------------------------------------------------------------------------- items

// ItemLine is a purchase that is not a counter, priced.
type ItemLine struct {
	Entry    *content.ItemEntry
	Def      *content.ItemDef // nil for an unknown item
	Each     value.Number
	Points   value.Number
	Unpriced bool // priced by a unit's stats, but the line names no unit
}

// ItemCost is what one item costs, bought for a unit when its cost depends on the unit (ammunition priced by
// a weapon's stats); 0 for an unknown item, or a unit-priced item without a unit.
func (e *Engine) ItemCost(item, unit string) value.Number {
	en := &content.ItemEntry{Item: item, Unit: unit, Count: value.Int(1)}
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.item(en, "the catalogue").Each
}

// PricedByUnit reports whether an item's cost depends on the unit it is bought for.
func (e *Engine) PricedByUnit(item string) bool { return e.itemCost[item] != nil }

func (e *Engine) itemDef(id string) *content.ItemDef {
	for i := range e.sys.Items {
		if e.sys.Items[i].ID == id {
			return &e.sys.Items[i]
		}
	}
	return nil
}

func (e *Engine) item(en *content.ItemEntry, what string) ItemLine {
	it := ItemLine{Entry: en, Def: e.itemDef(en.Item)}
	if it.Def == nil {
		return it
	}
	if it.Def.Cost != nil {
		it.Each = *it.Def.Cost
	}
	if prog := e.itemCost[en.Item]; prog != nil {
		u := e.unit(en.Unit, nil)
		if u == nil {
			it.Unpriced = true
		} else {
			env := u.env
			if prog.Flags != nil {
				env = e.decl.UnitValues(u.data, prog.Flags, false)
			}
			n, err := e.run.Number(prog, env)
			if err != nil {
				e.runtimeErr(err, prog, fmt.Sprintf("cost of item %s for unit type %s in %s", en.Item, en.Unit, what))
			} else {
				it.Each = n
			}
		}
	}
	it.Points = it.Each.Mul(en.Count)
	return it
}

// --------------------------------------------------------------------------------------------------- forces

// Line is one unit line of a force, a side or a cell, priced.
type Line struct {
	Entry  *content.ForceEntry // the force line (nil for a line a generator builds)
	Unit   *Unit               // nil for an unknown unit type
	Count  int
	Points value.Number
	Side   string // the scenario side fielding it, when known
}

// ForceCalc is a force with its lines and items priced.
type ForceCalc struct {
	Force   *content.Force
	Lines   []Line
	Markers []*content.ForceEntry
	Items   []ItemLine
	Units   value.Number // points of the units
	Total   value.Number // units and items
}

// EntryCount is how many units a force or mix line stands for: a count of 0 (not given) means one.
func EntryCount(n int) int { return max(n, 1) }

// Force prices a force (the override's, when the engine replaces a force of that id).
func (e *Engine) Force(f *content.Force) *ForceCalc {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.force(f)
}

func (e *Engine) force(f *content.Force) *ForceCalc {
	if fc, ok := e.forces[f]; ok {
		return fc
	}
	fc := &ForceCalc{Force: f}
	for i := range f.Units {
		en := &f.Units[i]
		if en.Unit == "" {
			if en.Marker != "" {
				fc.Markers = append(fc.Markers, en)
			}
			continue
		}
		fc.Lines = append(fc.Lines, e.line(en, ""))
	}
	for i := range f.Markers {
		fc.Markers = append(fc.Markers, &f.Markers[i])
	}
	for _, l := range fc.Lines {
		fc.Units = fc.Units.Add(l.Points)
	}
	fc.Total = fc.Units
	for i := range f.Items {
		it := e.item(&f.Items[i], "force "+f.ID)
		fc.Items = append(fc.Items, it)
		fc.Total = fc.Total.Add(it.Points)
	}
	e.forces[f] = fc
	return fc
}

// Line prices one force line fielded by a side ("" when not known).
func (e *Engine) Line(en *content.ForceEntry, side string) Line {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.line(en, side)
}

func (e *Engine) line(en *content.ForceEntry, side string) Line {
	l := Line{Entry: en, Count: EntryCount(en.Count), Side: side}
	l.Unit = e.unit(en.Unit, en)
	if l.Unit != nil {
		l.Points = l.Unit.Cost.Mul(value.Int(int64(l.Count)))
	}
	return l
}

// LookupForce is the force of an id, the engine's replacement first.
func (e *Engine) LookupForce(id string) *content.Force {
	if f, ok := e.override[id]; ok {
		return f
	}
	return e.pkg.Force(id)
}

// SideForces are the forces a side fields, in the order it names them.
func (e *Engine) SideForces(s *content.Side) []*content.Force {
	var out []*content.Force
	for _, id := range s.ForceIDs() {
		if f := e.LookupForce(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// SideReinforcements prices the unit lines a side receives as reinforcements.
func (e *Engine) SideReinforcements(sc *content.Scenario, s *content.Side) []Line {
	var out []Line
	for i := range sc.Reinforcements {
		r := &sc.Reinforcements[i]
		if r.Side != s.ID {
			continue
		}
		for j := range r.Units {
			if r.Units[j].Unit != "" {
				out = append(out, e.Line(&r.Units[j], s.ID))
			}
		}
	}
	return out
}

// unitEnv is a unit type's formula environment: its front, or its reduced back's stats over the front's when
// flipped (derived values are the front's).
func (e *Engine) unitEnv(ut *content.UnitType, flipped bool) (formula.Env, error) {
	e.mu.Lock()
	defer e.mu.Unlock()
	u := e.unit(ut.ID, nil)
	if u == nil {
		return nil, fmt.Errorf("unit type %s cannot be priced", ut.ID)
	}
	if !flipped || ut.Back == nil || ut.Back.Kind != "reduced" || len(ut.Back.Stats) == 0 {
		return u.env, nil
	}
	d := *u.data
	d.Stats = e.sys.UnitStats(ut.Stats, ut.Back.Stats)
	return e.decl.UnitValues(&d, nil, false), nil
}
