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

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
)

// Limits that keep hostile or broken input bounded in time and memory. They are far above any real game: the
// largest example package is well under 1 MB and expands to under 100,000 values.
const (
	MaxFileBytes     = 16 << 20  // a content file larger than this is refused before it is parsed
	MaxValues        = 500_000   // values in one document after aliases are expanded (stops "billion laughs")
	MaxFileValues    = 500_000   // values in all the documents of one file (a bomb spread over documents)
	MaxPackageValues = 1_000_000 // values in all the files one load reads: a package, its bases, extra files
	MaxDepth         = 512       // nesting depth of mappings and sequences
	MaxDocuments     = 100_000   // documents in one file
)

// The value limits the loader applies. They are variables only so that tests can reach the package limit
// without building millions of values.
var (
	fileValueLimit    = MaxFileValues
	packageValueLimit = MaxPackageValues
)

// valueBudget counts the values one load builds from every document of every file it reads. The limits are on
// values built — what costs memory — not on alias hops, so an alias bomb is stopped however it is spread:
// inside one document, over the documents of a file, or over the files of a package and its bases.
type valueBudget struct {
	used int
}

func (b *valueBudget) exhausted() bool { return b.used > packageValueLimit }

// ReadFile reads and parses a content file. I/O problems and malformed files are returned as diagnostics
// positioned at the file (and line and column where the parser knows them). Only a regular file is read: a
// named pipe, a device or a socket is refused without waiting on it.
func ReadFile(path string) ([]*Document, diag.List) {
	return readFile(path, &valueBudget{})
}

func readFile(path string, load *valueBudget) ([]*Document, diag.List) {
	var ds diag.List
	data, err := readRegular(path, MaxFileBytes)
	switch {
	case errors.Is(err, ErrTooLarge):
		ds.Errorf(diag.Pos{File: path}, "io.too-large", "file is larger than %d MB; content files are text and far smaller — is this the right file?", MaxFileBytes>>20)
		return nil, ds
	case err != nil:
		ds.Errorf(diag.Pos{File: path}, "io.read", "cannot read file: %v", unwrapPathErr(err))
		return nil, ds
	}
	return parse(path, data, load)
}

