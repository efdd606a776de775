package content

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// TypedStat is a unit's stat typed by its System declaration.
type TypedStat struct {
	Def   *StatDef
	Value value.Value // value and int stats
	Grade value.Grade
	Dice  value.Dice
	Text  string // text and enum stats, and the text as written for every type
	Bool  bool
	At    diag.Pos
}

// String prints the stat in its notation.
func (s TypedStat) String() string {
	switch s.Def.Type {
	case StatValue, StatInt:
		return s.Value.String()
	case StatGrade:
		return string(s.Grade)
	case StatDice:
		return s.Dice.String()
	case StatBool:
		return strconv.FormatBool(s.Bool)
	}
	return s.Text
}

// Stat returns the declaration of a stat, or nil.
func (s *System) Stat(id string) *StatDef {
	if s == nil {
		return nil
	}
	for i := range s.Stats {
		if s.Stats[i].ID == id {
			return &s.Stats[i]
		}
	}
	return nil
}

// StatIDs lists the declared stats, in declaration order.
func (s *System) StatIDs() []string {
	if s == nil {
		return nil
	}
	out := make([]string, len(s.Stats))
	for i, st := range s.Stats {
		out[i] = st.ID
	}
	return out
}

// ParseStat types a written value by its declaration.
func ParseStat(def *StatDef, sc Scalar) (TypedStat, error) {
	sv := TypedStat{Def: def, Text: sc.Text, At: sc.At}
	t := strings.TrimSpace(sc.Text)
	switch def.Type {
	case StatValue:
		v, err := value.ParseValue(t)
		if err != nil {
			return sv, err
		}
		if v.Flag != "" && !hasFlag(def.Flags, v.Flag) {
			allowed := "no flags"
			if len(def.Flags) > 0 {
				var fs []string
				for _, f := range def.Flags {
					fs = append(fs, string(f))
				}
				allowed = "only " + strings.Join(fs, ", ")
			}
			return sv, fmt.Errorf("%s is written %q (flag %s), but the System allows %s on %s", def.ID, t, v.Flag, allowed, def.ID)
		}
		sv.Value = v
		if err := checkBounds(def, v); err != nil {
			return sv, err
		}
	case StatInt:
		n, err := strconv.ParseInt(t, 10, 64)
		if err != nil {
			return sv, fmt.Errorf("%s must be a whole number, found %q", def.ID, t)
		}
		if n > value.MaxMagnitude || n < -value.MaxMagnitude {
			return sv, fmt.Errorf("%s is %d; muster keeps numbers of at most %d either side of zero", def.ID, n, int64(value.MaxMagnitude))
		}
		sv.Value = value.Value{Number: value.Int(n), Text: t}
		if err := checkBounds(def, sv.Value); err != nil {
			return sv, err
		}
	case StatGrade:
		g, err := value.ParseGrade(t)
		if err != nil {
			return sv, err
		}
		grades := def.Grades
		if len(grades) == 0 {
			grades = []string{"A", "B", "C", "D", "E"}
		}
		if g.Rank(grades) < 0 {
			return sv, fmt.Errorf("%s must be one of %s, found %q", def.ID, strings.Join(grades, ", "), t)
		}
		sv.Grade = g
	case StatDice:
		d, err := value.ParseDice(t)
		if err != nil {
			return sv, err
		}
		sv.Dice = d
	case StatEnum:
		for _, v := range def.Values {
			if v == t {
				return sv, nil
			}
		}
		return sv, fmt.Errorf("%s must be one of %s, found %q", def.ID, strings.Join(def.Values, ", "), t)
	case StatBool:
		b, err := strconv.ParseBool(t)
		if err != nil {
			return sv, fmt.Errorf("%s must be true or false, found %q", def.ID, t)
		}
		sv.Bool = b
	case StatText:
	default:
		return sv, fmt.Errorf("stat %s has unknown type %q", def.ID, def.Type)
	}
	return sv, nil
}

func hasFlag(fs []value.Flag, f value.Flag) bool {
	for _, x := range fs {
		if x == f {
			return true
		}
	}
	return false
}

func checkBounds(def *StatDef, v value.Value) error {
	if !v.HasNumber() {
		return nil
	}
	if def.Min != nil && v.Number.Cmp(*def.Min) < 0 {
		return fmt.Errorf("%s is %s, below the least the System allows (%s)", def.ID, v, def.Min)
	}
	if def.Max != nil && v.Number.Cmp(*def.Max) > 0 {
		return fmt.Errorf("%s is %s, above the most the System allows (%s)", def.ID, v, def.Max)
	}
	return nil
}

