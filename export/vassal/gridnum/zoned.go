package gridnum

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// Zone is one zone of a ZonedGrid: a polygon with a name, its own grid (or none) and a location format in
// which $name$ is the zone's name and $gridLocation$ the name its grid gives.
type Zone struct {
	Name           string
	Poly           []Point
	LocationFormat string // VASSAL's default is "$name$"
	Grid           Grid   // nil: the zone has no grid of its own
}

// Zoned is ZonedGrid: a point takes the name of the first zone that contains it, else the background grid's.
type Zoned struct {
	Zones      []Zone
	Background Grid // may be nil
}

// Contains reports whether the polygon holds p (even-odd rule; VASSAL's Polygon differs only on the
// outline itself).
func (z *Zone) Contains(p Point) bool {
	in := false
	n := len(z.Poly)
	for i, j := 0, n-1; i < n; j, i = i, i+1 {
		a, b := z.Poly[i], z.Poly[j]
		if (a.Y > p.Y) != (b.Y > p.Y) {
			x := float64(b.X-a.X)*float64(p.Y-a.Y)/float64(b.Y-a.Y) + float64(a.X)
			if float64(p.X) < x {
				in = !in
			}
		}
	}
	return in
}

// LocationName is Zone.locationName.
func (z *Zone) LocationName(p Point) (string, error) {
	parts, props := formatParts(z.LocationFormat)
	var b strings.Builder
	for i, t := range parts {
		if !props[i] {
			b.WriteString(t)
			continue
		}
		switch t {
		case "name":
			b.WriteString(z.Name)
		case "gridLocation":
			if z.Grid != nil {
				s, err := z.Grid.LocationName(p)
				if err != nil {
					return "", err
				}
				b.WriteString(s)
			}
		default:
			return "", fmt.Errorf("zone %s: the location format names property %q, which only a running game knows", z.Name, t)
		}
	}
	return b.String(), nil
}

// Location is Zone.getLocation.
func (z *Zone) Location(name string) (Point, error) {
	parts, props := formatParts(z.LocationFormat)
	var re strings.Builder
	groups := 0
	for i, t := range parts {
		if t == "" {
			continue
		}
		switch {
		case !props[i]:
			re.WriteString(regexp.QuoteMeta(t))
		case t == "name":
			re.WriteString(regexp.QuoteMeta(z.Name))
		case t == "gridLocation" && z.Grid != nil:
			re.WriteString("(.*)")
			groups++
		}
	}
	if re.Len() == 0 {
		return Point{}, ErrBadCoords
	}
	rx, err := compile(re.String())
	if err != nil {
		return Point{}, ErrBadCoords
	}
	m := rx.FindStringSubmatch(name)
	if m == nil {
		return Point{}, ErrBadCoords
	}
	if groups > 0 {
		p, err := z.Grid.Location(m[groups])
		if err != nil || !z.Contains(p) {
			return Point{}, ErrBadCoords
		}
		return p, nil
	}
	// No grid: the polygon's mean point, or its first point when the mean falls outside.
	if len(z.Poly) == 0 {
		return Point{}, nil
	}
	var p Point
	for _, q := range z.Poly {
		p.X += q.X
		p.Y += q.Y
	}
	p.X /= len(z.Poly)
	p.Y /= len(z.Poly)
	if !z.Contains(p) {
		p = z.Poly[0]
	}
	return p, nil
}

// LocationName is ZonedGrid.locationName.
func (g *Zoned) LocationName(p Point) (string, error) {
	for i := range g.Zones {
		if g.Zones[i].Contains(p) {
			return g.Zones[i].LocationName(p)
		}
	}
	if g.Background != nil {
		return g.Background.LocationName(p)
	}
	return "", nil
}

// Location is ZonedGrid.getLocation.
func (g *Zoned) Location(name string) (Point, error) {
	for i := range g.Zones {
		p, err := g.Zones[i].Location(name)
		if err == nil && g.Zones[i].Contains(p) {
			return p, nil
		}
	}
	if g.Background != nil {
		return g.Background.Location(name)
	}
	return Point{}, ErrBadCoords
}

// ParsePath reads a zone's path attribute: "x,y;x,y;...".
func ParsePath(s string) ([]Point, error) {
	if s == "" {
		return nil, nil
	}
	var out []Point
	for _, pt := range strings.Split(s, ";") {
		xs, ys, ok := strings.Cut(pt, ",")
		x, err1 := strconv.Atoi(strings.TrimSpace(xs))
		y, err2 := strconv.Atoi(strings.TrimSpace(ys))
		if !ok || err1 != nil || err2 != nil {
			return nil, fmt.Errorf("%q is not a point x,y", pt)
		}
		out = append(out, Point{x, y})
	}
	return out, nil
}

// FormatPath writes a zone's path attribute.
func FormatPath(pts []Point) string {
	var b strings.Builder
	for i, p := range pts {
		if i > 0 {
			b.WriteByte(';')
		}
		b.WriteString(strconv.Itoa(p.X))
		b.WriteByte(',')
		b.WriteString(strconv.Itoa(p.Y))
	}
	return b.String()
}

// Region is one named point of a RegionGrid.
type Region struct {
	Name string
	At   Point
}

// Regions is RegionGrid: named points, each its own location. A point anywhere takes the name of the
// nearest region, and snaps to its point. VASSAL keeps the regions by point, so of two at one point only the
// later counts; which of two regions equally near a point VASSAL takes is not defined (it walks a hash map).
type Regions []Region

// live are the regions VASSAL keeps: the last one at each point.
func (g Regions) live() Regions {
	seen := make(map[Point]bool, len(g))
	out := make(Regions, 0, len(g))
	for i := len(g) - 1; i >= 0; i-- {
		if !seen[g[i].At] {
			seen[g[i].At] = true
			out = append(out, g[i])
		}
	}
	return out
}

// nearest is RegionGrid.doSnap: the region nearest p (the first of equals), false when there is none.
func (g Regions) nearest(p Point) (Region, bool) {
	best, found := Region{}, false
	bestD := 0
	for _, r := range g.live() {
		dx, dy := p.X-r.At.X, p.Y-r.At.Y
		if d := dx*dx + dy*dy; !found || d < bestD {
			best, bestD, found = r, d, true
		}
	}
	return best, found
}

// LocationName is RegionGrid.locationName: the nearest region's name, "" when there are none.
func (g Regions) LocationName(p Point) (string, error) {
	r, ok := g.nearest(p)
	if !ok {
		return "", nil
	}
	return r.Name, nil
}

// Location is RegionGrid.getLocation: the named region's point.
func (g Regions) Location(name string) (Point, error) {
	for _, r := range g.live() {
		if r.Name == name {
			return r.At, nil
		}
	}
	return Point{}, ErrBadCoords
}

// Snap is RegionGrid.snapTo with snapping on: the nearest region's point (p itself when there are none).
func (g Regions) Snap(p Point) Point {
	if r, ok := g.nearest(p); ok {
		return r.At
	}
	return p
}

// Snap is ZonedGrid.snapTo for zones and backgrounds of regions: the first zone holding p snaps it with its
// grid, else the background does; a grid that is not Regions leaves p where it is.
func (g *Zoned) Snap(p Point) Point {
	snap := func(gr Grid) Point {
		if r, ok := gr.(Regions); ok {
			return r.Snap(p)
		}
		return p
	}
	for i := range g.Zones {
		if g.Zones[i].Contains(p) {
			return snap(g.Zones[i].Grid)
		}
	}
	return snap(g.Background)
}
