// Painted maps: a map's background art and where its pixels lie on the grid (the one place that arithmetic is
// worked out, for the printers, the exporters' board images and validate alike), the layers of muster's own
// drawing a map keeps over it, and the image tiles that fill a terrain's cells.

package content

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
)

// MaxArtBytes bounds one image file a map draws (a background or a terrain tile): 20 MB, a 4000 x 3000
// painting saved as PNG with room to spare (and the most an SVG may be, print/art).
const MaxArtBytes = 20 << 20

// MapBackground is a map's painted art: an image (PNG, JPEG or GIF, or SVG art drawn as vectors) drawn under
// the grid, placed so that the grid lies on the art's own hexes or squares. Positions in the image are pixels
// measured from its top-left corner, x right and y down (a whole number is a pixel's top-left corner; its
// centre is half a pixel further); in SVG art, its own units from the top-left corner of its viewBox. The
// placement is given one of three ways:
//   - by one cell: Centre is the pixel of the centre of Cell (the first cell when Cell is empty) and CellSize
//     a cell's size in image pixels: across flats for hexes (the distance between the centres of two hexes
//     that share a side), the side for squares;
//   - by two reference cells (Reference): each cell's centre in the image; the scale and the offset follow,
//     and the grid's geometry fixes the rest (the scale is the same across and down);
//   - not at all: the image spans the grid's cells, from the left edge of the leftmost cell to the right edge
//     of the rightmost, its top-left corner at the grid's.
//
// On an area or point-to-point map the image spans the map, its top-left corner at the map's, unless two
// reference places (their points) place it.
//
// The image is drawn at one scale across and down, never stretched or turned.
type MapBackground struct {
	Image     string         `yaml:"image"`
	Cell      string         `yaml:"cell"`
	Centre    []float64      `yaml:"centre"`
	CellSize  *float64       `yaml:"cellSize"`
	Reference []ArtReference `yaml:"reference"`
	At        diag.Pos       `yaml:"-"`
	Fields    FieldPos       `yaml:"-"`
}

// ArtReference is a cell of the grid and the pixel of its centre in the background image.
type ArtReference struct {
	Cell   string    `yaml:"cell"`
	Centre []float64 `yaml:"centre"`
	At     diag.Pos  `yaml:"-"`
	Fields FieldPos  `yaml:"-"`
}

// MapShow says which layers of muster's own drawing a map keeps; a layer not named is drawn, as on a map
// without a background. A painted map usually hides the fills and keeps the grid and the labels.
type MapShow struct {
	Grid     *bool `yaml:"grid"`     // the cells' outlines (and the joins between boards)
	Labels   *bool `yaml:"labels"`   // the cells' labels (0101), and the elevations printed in cells
	Fills    *bool `yaml:"fills"`    // the terrain's colours, patterns, tiles and contours
	Hexsides *bool `yaml:"hexsides"` // hexside features (rivers, walls, slopes) and their crossings (bridges, fords)
	Paths    *bool `yaml:"paths"`    // roads and trails through cells
	// FillOpacity lets a background show through the fills' colours and patterns: 1 (the default) is opaque,
	// 0.3 a light tint. Tiles are drawn as they are.
	FillOpacity *float64 `yaml:"fillOpacity"`
	At          diag.Pos `yaml:"-"`
}

// MapLayers are a map's layers as drawn: MapShow with its defaults.
type MapLayers struct {
	Grid, Labels, Fills, Hexsides, Paths bool
	FillOpacity                          float64 // 0 to 1
}

// Layers are the layers the map draws.
func (m *Map) Layers() MapLayers {
	l := MapLayers{Grid: true, Labels: true, Fills: true, Hexsides: true, Paths: true, FillOpacity: 1}
	s := m.Show
	if s == nil {
		return l
	}
	set := func(dst *bool, v *bool) {
		if v != nil {
			*dst = *v
		}
	}
	set(&l.Grid, s.Grid)
	set(&l.Labels, s.Labels)
	set(&l.Fills, s.Fills)
	set(&l.Hexsides, s.Hexsides)
	set(&l.Paths, s.Paths)
	if s.FillOpacity != nil && !math.IsNaN(*s.FillOpacity) {
		l.FillOpacity = math.Max(0, math.Min(1, *s.FillOpacity))
	}
	return l
}

