package scenario

import (
	"cmp"
	"fmt"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
	"github.com/muster-wargames/muster/generators/pointbuy"
)

// run is one scenario being generated.
type run struct {
	g    *Generator
	gen  *content.Generator
	sg   *content.ScenarioGen
	seed int64
	sc   *content.Scenario
	out  *Output
	set  *content.MapSet
	land *ground
	// per side: the edge it enters by (or sets up at), and the cells units can reach from there
	edges []content.Edge
	reach [][]bool
	// invented are the generated values the rules do not give, as the scenario's description lists them.
	invented []string
}

// Scenario generates one scenario.
func (g *Generator) Scenario(opt Options) (*Output, error) {
	gen, err := Find(g.pkg, "scenario", opt.Generator)
	if err != nil {
		return nil, err
	}
	return g.Run(gen, opt)
}

// Run runs the scenario procedure of the given settings (opt.Generator is ignored).
func (g *Generator) Run(gen *content.Generator, opt Options) (*Output, error) {
	if opt.Seed < 0 {
		return nil, fmt.Errorf("the seed must be 0 or more")
	}
	sg := gen.Scenario
	if sg == nil {
		return nil, fmt.Errorf("generator %s has no scenario settings", gen.ID)
	}
	id := ID(gen.ID, opt.Seed)
	sc := &content.Scenario{Meta: content.Meta{Kind: content.KindScenario, ID: id, Name: fmt.Sprintf("%s, seed %d", nameOf(gen), opt.Seed),
		Source: provenance(gen, opt.Seed)}, Scale: sg.Scale,
		Generated: &content.Generated{Generator: gen.ID, Seed: opt.Seed, Muster: content.MusterVersion}}
	ru := &run{g: g, gen: gen, sg: sg, seed: opt.Seed, sc: sc, out: &Output{Scenario: sc}}
	if len(sg.Sides) != 2 {
		return nil, fmt.Errorf("generator %s: a generated scenario has two sides; the settings give %d", gen.ID, len(sg.Sides))
	}
	steps := []func() error{ru.ground, ru.entries, func() error { return ru.forces(opt.Points) }, ru.objectives, ru.setup, ru.length, ru.victory, ru.illustrative}
	for _, step := range steps {
		if err := step(); err != nil {
			return nil, fmt.Errorf("generator %s, seed %d: %v", gen.ID, opt.Seed, err)
		}
	}
	return ru.out, nil
}

func (ru *run) roller(part string) *dice.Roller {
	return dice.New(uint64(ru.seed), ru.gen.ID+"/"+part)
}

// --------------------------------------------------------------------------------------------- ground

// ground lays out the map: a generated map, or boards drawn and placed.
func (ru *run) ground() error {
	pkg := ru.g.pkg
	switch {
	case ru.sg.MapGen != "":
		mg, err := Find(pkg, "map", ru.sg.MapGen)
		if err != nil {
			return err
		}
		m, err := makeMap(pkg, mg, ru.sc.ID+"-map", ru.roller("map"))
		if err != nil {
			return err
		}
		m.Name = ru.sc.Name + ", battlefield"
		m.Source = provenance(mg, ru.seed) + " (for scenario " + ru.sc.ID + ")"
		ru.out.Map = m
		ru.sc.Map.Map = m.ID
		set, err := content.NewMapSet(m, pkg.System)
		if err != nil {
			return err
		}
		ru.set = set
	case ru.sg.Boards != nil:
		if err := ru.boards(); err != nil {
			return err
		}
	default:
		return fmt.Errorf("the settings give neither boards nor a mapGenerator: say what the scenario is played on")
	}
	ru.land = newGround(ru.set, pkg.System)
	return nil
}

