package schema

import (
	"reflect"
	"strings"

	"github.com/muster-wargames/muster/content"
)

// modelKeys lists the YAML keys of a kind's Go struct (flattening inline structs).
func modelKeys(kind string) map[string]bool {
	types := map[string]any{
		"Package": content.Manifest{}, "System": content.System{}, "UnitType": content.UnitType{},
		"Marker": content.Marker{}, "CounterMix": content.CounterMix{}, "Map": content.Map{}, "Force": content.Force{},
		"Scenario": content.Scenario{}, "Table": content.Table{}, "Generator": content.Generator{}, "Fixture": content.Fixture{},
	}
	out := map[string]bool{}
	var walk func(t reflect.Type)
	walk = func(t reflect.Type) {
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
			if name == "-" || !f.IsExported() {
				continue
			}
			if opts == "inline" {
				walk(f.Type)
				continue
			}
			out[name] = true
		}
	}
	walk(reflect.TypeOf(types[kind]))
	return out
}