// TerrainTile is an image that fills a terrain's cells instead of its colour and pattern: repeated at Size
// (the width of one tile on the map; its height keeps the image's proportions; a cell's size when not
// given) from the centre of each cell, so every cell of the terrain looks the same, and clipped to the cell.
type TerrainTile struct {
	Image  string        `yaml:"image"`
	Size   *value.Length `yaml:"size"`
	At     diag.Pos      `yaml:"-"`
	Fields FieldPos      `yaml:"-"`
}

// ------------------------------------------------------------------------------------------------ files

// ReadArt reads an image file a map draws, named by the value at ptr of doc (a background's or a terrain
// tile's `image:`), as ReadAsset reads a file but at most MaxArtBytes of it. What the bytes hold (SVG art, or
// a PNG, JPEG or GIF image, and its size) is the printers' to read (print/art).
func (p *Package) ReadArt(doc *Document, ptr, file string) ([]byte, error) {
	return p.readAsset(doc, ptr, file, MaxArtBytes)
}

// ------------------------------------------------------------------------------------------------ placement

// ArtPlacement is where a background image lies on its map's grid: image pixel (u, v) is grid point
// (X + u·Scale, Y + v·Scale), in the points of the map's Geometry (its Hex or Square), one scale across and
// down.
type ArtPlacement struct {
	Scale float64 // points per image pixel
	X, Y  float64 // the image's top-left corner
}

// Point is where image pixel (u, v) lies on the grid.
func (p ArtPlacement) Point(u, v float64) grid.Point {
	return grid.Point{X: p.X + u*p.Scale, Y: p.Y + v*p.Scale}
}

// Pixel is the image pixel at a grid point.
func (p ArtPlacement) Pixel(q grid.Point) (u, v float64) {
	return (q.X - p.X) / p.Scale, (q.Y - p.Y) / p.Scale
}

// ArtError is a background's placement that cannot be worked out; Ptr is the JSON pointer (within the map
// document) of the value at fault and Code says what is wrong: "cell" (a reference cell not on the grid),
// "scale" (reference cells that give no single positive scale) or "placement" (what the placement lacks).
type ArtError struct {
	Ptr, Code, Msg, Hint string
}

func (e *ArtError) Error() string { return e.Msg }

// MaxArtStretch is how far the scales across and down that two reference cells give may differ (1%) before
// the art is taken to be stretched or the centres mistyped.
const MaxArtStretch = 0.01

// ArtPlacement works out where the map's background, an image of w x h pixels, lies on the map's grid g.
// Errors are *ArtError.
func (m *Map) ArtPlacement(g *Geometry, w, h float64) (ArtPlacement, error) {
	bg := m.Background
	if bg == nil {
		return ArtPlacement{}, &ArtError{Ptr: "/background", Code: "placement", Msg: "the map has no background"}
	}
	fail := func(ptr, code, hint, format string, args ...any) (ArtPlacement, error) {
		return ArtPlacement{}, &ArtError{Ptr: ptr, Code: code, Msg: fmt.Sprintf(format, args...), Hint: hint}
	}
	if g.Type == GridOpen {
		return fail("/background", "placement", "draw the table's terrain as pieces", "an open tabletop takes no background image: muster places art by the cells of a hex or square grid")
	}
	if !(w > 0) || !(h > 0) {
		return fail("/background/image", "placement", "", "the image has no size")
	}
	one := bg.Cell != "" || bg.Centre != nil || bg.CellSize != nil
	switch {
	case one && IsNetwork(g.Type):
		return fail("/background", "placement", "give two reference places (reference: [{cell: ID, centre: [x, y]}, ...]), or leave the placement out to span the map",
			"an area or point-to-point map has no cell size to place its background by: place it by two reference places, or let it span the map")
	case len(bg.Reference) > 0 && one:
		return fail("/background/reference", "placement", "keep either cell, centre and cellSize or reference",
			"the background is placed twice: by centre and cellSize, and by reference cells")
	case len(bg.Reference) > 0:
		return m.twoCellPlacement(g)
	case one:
		return m.oneCellPlacement(g)
	}
	b := g.Bounds()
	return ArtPlacement{Scale: b.Width() / w, X: b.Min.X, Y: b.Min.Y}, nil
}

