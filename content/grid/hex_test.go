package grid

import (
	"math"
	"testing"
)

func testGrids() []Hex {
	var gs []Hex
	for _, o := range []Orientation{FlatTop, PointyTop} {
		for _, p := range []Parity{Odd, Even} {
			gs = append(gs, Hex{Orientation: o, Parity: p, Cols: 30, Rows: 40, CellSize: 36, Origin: Point{50, 60}})
		}
	}
	return gs
}

// sampleCells returns a deterministic pseudo-random sample of cells of g,
// some of them off the grid.
func sampleCells(cols, rows, n int) []Cell {
	var out []Cell
	x := uint32(12345)
	for len(out) < n {
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		c := int(x%uint32(cols+4)) - 2
		x ^= x << 13
		x ^= x >> 17
		x ^= x << 5
		out = append(out, Cell{c, int(x%uint32(rows+4)) - 2})
	}
	return out
}

func TestHexProperties(t *testing.T) {
	splits := map[bool]int{}
	defer func() {
		if splits[true] == 0 || splits[false] == 0 {
			t.Errorf("sample exercised too few split LineBoth steps: %v", splits)
		}
		t.Logf("split LineBoth steps: %d along a hexside, %d crossing one", splits[true], splits[false])
	}()
	for _, g := range testGrids() {
		name := g.Orientation.String() + "-" + g.Parity.String()
		cells := sampleCells(g.Cols, g.Rows, 120)
		var line []Cell
		var steps []LineStep
		for _, a := range cells {
			if g.ToCell(g.ToCube(a)) != a || !g.ToCube(a).Valid() {
				t.Errorf("%s: offset/cube round trip of %v", name, a)
			}
			if g.Distance(a, a) != 0 {
				t.Errorf("%s: Distance(%v,%v) != 0", name, a, a)
			}
			for _, n := range g.AllNeighbours(a) {
				if g.Distance(a, n) != 1 {
					t.Errorf("%s: neighbour %v of %v at distance %d", name, n, a, g.Distance(a, n))
				}
			}
			for _, n := range g.Neighbours(a, nil) {
				if !g.Contains(n) || g.Distance(a, n) != 1 {
					t.Errorf("%s: bad on-grid neighbour %v of %v", name, n, a)
				}
			}
			for _, b := range cells {
				d := g.Distance(a, b)
				if d != g.Distance(b, a) {
					t.Errorf("%s: Distance not symmetric for %v %v", name, a, b)
				}
				for _, c := range cells[:10] {
					if g.Distance(a, c) > d+g.Distance(b, c) {
						t.Errorf("%s: triangle inequality fails for %v %v %v", name, a, b, c)
					}
				}
				line = g.Line(a, b, line[:0])
				if len(line) != d+1 || line[0] != a || line[d] != b {
					t.Errorf("%s: Line(%v,%v) = %v", name, a, b, line)
					continue
				}
				for i := 1; i < len(line); i++ {
					if g.Distance(line[i-1], line[i]) != 1 {
						t.Errorf("%s: Line(%v,%v) not continuous: %v", name, a, b, line)
						break
					}
				}
				steps = g.LineBoth(a, b, steps[:0])
				if len(steps) != d+1 || steps[0].A != a || steps[0].Split() || steps[d].A != b || steps[d].Split() {
					t.Errorf("%s: LineBoth(%v,%v) = %v", name, a, b, steps)
					continue
				}
				// Cross-check the exact computation against two float traces
				// nudged to either side, in a direction parallel to no hexside.
				plus := newCubeLerp(g.ToCube(a), g.ToCube(b), 1e-6, 2e-6, -3e-6)
				minus := newCubeLerp(g.ToCube(a), g.ToCube(b), -1e-6, -2e-6, 3e-6)
				for i, s := range steps {
					p, m := g.ToCell(plus.at(i)), g.ToCell(minus.at(i))
					if !(p == s.A && m == s.B || p == s.B && m == s.A) {
						t.Errorf("%s: LineBoth(%v,%v)[%d] = %v, nudged traces %v %v", name, a, b, i, s, p, m)
					}
					if s.Split() {
						splits[s.Along]++
					}
					if line[i] != s.A && line[i] != s.B {
						t.Errorf("%s: LineBoth(%v,%v)[%d] = %v lacks Line's %v", name, a, b, i, s, line[i])
					}
					if s.Split() && g.Distance(s.A, s.B) != 1 {
						t.Errorf("%s: LineBoth step %v not adjacent", name, s)
					}
					if i > 0 && s.Along {
						// Each side of an along-hexside run is a continuous path.
						p := steps[i-1]
						if g.Distance(p.A, s.A) > 1 || g.Distance(p.B, s.B) > 1 {
							t.Errorf("%s: LineBoth(%v,%v) sides not continuous at %d: %v", name, a, b, i, steps)
						}
					}
				}
			}
		}
	}
}

