package validate

import (
	"fmt"
	"maps"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// The situational check: a unit's situational values are values of declared stats in declared situations.
var situationalCheck = &Check{
	Name:  "situational",
	Stage: StageCheck,
	Doc: "a unit's situational values are its stats' values in situations the System declares\n\n" +
		"Each situational value names a stat the System declares (stat), is written as that stat's type allows " +
		"(value), and holds in situations of the System's situations (situation); two values of one stat for the " +
		"same situations contradict each other (twice).",
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if len(u.Situational) > 0 {
				return true
			}
		}
		return false
	},
	Package: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		var situations []string
		for _, s := range sys.Situations {
			situations = append(situations, s.ID)
		}
		for _, u := range p.Pkg.UnitTypes() {
			seen := map[string]bool{}
			for _, sv := range u.Situational {
				def := sys.Stat(sv.Stat)
				if def == nil {
					e := p.Errorf(sv.Fields.Of("stat", sv.At), "stat", "unit type %s has a situational value of %q, which the System does not declare", u.ID, sv.Stat)
					e.Hint = diag.DidYouMean(sv.Stat, sys.StatIDs())
					continue
				}
				if _, err := content.ParseStat(def, sv.Value); err != nil {
					p.Errorf(sv.Value.At, "value", "unit type %s's situational %s: %v", u.ID, sv.Stat, err)
				}
				for _, w := range sv.When {
					if !slices.Contains(situations, w) {
						e := p.Errorf(sv.Fields.Of("when", sv.At), "situation", "unit type %s's situational %s holds when %q, which is not a situation of the System", u.ID, sv.Stat, w)
						e.Hint = diag.DidYouMean(w, situations)
					}
				}
				key := fmt.Sprint(sv.Stat, slices.Sorted(slices.Values(sv.When)))
				if seen[key] {
					p.Errorf(sv.At, "twice", "unit type %s gives %s twice for the same situations", u.ID, sv.Stat)
				}
				seen[key] = true
			}
		}
	},
}

// The traits check: traits and exemptions are declared, and granted and enjoyed only as declared.
var traitsCheck = &Check{
	Name:  "traits",
	Stage: StageCheck,
	Doc: "forces grant traits, and sides enjoy exemptions, that the System declares\n\n" +
		"A force's grants are ids of the System's traits (grant); a scenario side's exempt are ids of its " +
		"exemptions (exempt), and an exemption's classes exist (class).",
	Applies: func(pkg *content.Package) bool {
		if pkg.System != nil && (len(pkg.System.Traits) > 0 || len(pkg.System.Exemptions) > 0) {
			return true
		}
		for _, f := range pkg.Forces() {
			if len(f.Grants) > 0 {
				return true
			}
		}
		return anySide(pkg, func(s *content.Side) bool { return len(s.Exempt) > 0 })
	},
	Package: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		classes := classIDs(sys)
		for _, x := range sys.Exemptions {
			for _, c := range x.Classes {
				if !slices.Contains(classes, c) {
					e := p.Errorf(x.At, "class", "exemption %s names class %q, which the System does not declare", x.ID, c)
					e.Hint = diag.DidYouMean(c, classes)
				}
			}
		}
	},
	Force: func(p *Pass, f *content.Force) {
		var traits []string
		if sys := p.Pkg.System; sys != nil {
			for _, t := range sys.Traits {
				traits = append(traits, t.ID)
			}
		}
		for _, g := range f.Grants {
			if !slices.Contains(traits, g) {
				e := p.Errorf(ptrPos(f.Doc, "/grants", f.At), "grant", "force %s grants trait %q, which the System does not declare", f.ID, g)
				e.Hint = diag.DidYouMean(g, traits)
			}
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		var ids []string
		if sys := p.Pkg.System; sys != nil {
			for _, x := range sys.Exemptions {
				ids = append(ids, x.ID)
			}
		}
		for _, s := range sc.Sides {
			for _, x := range s.Exempt {
				if !slices.Contains(ids, x) {
					e := p.Errorf(s.Fields.Of("exempt", s.At), "exempt", "side %s is exempt by %q, which is not an exemption of the System", s.ID, x)
					e.Hint = diag.DidYouMean(x, ids)
				}
			}
		}
	},
}

// The command check: leaders command, pair and budget as declared.
var commandCheck = &Check{
	Name:  "command",
	Stage: StageCheck,
	Doc: "leaders command units that exist, pair formulas pair declared classes, and leaders' budgets add up\n\n" +
		"A leader's commands name classes and unit types that exist (commands); a pair formula's classes exist " +
		"(pair); a side's per-leader budgets are for leaders its forces field (budget), and its trumps, when it " +
		"gives them, are the sum of its leaders' trump budgets (trumps).",
	Applies: func(pkg *content.Package) bool {
		if pkg.System != nil && len(pkg.System.Pairs) > 0 {
			return true
		}
		for _, u := range pkg.UnitTypes() {
			if u.Commands != nil {
				return true
			}
		}
		return anySide(pkg, func(s *content.Side) bool { return len(s.Budgets) > 0 })
	},
	Package: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		classes := classIDs(sys)
		for _, u := range p.Pkg.UnitTypes() {
			c := u.Commands
			if c == nil {
				continue
			}
			for _, x := range c.Classes {
				if !slices.Contains(classes, x) {
					e := p.Errorf(c.Fields.Of("classes", c.At), "commands", "%s commands class %q, which the System does not declare", u.ID, x)
					e.Hint = diag.DidYouMean(x, classes)
				}
			}
			for _, x := range c.Units {
				if p.Pkg.UnitType(x) == nil {
					e := p.Errorf(c.Fields.Of("units", c.At), "commands", "%s commands unit type %q, which does not exist", u.ID, x)
					e.Hint = diag.DidYouMean(x, p.Pkg.IDs(content.KindUnitType))
				}
			}
		}
		for _, x := range sys.Pairs {
			for _, c := range append(append([]string(nil), x.Leader...), x.Unit...) {
				if !slices.Contains(classes, c) {
					e := p.Errorf(x.At, "pair", "pair formula %s names class %q, which the System does not declare", x.ID, c)
					e.Hint = diag.DidYouMean(c, classes)
				}
			}
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		for i := range sc.Sides {
			s := &sc.Sides[i]
			if len(s.Budgets) == 0 {
				continue
			}
			fielded := map[string]bool{}
			for _, f := range p.SideForces(s) {
				for _, e := range f.Units {
					fielded[e.Unit] = true
				}
			}
			trumps := 0
			for _, b := range s.Budgets {
				if !fielded[b.Leader] {
					e := p.Errorf(b.Fields.Of("leader", b.At), "budget", "side %s gives %s a budget, but its forces do not field %s", s.ID, b.Leader, b.Leader)
					e.Hint = diag.DidYouMean(b.Leader, slices.Sorted(maps.Keys(fielded)))
				}
				if b.Of == "" || b.Of == "Trumps" || b.Of == "trumps" {
					trumps += b.Count
				}
			}
			if s.Trumps != nil && trumps > 0 && *s.Trumps != trumps {
				p.Errorf(s.Fields.Of("trumps", s.At), "trumps", "side %s has %d trumps, but its leaders' trump budgets add up to %d", s.ID, *s.Trumps, trumps)
			}
		}
	},
}
