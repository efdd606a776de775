package vassal

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
)

// Terrain in the module. Every hex or square board whose cells have terrain gets, in its grid, a VASSAL Zone
// for each kind of ground: the cells of one terrain with the same hexside features on the same sides. The
// zone is named for its terrain ("Forest", or "Forest, River N NE" where hexside features bound the cells), so
// that a piece's CurrentZone says the ground under it, and carries ZoneProperties a piece reads as its own
// (BasicPiece asks the zone under it for a property it does not have): Terrain, TerrainID, MoveCost (the
// terrain's entry cost, content.MoveCost), DefenceShift and DefenceRoll (the columns and die-roll modifier
// the combat table gives a defender on that terrain, rules.TerrainDefence), Hexsides and Hexside_N,
// Hexside_NE, ... (the features on the cell's sides), and TerrainNote (" (Forest)"), which the move report
// adds after the new location. The module declares each of these as a global property with an empty value,
// so a piece off every terrain zone (in a box, on a dead pile) reads "" rather than the property's name.
//
// A zone's polygon is exact: the outlines of its cells, corner by corner (each lattice corner one pixel, so
// neighbouring zones share their edges), every separate patch and every hole joined into one path by seams
// that run along cell edges and back again. VASSAL's Polygon (and gridnum's) decides insideness by the
// even-odd rule, under which a seam walked both ways cancels out, so the zone holds exactly its cells.
// The zones use the board's own grid (useParentGrid) and its location format, so every location keeps its
// name. A scenario's map set composed of several boards has none (see gridTerrainZones); its boards have
// theirs where the module shows them on their own.
//
// Area and point-to-point maps already have a zone per place with a shape (network.go): those zones get the
// same properties for the place's terrain, and Kind, the place's kind.

// Names of the zone properties.
const (
	propTerrain      = "Terrain"
	propTerrainID    = "TerrainID"
	propMoveCost     = "MoveCost"
	propDefenceShift = "DefenceShift"
	propDefenceRoll  = "DefenceRoll"
	propHexsides     = "Hexsides"
	propHexsidePre   = "Hexside_"
	propTerrainNote  = "TerrainNote"
	propPlaceKind    = "Kind"
)

const (
	classZoneProperty   = "VASSAL.build.module.properties.ZoneProperty"
	classGlobalProperty = "VASSAL.build.module.properties.GlobalProperty"
)

// terrainInfo is what a terrain's zones say about it.
type terrainInfo struct {
	name, id    string
	move        string // the entry cost, or "impassable"
	shift, roll string // the defence on the first combat table that names a terrain
	shiftOK     bool   // there is such a table
}

// terrainZones adds the terrain zones to every board's grid (after renderBoards has fitted the grids).
func (x *exporter) terrainZones() error {
	x.pageLimit("No trigger actions, dynamic or calculated properties: the hand-made modules of published games use them to automate a game's own rules (a step-loss track, a supply check); muster's rules live in the content, so the module carries the data such automation would read (each unit's stats as properties, the terrain as zone properties) and leaves the rules to the players.")
	sys := x.pkg.System
	if sys == nil || len(sys.Terrain) == 0 {
		return nil
	}
	info := x.terrainInfos()
	var withZones, network, composed []string
	for _, b := range x.boards {
		if b.grid == nil {
			continue
		}
		switch {
		case len(b.set.Boards) > 1:
			composed = append(composed, b.name)
		case b.set.Network():
			if x.placeProperties(b, info) {
				network = append(network, b.name)
			}
		case b.set.Type == content.GridHex || b.set.Type == content.GridSquare:
			ok, err := x.gridTerrainZones(b, info)
			if err != nil {
				return err
			}
			if ok {
				withZones = append(withZones, b.name)
			}
		}
	}
	if len(withZones) > 0 {
		word := "hex"
		for _, b := range x.boards {
			if b.set.Type == content.GridSquare {
				word = "square"
			}
		}
		x.pageNote("Terrain: on %s, every %s lies in a zone named for its terrain (and the hexside features on its sides, as \"Forest, River N NE\"): a piece's CurrentZone is that name, and it reads the zone's properties Terrain, TerrainID, MoveCost (the terrain's entry cost; the weather's costs are not applied), DefenceShift and DefenceRoll (what the combat table gives a defender there), Hexsides and Hexside_N, Hexside_NE, ... (the hexside features and crossings on each side), as Calculated Properties and reports may use them. Each move report names the terrain it ends on.", strings.Join(withZones, ", "), word)
		x.pageNote("Hexside features: a VASSAL piece stands in a cell, never on a side, and a zone covers cells, so a hexside (a river, a wall, a bridge) cannot be a zone of its own. Each side's features are properties of the cells on both sides of it instead (Hexside_N and so on, and Hexsides listing them all); the move cost of crossing one is the System's, not applied by the module.")
	}
	if len(composed) > 0 {
		x.pageLimit("Terrain zones on %s, a map set of several boards: each of its boards is a VASSAL zone with its own grid already, and zones do not nest; the boards shown on their own carry their terrain zones.", strings.Join(composed, ", "))
	}
	if len(network) > 0 {
		x.pageNote("Terrain: on %s, every place drawn as a shape is a zone carrying the properties Terrain, TerrainID, MoveCost, DefenceShift, DefenceRoll and Kind (its kind) of its place; places drawn as points have no zone, and their pieces read empty values.", strings.Join(network, ", "))
	}
	return nil
}

