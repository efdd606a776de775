package validate

import (
	"fmt"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
)

// The map checks: the grid, terrain rows, cell labels, hexsides, paths and crossings of every map, open
// tabletops, how a scenario's boards are laid out, and the cells and edges a scenario places units on.

var mapGridCheck = &Check{
	Name:  "map-grid",
	Stage: StageCheck,
	Doc:   "a map's grid has a known type, a size and a numbering that can label every cell\n\nA hex or square grid needs cols and rows, an open table its width and height. A map that gives its published size (size: 8.5x11in) holds its whole grid inside it (size): without a cellSize its cells are fitted to it. An open table's print scale (print: {scale: 1}) is 1 (true size, the default), a smaller number or fraction (1/4, 1:4: a plan) or fit (print-scale).",
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			if _, _, err := m.PrintScale(); err != nil {
				p.Errorf(docPos(m.Doc, "/print/scale", m.At), "print-scale", "map %s: %v", m.ID, err)
			}
			_, err := m.Geometry()
			ge, ok := err.(*content.GeometryError)
			if !ok || ge.Schema || ge.Cells {
				continue // the schema's error; map-sheets reports a grid of too many cells
			}
			code := "grid"
			if strings.Contains(ge.Ptr, "numbering") {
				code = "numbering"
			}
			if ge.Ptr == "/size" {
				code = "size"
			}
			p.Errorf(docPos(m.Doc, ge.Ptr, m.At), code, "map %s: %s", m.ID, ge.Msg)
		}
	},
}

var mapTerrainCheck = &Check{
	Name:  "map-terrain",
	Stage: StageCheck,
	Doc:   "a map's terrain (and elevation) rows fit its grid and legend\n\nOne row per grid row, one character per cell, every character in the map's legend or the System's terrain chars; an error points at the character.",
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			g, err := m.Geometry()
			if err != nil || g.Type == content.GridOpen {
				continue
			}
			checkRows(p, m, g, "/terrain", "terrain", m.Terrain)
			checkRows(p, m, g, "/elevation", "elevation", m.Elevation)
			checkLegendChars(p, m, g)
		}
	},
}

// checkRows reports rows of the wrong number or length.
func checkRows(p *Pass, m *content.Map, g *content.Geometry, ptr, what string, rows []string) {
	if len(rows) == 0 {
		return
	}
	switch {
	case len(rows) > g.Rows:
		extra := "this row is one too many"
		if n := len(rows) - g.Rows; n > 1 {
			extra = fmt.Sprintf("this row and the %s after it are too many", english.Count(n-1, "row"))
		}
		p.Errorf(docPos(m.Doc, content.Pointer(ptr, g.Rows), m.At), "rows", "map %s has %d %s rows but its grid has %d rows: %s",
			m.ID, len(rows), what, g.Rows, extra)
	case len(rows) < g.Rows:
		p.Errorf(docPos(m.Doc, content.Pointer(ptr, len(rows)-1), m.At), "rows", "map %s has %d %s rows but its grid has %d rows: %s missing after this one",
			m.ID, len(rows), what, g.Rows, english.Count(g.Rows-len(rows), "row"))
	}
	for i, row := range rows {
		n := utf8.RuneCountInString(row)
		if n == g.Cols {
			continue
		}
		rp := content.Pointer(ptr, i)
		if n > g.Cols {
			p.Errorf(m.Doc.CharPos(rp, g.Cols, m.At), "row-length", "%s row %d of map %s has %d cells but the grid has %d columns: it runs over from here",
				what, i+1, m.ID, n, g.Cols)
		} else {
			p.Errorf(m.Doc.CharPos(rp, n, m.At), "row-length", "%s row %d of map %s has %d cells but the grid has %d columns: %s missing here",
				what, i+1, m.ID, n, g.Cols, english.Count(g.Cols-n, "cell"))
		}
	}
}

