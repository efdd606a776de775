package validate

import (
	"errors"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/analysis"
)

// The analysis check: what muster analyze works out about a scenario that makes it unwinnable as written.
var analysisCheck = &Check{
	Name:  "analysis",
	Stage: StageCheck,
	Doc: "every place a side's victory conditions ask it to take can be reached before they are read\n\n" +
		"With the System's movement allowance, the rules engine's movement costs, zones of control and modes, each " +
		"side's units go out from their set-up, entries and reinforcements turn by turn (enemy units standing where " +
		"they set up; a cell they hold is reached from next to it). An objective (or a place a decision or award " +
		"names) that a side needs and cannot reach by the scenario's last turn, or at all when it has no length, is " +
		"a warning at the objective (unreachable), unless the side holds it from the start. A scenario too long or " +
		"a map too large to analyse is a warning too (limit). `muster analyze scenario` shows the turns.",
	Requires: []Requirement{Engine},
	Applies: func(pkg *content.Package) bool {
		return pkg.System != nil && pkg.System.Allowance != "" && len(pkg.Scenarios()) > 0
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
			d := p.Warnf(o.Pos, "unreachable", "side %s of scenario %s cannot reach %s %s", o.Side, sc.ID, name, when)
			d.Hint = fmt.Sprintf("muster analyze scenario PKG --scenario %s shows how far each side reaches each turn (enemy units stand where they set up)", sc.ID)
		}
	},
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
