// Package maps draws a game's maps to scale: hex and square grids with terrain fills and black-and-white
// patterns, hexside features, roads, crossings, cell labels, locations, a legend and a title block, and open
// tabletops as scaled plans. A drawing larger than the paper is tiled onto pages with overlap and assembly marks.
package maps

import (
	"cmp"
	"fmt"
	"math"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/surface"
)

// Drawing is one map ready to print: a single map or board, or a scenario's map set composed of boards.
type Drawing struct {
	Title    string // printed in the title block and the map's top border
	Subtitle string // what it is: "board II, 20 x 20 flat-top hexes, 0.48in across flats"
	Source   string // the content's source note
	Set      *content.MapSet
	Sys      *content.System
	Scenario *content.Scenario // for a scenario's map set: objectives and entry edges are drawn too
	// HideUnits leaves the set-up units out of the scenario layer: a digital board, where the pieces
	// themselves stand in their cells, shows the zones, entries and objectives only.
	HideUnits bool

	Scale  float64 // drawing scale: 1 for grids (printed at 100%), less for open tabletop plans
	border float64 // frame around the grid, in points
	gx, gy float64 // art coordinates of the set grid's origin (centre of cell 0,0; or the table's corner)
	mapW   float64 // the map frame (grid plus border), in points
	mapH   float64
	cell   float64 // cell size in points (pattern scale)

	terrain  map[string]*content.TerrainDef
	features map[string]*content.FeatureDef
	art      []boardArt                           // the boards' backgrounds (art.go)
	tiles    map[string]*tileArt                  // terrain tiles, by terrain id
	layers   map[*content.Board]content.MapLayers // what each board shows
	elev     []int                                // per set cell (row-major), when any cell has an elevation
	showElev bool

	mu       sync.Mutex // guards the caches pages share (names, titleBlocks, lineGeom) and drawErr: pages may be drawn at once
	drawErr  error      // the first error drawing the art met
	lineGeom *lineFeatures
	layer    *layer // the scenario's marks (grids only)
	names    labels // names placed for the current grid position

	// net is an area or point-to-point map's places (network.go); its borders and lines, and the layout of
	// its names, marks and units, are worked out once, when first drawn.
	net     *network
	netOnce sync.Once
	netGeom *netLines
	layOnce sync.Once
	lay     *netLayout

	fonts *fonts.Set // the package's fonts: the text font, the heading font, map labels' own

	legend      []legendEntry
	titleBlocks map[[2]float64]titleBlock // by width and scale
	strip       stripPlace
	stripW      float64 // size of the title-and-legend strip
	stripH      float64
}

// textFace is what the map's text prints in where nothing names another (nil: the Go fonts).
func (d *Drawing) textFace() *surface.Typeface {
	if d.fonts == nil {
		return nil
	}
	return d.fonts.Text
}

// headingFace is what the map's title prints in.
func (d *Drawing) headingFace() *surface.Typeface {
	if d.fonts == nil {
		return nil
	}
	return d.fonts.Heading
}

// useFonts makes the map's text font the one s prints in where nothing names another.
func (d *Drawing) useFonts(s surface.Surface) { s.SetTextTypeface(d.textFace()) }

// stripPlace says where the title block and legend go.
type stripPlace uint8

const (
	stripBelow    stripPlace = iota // under the map frame
	stripRight                      // right of it
	stripSeparate                   // on a page of its own, after the map's pages
)

// Lengths in points.
const (
	// DefaultOverlap is how much neighbouring tiles overlap.
	DefaultOverlap = 0.5 * surface.Inch
	// DefaultMargin is the page margin of map pages.
	DefaultMargin = 0.25 * surface.Inch
	borderW       = 0.3 * surface.Inch
	thinBorderW   = 0.12 * surface.Inch // when the frame must fit a sheet it would just miss
	bandH         = 0.3 * surface.Inch  // the tile label band at the foot of each page
)

// Colours shared by the map artwork.
var (
	gridColour  = surface.RGB(0x4a, 0x4a, 0x4a)
	inkColour   = surface.RGB(0x20, 0x20, 0x20)
	frameColour = surface.Black
)

