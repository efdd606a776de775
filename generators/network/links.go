package network

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/content"
)

// types gives every link its type. The links of a spanning tree (on an area map a random one, kept within the
// degree's maximum where it can be) take types ordinary movement may cross, so every place is reachable; the
// others are drawn by weight, a crossable type turned into one that is not where a place would pass the
// maximum, and back where a place would fall short of the minimum. It fails (and the layout is tried again)
// when a place's crossable connections still fall outside the degree.
func (ge *gen) types() error {
	r := ge.r
	n := len(ge.at)
	if ge.area {
		for i := range ge.links {
			ge.links[i].tree = false
		}
		order := make([]int, len(ge.links))
		for i := range order {
			order[i] = i
		}
		r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
		uf := newUnion(n)
		deg := make([]int, n)
		for pass := 0; pass < 2 && uf.parts > 1; pass++ {
			for _, i := range order {
				l := &ge.links[i]
				if pass == 0 && (deg[l.a] >= ge.dmax || deg[l.b] >= ge.dmax) {
					continue
				}
				if uf.union(l.a, l.b) {
					l.tree = true
					deg[l.a]++
					deg[l.b]++
				}
			}
		}
		if uf.parts > 1 {
			return fmt.Errorf("the areas fall into %d parts that share no border", uf.parts)
		}
	}
	all := append(append([]*content.ConnectionGen{}, ge.open...), ge.closed...)
	pick := func(from []*content.ConnectionGen) *content.ConnectionGen {
		w := make([]int, len(from))
		for i, c := range from {
			w[i] = c.Weight
		}
		return from[r.Pick(w)]
	}
	isOpen := func(c *content.ConnectionGen) bool {
		for _, o := range ge.open {
			if o == c {
				return true
			}
		}
		return false
	}
	deg := make([]int, n)
	for i := range ge.links {
		if l := &ge.links[i]; l.tree {
			l.typ = pick(ge.open).Type
			deg[l.a]++
			deg[l.b]++
		}
	}
	order := make([]int, 0, len(ge.links))
	for i, l := range ge.links {
		if !l.tree {
			order = append(order, i)
		}
	}
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	opened := make([]bool, len(ge.links))
	for _, i := range order {
		l := &ge.links[i]
		c := pick(all)
		if isOpen(c) && (deg[l.a] >= ge.dmax || deg[l.b] >= ge.dmax) && len(ge.closed) > 0 {
			c = pick(ge.closed)
		}
		l.typ = c.Type
		if isOpen(c) {
			opened[i] = true
			deg[l.a]++
			deg[l.b]++
		}
	}
	for _, i := range order {
		l := &ge.links[i]
		if !opened[i] && (deg[l.a] < ge.dmin || deg[l.b] < ge.dmin) && deg[l.a] < ge.dmax && deg[l.b] < ge.dmax {
			l.typ = pick(ge.open).Type
			opened[i] = true
			deg[l.a]++
			deg[l.b]++
		}
	}
	for i, d := range deg {
		if d < ge.dmin || d > ge.dmax {
			return fmt.Errorf("%s %d would have %d connections ordinary movement may cross, not %d to %d", ge.word(), i+1, d, ge.dmin, ge.dmax)
		}
	}
	return nil
}

func (ge *gen) word() string {
	if ge.area {
		return "area"
	}
	return "place"
}

// besides adds the connections that run beside others: a share of the links of the types each names.
func (ge *gen) besides() {
	for _, c := range ge.beside {
		k := len(ge.links)
		for i := 0; i < k; i++ {
			l := ge.links[i]
			for _, b := range c.Beside {
				if l.typ == b && share(ge.r, c.Share) {
					ge.links = append(ge.links, link{a: l.a, b: l.b, typ: c.Type})
					break
				}
			}
		}
	}
}