func unwrapPathErr(err error) error {
	var pe *os.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// utf8BOM is the byte order mark some editors (Windows Notepad) put at the start of a UTF-8 file.
var utf8BOM = []byte("\xef\xbb\xbf")

// Parse splits YAML or JSON text into documents. JSON is read as YAML 1.2, which it is, so both keep
// positions the same way. A UTF-8 byte order mark at the start is accepted and dropped (RFC 8259 allows a
// reader to ignore it; editors do not show it), so columns on the first line count from the first character
// the designer sees.
func Parse(path string, data []byte) ([]*Document, diag.List) {
	return parse(path, data, &valueBudget{})
}

func parse(path string, data []byte, load *valueBudget) ([]*Document, diag.List) {
	var ds diag.List
	data = bytes.TrimPrefix(data, utf8BOM)
	if bad, line, col := binaryAt(data); bad {
		ds.Errorf(diag.Pos{File: path, Line: line, Col: col}, "syntax.binary", "file is not UTF-8 text (binary data?); content files must be YAML or JSON")
		return nil, ds
	}
	if strings.HasSuffix(strings.ToLower(path), ".json") && !json.Valid(data) {
		// YAML accepts things JSON does not (trailing commas, `"id": ,`); a .json file must be JSON.
		ds.Add(syntaxDiag(path, data, errors.New("invalid JSON")))
		return nil, ds
	}
	if n, line := nodeStarts(data, fileValueLimit); n > fileValueLimit {
		// The YAML parser holds a whole document's node tree (a few hundred bytes a node) before a single
		// value is built, so a large flat file is refused before it is parsed, not after.
		ds.Errorf(diag.Pos{File: path, Line: line}, "syntax.too-large", "file holds more than %d values; content files of real games hold far fewer — is this the right file?", fileValueLimit)
		return nil, ds
	}
	dec := yaml.NewDecoder(bytes.NewReader(data))
	src := map[string]*Source{path: {File: path, Data: data}}
	var docs []*Document
	fileValues := 0
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
		b := builder{doc: d, diags: &ds, file: &fileValues, load: load}
		d.Value = b.build(n, "", 0)
		if b.stopped {
			if fileValues > fileValueLimit || load.exhausted() {
				break // the rest of the file is not read: its values would only add to what was refused
			}
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

// nodeStarts counts the places in YAML or JSON text where a value can begin, stopping once the count passes
// limit (it returns the line where it did). A value — a scalar, a list, a mapping, an alias — begins at a
// line's first character, right after one of the indicators [ { , : - ?, or at a [ or {. Every node of the
// parsed tree has such a start, and a start gives at most a key, its value and the collection around them, so
// the count bounds the parser's work and memory; it overcounts prose (a hyphenated word, a comma in a
// sentence), which only matters far beyond any real content file.
func nodeStarts(data []byte, limit int) (count, line int) {
	line = 1
	prev := byte('\n') // the last non-blank character, '\n' at the start of a line
	for _, c := range data {
		switch c {
		case ' ', '\t', '\r':
			continue
		case '\n':
			line++
			prev = '\n'
			continue
		}
		switch {
		case c == '[' || c == '{':
			count++
		default:
			switch prev {
			case '\n', '[', '{', ',', ':', '-', '?':
				count++
			}
		}
		if count > limit {
			return count, line
		}
		prev = c
	}
	return count, line
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

// problemSearchBytes bounds the text problemLine parses again: about twenty parses of it.
const problemSearchBytes = 4 << 20

// problemLine is the line a YAML parser error is about when the parser names the line where a construct
// begins (a block mapping with a broken key, lines later): the first line such that the text up to it fails with
// the same error. Text up to an earlier line parses, or fails another way (cut in the middle of something),
// and text up to a later one fails the same way, so a galloping then binary search finds it; from is the line
// the error names, 0 when there is nothing to search.
func problemLine(data []byte, errText string, from int) int {
	if len(data) > problemSearchBytes || from < 1 {
		return 0
	}
	var ends []int // the byte offset just past each line
	for i, c := range data {
		if c == '\n' {
			ends = append(ends, i+1)
		}
	}
	if len(ends) == 0 || ends[len(ends)-1] != len(data) {
		ends = append(ends, len(data))
	}
	same := func(line int) bool {
		dec := yaml.NewDecoder(bytes.NewReader(data[:ends[line-1]]))
		for {
			var n yaml.Node
			err := decodeSafely(dec, &n)
			if err == io.EOF {
				return false
			}
			if err != nil {
				return err.Error() == errText
			}
		}
	}
	lo, hi := from, len(ends) // same(lo) is unknown, same(hi) holds: the whole text fails so
	if lo >= hi || !same(hi) {
		return 0
	}
	for step := 1; lo+step < hi; step *= 2 {
		if same(lo + step) {
			hi = lo + step
			break
		}
		lo += step
	}
	for lo+1 < hi {
		mid := (lo + hi) / 2
		if same(mid) {
			hi = mid
		} else {
			lo = mid
		}
	}
	if same(lo) {
		return lo
	}
	return hi
}

// openConstruct names what a "did not find expected" error left open.
func openConstruct(msg string) string {
	switch {
	case strings.Contains(msg, "expected key"):
		return "mapping"
	case strings.Contains(msg, "'-' indicator"):
		return "list"
	case strings.Contains(msg, "']'"):
		return "list in brackets"
	case strings.Contains(msg, "'}'"):
		return "mapping in braces"
	}
	return "construct"
}

// firstColumn is the column of line's first character that is not a space (1 for a blank line).
func firstColumn(data []byte, line int) int {
	l := 1
	for i := 0; i < len(data); i++ {
		if l == line {
			col := 1
			for ; i < len(data) && (data[i] == ' ' || data[i] == '\t'); i++ {
				col++
			}
			return col
		}
		if data[i] == '\n' {
			l++
		}
	}
	return 1
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
				// construct that is left open; scanner errors are already 1-based. The line at fault is
				// further on: the first whose addition makes the text fail the same way.
				if strings.HasPrefix(msg, "did not find expected") {
					pos.Line++
					if line := problemLine(data, err.Error(), pos.Line); line > pos.Line {
						msg += fmt.Sprintf(" (in the %s that begins on line %d)", openConstruct(msg), pos.Line)
						pos.Line, pos.Col = line, firstColumn(data, line)
					}
				}
			}
		}
	}
	if strings.Contains(msg, "tab character") || strings.Contains(msg, "cannot start any token") {
		// The YAML parser names a tab only sometimes, and reports it a line early or late: find the tab.
		if line, col, ok := indentingTab(data, max(pos.Line, 1)); ok {
			return diag.Diagnostic{Severity: diag.Error, Code: "syntax.tab", Pos: diag.Pos{File: path, Line: line, Col: col},
				Message: "malformed YAML: a tab indents this line, and tabs cannot indent YAML", Hint: "indent with spaces"}
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

// indentingTab finds a tab in the indentation of line (1-based) or the line after it — before the line's
// first character other than a space or a list or key indicator (- ? :) — and returns its line and column.
func indentingTab(data []byte, line int) (int, int, bool) {
	l := 1
	for rest := data; len(rest) > 0 && l <= line+1; l++ {
		text := rest
		if i := bytes.IndexByte(rest, '\n'); i >= 0 {
			text, rest = rest[:i], rest[i+1:]
		} else {
			rest = nil
		}
		if l < line {
			continue
		}
		col := 1
		for _, r := range string(text) {
			if r == '\t' {
				return l, col, true
			}
			if r != ' ' && r != '-' && r != '?' && r != ':' {
				break
			}
			col++
		}
	}
	return 0, 0, false
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

// builder converts a node tree to a JSON value, recording every node under its pointer. Every value it builds
// (and every key a merge key brings in) is charged to the document, its file and the load, in that order.
type builder struct {
	doc      *Document
	diags    *diag.List
	values   int          // values built for this document
	file     *int         // values built for every document of this file
	load     *valueBudget // values built for every file of this load
	problems int          // problems reported in this document
	stopped  bool
}

// maxProblems is the most problems (duplicate keys, keys that are not strings) one document reports before it
// is given up: a generated file with a million bad keys must not make a million diagnostics.
const maxProblems = 100

// problem reports a problem in the document, and gives the document up after maxProblems of them.
func (b *builder) problem(pos diag.Pos, code, format string, args ...any) {
	b.problems++
	if b.problems > maxProblems {
		if !b.stopped {
			b.diags.Errorf(pos, "syntax.too-many-problems", "more than %d problems in this document; the rest of it is not checked", maxProblems)
		}
		b.stopped = true
		return
	}
	b.diags.Errorf(pos, code, format, args...)
}

func (b *builder) stop(n *yaml.Node, code, format string, args ...any) any {
	if !b.stopped {
		b.diags.Errorf(b.doc.nodePos(n), code, format, args...)
	}
	b.stopped = true
	return nil
}

// charge counts one value built at n and stops the document when a limit is passed.
func (b *builder) charge(n *yaml.Node) bool {
	b.values++
	*b.file++
	b.load.used++
	switch {
	case b.values > MaxValues:
		b.stop(n, "syntax.too-large", "document expands to more than %d values (a YAML alias bomb?)", MaxValues)
	case *b.file > fileValueLimit:
		b.stop(n, "syntax.too-large", "this file expands to more than %d values in all its documents (a YAML alias bomb?); the rest of the file is not read", fileValueLimit)
	case b.load.exhausted():
		b.stop(n, "syntax.too-large", "the package expands to more than %d values in all its files (a YAML alias bomb?); the rest of this file is not read", packageValueLimit)
	}
	return !b.stopped
}

func (b *builder) build(n *yaml.Node, ptr string, depth int) any {
	if b.stopped || !b.charge(n) {
		return nil
	}
	if depth > MaxDepth {
		return b.stop(n, "syntax.too-deep", "document is nested more than %d levels deep", MaxDepth)
	}
	for hops := 0; n.Kind == yaml.AliasNode; hops++ {
		// The parser links an alias to its anchored node, never to another alias; the bound is for safety.
		if n.Alias == nil || hops > 8 {
			return b.stop(n, "syntax", "alias *%s refers to no anchored value", n.Value)
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
		if b.stopped || !b.charge(k) { // a key costs what a value does
			return out
		}
		if k.Kind == yaml.ScalarNode && k.Tag == "!!merge" {
			merges = append(merges, v)
			continue
		}
		if k.Kind != yaml.ScalarNode || (k.Tag != "!!str" && k.Tag != "") {
			what := "a " + strings.TrimPrefix(k.Tag, "!!")
			if k.Kind != yaml.ScalarNode {
				what = "not a plain string"
			}
			b.problem(b.doc.nodePos(k), "syntax.key", "keys must be strings, this key is %s: quote it (\"%s\")", what, k.Value)
		}
		key := k.Value
		p := Pointer(ptr, key)
		if _, dup := out[key]; dup {
			b.problem(b.doc.nodePos(k), "syntax.duplicate-key", "key %q appears twice in this mapping; the second one would silently win", key)
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
				b.problem(b.doc.nodePos(s), "syntax.merge", "a merge key (<<) must refer to a mapping")
				continue
			}
			for i := 0; i+1 < len(s.Content); i += 2 {
				// A key a merge brings in is work even when an explicit key wins over it: `<<: [*a, *a, ...]`
				// over a large mapping must not loop uncounted.
				if !b.charge(s.Content[i]) {
					return out
				}
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
		if v, err := parseInt(n.Value); err == nil {
			return json.Number(strconv.FormatInt(v, 10))
		}
		b.problem(b.doc.nodePos(n), "syntax.number", "%s is too large for a number", n.Value)
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

// parseInt reads a whole number as YAML 1.2 writes one: decimal, with leading zeros read as padding (wargame
// tables pad numbers: 010 is ten, 08 is eight), 0o17 octal and 0x1F hexadecimal (and 0b101 binary, which
// YAML 1.1 had), an optional sign, and _ between digits. Go's base-0 parsing would read 010 as octal 8 and
// refuse 08: a silent change of base that prints the wrong number of counters.
func parseInt(s string) (int64, error) {
	digits, base, sign := intBase(s)
	if digits == "" || digits[0] == '-' || digits[0] == '+' {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseInt(sign+digits, base, 64)
}

// parseUint is parseInt for numbers that cannot be negative.
func parseUint(s string) (uint64, error) {
	digits, base, sign := intBase(s)
	if sign == "-" || digits == "" || digits[0] == '-' || digits[0] == '+' {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseUint(digits, base, 64)
}

// intBase splits a YAML integer into its sign, digits (without `_`) and base.
func intBase(s string) (digits string, base int, sign string) {
	s = strings.ReplaceAll(s, "_", "")
	if s != "" && (s[0] == '-' || s[0] == '+') {
		sign, s = s[:1], s[1:]
	}
	if len(s) > 2 && s[0] == '0' {
		switch s[1] {
		case 'x', 'X':
			return s[2:], 16, sign
		case 'o', 'O':
			return s[2:], 8, sign
		case 'b', 'B':
			return s[2:], 2, sign
		}
	}
	return s, 10, sign
}
