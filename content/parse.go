package content

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/content/diag"
	"go.yaml.in/yaml/v3"
)

// Limits that keep hostile or broken input bounded in time and memory. They are far above any real game: the
// largest example package is well under 1 MB.
const (
	MaxFileBytes = 16 << 20   // a content file larger than this is refused before it is parsed
	MaxValues    = 2_000_000  // values in one document after aliases are expanded (stops "billion laughs")
	MaxDepth     = 512        // nesting depth of mappings and sequences
	MaxDocuments = 100_000    // documents in one file
	maxAliasHops = 10_000_000 // total alias expansions per file
)

// ReadFile reads and parses a content file. I/O problems and malformed files are returned as diagnostics
// positioned at the file (and line and column where the parser knows them).
func ReadFile(path string) ([]*Document, diag.List) {
	var ds diag.List
	f, err := os.Open(path)
	if err != nil {
		ds.Errorf(diag.Pos{File: path}, "io.read", "cannot read file: %v", unwrapPathErr(err))
		return nil, ds
	}
	defer f.Close()
	data, err := io.ReadAll(io.LimitReader(f, MaxFileBytes+1))
	if err != nil {
		ds.Errorf(diag.Pos{File: path}, "io.read", "cannot read file: %v", unwrapPathErr(err))
		return nil, ds
	}
	if len(data) > MaxFileBytes {
		ds.Errorf(diag.Pos{File: path}, "io.too-large", "file is larger than %d MB; content files are text and far smaller — is this the right file?", MaxFileBytes>>20)
		return nil, ds
	}
	return Parse(path, data)
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Parse splits YAML or JSON text into documents. JSON is read as YAML 1.2, which it is, so both keep
// positions the same way.
func Parse(path string, data []byte) ([]*Document, diag.List) {
	var ds diag.List
	if bad, line, col := binaryAt(data); bad {
		ds.Errorf(diag.Pos{File: path, Line: line, Col: col}, "syntax.binary", "file is not UTF-8 text (binary data?); content files must be YAML or JSON")
		return nil, ds
	}
	if strings.HasSuffix(strings.ToLower(path), ".json") && !json.Valid(data) {
		// YAML accepts things JSON does not (trailing commas, `"id": ,`); a .json file must be JSON.
		ds.Add(syntaxDiag(path, data, errors.New("invalid JSON")))
		return nil, ds
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	src := map[string]*Source{path: {File: path, Data: data}}
	var docs []*Document
	hops := 0
	for i := 0; ; i++ {
		if i >= MaxDocuments {
			ds.Errorf(diag.Pos{File: path}, "syntax.too-many-documents", "file has more than %d documents", MaxDocuments)
			break
		}
		var root yaml.Node
		err := decodeSafely(dec, &root)
		if err == io.EOF {
			break
		}
		if err != nil {
			ds.Add(syntaxDiag(path, data, err))
			break
		}
		n := &root
		if n.Kind == yaml.DocumentNode {
			if len(n.Content) == 0 {
				continue
			}
			n = n.Content[0]
		}
		if n.Kind == 0 || (n.Kind == yaml.ScalarNode && n.Tag == "!!null" && n.Value == "") {
			continue // an empty document, e.g. a trailing "---"
		}
		d := &Document{File: path, Index: len(docs), Root: n, nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, sources: src}
		b := builder{doc: d, diags: &ds, hops: &hops}
		d.Value = b.build(n, "", 0)
		if b.stopped {
			continue
		}
		if m, ok := d.Value.(map[string]any); ok {
			d.Kind, _ = m["kind"].(string)
			d.ID, _ = m["id"].(string)
		}
		docs = append(docs, d)
	}
	return docs, ds
}

// decodeSafely turns a parser panic (which a fuzzer may find in a third-party parser) into an error.
func decodeSafely(dec *yaml.Decoder, n *yaml.Node) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("yaml: parser failed: %v", r)
		}
	}()
	return dec.Decode(n)
}