// checkLegendChars reports each character of the terrain rows that the legend does not know, once per map at
// its first use.
func checkLegendChars(p *Pass, m *content.Map, g *content.Geometry) {
	leg := m.LegendOf(p.Pkg.System)
	type use struct {
		row, col, count int
	}
	var unknown map[rune]*use
	var order []rune
	for i, row := range m.Terrain {
		col := 0
		for _, r := range row {
			if _, ok := leg.Terrain(r); !ok {
				if unknown == nil {
					unknown = map[rune]*use{}
				}
				if u := unknown[r]; u != nil {
					u.count++
				} else {
					unknown[r] = &use{i, col, 1}
					order = append(order, r)
				}
			}
			col++
		}
	}
	if len(order) == 0 {
		return
	}
	known := legendChars(m, p.Pkg.System)
	for _, r := range order {
		u := unknown[r]
		more := ""
		if u.count > 1 {
			more = fmt.Sprintf(" (and %s more in this map)", english.Count(u.count-1, "cell"))
		}
		e := p.Errorf(m.Doc.CharPos(content.Pointer("/terrain", u.row), u.col, m.At), "unknown-char",
			"%q in terrain row %d, column %d of map %s is not a legend character%s", string(r), u.row+1, u.col+1, m.ID, more)
		e.Hint = fmt.Sprintf("the legend has %s; add %q: <terrain id> to the map's legend", strings.Join(known, " "), string(r))
	}
}

func legendChars(m *content.Map, sys *content.System) []string {
	seen := map[string]bool{}
	var out []string
	add := func(ch string) {
		if ch != "" && !seen[ch] {
			seen[ch] = true
			out = append(out, fmt.Sprintf("%q", ch))
		}
	}
	keys := make([]string, 0, len(m.Legend))
	for k := range m.Legend {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		add(k)
	}
	if sys != nil {
		for _, t := range sys.Terrain {
			add(t.Char)
		}
	}
	if len(out) == 0 {
		return []string{"no characters"}
	}
	return out
}

var mapCellsCheck = &Check{
	Name:  "map-cells",
	Stage: StageCheck,
	Doc:   "every cell label a map writes is in the map's numbering and on the map\n\nCell overrides, hexsides, paths, crossings, locations and labels.",
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			set, err := p.Pkg.MapSetOf(m)
			if err != nil {
				continue
			}
			forMapLabels(m, func(label, ptr string, offset int) {
				if _, err := set.Lookup(label); err != nil {
					reportLabel(p, set, m.Doc.CharPos(ptr, offset, m.At), label, err, "map "+m.ID)
				}
			})
		}
	},
}

// forMapLabels calls f with every cell label a map writes, the JSON pointer of the value that holds it and
// the label's offset in runes inside that value (the second cell of a hexside "C01/D01" is at 4).
func forMapLabels(m *content.Map, f func(label, ptr string, offset int)) {
	side := func(text, ptr string) {
		a, b, ok := content.SplitSide(text)
		if !ok {
			return // the schema reports a malformed hexside
		}
		f(a, ptr, 0)
		f(b, ptr, utf8.RuneCountInString(a)+1)
	}
	if !content.IsNetwork(m.Grid.Type) { // an area or point-to-point map has none of these: map-places says so
		forGridLabels(m, f, side)
	}
	for i, l := range m.Locations {
		for j, c := range l.Cells {
			f(c, fmt.Sprintf("/locations/%d/cells/%d", i, j), 0)
		}
	}
	for i, l := range m.Labels {
		if l.Cell != "" {
			f(l.Cell, fmt.Sprintf("/labels/%d/cell", i), 0)
		}
	}
}

// forGridLabels calls f with the cell labels of a map's cell overrides, hexsides, paths and crossings.
func forGridLabels(m *content.Map, f func(label, ptr string, offset int), side func(text, ptr string)) {
	for i, c := range m.Cells {
		f(c.Cell, fmt.Sprintf("/cells/%d/cell", i), 0)
	}
	for i, h := range m.Hexsides {
		for j, s := range h.Sides {
			side(s, fmt.Sprintf("/hexsides/%d/sides/%d", i, j))
		}
	}
	for i, pth := range m.Paths {
		for j, c := range pth.Cells {
			f(c, fmt.Sprintf("/paths/%d/cells/%d", i, j), 0)
		}
	}
	for i, c := range m.Crossings {
		side(c.Side, fmt.Sprintf("/crossings/%d/side", i))
	}
}