// terrainInfos reads each System terrain's name, costs and defence through content and rules.
func (x *exporter) terrainInfos() map[string]*terrainInfo {
	sys := x.pkg.System
	var tables []*content.Table
	for _, t := range x.pkg.Tables() {
		if rules.NamesTerrain(t) {
			tables = append(tables, t)
		}
	}
	out := map[string]*terrainInfo{}
	for i := range sys.Terrain {
		t := &sys.Terrain[i]
		ti := &terrainInfo{name: cmp.Or(t.Name, t.ID), id: t.ID}
		n, imp, err := content.MoveCost(t.Move)
		switch {
		case t.Impassable || imp:
			ti.move = "impassable"
		case err == nil:
			ti.move = strconv.FormatFloat(n.Float(), 'f', -1, 64)
		}
		// The first combat table that names the terrain: a System with several such tables is rare, and a
		// property holds one number.
		if len(tables) > 0 {
			cols, roll, _ := rules.TerrainDefence(tables[0], t.ID)
			ti.shift, ti.roll, ti.shiftOK = itoa(cols), itoa(roll), true
		}
		out[t.ID] = ti
	}
	return out
}

// terrainNote is what the move report adds after the new location: the TerrainNote of the zone the piece
// ends in (" (Forest)"), when the module may have terrain zones; the module declares it, empty off every zone.
func (x *exporter) terrainNote() string {
	if x.pkg.System == nil || len(x.pkg.System.Terrain) == 0 {
		return ""
	}
	for _, b := range x.boards {
		if b.set.Type == content.GridHex || b.set.Type == content.GridSquare || b.set.Network() {
			x.declare(propTerrainNote)
			return "$" + propTerrainNote + "$"
		}
	}
	return ""
}

// declare records a zone property, which the module declares with an empty value.
func (x *exporter) declare(name string) {
	if x.zoneProps == nil {
		x.zoneProps = map[string]bool{}
	}
	x.zoneProps[name] = true
}

// zoneProperty is a ZoneProperty with its value, recorded so the module declares a global default.
func (x *exporter) zoneProperty(name, value string) *buildfile.Element {
	x.declare(name)
	return buildfile.New(classZoneProperty, "name", name, "initialValue", value, "description", "", "isNumeric", "false",
		"min", "0", "max", "100", "wrap", "false")
}

// terrainProperties are the ZoneProperties of a terrain.
func (x *exporter) terrainProperties(ti *terrainInfo) []*buildfile.Element {
	out := []*buildfile.Element{x.zoneProperty(propTerrain, ti.name), x.zoneProperty(propTerrainID, ti.id)}
	if ti.move != "" {
		out = append(out, x.zoneProperty(propMoveCost, ti.move))
	}
	if ti.shiftOK {
		out = append(out, x.zoneProperty(propDefenceShift, ti.shift), x.zoneProperty(propDefenceRoll, ti.roll))
	}
	return out
}

