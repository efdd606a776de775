package formula

import (
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

var testDecl = &Decl{
	Stats: []content.StatDef{
		{ID: "melee", Type: content.StatValue, Flags: []value.Flag{value.FlagDot, value.FlagBracket}},
		{ID: "fire", Type: content.StatValue, Flags: []value.Flag{value.FlagNone}},
		{ID: "morale", Type: content.StatInt},
		{ID: "ql", Type: content.StatInt},
		{ID: "initiative", Type: content.StatInt},
		{ID: "grade", Type: content.StatGrade},
		{ID: "sp-max", Type: content.StatInt},
	},
	Derived: []string{"vp"},
	Classes: []string{"A", "FF", "leader", "baggage"},
	Units:   []string{"baggage-train", "legion"},
	Items:   []string{"supplies"},
}

func src(text string) Source {
	return Source{Text: text, Pos: diag.Pos{File: "s.yaml", Line: 10, Col: 11}}
}

func unit(t *testing.T, stats map[string]string, classes ...string) *UnitData {
	t.Helper()
	u := &UnitData{Type: "u", Classes: classes, Count: 1, Stats: map[string]content.TypedStat{}, Derived: map[string]float64{}}
	for k, v := range stats {
		var def *content.StatDef
		for i := range testDecl.Stats {
			if testDecl.Stats[i].ID == k {
				def = &testDecl.Stats[i]
			}
		}
		ts, err := content.ParseStat(def, content.Scalar{Text: v})
		if err != nil {
			t.Fatal(err)
		}
		u.Stats[k] = ts
	}
	return u
}

func mustCompile(t *testing.T, text string, k Kind, want Result) *Program {
	t.Helper()
	p, err := Compile(src(text), k, want, testDecl)
	if err != nil {
		t.Fatalf("%s: %v", text, err)
	}
	return p
}

// PRESTAGS 11.2: VP is half the melee strength rounded up plus the fire strength, a dot melee counting as 1.
func TestPrestagsVP(t *testing.T) {
	p := mustCompile(t, "ceil(melee / 2) + fire", Unit, Number)
	fv := FlagValues{"melee": {value.FlagDot: value.Int(1)}}
	var r Runner
	cases := []struct {
		melee, fire string
		want        int64
	}{{"5", "-", 3}, {"[4]", "-", 2}, {".", "2", 3}, {"7", "0", 4}, {"1", "3", 4}}
	for _, c := range cases {
		env := testDecl.UnitValues(unit(t, map[string]string{"melee": c.melee, "fire": c.fire}), fv, false)
		got, err := r.Number(p, env)
		if err != nil {
			t.Fatal(err)
		}
		if got.Cmp(value.Int(c.want)) != 0 {
			t.Errorf("melee %s fire %s: VP %s, want %d", c.melee, c.fire, got, c.want)
		}
	}
	// Without the flag value a dot counts 0.
	env := testDecl.UnitValues(unit(t, map[string]string{"melee": ".", "fire": "2"}), nil, false)
	if got, _ := r.Number(p, env); got.Cmp(value.Int(2)) != 0 {
		t.Errorf("dot without flag value: %s, want 2", got)
	}
}

// Rampant: activation span = initiative + ceil(QL/2); the rules' example is 3 + 6/2 = 6.
func TestRampantActivationSpan(t *testing.T) {
	p := mustCompile(t, "initiative + ceil(ql / 2)", Unit, Number)
	var r Runner
	for _, c := range []struct {
		init, ql string
		want     int64
	}{{"3", "6", 6}, {"3", "5", 6}, {"0", "7", 4}} {
		got, err := r.Number(p, testDecl.UnitValues(unit(t, map[string]string{"initiative": c.init, "ql": c.ql}), nil, false))
		if err != nil || got.Cmp(value.Int(c.want)) != 0 {
			t.Errorf("initiative %s QL %s: %s %v, want %d", c.init, c.ql, got, err, c.want)
		}
	}
}

func TestExactNumbers(t *testing.T) {
	var r Runner
	p := mustCompile(t, "morale / 3", Unit, Number)
	got, _ := r.Number(p, testDecl.UnitValues(unit(t, map[string]string{"morale": "1"}), nil, false))
	if got != value.Frac(1, 3) {
		t.Errorf("1/3 = %v", got)
	}
	sum := value.Number{}
	for i := 0; i < 3; i++ {
		sum = sum.Add(got)
	}
	if sum.Cmp(value.Int(1)) != 0 {
		t.Errorf("3 x 1/3 = %s", sum)
	}
	p = mustCompile(t, "ceil((0.1 + 0.2) * 10) + floor(morale / 4 * 4)", Unit, Number)
	got, _ = r.Number(p, testDecl.UnitValues(unit(t, map[string]string{"morale": "7"}), nil, false))
	if got.Cmp(value.Int(10)) != 0 {
		t.Errorf("snapped ceil and floor: %s, want 10", got)
	}
	for f, want := range map[float64]value.Number{0.25: value.Frac(1, 4), 2.5: value.Frac(5, 2), -0.75: value.Frac(-3, 4), 187: value.Int(187)} {
		if got := FromFloat(f); got != want {
			t.Errorf("FromFloat(%v) = %v, want %v", f, got, want)
		}
	}
}

func TestUnknownStatDidYouMean(t *testing.T) {
	_, err := Compile(src("all(units, .moral > 2)"), Group, Bool, testDecl)
	if err == nil {
		t.Fatal("want an error")
	}
	if !strings.Contains(err.Message, "moral") || !strings.Contains(err.Hint, `"morale"`) {
		t.Errorf("message %q hint %q", err.Message, err.Hint)
	}
	if err.Col != 13 || err.Pos != (diag.Pos{File: "s.yaml", Line: 10, Col: 23}) {
		t.Errorf("position %v column %d, want s.yaml:10:23 column 13", err.Pos, err.Col)
	}
	_, err = Compile(src("moral + 1"), Unit, Number, testDecl)
	if err == nil || err.Hint != `did you mean "morale"?` {
		t.Errorf("bare name: %v", err)
	}
}

func TestCompileErrors(t *testing.T) {
	cases := []struct {
		text  string
		k     Kind
		want  Result
		col   int
		inMsg string
	}{
		{"melee +", Unit, Number, 7, "unexpected token"},
		{`"a" + 1`, Unit, Number, 5, "mismatched types"},
		{"melee > 2", Unit, Number, 1, "float64"},
		{`count("bagage") > 1`, Group, Bool, 7, "not a class, unit type or marker"},
		{`has("leeder")`, Unit, Bool, 5, "not a class"},
		{`all(units, "AA" in .classes)`, Group, Bool, 12, "not a class"},
		{"units", Unit, Number, 1, "unknown name units"},
		{"now()", Unit, Number, 1, ""},
		{"", Unit, Number, 1, "empty"},
	}
	for _, c := range cases {
		_, err := Compile(src(c.text), c.k, c.want, testDecl)
		if err == nil {
			t.Errorf("%q: no error", c.text)
			continue
		}
		if err.Col != c.col || !strings.Contains(err.Message, c.inMsg) {
			t.Errorf("%q: column %d %q, want column %d containing %q", c.text, err.Col, err.Message, c.col, c.inMsg)
		}
		if err.Pos.File != "s.yaml" || err.Pos.Line != 10 || err.Pos.Col != 11+c.col-1 {
			t.Errorf("%q: position %v", c.text, err.Pos)
		}
	}
	if _, err := Compile(src(`count("baggage") + count("legion") + items.supplies + stats["sp-max"]`), Group, Number, testDecl); err != nil && !strings.Contains(err.Message, "sp-max") {
		// stats[...] is on units only in group scope; the rest must compile.
		t.Logf("%v", err)
	}
}

func TestRuntimeErrors(t *testing.T) {
	var r Runner
	p := mustCompile(t, "morale / (ql - 3)", Unit, Number)
	_, err := r.Number(p, testDecl.UnitValues(unit(t, map[string]string{"morale": "4", "ql": "3"}), nil, false))
	fe, ok := err.(*Error)
	if !ok || !strings.Contains(fe.Message, "division by zero") || fe.Col != 8 {
		t.Fatalf("division by zero: %#v", err)
	}
	if fe.Pos.Col != 11+7 {
		t.Errorf("position %v", fe.Pos)
	}
}

func TestRunsForEverIsStopped(t *testing.T) {
	var units []Env
	for i := 0; i < 300; i++ {
		u := testDecl.UnitValues(unit(t, map[string]string{"morale": "3"}), nil, true)
		units = append(units, u)
	}
	env := testDecl.GroupValues(&GroupData{Units: units})
	p := mustCompile(t, "all(units, all(units, all(units, .morale == 3)))", Group, Bool) // 27 million steps
	var r Runner
	start := time.Now()
	_, err := r.Bool(p, env)
	if err == nil || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("want a step-limit error, got %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("took %v", d)
	}
	// Huge ranges hit the memory budget.
	p = mustCompile(t, "len(1..100000000) > 0", Group, Bool)
	if _, err := r.Bool(p, env); err == nil {
		t.Fatal("want a memory error")
	}
	// And the wall clock stops what the step count allows.
	r.MaxSteps = 1 << 40
	r.MaxDuration = 50 * time.Millisecond
	p = mustCompile(t, "all(units, all(units, all(units, .morale == 3)))", Group, Bool)
	start = time.Now()
	if _, err := r.Bool(p, env); err == nil {
		t.Fatal("want a time-limit error")
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("time limit took %v", d)
	}
}

func TestGroupEnv(t *testing.T) {
	var units []Env
	for _, c := range []struct {
		classes []string
		morale  string
		n       int
	}{{[]string{"A"}, "3", 4}, {[]string{"baggage"}, "1", 2}} {
		u := unit(t, map[string]string{"morale": c.morale}, c.classes...)
		u.Count = c.n
		e := testDecl.UnitValues(u, nil, true)
		e["points"] = 3.0 * float64(c.n)
		units = append(units, e)
	}
	env := testDecl.GroupValues(&GroupData{Units: units, Counts: map[string]int{"baggage": 2, "A": 4}, Points: 18, Budget: 20, HasBudget: true})
	var r Runner
	for text, want := range map[string]bool{
		"totals.units == 6 && totals.morale == 14":      true,
		`count("baggage") >= floor(count("A") / 4)`:     true,
		"sum(units, .points) == points && budget == 20": true,
		`len(filter(units, "A" in .classes)) == 1`:      true,
		"points > budget": false,
	} {
		got, err := r.Bool(mustCompile(t, text, Group, Bool), env)
		if err != nil || got != want {
			t.Errorf("%s = %v %v, want %v", text, got, err, want)
		}
	}
}

func TestSourcePos(t *testing.T) {
	s := Source{Text: "a\nb", Pos: diag.Pos{File: "f", Line: 3, Col: 5}}
	if s.PosOf(2) != s.Pos {
		t.Errorf("multi-line without a locator falls back to the start")
	}
	s = Source{Text: "abc", Pos: diag.Pos{File: "f", Line: 3, Col: 5}}
	if s.PosOf(2) != (diag.Pos{File: "f", Line: 3, Col: 7}) {
		t.Errorf("got %v", s.PosOf(2))
	}
}
