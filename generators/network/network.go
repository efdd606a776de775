// Package network generates area and point-to-point maps from a Generator's network settings: an area map's
// areas as a partition of the map (a lattice of quads, its corners moved at random, merged into areas of a few
// quads, so that neighbouring areas share their corners exactly), a point-to-point map's places spread at a
// minimum spacing and joined by a minimum spanning tree and the nearest further links that cross no other;
// connections of the declared types within a degree range, every place reachable by ordinary movement, terrain
// grown in clusters and place stats rolled. Every result is a content.Map that passes the same checks as a
// hand-drawn one.
//
// Coordinates are worked in whole hundredths of the map's unit (ticks) with integer arithmetic, so the same
// seed gives the same map on every machine, whatever its floating-point unit fuses.
package network

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
	"github.com/muster-wargames/muster/generators/terrain"
)

// ticks is how many ticks make one of the map's units.
const ticks = 100

// maxPlaces bounds the places one generator makes: links are chosen among all pairs of places.
const maxPlaces = 600

// attempts is how many layouts a generator tries before it gives up on settings it cannot meet.
const attempts = 60

// Wants reports whether a map generator's settings make an area or point-to-point map: its grid's type, or
// else its base map's, is one.
func Wants(pkg *content.Package, mg *content.MapGen) bool {
	if mg == nil {
		return false
	}
	if mg.Grid != nil && mg.Grid.Type != "" {
		return content.IsNetwork(mg.Grid.Type)
	}
	ids := mg.Bases
	if len(ids) == 0 && mg.Base != "" {
		ids = []string{mg.Base}
	}
	for _, id := range ids {
		if m := pkg.Map(id); m != nil {
			return content.IsNetwork(m.Grid.Type)
		}
	}
	return mg.Network != nil
}

// pt is a point in ticks.
type pt struct{ x, y int64 }

// link is a connection being made between places a and b (a < b) of the generated list.
type link struct {
	a, b  int
	typ   string
	tree  bool // in the spanning tree that keeps every place reachable
	route []pt // the line it is drawn along, when not straight (a distant connection)
}

// gen is one map being generated.
type gen struct {
	sys  *content.System
	mg   *content.MapGen
	ng   *content.NetworkGen
	r    *dice.Roller
	what string
	area bool

	// the part of the map the places cover, in ticks
	x0, y0, w, h int64
	mw, mh       int64 // the whole map
	lo, hi       int   // places: [lo, hi]
	dmin, dmax   int   // degree
	smin, smax   int   // area maps: quads per area
	jitter       int64 // area maps: how far corners move, in thousandths of a quad
	open, closed []*content.ConnectionGen
	beside       []*content.ConnectionGen
	def          string

	// the layout: per place its anchor, outline (area maps), the sides of the bounds it lies on (area maps: bits
	// 1 north, 2 east, 4 south, 8 west), and its neighbours (touching areas, or linked places)
	at      []pt
	outline [][]pt
	onSide  []uint8
	links   []link
	touch   map[[2]int]bool // area maps: the pairs of areas that share a border
	nbr     [][]int         // each place's neighbours: touching areas, or linked places
	terr    []string
	stats   []map[string]content.Scalar
}