func (m *Map) oneCellPlacement(g *Geometry) (ArtPlacement, error) {
	bg := m.Background
	c := grid.Cell{}
	if bg.Cell != "" {
		var err error
		if c, err = g.Lookup(bg.Cell); err != nil {
			return ArtPlacement{}, &ArtError{Ptr: "/background/cell", Code: "cell", Msg: err.Error()}
		}
	}
	u, v, ok := pixel(bg.Centre)
	if !ok {
		return ArtPlacement{}, &ArtError{Ptr: "/background", Code: "placement",
			Msg:  fmt.Sprintf("the background gives no centre: say which pixel of the image is the centre of %s", g.Label(c)),
			Hint: "add centre: [x, y] in image pixels from its top-left corner, and cellSize"}
	}
	if bg.CellSize == nil || !(*bg.CellSize > 0) || math.IsInf(*bg.CellSize, 0) {
		what := "across flats, the distance between the centres of two hexes that share a side"
		if g.Type == GridSquare {
			what = "a square's side"
		}
		ptr := "/background/cellSize"
		if bg.CellSize == nil {
			ptr = "/background"
		}
		return ArtPlacement{}, &ArtError{Ptr: ptr, Code: "scale", Msg: "the background needs a cellSize above 0: a cell's size in image pixels, " + what,
			Hint: "measure it in the image, or place the art by two reference cells"}
	}
	k := g.CellSize() / *bg.CellSize
	q := g.Centre(c)
	return ArtPlacement{Scale: k, X: q.X - u*k, Y: q.Y - v*k}, nil
}

func (m *Map) twoCellPlacement(g *Geometry) (ArtPlacement, error) {
	refs := m.Background.Reference
	if len(refs) != 2 {
		return ArtPlacement{}, &ArtError{Ptr: "/background/reference", Code: "placement",
			Msg: fmt.Sprintf("the background gives %d reference cells: give two, far apart", len(refs))}
	}
	var cells [2]grid.Cell
	var px [2][2]float64
	for i, r := range refs {
		c, err := g.Lookup(r.Cell)
		if err != nil {
			return ArtPlacement{}, &ArtError{Ptr: Pointer(Pointer("/background/reference", i), "cell"), Code: "cell", Msg: err.Error()}
		}
		u, v, ok := pixel(r.Centre)
		if !ok {
			return ArtPlacement{}, &ArtError{Ptr: Pointer("/background/reference", i), Code: "placement",
				Msg: fmt.Sprintf("reference cell %s gives no centre: say which pixel of the image is its centre (centre: [x, y])", r.Cell)}
		}
		cells[i], px[i] = c, [2]float64{u, v}
	}
	second := Pointer("/background/reference", 1)
	if cells[0] == cells[1] {
		return ArtPlacement{}, &ArtError{Ptr: second + "/cell", Code: "cell", Msg: fmt.Sprintf("both reference cells are %s: name two different cells", g.Label(cells[0])),
			Hint: "cells far apart (opposite corners of the map) place the art most exactly"}
	}
	a, b := g.Centre(cells[0]), g.Centre(cells[1])
	gx, gy := b.X-a.X, b.Y-a.Y // grid points from the first cell to the second
	pu, pv := px[1][0]-px[0][0], px[1][1]-px[0][1]
	la, lb := g.Label(cells[0]), g.Label(cells[1])
	if pu == 0 && pv == 0 {
		return ArtPlacement{}, &ArtError{Ptr: second + "/centre", Code: "scale",
			Msg: fmt.Sprintf("reference cells %s and %s are at the same pixel of the image", la, lb)}
	}
	// Each axis on which the cells lie apart gives a scale of its own; they must agree and be positive.
	lg := math.Hypot(gx, gy)
	axis := func(dg, dp float64) (k float64, ok bool) {
		if math.Abs(dg) < 0.1*lg || dp == 0 {
			return 0, false
		}
		return dg / dp, true
	}
	kx, okx := axis(gx, pu)
	ky, oky := axis(gy, pv)
	words := map[bool][2]string{true: {"left of", "right of"}, false: {"above", "below"}}
	for _, ax := range []struct {
		k     float64
		ok    bool
		dg    float64
		dp    float64
		along bool
	}{{kx, okx, gx, pu, true}, {ky, oky, gy, pv, false}} {
		if ax.ok && ax.k < 0 {
			w := words[ax.along]
			side := func(d float64) string {
				if d < 0 {
					return w[0]
				}
				return w[1]
			}
			return ArtPlacement{}, &ArtError{Ptr: second + "/centre", Code: "scale",
				Msg:  fmt.Sprintf("reference cell %s lies %s %s on the grid but %s it in the image: the art would be drawn mirrored (a negative scale)", lb, side(ax.dg), la, side(ax.dp)),
				Hint: "check the two centres: x counts pixels right from the image's left edge, y down from its top"}
		}
	}
	k := (gx*pu + gy*pv) / (pu*pu + pv*pv)
	if !(k > 0) {
		return ArtPlacement{}, &ArtError{Ptr: second + "/centre", Code: "scale",
			Msg: fmt.Sprintf("reference cells %s and %s lie in opposite directions on the grid and in the image: the art would be drawn turned (a negative scale)", la, lb)}
	}
	if off := math.Hypot(k*pu-gx, k*pv-gy); off > MaxArtStretch*lg {
		msg := fmt.Sprintf("reference cells %s and %s give the art no single scale: ", la, lb)
		switch {
		case okx && oky:
			msg += fmt.Sprintf("%.4g pt a pixel across but %.4g pt a pixel down (%.1f%% apart)", kx, ky, 100*math.Abs(kx-ky)/math.Min(kx, ky))
		default:
			msg += fmt.Sprintf("at one scale the second would land %.1f px from the centre given", off/k)
		}
		return ArtPlacement{}, &ArtError{Ptr: second + "/centre", Code: "scale", Msg: msg + "; muster draws art at one scale, never stretched or turned",
			Hint: "check the two centres (and that they are the cells named), or export the art unstretched"}
	}
	// The placement that puts the two cells' midpoint exactly on the art's: each is off by half the misfit.
	return ArtPlacement{Scale: k, X: (a.X+b.X)/2 - k*(px[0][0]+px[1][0])/2, Y: (a.Y+b.Y)/2 - k*(px[0][1]+px[1][1])/2}, nil
}

