package grid

import (
	"math"
	"reflect"
	"testing"
)

func TestNetwork(t *testing.T) {
	// 0-1-2-3 in a line, 4 alone, a repeated link, a self-link and links to nowhere.
	g := NewNetwork(5, [][2]int{{0, 1}, {1, 2}, {2, 3}, {1, 0}, {2, 2}, {3, 9}, {-1, 0}})
	c := func(i int) Cell { return Cell{Col: i} }
	if got := g.Neighbours(c(1), nil); !reflect.DeepEqual(got, []Cell{c(0), c(2)}) {
		t.Errorf("Neighbours(1) = %v", got)
	}
	for _, tc := range []struct {
		a, b int
		adj  bool
		dist int
	}{{0, 1, true, 1}, {0, 3, false, 3}, {3, 0, false, 3}, {2, 2, false, 0}, {0, 4, false, Unreachable}} {
		if got := g.Adjacent(c(tc.a), c(tc.b)); got != tc.adj {
			t.Errorf("Adjacent(%d, %d) = %v", tc.a, tc.b, got)
		}
		if got := g.Distance(c(tc.a), c(tc.b)); got != tc.dist {
			t.Errorf("Distance(%d, %d) = %d, want %d", tc.a, tc.b, got, tc.dist)
		}
	}
	if g.Contains(Cell{Col: 1, Row: 1}) || g.Contains(c(5)) || !g.Contains(c(4)) {
		t.Error("Contains takes only {Col: 0..n-1, Row: 0}")
	}
	if got := g.Within([]Cell{c(0)}, 2); !reflect.DeepEqual(got, []Cell{c(0), c(1), c(2)}) {
		t.Errorf("Within(0, 2) = %v", got)
	}
	if got := g.Components(); !reflect.DeepEqual(got, [][]int{{0, 1, 2, 3}, {4}}) {
		t.Errorf("Components = %v", got)
	}
}

func TestPolygonMeasures(t *testing.T) {
	sq := Polygon{{0, 0}, {2, 0}, {2, 2}, {0, 2}}
	if sq.Area() != 4 || sq.Centroid() != (Point{1, 1}) {
		t.Errorf("square: area %g centroid %v", sq.Area(), sq.Centroid())
	}
	// Clockwise the same.
	cw := Polygon{{0, 0}, {0, 2}, {2, 2}, {2, 0}}
	if cw.Area() != 4 || cw.Centroid() != (Point{1, 1}) {
		t.Errorf("clockwise square: area %g centroid %v", cw.Area(), cw.Centroid())
	}
	// An L whose centroid lies outside it still has a point inside.
	l := Polygon{{0, 0}, {3, 0}, {3, 1}, {1, 1}, {1, 3}, {0, 3}}
	if !l.Inside(l.interiorPoint(), 0.01) {
		t.Errorf("the L's interior point %v is not inside it", l.interiorPoint())
	}
}

