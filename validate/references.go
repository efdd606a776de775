package validate

import (
	"fmt"
	"maps"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

var referencesCheck = &Check{
	Name:    "references",
	Stage:   StageCheck,
	Doc:     "every id a document refers to exists after mods are applied\n\nUnit types, markers, counter mixes, maps, forces, classes, factions, terrain, features, items, stacking variants, sides; what a roster or an award counts (units, points, or a numeric stat or derived value); the terrain and features a weather's moveCosts name, each a number or impassable; a mistyped id gets the nearest one as a hint and the place it is defined.",
	Package: runReferences,
}

// refs resolves references and reports the missing ones with a did-you-mean and the nearest candidate's place.
type refs struct {
	p   *Pass
	sys *content.System
}

// doc checks a reference to a document.
func (r refs) doc(at diag.Pos, kind, id, what string) {
	if id == "" || r.p.Pkg.Has(kind, id) {
		return
	}
	ids := r.p.Pkg.IDs(kind)
	e := r.p.Errorf(at, "unknown", "unknown %s %q", what, id)
	if s := diag.Suggest(id, ids, 1); len(s) > 0 {
		e.Hint = fmt.Sprintf("did you mean %q?", s[0])
		if d := r.p.Pkg.Lookup(kind, s[0]); d != nil {
			e.Related = append(e.Related, diag.Related{Pos: content.MetaOf(d).At, Message: fmt.Sprintf("%s %q is defined here", kind, s[0])})
		}
	} else {
		e.Hint = fmt.Sprintf("define it in a document with kind: %s and id: %s", kind, id)
	}
}

// local checks a reference to an id the System declares in a list (classes, factions, terrain, ...).
func (r refs) local(at diag.Pos, id, what string, ids []string, pos func(string) diag.Pos) {
	if id == "" {
		return
	}
	for _, x := range ids {
		if x == id {
			return
		}
	}
	e := r.p.Errorf(at, "unknown", "unknown %s %q", what, id)
	if s := diag.Suggest(id, ids, 1); len(s) > 0 {
		e.Hint = fmt.Sprintf("did you mean %q?", s[0])
		if pos != nil {
			e.Related = append(e.Related, diag.Related{Pos: pos(s[0]), Message: fmt.Sprintf("%s %q is declared here", what, s[0])})
		}
	} else if r.sys != nil {
		e.Hint = fmt.Sprintf("declare it in the System (%s)", r.sys.At)
	}
}

func idsAndPos[T any](xs []T, id func(T) string, at func(T) diag.Pos) ([]string, func(string) diag.Pos) {
	ids := make([]string, len(xs))
	pos := map[string]diag.Pos{}
	for i, x := range xs {
		ids[i] = id(x)
		pos[ids[i]] = at(x)
	}
	return ids, func(s string) diag.Pos { return pos[s] }
}

func runReferences(p *Pass) {
	pkg := p.Pkg
	sys := pkg.System
	r := refs{p: p, sys: sys}
	if sys == nil {
		sys = &content.System{}
	}
	classIDs, classPos := idsAndPos(sys.Classes, func(c content.ClassDef) string { return c.ID }, func(c content.ClassDef) diag.Pos { return c.At })
	factionIDs, factionPos := idsAndPos(sys.Factions, func(c content.FactionDef) string { return c.ID }, func(c content.FactionDef) diag.Pos { return c.At })
	terrainIDs, terrainPos := idsAndPos(sys.Terrain, func(c content.TerrainDef) string { return c.ID }, func(c content.TerrainDef) diag.Pos { return c.At })
	featureIDs, featurePos := idsAndPos(sys.Features, func(c content.FeatureDef) string { return c.ID }, func(c content.FeatureDef) diag.Pos { return c.At })
	itemIDs, itemPos := idsAndPos(sys.Items, func(c content.ItemDef) string { return c.ID }, func(c content.ItemDef) diag.Pos { return c.At })
	faceIDs, facePos := idsAndPos(sys.Faces, func(c content.FaceLayout) string { return c.ID }, func(c content.FaceLayout) diag.Pos { return c.At })
	scaleIDs, scalePos := idsAndPos(sys.Scales, func(c content.Scale) string { return c.ID }, func(c content.Scale) diag.Pos { return c.At })
	class := func(at diag.Pos, ids ...string) {
		for _, id := range ids {
			r.local(at, id, "class", classIDs, classPos)
		}
	}
	faction := func(at diag.Pos, ids ...string) {
		for _, id := range ids {
			r.local(at, id, "faction", factionIDs, factionPos)
		}
	}
	terrain := func(at diag.Pos, id string) { r.local(at, id, "terrain", terrainIDs, terrainPos) }
	feature := func(at diag.Pos, id string) { r.local(at, id, "feature", featureIDs, featurePos) }
	// placed says where a map puts a feature that the System places elsewhere: a road listed as a hexside
	// would cost movement as a river does and be drawn on cell edges.
	placed := func(at diag.Pos, id, on, as string) {
		if f := sys.FeatureDef(id); f != nil && f.On != on {
			e := p.Errorf(at, "placement", "feature %s lies on %s (its on: %s), but the map lists it among its %s", id, featureOnWords(f.On), f.On, as)
			e.Related = append(e.Related, diag.Related{Pos: f.At, Message: "the feature is declared here"})
			e.Hint = fmt.Sprintf("list it where a %s feature goes, or give the map a feature that lies on %s", f.On, featureOnWords(on))
		}
	}
	// What a roster adds up or an award counts: units, points, or a numeric stat or derived value.
	measureIDs := []string{content.MeasureUnits, content.MeasurePoints}
	for _, st := range sys.Stats {
		if st.Type == content.StatValue || st.Type == content.StatInt {
			measureIDs = append(measureIDs, st.ID)
		}
	}
	for _, d := range sys.Derived {
		measureIDs = append(measureIDs, d.ID)
	}
	measure := func(at diag.Pos, id string) {
		if id != "" {
			r.local(at, id, "numeric stat, derived value, units or points", measureIDs, nil)
		}
	}
	if ro := sys.Roster; ro != nil {
		measure(ro.Fields.Of("counts", ro.At), ro.Counts)
	}

	// Inside the System.
	for _, w := range sys.Weather {
		for _, id := range slices.Sorted(maps.Keys(w.MoveCosts)) {
			c := w.MoveCosts[id]
			if sys.FeatureDef(id) == nil && !slices.Contains(terrainIDs, id) {
				e := p.Errorf(c.At, "unknown", "weather %s's moveCosts name %q, which is neither a terrain nor a feature of the System", w.ID, id)
				e.Hint = diag.DidYouMean(id, append(slices.Clone(terrainIDs), featureIDs...))
			}
			if _, _, err := content.MoveCost(&c); err != nil {
				p.Errorf(c.At, "value", "weather %s's cost of %s is %q: a number, or impassable", w.ID, id, c.Text)
			}
		}
	}
	for _, f := range sys.Faces {
		class(f.At, f.Applies...)
		for _, s := range f.Slots {
			if s.Stat != "" && sys.Stat(s.Stat) == nil {
				r.local(s.Fields.Of("stat", s.At), s.Stat, "stat", sys.StatIDs(), nil)
			}
		}
	}
	for _, pr := range sys.Points {
		class(pr.Fields.Of("applies", pr.At), pr.Applies...)
	}
	for _, d := range sys.Derived {
		class(d.Fields.Of("applies", d.At), d.Applies...)
	}
	for _, t := range sys.Terrain {
		class(t.Fields.Of("admits", t.At), t.Admits...)
	}
	models := []*content.Stacking{sys.Stacking}
	for i := range sys.StackingVariants {
		models = append(models, &sys.StackingVariants[i])
	}
	for _, st := range models {
		if st == nil {
			continue
		}
		class(st.At, st.Ignore...)
		for _, l := range st.PerClass {
			class(l.Fields.Of("classes", l.At), l.Classes...)
		}
		for _, g := range st.Groups {
			class(g.Fields.Of("class", g.At), g.Class)
			class(g.Fields.Of("mixesWith", g.At), g.MixesWith...)
		}
		if c := st.Capacity; c != nil {
			if sys.PlaceStat(c.Stat) == nil {
				r.local(c.Fields.Of("stat", c.At), c.Stat, "place stat", sys.PlaceStatIDs(), nil)
			} else if d := sys.PlaceStat(c.Stat); d.Type != content.StatInt && d.Type != content.StatValue {
				p.Errorf(c.Fields.Of("stat", c.At), "capacity", "the capacity counts units by place stat %s, which is a %s, not a number", c.Stat, d.Type)
			}
			for _, a := range c.Adjust {
				if a.Faction != "" {
					faction(a.Fields.Of("faction", a.At), a.Faction)
				}
				class(a.Fields.Of("classes", a.At), a.Classes...)
			}
		}
	}
	for _, rule := range sys.Rules {
		if c := rule.Count; c != nil {
			class(rule.At, c.Classes...)
			for _, u := range c.Units {
				r.doc(rule.At, content.KindUnitType, u, "unit type")
			}
		}
		if c := rule.Percent; c != nil {
			class(rule.At, c.Classes...)
		}
		if c := rule.Ratio; c != nil {
			class(rule.At, c.Need...)
			class(rule.At, c.Of...)
			class(rule.At, c.Except...)
			for _, u := range c.NeedUnits {
				r.doc(rule.At, content.KindUnitType, u, "unit type")
			}
		}
		if c := rule.PerPoints; c != nil {
			class(rule.At, c.Classes...)
			for _, u := range c.Units {
				r.doc(rule.At, content.KindUnitType, u, "unit type")
			}
		}
		class(rule.At, rule.Unique...)
	}

	for _, u := range pkg.UnitTypes() {
		faction(u.Doc.PosOf("/faction"), u.Faction)
		for i, c := range u.Classes {
			class(u.Doc.PosOf(content.Pointer("/classes", i)), c)
		}
		if u.Face != "" {
			r.local(u.Doc.PosOf("/face"), u.Face, "face layout", faceIDs, facePos)
		}
		if u.Back != nil && u.Back.Marker != "" {
			r.doc(u.Doc.PosOf("/back/marker"), content.KindMarker, u.Back.Marker, "marker")
		}
		for _, c := range u.Components {
			r.doc(c.Fields.Of("unit", c.At), content.KindUnitType, c.Unit, "unit type")
		}
	}
	for _, m := range pkg.Markers() {
		faction(m.Doc.PosOf("/faction"), m.Faction)
		class(m.At, m.Classes...)
		if m.Back != nil && m.Back.Marker != "" {
			r.doc(m.Doc.PosOf("/back/marker"), content.KindMarker, m.Back.Marker, "marker")
		}
	}
	for _, mix := range pkg.CounterMixes() {
		for _, e := range mix.Counters {
			r.doc(e.Fields.Of("unit", e.At), content.KindUnitType, e.Unit, "unit type")
			r.doc(e.Fields.Of("marker", e.At), content.KindMarker, e.Marker, "marker")
			faction(e.Fields.Of("faction", e.At), e.Faction)
			if e.Unit == "" && e.Marker == "" {
				p.Errorf(e.At, "empty", "a counter mix line names neither a unit nor a marker")
			}
		}
	}
	for _, m := range pkg.Maps() {
		for ch, t := range m.Legend {
			terrain(m.Doc.PosOf(content.Pointer("/legend", ch)), t)
		}
		for _, c := range m.Cells {
			terrain(c.Fields.Of("terrain", c.At), c.Terrain)
		}
		for _, h := range m.Hexsides {
			feature(h.Fields.Of("type", h.At), h.Type)
			placed(h.Fields.Of("type", h.At), h.Type, content.FeatureHexside, "hexsides")
		}
		for _, pth := range m.Paths {
			feature(pth.Fields.Of("type", pth.At), pth.Type)
			if m.Grid.Type != content.GridOpen { // a table's lines of points draw any feature: a road or a river
				placed(pth.Fields.Of("type", pth.At), pth.Type, content.FeaturePath, "paths")
			}
		}
		for _, c := range m.Crossings {
			feature(c.Fields.Of("type", c.At), c.Type)
			placed(c.Fields.Of("type", c.At), c.Type, content.FeatureCrossing, "crossings")
		}
		for _, pc := range m.Pieces {
			terrain(pc.Fields.Of("terrain", pc.At), pc.Terrain)
		}
	}
	for _, f := range pkg.Forces() {
		faction(f.Doc.PosOf("/faction"), f.Faction)
		r.doc(f.Doc.PosOf("/mix"), content.KindCounterMix, f.Mix, "counter mix")
		if f.Scale != "" {
			r.local(f.Doc.PosOf("/scale"), f.Scale, "scale", scaleIDs, scalePos)
		}
		forceEntries(r, f.Units, f.Markers)
		for _, it := range f.Items {
			r.local(it.Fields.Of("item", it.At), it.Item, "item", itemIDs, itemPos)
			r.doc(it.Fields.Of("unit", it.At), content.KindUnitType, it.Unit, "unit type")
		}
	}
	for _, s := range pkg.Scenarios() {
		r.doc(s.Doc.PosOf("/map/map"), content.KindMap, s.Map.Map, "map")
		placed := map[string]bool{}
		for _, b := range s.Map.Boards {
			r.doc(b.Fields.Of("board", b.At), content.KindMap, b.Board, "board")
			placed[b.Board] = true
		}
		for _, b := range s.Map.Boards {
			for _, other := range []string{b.RightOf, b.LeftOf, b.Above, b.Below} {
				if other != "" && !placed[other] {
					p.Errorf(b.At, "board-layout", "board %s is placed next to %q, which is not one of this scenario's boards", b.Board, other)
				}
			}
		}
		if s.Scale != "" {
			r.local(s.Doc.PosOf("/scale"), s.Scale, "scale", scaleIDs, scalePos)
		}
		if s.StackingVariant != "" {
			ids, pos := idsAndPos(sys.StackingVariants, func(c content.Stacking) string { return c.ID }, func(c content.Stacking) diag.Pos { return c.At })
			r.local(s.Doc.PosOf("/stackingVariant"), s.StackingVariant, "stacking variant", ids, pos)
		}
		sideIDs := make([]string, len(s.Sides))
		for i, side := range s.Sides {
			sideIDs[i] = side.ID
			faction(side.Fields.Of("faction", side.At), side.Faction...)
			r.doc(side.Fields.Of("force", side.At), content.KindForce, side.Force, "force")
			for _, f := range side.Forces {
				r.doc(side.Fields.Of("forces", side.At), content.KindForce, f, "force")
			}
			for _, pl := range side.Setup {
				r.doc(pl.Fields.Of("unit", pl.At), content.KindUnitType, pl.Unit, "unit type")
			}
			forceEntries(r, side.Minimums, nil)
			for _, it := range side.Items {
				r.local(it.Fields.Of("item", it.At), it.Item, "item", itemIDs, itemPos)
				r.doc(it.Fields.Of("unit", it.At), content.KindUnitType, it.Unit, "unit type")
			}
			for _, e := range side.Entry {
				for _, u := range e.Units {
					r.doc(e.Fields.Of("units", e.At), content.KindUnitType, u, "unit type")
				}
			}
		}
		sidePos := func(id string) diag.Pos {
			for _, sd := range s.Sides {
				if sd.ID == id {
					return sd.At
				}
			}
			return diag.Pos{}
		}
		for _, rf := range s.Reinforcements {
			r.local(rf.Fields.Of("side", rf.At), rf.Side, "side", sideIDs, sidePos)
			forceEntries(r, rf.Units, nil)
		}
		if v := s.Victory; v != nil {
			if v.Score != "" {
				r.local(s.Doc.PosOf("/victory/score"), v.Score, "side", sideIDs, sidePos)
			}
			objIDs := make([]string, len(s.Objectives))
			for i, o := range s.Objectives {
				objIDs[i] = o.ID
			}
			for _, a := range v.Awards {
				r.local(a.Fields.Of("side", a.At), a.Side, "side", sideIDs, sidePos)
				if a.Of != "" {
					r.local(a.Fields.Of("of", a.At), a.Of, "side", sideIDs, sidePos)
				}
				measure(a.Fields.Of("counts", a.At), a.Counts)
				if a.Objective != "" {
					r.local(a.Fields.Of("objective", a.At), a.Objective, "objective", objIDs, nil)
				}
				for _, u := range a.Units {
					r.doc(a.Fields.Of("units", a.At), content.KindUnitType, u, "unit type")
				}
				class(a.Fields.Of("classes", a.At), a.Classes...)
			}
			for _, l := range v.Levels {
				if l.Winner != "" {
					r.local(l.Fields.Of("winner", l.At), l.Winner, "side", sideIDs, sidePos)
				}
			}
		}
	}
	for _, g := range pkg.Generators() {
		if mg := g.Map; mg != nil {
			r.doc(g.Doc.PosOf("/map/base"), content.KindMap, mg.Base, "map")
			if mg.Default != "" {
				terrain(g.Doc.PosOf("/map/default"), mg.Default)
			}
			for _, m := range mg.Mix {
				terrain(m.Fields.Of("terrain", m.At), m.Terrain)
			}
			if rv := mg.Rivers; rv != nil {
				for i, f := range []string{rv.Feature, rv.Bridge, rv.Ford} {
					if f != "" {
						feature(g.Doc.PosOf("/map/rivers/"+[]string{"feature", "bridge", "ford"}[i]), f)
					}
				}
			}
			if rd := mg.Roads; rd != nil && rd.Feature != "" {
				feature(g.Doc.PosOf("/map/roads/feature"), rd.Feature)
			}
			if st := mg.Settlements; st != nil && st.Terrain != "" {
				terrain(g.Doc.PosOf("/map/settlements/terrain"), st.Terrain)
			}
			if mg.Slopes != "" {
				feature(g.Doc.PosOf("/map/slopes"), mg.Slopes)
			}
		}
		if sg := g.Scenario; sg != nil {
			if sg.Boards != nil {
				for i, b := range sg.Boards.From {
					r.doc(g.Doc.PosOf(content.Pointer("/scenario/boards/from", i)), content.KindMap, b, "board")
				}
			}
			r.doc(g.Doc.PosOf("/scenario/mapGenerator"), content.KindGenerator, sg.MapGen, "generator")
			if sg.Scale != "" {
				r.local(g.Doc.PosOf("/scenario/scale"), sg.Scale, "scale", scaleIDs, scalePos)
			}
			for _, sd := range sg.Sides {
				faction(sd.At, sd.Faction...)
				r.doc(sd.At, content.KindCounterMix, sd.Mix, "counter mix")
				for _, a := range sd.Armies {
					r.doc(a.At, content.KindForce, a.Force, "force")
				}
				for _, u := range sd.Units {
					r.doc(sd.At, content.KindUnitType, u, "unit type")
				}
				class(sd.At, sd.Classes...)
			}
		}
	}
}

func forceEntries(r refs, units, markers []content.ForceEntry) {
	for _, e := range units {
		r.doc(e.Fields.Of("unit", e.At), content.KindUnitType, e.Unit, "unit type")
		r.doc(e.Fields.Of("marker", e.At), content.KindMarker, e.Marker, "marker")
	}
	for _, e := range markers {
		r.doc(e.Fields.Of("marker", e.At), content.KindMarker, e.Marker, "marker")
		r.doc(e.Fields.Of("unit", e.At), content.KindUnitType, e.Unit, "unit type")
	}
}

// featureOnWords says where a feature of a placement lies, in words.
func featureOnWords(on string) string {
	switch on {
	case content.FeatureHexside:
		return "cell sides"
	case content.FeaturePath:
		return "paths from cell to cell"
	case content.FeatureCrossing:
		return "crossings where a path meets a hexside"
	}
	return on
}
