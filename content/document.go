package content

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
)

// Document is one YAML or JSON document of a content file: its node tree (with positions), the same tree as a
// plain JSON value for schema validation, and an index from JSON pointer to node so that a schema error at
// `/units/3/count` can be reported at that node's line and column.
type Document struct {
	File  string // path as given to the loader (relative to the working directory when possible)
	Index int    // 0-based position of the document in its file
	Kind  string // the document's `kind`, "" if missing or not a string
	ID    string // the document's `id`, "" if missing
	Root  *yaml.Node
	Value any // JSON value: map[string]any, []any, string, json.Number, bool, nil

	// Package is the id of the package the document came from (a mod's document and its base's differ).
	Package string

	nodes  map[string]*yaml.Node // pointer -> value node
	keys   map[string]*yaml.Node // pointer -> key node of that property
	origin map[*yaml.Node]string // file of each node, for documents merged from a base and a mod

	// sources holds the text of the file(s) the document was read from, by file name: checks that place a
	// diagnostic on one character inside a value read the text here, never from disk again, so content held
	// in memory (a generator's output) gets the same columns as a file.
	sources map[string]*Source

	// lazy documents (a spreadsheet's rows) index their nodes on first use: a 10,000-row file then builds no
	// pointer strings unless a diagnostic asks where a value is.
	lazy      bool
	indexOnce sync.Once

	// base is the pointer of this document's root in the document it is part of (Sub): positions report their
	// path from that document's root.
	base string
}

// Sub is the part of the document at a JSON pointer as a document of its own: a content test's inline map or
// table, whose checks then report its nodes at their lines (PosOf("/hexsides/0") of the part is the whole
// document's "/maps/0/hexsides/0"). nil when the pointer names no mapping.
func (d *Document) Sub(ptr string) *Document {
	d.index()
	root := d.nodes[ptr]
	if root == nil || root.Kind != yaml.MappingNode {
		return nil
	}
	sub := &Document{File: d.File, Index: d.Index, Root: root, Value: valueAt(d.Value, ptr), Package: d.Package,
		nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, origin: d.origin, sources: d.sources, base: d.base + ptr}
	for p, n := range d.nodes {
		if rest, ok := strings.CutPrefix(p, ptr); ok && (rest == "" || rest[0] == '/') {
			sub.nodes[rest] = n
		}
	}
	for p, n := range d.keys {
		if rest, ok := strings.CutPrefix(p, ptr); ok && rest != "" && rest[0] == '/' {
			sub.keys[rest] = n
		}
	}
	if m, ok := sub.Value.(map[string]any); ok {
		sub.Kind, _ = m["kind"].(string)
		sub.ID, _ = m["id"].(string)
	}
	return sub
}

// valueAt is the JSON value at a pointer (nil when there is none).
func valueAt(v any, ptr string) any {
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
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

// index makes sure the pointer indexes are built.
func (d *Document) index() {
	if !d.lazy {
		return
	}
	d.indexOnce.Do(func() {
		d.nodes, d.keys = map[string]*yaml.Node{}, map[string]*yaml.Node{}
		d.indexNode(d.Root, "")
	})
}

// indexNode records a tree without aliases or merge keys (what the CSV reader builds) under its pointers.
func (d *Document) indexNode(n *yaml.Node, ptr string) {
	if _, seen := d.nodes[ptr]; !seen {
		d.nodes[ptr] = n
	}
	switch n.Kind {
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			p := Pointer(ptr, n.Content[i].Value)
			if _, seen := d.keys[p]; !seen {
				d.keys[p] = n.Content[i]
			}
			d.indexNode(n.Content[i+1], p)
		}
	case yaml.SequenceNode:
		for i, c := range n.Content {
			d.indexNode(c, Pointer(ptr, i))
		}
	}
}

// Source is the text of one content file as it was read. Every document of the file shares it.
type Source struct {
	File string
	Data []byte

	once  sync.Once
	lines []string
}

// Line returns line n (1-based) without its line break, or "" when there is no such line.
func (s *Source) Line(n int) string {
	if s == nil {
		return ""
	}
	s.once.Do(func() { s.lines = strings.Split(string(s.Data), "\n") })
	if n < 1 || n > len(s.lines) {
		return ""
	}
	return strings.TrimSuffix(s.lines[n-1], "\r")
}

// Lines is the number of lines of the text.
func (s *Source) Lines() int {
	if s == nil {
		return 0
	}
	s.Line(1)
	return len(s.lines)
}

// SourceLine returns line n of a file this document was read from (a merged document spans a base's file and
// a mod's), as it was read; ok is false when the document holds no text of that file.
func (d *Document) SourceLine(file string, n int) (line string, ok bool) {
	src := d.sources[file]
	if src == nil || n < 1 || n > src.Lines() {
		return "", false
	}
	return src.Line(n), true
}

// fileOf is the file a node of this document was written in.
func (d *Document) fileOf(n *yaml.Node) string {
	if f, ok := d.origin[n]; ok && f != "" {
		return f
	}
	return d.File
}

