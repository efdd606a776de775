// Board composition: how a scenario's geomorphic boards are placed into one map set, and every way a
// placement can fail (overlaps, holes, broken hex patterns, labels that clash).

package content

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
)

// MapSet builds the ground of a scenario: its one map (`map: id`), or its geomorphic boards composed by
// placement. It returns nil, and no diagnostics, when the scenario names no map or a map that is missing
// or has a broken grid (the reference and map checks report those). Sets are built once per decoded package
// and shared, so callers must not change them.
//
// Composition rules (THG 15.1: "Map 2 is placed to the right of Map 1"):
//   - the first board lies at the origin and names no neighbour; every next board names exactly one of
//     rightOf, leftOf, above or below, and the board it names must be listed before it;
//   - all boards have the same grid type, orientation and size (for now only same-size boards compose);
//   - no two boards take the same place, and together they fill a rectangle without holes;
//   - hex boards must keep the hex pattern across a join. Flat-top hexes form columns, every other one
//     shoved half a hex down (offset odd: the 2nd, 4th...; even: the 1st, 3rd...). The set is one offset
//     grid, so each board's shoved columns must be the set's: a board whose first column is set column X
//     fits when its offset equals the set's and X is even, or differs and X is odd. So boards with an
//     even number of columns fit side by side when they have the same offset, boards with an odd number
//     when their offsets differ; stacked above or below, boards fit when they have the same offset.
//     Pointy-top hexes form rows, and the same holds with rows for columns and above/below for side by
//     side. A board turned 180 degrees with an odd number of columns (rows) has its offset swapped.
//   - labels must tell the boards apart: at most one board may have labels without a board prefix, and no
//     two boards may share a board name.
func (p *Package) MapSet(s *Scenario) (*MapSet, diag.List) {
	p.sets.mu.Lock()
	defer p.sets.mu.Unlock()
	if c, ok := p.sets.byScenario[s]; ok {
		return c.set, c.diags
	}
	set, ds := p.composeMapSet(s)
	// Only the package's own scenarios are remembered: fixtures and generators make scenarios by the
	// thousand, and keeping theirs would only grow the cache.
	if own, _ := p.byKey[docKey{KindScenario, s.ID}].(*Scenario); own == s {
		if p.sets.byScenario == nil {
			p.sets.byScenario = map[*Scenario]cachedSet{}
		}
		p.sets.byScenario[s] = cachedSet{set: set, diags: ds}
	}
	return set, ds
}

// MapSetOf is NewMapSet for one of the package's maps, built once per decoded package.
func (p *Package) MapSetOf(m *Map) (*MapSet, error) {
	p.sets.mu.Lock()
	defer p.sets.mu.Unlock()
	return p.mapSetOfLocked(m)
}

func (p *Package) mapSetOfLocked(m *Map) (*MapSet, error) {
	if c, ok := p.sets.byMap[m]; ok {
		return c.set, c.err
	}
	set, err := NewMapSet(m, p.System)
	if p.sets.byMap == nil {
		p.sets.byMap = map[*Map]cachedSet{}
	}
	p.sets.byMap[m] = cachedSet{set: set, err: err}
	return set, err
}

