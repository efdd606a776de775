// Zones: what a scenario's deployment zone covers on its map set (cells on a grid, a circle on an open
// tabletop), which shapes a zone may take on which ground, and how a zone reads in words. Validation, the map
// and scenario printers and the generators all read zones through these functions.

package content

import (
	"fmt"
	"sort"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
)

// Place resolves a name a scenario gives a place on its map set (a zone's `near`): a cell label of the set,
// else the id of a location on one of the set's maps. It returns the place's set cells (the cell; or the
// location's cells, read on its board) and the location (nil for a cell). err is the label's lookup error (a
// *LabelError) when the name is neither a cell nor a location.
func (s *MapSet) Place(name string) (cells []grid.Cell, loc *Location, err error) {
	r, err := s.Lookup(name)
	if err == nil {
		return []grid.Cell{r.Cell}, nil, nil
	}
	if l, b := s.Location(name); l != nil {
		return b.Cells(l.Cells), l, nil
	}
	return nil, nil, err
}

// ZoneCells returns the set cells a zone covers on a grid, each once, in row-major order: every cell within
// `within` steps of the cell or location it is `near` (within 0: that place's own cells), its listed
// `cells`, and the EdgeBand of its `edge`, `depth` cells deep (at least 1). Names that are no place of the set
// add nothing (validation reports them); an open tabletop has no cells, and a point or radius counts none.
func (s *MapSet) ZoneCells(z *Zone) []grid.Cell {
	if z == nil || s.Type == GridOpen {
		return nil
	}
	in := map[grid.Cell]bool{}
	if z.Near != "" {
		if centres, _, err := s.Place(z.Near); err == nil && len(centres) > 0 {
			within := max(z.Within, 0)
			for row := 0; row < s.Rows; row++ {
				for col := 0; col < s.Cols; col++ {
					c := grid.Cell{Col: col, Row: row}
					for _, f := range centres {
						if s.Distance(c, f) <= within {
							in[c] = true
							break
						}
					}
				}
			}
		}
	}
	for _, l := range z.Cells {
		if r, ok := s.Cell(l); ok {
			in[r.Cell] = true
		}
	}
	if z.Edge != "" {
		if e, ok := s.Edge(z.Edge); ok {
			for _, c := range s.EdgeBand(e, max(z.Depth, 1)) {
				in[c] = true
			}
		}
	}
	out := make([]grid.Cell, 0, len(in))
	for c := range in {
		out = append(out, c)
	}
	sort.Slice(out, func(i, j int) bool {
		if out[i].Row != out[j].Row {
			return out[i].Row < out[j].Row
		}
		return out[i].Col < out[j].Col
	})
	return out
}

// EdgeBand returns the cells within depth cells of an edge, counting its own cells as the first: the edge's
// line of cells (EdgeCells), then each next line in from it, in that order. A board's edge in a composed set
// stays on its board; the set's own edges span the set. These are exactly the cells fewer than depth steps
// from the edge's line. Nothing on an open tabletop, or for depth 0.
func (s *MapSet) EdgeBand(e Edge, depth int) []grid.Cell {
	line := s.EdgeCells(e, nil)
	if len(line) == 0 || depth <= 0 {
		return nil
	}
	if s.Net != nil {
		return s.Net.Within(line, depth-1)
	}
	x0, y0, x1, y1 := s.edgeArea(e)
	in := func(c grid.Cell) bool { return c.Col >= x0 && c.Row >= y0 && c.Col <= x1 && c.Row <= y1 }
	step := map[string]grid.Cell{"north": {Row: 1}, "south": {Row: -1}, "west": {Col: 1}, "east": {Col: -1}}[e.Side]
	out := make([]grid.Cell, 0, len(line)*depth)
	for k := 0; k < depth; k++ {
		for _, c := range line {
			c = grid.Cell{Col: c.Col + k*step.Col, Row: c.Row + k*step.Row}
			if in(c) {
				out = append(out, c)
			}
		}
	}
	return out
}

// ZoneError says why a zone does not fit its ground. Reason follows the words "the zone" ("has a radius but
// no centre: ..."). Elsewhere is set when another check reports the cause (a location the set does not have),
// so the zone's own check stays silent.
type ZoneError struct {
	Reason    string
	Elsewhere bool
}

func (e *ZoneError) Error() string { return "the zone " + e.Reason }

// ZoneCircle is a zone on an open tabletop: its radius about its point, or about the point of the location it
// is near, in table inches. The error says why the zone has no circle (see ZoneError); a zone on a table
// that gives an edge and no radius is a band along that edge, not a circle.
func (s *MapSet) ZoneCircle(z *Zone) (grid.Circle, error) {
	if z.Radius == nil {
		return grid.Circle{}, &ZoneError{Reason: "on an open tabletop needs a radius (e.g. radius: 12in) about its point or location"}
	}
	var centre grid.Point
	switch {
	case len(z.Point) == 2:
		centre = grid.Point{X: z.Point[0].Inches(), Y: z.Point[1].Inches()}
	case z.Near != "":
		loc, _ := s.Location(z.Near)
		if loc == nil {
			return grid.Circle{}, &ZoneError{Reason: fmt.Sprintf("is about %q, which is no location of the table", z.Near), Elsewhere: true}
		}
		if len(loc.Point) != 2 {
			return grid.Circle{}, &ZoneError{Reason: fmt.Sprintf("is about location %s, which has no point on the table", z.Near)}
		}
		centre = grid.Point{X: loc.Point[0].Inches(), Y: loc.Point[1].Inches()}
	default:
		return grid.Circle{}, &ZoneError{Reason: "has a radius but no centre: give a point [x, y] or near: a location"}
	}
	return grid.Circle{Centre: centre, Radius: z.Radius.Inches()}, nil
}