// globalProperties are the module's defaults of the zone properties: empty, in name order.
func (x *exporter) globalProperties() []*buildfile.Element {
	var out []*buildfile.Element
	for _, name := range sortedKeys(x.zoneProps) {
		out = append(out, buildfile.New(classGlobalProperty, "name", name, "initialValue", "", "description",
			"the zone property "+name+" off every terrain zone", "isNumeric", "false", "min", "0", "max", "100", "wrap", "false"))
	}
	return out
}

func sortedKeys(m map[string]bool) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	slices.Sort(out)
	return out
}

// placeProperties adds the terrain properties to an area or point-to-point board's place zones; false when
// no zone got any.
func (x *exporter) placeProperties(b *boardImage, info map[string]*terrainInfo) bool {
	if b.net == nil || b.grid.Class != classZonedGrid {
		return false
	}
	g := b.set.Boards[0].Geo
	var zones []*buildfile.Element
	for _, ch := range b.grid.Children {
		if ch.Class == classZone {
			zones = append(zones, ch)
		}
	}
	k := 0
	any := false
	for i, s := range b.net.pix.Shapes {
		if s == nil {
			continue
		}
		if k >= len(zones) {
			break
		}
		z := zones[k]
		k++
		p := g.Places[i]
		if ti := info[p.Terrain]; ti != nil {
			z.Add(x.terrainProperties(ti)...)
			z.Add(x.zoneProperty(propTerrainNote, " ("+ti.name+")"))
			any = true
		}
		if p.Kind != "" {
			z.Add(x.zoneProperty(propPlaceKind, p.Kind))
			any = true
		}
	}
	return any
}

// groundKey is a kind of ground: a terrain and the features on each side.
type groundKey struct {
	terrain string
	sides   string // "N=River;NE=River" in compass order, "" when none
}

// compass are the directions a side may face, in the order they are listed.
var compass = []string{"N", "NE", "E", "SE", "S", "SW", "W", "NW"}

// direction is the compass point from one cell centre towards another (y down the page).
func direction(from, to grid.Point) string {
	a := math.Atan2(-(to.Y-from.Y), to.X-from.X) * 180 / math.Pi // 0 = east, counter-clockwise
	i := int(math.Round(a/45)+8) % 8                             // 0 E, 1 NE, 2 N, ...
	return [...]string{"E", "NE", "N", "NW", "W", "SW", "S", "SE"}[i]
}

// neighbours are the cells across each side of c (off the set too).
func setNeighbours(s *content.MapSet, c grid.Cell) []grid.Cell {
	if s.Type == content.GridHex {
		n := s.Hex.AllNeighbours(c)
		return n[:]
	}
	return []grid.Cell{{Col: c.Col, Row: c.Row - 1}, {Col: c.Col + 1, Row: c.Row}, {Col: c.Col, Row: c.Row + 1}, {Col: c.Col - 1, Row: c.Row}}
}

func setCentre(s *content.MapSet, c grid.Cell) grid.Point {
	if s.Type == content.GridHex {
		return s.Hex.Centre(c)
	}
	return s.Square.Centre(c)
}

// sideFeatures is what lies on the side between two cells: its hexside features and crossings, by name.
func (x *exporter) sideFeatures(s *content.MapSet, a, b grid.Cell) string {
	var names []string
	for _, f := range s.FeaturesBetween(a, b) {
		names = append(names, x.pkg.System.FeatureName(f))
	}
	for _, f := range s.CrossingsBetween(a, b) {
		names = append(names, x.pkg.System.FeatureName(f))
	}
	return strings.Join(names, ", ")
}

