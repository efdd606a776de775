// Edges: the named sides of a map set, where units enter and exit, the cells along them, and which side
// is opposite which.

package content

import (
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content/grid"
)

// Compass sides of a map or map set, in the order edges are listed.
var Compass = []string{"north", "east", "south", "west"}

// Edge is a named edge of a map set, where units enter and exit. The set's own edges are north, east, south
// and west; each board of a composed set adds "<board>.north" (and so on) for the sides of the area it
// covers, and every edge a map declares (`edges:`) is named by its id (and "<board>.<id>" in a composed set).
type Edge struct {
	ID    string
	Side  string // north, east, south or west, as the set lies
	Board *Board // nil for the set's own edges
	Def   *EdgeDef
}

// Edges returns the set's named edges: the set's own four, then each board's.
func (s *MapSet) Edges() []Edge {
	s.edgesOnce.Do(func() {
		for _, side := range Compass {
			s.edges = append(s.edges, Edge{ID: side, Side: side})
		}
		seen := map[string]int{}
		for _, b := range s.Boards {
			for i := range b.Map.Edges {
				seen[b.Map.Edges[i].ID]++
			}
		}
		multi := len(s.Boards) > 1
		ids := map[string]bool{"north": true, "east": true, "south": true, "west": true}
		add := func(e Edge) {
			if !ids[e.ID] {
				ids[e.ID] = true
				s.edges = append(s.edges, e)
			}
		}
		for _, b := range s.Boards {
			if multi {
				for _, side := range Compass {
					add(Edge{ID: b.Name + "." + side, Side: side, Board: b})
				}
			}
			for i := range b.Map.Edges {
				d := &b.Map.Edges[i]
				side := b.PlacedSide(d.Side)
				if k := slices.Index(Compass, d.ID); k >= 0 && !multi && seen[d.ID] == 1 && b.Geo.Net != nil {
					// An area or point-to-point map's own north (east, ...) named again: the map's words and
					// places for it (its compass edges have no places of their own unless the areas touch).
					if side == "" {
						side = d.ID
					}
					s.edges[k] = Edge{ID: d.ID, Side: side, Board: b, Def: d}
					continue
				}
				if seen[d.ID] == 1 {
					add(Edge{ID: d.ID, Side: side, Board: b, Def: d})
				}
				if multi {
					add(Edge{ID: b.Name + "." + d.ID, Side: side, Board: b, Def: d})
				}
			}
		}
	})
	return s.edges
}

// Edge returns the named edge, or false.
func (s *MapSet) Edge(id string) (Edge, bool) {
	for _, e := range s.Edges() {
		if e.ID == id {
			return e, true
		}
	}
	return Edge{}, false
}

// EdgeIDs lists the ids of the set's edges.
func (s *MapSet) EdgeIDs() []string {
	es := s.Edges()
	out := make([]string, len(es))
	for i, e := range es {
		out[i] = e.ID
	}
	return out
}

// EdgeCells appends to dst the set cells along an edge: the outermost row or column of the set, or of the
// board's area for a board's edge. On an area or point-to-point map they are the places the edge lists, or on
// an area map the areas whose outline touches its side of the map (holding boxes are on no edge).
func (s *MapSet) EdgeCells(e Edge, dst []grid.Cell) []grid.Cell {
	if s.Type == GridOpen {
		return dst
	}
	if s.Net != nil {
		return s.networkEdge(e, dst)
	}
	x0, y0, x1, y1 := s.edgeArea(e)
	switch e.Side {
	case "north", "south":
		y := y0
		if e.Side == "south" {
			y = y1
		}
		for x := x0; x <= x1; x++ {
			dst = append(dst, grid.Cell{Col: x, Row: y})
		}
	case "east", "west":
		x := x0
		if e.Side == "east" {
			x = x1
		}
		for y := y0; y <= y1; y++ {
			dst = append(dst, grid.Cell{Col: x, Row: y})
		}
	}
	return dst
}

// edgeTouch is how close to a side of an area map an outline must come to lie along it, in inches.
const edgeTouch = 0.05

// networkEdge appends the places along an edge of an area or point-to-point map.
func (s *MapSet) networkEdge(e Edge, dst []grid.Cell) []grid.Cell {
	g := s.Boards[0].Geo
	if e.Def != nil && len(e.Def.Cells) > 0 {
		for _, id := range e.Def.Cells {
			if i, ok := g.PlaceIndex(id); ok {
				dst = append(dst, grid.Cell{Col: i})
			}
		}
		return dst
	}
	if s.Type != GridArea {
		return dst
	}
	for i, p := range g.Places {
		pg := g.Outline(i)
		if p.Offboard || pg == nil {
			continue
		}
		for _, v := range pg {
			var d float64
			switch e.Side {
			case "north":
				d = v.Y
			case "south":
				d = s.Table.Height - v.Y
			case "west":
				d = v.X
			case "east":
				d = s.Table.Width - v.X
			default:
				d = edgeTouch + 1
			}
			if d <= edgeTouch {
				dst = append(dst, grid.Cell{Col: i})
				break
			}
		}
	}
	return dst
}

// edgeArea is the rectangle of set cells an edge bounds: its board's in a composed set, else the set's.
func (s *MapSet) edgeArea(e Edge) (x0, y0, x1, y1 int) {
	if e.Board != nil && len(s.Boards) > 1 {
		x0, y0 = e.Board.Col, e.Board.Row
		return x0, y0, x0 + e.Board.Geo.Cols - 1, y0 + e.Board.Geo.Rows - 1
	}
	return 0, 0, s.Cols - 1, s.Rows - 1
}

// Opposite is the compass side across the map from side: north and south, east and west. Anything else is
// returned as it is.
func Opposite(side string) string {
	switch side {
	case "north":
		return "south"
	case "south":
		return "north"
	case "east":
		return "west"
	case "west":
		return "east"
	}
	return side
}

// PlacedSide is the side of the map set that a side of the board's own map lies on as the board is placed:
// the same side, or the opposite one on a board turned 180 degrees.
func (b *Board) PlacedSide(side string) string {
	if b.Rotate == 180 {
		return Opposite(side)
	}
	return side
}

// Name is how a sentence names the edge: the name its map declares ("East edge (Mangeni road)", read as "the
// east edge (Mangeni road)" when it begins with a compass side), else "the east edge", "the east edge of
// board V" for a board's edge in a set of several.
func (e Edge) Name() string {
	if e.Def != nil && e.Def.Name != "" {
		n := e.Def.Name
		first, rest, _ := strings.Cut(n, " ")
		for _, side := range Compass {
			if strings.EqualFold(first, side) {
				return "the " + side + " " + rest
			}
		}
		return n
	}
	n := "the " + e.Side + " edge"
	if e.Board != nil {
		n += " of board " + e.Board.Name
	}
	return n
}