// Pos is the position of the document's first line.
func (d *Document) Pos() diag.Pos { return d.nodePos(d.Root) }

// PosOf returns the position of the node at a JSON pointer, or of its nearest ancestor that exists: where the
// value starts, where it ends (when the source says), and the pointer of the node found as its path.
func (d *Document) PosOf(ptr string) diag.Pos {
	d.index()
	for {
		if n, ok := d.nodes[ptr]; ok {
			p := d.nodePos(n)
			p.EndLine, p.EndCol = d.nodeEnd(n)
			p.Path = d.base + ptr
			if p.Path == "" {
				p.Path = "/"
			}
			return p
		}
		if ptr == "" {
			return diag.Pos{File: d.File, Line: 1, Col: 1, Path: "/"}
		}
		i := strings.LastIndexByte(ptr, '/')
		if i < 0 {
			ptr = ""
		} else {
			ptr = ptr[:i]
		}
	}
}

// KeyPos returns the position of the key of the property at ptr (for "unknown key" errors), or of the value
// when the pointer does not name a property.
func (d *Document) KeyPos(ptr string) diag.Pos {
	d.index()
	if k, ok := d.keys[ptr]; ok {
		p := d.nodePos(k)
		p.EndLine, p.EndCol = d.nodeEnd(k)
		p.Path = d.base + ptr
		return p
	}
	return d.PosOf(ptr)
}

// nodeEnd is where a node's text ends (the line and column of the character after it), when the source shows
// it: a scalar on one line (plain, or quoted with its closing quote), an alias, or a mapping or sequence,
// which ends where its last value does. Block scalars report no end (0, 0).
func (d *Document) nodeEnd(n *yaml.Node) (line, col int) {
	for depth := 0; n != nil && depth < MaxDepth; depth++ {
		switch n.Kind {
		case yaml.MappingNode, yaml.SequenceNode, yaml.DocumentNode:
			if len(n.Content) == 0 {
				return d.scalarEnd(n, "")
			}
			n = n.Content[len(n.Content)-1]
		case yaml.AliasNode:
			return d.scalarEnd(n, "*"+n.Value)
		default:
			return d.scalarEnd(n, n.Value)
		}
	}
	return 0, 0
}

// scalarEnd finds the end of the token starting at n's position whose value is text.
func (d *Document) scalarEnd(n *yaml.Node, text string) (int, int) {
	if n.Line < 1 || n.Column < 1 || strings.ContainsRune(text, '\n') {
		return 0, 0
	}
	src, ok := d.SourceLine(d.fileOf(n), n.Line)
	if !ok {
		return 0, 0
	}
	raw := []rune(src)
	i := n.Column - 1
	if i > len(raw) {
		return 0, 0
	}
	switch {
	case n.Kind == yaml.MappingNode || n.Kind == yaml.SequenceNode: // empty flow collection: {} or []
		if i+1 < len(raw) && (raw[i] == '{' && raw[i+1] == '}' || raw[i] == '[' && raw[i+1] == ']') {
			return n.Line, i + 3
		}
		return 0, 0
	case n.Style&yaml.DoubleQuotedStyle != 0:
		for j := i + 1; j < len(raw); j++ {
			if raw[j] == '\\' {
				j++
				continue
			}
			if raw[j] == '"' {
				return n.Line, j + 2
			}
		}
		return 0, 0
	case n.Style&yaml.SingleQuotedStyle != 0:
		for j := i + 1; j < len(raw); j++ {
			if raw[j] == '\'' {
				if j+1 < len(raw) && raw[j+1] == '\'' {
					j++
					continue
				}
				return n.Line, j + 2
			}
		}
		return 0, 0
	case n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0:
		return 0, 0
	}
	t := []rune(text)
	if i+len(t) > len(raw) || string(raw[i:i+len(t)]) != text {
		return 0, 0
	}
	return n.Line, i + len(t) + 1
}

// Node returns the node at a JSON pointer, or nil.
func (d *Document) Node(ptr string) *yaml.Node {
	d.index()
	return d.nodes[ptr]
}

func (d *Document) nodePos(n *yaml.Node) diag.Pos {
	if n == nil {
		return diag.Pos{File: d.File}
	}
	return diag.Pos{File: d.fileOf(n), Line: n.Line, Col: n.Column}
}

// NodePos is the position of any node of this document.
func (d *Document) NodePos(n *yaml.Node) diag.Pos { return d.nodePos(n) }

// Pointer joins a JSON pointer and a token, escaping it (RFC 6901).
func Pointer(base string, token any) string {
	switch t := token.(type) {
	case int:
		return base + "/" + strconv.Itoa(t)
	case string:
		t = strings.ReplaceAll(t, "~", "~0")
		t = strings.ReplaceAll(t, "/", "~1")
		return base + "/" + t
	}
	return base + "/" + fmt.Sprint(token)
}

// MarshalJSON renders the document's JSON value, for `muster` tools that export content.
func (d *Document) MarshalJSON() ([]byte, error) { return json.Marshal(d.Value) }
