package content

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/validate/diag"
	"go.yaml.in/yaml/v3"
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

// PosOf returns the position of the node at a JSON pointer, or of its nearest ancestor that exists.
func (d *Document) PosOf(ptr string) diag.Pos {
	for {
		if n, ok := d.nodes[ptr]; ok {
			return d.nodePos(n)
		}
		if ptr == "" {
			return diag.Pos{File: d.File, Line: 1, Col: 1}
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
	if k, ok := d.keys[ptr]; ok {
		return d.nodePos(k)
	}
	return d.PosOf(ptr)
}

// Node returns the node at a JSON pointer, or nil.
func (d *Document) Node(ptr string) *yaml.Node { return d.nodes[ptr] }

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
