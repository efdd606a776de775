// Hexsides of a map set: which hexside features lie between two cells, which paths step from one to the
// other, and which crossings are there, across board joins. Movement costs, column shifts across a river, zones
// of control a river blocks and the check that roads cross rivers by bridges all read the ground through these.

package content

import "github.com/muster-wargames/muster/content/grid"

// sideIndex is a map set's hexside features, path steps and crossings, by unordered cell pair.
type sideIndex struct {
	features  map[[2]grid.Cell][]string
	paths     map[[2]grid.Cell][]string
	crossings map[[2]grid.Cell][]string
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
		x := &sideIndex{features: map[[2]grid.Cell][]string{}, paths: map[[2]grid.Cell][]string{}, crossings: map[[2]grid.Cell][]string{}}
		for _, b := range s.Boards {
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
