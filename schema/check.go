package schema

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v5"
	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// Check validates each document against its kind's schema and returns every error, positioned at the
// offending node. It also returns the documents that failed, so later stages can leave them out.
func Check(docs []*content.Document) (diag.List, map[*content.Document]bool) {
	var ds diag.List
	failed := map[*content.Document]bool{}
	c, err := load()
	if err != nil {
		// The embedded schemas are part of muster; this cannot happen in a released build.
		ds.Errorf(diag.Pos{File: "muster"}, "schema.internal", "muster's schemas do not compile: %v", err)
		for _, d := range docs {
			failed[d] = true
		}
		return ds, failed
	}
	for _, d := range docs {
		n := len(ds)
		c.checkDoc(d, &ds)
		if len(ds) > n {
			failed[d] = true
		}
	}
	return ds, failed
}

func (c *compiled) checkDoc(d *content.Document, ds *diag.List) {
	m, ok := d.Value.(map[string]any)
	if !ok {
		ds.Errorf(d.Pos(), "schema.document", "a document must be a mapping with kind and id, found %s", describe(d.Value))
		return
	}
	kv, present := m["kind"]
	kind, isString := kv.(string)
	switch {
	case !present:
		ds.Errorf(d.Pos(), "schema.kind", "document has no kind").Hint = "add kind: one of " + strings.Join(Kinds(), ", ")
		return
	case !isString:
		ds.Errorf(d.PosOf("/kind"), "schema.kind", "kind must be a word such as UnitType, found %s", describe(kv))
		return
	}
	s, known := c.byKind[kind]
	if !known {
		e := ds.Errorf(d.PosOf("/kind"), "schema.kind", "unknown kind %q", kind)
		e.Hint = diag.DidYouMean(kind, Kinds())
		if e.Hint == "" {
			e.Hint = "kinds are " + strings.Join(Kinds(), ", ")
		}
		return
	}
	err := s.Validate(d.Value)
	if err == nil {
		return
	}
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		ds.Errorf(d.Pos(), "schema.internal", "%v", err)
		return
	}
	for _, leaf := range leaves(ve) {
		c.explain(d, leaf, ds)
	}
}

// leaves flattens the error tree to the errors that say what is actually wrong.
func leaves(ve *jsonschema.ValidationError) []*jsonschema.ValidationError {
	if len(ve.Causes) == 0 {
		return []*jsonschema.ValidationError{ve}
	}
	var out []*jsonschema.ValidationError
	for _, c := range ve.Causes {
		out = append(out, leaves(c)...)
	}
	return out
}

func keywordOf(loc string) string {
	i := strings.LastIndexByte(loc, '/')
	return loc[i+1:]
}

var quoted = regexp.MustCompile(`'([^']*)'`)

// explain turns one schema error into a designer's diagnostic.
func (c *compiled) explain(d *content.Document, e *jsonschema.ValidationError, ds *diag.List) {
	ptr := e.InstanceLocation
	inst := valueAt(d.Value, ptr)
	kw := keywordOf(e.KeywordLocation)
	parentLoc := e.AbsoluteKeywordLocation[:strings.LastIndexByte(e.AbsoluteKeywordLocation, '/')]
	parent, _ := c.lookup(parentLoc).(map[string]any)
	kwv := c.lookup(e.AbsoluteKeywordLocation)
	what := fieldName(ptr)
	switch kw {
	case "additionalProperties":
		props, _ := parent["properties"].(map[string]any)
		var known []string
		for k := range props {
			known = append(known, k)
		}
		sort.Strings(known)
		obj, _ := inst.(map[string]any)
		var extra []string
		for k := range obj {
			if _, ok := props[k]; !ok {
				extra = append(extra, k)
			}
		}
		sort.Strings(extra)
		if len(extra) == 0 {
			// additionalProperties with a schema (e.g. a stats map): the error is in a value and has its own leaf.
			ds.Errorf(d.PosOf(ptr), "schema.value", "%s", e.Message)
			return
		}
		for _, k := range extra {
			p := content.Pointer(ptr, k)
			e := ds.Errorf(d.KeyPos(p), "schema.unknown-key", "unknown key %q%s", k, in(what))
			e.Hint = diag.DidYouMean(k, known)
			if e.Hint == "" && len(known) > 0 && len(known) <= 12 {
				e.Hint = "allowed keys: " + strings.Join(known, ", ")
			}
		}
	case "required":
		req, _ := kwv.([]any)
		obj, _ := inst.(map[string]any)
		for _, r := range req {
			name, _ := r.(string)
			if _, ok := obj[name]; ok {
				continue
			}
			msg := fmt.Sprintf("missing required key %q%s", name, in(what))
			e := ds.Errorf(d.PosOf(ptr), "schema.required", "%s", msg)
			if props, ok := parent["properties"].(map[string]any); ok {
				if p, ok := props[name].(map[string]any); ok {
					desc := c.describeSchema(p, parentLoc+"/properties/"+name)
					if t, ok := p["type"]; ok && desc != typeWords(t) {
						desc = strings.TrimSuffix(typeWords(t)+", "+strings.ToLower(desc[:min(1, len(desc))])+desc[min(1, len(desc)):], ", ")
					}
					if desc != "" {
						e.Hint = name + ": " + desc
					}
				}
			}
		}
	case "type":
		want := typeWords(kwv)
		found := describe(inst)
		written, isNumber := numberText(d, ptr, inst)
		if isNumber && written != fmt.Sprint(inst) {
			found += " (written " + written + ")" // 0101 is read as 101, 0x1F as 31
		}
		e := ds.Errorf(d.PosOf(ptr), "schema.type", "%s must be %s, found %s", subject(what), want, found)
		e.Hint = c.describeSchema(parent, parentLoc)
		if isNumber && acceptsText(kwv) {
			// A hex label (0101) or a code written as a number: YAML reads it as one unless it is quoted.
			e.Hint = fmt.Sprintf("write %q in quotes to keep it as text", written)
		}
		if flow, ok := flowText(d, ptr); ok && acceptsText(kwv) {
			// A bracketed value ([4]) written without quotes: YAML reads it as a list.
			e.Hint = fmt.Sprintf("write it in quotes, %q: without them YAML reads %s as a list", flow, flow)
		}
	case "enum":
		vals := enumStrings(kwv)
		s := fmt.Sprint(inst)
		e := ds.Errorf(d.PosOf(ptr), "schema.enum", "%s %s is not one of: %s", subject(what), describe(inst), strings.Join(vals, ", "))
		e.Hint = diag.DidYouMean(s, vals)
	case "const":
		ds.Errorf(d.PosOf(ptr), "schema.const", "%s must be %v, found %s", subject(what), kwv, describe(inst))
	case "pattern", "format":
		e := ds.Errorf(d.PosOf(ptr), "schema.pattern", "%s %s is not valid here", subject(what), describe(inst))
		e.Hint = c.describeSchema(parent, parentLoc)
	default:
		ds.Errorf(d.PosOf(ptr), "schema."+kw, "%s: %s", subject(what), tidy(e.Message))
	}
}

