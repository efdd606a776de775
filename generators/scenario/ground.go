package scenario

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
	"github.com/muster-wargames/muster/generators/terrain"
)

// ground is where units can go: the cells of a map set (or, on an open tabletop, a raster of one-inch
// squares), which of them are passable, and which steps an impassable hexside feature blocks.
type ground struct {
	set        *content.MapSet
	table      bool
	cols, rows int
	n          int
	cells      []grid.Cell
	passable   []bool
	nbr        [][]int32
	blocked    map[[2]int32]bool
}

func newGround(set *content.MapSet, sys *content.System) *ground {
	g := &ground{set: set, blocked: map[[2]int32]bool{}}
	if set.Type == content.GridOpen {
		g.table = true
		g.cols, g.rows = int(math.Ceil(set.Table.Width)), int(math.Ceil(set.Table.Height))
	} else {
		g.cols, g.rows = set.Cols, set.Rows
	}
	g.n = g.cols * g.rows
	g.cells = make([]grid.Cell, g.n)
	g.passable = make([]bool, g.n)
	g.nbr = make([][]int32, g.n)
	var buf []grid.Cell
	passable := map[string]bool{}
	for _, t := range sys.Terrain {
		passable[t.ID] = terrain.Passable(sys, t.ID)
	}
	for i := range g.cells {
		c := grid.Cell{Col: i % g.cols, Row: i / g.cols}
		g.cells[i] = c
		if g.table {
			g.passable[i] = true
			for _, d := range []grid.Cell{{Col: 0, Row: -1}, {Col: 1, Row: 0}, {Col: 0, Row: 1}, {Col: -1, Row: 0}} {
				x := grid.Cell{Col: c.Col + d.Col, Row: c.Row + d.Row}
				if x.Col >= 0 && x.Row >= 0 && x.Col < g.cols && x.Row < g.rows {
					g.nbr[i] = append(g.nbr[i], int32(g.index(x)))
				}
			}
			continue
		}
		t := set.Terrain(c)
		p, known := passable[t]
		g.passable[i] = p || !known
		buf = set.Neighbours(c, buf[:0])
		for _, x := range buf {
			g.nbr[i] = append(g.nbr[i], int32(g.index(x)))
		}
	}
	if g.table {
		g.tablePieces(sys)
		return g
	}
	if set.Network() {
		g.network(sys)
		return g
	}
	impassable := map[string]bool{}
	for _, f := range sys.Features {
		if f.On == content.FeatureHexside && f.Impassable {
			impassable[f.ID] = true
		}
	}
	if len(impassable) == 0 {
		return g
	}
	for _, b := range set.Boards {
		side := func(text string) ([2]int32, bool) {
			ca, cb, ok := b.Side(text)
			if !ok {
				return [2]int32{}, false
			}
			return pair(int32(g.index(ca)), int32(g.index(cb))), true
		}
		for _, h := range b.Map.Hexsides {
			if impassable[h.Type] {
				for _, s := range h.Sides {
					if k, ok := side(s); ok {
						g.blocked[k] = true
					}
				}
			}
		}
		for _, c := range b.Map.Crossings {
			if k, ok := side(c.Side); ok {
				delete(g.blocked, k)
			}
		}
	}
	return g
}

func pair(a, b int32) [2]int32 {
	if b < a {
		a, b = b, a
	}
	return [2]int32{a, b}
}

// network is the ground of an area or point-to-point map: holding boxes are no ground to set up, enter or hold
// objectives on, and a step between places is blocked where no connection joins them that ordinary movement
// may cross (only impassable borders, or only a railway for rail movement).
func (g *ground) network(sys *content.System) {
	geo := g.set.Boards[0].Geo
	for i, p := range geo.Places {
		if p.Offboard {
			g.passable[i] = false
		}
	}
	for i := range g.cells {
		for _, j := range g.nbr[i] {
			open := false
			for _, c := range g.set.ConnectionsBetween(g.cells[i], g.cells[j]) {
				f := sys.FeatureDef(c.Type)
				open = open || f == nil || !f.Impassable && f.Admits("") && !impassableCost(f.Cost)
			}
			if !open {
				g.blocked[pair(int32(i), j)] = true
			}
		}
	}
}

func impassableCost(s *content.Scalar) bool {
	return s != nil && strings.EqualFold(strings.TrimSpace(s.Text), "impassable")
}

