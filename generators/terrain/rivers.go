package terrain

import (
	"container/heap"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
)

// cornerGraph is the graph rivers run on: the corners of the cells, joined by the sides between two cells of
// the map. A river is a path in it, so its sides meet corner to corner and never turn about one corner: a
// hexside chain (grid.Hex.CheckChain), and one connected feature for the map-hexsides check.
type cornerGraph struct {
	ids  map[grid.Corner]int32
	keys []grid.Corner
	adj  [][]cornerEdge
	edge []string // map side of a boundary corner: north, east, south, west; "" inside or near a map corner
}

type cornerEdge struct {
	to int32
	s  sideKey
}

func (g *gridMap) corners() *cornerGraph {
	cg := &cornerGraph{ids: map[grid.Corner]int32{}}
	id := func(k grid.Corner) int32 {
		if v, ok := cg.ids[k]; ok {
			return v
		}
		v := int32(len(cg.keys))
		cg.ids[k] = v
		cg.keys = append(cg.keys, k)
		cg.adj = append(cg.adj, nil)
		return v
	}
	for i := 0; i < g.n; i++ {
		for _, j := range g.side[i] {
			if int(j) < i {
				continue
			}
			k1, k2, ok := g.set.SideCorners(g.cells[i], g.cells[j])
			if !ok {
				continue
			}
			a, b := id(k1), id(k2)
			s := keyOf(int32(i), j)
			cg.adj[a] = append(cg.adj[a], cornerEdge{b, s})
			cg.adj[b] = append(cg.adj[b], cornerEdge{a, s})
		}
	}
	cg.edge = make([]string, len(cg.keys))
	for v, k := range cg.keys {
		cg.edge[v] = g.cornerEdge(k)
	}
	return cg
}

// cornerEdge says which map edge a corner lies on, "" for an inner corner or one within two cells of a map
// corner (rivers do not start in a map corner).
func (g *gridMap) cornerEdge(k grid.Corner) string {
	side := ""
	set := func(s string) bool {
		if side != "" && side != s {
			return false
		}
		side = s
		return true
	}
	if !g.hex {
		x, y := k[0].Col, k[0].Row
		switch {
		case (x == 0 || x == g.cols) && (y == 0 || y == g.rows):
			return ""
		case y == 0 || y == g.rows:
			if x < 2 || x > g.cols-2 {
				return ""
			}
			if y == 0 {
				return "north"
			}
			return "south"
		case x == 0 || x == g.cols:
			if y < 2 || y > g.rows-2 {
				return ""
			}
			if x == 0 {
				return "west"
			}
			return "east"
		}
		return ""
	}
	for _, c := range k {
		ok := true
		switch {
		case c.Row < 0:
			ok = set("north")
		case c.Row >= g.rows:
			ok = set("south")
		case c.Col < 0:
			ok = set("west")
		case c.Col >= g.cols:
			ok = set("east")
		}
		if !ok {
			return ""
		}
	}
	for _, c := range k {
		if c.Col < 0 || c.Row < 0 || c.Col >= g.cols || c.Row >= g.rows {
			continue
		}
		switch side {
		case "north", "south":
			if c.Col < 2 || c.Col > g.cols-3 {
				return ""
			}
		case "east", "west":
			if c.Row < 2 || c.Row > g.rows-3 {
				return ""
			}
		}
	}
	return side
}

// noise is a smooth random field over the cells (0..100): values on a coarse lattice, interpolated, so that
// rivers follow valleys and bend in long curves instead of zigzagging.
func (g *gridMap) noise(step int) []int {
	lw, lh := g.cols/step+2, g.rows/step+2
	lat := make([]int, lw*lh)
	for i := range lat {
		lat[i] = g.r.IntN(101)
	}
	out := make([]int, g.n)
	for i, c := range g.cells {
		x0, y0 := c.Col/step, c.Row/step
		fx, fy := c.Col%step, c.Row%step
		a, b := lat[y0*lw+x0], lat[y0*lw+x0+1]
		cc, d := lat[(y0+1)*lw+x0], lat[(y0+1)*lw+x0+1]
		top := a*(step-fx) + b*fx
		bot := cc*(step-fx) + d*fx
		out[i] = (top*(step-fy) + bot*fy) / (step * step)
	}
	return out
}