// ground is a cell's kind of ground.
func (x *exporter) ground(s *content.MapSet, c grid.Cell) groundKey {
	k := groundKey{terrain: s.Terrain(c)}
	if k.terrain == "" {
		return k
	}
	at := setCentre(s, c)
	bySide := map[string]string{}
	for _, n := range setNeighbours(s, c) {
		if f := x.sideFeatures(s, c, n); f != "" {
			bySide[direction(at, setCentre(s, n))] = f
		}
	}
	var parts []string
	for _, d := range compass {
		if f, ok := bySide[d]; ok {
			parts = append(parts, d+"="+f)
		}
	}
	k.sides = strings.Join(parts, ";")
	return k
}

// groundZone is one zone's cells and what it says.
type groundZone struct {
	key   groundKey
	cells []grid.Cell
}

// gridTerrainZones puts the terrain zones into a one-board hex or square grid; false when no cell has terrain
// or the set is composed of several boards. A composed set's grid is already a ZonedGrid with a zone per board,
// each with its own grid (its own numbering), and VASSAL's zones do not nest: a terrain zone there would need
// a copy of its board's grid, and near the join of two boards, where a cell's outline reaches past the line
// between the boards, that copy names points as the other board's grid does not (VASSAL's own grid check
// found it). Such a set's boards get their terrain zones where the module shows them on their own.
func (x *exporter) gridTerrainZones(b *boardImage, info map[string]*terrainInfo) (bool, error) {
	s := b.set
	if len(s.Boards) != 1 {
		return false, nil
	}
	bd := s.Boards[0]
	// the zones, in the order their first cell comes
	idx := map[groundKey]*groundZone{}
	var zs []*groundZone
	for row := 0; row < bd.Geo.Rows; row++ {
		for col := 0; col < bd.Geo.Cols; col++ {
			c := bd.ToSet(grid.Cell{Col: col, Row: row})
			k := x.ground(s, c)
			if k.terrain == "" || info[k.terrain] == nil {
				continue
			}
			z := idx[k]
			if z == nil {
				z = &groundZone{key: k}
				idx[k] = z
				zs = append(zs, z)
			}
			z.cells = append(z.cells, c)
		}
	}
	if len(zs) == 0 {
		return false, nil
	}
	graph := b.pl.cornerGraph(bd)
	zg := buildfile.New(classZonedGrid)
	for _, z := range zs {
		if path := b.pl.regionPath(z.cells, graph); len(path) >= 3 {
			zg.Add(x.groundZone(info[z.key.terrain], z.key, path))
		}
	}
	zg.Add(b.grid)
	b.grid = zg
	return true, nil
}

// groundZone is the Zone of a kind of ground.
func (x *exporter) groundZone(ti *terrainInfo, key groundKey, path []gridnum.Point) *buildfile.Element {
	name := ti.name
	props := x.terrainProperties(ti)
	note := ti.name
	if key.sides != "" {
		desc, perSide := describeSides(key.sides)
		name += ", " + desc
		note += "; " + desc
		props = append(props, x.zoneProperty(propHexsides, desc))
		for _, d := range compass {
			if f, ok := perSide[d]; ok {
				props = append(props, x.zoneProperty(propHexsidePre+d, f))
			}
		}
	}
	props = append(props, x.zoneProperty(propTerrainNote, " ("+note+")"))
	return buildfile.New(classZone, "name", name, "path", gridnum.FormatPath(path), "locationFormat", "$gridLocation$",
		"useParentGrid", "true", "useHighlight", "false", "highlightProperty", "").Add(props...)
}

// describeSides turns a ground key's sides into "River N NE, Bridge NE" (each feature with the sides it is
// on, in compass order) and each side's features.
func describeSides(sides string) (string, map[string]string) {
	perSide := map[string]string{}
	var order []string
	dirs := map[string][]string{}
	for _, part := range strings.Split(sides, ";") {
		d, fs, _ := strings.Cut(part, "=")
		perSide[d] = fs
		for _, f := range strings.Split(fs, ", ") {
			if _, ok := dirs[f]; !ok {
				order = append(order, f)
			}
			dirs[f] = append(dirs[f], d)
		}
	}
	var parts []string
	for _, f := range order {
		parts = append(parts, f+" "+strings.Join(dirs[f], " "))
	}
	return strings.Join(parts, ", "), perSide
}