// reportLabel reports a label that names no cell, with the nearest real label as a hint.
func reportLabel(p *Pass, set *content.MapSet, at diag.Pos, label string, err error, where string) {
	le, _ := err.(*content.LabelError)
	switch {
	case set.Type == content.GridOpen:
		p.Errorf(at, "no-grid", "%s is an open tabletop: it has no cells, so %q names nothing; give a point in inches instead", where, label)
		return
	case le != nil && le.OffMap:
		e := p.Errorf(at, "off-map", "%s: %s", where, le.Msg)
		if s := set.Suggest(label); s != "" && s != label {
			e.Hint = fmt.Sprintf("did you mean %q?", s)
		}
		return
	}
	e := p.Errorf(at, "bad-label", "%s has no %s %q", where, set.PlaceWord(), label)
	if s := set.Suggest(label); s != "" {
		e.Hint = fmt.Sprintf("did you mean %q?", s)
	} else if le != nil {
		e.Hint = le.Msg
	}
}

// gridMaps calls f for each of the package's maps that has a hex or square grid, with its map set; maps whose
// grid is broken are left to map-grid.
func gridMaps(p *Pass, f func(m *content.Map, set *content.MapSet)) {
	for _, m := range p.Pkg.Maps() {
		if set, err := p.Pkg.MapSetOf(m); err == nil && set.Type != content.GridOpen && !set.Network() {
			f(m, set)
		}
	}
}

var mapHexsidesCheck = &Check{
	Name:  "map-hexsides",
	Stage: StageCheck,
	Doc:   "hexside features lie between adjacent cells and form connected lines\n\nEvery hexside (or square edge) lies between two adjacent cells, and each hexside feature (river, stream, wall) is one connected line: its sides meet corner to corner; forks are allowed.",
	Package: func(p *Pass) {
		gridMaps(p, func(m *content.Map, set *content.MapSet) {
			for i, h := range m.Hexsides {
				checkSideFeature(p, m, set, i, h)
			}
		})
	},
}

func featureName(id, name, typ string) string {
	switch {
	case id != "":
		return fmt.Sprintf("%s %q", typ, id)
	case name != "":
		return fmt.Sprintf("%s %q", typ, name)
	}
	return typ
}

// checkSideFeature checks one hexside feature. The rule for its shape is grid.SideParts: the sides, as a set,
// are connected, two sides being joined when they meet at a corner. The order they are listed in does not
// matter, so a river with forks is written as its main line and then each fork. Each part that is not joined
// to the first side's part is reported at its first side.
func checkSideFeature(p *Pass, m *content.Map, set *content.MapSet, i int, h content.SideFeature) {
	what := featureName(h.ID, h.Name, h.Type)
	var sides []int // the listed sides that are sides, by index in the feature's list
	var ends [][2]grid.Corner
	seen := map[[2]grid.Cell]int{}
	invalid := false
	for j, text := range h.Sides {
		ptr := fmt.Sprintf("/hexsides/%d/sides/%d", i, j)
		a, b, ok := set.Side(text)
		if !ok {
			continue // map-cells reports a label that names no cell, the schema a malformed side
		}
		if !set.SideBetween(a, b) {
			e := p.Errorf(m.Doc.CharPos(ptr, 0, h.At), "not-adjacent", "%s: %s is not a %s: %s and %s are not next to each other",
				what, text, sideWord(set), set.Label(a), set.Label(b))
			e.Hint = "write the two cells on either side of the " + sideWord(set) + ", e.g. " + exampleSide(set, a)
			invalid = true
			continue
		}
		key := normPair(a, b)
		if first, dup := seen[key]; dup {
			e := p.Errorf(m.Doc.CharPos(ptr, 0, h.At), "duplicate", "%s lists %s twice", what, text)
			e.Related = append(e.Related, diag.Related{Pos: docPos(m.Doc, fmt.Sprintf("/hexsides/%d/sides/%d", i, first), h.At), Message: "first listed here"})
			continue
		}
		seen[key] = j
		k1, k2, _ := set.SideCorners(a, b)
		sides = append(sides, j)
		ends = append(ends, [2]grid.Corner{k1, k2})
	}
	if len(sides) < 2 || invalid {
		return // a side that is not one would only break the line again
	}
	parts := grid.SideParts(ends)
	for _, part := range parts[1:] {
		k := part[0]
		j := sides[k]
		ptr := fmt.Sprintf("/hexsides/%d/sides/%d", i, j)
		prev := sides[max(k-1, 0)]
		e := p.Errorf(m.Doc.CharPos(ptr, 0, h.At), "chain", "%s is in pieces: %s and the %ss joined to it do not meet the %ss before it at any corner",
			what, h.Sides[j], sideWord(set), sideWord(set))
		e.Hint = fmt.Sprintf("a hexside feature is one connected line (forks allowed): fill the gap between %s and the %s listed before it, %s, or make this part a feature of its own",
			h.Sides[j], sideWord(set), h.Sides[prev])
		e.Related = append(e.Related, diag.Related{Pos: docPos(m.Doc, fmt.Sprintf("/hexsides/%d/sides/%d", i, sides[0]), h.At), Message: "the first part starts here"})
	}
}

