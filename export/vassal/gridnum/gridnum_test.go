package gridnum

import (
	"errors"
	"math"
	"testing"
)

// These cases are worked by hand from VASSAL 3.7's sources; the package was also compared with those
// sources compiled and run, on 120,000 random grids, points and names (hex and square), with no difference.

func TestName(t *testing.T) {
	cases := []struct {
		v       int
		typ     byte
		leading int
		want    string
	}{
		{5, 'N', 1, "05"}, {12, 'N', 1, "12"}, {0, 'N', 2, "000"}, {50, 'N', 2, "050"}, {7, 'N', 0, "7"},
		{-3, 'N', 1, "-03"}, {0, 'A', 0, "A"}, {25, 'A', 0, "Z"}, {26, 'A', 0, "AA"}, {27, 'A', 0, "BB"},
		{52, 'A', 0, "AAA"}, {-1, 'A', 0, "-B"}, {3, 'A', 5, "D"},
	}
	for _, c := range cases {
		if got := Name(c.v, c.typ, c.leading); got != c.want {
			t.Errorf("Name(%d, %c, %d) = %q, want %q", c.v, c.typ, c.leading, got, c.want)
		}
	}
}

func defaultHex() *Hex {
	return &Hex{X0: 0, Y0: 32, DX: math.Sqrt(3) / 2 * 64, DY: 64, Container: Size{W: 1000, H: 1000}, N: DefaultNumbering()}
}

func TestHexColumnsShoveOddRawColumnsDown(t *testing.T) {
	g := defaultHex()
	// Raw column 1 is dy/2 lower: its first centre is at y0 + 32.
	if c := g.RawCenter(1, 0); c != (Point{55, 64}) {
		t.Fatalf("raw centre (1,0) = %v", c)
	}
	// With stagger (VASSAL's default) that cell counts its rows from one more: 0202; without, 0201.
	if n, _ := g.LocationName(Point{55, 64}); n != "0202" {
		t.Errorf("stagger: %q, want 0202", n)
	}
	g.N.Stagger = false
	if n, _ := g.LocationName(Point{55, 64}); n != "0201" {
		t.Errorf("no stagger: %q, want 0201", n)
	}
	if p, err := g.Location("0201"); err != nil || p != (Point{55, 64}) {
		t.Errorf("Location(0201) = %v, %v", p, err)
	}
}

func TestHexSidewaysSwapsAxes(t *testing.T) {
	g := defaultHex()
	g.Sideways, g.N.Stagger = true, false
	// Turned, x0 and dx run down the board: the second raw column is the second row of hexes, shoved right.
	p := Point{64, 55}
	if g.RawColumn(p) != 1 || g.RawRow(p) != 0 {
		t.Fatalf("raw %d,%d", g.RawColumn(p), g.RawRow(p))
	}
	if n, _ := g.LocationName(p); n != "0201" {
		t.Errorf("name %q", n)
	}
}

func TestHexDescendingCountsFromTheFarEdge(t *testing.T) {
	g := defaultHex()
	g.N.Stagger, g.N.HDescend = false, true
	// VASSAL's maximum column divides the width by the hex height (not the column spacing): 1000/64.
	if got := g.Column(Point{0, 32}); got != 16 {
		t.Fatalf("column %d, want 16", got)
	}
}

func TestLocationFormats(t *testing.T) {
	g := defaultHex()
	g.N.Stagger = false
	g.N.HType, g.N.HOff, g.N.LocationFormat = 'A', 0, "II$gridLocation$"
	n, err := g.LocationName(Point{55, 64})
	if err != nil || n != "IIB01" {
		t.Fatalf("name %q %v", n, err)
	}
	if p, err := g.Location("IIB01"); err != nil || p != (Point{55, 64}) {
		t.Fatalf("location %v %v", p, err)
	}
	if _, err := g.Location("IB01"); !errors.Is(err, ErrBadCoords) {
		t.Errorf("IB01: %v, want ErrBadCoords", err)
	}
	g.N.LocationFormat = "$row$/$column$"
	if n, _ := g.LocationName(Point{55, 64}); n != "01/B" {
		t.Errorf("row/column format: %q", n)
	}
	g.N.LocationFormat = "$foo$"
	if _, err := g.LocationName(Point{55, 64}); err == nil {
		t.Error("an unknown property named no error")
	}
	g.N.HType, g.N.LocationFormat = 'N', "$gridLocation$"
	if _, err := g.Location("99999999999901"); err == nil || errors.Is(err, ErrBadCoords) {
		t.Errorf("a number beyond Java's int: %v (VASSAL throws, not BadCoords)", err)
	}
}

