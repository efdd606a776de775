// Encoding: the typed model written back as YAML that decodes to the same model. Keys come in the order of
// the Go structs (which is the schemas' order), values keep wargame notation (numbers as rulebooks write
// them, flagged values, dice, lengths and paper sizes as written, stats as written), and zero values are left
// out unless the document the model was decoded from wrote them (a written `firstCol: 0` means 0, an
// absent one 1).

package content

import (
	"bytes"
	"fmt"
	"reflect"
	"sort"
	"strconv"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/value"
)

// Encode returns a decoded (or generated) document as a YAML document node.
func Encode(d Doc) (*yaml.Node, error) {
	rv := reflect.ValueOf(d)
	if rv.Kind() != reflect.Pointer || rv.IsNil() {
		return nil, fmt.Errorf("content: cannot encode %T", d)
	}
	e := encoder{doc: d.meta().Doc}
	n, err := e.encode(rv.Elem(), "")
	if err != nil {
		return nil, err
	}
	return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{n}}, nil
}

// Marshal writes documents as one YAML file, separated by `---`.
func Marshal(docs ...Doc) ([]byte, error) {
	var b bytes.Buffer
	for i, d := range docs {
		if i > 0 {
			b.WriteString("---\n")
		}
		n, err := Encode(d)
		if err != nil {
			return nil, err
		}
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(n); err != nil {
			return nil, err
		}
		if err := enc.Close(); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// encoder walks a model value; doc (may be nil) is the document it was decoded from, to tell written zeros
// from absent keys.
type encoder struct{ doc *Document }

var (
	rollType     = reflect.TypeOf(Roll{})
	documentType = reflect.TypeOf(&Document{})
)

func scalarNode(tag, v string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: v}
}

// notation is a scalar whose text the YAML emitter may leave plain or quote as it needs (2½, 3*, [4], 1d6):
// the decoder reads the text either way.
func notation(v string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Value: v} }

func (e *encoder) encode(v reflect.Value, ptr string) (*yaml.Node, error) {
	switch v.Type() {
	case scalarType:
		s := v.Interface().(Scalar)
		n := notation(s.Text)
		if s.Quoted {
			n.Style = yaml.DoubleQuotedStyle
		}
		return n, nil
	case numberType:
		return notation(v.Interface().(value.Number).String()), nil
	case valueType:
		x := v.Interface().(value.Value)
		if x.Text != "" {
			return notation(x.Text), nil
		}
		return notation(x.String()), nil
	case diceType:
		return notation(v.Interface().(value.Dice).String()), nil
	case lengthType:
		return notation(v.Interface().(value.Length).String()), nil
	case paperType:
		return notation(v.Interface().(value.Paper).Name), nil
	case gradeType:
		return notation(string(v.Interface().(value.Grade))), nil
	case rollType:
		return notation(v.Interface().(Roll).String()), nil
	}
	switch v.Kind() {
	case reflect.Pointer:
		if v.IsNil() {
			return scalarNode("!!null", "null"), nil
		}
		return e.encode(v.Elem(), ptr)
	case reflect.Struct:
		return e.encodeStruct(v, ptr)
	case reflect.Slice, reflect.Array:
		n := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		if v.Len() == 0 {
			n.Style = yaml.FlowStyle
		}
		for i := 0; i < v.Len(); i++ {
			c, err := e.encode(v.Index(i), Pointer(ptr, i))
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, c)
		}
		return n, nil
	case reflect.Map:
		if v.Type().Key().Kind() != reflect.String {
			return nil, fmt.Errorf("content: cannot encode a map keyed by %s", v.Type().Key())
		}
		n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
		if v.Len() == 0 {
			n.Style = yaml.FlowStyle
		}
		keys := make([]string, 0, v.Len())
		for _, k := range v.MapKeys() {
			keys = append(keys, k.String())
		}
		sort.Strings(keys)
		for _, k := range keys {
			c, err := e.encode(v.MapIndex(reflect.ValueOf(k).Convert(v.Type().Key())), Pointer(ptr, k))
			if err != nil {
				return nil, err
			}
			n.Content = append(n.Content, scalarNode("!!str", k), c)
		}
		return n, nil
	case reflect.String:
		return scalarNode("!!str", v.String()), nil
	case reflect.Bool:
		return scalarNode("!!bool", strconv.FormatBool(v.Bool())), nil
	case reflect.Int, reflect.Int64, reflect.Int32:
		return scalarNode("!!int", strconv.FormatInt(v.Int(), 10)), nil
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		return scalarNode("!!int", strconv.FormatUint(v.Uint(), 10)), nil
	case reflect.Float64:
		return scalarNode("!!float", strconv.FormatFloat(v.Float(), 'g', -1, 64)), nil
	case reflect.Interface:
		if v.IsNil() {
			return scalarNode("!!null", "null"), nil
		}
		var n yaml.Node
		if err := n.Encode(v.Interface()); err != nil {
			return nil, err
		}
		return &n, nil
	}
	return nil, fmt.Errorf("content: cannot encode %s at %s", v.Type(), ptr)
}

// encodeStruct writes a struct's keys in field order, `,inline` structs flattened, leaving out the empty ones
// the document did not write.
func (e *encoder) encodeStruct(v reflect.Value, ptr string) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	err := e.fields(v, ptr, n)
	if len(n.Content) == 0 {
		n.Style = yaml.FlowStyle
	}
	return n, err
}

func (e *encoder) fields(v reflect.Value, ptr string, n *yaml.Node) error {
	for _, f := range ModelFields(v.Type()) {
		fp := Pointer(ptr, f.Key)
		fv := v.FieldByIndex(f.Index)
		if empty(fv) && !e.written(fp) {
			continue
		}
		c, err := e.encode(fv, fp)
		if err != nil {
			return err
		}
		n.Content = append(n.Content, scalarNode("!!str", f.Key), c)
	}
	return nil
}

func (e *encoder) written(ptr string) bool { return e.doc != nil && e.doc.Node(ptr) != nil }

// empty reports whether a value says nothing a reader would miss: the zero value, with positions (and the
// document a model came from) not counted. Empty lists and mappings that were written are not empty: a
// decoded `units: []` is an empty list, not a missing one.
func empty(v reflect.Value) bool {
	switch v.Type() {
	case posType, fieldPosType, documentType:
		return true
	}
	switch v.Kind() {
	case reflect.Struct:
		for _, f := range ModelFields(v.Type()) {
			if !empty(v.FieldByIndex(f.Index)) {
				return false
			}
		}
		return true
	case reflect.Slice, reflect.Map, reflect.Pointer, reflect.Interface:
		return v.IsNil()
	}
	return v.IsZero()
}