// ForMap prepares a single map or geomorphic board. A map of more than content.MaxMapCells cells is refused
// with a *diag.Failure at its grid.
func ForMap(pkg *content.Package, m *content.Map) (*Drawing, error) {
	if m.Grid.Type != content.GridOpen {
		// content refuses such a grid as a geometry error; this is the check that says so, at the grid.
		if err := tooManyCells(&content.MapSet{Type: m.Grid.Type, Cols: m.Grid.Cols, Rows: m.Grid.Rows}, mapGridPos(m), "map "+m.ID); err != nil {
			return nil, err
		}
	}
	set, err := pkg.MapSetOf(m)
	if err != nil {
		return nil, fmt.Errorf("map %s: %w", m.ID, err)
	}
	title := m.Name
	if title == "" {
		title = m.ID
	}
	d := &Drawing{Title: title, Source: m.Source, Set: set, Sys: pkg.System, fonts: fonts.Of(pkg)}
	if err := d.init(pkg); err != nil {
		return nil, err
	}
	return d, nil
}

// ForScenario prepares a scenario's map set (its one map, or its boards composed as placed) with the scenario
// on top: objectives, entry edges, deployment zones, set-up units and reinforcements.
func ForScenario(pkg *content.Package, sc *content.Scenario) (*Drawing, error) {
	set, ds := pkg.MapSet(sc)
	if set == nil {
		if ds.HasErrors() {
			return nil, fmt.Errorf("scenario %s: the map set cannot be composed: %v", sc.ID, ds)
		}
		return nil, fmt.Errorf("scenario %s names no map", sc.ID)
	}
	at := sc.Map.At
	if sc.Doc != nil {
		at = sc.Doc.PosOf("/map")
	}
	if err := tooManyCells(set, at, "scenario "+sc.ID+"'s map set"); err != nil {
		return nil, err
	}
	if err := tooManyUnits(pkg, sc); err != nil {
		return nil, err
	}
	title := sc.Name
	if title == "" {
		title = sc.ID
	}
	d := &Drawing{Title: title + ": map", Source: sc.Source, Set: set, Sys: pkg.System, Scenario: sc, fonts: fonts.Of(pkg)}
	d.buildLayer(pkg)
	if err := d.init(pkg); err != nil {
		return nil, err
	}
	return d, nil
}

// mapGridPos is where a map's grid is written.
func mapGridPos(m *content.Map) diag.Pos {
	if m.Doc == nil {
		return m.Grid.At
	}
	return m.Doc.PosOf("/grid")
}

// tooManyCells refuses a map set of more than content.MaxMapCells cells (a 10,000 x 10,000 map ran out of
// memory), before anything is made per cell.
func tooManyCells(set *content.MapSet, at diag.Pos, what string) error {
	if set.Type == content.GridOpen {
		return nil
	}
	if n := int64(set.Cols) * int64(set.Rows); n > content.MaxMapCells {
		return diag.Fail(at, "map-sheets.cells",
			fmt.Sprintf("%s is %d x %d = %d cells: muster prints at most %d cells on one map", what, set.Cols, set.Rows, n, content.MaxMapCells),
			"check cols and rows; a map this large is several maps")
	}
	return nil
}

// tooManyUnits refuses a scenario that sets up more than content.MaxCounters units on its map (each is drawn).
func tooManyUnits(pkg *content.Package, sc *content.Scenario) error {
	total := 0
	for _, sd := range sc.Sides {
		for _, pl := range sd.Setup {
			n := pl.Count
			if n == 0 {
				n = max(len(pl.Cells), len(pl.Points))
			}
			total += max(n, 0)
			if total > content.MaxCounters {
				return diag.Fail(pl.Fields.Of("count", pl.At), "map-sheets.units",
					fmt.Sprintf("scenario %s sets up %d units up to this placement: muster draws at most %d on a map", sc.ID, total, content.MaxCounters),
					"check the count")
			}
		}
	}
	return nil
}

// Composed reports whether the drawing joins several boards (or turns one).
func (d *Drawing) Composed() bool {
	return len(d.Set.Boards) > 1 || d.Set.Boards[0].Rotate != 0
}