// Generate makes the area or point-to-point map a Generator's map settings describe, with the given id. The
// roller is the map's own stream; the same roller state gives the same map.
func Generate(pkg *content.Package, g *content.Generator, id string, r *dice.Roller) (*content.Map, error) {
	if g == nil || g.Map == nil {
		return nil, fmt.Errorf("generator has no map settings")
	}
	mg := g.Map
	sys := pkg.System
	if sys == nil {
		return nil, fmt.Errorf("the package has no System: terrain types and features come from it")
	}
	what := "generator " + g.ID
	base, err := terrain.PickBase(pkg, mg, r, what)
	if err != nil {
		return nil, err
	}
	m := &content.Map{Meta: content.Meta{Kind: content.KindMap, ID: id}}
	if base != nil {
		m.Grid = base.Grid
		m.Grid.Numbering = nil
	}
	if mg.Grid != nil {
		m.Grid = *mg.Grid
	}
	if !content.IsNetwork(m.Grid.Type) {
		return nil, fmt.Errorf("%s: network settings make an area or point-to-point map, not a map of grid type %q", what, m.Grid.Type)
	}
	if mg.Network == nil {
		return nil, fmt.Errorf("%s: %s needs network settings (network: {places: [20, 24], connections: [...]})", what, kindName(m.Grid.Type))
	}
	if m.Grid.Width == nil || m.Grid.Height == nil {
		return nil, fmt.Errorf("%s: the map needs a width and a height (grid: {type: %s, width: 22in, height: 17in})", what, m.Grid.Type)
	}
	ge := &gen{sys: sys, mg: mg, ng: mg.Network, r: r, what: what, area: m.Grid.Type == content.GridArea}
	if err := ge.settings(m); err != nil {
		return nil, err
	}
	var last error
	for try := 0; try < attempts; try++ {
		if ge.area {
			last = ge.areas()
		} else {
			last = ge.points()
		}
		if last == nil {
			last = ge.types()
		}
		if last == nil {
			last = ge.distant()
		}
		if last == nil {
			break
		}
	}
	if last != nil {
		return nil, fmt.Errorf("%s: %v (tried %d layouts)", what, last, attempts)
	}
	ge.besides()
	if err := ge.terrain(); err != nil {
		return nil, err
	}
	if err := ge.rollStats(); err != nil {
		return nil, err
	}
	ge.write(m, base)
	return m, nil
}

func kindName(gridType string) string {
	if gridType == content.GridArea {
		return "an area map"
	}
	return "a point-to-point map"
}

// toTicks is a number of the map's units in ticks.
func toTicks(v float64) int64 { return int64(math.Round(v * ticks)) }