func sideWord(set *content.MapSet) string {
	if set.Type == content.GridSquare {
		return "square edge"
	}
	return "hexside"
}

func exampleSide(set *content.MapSet, c grid.Cell) string {
	for _, n := range set.Neighbours(c, nil) {
		if set.SideBetween(c, n) {
			return set.Label(c) + "/" + set.Label(n)
		}
	}
	return set.Label(c) + "/<a neighbour>"
}

func normPair(a, b grid.Cell) [2]grid.Cell {
	if b.Col < a.Col || b.Col == a.Col && b.Row < a.Row {
		a, b = b, a
	}
	return [2]grid.Cell{a, b}
}

var mapPathsCheck = &Check{
	Name:  "map-paths",
	Stage: StageCheck,
	Doc:   "each step of a road or trail goes from a cell to an adjacent one (diagonal squares only where the grid has a diagonalCost)",
	Package: func(p *Pass) {
		gridMaps(p, func(m *content.Map, set *content.MapSet) {
			for i, pth := range m.Paths {
				what := featureName(pth.ID, pth.Name, pth.Type)
				if len(pth.Points) > 0 || len(pth.Cells) < 2 {
					e := p.Errorf(pth.At, "cells", "%s on a grid runs through its cells: list at least two (points are for open tabletops)", what)
					e.Hint = "write cells: [A1, A2, ...]"
				}
				for j := 1; j < len(pth.Cells); j++ {
					a, ok1 := set.Cell(pth.Cells[j-1])
					b, ok2 := set.Cell(pth.Cells[j])
					if !ok1 || !ok2 || set.Adjacent(a.Cell, b.Cell) {
						continue
					}
					at := m.Doc.CharPos(fmt.Sprintf("/paths/%d/cells/%d", i, j), 0, pth.At)
					if a.Cell == b.Cell {
						p.Errorf(at, "not-adjacent", "%s repeats %s", what, pth.Cells[j])
						continue
					}
					e := p.Errorf(at, "not-adjacent", "%s jumps from %s to %s: they are %d cells apart, not adjacent", what, pth.Cells[j-1], pth.Cells[j], set.Distance(a.Cell, b.Cell))
					e.Hint = "list every cell the path passes through"
					if set.Type == content.GridSquare && !set.Diagonals && set.Square.Distance(a.Cell, b.Cell) == 1 {
						e.Hint = "a diagonal step is a move only on a grid that declares a diagonalCost; list the square in between"
					}
				}
			}
		})
	},
}

