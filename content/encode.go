// Encoding: the typed model written back as YAML that decodes to the same model, in the layout of the
// examples' hand-written files, so that what muster writes (`muster generate`'s maps and scenarios) reads like
// them. Keys come in the order of the Go structs (which is the schemas' order), but for a kind's heading keys
// (firstKeys); short entries are written on one line (oneLine) and so are lists of ids, while sentences and a
// map's terrain rows take a line each; values keep wargame notation (numbers as rulebooks write them,
// flagged values, dice, lengths and paper sizes as written, stats as written), and zero values are left out
// unless the document the model was decoded from wrote them (a written `firstCol: 0` means 0, an absent one 1).

package content

import (
	"bytes"
	"fmt"
	"io"
	"math"
	"reflect"
	"slices"
	"sort"
	"strconv"
	"strings"

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
		if err := WriteYAML(&b, d); err != nil {
			return nil, err
		}
	}
	return b.Bytes(), nil
}

// WriteYAML writes one document as YAML (Encode's node, indented by two spaces), for a caller that frames
// its documents itself (`muster generate` puts a schema line after each `---`).
func WriteYAML(w io.Writer, d Doc) error {
	n, err := Encode(d)
	if err != nil {
		return err
	}
	enc := yaml.NewEncoder(w)
	enc.SetIndent(2)
	if err := enc.Encode(n); err != nil {
		return err
	}
	return enc.Close()
}

// The layout of a hand-written file, as the examples write it.
var (
	// firstKeys are keys a kind writes before the rest, which follow in struct order: the examples put a
	// document's heading (a board's label, a scenario's date and scale, a force's faction) between its name
	// and its source, a scenario's objectives before its victory, a victory's source before its awards.
	firstKeys = map[reflect.Type][]string{
		reflect.TypeOf(Map{}):       {"kind", "id", "name", "board"},
		reflect.TypeOf(Force{}):     {"kind", "id", "name", "faction", "factions", "grants", "mix", "scale", "source", "notes", "points"},
		reflect.TypeOf(Scenario{}):  {"kind", "id", "name", "date", "scale", "source", "notes", "description", "generated", "map", "sides", "objectives", "length", "victory", "specialRules"},
		reflect.TypeOf(Objective{}): {"id", "name", "sides"},
		reflect.TypeOf(Victory{}):   {"description", "conditions", "score", "measure", "source"},
	}
	// oneLine are the entries short enough to read on one line: written as flow mappings.
	oneLine = map[reflect.Type]bool{
		reflect.TypeOf(Generated{}): true, reflect.TypeOf(Numbering{}): true, reflect.TypeOf(Crossing{}): true,
		reflect.TypeOf(Location{}): true, reflect.TypeOf(EdgeDef{}): true, reflect.TypeOf(Piece{}): true,
		reflect.TypeOf(ForceEntry{}): true, reflect.TypeOf(ItemEntry{}): true, reflect.TypeOf(BoardPlacement{}): true,
		reflect.TypeOf(Entry{}): true, reflect.TypeOf(Placement{}): true, reflect.TypeOf(Objective{}): true,
		reflect.TypeOf(Length{}): true, reflect.TypeOf(Award{}): true, reflect.TypeOf(VictoryBand{}): true,
		reflect.TypeOf(Place{}): true, reflect.TypeOf(Connection{}): true,
	}
	// lineEach are the lists of strings written one item a line (a list of ids is written on one line): sentences,
	// and a map's terrain rows, which line up as the map does.
	lineEach = map[fieldKey]bool{
		{reflect.TypeOf(Map{}), "terrain"}: true, {reflect.TypeOf(Victory{}), "conditions"}: true,
		{reflect.TypeOf(Scenario{}), "specialRules"}: true,
	}
	// required are keys the schemas require, written even when empty: a force's units (`units: []`, a force
	// that bought nothing) and a generated document's seed (0 is a seed).
	required = map[fieldKey]bool{{reflect.TypeOf(Force{}), "units"}: true, {reflect.TypeOf(Generated{}), "seed"}: true}
	// characters are the fields whose strings are a map's drawing characters, double-quoted so that "." or "~"
	// reads as the character it is: a map's terrain rows and its legend's keys (a legend on one line).
	characters = map[fieldKey]bool{{reflect.TypeOf(Map{}), "terrain"}: true, {reflect.TypeOf(Map{}), "legend"}: true}
)

