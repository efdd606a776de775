package content

import (
	"errors"
	"fmt"
	"reflect"
	"strconv"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// decoder fills the typed model from a document's node tree. The schema has already checked structure and
// types, so this is mostly mechanical; what it adds is positions (every struct with an `At diag.Pos` field
// learns where it was written) and the parsing of wargame notation into content/value types, whose errors
// are reported at the value's line and column.
type decoder struct {
	doc   *Document
	diags *diag.List
}

var (
	posType      = reflect.TypeOf(diag.Pos{})
	numberType   = reflect.TypeOf(value.Number{})
	valueType    = reflect.TypeOf(value.Value{})
	diceType     = reflect.TypeOf(value.Dice{})
	lengthType   = reflect.TypeOf(value.Length{})
	paperType    = reflect.TypeOf(value.Paper{})
	gradeType    = reflect.TypeOf(value.Grade(""))
	scalarType   = reflect.TypeOf(Scalar{})
	fieldPosType = reflect.TypeOf(FieldPos{})
	stepsType    = reflect.TypeOf(Steps{})
)

// Scalar is a value whose type the System decides (a unit's stats: a number for one game, a grade or a dice
// expression for another). It keeps the text and where it was written; the System types it after loading
// (System.TypeStats, System.UnitStats), and consumers read the typed stats, never the text.
type Scalar struct {
	Text      string
	Quoted    bool // written as a quoted string
	NotScalar bool // a list or mapping was written where a value belongs (an unquoted [4] is a YAML list)
	At        diag.Pos
}

func (s Scalar) String() string { return s.Text }

func (d *decoder) errorf(n *yaml.Node, code, format string, args ...any) {
	d.diags.Errorf(d.doc.nodePos(n), code, format, args...)
}

func deref(n *yaml.Node) *yaml.Node {
	for n != nil && n.Kind == yaml.AliasNode {
		n = n.Alias
	}
	return n
}

func (d *decoder) decode(n *yaml.Node, v reflect.Value) {
	n = deref(n)
	if n == nil {
		return
	}
	t := v.Type()
	switch t {
	case scalarType:
		if n.Kind != yaml.ScalarNode {
			d.errorf(n, "decode.type", "expected a single value here")
			// Kept with its place, so what reads it later (a stat's type) knows where it is and that it is no
			// value: the schema reports it.
			v.Set(reflect.ValueOf(Scalar{NotScalar: true, At: d.doc.nodePos(n)}))
			return
		}
		v.Set(reflect.ValueOf(Scalar{Text: n.Value, Quoted: n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0, At: d.doc.nodePos(n)}))
		return
	case numberType:
		if x, ok := d.scalar(n); ok {
			num, err := value.ParseNumber(x)
			switch {
			case errors.Is(err, value.ErrPrecision):
				d.errorf(n, "value.number", "%v", err) // says which bound and how to write it
				return
			case err != nil:
				d.errorf(n, "value.number", "%q is not a number: write 3, 2½, 1/2 or 0.25", x)
				return
			}
			v.Set(reflect.ValueOf(num))
		}
		return
	case valueType:
		if x, ok := d.scalar(n); ok {
			val, err := value.ParseValue(x)
			if err != nil {
				d.errorf(n, "value.value", "%v", err)
				return
			}
			v.Set(reflect.ValueOf(val))
		}
		return
	case diceType:
		if x, ok := d.scalar(n); ok {
			dice, err := value.ParseDice(x)
			if err != nil {
				d.errorf(n, "value.dice", "%v", err)
				return
			}
			v.Set(reflect.ValueOf(dice))
		}
		return
	case lengthType:
		if x, ok := d.scalar(n); ok {
			l, err := value.ParseLength(x)
			if err != nil {
				d.errorf(n, "value.length", "%v", err)
				return
			}
			v.Set(reflect.ValueOf(l))
		}
		return
	case paperType:
		if x, ok := d.scalar(n); ok {
			p, err := value.ParsePaper(x)
			if err != nil {
				d.errorf(n, "value.paper", "%v", err)
				return
			}
			v.Set(reflect.ValueOf(p))
		}
		return
	case gradeType:
		if x, ok := d.scalar(n); ok {
			g, err := value.ParseGrade(x)
			if err != nil {
				d.errorf(n, "value.grade", "%v", err)
				return
			}
			v.Set(reflect.ValueOf(g))
		}
		return
	case stepsType:
		v.Set(reflect.ValueOf(d.decodeSteps(n)))
		return
	}
	switch t.Kind() {
	case reflect.Pointer:
		if n.Kind == yaml.ScalarNode && n.Tag == "!!null" {
			return
		}
		p := reflect.New(t.Elem())
		d.decode(n, p.Elem())
		v.Set(p)
	case reflect.Struct:
		d.decodeStruct(n, v)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			// A single item where a list is expected: accept it as a one-item list (schemas allow this only
			// where it reads naturally, e.g. `classes: infantry`).
			s := reflect.MakeSlice(t, 1, 1)
			d.decode(n, s.Index(0))
			v.Set(s)
			return
		}
		s := reflect.MakeSlice(t, len(n.Content), len(n.Content))
		for i, c := range n.Content {
			d.decode(c, s.Index(i))
		}
		v.Set(s)
	case reflect.Array:
		// Fixed-size lists such as a [min, max] range; the schema has checked the length.
		if n.Kind != yaml.SequenceNode || len(n.Content) != t.Len() {
			d.errorf(n, "decode.type", "expected a list of %d values here", t.Len())
			return
		}
		for i, c := range n.Content {
			d.decode(c, v.Index(i))
		}
	case reflect.Map:
		if n.Kind != yaml.MappingNode {
			d.errorf(n, "decode.type", "expected a mapping of names to values here")
			return
		}
		m := reflect.MakeMapWithSize(t, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := reflect.New(t.Key()).Elem()
			d.decode(n.Content[i], k)
			e := reflect.New(t.Elem()).Elem()
			d.decode(n.Content[i+1], e)
			m.SetMapIndex(k, e)
		}
		v.Set(m)
	case reflect.String:
		if x, ok := d.scalar(n); ok {
			v.SetString(x)
		}
	case reflect.Bool:
		if x, ok := d.scalar(n); ok {
			b, err := strconv.ParseBool(x)
			if err != nil {
				d.errorf(n, "decode.type", "%q is not true or false", x)
				return
			}
			v.SetBool(b)
		}
	case reflect.Int, reflect.Int64, reflect.Int32:
		if x, ok := d.scalar(n); ok {
			i, err := parseInt(x)
			if err != nil {
				d.errorf(n, "decode.type", "%q is not a whole number", x)
				return
			}
			if v.OverflowInt(i) {
				d.errorf(n, "decode.type", "%s is too large here", x)
				return
			}
			v.SetInt(i)
		}
	case reflect.Uint, reflect.Uint64, reflect.Uint32:
		if x, ok := d.scalar(n); ok {
			u, err := parseUint(x)
			if err != nil {
				d.errorf(n, "decode.type", "%q is not a whole number of zero or more", x)
				return
			}
			if v.OverflowUint(u) {
				d.errorf(n, "decode.type", "%s is too large here", x)
				return
			}
			v.SetUint(u)
		}
	case reflect.Float64:
		if x, ok := d.scalar(n); ok {
			f, err := strconv.ParseFloat(x, 64)
			if err != nil {
				d.errorf(n, "decode.type", "%q is not a number", x)
				return
			}
			v.SetFloat(f)
		}
	case reflect.Interface:
		// The JSON value the loader builds (numbers as YAML 1.2 reads them), not yaml.v3's own decoding, which
		// reads 010 as octal 8.
		var drop diag.List
		values := 0
		b := builder{doc: &Document{File: d.doc.File, nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}}, diags: &drop, file: &values, load: &valueBudget{}}
		if x := b.build(n, "", 0); x != nil && !b.stopped {
			v.Set(reflect.ValueOf(&x).Elem())
		}
	default:
		d.errorf(n, "decode.internal", "cannot decode into %s", t)
	}
}

