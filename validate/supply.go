package validate

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
)

var supplyCheck = &Check{
	Name:  "supply",
	Stage: StageCheck,
	Doc:   "forces never field more counters than their counter mix provides\n\nPer unit type and marker; in a scenario, the forces and reinforcements of every side that draw on one mix are counted together.",
	Applies: func(pkg *content.Package) bool {
		for _, f := range pkg.Forces() {
			if f.Mix != "" {
				return true
			}
		}
		return false
	},
	Force:    checkForceSupply,
	Scenario: checkScenarioSupply,
}

// mixSupply is how many counters of each unit type and marker a mix provides.
func mixSupply(m *content.CounterMix) map[string]int {
	out := map[string]int{}
	for _, c := range m.Counters {
		n := rules.EntryCount(c.Count)
		if c.Unit != "" {
			out["unit:"+c.Unit] += n
		}
		if c.Marker != "" {
			out["marker:"+c.Marker] += n
		}
	}
	return out
}

// supplyUse is counters drawn from a mix, with where each was asked for.
type supplyUse struct {
	n     int
	at    diag.Pos
	parts []string // "force a: 3"
}

func addSupplyUse(m map[string]*supplyUse, key string, n int, at diag.Pos, who string) {
	u := m[key]
	if u == nil {
		u = &supplyUse{at: at}
		m[key] = u
	}
	u.n += n
	u.parts = append(u.parts, fmt.Sprintf("%s %d", who, n))
}

func forceUses(f *content.Force, m map[string]*supplyUse, who string) {
	for _, en := range f.Units {
		at := en.Fields.Of("count", en.At)
		if en.Unit != "" {
			addSupplyUse(m, "unit:"+en.Unit, rules.EntryCount(en.Count), at, who)
		} else if en.Marker != "" {
			addSupplyUse(m, "marker:"+en.Marker, rules.EntryCount(en.Count), at, who)
		}
	}
	for _, en := range f.Markers {
		if en.Marker != "" {
			addSupplyUse(m, "marker:"+en.Marker, rules.EntryCount(en.Count), en.Fields.Of("count", en.At), who)
		}
	}
}

func checkForceSupply(p *Pass, f *content.Force) {
	if f.Mix == "" {
		return
	}
	mix := p.Pkg.CounterMix(f.Mix)
	if mix == nil {
		return // references reports it
	}
	have := mixSupply(mix)
	uses := map[string]*supplyUse{}
	forceUses(f, uses, "force "+f.ID)
	for _, k := range slices.Sorted(maps.Keys(uses)) {
		u := uses[k]
		if u.n > have[k] {
			kind, id, _ := strings.Cut(k, ":")
			d := p.Errorf(u.at, "exceeded", "force %s fields %d %s %s, but counter mix %s provides %d", f.ID, u.n, kind, id, mix.ID, have[k])
			d.Related = append(d.Related, diag.Related{Pos: mix.At, Message: "counter mix " + mix.ID})
		}
	}
}

// checkScenarioSupply counts together what the sides of a scenario draw from each mix. Totals that a single
// force already exceeds on its own were reported with that force.
func checkScenarioSupply(p *Pass, sc *content.Scenario) {
	type mixUse struct {
		uses   map[string]*supplyUse
		single map[string]int // the most one force draws
	}
	byMix := map[string]*mixUse{}
	get := func(id string) *mixUse {
		m := byMix[id]
		if m == nil {
			m = &mixUse{uses: map[string]*supplyUse{}, single: map[string]int{}}
			byMix[id] = m
		}
		return m
	}
	sideMix := map[string]string{}
	for i := range sc.Sides {
		s := &sc.Sides[i]
		for _, f := range p.SideForces(s) {
			if f.Mix == "" {
				continue
			}
			sideMix[s.ID] = f.Mix
			m := get(f.Mix)
			one := map[string]*supplyUse{}
			forceUses(f, one, fmt.Sprintf("side %s (force %s)", s.ID, f.ID))
			for k, u := range one {
				if m.uses[k] == nil {
					m.uses[k] = &supplyUse{at: u.at}
				}
				m.uses[k].n += u.n
				m.uses[k].parts = append(m.uses[k].parts, u.parts...)
				if u.n > m.single[k] {
					m.single[k] = u.n
				}
			}
		}
	}
	for i := range sc.Reinforcements {
		r := &sc.Reinforcements[i]
		mixID := sideMix[r.Side]
		if mixID == "" {
			continue
		}
		m := get(mixID)
		for _, en := range r.Units {
			at := en.Fields.Of("count", en.At)
			who := fmt.Sprintf("side %s reinforcements (turn %d)", r.Side, r.Turn)
			if en.Unit != "" {
				addSupplyUse(m.uses, "unit:"+en.Unit, rules.EntryCount(en.Count), at, who)
			} else if en.Marker != "" {
				addSupplyUse(m.uses, "marker:"+en.Marker, rules.EntryCount(en.Count), at, who)
			}
		}
	}
	for _, mixID := range slices.Sorted(maps.Keys(byMix)) {
		mix := p.Pkg.CounterMix(mixID)
		if mix == nil {
			continue
		}
		have := mixSupply(mix)
		m := byMix[mixID]
		for _, k := range slices.Sorted(maps.Keys(m.uses)) {
			u := m.uses[k]
			if u.n <= have[k] || m.single[k] > have[k] || len(u.parts) < 2 {
				continue
			}
			kind, id, _ := strings.Cut(k, ":")
			d := p.Errorf(ptrPos(sc.Doc, "/sides", sc.At), "exceeded", "scenario %s fields %d %s %s in all (%s), but counter mix %s provides %d",
				sc.ID, u.n, kind, id, strings.Join(u.parts, ", "), mix.ID, have[k])
			d.Related = append(d.Related, diag.Related{Pos: mix.At, Message: "counter mix " + mix.ID})
		}
	}
}