var mapCrossingsCheck = &Check{
	Name:  "map-crossings",
	Stage: StageCheck,
	Doc:   "a crossing (bridge, ford) sits on a water hexside feature (water: true) where a path (road, trail) steps across it, unless the crossing's feature says needsPath: false; a crossing whose feature lists `crosses` (a gate) sits on one of those features instead",
	Package: func(p *Pass) {
		var water, pathless map[string]bool
		crosses := map[string][]string{}
		if sys := p.Pkg.System; sys != nil {
			water, pathless = map[string]bool{}, map[string]bool{}
			for _, f := range sys.Features {
				if f.Water {
					water[f.ID] = true
				}
				if f.NeedsPath != nil && !*f.NeedsPath {
					pathless[f.ID] = true
				}
				if len(f.Crosses) > 0 {
					crosses[f.ID] = f.Crosses
				}
			}
		}
		gridMaps(p, func(m *content.Map, set *content.MapSet) {
			if len(m.Crossings) == 0 {
				return
			}
			wet := map[[2]grid.Cell]bool{}
			for _, h := range m.Hexsides {
				if !water[h.Type] {
					continue
				}
				for _, s := range h.Sides {
					if a, b, ok := set.Side(s); ok {
						wet[normPair(a, b)] = true
					}
				}
			}
			crossed := map[[2]grid.Cell]bool{}
			for _, pth := range m.Paths {
				for j := 1; j < len(pth.Cells); j++ {
					a, ok1 := set.Cell(pth.Cells[j-1])
					b, ok2 := set.Cell(pth.Cells[j])
					if ok1 && ok2 {
						crossed[normPair(a.Cell, b.Cell)] = true
					}
				}
			}
			for i, c := range m.Crossings {
				if c.Side == "" {
					p.Errorf(c.At, "not-adjacent", "%s on a grid sits on a hexside: give its side (C01/D01; points are for open tabletops)", featureName("", c.Name, c.Type))
					continue
				}
				a, b, ok := set.Side(c.Side)
				if !ok {
					continue
				}
				at := m.Doc.CharPos(fmt.Sprintf("/crossings/%d/side", i), 0, c.At)
				what := featureName("", c.Name, c.Type)
				if !set.SideBetween(a, b) {
					p.Errorf(at, "not-adjacent", "%s at %s: %s and %s are not next to each other, so there is no %s to cross", what, c.Side, set.Label(a), set.Label(b), sideWord(set))
					continue
				}
				key := normPair(a, b)
				if on := crosses[c.Type]; len(on) > 0 {
					if !shareAny(on, set.FeaturesBetween(a, b)) {
						e := p.Errorf(at, "not-crossable", "%s at %s crosses nothing it may cross: it sits on %s, and no %s runs along %s", what, c.Side, strings.Join(on, " or "), strings.Join(on, " or "), c.Side)
						e.Hint = "move it onto one of those features, or list the feature it sits on in the crossing's crosses"
					}
				} else if !wet[key] {
					e := p.Errorf(at, "no-water", "%s at %s crosses no water: no river or stream (a hexside feature with water: true) runs along %s", what, c.Side, c.Side)
					e.Hint = "move it onto the river's hexside, or mark the river's feature water: true in the System"
				}
				if !crossed[key] && !pathless[c.Type] {
					e := p.Errorf(at, "no-path", "%s at %s carries no road: no path steps from %s to %s", what, c.Side, set.Label(a), set.Label(b))
					e.Hint = "add the step to the road that uses it, or move the crossing to where the road crosses"
				}
			}
		})
	},
}

var mapTabletopCheck = &Check{
	Name:  "map-tabletop",
	Stage: StageCheck,
	Doc:   "on an open tabletop, every terrain piece, location point, path point and crossing lies on the table\n\nPaths and rivers on a tabletop are lines of points in inches, crossings points (path); a grid's paths are cells, and a tabletop has none.",
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			g, err := m.Geometry()
			if err != nil || g.Type != content.GridOpen {
				continue
			}
			t := g.Table
			size := fmt.Sprintf("%gin x %gin", t.Width, t.Height)
			for i, pc := range m.Pieces {
				what := pieceName(pc)
				if c := pc.Circle; c != nil {
					circle := grid.Circle{Centre: grid.Point{X: c.X.Inches(), Y: c.Y.Inches()}, Radius: c.Radius.Inches()}
					if !t.ContainsCircle(circle) {
						p.Errorf(pc.Fields.Of("circle", pc.At), "piece-off-table", "%s (a circle of radius %s at %s, %s) reaches off the %s table",
							what, c.Radius, c.X, c.Y, size)
					}
				}
				for j, v := range pc.Polygon {
					if len(v) != 2 {
						continue
					}
					if pt := (grid.Point{X: v[0].Inches(), Y: v[1].Inches()}); !t.ContainsPoint(pt) {
						p.Errorf(docPos(m.Doc, fmt.Sprintf("/pieces/%d/polygon/%d", i, j), pc.At), "piece-off-table", "%s has a corner at %s, %s, off the %s table",
							what, v[0], v[1], size)
						break
					}
				}
			}
			for i, pth := range m.Paths {
				if len(pth.Cells) > 0 {
					p.Errorf(pth.Fields.Of("cells", pth.At), "path", "%s runs through cells, but an open tabletop has none: give its points ([x, y] in inches)", featureName(pth.ID, pth.Name, pth.Type))
				}
				for j, v := range pth.Points {
					if len(v) != 2 {
						continue
					}
					if pt := (grid.Point{X: v[0].Inches(), Y: v[1].Inches()}); !t.ContainsPoint(pt) {
						p.Errorf(docPos(m.Doc, fmt.Sprintf("/paths/%d/points/%d", i, j), pth.At), "path-off-table", "%s has a point at %s, %s, off the %s table",
							featureName(pth.ID, pth.Name, pth.Type), v[0], v[1], size)
						break
					}
				}
			}
			for _, c := range m.Crossings {
				if len(c.Point) == 2 {
					if pt := (grid.Point{X: c.Point[0].Inches(), Y: c.Point[1].Inches()}); !t.ContainsPoint(pt) {
						p.Errorf(c.Fields.Of("point", c.At), "path-off-table", "%s at %s, %s is off the %s table", featureName("", c.Name, c.Type), c.Point[0], c.Point[1], size)
					}
				} else if c.Side != "" {
					p.Errorf(c.Fields.Of("side", c.At), "path", "%s sits on hexside %s, but an open tabletop has none: give its point ([x, y] in inches)", featureName("", c.Name, c.Type), c.Side)
				}
			}
			for _, l := range m.Locations {
				if len(l.Point) != 2 {
					continue
				}
				if pt := (grid.Point{X: l.Point[0].Inches(), Y: l.Point[1].Inches()}); !t.ContainsPoint(pt) {
					p.Errorf(l.Fields.Of("point", l.At), "point-off-table", "location %s at %s, %s is off the %s table (x from 0 to %gin, y from 0 to %gin, from the top-left corner)",
						l.ID, l.Point[0], l.Point[1], size, t.Width, t.Height)
				}
			}
		}
	},
}