// Stats are a unit's stats typed by its System's declarations, by stat id. A unit's stats are written as
// Scalars because their types are the System's to declare and the System may live in another file (or the
// base package of a mod), so they are typed after loading, through TypeStats or UnitStats, never by reading
// a Scalar's text: the rules engine, the counter printer, validation and the generators all read them here.
type Stats map[string]TypedStat

// StatProblem is a written stat the System does not declare (Err nil), or whose value its declaration
// rejects (Err says why, in the designer's words).
type StatProblem struct {
	ID     string
	Scalar Scalar
	Err    error
}

// TypeStats types written stats by the System's declarations. Later layers replace earlier ones stat by stat:
// a unit type's stats, then a force entry's per-unit values (or a counter's reduced back). A stat that is not
// declared or does not fit its declaration is left out and returned as a problem, so a layer's bad value leaves
// the earlier layer's in place. Problems come layer by layer, each layer's in stat id order.
func (s *System) TypeStats(layers ...map[string]Scalar) (Stats, []StatProblem) {
	return typeStats(s.Stat, layers)
}

// PlaceStat is the place stat with this id (System.PlaceStats), or nil.
func (s *System) PlaceStat(id string) *StatDef {
	if s == nil {
		return nil
	}
	for i := range s.PlaceStats {
		if s.PlaceStats[i].ID == id {
			return &s.PlaceStats[i]
		}
	}
	return nil
}

// PlaceStatIDs lists the declared place stats, in declaration order.
func (s *System) PlaceStatIDs() []string {
	if s == nil {
		return nil
	}
	out := make([]string, len(s.PlaceStats))
	for i, st := range s.PlaceStats {
		out[i] = st.ID
	}
	return out
}

// TypePlaceStats types a place's written stats by the System's placeStats, as TypeStats types a unit's.
func (s *System) TypePlaceStats(stats map[string]Scalar) (Stats, []StatProblem) {
	return typeStats(s.PlaceStat, []map[string]Scalar{stats})
}

func typeStats(lookup func(string) *StatDef, layers []map[string]Scalar) (Stats, []StatProblem) {
	n := 0
	for _, m := range layers {
		n += len(m)
	}
	out := make(Stats, n)
	var problems []StatProblem
	for _, m := range layers {
		ids := make([]string, 0, len(m))
		for id := range m {
			ids = append(ids, id)
		}
		sort.Strings(ids)
		for _, id := range ids {
			sc := m[id]
			def := lookup(id)
			if def == nil {
				problems = append(problems, StatProblem{ID: id, Scalar: sc})
				continue
			}
			v, err := ParseStat(def, sc)
			if err != nil {
				problems = append(problems, StatProblem{ID: id, Scalar: sc, Err: err})
				continue
			}
			out[id] = v
		}
	}
	return out, problems
}

// UnitStats is TypeStats for readers: the typed stats, without the problems (the stats check reports them).
func (s *System) UnitStats(layers ...map[string]Scalar) Stats {
	st, _ := s.TypeStats(layers...)
	return st
}

// Get returns a stat of the unit, or its declared default when the unit does not give it (a default that
// does not fit its declaration counts as none).
func (st Stats) Get(def *StatDef) (TypedStat, bool) {
	if v, ok := st[def.ID]; ok {
		return v, true
	}
	if def.Default == nil {
		return TypedStat{}, false
	}
	v, err := ParseStat(def, *def.Default)
	return v, err == nil
}

// Whole returns a stat as a whole number (a count such as stands), or false when the unit does not give it
// or it is not a whole number.
func (st Stats) Whole(id string) (int, bool) {
	v, ok := st[id]
	if !ok || (v.Def.Type != StatValue && v.Def.Type != StatInt) || !v.Value.Plain() || !v.Value.Number.IsInt() {
		return 0, false
	}
	return int(v.Value.Number.Floor()), true
}

// MoveCost reads a movement cost (a terrain's move, a feature's cost, a weather's moveCosts): a number, or
// "impassable" (also written "-" or "P"), which it reports as true. No cost written costs 1.
func MoveCost(s *Scalar) (value.Number, bool, error) {
	if s == nil {
		return value.Int(1), false, nil
	}
	t := strings.TrimSpace(s.Text)
	if strings.EqualFold(t, "impassable") || t == "-" || t == "P" {
		return value.Number{}, true, nil
	}
	n, err := value.ParseNumber(t)
	return n, false, err
}