// init works out the drawing's sizes, elevations, art and legend; it fails when the art cannot be read.
func (d *Drawing) init(pkg *content.Package) error {
	d.terrain = map[string]*content.TerrainDef{}
	d.features = map[string]*content.FeatureDef{}
	if d.Sys != nil {
		for i := range d.Sys.Terrain {
			d.terrain[d.Sys.Terrain[i].ID] = &d.Sys.Terrain[i]
		}
		for i := range d.Sys.Features {
			d.features[d.Sys.Features[i].ID] = &d.Sys.Features[i]
		}
	}
	d.Scale = 1
	switch d.Set.Type {
	case content.GridHex:
		d.cell = d.Set.Hex.CellSize
	case content.GridSquare:
		d.cell = d.Set.Square.CellSize
	case content.GridOpen:
		d.cell = 0.5 * surface.Inch
	case content.GridArea, content.GridPoint:
		d.cell = 0.5 * surface.Inch // the size marks and units are drawn at
		d.initNetwork()
	}
	d.setBorder(borderW)
	d.Subtitle = d.describe()
	d.initElevation()
	if err := d.readArt(pkg); err != nil {
		return err
	}
	d.legend = d.legendEntries()
	return nil
}

// setBorder sets the width of the frame round the grid, and the map frame's size with it.
func (d *Drawing) setBorder(bw float64) {
	d.border = bw
	s := d.Set
	switch s.Type {
	case content.GridHex, content.GridSquare:
		b := s.Hex.Bounds()
		if s.Type == content.GridSquare {
			b = s.Square.Bounds()
		}
		d.gx, d.gy = d.border-b.Min.X, d.border-b.Min.Y
		d.mapW, d.mapH = b.Width()+2*d.border, b.Height()+2*d.border
		if sz, ok := d.PublishedSize(); ok {
			// The board's published edge, with the grid in its middle, and the border round it for the
			// captions beside it.
			d.gx += (sz.W - b.Width()) / 2
			d.gy += (sz.H - b.Height()) / 2
			d.mapW, d.mapH = sz.W+2*d.border, sz.H+2*d.border
		}
	case content.GridOpen:
		d.setScale(d.Scale)
	case content.GridArea, content.GridPoint:
		d.gx, d.gy = d.border, d.border
		d.mapW, d.mapH = d.net.w+2*d.border, d.net.h+2*d.border
	}
}

// PublishedSize is the size a single map or board declares (size: 8.5x11in), which it prints at with an
// outline at its edge; false for a composed set or a map that declares none.
func (d *Drawing) PublishedSize() (surface.Size, bool) {
	if len(d.Set.Boards) != 1 || d.Composed() {
		return surface.Size{}, false
	}
	g := d.Set.Boards[0].Geo
	if g == nil || g.Size.X <= 0 || g.Size.Y <= 0 {
		return surface.Size{}, false
	}
	return surface.Size{W: g.Size.X, H: g.Size.Y}, true
}

// Outline is where a map with a published size has its edge, in art coordinates (points from the drawing's
// top-left): the rectangle its outline strokes; false for a map without one.
func (d *Drawing) Outline() (surface.Rect, bool) {
	sz, ok := d.PublishedSize()
	if !ok {
		return surface.Rect{}, false
	}
	return surface.Rect{X: d.border, Y: d.border, W: sz.W, H: sz.H}, true
}

// describe says what the map is, for the title block.
func (d *Drawing) describe() string {
	s := d.Set
	var parts []string
	if d.Composed() {
		var names []string
		for _, b := range s.Boards {
			n := "board " + b.Name
			if b.Rotate == 180 {
				n += " (turned 180°)"
			}
			names = append(names, n)
		}
		parts = append(parts, strings.Join(names, ", "))
	} else if b := s.Boards[0]; b.Map.Board != "" {
		parts = append(parts, "board "+b.Map.Board)
	}
	switch s.Type {
	case content.GridHex:
		parts = append(parts, fmt.Sprintf("%d x %d %s-top hexes, %s across flats", s.Cols, s.Rows, s.Hex.Orientation, inches(s.Hex.CellSize)))
	case content.GridSquare:
		parts = append(parts, fmt.Sprintf("%d x %d squares of %s", s.Cols, s.Rows, inches(s.Square.CellSize)))
	case content.GridOpen:
		parts = append(parts, fmt.Sprintf("open table %s x %s", trimInches(s.Table.Width), trimInches(s.Table.Height)))
	case content.GridArea, content.GridPoint:
		return d.describeNetwork()
	}
	if s.Type != content.GridOpen {
		first := s.Label(grid.Cell{})
		last := s.Label(grid.Cell{Col: s.Cols - 1, Row: s.Rows - 1})
		if len(s.Boards) == 1 {
			parts = append(parts, "cells "+first+" to "+last)
		}
	}
	return strings.Join(parts, "; ")
}

func inches(pt float64) string { return trimInches(pt / surface.Inch) }

