// Hexsides of a map set: which hexside features lie between two cells, which paths step from one to the
// other, and which crossings are there, across board joins. Movement costs, column shifts across a river, zones
// of control a river blocks and the check that roads cross rivers by bridges all read the ground through these.

package content

import "github.com/muster-wargames/muster/content/grid"

// sideIndex is a map set's hexside features, path steps and crossings, by unordered cell pair. On an area or
// point-to-point map every connection is listed between each pair of places it joins, and its type (a System
// feature) is also listed where a feature of its placement would be: a path feature's as a path step, a
// hexside feature's (a border, a strait) as a feature on the side.
type sideIndex struct {
	features    map[[2]grid.Cell][]string
	paths       map[[2]grid.Cell][]string
	crossings   map[[2]grid.Cell][]string
	connections map[[2]grid.Cell][]*Connection
}

// CellPair is an unordered pair of cells, the key of a side between them.
func CellPair(a, b grid.Cell) [2]grid.Cell {
	if b.Row < a.Row || b.Row == a.Row && b.Col < a.Col {
		a, b = b, a
	}
	return [2]grid.Cell{a, b}
}

func (s *MapSet) sideIndex() *sideIndex {
	s.sidesOnce.Do(func() {
		x := &sideIndex{features: map[[2]grid.Cell][]string{}, paths: map[[2]grid.Cell][]string{}, crossings: map[[2]grid.Cell][]string{},
			connections: map[[2]grid.Cell][]*Connection{}}
		for _, b := range s.Boards {
			if b.Geo.Net != nil {
				s.indexConnections(x, b)
				continue
			}
			for _, h := range b.Map.Hexsides {
				for _, text := range h.Sides {
					if c1, c2, ok := b.Side(text); ok {
						k := CellPair(c1, c2)
						x.features[k] = append(x.features[k], h.Type)
					}
				}
			}
			for _, p := range b.Map.Paths {
				for j := 1; j < len(p.Cells); j++ {
					c1, ok1 := b.Cell(p.Cells[j-1])
					c2, ok2 := b.Cell(p.Cells[j])
					if ok1 && ok2 && c1 != c2 {
						k := CellPair(c1, c2)
						x.paths[k] = append(x.paths[k], p.Type)
					}
				}
			}
			for _, c := range b.Map.Crossings {
				if c1, c2, ok := b.Side(c.Side); ok {
					k := CellPair(c1, c2)
					x.crossings[k] = append(x.crossings[k], c.Type)
				}
			}
		}
		s.sides = x
	})
	return s.sides
}

// indexConnections lists a network map's connections between each pair of places they join.
func (s *MapSet) indexConnections(x *sideIndex, b *Board) {
	for i := range b.Map.Connections {
		c := &b.Map.Connections[i]
		if len(c.Between) > MaxConnectionBetween {
			continue
		}
		var at []grid.Cell
		for _, id := range c.Between {
			if k, ok := b.Geo.PlaceIndex(id); ok {
				at = append(at, grid.Cell{Col: k})
			}
		}
		on := ""
		if f := s.sys.FeatureDef(c.Type); f != nil {
			on = f.On
		}
		for p := range at {
			for q := p + 1; q < len(at); q++ {
				if at[p] == at[q] {
					continue
				}
				k := CellPair(at[p], at[q])
				x.connections[k] = append(x.connections[k], c)
				switch {
				case c.Type == "":
				case on == FeaturePath:
					x.paths[k] = append(x.paths[k], c.Type)
				case on == FeatureCrossing:
					x.crossings[k] = append(x.crossings[k], c.Type)
				default:
					x.features[k] = append(x.features[k], c.Type)
				}
			}
		}
	}
}

// ConnectionsBetween are the connections that join two places of an area or point-to-point map, in the order
// the map lists them.
func (s *MapSet) ConnectionsBetween(a, b grid.Cell) []*Connection {
	return s.sideIndex().connections[CellPair(a, b)]
}

// FeaturesBetween are the hexside features (their type ids) on the side between two cells, as the maps list
// them.
func (s *MapSet) FeaturesBetween(a, b grid.Cell) []string {
	return s.sideIndex().features[CellPair(a, b)]
}

// PathsBetween are the path features (their type ids) that step from one cell to the other.
func (s *MapSet) PathsBetween(a, b grid.Cell) []string { return s.sideIndex().paths[CellPair(a, b)] }

// CrossingsBetween are the crossings (their type ids) on the side between two cells.
func (s *MapSet) CrossingsBetween(a, b grid.Cell) []string {
	return s.sideIndex().crossings[CellPair(a, b)]
}
