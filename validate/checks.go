package validate

import (
	"fmt"
	"sort"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

var manifestCheck = &Check{
	Name: "manifest",
	Doc:  "the package has a manifest and exactly one System it names (or that it can find)",
	Run: func(p *Pass) {
		pkg := p.Pkg
		if pkg.Manifest == nil {
			return // loading already reported the missing or broken manifest
		}
		m := pkg.Manifest
		if m.System != "" && pkg.System == nil {
			if !pkg.Has(content.KindSystem, m.System) {
				e := p.Errorf(m.Doc.PosOf("/system"), "system", "the package names System %q, but no document defines it", m.System)
				e.Hint = diag.DidYouMean(m.System, pkg.IDs(content.KindSystem))
			}
			return
		}
		if pkg.System == nil {
			n := len(pkg.All(content.KindSystem))
			switch {
			case n == 0 && len(pkg.IDs(content.KindSystem)) == 0:
				p.Errorf(m.Doc.Pos(), "system", "the package has no System document: every game needs one (its stats, classes, terrain and rules)")
			case n > 1:
				p.Errorf(m.Doc.PosOf("/id"), "system", "the package has %d Systems; say which one it uses with `system:`", n)
			}
		}
	},
}

var statsCheck = &Check{
	Name: "stats",
	Doc:  "every stat on a unit, marker or force entry is declared by the System and written as its type allows",
	Run: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		for _, u := range p.Pkg.UnitTypes() {
			checkStats(p, sys, u.Stats, u.At, "unit type "+u.ID, true)
			if u.Back != nil && u.Back.Kind == "reduced" {
				checkStats(p, sys, u.Back.Stats, u.Back.At, "the back of "+u.ID, false)
			}
		}
		for _, m := range p.Pkg.Markers() {
			checkStats(p, sys, m.Stats, m.At, "marker "+m.ID, false)
		}
		for _, f := range p.Pkg.Forces() {
			for _, e := range f.Units {
				checkStats(p, sys, e.Stats, e.At, "this force entry", false)
			}
		}
	},
}

func checkStats(p *Pass, sys *content.System, stats map[string]content.Scalar, at diag.Pos, what string, required bool) {
	keys := make([]string, 0, len(stats))
	for k := range stats {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		sc := stats[k]
		def := sys.Stat(k)
		if def == nil {
			e := p.Errorf(sc.At, "unknown", "%s has stat %q, which the System does not declare", what, k)
			e.Hint = diag.DidYouMean(k, sys.StatIDs())
			if e.Hint == "" {
				e.Hint = fmt.Sprintf("declare it in the System's stats, or use one of: %v", sys.StatIDs())
			}
			continue
		}
		if _, err := content.ParseStat(def, sc); err != nil {
			p.Errorf(sc.At, "value", "%v", err)
		}
	}
	if !required {
		return
	}
	for _, def := range sys.Stats {
		if _, ok := stats[def.ID]; def.Required && !ok {
			p.Errorf(at, "missing", "%s has no %s, which the System requires of every unit", what, def.ID)
		}
	}
}