// settings reads and checks the network settings against the map and the System.
func (ge *gen) settings(m *content.Map) error {
	ng, what := ge.ng, ge.what
	scale := 1.0
	switch m.Grid.Units {
	case "", "in":
	case "mm":
		scale = 25.4
	default:
		return fmt.Errorf("%s: unknown map unit %q: write in or mm", what, m.Grid.Units)
	}
	mw, mh := toTicks(m.Grid.Width.Inches()*scale), toTicks(m.Grid.Height.Inches()*scale)
	if mw <= 0 || mh <= 0 {
		return fmt.Errorf("%s: the map's width and height must be positive", what)
	}
	ge.x0, ge.y0, ge.w, ge.h, ge.mw, ge.mh = 0, 0, mw, mh, mw, mh
	if len(ng.Bounds) > 0 {
		if len(ng.Bounds) != 4 {
			return fmt.Errorf("%s: bounds is [x, y, width, height]", what)
		}
		b := make([]int64, 4)
		for i, v := range ng.Bounds {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("%s: bounds must be numbers", what)
			}
			b[i] = toTicks(v)
		}
		ge.x0, ge.y0, ge.w, ge.h = b[0], b[1], b[2], b[3]
		if ge.x0 < 0 || ge.y0 < 0 || ge.w <= 0 || ge.h <= 0 || ge.x0+ge.w > mw || ge.y0+ge.h > mh {
			return fmt.Errorf("%s: bounds %v do not lie on the map's %s x %s", what, ng.Bounds, num(mw), num(mh))
		}
	}
	if len(ng.Places) == 0 {
		return fmt.Errorf("%s: say how many places to make (places: [20, 24])", what)
	}
	ge.lo, ge.hi = ng.Places[0], ng.Places[len(ng.Places)-1]
	if ge.lo < 2 || ge.hi < ge.lo || ge.hi > maxPlaces {
		return fmt.Errorf("%s: places %v: make 2 to %d places, the smaller number first", what, ng.Places, maxPlaces)
	}
	ge.dmin, ge.dmax = 1, math.MaxInt32
	if len(ng.Degree) > 0 {
		ge.dmin, ge.dmax = ng.Degree[0], ng.Degree[len(ng.Degree)-1]
		if ge.dmin < 1 || ge.dmax < ge.dmin {
			return fmt.Errorf("%s: degree %v: every place needs at least 1 connection, and the smaller number comes first", what, ng.Degree)
		}
	}
	if !ge.area {
		if len(ng.Size) > 0 || ng.Jitter != nil || ng.Distant != nil {
			return fmt.Errorf("%s: size, jitter and distant are for area maps; a point-to-point map's places are points", what)
		}
	} else if ng.Spacing != nil || ng.Radius != nil {
		return fmt.Errorf("%s: spacing and radius are for point-to-point maps; an area map's areas tile it", what)
	}
	ge.smin, ge.smax, ge.jitter = 1, 3, 200
	if len(ng.Size) > 0 {
		ge.smin, ge.smax = ng.Size[0], ng.Size[len(ng.Size)-1]
		if ge.smin < 1 || ge.smax < ge.smin {
			return fmt.Errorf("%s: size %v: an area is 1 or more quads, the smaller number first", what, ng.Size)
		}
	}
	if ng.Jitter != nil {
		ge.jitter = ng.Jitter.Mul(value.Int(1000)).Floor()
		if ge.jitter < 0 || ge.jitter > 250 {
			return fmt.Errorf("%s: jitter %s: corners move by 0 to 1/4 of a quad (more could fold a quad over)", what, ng.Jitter)
		}
	}
	for i := range ng.Connections {
		c := &ng.Connections[i]
		f := ge.sys.FeatureDef(c.Type)
		if f == nil || f.On == content.FeatureCrossing {
			return fmt.Errorf("%s: connection type %q is not a hexside or path feature of the System", what, c.Type)
		}
		switch {
		case len(c.Beside) > 0:
			if c.Share == nil || c.Share.Sign() <= 0 {
				return fmt.Errorf("%s: connection type %s runs beside %s: give the share of them it runs beside (share: 0.4)", what, c.Type, strings.Join(c.Beside, ", "))
			}
			ge.beside = append(ge.beside, c)
		case c.Weight <= 0:
			return fmt.Errorf("%s: connection type %s needs a weight above 0 (or beside: the types it runs beside)", what, c.Type)
		case passable(f):
			ge.open = append(ge.open, c)
		default:
			ge.closed = append(ge.closed, c)
		}
	}
	if len(ge.open) == 0 {
		return fmt.Errorf("%s: no connection type ordinary movement may cross: give one (a road, an open border) a weight", what)
	}
	for _, c := range ge.beside {
		for _, b := range c.Beside {
			if !slices.ContainsFunc(ng.Connections, func(o content.ConnectionGen) bool { return o.Type == b && len(o.Beside) == 0 }) {
				return fmt.Errorf("%s: connection type %s runs beside %s, which is not a type the links are drawn from", what, c.Type, b)
			}
		}
	}
	if d := ng.Distant; d != nil && ge.sys.FeatureDef(d.Type) == nil {
		return fmt.Errorf("%s: distant connection type %q is not a feature of the System", what, d.Type)
	}
	return ge.terrainSettings()
}

// passable reports whether ordinary movement may cross a connection of the feature.
func passable(f *content.FeatureDef) bool {
	if f.Impassable || !f.Admits("") {
		return false
	}
	return f.Cost == nil || !strings.EqualFold(strings.TrimSpace(f.Cost.Text), "impassable")
}

// num writes a number of ticks in the map's units: 12.5, 3.
func num(t int64) string {
	return strconv.FormatFloat(float64(t)/ticks, 'f', -1, 64)
}