func pieceName(pc content.Piece) string {
	switch {
	case pc.ID != "":
		return fmt.Sprintf("piece %q", pc.ID)
	case pc.Name != "":
		return fmt.Sprintf("piece %q", pc.Name)
	}
	return pc.Terrain + " piece"
}

var mapLayoutCheck = &Check{
	Name:     "map-layout",
	Stage:    StageCheck,
	Doc:      "a scenario's boards tile one rectangle\n\nEach board is placed next to a board listed before it, all of one grid and size, with no overlaps or holes, and hex boards keep the hex pattern across joins. A scenario gives a map or boards, not both.",
	Requires: []Requirement{MapSets},
	Scenario: func(p *Pass, s *content.Scenario) {
		if s.Map.Map != "" && len(s.Map.Boards) > 0 {
			p.Errorf(s.Map.Fields.Of("map", s.Map.At), "both", "scenario %s gives both a map and boards: give one", s.ID)
		}
		_, ds := Get(p, MapSets)(s)
		for _, d := range ds {
			p.Report(d)
		}
	},
}

var placementLabelsCheck = &Check{
	Name:     "placement-labels",
	Stage:    StageCheck,
	Doc:      "every cell, edge and location a scenario names is on the scenario's map set\n\nObjectives, setup, entries, deployment zones, reinforcements, awards and the places draw pools draw into; a mistyped label gets the nearest real one as a hint.",
	Requires: []Requirement{MapSets},
	Scenario: func(p *Pass, s *content.Scenario) {
		if set, _ := Get(p, MapSets)(s); set != nil {
			checkScenarioPlaces(p, s, set)
		}
	},
}