// fieldKey is a key of a struct type.
type fieldKey struct {
	t   reflect.Type
	key string
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
	case stepsType:
		return encodeSteps(v.Interface().(Steps)), nil
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
		numbers := true // a point [x, y], or an outline of points, is written on one line
		for i := 0; i < v.Len(); i++ {
			c, err := e.encode(v.Index(i), Pointer(ptr, i))
			if err != nil {
				return nil, err
			}
			numbers = numbers && (c.Kind == yaml.ScalarNode && (c.Tag == "!!int" || c.Tag == "!!float") ||
				c.Kind == yaml.SequenceNode && c.Style == yaml.FlowStyle && len(c.Content) > 0)
			n.Content = append(n.Content, c)
		}
		if numbers {
			n.Style = yaml.FlowStyle
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
		// A whole number is written as one (a coordinate 0, not !!float 0): it reads back as the same float.
		if f := v.Float(); f == math.Trunc(f) && math.Abs(f) < 1<<53 {
			return scalarNode("!!int", strconv.FormatInt(int64(f), 10)), nil
		}
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

// encodeStruct writes a struct's keys (its firstKeys, then the rest in field order, `,inline` structs
// flattened), leaving out the empty ones the document did not write.
func (e *encoder) encodeStruct(v reflect.Value, ptr string) (*yaml.Node, error) {
	n := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	err := e.fields(v, ptr, n)
	if len(n.Content) == 0 || oneLine[v.Type()] {
		n.Style = yaml.FlowStyle
	}
	return n, err
}

func (e *encoder) fields(v reflect.Value, ptr string, n *yaml.Node) error {
	for _, f := range keyOrder(v.Type()) {
		fp := Pointer(ptr, f.Key)
		fv := v.FieldByIndex(f.Index)
		k := fieldKey{v.Type(), f.Key}
		if empty(fv) && !e.written(fp) && !required[k] {
			continue
		}
		c, err := e.encode(fv, fp)
		if err != nil {
			return err
		}
		layout(c, k)
		n.Content = append(n.Content, scalarNode("!!str", f.Key), c)
	}
	return nil
}

// keyOrder is the order a struct's keys are written in: its firstKeys, then the others in field order.
func keyOrder(t reflect.Type) []ModelField {
	fields := ModelFields(t)
	first := firstKeys[t]
	if len(first) == 0 {
		return fields
	}
	out := make([]ModelField, 0, len(fields))
	for _, k := range first {
		for _, f := range fields {
			if f.Key == k {
				out = append(out, f)
			}
		}
	}
	for _, f := range fields {
		if !slices.Contains(first, f.Key) {
			out = append(out, f)
		}
	}
	return out
}

// layout styles a field's node: a list of strings on one line unless it is a list of sentences or rows (or an
// item is more than one word), a map's drawing characters double-quoted.
func layout(n *yaml.Node, k fieldKey) {
	switch {
	case n.Kind == yaml.SequenceNode && len(n.Content) > 0 && !lineEach[k]:
		for _, c := range n.Content {
			if c.Kind != yaml.ScalarNode || c.Tag != "!!str" || strings.ContainsAny(c.Value, " \n") {
				return
			}
		}
		n.Style = yaml.FlowStyle
	case characters[k] && n.Kind == yaml.SequenceNode:
		for _, c := range n.Content {
			c.Style = yaml.DoubleQuotedStyle
		}
	case characters[k] && n.Kind == yaml.MappingNode:
		n.Style = yaml.FlowStyle
		for i := 0; i < len(n.Content); i += 2 {
			n.Content[i].Style = yaml.DoubleQuotedStyle
		}
	}
}

func (e *encoder) written(ptr string) bool { return e.doc != nil && e.doc.Node(ptr) != nil }

// empty reports whether a value says nothing a reader would miss: the zero value, with positions (and the
// document a model came from) not counted. Empty lists and mappings that were written are not empty: a
// decoded `units: []` is an empty list, not a missing one.
func empty(v reflect.Value) bool {
	switch v.Type() {
	case posType, fieldPosType, documentType:
		return true
	case stepsType:
		s := v.Interface().(Steps)
		return s.Count == 0 && s.List == nil
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
