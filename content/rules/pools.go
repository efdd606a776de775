package rules

import (
	"sort"

	"github.com/muster-wargames/muster/content"
)

// Draw pools: a side's units drawn at random into a place, at set-up or on later turns. Which units a draw
// brings is chance; how many a pool holds when each draw is made is not, and that is what the rules read: a
// draw takes Draw units from what its pool still holds.

// PoolDraw is one draw of a side's pool, with what the pool holds when it is made.
type PoolDraw struct {
	Pool *content.Pool
	Draw content.PoolDraw
	// Holds is how many units the pool holds before the draw; Takes how many the draw asks for.
	Holds, Takes int
	// First says whether this is the pool's first draw (the pool is as written).
	First bool
}

// Empty reports whether the draw finds its pool empty.
func (d PoolDraw) Empty() bool { return d.Holds == 0 }

// Short reports whether the draw asks for more units than its pool holds (and the pool is not empty).
func (d PoolDraw) Short() bool { return d.Holds > 0 && d.Takes > d.Holds }

// Draws are a side's pools' draws in the order they are made: set-up first, then turn by turn, the pools in
// the order the side lists them (a pool's draws of one turn in the order written). Each takes what it asks
// for, or what is left.
func Draws(s *content.Side) []PoolDraw {
	type pending struct {
		pool  int
		order int
		d     content.PoolDraw
	}
	var all []pending
	for i := range s.Pools {
		draws, _ := s.Pools[i].Draws()
		for j, d := range draws {
			all = append(all, pending{pool: i, order: j, d: d})
		}
	}
	sort.SliceStable(all, func(a, b int) bool { return all[a].d.Turn < all[b].d.Turn })
	left := make([]int, len(s.Pools))
	seen := make([]bool, len(s.Pools))
	for i := range s.Pools {
		left[i] = s.Pools[i].Size()
	}
	var out []PoolDraw
	for _, p := range all {
		pl := &s.Pools[p.pool]
		d := PoolDraw{Pool: pl, Draw: p.d, Holds: left[p.pool], Takes: max(pl.Draw, 0), First: !seen[p.pool]}
		seen[p.pool] = true
		left[p.pool] -= min(d.Takes, d.Holds)
		out = append(out, d)
	}
	return out
}

// PoolCounts are how many units of each unit type a side's pools hold together.
func PoolCounts(s *content.Side) map[string]int {
	out := map[string]int{}
	for _, p := range s.Pools {
		for _, u := range p.Units {
			out[u.Unit] += max(u.Count, 1)
		}
	}
	return out
}
