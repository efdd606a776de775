package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
)

var stackingCheck = &Check{
	Name: "stacking",
	Doc:  "scenario setups respect the System's stacking (or the stackingVariant the scenario chooses): units per side per cell (the model's limit or the side's stacking), per-class limits by side or cell, class compatibility groups, and the declared exceptions",
	Run: func(p *Pass) {
		e := engineFor(p.Pkg)
		for _, sc := range p.Pkg.Scenarios() {
			e.checkStacking(p, sc)
		}
		e.flush(p)
	},
}

// placedUnit is one unit set up on a cell.
type placedUnit struct {
	side  string
	info  *unitInfo
	group string
	at    diag.Pos
}

// cellUnits is what a scenario sets up on one cell.
type cellUnits struct {
	label string
	at    diag.Pos // the first placement naming the cell
	units []placedUnit
}

func (c *cellUnits) lines() []lineCalc {
	out := make([]lineCalc, 0, len(c.units))
	for _, u := range c.units {
		out = append(out, lineCalc{info: u.info, count: 1, points: u.info.cost, side: u.side,
			entry: &content.ForceEntry{Unit: u.info.ut.ID, Group: u.group}})
	}
	return out
}

// cells lays out a scenario's setup cell by cell, in order of first use. A placement of count units on several
// cells puts them one per cell in turn (count 0 means one per cell), a two-cell unit on a pair of cells; zones
// are not cells and are skipped. A placement's group wins over the group its force lines give.
// Labels are used as written: whether a label exists on the map set is the map checks' business.
func (e *rulesEngine) cells(sc *content.Scenario) []*cellUnits {
	byLabel := map[string]*cellUnits{}
	var order []*cellUnits
	for i := range sc.Sides {
		s := &sc.Sides[i]
		groups := e.unitGroups(s)
		for j := range s.Setup {
			pl := &s.Setup[j]
			if len(pl.Cells) == 0 {
				continue
			}
			info := e.unit(pl.Unit, nil)
			if info == nil {
				continue
			}
			span := 1
			if info.ut.Footprint == 2 {
				span = 2 // a two-cell unit stands in both of its cells
			}
			n := pl.Count
			if n == 0 {
				n = (len(pl.Cells) + span - 1) / span
			}
			at := pl.Fields.Of("cells", pl.At)
			group := groups[pl.Unit]
			if pl.Group != "" {
				group = pl.Group
			}
			for k := 0; k < n; k++ {
				for j := 0; j < span; j++ {
					label := pl.Cells[(k*span+j)%len(pl.Cells)]
					if j == 1 && label == pl.Cells[(k*span)%len(pl.Cells)] {
						continue // a two-cell unit given one cell (the placement check reports it) stands there once
					}
					c := byLabel[label]
					if c == nil {
						c = &cellUnits{label: label, at: at}
						byLabel[label] = c
						order = append(order, c)
					}
					c.units = append(c.units, placedUnit{side: s.ID, info: info, group: group, at: at})
				}
			}
		}
	}
	return order
}

// unitGroups gives each unit type of a side the group its force lines name, when they name one.
func (e *rulesEngine) unitGroups(s *content.Side) map[string]string {
	out := map[string]string{}
	mixed := map[string]bool{}
	for _, f := range e.sideForces(s) {
		for _, en := range f.Units {
			if g, ok := out[en.Unit]; ok && g != en.Group {
				mixed[en.Unit] = true
			}
			out[en.Unit] = en.Group
		}
	}
	for u := range mixed {
		out[u] = "" // several groups: which one a placement means is not said
	}
	return out
}

