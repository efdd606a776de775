package validate

import (
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
)

// The turn-record check: a scenario's turns are turns of the game, once each, with weather the System knows.
var turnRecordCheck = &Check{
	Name:  "turn-record",
	Stage: StageCheck,
	Doc: "a scenario's turn record lists turns of the game, once each, with weather the System declares\n\n" +
		"Each entry of turns is a turn from 1 to the scenario's length (outside), no turn twice (duplicate), its " +
		"weather one of the System's weather ids (weather); units that become available do so on a turn of the game.",
	Applies: func(pkg *content.Package) bool {
		for _, sc := range pkg.Scenarios() {
			if len(sc.Turns) > 0 {
				return true
			}
		}
		return anySide(pkg, func(s *content.Side) bool { return len(s.Available) > 0 })
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		sys := p.Pkg.System
		var weather []string
		if sys != nil {
			for _, w := range sys.Weather {
				weather = append(weather, w.ID)
			}
		}
		last := 0
		if sc.Length != nil {
			last = sc.Length.Turns
		}
		lengthAt := ptrPos(sc.Doc, "/length/turns", sc.At)
		seen := map[int]diag.Pos{}
		for _, t := range sc.Turns {
			at := t.Fields.Of("turn", t.At)
			if last > 0 && t.Turn > last {
				d := p.Errorf(at, "outside", "scenario %s's turn record lists turn %d, but the game lasts %d turns", sc.ID, t.Turn, last)
				d.Related = append(d.Related, diag.Related{Pos: lengthAt, Message: "the scenario's length"})
			}
			if prev, ok := seen[t.Turn]; ok {
				d := p.Errorf(at, "duplicate", "scenario %s's turn record lists turn %d twice", sc.ID, t.Turn)
				d.Related = append(d.Related, diag.Related{Pos: prev, Message: "the first"})
			}
			seen[t.Turn] = at
			if t.Weather != "" && !slices.Contains(weather, t.Weather) {
				e := p.Errorf(t.Fields.Of("weather", t.At), "weather", "turn %d's weather %q is not one the System declares", t.Turn, t.Weather)
				e.Hint = diag.DidYouMean(t.Weather, weather)
				if e.Hint == "" {
					e.Hint = "declare it in the System's weather"
				}
			}
		}
		for _, s := range sc.Sides {
			for _, a := range s.Available {
				if last > 0 && a.Turn > last {
					d := p.Errorf(a.Fields.Of("turn", a.At), "outside", "side %s's units become available on turn %d, but scenario %s lasts %d turns", s.ID, a.Turn, sc.ID, last)
					d.Related = append(d.Related, diag.Related{Pos: lengthAt, Message: "the scenario's length"})
				}
			}
		}
	},
}