// cornerGraph joins the corners of a board's cells by the cells' sides: where a seam may run.
type cornerGraph map[grid.Corner][]grid.Corner

func (pl *placement) cornerGraph(bd *content.Board) cornerGraph {
	g := cornerGraph{}
	s := pl.set
	for row := 0; row < bd.Geo.Rows; row++ {
		for col := 0; col < bd.Geo.Cols; col++ {
			c := bd.ToSet(grid.Cell{Col: col, Row: row})
			for _, n := range setNeighbours(s, c) {
				k1, k2, ok := s.SideCorners(c, n)
				if !ok {
					continue
				}
				if !slices.Contains(g[k1], k2) {
					g[k1] = append(g[k1], k2)
					g[k2] = append(g[k2], k1)
				}
			}
		}
	}
	for k := range g {
		slices.SortFunc(g[k], cornerCmp)
	}
	return g
}

func cornerCmp(a, b grid.Corner) int {
	for i := range a {
		if c := cmp.Compare(a[i].Row, b[i].Row); c != 0 {
			return c
		}
		if c := cmp.Compare(a[i].Col, b[i].Col); c != 0 {
			return c
		}
	}
	return 0
}

// cornerPixel is where a corner lies on the board image, in whole pixels within the image.
func (pl *placement) cornerPixel(k grid.Corner) gridnum.Point {
	var o grid.Point
	if pl.set.Type == content.GridHex {
		o = pl.set.Hex.Centre(grid.Cell{})
	} else {
		o = pl.set.Square.Centre(grid.Cell{})
	}
	p := pl.set.CornerPoint(k)
	px := int(math.Round(float64(pl.px0) + (p.X-o.X)*pl.k))
	py := int(math.Round(float64(pl.py0) + (p.Y-o.Y)*pl.k))
	return gridnum.Point{X: min(max(px, 0), pl.w), Y: min(max(py, 0), pl.h)}
}

