package formula

import (
	"errors"
	"strings"
	"testing"
)

// FuzzFormula compiles arbitrary text as a Unit or Group expression of each result type and evaluates what
// compiles, with the package limits on. Nothing panics; every evaluation ends with a result or an *Error; the
// work it did stays within the step and byte budgets (counted, not timed); a text result stays within what
// the byte budget lets an evaluation build; and a compile error points inside the expression.
//
//	go test -run '^$' -fuzz '^FuzzFormula$' -fuzztime 5m ./content/formula/
func FuzzFormula(f *testing.F) {
	for _, s := range []string{
		"ceil(melee / 2) + fire", "initiative + ceil(ql / 2)", "morale / 3", "ceil((0.1 + 0.2) * 10) + floor(morale / 4 * 4)",
		"all(units, .moral > 2)", "moral + 1", "melee +", `"a" + 1`, "melee > 2", `count("bagage") > 1`, `has("leeder")`,
		`all(units, "AA" in .classes)`, "units", "now()", "", "morale / (ql - 3)",
		`count("baggage") + count("legion") + items.supplies + stats["sp-max"]`,
		"all(units, all(units, all(units, .morale == 3)))", "len(1..100000000) > 0",
		"totals.units == 6 && totals.morale == 14", `count("baggage") >= floor(count("A") / 4)`,
		"sum(units, .points) == points && budget == 20", `len(filter(units, "A" in .classes)) == 1`, "points > budget",
		`let a = "aaaaaaaa"; let b = a + a; let c = b + b; len(c + c)`, `len(reduce(1..40, #acc + #acc, "ab"))`,
		`replace(replace("aaaa", "a", "aaaa"), "a", "aaaa")`, `join(map(1..10, "x"), "--")`, `name matches "^Leg"`,
		`"ab" matches ("(a" + "|b)*")`, `toJSON([classes, classes])`, `fromJSON("[1, [2, [3]]]")`,
		`let s = split(name, ""); len(s)`, `upper(name) + lower(grade)`, `len(toJSON(units))`,
		"((((((1))))))", "-(-(-1))", "not not true", `repeat("a", 3)`, "1 // comment (((\n+ 1", "if morale > 2 { 1 } else { 2 }",
		`sortBy(units, .morale)[0].type`, `groupBy(units, .type)`, `concat(classes, classes)`, `flatten([[1], [2, [3]]])`,
		`uniq(classes)`, `keys(stats)`, `string(units)`, `max(1, 2, morale)`, `median(map(units, .morale))`,
		`1 ?? 2`, `units?.[0]?.morale`, `#`, `$env`, `"\u00e9" + 'x' + ` + "`raw`", `reduce(1..20000, [#acc], 0)`, `1..1000000`,
	} {
		f.Add(s, false, uint8(2))
		f.Add(s, true, uint8(0))
	}
	f.Fuzz(func(t *testing.T, text string, group bool, result uint8) {
		k := Unit
		if group {
			k = Group
		}
		want := Result(int(result) % 3)
		p, cerr := Compile(src(text), k, want, testDecl)
		if cerr != nil {
			if cerr.Col < 1 || cerr.Pos.File != "s.yaml" || cerr.Message == "" {
				t.Fatalf("%q: compile error without a place or message: %+v", text, cerr)
			}
			return
		}
		if p == nil {
			t.Fatalf("%q: no program and no error", text)
		}
		var env Env
		if group {
			env = fuzzGroupEnv(t)
		} else {
			env = fuzzUnitEnv(t)
		}
		var r Runner
		out, err := r.Eval(p, env)
		if err != nil {
			var fe *Error
			if !errors.As(err, &fe) || fe.Col < 1 {
				t.Fatalf("%q: run error %v is not a positioned *Error", text, err)
			}
		}
		if r.steps > MaxSteps+MaxNodes*8 || r.bytes > MaxBytes {
			t.Fatalf("%q: counted %d steps and %d bytes, past the budgets", text, r.steps, r.bytes)
		}
		if s, ok := out.(string); ok && len(s) > 2*MaxBytes+MaxLength {
			t.Fatalf("%q: built a %d-byte string", text, len(s))
		}
		if d := nesting(out); d > 10_000 {
			t.Fatalf("%q: a result nested %d deep", text, d)
		}
		switch want {
		case Number:
			if _, err := r.Number(p, env); err == nil && out == nil {
				t.Fatalf("%q: a number from nothing", text)
			}
		case Bool:
			r.Bool(p, env)
		}
	})
}

func fuzzUnitEnv(t *testing.T) Env {
	u := unit(t, map[string]string{"melee": "[4]", "fire": "-", "morale": "3", "ql": "5", "grade": "B"}, "A", "leader")
	u.Name = "Legio II"
	return testDecl.UnitValues(u, FlagValues{}, false)
}

func fuzzGroupEnv(t *testing.T) Env {
	var units []Env
	for i, c := range []string{"A", "baggage", "FF"} {
		u := unit(t, map[string]string{"morale": strings.Repeat("1", i+1), "melee": "."}, c)
		u.Count = i + 1
		e := testDecl.UnitValues(u, nil, true)
		e["points"] = float64(3 * (i + 1))
		units = append(units, e)
	}
	return testDecl.GroupValues(&GroupData{Units: units, Counts: map[string]int{"baggage": 2, "A": 1}, Points: 18,
		Budget: 20, HasBudget: true, Items: map[string]float64{"supplies": 2},
		Side: map[string]any{"id": "red"}, Scenario: map[string]any{"sides": []any{"red", "blue"}}})
}

// nesting is how deep lists and maps nest in x, found without recursion (a deep result would overflow the
// stack of a recursive walk, which is what this looks for).
func nesting(x any) int {
	type item struct {
		v any
		d int
	}
	deepest, seen := 0, 0
	stack := []item{{x, 0}}
	for len(stack) > 0 && seen < 10*MaxBytes {
		it := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		seen++
		deepest = max(deepest, it.d)
		switch v := it.v.(type) {
		case []any:
			for _, e := range v {
				stack = append(stack, item{e, it.d + 1})
			}
		case map[string]any:
			for _, e := range v {
				stack = append(stack, item{e, it.d + 1})
			}
		}
	}
	return deepest
}