func TestSelfCrossing(t *testing.T) {
	for _, tc := range []struct {
		name string
		pg   Polygon
		want bool
	}{
		{"square", Polygon{{0, 0}, {2, 0}, {2, 2}, {0, 2}}, false},
		{"bowtie", Polygon{{0, 0}, {2, 2}, {2, 0}, {0, 2}}, true},
		{"a spike folding back on its edge", Polygon{{0, 0}, {4, 0}, {2, 0}, {2, 2}}, true},
		{"the same corner twice", Polygon{{0, 0}, {2, 0}, {2, 2}, {1, 1}, {2, 0}, {3, 3}, {0, 3}}, true},
		{"a concave star", Polygon{{0, 0}, {2, 1}, {4, 0}, {3, 2}, {4, 4}, {2, 3}, {0, 4}, {1, 2}}, false},
	} {
		if _, _, _, got := tc.pg.SelfCrossing(0.001); got != tc.want {
			t.Errorf("%s: SelfCrossing = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestPolygonsOverlap(t *testing.T) {
	a := Polygon{{0, 0}, {2, 0}, {2, 2}, {0, 2}}
	for _, tc := range []struct {
		name string
		b    Polygon
		want bool
	}{
		{"shares an edge", Polygon{{2, 0}, {4, 0}, {4, 2}, {2, 2}}, false},
		{"shares part of an edge", Polygon{{2, 1}, {4, 1}, {4, 3}, {2, 3}}, false},
		{"meets at a corner", Polygon{{2, 2}, {4, 2}, {4, 4}, {2, 4}}, false},
		{"crosses", Polygon{{1, 1}, {3, 1}, {3, 3}, {1, 3}}, true},
		{"lies inside", Polygon{{0.5, 0.5}, {1.5, 0.5}, {1.5, 1.5}}, true},
		{"is the same", a, true},
		{"lies apart", Polygon{{5, 5}, {6, 5}, {6, 6}}, false},
		{"within the tolerance of the edge", Polygon{{1.9995, 0}, {4, 0}, {4, 2}, {1.9995, 2}}, false},
		{"overlaps along its sides", Polygon{{1.5, 0}, {4, 0}, {4, 2}, {1.5, 2}}, true},
	} {
		if got := PolygonsOverlap(a, tc.b, 0.001); got != tc.want {
			t.Errorf("%s: PolygonsOverlap = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestSharedBorders(t *testing.T) {
	// Three areas in a row, the middle one's left edge split at (2, 1): borders are found where the edges
	// only partly coincide, and the two pieces join into one run.
	polys := []Polygon{
		{{0, 0}, {2, 0}, {2, 2}, {0, 2}},
		{{2, 0}, {4, 0}, {4, 2}, {2, 2}, {2, 1}},
		{{4, 0.5}, {6, 0.5}, {6, 1.5}, {4, 1.5}},
		{{10, 10}, {11, 10}, {11, 11}},
	}
	got := SharedBorders(polys, 0.001)
	if len(got) != 2 {
		t.Fatalf("got %d borders, want 2: %+v", len(got), got)
	}
	if got[0].A != 0 || got[0].B != 1 || math.Abs(got[0].Length-2) > 1e-9 || len(got[0].Runs) != 1 {
		t.Errorf("border 0-1 = %+v, want one run 2 long", got[0])
	}
	if got[1].A != 1 || got[1].B != 2 || math.Abs(got[1].Length-1) > 1e-9 {
		t.Errorf("border 1-2 = %+v, want 1 long", got[1])
	}
	run := got[0].Runs[0]
	if run[0] != (Point{2, 0}) || run[len(run)-1] != (Point{2, 2}) {
		t.Errorf("run 0-1 = %v, want from (2,0) to (2,2)", run)
	}
	// The same input always gives the same output.
	if again := SharedBorders(polys, 0.001); !reflect.DeepEqual(again, got) {
		t.Errorf("SharedBorders is not deterministic")
	}
}

// A hostile outline of the most corners muster takes costs bounded work: its edges are bucketed.
func BenchmarkSharedBorders200Areas(b *testing.B) {
	// A 20 x 10 lattice of 1in squares, each edge split in 4, as an area map of 200 areas traces them.
	var polys []Polygon
	for y := 0; y < 10; y++ {
		for x := 0; x < 20; x++ {
			var pg Polygon
			corners := []Point{{float64(x), float64(y)}, {float64(x + 1), float64(y)}, {float64(x + 1), float64(y + 1)}, {float64(x), float64(y + 1)}}
			for k := range corners {
				a, c := corners[k], corners[(k+1)%4]
				for s := 0; s < 4; s++ {
					t := float64(s) / 4
					pg = append(pg, Point{a.X + t*(c.X-a.X), a.Y + t*(c.Y-a.Y)})
				}
			}
			polys = append(polys, pg)
		}
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if n := len(SharedBorders(polys, 0.001)); n != 20*9+19*10 {
			b.Fatalf("%d borders", n)
		}
	}
}