func TestSquareRowTruncates(t *testing.T) {
	g := &Square{X0: 24, Y0: 24, DX: 48, DY: 48, N: DefaultNumbering()}
	// Just above the first row's top: (int)(-0.6+0.5) is 0 in Java, where a floor would give -1.
	if r := g.Row(Point{24, -5}); r != 0 {
		t.Fatalf("row %d, want 0", r)
	}
	if n, _ := g.LocationName(Point{72, 72}); n != "0202" {
		t.Errorf("name %q", n)
	}
}

func TestZonedGrid(t *testing.T) {
	a := defaultHex()
	a.N.LocationFormat = "A$gridLocation$"
	b := defaultHex()
	b.N.LocationFormat = "B$gridLocation$"
	z := &Zoned{Zones: []Zone{
		{Name: "left", Poly: []Point{{0, 0}, {300, 0}, {300, 600}, {0, 600}}, LocationFormat: "$gridLocation$", Grid: a},
		{Name: "right", Poly: []Point{{300, 0}, {600, 0}, {600, 600}, {300, 600}}, LocationFormat: "$name$:$gridLocation$", Grid: b},
	}}
	if n, _ := z.LocationName(Point{55, 64}); n != "A0202" {
		t.Errorf("left: %q", n)
	}
	if n, _ := z.LocationName(Point{332, 64}); n != "right:B0702" {
		t.Errorf("right: %q", n)
	}
	if _, err := z.Location("A0702"); err == nil {
		t.Error("A0702 lies in the right zone: the left zone must not claim it")
	}
	if p, err := z.Location("right:B0702"); err != nil || p.X != 332 {
		t.Errorf("right:B0702 = %v %v", p, err)
	}
}

func TestAttrs(t *testing.T) {
	get := func(m map[string]string) Attrs {
		return func(k string) (string, bool) { v, ok := m[k]; return v, ok }
	}
	if _, err := NumberingFromAttrs(get(map[string]string{"hOff": "1.5"})); err == nil {
		t.Error("hOff 1.5 read as a whole number")
	}
	if _, err := NumberingFromAttrs(get(map[string]string{"first": ""})); err == nil {
		t.Error("an empty first read without error (VASSAL fails on charAt(0))")
	}
	h, err := HexFromAttrs(get(map[string]string{"dx": "55.5", "dy": "64"}), DefaultNumbering(), Size{})
	if err != nil || h.DX != 55.5 || h.Y0 != 32 {
		t.Errorf("hex %+v %v", h, err)
	}
	if _, err := HexFromAttrs(get(map[string]string{"dy": "0"}), DefaultNumbering(), Size{}); err == nil {
		t.Error("dy 0 accepted")
	}
}

// RegionGrid: a point anywhere is named after the nearest region and snaps to it; of two regions at one
// point VASSAL keeps the later. A ZonedGrid snaps a point in a zone with the zone's regions, elsewhere with
// the background's.
func TestRegions(t *testing.T) {
	g := Regions{{Name: "A", At: Point{10, 10}}, {Name: "B", At: Point{50, 10}}, {Name: "hidden", At: Point{90, 90}}, {Name: "C", At: Point{90, 90}}}
	for _, c := range []struct {
		p    Point
		name string
	}{{Point{0, 0}, "A"}, {Point{29, 40}, "A"}, {Point{31, 0}, "B"}, {Point{89, 91}, "C"}} {
		if n, _ := g.LocationName(c.p); n != c.name {
			t.Errorf("%v is named %q, want %q", c.p, n, c.name)
		}
	}
	if p := g.Snap(Point{45, 20}); p != (Point{50, 10}) {
		t.Errorf("snaps to %v", p)
	}
	if _, err := g.Location("hidden"); err == nil {
		t.Error("a region at another's point is found")
	}
	if p, err := g.Location("C"); err != nil || p != (Point{90, 90}) {
		t.Errorf("C at %v (%v)", p, err)
	}
	if n, _ := (Regions{}).LocationName(Point{}); n != "" {
		t.Errorf("no regions: %q", n)
	}
	z := &Zoned{Zones: []Zone{{Name: "B", Poly: []Point{{40, 0}, {100, 0}, {100, 30}, {40, 30}}, LocationFormat: "$gridLocation$",
		Grid: Regions{{Name: "B", At: Point{50, 10}}}}}, Background: g}
	if p := z.Snap(Point{95, 25}); p != (Point{50, 10}) {
		t.Errorf("in zone B: snaps to %v", p)
	}
	if p := z.Snap(Point{12, 60}); p != (Point{10, 10}) {
		t.Errorf("outside the zones: snaps to %v", p)
	}
	if n, _ := z.LocationName(Point{95, 25}); n != "B" {
		t.Errorf("in zone B: %q", n)
	}
}