// rivers draws the configured number of rivers, each from one map edge to another (usually the opposite one),
// with forks that run from the middle of the river to a third edge.
func (g *gridMap) rivers(rv *content.RiverGen, what string) error {
	f := feature(g.tt.sys, rv.Feature)
	if rv.Feature == "" || f == nil || f.On != content.FeatureHexside {
		return fmt.Errorf("%s: rivers need a hexside feature of the System (rivers: {feature: river}); %q is not one", what, rv.Feature)
	}
	cg := g.corners()
	lo := 1
	if len(rv.Count) > 0 {
		lo = rv.Count[0]
	}
	count := g.r.Range(rv.Count, 1)
	used := make([]bool, len(cg.keys)) // corners on a river
	noise := g.noise(5)
	weight := func(e cornerEdge) int {
		w := 10 + (noise[e.s[0]]+noise[e.s[1]])/8 + g.r.IntN(4)
		if g.settlement[e.s[0]] >= 0 || g.settlement[e.s[1]] >= 0 {
			w += 80
		}
		if g.nearEdge(int(e.s[0])) || g.nearEdge(int(e.s[1])) {
			w += 25 // keep rivers off the map's outer rings, where they would hug the edge
		}
		return w
	}
	byEdge := map[string][]int32{}
	for v, s := range cg.edge {
		if s != "" {
			byEdge[s] = append(byEdge[s], int32(v))
		}
	}
	placed := 0
	for k := 0; k < count; k++ {
		var main []int32
		for try := 0; try < 8 && main == nil; try++ {
			from := content.Compass[g.r.IntN(4)]
			to := content.Opposite(from)
			if g.r.Chance(1, 4) {
				to = content.Compass[(indexOf(content.Compass, from)+1+2*g.r.IntN(2))%4]
			}
			starts := free(byEdge[from], used)
			if len(starts) == 0 {
				continue
			}
			start := starts[g.r.IntN(len(starts))]
			main = g.cornerPath(cg, []int32{start}, func(v int32) bool { return cg.edge[v] == to && !used[v] }, used, weight)
		}
		if main == nil {
			if placed < lo {
				return fmt.Errorf("%s: could draw only %d of at least %d rivers: no way is left from one map edge to another", what, placed, lo)
			}
			break
		}
		sides := pathSides(cg, main)
		for _, v := range main {
			used[v] = true
		}
		// Forks leave the main river somewhere in its middle half and run to another edge.
		forks := g.r.Range(rv.Forks, 0)
		for fk := 0; fk < forks && len(main) > 8; fk++ {
			at := main[len(main)/4+g.r.IntN(len(main)/2)]
			ends := map[string]bool{cg.edge[main[0]]: true, cg.edge[main[len(main)-1]]: true}
			blocked := append([]bool(nil), used...)
			blocked[at] = false
			path := g.cornerPath(cg, []int32{at}, func(v int32) bool { return cg.edge[v] != "" && !ends[cg.edge[v]] && !used[v] }, blocked, weight)
			if path == nil {
				path = g.cornerPath(cg, []int32{at}, func(v int32) bool { return cg.edge[v] != "" && !used[v] }, blocked, weight)
			}
			if path == nil {
				continue
			}
			sides = append(sides, pathSides(cg, path)...)
			for _, v := range path {
				used[v] = true
			}
		}
		num := int32(placed)
		for _, s := range sides {
			g.water[s] = f.Water
			if f.Impassable {
				g.blocked[s] = true
			}
			g.riverAt[s] = num
		}
		placed++
		g.m.Hexsides = append(g.m.Hexsides, content.SideFeature{ID: fmt.Sprintf("river-%d", placed), Type: rv.Feature,
			Name: fmt.Sprintf("River %d", placed), Sides: g.sideLabels(sides)})
	}
	return nil
}

func (g *gridMap) nearEdge(i int) bool {
	c := g.cells[i]
	return c.Col < 2 || c.Row < 2 || c.Col >= g.cols-2 || c.Row >= g.rows-2
}

func free(vs []int32, used []bool) []int32 {
	var out []int32
	for _, v := range vs {
		if !used[v] {
			out = append(out, v)
		}
	}
	return out
}

func indexOf(xs []string, x string) int {
	for i, y := range xs {
		if y == x {
			return i
		}
	}
	return 0
}

func pathSides(cg *cornerGraph, path []int32) []sideKey {
	var out []sideKey
	for i := 1; i < len(path); i++ {
		for _, e := range cg.adj[path[i-1]] {
			if e.to == path[i] {
				out = append(out, e.s)
				break
			}
		}
	}
	return out
}

// cornerPath is the cheapest path from a start corner to a corner done accepts, through corners that are not
// blocked and not on an edge (a river runs across the map, not along its edge).
func (g *gridMap) cornerPath(cg *cornerGraph, starts []int32, done func(int32) bool, blocked []bool, weight func(cornerEdge) int) []int32 {
	n := len(cg.keys)
	dist := make([]int, n)
	prev := make([]int32, n)
	for i := range dist {
		dist[i] = -1
		prev[i] = -1
	}
	h := &pq{}
	for _, s := range starts {
		dist[s] = 0
		heap.Push(h, pqItem{0, s})
	}
	full := 4
	if g.hex {
		full = 3
	}
	isStart := func(v int32) bool {
		for _, s := range starts {
			if s == v {
				return true
			}
		}
		return false
	}
	for h.Len() > 0 {
		it := heap.Pop(h).(pqItem)
		v := it.v
		if it.d != dist[v] {
			continue
		}
		if !isStart(v) && done(v) {
			var path []int32
			for x := v; x >= 0; x = prev[x] {
				path = append(path, x)
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path
		}
		if !isStart(v) && cg.edge[v] != "" {
			continue // an edge corner that is not a goal: do not run along the edge
		}
		for _, e := range cg.adj[v] {
			if blocked[e.to] {
				continue
			}
			if len(cg.adj[e.to]) < full && !done(e.to) {
				continue // a corner of the map's outline: rivers run across the map, not along its edge
			}
			d := it.d + weight(e)
			if dist[e.to] < 0 || d < dist[e.to] {
				dist[e.to] = d
				prev[e.to] = v
				heap.Push(h, pqItem{d, e.to})
			}
		}
	}
	return nil
}

type pqItem struct {
	d int
	v int32
}

type pq []pqItem

func (q pq) Len() int { return len(q) }
func (q pq) Less(i, j int) bool {
	if q[i].d != q[j].d {
		return q[i].d < q[j].d
	}
	return q[i].v < q[j].v
}
func (q pq) Swap(i, j int) { q[i], q[j] = q[j], q[i] }
func (q *pq) Push(x any)   { *q = append(*q, x.(pqItem)) }
func (q *pq) Pop() any {
	old := *q
	it := old[len(old)-1]
	*q = old[:len(old)-1]
	return it
}