// CheckZone says whether a zone is drawn the way its ground allows, or why not: on a grid, cells (near and
// within, cells, edge and depth), never a point or radius; on an open tabletop, a band along an edge or a
// circle (ZoneCircle) centred on the table, never counted in cells.
func (s *MapSet) CheckZone(z *Zone) *ZoneError {
	if s.Type != GridOpen {
		if z.Radius != nil || len(z.Point) > 0 {
			return &ZoneError{Reason: "has a point or radius, which are for open tabletops: on a grid, write near and within (cells)"}
		}
		return nil
	}
	if z.Within > 0 || len(z.Cells) > 0 || z.Depth > 0 {
		return &ZoneError{Reason: "counts cells (within, cells or depth), but an open tabletop has none: give a radius about a point or a location"}
	}
	if z.Radius == nil && z.Edge != "" {
		return nil
	}
	c, err := s.ZoneCircle(z)
	if err != nil {
		return err.(*ZoneError)
	}
	if !s.Table.ContainsPoint(c.Centre) {
		return &ZoneError{Reason: fmt.Sprintf("is centred at (%gin, %gin), off the %gin x %gin table", c.Centre.X, c.Centre.Y, s.Table.Width, s.Table.Height)}
	}
	return nil
}

// DescribeZone says where a zone is, in the one wording every output prints (the scenario sheet, the map's
// legend and zone labels, the digital-play set-ups), in the words of this map set: "within 3 hexes of Hex D
// (the village)" (`near` with `within`, a location by its name), "at D" (within 0), "within 12in of The camp"
// (a radius on a table, about a location or a point), "on 0101 and 0102" (listed cells), "on the north edge"
// and "on the east edge of board V, 2 hexes deep" (an edge by its name, a band of depth 2 or more). A zone
// that gives several of these covers them all, joined with "and". Cells are counted in the set's word:
// hexes, squares, or cells on a nil set (a scenario without a map), which names places and edges by their ids.
func (s *MapSet) DescribeZone(z *Zone) string {
	if s == nil {
		return z.describe("", func(id string) string { return id }, func(id string) string { return "the " + id + " edge" })
	}
	place := func(id string) string {
		if _, err := s.Lookup(id); err == nil {
			return s.CellName(id)
		}
		if l, _ := s.Location(id); l != nil && l.Name != "" {
			return l.Name
		}
		return id
	}
	edge := func(id string) string {
		if e, ok := s.Edge(id); ok {
			return e.Name()
		}
		return "the " + id + " edge"
	}
	return z.describe(s.Type, place, edge)
}

func (z *Zone) describe(gridType string, place, edge func(string) string) string {
	if z == nil {
		return ""
	}
	var parts []string
	switch {
	case z.Radius != nil:
		centre := ""
		if z.Near != "" {
			centre = place(z.Near)
		}
		if len(z.Point) == 2 {
			centre = fmt.Sprintf("(%s, %s)", z.Point[0], z.Point[1])
		}
		if centre != "" {
			parts = append(parts, fmt.Sprintf("within %s of %s", z.Radius, centre))
		}
	case z.Near != "" && z.Within > 0:
		parts = append(parts, fmt.Sprintf("within %s of %s", cellCount(z.Within, gridType), place(z.Near)))
	case z.Near != "":
		parts = append(parts, "at "+place(z.Near))
	}
	if len(z.Cells) > 0 {
		parts = append(parts, "on "+english.List(z.Cells))
	}
	if z.Edge != "" {
		e := "on " + edge(z.Edge)
		if z.Depth > 1 {
			e += ", " + cellCount(z.Depth, gridType) + " deep"
		}
		parts = append(parts, e)
	}
	out := english.List(parts)
	switch {
	case z.Each > 0:
		out += fmt.Sprintf(" (%s on each)", english.Count(z.Each, "unit"))
	case z.Holds > 0:
		out += fmt.Sprintf(" (%s in all)", english.Count(z.Holds, "unit"))
	}
	return out
}

// cellCount is a number of cells in the grid's word: 1 hex, 3 squares, 2 areas, 1 place, 2 cells.
func cellCount(n int, gridType string) string {
	switch gridType {
	case GridHex:
		return english.Count(n, "hex")
	case GridSquare:
		return english.Count(n, "square")
	case GridArea, GridPoint:
		return fmt.Sprintf("%d %s", n, placeWord(gridType, n, false))
	}
	return english.Count(n, "cell")
}
