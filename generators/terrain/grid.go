package terrain

import (
	"fmt"
	"sort"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
)

// gridMap is a hex or square map being generated. Cells are indexed row by row: i = row*cols + col.
type gridMap struct {
	m          *content.Map
	set        *content.MapSet
	geo        *content.Geometry
	hex        bool
	cols, rows int
	n          int
	cells      []grid.Cell
	nbr        [][]int32 // cells a unit may step to (hex: 6, square: 4, or 8 with diagonals)
	side       [][]int32 // cells sharing a side (hex: 6, square: 4)
	labels     []string  // labels as the map's own file writes them (no board prefix)
	terr       []string
	tt         *terrainTable
	r          *dice.Roller
	def        string
	settlement []int32           // settlement number per cell, or -1
	water      map[sideKey]bool  // sides with a water feature (rivers)
	blocked    map[sideKey]bool  // sides of an impassable feature
	bridged    map[sideKey]bool  // sides with a crossing
	riverAt    map[sideKey]int32 // river number per side
}

// sideKey names a side by its two cell indexes, smaller first.
type sideKey [2]int32

func keyOf(a, b int32) sideKey {
	if b < a {
		a, b = b, a
	}
	return sideKey{a, b}
}

func genGrid(m *content.Map, mg *content.MapGen, tt *terrainTable, r *dice.Roller, what string) error {
	set, err := content.NewMapSet(m, tt.sys)
	if err != nil {
		return fmt.Errorf("%s: %v", what, err)
	}
	geo := set.Boards[0].Geo
	g := &gridMap{m: m, set: set, geo: geo, hex: set.Type == content.GridHex, cols: set.Cols, rows: set.Rows, tt: tt, r: r,
		water: map[sideKey]bool{}, blocked: map[sideKey]bool{}, bridged: map[sideKey]bool{}, riverAt: map[sideKey]int32{}}
	g.n = g.cols * g.rows
	g.def = mg.Default
	if g.def == "" {
		g.def = tt.sys.Terrain[0].ID
		for _, t := range tt.sys.Terrain {
			if tt.passable(t.ID) && tt.cost(t.ID) == 1 {
				g.def = t.ID
				break
			}
		}
	}
	g.cells = make([]grid.Cell, g.n)
	g.labels = make([]string, g.n)
	g.terr = make([]string, g.n)
	g.settlement = make([]int32, g.n)
	g.nbr = make([][]int32, g.n)
	g.side = make([][]int32, g.n)
	var buf []grid.Cell
	for i := 0; i < g.n; i++ {
		c := grid.Cell{Col: i % g.cols, Row: i / g.cols}
		g.cells[i] = c
		g.labels[i] = geo.Numbering.Format(c)
		g.terr[i] = g.def
		g.settlement[i] = -1
	}
	for i := 0; i < g.n; i++ {
		buf = set.Neighbours(g.cells[i], buf[:0])
		for _, nc := range buf {
			j := int32(g.index(nc))
			g.nbr[i] = append(g.nbr[i], j)
			if set.SideBetween(g.cells[i], nc) {
				g.side[i] = append(g.side[i], j)
			}
		}
	}
	if err := g.mix(mg.Mix, what); err != nil {
		return err
	}
	if st := mg.Settlements; st != nil {
		if err := g.settlements(st, what); err != nil {
			return err
		}
	}
	if rv := mg.Rivers; rv != nil {
		if err := g.rivers(rv, what); err != nil {
			return err
		}
	}
	if rd := mg.Roads; rd != nil {
		if err := g.roads(rd, mg.Rivers, what); err != nil {
			return err
		}
	}
	if mg.Slopes != "" {
		g.slopes(mg.Slopes)
	}
	g.write()
	return nil
}

func (g *gridMap) index(c grid.Cell) int { return c.Row*g.cols + c.Col }

// onEdge reports whether a cell is in the outermost ring.
func (g *gridMap) onEdge(i int) bool {
	c := g.cells[i]
	return c.Col == 0 || c.Row == 0 || c.Col == g.cols-1 || c.Row == g.rows-1
}

