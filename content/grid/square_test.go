package grid

import (
	"math"
	"testing"
)

func TestSquare(t *testing.T) {
	g := Square{Cols: 30, Rows: 40, CellSize: 72, Origin: Point{36, 36}, DiagonalCost: 1.5}
	if err := g.Validate(); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []Square{{Cols: -1, CellSize: 1}, {CellSize: 0}, {CellSize: 1, DiagonalCost: -1}} {
		if bad.Validate() == nil {
			t.Errorf("Validate(%+v) = nil", bad)
		}
	}
	a, b := Cell{2, 3}, Cell{7, 5}
	if d := g.Distance(a, b); d != 5 {
		t.Errorf("Distance = %d", d)
	}
	if o, d := g.Steps(a, b); o != 3 || d != 2 {
		t.Errorf("Steps = %d, %d", o, d)
	}
	if c := g.Cost(a, b, g.DiagonalCost); c != 6 {
		t.Errorf("Cost = %v, want 3 + 2*1.5", c)
	}
	if c := g.Cost(a, b, 1); c != 5 {
		t.Errorf("retreat Cost = %v", c)
	}
	if c := g.Cost(a, b, 3); c != 7 {
		t.Errorf("Cost with dear diagonals = %v, want 7 (orthogonal only)", c)
	}
	if n := len(g.Neighbours(Cell{0, 0}, false, nil)); n != 2 {
		t.Errorf("corner has %d orthogonal neighbours", n)
	}
	if n := len(g.Neighbours(Cell{5, 5}, true, nil)); n != 8 {
		t.Errorf("%d neighbours", n)
	}
	big := Square{Cols: 1000, Rows: 1000, CellSize: 1}
	c := Cell{500, 500}
	for n := 0; n < 6; n++ {
		if r := big.Range(c, n, nil); len(r) != (2*n+1)*(2*n+1) {
			t.Errorf("Range %d: %d", n, len(r))
		}
		ring := big.Ring(c, n, nil)
		if want := max(8*n, 1); len(ring) != want {
			t.Errorf("Ring %d: %d", n, len(ring))
		}
		for i, x := range ring {
			if big.Distance(c, x) != n || (n > 0 && big.Distance(x, ring[(i+1)%len(ring)]) != 1) {
				t.Errorf("Ring %d bad at %d: %v", n, i, x)
			}
		}
	}
	cells := sampleCells(30, 40, 60)
	for _, a := range cells {
		for _, b := range cells {
			l := g.Line(a, b, nil)
			if len(l) != g.Distance(a, b)+1 || l[0] != a || l[len(l)-1] != b {
				t.Fatalf("Line(%v,%v) = %v", a, b, l)
			}
			for i := 1; i < len(l); i++ {
				if g.Distance(l[i-1], l[i]) != 1 {
					t.Errorf("Line(%v,%v) not continuous: %v", a, b, l)
				}
			}
		}
		ctr := g.Centre(a)
		if got, on := g.PixelToCell(ctr); got != a || on != g.Contains(a) {
			t.Errorf("PixelToCell(Centre(%v)) = %v", a, got)
		}
		for i, e := range g.Edges(a) {
			x, y := e.A, e.B
			if x != a && y != a {
				t.Errorf("edge %d of %v is %v", i, a, e)
			}
			p, q, ok := g.EdgeEnds(e)
			if !ok || math.Abs(p.Dist(q)-g.CellSize) > 1e-9 {
				t.Errorf("EdgeEnds(%v) = %v %v %v", e, p, q, ok)
			}
		}
	}
	if l := g.Line(Cell{0, 0}, Cell{4, 2}, nil); l[1] != (Cell{1, 1}) || l[2] != (Cell{2, 1}) || l[3] != (Cell{3, 2}) {
		t.Errorf("Line = %v", l)
	}
	if _, err := EdgeBetween(Cell{0, 0}, Cell{1, 1}); err == nil {
		t.Error("diagonal edge accepted")
	}
	e1, _ := EdgeBetween(Cell{1, 0}, Cell{0, 0})
	e2, _ := EdgeBetween(Cell{0, 0}, Cell{1, 0})
	if e1 != e2 {
		t.Errorf("edges not normalised: %v %v", e1, e2)
	}
	if cs := g.Corners(Cell{0, 0}); cs[0] != (Point{0, 0}) || cs[2] != (Point{72, 72}) {
		t.Errorf("Corners = %v", cs)
	}
	if b := g.Bounds(); b != (Rect{Point{0, 0}, Point{30 * 72, 40 * 72}}) {
		t.Errorf("Bounds = %v", b)
	}
}

func TestTabletop(t *testing.T) {
	sq := Polygon{{0, 0}, {4, 0}, {4, 4}, {0, 4}}
	if !sq.Contains(Point{2, 2}) || !sq.Contains(Point{4, 2}) || sq.Contains(Point{5, 2}) {
		t.Error("Polygon.Contains")
	}
	if !sq.OverlapsCircle(Circle{Point{5, 2}, 1}) || sq.OverlapsCircle(Circle{Point{6, 2}, 1.5}) || !sq.OverlapsCircle(Circle{Point{2, 2}, 0.1}) {
		t.Error("Polygon.OverlapsCircle")
	}
	tri := Polygon{{3, 3}, {8, 3}, {8, 8}}
	if !sq.Overlaps(tri) || sq.Overlaps(Polygon{{10, 10}, {11, 10}, {11, 11}}) || !sq.Overlaps(Polygon{{1, 1}, {2, 1}, {2, 2}}) {
		t.Error("Polygon.Overlaps")
	}
	if d := Distance(Point{0, 0}, Point{3, 4}); d != 5 {
		t.Errorf("Distance = %v", d)
	}
	tab := Table{Width: 72, Height: 48}
	if !tab.ContainsPolygon(sq) || tab.ContainsPolygon(Polygon{{70, 0}, {73, 0}, {70, 3}}) {
		t.Error("Table.ContainsPolygon")
	}
	if !tab.ContainsCircle(Circle{Point{1, 1}, 1}) || tab.ContainsCircle(Circle{Point{1, 1}, 1.1}) {
		t.Error("Table.ContainsCircle")
	}
	if !(Circle{Point{0, 0}, 1}).Overlaps(Circle{Point{2, 0}, 1}) || (Circle{Point{0, 0}, 1}).Contains(Point{1, 1}) {
		t.Error("Circle")
	}
	if (Polygon{{0, 0}, {1, 1}}).Contains(Point{0, 0}) {
		t.Error("degenerate polygon contains a point")
	}
}
