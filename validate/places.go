package validate

import (
	"cmp"
	"fmt"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
)

// The checks of area and point-to-point maps: their places (ids, points, outlines, terrain, stats, owners)
// and the connections that join them.

// placeTol is how close two lines of a map's drawing must come to count as one, in inches: designers trace
// shared borders by hand.
const placeTol = 0.01

var mapPlacesCheck = &Check{
	Name:  "map-places",
	Stage: StageCheck,
	Doc: "an area or point-to-point map's places: ids, points, outlines, terrain, stats and owners\n\n" +
		"An area map lists its areas (each an outline of at least three corners that does not cross itself and " +
		"overlaps no other area) under areas, a point-to-point map its places (each a point, drawn as a circle, a box " +
		"or a dot) under places; holding boxes are places with offboard: true. Every point and corner is a pair of " +
		"finite numbers on the map, every place has its own id, its terrain is one of the System's, its stats are " +
		"the System's placeStats, its kind one of the System's placeKinds (when it declares them) and its owner a faction. Hex grids' terrain rows, hexsides, paths and crossings, " +
		"and open tables' pieces, are not for these maps. The map warns when its places fall into parts no " +
		"connection joins.",
	Applies: anyNetworkMap,
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			if g := networkOf(p, m); g != nil {
				checkPlaces(p, m, g)
			}
		}
	},
}