func TestHexRangeRing(t *testing.T) {
	g := Hex{Cols: 1000, Rows: 1000, CellSize: 10}
	c := Cell{500, 500}
	for n := 0; n <= 8; n++ {
		r := g.Range(c, n, nil)
		if len(r) != 3*n*(n+1)+1 {
			t.Errorf("Range %d has %d cells", n, len(r))
		}
		seen := map[Cell]bool{}
		for _, x := range r {
			if seen[x] || g.Distance(c, x) > n {
				t.Errorf("Range %d: bad or repeated cell %v", n, x)
			}
			seen[x] = true
		}
		ring := g.Ring(c, n, nil)
		want := 6 * n
		if n == 0 {
			want = 1
		}
		if len(ring) != want {
			t.Errorf("Ring %d has %d cells", n, len(ring))
		}
		for i, x := range ring {
			if g.Distance(c, x) != n {
				t.Errorf("Ring %d: %v at distance %d", n, x, g.Distance(c, x))
			}
			if n > 0 && g.Distance(x, ring[(i+1)%len(ring)]) != 1 {
				t.Errorf("Ring %d not a closed walk at %d", n, i)
			}
		}
	}
	// Bounded: corner cell of a small grid.
	small := Hex{Cols: 5, Rows: 5, CellSize: 10}
	for _, x := range small.Range(Cell{0, 0}, 3, nil) {
		if !small.Contains(x) {
			t.Errorf("Range returned off-grid %v", x)
		}
	}
	if n := len(small.Neighbours(Cell{0, 0}, nil)); n != 2 && n != 3 {
		t.Errorf("corner has %d neighbours", n)
	}
}

func TestLineBothAlongHexside(t *testing.T) {
	g := Hex{Cols: 100, Rows: 100, CellSize: 10}
	a := g.ToCell(NewCube(10, 10))
	// Towards the diagonal neighbour (2,-1,-1): the middle step runs along
	// the hexside between (11,9) and (11,10) (axial).
	b := g.ToCell(NewCube(12, 9))
	steps := g.LineBoth(a, b, nil)
	if len(steps) != 3 || !steps[1].Split() || !steps[1].Along {
		t.Fatalf("LineBoth = %v", steps)
	}
	got := map[Cube]bool{g.ToCube(steps[1].A): true, g.ToCube(steps[1].B): true}
	if !got[NewCube(11, 9)] || !got[NewCube(11, 10)] {
		t.Errorf("middle step %v", steps[1])
	}
	// Along all six diagonals, and longer: A stays on one side.
	for d := 0; d < 6; d++ {
		end := g.ToCell(NewCube(10, 10).Add(cubeDiagonals[d].Scale(3)))
		steps = g.LineBoth(a, end, steps[:0])
		for i, s := range steps {
			if (i%2 == 1) != s.Split() || (s.Split() && !s.Along) {
				t.Errorf("diagonal %d: step %d = %v", d, i, s)
			}
		}
	}
	// A crossing exactly through a hexside midpoint is not "along".
	steps = g.LineBoth(a, g.ToCell(NewCube(14, 9)), steps[:0])
	if !steps[2].Split() || steps[2].Along {
		t.Errorf("crossing step = %v", steps[2])
	}
	if g.Distance(steps[1].A, steps[2].A) != 1 || g.Distance(steps[2].B, steps[3].A) != 1 {
		t.Errorf("crossing order wrong: %v", steps)
	}
	// A straight line along a hex direction never splits.
	for _, s := range g.LineBoth(a, g.ToCell(NewCube(15, 10)), nil) {
		if s.Split() {
			t.Errorf("straight line split: %v", s)
		}
	}
}

