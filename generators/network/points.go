package network

import (
	"cmp"
	"fmt"
	"math"
	"math/bits"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
)

// points lays out a point-to-point map: places thrown at random over the bounds, each at least the spacing
// from the others (and half of it from the bounds' sides); a spanning tree of the shortest links that cross no
// other and leave every place at most the degree's maximum; then, nearest first, further links that cross no
// other, pass no third place closely and leave no sharp angle with another link at their ends, until each place
// has the number of links rolled for it.
func (ge *gen) points() error {
	ng, r := ge.ng, ge.r
	target := r.Between(ge.lo, ge.hi)
	var s int64
	if ng.Spacing != nil {
		s = toTicks(*ng.Spacing)
	} else {
		s = int64(math.Sqrt(float64(ge.w)*float64(ge.h)/float64(target)) * 0.6)
	}
	if s <= 0 {
		return fmt.Errorf("spacing must be above 0")
	}
	var rad int64
	if ng.Radius != nil {
		rad = toTicks(*ng.Radius)
	}
	margin := max(s/2, rad*2)
	if 2*margin >= ge.w || 2*margin >= ge.h {
		return fmt.Errorf("the places' spacing (%s) leaves no room on a map %s x %s", num(s), num(ge.w), num(ge.h))
	}
	var at []pt
	for try := 0; try < 400*target && len(at) < target; try++ {
		p := pt{ge.x0 + margin + int64(r.IntN(int(ge.w-2*margin+1))), ge.y0 + margin + int64(r.IntN(int(ge.h-2*margin+1)))}
		if !slices.ContainsFunc(at, func(q pt) bool { return dist2(p, q) < s*s }) {
			at = append(at, p)
		}
	}
	if len(at) < ge.lo {
		return fmt.Errorf("only %d places fit %s apart on %s x %s; at least %d asked: lower the spacing or the places", len(at), num(s), num(ge.w), num(ge.h), ge.lo)
	}
	n := len(at)
	ge.at, ge.outline, ge.onSide = at, nil, make([]uint8, n)
	type pair struct {
		a, b int
		d2   int64
	}
	pairs := make([]pair, 0, n*(n-1)/2)
	for a := 0; a < n; a++ {
		for b := a + 1; b < n; b++ {
			pairs = append(pairs, pair{a, b, dist2(at[a], at[b])})
		}
	}
	slices.SortFunc(pairs, func(x, y pair) int { return cmp.Or(cmp.Compare(x.d2, y.d2), x.a-y.a, x.b-y.b) })
	clear := max(s/3, rad*3/2)
	deg := make([]int, n)
	ge.links = ge.links[:0]
	linked := map[[2]int]bool{}
	add := func(a, b int, tree bool) {
		ge.links = append(ge.links, link{a: a, b: b, tree: tree})
		linked[[2]int{a, b}] = true
		deg[a]++
		deg[b]++
	}
	uf := newUnion(n)
	for _, p := range pairs {
		if uf.find(p.a) == uf.find(p.b) || deg[p.a] >= ge.dmax || deg[p.b] >= ge.dmax || !ge.fits(p.a, p.b, clear) {
			continue
		}
		uf.union(p.a, p.b)
		add(p.a, p.b, true)
	}
	if uf.parts != 1 {
		return fmt.Errorf("no links of at most %d a place join every place without crossing", ge.dmax)
	}
	hi := ge.dmax
	if len(ng.Degree) == 0 {
		ge.dmin, hi = 1, 3
	}
	want := make([]int, n)
	for i := range want {
		want[i] = r.Between(ge.dmin, min(hi, ge.dmin+3))
	}
	for _, p := range pairs {
		if p.d2 > 9*s*s {
			break
		}
		a, b := p.a, p.b
		if linked[[2]int{a, b}] || deg[a] >= want[a] && deg[b] >= want[b] || deg[a] >= ge.dmax || deg[b] >= ge.dmax || !ge.fits(a, b, clear) {
			continue
		}
		add(a, b, false)
	}
	for i, d := range deg {
		if d < ge.dmin {
			return fmt.Errorf("place %d has %d links; no further link reaches it without crossing another (degree %d to %d)", i+1, d, ge.dmin, ge.dmax)
		}
	}
	ge.nbr = make([][]int, n)
	for _, l := range ge.links {
		ge.nbr[l.a] = append(ge.nbr[l.a], l.b)
		ge.nbr[l.b] = append(ge.nbr[l.b], l.a)
	}
	for i := range ge.nbr {
		slices.Sort(ge.nbr[i])
	}
	return nil
}

// fits reports whether a link from place a to place b may be drawn: it crosses no link drawn, passes no other
// place closer than clear, and leaves an angle of 25 degrees or more with every link at its ends.
func (ge *gen) fits(a, b int, clear int64) bool {
	pa, pb := ge.at[a], ge.at[b]
	for _, l := range ge.links {
		shared := -1
		switch {
		case l.a == a || l.b == a:
			shared = a
		case l.a == b || l.b == b:
			shared = b
		}
		if shared < 0 {
			if cross(pa, pb, ge.at[l.a], ge.at[l.b]) {
				return false
			}
			continue
		}
		other := l.a + l.b - shared
		far := a + b - shared
		if sharp(ge.at[shared], ge.at[far], ge.at[other]) {
			return false
		}
	}
	for c, pc := range ge.at {
		if c != a && c != b && near(pa, pb, pc, clear) {
			return false
		}
	}
	return true
}