// boards draws the number of boards (THG 14.3: 1d4), which ones and in what order, and places them.
func (ru *run) boards() error {
	bg := ru.sg.Boards
	r := ru.roller("boards")
	from := bg.From
	if len(from) == 0 {
		return fmt.Errorf("boards: list the boards to draw from (boards: {from: [I, II, III, IV]})")
	}
	n := 1
	note := ""
	if bg.Count.Set {
		if bg.Count.Dice.Count > 0 {
			n = r.Roll(bg.Count.Dice)
			note = fmt.Sprintf("%d boards (rolled %d on %s)", n, n, bg.Count.Dice)
		} else {
			n = bg.Count.Fixed
		}
	}
	if n < 1 || n > len(from) {
		return fmt.Errorf("boards: %d boards drawn, but there are %d to draw from", n, len(from))
	}
	order := make([]string, len(from))
	copy(order, from)
	r.Shuffle(len(order), func(i, j int) { order[i], order[j] = order[j], order[i] })
	order = order[:n]
	shapes := [][2]int{{n, 1}}
	switch bg.Place {
	case "column":
		shapes = [][2]int{{1, n}}
	case "grid":
		shapes = nil
		for w := n; w >= 1; w-- {
			if n%w == 0 && w >= n/w {
				shapes = [][2]int{{w, n / w}}
				break
			}
		}
	case "random-adjacent":
		shapes = nil
		for w := 1; w <= n; w++ {
			if n%w == 0 {
				shapes = append(shapes, [2]int{w, n / w})
			}
		}
		i := r.IntN(len(shapes))
		shapes = append(shapes[i:], shapes[:i]...)
	}
	var last []string
	for _, shape := range shapes {
		for try := 0; try < 8; try++ {
			pl := make([]content.BoardPlacement, n)
			for i, b := range order {
				pl[i].Board = b
				x, y := i%shape[0], i/shape[0]
				switch {
				case i == 0:
				case x > 0:
					pl[i].RightOf = order[i-1]
				default:
					pl[i].Below = order[i-shape[0]]
				}
				if bg.Rotate && r.Chance(1, 2) {
					pl[i].Rotate = 180
				}
				_ = y
			}
			ru.sc.Map.Boards = pl
			// A scenario value of its own for each try: the package caches map sets by scenario.
			set, ds := ru.g.pkg.MapSet(&content.Scenario{Map: content.MapLayout{Boards: pl}})
			if set != nil && !ds.HasErrors() {
				ru.set = set
				if note != "" {
					ru.sc.SpecialRules = append(ru.sc.SpecialRules, fmt.Sprintf("Map: %s, placed in the order %s.", note, strings.Join(order, ", ")))
				}
				return nil
			}
			last = nil
			for _, d := range ds {
				last = append(last, d.Message)
			}
			if !bg.Rotate {
				break
			}
		}
	}
	if len(last) == 0 {
		return fmt.Errorf("boards %s cannot be composed into one map (a board is missing or has a broken grid)", strings.Join(order, ", "))
	}
	return fmt.Errorf("boards %s cannot be laid out as the settings say: %s", strings.Join(order, ", "), strings.Join(last, "; "))
}

// ------------------------------------------------------------------------------------------- entries

// entryEdges lists the potential entry locations: each board side on the map's outline (THG 14.4: "each
// 8 1/2” or 11” map side counts as one potential entry location"), or the map's four sides.
func (ru *run) entryEdges() []content.Edge {
	var out []content.Edge
	if len(ru.set.Boards) > 1 {
		for _, e := range ru.set.Edges() {
			if e.Board == nil || e.Def != nil {
				continue
			}
			b := e.Board
			outer := e.Side == "north" && b.Row == 0 || e.Side == "south" && b.Row+b.Geo.Rows == ru.set.Rows ||
				e.Side == "west" && b.Col == 0 || e.Side == "east" && b.Col+b.Geo.Cols == ru.set.Cols
			if outer {
				out = append(out, e)
			}
		}
		return out
	}
	if ru.set.Network() {
		// The edges that have places along them: on an area map the areas touching each side, and every edge
		// the map declares with its places.
		for _, e := range ru.set.Edges() {
			if len(ru.set.EdgeCells(e, nil)) > 0 {
				out = append(out, e)
			}
		}
		return out
	}
	for _, side := range content.Compass {
		e, _ := ru.set.Edge(side)
		out = append(out, e)
	}
	return out
}

