// Package shape is the outline of a counter: square (or a rectangle), hexagonal with a flat or a pointed top,
// or round. A face clips its art to the outline, a sheet packs and cuts counters along it and a cutting
// plotter follows it, so the three agree on one geometry.
package shape

import (
	"math"

	"github.com/muster-wargames/muster/print/surface"
)

// Shapes; the empty shape is Square.
const (
	Square    = "square"
	Hex       = "hex"        // flat top and bottom; its size is its height, across the flats
	HexPointy = "hex-pointy" // pointed top and bottom; its size is its width, across the flats
	Round     = "round"      // its size is its diameter
)

// All lists the shapes in the order the schema documents them.
var All = []string{Square, Hex, HexPointy, Round}

// Valid reports whether s names a shape ("" is Square).
func Valid(s string) bool {
	switch s {
	case "", Square, Hex, HexPointy, Round:
		return true
	}
	return false
}

// IsHex reports whether s is one of the hexagons.
func IsHex(s string) bool { return s == Hex || s == HexPointy }

// Plain reports whether s is a rectangle (square, or wider for a two-hex counter).
func Plain(s string) bool { return s == "" || s == Square }

// corner is the ratio of a hexagon's width across its corners to its width across its flats: 2/√3.
var corner = 2 / math.Sqrt(3)

// Dims is the width and height in points of a counter of this shape and size: the size across the flats of a
// hexagon, the diameter of a round counter, the side of a square.
func Dims(s string, size float64) (w, h float64) {
	switch s {
	case Hex:
		return size * corner, size
	case HexPointy:
		return size, size * corner
	}
	return size, size
}

// Size is the counter size of a w x h bounding box of this shape: its height across the flats, its width for a
// pointed hexagon; the smaller side of anything else.
func Size(s string, w, h float64) float64 {
	switch s {
	case Hex:
		return h
	case HexPointy:
		return w
	}
	return math.Min(w, h)
}

// Hexagon is the six corners of the hexagon of shape s (Hex or HexPointy) whose bounding box is r, grown by d
// along every edge's outward normal (the bleed), clockwise from the top left.
func Hexagon(s string, r surface.Rect, d float64) []surface.Pt {
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	// A flat-topped hexagon of the box's height; a pointed one is the same turned a quarter.
	flats, across := r.H, r.W
	if s == HexPointy {
		flats, across = r.W, r.H
	}
	k := 1.0
	if flats > 0 {
		k = (flats/2 + d) / (flats / 2)
	}
	a := across / 2 * k // centre to a corner
	hf := flats / 2 * k // centre to a flat
	pts := []surface.Pt{{X: -a / 2, Y: -hf}, {X: a / 2, Y: -hf}, {X: a, Y: 0}, {X: a / 2, Y: hf}, {X: -a / 2, Y: hf}, {X: -a, Y: 0}}
	for i, p := range pts {
		if s == HexPointy {
			p.X, p.Y = p.Y, -p.X
		}
		pts[i] = surface.Pt{X: cx + p.X, Y: cy + p.Y}
	}
	return pts
}

// Path is the outline of shape s in the bounding box r, grown by d on every side: a rectangle, a hexagon or a
// circle (an ellipse for a box that is not square).
func Path(s string, r surface.Rect, d float64) *surface.Path {
	p := surface.NewPath()
	switch {
	case IsHex(s):
		return p.Polygon(Hexagon(s, r, d))
	case s == Round:
		return p.Ellipse(r.X+r.W/2, r.Y+r.H/2, r.W/2+d, r.H/2+d)
	}
	return p.Rect(r.X-d, r.Y-d, r.W+2*d, r.H+2*d)
}

// Draw paints the outline of shape s in the box r grown by d: Rect for a rectangle (one `re`, as a square
// counter has always printed), Polygon for a hexagon, Circle or Ellipse for a round counter.
func Draw(sf surface.Surface, s string, r surface.Rect, d float64, mode surface.Paint) {
	switch {
	case IsHex(s):
		sf.Polygon(Hexagon(s, r, d), mode)
	case s == Round && r.W == r.H:
		sf.Circle(r.X+r.W/2, r.Y+r.H/2, r.W/2+d, mode)
	case s == Round:
		sf.Ellipse(r.X+r.W/2, r.Y+r.H/2, r.W/2+d, r.H/2+d, mode)
	default:
		sf.Rect(r.X-d, r.Y-d, r.W+2*d, r.H+2*d, mode)
	}
}

// Clip intersects the surface's clip with the outline of shape s in the box r grown by d.
func Clip(sf surface.Surface, s string, r surface.Rect, d float64) {
	switch {
	case IsHex(s):
		sf.ClipPolygon(Hexagon(s, r, d))
	case s == Round:
		sf.ClipPath(Path(s, r, d))
	default:
		sf.ClipRect(r.X-d, r.Y-d, r.W+2*d, r.H+2*d)
	}
}

// Inner is the largest square centred in the outline of shape s in the box r: r itself for a rectangle's
// square part (the middle of a wide one), 0.732 of a hexagon's size across the flats, 0.707 of a round
// counter's diameter. A face lays its values out at nine places inside it.
func Inner(s string, r surface.Rect) surface.Rect {
	cx, cy := r.X+r.W/2, r.Y+r.H/2
	var side float64
	switch s {
	case Hex:
		side = r.H * (math.Sqrt(3) - 1) // a(3 - √3) with a = h/√3
	case HexPointy:
		side = r.W * (math.Sqrt(3) - 1)
	case Round:
		side = math.Min(r.W, r.H) / math.Sqrt2
	default:
		return r
	}
	return surface.Rect{X: cx - side/2, Y: cy - side/2, W: side, H: side}
}

// Contains reports whether point p lies inside the outline of shape s in the box r, or outside it by at most
// tol points.
func Contains(s string, r surface.Rect, p surface.Pt, tol float64) bool {
	switch {
	case IsHex(s):
		pts := Hexagon(s, r, 0)
		for i := range pts {
			a, b := pts[i], pts[(i+1)%len(pts)]
			// Clockwise on the page (y down): the inside is to the right of each edge.
			ex, ey := b.X-a.X, b.Y-a.Y
			l := math.Hypot(ex, ey)
			if l == 0 {
				continue
			}
			if (ex*(p.Y-a.Y)-ey*(p.X-a.X))/l < -tol {
				return false
			}
		}
		return true
	case s == Round:
		rx, ry := r.W/2, r.H/2
		if rx <= 0 || ry <= 0 {
			return false
		}
		dx, dy := (p.X-r.X-rx)/(rx+tol), (p.Y-r.Y-ry)/(ry+tol)
		return dx*dx+dy*dy <= 1
	}
	return p.X >= r.X-tol && p.X <= r.X+r.W+tol && p.Y >= r.Y-tol && p.Y <= r.Y+r.H+tol
}

// Edges are the straight edges of the outline of shape s in the box r (none for a round counter), each a pair
// of points, for cut lines that neighbours share.
func Edges(s string, r surface.Rect) [][2]surface.Pt {
	var pts []surface.Pt
	switch {
	case IsHex(s):
		pts = Hexagon(s, r, 0)
	case s == Round:
		return nil
	default:
		pts = []surface.Pt{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X + r.W, Y: r.Y + r.H}, {X: r.X, Y: r.Y + r.H}}
	}
	out := make([][2]surface.Pt, len(pts))
	for i := range pts {
		out[i] = [2]surface.Pt{pts[i], pts[(i+1)%len(pts)]}
	}
	return out
}
