package validate

import (
	"strconv"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// The scale check keeps a battle at one scale (Fields of Honor plays at five: section to brigade, and the same
// bases mean different things at each).
var scaleCheck = &Check{
	Name: "scale",
	Doc:  "a scenario and the forces its sides field are at the same scale, and units have the stands per unit their scale states (System.scales standsMin/standsMax)",
	Run: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil || len(sys.Scales) == 0 {
			return
		}
		scales := map[string]*content.Scale{}
		for i := range sys.Scales {
			scales[sys.Scales[i].ID] = &sys.Scales[i]
		}
		for _, sc := range p.Pkg.Scenarios() {
			if sc.Scale == "" {
				continue
			}
			for _, side := range sc.Sides {
				ids := append([]string{}, side.Forces...)
				if side.Force != "" {
					ids = append(ids, side.Force)
				}
				for _, id := range ids {
					f := p.Pkg.Force(id)
					if f == nil || f.Scale == "" || f.Scale == sc.Scale {
						continue
					}
					e := p.Errorf(side.Fields.Of("force", side.At), "mismatch", "side %s fields force %s, built at %s scale, but scenario %s is played at %s scale",
						side.ID, f.ID, f.Scale, sc.ID, sc.Scale)
					e.Related = append(e.Related, diag.Related{Pos: f.Doc.PosOf("/scale"), Message: "the force's scale"})
				}
			}
		}
		for _, f := range p.Pkg.Forces() {
			s := scales[f.Scale]
			if s == nil || (s.StandsMin == 0 && s.StandsMax == 0) {
				continue
			}
			for _, en := range f.Units {
				ut := p.Pkg.UnitType(en.Unit)
				if ut == nil {
					continue
				}
				sc, ok := en.Stats["stands"]
				if !ok {
					sc, ok = ut.Stats["stands"]
				}
				if !ok {
					continue
				}
				n, err := strconv.Atoi(sc.Text)
				if err != nil {
					continue // the stats check reports a stands value that is not a number
				}
				if (s.StandsMin > 0 && n < s.StandsMin) || (s.StandsMax > 0 && n > s.StandsMax) {
					p.Errorf(en.Fields.Of("unit", en.At), "stands", "force %s: %s has %d stands, but a unit at %s scale has %s stands", f.ID, ut.ID, n, s.ID, standsRange(s))
				}
			}
		}
	},
}

func init() { extraChecks = append(extraChecks, scaleCheck) }

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
