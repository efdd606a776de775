package rules

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

// Movement: what a path of cells costs a unit, by the System's terrain and feature costs, its zones of control
// and its movement modes.

// Move is a unit (or several moving together) going along a path of cells, or of places joined by
// connections, on a map set.
type Move struct {
	Set   *content.MapSet
	Unit  string   // unit type id
	Mode  string   // a movement mode id; "" for ordinary movement
	Path  []string // cell labels (or place ids), the first where the units start
	Enemy []string // cells holding enemy units
	// Count units move together, in Stacks stacks (each at least 1): what a feature's limit counts.
	Count, Stacks int
	// Before are the side's earlier moves this phase, which count against limits per phase.
	Before []Prior
	// Weather is the turn's weather (a System weather id, "" for none): its moveCosts replace the terrain's
	// and features' costs.
	Weather string
}

// Prior is an earlier move of the side in the same phase.
type Prior struct {
	Path          []string
	Count, Stacks int
}

// Prohibited is a move the rules do not allow, and why (worded only when asked: a reachability search meets
// thousands of prohibited steps and reads none of the reasons).
type Prohibited struct {
	format string
	args   []any
}

// Why says why the move is not allowed.
func (p *Prohibited) Why() string { return fmt.Sprintf(p.format, p.args...) }

func (p *Prohibited) Error() string { return "prohibited: " + p.Why() }

// IsProhibited reports whether err says a move is not allowed (rather than that it could not be worked out).
func IsProhibited(err error) bool {
	var p *Prohibited
	return errors.As(err, &p)
}

func prohibited(format string, args ...any) error {
	return &Prohibited{format: format, args: args}
}

// scalarCost reads a cost as content.MoveCost does.
func scalarCost(s *content.Scalar) (value.Number, bool, error) { return content.MoveCost(s) }

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
	if z == nil || len(enemy) == 0 {
		return false
	}
	for _, n := range set.Neighbours(c, nil) {
		if enemy[n] && !shareAny(z.BlockedBy, set.FeaturesBetween(c, n)) {
			return true
		}
	}
	return false
}

// crossing is one feature used between two cells: what a limit counts.
type crossing struct {
	pair    [2]grid.Cell
	feature string
}

// tally is how many units and stacks have used a crossing.
type tally struct{ units, stacks int }

// step is one step of a move being costed.
type step struct {
	m        *Move
	ut       *content.UnitType
	mode     *content.MovementMode
	a, b     grid.Cell
	la, lb   string
	last     bool
	count    tally
	before   map[crossing]tally
	features map[string]*content.FeatureDef
}

// MoveCost is what a path costs a unit, in movement points. On a grid each step costs the entry into the next
// cell (its terrain's move, or the cost of a path feature that steps there when there is one) plus the hexside
// features crossed (none where a crossing or a path carries the step); on an area or point-to-point map each
// step follows one of the connections that join the two places: a path feature's at its cost, a hexside
// feature's (a border) or a plain one into the next place's terrain, plus the feature's cost, the cheapest the
// unit may use. Entering and leaving enemy zones of control cost what the System says. A step into impassable
// ground, across an impassable feature, into an enemy unit, on past a zone of control or a feature that stops
// movement, across a feature whose limit the moving units (with the side's earlier moves this phase) would
// break, along a feature its mode may not use, or off the paths of a mode that keeps to them is prohibited (a
// *Prohibited error). The unit's allowance is not compared: the cost is what the rules charge.
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
	cells, err := lookupAll(set, m.Path)
	if err != nil {
		return value.Number{}, err
	}
	enemyCells, err := lookupAll(set, m.Enemy)
	if err != nil {
		return value.Number{}, err
	}
	enemy := map[grid.Cell]bool{}
	for _, c := range enemyCells {
		enemy[c] = true
	}
	features := map[string]*content.FeatureDef{}
	for i := range e.sys.Features {
		features[e.sys.Features[i].ID] = &e.sys.Features[i]
	}
	before, err := e.priorCrossings(set, m.Before, features)
	if err != nil {
		return value.Number{}, err
	}
	var total value.Number
	for i := 1; i < len(cells); i++ {
		st := &step{m: &m, ut: ut, mode: mode, a: cells[i-1], b: cells[i], la: m.Path[i-1], lb: m.Path[i], last: i == len(cells)-1,
			count: tally{max(m.Count, 1), max(m.Stacks, 1)}, before: before, features: features}
		if !set.Adjacent(st.a, st.b) {
			if set.Network() {
				return value.Number{}, fmt.Errorf("no connection joins %s and %s", st.la, st.lb)
			}
			return value.Number{}, fmt.Errorf("%s and %s are not next to each other", st.la, st.lb)
		}
		cost, err := e.stepCost(st, enemy)
		if err != nil {
			return value.Number{}, err
		}
		total = total.Add(cost)
	}
	return total, nil
}