var mapConnectionsCheck = &Check{
	Name:  "map-connections",
	Stage: StageCheck,
	Doc: "the connections of an area or point-to-point map\n\n" +
		"Each joins at least two different places the map has, once; its type is a hexside or path feature of the " +
		"System (a road, a railway, a border), not a crossing; its route lies on the map. On an area map, areas " +
		"that share a border with no connection between them, and connected areas that do not touch (unless the " +
		"connection says distant: true), are warnings: many games border areas that do not connect, so say it " +
		"with a connection of an impassable feature. A scenario's objective (or a place its victory conditions " +
		"name) that no chain of connections joins to where a side's units set up or come on is a warning (unreachable).",
	Requires: []Requirement{MapSets},
	Applies:  anyNetworkMap,
	Package: func(p *Pass) {
		for _, m := range p.Pkg.Maps() {
			if g := networkOf(p, m); g != nil {
				checkConnections(p, m, g)
			}
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		if set, _ := Get(p, MapSets)(sc); set != nil && set.Network() {
			checkReach(p, sc, set)
		}
	},
}

// checkReach warns of an objective (or a place a victory condition names) that no side can reach on an area
// or point-to-point map: no chain of connections joins it to a place where a side's units set up or come on.
func checkReach(p *Pass, sc *content.Scenario, set *content.MapSet) {
	comp := map[int]int{} // place -> its part of the network
	for k, part := range set.Net.Components() {
		for _, i := range part {
			comp[i] = k
		}
	}
	reached := map[int]bool{}
	reach := func(labels ...string) {
		for _, l := range labels {
			if r, err := set.Lookup(l); err == nil {
				reached[comp[r.Cell.Col]] = true
			}
		}
	}
	edge := func(id string) {
		if e, ok := set.Edge(id); ok {
			for _, c := range set.EdgeCells(e, nil) {
				reached[comp[c.Col]] = true
			}
		}
	}
	zone := func(z *content.Zone) {
		if z != nil {
			for _, c := range set.ZoneCells(z) {
				reached[comp[c.Col]] = true
			}
		}
	}
	for _, s := range sc.Sides {
		for _, pl := range s.Setup {
			reach(pl.Cells...)
			zone(pl.Zone)
		}
		zone(s.Deployment)
		for _, en := range s.Entry {
			reach(en.Cells...)
			edge(en.Edge)
		}
	}
	for _, r := range sc.Reinforcements {
		reach(r.Entry.Cells...)
		edge(r.Entry.Edge)
	}
	if len(reached) == 0 {
		return // nothing comes on the map: nothing to reach from
	}
	check := func(at diag.Pos, what string, places []string) {
		for _, l := range places {
			cells, _, err := set.Place(l)
			if err != nil || len(cells) == 0 {
				continue // placement-labels reports it
			}
			ok := false
			for _, c := range cells {
				ok = ok || reached[comp[c.Col]]
			}
			if !ok {
				e := p.Warnf(at, "unreachable", "scenario %s: %s %s lies where no chain of connections leads from any place a side's units set up or come on", sc.ID, what, l)
				e.Hint = "connect it to the rest of the map, or set units up or bring them on where they can reach it"
			}
		}
	}
	for _, o := range sc.Objectives {
		places := append([]string(nil), o.Cells...)
		if o.Location != "" {
			places = append(places, o.Location)
		}
		check(o.At, "objective "+o.ID+" on", places)
	}
	if v := sc.Victory; v != nil {
		for _, d := range v.Decide {
			var walk func(c *content.Condition)
			walk = func(c *content.Condition) {
				check(c.At, "the victory condition's place", append(append([]string(nil), c.Controls...), c.Holds...))
				for i := range c.All {
					walk(&c.All[i])
				}
				for i := range c.Any {
					walk(&c.Any[i])
				}
				if c.Not != nil {
					walk(c.Not)
				}
			}
			walk(&d.Condition)
		}
	}
}

// networkOf is an area or point-to-point map's geometry (built once per package), or nil for another map or a
// broken grid (map-grid reports it).
func networkOf(p *Pass, m *content.Map) *content.Geometry {
	if !content.IsNetwork(m.Grid.Type) {
		return nil
	}
	set, err := p.Pkg.MapSetOf(m)
	if err != nil {
		return nil
	}
	return set.Boards[0].Geo
}

func anyNetworkMap(pkg *content.Package) bool {
	for _, m := range pkg.Maps() {
		if content.IsNetwork(m.Grid.Type) {
			return true
		}
	}
	return false
}

// placePtr is the JSON pointer of place i of the map, or of one of its keys.
func placePtr(m *content.Map, i int, key ...string) string {
	ptr := content.Pointer("/"+m.PlacesKey(), i)
	for _, k := range key {
		ptr = content.Pointer(ptr, k)
	}
	return ptr
}

func checkPlaces(p *Pass, m *content.Map, g *content.Geometry) {
	at := func(ptr string) diag.Pos { return docPos(m.Doc, ptr, m.At) }
	key, other := m.PlacesKey(), "places"
	if key == "places" {
		other = "areas"
	}
	if len(m.Areas) > 0 && len(m.Places) > 0 || len(m.PlaceList()) == 0 && len(otherList(m)) > 0 {
		e := p.Errorf(at("/"+other), "key", "map %s is %s: list its %s under %s, not %s", m.ID, mapKindName(m), key, key, other)
		e.Hint = fmt.Sprintf("an area map's regions are areas (grid type area); a point-to-point map's places are places (grid type %s)", content.GridPoint)
	}
	for _, k := range []struct{ key, what string }{{"terrain", "terrain rows"}, {"elevation", "elevation rows"}, {"legend", "a legend"},
		{"cells", "cell overrides"}, {"hexsides", "hexsides"}, {"paths", "paths"}, {"crossings", "crossings"}, {"pieces", "terrain pieces"}} {
		if m.Doc != nil && m.Doc.Node("/"+k.key) != nil {
			e := p.Errorf(at("/"+k.key), "key", "map %s is %s: %s are for maps of cells (or tables), not for its %s", m.ID, mapKindName(m), k.what, key)
			e.Hint = "give each place its terrain, and join places with connections of the System's features"
		}
	}
	// The whole map's corners are bounded before any geometry works on them.
	points := 0
	for _, pl := range m.PlaceList() {
		points += len(pl.Polygon)
	}
	for _, c := range m.Connections {
		points += len(c.Route)
	}
	if points > content.MaxMapPolygonPoints {
		p.Errorf(at("/"+key), "too-large", "map %s has %d corners and route points in all; muster takes at most %d", m.ID, points, content.MaxMapPolygonPoints)
		return
	}
	sys := p.Pkg.System
	seen := map[string]int{}
	var outlines []grid.Polygon // per place, nil where it has none (or a broken one)
	var anchors []*grid.Point
	for i, pl := range g.Places {
		ppos := func(k string) diag.Pos { return at(placePtr(m, i, k)) }
		if j, dup := seen[pl.ID]; dup {
			e := p.Errorf(ppos("id"), "duplicate", "map %s has two %s with the id %s", m.ID, g.PlaceWord(2, false), pl.ID)
			e.Related = append(e.Related, diag.Related{Pos: at(placePtr(m, j, "id")), Message: "the first is here"})
		} else {
			seen[pl.ID] = i
		}
		var outline grid.Polygon
		switch {
		case len(pl.Polygon) > 0 && g.Type == content.GridPoint:
			e := p.Errorf(ppos("polygon"), "shape", "place %s of point-to-point map %s has an outline: a place is a point, drawn as a circle (radius), a box or a dot", pl.ID, m.ID)
			e.Hint = "make the map an area map (grid type area) to give places outlines"
		case len(pl.Polygon) > 0:
			outline = checkOutline(p, m, g, i)
		case g.Type == content.GridArea && !pl.Offboard:
			e := p.Errorf(at(placePtr(m, i)), "polygon", "area %s of map %s has no outline: list its corners under polygon", pl.ID, m.ID)
			e.Hint = "a holding box off the playing area is an area with offboard: true, a point and a box"
		}
		outlines = append(outlines, outline)
		var anchor *grid.Point
		if len(pl.Anchor) > 0 {
			if pt, ok := g.Point(pl.Anchor); !ok {
				p.Errorf(ppos("at"), "point", "the point of %s %s is not two numbers", g.PlaceWord(1, false), pl.ID)
			} else if !onMap(g, pt) {
				p.Errorf(ppos("at"), "point", "%s %s is at (%s, %s), off the map's %s x %s%s", g.PlaceWord(1, false), pl.ID,
					num(pl.Anchor[0]), num(pl.Anchor[1]), num(g.Table.Width/g.Scale), num(g.Table.Height/g.Scale), mapUnit(m)).Hint = mapUnitsHint(m)
			} else {
				anchor = &pt
				if outline != nil && !pl.Offboard && !outline.Contains(pt) {
					p.Errorf(ppos("at"), "point", "the point of area %s, where its name and units go, lies outside its outline", pl.ID).Hint =
						"move the point inside the area, or leave it out to use the area's centre"
				}
			}
		} else if len(pl.Polygon) == 0 && (g.Type == content.GridPoint || pl.Offboard) {
			p.Errorf(at(placePtr(m, i)), "point", "%s %s of map %s has no point: give it at: [x, y]", g.PlaceWord(1, false), pl.ID, m.ID)
		}
		anchors = append(anchors, anchor) // a box's and a radius's sizes are the schema's to check
		checkPlaceRefs(p, sys, m, g, i, ppos)
	}
	// A location of the map names places; its id may not be one of theirs (objectives and zones name both).
	for i, l := range m.Locations {
		if _, clash := g.PlaceIndex(l.ID); clash && l.ID != "" {
			e := p.Errorf(at(fmt.Sprintf("/locations/%d/id", i)), "duplicate", "location %s of map %s has the id of %s of the map", l.ID, m.ID, g.PlaceWord(1, true))
			e.Hint = "every place is a location of its own; give the location another id"
		}
	}
	// Areas that overlap each other; places drawn on top of each other.
	bounds := make([]grid.Rect, len(outlines))
	for i, pg := range outlines {
		if pg != nil {
			bounds[i] = pg.Bounds()
		}
	}
	apart := func(a, b grid.Rect) bool {
		return a.Max.X < b.Min.X-placeTol || b.Max.X < a.Min.X-placeTol || a.Max.Y < b.Min.Y-placeTol || b.Max.Y < a.Min.Y-placeTol
	}
	for i := range outlines {
		if outlines[i] == nil || g.Places[i].Offboard {
			continue
		}
		for j := i + 1; j < len(outlines); j++ {
			if outlines[j] == nil || g.Places[j].Offboard || apart(bounds[i], bounds[j]) {
				continue
			}
			if grid.PolygonsOverlap(outlines[i], outlines[j], placeTol) {
				e := p.Errorf(at(placePtr(m, j, "polygon")), "overlap", "areas %s and %s of map %s overlap: an area's outline may meet another's only along their shared border", g.Places[i].ID, g.Places[j].ID, m.ID)
				e.Related = append(e.Related, diag.Related{Pos: at(placePtr(m, i, "polygon")), Message: "area " + g.Places[i].ID + "'s outline"})
			}
		}
	}
	for i := range anchors {
		for j := i + 1; j < len(anchors) && anchors[i] != nil; j++ {
			if anchors[j] != nil && anchors[i].Dist(*anchors[j]) < 0.05 {
				e := p.Errorf(at(placePtr(m, j, "at")), "on-top", "%s %s stands on %s %s: their points are %s apart", g.PlaceWord(1, false), g.Places[j].ID,
					g.PlaceWord(1, false), g.Places[i].ID, num(anchors[i].Dist(*anchors[j])/g.Scale))
				e.Related = append(e.Related, diag.Related{Pos: at(placePtr(m, i, "at")), Message: g.Places[i].ID + " is here"})
			}
		}
	}
	// Places no connection chain reaches from the rest.
	var parts [][]int
	for _, comp := range g.Net.Components() {
		var on []int
		for _, k := range comp {
			if !g.Places[k].Offboard {
				on = append(on, k)
			}
		}
		if len(on) > 0 {
			parts = append(parts, on)
		}
	}
	if len(parts) > 1 {
		slices.SortStableFunc(parts, func(a, b []int) int { return cmp.Compare(len(b), len(a)) })
		for _, part := range parts[1:] {
			ids := make([]string, len(part))
			for k, x := range part {
				ids[k] = g.Places[x].ID
			}
			e := p.Warnf(at(placePtr(m, part[0])), "disconnected", "map %s: no chain of connections joins %s to %s %s and the %s joined to it", m.ID,
				placeList(ids, g), g.PlaceWord(1, false), g.Places[parts[0][0]].ID, g.PlaceWord(2, false))
			e.Hint = "add a connection, or mark holding boxes offboard: true"
		}
	}
}

func otherList(m *content.Map) []content.Place {
	if m.PlacesKey() == "areas" {
		return m.Places
	}
	return m.Areas
}

// placeList lists place ids: "area x", "areas x and y".
func placeList(ids []string, g *content.Geometry) string {
	if len(ids) == 1 {
		return g.PlaceWord(1, false) + " " + ids[0]
	}
	if len(ids) > 6 {
		ids = append(ids[:5:5], fmt.Sprintf("%d more", len(ids)-5))
	}
	return g.PlaceWord(2, false) + " " + strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

func mapKindName(m *content.Map) string {
	if m.Grid.Type == content.GridArea {
		return "an area map"
	}
	return "a point-to-point map"
}

// mapUnit is the unit of an area or point-to-point map's coordinates: in or mm.
func mapUnit(m *content.Map) string { return cmp.Or(m.Grid.Units, "in") }

func mapUnitsHint(m *content.Map) string {
	return fmt.Sprintf("coordinates are in the map's units (%s) from its top-left corner", mapUnit(m))
}

// onMap reports whether a point (inches) lies on the map, within placeTol.
func onMap(g *content.Geometry, pt grid.Point) bool {
	return pt.X >= -placeTol && pt.Y >= -placeTol && pt.X <= g.Table.Width+placeTol && pt.Y <= g.Table.Height+placeTol
}

func num(x float64) string {
	s := fmt.Sprintf("%.3f", x)
	s = strings.TrimRight(strings.TrimRight(s, "0"), ".")
	if s == "-0" {
		s = "0"
	}
	return s
}

// checkOutline reports what is wrong with area i's outline, and returns it when it can be worked with.
func checkOutline(p *Pass, m *content.Map, g *content.Geometry, i int) grid.Polygon {
	pl := g.Places[i]
	at := func(ptr string) diag.Pos { return docPos(m.Doc, ptr, m.At) }
	if len(pl.Polygon) > content.MaxPolygonPoints {
		return nil // the schema reports it
	}
	for k, xy := range pl.Polygon {
		if _, ok := g.Point(xy); !ok {
			p.Errorf(at(placePtr(m, i, "polygon")+fmt.Sprintf("/%d", k)), "polygon", "corner %d of area %s is not two numbers", k+1, pl.ID)
			return nil
		}
	}
	if len(pl.Polygon) < 3 {
		return nil // the schema reports it
	}
	pg := g.Outline(i)
	for k, v := range pg {
		if !onMap(g, v) && !pl.Offboard {
			p.Errorf(at(placePtr(m, i, "polygon")+fmt.Sprintf("/%d", k)), "polygon", "corner %d of area %s, (%s, %s), is off the map's %s x %s%s", k+1, pl.ID,
				num(pl.Polygon[k][0]), num(pl.Polygon[k][1]), num(g.Table.Width/g.Scale), num(g.Table.Height/g.Scale), mapUnit(m)).Hint = mapUnitsHint(m)
			return nil
		}
	}
	if a, b, x, crossed := pg.SelfCrossing(placeTol); crossed {
		e := p.Errorf(at(placePtr(m, i, "polygon")+fmt.Sprintf("/%d", b)), "polygon", "the outline of area %s crosses itself near (%s, %s): its edge from corner %d meets its edge from corner %d",
			pl.ID, num(x.X/g.Scale), num(x.Y/g.Scale), a+1, b+1)
		e.Hint = "list the corners in order around the area, and do not pass the same corner twice"
		return nil
	}
	if pg.Area() < placeTol*placeTol {
		p.Errorf(at(placePtr(m, i, "polygon")), "polygon", "the outline of area %s encloses nothing: its corners lie on one line", pl.ID)
		return nil
	}
	return pg
}

// checkPlaceRefs checks what a place names: its terrain, owner and stats.
func checkPlaceRefs(p *Pass, sys *content.System, m *content.Map, g *content.Geometry, i int, ppos func(string) diag.Pos) {
	pl := g.Places[i]
	if sys == nil {
		return
	}
	if pl.Terrain != "" {
		var ids []string
		found := false
		for _, t := range sys.Terrain {
			ids = append(ids, t.ID)
			found = found || t.ID == pl.Terrain
		}
		if !found {
			e := p.Errorf(ppos("terrain"), "terrain", "%s %s has terrain %q, which the System does not declare", g.PlaceWord(1, false), pl.ID, pl.Terrain)
			e.Hint = diag.DidYouMean(pl.Terrain, ids)
		}
	}
	if pl.Kind != "" && len(sys.PlaceKinds) > 0 {
		var ids []string
		found := false
		for _, k := range sys.PlaceKinds {
			ids = append(ids, k.ID)
			found = found || k.ID == pl.Kind
		}
		if !found {
			e := p.Errorf(ppos("kind"), "kind", "%s %s is of kind %q, which the System's placeKinds do not declare", g.PlaceWord(1, false), pl.ID, pl.Kind)
			e.Hint = diag.DidYouMean(pl.Kind, ids)
		}
	}
	if pl.Owner != "" {
		var ids []string
		found := false
		for _, f := range sys.Factions {
			ids = append(ids, f.ID)
			found = found || f.ID == pl.Owner
		}
		if !found {
			e := p.Errorf(ppos("owner"), "owner", "%s %s is owned by %q, which is no faction of the System", g.PlaceWord(1, false), pl.ID, pl.Owner)
			e.Hint = diag.DidYouMean(pl.Owner, ids)
		}
	}
	_, problems := sys.TypePlaceStats(pl.Stats)
	for _, pr := range problems {
		if pr.Scalar.NotScalar {
			continue
		}
		if pr.Err != nil {
			p.Errorf(pr.Scalar.At, "stat", "%s %s: %v", g.PlaceWord(1, false), pl.ID, pr.Err)
			continue
		}
		e := p.Errorf(pr.Scalar.At, "stat", "%s %s has stat %q, which the System's placeStats do not declare", g.PlaceWord(1, false), pl.ID, pr.ID)
		e.Hint = diag.DidYouMean(pr.ID, sys.PlaceStatIDs())
		if e.Hint == "" {
			e.Hint = "declare it in the System's placeStats"
		}
	}
	for _, def := range sys.PlaceStats {
		if _, ok := pl.Stats[def.ID]; def.Required && !ok && !pl.Offboard {
			p.Errorf(ppos("id"), "stat", "%s %s has no %s, which the System requires of every place", g.PlaceWord(1, false), pl.ID, def.ID)
		}
	}
}

func checkConnections(p *Pass, m *content.Map, g *content.Geometry) {
	at := func(ptr string) diag.Pos { return docPos(m.Doc, ptr, m.At) }
	sys := p.Pkg.System
	type key struct{ places, typ string }
	seen := map[key]int{}
	ids := g.PlaceIDs()
	joined := map[[2]int]bool{}
	for ci, c := range m.Connections {
		cptr := content.Pointer("/connections", ci)
		var idx []int
		ok := true
		for k, id := range c.Between {
			i, found := g.PlaceIndex(id)
			if !found {
				e := p.Errorf(at(cptr+fmt.Sprintf("/between/%d", k)), "unknown", "connection %d of map %s joins %q, which is no %s of the map", ci+1, m.ID, id, g.PlaceWord(1, false))
				e.Hint = diag.DidYouMean(id, ids)
				ok = false
				continue
			}
			if slices.Contains(idx, i) {
				p.Errorf(at(cptr+fmt.Sprintf("/between/%d", k)), "self", "connection %d of map %s joins %s to itself", ci+1, m.ID, id).Hint =
					"a connection joins different places; list each once"
				ok = false
				continue
			}
			idx = append(idx, i)
		}
		if len(c.Between) > content.MaxConnectionBetween {
			ok = false // the schema reports it
		}
		if f := sys.FeatureDef(c.Type); c.Type != "" && f == nil {
			var fs []string
			if sys != nil {
				for _, f := range sys.Features {
					fs = append(fs, f.ID)
				}
			}
			e := p.Errorf(at(cptr+"/type"), "type", "connection %d of map %s is of type %q, which the System's features do not declare", ci+1, m.ID, c.Type)
			e.Hint = diag.DidYouMean(c.Type, fs)
		} else if f != nil && f.On == content.FeatureCrossing {
			p.Errorf(at(cptr+"/type"), "type", "connection %d of map %s is of type %s, a crossing: a connection's type is a path feature (a road) or a hexside feature (a border)", ci+1, m.ID, c.Type)
		}
		if len(c.Route) > 0 {
			if pts, ok := g.Polyline(c.Route); !ok {
				p.Errorf(at(cptr+"/route"), "route", "the route of connection %d of map %s has a point that is not two numbers", ci+1, m.ID)
			} else {
				for k, pt := range pts {
					if !onMap(g, pt) {
						p.Errorf(at(cptr+fmt.Sprintf("/route/%d", k)), "route", "point %d of the route of connection %d of map %s is off the map", k+1, ci+1, m.ID).Hint = mapUnitsHint(m)
						break
					}
				}
			}
		}
		if !ok || len(idx) < 2 {
			continue
		}
		sorted := slices.Clone(c.Between)
		slices.Sort(sorted)
		k := key{strings.Join(sorted, "\x00"), c.Type}
		if j, dup := seen[k]; dup {
			e := p.Errorf(at(cptr), "duplicate", "connection %d of map %s joins %s again, as connection %d does", ci+1, m.ID, strings.Join(c.Between, " and "), j+1)
			e.Related = append(e.Related, diag.Related{Pos: at(content.Pointer("/connections", j)), Message: "the first is here"})
			continue
		}
		seen[k] = ci
		for x := range idx {
			for y := x + 1; y < len(idx); y++ {
				a, b := min(idx[x], idx[y]), max(idx[x], idx[y])
				joined[[2]int{a, b}] = true
			}
		}
	}
	if g.Type != content.GridArea {
		return
	}
	// Borders and connections on an area map.
	var polys []grid.Polygon
	var index []int
	for i := range g.Places {
		if g.Places[i].Offboard {
			continue
		}
		if pg := g.Outline(i); pg != nil {
			if _, _, _, crossed := pg.SelfCrossing(placeTol); !crossed {
				polys = append(polys, pg)
				index = append(index, i)
			}
		}
	}
	touching := map[[2]int]bool{}
	for _, b := range grid.SharedBorders(polys, placeTol) {
		a, c := index[b.A], index[b.B]
		touching[[2]int{min(a, c), max(a, c)}] = true
		if !joined[[2]int{min(a, c), max(a, c)}] {
			e := p.Warnf(at(placePtr(m, max(a, c), "polygon")), "missing", "areas %s and %s of map %s share a border (%s%s long) but no connection joins them",
				g.Places[a].ID, g.Places[c].ID, m.ID, num(b.Length/g.Scale), mapUnit(m))
			e.Hint = "add a connection between them, of an impassable feature where the border cannot be crossed"
		}
	}
	for ci, c := range m.Connections {
		if c.Distant {
			continue
		}
		for x := 0; x < len(c.Between); x++ {
			for y := x + 1; y < len(c.Between); y++ {
				i, ok1 := g.PlaceIndex(c.Between[x])
				j, ok2 := g.PlaceIndex(c.Between[y])
				if !ok1 || !ok2 || i == j || g.Places[i].Offboard || g.Places[j].Offboard || g.Outline(i) == nil || g.Outline(j) == nil {
					continue
				}
				if !touching[[2]int{min(i, j), max(i, j)}] {
					e := p.Warnf(at(content.Pointer("/connections", ci)), "untouched", "connection %d of map %s joins areas %s and %s, which share no border", ci+1, m.ID, c.Between[x], c.Between[y])
					e.Hint = "say distant: true for a connection across water or a gap (a sea lane), or fix the outlines so they meet"
				}
			}
		}
	}
}