// regionPath is one polygon whose even-odd inside is exactly the cells: their outline's loops, joined by
// seams along cell sides (graph) walked there and back.
func (pl *placement) regionPath(cells []grid.Cell, graph cornerGraph) []gridnum.Point {
	s := pl.set
	in := make(map[grid.Cell]bool, len(cells))
	for _, c := range cells {
		in[c] = true
	}
	// the outline: each side between a cell and one outside, turning the same way round every cell
	type edge struct{ from, to grid.Corner }
	var edges []edge
	out := map[grid.Corner][]int{}
	for _, c := range cells {
		cc := setCentre(s, c)
		for _, n := range setNeighbours(s, c) {
			if in[n] {
				continue
			}
			k1, k2, ok := s.SideCorners(c, n)
			if !ok {
				continue
			}
			p1, p2 := s.CornerPoint(k1), s.CornerPoint(k2)
			if (p1.X-cc.X)*(p2.Y-cc.Y)-(p1.Y-cc.Y)*(p2.X-cc.X) < 0 {
				k1, k2 = k2, k1
			}
			out[k1] = append(out[k1], len(edges))
			edges = append(edges, edge{k1, k2})
		}
	}
	// the loops: follow unused edges from each unused edge until back at its start
	used := make([]bool, len(edges))
	var loops [][]grid.Corner
	for i := range edges {
		if used[i] {
			continue
		}
		var loop []grid.Corner
		start := edges[i].from
		e := i
		for {
			used[e] = true
			loop = append(loop, edges[e].from)
			at := edges[e].to
			if at == start {
				break
			}
			next := -1
			for _, j := range out[at] {
				if !used[j] {
					next = j
					break
				}
			}
			if next < 0 {
				break // cannot happen: every corner of an outline has as many sides in as out
			}
			e = next
		}
		loops = append(loops, loop)
	}
	if len(loops) == 0 {
		return nil
	}
	// join the loops into one tree: loop 0 first; a loop that touches a joined one at a corner hangs from it
	// there, any other from the joined corner nearest it along cell sides. One breadth-first search over the
	// board's corners grows from every loop as it joins, so a board of thousands of patches takes time linear
	// in its corners (a search per loop was quadratic: 25 s for a 34x115in board).
	type hang struct {
		at   int           // the corner's index in the parent loop
		seam []grid.Corner // from the parent's corner to the child's first corner
		loop int
	}
	hangs := make([][]hang, len(loops))
	joined := make([]bool, len(loops))
	where := map[grid.Corner][2]int{}    // corner -> (loop, index) of a joined loop
	owners := map[grid.Corner][][2]int{} // corner -> (loop, index) of every other loop through it
	for li := 1; li < len(loops); li++ {
		for j, k := range loops[li] {
			if os := owners[k]; len(os) == 0 || os[len(os)-1][0] != li {
				owners[k] = append(os, [2]int{li, j})
			}
		}
	}
	prev := map[grid.Corner]grid.Corner{} // the search's tree: a joined corner is its own root
	var queue []grid.Corner               // the search's, in order (read from head)
	var work []int                        // loops joined whose corners are not yet roots
	left := len(loops) - 1
	attach := func(parent [2]int, seam []grid.Corner, li, j int) {
		l := loops[li]
		loops[li] = append(append([]grid.Corner(nil), l[j:]...), l[:j]...)
		joined[li] = true
		left--
		hangs[parent[0]] = append(hangs[parent[0]], hang{at: parent[1], seam: seam, loop: li})
		work = append(work, li)
	}
	// drain makes the corners of the loops just joined roots of the search, and hangs there every loop that
	// touches them.
	drain := func() {
		for len(work) > 0 {
			li := work[0]
			work = work[1:]
			for q, k := range loops[li] {
				if _, ok := where[k]; !ok {
					where[k] = [2]int{li, q}
				}
				prev[k] = k
				queue = append(queue, k)
				for _, o := range owners[k] {
					if !joined[o[0]] {
						attach(where[k], []grid.Corner{k}, o[0], o[1])
					}
				}
			}
		}
	}
	joined[0] = true
	work = []int{0}
	drain()
	for head := 0; head < len(queue) && left > 0; head++ {
		k := queue[head]
		for _, n := range graph[k] {
			if _, seen := prev[n]; seen {
				continue
			}
			prev[n] = k
			queue = append(queue, n)
			for _, o := range owners[n] {
				if joined[o[0]] {
					continue
				}
				var seam []grid.Corner
				for c := n; ; c = prev[c] {
					seam = append(seam, c)
					if prev[c] == c {
						break
					}
				}
				slices.Reverse(seam)
				attach(where[seam[0]], seam, o[0], o[1])
			}
			drain()
		}
	}
	// a loop no seam along the cell sides reaches (cannot happen on one board) hangs straight from loop 0
	for li := range loops {
		if !joined[li] {
			attach([2]int{0, 0}, []grid.Corner{loops[0][0], loops[li][0]}, li, 0)
		}
	}
	for li := range hangs {
		slices.SortStableFunc(hangs[li], func(a, b hang) int { return a.at - b.at })
	}
	var path []gridnum.Point
	emit := func(k grid.Corner) {
		p := pl.cornerPixel(k)
		if n := len(path); n == 0 || path[n-1] != p {
			path = append(path, p)
		}
	}
	var walk func(li int, closed bool)
	walk = func(li int, closed bool) {
		l := loops[li]
		hs := hangs[li] // by corner
		for j, k := range l {
			emit(k)
			for ; len(hs) > 0 && hs[0].at == j; hs = hs[1:] {
				h := hs[0]
				for _, q := range h.seam[1:] {
					emit(q)
				}
				walk(h.loop, true)
				for q := len(h.seam) - 2; q >= 0; q-- {
					emit(h.seam[q])
				}
			}
		}
		if closed {
			emit(l[0])
		}
	}
	walk(0, false)
	if len(path) > 1 && path[0] == path[len(path)-1] {
		path = path[:len(path)-1]
	}
	return path
}