// orient is the sign of the turn a -> b -> c: 1 left, -1 right, 0 on one line.
func orient(a, b, c pt) int {
	v := (b.x-a.x)*(c.y-a.y) - (b.y-a.y)*(c.x-a.x)
	return cmp.Compare(v, 0)
}

// cross reports whether segments ab and cd meet (crossing, or touching at a point of one).
func cross(a, b, c, d pt) bool {
	o1, o2, o3, o4 := orient(a, b, c), orient(a, b, d), orient(c, d, a), orient(c, d, b)
	if o1 != o2 && o3 != o4 {
		return true
	}
	on := func(p, q, x pt) bool {
		return min(p.x, q.x) <= x.x && x.x <= max(p.x, q.x) && min(p.y, q.y) <= x.y && x.y <= max(p.y, q.y)
	}
	return o1 == 0 && on(a, b, c) || o2 == 0 && on(a, b, d) || o3 == 0 && on(c, d, a) || o4 == 0 && on(c, d, b)
}

// sharp reports whether the links from o to a and from o to b make an angle under 25 degrees: cos² of the
// angle over 0.821, worked exactly in integers.
func sharp(o, a, b pt) bool {
	ux, uy, vx, vy := a.x-o.x, a.y-o.y, b.x-o.x, b.y-o.y
	dot := ux*vx + uy*vy
	if dot <= 0 {
		return false
	}
	u2, v2 := uint64(ux*ux+uy*uy), uint64(vx*vx+vy*vy)
	return cmpProd(uint64(dot), uint64(dot)*1000, 821*u2, v2) > 0
}

// near reports whether point c lies closer than d to the segment ab.
func near(a, b, c pt, d int64) bool {
	abx, aby := b.x-a.x, b.y-a.y
	t := (c.x-a.x)*abx + (c.y-a.y)*aby
	l2 := abx*abx + aby*aby
	switch {
	case t <= 0:
		return dist2(a, c) < d*d
	case t >= l2:
		return dist2(b, c) < d*d
	}
	cr := (c.x-a.x)*aby - (c.y-a.y)*abx
	if cr < 0 {
		cr = -cr
	}
	return cmpProd(uint64(cr), uint64(cr), uint64(d*d), uint64(l2)) < 0
}

// cmpProd compares a*b with c*d exactly.
func cmpProd(a, b, c, d uint64) int {
	h1, l1 := bits.Mul64(a, b)
	h2, l2 := bits.Mul64(c, d)
	return cmp.Or(cmp.Compare(h1, h2), cmp.Compare(l1, l2))
}

// union is a union-find over places.
type union struct {
	up    []int
	parts int
}

func newUnion(n int) *union {
	u := &union{up: make([]int, n), parts: n}
	for i := range u.up {
		u.up[i] = i
	}
	return u
}

func (u *union) find(i int) int {
	for u.up[i] != i {
		u.up[i] = u.up[u.up[i]]
		i = u.up[i]
	}
	return i
}

func (u *union) union(a, b int) bool {
	a, b = u.find(a), u.find(b)
	if a == b {
		return false
	}
	u.up[b] = a
	u.parts--
	return true
}

// pointEdges names the four sides of a point-to-point map as edges, each listing the places in the outer fifth
// of the bounds beside it (at least the two nearest it), for entries and set-up zones.
func (ge *gen) pointEdges(rank []int, places []content.Place) []content.EdgeDef {
	var out []content.EdgeDef
	for _, side := range content.Compass {
		dist := func(p pt) int64 {
			switch side {
			case "north":
				return p.y - ge.y0
			case "south":
				return ge.y0 + ge.h - p.y
			case "west":
				return p.x - ge.x0
			}
			return ge.x0 + ge.w - p.x
		}
		depth := ge.h / 5
		if side == "east" || side == "west" {
			depth = ge.w / 5
		}
		order := make([]int, len(ge.at))
		for i := range order {
			order[i] = i
		}
		slices.SortFunc(order, func(a, b int) int { return cmp.Or(cmp.Compare(dist(ge.at[a]), dist(ge.at[b])), rank[a]-rank[b]) })
		var in []int
		for k, i := range order {
			if k < 2 || dist(ge.at[i]) <= depth {
				in = append(in, rank[i])
			}
		}
		slices.Sort(in)
		e := content.EdgeDef{ID: side + "-edge", Name: strings.ToUpper(side[:1]) + side[1:] + " edge", Side: side}
		for _, k := range in {
			e.Cells = append(e.Cells, places[k].ID)
		}
		out = append(out, e)
	}
	return out
}
