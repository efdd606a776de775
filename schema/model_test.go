package schema

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
)

// The schemas and the Go model describe the same documents. TestSchemasMatchModel walks every kind's schema
// and its Go struct together, depth first, key by key: a schema object's properties against the struct's
// YAML keys (content.ModelFields: inline structs flattened, untagged fields by name), following $refs into
// other files and common definitions, arrays' items into slices, additionalProperties into maps, anyOf
// branches; pointers are followed on the Go side. A key on one side and not the other fails, at any depth, as
// does a list or a mapping on one side where the other has a single value.

// leafTypes are Go types written as one value in a document: their text is parsed by the decoder
// (content/value's notation, a stat the System types, a roll "1d4" or "8"), so their schema is a string or
// number, never an object, though some are structs in Go.
var leafTypes = map[reflect.Type]bool{
	reflect.TypeOf(value.Number{}):   true,
	reflect.TypeOf(value.Value{}):    true,
	reflect.TypeOf(value.Dice{}):     true,
	reflect.TypeOf(value.Length{}):   true,
	reflect.TypeOf(value.Paper{}):    true,
	reflect.TypeOf(value.Grade("")):  true,
	reflect.TypeOf(content.Scalar{}): true,
	reflect.TypeOf(content.Roll{}):   true,
}

// shorthandTypes are Go structs that may also be written as one string (content's scalar shorthand): their
// schema is anyOf a string and an object, and the string branch is their shorthand.
var shorthandTypes = map[reflect.Type]bool{
	reflect.TypeOf(content.Include{}):  true,
	reflect.TypeOf(content.PoolUnit{}): true,
}

// wholeTypes are Go structs the decoder reads whole from one value or a list (content.Steps: `steps: 4` or
// `steps: [4, 3, 2, 1]`): their schema is a type union of a single value and an array, never an object of
// their Go fields.
var wholeTypes = map[reflect.Type]bool{
	reflect.TypeOf(content.Steps{}): true,
}

// kindTypes are the Go model of each kind's schema file.
var kindTypes = map[string]reflect.Type{
	"Package": reflect.TypeOf(content.Manifest{}), "System": reflect.TypeOf(content.System{}),
	"UnitType": reflect.TypeOf(content.UnitType{}), "Marker": reflect.TypeOf(content.Marker{}),
	"CounterMix": reflect.TypeOf(content.CounterMix{}), "Map": reflect.TypeOf(content.Map{}),
	"Force": reflect.TypeOf(content.Force{}), "Scenario": reflect.TypeOf(content.Scenario{}),
	"Table": reflect.TypeOf(content.Table{}), "Generator": reflect.TypeOf(content.Generator{}),
	"Fixture": reflect.TypeOf(content.Fixture{}),
	"Deck":    reflect.TypeOf(content.Deck{}), "Card": reflect.TypeOf(content.Card{}),
}

// onlyInGo are keys the Go model reads that the schema deliberately does not allow, by path (kind, then keys;
// [] for a list's items, {} for a mapping's values), with the reason. The test fails if one is no longer
// needed, so the list cannot outlive its reasons.
var onlyInGo = map[string]string{
	// A fixture's force and scenario are written inline, without a kind: the fixture's schema leaves kind out
	// (the fixture says what they are), while the Go model reuses Force and Scenario, whose Meta has a kind.
	"Fixture.force.kind":    "an inline force has no kind",
	"Fixture.scenario.kind": "an inline scenario has no kind",
}

// onlyInSchema are keys a schema allows that the Go model does not read, with the reason.
var onlyInSchema = map[string]string{}

// unusedDefinitions are common definitions no key refers to, with the reason they are kept.
var unusedDefinitions = map[string]string{
	// Grades are written as unit stats, which the System types (a stat of type grade); no key of the model
	// is a grade itself. The definition documents the notation in the reference (muster schema docs).
	"grade": "documents the grade notation of stats",
}

// enumKeys are Go map key types whose keys are a fixed set of words: the schema lists them as properties
// (with additionalProperties false) instead of allowing any key.
var enumKeys = map[reflect.Type][]string{
	reflect.TypeOf(value.Flag("")): flagWords(),
}

func flagWords() []string {
	var out []string
	for _, f := range value.AllFlags {
		out = append(out, string(f))
	}
	return out
}

type modelWalk struct {
	t       *testing.T
	c       *compiled
	visited map[string]bool // schema location + Go type already compared
	files   map[string]bool // schema files reached
	defs    map[string]bool // common definitions reached
	used    map[string]bool // allow-list entries that were needed
}

