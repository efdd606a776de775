package rules

import (
	"fmt"
	"math/big"
	"sort"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/grid"
)

// Structured victory conditions: a scenario's victory.decide, read against a state of the game.

// State is a moment of a game as victory conditions read it.
type State struct {
	Turn int  // the turn being read
	End  bool // the game is over
	// Control and Occupied say which side controls, and whose units stand on, each place (a location,
	// objective or cell, as the conditions name it).
	Control, Occupied map[string]string
	// Levels is the victory level each side has reached, by name.
	Levels map[string]string
}

// Outcome is the decision that holds: its side and what it is called.
type Outcome struct {
	Decision *content.Decision
	Side     string
	Result   string // the decision's result, or "<side> wins"
}

// Decide reads a scenario's decisions in order and returns the first whose condition holds (nil when none
// does). Before the end only decisions marked when: any (sudden death) are read; at the end, all of them.
func (e *Engine) Decide(sc *content.Scenario, st State) (*Outcome, error) {
	if sc.Victory == nil {
		return nil, nil
	}
	if ds := e.ConditionDiags(sc); ds.Count(diag.Error) > 0 {
		return nil, fmt.Errorf("scenario %s's victory conditions do not compile", sc.ID)
	}
	for i := range sc.Victory.Decide {
		d := &sc.Victory.Decide[i]
		if !st.End && d.When != content.DecideAny {
			continue
		}
		ok, err := e.holds(sc, &d.Condition, d.Side, st)
		if err != nil {
			return nil, err
		}
		if ok {
			r := d.Result
			if r == "" {
				r = d.Side + " wins"
			}
			return &Outcome{Decision: d, Side: d.Side, Result: r}, nil
		}
	}
	return nil, nil
}

// ConditionDiags compiles a scenario's condition formulas (once) and returns their compile errors.
func (e *Engine) ConditionDiags(sc *content.Scenario) diag.List {
	e.mu.Lock()
	defer e.mu.Unlock()
	if ds, ok := e.condDiags[sc]; ok {
		return ds
	}
	var ds diag.List
	if sc.Victory != nil {
		for i := range sc.Victory.Decide {
			e.compileCondition(sc, &sc.Victory.Decide[i].Condition, fmt.Sprintf("/victory/decide/%d", i), &ds)
		}
	}
	e.condDiags[sc] = ds
	return ds
}

func (e *Engine) compileCondition(sc *content.Scenario, c *content.Condition, ptr string, ds *diag.List) {
	if c.Expr != "" {
		src := exprSource(sc.Doc, ptr+"/expr", c.Expr, c.At)
		prog, err := formula.Compile(src, formula.Victory, formula.Bool, e.decl)
		if err != nil {
			ds.Errorf(err.Pos, "formulas.compile", "scenario %s, victory condition: %s", sc.ID, err.Message).Hint = err.Hint
		} else {
			e.conds[c] = prog
		}
	}
	for i := range c.All {
		e.compileCondition(sc, &c.All[i], fmt.Sprintf("%s/all/%d", ptr, i), ds)
	}
	for i := range c.Any {
		e.compileCondition(sc, &c.Any[i], fmt.Sprintf("%s/any/%d", ptr, i), ds)
	}
	if c.Not != nil {
		e.compileCondition(sc, c.Not, ptr+"/not", ds)
	}
}

// placeState reads a place in a state map: by its own name, or for an objective, by its location's.
func placeState(sc *content.Scenario, m map[string]string, place string) string {
	if s, ok := m[place]; ok {
		return s
	}
	for _, o := range sc.Objectives {
		if o.ID == place && o.Location != "" {
			return m[o.Location]
		}
	}
	return ""
}