func trimInches(v float64) string {
	s := fmt.Sprintf("%.3f", v)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	return s + "in"
}

// initElevation reads each cell's elevation: the map's elevation rows, then its cell overrides. Terrain
// elevation is shown by contours; printed numbers appear only when the map gives elevations of its own.
func (d *Drawing) initElevation() {
	s := d.Set
	if s.Type == content.GridOpen || d.net != nil {
		return
	}
	own := false
	for _, b := range s.Boards {
		if len(b.Map.Elevation) > 0 {
			own = true
		}
		for _, o := range b.Map.Cells {
			if o.Elevation != nil {
				own = true
			}
		}
	}
	d.showElev = own
	d.elev = make([]int, s.Cols*s.Rows)
	for row := 0; row < s.Rows; row++ {
		for col := 0; col < s.Cols; col++ {
			c := grid.Cell{Col: col, Row: row}
			if t := d.terrain[s.Terrain(c)]; t != nil {
				d.elev[row*s.Cols+col] = t.Elevation
			}
		}
	}
	for _, b := range s.Boards {
		for row, text := range b.Map.Elevation {
			col := 0
			for _, r := range text {
				if r >= '0' && r <= '9' && row < b.Geo.Rows && col < b.Geo.Cols {
					c := b.ToSet(grid.Cell{Col: col, Row: row})
					d.elev[c.Row*s.Cols+c.Col] = int(r - '0')
				}
				col++
			}
		}
		for _, o := range b.Map.Cells {
			if o.Elevation == nil {
				continue
			}
			if lc, err := b.Geo.Lookup(o.Cell); err == nil {
				c := b.ToSet(lc)
				d.elev[c.Row*s.Cols+c.Col] = *o.Elevation
			}
		}
	}
}

func (d *Drawing) elevation(c grid.Cell) int {
	if d.elev == nil || !d.Set.Contains(c) {
		return 0
	}
	return d.elev[c.Row*d.Set.Cols+c.Col]
}

// ------------------------------------------------------------------------------------------- legend

type legendKind uint8

const (
	legTerrain legendKind = iota
	legSide
	legPath
	legCrossing
	legLocation
	legObjective
	legEntry
	legSideArea // a side's colour: zones, entry bands, badges
	legUnit     // a set-up unit's marker
	legTurn     // a reinforcement's turn
	legFlipped  // a unit set up on its back
	legControl  // a place a side controls at the start
	legMarked   // a marker on a set-up unit
	legKind     // a kind of place, or holding boxes (area and point-to-point maps)
	legStats    // the places' values
)

type legendEntry struct {
	kind    legendKind
	id      string
	name    string
	colour  surface.Color
	pattern string
	style   lineStyle
	locKind string
	side    int
	shape   shapeKind // legKind: how places of the kind are drawn
	holding bool      // legKind: holding boxes
}

func (d *Drawing) legendEntries() []legendEntry {
	var out []legendEntry
	if d.net != nil {
		out = d.netLegend()
	} else {
		out = d.mapLegend()
	}
	return append(out, d.scenarioLegend()...)
}

// mapLegend lists what a map of cells or an open table draws: its terrain, features and locations.
func (d *Drawing) mapLegend() []legendEntry {
	var out []legendEntry
	usedT := map[string]bool{}
	usedF := map[string]bool{}
	usedLoc := map[string]bool{}
	s := d.Set
	if s.Type == content.GridOpen {
		for _, b := range s.Boards {
			for _, p := range b.Map.Pieces {
				usedT[p.Terrain] = true
			}
		}
	} else {
		for row := 0; row < s.Rows; row++ {
			for col := 0; col < s.Cols; col++ {
				if c := (grid.Cell{Col: col, Row: row}); d.layersAt(c).Fills {
					usedT[s.Terrain(c)] = true
				}
			}
		}
	}
	for _, b := range s.Boards {
		l := d.layersOf(b)
		for _, h := range b.Map.Hexsides {
			usedF[h.Type] = usedF[h.Type] || l.Hexsides
		}
		for _, p := range b.Map.Paths {
			usedF[p.Type] = usedF[p.Type] || l.Paths
		}
		for _, c := range b.Map.Crossings {
			usedF[c.Type] = usedF[c.Type] || l.Hexsides
		}
		for _, l := range b.Map.Locations {
			usedLoc[locClass(l.Kind)] = true
		}
	}
	if d.Sys != nil {
		for i := range d.Sys.Terrain {
			t := &d.Sys.Terrain[i]
			if usedT[t.ID] {
				out = append(out, legendEntry{kind: legTerrain, id: t.ID, name: cmp.Or(t.Name, t.ID), colour: d.terrainColour(t.ID), pattern: t.Pattern})
			}
		}
		for i := range d.Sys.Features {
			f := &d.Sys.Features[i]
			if !usedF[f.ID] {
				continue
			}
			e := legendEntry{id: f.ID, name: cmp.Or(f.Name, f.ID), style: d.lineStyle(f.ID)}
			switch f.On {
			case content.FeatureHexside:
				e.kind = legSide
				if s.Type == content.GridSquare {
					e.name += " (square side)"
				}
			case content.FeaturePath:
				e.kind = legPath
			default:
				e.kind = legCrossing
			}
			out = append(out, e)
		}
	}
	for _, k := range []string{"village", "deployment", "objective", "landmark"} {
		if usedLoc[k] {
			out = append(out, legendEntry{kind: legLocation, locKind: k, name: locLegendName(k)})
		}
	}
	return out
}

