package formula

import (
	"github.com/muster-wargames/muster/content"
)

// UnitData is one unit (or force line) as formulas see it.
type UnitData struct {
	Type, Name, Faction, Group string
	Classes                    []string
	Count                      int
	Stats                      map[string]content.TypedStat // typed by the System; missing stats are absent
	Derived                    map[string]float64
	// Step is the step a block is on (1 at full strength) and Steps how many it has; both 0 for a counter.
	Step, Steps int
}

// HasClass reports whether the unit has a class.
func (u *UnitData) HasClass(c string) bool {
	for _, x := range u.Classes {
		if x == c {
			return true
		}
	}
	return false
}

// UnitValues returns the values of a unit, keyed as the Unit environment documents them. With group set, the
// map is shaped as an element of a Group environment's `units` (no has()); points are added by the caller.
// Flag values apply to this formula only.
func (d *Decl) UnitValues(u *UnitData, fv FlagValues, group bool) Env {
	env := make(Env, len(d.Stats)*2+len(d.Derived)+16)
	stats := make(map[string]any, len(d.Stats)+len(d.Derived))
	flags := make(map[string]any, len(d.Stats))
	stands := 1.0
	for i := range d.Stats {
		def := &d.Stats[i]
		ts, ok := u.Stats[def.ID]
		var v any
		flag := "absent"
		switch def.Type {
		case content.StatValue, content.StatInt:
			f := 0.0
			if ok {
				f = StatNumber(def.ID, ts.Value, fv)
				flag = string(ts.Value.Flag)
			}
			v = f
			if def.ID == "stands" && ok {
				stands = f
			}
		case content.StatBool:
			v = ok && ts.Bool
			if ok {
				flag = ""
			}
		default:
			s := ""
			if ok {
				s = ts.String()
				flag = ""
			}
			v = s
		}
		stats[def.ID] = v
		flags[def.ID] = flag
		if IsIdent(def.ID) {
			env[def.ID] = v
		}
	}
	for _, id := range d.Derived {
		v := u.Derived[id]
		stats[id] = v
		if IsIdent(id) {
			env[id] = v
		}
	}
	classes := make([]any, len(u.Classes))
	for i, c := range u.Classes {
		classes[i] = c
	}
	env["stats"] = stats
	env["flags"] = flags
	env["classes"] = classes
	n := u.Count
	if n == 0 {
		n = 1
	}
	env["count"] = n
	env["stands"] = stands
	env["step"] = float64(u.Step)
	env["steps"] = float64(u.Steps)
	env["type"] = u.Type
	env["id"] = u.Type
	env["name"] = u.Name
	env["faction"] = u.Faction
	env["group"] = u.Group
	env["weather"] = "" // set where a movement allowance is read in a turn's weather
	if group {
		env["points"] = 0.0
		env["unitPoints"] = 0.0
		env["side"] = ""
	} else {
		env["has"] = u.HasClass
	}
	return env
}

// GroupData is a force, side, scenario or cell as a Group formula sees it.
type GroupData struct {
	Units     []Env // from UnitValues(..., true), with points set
	Counts    map[string]int
	Points    float64
	Budget    float64
	HasBudget bool
	Items     map[string]float64
	Side      map[string]any
	Scenario  map[string]any
	MapSet    map[string]any
	Force     map[string]any
	Cell      string
}

// GroupValues returns the values of a Group environment. Totals are computed from the units.
func (d *Decl) GroupValues(g *GroupData) Env {
	totals := map[string]any{}
	var nUnits, stands float64
	var sums = map[string]float64{}
	numeric := []string{}
	for _, s := range d.Stats {
		if s.Type == content.StatValue || s.Type == content.StatInt {
			numeric = append(numeric, s.ID)
		}
	}
	numeric = append(numeric, d.Derived...)
	units := make([]any, len(g.Units))
	for i, u := range g.Units {
		units[i] = map[string]any(u)
		c := float64(u["count"].(int))
		nUnits += c
		stands += c * u["stands"].(float64)
		st := u["stats"].(map[string]any)
		for _, id := range numeric {
			if f, ok := st[id].(float64); ok {
				sums[id] += f * c
			}
		}
	}
	for _, id := range numeric {
		totals[id] = sums[id]
	}
	totals["units"] = nUnits
	totals["points"] = g.Points
	totals["stands"] = stands
	items := map[string]any{}
	for _, id := range d.Items {
		items[id] = g.Items[id]
	}
	counts := g.Counts
	side := map[string]any{"id": "", "name": "", "budget": 0.0, "stacking": 0.0, "vp": 0.0, "panicLevel": 0.0,
		"panicPercent": 0.0, "routLimit": 0.0, "trumps": 0.0, "factions": []any{}, "forces": []any{}, "exempt": []any{}}
	for k, v := range g.Side {
		side[k] = v
	}
	scen := map[string]any{"id": "", "turns": 0.0, "sides": []any{}}
	for k, v := range g.Scenario {
		scen[k] = v
	}
	ms := map[string]any{"map": "", "boards": []any{}}
	for k, v := range g.MapSet {
		ms[k] = v
	}
	force := map[string]any{"id": "", "faction": "", "declared": 0.0}
	for k, v := range g.Force {
		force[k] = v
	}
	return Env{
		"units":     units,
		"totals":    totals,
		"count":     func(x string) int { return counts[x] },
		"points":    g.Points,
		"budget":    g.Budget,
		"hasBudget": g.HasBudget,
		"items":     items,
		"side":      side,
		"scenario":  scen,
		"mapset":    ms,
		"force":     force,
		"cell":      g.Cell,
	}
}