// The replacements check: a side's replacement schedule falls within the game, rebuilds units it can field,
// and enters where the map set has room.
var replacementsCheck = &Check{
	Name:     "replacements",
	Stage:    StageCheck,
	Requires: []Requirement{MapSets},
	Doc: "replacements come on turns of the game, rebuild units the side has, and enter where the map set says\n\n" +
		"Every turn a replacement names is within the scenario's length (late); it gives points or steps (empty); " +
		"the unit types it rebuilds, and those in the side's pool of eliminated units and of units available " +
		"later, exist, belong to the side (its forces, its pool) and are printed in a counter mix (unit); where they " +
		"enter names an edge, cells and locations of the map set, and entering in supply needs the side's supply " +
		"sources (enter). A unit that begins eliminated is not set up as well: the units a side sets up and " +
		"those it begins with eliminated are no more than its forces field (dead), or a digital game would show " +
		"one counter in two places, on the map and in the dead pile.",
	Applies: func(pkg *content.Package) bool {
		return anySide(pkg, func(s *content.Side) bool {
			return len(s.Replacements) > 0 || len(s.Eliminated) > 0 || len(s.Available) > 0 || s.Supply != nil
		})
	},
	Scenario: func(p *Pass, sc *content.Scenario) {
		set, _ := Get(p, MapSets)(sc)
		last := 0
		if sc.Length != nil {
			last = sc.Length.Turns
		}
		lengthAt := ptrPos(sc.Doc, "/length/turns", sc.At)
		inMix := mixUnits(p.Pkg)
		for i := range sc.Sides {
			s := &sc.Sides[i]
			own := map[string]bool{}
			for _, f := range p.SideForces(s) {
				for _, e := range f.Units {
					own[e.Unit] = true
				}
			}
			pool := map[string]bool{}
			entries := func(es []content.ForceEntry, what string) {
				for _, e := range es {
					if e.Unit == "" {
						continue
					}
					pool[e.Unit] = true
					at := e.Fields.Of("unit", e.At)
					switch {
					case p.Pkg.UnitType(e.Unit) == nil:
						u := p.Errorf(at, "unit", "side %s's %s names unit type %q, which does not exist", s.ID, what, e.Unit)
						u.Hint = diag.DidYouMean(e.Unit, p.Pkg.IDs(content.KindUnitType))
					case inMix != nil && !inMix[e.Unit]:
						p.Errorf(at, "unit", "side %s's %s holds %s, which no counter mix prints", s.ID, what, e.Unit)
					}
				}
			}
			entries(s.Eliminated, "pool of eliminated units")
			eliminatedAndSetUp(p, s)
			for _, a := range s.Available {
				entries(a.Units, "units available later")
			}
			for _, r := range s.Replacements {
				for _, t := range r.Named() {
					if last > 0 && t > last {
						d := p.Errorf(r.At, "late", "side %s's replacements come on turn %d, but scenario %s lasts %d turns", s.ID, t, sc.ID, last)
						d.Related = append(d.Related, diag.Related{Pos: lengthAt, Message: "the scenario's length"})
						break
					}
				}
				if r.From > 0 && r.To > 0 && r.To < r.From {
					p.Errorf(r.Fields.Of("to", r.At), "late", "side %s's replacements run from turn %d to turn %d, which comes before it", s.ID, r.From, r.To)
				}
				if r.Points == nil && r.Steps == 0 {
					p.Errorf(r.At, "empty", "side %s's replacement gives neither points nor steps", s.ID)
				}
				if len(r.TurnsOf(max(last, content.MaxTurns))) == 0 {
					p.Errorf(r.At, "empty", "side %s's replacement names no turn: give turn, turns or from", s.ID)
				}
				for _, u := range r.Units {
					at := r.Fields.Of("units", r.At)
					switch {
					case p.Pkg.UnitType(u) == nil:
						e := p.Errorf(at, "unit", "side %s's replacements rebuild unit type %q, which does not exist", s.ID, u)
						e.Hint = diag.DidYouMean(u, p.Pkg.IDs(content.KindUnitType))
					case !own[u] && !pool[u]:
						p.Errorf(at, "unit", "side %s's replacements rebuild %s, which is neither in the side's forces nor in its pools", s.ID, u)
					case inMix != nil && !inMix[u]:
						p.Errorf(at, "unit", "side %s's replacements rebuild %s, which no counter mix prints", s.ID, u)
					}
				}
				if en := r.Enter; en != nil && set != nil {
					checkReplacementEntry(p, s, en, set)
				}
			}
		}
	},
}