// stepCost is what one step of a move costs (the step's cells next to each other), with the enemy units
// standing in enemy: into an enemy's cell, along a path or into the next cell's terrain, across features,
// and into and out of enemy zones of control.
func (e *Engine) stepCost(st *step, enemy map[grid.Cell]bool) (value.Number, error) {
	set := st.m.Set
	if enemy[st.b] {
		if e.sys.EnterEnemy != content.EnterEnemyStop {
			return value.Number{}, prohibited("%s holds an enemy unit", st.lb)
		}
		if !st.last {
			return value.Number{}, prohibited("a move into %s, where enemy units stand, ends there", st.lb)
		}
	}
	var cost value.Number
	var err error
	if set.Network() {
		cost, err = e.connectionStep(st)
	} else {
		cost, err = e.gridStep(st)
	}
	if err != nil {
		return value.Number{}, err
	}
	return e.zocCost(st, cost, enemy, true)
}

// zocCost adds to a step's cost what enemy zones of control charge, or says why they forbid it: leaving one
// (unless entering from off the map, leaving false), entering one.
func (e *Engine) zocCost(st *step, cost value.Number, enemy map[grid.Cell]bool, leaving bool) (value.Number, error) {
	z, mode, set := e.sys.ZOC, st.mode, st.m.Set
	if z == nil || e.IgnoresZOC(st.ut) {
		return cost, nil
	}
	if leaving && e.inZOC(set, st.a, enemy) {
		switch z.Leave {
		case content.ZOCProhibited:
			return value.Number{}, prohibited("a unit may not leave an enemy zone of control (%s)", st.la)
		case content.ZOCCost:
			if z.LeaveCost != nil {
				cost = cost.Add(*z.LeaveCost)
			}
		}
	}
	if e.inZOC(set, st.b, enemy) {
		if mode != nil && mode.NoEnemyZOC {
			return value.Number{}, prohibited("%s may not enter an enemy zone of control (%s)", cmp.Or(mode.Name, mode.ID), st.lb)
		}
		switch z.Enter {
		case content.ZOCProhibited:
			return value.Number{}, prohibited("a unit may not enter an enemy zone of control (%s)", st.lb)
		case content.ZOCCost:
			if z.EnterCost != nil {
				cost = cost.Add(*z.EnterCost)
			}
		case "", content.ZOCStop:
			if !st.last {
				return value.Number{}, prohibited("a unit entering an enemy zone of control stops there (%s)", st.lb)
			}
		}
	}
	return cost, nil
}

// lookupAll reads labels (or place ids) as cells of the set.
func lookupAll(set *content.MapSet, labels []string) ([]grid.Cell, error) {
	out := make([]grid.Cell, len(labels))
	for i, l := range labels {
		r, err := set.Lookup(l)
		if err != nil {
			return nil, err
		}
		out[i] = r.Cell
	}
	return out, nil
}

// priorCrossings tallies what the side's earlier moves this phase crossed: every limited feature between each
// two cells of their paths (every connection's, on an area or point-to-point map, since which one a move took
// is not said).
func (e *Engine) priorCrossings(set *content.MapSet, prior []Prior, features map[string]*content.FeatureDef) (map[crossing]tally, error) {
	out := map[crossing]tally{}
	for _, p := range prior {
		cells, err := lookupAll(set, p.Path)
		if err != nil {
			return nil, err
		}
		for i := 1; i < len(cells); i++ {
			pair := content.CellPair(cells[i-1], cells[i])
			var ids []string
			if set.Network() {
				for _, c := range set.ConnectionsBetween(cells[i-1], cells[i]) {
					ids = append(ids, c.Type)
				}
			} else {
				ids = append(append(ids, set.FeaturesBetween(cells[i-1], cells[i])...), set.PathsBetween(cells[i-1], cells[i])...)
			}
			seen := map[string]bool{}
			for _, id := range ids {
				if f := features[id]; f != nil && f.Limit != nil && !seen[id] {
					seen[id] = true
					k := crossing{pair, id}
					t := out[k]
					t.units += max(p.Count, 1)
					t.stacks += max(p.Stacks, 1)
					out[k] = t
				}
			}
		}
	}
	return out, nil
}

