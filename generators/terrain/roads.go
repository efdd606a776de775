package terrain

import (
	"container/heap"
	"fmt"

	"github.com/muster-wargames/muster/content"
)

// roads links every settlement to the nearest one placed before it, then runs the configured number of roads
// on to map edges. Roads take the cheapest way by terrain cost, step only between cells that share a side,
// never enter impassable terrain, and cross water only where the settings name a bridge (or ford), which is
// then placed on that side.
func (g *gridMap) roads(rd *content.RoadGen, rv *content.RiverGen, what string) error {
	f := feature(g.tt.sys, rd.Feature)
	if rd.Feature == "" || f == nil || f.On != content.FeaturePath {
		return fmt.Errorf("%s: roads need a path feature of the System (roads: {feature: road}); %q is not one", what, rd.Feature)
	}
	crossing := ""
	if rv != nil {
		crossing = rv.Bridge
		if crossing == "" {
			crossing = rv.Ford
		}
		if crossing != "" {
			if c := feature(g.tt.sys, crossing); c == nil || c.On != content.FeatureCrossing {
				return fmt.Errorf("%s: bridge %q is not a crossing feature of the System", what, crossing)
			}
		}
	}
	var centres []int
	for _, l := range g.m.Locations {
		if l.Kind != "settlement" || len(l.Cells) == 0 {
			continue
		}
		best, bestN := -1, -1
		// The settlement cell with the most settlement neighbours is its centre.
		for i := 0; i < g.n; i++ {
			if g.settlement[i] < 0 || fmt.Sprintf("settlement-%d", g.settlement[i]+1) != l.ID {
				continue
			}
			k := 0
			for _, j := range g.side[i] {
				if g.settlement[j] == g.settlement[i] {
					k++
				}
			}
			if k > bestN {
				best, bestN = i, k
			}
		}
		if best >= 0 {
			centres = append(centres, best)
		}
	}
	onRoad := make([]bool, g.n)
	n := 0
	add := func(path []int) {
		// Where the new road runs along an old one, keep only the junction cell.
		for len(path) > 1 && onRoad[path[0]] && onRoad[path[1]] {
			path = path[1:]
		}
		for len(path) > 1 && onRoad[path[len(path)-1]] && onRoad[path[len(path)-2]] {
			path = path[:len(path)-1]
		}
		if len(path) < 2 {
			return
		}
		n++
		labels := make([]string, len(path))
		for k, i := range path {
			labels[k] = g.labels[i]
			onRoad[i] = true
			if k > 0 {
				s := keyOf(int32(path[k-1]), int32(i))
				if g.water[s] && !g.bridged[s] && crossing != "" {
					g.bridged[s] = true
					g.m.Crossings = append(g.m.Crossings, content.Crossing{Type: crossing, Side: g.labels[s[0]] + "/" + g.labels[s[1]],
						Name: fmt.Sprintf("Bridge %d", len(g.m.Crossings)+1)})
				}
			}
		}
		g.m.Paths = append(g.m.Paths, content.PathFeature{ID: fmt.Sprintf("road-%d", n), Type: rd.Feature, Name: fmt.Sprintf("Road %d", n), Cells: labels})
	}
	for k := 1; k < len(centres); k++ {
		best, bestD := -1, 0
		for j := 0; j < k; j++ {
			d := g.set.Distance(g.cells[centres[k]], g.cells[centres[j]])
			if best < 0 || d < bestD {
				best, bestD = j, d
			}
		}
		target := centres[best]
		add(g.cellPath(centres[k], func(i int) bool { return i == target }, onRoad, crossing != ""))
	}
	edgeRoads := g.r.Range(rd.Count, 1)
	for k := 0; k < edgeRoads; k++ {
		side := content.Compass[g.r.IntN(4)]
		var from int
		if len(centres) > 0 {
			from = centres[g.r.IntN(len(centres))]
		} else {
			cells := g.edgeCells(content.Opposite(side))
			from = cells[g.r.IntN(len(cells))]
			if !g.tt.passable(g.terr[from]) {
				continue
			}
		}
		goal := make([]bool, g.n)
		for _, i := range g.edgeCells(side) {
			goal[i] = true
		}
		add(g.cellPath(from, func(i int) bool { return goal[i] }, onRoad, crossing != ""))
	}
	return nil
}

// edgeCells are the cells along a side of the map (content.MapSet.EdgeCells), as indexes.
func (g *gridMap) edgeCells(side string) []int {
	e, _ := g.set.Edge(side)
	line := g.set.EdgeCells(e, nil)
	out := make([]int, len(line))
	for k, c := range line {
		out[k] = g.index(c)
	}
	return out
}

// cellPath is the cheapest chain of side-sharing cells from a cell to one done accepts.
func (g *gridMap) cellPath(from int, done func(int) bool, onRoad []bool, canCross bool) []int {
	dist := make([]int, g.n)
	prev := make([]int32, g.n)
	for i := range dist {
		dist[i], prev[i] = -1, -1
	}
	h := &pq{}
	dist[from] = 0
	heap.Push(h, pqItem{0, int32(from)})
	for h.Len() > 0 {
		it := heap.Pop(h).(pqItem)
		v := int(it.v)
		if it.d != dist[v] {
			continue
		}
		if v != from && done(v) {
			var path []int
			for x := int32(v); x >= 0; x = prev[x] {
				path = append(path, int(x))
			}
			for i, j := 0, len(path)-1; i < j; i, j = i+1, j-1 {
				path[i], path[j] = path[j], path[i]
			}
			return path
		}
		for _, j32 := range g.side[v] {
			j := int(j32)
			if !g.tt.passable(g.terr[j]) {
				continue
			}
			s := keyOf(int32(v), j32)
			w := 10*g.tt.cost(g.terr[j]) + g.r.IntN(4)
			if onRoad[j] {
				w = 3
			}
			if g.water[s] {
				if !canCross && !g.bridged[s] {
					continue
				}
				if !g.bridged[s] {
					w += 60
				}
			} else if g.blocked[s] {
				continue
			}
			d := it.d + w
			if dist[j] < 0 || d < dist[j] {
				dist[j] = d
				prev[j] = int32(v)
				heap.Push(h, pqItem{d, int32(j)})
			}
		}
	}
	return nil
}
