package digital

import (
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
)

// Area and point-to-point maps in a VASSAL module: every place is a region at its point, in whole pixels of
// the board image, and every place with a shape (an area's outline, a place's circle or box) is a zone of
// that shape. VASSAL keeps regions by their point and finds a zone's region only inside the zone, so a place
// whose point, once rounded to pixels, is another place's point, or lies outside (or on) its own shape, or in
// another place's shape, is not a place VASSAL can tell apart. PlacePixels and PlacePixelProblem work that out
// for the export (at the resolution it draws the board) and validate (at the resolution the export would
// choose), so that validate warns of exactly what the export refuses.

// Pixel is a whole pixel of a board image.
type Pixel struct{ X, Y int }

// PlaceCircleSides is how many sides the polygon of a round place's zone has.
const PlaceCircleSides = 32

// PlaceZoneMargin is how far, in pixels, a place's point must be from every zone's outline: VASSAL's Polygon
// and an even-odd test may disagree on the outline itself.
const PlaceZoneMargin = 1

// PlacePixels are an area or point-to-point map's places in pixels: each place's point, and its shape as a
// polygon (nil for a place drawn as a dot, or a shape that rounds to less than three corners).
type PlacePixels struct {
	At     []Pixel
	Shapes [][]Pixel

	byPixel map[Pixel][]int // the places at each point
	boxes   [][4]int        // each shape's bounding box, x0, y0, x1, y1 (shapes alone)
}

// PlacesInPixels puts a map's places on its board image: the map's top-left corner at pixel (x0, y0), k
// pixels an inch (the resolution times the drawing's scale). Points and corners round to the nearest pixel.
func PlacesInPixels(g *content.Geometry, x0, y0 int, k float64) PlacePixels {
	pix := func(p grid.Point) Pixel {
		return Pixel{int(math.Round(float64(x0) + p.X*k)), int(math.Round(float64(y0) + p.Y*k))}
	}
	pp := PlacePixels{At: make([]Pixel, len(g.Places)), Shapes: make([][]Pixel, len(g.Places))}
	for i, p := range g.Places {
		a, _ := g.Anchor(i) // validate refuses a place without one
		pp.At[i] = pix(a)
		var shape []grid.Point
		switch {
		case g.Outline(i) != nil:
			shape = g.Outline(i)
		case p.Radius != nil && *p.Radius > 0:
			r := *p.Radius * g.Scale
			for k := 0; k < PlaceCircleSides; k++ {
				t := 2 * math.Pi * float64(k) / PlaceCircleSides
				shape = append(shape, grid.Point{X: a.X + r*math.Cos(t), Y: a.Y + r*math.Sin(t)})
			}
		case len(p.Box) == 2 && p.Box[0] > 0 && p.Box[1] > 0:
			w, h := p.Box[0]*g.Scale/2, p.Box[1]*g.Scale/2
			shape = []grid.Point{{X: a.X - w, Y: a.Y - h}, {X: a.X + w, Y: a.Y - h}, {X: a.X + w, Y: a.Y + h}, {X: a.X - w, Y: a.Y + h}}
		}
		var poly []Pixel
		for _, q := range shape {
			px := pix(q)
			if len(poly) == 0 || poly[len(poly)-1] != px {
				poly = append(poly, px)
			}
		}
		if len(poly) > 1 && poly[0] == poly[len(poly)-1] {
			poly = poly[:len(poly)-1]
		}
		if len(poly) >= 3 {
			pp.Shapes[i] = poly
		}
	}
	pp.byPixel = make(map[Pixel][]int, len(pp.At))
	for i, a := range pp.At {
		pp.byPixel[a] = append(pp.byPixel[a], i)
	}
	pp.boxes = make([][4]int, len(pp.Shapes))
	for i, z := range pp.Shapes {
		if z == nil {
			continue
		}
		b := [4]int{z[0].X, z[0].Y, z[0].X, z[0].Y}
		for _, q := range z {
			b = [4]int{min(b[0], q.X), min(b[1], q.Y), max(b[2], q.X), max(b[3], q.Y)}
		}
		pp.boxes[i] = b
	}
	return pp
}

