package grid

// Side lines: a river, a wall or a slope is drawn along the sides of cells (hexsides, or square edges), and
// its sides are given by the two corners that bound each (Hex.SideCorners, Square.EdgeCorners). Two rules read
// such a list, and this file holds both so that validation, drawing and the generators agree:
//   - SideParts: the sides form one line when, as a set, they are connected corner to corner (forks allowed,
//     the order they are listed in does not matter);
//   - SideRuns: the pieces a pen draws, joining each side to the run before it where it goes on from that
//     run's end (a chain is a list that is one run: it never forks and never turns about one corner).

// SideParts splits sides, each given by the two corners that bound it, into the connected parts of the line
// they draw: two sides are joined when they meet at a corner. Each part lists the indexes of its sides in
// ascending order, and the parts are in the order of their first sides, so the first part holds side 0. A line
// is one connected line (forks allowed) when it has a single part.
func SideParts(sides [][2]Corner) [][]int {
	parent := make([]int, len(sides))
	for i := range parent {
		parent[i] = i
	}
	find := func(x int) int {
		for parent[x] != x {
			parent[x] = parent[parent[x]]
			x = parent[x]
		}
		return x
	}
	first := make(map[Corner]int, 2*len(sides)) // a corner's first side
	for i, s := range sides {
		for _, k := range s {
			o, ok := first[k]
			if !ok {
				first[k] = i
				continue
			}
			// Join under the smaller root, so that a part's root is its first side.
			a, b := find(i), find(o)
			if a > b {
				a, b = b, a
			}
			parent[b] = a
		}
	}
	var out [][]int
	index := map[int]int{}
	for i := range sides {
		r := find(i)
		p, ok := index[r]
		if !ok {
			p = len(out)
			index[r] = p
			out = append(out, nil)
		}
		out[p] = append(out[p], i)
	}
	return out
}

// SideRun is one piece of a side line as a pen draws it: its sides in order, and the corners it passes
// through (one more than its sides).
type SideRun struct {
	Sides   []int
	Corners []Corner
}

// SideRuns joins sides into runs in the order they are listed: a side goes on from the run before it when it
// starts at that run's last corner (a run of one side may be turned round to meet it), and starts a new run
// otherwise. A fork, a gap, or a turn about one corner (three sides meeting at a corner) starts a new run.
func SideRuns(sides [][2]Corner) []SideRun {
	var out []SideRun
	var cur *SideRun
	for i, s := range sides {
		a, b := s[0], s[1]
		switch {
		case cur == nil:
		case cur.Corners[len(cur.Corners)-1] == a:
			cur.Sides = append(cur.Sides, i)
			cur.Corners = append(cur.Corners, b)
			continue
		case cur.Corners[len(cur.Corners)-1] == b:
			cur.Sides = append(cur.Sides, i)
			cur.Corners = append(cur.Corners, a)
			continue
		case len(cur.Sides) == 1 && cur.Corners[0] == a:
			cur.Sides = append(cur.Sides, i)
			cur.Corners = []Corner{cur.Corners[1], a, b}
			continue
		case len(cur.Sides) == 1 && cur.Corners[0] == b:
			cur.Sides = append(cur.Sides, i)
			cur.Corners = []Corner{cur.Corners[1], b, a}
			continue
		}
		out = append(out, SideRun{Sides: []int{i}, Corners: []Corner{a, b}})
		cur = &out[len(out)-1]
	}
	return out
}
