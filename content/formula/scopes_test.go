package formula

import (
	"sort"
	"strings"
	"testing"

	"github.com/expr-lang/expr/types"
)

// The reference of every scope (Scopes, printed as docs/formulas.md) names exactly what the compiler lets a
// formula of that scope name, mappings key by key: a name added to an environment and not to the reference,
// or the other way round, fails here.
func TestScopesDocumentEveryName(t *testing.T) {
	d := &Decl{}
	for _, sc := range Scopes() {
		env := d.envType(sc.Kind)
		var doc []string
		for _, n := range sc.Names {
			if n.Name == strings.ToUpper(n.Name) {
				continue // STAT, DERIVED: the System's own names
			}
			doc = append(doc, n.Name)
			if m, ok := env[n.Name].(types.Map); ok && len(n.Fields) > 0 {
				compareNames(t, m, sc.Name+"."+n.Name, n.Fields, nil)
			}
		}
		sort.Strings(doc)
		if got, want := strings.Join(typeNames(env), " "), strings.Join(doc, " "); got != want {
			t.Errorf("scope %s: the compiler has %s; the reference has %s", sc.Name, got, want)
		}
		for name, elem := range d.listElems(sc.Kind) {
			var fields []Name
			for _, n := range sc.Names {
				if n.Name == name {
					fields = n.Fields
				}
			}
			if len(fields) == 0 {
				continue
			}
			var skip []string
			if sc.Kind == Group {
				skip = typeNames(d.unitType(false)) // a unit's names, documented in the unit scope
			}
			compareNames(t, elem, sc.Name+"."+name+"[]", fields, skip)
		}
	}
	if Combat.String() != "combat" || Group.String() != "group" {
		t.Errorf("kind names: %s, %s", Combat, Group)
	}
}

// compareNames compares a mapping's keys with its documented fields (keys in skip are documented elsewhere).
func compareNames(t *testing.T, m types.Map, what string, fields []Name, skip []string) {
	t.Helper()
	var got, want []string
	for _, k := range typeNames(m) {
		if !contains(skip, k) {
			got = append(got, k)
		}
	}
	for _, f := range fields {
		want = append(want, f.Name)
	}
	sort.Strings(want)
	if strings.Join(got, " ") != strings.Join(want, " ") {
		t.Errorf("%s: the compiler has %v; the reference has %v", what, got, want)
	}
}

func contains(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}
