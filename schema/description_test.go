package schema

import (
	"encoding/json"
	"sort"
	"strings"
	"testing"
)

// A key of a schema, for the description checks: the file and the dotted names of the properties that lead
// to it (definitions as /definitions/<name>), e.g. "scenario.schema.json:.sides.setup.unit".
type schemaKey struct {
	path string
	node map[string]any
}

// schemaKeys lists every property of every schema file: under properties, in items, allOf/anyOf/oneOf,
// then/else and definitions; never the properties of an if (they only select a branch).
func schemaKeys(t *testing.T) []schemaKey {
	var out []schemaKey
	var walk func(file string, node any, path string)
	walk = func(file string, node any, path string) {
		switch n := node.(type) {
		case map[string]any:
			if props, ok := n["properties"].(map[string]any); ok {
				names := make([]string, 0, len(props))
				for k := range props {
					names = append(names, k)
				}
				sort.Strings(names)
				for _, k := range names {
					p := path + "." + k
					if v, ok := props[k].(map[string]any); ok {
						out = append(out, schemaKey{file + ":" + p, v})
						walk(file, v, p)
					}
				}
			}
			for k, v := range n {
				switch k {
				case "properties", "if":
				case "definitions", "$defs":
					if defs, ok := v.(map[string]any); ok {
						for name, d := range defs {
							walk(file, d, "/definitions/"+name)
						}
					}
				default:
					walk(file, v, path)
				}
			}
		case []any:
			for _, x := range n {
				walk(file, x, path)
			}
		}
	}
	for _, f := range Files() {
		if f == Top {
			continue // the dispatcher: its kind is every kind's
		}
		b, err := Read(f)
		if err != nil {
			t.Fatal(err)
		}
		var v any
		if err := json.Unmarshal(b, &v); err != nil {
			t.Fatal(err)
		}
		walk(f, v, "")
	}
	return out
}

// sameKeyAs maps a key to the key it is the same as, where one schema repeats another's meaning: a fixture's
// inline force and scenario are Force and Scenario documents; a stacking variant is a stacking model; a
// marker's back is a unit's back; a generated map records what a generated scenario records; derived values
// read flagged stats as point formulas do.
var sameKeyAs = [][2]string{
	{"fixture.schema.json:.force.", "force.schema.json:."},
	{"fixture.schema.json:.scenario.", "scenario.schema.json:."},
	{"system.schema.json:.stackingVariants.", "system.schema.json:.stacking."},
	{"marker.schema.json:.back.", "unit-type.schema.json:.back."},
	{"map.schema.json:.generated.", "scenario.schema.json:.generated."},
	{"system.schema.json:.derived.flagValues", "system.schema.json:.points.flagValues"},
	// A victory decision is a condition with a side: its condition keys are the condition's.
	{"scenario.schema.json:.victory.decide.", "common.schema.json:/definitions/condition."},
	// A lookup's attackers and defenders are combatants alike.
	{"fixture.schema.json:.lookups.defenders.", "fixture.schema.json:.lookups.attackers."},
	// An area map's areas and a point-to-point map's places are places alike; places' stats are declared as
	// units' stats are.
	{"map.schema.json:.places.", "map.schema.json:.areas."},
	{"system.schema.json:.placeStats.", "system.schema.json:.stats."},
	// A die-roll modifier holds when a column shift would: its conditions are a shift's.
	{"table.schema.json:.combat.modifiers.terrain", "table.schema.json:.combat.shifts.terrain"},
	{"table.schema.json:.combat.modifiers.across", "table.schema.json:.combat.shifts.across"},
	{"table.schema.json:.combat.modifiers.all", "table.schema.json:.combat.shifts.all"},
	{"table.schema.json:.combat.modifiers.when", "table.schema.json:.combat.shifts.when"},
	// A deck's card layout is a counter face layout's elements and band placed on a card.
	{"deck.schema.json:.layout.slots.", "system.schema.json:.faces.slots."},
	{"deck.schema.json:.layout.band.", "system.schema.json:.faces.band."},
	// A deck's deal and draw are alike: a number of cards and when.
	{"deck.schema.json:.draw.", "deck.schema.json:.deal."},
}

// documentKeys mean the same in every kind of document.
var documentKeys = []string{".name", ".source", ".notes", ".override"}

func canonicalKey(path string) string {
	file, p, _ := strings.Cut(path, ":")
	for _, k := range documentKeys {
		if p == k {
			return "document" + k
		}
	}
	for _, s := range sameKeyAs {
		if rest, ok := strings.CutPrefix(path, s[0]); ok {
			return s[1] + rest
		}
	}
	return file + ":" + p
}

// Every key has a description of its own (a key that is a $ref to another kind's key shares that key's),
// and no two keys that mean different things share one: a description copied to a key it does not fit
// ("A terrain id from the System" on the System's list of terrain types) is caught here. Keys that mean the
// same are listed in sameKeyAs and documentKeys.
func TestEveryKeyHasItsOwnDescription(t *testing.T) {
	keys := schemaKeys(t)
	if len(keys) < 400 {
		t.Fatalf("only %d keys found", len(keys))
	}
	byText := map[string][]string{}
	for _, k := range keys {
		d, _ := k.node["description"].(string)
		if d == "" {
			if ref, _ := k.node["$ref"].(string); strings.Contains(ref, "#/properties/") {
				continue // the same key as the one it refers to (a fixture's scenario name is a scenario's)
			}
			t.Errorf("%s has no description", k.path)
			continue
		}
		if len(d) < 12 || !strings.HasSuffix(strings.TrimSpace(d), ".") && !strings.HasSuffix(d, ")") {
			t.Errorf("%s: %q is not a sentence that says what the key holds", k.path, d)
		}
		byText[d] = append(byText[d], k.path)
	}
	for d, paths := range byText {
		canon := map[string]bool{}
		for _, p := range paths {
			canon[canonicalKey(p)] = true
		}
		if len(canon) > 1 {
			t.Errorf("%d different keys share the description %q: %s (write one for each, or list them in sameKeyAs if they mean the same)",
				len(canon), d, strings.Join(paths, ", "))
		}
	}
}