// entries gives each side a random entry location (distinct when the settings say so), or opposite ones.
func (ru *run) entries() error {
	eg := ru.sg.Entry
	if eg == nil {
		eg = &content.EntryGen{Method: "random-side", Distinct: true}
	}
	r := ru.roller("entry")
	cands := ru.entryEdges()
	ru.edges = make([]content.Edge, len(ru.sg.Sides))
	ru.reach = make([][]bool, len(ru.sg.Sides))
	notes := make([]string, len(ru.sg.Sides))
	taken := map[string]bool{}
	for i := range ru.sg.Sides {
		var pick content.Edge
		found := false
		for try := 0; try < 200 && !found && len(cands) > 0; try++ {
			k := r.Die(len(cands))
			e := cands[k-1]
			notes[i] = fmt.Sprintf("rolled %d on 1d%d of the %d map sides", k, len(cands), len(cands))
			if eg.Method == "opposite" && i == 0 && !slices.ContainsFunc(cands, func(o content.Edge) bool { return o.Side == content.Opposite(e.Side) && o.ID != e.ID }) {
				continue // no edge across the map from this one
			}
			if eg.Method == "opposite" && i > 0 {
				if e.Side != content.Opposite(ru.edges[0].Side) {
					continue
				}
				notes[i] = "opposite the first side's"
			}
			if (eg.Distinct || eg.Method == "opposite") && taken[e.ID] {
				continue
			}
			if !ru.land.usable(ru.edgeCells(e, 1)) {
				continue
			}
			pick, found = e, true
		}
		if !found {
			return fmt.Errorf("side %s: no map side is left to enter by (%d candidates, distinct: %v)", ru.sg.Sides[i].ID, len(cands), eg.Distinct)
		}
		taken[pick.ID] = true
		ru.edges[i] = pick
		depth := max(eg.SetupDepth, 1)
		ru.reach[i] = ru.land.reachable(ru.edgeCells(pick, depth))
	}
	for i, sd := range ru.sg.Sides {
		s := content.Side{ID: sd.ID, Name: sd.Name, Faction: sd.Faction}
		if eg.SetupDepth == 0 {
			s.Entry = []content.Entry{{Edge: ru.edges[i].ID, Note: "entry location " + notes[i]}}
		}
		ru.sc.Sides = append(ru.sc.Sides, s)
	}
	return nil
}

// edgeCells are the cells within depth of an edge (depth 1: the edge's own row or column), as indexes of the
// ground: the edge's band (content.MapSet.EdgeBand) on a grid, inch squares on an open tabletop.
func (ru *run) edgeCells(e content.Edge, depth int) []int {
	if ru.set.Type == content.GridOpen {
		return ru.land.tableEdge(e.Side, depth)
	}
	band := ru.set.EdgeBand(e, depth)
	out := make([]int, len(band))
	for i, c := range band {
		out[i] = ru.land.index(c)
	}
	return out
}

// -------------------------------------------------------------------------------------------- forces

// forces buys each side's force with points, both from the same counter supply, each within the window
// [points x (1 - balance), points].
func (ru *run) forces(points *value.Number) error {
	armies := 0
	for i := range ru.sg.Sides {
		if len(ru.sg.Sides[i].Armies) > 0 {
			armies++
		}
	}
	switch {
	case armies == len(ru.sg.Sides):
		return ru.armies()
	case armies > 0:
		return fmt.Errorf("sides: either every side fields whole armies (armies) or every side buys its force with points")
	}
	p := ru.sg.Points
	if points != nil {
		p = points
	}
	if p == nil {
		return fmt.Errorf("the settings give no points to buy forces with (points: 200, or --points)")
	}
	if p.Cmp(value.Number{}) <= 0 {
		return fmt.Errorf("points must be more than 0 (got %s)", p)
	}
	bal := value.Frac(1, 10)
	if ru.sg.Balance != nil {
		bal = *ru.sg.Balance
	}
	floor := p.Sub(p.Mul(bal))
	supplies := map[string]pointbuy.Supply{}
	for i := range ru.sg.Sides {
		sd := &ru.sg.Sides[i]
		var sup pointbuy.Supply
		if sd.Mix != "" {
			if supplies[sd.Mix] == nil {
				m := ru.g.pkg.CounterMix(sd.Mix)
				if m == nil {
					return fmt.Errorf("side %s: counter mix %q is not in the package", sd.ID, sd.Mix)
				}
				supplies[sd.Mix] = pointbuy.NewSupply(m)
			}
			sup = supplies[sd.Mix]
		}
		res, err := ru.g.cat.Buy(pointbuy.Request{Side: sd, Budget: *p, Floor: floor, Supply: sup}, ru.roller("force/"+sd.ID))
		if err != nil {
			return err
		}
		// The force is of the side's factions: it buys from all of them.
		faction, factions := "", []string(nil)
		if len(sd.Faction) > 0 {
			faction, factions = sd.Faction[0], append(factions, sd.Faction[1:]...)
		}
		total := res.Total
		f := &content.Force{Meta: content.Meta{Kind: content.KindForce, ID: ru.sc.ID + "-" + sd.ID,
			Name: fmt.Sprintf("%s, %s", ru.sc.Name, sd.DisplayName()), Source: ru.sc.Source},
			Faction: faction, Factions: factions, Mix: sd.Mix, Scale: ru.sg.Scale, Units: res.Units, Items: res.Items, Points: &total}
		ru.out.Forces = append(ru.out.Forces, f)
		s := &ru.sc.Sides[i]
		s.Force = f.ID
		budget := *p
		s.Budget = &budget
	}
	return nil
}

