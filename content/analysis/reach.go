package analysis

import (
	"container/heap"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
)

// Reachability: how soon a unit can stand in each cell, turn by turn, moving as the rules engine costs each
// step (terrain, features, paths, zones of control, movement modes and their limits), with its allowance
// each turn and nothing carried over.
//
// A unit's position after some movement is a cell, the mode it moves in this turn, the turn, and the movement
// points spent this turn (or that its move has ended there: an enemy zone of control, a feature that stops
// movement). Reaching a cell sooner, or on the same turn having spent less, is never worse: a unit can always
// wait for the next turn, which starts with nothing spent in any mode. So the earliest (turn, ended, spent)
// of every cell and mode is found by Dijkstra's algorithm on those triples, ordered lexicographically, and
// each is settled once: the search ends when nothing new is reached, or at the horizon.

// source is where a unit comes into play: a cell it sets up on (turn 1), or a cell it enters the map at
// (an entry or a reinforcement, on its turn), paying for the cell as a step into it.
type source struct {
	cell  grid.Cell
	turn  int
	enter bool
}

// mode is one way a unit moves in one weather: ordinary movement or a movement mode, its allowance, and its
// steps costed once per pair of cells; off when the weather leaves it no allowance.
type mode struct {
	mv    *rules.Mover
	allow value.Number
	steps *stepTable
	off   bool
}

// reacher works out first-reach turns for one unit type (on its front or its back) of one side, each turn in
// its weather.
type reacher struct {
	g       *ground
	unit    string
	flipped bool
	ids     []string       // the modes the unit may use ("" for ordinary movement)
	movers  []*rules.Mover // by mode, in no weather
	cache   legCache
	// weather is the weather of each turn (nil: none); byWeather the modes in each weather met so far.
	weather   func(turn int) string
	byWeather map[string][]*mode
	bySig     map[string][]*mode // the modes by what they cost and allow: weathers that act alike share them
	startsAt  map[[2]int][]int   // starts, by turn and horizon
	blocked   map[int]bool       // the enemy's cells, by index
	sys       *content.System
}

// ground is a map set's cells, numbered, with their neighbours.
type ground struct {
	set   *content.MapSet
	cells []grid.Cell
	index map[grid.Cell]int
	nbr   [][]int
}

func newGround(set *content.MapSet) *ground {
	g := &ground{set: set, index: map[grid.Cell]int{}}
	if set.Network() {
		for _, b := range set.Boards {
			for i := range b.Geo.Places {
				g.add(b.ToSet(grid.Cell{Col: i}))
			}
		}
	} else {
		for row := 0; row < set.Rows; row++ {
			for col := 0; col < set.Cols; col++ {
				c := grid.Cell{Col: col, Row: row}
				if set.Contains(c) {
					g.add(c)
				}
			}
		}
	}
	g.nbr = make([][]int, len(g.cells))
	var buf []grid.Cell
	for i, c := range g.cells {
		buf = set.Neighbours(c, buf[:0])
		for _, n := range buf {
			if j, ok := g.index[n]; ok {
				g.nbr[i] = append(g.nbr[i], j)
			}
		}
	}
	return g
}

func (g *ground) add(c grid.Cell) {
	if _, ok := g.index[c]; !ok {
		g.index[c] = len(g.cells)
		g.cells = append(g.cells, c)
	}
}

// newReacher prepares a unit type's movement: ordinary movement (with the System's allowance) and each
// movement mode the unit may use (with the mode's), against enemy units on the enemy cells. ok is false when
// the System gives no allowance at all.
func newReacher(e *rules.Engine, g *ground, unit string, flipped bool, enemy []grid.Cell, cache legCache) (*reacher, error) {
	ids := []string{""}
	for _, m := range e.System().MovementModes {
		ids = append(ids, m.ID)
	}
	return newReacherIn(e, g, unit, flipped, enemy, ids, cache)
}

// legCache holds the steps of each unit type in each mode and weather (keyed unit, NUL, mode, NUL, weather),
// costed once for both its faces: a step's cost does not depend on the face, only the allowance does. One
// cache serves one set of enemy cells.
type legCache map[string]*stepTable

// stepTable is the steps out of each cell to its k-th neighbour (ground.nbr's order), costed when first asked.
type stepTable struct {
	legs [][][]rules.Leg
	done [][]bool
}

func newStepTable(g *ground) *stepTable {
	t := &stepTable{legs: make([][][]rules.Leg, len(g.cells)), done: make([][]bool, len(g.cells))}
	for i, ns := range g.nbr {
		t.legs[i] = make([][]rules.Leg, len(ns))
		t.done[i] = make([]bool, len(ns))
	}
	return t
}

