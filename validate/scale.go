package validate

import (
	"strconv"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// The scale check keeps a battle at one scale (Fields of Honor plays at five: section to brigade, and the same
// bases mean different things at each).
var scaleCheck = &Check{
	Name:  "scale",
	Stage: StageCheck,
	Doc:   "a battle is fought at one scale\n\nA scenario and the forces its sides field are at the same scale, and units have the stands per unit their scale states (System.scales standsMin/standsMax). A scenario's groundScale (a factor on its scale's ground scale) is more than zero, and the scenario has a scale for it to multiply (ground).",
	Applies: func(pkg *content.Package) bool {
		for _, sc := range pkg.Scenarios() {
			if sc.GroundScale != nil {
				return true
			}
		}
		return pkg.System != nil && len(pkg.System.Scales) > 0
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		if g := sc.GroundScale; g != nil {
			at := ptrPos(sc.Doc, "/groundScale", sc.At)
			switch {
			case g.Cmp(value.Number{}) <= 0:
				p.Errorf(at, "ground", "scenario %s's groundScale is %s: a factor on the ground scale is more than zero", sc.ID, g)
			case sc.Scale == "":
				e := p.Errorf(at, "ground", "scenario %s has a groundScale of %s but no scale whose ground scale it multiplies", sc.ID, g)
				e.Hint = "give the scenario a scale (one of the System's scales)"
			}
		}
		if sc.Scale == "" {
			return
		}
		for _, side := range sc.Sides {
			for _, f := range p.SideForces(&side) {
				if f.Scale == "" || f.Scale == sc.Scale {
					continue
				}
				e := p.Errorf(side.Fields.Of("force", side.At), "mismatch", "side %s fields force %s, built at %s scale, but scenario %s is played at %s scale",
					side.ID, f.ID, f.Scale, sc.ID, sc.Scale)
				if f.Doc != nil {
					e.Related = append(e.Related, diag.Related{Pos: f.Doc.PosOf("/scale"), Message: "the force's scale"})
				}
			}
		}
	},
	Force: func(p *Pass, f *content.Force) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		var s *content.Scale
		for i := range sys.Scales {
			if sys.Scales[i].ID == f.Scale {
				s = &sys.Scales[i]
			}
		}
		if s == nil || (s.StandsMin == 0 && s.StandsMax == 0) {
			return
		}
		for _, en := range f.Units {
			ut := p.Pkg.UnitType(en.Unit)
			if ut == nil {
				continue
			}
			n, ok := sys.UnitStats(ut.Stats, en.Stats).Whole("stands")
			if !ok {
				continue // no stands, or not a whole number (the stats check reports a value that is not one)
			}
			if (s.StandsMin > 0 && n < s.StandsMin) || (s.StandsMax > 0 && n > s.StandsMax) {
				p.Errorf(en.Fields.Of("unit", en.At), "stands", "force %s: %s has %d stands, but a unit at %s scale has %s stands", f.ID, ut.ID, n, s.ID, standsRange(s))
			}
		}
	},
}

func standsRange(s *content.Scale) string {
	switch {
	case s.StandsMin > 0 && s.StandsMax > 0 && s.StandsMin != s.StandsMax:
		return strconv.Itoa(s.StandsMin) + "-" + strconv.Itoa(s.StandsMax)
	case s.StandsMin > 0 && s.StandsMax == s.StandsMin:
		return strconv.Itoa(s.StandsMin)
	case s.StandsMin > 0:
		return "at least " + strconv.Itoa(s.StandsMin)
	}
	return "at most " + strconv.Itoa(s.StandsMax)
}
