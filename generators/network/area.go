package network

import (
	"fmt"
	"math"
	"slices"

	"github.com/muster-wargames/muster/generators/dice"
)

// areas lays out an area map: a lattice of quads over the bounds, its inner corners moved by up to the jitter,
// cut into areas of a few quads each (size), as many areas as places asks. Areas are made of quads that share
// sides, so each is a simple polygon through the lattice's corners, and two areas that touch share the
// corners along their border exactly.
func (ge *gen) areas() error {
	r := ge.r
	smin, smax, jit := ge.smin, ge.smax, ge.jitter
	target := r.Between(ge.lo, ge.hi)
	q := target * (smin + smax) / 2
	var owner []int
	var cols, rows, k int
	for try := 0; ; try++ {
		if try == 12 {
			return fmt.Errorf("cannot cut the map into %d to %d areas of %d to %d quads", ge.lo, ge.hi, smin, smax)
		}
		q = max(q, 1)
		cols = max(1, int(math.Round(math.Sqrt(float64(q)*float64(ge.w)/float64(ge.h)))))
		rows = max(1, (q+cols/2)/cols)
		owner, k = partition(cols, rows, smin, smax, r)
		if k >= ge.lo && k <= ge.hi {
			break
		}
		// Scale the lattice by how far the count missed, by at least one quad.
		next := q * target / max(k, 1)
		switch {
		case k < ge.lo && next <= q:
			next = q + 1
		case k > ge.hi && next >= q:
			next = q - 1
		}
		q = next
	}
	if ge.w/int64(cols) < 10 || ge.h/int64(rows) < 10 {
		return fmt.Errorf("%d areas do not fit: the lattice's quads would be under a tenth of a map unit", k)
	}
	// The lattice's corners, the inner ones moved.
	cx := func(i int) int64 { return ge.x0 + int64(i)*ge.w/int64(cols) }
	cy := func(j int) int64 { return ge.y0 + int64(j)*ge.h/int64(rows) }
	jx, jy := ge.w/int64(cols)*jit/1000, ge.h/int64(rows)*jit/1000
	corner := make([]pt, (cols+1)*(rows+1))
	for j := 0; j <= rows; j++ {
		for i := 0; i <= cols; i++ {
			p := pt{cx(i), cy(j)}
			if i > 0 && i < cols && jx > 0 {
				p.x += int64(r.Between(-int(jx), int(jx)))
			}
			if j > 0 && j < rows && jy > 0 {
				p.y += int64(r.Between(-int(jy), int(jy)))
			}
			corner[j*(cols+1)+i] = p
		}
	}
	quads := make([][]int, k)
	for c, o := range owner {
		quads[o] = append(quads[o], c)
	}
	ge.at = make([]pt, k)
	ge.outline = make([][]pt, k)
	ge.onSide = make([]uint8, k)
	for a, qs := range quads {
		ge.outline[a] = outline(qs, cols, corner)
		// The anchor is the centre of the area's quad nearest the middle of its quads: inside it, as a convex
		// quad holds the mean of its corners.
		centre := func(c int) pt {
			i, j := c%cols, c/cols
			var s pt
			for _, v := range []int{j*(cols+1) + i, j*(cols+1) + i + 1, (j+1)*(cols+1) + i + 1, (j+1)*(cols+1) + i} {
				s.x += corner[v].x
				s.y += corner[v].y
			}
			return pt{s.x / 4, s.y / 4}
		}
		var mid pt
		for _, c := range qs {
			p := centre(c)
			mid.x += p.x
			mid.y += p.y
		}
		mid = pt{mid.x / int64(len(qs)), mid.y / int64(len(qs))}
		best := qs[0]
		for _, c := range qs[1:] {
			if dist2(centre(c), mid) < dist2(centre(best), mid) {
				best = c
			}
		}
		ge.at[a] = centre(best)
		for _, c := range qs {
			i, j := c%cols, c/cols
			for side, on := range []bool{j == 0, i == cols-1, j == rows-1, i == 0} {
				if on {
					ge.onSide[a] |= 1 << side
				}
			}
		}
	}
	// Areas touch where two of their quads share a side.
	ge.touch = map[[2]int]bool{}
	ge.nbr = make([][]int, k)
	ge.links = ge.links[:0]
	for c, o := range owner {
		i, j := c%cols, c/cols
		for _, d := range []int{c + 1, c + cols} {
			if d == c+1 && i == cols-1 || d == c+cols && j == rows-1 {
				continue
			}
			if p := owner[d]; p != o {
				key := [2]int{min(o, p), max(o, p)}
				if !ge.touch[key] {
					ge.touch[key] = true
					ge.links = append(ge.links, link{a: key[0], b: key[1]})
					ge.nbr[o] = append(ge.nbr[o], p)
					ge.nbr[p] = append(ge.nbr[p], o)
				}
			}
		}
	}
	for a := range ge.nbr {
		slices.Sort(ge.nbr[a])
	}
	slices.SortFunc(ge.links, func(x, y link) int {
		if x.a != y.a {
			return x.a - y.a
		}
		return x.b - y.b
	})
	return nil
}