// newReacherIn is newReacher in the movement modes ids ("" for ordinary movement) only.
func newReacherIn(e *rules.Engine, g *ground, unit string, flipped bool, enemy []grid.Cell, ids []string, cache legCache) (*reacher, error) {
	r := &reacher{g: g, unit: unit, flipped: flipped, cache: cache, byWeather: map[string][]*mode{}, bySig: map[string][]*mode{},
		sys: e.System(), blocked: map[int]bool{}}
	for _, c := range enemy {
		if i, ok := g.index[c]; ok {
			r.blocked[i] = true
		}
	}
	for _, id := range ids {
		mv, err := e.Mover(g.set, unit, id, enemy)
		if err != nil {
			if rules.IsProhibited(err) {
				continue
			}
			return nil, err
		}
		if _, ok, err := mv.Allowance(flipped); err != nil {
			return nil, err
		} else if !ok {
			if id == "" {
				return nil, nil
			}
			continue
		}
		r.ids = append(r.ids, id)
		r.movers = append(r.movers, mv)
	}
	if _, err := r.modesIn(""); err != nil {
		return nil, err
	}
	return r, nil
}

// modesIn are the reacher's modes in a weather, each with its allowance and steps there (a mode whose
// allowance the weather makes less than 0 is off), worked out when first asked. A weather that changes no
// cost (no moveCosts) and no allowance shares the modes of the weather it acts like.
func (r *reacher) modesIn(w string) ([]*mode, error) {
	if ms, ok := r.byWeather[w]; ok {
		return ms, nil
	}
	costs := r.costsIn(w)
	ms := make([]*mode, len(r.movers))
	sig := costs
	for i, base := range r.movers {
		allow, _, err := base.InWeather(w).Allowance(r.flipped) // the allowance formula may read the weather
		if err != nil {
			return nil, err
		}
		sig += "\x00" + allow.String()
		key := r.unit + "\x00" + r.ids[i] + "\x00" + costs
		if r.cache[key] == nil {
			r.cache[key] = newStepTable(r.g)
		}
		ms[i] = &mode{mv: base.InWeather(costs), allow: allow, steps: r.cache[key], off: allow.Sign() < 0}
	}
	if same, ok := r.bySig[sig]; ok {
		ms = same
	} else {
		r.bySig[sig] = ms
	}
	r.byWeather[w] = ms
	return ms, nil
}

// costsIn is the weather whose costs a step pays in weather w: w when it gives moveCosts, else none.
func (r *reacher) costsIn(w string) string {
	for i := range r.sys.Weather {
		if d := &r.sys.Weather[i]; d.ID == w && len(d.MoveCosts) > 0 {
			return w
		}
	}
	return ""
}

// modesOn are the reacher's modes in the weather of a turn.
func (r *reacher) modesOn(turn int) ([]*mode, error) {
	w := ""
	if r.weather != nil {
		w = r.weather(turn)
	}
	return r.modesIn(w)
}

func (m *mode) legs(g *ground, a, k int) ([]rules.Leg, error) {
	t := m.steps
	if t.done[a][k] {
		return t.legs[a][k], nil
	}
	l, err := m.mv.Steps(g.cells[a], g.cells[g.nbr[a][k]])
	if err != nil {
		return nil, err
	}
	t.legs[a][k], t.done[a][k] = l, true
	return l, nil
}

// Reach is the first turn one unit of a type (on its back when flipped) can stand in each cell of a map set,
// set up on from at turn 1, moving in the movement modes ("" for ordinary movement; none: every mode the
// System has) with enemy units standing on the enemy cells, each turn in its weather (nil: none), up to turn
// horizon (at most MaxTurns). A cell it cannot reach by then is not in the map.
func Reach(e *rules.Engine, set *content.MapSet, unit string, flipped bool, modes []string, from, enemy []grid.Cell, weather func(turn int) string, horizon int) (map[grid.Cell]int, error) {
	if set.Type == content.GridOpen {
		return nil, fmt.Errorf("an open table has no cells to reach")
	}
	if n := int64(set.Cols) * int64(set.Rows); !set.Network() && n > content.MaxMapCells {
		return nil, &LimitError{fmt.Sprintf("the map set has %d cells: muster analyses at most %d", n, content.MaxMapCells)}
	}
	if modes == nil {
		modes = []string{""}
		for _, m := range e.System().MovementModes {
			modes = append(modes, m.ID)
		}
	}
	g := newGround(set)
	r, err := newReacherIn(e, g, unit, flipped, enemy, modes, legCache{})
	if err != nil || r == nil {
		return nil, err
	}
	r.weather = weather
	var srcs []source
	for _, c := range from {
		srcs = append(srcs, source{cell: c, turn: 1})
	}
	first, err := r.run(srcs, min(horizon, MaxTurns))
	if err != nil {
		return nil, err
	}
	out := map[grid.Cell]int{}
	for i, t := range first {
		if t > 0 {
			out[g.cells[i]] = t
		}
	}
	return out, nil
}

// label is where a search stands: a cell in a mode, on a turn, with what was spent (or the move ended).
type label struct {
	cell, mode int
	turn       int
	ended      bool
	spent      value.Number
	// start marks a setting out from cell at the start of turn, in every mode (mode is -1): expanded when
	// popped, so that a turn no search reaches before every cell is reached costs nothing.
	start bool
}

func (a label) less(b label) bool {
	if a.turn != b.turn {
		return a.turn < b.turn
	}
	if a.ended != b.ended {
		return !a.ended
	}
	if c := a.spent.Cmp(b.spent); c != 0 {
		return c < 0
	}
	if a.cell != b.cell {
		return a.cell < b.cell
	}
	return a.mode < b.mode
}