// numberText is the text a number was written as (its node's value: 0101 for the number 101), when inst is a
// number written as a plain scalar.
func numberText(d *content.Document, ptr string, inst any) (string, bool) {
	if _, ok := inst.(json.Number); !ok {
		return "", false
	}
	if n := d.Node(ptr); n != nil && n.Kind == yaml.ScalarNode && n.Value != "" {
		return n.Value, true
	}
	return fmt.Sprint(inst), true
}

// flowText is the text of a one-line list of plain values at ptr, as written ([4], [2, 3]): the shape of a
// bracketed wargame value that lost its quotes.
func flowText(d *content.Document, ptr string) (string, bool) {
	n := d.Node(ptr)
	if n == nil || n.Kind != yaml.SequenceNode || n.Style&yaml.FlowStyle == 0 || len(n.Content) == 0 || len(n.Content) > 4 {
		return "", false
	}
	var parts []string
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode || c.Style != 0 {
			return "", false
		}
		parts = append(parts, c.Value)
	}
	return "[" + strings.Join(parts, ", ") + "]", true
}

// acceptsText reports whether a schema's type keyword allows a string.
func acceptsText(t any) bool {
	switch x := t.(type) {
	case string:
		return x == "string"
	case []any:
		for _, s := range x {
			if s == "string" {
				return true
			}
		}
	}
	return false
}

// describeSchema returns the description of a schema object, following a $ref.
func (c *compiled) describeSchema(s map[string]any, loc string) string {
	if s == nil {
		return ""
	}
	if d, ok := s["description"].(string); ok {
		return d
	}
	if t, ok := s["type"]; ok {
		return typeWords(t)
	}
	if r, ok := s["$ref"].(string); ok {
		u, frag, _ := strings.Cut(r, "#")
		base := loc[:strings.IndexByte(loc+"#", '#')]
		if u != "" {
			base = BaseURL + u
		}
		if t, ok := c.lookup(base + "#" + frag).(map[string]any); ok {
			return c.describeSchema(t, base+"#"+frag)
		}
	}
	return ""
}

func in(what string) string {
	if what == "" {
		return ""
	}
	return " in " + what
}

func subject(what string) string {
	if what == "" {
		return "the document"
	}
	return what
}

// fieldName names the node at a pointer the way a designer reads the file: units[3].count.
func fieldName(ptr string) string {
	if ptr == "" {
		return ""
	}
	var b strings.Builder
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		if isIndex(tok) {
			b.WriteString("[" + tok + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(tok)
	}
	return b.String()
}

func isIndex(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

// valueAt walks a JSON pointer (RFC 6901) through a JSON value; nil when the path does not exist.
func valueAt(v any, ptr string) any {
	if ptr == "" || ptr == "/" {
		return v
	}
	for _, tok := range strings.Split(strings.TrimPrefix(ptr, "/"), "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i, err := strconv.Atoi(tok)
			if err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}

// describe says what a JSON value is, in words: the word "three", the number 3, a list, a mapping.
func describe(v any) string {
	switch x := v.(type) {
	case nil:
		return "nothing (null)"
	case string:
		if len(x) > 40 {
			x = x[:37] + "..."
		}
		return fmt.Sprintf("%q", x)
	case json.Number:
		return "the number " + string(x)
	case bool:
		return fmt.Sprintf("%v", x)
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return fmt.Sprint(v)
}

var typeNames = map[string]string{
	"string": "text", "integer": "a whole number", "number": "a number", "boolean": "true or false",
	"array": "a list", "object": "a mapping", "null": "null",
}

func typeWords(v any) string {
	switch x := v.(type) {
	case string:
		return typeNames[x]
	case []any:
		var parts []string
		for _, t := range x {
			if s, ok := t.(string); ok {
				parts = append(parts, typeNames[s])
			}
		}
		return strings.Join(parts, " or ")
	}
	return fmt.Sprint(v)
}

func enumStrings(v any) []string {
	xs, _ := v.([]any)
	var out []string
	for _, x := range xs {
		out = append(out, fmt.Sprint(x))
	}
	return out
}

func tidy(msg string) string {
	return quoted.ReplaceAllString(msg, `"$1"`)
}