func TestHexDrawing(t *testing.T) {
	for _, g := range testGrids() {
		name := g.Orientation.String() + "-" + g.Parity.String()
		r := g.CellSize / sqrt3
		for _, c := range sampleCells(g.Cols, g.Rows, 200) {
			ctr := g.Centre(c)
			got, on := g.PixelToCell(ctr)
			if got != c || on != g.Contains(c) {
				t.Errorf("%s: PixelToCell(Centre(%v)) = %v %v", name, c, got, on)
			}
			cs := g.Corners(c)
			for i, p := range cs {
				if math.Abs(p.Dist(ctr)-r) > 1e-9 || math.Abs(p.Dist(cs[(i+1)%6])-r) > 1e-9 {
					t.Errorf("%s: corner %d of %v misplaced", name, i, c)
				}
				// Clockwise on a y-down page: cross product positive.
				q := cs[(i+1)%6]
				if (p.X-ctr.X)*(q.Y-ctr.Y)-(p.Y-ctr.Y)*(q.X-ctr.X) <= 0 {
					t.Errorf("%s: corners of %v not clockwise", name, c)
				}
			}
			// Neighbour centres are one cell size apart.
			for _, n := range g.AllNeighbours(c) {
				if math.Abs(g.Centre(n).Dist(ctr)-g.CellSize) > 1e-9 {
					t.Errorf("%s: neighbour %v of %v at %v", name, n, c, g.Centre(n).Dist(ctr))
				}
			}
		}
		if g.Orientation == FlatTop {
			if cs := g.Corners(Cell{0, 0}); cs[0].X <= cs[1].X || cs[0].Y != g.Origin.Y {
				t.Errorf("%s: corner 0 is not east: %v", name, cs)
			}
		} else if cs := g.Corners(Cell{0, 0}); cs[5].Y >= cs[0].Y || cs[5].X != g.Origin.X {
			t.Errorf("%s: corner 5 is not the top: %v", name, cs)
		}
		// Bounds contain every corner and are touched.
		b := g.Bounds()
		all := emptyRect()
		for col := 0; col < g.Cols; col++ {
			for row := 0; row < g.Rows; row++ {
				for _, p := range g.Corners(Cell{col, row}) {
					all.extend(p)
				}
			}
		}
		if b != all {
			t.Errorf("%s: Bounds = %v, corners span %v", name, b, all)
		}
	}
}

func TestHexValidate(t *testing.T) {
	if err := (Hex{Cols: 3, Rows: 3, CellSize: 1}).Validate(); err != nil {
		t.Error(err)
	}
	for _, g := range []Hex{{Cols: -1, CellSize: 1}, {Cols: 1, Rows: 1}, {CellSize: math.NaN()}, {CellSize: 1, Orientation: 7}, {CellSize: 1, Parity: 3}} {
		if g.Validate() == nil {
			t.Errorf("Validate(%+v) = nil", g)
		}
	}
}