type queue []label

func (q queue) Len() int           { return len(q) }
func (q queue) Less(i, j int) bool { return q[i].less(q[j]) }
func (q queue) Swap(i, j int)      { q[i], q[j] = q[j], q[i] }
func (q *queue) Push(x any)        { *q = append(*q, x.(label)) }
func (q *queue) Pop() any {
	old := *q
	x := old[len(old)-1]
	*q = old[:len(old)-1]
	return x
}

// run finds the first turn (1 on) the unit can stand in each cell, coming into play at the sources, up to
// the horizon: first[i] is 0 for a cell it cannot reach by then.
//
// From the turn a cell is first reached, the unit may set out from it at the start of any later turn with
// its whole allowance in that turn's weather: the first turn of each weather (of those that cost or allow
// differently) after it is enough, since a later turn of the same can do no more (with no weather, the next
// turn alone).
func (r *reacher) run(sources []source, horizon int) ([]int, error) {
	g := r.g
	first := make([]int, len(g.cells))
	n := len(r.movers)
	if n == 0 {
		return first, nil
	}
	settled := make([]bool, len(g.cells)*n)
	q := &queue{}
	for _, s := range sources {
		ci, ok := g.index[s.cell]
		if !ok || s.turn > horizon || s.turn < 1 {
			continue
		}
		ms, err := r.modesOn(s.turn)
		if err != nil {
			return nil, err
		}
		for mi, m := range ms {
			if m.off {
				continue
			}
			if !s.enter {
				heap.Push(q, label{cell: ci, mode: mi, turn: s.turn})
				continue
			}
			legs, err := m.mv.Enter(s.cell)
			if err != nil {
				return nil, err
			}
			for _, l := range legs {
				if l.Cost.Cmp(m.allow) <= 0 {
					heap.Push(q, label{cell: ci, mode: mi, turn: s.turn, ended: l.Ends, spent: l.Cost})
				}
			}
		}
	}
	// The search ends when every cell is reached (an enemy's cell, which no step enters unless the rules
	// let a move end there, counts as reached).
	reached, blocked := 0, len(r.blocked)
	for q.Len() > 0 && reached+blocked < len(first) {
		x := heap.Pop(q).(label)
		if x.start {
			for mi := range n {
				if err := r.steps(q, settled, x, mi, x.turn, value.Number{}); err != nil {
					return nil, err
				}
			}
			continue
		}
		k := x.cell*n + x.mode
		if settled[k] {
			continue
		}
		settled[k] = true
		fresh := first[x.cell] == 0
		if fresh {
			first[x.cell] = x.turn
			reached++
			if r.blocked[x.cell] {
				blocked--
			}
		}
		// On in this turn, in this mode, with what is left.
		if !x.ended {
			if err := r.steps(q, settled, x, x.mode, x.turn, x.spent); err != nil {
				return nil, err
			}
		}
		// On a later turn, from here, in any mode, with its whole allowance: once, from the cell's first (and
		// so earliest) settling, since which mode reached it does not matter then.
		if !fresh {
			continue
		}
		for _, t := range r.starts(x.turn, horizon) {
			heap.Push(q, label{cell: x.cell, mode: -1, turn: t, start: true})
		}
	}
	return first, nil
}

// starts are the turns after turn a unit reached a cell that it may set out from it with a whole allowance
// and do what no earlier of them could: the first turn of each weather that costs or allows differently, up to
// horizon.
func (r *reacher) starts(turn, horizon int) []int {
	if r.weather == nil {
		if turn < horizon {
			return []int{turn + 1}
		}
		return nil
	}
	if r.startsAt == nil {
		r.startsAt = map[[2]int][]int{}
	}
	k := [2]int{turn, horizon}
	if ts, ok := r.startsAt[k]; ok {
		return ts
	}
	var ts []int
	seen := map[*mode]bool{}
	for t := turn + 1; t <= horizon; t++ {
		ms, err := r.modesIn(r.weather(t))
		if err != nil || len(ms) == 0 {
			break // modesOn reports the error when the turn's steps are asked for
		}
		if !seen[ms[0]] {
			seen[ms[0]] = true
			ts = append(ts, t)
		}
	}
	r.startsAt[k] = ts
	return ts
}

// steps pushes the steps from x's cell in mode mi on turn (in its weather), having spent spent this turn.
func (r *reacher) steps(q *queue, settled []bool, x label, mi, turn int, spent value.Number) error {
	ms, err := r.modesOn(turn)
	if err != nil {
		return err
	}
	m, g, n := ms[mi], r.g, len(ms)
	if m.off {
		return nil
	}
	for k, nb := range g.nbr[x.cell] {
		if settled[nb*n+mi] {
			continue
		}
		legs, err := m.legs(g, x.cell, k)
		if err != nil {
			return err
		}
		for _, l := range legs {
			if s := spent.Add(l.Cost); s.Cmp(m.allow) <= 0 {
				heap.Push(q, label{cell: nb, mode: mi, turn: turn, ended: l.Ends, spent: s})
			}
		}
	}
	return nil
}