func checkReplacementEntry(p *Pass, s *content.Side, en *content.ReplacementEntry, set *content.MapSet) {
	if en.Edge != "" {
		if _, ok := set.Edge(en.Edge); !ok {
			e := p.Errorf(en.Fields.Of("edge", en.At), "enter", "side %s's replacements enter by edge %q, which the map set does not have", s.ID, en.Edge)
			e.Hint = diag.DidYouMean(en.Edge, set.EdgeIDs())
		}
	}
	if set.Type != content.GridOpen {
		for _, l := range en.Cells {
			if _, err := set.Lookup(l); err != nil {
				e := p.Errorf(en.Fields.Of("cells", en.At), "enter", "side %s's replacements enter on %s, which is not %s of the map set", s.ID, l, english.Article(set.PlaceWord()))
				e.Hint = set.Suggest(l)
			}
		}
	}
	for _, l := range en.Locations {
		if loc, _ := set.Location(l); loc == nil {
			e := p.Errorf(en.Fields.Of("locations", en.At), "enter", "side %s's replacements enter at location %q, which the map set does not have", s.ID, l)
			e.Hint = diag.DidYouMean(l, set.LocationIDs())
		}
	}
	if en.Controlled != "" {
		found := false
		for _, l := range set.Locations() {
			found = found || l.Kind == en.Controlled
		}
		if !found {
			p.Errorf(en.Fields.Of("controlled", en.At), "enter", "side %s's replacements enter at any %s it controls, but the map set has no location (or place) of kind %s", s.ID, en.Controlled, en.Controlled)
		}
	}
	if en.Supply && (s.Supply == nil || len(s.Supply.Edges)+len(s.Supply.Locations) == 0) {
		e := p.Errorf(en.Fields.Of("supply", en.At), "enter", "side %s's replacements enter in supply, but the side names no supply source", s.ID)
		e.Hint = "give the side supply: {edges: [...], locations: [...]}"
	}
	if sp := s.Supply; sp != nil {
		for _, ed := range sp.Edges {
			if _, ok := set.Edge(ed); !ok {
				e := p.Errorf(sp.Fields.Of("edges", sp.At), "enter", "side %s's supply source %q is not an edge of the map set", s.ID, ed)
				e.Hint = diag.DidYouMean(ed, set.EdgeIDs())
			}
		}
		for _, l := range sp.Locations {
			if loc, _ := set.Location(l); loc == nil {
				e := p.Errorf(sp.Fields.Of("locations", sp.At), "enter", "side %s's supply source %q is not a location of the map set", s.ID, l)
				e.Hint = diag.DidYouMean(l, set.LocationIDs())
			}
		}
	}
}

// mixUnits are the unit types some counter mix prints; nil when the package has no counter mix (then
// nothing is printed from a mix, and nothing is checked against one).
func mixUnits(pkg *content.Package) map[string]bool {
	mixes := pkg.CounterMixes()
	if len(mixes) == 0 {
		return nil
	}
	out := map[string]bool{}
	for _, m := range mixes {
		for _, e := range m.Counters {
			if e.Unit != "" {
				out[e.Unit] = true
			}
		}
	}
	return out
}

// eliminatedAndSetUp reports a side that sets up more units of a type, with those it begins with eliminated,
// than its forces field: a counter would stand on the map and lie in the dead pile at once (a scenario's
// saved game in a VASSAL module puts each in its place).
func eliminatedAndSetUp(p *Pass, s *content.Side) {
	if len(s.Eliminated) == 0 {
		return
	}
	fielded := map[string]int{}
	for _, f := range p.SideForces(s) {
		for _, en := range f.Units {
			if en.Unit != "" {
				fielded[en.Unit] += rules.EntryCount(en.Count)
			}
		}
	}
	setUp := map[string]int{}
	for i := range s.Setup {
		pl := &s.Setup[i]
		n := max(pl.Count, 1)
		switch {
		case len(pl.Cells) > 0:
			n = len(pl.UnitCells(1))
		case len(pl.Points) > 0:
			n = len(pl.UnitPoints())
		}
		setUp[pl.Unit] += n
	}
	dead := map[string]int{}
	for _, e := range s.Eliminated {
		dead[e.Unit] += max(e.Count, 1)
	}
	for _, e := range s.Eliminated {
		have, n := fielded[e.Unit], dead[e.Unit]+setUp[e.Unit]
		if e.Unit == "" || have == 0 || n <= have {
			continue
		}
		d := p.Errorf(e.Fields.Of("count", e.At), "dead", "side %s begins with %d %s eliminated and its set-up places %d: %d, but its forces field %d", s.ID, dead[e.Unit], e.Unit, setUp[e.Unit], n, have)
		d.Hint = "a unit that begins eliminated is not set up as well"
		dead[e.Unit] = 0 // once per unit type
	}
}
