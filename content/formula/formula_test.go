package formula

import (
	"fmt"
	"math/big"
	"runtime"
	"strings"
	"testing"

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

func unit(t testing.TB, stats map[string]string, classes ...string) *UnitData {
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
	if err == nil || !strings.HasPrefix(err.Hint, `did you mean "morale"?; the unit scope has: `) {
		t.Errorf("bare name: %v (hint %q)", err, err.Hint)
	}
}

// A name a scope does not have gets the list of what the scope, or the mapping it was looked up in, has
// (issue 15: side.setup -> "side has: id, name, factions, forces, ...").
func TestUnknownNameListsTheScope(t *testing.T) {
	cases := []struct {
		text string
		k    Kind
		want string
	}{
		{"side.setup > 0", Group, "side has: budget, exempt, factions, forces, id, name, panicLevel, panicPercent, routLimit, stacking, trumps, vp"},
		{"scenario.length > 0", Group, "scenario has: id, sides, turns"},
		{"all(units, .costs > 0)", Group, "an element of units has: "},
		{"leader.initiative + unit.foo", Pair, "unit has: classes, count"},
		{"all(attackers, .crossing)", Combat, "an element of attackers has: across, classes, faction, flipped, markers, type"},
		{"holds('moscow')", Victory, "the victory scope has: adjacent, controlled, controls, distance, end, level, occupies, side, turn"},
		{"attack / defnce > 2", Combat, "the combat scope has: across, attack, attacker, attackers, defence, defender, defenders, terrain, weather"},
	}
	for _, c := range cases {
		_, err := Compile(src(c.text), c.k, Any, testDecl)
		if err == nil {
			t.Errorf("%s: compiles", c.text)
			continue
		}
		if !strings.Contains(err.Hint, c.want) {
			t.Errorf("%s: hint %q, want it to say %q", c.text, err.Hint, c.want)
		}
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
	_, err := r.Bool(p, env)
	if err == nil || !strings.Contains(err.Error(), "too long") {
		t.Fatalf("want a step-limit error, got %v", err)
	}
	// A step is a syntax node of a predicate body, so a long body over a long list stops as early as many
	// short bodies: 900 additions a million times would be 900 million steps.
	p = mustCompile(t, "all(1..1000000, "+strings.Repeat("# + ", 900)+"1 > 0)", Group, Bool)
	if _, err := r.Bool(p, env); err == nil || !strings.Contains(err.Error(), fmt.Sprintf("more than %d steps", MaxSteps)) {
		t.Fatalf("long body: %.200v", err)
	}
	if r.steps > MaxSteps+4000 {
		t.Errorf("counted %d steps, want at most one body past %d", r.steps, MaxSteps)
	}
	p = mustCompile(t, "all(units, .morale == 3)", Group, Bool)
	if ok, err := r.Bool(p, env); !ok || err != nil || r.steps <= 300 || r.steps%300 != 0 {
		t.Errorf("300 bodies: %v %v, %d steps", ok, err, r.steps)
	}
	// Huge ranges hit the memory budget.
	p = mustCompile(t, "len(1..100000000) > 0", Group, Bool)
	if _, err := r.Bool(p, env); err == nil {
		t.Fatal("want a memory error")
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

// Issue 12.7 and 19.7: expressions that would overflow the parser's stack are refused before it runs, by
// length and by nesting, counted in characters and levels.
func TestDeepOrLongExpressionsRefused(t *testing.T) {
	million := 1_000_000
	cases := map[string]string{
		"parentheses":  strings.Repeat("(", million) + "1" + strings.Repeat(")", million),
		"brackets":     strings.Repeat("[", million) + "1" + strings.Repeat("]", million),
		"braces":       strings.Repeat("{a: ", million) + "1" + strings.Repeat("}", million),
		"minus signs":  strings.Repeat("-", million) + "1",
		"plus signs":   strings.Repeat("+ ", million) + "1",
		"bangs":        strings.Repeat("!", million) + "true",
		"nots":         strings.Repeat("not ", million) + "true",
		"calls":        strings.Repeat("abs(", million) + "1" + strings.Repeat(")", million),
		"sums":         strings.Repeat("1+", million) + "1",
		"101 brackets": strings.Repeat("(", MaxDepth+1) + "1" + strings.Repeat(")", MaxDepth+1),
		"101 signs":    strings.Repeat("-", MaxDepth+1) + "1",
		"mixed":        strings.Repeat("(-", MaxDepth/2+1) + "1" + strings.Repeat(")", MaxDepth/2+1),
	}
	for name, text := range cases {
		_, err := Compile(src(text), Unit, Any, testDecl)
		if err == nil {
			t.Errorf("%s: compiled", name)
			continue
		}
		if !strings.Contains(err.Message, "levels deep") && !strings.Contains(err.Message, "characters long") {
			t.Errorf("%s: %v, want a depth or length error", name, err)
		}
		if err.Pos.File != "s.yaml" || err.Col < 1 {
			t.Errorf("%s: no position: %+v", name, err)
		}
	}
	// The limits themselves are accepted, and brackets in strings and comments do not count.
	for _, text := range []string{
		strings.Repeat("(", MaxDepth) + "1" + strings.Repeat(")", MaxDepth),
		strings.Repeat("-", MaxDepth) + "1",
		`"` + strings.Repeat("(", 500) + `" != "x"`,
		`'` + strings.Repeat("[", 500) + `\'' != "x"`,
		"`" + strings.Repeat("{", 500) + "` != \"x\"",
		"1 // " + strings.Repeat("(", 500) + "\n+ 1",
		"1 /* " + strings.Repeat("(", 500) + " */ + 1",
		strings.Repeat("1 - ", 500) + "1", // binary minus does not nest
		"notes == \"x\" || not (annotation == \"y\")",
	} {
		if _, err := Compile(src(text), Unit, Any, &Decl{Stats: []content.StatDef{{ID: "notes", Type: content.StatText}, {ID: "annotation", Type: content.StatText}}}); err != nil {
			t.Errorf("%.60q: %v", text, err)
		}
	}
	if e := checkSource(src("1 + (((2)))")); e != nil {
		t.Errorf("3 levels: %v", e)
	}
	e := checkSource(src("1 + " + strings.Repeat("(", MaxDepth+1)))
	if e == nil || e.Col != 5+MaxDepth || e.Pos.Col != 11+4+MaxDepth {
		t.Errorf("the error points at the bracket past the limit: %+v", e)
	}
}

// Issue 19.7: short formulas that double strings or lists are stopped by the byte budget, naming it, before
// they allocate more than a small multiple of it.
func TestDoublingFormulasStopped(t *testing.T) {
	var lets strings.Builder
	lets.WriteString(`let v0 = "aaaaaaaaaaaaaaaa"; `)
	for i := 1; i <= 24; i++ { // 16 bytes doubled 24 times is 256 MiB
		fmt.Fprintf(&lets, "let v%d = v%d + v%d; ", i, i-1, i-1)
	}
	lets.WriteString("len(v24)")
	nested := `"aaaaaaaaaa"`
	for i := 0; i < 9; i++ { // x10 each time: 10 GB
		nested = `replace(` + nested + `, "a", "aaaaaaaaaa")`
	}
	long := strings.Repeat("a", 4000)
	cases := map[string]string{
		"let doublings":       lets.String(),
		"nested replace":      "len(" + nested + ")",
		"reduce doubling":     `len(reduce(1..40, #acc + #acc, "abcdefgh"))`,
		"map concatenation":   `len(reduce(map(1..30, "ab"), #acc + #acc + #, ""))`,
		"replace every rune":  `len(replace("` + long + `", "", "` + long + `"))`,
		"join with long glue": `len(join(map(1..2000, "x"), "` + long + `"))`,
		"concat doubling":     `let a = 1..1000; let b = concat(a, a, a, a); let c = concat(b, b, b, b); let d = concat(c, c, c, c); let e = concat(d, d, d, d); len(concat(e, e, e, e))`,
		"shared lists":        `let a = ["aaaaaaaa", "aaaaaaaa"]; let b = [a, a, a, a]; let c = [b, b, b, b]; let d = [c, c, c, c]; let e = [d, d, d, d]; let f = [e, e, e, e]; let g = [f, f, f, f]; let h = [g, g, g, g]; let i = [h, h, h, h]; len(toJSON([i, i, i, i]))`,
		"built pattern":       `"aaaa" matches ("(a{1000})" + "` + strings.Repeat("b{1000}", 10) + `")`,
		"deep list result":    `reduce(1..600000, [#acc], 0)`, // printing it overflowed the caller's stack
		"long list result":    `map(1..1000, 1..1000)`,
		"long match":          `let s = replace("` + long + `", "a", "` + strings.Repeat("a", 200) + `"); s matches "(a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+a+)*b"`,
	}
	env := testDecl.GroupValues(&GroupData{})
	for name, text := range cases {
		p, cerr := Compile(src(text), Group, Any, testDecl)
		if cerr != nil {
			t.Errorf("%s: %v", name, cerr)
			continue
		}
		var r Runner
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		out, err := r.Eval(p, env)
		runtime.ReadMemStats(&after)
		if err == nil {
			t.Errorf("%s: ran to a %T, want it stopped", name, out)
			continue
		}
		if !strings.Contains(err.Error(), fmt.Sprintf("more than %d bytes", MaxBytes)) &&
			!strings.Contains(err.Error(), fmt.Sprintf("more than %d elements", MaxMemory)) &&
			!strings.Contains(err.Error(), "too large to match") {
			t.Errorf("%s: %v, want the byte budget named", name, err)
		}
		if r.bytes > MaxBytes {
			t.Errorf("%s: counted %d bytes, past the budget", name, r.bytes)
		}
		if a := after.TotalAlloc - before.TotalAlloc; a > 16*MaxBytes {
			t.Errorf("%s: allocated %d MiB before stopping", name, a>>20)
		}
	}
	// A constant pattern too large to compile is refused with the expression.
	_, cerr := Compile(src(`name matches "`+strings.Repeat("a{1000}", 11)+`"`), Unit, Bool, testDecl)
	if cerr == nil || !strings.Contains(cerr.Message, "too large to match") || cerr.Col != 14 {
		t.Errorf("constant pattern: %v", cerr)
	}
	if _, cerr := Compile(src(`name matches "(a"`), Unit, Bool, testDecl); cerr == nil || !strings.Contains(cerr.Message, "not a pattern") {
		t.Errorf("bad constant pattern: %v", cerr)
	}
	if _, cerr := Compile(src(`len(repeat("ab", 3))`), Unit, Number, testDecl); cerr == nil || !strings.Contains(cerr.Hint, "without bound") {
		t.Errorf("repeat: %v", cerr)
	}
}

// The budgets leave ordinary formulas alone, and the rewritten operators behave as expr's.
func TestLimitedOperatorsKeepTheirMeaning(t *testing.T) {
	u := unit(t, map[string]string{"grade": "B"}, "A", "leader")
	u.Name = "Legio II"
	env := testDecl.UnitValues(u, nil, false)
	var r Runner
	for text, want := range map[string]any{
		`replace(name, "I", "V")`:               "Legio VV",
		`replace(name, "I", "V", 1)`:            "Legio VI",
		`replace("ab", "", "-")`:                "-a-b-",
		`join(classes, "+")`:                    "A+leader",
		`join(["a", "b"])`:                      "ab",
		`name matches "^Leg"`:                   true,
		`name matches ("I" + "I$")`:             true,
		`grade + "!" == "B!"`:                   true,
		`"leader" in classes`:                   true,
		`len(toJSON(classes)) > 0`:              true,
		`upper(name) startsWith "LEGIO"`:        true,
		`len(split(name, " "))`:                 2,
		`filter(classes, # != "A")[0] + type`:   "leaderu",
		`sum(map(classes, len(#)))`:             7,
		`let s = name + name; len(s + s) == 32`: true,
	} {
		p, cerr := Compile(src(text), Unit, Any, testDecl)
		if cerr != nil {
			t.Errorf("%s: %v", text, cerr)
			continue
		}
		got, err := r.Eval(p, env)
		if err != nil || fmt.Sprint(got) != fmt.Sprint(want) {
			t.Errorf("%s = %v, %v; want %v", text, got, err, want)
		}
	}
	if _, cerr := Compile(src(`name matches 3`), Unit, Bool, testDecl); cerr == nil || strings.Contains(cerr.Message, "__") {
		t.Errorf("type error names an internal function: %v", cerr)
	}
}

// FromFloat keeps values past int64 exactly, where it used to wrap (a formula over a huge stat priced a unit
// at -101,457,092,405,379 points).
func TestFromFloatLarge(t *testing.T) {
	if got := FromFloat(1e20); got.String() != "100000000000000000000" {
		t.Errorf("FromFloat(1e20) = %s", got)
	}
	if got := FromFloat(-1e20); got.String() != "-100000000000000000000" {
		t.Errorf("FromFloat(-1e20) = %s", got)
	}
	for _, f := range []float64{1 << 53, 1 << 60, -3 * (1 << 62), 1.5e19, 1e300} {
		got := FromFloat(f)
		if want := new(big.Rat).SetFloat64(f); got.Rat().Cmp(want) != 0 {
			t.Errorf("FromFloat(%v) = %s, want %s", f, got, want.RatString())
		}
	}
}