// grow grows a cluster of up to size cells from seed over cells allowed says are free, preferring cells with
// more neighbours already in the cluster so clusters come out as compact blobs, not threads.
func (g *gridMap) grow(seed, size int, allowed func(i int) bool) []int {
	in := map[int]bool{seed: true}
	out := []int{seed}
	inFrontier := map[int]bool{}
	var frontier []int
	add := func(i int) {
		for _, j := range g.side[i] {
			j := int(j)
			if !in[j] && !inFrontier[j] && allowed(j) {
				inFrontier[j] = true
				frontier = append(frontier, j)
			}
		}
	}
	add(seed)
	weights := make([]int, 0, 64)
	for len(out) < size && len(frontier) > 0 {
		weights = weights[:0]
		for _, f := range frontier {
			k := 0
			for _, j := range g.side[f] {
				if in[int(j)] {
					k++
				}
			}
			weights = append(weights, k*k*k)
		}
		p := g.r.Pick(weights)
		c := frontier[p]
		frontier[p] = frontier[len(frontier)-1]
		frontier = frontier[:len(frontier)-1]
		delete(inFrontier, c)
		in[c] = true
		out = append(out, c)
		add(c)
	}
	sort.Ints(out)
	return out
}

// mix grows each terrain of the mix to its share of the map in the given number of clusters.
func (g *gridMap) mix(mix []content.TerrainShare, what string) error {
	var total int64
	for _, s := range mix {
		if s.Share.Sign() < 0 {
			return fmt.Errorf("%s: the share of %s is negative", what, s.Terrain)
		}
		total += min(s.Share.Mul(value.Int(1000)).Floor(), 1001) // one share past the whole is enough to refuse
	}
	if total > 1000 {
		return fmt.Errorf("%s: the mix's shares add up to more than the whole map (%d/1000)", what, total)
	}
	for _, s := range mix {
		// The shares add up to the whole map at most (to a thousandth), so a target stays within the cell count.
		target := int(s.Share.Mul(value.Int(int64(g.n))).Floor())
		if target == 0 {
			continue
		}
		k := g.r.Range(s.Clusters, max(1, (target+11)/12))
		if k < 1 {
			k = 1
		}
		k = min(k, target)
		sizes := make([]int, k)
		wsum := 0
		for i := range sizes {
			sizes[i] = 2 + g.r.IntN(3)
			wsum += sizes[i]
		}
		left := target
		for i := range sizes {
			if i == k-1 {
				sizes[i] = left
			} else {
				sizes[i] = max(1, target*sizes[i]/wsum)
				left -= sizes[i]
			}
		}
		free := func(i int) bool { return g.terr[i] == g.def && g.settlement[i] < 0 }
		short := 0
		for _, size := range sizes {
			size += short
			seed := g.freeSeed(free, s.Terrain)
			if seed < 0 {
				break
			}
			cl := g.grow(seed, size, free)
			for _, i := range cl {
				g.terr[i] = s.Terrain
			}
			short = size - len(cl)
		}
	}
	return nil
}

// freeSeed picks a free cell whose neighbours are all free, so that clusters start apart; any free cell when
// there is none such.
func (g *gridMap) freeSeed(free func(int) bool, _ string) int {
	var open, any []int
	for i := 0; i < g.n; i++ {
		if !free(i) {
			continue
		}
		any = append(any, i)
		ok := true
		for _, j := range g.side[i] {
			if !free(int(j)) {
				ok = false
				break
			}
		}
		if ok {
			open = append(open, i)
		}
	}
	switch {
	case len(open) > 0:
		return open[g.r.IntN(len(open))]
	case len(any) > 0:
		return any[g.r.IntN(len(any))]
	}
	return -1
}