// write fills the map: the places in reading order (top to bottom, then left to right), named and numbered,
// the base map's holding boxes after them, the connections in the order of their places, and the edges.
func (ge *gen) write(m *content.Map, base *content.Map) {
	n := len(ge.at)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// Reading order: bands down the map about as tall as the places are apart, each read left to right.
	bands := max(1, int64(math.Round(math.Sqrt(float64(n)*float64(ge.h)/float64(ge.w)))))
	band := func(p pt) int64 { return min((p.y-ge.y0)*bands/ge.h, bands-1) }
	slices.SortFunc(order, func(a, b int) int {
		return cmp.Or(cmp.Compare(band(ge.at[a]), band(ge.at[b])), cmp.Compare(ge.at[a].x, ge.at[b].x), cmp.Compare(a, b))
	})
	rank := make([]int, n)
	for k, i := range order {
		rank[i] = k
	}
	used := map[string]bool{}
	if base != nil {
		for _, p := range base.PlaceList() {
			if p.Offboard {
				used[p.ID] = true
			}
		}
	}
	names := slices.Clone(ge.ng.Names)
	ge.r.Shuffle(len(names), func(i, j int) { names[i], names[j] = names[j], names[i] })
	word := "Place"
	if ge.area {
		word = "Area"
	}
	ids := make([]string, n)
	places := make([]content.Place, n)
	for k, i := range order {
		name := fmt.Sprintf("%s %d", word, k+1)
		if k < len(names) && strings.TrimSpace(names[k]) != "" {
			name = strings.TrimSpace(names[k])
		}
		id := slug(name)
		if id == "" {
			id = fmt.Sprintf("%s-%d", strings.ToLower(word), k+1)
		}
		for j := 2; used[id]; j++ {
			id = fmt.Sprintf("%s-%d", slug(name), j)
		}
		used[id] = true
		ids[i] = id
		p := content.Place{ID: id, Name: name, Anchor: []float64{float64(ge.at[i].x) / ticks, float64(ge.at[i].y) / ticks},
			Terrain: ge.terr[i]}
		if ge.area {
			for _, v := range ge.outline[i] {
				p.Polygon = append(p.Polygon, []float64{float64(v.x) / ticks, float64(v.y) / ticks})
			}
		} else if ge.ng.Radius != nil {
			rad := *ge.ng.Radius
			p.Radius = &rad
		}
		if len(ge.stats[i]) > 0 {
			p.Stats = ge.stats[i]
		}
		places[rank[i]] = p
	}
	if base != nil {
		for _, p := range base.PlaceList() {
			if p.Offboard {
				p.At, p.Fields = diag.Pos{}, nil
				places = append(places, p)
			}
		}
	}
	if ge.area {
		m.Areas = places
	} else {
		m.Places = places
	}
	links := slices.Clone(ge.links)
	key := func(l link) (int, int) { return min(rank[l.a], rank[l.b]), max(rank[l.a], rank[l.b]) }
	slices.SortStableFunc(links, func(x, y link) int {
		xa, xb := key(x)
		ya, yb := key(y)
		return cmp.Or(cmp.Compare(xa, ya), cmp.Compare(xb, yb))
	})
	for _, l := range links {
		a, b := key(l)
		c := content.Connection{Between: []string{places[a].ID, places[b].ID}, Type: l.typ}
		if ge.area && !ge.touching(l.a, l.b) {
			c.Distant = true
		}
		route := l.route
		if rank[l.a] > rank[l.b] {
			route = slices.Clone(route)
			slices.Reverse(route)
		}
		for _, v := range route {
			c.Route = append(c.Route, []float64{float64(v.x) / ticks, float64(v.y) / ticks})
		}
		m.Connections = append(m.Connections, c)
	}
	if base != nil {
		// An area map keeps the base map's edges by side (the areas along them are new); an edge that only
		// listed places goes with them.
		for _, e := range base.Edges {
			e.At, e.Cells = diag.Pos{}, nil
			if ge.area && e.Side != "" {
				m.Edges = append(m.Edges, e)
			}
		}
	}
	if !ge.area {
		m.Edges = ge.pointEdges(rank, places)
	}
}

// slug makes an id from a name: lower case, words joined by '-'.
func slug(name string) string {
	var b strings.Builder
	dash := false
	for _, c := range strings.ToLower(name) {
		switch {
		case c >= 'a' && c <= 'z' || c >= '0' && c <= '9':
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(c)
		default:
			dash = true
		}
	}
	return b.String()
}

// share reports true with the probability a share gives (to a thousandth).
func share(r *dice.Roller, s *value.Number) bool {
	if s == nil {
		return true
	}
	return int64(r.IntN(1000)) < s.Mul(value.Int(1000)).Floor()
}