// PlaceProblem is why a VASSAL module cannot tell a place apart.
type PlaceProblem int

const (
	PlaceFine         PlaceProblem = iota
	PlaceSamePixel                 // its point is another place's (Other)
	PlaceOnItsOutline              // its point lies outside its own shape, or within PlaceZoneMargin of its outline
	PlaceInOther                   // its point lies in another place's shape (Other), or within PlaceZoneMargin of its outline
)

// Problem says what is wrong with place i, and the other place involved (-1 for none).
// Shapes whose bounding box lies farther than PlaceZoneMargin from the point are not looked at, so that a map
// of many places takes time in proportion to the shapes near each point.
func (pp PlacePixels) Problem(i int) (PlaceProblem, int) {
	at := pp.At[i]
	for _, j := range pp.byPixel[at] {
		if j != i {
			return PlaceSamePixel, j
		}
	}
	for j, z := range pp.Shapes {
		if b := pp.boxes[j]; z == nil || j != i && (at.X < b[0]-PlaceZoneMargin || at.X > b[2]+PlaceZoneMargin || at.Y < b[1]-PlaceZoneMargin || at.Y > b[3]+PlaceZoneMargin) {
			continue
		}
		in, d := polygonContains(z, at), edgeDistance(z, at)
		switch {
		case j == i && (!in || d < PlaceZoneMargin):
			return PlaceOnItsOutline, -1
		case j != i && (in || d < PlaceZoneMargin):
			return PlaceInOther, j
		}
	}
	return PlaceFine, -1
}

// polygonContains is the even-odd test (VASSAL's Polygon differs only on the outline itself).
func polygonContains(poly []Pixel, p Pixel) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := float64(b.X-a.X)*float64(p.Y-a.Y)/float64(b.Y-a.Y) + float64(a.X)
			if float64(p.X) < x {
				in = !in
			}
		}
	}
	return in
}

// edgeDistance is how far p is from the polygon's outline, in pixels.
func edgeDistance(poly []Pixel, p Pixel) float64 {
	best := math.Inf(1)
	for k := range poly {
		a, b := poly[k], poly[(k+1)%len(poly)]
		ax, ay, bx, by := float64(a.X), float64(a.Y), float64(b.X), float64(b.Y)
		px, py := float64(p.X), float64(p.Y)
		dx, dy := bx-ax, by-ay
		t := 0.0
		if l := dx*dx + dy*dy; l > 0 {
			t = math.Max(0, math.Min(1, ((px-ax)*dx+(py-ay)*dy)/l))
		}
		best = math.Min(best, math.Hypot(px-(ax+t*dx), py-(ay+t*dy)))
	}
	return best
}

// Board limits of a VASSAL module. VASSAL decodes a board image whole before it cuts it into tiles, 4 bytes a
// pixel in a Java heap of a few hundred megabytes, so a board beyond these is refused (an explicit --dpi) or
// drawn at a lower resolution (the default).
const (
	VassalMaxBoardPixels = 16 << 20 // about 16.8 million pixels
	VassalMaxBoardSide   = 16384
	VassalDefaultDPI     = 150
	VassalMinDPI         = 24
	VassalMaxDPI         = 600
)

// VassalFitDPI is the highest resolution (not rounded) at which a board w x h inches stays within VASSAL's
// limits.
func VassalFitDPI(w, h float64) float64 {
	return math.Min(float64(VassalMaxBoardSide)/math.Max(w, h), math.Sqrt(float64(VassalMaxBoardPixels)/(w*h)))
}

// VassalDPI is the resolution `muster export vassal` draws every board at by default: VassalDefaultDPI,
// lowered to a whole number until the largest board (sizes in inches) fits; ok is false when even
// VassalMinDPI does not do.
func VassalDPI(sizes [][2]float64) (dpi float64, ok bool) {
	dpi = VassalDefaultDPI
	for _, s := range sizes {
		if fit := VassalFitDPI(s[0], s[1]); fit < dpi {
			dpi = math.Floor(fit)
		}
	}
	return dpi, dpi >= VassalMinDPI
}
