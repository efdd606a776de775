package validate

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/analysis"
	"github.com/muster-wargames/muster/content/rules"
)

// The analysis check: what muster analyze works out about a scenario that makes it unwinnable as written.
var analysisCheck = &Check{
	Name:  "analysis",
	Stage: StageCheck,
	Doc: "every place a side's victory conditions ask it to take can be reached before they are read\n\n" +
		"With the System's movement allowance, the rules engine's movement costs and modes, each side's units go " +
		"out from their set-up, entries and reinforcements turn by turn, with no enemy in the way (the enemy is a " +
		"matter of play; the map, the units' movement and the scenario's turns are the design's). An objective (or a place a decision or award " +
		"names) that a side needs and cannot reach by the scenario's last turn, or at all when it has no length, is " +
		"a warning at the objective (unreachable), unless the side holds it from the start. A scenario too long or " +
		"a map too large to analyse is a warning too (limit). `muster analyze scenario` shows the turns. A scenario " +
		"generator's bestOdds band, which `muster generate scenario --balanced` holds each side's best turn-1 odds " +
		"to, must name two columns of the combat table the odds are read on, the lower first (band).",
	Requires: []Requirement{Engine},
	Applies: func(pkg *content.Package) bool {
		return pkg.System != nil && pkg.System.Allowance != "" && len(pkg.Scenarios()) > 0 || hasBand(pkg)
	},
	Inputs: analysisInputs,
	Package: func(p *Pass) {
		for _, g := range p.Pkg.Generators() {
			if g.Scenario == nil || len(g.Scenario.BestOdds) != 2 {
				continue
			}
			at := g.Doc.PosOf("/scenario/bestOdds")
			band := g.Scenario.BestOdds
			t := analysis.CombatTable(p.Pkg)
			if t == nil {
				p.Errorf(at, "band", "generator %s holds the best turn-1 odds to %s to %s, but no combat table says how strength is summed (its combat's attack and defence) to read odds on", g.ID, band[0], band[1])
				continue
			}
			lo, hi := slices.Index(t.Columns, band[0]), slices.Index(t.Columns, band[1])
			for i, c := range []int{lo, hi} {
				if c < 0 {
					p.Errorf(g.Doc.PosOf(content.Pointer("/scenario/bestOdds", i)), "band", "generator %s: %q is not a column of %s (%s)", g.ID, band[i], t.ID, strings.Join(t.Columns, ", "))
				}
			}
			if lo >= 0 && hi >= 0 && lo > hi {
				p.Errorf(at, "band", "generator %s: the band runs from %s to %s, but %s comes after %s in %s: give the lower column first", g.ID, band[0], band[1], band[0], band[1], t.ID)
			}
		}
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		if p.Pkg.System == nil || p.Pkg.System.Allowance == "" || !needsPlaces(sc) {
			return
		}
		r, err := analysis.AnalyseScenario(Get(p, Engine), sc, analysis.Options{ReachOnly: true})
		var limit *analysis.LimitError
		if errors.As(err, &limit) {
			p.Warnf(sc.Map.At, "limit", "scenario %s is not analysed: %v", sc.ID, err)
			return
		}
		if err != nil || r == nil {
			return // a map set that cannot be composed, a unit that cannot be priced: other checks report why
		}
		if r.Limit != "" {
			at := sc.At
			if sc.Length != nil {
				at = sc.Length.Fields.Of("turns", sc.Length.At)
			}
			p.Warnf(at, "limit", "%s", r.Limit)
		}
		for _, o := range r.Objectives {
			if !o.Late() {
				continue
			}
			name := o.Objective
			if o.Name != "" && o.Name != o.Objective {
				name = fmt.Sprintf("%s (%s)", o.Objective, o.Name)
			}
			when := fmt.Sprintf("by turn %d, the scenario's last", o.By)
			if o.By == 0 {
				when = "at all, however long the game lasts"
			}
			d := p.Warnf(o.Pos, "unreachable", "side %s of scenario %s cannot reach %s %s, even with no enemy in the way", o.Side, sc.ID, name, when)
			d.Hint = fmt.Sprintf("muster analyze scenario PKG --scenario %s shows how far each side reaches each turn (enemy units stand where they set up)", sc.ID)
		}
	},
}

// hasBand reports whether a scenario generator gives a bestOdds band.
func hasBand(pkg *content.Package) bool {
	for _, g := range pkg.Generators() {
		if g.Scenario != nil && len(g.Scenario.BestOdds) > 0 {
			return true
		}
	}
	return false
}

// needsPlaces reports whether a scenario's objectives, decisions or awards ask a side to take a place.
func needsPlaces(sc *content.Scenario) bool {
	if len(sc.Objectives) > 0 {
		return true
	}
	if v := sc.Victory; v != nil {
		for _, a := range v.Awards {
			if a.Objective != "" {
				return true
			}
		}
		for _, d := range v.Decide {
			if len(d.Controls) > 0 || len(d.Holds) > 0 || len(d.All) > 0 || len(d.Any) > 0 {
				return true
			}
		}
	}
	return false
}

// analysisInputs is what the analysis of a scenario reads (a Memo's key): every document as written (the
// findings are at the scenario's positions), but of each unit type its values only through its movement
// allowances — reachability reads a unit's stats nowhere else (analysis.AnalyseScenario, ReachOnly) — which
// are worked out here for each mode, face and weather of the scenario's turn record. So a unit's attack edited
// does not analyse the scenario again; its movement does. No key (the check runs) for a mod, whose documents
// merge its base's, or when an allowance cannot be worked out (its run time error is the engine's to report).
func analysisInputs(p *Pass, sc *content.Scenario) string {
	pkg := p.Pkg
	if pkg.Base != nil || pkg.System == nil {
		return ""
	}
	in := newInputs()
	for _, d := range pkg.Docs {
		if d.Kind == content.KindUnitType {
			in.value(d, map[string][]string{"stats": nil, "back": {"stats"}})
			continue
		}
		in.document(d)
	}
	weathers := []string{""}
	seen := map[string]bool{"": true}
	for _, b := range sc.TurnRecord() {
		if b.Def != nil && !seen[b.Def.Weather] {
			seen[b.Def.Weather] = true
			weathers = append(weathers, b.Def.Weather)
		}
	}
	modes := []string{""}
	for _, m := range pkg.System.MovementModes {
		modes = append(modes, m.ID)
	}
	e := rules.New(pkg) // its own engine: the run's reports its run time errors, and only those of the checks
	for _, ut := range pkg.UnitTypes() {
		for _, mode := range modes {
			mv, err := e.Mover(nil, ut.ID, mode, nil)
			if rules.IsProhibited(err) {
				in.str(ut.ID, mode, "prohibited")
				continue
			}
			if err != nil {
				return ""
			}
			for _, flipped := range []bool{false, true} {
				for _, w := range weathers {
					n, ok, err := mv.InWeather(w).Allowance(flipped)
					if err != nil {
						return ""
					}
					in.str(ut.ID, mode, w, strconv.FormatBool(flipped), strconv.FormatBool(ok), n.String())
				}
			}
		}
	}
	if len(e.TakeRuntimeDiags()) > 0 {
		return ""
	}
	return in.sum()
}
