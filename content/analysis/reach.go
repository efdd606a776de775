package analysis

import (
	"container/heap"

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

// mode is one way a unit moves: ordinary movement or a movement mode, its allowance, and its steps costed
// once per pair of cells.
type mode struct {
	mv    *rules.Mover
	allow value.Number
	steps map[[2]int][]rules.Leg
}

// reacher works out first-reach turns for one unit type (on its front or its back) of one side.
type reacher struct {
	g     *ground
	modes []*mode
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
func newReacher(e *rules.Engine, g *ground, unit string, flipped bool, enemy []grid.Cell) (*reacher, error) {
	r := &reacher{g: g}
	ids := []string{""}
	for _, m := range e.System().MovementModes {
		ids = append(ids, m.ID)
	}
	for _, id := range ids {
		mv, err := e.Mover(g.set, unit, id, enemy)
		if err != nil {
			if rules.IsProhibited(err) {
				continue
			}
			return nil, err
		}
		allow, ok, err := mv.Allowance(flipped)
		if err != nil {
			return nil, err
		}
		if !ok {
			if id == "" {
				return nil, nil
			}
			continue
		}
		r.modes = append(r.modes, &mode{mv: mv, allow: allow, steps: map[[2]int][]rules.Leg{}})
	}
	return r, nil
}

func (m *mode) legs(g *ground, a, b int) ([]rules.Leg, error) {
	k := [2]int{a, b}
	if l, ok := m.steps[k]; ok {
		return l, nil
	}
	l, err := m.mv.Steps(g.cells[a], g.cells[b])
	if err != nil {
		return nil, err
	}
	m.steps[k] = l
	return l, nil
}

// label is where a search stands: a cell in a mode, on a turn, with what was spent (or the move ended).
type label struct {
	cell, mode int
	turn       int
	ended      bool
	spent      value.Number
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
func (r *reacher) run(sources []source, horizon int) ([]int, error) {
	g := r.g
	first := make([]int, len(g.cells))
	if len(r.modes) == 0 {
		return first, nil
	}
	settled := make([]bool, len(g.cells)*len(r.modes))
	q := &queue{}
	for _, s := range sources {
		ci, ok := g.index[s.cell]
		if !ok || s.turn > horizon || s.turn < 1 {
			continue
		}
		for mi, m := range r.modes {
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
	for q.Len() > 0 {
		x := heap.Pop(q).(label)
		k := x.cell*len(r.modes) + x.mode
		if settled[k] {
			continue
		}
		settled[k] = true
		if first[x.cell] == 0 || x.turn < first[x.cell] {
			first[x.cell] = x.turn
		}
		// On in this turn, in this mode, with what is left.
		if !x.ended {
			if err := r.steps(q, settled, x, x.mode, x.turn, x.spent); err != nil {
				return nil, err
			}
		}
		// On next turn, from here, in any mode, with its whole allowance.
		if x.turn < horizon {
			for mi := range r.modes {
				if err := r.steps(q, settled, x, mi, x.turn+1, value.Number{}); err != nil {
					return nil, err
				}
			}
		}
	}
	return first, nil
}

// steps pushes the steps from x's cell in mode mi on turn, having spent spent this turn.
func (r *reacher) steps(q *queue, settled []bool, x label, mi, turn int, spent value.Number) error {
	m, g := r.modes[mi], r.g
	for _, n := range g.nbr[x.cell] {
		if settled[n*len(r.modes)+mi] {
			continue
		}
		legs, err := m.legs(g, x.cell, n)
		if err != nil {
			return err
		}
		for _, l := range legs {
			if s := spent.Add(l.Cost); s.Cmp(m.allow) <= 0 {
				heap.Push(q, label{cell: n, mode: mi, turn: turn, ended: l.Ends, spent: s})
			}
		}
	}
	return nil
}