func (e *Engine) holds(sc *content.Scenario, c *content.Condition, side string, st State) (bool, error) {
	who := side
	if c.Of != "" {
		who = c.Of
	}
	count := func(places []string, m map[string]string) bool {
		n := 0
		for _, p := range places {
			if placeState(sc, m, p) == who {
				n++
			}
		}
		need := len(places)
		if c.Count > 0 {
			need = c.Count
		}
		return n >= need
	}
	if len(c.Controls) > 0 && !count(c.Controls, st.Control) {
		return false, nil
	}
	if len(c.Holds) > 0 && !count(c.Holds, st.Occupied) {
		return false, nil
	}
	if c.Level != "" && !LevelAtLeast(e.sys, sc, st.Levels[who], c.Level) {
		return false, nil
	}
	if c.Expr != "" {
		prog := e.conds[c]
		if prog == nil {
			return false, fmt.Errorf("scenario %s: a victory condition's formula does not compile", sc.ID)
		}
		places := map[string]bool{}
		for _, o := range sc.Objectives {
			places[o.ID] = true
		}
		for p := range st.Control {
			places[p] = true
		}
		set, _ := e.pkg.MapSet(sc)
		cellOf := func(p string) (grid.Cell, bool) {
			if set == nil {
				return grid.Cell{}, false
			}
			r, err := set.Lookup(p)
			return r.Cell, err == nil
		}
		env := formula.VictoryValues(formula.VictoryData{Side: who, Turn: st.Turn, End: st.End,
			Adjacent: func(a, b string) bool {
				ca, ok1 := cellOf(a)
				cb, ok2 := cellOf(b)
				return ok1 && ok2 && set.Adjacent(ca, cb)
			},
			Distance: func(a, b string) int {
				ca, ok1 := cellOf(a)
				cb, ok2 := cellOf(b)
				if !ok1 || !ok2 {
					return -1
				}
				if d := set.Distance(ca, cb); d != grid.Unreachable {
					return d
				}
				return -1
			},
			Controls: func(p string) string { return placeState(sc, st.Control, p) },
			Occupies: func(p string) string { return placeState(sc, st.Occupied, p) },
			Level:    func(s string) string { return st.Levels[s] },
			Controlled: func(s string) int {
				n := 0
				for p := range places {
					if placeState(sc, st.Control, p) == s {
						n++
					}
				}
				return n
			}})
		if st.End && st.Turn == 0 {
			env["turn"] = float64(sc.Last())
		}
		var r formula.Runner
		ok, err := r.Bool(prog, env)
		if err != nil {
			e.lockedRuntimeErr(err, prog, "scenario "+sc.ID+"'s victory condition")
			return false, err
		}
		if !ok {
			return false, nil
		}
	}
	for i := range c.All {
		ok, err := e.holds(sc, &c.All[i], side, st)
		if err != nil || !ok {
			return false, err
		}
	}
	if len(c.Any) > 0 {
		any := false
		for i := range c.Any {
			ok, err := e.holds(sc, &c.Any[i], side, st)
			if err != nil {
				return false, err
			}
			any = any || ok
		}
		if !any {
			return false, nil
		}
	}
	if c.Not != nil {
		ok, err := e.holds(sc, c.Not, side, st)
		if err != nil || ok {
			return false, err
		}
	}
	return true, nil
}

// Levels are the victory levels a scenario's conditions read: its own, else the System's.
func Levels(sys *content.System, sc *content.Scenario) []content.VictoryBand {
	if sc.Victory != nil && len(sc.Victory.Levels) > 0 {
		return sc.Victory.Levels
	}
	if sys != nil {
		return sys.Levels
	}
	return nil
}

// LevelAtLeast reports whether a level reached is the level wanted or a higher one of the same side
// (PRESTAGS 11.24: "a higher level of victory is always considered just as good"). Levels are ordered by the
// score they read: for the side whose score they read (victory.score), a level at a higher score is higher;
// for another side, one at a lower score. Levels of no winner are never higher than another.
func LevelAtLeast(sys *content.System, sc *content.Scenario, reached, wanted string) bool {
	if reached == "" || wanted == "" {
		return false
	}
	if reached == wanted {
		return true
	}
	levels := Levels(sys, sc)
	var r, w *content.VictoryBand
	for i := range levels {
		switch levels[i].Name {
		case reached:
			r = &levels[i]
		case wanted:
			w = &levels[i]
		}
	}
	if r == nil || w == nil || w.Winner == "" || r.Winner != w.Winner {
		return false
	}
	c := levelOrder(r).Cmp(levelOrder(w))
	score := ""
	if sc.Victory != nil {
		score = sc.Victory.Score
	}
	if score == "" || score == w.Winner {
		return c > 0
	}
	return c < 0
}

// levelOrder places a level on the score line: the middle of its bounds (its one bound when it has one).
func levelOrder(b *content.VictoryBand) *big.Rat {
	var lo, hi *big.Rat
	if b.Min != nil {
		lo = b.Min.Rat()
	}
	if b.MoreThan != nil {
		lo = b.MoreThan.Rat()
	}
	if b.Max != nil {
		hi = b.Max.Rat()
	}
	if b.LessThan != nil {
		hi = b.LessThan.Rat()
	}
	switch {
	case lo != nil && hi != nil:
		s := new(big.Rat).Add(lo, hi)
		return s.Quo(s, big.NewRat(2, 1))
	case lo != nil:
		return new(big.Rat).Add(lo, big.NewRat(1, 1<<20))
	case hi != nil:
		return new(big.Rat).Sub(hi, big.NewRat(1, 1<<20))
	}
	return new(big.Rat)
}

// Places lists the places a scenario's decisions name, sorted (for checks and sheets).
func Places(sc *content.Scenario) []string {
	seen := map[string]bool{}
	var walk func(c *content.Condition)
	walk = func(c *content.Condition) {
		for _, p := range append(append([]string(nil), c.Controls...), c.Holds...) {
			seen[p] = true
		}
		for i := range c.All {
			walk(&c.All[i])
		}
		for i := range c.Any {
			walk(&c.Any[i])
		}
		if c.Not != nil {
			walk(c.Not)
		}
	}
	if sc.Victory != nil {
		for i := range sc.Victory.Decide {
			walk(&sc.Victory.Decide[i].Condition)
		}
	}
	out := make([]string, 0, len(seen))
	for p := range seen {
		out = append(out, p)
	}
	sort.Strings(out)
	return out
}
