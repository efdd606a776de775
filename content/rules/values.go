package rules

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

// Situational values, traits, commands and pair formulas: what a unit is worth in a situation, what its force
// grants it, whom a leader commands and what a leader and a unit make together.

// ValueIn is a unit type's stat in some situations (ids from System.situations): of its situational values for
// the stat, the one whose `when` situations all hold and name the most of them; with none, the ordinary
// situational value (no when), else the stat as printed. The value is typed by the stat's declaration.
func (e *Engine) ValueIn(unitID, stat string, situations []string) (content.TypedStat, error) {
	ut := e.pkg.UnitType(unitID)
	if ut == nil {
		return content.TypedStat{}, fmt.Errorf("there is no unit type %q", unitID)
	}
	def := e.sys.Stat(stat)
	if def == nil {
		return content.TypedStat{}, fmt.Errorf("the System declares no stat %q", stat)
	}
	var best *content.SituationalValue
	for i := range ut.Situational {
		sv := &ut.Situational[i]
		if sv.Stat != stat || !allIn(sv.When, situations) {
			continue
		}
		if best == nil || len(sv.When) > len(best.When) {
			best = sv
		}
	}
	if best != nil {
		return content.ParseStat(def, best.Value)
	}
	sc, ok := ut.Stats[stat]
	if !ok {
		return content.TypedStat{}, fmt.Errorf("%s has no %s", unitID, stat)
	}
	return content.ParseStat(def, sc)
}

// ValueAt is ValueIn for a block at a strength (nil: full strength): the stat's value at the step of that
// strength, a situational value winning as it does for ValueIn.
func (e *Engine) ValueAt(unitID, stat string, situations []string, strength *value.Number) (content.TypedStat, error) {
	if strength == nil {
		return e.ValueIn(unitID, stat, situations)
	}
	b := e.Block(unitID)
	if b == nil {
		if e.pkg.UnitType(unitID) == nil {
			return content.TypedStat{}, fmt.Errorf("there is no unit type %q", unitID)
		}
		return content.TypedStat{}, fmt.Errorf("%s is not a block: it has no strength to be read at", unitID)
	}
	step, ok := b.StepOf(*strength)
	if !ok {
		return content.TypedStat{}, fmt.Errorf("%s has no step of strength %s: its steps are %s", unitID, strength, b.Strengths())
	}
	ut := e.pkg.UnitType(unitID)
	for i := range ut.Situational {
		if sv := &ut.Situational[i]; sv.Stat == stat && allIn(sv.When, situations) {
			return e.ValueIn(unitID, stat, situations)
		}
	}
	def := e.sys.Stat(stat)
	if def == nil {
		return content.TypedStat{}, fmt.Errorf("the System declares no stat %q", stat)
	}
	if sc, ok := b.Steps[step].Layer[stat]; ok {
		return content.ParseStat(def, sc)
	}
	return e.ValueIn(unitID, stat, situations)
}

func allIn(xs, in []string) bool {
	for _, x := range xs {
		if !slices.Contains(in, x) {
			return false
		}
	}
	return true
}

// Traits are the traits a force grants its units (System.traits ids), in the order it lists them.
func Traits(f *content.Force) []string {
	if f == nil {
		return nil
	}
	return append([]string(nil), f.Grants...)
}

// Commands reports whether a leader may command a unit: a leader with no commands commands any unit; else the
// unit must be of one of his classes or types, and of his own group when he commands only his group (groups
// are the units' force lines' or placements'; "" when not known, which does not exclude).
func Commands(leader, unit *content.UnitType, leaderGroup, unitGroup string) bool {
	c := leader.Commands
	if c == nil {
		return true
	}
	if (len(c.Classes) > 0 || len(c.Units) > 0) && !shareAny(c.Classes, unit.Classes) && !slices.Contains(c.Units, unit.ID) {
		return false
	}
	if c.SameGroup && leaderGroup != "" && unitGroup != "" && leaderGroup != unitGroup {
		return false
	}
	return true
}

// ErrNotCommanded is returned by PairValue when the leader may not command the unit.
var ErrNotCommanded = errors.New("not commanded")

// Pair is a System's pair formula, compiled.
type Pair struct {
	Def  *content.PairDef
	prog *formula.Program
}

// Pair finds a pair formula by id (nil when there is none or it does not compile).
func (e *Engine) Pair(id string) *Pair {
	for _, p := range e.pairs {
		if p.Def.ID == id && p.prog != nil {
			return p
		}
	}
	return nil
}

// Pairs are the System's pair formulas that compile, in order.
func (e *Engine) Pairs() []*Pair {
	var out []*Pair
	for _, p := range e.pairs {
		if p.prog != nil {
			out = append(out, p)
		}
	}
	return out
}

// Applies reports whether a pair formula pairs these two units: their classes, and the leader's commands.
func (p *Pair) Applies(leader, unit *content.UnitType) bool {
	if len(p.Def.Leader) > 0 && !shareAny(p.Def.Leader, leader.Classes) {
		return false
	}
	if len(p.Def.Unit) > 0 && !shareAny(p.Def.Unit, unit.Classes) {
		return false
	}
	return Commands(leader, unit, "", "")
}

// PairValue evaluates a pair formula for a leader and a unit (unit type ids). ErrNotCommanded says the pair
// does not apply to them (their classes, or the leader's commands).
func (e *Engine) PairValue(id, leaderID, unitID string) (value.Number, error) {
	p := e.Pair(id)
	if p == nil {
		return value.Number{}, fmt.Errorf("there is no pair formula %q", id)
	}
	l, u := e.Unit(leaderID), e.Unit(unitID)
	if l == nil || u == nil {
		return value.Number{}, fmt.Errorf("there is no unit type %q", map[bool]string{true: leaderID, false: unitID}[l == nil])
	}
	if !p.Applies(l.Type, u.Type) {
		return value.Number{}, ErrNotCommanded
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	env := formula.PairValues(e.decl.UnitValues(l.data, p.prog.Flags, false), e.decl.UnitValues(u.data, p.prog.Flags, false))
	n, err := e.run.Number(p.prog, env)
	if err != nil {
		e.runtimeErr(err, p.prog, fmt.Sprintf("pair %s for %s and %s", id, leaderID, unitID))
		return value.Number{}, err
	}
	return n, nil
}

// Exempt are the exemptions (System.exemptions) a side's unit of these classes enjoys in a scenario.
func (e *Engine) Exempt(s *content.Side, classes []string) []*content.ExemptionDef {
	var out []*content.ExemptionDef
	for i := range e.sys.Exemptions {
		x := &e.sys.Exemptions[i]
		if slices.Contains(s.Exempt, x.ID) && (len(x.Classes) == 0 || shareAny(x.Classes, classes)) {
			out = append(out, x)
		}
	}
	return out
}

// describeIDs joins ids for messages.
func describeIDs(ids []string) string { return strings.Join(ids, ", ") }