// binaryAt reports invalid UTF-8 or NUL bytes, with their line and column.
func binaryAt(data []byte) (bool, int, int) {
	line, col := 1, 1
	for i := 0; i < len(data); {
		r, size := utf8.DecodeRune(data[i:])
		if (r == utf8.RuneError && size <= 1) || r == 0 {
			return true, line, col
		}
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return false, 0, 0
}

// syntaxDiag turns a yaml parser error ("yaml: line 3: mapping values are not allowed in this context") into
// a positioned diagnostic. JSON files get the exact line and column from encoding/json.
func syntaxDiag(path string, data []byte, err error) diag.Diagnostic {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	pos := diag.Pos{File: path}
	if strings.HasSuffix(strings.ToLower(path), ".json") {
		var v any
		var se *json.SyntaxError
		if jerr := json.Unmarshal(data, &v); errors.As(jerr, &se) {
			pos.Line, pos.Col = lineCol(data, int(se.Offset)-1) // Offset is just past the bad byte
			return diag.Diagnostic{Severity: diag.Error, Code: "syntax", Pos: pos, Message: "malformed JSON: " + se.Error()}
		}
	}
	if strings.HasPrefix(msg, "line ") {
		rest := msg[len("line "):]
		if i := strings.IndexByte(rest, ':'); i > 0 {
			if l, e := strconv.Atoi(rest[:i]); e == nil {
				pos.Line = l
				msg = strings.TrimSpace(rest[i+1:])
				// The YAML parser reports parser errors ("did not find expected ...") at the 0-based line of the
				// construct that is left open; scanner errors are already 1-based.
				if strings.HasPrefix(msg, "did not find expected") {
					pos.Line++
				}
			}
		}
	}
	if strings.HasPrefix(msg, "unknown anchor '") {
		name := strings.TrimSuffix(strings.TrimPrefix(msg, "unknown anchor '"), "' referenced")
		if i := bytes.Index(data, []byte("*"+name)); i >= 0 {
			pos.Line, pos.Col = lineCol(data, i)
		}
		msg += ": define it with &" + name + " before using *" + name
	}
	return diag.Diagnostic{Severity: diag.Error, Code: "syntax", Pos: pos, Message: "malformed YAML: " + msg}
}

// lineCol converts a byte offset to a 1-based line and column (in characters).
func lineCol(data []byte, off int) (int, int) {
	if off > len(data) {
		off = len(data)
	}
	line, col := 1, 1
	for i := 0; i < off; {
		r, size := utf8.DecodeRune(data[i:])
		if r == '\n' {
			line, col = line+1, 1
		} else {
			col++
		}
		i += size
	}
	return line, col
}

// builder converts a node tree to a JSON value, recording every node under its pointer.
type builder struct {
	doc     *Document
	diags   *diag.List
	values  int
	hops    *int
	stopped bool
}

func (b *builder) stop(n *yaml.Node, code, format string, args ...any) any {
	if !b.stopped {
		b.diags.Errorf(b.doc.nodePos(n), code, format, args...)
	}
	b.stopped = true
	return nil
}

func (b *builder) build(n *yaml.Node, ptr string, depth int) any {
	if b.stopped {
		return nil
	}
	b.values++
	if b.values > MaxValues {
		return b.stop(n, "syntax.too-large", "document expands to more than %d values (a YAML alias bomb?)", MaxValues)
	}
	if depth > MaxDepth {
		return b.stop(n, "syntax.too-deep", "document is nested more than %d levels deep", MaxDepth)
	}
	for n.Kind == yaml.AliasNode {
		*b.hops++
		if *b.hops > maxAliasHops || n.Alias == nil {
			return b.stop(n, "syntax.too-large", "too many alias expansions in this file (a YAML alias bomb?)")
		}
		if _, seen := b.doc.nodes[ptr]; !seen {
			b.doc.nodes[ptr] = n // report problems inside an alias at the alias, where the designer used it
		}
		n = n.Alias
	}
	if _, seen := b.doc.nodes[ptr]; !seen {
		b.doc.nodes[ptr] = n
	}
	switch n.Kind {
	case yaml.MappingNode:
		return b.mapping(n, ptr, depth)
	case yaml.SequenceNode:
		out := make([]any, 0, len(n.Content))
		for i, c := range n.Content {
			out = append(out, b.build(c, Pointer(ptr, i), depth+1))
		}
		return out
	case yaml.ScalarNode:
		return b.scalar(n)
	}
	return nil
}

func (b *builder) mapping(n *yaml.Node, ptr string, depth int) any {
	out := make(map[string]any, len(n.Content)/2)
	var merges []*yaml.Node
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			merges = append(merges, v)
			continue
		}
		if k.Kind != yaml.ScalarNode || (k.Tag != "!!str" && k.Tag != "") {
			what := "a " + strings.TrimPrefix(k.Tag, "!!")
			if k.Kind != yaml.ScalarNode {
				what = "not a plain string"
			}
			b.diags.Errorf(b.doc.nodePos(k), "syntax.key", "keys must be strings, this key is %s: quote it (\"%s\")", what, k.Value)
		}
		key := k.Value
		p := Pointer(ptr, key)
		if _, dup := out[key]; dup {
			b.diags.Errorf(b.doc.nodePos(k), "syntax.duplicate-key", "key %q appears twice in this mapping; the second one would silently win", key)
			continue
		}
		b.doc.keys[p] = k
		out[key] = b.build(v, p, depth+1)
	}
	// YAML merge keys (`<<: *defaults`): keys written here win over merged ones.
	for _, m := range merges {
		srcs := []*yaml.Node{m}
		if m.Kind == yaml.SequenceNode {
			srcs = m.Content
		}
		for _, s := range srcs {
			for s.Kind == yaml.AliasNode && s.Alias != nil {
				s = s.Alias
			}
			if s.Kind != yaml.MappingNode {
				b.diags.Errorf(b.doc.nodePos(s), "syntax.merge", "a merge key (<<) must refer to a mapping")
				continue
			}
			for i := 0; i+1 < len(s.Content); i += 2 {
				key := s.Content[i].Value
				if _, have := out[key]; have {
					continue
				}
				p := Pointer(ptr, key)
				b.doc.keys[p] = s.Content[i]
				out[key] = b.build(s.Content[i+1], p, depth+1)
			}
		}
	}
	return out
}