// armies gives each side one of the whole forces its settings list, drawn at random, in as many copies as
// its count rolls (De Gre: an army of standard divisions, or a fixed special army); nothing is bought.
func (ru *run) armies() error {
	for i := range ru.sg.Sides {
		sd := &ru.sg.Sides[i]
		r := ru.roller("army/" + sd.ID)
		pick := sd.Armies[r.IntN(len(sd.Armies))]
		src := ru.g.pkg.Force(pick.Force)
		if src == nil {
			return fmt.Errorf("side %s: force %q is not in the package", sd.ID, pick.Force)
		}
		n := 1
		if len(pick.Count) > 0 {
			n = r.Range(pick.Count, 1)
		}
		if n < 1 {
			return fmt.Errorf("side %s: %d copies of force %s", sd.ID, n, pick.Force)
		}
		f := &content.Force{Meta: content.Meta{Kind: content.KindForce, ID: ru.sc.ID + "-" + sd.ID,
			Name: fmt.Sprintf("%s, %s", ru.sc.Name, sd.DisplayName()), Source: ru.sc.Source},
			Faction: src.Faction, Factions: src.Factions, Grants: src.Grants, Scale: src.Scale} // a whole army, not drawn from the counter mix's supply
		what := cmp.Or(src.Name, src.ID)
		if n > 1 {
			what = fmt.Sprintf("%d x %s", n, what)
		}
		f.Notes = "Fields " + what + " (force " + src.ID + "), drawn from the settings' armies."
		for k := 0; k < n; k++ {
			for _, e := range src.Units {
				e.At, e.Fields = diag.Pos{}, nil
				f.Units = append(f.Units, e)
			}
			for _, it := range src.Items {
				it.At, it.Fields = diag.Pos{}, nil
				f.Items = append(f.Items, it)
			}
		}
		f.Units = mergeLines(f.Units)
		ru.out.Forces = append(ru.out.Forces, f)
		s := &ru.sc.Sides[i]
		s.Force = f.ID
		// The side fields the army's factions: its own first, then those of the units it borrows.
		var add []string
		for _, fa := range append([]string{src.Faction}, src.Factions...) {
			if fa != "" && !slices.Contains(s.Faction, fa) && !slices.Contains(add, fa) {
				add = append(add, fa)
			}
		}
		s.Faction = append(add, s.Faction...)
		s.Notes = strings.TrimSpace(s.Notes + " " + f.Notes)
	}
	return nil
}

// mergeLines adds up the counts of force lines that are alike (copies of one army).
func mergeLines(ls []content.ForceEntry) []content.ForceEntry {
	var out []content.ForceEntry
	at := map[string]int{}
	for _, l := range ls {
		if len(l.Stats) > 0 || l.Name != "" {
			out = append(out, l)
			continue
		}
		k := l.Unit + "\x00" + l.Marker + "\x00" + l.Group + "\x00" + l.Note
		if i, ok := at[k]; ok {
			out[i].Count = max(out[i].Count, 1) + max(l.Count, 1)
			continue
		}
		at[k] = len(out)
		out = append(out, l)
	}
	return out
}

// ----------------------------------------------------------------------------------------- objectives