func TestHexsides(t *testing.T) {
	for _, g := range testGrids() {
		name := g.Orientation.String() + "-" + g.Parity.String()
		for _, c := range sampleCells(g.Cols, g.Rows, 50) {
			sides := g.Sides(c)
			ns := g.AllNeighbours(c)
			for i, s := range sides {
				t2, err := g.Side(ns[i], c)
				if err != nil || t2 != s {
					t.Errorf("%s: Side(%v,%v) = %v %v, want %v", name, ns[i], c, t2, err, s)
				}
				a, b := s.Cells()
				if (a != c || b != ns[i]) && (b != c || a != ns[i]) {
					t.Errorf("%s: side %v cells", name, s)
				}
				// Consecutive sides of a hex share a corner; opposite ones do not.
				if !g.SidesShareCorner(s, sides[(i+1)%6]) {
					t.Errorf("%s: sides %v and %v share no corner", name, s, sides[(i+1)%6])
				}
				if g.SidesShareCorner(s, sides[(i+3)%6]) || g.SidesShareCorner(s, sides[(i+2)%6]) || g.SidesShareCorner(s, s) {
					t.Errorf("%s: sides of %v share corners wrongly", name, c)
				}
				// The ends of a side are corners of both cells.
				p, q, ok := g.SideEnds(s)
				if !ok {
					t.Fatalf("%s: SideEnds(%v) failed", name, s)
				}
				for _, cell := range []Cell{a, b} {
					for _, e := range []Point{p, q} {
						found := false
						for _, k := range g.Corners(cell) {
							found = found || k.Dist(e) < 1e-9
						}
						if !found {
							t.Errorf("%s: end %v of %v not a corner of %v", name, e, s, cell)
						}
					}
				}
				k1, k2, ok := g.SideCorners(s)
				if !ok || k1 == k2 {
					t.Errorf("%s: SideCorners(%v) = %v %v", name, s, k1, k2)
				}
				if pk := g.CornerPoint(k1); pk.Dist(p) > 1e-9 && pk.Dist(q) > 1e-9 {
					t.Errorf("%s: corner %v of %v at %v, ends %v %v", name, k1, s, pk, p, q)
				}
				if k, ok := g.SharedCorner(s, sides[(i+1)%6]); !ok || (k != k1 && k != k2) {
					t.Errorf("%s: SharedCorner = %v %v", name, k, ok)
				}
				// Shared corner point equals a shared end.
				np, nq, _ := g.SideEnds(sides[(i+1)%6])
				if p.Dist(np) > 1e-9 && p.Dist(nq) > 1e-9 && q.Dist(np) > 1e-9 && q.Dist(nq) > 1e-9 {
					t.Errorf("%s: sides %v, %v share no end point", name, s, sides[(i+1)%6])
				}
			}
			if _, err := g.Side(c, c); err == nil {
				t.Errorf("Side(%v,%v) accepted", c, c)
			}
			if err := g.CheckChain(sides[:]); err != nil {
				t.Errorf("%s: sides around a hex: %v", name, err)
			}
			if err := g.CheckChain([]Hexside{sides[0], sides[3]}); err == nil {
				t.Errorf("%s: opposite sides accepted as a chain", name)
			}
		}
		if _, _, ok := g.SideEnds(Hexside{Cell{0, 0}, Cell{5, 5}}); ok {
			t.Errorf("SideEnds accepted a non-side")
		}
	}
	// A river along a straight line of hexsides.
	g := Hex{Cols: 10, Rows: 10, CellSize: 1}
	var river []Hexside
	for row := 2; row < 6; row++ {
		// Flat-top odd-q: column 2 is not shoved, column 3 is, so (2,row)
		// borders (3,row-1) and (3,row).
		for _, n := range []Cell{{3, row - 1}, {3, row}} {
			s, err := g.Side(Cell{2, row}, n)
			if err != nil {
				t.Fatal(err)
			}
			river = append(river, s)
		}
	}
	if err := g.CheckChain(river); err != nil {
		t.Errorf("river %v: %v", river, err)
	}
	// Three sides around one corner are a fork, not a chain.
	s1, _ := g.Side(Cell{2, 2}, Cell{3, 1})
	s2, _ := g.Side(Cell{2, 2}, Cell{3, 2})
	s3, _ := g.Side(Cell{3, 1}, Cell{3, 2})
	if err := g.CheckChain([]Hexside{s1, s2, s3}); err == nil {
		t.Error("fork accepted as a chain")
	}
	if _, ok := g.CornerOf(Cell{0, 0}, Cell{0, 1}, Cell{0, 2}); ok {
		t.Error("CornerOf accepted a straight line of cells")
	}
}