func (b *builder) scalar(n *yaml.Node) any {
	switch n.Tag {
	case "!!null":
		return nil
	case "!!bool":
		v, err := strconv.ParseBool(strings.ToLower(n.Value))
		if err != nil {
			return n.Value
		}
		return v
	case "!!int":
		s := strings.ReplaceAll(n.Value, "_", "")
		if v, err := strconv.ParseInt(s, 0, 64); err == nil {
			return json.Number(strconv.FormatInt(v, 10))
		}
		if strings.HasPrefix(s, "0o") {
			if v, err := strconv.ParseInt(s[2:], 8, 64); err == nil {
				return json.Number(strconv.FormatInt(v, 10))
			}
		}
		b.diags.Errorf(b.doc.nodePos(n), "syntax.number", "%s is too large for a number", n.Value)
		return n.Value
	case "!!float":
		v, err := strconv.ParseFloat(strings.ReplaceAll(n.Value, "_", ""), 64)
		if err != nil || math.IsInf(v, 0) || math.IsNaN(v) {
			// .inf and .nan have no JSON form; keep the text so the schema reports a wrong type.
			return n.Value
		}
		return json.Number(strconv.FormatFloat(v, 'g', -1, 64))
	}
	// !!str, !!timestamp (dates stay strings), !!binary and custom tags: the text as written.
	return n.Value
}
