// Model keys: which YAML key of a document each field of the Go model holds. The decoder, the encoder and the
// test that pins the schemas to the model all read keys here, so the three cannot disagree on a name.

package content

import (
	"reflect"
	"strings"
	"sync"
)

// ModelField is one YAML key of a model struct and the field that holds it.
type ModelField struct {
	Key   string
	Index []int // for reflect.Value.FieldByIndex
	Type  reflect.Type
}

// ModelFields lists a model struct's YAML keys in field order, as documents are decoded: `,inline` structs are
// flattened, a key the outer struct declares again replaces the inner one (a Table's own `notes` over its
// Meta's), a field without a tag is its name with a lower-case first letter, and fields tagged "-" (positions,
// the source document) and unexported fields are not content.
func ModelFields(t reflect.Type) []ModelField {
	if f, ok := modelFieldCache.Load(t); ok {
		return f.([]ModelField)
	}
	var out []ModelField
	add := func(f ModelField) {
		for i := range out {
			if out[i].Key == f.Key {
				out = append(out[:i], out[i+1:]...)
				break
			}
		}
		out = append(out, f)
	}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if !f.IsExported() {
			continue
		}
		name, opts, _ := strings.Cut(f.Tag.Get("yaml"), ",")
		if name == "-" {
			continue
		}
		if opts == "inline" {
			for _, in := range ModelFields(f.Type) {
				add(ModelField{Key: in.Key, Index: append([]int{i}, in.Index...), Type: in.Type})
			}
			continue
		}
		if name == "" {
			name = strings.ToLower(f.Name[:1]) + f.Name[1:]
		}
		add(ModelField{Key: name, Index: []int{i}, Type: f.Type})
	}
	modelFieldCache.Store(t, out)
	return out
}

var modelFieldCache sync.Map // reflect.Type -> []ModelField