func (p *Package) composeMapSet(s *Scenario) (*MapSet, diag.List) {
	var ds diag.List
	if len(s.Map.Boards) == 0 {
		if s.Map.Map == "" {
			return nil, nil
		}
		m := p.Map(s.Map.Map)
		if m == nil {
			return nil, nil
		}
		set, err := p.mapSetOfLocked(m)
		if err != nil {
			return nil, nil
		}
		return set, nil
	}
	type placed struct {
		b      *Board
		bx, by int
		pl     *BoardPlacement
	}
	var boards []placed
	byID := map[string]int{}
	broken := false
	var first *Geometry
	for i := range s.Map.Boards {
		pl := &s.Map.Boards[i]
		m := p.Map(pl.Board)
		if m == nil {
			broken = true // references reports the unknown board
			continue
		}
		g, err := m.Geometry()
		if err != nil {
			broken = true // the map-grid check reports it
			continue
		}
		boardPos := pl.Fields.Of("board", pl.At)
		if g.Type == GridOpen || g.Net != nil {
			ds.Errorf(boardPos, "map-layout.grid", "board %s is %s: only hex and square boards are composed of boards; make it the scenario's map (map: %s)", pl.Board, mapKind(g.Type), pl.Board)
			broken = true
			continue
		}
		if j, dup := byID[pl.Board]; dup {
			e := ds.Errorf(boardPos, "map-layout.duplicate", "board %s is placed twice", pl.Board)
			e.Related = append(e.Related, diag.Related{Pos: boards[j].pl.At, Message: "first placed here"})
			broken = true
			continue
		}
		var rels []string
		for _, r := range []struct{ key, id string }{{"rightOf", pl.RightOf}, {"leftOf", pl.LeftOf}, {"above", pl.Above}, {"below", pl.Below}} {
			if r.id != "" {
				rels = append(rels, r.key)
			}
		}
		b := &Board{Map: m, Geo: g, Name: boardName(m), Rotate: pl.Rotate, Place: pl}
		if pl.Rotate != 0 && pl.Rotate != 180 {
			ds.Errorf(pl.Fields.Of("rotate", pl.At), "map-layout.rotate", "a board can be turned 0 or 180 degrees, not %d", pl.Rotate)
			broken = true
			continue
		}
		if len(boards) == 0 {
			if broken {
				continue // the first board is missing: nothing to place the others against
			}
			if len(rels) > 0 {
				ds.Errorf(pl.Fields.Of(rels[0], pl.At), "map-layout.first", "the first board lies at the origin and is placed next to nothing; move board %s after the board it is %s", pl.Board, rels[0])
				broken = true
				continue
			}
			first = g
			byID[pl.Board] = len(boards)
			boards = append(boards, placed{b, 0, 0, pl})
			continue
		}
		if len(rels) != 1 {
			if len(rels) == 0 {
				ds.Errorf(pl.At, "map-layout.placement", "board %s is not placed: say where it goes with rightOf, leftOf, above or below a board listed before it", pl.Board)
			} else {
				ds.Errorf(pl.At, "map-layout.placement", "board %s is placed %s at once; give exactly one of rightOf, leftOf, above or below", pl.Board, strings.Join(rels, " and "))
			}
			broken = true
			continue
		}
		key := rels[0]
		other := map[string]string{"rightOf": pl.RightOf, "leftOf": pl.LeftOf, "above": pl.Above, "below": pl.Below}[key]
		j, ok := byID[other]
		if !ok {
			if later := indexOfBoard(s.Map.Boards[i+1:], other); later >= 0 {
				ds.Errorf(pl.Fields.Of(key, pl.At), "map-layout.order", "board %s is placed %s %s, which is listed after it; list %s first", pl.Board, key, other, other)
			}
			// Otherwise `other` is not one of the scenario's boards: references reports it.
			broken = true
			continue
		}
		if first != nil && (g.Type != first.Type || g.Type == GridHex && g.Hex.Orientation != first.Hex.Orientation) {
			ds.Errorf(boardPos, "map-layout.grid", "board %s is a %s grid and board %s a %s grid: boards of a map set must share their grid", pl.Board, gridName(g), s.Map.Boards[0].Board, gridName(first))
			broken = true
			continue
		}
		if first != nil && (g.Cols != first.Cols || g.Rows != first.Rows) {
			ds.Errorf(boardPos, "map-layout.size", "board %s is %dx%d cells and board %s %dx%d: only boards of the same size can be composed", pl.Board, g.Cols, g.Rows, s.Map.Boards[0].Board, first.Cols, first.Rows)
			broken = true
			continue
		}
		bx, by := boards[j].bx, boards[j].by
		switch key {
		case "rightOf":
			bx++
		case "leftOf":
			bx--
		case "above":
			by--
		case "below":
			by++
		}
		clash := false
		for _, q := range boards {
			if q.bx == bx && q.by == by {
				e := ds.Errorf(pl.Fields.Of(key, pl.At), "map-layout.overlap", "board %s placed %s %s lands on board %s", pl.Board, key, other, q.pl.Board)
				e.Related = append(e.Related, diag.Related{Pos: q.pl.At, Message: "board " + q.pl.Board + " is placed here"})
				clash = true
				break
			}
		}
		if clash {
			broken = true
			continue
		}
		byID[pl.Board] = len(boards)
		boards = append(boards, placed{b, bx, by, pl})
	}
	if len(boards) == 0 || first == nil {
		return nil, ds
	}
	// Boards must fill their bounding rectangle.
	minx, miny, maxx, maxy := boards[0].bx, boards[0].by, boards[0].bx, boards[0].by
	for _, q := range boards {
		minx, miny, maxx, maxy = min(minx, q.bx), min(miny, q.by), max(maxx, q.bx), max(maxy, q.by)
	}
	nbx, nby := maxx-minx+1, maxy-miny+1
	if !broken && len(boards) < nbx*nby {
		taken := map[[2]int]string{}
		for _, q := range boards {
			taken[[2]int{q.bx, q.by}] = q.pl.Board
		}
		var holes []string
		for y := miny; y <= maxy; y++ {
			for x := minx; x <= maxx; x++ {
				if _, ok := taken[[2]int{x, y}]; !ok {
					holes = append(holes, describeHole(x, y, taken))
				}
			}
		}
		at := s.Map.Fields.Of("boards", s.Map.At)
		leave := english.Count(len(holes), "hole")
		if len(holes) == 1 {
			leave = "a hole"
		}
		e := ds.Errorf(at, "map-layout.hole", "the boards leave %s: the map set must be a full rectangle of %d boards across and %d down, with a board %s",
			leave, nbx, nby, strings.Join(holes, ", and a board "))
		e.Hint = "add boards there, or move the boards into one row or column"
		return nil, ds
	}
	if broken {
		return nil, ds
	}
	out := make([]*Board, len(boards))
	for i, q := range boards {
		q.b.Col, q.b.Row = (q.bx-minx)*first.Cols, (q.by-miny)*first.Rows
		out[i] = q.b
	}
	if first.Type == GridHex {
		// The set's parity is that of a board in its first column (or row); every other board must agree.
		var ref *Board
		for _, b := range out {
			if b.Col == 0 && b.Row == 0 {
				ref = b
			}
		}
		want := ref.parityAt(0, 0)
		bad := false
		for _, b := range out {
			if got := b.parityAt(b.Col, b.Row); got != want {
				pl := b.Place
				axis, offset := "columns", b.Col
				if first.Hex.Orientation == grid.PointyTop {
					axis, offset = "rows", b.Row
				}
				e := ds.Errorf(pl.At, "map-layout.hex-pattern", "board %s breaks the hex pattern: it starts at %s %d of the map set, and with offset %s its shoved %s (half a hex out) do not line up with the other boards'",
					pl.Board, strings.TrimSuffix(axis, "s"), offset+1, b.Geo.Hex.Parity, axis)
				e.Hint = fmt.Sprintf("give map %s offset: %s (or turn it 180 degrees, if it has an odd number of %s): boards with an even number of %s continue each other with the same offset, boards with an odd number with the other offset",
					b.Map.ID, b.Geo.Hex.Parity^1, axis, axis)
				bad = true
			}
		}
		if bad {
			return nil, ds
		}
	}
	// Labels must tell the boards apart.
	var plain *Board
	names := map[string]*Board{}
	for _, b := range out {
		if b.Geo.Board == "" {
			if plain != nil {
				e := ds.Errorf(b.Place.Fields.Of("board", b.Place.At), "map-layout.labels", "boards %s and %s both label their cells without a board name, so their labels clash", plain.Place.Board, b.Place.Board)
				e.Hint = "give the boards names (board: I) and number them board-letter-number"
				return nil, ds
			}
			plain = b
		}
		if o, ok := names[b.Name]; ok && b.Geo.Board != "" {
			ds.Errorf(b.Place.Fields.Of("board", b.Place.At), "map-layout.labels", "maps %s and %s are both board %q, so their labels clash", o.Map.ID, b.Map.ID, b.Name)
			return nil, ds
		}
		names[b.Name] = b
	}
	return newSet(out, nbx, nby, first, p.System), ds
}

func indexOfBoard(bs []BoardPlacement, id string) int {
	for i, b := range bs {
		if b.Board == id {
			return i
		}
	}
	return -1
}

// mapKind names a kind of map that is not a grid of cells, for sentences: an open tabletop, an area map, a
// point-to-point map.
func mapKind(gridType string) string {
	switch gridType {
	case GridOpen:
		return "an open tabletop"
	case GridArea:
		return "an area map"
	case GridPoint:
		return "a point-to-point map"
	}
	return "a " + gridType + " grid"
}

func gridName(g *Geometry) string {
	if g.Type == GridHex {
		return g.Hex.Orientation.String() + "-top hex"
	}
	return g.Type
}

func describeHole(x, y int, taken map[[2]int]string) string {
	if b, ok := taken[[2]int{x - 1, y}]; ok {
		return "right of " + b
	}
	if b, ok := taken[[2]int{x + 1, y}]; ok {
		return "left of " + b
	}
	if b, ok := taken[[2]int{x, y - 1}]; ok {
		return "below " + b
	}
	if b, ok := taken[[2]int{x, y + 1}]; ok {
		return "above " + b
	}
	return fmt.Sprintf("at board position %d,%d", x, y)
}
