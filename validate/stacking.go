package validate

import (
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
)

var stackingCheck = &Check{
	Name:     "stacking",
	Stage:    StageCheck,
	Doc:      "scenario setups respect the stacking rules\n\nThe System's stacking, or the stackingVariant the scenario chooses: units per side per cell (the model's limit or the side's stacking), per-class limits by side or cell, class compatibility groups, the capacity of each area or place (from one of its stats, with the adjustments that apply to the side) and the declared exceptions.",
	Requires: []Requirement{Engine},
	Applies: func(pkg *content.Package) bool {
		if pkg.System != nil && (pkg.System.Stacking != nil || len(pkg.System.StackingVariants) > 0) {
			return len(pkg.Scenarios()) > 0
		}
		return anySide(pkg, func(s *content.Side) bool { return s.Stacking != nil })
	},
	Scenario: func(p *Pass, sc *content.Scenario) { checkStacking(p, Get(p, Engine), sc) },
}

func checkStacking(p *Pass, e *rules.Engine, sc *content.Scenario) {
	st := e.Stacking(sc)
	if st == nil && sc.StackingVariant != "" {
		return // references reports the unknown variant
	}
	anySide := false
	for _, s := range sc.Sides {
		if s.Stacking != nil {
			anySide = true
		}
	}
	if st == nil && !anySide {
		return
	}
	if st == nil {
		st = &content.Stacking{}
	}
	counts := func(u rules.Placed) bool { return !shareAny(st.Ignore, u.Unit.Type.Classes) }
	set, _ := p.Pkg.MapSet(sc)
	for _, c := range e.Cells(sc) {
		bySide := map[string][]rules.Placed{}
		var sides []string
		var all []rules.Placed
		for _, u := range c.Units {
			if !counts(u) {
				continue
			}
			if _, ok := bySide[u.Side]; !ok {
				sides = append(sides, u.Side)
			}
			bySide[u.Side] = append(bySide[u.Side], u)
			all = append(all, u)
		}
		for _, sid := range sides {
			us := bySide[sid]
			limit, from := st.Limit, "the System's stacking limit"
			var side *content.Side
			for i := range sc.Sides {
				if sc.Sides[i].ID == sid {
					side = &sc.Sides[i]
				}
			}
			if side != nil && side.Stacking != nil {
				limit, from = *side.Stacking, fmt.Sprintf("side %s's stacking limit", sid)
			}
			if limit > 0 && len(us) > limit && !e.Excepted(st, us) {
				d := p.Errorf(us[limit].At, "limit", "%s: side %s sets up %d units (%s), more than %s of %d", cellName(set, c.Label), sid, len(us), unitList(us), from, limit)
				stackRelated(d, st, side, us)
			}
			if st.Capacity != nil && st.Capacity.Scope != "cell" {
				capacity(p, e, st, set, c.Label, side, us, "side "+sid)
			}
			for _, cl := range st.PerClass {
				if cl.Scope == "cell" {
					continue
				}
				classLimit(p, e, st, c, cl, us, "side "+sid)
			}
			compat(p, st, c, us, sid)
		}
		for _, cl := range st.PerClass {
			if cl.Scope == "cell" {
				classLimit(p, e, st, c, cl, all, "")
			}
		}
		if st.Capacity != nil && st.Capacity.Scope == "cell" && len(all) > 0 {
			capacity(p, e, st, set, c.Label, nil, all, "both sides")
		}
	}
}

// cellName is how a message names a cell of the set: "cell 0101", or "area lothian" on an area map.
func cellName(set *content.MapSet, label string) string {
	if set == nil {
		return "cell " + label
	}
	return set.PlaceWord() + " " + label
}

// capacity reports a place of an area or point-to-point map holding more of a side's units (or, for side
// nil, of both sides') than its capacity lets it.
func capacity(p *Pass, e *rules.Engine, st *content.Stacking, set *content.MapSet, label string, side *content.Side, us []rules.Placed, who string) {
	limit, why, ok := e.Capacity(st, set, label, side, us)
	if !ok || len(us) <= limit || e.Excepted(st, us) {
		return
	}
	d := p.Errorf(us[limit].At, "capacity", "%s holds %d units of %s (%s), more than its capacity of %d (%s)", cellName(set, label), len(us), who, unitList(us), limit, why)
	d.Related = append(d.Related, diag.Related{Pos: st.Capacity.At, Message: "the capacity rule"})
	otherPlacements(d, us)
}