func checkScenarioPlaces(p *Pass, s *content.Scenario, set *content.MapSet) {
	where := "map " + set.Boards[0].Map.ID
	if len(set.Boards) > 1 {
		names := make([]string, len(set.Boards))
		for i, b := range set.Boards {
			names[i] = b.Name
		}
		where = fmt.Sprintf("scenario %s's map (boards %s)", s.ID, strings.Join(names, ", "))
	}
	cell := func(label, ptr string, fallback diag.Pos) {
		if label == "" {
			return
		}
		if _, err := set.Lookup(label); err != nil {
			reportPlacement(p, set, s.Doc.CharPos(ptr, 0, fallback), label, err, where)
		}
	}
	cells := func(labels []string, ptr string, fallback diag.Pos) {
		for i, l := range labels {
			cell(l, content.Pointer(ptr, i), fallback)
		}
	}
	edge := func(id, ptr string, fallback diag.Pos) {
		if id == "" {
			return
		}
		if _, ok := set.Edge(id); ok {
			return
		}
		ids := set.EdgeIDs()
		e := p.Errorf(docPos(s.Doc, ptr, fallback), "unknown-edge", "%s has no edge %q", where, id)
		if h := diag.DidYouMean(id, ids); h != "" {
			e.Hint = h
		} else {
			e.Hint = "its edges are " + strings.Join(ids, ", ")
		}
	}
	location := func(id, ptr string, fallback diag.Pos) {
		if id == "" {
			return
		}
		if l, _ := set.Location(id); l != nil {
			return
		}
		e := p.Errorf(docPos(s.Doc, ptr, fallback), "unknown-location", "%s has no location %q", where, id)
		e.Hint = diag.DidYouMean(id, set.LocationIDs())
	}
	zone := func(z *content.Zone, ptr string, fallback diag.Pos) {
		if z == nil {
			return
		}
		if z.Near != "" {
			if _, _, err := set.Place(z.Near); err != nil {
				at := s.Doc.CharPos(ptr+"/near", 0, fallback)
				if h := diag.DidYouMean(z.Near, set.LocationIDs()); h != "" {
					e := p.Errorf(at, "unknown-location", "%s has no cell or location %q", where, z.Near)
					e.Hint = h
				} else {
					reportPlacement(p, set, at, z.Near, err, where)
				}
			}
		}
		cells(z.Cells, ptr+"/cells", fallback)
		edge(z.Edge, ptr+"/edge", fallback)
	}
	entry := func(e *content.Entry, ptr string) {
		cells(e.Cells, ptr+"/cells", e.At)
		edge(e.Edge, ptr+"/edge", e.At)
	}
	for i, o := range s.Objectives {
		ptr := content.Pointer("/objectives", i)
		cells(o.Cells, ptr+"/cells", o.At)
		location(o.Location, ptr+"/location", o.At)
	}
	for i := range s.Sides {
		side := &s.Sides[i]
		sp := content.Pointer("/sides", i)
		for j := range side.Entry {
			entry(&side.Entry[j], content.Pointer(sp+"/entry", j))
		}
		for j, pl := range side.Setup {
			pp := content.Pointer(sp+"/setup", j)
			cells(pl.Cells, pp+"/cells", pl.At)
			zone(pl.Zone, pp+"/zone", pl.At)
		}
		zone(side.Deployment, sp+"/deployment", side.At)
		for j, pool := range side.Pools {
			cell(pool.Into, content.Pointer(sp+"/pools", j)+"/into", pool.Fields.Of("into", pool.At))
		}
	}
	for i := range s.Reinforcements {
		r := &s.Reinforcements[i]
		entry(&r.Entry, content.Pointer("/reinforcements", i)+"/entry")
	}
	if v := s.Victory; v != nil {
		for i, a := range v.Awards {
			ap := content.Pointer("/victory/awards", i)
			edge(a.Edge, ap+"/edge", a.At)
			location(a.Location, ap+"/location", a.At)
		}
	}
}

// reportPlacement reports a scenario's cell label that is not on its map set.
func reportPlacement(p *Pass, set *content.MapSet, at diag.Pos, label string, err error, where string) {
	le, _ := err.(*content.LabelError)
	var e *diag.Diagnostic
	switch {
	case set.Type == content.GridOpen:
		e = p.Errorf(at, "unknown-cell", "%s is an open tabletop: it has no cell %q", where, label)
	case le != nil && le.OffMap && len(set.Boards) == 1:
		e = p.Errorf(at, "unknown-cell", "%s is not on %s: %s", label, where, le.Msg)
	default:
		e = p.Errorf(at, "unknown-cell", "%q is not %s of %s", label, english.Article(set.PlaceWord()), where)
	}
	if s := set.Suggest(label); s != "" && s != label {
		e.Hint = fmt.Sprintf("did you mean %q?", s)
	} else if len(set.Boards) > 1 {
		names := make([]string, len(set.Boards))
		for i, b := range set.Boards {
			names[i] = b.Name
		}
		e.Hint = fmt.Sprintf("cells of a map set carry their board's name: the boards are %s, e.g. %s", strings.Join(names, ", "), set.Label(grid.Cell{}))
	}
}

// ---------------------------------------------------------------------------------------- positions

// docPos is the position of the value at ptr in a document, or fallback without a document.
func docPos(d *content.Document, ptr string, fallback diag.Pos) diag.Pos {
	if d == nil {
		return fallback
	}
	return d.PosOf(ptr)
}
