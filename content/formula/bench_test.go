package formula

import "testing"

// BenchmarkEval measures a unit formula and a group rule over 50 units, the shapes validation runs most.
func BenchmarkEval(b *testing.B) {
	unitEnv := testDecl.UnitValues(unit(b, map[string]string{"melee": "5", "fire": "2"}), nil, false)
	var units []Env
	for i := 0; i < 50; i++ {
		units = append(units, testDecl.UnitValues(unit(b, map[string]string{"morale": "3"}, "A"), nil, true))
	}
	groupEnv := testDecl.GroupValues(&GroupData{Units: units})
	for _, c := range []struct {
		name, text string
		k          Kind
		env        Env
	}{
		{"unit", "ceil(melee / 2) + fire", Unit, unitEnv},
		{"group", `len(filter(units, "A" in .classes and .morale >= 3)) >= totals.units / 2`, Group, groupEnv},
	} {
		p, err := Compile(src(c.text), c.k, Any, testDecl)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(c.name, func(b *testing.B) {
			var r Runner
			for b.Loop() {
				if _, err := r.Eval(p, c.env); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
