package grid

import (
	"reflect"
	"testing"
)

// sideEnds reads hexsides of a flat-top odd-q grid as corner pairs.
func sideEnds(t *testing.T, g Hex, pairs ...[2]Cell) [][2]Corner {
	t.Helper()
	var out [][2]Corner
	for _, p := range pairs {
		s, err := g.Side(p[0], p[1])
		if err != nil {
			t.Fatal(err)
		}
		k1, k2, ok := g.SideCorners(s)
		if !ok {
			t.Fatalf("no corners for %v", s)
		}
		out = append(out, [2]Corner{k1, k2})
	}
	return out
}

// The hexside-line rule: a feature is one line when its sides, as a set, meet corner to corner. Forks are
// allowed, the listing order does not matter, and a gap splits the line into parts ordered by first side.
func TestSideParts(t *testing.T) {
	g := Hex{Cols: 10, Rows: 10, CellSize: 1}
	// Flat-top odd-q: column 2 is not shoved, column 3 is, so (2,r) borders (3,r-1) and (3,r). Down the
	// line between columns 2 and 3: a straight river.
	line := [][2]Cell{{{2, 2}, {3, 1}}, {{2, 2}, {3, 2}}, {{2, 3}, {3, 2}}, {{2, 3}, {3, 3}}}
	// A fork off the corner where (2,2), (3,1) and (3,2) meet, along (3,1)/(3,2) and on.
	fork := [][2]Cell{{{3, 1}, {3, 2}}, {{3, 2}, {4, 2}}}
	// A piece two hexes away, touching nothing.
	apart := [][2]Cell{{{6, 6}, {6, 7}}}
	cases := []struct {
		name  string
		sides [][2]Cell
		want  [][]int
	}{
		{"a straight line", line, [][]int{{0, 1, 2, 3}}},
		{"listed out of order", [][2]Cell{line[3], line[0], line[2], line[1]}, [][]int{{0, 1, 2, 3}}},
		{"a line with a fork", append(append([][2]Cell{}, line...), fork...), [][]int{{0, 1, 2, 3, 4, 5}}},
		{"a fork listed before its line", append(append([][2]Cell{}, fork...), line...), [][]int{{0, 1, 2, 3, 4, 5}}},
		{"a gap", [][2]Cell{line[0], apart[0], line[1]}, [][]int{{0, 2}, {1}}},
		{"a gap, the piece first", [][2]Cell{apart[0], line[0], line[1]}, [][]int{{0}, {1, 2}}},
		{"two lines joined only by a later side", [][2]Cell{line[0], line[3], line[1], line[2]}, [][]int{{0, 1, 2, 3}}},
		{"nothing", nil, nil},
	}
	for _, c := range cases {
		if got := SideParts(sideEnds(t, g, c.sides...)); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: parts %v, want %v", c.name, got, c.want)
		}
	}
}

// How a pen draws a side line: runs in listed order, each going on from the last corner of the one before;
// a single side turns round to meet the next; a fork, a gap or a turn about one corner starts a new run.
func TestSideRuns(t *testing.T) {
	g := Hex{Cols: 10, Rows: 10, CellSize: 1}
	line := [][2]Cell{{{2, 2}, {3, 1}}, {{2, 2}, {3, 2}}, {{2, 3}, {3, 2}}, {{2, 3}, {3, 3}}}
	fork := [2]Cell{{3, 1}, {3, 2}} // meets line[0] and line[1] at their shared corner
	cases := []struct {
		name  string
		sides [][2]Cell
		want  [][]int
	}{
		{"a straight line", line, [][]int{{0, 1, 2, 3}}},
		{"a line listed backwards", [][2]Cell{line[3], line[2], line[1], line[0]}, [][]int{{0, 1, 2, 3}}},
		{"a gap in the listing", [][2]Cell{line[0], line[2], line[1]}, [][]int{{0}, {1, 2}}},
		{"three sides about one corner", [][2]Cell{line[0], line[1], fork}, [][]int{{0, 1}, {2}}},
		{"a fork after its line", [][2]Cell{line[0], line[1], line[2], fork}, [][]int{{0, 1, 2}, {3}}},
	}
	for _, c := range cases {
		ends := sideEnds(t, g, c.sides...)
		runs := SideRuns(ends)
		var got [][]int
		for _, r := range runs {
			got = append(got, r.Sides)
			if len(r.Corners) != len(r.Sides)+1 {
				t.Errorf("%s: run %v has %d corners", c.name, r.Sides, len(r.Corners))
			}
			// Each side of a run joins the corners before and after it.
			for j, i := range r.Sides {
				a, b := r.Corners[j], r.Corners[j+1]
				if !(ends[i][0] == a && ends[i][1] == b || ends[i][0] == b && ends[i][1] == a) {
					t.Errorf("%s: side %d does not join corners %d and %d of its run", c.name, i, j, j+1)
				}
			}
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: runs %v, want %v", c.name, got, c.want)
		}
	}
}

// A square's edge corners are lattice points shared by the edges that meet there, and sit at the edge's ends.
func TestSquareEdgeCorners(t *testing.T) {
	g := Square{Cols: 4, Rows: 4, CellSize: 10, Origin: Point{X: 5, Y: 5}}
	for _, e := range []Edge{{Cell{1, 1}, Cell{2, 1}}, {Cell{1, 1}, Cell{1, 2}}} {
		k1, k2, ok := g.EdgeCorners(e)
		p, q, _ := g.EdgeEnds(e)
		if !ok || g.CornerPoint(k1).Dist(p) > 1e-9 || g.CornerPoint(k2).Dist(q) > 1e-9 {
			t.Errorf("%v: corners %v %v at %v %v, ends %v %v", e, k1, k2, g.CornerPoint(k1), g.CornerPoint(k2), p, q)
		}
	}
	// The east edge of (1,1) and the south edge of (1,1) meet at its bottom-right corner.
	_, a, _ := g.EdgeCorners(Edge{Cell{1, 1}, Cell{2, 1}})
	_, b, _ := g.EdgeCorners(Edge{Cell{1, 1}, Cell{1, 2}})
	if a != b {
		t.Errorf("east and south edges of one square share no corner: %v, %v", a, b)
	}
	if _, _, ok := g.EdgeCorners(Edge{Cell{1, 1}, Cell{2, 2}}); ok {
		t.Error("a diagonal accepted as an edge")
	}
}