// tablePieces marks the inch squares whose centre lies in an impassable piece.
func (g *ground) tablePieces(sys *content.System) {
	for _, b := range g.set.Boards {
		for _, p := range b.Map.Pieces {
			if terrain.Passable(sys, p.Terrain) {
				continue
			}
			for i, c := range g.cells {
				pt := grid.Point{X: float64(c.Col) + 0.5, Y: float64(c.Row) + 0.5}
				if pieceContains(p, pt) {
					g.passable[i] = false
				}
			}
		}
	}
}

func pieceContains(p content.Piece, pt grid.Point) bool {
	if c := p.Circle; c != nil {
		return grid.Circle{Centre: grid.Point{X: c.X.Inches(), Y: c.Y.Inches()}, Radius: c.Radius.Inches()}.Contains(pt)
	}
	var pg grid.Polygon
	for _, v := range p.Polygon {
		if len(v) == 2 {
			pg = append(pg, grid.Point{X: v[0].Inches(), Y: v[1].Inches()})
		}
	}
	return pg.Contains(pt)
}

func (g *ground) index(c grid.Cell) int { return c.Row*g.cols + c.Col }

// usable reports whether any of the cells is passable.
func (g *ground) usable(cells []int) bool {
	for _, c := range cells {
		if g.passable[c] {
			return true
		}
	}
	return false
}

// reachable marks the cells units can reach over passable ground from any of the start cells.
func (g *ground) reachable(from []int) []bool {
	seen := make([]bool, g.n)
	var queue []int
	for _, c := range from {
		if g.passable[c] && !seen[c] {
			seen[c] = true
			queue = append(queue, c)
		}
	}
	for len(queue) > 0 {
		c := queue[0]
		queue = queue[1:]
		for _, j := range g.nbr[c] {
			if seen[j] || !g.passable[j] || g.blocked[pair(int32(c), j)] {
				continue
			}
			seen[j] = true
			queue = append(queue, int(j))
		}
	}
	return seen
}

// tableEdge is the inch squares within depth inches of a table side.
func (g *ground) tableEdge(side string, depth int) []int {
	var out []int
	for i, c := range g.cells {
		switch side {
		case "north":
			if c.Row < depth {
				out = append(out, i)
			}
		case "south":
			if c.Row >= g.rows-depth {
				out = append(out, i)
			}
		case "west":
			if c.Col < depth {
				out = append(out, i)
			}
		case "east":
			if c.Col >= g.cols-depth {
				out = append(out, i)
			}
		}
	}
	return out
}

// tableObjectives has the sides place objectives in turn on the open table, as points in whole inches on
// ground both sides can reach, apart by the spacing (default 6in); each is a location of the generated map.
func (ru *run) tableObjectives(og *content.ObjectivesGen, n int, pts *value.Number, r *dice.Roller) error {
	m := ru.out.Map
	if m == nil {
		return fmt.Errorf("objectives on an open tabletop are written as locations of the map, so the procedure must generate the map (mapGenerator)")
	}
	spacing := 6.0
	if og.Spacing != nil {
		spacing = og.Spacing.Inches()
	}
	sp := int(math.Ceil(spacing))
	var chosen []grid.Cell
	for k := 0; k < n; k++ {
		by := ru.sg.Sides[k%len(ru.sg.Sides)]
		placed := false
		for try := 0; try < 2000 && !placed; try++ {
			c := grid.Cell{Col: 1 + r.IntN(ru.land.cols-2), Row: 1 + r.IntN(ru.land.rows-2)}
			i := ru.land.index(c)
			if !ru.land.passable[i] || !ru.reach[0][i] || !ru.reach[1][i] {
				continue
			}
			ok := true
			for _, o := range chosen {
				dx, dy := o.Col-c.Col, o.Row-c.Row
				if dx*dx+dy*dy < sp*sp {
					ok = false
					break
				}
			}
			if !ok {
				continue
			}
			chosen = append(chosen, c)
			id := fmt.Sprintf("objective-%d", k+1)
			m.Locations = append(m.Locations, content.Location{ID: id, Name: fmt.Sprintf("Objective %d", k+1), Kind: "objective",
				Point: []value.Length{terrain.Inches(c.Col * 8), terrain.Inches(c.Row * 8)}})
			ru.sc.Objectives = append(ru.sc.Objectives, content.Objective{ID: id, Name: fmt.Sprintf("Objective %d (placed by %s)", k+1, by.DisplayName()),
				Location: id, Points: pts})
			placed = true
		}
		if !placed {
			return fmt.Errorf("cannot place objective %d of %d: no point on the table is passable, reachable by both sides and %gin from the others", k+1, n, spacing)
		}
	}
	return nil
}