func (e *rulesEngine) checkStacking(p *Pass, sc *content.Scenario) {
	st := e.sys.Stacking
	if sc.StackingVariant != "" {
		st = nil
		for i := range e.sys.StackingVariants {
			if e.sys.StackingVariants[i].ID == sc.StackingVariant {
				st = &e.sys.StackingVariants[i]
			}
		}
		if st == nil {
			return // references reports the unknown variant
		}
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
	counts := func(u placedUnit) bool { return !shareAny(st.Ignore, u.info.ut.Classes) }
	for _, c := range e.cells(sc) {
		bySide := map[string][]placedUnit{}
		var sides []string
		var all []placedUnit
		for _, u := range c.units {
			if !counts(u) {
				continue
			}
			if _, ok := bySide[u.side]; !ok {
				sides = append(sides, u.side)
			}
			bySide[u.side] = append(bySide[u.side], u)
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
			if limit > 0 && len(us) > limit && !e.excepted(st, us) {
				d := p.Errorf(us[limit].at, "limit", "cell %s: side %s sets up %d units (%s), more than %s of %d", c.label, sid, len(us), unitList(us), from, limit)
				e.stackRelated(d, st, side, us)
			}
			for _, cl := range st.PerClass {
				if cl.Scope == "cell" {
					continue
				}
				e.classLimit(p, st, c, cl, us, "side "+sid)
			}
			e.compat(p, st, c, us, sid)
		}
		for _, cl := range st.PerClass {
			if cl.Scope == "cell" {
				e.classLimit(p, st, c, cl, all, "")
			}
		}
	}
}

func (e *rulesEngine) classLimit(p *Pass, st *content.Stacking, c *cellUnits, cl content.ClassLimit, us []placedUnit, who string) {
	var hit []placedUnit
	for _, u := range us {
		if shareAny(cl.Classes, u.info.ut.Classes) {
			hit = append(hit, u)
		}
	}
	if len(hit) <= cl.Max || e.excepted(st, hit) {
		return
	}
	whose := ""
	if who != "" {
		whose = " of " + who
	}
	d := p.Errorf(hit[cl.Max].at, "class", "cell %s holds %d %s units%s (%s), more than the %d allowed", c.label, len(hit),
		strings.Join(cl.Classes, " or "), whose, unitList(hit), cl.Max)
	doc := cl.Doc
	if doc == "" {
		doc = "per-class stacking limit"
	}
	d.Related = append(d.Related, diag.Related{Pos: cl.At, Message: doc})
	e.otherPlacements(d, hit)
}

// compat applies the compatibility groups (PRESTAGS 5.3): two classes may share a cell when either lists the
// other in mixesWith or is marked any; classes no group names are free.
func (e *rulesEngine) compat(p *Pass, st *content.Stacking, c *cellUnits, us []placedUnit, side string) {
	if len(st.Groups) == 0 {
		return
	}
	groups := map[string]*content.CompatGroup{}
	for i := range st.Groups {
		groups[st.Groups[i].Class] = &st.Groups[i]
	}
	type present struct {
		class string
		u     placedUnit
	}
	var ps []present
	seen := map[string]bool{}
	for _, u := range us {
		for _, cl := range u.info.ut.Classes {
			if groups[cl] != nil && !seen[cl] {
				seen[cl] = true
				ps = append(ps, present{cl, u})
			}
		}
	}
	ok := func(a, b string) bool {
		ga, gb := groups[a], groups[b]
		return ga.Any || gb.Any || strIn(ga.MixesWith, b) || strIn(gb.MixesWith, a)
	}
	for i := 0; i < len(ps); i++ {
		for j := i + 1; j < len(ps); j++ {
			a, b := ps[i], ps[j]
			if ok(a.class, b.class) {
				continue
			}
			d := p.Errorf(b.u.at, "mix", "cell %s: side %s mixes class %s (%s) with class %s (%s), which may not share a cell",
				c.label, side, a.class, a.u.info.ut.ID, b.class, b.u.info.ut.ID)
			d.Related = append(d.Related, diag.Related{Pos: groups[a.class].At, Message: fmt.Sprintf("class %s may mix with %s", a.class, mixList(groups[a.class]))})
			if a.u.at != b.u.at {
				d.Related = append(d.Related, diag.Related{Pos: a.u.at, Message: a.u.info.ut.ID + " is set up here"})
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

// excepted reports whether a stacking exception allows these units in one cell: no more than its max, every
// unit satisfying its `units` expression, and all sharing the fields it names.
func (e *rulesEngine) excepted(st *content.Stacking, us []placedUnit) bool {
	for i, x := range st.Exceptions {
		if x.Max > 0 && len(us) > x.Max {
			continue
		}
		var prog *formula.Program
		if progs := e.exceptions[st]; i < len(progs) {
			prog = progs[i]
		}
		if x.Units != "" && prog == nil {
			continue // did not compile; the formulas check said so
		}
		good := true
		for _, u := range us {
			if prog != nil {
				env := e.decl.UnitValues(u.info.data, nil, false)
				env["group"] = u.group
				ok, err := e.run.Bool(prog, env)
				if err != nil {
					e.runtimeErr(err, prog, fmt.Sprintf("stacking exception %s for unit type %s", x.ID, u.info.ut.ID))
					good = false
					break
				}
				if !ok {
					good = false
					break
				}
			}
			for _, f := range x.Same {
				if stackField(u, f) != stackField(us[0], f) || stackField(u, f) == "" {
					good = false
				}
			}
		}
		if good {
			return true
		}
	}
	return false
}

func stackField(u placedUnit, f string) string {
	switch f {
	case "type":
		return u.info.ut.ID
	case "group":
		return u.group
	case "faction":
		return u.info.ut.Faction
	}
	return ""
}

func unitList(us []placedUnit) string {
	count := map[string]int{}
	var order []string
	for _, u := range us {
		if count[u.info.ut.ID] == 0 {
			order = append(order, u.info.ut.ID)
		}
		count[u.info.ut.ID]++
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

func (e *rulesEngine) stackRelated(d *diag.Diagnostic, st *content.Stacking, side *content.Side, us []placedUnit) {
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
	e.otherPlacements(d, us)
}

func (e *rulesEngine) otherPlacements(d *diag.Diagnostic, us []placedUnit) {
	seen := map[diag.Pos]bool{d.Pos: true}
	var ps []diag.Pos
	for _, u := range us {
		if !seen[u.at] {
			seen[u.at] = true
			ps = append(ps, u.at)
		}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].Less(ps[j]) })
	for _, pos := range ps {
		d.Related = append(d.Related, diag.Related{Pos: pos, Message: "also set up in this cell here"})
	}
}