func TestSchemasMatchModel(t *testing.T) {
	c, err := load()
	if err != nil {
		t.Fatal(err)
	}
	w := &modelWalk{t: t, c: c, visited: map[string]bool{}, files: map[string]bool{}, defs: map[string]bool{}, used: map[string]bool{}}
	kinds := Kinds()
	if len(kinds) != len(kindTypes) || len(content.Kinds) != len(kinds) {
		t.Errorf("kinds: schema %v, content %v, this test %d", kinds, content.Kinds, len(kindTypes))
	}
	for _, kind := range kinds {
		typ, ok := kindTypes[kind]
		if !ok {
			t.Errorf("no Go type for kind %s", kind)
			continue
		}
		file := FileForKind[kind]
		w.files[file] = true
		w.walk(file, "", c.raw[file], typ, kind)
	}
	// The dispatching schema sends each kind to its file, and every file and common definition is used.
	w.checkDispatch()
	for _, f := range Files() {
		if f != Top && !w.files[f] {
			t.Errorf("schema file %s is reached from no kind", f)
		}
	}
	if defs, ok := valueAt(c.raw["common.schema.json"], "/definitions").(map[string]any); ok {
		for d := range defs {
			_, kept := unusedDefinitions[d]
			switch {
			case !w.defs[d] && !kept:
				t.Errorf("common.schema.json: definition %s is used by no schema", d)
			case w.defs[d] && kept:
				t.Errorf("common.schema.json: definition %s is used now: take it off unusedDefinitions", d)
			}
		}
	}
	for _, list := range []map[string]string{onlyInGo, onlyInSchema} {
		for p := range list {
			if !w.used[p] {
				t.Errorf("%s is on an allow-list but schema and model now agree on it: take it off", p)
			}
		}
	}
}

// resolve follows a $ref from a schema node in file: "#/definitions/x", "common.schema.json#/definitions/x",
// or a whole file.
func (w *modelWalk) resolve(file, ref string) (string, string, any) {
	target, frag, _ := strings.Cut(ref, "#")
	if target == "" {
		target = file
	}
	w.files[target] = true
	if target == "common.schema.json" && strings.HasPrefix(frag, "/definitions/") {
		w.defs[strings.SplitN(strings.TrimPrefix(frag, "/definitions/"), "/", 2)[0]] = true
	}
	return target, frag, valueAt(w.c.raw[target], frag)
}

func (w *modelWalk) walk(file, loc string, node any, typ reflect.Type, path string) {
	for typ.Kind() == reflect.Pointer {
		typ = typ.Elem()
	}
	s, ok := node.(map[string]any)
	if !ok {
		w.t.Errorf("%s: the schema at %s#%s is not an object", path, file, loc)
		return
	}
	key := file + "#" + loc + "|" + typ.String()
	if w.visited[key] {
		return
	}
	w.visited[key] = true
	if ref, ok := s["$ref"].(string); ok {
		f, frag, target := w.resolve(file, ref)
		if target == nil {
			w.t.Errorf("%s: $ref %q in %s resolves to nothing", path, ref, file)
			return
		}
		w.walk(f, frag, target, typ, path)
		return
	}
	for _, comb := range []string{"anyOf", "oneOf", "allOf"} {
		if bs, ok := s[comb].([]any); ok {
			for i, b := range bs {
				w.walk(file, fmt.Sprintf("%s/%s/%d", loc, comb, i), b, typ, path)
			}
			return
		}
	}
	props, hasProps := s["properties"].(map[string]any)
	addl, hasAddl := s["additionalProperties"].(map[string]any)
	items, hasItems := s["items"]
	switch {
	case wholeTypes[typ]:
		if !schemaType(s, "array") || !hasItems || hasProps {
			w.t.Errorf("%s: Go reads a value or a list (%s), the schema (%s#%s) is not a union of a value and an array", path, typ, file, loc)
		}
	case shorthandTypes[typ] && schemaType(s, "string") && !hasProps:
		w.checkScalar(s, reflect.TypeOf(""), path, file, loc)
	case leafTypes[typ] || isScalarKind(typ.Kind()):
		if hasProps || hasAddl || hasItems || schemaType(s, "object") || schemaType(s, "array") {
			w.t.Errorf("%s: Go reads one value (%s), the schema (%s#%s) a list or a mapping", path, typ, file, loc)
		}
		w.checkScalar(s, typ, path, file, loc)
	case typ.Kind() == reflect.Slice || typ.Kind() == reflect.Array:
		if !hasItems {
			w.t.Errorf("%s: Go reads a list (%s), the schema (%s#%s) has no items", path, typ, file, loc)
			return
		}
		w.walk(file, loc+"/items", items, typ.Elem(), path+"[]")
	case typ.Kind() == reflect.Map && enumKeys[typ.Key()] != nil:
		words := enumKeys[typ.Key()]
		if !hasProps || s["additionalProperties"] != false {
			w.t.Errorf("%s: Go reads a mapping keyed by %s (%s), the schema (%s#%s) does not list them as properties", path, typ.Key(), strings.Join(words, ", "), file, loc)
			return
		}
		var got []string
		for k := range props {
			got = append(got, k)
		}
		sort.Strings(got)
		want := append([]string(nil), words...)
		sort.Strings(want)
		if strings.Join(got, " ") != strings.Join(want, " ") {
			w.t.Errorf("%s: the schema (%s#%s) allows keys %v, Go's %s has %v", path, file, loc, got, typ.Key(), want)
		}
		for _, k := range got {
			w.walk(file, loc+"/properties/"+k, props[k], typ.Elem(), path+"."+k)
		}
	case typ.Kind() == reflect.Map:
		if hasProps || !hasAddl {
			w.t.Errorf("%s: Go reads a mapping of any keys (%s), the schema (%s#%s) has no additionalProperties schema", path, typ, file, loc)
			return
		}
		w.walk(file, loc+"/additionalProperties", addl, typ.Elem(), path+"{}")
	case typ.Kind() == reflect.Struct:
		if !hasProps {
			w.t.Errorf("%s: Go reads a mapping with keys (%s), the schema (%s#%s) has no properties", path, typ, file, loc)
			return
		}
		if s["additionalProperties"] != false {
			w.t.Errorf("%s: the schema (%s#%s) allows keys it does not list (additionalProperties is not false)", path, file, loc)
		}
		fields := map[string]content.ModelField{}
		var keys []string
		for _, f := range content.ModelFields(typ) {
			fields[f.Key] = f
			keys = append(keys, f.Key)
		}
		for k := range props {
			if _, ok := fields[k]; !ok {
				w.allowed(onlyInSchema, path+"."+k, "%s: the schema (%s#%s) has key %q, the Go model (%s) does not", path, file, loc, k, typ)
			}
		}
		sort.Strings(keys)
		for _, k := range keys {
			p, ok := props[k]
			if !ok {
				w.allowed(onlyInGo, path+"."+k, "%s: the Go model (%s) has key %q, the schema (%s#%s) does not", path, typ, k, file, loc)
				continue
			}
			w.walk(file, loc+"/properties/"+k, p, fields[k].Type, path+"."+k)
		}
	default:
		w.t.Errorf("%s: Go type %s has no schema counterpart", path, typ)
	}
}