// pixel reads [x, y] image pixels.
func pixel(v []float64) (x, y float64, ok bool) {
	if len(v) != 2 || math.IsNaN(v[0]) || math.IsNaN(v[1]) || math.IsInf(v[0], 0) || math.IsInf(v[1], 0) {
		return 0, 0, false
	}
	return v[0], v[1], true
}

// ArtFit is how far an image placed on a grid reaches past each edge of the grid's cells, in image pixels:
// positive beyond the edge, negative short of it (the grid shows where the art has nothing).
type ArtFit struct {
	Left, Top, Right, Bottom float64
	CellPixels               float64 // a cell's size (Geometry.CellSize) in image pixels
}

// ArtFit is how an image of w x h pixels placed at p covers the grid's cells (their bounding rectangle).
func (g *Geometry) ArtFit(p ArtPlacement, w, h float64) ArtFit {
	b := g.Bounds()
	u0, v0 := p.Pixel(b.Min)
	u1, v1 := p.Pixel(b.Max)
	return ArtFit{Left: u0, Top: v0, Right: w - u1, Bottom: h - v1, CellPixels: g.CellSize() / p.Scale}
}

// ------------------------------------------------------------------------------------------------ geometry

// Centre is the centre of a cell in points (cell (0,0) of a grid is at the origin; nothing on an open
// tabletop); on an area or point-to-point map, a place's point (Anchor) from the map's top-left corner.
func (g *Geometry) Centre(c grid.Cell) grid.Point {
	switch g.Type {
	case GridHex:
		return g.Hex.Centre(c)
	case GridSquare:
		return g.Square.Centre(c)
	case GridArea, GridPoint:
		if q, ok := g.Anchor(c.Col); ok && c.Row == 0 {
			return grid.Point{X: q.X * pointsPerInch, Y: q.Y * pointsPerInch}
		}
	}
	return grid.Point{}
}

// pointsPerInch converts the inches of an area or point-to-point map's geometry to the points of Centre.
const pointsPerInch = 72

// Bounds is the rectangle round the grid's cells, in points; an area or point-to-point map's own rectangle.
func (g *Geometry) Bounds() grid.Rect {
	switch g.Type {
	case GridHex:
		return g.Hex.Bounds()
	case GridSquare:
		return g.Square.Bounds()
	case GridArea, GridPoint:
		return grid.Rect{Max: grid.Point{X: g.Table.Width * pointsPerInch, Y: g.Table.Height * pointsPerInch}}
	}
	return grid.Rect{}
}

// CellSize is a cell's size in points: across flats for hexes, the side for squares.
func (g *Geometry) CellSize() float64 {
	switch g.Type {
	case GridHex:
		return g.Hex.CellSize
	case GridSquare:
		return g.Square.CellSize
	}
	return 0
}