// settlements places settlements on open ground, each at least minSpacing cells from the others.
func (g *gridMap) settlements(st *content.SettlementGen, what string) error {
	terrain := st.Terrain
	if terrain == "" {
		return fmt.Errorf("%s: settlements need a terrain (settlements: {terrain: village})", what)
	}
	if g.tt.def(terrain) == nil {
		return fmt.Errorf("%s: settlement terrain %q is not one of the System's terrain types", what, terrain)
	}
	lo := 2
	if len(st.Count) > 0 {
		lo = st.Count[0]
	}
	count := g.r.Range(st.Count, 2)
	spacing := st.MinSpacing
	if spacing == 0 {
		spacing = 3
	}
	var placed []int
	for k := 0; k < count; k++ {
		var cands []int
		for i := 0; i < g.n; i++ {
			if g.terr[i] != g.def || g.onEdge(i) {
				continue
			}
			ok := true
			for _, p := range placed {
				if g.settlement[p] >= 0 && g.set.Distance(g.cells[i], g.cells[p]) < spacing {
					ok = false
					break
				}
			}
			if ok {
				cands = append(cands, i)
			}
		}
		if len(cands) == 0 {
			if k < lo {
				return fmt.Errorf("%s: placed %d of at least %d settlements: no open cell is left %d or more cells from the others (lower minSpacing, or the count)", what, k, lo, spacing)
			}
			break
		}
		seed := cands[g.r.IntN(len(cands))]
		size := g.r.Range(st.Size, 1)
		num := int32(k)
		cl := g.grow(seed, size, func(i int) bool { return g.terr[i] == g.def && g.settlement[i] < 0 })
		var labels []string
		for _, i := range cl {
			g.terr[i] = terrain
			g.settlement[i] = num
			placed = append(placed, i)
			labels = append(labels, g.labels[i])
		}
		g.m.Locations = append(g.m.Locations, content.Location{ID: fmt.Sprintf("settlement-%d", k+1), Name: fmt.Sprintf("Settlement %d", k+1),
			Kind: "settlement", Cells: labels})
	}
	return nil
}

// slopes draws the slope feature round every cluster of high ground: one feature per connected stretch of
// its outline (an outline broken by the map edge is several stretches).
func (g *gridMap) slopes(feature string) {
	var sides []sideKey
	for i := 0; i < g.n; i++ {
		if !g.tt.elevated(g.terr[i]) {
			continue
		}
		for _, j := range g.side[i] {
			if g.terr[int(j)] != g.terr[i] {
				sides = append(sides, keyOf(int32(i), j))
			}
		}
	}
	sort.Slice(sides, func(a, b int) bool {
		return sides[a][0] < sides[b][0] || sides[a][0] == sides[b][0] && sides[a][1] < sides[b][1]
	})
	parts := g.connectSides(sides)
	for n, part := range parts {
		g.m.Hexsides = append(g.m.Hexsides, content.SideFeature{ID: fmt.Sprintf("slope-%d", n+1), Type: feature, Name: fmt.Sprintf("Slope %d", n+1),
			Sides: g.sideLabels(part)})
	}
}

// connectSides splits sides into the groups that meet corner to corner (grid.SideParts, the map-hexsides
// check's rule for one feature), each in its first side's order.
func (g *gridMap) connectSides(sides []sideKey) [][]sideKey {
	ends := make([][2]grid.Corner, len(sides))
	for k, s := range sides {
		k1, k2, _ := g.set.SideCorners(g.cells[s[0]], g.cells[s[1]])
		ends[k] = [2]grid.Corner{k1, k2}
	}
	parts := grid.SideParts(ends)
	out := make([][]sideKey, len(parts))
	for p, part := range parts {
		for _, k := range part {
			out[p] = append(out[p], sides[k])
		}
	}
	return out
}

func (g *gridMap) sideLabels(sides []sideKey) []string {
	out := make([]string, len(sides))
	for i, s := range sides {
		out[i] = g.labels[s[0]] + "/" + g.labels[s[1]]
	}
	return out
}

// write turns the cell terrain into the map's legend and terrain rows.
func (g *gridMap) write() {
	used := map[string]bool{}
	var order []string
	for _, t := range g.terr {
		if !used[t] {
			used[t] = true
			order = append(order, t)
		}
	}
	sort.Strings(order)
	chars := map[string]rune{}
	taken := map[rune]bool{}
	for _, t := range order {
		if d := g.tt.def(t); d != nil && d.Char != "" {
			rs := []rune(d.Char)
			if len(rs) == 1 && !taken[rs[0]] {
				chars[t] = rs[0]
				taken[rs[0]] = true
			}
		}
	}
	pool := []rune(".abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789")
	for _, t := range order {
		if _, ok := chars[t]; ok {
			continue
		}
		for _, c := range t + string(pool) {
			if !taken[c] && c != '/' && c != ' ' {
				chars[t] = c
				taken[c] = true
				break
			}
		}
	}
	g.m.Legend = map[string]string{}
	for _, t := range order {
		g.m.Legend[string(chars[t])] = t
	}
	g.m.Terrain = make([]string, g.rows)
	row := make([]rune, g.cols)
	for y := 0; y < g.rows; y++ {
		for x := 0; x < g.cols; x++ {
			row[x] = chars[g.terr[y*g.cols+x]]
		}
		g.m.Terrain[y] = string(row)
	}
}
