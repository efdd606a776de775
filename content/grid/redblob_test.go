package grid

import "testing"

// Test vectors from Red Blob Games' hexagon implementation guide, generated
// lib.py test_all (https://www.redblobgames.com/grids/hexagons/implementation.html,
// CC0). Red Blob's offset EVEN is Parity Even (+1), ODD is Parity Odd (-1);
// qoffset is FlatTop, roffset is PointyTop.

func TestRedBlobArithmetic(t *testing.T) {
	a, b := Cube{1, -3, 2}, Cube{3, -7, 4}
	if got := a.Add(b); got != (Cube{4, -10, 6}) {
		t.Errorf("hex_add = %v", got)
	}
	if got := a.Sub(b); got != (Cube{-2, 4, -2}) {
		t.Errorf("hex_subtract = %v", got)
	}
	if got := CubeDirection(2); got != (Cube{0, -1, 1}) {
		t.Errorf("hex_direction(2) = %v", got)
	}
	if got := (Cube{1, -2, 1}).Neighbour(2); got != (Cube{1, -3, 2}) {
		t.Errorf("hex_neighbor = %v", got)
	}
	if got := (Cube{1, -2, 1}).DiagonalNeighbour(3); got != (Cube{-1, -1, 2}) {
		t.Errorf("hex_diagonal_neighbor = %v", got)
	}
	if got := (Cube{3, -7, 4}).Distance(Cube{0, 0, 0}); got != 7 {
		t.Errorf("hex_distance = %d, want 7", got)
	}
	if got := a.RotateRight(); got != (Cube{3, -2, -1}) {
		t.Errorf("hex_rotate_right = %v", got)
	}
	if got := a.RotateLeft(); got != (Cube{-2, -1, 3}) {
		t.Errorf("hex_rotate_left = %v", got)
	}
}

func lerp(a, b [3]float64, t float64) (float64, float64, float64) {
	return a[0]*(1-t) + b[0]*t, a[1]*(1-t) + b[1]*t, a[2]*(1-t) + b[2]*t
}

func TestRedBlobRound(t *testing.T) {
	a, b, c := [3]float64{0, 0, 0}, [3]float64{1, -1, 0}, [3]float64{0, -1, 1}
	if got := CubeRound(lerp(a, [3]float64{10, -20, 10}, 0.5)); got != (Cube{5, -10, 5}) {
		t.Errorf("hex_round 1 = %v", got)
	}
	if got := CubeRound(lerp(a, b, 0.499)); got != (Cube{0, 0, 0}) {
		t.Errorf("hex_round 2 = %v", got)
	}
	if got := CubeRound(lerp(a, b, 0.501)); got != (Cube{1, -1, 0}) {
		t.Errorf("hex_round 3 = %v", got)
	}
	mix := func(wa, wb, wc float64) (float64, float64, float64) {
		return a[0]*wa + b[0]*wb + c[0]*wc, a[1]*wa + b[1]*wb + c[1]*wc, a[2]*wa + b[2]*wb + c[2]*wc
	}
	if got := CubeRound(mix(0.4, 0.3, 0.3)); got != (Cube{0, 0, 0}) {
		t.Errorf("hex_round 4 = %v", got)
	}
	if got := CubeRound(mix(0.3, 0.3, 0.4)); got != (Cube{0, -1, 1}) {
		t.Errorf("hex_round 5 = %v", got)
	}
}

func TestRedBlobLinedraw(t *testing.T) {
	want := []Cube{{0, 0, 0}, {0, -1, 1}, {0, -2, 2}, {1, -3, 2}, {1, -4, 3}, {1, -5, 4}}
	got := CubeLine(Cube{0, 0, 0}, Cube{1, -5, 4}, nil)
	if len(got) != len(want) {
		t.Fatalf("hex_linedraw = %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("hex_linedraw = %v, want %v", got, want)
			break
		}
	}
	// The same through a grid's Line, both layouts.
	for _, o := range []Orientation{FlatTop, PointyTop} {
		g := Hex{Orientation: o, Parity: Even, Cols: 100, Rows: 100, CellSize: 10}
		cells := g.Line(g.ToCell(want[0]), g.ToCell(want[5]), nil)
		for i := range want {
			if g.ToCube(cells[i]) != want[i] {
				t.Errorf("%v Line = %v, want cubes %v", o, cells, want)
				break
			}
		}
	}
}

func TestRedBlobLayout(t *testing.T) {
	// Red Blob checks hex_round(pixel_to_hex(hex_to_pixel(h))) == h for
	// h = Hex(3, 4, -7) in both layouts (its layout has size (10,15) and
	// origin (35,71); muster's hexes are regular, so only the round trip is
	// reproduced).
	h := Cube{3, 4, -7}
	for _, o := range []Orientation{FlatTop, PointyTop} {
		g := Hex{Orientation: o, CellSize: 10 * sqrt3, Origin: Point{35, 71}}
		if got := g.PixelToCube(g.CubeCentre(h)); got != h {
			t.Errorf("%v layout round trip = %v", o, got)
		}
	}
}

func TestRedBlobOffset(t *testing.T) {
	a := Cube{3, 4, -7}
	b := Cell{1, -3}
	for _, o := range []Orientation{FlatTop, PointyTop} {
		for _, p := range []Parity{Even, Odd} {
			if got := OffsetToCube(CubeToOffset(a, o, p), o, p); got != a {
				t.Errorf("conversion_roundtrip %v-%v = %v", p, o, got)
			}
			if got := CubeToOffset(OffsetToCube(b, o, p), o, p); got != b {
				t.Errorf("conversion_roundtrip %v-%v = %v", p, o, got)
			}
		}
	}
	h := Cube{1, 2, -3}
	if got := CubeToOffset(h, FlatTop, Even); got != (Cell{1, 3}) {
		t.Errorf("offset_from_cube even-q = %v", got)
	}
	if got := CubeToOffset(h, FlatTop, Odd); got != (Cell{1, 2}) {
		t.Errorf("offset_from_cube odd-q = %v", got)
	}
	if got := OffsetToCube(Cell{1, 3}, FlatTop, Even); got != h {
		t.Errorf("offset_to_cube even-q = %v", got)
	}
	if got := OffsetToCube(Cell{1, 2}, FlatTop, Odd); got != h {
		t.Errorf("offset_to_cube odd-q = %v", got)
	}
}

func TestRedBlobDoubled(t *testing.T) {
	a := Cube{3, 4, -7}
	b := Cell{1, -3}
	for _, o := range []Orientation{FlatTop, PointyTop} {
		if got := DoubledToCube(CubeToDoubled(a, o), o); got != a {
			t.Errorf("conversion_roundtrip doubled %v = %v", o, got)
		}
		if got := CubeToDoubled(DoubledToCube(b, o), o); got != b {
			t.Errorf("conversion_roundtrip doubled %v = %v", o, got)
		}
	}
	h := Cube{1, 2, -3}
	if got := CubeToDoubled(h, FlatTop); got != (Cell{1, 5}) {
		t.Errorf("doubled_from_cube doubled-q = %v", got)
	}
	if got := CubeToDoubled(h, PointyTop); got != (Cell{4, 2}) {
		t.Errorf("doubled_from_cube doubled-r = %v", got)
	}
	if got := DoubledToCube(Cell{1, 5}, FlatTop); got != h {
		t.Errorf("doubled_to_cube doubled-q = %v", got)
	}
	if got := DoubledToCube(Cell{4, 2}, PointyTop); got != h {
		t.Errorf("doubled_to_cube doubled-r = %v", got)
	}
}