// objectives places the objectives: by dice coordinates on a random board (THG 14.3: 2D20), or by the sides
// in turn anywhere on the map (Fields of Honor), each on passable ground every side can reach, apart from the
// others by the spacing.
func (ru *run) objectives() error {
	og := ru.sg.Objectives
	if og == nil {
		return nil
	}
	r := ru.roller("objectives")
	if !og.Count.Set {
		return fmt.Errorf("objectives: say how many (count: 8, or a roll such as 1d3): the procedure does not guess")
	}
	n := og.Count.Fixed
	if og.Count.Dice.Count > 0 {
		n = r.Roll(og.Count.Dice)
	}
	var pts *value.Number
	if og.Points.Cmp(value.Number{}) != 0 {
		p := og.Points
		pts = &p
	}
	if ru.set.Type == content.GridOpen {
		return ru.tableObjectives(og, n, pts, r)
	}
	var chosen []int
	ok := func(i int) string {
		if !ru.land.passable[i] {
			return "impassable"
		}
		for s := range ru.reach {
			if !ru.reach[s][i] {
				return "out of reach of side " + ru.sg.Sides[s].ID
			}
		}
		for _, c := range chosen {
			if c == i {
				return "already an objective"
			}
			if ru.set.Distance(ru.land.cells[i], ru.land.cells[c]) < og.MinSpacing {
				return fmt.Sprintf("closer than %d cells to another objective", og.MinSpacing)
			}
		}
		return ""
	}
	for k := 0; k < n; k++ {
		why := map[string]int{}
		placed := false
		for try := 0; try < 2000 && !placed; try++ {
			var i int
			note := ""
			if og.Method == "dice" || og.Method == "" {
				bi := 0
				if len(ru.set.Boards) > 1 {
					bi = r.Die(len(ru.set.Boards)) - 1
				}
				b := ru.set.Boards[bi]
				col, row := r.Die(b.Geo.Cols), r.Die(b.Geo.Rows)
				if og.Column.Sides > 0 {
					col = r.Roll(og.Column)
				}
				if og.Row.Sides > 0 {
					row = r.Roll(og.Row)
				}
				local := grid.Cell{Col: col - 1, Row: row - 1}
				if local.Col < 0 || local.Row < 0 || local.Col >= b.Geo.Cols || local.Row >= b.Geo.Rows {
					why["off the board"]++
					continue
				}
				i = ru.land.index(b.ToSet(local))
				note = fmt.Sprintf("board %s, column %d, row %d", b.Name, col, row)
			} else {
				i = r.IntN(ru.land.n)
				note = "placed by " + ru.sg.Sides[k%len(ru.sg.Sides)].ID
			}
			if w := ok(i); w != "" {
				why[w]++
				continue
			}
			chosen = append(chosen, i)
			label := ru.set.Label(ru.land.cells[i])
			where := ru.set.CellName(label) // a place's name; a board's label as a reader cannot misread it
			if ru.set.Network() {
				// On an area or point-to-point map dice roll a place, not a cell.
				if og.Method == "dice" || og.Method == "" {
					note = "rolled"
				}
			}
			ru.sc.Objectives = append(ru.sc.Objectives, content.Objective{ID: fmt.Sprintf("objective-%d", k+1),
				Name: fmt.Sprintf("Objective %d, %s (%s)", k+1, where, note), Cells: []string{label}, Points: pts})
			placed = true
		}
		if !placed {
			return fmt.Errorf("cannot place objective %d of %d: no roll gave a cell that is passable, reachable by both sides and %d or more cells from the others (%s)",
				k+1, n, og.MinSpacing, whyText(why))
		}
	}
	return nil
}