// use says why the step may not use a feature, or nil: a mode that may not, a move that goes on past a
// feature that stops it, a limit the moving units break.
func (st *step) use(f *content.FeatureDef) error {
	name := cmp.Or(f.Name, f.ID)
	mode := ""
	if st.mode != nil {
		mode = st.mode.ID
	}
	if !f.Admits(mode) {
		how := "ordinary movement"
		if st.mode != nil {
			how = cmp.Or(st.mode.Name, st.mode.ID)
		}
		return prohibited("%s between %s and %s is not for %s (only %s)", name, st.la, st.lb, how, describeIDs(f.Modes))
	}
	if f.Stop && !st.last {
		return prohibited("a move ends once it crosses %s (%s to %s)", name, st.la, st.lb)
	}
	if l := f.Limit; l != nil {
		prior := tally{}
		if l.Per == content.LimitPhase {
			prior = st.before[crossing{content.CellPair(st.a, st.b), f.ID}]
		}
		n, what := st.count.units+prior.units, "units"
		if l.Of == content.LimitStacks {
			n, what = st.count.stacks+prior.stacks, "stacks"
		}
		if n > l.Max {
			per := "in one move"
			if l.Per == content.LimitPhase {
				per = "in one phase"
			}
			return prohibited("%d %s would cross %s between %s and %s %s; at most %d may", n, what, name, st.la, st.lb, per, l.Max)
		}
	}
	return nil
}

// enter is what entering the step's cell costs by its terrain (1 where it has none).
func (e *Engine) enter(st *step) (value.Number, error) {
	t := e.terrain(st.m.Set.Terrain(st.b))
	if t == nil {
		return value.Int(1), nil
	}
	c, imp, err := scalarCost(e.inWeather(st, t.ID, t.Move))
	if err != nil {
		return value.Number{}, fmt.Errorf("terrain %s's move: %v", t.ID, err)
	}
	if imp || t.Impassable {
		return value.Number{}, prohibited("%s is %s: impassable", st.lb, cmp.Or(t.Name, t.ID))
	}
	if !t.Admit(st.ut) {
		return value.Number{}, prohibited("%s is %s, which admits only %s units", st.lb, cmp.Or(t.Name, t.ID), describeIDs(t.Admits))
	}
	return c, nil
}

// inWeather is the cost of entering terrain, or crossing or moving along a feature, of this id in the move's
// weather: the weather's own where it gives one, else the System's.
func (e *Engine) inWeather(st *step, id string, cost *content.Scalar) *content.Scalar {
	if st.m.Weather == "" {
		return cost
	}
	for i := range e.sys.Weather {
		if w := &e.sys.Weather[i]; w.ID == st.m.Weather {
			if c, ok := w.MoveCosts[id]; ok {
				return &c
			}
		}
	}
	return cost
}

// terrain is the System's terrain of this id, or nil.
func (e *Engine) terrain(id string) *content.TerrainDef {
	for i := range e.sys.Terrain {
		if e.sys.Terrain[i].ID == id {
			return &e.sys.Terrain[i]
		}
	}
	return nil
}

// gridStep is what one step on a grid costs: along a path (road movement) the mode may use, or into the
// cell's terrain across the hexside's features.
func (e *Engine) gridStep(st *step) (value.Number, error) {
	set, mode := st.m.Set, st.mode
	var paths []*content.FeatureDef
	var refused error
	for _, id := range set.PathsBetween(st.a, st.b) {
		f := st.features[id]
		if f == nil || mode != nil && len(mode.Along) > 0 && !slices.Contains(mode.Along, id) {
			continue
		}
		if err := st.use(f); err != nil {
			refused = cmp.Or(refused, err)
			continue
		}
		paths = append(paths, f)
	}
	if mode != nil && len(mode.Along) > 0 && len(paths) == 0 {
		if refused != nil {
			return value.Number{}, refused
		}
		return value.Number{}, prohibited("%s keeps to %s, and no %s runs from %s to %s", cmp.Or(mode.Name, mode.ID), describeIDs(mode.Along), describeIDs(mode.Along), st.la, st.lb)
	}
	if len(paths) > 0 {
		var cost value.Number
		for k, f := range paths {
			c, _, err := scalarCost(e.inWeather(st, f.ID, f.Cost))
			if err != nil {
				return value.Number{}, fmt.Errorf("path feature %s's cost: %v", f.ID, err)
			}
			if mode != nil && mode.PathCost != nil {
				c = *mode.PathCost
			}
			if k == 0 || c.Cmp(cost) < 0 {
				cost = c
			}
		}
		return cost, nil
	}
	cost, err := e.enter(st)
	if err != nil {
		return value.Number{}, err
	}
	crossed := len(set.CrossingsBetween(st.a, st.b)) > 0
	for _, id := range set.FeaturesBetween(st.a, st.b) {
		f := st.features[id]
		if f == nil || crossed && f.Water {
			continue
		}
		c, imp, err := scalarCost(e.inWeather(st, f.ID, f.Cost))
		if err != nil {
			return value.Number{}, fmt.Errorf("feature %s's cost: %v", f.ID, err)
		}
		if imp || f.Impassable {
			return value.Number{}, prohibited("%s between %s and %s is impassable", cmp.Or(f.Name, f.ID), st.la, st.lb)
		}
		if err := st.use(f); err != nil {
			return value.Number{}, err
		}
		if e.inWeather(st, f.ID, f.Cost) != nil {
			cost = cost.Add(c)
		}
	}
	return cost, nil
}