// partition cuts a lattice of cols x rows quads into areas of smin to smax quads that share sides, grown from
// quads taken in random order; it returns each quad's area and the number of areas.
func partition(cols, rows, smin, smax int, r *dice.Roller) ([]int, int) {
	n := cols * rows
	owner := make([]int, n)
	for i := range owner {
		owner[i] = -1
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	r.Shuffle(n, func(i, j int) { order[i], order[j] = order[j], order[i] })
	k := 0
	for _, q := range order {
		if owner[q] >= 0 {
			continue
		}
		size := r.Between(smin, smax)
		cells := []int{q}
		owner[q] = k
		for len(cells) < size {
			var frontier []int
			for _, c := range cells {
				for _, d := range sides(c, cols, rows) {
					if owner[d] < 0 && !slices.Contains(frontier, d) {
						frontier = append(frontier, d)
					}
				}
			}
			if len(frontier) == 0 {
				break
			}
			d := frontier[r.IntN(len(frontier))]
			owner[d] = k
			cells = append(cells, d)
		}
		k++
	}
	return owner, k
}

// sides are the quads that share a side with quad c.
func sides(c, cols, rows int) []int {
	i, j := c%cols, c/cols
	out := make([]int, 0, 4)
	if j > 0 {
		out = append(out, c-cols)
	}
	if i < cols-1 {
		out = append(out, c+1)
	}
	if j < rows-1 {
		out = append(out, c+cols)
	}
	if i > 0 {
		out = append(out, c-1)
	}
	return out
}

// outline is the boundary of a set of quads that share sides, through every lattice corner on it, clockwise on
// the page from its top-left corner: each quad's sides run clockwise, and a side two of the quads share cancels.
func outline(qs []int, cols int, corner []pt) []pt {
	w := cols + 1
	next := map[int]int{}
	type side struct{ from, to int }
	var all []side
	for _, c := range qs {
		i, j := c%cols, c/cols
		tl, tr, br, bl := j*w+i, j*w+i+1, (j+1)*w+i+1, (j+1)*w+i
		all = append(all, side{tl, tr}, side{tr, br}, side{br, bl}, side{bl, tl})
	}
	has := map[side]bool{}
	for _, s := range all {
		has[s] = true
	}
	start := -1
	for _, s := range all {
		if has[side{s.to, s.from}] {
			continue
		}
		next[s.from] = s.to
		if start < 0 || s.from < start {
			start = s.from
		}
	}
	var out []pt
	for v := start; ; {
		out = append(out, corner[v])
		v = next[v]
		if v == start || len(out) > len(all) {
			break
		}
	}
	return out
}

func dist2(a, b pt) int64 {
	dx, dy := a.x-b.x, a.y-b.y
	return dx*dx + dy*dy
}

// touching reports whether areas a and b share a border.
func (ge *gen) touching(a, b int) bool { return ge.touch[[2]int{min(a, b), max(a, b)}] }
