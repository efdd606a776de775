package validate

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
)

// The control check: structured victory conditions and control at the start name sides, places and levels
// that exist, and their formulas compile.
var controlCheck = &Check{
	Name:     "control",
	Stage:    StageCheck,
	Requires: []Requirement{Engine, MapSets},
	Doc: "victory conditions and control at the start name sides, places and levels that exist\n\n" +
		"A location's owner is a faction of the System; a side's controls and a decision's controls and holds " +
		"are locations, objectives or cells of the scenario's map set (place); a decision is for a side of the " +
		"scenario (side), a level it asks for is one of the scenario's or the System's levels (level), and each " +
		"condition tests something (empty). Formulas of the victory scope are compiled here.",
	Applies: func(pkg *content.Package) bool {
		for _, m := range pkg.Maps() {
			for _, l := range m.Locations {
				if l.Owner != "" {
					return true
				}
			}
			for _, pl := range m.PlaceList() {
				if pl.Owner != "" {
					return true
				}
			}
		}
		for _, sc := range pkg.Scenarios() {
			if sc.Victory != nil && len(sc.Victory.Decide) > 0 {
				return true
			}
		}
		return anySide(pkg, func(s *content.Side) bool { return len(s.Controls) > 0 })
	},
	Package: func(p *Pass) {
		var factions []string
		if sys := p.Pkg.System; sys != nil {
			for _, f := range sys.Factions {
				factions = append(factions, f.ID)
			}
		}
		for _, m := range p.Pkg.Maps() {
			for _, l := range m.Locations {
				if l.Owner != "" && !slices.Contains(factions, l.Owner) {
					e := p.Errorf(l.Fields.Of("owner", l.At), "owner", "location %s's owner %q is not a faction of the System", l.ID, l.Owner)
					e.Hint = diag.DidYouMean(l.Owner, factions)
				}
			}
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		set, _ := Get(p, MapSets)(sc)
		e := Get(p, Engine)
		var sides []string
		for _, s := range sc.Sides {
			sides = append(sides, s.ID)
		}
		places := placeNames(sc, set)
		place := func(at diag.Pos, name, what string) {
			if set == nil || places[name] {
				return
			}
			if set.Type != content.GridOpen {
				if _, err := set.Lookup(name); err == nil {
					return
				}
			}
			d := p.Errorf(at, "place", "%s names %q, which is no location, objective or cell of scenario %s's map", what, name, sc.ID)
			var cands []string
			for n := range places {
				cands = append(cands, n)
			}
			d.Hint = diag.DidYouMean(name, cands)
		}
		for _, s := range sc.Sides {
			for _, c := range s.Controls {
				place(s.Fields.Of("controls", s.At), c, "side "+s.ID+"'s controls")
			}
		}
		if sc.Victory == nil {
			return
		}
		levels := map[string]bool{}
		for _, l := range rules.Levels(p.Pkg.System, sc) {
			levels[l.Name] = true
		}
		var walk func(c *content.Condition, at diag.Pos, what string)
		walk = func(c *content.Condition, at diag.Pos, what string) {
			if c.At.Line > 0 {
				at = c.At
			}
			if len(c.Controls)+len(c.Holds) == 0 && c.Level == "" && c.Expr == "" && len(c.All)+len(c.Any) == 0 && c.Not == nil {
				p.Errorf(at, "empty", "%s tests nothing: give it controls, holds, level, expr, or all, any or not", what)
			}
			for _, x := range append(append([]string(nil), c.Controls...), c.Holds...) {
				place(at, x, what)
			}
			if c.Count > len(c.Controls)+len(c.Holds) && len(c.Controls)+len(c.Holds) > 0 {
				p.Errorf(at, "empty", "%s asks for %d places of the %d it lists: it can never hold", what, c.Count, len(c.Controls)+len(c.Holds))
			}
			if c.Level != "" && !levels[c.Level] {
				var names []string
				for n := range levels {
					names = append(names, n)
				}
				d := p.Errorf(at, "level", "%s asks for level %q, which is not one of the victory levels", what, c.Level)
				d.Hint = diag.DidYouMean(c.Level, names)
			}
			if c.Of != "" && !slices.Contains(sides, c.Of) {
				d := p.Errorf(at, "side", "%s is about side %q, which scenario %s does not have", what, c.Of, sc.ID)
				d.Hint = diag.DidYouMean(c.Of, sides)
			}
			for i := range c.All {
				walk(&c.All[i], at, what)
			}
			for i := range c.Any {
				walk(&c.Any[i], at, what)
			}
			if c.Not != nil {
				walk(c.Not, at, what)
			}
		}
		for i := range sc.Victory.Decide {
			d := &sc.Victory.Decide[i]
			what := fmt.Sprintf("victory condition %d of scenario %s", i+1, sc.ID)
			if !slices.Contains(sides, d.Side) {
				x := p.Errorf(d.Fields.Of("side", d.At), "side", "%s is for side %q, which the scenario does not have", what, d.Side)
				x.Hint = diag.DidYouMean(d.Side, sides)
			}
			walk(&d.Condition, d.At, what)
		}
		for _, d := range e.ConditionDiags(sc) {
			p.Report(d)
		}
	},
}

// placeNames are the places a scenario's conditions may name besides cells: its map set's locations and its
// objectives.
func placeNames(sc *content.Scenario, set *content.MapSet) map[string]bool {
	out := map[string]bool{}
	for _, o := range sc.Objectives {
		out[o.ID] = true
	}
	if set != nil {
		for _, l := range set.LocationIDs() {
			out[l] = true
		}
	}
	return out
}
