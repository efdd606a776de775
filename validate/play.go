package validate

import (
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// The sequence check: a System's sequence of play can be followed and named.
var sequenceCheck = &Check{
	Name:  "sequence",
	Stage: StageCheck,
	Doc: "the sequence of play names each phase and segment once\n\n" +
		"Phase ids are unique in the sequence and segment ids within their phase (duplicate); a mutual segment " +
		"belongs to a player-turn (a phase with player: each) (mutual).",
	Applies: func(pkg *content.Package) bool { return pkg.System != nil && pkg.System.Sequence != nil },
	Package: func(p *Pass) {
		if p.Pkg.System == nil || p.Pkg.System.Sequence == nil {
			return
		}
		q := p.Pkg.System.Sequence
		phases := map[string]diag.Pos{}
		for _, ph := range q.Phases {
			if ph.ID != "" {
				if prev, ok := phases[ph.ID]; ok {
					d := p.Errorf(ph.Fields.Of("id", ph.At), "duplicate", "the sequence of play has phase %q twice", ph.ID)
					d.Related = append(d.Related, diag.Related{Pos: prev, Message: "the first"})
				}
				phases[ph.ID] = ph.Fields.Of("id", ph.At)
			}
			segs := map[string]bool{}
			for _, sg := range ph.Segments {
				if sg.ID != "" && segs[sg.ID] {
					p.Errorf(sg.At, "duplicate", "phase %q has segment %q twice", ph.Name, sg.ID)
				}
				segs[sg.ID] = true
				if sg.Mutual && ph.Player != content.PlayerEach {
					p.Errorf(sg.At, "mutual", "segment %q of phase %q is mutual, but the phase is not a player-turn (player: each): every step of it is already the players' together or one player's", sg.Name, ph.Name)
				}
			}
		}
	},
}

// The movement check: zones of control and movement modes name classes and features the System declares.
var movementCheck = &Check{
	Name:  "movement",
	Stage: StageCheck,
	Doc: "zones of control and movement modes name what the System declares\n\n" +
		"The classes that exert and ignore zones of control and that may use a movement mode exist (class); the " +
		"features that block zones of control are hexside features and those a mode keeps to are path features " +
		"(feature); a cost is given where entering or leaving costs (cost); a feature's modes are the System's " +
		"movement modes or ordinary (mode). Movement modes' allowances are " +
		"formulas of the unit scope (formulas reports them).",
	Applies: func(pkg *content.Package) bool {
		return pkg.System != nil && (pkg.System.ZOC != nil || len(pkg.System.MovementModes) > 0 || slices.ContainsFunc(pkg.System.Features, func(f content.FeatureDef) bool { return len(f.Modes) > 0 }))
	},
	Package: func(p *Pass) {
		sys := p.Pkg.System
		if sys == nil {
			return
		}
		classes := classIDs(sys)
		var hexsides, paths []string
		for _, f := range sys.Features {
			switch f.On {
			case content.FeatureHexside:
				hexsides = append(hexsides, f.ID)
			case content.FeaturePath:
				paths = append(paths, f.ID)
			}
		}
		check := func(at diag.Pos, ids, known []string, what string) {
			for _, id := range ids {
				if !slices.Contains(known, id) {
					e := p.Errorf(at, map[bool]string{true: "class", false: "feature"}[what == "class"], "%q is not a %s the System declares", id, what)
					e.Hint = diag.DidYouMean(id, known)
				}
			}
		}
		if z := sys.ZOC; z != nil {
			check(z.Fields.Of("exertedBy", z.At), z.ExertedBy, classes, "class")
			check(z.Fields.Of("ignoredBy", z.At), z.IgnoredBy, classes, "class")
			check(z.Fields.Of("blockedBy", z.At), z.BlockedBy, hexsides, "hexside feature")
			if z.Enter == content.ZOCCost && z.EnterCost == nil {
				p.Errorf(z.Fields.Of("enter", z.At), "cost", "entering an enemy zone of control costs more, but the System gives no enterCost")
			}
			if z.Leave == content.ZOCCost && z.LeaveCost == nil {
				p.Errorf(z.Fields.Of("leave", z.At), "cost", "leaving an enemy zone of control costs more, but the System gives no leaveCost")
			}
		}
		modes := []string{content.ModeOrdinary}
		for _, m := range sys.MovementModes {
			check(m.Fields.Of("classes", m.At), m.Classes, classes, "class")
			check(m.Fields.Of("along", m.At), m.Along, paths, "path feature")
			if m.ID == content.ModeOrdinary {
				p.Errorf(m.Fields.Of("id", m.At), "mode", "a movement mode may not be called %s: features' modes name ordinary movement so", content.ModeOrdinary)
			}
			modes = append(modes, m.ID)
		}
		for _, f := range sys.Features {
			for _, m := range f.Modes {
				if !slices.Contains(modes, m) {
					e := p.Errorf(f.At, "mode", "feature %s is for movement mode %q, which the System does not declare", f.ID, m)
					e.Hint = diag.DidYouMean(m, modes)
					if e.Hint == "" {
						e.Hint = "name movement modes of the System, or ordinary for ordinary movement"
					}
				}
			}
		}
	},
}