// connectionStep is what one step between places costs: the cheapest of the connections joining them that
// the units may use. A path feature's connection costs the feature's cost (or the mode's path cost); a plain
// or hexside feature's connection costs the entry into the next place's terrain, plus the feature's cost.
func (e *Engine) connectionStep(st *step) (value.Number, error) {
	mode := st.mode
	var best value.Number
	found := false
	var refused error
	for _, c := range st.m.Set.ConnectionsBetween(st.a, st.b) {
		cost, err := e.alongConnection(st, c)
		if err != nil {
			if !IsProhibited(err) {
				return value.Number{}, err
			}
			refused = cmp.Or(refused, err)
			continue
		}
		if !found || cost.Cmp(best) < 0 {
			best, found = cost, true
		}
	}
	if found {
		return best, nil
	}
	if refused != nil {
		return value.Number{}, refused
	}
	return value.Number{}, prohibited("%s keeps to %s, and no %s joins %s and %s", cmp.Or(mode.Name, mode.ID), describeIDs(mode.Along), describeIDs(mode.Along), st.la, st.lb)
}

// alongConnection is what the step costs along one connection, or why it may not take it.
func (e *Engine) alongConnection(st *step, c *content.Connection) (value.Number, error) {
	mode := st.mode
	f := st.features[c.Type]
	if mode != nil && len(mode.Along) > 0 && (f == nil || !slices.Contains(mode.Along, f.ID)) {
		return value.Number{}, prohibited("%s keeps to %s, and no %s joins %s and %s", cmp.Or(mode.Name, mode.ID), describeIDs(mode.Along), describeIDs(mode.Along), st.la, st.lb)
	}
	if f == nil {
		return e.enter(st)
	}
	c1, imp, err := scalarCost(e.inWeather(st, f.ID, f.Cost))
	if err != nil {
		return value.Number{}, fmt.Errorf("feature %s's cost: %v", f.ID, err)
	}
	if imp || f.Impassable {
		return value.Number{}, prohibited("%s between %s and %s is impassable", cmp.Or(f.Name, f.ID), st.la, st.lb)
	}
	if err := st.use(f); err != nil {
		return value.Number{}, err
	}
	if f.On == content.FeaturePath {
		if mode != nil && mode.PathCost != nil {
			return *mode.PathCost, nil
		}
		return c1, nil
	}
	cost, err := e.enter(st)
	if err != nil {
		return value.Number{}, err
	}
	if e.inWeather(st, f.ID, f.Cost) != nil {
		cost = cost.Add(c1)
	}
	return cost, nil
}

// Allowance is how far a unit moves in a movement mode in a turn's weather ("" for none), by the mode's
// allowance formula, which sees the weather as weather.
func (e *Engine) Allowance(mode, unitID, weather string) (value.Number, error) {
	prog := e.allowance[mode]
	u := e.Unit(unitID)
	if prog == nil || u == nil {
		return value.Number{}, fmt.Errorf("no allowance for mode %q and unit %q", mode, unitID)
	}
	e.mu.Lock()
	defer e.mu.Unlock()
	env := u.env
	if weather != "" {
		env = maps.Clone(u.env)
		env["weather"] = weather
	}
	n, err := e.run.Number(prog, env)
	if err != nil {
		e.runtimeErr(err, prog, fmt.Sprintf("allowance of %s for %s", mode, unitID))
	}
	return n, err
}
