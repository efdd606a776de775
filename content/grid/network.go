package grid

import (
	"math"
	"slices"
	"sync"
)

// Network is the ground of an area map or a point-to-point map: N places joined where a connection says so.
// Place i is Cell{Col: i} of a grid one row high, so that everything muster does with cells (set-up, zones,
// objectives, stacking, movement) does the same with places; neighbours are the places a connection joins,
// and distance counts connections crossed.
type Network struct {
	n   int
	adj [][]int32 // each place's neighbours, sorted, each once

	mu   sync.Mutex
	from map[int32][]int32 // breadth-first distances from a place, worked out once when asked
}

// Unreachable is the Distance between places no chain of connections joins.
const Unreachable = math.MaxInt32

// NewNetwork makes a network of n places joined by links (pairs of place numbers; a link to a place outside
// 0..n-1, a link of a place to itself and a repeated link add nothing).
func NewNetwork(n int, links [][2]int) *Network {
	g := &Network{n: max(n, 0), adj: make([][]int32, max(n, 0)), from: map[int32][]int32{}}
	for _, l := range links {
		a, b := l[0], l[1]
		if a == b || a < 0 || b < 0 || a >= g.n || b >= g.n {
			continue
		}
		g.adj[a] = append(g.adj[a], int32(b))
		g.adj[b] = append(g.adj[b], int32(a))
	}
	for i := range g.adj {
		slices.Sort(g.adj[i])
		g.adj[i] = slices.Compact(g.adj[i])
	}
	return g
}

// Len is the number of places.
func (g *Network) Len() int { return g.n }

// Contains reports whether c is a place of the network.
func (g *Network) Contains(c Cell) bool { return c.Row == 0 && c.Col >= 0 && c.Col < g.n }

// Neighbours appends to dst the places a connection joins to c, in place order.
func (g *Network) Neighbours(c Cell, dst []Cell) []Cell {
	if !g.Contains(c) {
		return dst
	}
	for _, n := range g.adj[c.Col] {
		dst = append(dst, Cell{Col: int(n)})
	}
	return dst
}

// Adjacent reports whether a connection joins two places.
func (g *Network) Adjacent(a, b Cell) bool {
	if !g.Contains(a) || !g.Contains(b) || a == b {
		return false
	}
	_, ok := slices.BinarySearch(g.adj[a.Col], int32(b.Col))
	return ok
}

// Distance is the fewest connections between two places (0 from a place to itself), or Unreachable.
func (g *Network) Distance(a, b Cell) int {
	if !g.Contains(a) || !g.Contains(b) {
		return Unreachable
	}
	d := g.distances(int32(a.Col))[b.Col]
	if d < 0 {
		return Unreachable
	}
	return int(d)
}

// distances are the breadth-first distances from a place to every place (-1: unreachable), worked out once.
func (g *Network) distances(src int32) []int32 {
	g.mu.Lock()
	defer g.mu.Unlock()
	if d, ok := g.from[src]; ok {
		return d
	}
	d := make([]int32, g.n)
	for i := range d {
		d[i] = -1
	}
	d[src] = 0
	queue := []int32{src}
	for len(queue) > 0 {
		p := queue[0]
		queue = queue[1:]
		for _, n := range g.adj[p] {
			if d[n] < 0 {
				d[n] = d[p] + 1
				queue = append(queue, n)
			}
		}
	}
	g.from[src] = d
	return d
}

// Within returns the places at most n connections from any of from, in place order (from themselves
// included).
func (g *Network) Within(from []Cell, n int) []Cell {
	seen := make([]bool, g.n)
	var frontier []int32
	for _, c := range from {
		if g.Contains(c) && !seen[c.Col] {
			seen[c.Col] = true
			frontier = append(frontier, int32(c.Col))
		}
	}
	for step := 0; step < n && len(frontier) > 0; step++ {
		var next []int32
		for _, p := range frontier {
			for _, q := range g.adj[p] {
				if !seen[q] {
					seen[q] = true
					next = append(next, q)
				}
			}
		}
		frontier = next
	}
	var out []Cell
	for i, s := range seen {
		if s {
			out = append(out, Cell{Col: i})
		}
	}
	return out
}

// Components returns the groups of places joined by chains of connections, each in place order, the groups
// in the order of their first place.
func (g *Network) Components() [][]int {
	comp := make([]int, g.n)
	for i := range comp {
		comp[i] = -1
	}
	var out [][]int
	for i := 0; i < g.n; i++ {
		if comp[i] >= 0 {
			continue
		}
		k := len(out)
		comp[i] = k
		members := []int{i}
		for q := 0; q < len(members); q++ {
			for _, n := range g.adj[members[q]] {
				if comp[n] < 0 {
					comp[n] = k
					members = append(members, int(n))
				}
			}
		}
		slices.Sort(members)
		out = append(out, members)
	}
	return out
}
