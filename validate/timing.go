package validate

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

var timingCheck = &Check{
	Name:  "timing",
	Stage: StageCheck,
	Doc:   "reinforcements and timed entries arrive within the scenario's length\n\nChecked when the scenario gives its length in turns.",
	Applies: func(pkg *content.Package) bool {
		for _, sc := range pkg.Scenarios() {
			if sc.Length != nil && sc.Length.Turns > 0 {
				return true
			}
		}
		return false
	},
	Scenario: checkTiming,
}

// checkTiming checks a scenario's reinforcements and entries against its length.
func checkTiming(p *Pass, sc *content.Scenario) {
	if sc.Length == nil || sc.Length.Turns <= 0 {
		return
	}
	turns := sc.Length.Turns
	lengthAt := ptrPos(sc.Doc, "/length/turns", sc.Length.At)
	for _, r := range sc.Reinforcements {
		if r.Turn > turns {
			d := p.Errorf(r.Fields.Of("turn", r.At), "late", "reinforcements for side %s arrive on turn %d, but scenario %s lasts %d turns",
				r.Side, r.Turn, sc.ID, turns)
			d.Related = append(d.Related, diag.Related{Pos: lengthAt, Message: "the scenario's length"})
		}
	}
	for _, s := range sc.Sides {
		for _, en := range s.Entry {
			if en.Turn > turns {
				d := p.Errorf(en.Fields.Of("turn", en.At), "late", "side %s enters on turn %d, but scenario %s lasts %d turns",
					s.ID, en.Turn, sc.ID, turns)
				d.Related = append(d.Related, diag.Related{Pos: lengthAt, Message: "the scenario's length"})
			}
		}
	}
}