// scenarioLegend lists what a scenario adds to its map: objectives, the sides' colours, units, control,
// reinforcements' turns.
func (d *Drawing) scenarioLegend() []legendEntry {
	var out []legendEntry
	s := d.Set
	if d.Scenario != nil {
		if len(d.Scenario.Objectives) > 0 && s.Type != content.GridOpen {
			out = append(out, legendEntry{kind: legObjective, name: "Scenario objective"})
		}
		if l := d.layer; l != nil {
			for i, st := range l.sides {
				if st.used {
					out = append(out, legendEntry{kind: legSideArea, side: i, name: st.legendName()})
				}
			}
			if l.units {
				out = append(out, legendEntry{kind: legUnit, name: "Unit set up (a number: units in the stack)"})
			}
			if len(l.controls) > 0 {
				out = append(out, legendEntry{kind: legControl, side: l.controls[0].side, name: "Controlled at the start (the side's colour)"})
			}
			if l.flipped {
				out = append(out, legendEntry{kind: legFlipped, name: "Unit set up on its back (pale, under a band)"})
			}
			if l.marked {
				out = append(out, legendEntry{kind: legMarked, name: "Marker placed on the unit at set-up"})
			}
			if l.turns {
				out = append(out, legendEntry{kind: legTurn, name: "Tn: reinforcements enter on turn n"})
			}
		} else {
			for _, sd := range d.Scenario.Sides {
				if len(sd.Entry) > 0 {
					out = append(out, legendEntry{kind: legEntry, name: "Entry edge"})
					break
				}
			}
		}
	}
	return out
}

// locClass groups location kinds into the four marks the map draws.
func locClass(kind string) string {
	switch kind {
	case "deployment":
		return "deployment"
	case "objective":
		return "objective"
	case "village", "settlement", "town", "city":
		return "village"
	}
	return "landmark"
}

func locLegendName(k string) string {
	switch k {
	case "deployment":
		return "Deployment hex (letter)"
	case "objective":
		return "Objective"
	case "village":
		return "Settlement (name)"
	}
	return "Named place"
}

// terrainColour is the fill of a terrain: its colour, else a light grey.
func (d *Drawing) terrainColour(id string) surface.Color {
	if t := d.terrain[id]; t != nil && t.Colour != "" {
		if c, err := surface.Hex(t.Colour); err == nil {
			return c
		}
	}
	if id == "" {
		return surface.White
	}
	return surface.RGB(0xe4, 0xe4, 0xe4)
}

func (d *Drawing) terrainPattern(id string) string {
	if t := d.terrain[id]; t != nil {
		return t.Pattern
	}
	return ""
}

// ------------------------------------------------------------------------------------------- sizes

// Art is the size of the whole artwork (map frame and, unless it has a page of its own, the strip), in points.
func (d *Drawing) Art() surface.Size {
	switch d.strip {
	case stripBelow:
		return surface.Size{W: d.mapW, H: d.mapH + d.stripH}
	case stripRight:
		return surface.Size{W: d.mapW + d.stripW, H: math.Max(d.mapH, d.stripH)}
	}
	return surface.Size{W: d.mapW, H: d.mapH}
}

// MapFrame is the size of the map with its border, without the strip.
func (d *Drawing) MapFrame() surface.Size { return surface.Size{W: d.mapW, H: d.mapH} }