func whyText(why map[string]int) string {
	keys := make([]string, 0, len(why))
	for k := range why {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var parts []string
	for _, k := range keys {
		parts = append(parts, fmt.Sprintf("%d rolls %s", why[k], k))
	}
	return strings.Join(parts, ", ")
}

// ------------------------------------------------------------------------------------------------ setup

// setup sets each side's units up within the setup depth of its edge, one unit per cell so that no stacking
// limit can be broken; on an area or point-to-point map as many in a place as its capacity holds (see holds),
// up to two places deeper where the places by the edge have too little room, and never in a place the other
// side sets up in.
func (ru *run) setup() error {
	eg := ru.sg.Entry
	if eg == nil || eg.SetupDepth == 0 {
		return nil
	}
	if ru.set.Type == content.GridOpen {
		return fmt.Errorf("setup zones need cells; an open tabletop has none: enter by the edges instead (setupDepth: 0)")
	}
	r := ru.roller("setup")
	objective := map[string]bool{}
	for _, o := range ru.sc.Objectives {
		for _, c := range o.Cells {
			objective[c] = true
		}
	}
	taken := map[int]bool{}
	for i := range ru.sc.Sides {
		f := ru.out.Forces[i]
		units := 0
		for _, l := range f.Units {
			units += max(l.Count, 1)
		}
		var cells []int
		room := 0
		depth := eg.SetupDepth
		for {
			cells, room = cells[:0], 0
			for _, c := range ru.edgeCells(ru.edges[i], depth) {
				if ru.land.passable[c] && !objective[ru.set.Label(ru.land.cells[c])] && ru.reach[i][c] && !taken[c] && ru.holds(c) > 0 {
					cells = append(cells, c)
					room += ru.holds(c)
				}
			}
			// On an area or point-to-point map a step is a whole place: where the places near the edge are
			// few or hold little, the side sets up a step or two deeper.
			if units <= room || !ru.set.Network() || depth >= eg.SetupDepth+2 {
				break
			}
			depth++
		}
		if units > room {
			return fmt.Errorf("side %s has %d units but room for only %d in the open %s within %d of its edge %s: raise setupDepth or lower the points",
				ru.sc.Sides[i].ID, units, room, ru.cellWord(), depth, ru.edges[i].ID)
		}
		r.Shuffle(len(cells), func(a, b int) { cells[a], cells[b] = cells[b], cells[a] })
		// Each unit takes the next shuffled cell with room whose terrain admits it (marsh that only infantry
		// enter); a line's units spread over as many cells as they can before two share one.
		left := make([]int, len(cells))
		for j, c := range cells {
			left[j] = ru.holds(c)
		}
		for _, l := range f.Units {
			k := max(l.Count, 1)
			ut := ru.g.pkg.UnitType(l.Unit)
			var picked []int
			for len(picked) < k {
				// The next shuffled cell with room that admits the unit, one the line has not used if there is one.
				next := -1
				for j := range cells {
					if left[j] == 0 || ut != nil && !ru.admits(cells[j], ut) {
						continue
					}
					if !slices.Contains(picked, cells[j]) {
						next = j
						break
					}
					if next < 0 {
						next = j
					}
				}
				if next < 0 {
					break
				}
				left[next]--
				picked = append(picked, cells[next])
			}
			if len(picked) < k {
				return fmt.Errorf("side %s: only %d of its %d %s find room within %d of its edge %s where the terrain admits them: raise setupDepth",
					ru.sc.Sides[i].ID, len(picked), k, l.Unit, eg.SetupDepth, ru.edges[i].ID)
			}
			sort.Ints(picked)
			labels := make([]string, k)
			for j, c := range picked {
				labels[j] = ru.set.Label(ru.land.cells[c])
				taken[c] = true
			}
			ru.sc.Sides[i].Setup = append(ru.sc.Sides[i].Setup, content.Placement{Unit: l.Unit, Count: k, Cells: labels})
		}
		ru.sc.Sides[i].Notes = fmt.Sprintf("Sets up within %d %s of the %s edge (%s).", depth, ru.cellWord(), ru.edges[i].Side, ru.edges[i].ID)
	}
	return nil
}

// cellWord is what the ground's cells are called in sentences: cells, areas or places.
func (ru *run) cellWord() string {
	if ru.set.Network() {
		return ru.set.PlaceWord() + "s"
	}
	return "cells"
}

// holds is how many of a side's units the procedure sets up in one cell: one on a grid, and on an area or
// point-to-point map whose System gives places a capacity (stacking.capacity) the place's capacity before
// adjustments that add room (its stat, else the default), less any adjustment that takes room away; one where
// no capacity is given.
func (ru *run) holds(cell int) int {
	st := ru.g.pkg.System.Stacking
	if !ru.set.Network() || st == nil || st.Capacity == nil {
		return 1
	}
	c := st.Capacity
	n := 1
	if c.Default != nil {
		n = *c.Default
	}
	if v, ok := ru.set.Boards[0].Geo.Places[cell].Stats[c.Stat]; ok {
		if k, err := strconv.Atoi(strings.TrimSpace(v.Text)); err == nil {
			n = k
		}
	}
	for _, a := range c.Adjust {
		if a.Add < 0 {
			n += a.Add
		}
	}
	return max(n, 0)
}

// admits reports whether a cell's terrain admits a unit type (content.TerrainDef.Admit).
func (ru *run) admits(cell int, ut *content.UnitType) bool {
	id := ru.set.Terrain(ru.land.cells[cell])
	for i := range ru.g.pkg.System.Terrain {
		if t := &ru.g.pkg.System.Terrain[i]; t.ID == id {
			return t.Admit(ut)
		}
	}
	return true
}

func (ru *run) length() error {
	if len(ru.sg.Length) == 0 {
		return nil
	}
	t := ru.roller("length").Range(ru.sg.Length, 0)
	if t > 0 {
		ru.sc.Length = &content.Length{Turns: t}
	}
	return nil
}