// PairValues returns the values of a pair formula: the leader and the unit, each as UnitValues gives them.
func PairValues(leader, unit Env) Env {
	delete(leader, "has")
	delete(unit, "has")
	return Env{"leader": map[string]any(leader), "unit": map[string]any(unit)}
}

// CombatantData is one unit of a combat.
type CombatantData struct {
	Type, Faction            string
	Classes, Across, Markers []string
	Flipped                  bool
}

// CombatData is one attack as a column shift's condition sees it.
type CombatData struct {
	Attack, Defence      float64
	Terrain              string
	Attackers, Defenders []CombatantData
	// Weather is the weather of the turn the attack is made in (a System weather id), "" when not known.
	Weather string
}

func texts(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

func combatants(cs []CombatantData) []any {
	out := make([]any, len(cs))
	for i, c := range cs {
		out[i] = map[string]any{"type": c.Type, "faction": c.Faction, "classes": texts(c.Classes), "across": texts(c.Across), "flipped": c.Flipped,
			"markers": texts(c.Markers)}
	}
	return out
}

// CombatValues returns the values of a combat formula.
func CombatValues(c CombatData) Env {
	var across []string
	seen := map[string]bool{}
	for _, a := range c.Attackers {
		for _, f := range a.Across {
			if !seen[f] {
				seen[f] = true
				across = append(across, f)
			}
		}
	}
	return Env{"attack": c.Attack, "defence": c.Defence, "terrain": c.Terrain, "attackers": combatants(c.Attackers),
		"defenders": combatants(c.Defenders), "across": texts(across), "weather": c.Weather,
		"attacker": map[string]any{"faction": sharedFaction(c.Attackers)}, "defender": map[string]any{"faction": sharedFaction(c.Defenders)}}
}

// sharedFaction is the faction every one of the units has, "" when they have none or differ.
func sharedFaction(cs []CombatantData) string {
	f := ""
	for i, c := range cs {
		if i > 0 && c.Faction != f {
			return ""
		}
		f = c.Faction
	}
	return f
}

// VictoryData is the state of a game as a victory condition's formula sees it.
type VictoryData struct {
	Side       string
	Turn       int
	End        bool
	Controls   func(place string) string
	Occupies   func(place string) string
	Level      func(side string) string
	Controlled func(side string) int
	// Adjacent and Distance read the scenario's ground: whether two places (cells, or the places of an area or
	// point-to-point map) are next to each other, and how many steps (connections) apart they are (-1: none
	// join them).
	Adjacent func(a, b string) bool
	Distance func(a, b string) int
}

// VictoryValues returns the values of a victory formula.
func VictoryValues(v VictoryData) Env {
	none := func(string) string { return "" }
	env := Env{"side": v.Side, "turn": float64(v.Turn), "end": v.End, "controls": none, "occupies": none, "level": none,
		"controlled": func(string) int { return 0 }, "adjacent": func(string, string) bool { return false },
		"distance": func(string, string) int { return -1 }}
	if v.Controls != nil {
		env["controls"] = v.Controls
	}
	if v.Occupies != nil {
		env["occupies"] = v.Occupies
	}
	if v.Level != nil {
		env["level"] = v.Level
	}
	if v.Controlled != nil {
		env["controlled"] = v.Controlled
	}
	if v.Adjacent != nil {
		env["adjacent"] = v.Adjacent
	}
	if v.Distance != nil {
		env["distance"] = v.Distance
	}
	return env
}
