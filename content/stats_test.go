package content

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
)

// A unit's stats are typed once by the System: later layers (a force entry's per-unit values, a reduced
// back) replace earlier ones stat by stat; a stat the System does not declare, or a value its declaration
// rejects, is a problem and leaves the earlier layer's value in place; defaults and whole numbers read the
// typed values.
func TestTypeStats(t *testing.T) {
	def := &Scalar{Text: "4"}
	sys := &System{Stats: []StatDef{
		{ID: "attack", Type: StatValue, Flags: []value.Flag{value.FlagStar}},
		{ID: "morale", Type: StatGrade},
		{ID: "stands", Type: StatInt},
		{ID: "range", Type: StatValue, Default: def},
	}}
	sc := func(s string) Scalar { return Scalar{Text: s} }
	unit := map[string]Scalar{"attack": sc("3*"), "morale": sc("B"), "stands": sc("4")}
	entry := map[string]Scalar{"stands": sc("6"), "morale": sc("Q9"), "colour": sc("red")}
	st, problems := sys.TypeStats(unit, entry)
	if v := st["attack"]; v.Value.Flag != value.FlagStar || v.Value.Number != value.Int(3) || v.Text != "3*" {
		t.Errorf("attack = %+v", v)
	}
	if n, ok := st.Whole("stands"); !ok || n != 6 {
		t.Errorf("the entry's stands replace the unit's: %d %v", n, ok)
	}
	if v := st["morale"]; v.Grade != "B" {
		t.Errorf("a bad entry value leaves the unit's: morale %q", v.Grade)
	}
	var got []string
	for _, p := range problems {
		got = append(got, p.ID+"="+map[bool]string{true: "undeclared", false: "bad"}[p.Err == nil])
	}
	if strings.Join(got, " ") != "colour=undeclared morale=bad" {
		t.Errorf("problems = %v", got)
	}
	if _, ok := st.Whole("attack"); ok {
		t.Errorf("a flagged value is not a whole count")
	}
	if v, ok := st.Get(sys.Stat("range")); !ok || v.Text != "4" {
		t.Errorf("a missing stat reads as its default: %+v %v", v, ok)
	}
	if _, ok := st["range"]; ok {
		t.Errorf("a default is not one of the unit's own stats")
	}
	if got := sys.UnitStats(unit); len(got) != 3 {
		t.Errorf("UnitStats = %v", got)
	}
	var none *System
	if st, problems := none.TypeStats(unit); len(st) != 0 || len(problems) != 3 {
		t.Errorf("without a System no stat is declared: %v %v", st, problems)
	}
}
