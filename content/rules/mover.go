package rules

import (
	"fmt"
	"maps"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

// Mover costs the single steps of one unit (of a type, in a movement mode) on a map set with enemy units
// standing still: what an analysis of how far units reach asks for every pair of neighbouring cells. Each
// step is costed by the code that costs MoveCost's paths, so the two never disagree.
type Mover struct {
	e        *Engine
	m        Move
	ut       *content.UnitType
	mode     *content.MovementMode
	enemy    map[grid.Cell]bool
	features map[string]*content.FeatureDef
	labels   map[grid.Cell]string // each cell's label, formatted once
}

// Leg is what one step costs when it is allowed: Cost, and whether the move ends there (a zone of control
// that stops, a feature that stops movement, an enemy's cell entered to fight).
type Leg struct {
	Cost value.Number
	Ends bool
}

// Mover prepares the steps of a unit type in a movement mode ("" for ordinary movement) with enemy units on
// the enemy cells. A unit type the package does not have, or a mode the System does not declare, is an
// error; a mode the unit type may not use is a *Prohibited error.
func (e *Engine) Mover(set *content.MapSet, unit, mode string, enemy []grid.Cell) (*Mover, error) {
	ut := e.pkg.UnitType(unit)
	if ut == nil {
		return nil, fmt.Errorf("there is no unit type %q", unit)
	}
	mv := &Mover{e: e, m: Move{Set: set, Unit: unit, Mode: mode, Count: 1, Stacks: 1}, ut: ut, enemy: map[grid.Cell]bool{},
		features: map[string]*content.FeatureDef{}, labels: map[grid.Cell]string{}}
	if mode != "" {
		for i := range e.sys.MovementModes {
			if e.sys.MovementModes[i].ID == mode {
				mv.mode = &e.sys.MovementModes[i]
			}
		}
		if mv.mode == nil {
			return nil, fmt.Errorf("the System has no movement mode %q", mode)
		}
		if len(mv.mode.Classes) > 0 && !shareAny(mv.mode.Classes, ut.Classes) {
			return nil, prohibited("%s may not use %s", ut.ID, mode)
		}
	}
	for _, c := range enemy {
		mv.enemy[c] = true
	}
	for i := range e.sys.Features {
		mv.features[e.sys.Features[i].ID] = &e.sys.Features[i]
	}
	return mv, nil
}

// Steps are the ways of moving from a to b, its neighbour: going on from b (when the rules let the move go
// on), and ending there (when that is cheaper, or the only way). None when the step is prohibited.
func (mv *Mover) Steps(a, b grid.Cell) ([]Leg, error) {
	la, lb := mv.label(a), mv.label(b)
	var out []Leg
	for _, last := range []bool{false, true} {
		st := &step{m: &mv.m, ut: mv.ut, mode: mv.mode, a: a, b: b, la: la, lb: lb, last: last,
			count: tally{1, 1}, features: mv.features}
		c, err := mv.e.stepCost(st, mv.enemy)
		if err != nil {
			if IsProhibited(err) {
				continue
			}
			return nil, err
		}
		if last && len(out) > 0 && out[0].Cost.Cmp(c) <= 0 {
			continue // ending there costs no less than going on
		}
		out = append(out, Leg{Cost: c, Ends: last})
	}
	return out, nil
}

func (mv *Mover) label(c grid.Cell) string {
	l, ok := mv.labels[c]
	if !ok {
		l = mv.m.Set.Label(c)
		mv.labels[c] = l
	}
	return l
}

// Enter is what coming onto the map at cell c costs (an entry or a reinforcement): the cell's terrain and an
// enemy zone of control entered, as a step into it; none when it may not be entered. Paths and features are
// not crossed coming on.
func (mv *Mover) Enter(c grid.Cell) ([]Leg, error) {
	set := mv.m.Set
	lc := set.Label(c)
	if mv.enemy[c] {
		return nil, nil
	}
	if mv.mode != nil && len(mv.mode.Along) > 0 {
		return nil, nil // a mode that keeps to paths does not come on off them
	}
	var out []Leg
	for _, last := range []bool{false, true} {
		st := &step{m: &mv.m, ut: mv.ut, mode: mv.mode, a: c, b: c, la: lc, lb: lc, last: last, count: tally{1, 1}, features: mv.features}
		cost, err := mv.e.enter(st)
		if err == nil {
			cost, err = mv.e.zocCost(st, cost, mv.enemy, false)
		}
		if err != nil {
			if IsProhibited(err) {
				continue
			}
			return nil, err
		}
		if last && len(out) > 0 {
			continue
		}
		out = append(out, Leg{Cost: cost, Ends: last})
	}
	return out, nil
}

// InWeather is the mover in a turn's weather (a System weather id, "" for none): its steps cost what the
// weather's moveCosts say, as MoveCost's do in that weather, and its allowance formula sees the weather.
func (mv *Mover) InWeather(w string) *Mover {
	c := *mv
	c.m.Weather = w
	return &c
}

// Allowance is how far the mover's unit moves in its mode (ordinary movement: the System's allowance), in
// its weather; ok is false when the System does not say.
func (mv *Mover) Allowance(flipped bool) (value.Number, bool, error) {
	mode := ""
	if mv.mode != nil {
		mode = mv.mode.ID
	}
	prog := mv.e.allowance[mode]
	if prog == nil {
		return value.Number{}, false, nil
	}
	env, err := mv.e.unitEnv(mv.ut, flipped)
	if err != nil {
		return value.Number{}, true, err
	}
	if mv.m.Weather != "" {
		env = maps.Clone(env)
		env["weather"] = mv.m.Weather
	}
	mv.e.mu.Lock()
	defer mv.e.mu.Unlock()
	n, err := mv.e.run.Number(prog, env)
	if err != nil {
		mv.e.runtimeErr(err, prog, fmt.Sprintf("allowance of %s", mv.ut.ID))
	}
	return n, true, err
}

// InZOC reports whether a cell lies in a zone of control of the mover's enemies (false when the unit ignores
// them).
func (mv *Mover) InZOC(c grid.Cell) bool {
	return !mv.e.IgnoresZOC(mv.ut) && mv.e.inZOC(mv.m.Set, c, mv.enemy)
}
