package schema

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
)

// Reference writes a Markdown reference of every kind's keys from the embedded schemas — their types,
// whether they are required, their allowed values and descriptions — so the documentation a designer reads
// cannot drift from what muster checks. `muster schema docs` prints it; docs/reference.md is a copy that a
// test keeps equal to it.
func Reference() (string, error) {
	c, err := load()
	if err != nil {
		return "", err
	}
	var b strings.Builder
	b.WriteString("# muster content reference\n\n")
	b.WriteString("Generated from muster's JSON Schemas (`muster schema docs`); do not edit by hand.\n\n")
	b.WriteString("Every document has these keys, not repeated in the tables below; a file may hold several documents\n")
	b.WriteString("separated by `---`.\n\n| key | type | description |\n|---|---|---|\n")
	b.WriteString("| `kind` | the kind's name (required) | Which of the kinds below the document is. |\n")
	meta := c.raw[FileForKind["UnitType"]].(map[string]any)["properties"].(map[string]any)
	for _, k := range []string{"id", "name", "source", "notes", "override"} {
		p, _ := meta[k].(map[string]any)
		typ, desc, _ := c.describeProp(FileForKind["UnitType"], p)
		switch k {
		case "id":
			typ += " (required)"
			desc = "The document's name for references: unique for its kind in the package and the package it extends."
		case "override":
			desc = "In a mod: `replace` the base package's document with this id, or `merge` this one into it (mappings key by key, lists of items with ids item by item)."
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", k, cell(typ), cell(desc))
	}
	b.WriteString("\nValue types:\n\n")
	defs := c.raw["common.schema.json"].(map[string]any)["definitions"].(map[string]any)
	var names []string
	for n := range defs {
		if d, _ := defs[n].(map[string]any); d != nil && d["properties"] == nil {
			names = append(names, n)
		}
	}
	sort.Strings(names)
	b.WriteString("| type | written as |\n|---|---|\n")
	for _, n := range names {
		d := defs[n].(map[string]any)
		fmt.Fprintf(&b, "| `%s` | %s |\n", n, cell(str(d["description"])))
	}
	for _, kind := range Kinds() {
		file := FileForKind[kind]
		s := c.raw[file].(map[string]any)
		fmt.Fprintf(&b, "\n## %s\n\n%s\n", kind, str(s["description"]))
		c.writeObject(&b, file, s, "", 0)
	}
	writeSpreadsheets(&b)
	return b.String(), nil
}

// writeSpreadsheets describes the columns a spreadsheet of each kind may have (content's CSV shapes).
func writeSpreadsheets(b *strings.Builder) {
	b.WriteString(`
## Spreadsheets

Unit types, markers, counter-mix lines and table rows may be kept in a spreadsheet saved as CSV (UTF-8; a
byte order mark and CRLF line ends are fine) or tab-separated ` + "`.tsv`" + `, included with the kind its rows hold:

` + "```yaml" + `
include:
  - system.yaml
  - {file: units.csv, kind: UnitType}                  # one unit type per row
  - {file: counters.csv, kind: CounterMix, id: main}   # the lines of counter mix main
  - {file: tables/crt.csv, kind: Table, id: crt}       # the rows of table crt
` + "```" + `

The first row names the columns; an empty cell leaves its key out. Every value keeps its cell's line and
column, so every check reports a problem at the cell (units.csv:14:7). Cells are text: a formula
(=HYPERLINK(...)) is read as the text it is, never run. ` + "`muster export csv`" + ` writes a value a spreadsheet
program would run as a formula (one that starts with =, +, -, @, a tab or a carriage return, and is not a
plain number such as -1 or +2) after an apostrophe, as OWASP's guidance on CSV injection advises, and a cell
that starts with an apostrophe before one of those characters (or before another apostrophe) is read without
it, so the export reads back as it was. A list (classes) is written in one cell, its ids
separated by spaces, commas or semicolons. When the package also has a YAML document with the counter mix's
or the table's id, the rows join it (its name, title or counter size stay in YAML). ` + "`muster export csv PKG -o DIR`" + `
writes a package's unit types, markers, counter mixes and tables out in these forms.

| kind | columns |
|---|---|
`)
	for _, k := range content.CSVKinds {
		fmt.Fprintf(b, "| %s | %s |\n", k, cell(content.CSVColumnsDoc(k)))
	}
}

// writeObject writes a table of an object schema's keys, then a section for each key that is itself an object
// or a list of objects.
func (c *compiled) writeObject(b *strings.Builder, file string, s map[string]any, path string, depth int) {
	props, _ := s["properties"].(map[string]any)
	if len(props) == 0 {
		return
	}
	required := map[string]bool{}
	for _, r := range asList(s["required"]) {
		required[str(r)] = true
	}
	keys := make([]string, 0, len(props))
	for k := range props {
		if depth == 0 && metaKeys[k] {
			continue
		}
		keys = append(keys, k)
	}
	sort.Strings(keys)
	if path != "" {
		fmt.Fprintf(b, "\n### %s\n\n", path)
		if d := str(s["description"]); d != "" {
			b.WriteString(d + "\n\n")
		}
		if kind := sameKeysAs(props); kind != "" {
			fmt.Fprintf(b, "The keys of a %s document (see %s), without `kind`.\n", kind, kind)
			return
		}
	} else {
		b.WriteString("\n")
	}
	b.WriteString("| key | type | description |\n|---|---|---|\n")
	type nested struct {
		key string
		s   map[string]any
	}
	var sub []nested
	for _, k := range keys {
		p, _ := props[k].(map[string]any)
		typ, desc, obj := c.describeProp(file, p)
		if required[k] {
			typ += " (required)"
		}
		fmt.Fprintf(b, "| `%s` | %s | %s |\n", k, cell(typ), cell(desc))
		if obj != nil && depth < 3 {
			sub = append(sub, nested{k, obj})
		}
	}
	for _, n := range sub {
		name := n.key
		if path != "" {
			name = path + "." + n.key
		}
		c.writeObject(b, file, n.s, name, depth+1)
	}
}

// describeProp says what a property holds: its type in words, its description, and the object schema of its
// value (or of its list items) when it has keys of its own.
func (c *compiled) describeProp(file string, p map[string]any) (string, string, map[string]any) {
	desc := str(p["description"])
	if r := str(p["$ref"]); r != "" {
		u, frag, _ := strings.Cut(r, "#")
		if u == "" {
			u = file
		}
		target, _ := valueAt(c.raw[u], frag).(map[string]any)
		if strings.HasPrefix(frag, "/definitions/") && target["properties"] == nil {
			// A value type: named, and described once in the value types table.
			return "`" + frag[len("/definitions/"):] + "`", desc, nil
		}
		typ, tdesc, obj := c.describeProp(u, target)
		if desc == "" {
			desc = tdesc
		}
		return typ, desc, obj
	}
	if bs := asList(p["anyOf"]); len(bs) > 0 {
		// One of several shapes (an include: a glob, or a spreadsheet with its kind): each named, and the keys
		// of the one that has keys described below.
		var types []string
		var obj map[string]any
		for _, x := range bs {
			b, _ := x.(map[string]any)
			t, _, o := c.describeProp(file, b)
			types = append(types, t)
			if obj == nil {
				obj = o
			}
		}
		return strings.Join(types, " or "), desc, obj
	}
	if e := asList(p["enum"]); len(e) > 0 {
		var vs []string
		for _, v := range e {
			vs = append(vs, fmt.Sprintf("`%v`", v))
		}
		return "one of " + strings.Join(vs, ", "), desc, nil
	}
	if v, ok := p["const"]; ok {
		return fmt.Sprintf("`%v`", v), desc, nil
	}
	switch t := p["type"].(type) {
	case string:
		switch t {
		case "array":
			items, _ := p["items"].(map[string]any)
			it, idesc, obj := c.describeProp(file, items)
			if desc == "" {
				desc = idesc
			}
			return "list of " + it, desc, obj
		case "object":
			if p["properties"] != nil {
				return "object", desc, p
			}
			if ap, ok := p["additionalProperties"].(map[string]any); ok {
				vt, _, _ := c.describeProp(file, ap)
				return "map of names to " + vt, desc, nil
			}
			return "object", desc, nil
		}
		return typeNames[t], desc, nil
	case []any:
		return typeWords(t), desc, nil
	}
	return "any", desc, nil
}

// metaKeys are the keys every kind has, described once at the top of the reference.
var metaKeys = map[string]bool{"kind": true, "id": true, "name": true, "source": true, "notes": true, "override": true}

// sameKeysAs names the kind whose keys an object repeats by reference (a fixture's inline scenario), or "".
func sameKeysAs(props map[string]any) string {
	file := ""
	for _, v := range props {
		p, _ := v.(map[string]any)
		u, frag, ok := strings.Cut(str(p["$ref"]), "#")
		if !ok || u == "" || !strings.HasPrefix(frag, "/properties/") || (file != "" && u != file) {
			return ""
		}
		file = u
	}
	for kind, f := range FileForKind {
		if f == file {
			return kind
		}
	}
	return ""
}

func cell(s string) string {
	return strings.ReplaceAll(strings.ReplaceAll(s, "|", "\\|"), "\n", " ")
}

func str(v any) string {
	s, _ := v.(string)
	return s
}

func asList(v any) []any {
	l, _ := v.([]any)
	return l
}