func (d *decoder) scalar(n *yaml.Node) (string, bool) {
	if n.Kind != yaml.ScalarNode {
		d.errorf(n, "decode.type", "expected a single value here, found a %s", kindName(n))
		return "", false
	}
	return n.Value, true
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	}
	return "value"
}

// fieldsOf maps a struct's YAML keys to field indexes (see ModelFields).
func fieldsOf(t reflect.Type) map[string][]int {
	if f, ok := fieldCache.Load(t); ok {
		return f.(map[string][]int)
	}
	fs := ModelFields(t)
	out := make(map[string][]int, len(fs))
	for _, f := range fs {
		out[f.Key] = f.Index
	}
	fieldCache.Store(t, out)
	return out
}

var fieldCache sync.Map // reflect.Type -> map[string][]int

func (d *decoder) decodeStruct(n *yaml.Node, v reflect.Value) {
	setPos(v, d.doc.nodePos(n))
	if n.Kind != yaml.MappingNode {
		// Structs with a scalar shorthand (e.g. a force entry written as just a unit id) implement this.
		if s, ok := v.Addr().Interface().(scalarShorthand); ok && n.Kind == yaml.ScalarNode {
			s.fromScalar(n.Value)
			if k, ok := s.(shorthandKey); ok {
				// The shorthand writes that key: its position is the value's, as if written out.
				if f := v.FieldByName("Fields"); f.IsValid() && f.Type() == fieldPosType && f.CanSet() {
					f.Set(reflect.ValueOf(FieldPos{k.shorthandKey(): d.doc.nodePos(n)}))
				}
			}
			return
		}
		d.errorf(n, "decode.type", "expected a mapping here, found a %s", kindName(n))
		return
	}
	fields := fieldsOf(v.Type())
	var where FieldPos
	if f := v.FieldByName("Fields"); f.IsValid() && f.Type() == fieldPosType && f.CanSet() {
		if f.IsNil() {
			f.Set(reflect.ValueOf(FieldPos{}))
		}
		where = f.Interface().(FieldPos)
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		key := n.Content[i].Value
		if key == "<<" {
			mn := deref(n.Content[i+1])
			if mn != nil && mn.Kind == yaml.MappingNode {
				d.decodeStruct(mn, v) // merged keys; explicit ones below override
			}
			continue
		}
		idx, ok := fields[key]
		if !ok {
			continue // unknown keys are reported by the schema layer with a did-you-mean
		}
		if where != nil {
			where[key] = d.doc.nodePos(deref(n.Content[i+1]))
		}
		d.decode(n.Content[i+1], v.FieldByIndex(idx))
	}
	setPos(v, d.doc.nodePos(n))
}

// scalarShorthand is implemented by model structs that may be written as a single value.
type scalarShorthand interface{ fromScalar(string) }

// shorthandKey is implemented by shorthand structs with a FieldPos: the key their single value stands for
// (a pool's unit written as its id is {unit: id}).
type shorthandKey interface{ shorthandKey() string }

func setPos(v reflect.Value, p diag.Pos) {
	if f := v.FieldByName("At"); f.IsValid() && f.Type() == posType && f.CanSet() {
		f.Set(reflect.ValueOf(p))
	}
}

// decodeDocument decodes a document into a fresh model value of the kind's type.
func decodeDocument(doc *Document, into any, diags *diag.List) {
	d := decoder{doc: doc, diags: diags}
	rv := reflect.ValueOf(into)
	if rv.Kind() != reflect.Pointer {
		panic(fmt.Sprintf("decodeDocument: %T is not a pointer", into))
	}
	d.decode(doc.Root, rv.Elem())
}