// allowed reports a key on one side only, unless the allow-list gives a reason for it.
func (w *modelWalk) allowed(list map[string]string, path, format string, args ...any) {
	if _, ok := list[path]; ok {
		w.used[path] = true
		return
	}
	w.t.Errorf(format, args...)
}

func isScalarKind(k reflect.Kind) bool {
	switch k {
	case reflect.String, reflect.Bool, reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64, reflect.Float64:
		return true
	}
	return false
}

// schemaType reports whether a schema node's type is (or includes) t.
func schemaType(s map[string]any, t string) bool {
	switch x := s["type"].(type) {
	case string:
		return x == t
	case []any:
		for _, y := range x {
			if y == t {
				return true
			}
		}
	}
	return false
}

// checkScalar compares a single value's Go kind with the schema's type where the schema gives one: a Go bool
// is a boolean, a Go integer an integer, a Go float a number, a Go string a string.
func (w *modelWalk) checkScalar(s map[string]any, typ reflect.Type, path, file, loc string) {
	if s["type"] == nil || leafTypes[typ] {
		return
	}
	want := map[reflect.Kind]string{reflect.Bool: "boolean", reflect.String: "string", reflect.Float64: "number"}[typ.Kind()]
	switch typ.Kind() {
	case reflect.Int, reflect.Int32, reflect.Int64, reflect.Uint, reflect.Uint32, reflect.Uint64:
		want = "integer"
	}
	if !schemaType(s, want) {
		w.t.Errorf("%s: Go reads a %s (%s), the schema (%s#%s) is of type %v", path, want, typ, file, loc, s["type"])
	}
}

// checkDispatch checks that muster.schema.json sends each kind to that kind's file.
func (w *modelWalk) checkDispatch() {
	top, _ := w.c.raw[Top].(map[string]any)
	all, _ := top["allOf"].([]any)
	got := map[string]string{}
	for _, x := range all {
		kind, _ := valueAt(x, "/if/properties/kind/const").(string)
		ref, _ := valueAt(x, "/then/$ref").(string)
		got[kind] = ref
	}
	for kind, file := range FileForKind {
		if got[kind] != file {
			w.t.Errorf("%s sends kind %s to %q, want %s", Top, kind, got[kind], file)
		}
	}
	if len(got) != len(FileForKind) {
		w.t.Errorf("%s dispatches %d kinds, there are %d", Top, len(got), len(FileForKind))
	}
}