// distant adds connections between areas that do not touch (sea lanes along a coast): each joins two areas on
// one side of the bounds (one of the sides the settings name), three or more areas apart (two, where no such pair is left), and is drawn along that side (outside the bounds where the
// map has room, else just inside them); no area is joined by two, and a lane ordinary movement may take joins
// no area that has the degree's maximum already.
func (ge *gen) distant() error {
	d := ge.ng.Distant
	if d == nil || !ge.area {
		return nil
	}
	want := ge.r.Range(d.Count, 1)
	type cand struct{ a, b, side, hops int }
	var cands []cand
	n := len(ge.at)
	// A lane ordinary movement may take counts in the degree of the areas it joins.
	full := make([]bool, n)
	if passable(ge.sys.FeatureDef(d.Type)) {
		deg := make([]int, n)
		for _, l := range ge.links {
			if f := ge.sys.FeatureDef(l.typ); passable(f) {
				deg[l.a]++
				deg[l.b]++
			}
		}
		for i := range full {
			full[i] = deg[i] >= ge.dmax
		}
	}
	for a := 0; a < n; a++ {
		if ge.onSide[a] == 0 || full[a] {
			continue
		}
		dist := ge.hops(a)
		for b := a + 1; b < n; b++ {
			for side := 0; side < 4; side++ {
				if len(d.Sides) > 0 && !slices.Contains(d.Sides, content.Compass[side]) {
					continue
				}
				if !full[b] && ge.onSide[a]&ge.onSide[b]&(1<<side) != 0 && dist[b] >= 2 {
					cands = append(cands, cand{a, b, side, dist[b]})
				}
			}
		}
	}
	used := map[int]bool{}
	var spans [4][][2]int64 // the stretch of each side the lanes drawn run along
	along := func(c cand) [2]int64 {
		a, b := ge.at[c.a].x, ge.at[c.b].x
		if c.side%2 == 1 {
			a, b = ge.at[c.a].y, ge.at[c.b].y
		}
		return [2]int64{min(a, b), max(a, b)}
	}
	// Areas three or more apart first; two apart (not touching) only when no such pair is left.
	far := 0
	for i, c := range cands {
		if c.hops >= 3 {
			cands[i], cands[far] = cands[far], cands[i]
			far++
		}
	}
	made := 0
	for made < want && len(cands) > 0 {
		k := ge.r.IntN(len(cands))
		if far > 0 {
			k = ge.r.IntN(far)
			far--
			cands[k], cands[far] = cands[far], cands[k]
			k = far
		}
		c := cands[k]
		cands[k] = cands[len(cands)-1]
		cands = cands[:len(cands)-1]
		sp := along(c)
		if used[c.a] || used[c.b] || slices.ContainsFunc(spans[c.side], func(o [2]int64) bool { return o[0] <= sp[1] && sp[0] <= o[1] }) {
			continue
		}
		spans[c.side] = append(spans[c.side], sp)
		used[c.a], used[c.b] = true, true
		ge.links = append(ge.links, link{a: c.a, b: c.b, typ: d.Type, route: ge.coastRoute(c.a, c.b, c.side)})
		made++
	}
	if len(d.Count) > 0 && made < d.Count[0] {
		return fmt.Errorf("only %d pairs of areas on the coast do not touch; %d distant connections asked", made, d.Count[0])
	}
	return nil
}

// coastRoute is the line a distant connection between areas a and b is drawn along: out from each area's
// point to a line along side (0 north, 1 east, 2 south, 3 west of the bounds) and along it.
func (ge *gen) coastRoute(a, b, side int) []pt {
	pa, pb := ge.at[a], ge.at[b]
	in := min(ge.w, ge.h) / 40 // just inside the bounds, where the map has no room outside them
	var line int64
	switch side {
	case 0:
		line = ge.y0 + in
		if ge.y0 >= 2*in {
			line = ge.y0 / 2
		}
		return []pt{{pa.x, line}, {pb.x, line}}
	case 2:
		line = ge.y0 + ge.h - in
		if room := ge.mh - ge.y0 - ge.h; room >= 2*in {
			line = ge.y0 + ge.h + room/2
		}
		return []pt{{pa.x, line}, {pb.x, line}}
	case 3:
		line = ge.x0 + in
		if ge.x0 >= 2*in {
			line = ge.x0 / 2
		}
	default:
		line = ge.x0 + ge.w - in
		if room := ge.mw - ge.x0 - ge.w; room >= 2*in {
			line = ge.x0 + ge.w + room/2
		}
	}
	return []pt{{line, pa.y}, {line, pb.y}}
}

// hops is the fewest borders between area a and each area (a large number where none leads).
func (ge *gen) hops(a int) []int {
	dist := make([]int, len(ge.at))
	for i := range dist {
		dist[i] = 1 << 30
	}
	dist[a] = 0
	queue := []int{a}
	for len(queue) > 0 {
		x := queue[0]
		queue = queue[1:]
		for _, y := range ge.nbr[x] {
			if dist[y] > dist[x]+1 {
				dist[y] = dist[x] + 1
				queue = append(queue, y)
			}
		}
	}
	return dist
}