func classLimit(p *Pass, e *rules.Engine, st *content.Stacking, c *rules.Cell, cl content.ClassLimit, us []rules.Placed, who string) {
	var hit []rules.Placed
	for _, u := range us {
		if shareAny(cl.Classes, u.Unit.Type.Classes) {
			hit = append(hit, u)
		}
	}
	if len(hit) <= cl.Max || e.Excepted(st, hit) {
		return
	}
	whose := ""
	if who != "" {
		whose = " of " + who
	}
	d := p.Errorf(hit[cl.Max].At, "class", "cell %s holds %d %s units%s (%s), more than the %d allowed", c.Label, len(hit),
		strings.Join(cl.Classes, " or "), whose, unitList(hit), cl.Max)
	doc := cl.Doc
	if doc == "" {
		doc = "per-class stacking limit"
	}
	d.Related = append(d.Related, diag.Related{Pos: cl.At, Message: doc})
	otherPlacements(d, hit)
}

// compat applies the compatibility groups (PRESTAGS 5.3): two classes may share a cell when either lists the
// other in mixesWith or is marked any; classes no group names are free.
func compat(p *Pass, st *content.Stacking, c *rules.Cell, us []rules.Placed, side string) {
	if len(st.Groups) == 0 {
		return
	}
	groups := map[string]*content.CompatGroup{}
	for i := range st.Groups {
		groups[st.Groups[i].Class] = &st.Groups[i]
	}
	type present struct {
		class string
		u     rules.Placed
	}
	var ps []present
	seen := map[string]bool{}
	for _, u := range us {
		for _, cl := range u.Unit.Type.Classes {
			if groups[cl] != nil && !seen[cl] {
				seen[cl] = true
				ps = append(ps, present{cl, u})
			}
		}
	}
	ok := func(a, b string) bool {
		ga, gb := groups[a], groups[b]
		return ga.Any || gb.Any || slices.Contains(ga.MixesWith, b) || slices.Contains(gb.MixesWith, a)
	}
	for i := 0; i < len(ps); i++ {
		for j := i + 1; j < len(ps); j++ {
			a, b := ps[i], ps[j]
			if ok(a.class, b.class) {
				continue
			}
			d := p.Errorf(b.u.At, "mix", "cell %s: side %s mixes class %s (%s) with class %s (%s), which may not share a cell",
				c.Label, side, a.class, a.u.Unit.Type.ID, b.class, b.u.Unit.Type.ID)
			d.Related = append(d.Related, diag.Related{Pos: groups[a.class].At, Message: fmt.Sprintf("class %s may mix with %s", a.class, mixList(groups[a.class]))})
			if a.u.At != b.u.At {
				d.Related = append(d.Related, diag.Related{Pos: a.u.At, Message: a.u.Unit.Type.ID + " is set up here"})
			}
		}
	}
}

func mixList(g *content.CompatGroup) string {
	if g.Any {
		return "any class"
	}
	if len(g.MixesWith) == 0 {
		return "its own class only"
	}
	return strings.Join(g.MixesWith, ", ") + " and its own class"
}

func unitList(us []rules.Placed) string {
	count := map[string]int{}
	var order []string
	for _, u := range us {
		if count[u.Unit.Type.ID] == 0 {
			order = append(order, u.Unit.Type.ID)
		}
		count[u.Unit.Type.ID]++
	}
	var parts []string
	for _, id := range order {
		if count[id] > 1 {
			parts = append(parts, fmt.Sprintf("%d x %s", count[id], id))
		} else {
			parts = append(parts, id)
		}
	}
	return strings.Join(parts, ", ")
}

func stackRelated(d *diag.Diagnostic, st *content.Stacking, side *content.Side, us []rules.Placed) {
	if side != nil && side.Stacking != nil {
		d.Related = append(d.Related, diag.Related{Pos: side.Fields.Of("stacking", side.At), Message: "the side's stacking limit"})
	} else if !st.At.IsZero() {
		d.Related = append(d.Related, diag.Related{Pos: st.At, Message: "stacking is declared here"})
	}
	if len(st.Exceptions) > 0 {
		var ids []string
		for _, x := range st.Exceptions {
			ids = append(ids, x.ID)
		}
		d.Hint = "no stacking exception (" + strings.Join(ids, ", ") + ") allows this stack"
	}
	otherPlacements(d, us)
}

func otherPlacements(d *diag.Diagnostic, us []rules.Placed) {
	seen := map[diag.Pos]bool{d.Pos: true}
	var ps []diag.Pos
	for _, u := range us {
		if !seen[u.At] {
			seen[u.At] = true
			ps = append(ps, u.At)
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Less(ps[j]) })
	for _, pos := range ps {
		d.Related = append(d.Related, diag.Related{Pos: pos, Message: "also set up in this cell here"})
	}
}
