package content

import (
	"fmt"
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

// TypedStats types a stats map by the System; stats that do not parse are left out (the stats check reports them).
func (s *System) TypedStats(m map[string]Scalar) map[string]TypedStat {
	out := make(map[string]TypedStat, len(m))
	for k, sc := range m {
		def := s.Stat(k)
		if def == nil {
			continue
		}
		if v, err := ParseStat(def, sc); err == nil {
			out[k] = v
		}
	}
	return out
}
