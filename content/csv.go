package content

import (
	"bytes"
	"encoding/csv"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
)

// A spreadsheet's rows become documents with the same node trees a YAML file gives: every value node carries
// the line and column of its cell, so the schema layer, the decoder and every check report a problem in a CSV
// file at the cell, exactly as they do at a YAML value, with no code of their own. Cells are text, never
// evaluated: `=HYPERLINK(...)` is a string like any other. A cell that starts with an apostrophe before what
// a spreadsheet program would run (see GuardCell) is read without the apostrophe: it is how muster export csv
// writes such a value, so that opening the export runs nothing, and how a spreadsheet shows it.

// formulaStarts are the first characters on which a spreadsheet program reads a cell as a formula, as OWASP's
// CSV injection guidance lists them: equals, plus, minus, at, tab and carriage return.
const formulaStarts = "=+-@\t\r"

// GuardCell is a cell's text as muster writes it into a spreadsheet, following OWASP's guidance on CSV
// injection: a value a spreadsheet program would read as a formula (one that starts with = + - @, a tab or a
// carriage return) gets an apostrophe before it, which spreadsheets show as "text, as written" and muster's
// reader takes off again. A plain number (-1, +2, -0.5: a modifier) is not a formula and stays a number. A
// value that starts with an apostrophe the reader would take off gets one more, so every value reads back
// as it was.
//
// A value a spreadsheet would read as a number, a date, a time, a percentage or true/false and then write back
// otherwise (0101 as 101, +1 as 1, 1e3 as 1000, 4/2 as a date, 1:2 as a time, true as TRUE) is written as a
// text formula, ="0101": Excel and LibreOffice show and save the text itself, and where formulas are not
// evaluated the reader takes the ="…" off. Numbers a spreadsheet writes back as they are (12, -1, 0.5) stay.
func GuardCell(v string) string {
	if v == "" {
		return v
	}
	if strings.IndexByte(formulaStarts, v[0]) >= 0 && !plainNumber(v) || v[0] == '\'' && guarded(v) {
		return "'" + v
	}
	if spreadsheetWouldChange(v) {
		return `="` + strings.ReplaceAll(v, `"`, `""`) + `"`
	}
	return v
}

// spreadsheetWouldChange reports whether a spreadsheet opening a CSV cell could read v as something other than
// text (a number, a date, a time, a percentage, a currency, a boolean) and so save it back otherwise. A number
// in the form spreadsheets write (no sign but a minus, no leading zero, no trailing zero after the point, no
// exponent, ten digits at most, which Excel's General format keeps) comes back as it went.
func spreadsheetWouldChange(v string) bool {
	if canonicalNumber(v) {
		return false
	}
	switch strings.ToLower(v) {
	case "true", "false":
		return true
	}
	digit := false
	for _, r := range v {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case strings.ContainsRune(".,:/-+ eE%$€£¥()", r):
		default:
			return monthDate(v) || clockTime(v)
		}
	}
	return digit
}

// canonicalNumber reports whether v is a number as a spreadsheet writes it: -?(0|[1-9]d*)(.d*[1-9])?, ten
// digits at most.
func canonicalNumber(v string) bool {
	s := strings.TrimPrefix(v, "-")
	whole, frac, dot := strings.Cut(s, ".")
	if !allDigits(whole) || len(whole) > 1 && whole[0] == '0' || dot && (!allDigits(frac) || frac[len(frac)-1] == '0') {
		return false
	}
	return len(whole)+len(frac) <= 10
}

var months = []string{"jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"}

// monthDate reports whether v is a day and a month's name a spreadsheet reads as a date: 2-Apr, Apr-2, 2 April,
// April 2026.
func monthDate(v string) bool {
	parts := strings.FieldsFunc(strings.ToLower(v), func(r rune) bool { return r == '-' || r == ' ' || r == '/' || r == ',' || r == '.' })
	if len(parts) < 2 || len(parts) > 3 {
		return false
	}
	month, number := false, false
	for _, p := range parts {
		switch {
		case allDigits(p) && len(p) <= 4:
			number = true
		case len(p) >= 3 && slices.Contains(months, p[:3]) && strings.HasPrefix(monthNames[p[:3]], p):
			month = true
		default:
			return false
		}
	}
	return month && number
}

var monthNames = map[string]string{"jan": "january", "feb": "february", "mar": "march", "apr": "april", "may": "may", "jun": "june",
	"jul": "july", "aug": "august", "sep": "september", "oct": "october", "nov": "november", "dec": "december"}

// clockTime reports whether v is a time with am or pm a spreadsheet reads as a time: 1:30 pm, 10 AM.
func clockTime(v string) bool {
	l := strings.ToLower(strings.TrimSpace(v))
	rest, ok := strings.CutSuffix(l, "am")
	if !ok {
		rest, ok = strings.CutSuffix(l, "pm")
	}
	rest = strings.TrimSpace(rest)
	if !ok || rest == "" {
		return false
	}
	for _, p := range strings.Split(rest, ":") {
		if !allDigits(p) {
			return false
		}
	}
	return true
}

// textFormula reads a cell GuardCell wrote as ="…" (a spreadsheet that does not evaluate formulas on import
// keeps it so): the text inside, its quotes undoubled; ok is false for any other cell.
func textFormula(s string) (string, bool) {
	if len(s) < 3 || !strings.HasPrefix(s, `="`) || !strings.HasSuffix(s, `"`) {
		return "", false
	}
	inner := s[2 : len(s)-1]
	if strings.Count(inner, `"`) != 2*strings.Count(inner, `""`) {
		return "", false
	}
	return strings.ReplaceAll(inner, `""`, `"`), true
}

// guarded reports whether a cell's text starts with the apostrophe GuardCell adds: one before a formula's
// first character or before another apostrophe.
func guarded(v string) bool {
	return len(v) > 1 && v[0] == '\'' && (strings.IndexByte(formulaStarts, v[1]) >= 0 || v[1] == '\'')
}

// plainNumber reports whether s is a decimal number with an optional sign, fraction and exponent: a value no
// spreadsheet runs.
func plainNumber(s string) bool {
	if s != "" && (s[0] == '+' || s[0] == '-') {
		s = s[1:]
	}
	mant, exp, hasExp := strings.Cut(strings.ToLower(s), "e")
	if hasExp {
		if exp != "" && (exp[0] == '+' || exp[0] == '-') {
			exp = exp[1:]
		}
		if !allDigits(exp) {
			return false
		}
	}
	whole, frac, _ := strings.Cut(mant, ".")
	return (whole != "" || frac != "") && (whole == "" || allDigits(whole)) && (frac == "" || allDigits(frac))
}

// IsCSV reports whether a file name is a spreadsheet export muster reads: comma-separated (.csv) or
// tab-separated (.tsv).
func IsCSV(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".csv", ".tsv":
		return true
	}
	return false
}

// csvCell is one cell: its text (trimmed), where that text starts, and its column's index.
type csvCell struct {
	text      string
	line, col int // 1-based; col in characters, at the first character of the text (inside quotes)
	index     int // 0-based column
	// text says the cell was written as text: in quotes (spreadsheets quote text and write dates bare), after
	// GuardCell's apostrophe or as a text formula.
	quoted bool
}

// ColumnName is a spreadsheet's name for a 0-based column: A, B, ..., Z, AA, AB, ...
func ColumnName(i int) string {
	var b []byte
	for i >= 0 {
		b = append([]byte{byte('A' + i%26)}, b...)
		i = i/26 - 1
	}
	return string(b)
}

// csvFile reads one CSV file into cells with positions.
type csvFile struct {
	path  string
	data  []byte
	lines []int // byte offset of each line's start
	ds    *diag.List

	problems int
	stopped  bool

	// The last place at converted, to count the characters to the next from there: the cells of a record
	// come in order, so a file's positions cost one pass over it, not one per cell.
	atLine, atByte, atCol int
	scanned               int // bytes at has counted characters in (a test holds it to the file's size)
}

func (f *csvFile) problem(pos diag.Pos, code, format string, args ...any) *diag.Diagnostic {
	f.problems++
	if f.problems > maxProblems {
		if !f.stopped {
			f.ds.Errorf(pos, "csv.too-many-problems", "more than %d problems in this file; the rest of it is not read", maxProblems)
		}
		f.stopped = true
		return &diag.Diagnostic{}
	}
	return f.ds.Errorf(pos, code, format, args...)
}

// at converts the CSV reader's line and byte column to a position in characters, counting on from the last
// place it converted when that lies before on the same line.
func (f *csvFile) at(line, byteCol int) diag.Pos {
	if line < 1 || line > len(f.lines) {
		return diag.Pos{File: f.path, Line: max(line, 0)}
	}
	start := f.lines[line-1]
	end := min(start+max(byteCol-1, 0), len(f.data))
	from, col := start, 1
	if f.atLine == line && f.atByte <= end {
		from, col = f.atByte, f.atCol
	}
	col += utf8.RuneCount(f.data[from:end])
	f.scanned += end - from
	f.atLine, f.atByte, f.atCol = line, end, col
	return diag.Pos{File: f.path, Line: line, Col: col}
}

func (f *csvFile) cellPos(c csvCell) diag.Pos {
	return diag.Pos{File: f.path, Line: c.line, Col: c.col}
}

// cellName is the spreadsheet's name of a cell: C14.
func cellName(c csvCell) string { return fmt.Sprintf("%s%d", ColumnName(c.index), c.line) }

// records reads every record, each cell positioned; records whose cells are all empty are skipped. A record
// the CSV reader cannot read (a stray quote) is reported and skipped.
func (f *csvFile) records(comma rune, limit int) [][]csvCell {
	f.lines = append(f.lines[:0], 0)
	for i, c := range f.data {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	rd := csv.NewReader(bytes.NewReader(f.data))
	rd.Comma = comma
	rd.FieldsPerRecord = -1
	var out [][]csvCell
	values := 0
	for !f.stopped {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			var pe *csv.ParseError
			if !errors.As(err, &pe) {
				f.problem(diag.Pos{File: f.path}, "csv.syntax", "cannot read the file: %v", err)
				break
			}
			e := f.problem(f.at(pe.Line, pe.Column), "csv.syntax", "malformed CSV: %v", pe.Err)
			e.Hint = `a cell that holds a quote or a comma is written in quotes, with each quote inside doubled: "say ""hold"""`
			continue
		}
		cells := make([]csvCell, len(rec))
		empty := true
		for i, text := range rec {
			line, col := rd.FieldPos(i)
			p := f.at(line, col)
			c := csvCell{text: text, line: p.Line, col: p.Col, index: i}
			if off := f.lines[min(line, len(f.lines))-1] + col - 1; off < len(f.data) && f.data[off] == '"' {
				c.col++ // the text starts after the opening quote
				c.quoted = true
			}
			trimmed := strings.TrimLeft(text, " \t")
			c.col += utf8.RuneCountInString(text) - utf8.RuneCountInString(trimmed)
			c.text = strings.TrimRight(trimmed, " \t")
			if guarded(c.text) { // the value GuardCell wrote, which starts after the apostrophe
				c.text = c.text[1:]
				c.col++
				c.quoted = true
			} else if v, ok := textFormula(c.text); ok { // ="0101", kept as written by a spreadsheet
				c.text = v
				c.col += 2
				c.quoted = true
			}
			f.damaged(c)
			empty = empty && c.text == ""
			cells[i] = c
		}
		if empty {
			continue
		}
		// A row builds a mapping with its kind, and a key and a value per cell: the values are bounded like a
		// YAML file's, before any is built.
		values += 5
		for _, c := range cells {
			if c.text != "" {
				values += 2
			}
		}
		switch {
		case len(out) > limit:
			f.problem(diag.Pos{File: f.path, Line: cells[0].line}, "csv.too-large", "the file has more than %d rows; muster reads at most that many from one file", limit)
		case values > fileValueLimit:
			f.problem(diag.Pos{File: f.path, Line: cells[0].line}, "csv.too-large", "the file holds more than %d values; spreadsheets of real games hold far fewer — is this the right file?", fileValueLimit)
		default:
			out = append(out, cells)
			continue
		}
		f.stopped = true
		return nil // a file over a limit is not read at all: its first rows alone would only mislead

	}
	return out
}

// parseCSV reads a CSV file holding rows of kind: a document per row for unit types and markers, or one
// document (id) whose counters or rows the rows are. stats are the System's, to read the header.
func parseCSV(path string, data []byte, kind, id string, stats statNames, load *valueBudget) ([]*Document, diag.List) {
	var ds diag.List
	shape := csvShapes[kind]
	if shape == nil {
		ds.Errorf(diag.Pos{File: path}, "csv.kind", "a CSV file cannot hold %s documents: it holds %s rows", kind, strings.Join(CSVKinds, ", "))
		return nil, ds
	}
	data = bytes.TrimPrefix(data, utf8BOM)
	if bad, line, col := binaryAt(data); bad {
		ds.Errorf(diag.Pos{File: path, Line: line, Col: col}, "csv.syntax", "file is not UTF-8 text (binary data?); save the spreadsheet as CSV UTF-8")
		return nil, ds
	}
	f := &csvFile{path: path, data: data, ds: &ds}
	comma := ','
	if strings.EqualFold(filepath.Ext(path), ".tsv") {
		comma = '\t'
	}
	recs := f.records(comma, MaxDocuments)
	if len(recs) == 0 {
		if !f.stopped {
			ds.Errorf(diag.Pos{File: path}, "csv.header", "the file has no header row: the first row names the columns (id, name, ...)")
		}
		return nil, ds
	}
	src := map[string]*Source{path: {File: path, Data: data}}
	r := &csvRows{f: f, kind: kind, id: id, shape: shape, stats: stats, src: src, load: load}
	if kind == KindTable {
		return r.table(recs), ds
	}
	r.header(recs[0])
	if f.stopped {
		return nil, ds
	}
	if shape.rowsKey == "" {
		return r.documents(recs[1:]), ds
	}
	return r.lines(recs), ds
}

// csvRows turns records into documents.
type csvRows struct {
	f      *csvFile
	kind   string
	id     string
	shape  *csvShape
	stats  statNames
	src    map[string]*Source
	load   *valueBudget
	values int // values built from this file
	slab   nodeSlab

	head   []csvCell
	fields []*csvField // by column; nil for a column that is ignored
}

// header resolves the header's names to fields, reporting unknown, duplicate and missing columns.
func (r *csvRows) header(head []csvCell) {
	r.head = head
	r.fields = make([]*csvField, len(head))
	filled := map[string]csvCell{}
	for i, c := range head {
		if r.f.stopped {
			return // too many problems: the file is not read further
		}
		if c.text == "" {
			continue // an unnamed column: ragged checks report any value in it
		}
		fd, ok := r.shape.column(c.text, r.stats)
		if !ok {
			r.unknownColumn(c)
			continue
		}
		key := strings.Join(fd.path, ".")
		if prev, dup := filled[key]; dup {
			r.f.problem(r.f.cellPos(c), "csv.header", "column %s (%s) fills %s, as column %s (%s) does already", ColumnName(i), c.text, key, ColumnName(prev.index), prev.text).Hint =
				"remove one of the two columns"
			continue
		}
		filled[key] = c
		for j := range fd.path {
			fd.keys = append(fd.keys, r.slab.columnKey(fd.path[:j+1], c))
		}
		r.fields[i] = &fd
	}
	at := diag.Pos{File: r.f.path, Line: head[0].line, Col: 1}
	switch {
	case r.shape.rowsKey == "":
		if _, ok := filled["id"]; !ok {
			r.f.problem(at, "csv.header", "the header names no id column: every %s row needs an id", r.kind).Hint = "add a column headed id"
		}
	case r.kind == KindCounterMix:
		if _, ok := filled["count"]; !ok {
			r.f.problem(at, "csv.header", "the header names no count column: every counter mix line says how many counters it prints").Hint = "add a column headed count"
		}
		_, unit := filled["unit"]
		_, marker := filled["marker"]
		if !unit && !marker {
			r.f.problem(at, "csv.header", "the header names neither a unit nor a marker column: every counter mix line prints one of them").Hint = "add a column headed unit (or marker)"
		}
	}
}

func (r *csvRows) unknownColumn(c csvCell) {
	e := r.f.problem(r.f.cellPos(c), "csv.header", "column %s: %s rows have no %q", ColumnName(c.index), r.kind, c.text)
	if !r.shape.stats {
		e.Hint = diag.DidYouMean(c.text, r.shape.fieldNames())
		if e.Hint == "" {
			e.Hint = "the columns are " + strings.Join(r.shape.fieldNames(), ", ")
		}
		return
	}
	name := strings.TrimPrefix(strings.TrimPrefix(c.text, "back."), "stats.")
	if id, ok := r.stats.alias[strings.ToLower(name)]; ok {
		e.Hint = fmt.Sprintf("the System's id for this stat is %q: name the column %s", id, strings.Replace(c.text, name, id, 1))
		return
	}
	if !r.stats.found && !strings.Contains(c.text, ".") {
		e.Hint = "no System was found to name the stats: stats are columns named by the System's stat ids"
		return
	}
	var cands []string
	cands = append(cands, r.shape.fieldNames()...)
	prefix := ""
	switch {
	case strings.HasPrefix(c.text, "back.stats."):
		prefix = "back.stats."
	case strings.HasPrefix(c.text, "stats."):
		prefix = "stats."
	}
	for _, id := range r.stats.ids {
		cands = append(cands, prefix+id)
	}
	e.Hint = diag.DidYouMean(c.text, cands)
	if e.Hint == "" && len(r.stats.ids) > 0 {
		e.Hint = "the System's stats are " + strings.Join(r.stats.ids, ", ")
	}
}

// ragged reports a row whose cells do not line up with the header: a value past the last named column, or
// a row with fewer cells than the header.
func (r *csvRows) ragged(row []csvCell) {
	for _, c := range row[min(len(row), len(r.head)):] {
		if c.text != "" {
			r.f.problem(r.f.cellPos(c), "csv.ragged", "cell %s is past the header's last column (%s): the row has %d cells, the header %d", cellName(c), ColumnName(len(r.head)-1), len(row), len(r.head)).Hint =
				"a value has a comma too many before it, or the header lacks a column: quote a value that holds a comma"
			return
		}
	}
	if len(row) < len(r.head) {
		last := row[len(row)-1]
		r.f.problem(diag.Pos{File: r.f.path, Line: last.line, Col: last.col + utf8.RuneCountInString(last.text)}, "csv.ragged",
			"row %d has %d cells, the header %d: the cells from column %s on are missing", last.line, len(row), len(r.head), ColumnName(len(row))).Hint =
			"every row has as many cells as the header (empty ones too: a,,c)"
	}
}

// cell is the value node of a cell of a field.
func (sl *nodeSlab) cell(c csvCell, typ cellType) *yaml.Node {
	switch typ {
	case cellList:
		seq := sl.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: c.line, Column: c.col})
		off := 0
		for _, part := range strings.FieldsFunc(c.text, func(r rune) bool { return r == ',' || r == ';' || r == ' ' || r == '\t' }) {
			i := strings.Index(c.text[off:], part) + off
			col := c.col + utf8.RuneCountInString(c.text[:i])
			seq.Content = append(seq.Content, sl.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: part, Line: c.line, Column: col}))
			off = i + len(part)
		}
		return seq
	case cellInt:
		return sl.node(yaml.Node{Kind: yaml.ScalarNode, Tag: plainTag(c.text, true), Value: c.text, Line: c.line, Column: c.col})
	case cellStat:
		return sl.node(yaml.Node{Kind: yaml.ScalarNode, Tag: plainTag(c.text, false), Value: c.text, Line: c.line, Column: c.col})
	}
	return sl.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: c.text, Line: c.line, Column: c.col})
}

// plainTag types a cell as YAML types a plain value: decimal whole numbers, decimal fractions (with an
// exponent) and true or false; everything else is text. intOnly keeps fractions text (a count).
func plainTag(s string, intOnly bool) string {
	digits := strings.TrimLeft(s, "+-")
	if len(s)-len(digits) > 1 || digits == "" {
		return "!!str"
	}
	whole, frac, dot := strings.Cut(digits, ".")
	if !dot {
		if allDigits(whole) {
			return "!!int"
		}
	} else if !intOnly {
		mant, exp, hasExp := strings.Cut(strings.ToLower(frac), "e")
		exp = strings.TrimLeft(exp, "+-")
		if (whole != "" || mant != "") && (whole == "" || allDigits(whole)) && (mant == "" || allDigits(mant)) && (!hasExp || allDigits(exp)) {
			return "!!float"
		}
	}
	if intOnly {
		return "!!str"
	}
	switch s {
	case "true", "True", "TRUE", "false", "False", "FALSE":
		return "!!bool"
	}
	return "!!str"
}

func allDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// nodeSlab hands out nodes from blocks, so the hundred thousand nodes of a large spreadsheet cost a few
// hundred allocations, not one each. The key nodes of a column are one node for every row, placed at the
// column's heading: in a spreadsheet that is where a key is written.
type nodeSlab struct {
	block []yaml.Node
	keys  map[string]*yaml.Node // by the key's dotted path
}

func (sl *nodeSlab) node(n yaml.Node) *yaml.Node {
	if len(sl.block) == cap(sl.block) {
		sl.block = make([]yaml.Node, 0, 512)
	}
	sl.block = append(sl.block, n)
	return &sl.block[len(sl.block)-1]
}

// setPath adds a value under a dotted path of a mapping, making the mappings between (at the value's place).
func (sl *nodeSlab) setPath(m *yaml.Node, path []string, v *yaml.Node, keys []*yaml.Node) {
	for i, k := range path[:len(path)-1] {
		var next *yaml.Node
		for i := 0; i+1 < len(m.Content); i += 2 {
			if m.Content[i].Value == k && m.Content[i+1].Kind == yaml.MappingNode {
				next = m.Content[i+1]
			}
		}
		if next == nil {
			next = sl.node(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: v.Line, Column: v.Column})
			m.Content = append(m.Content, keys[i], next)
		}
		m = next
	}
	m.Content = append(m.Content, keys[len(path)-1], v)
}

// columnKey is the key node of a dotted path, shared by every row, at the heading of the column that first
// needed it.
func (sl *nodeSlab) columnKey(path []string, head csvCell) *yaml.Node {
	name := strings.Join(path, ".")
	if k, ok := sl.keys[name]; ok {
		return k
	}
	if sl.keys == nil {
		sl.keys = map[string]*yaml.Node{}
	}
	k := sl.text(path[len(path)-1], head.line, head.col)
	sl.keys[name] = k
	return k
}

// key is a key placed at its value's cell: in a spreadsheet the key is the column, far above.
func (sl *nodeSlab) key(k string, at *yaml.Node) *yaml.Node {
	return sl.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: k, Line: at.Line, Column: at.Column})
}

// item is the mapping of one row's fields.
func (r *csvRows) item(row []csvCell) *yaml.Node {
	sl := &r.slab
	m := sl.node(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: row[0].line, Column: row[0].col, Content: make([]*yaml.Node, 0, 2*len(row)+2)})
	for i, c := range row {
		if i >= len(r.fields) || r.fields[i] == nil || c.text == "" {
			continue
		}
		sl.setPath(m, r.fields[i].path, sl.cell(c, r.fields[i].typ), r.fields[i].keys)
	}
	return m
}

// document turns a root node into a document, charging its values to the load; ok is false when the load's
// limit stopped it (the file's own values were bounded before any was built).
func (r *csvRows) document(root *yaml.Node, index int) (*Document, bool) {
	d := &Document{File: r.f.path, Index: index, Root: root, sources: r.src, lazy: true}
	d.Value = r.value(root)
	if r.load.exhausted() {
		r.f.problem(d.Pos(), "csv.too-large", "the package holds more than %d values in all its files; the rest of this file is not read", packageValueLimit)
		r.f.stopped = true
		return nil, false
	}
	if m, ok := d.Value.(map[string]any); ok {
		d.Kind, _ = m["kind"].(string)
		d.ID, _ = m["id"].(string)
	}
	return d, true
}

// value builds the JSON value of a node the rows made: what the YAML builder does, for the few shapes a row
// has (mappings, lists, scalars typed by plainTag), without its general work, so a 10,000-row file reads in
// tens of milliseconds. The document indexes its nodes by pointer when first asked.
func (r *csvRows) value(n *yaml.Node) any {
	r.values++
	r.load.used++
	switch n.Kind {
	case yaml.MappingNode:
		out := make(map[string]any, len(n.Content)/2)
		for i := 0; i+1 < len(n.Content); i += 2 {
			out[n.Content[i].Value] = r.value(n.Content[i+1])
		}
		return out
	case yaml.SequenceNode:
		out := make([]any, len(n.Content))
		for i, c := range n.Content {
			out[i] = r.value(c)
		}
		return out
	}
	switch n.Tag {
	case "!!int":
		if v, err := parseInt(n.Value); err == nil {
			if s := strconv.FormatInt(v, 10); s != n.Value {
				return json.Number(s)
			}
			return json.Number(n.Value)
		}
		r.f.problem(diag.Pos{File: r.f.path, Line: n.Line, Col: n.Column}, "syntax.number", "%s is too large for a number", n.Value)
	case "!!float":
		if v, err := strconv.ParseFloat(n.Value, 64); err == nil && !math.IsInf(v, 0) {
			return json.Number(strconv.FormatFloat(v, 'g', -1, 64))
		}
	case "!!bool":
		return strings.EqualFold(n.Value, "true")
	}
	return n.Value
}

// text is a text node at a place.
func (sl *nodeSlab) text(s string, line, col int) *yaml.Node {
	return sl.node(yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Line: line, Column: col})
}

// documents makes a document of each row: a unit type or a marker.
func (r *csvRows) documents(rows [][]csvCell) []*Document {
	sl := &r.slab
	var out []*Document
	for _, row := range rows {
		if r.f.stopped {
			break
		}
		r.ragged(row)
		m := r.item(row)
		m.Content = append([]*yaml.Node{sl.text("kind", m.Line, m.Column), sl.text(r.kind, m.Line, m.Column)}, m.Content...)
		d, ok := r.document(m, len(out))
		if !ok {
			break
		}
		out = append(out, d)
	}
	return out
}

// rowsDocument is the one document whose list the rows fill, placed at the header.
func (r *csvRows) rowsDocument(head []csvCell, extra ...*yaml.Node) (*yaml.Node, *yaml.Node) {
	sl := &r.slab
	line, col := head[0].line, 1
	seq := sl.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: line, Column: col})
	root := sl.node(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: line, Column: col, Content: []*yaml.Node{
		sl.text("kind", line, col), sl.text(r.kind, line, col), sl.text("id", line, col), sl.text(r.id, line, col)}})
	root.Content = append(root.Content, extra...)
	root.Content = append(root.Content, sl.text(r.shape.rowsKey, line, col), seq)
	return root, seq
}

// lines makes the counter mix whose lines the rows are.
func (r *csvRows) lines(recs [][]csvCell) []*Document {
	root, seq := r.rowsDocument(recs[0])
	for _, row := range recs[1:] {
		if r.f.stopped {
			return nil
		}
		r.ragged(row)
		seq.Content = append(seq.Content, r.item(row))
	}
	if len(recs) > 1 {
		seq.Line, seq.Column = recs[1][0].line, recs[1][0].col
	}
	d, ok := r.document(root, 0)
	if !ok {
		return nil
	}
	return []*Document{d}
}

// table makes the table whose rows the rows are: the header's first cell is the corner (the heading of the
// row labels), the others the columns, and a last column headed `source` gives each row's source.
func (r *csvRows) table(recs [][]csvCell) []*Document {
	sl := &r.slab
	head := recs[0]
	r.head = head
	width := len(head)
	source := -1
	if width > 1 && head[width-1].text == csvSourceColumn {
		source, width = width-1, width-1
	}
	var extra []*yaml.Node
	if c := head[0]; c.text != "" {
		extra = append(extra, sl.text("corner", c.line, c.col), sl.text(c.text, c.line, c.col))
	}
	cols := sl.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: head[0].line, Column: 1})
	for _, c := range head[1:width] {
		if c.text == "" {
			r.f.problem(r.f.cellPos(c), "csv.header", "column %s has no heading: every column of a table is named", ColumnName(c.index)).Hint = "write the column's heading in the first row"
		}
		cols.Content = append(cols.Content, sl.text(c.text, c.line, c.col))
	}
	extra = append(extra, sl.text("columns", head[0].line, 1), cols)
	root, seq := r.rowsDocument(head, extra...)
	for _, row := range recs[1:] {
		if r.f.stopped {
			return nil
		}
		r.ragged(row)
		m := sl.node(yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Line: row[0].line, Column: row[0].col})
		m.Content = append(m.Content, sl.key("label", sl.cell(row[0], cellText)), sl.cell(row[0], cellText))
		cells := sl.node(yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Line: row[0].line, Column: row[0].col})
		for i := 1; i < width; i++ {
			if i < len(row) {
				cells.Content = append(cells.Content, sl.cell(row[i], cellText))
			}
		}
		if len(row) > 1 {
			cells.Line, cells.Column = row[1].line, row[1].col
		}
		m.Content = append(m.Content, sl.key("cells", cells), cells)
		if source >= 0 && source < len(row) && row[source].text != "" {
			v := sl.cell(row[source], cellText)
			m.Content = append(m.Content, sl.key("source", v), v)
		}
		seq.Content = append(seq.Content, m)
	}
	if len(recs) > 1 {
		seq.Line, seq.Column = recs[1][0].line, recs[1][0].col
	}
	d, ok := r.document(root, 0)
	if !ok {
		return nil
	}
	return []*Document{d}
}

// attachRows gives a YAML document the list a CSV file holds (a counter mix's lines, a table's columns and
// rows): the designer keeps the document's other keys (its title, its counter size) in YAML and its rows in
// the spreadsheet. A key written in both places is an error at the YAML key.
func attachRows(into, rows *Document, ds *diag.List) *Document {
	root, add := deref(into.Root), deref(rows.Root)
	if root == nil || root.Kind != yaml.MappingNode || add == nil {
		return into
	}
	have := map[string]bool{}
	for i := 0; i+1 < len(root.Content); i += 2 {
		have[root.Content[i].Value] = true
	}
	merged := &yaml.Node{Kind: yaml.MappingNode, Tag: root.Tag, Line: root.Line, Column: root.Column}
	merged.Content = append(merged.Content, root.Content...)
	for i := 0; i+1 < len(add.Content); i += 2 {
		k := add.Content[i].Value
		if k == "kind" || k == "id" {
			continue
		}
		if have[k] {
			ds.Errorf(into.KeyPos(Pointer("", k)), "csv.both", "%s %q has its %s both here and in %s", into.Kind, into.ID, k, rows.File).Hint =
				"keep them in one place: remove the key here, or the CSV include from the manifest"
			continue
		}
		merged.Content = append(merged.Content, add.Content[i], add.Content[i+1])
	}
	origin := map[*yaml.Node]string{}
	markOrigin(root, into.fileOf, origin)
	markOrigin(add, rows.fileOf, origin)
	origin[merged] = into.fileOf(root)
	sources := map[string]*Source{}
	for _, from := range []*Document{into, rows} {
		for f, s := range from.sources {
			sources[f] = s
		}
	}
	d := &Document{File: into.File, Index: into.Index, Root: merged, Package: into.Package,
		nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, origin: origin, sources: sources}
	values := 0
	b := builder{doc: d, diags: ds, file: &values, load: &valueBudget{}}
	d.Value = b.build(merged, "", 0)
	if m, ok := d.Value.(map[string]any); ok {
		d.Kind, _ = m["kind"].(string)
		d.ID, _ = m["id"].(string)
	}
	return d
}

// include is one entry of a manifest's include list: a glob of YAML or JSON files, or a spreadsheet (file)
// with the kind of its rows and, for a counter mix or a table, the id of the document the rows belong to.
type include struct {
	pattern  string
	kind, id string
	csv      bool // written as a mapping: {file, kind, id}
}

// includesOf reads the include list of a manifest as written (DefaultInclude when there is none).
func includesOf(m map[string]any) []include {
	inc, ok := m["include"].([]any)
	if !ok {
		out := make([]include, len(DefaultInclude))
		for i, p := range DefaultInclude {
			out[i] = include{pattern: p}
		}
		return out
	}
	out := make([]include, 0, len(inc))
	for _, x := range inc {
		switch v := x.(type) {
		case string:
			out = append(out, include{pattern: v})
		case map[string]any:
			e := include{csv: true}
			e.pattern, _ = v["file"].(string)
			e.kind, _ = v["kind"].(string)
			e.id, _ = v["id"].(string)
			out = append(out, e)
		default:
			out = append(out, include{}) // the schema reports the wrong type
		}
	}
	return out
}

// pendingCSV is a spreadsheet an include names, read once the System is known; at is where its documents
// go among the package's own.
type pendingCSV struct {
	file     string
	kind, id string
	at       int
	include  diag.Pos
}

// csvIncludes checks a spreadsheet include and the files it matched, and returns those to read.
func csvIncludes(md *Document, ptr string, i int, inc include, files []string, seen map[string]bool, at int, ds *diag.List) []pendingCSV {
	pos := md.PosOf(Pointer(ptr, i))
	switch {
	case inc.kind == "":
		return nil // the schema reports the missing kind
	case csvShapes[inc.kind] == nil:
		e := ds.Errorf(md.PosOf(Pointer(Pointer(ptr, i), "kind")), "csv.kind", "a spreadsheet cannot hold %s documents", inc.kind)
		e.Hint = "its rows are one of " + strings.Join(CSVKinds, ", ")
		if h := diag.DidYouMean(inc.kind, CSVKinds); h != "" {
			e.Hint = h
		}
		return nil
	case csvShapes[inc.kind].rowsKey != "" && inc.id == "":
		ds.Errorf(pos, "csv.kind", "the rows of this spreadsheet are the %s of one %s: say which with id", csvShapes[inc.kind].rowsKey, inc.kind).Hint =
			fmt.Sprintf("write {file: %s, kind: %s, id: ID}", inc.pattern, inc.kind)
		return nil
	case csvShapes[inc.kind].rowsKey != "" && len(files) > 1:
		ds.Errorf(pos, "csv.kind", "%q matches %d files, but the rows of one %s come from one file", inc.pattern, len(files), inc.kind).Hint =
			"name one file, or give each file an include of its own with its own id"
		return nil
	case csvShapes[inc.kind].rowsKey == "" && inc.id != "":
		ds.Errorf(md.PosOf(Pointer(Pointer(ptr, i), "id")), "csv.kind", "each row of a %s spreadsheet is a document with its own id: the include takes no id", inc.kind).Hint = "remove id here; the id column names each row"
		return nil
	}
	var out []pendingCSV
	for _, f := range files {
		if seen[f] {
			continue
		}
		seen[f] = true
		if !IsCSV(f) {
			ds.Errorf(pos, "csv.kind", "%s is not a spreadsheet: only .csv and .tsv files are included with a kind", f).Hint =
				"include YAML and JSON files by their name alone"
			continue
		}
		out = append(out, pendingCSV{file: f, kind: inc.kind, id: inc.id, at: at, include: pos})
	}
	return out
}

// readCSVs reads the pending spreadsheets and puts their documents among own, each where its include was.
// The rows of a counter mix or a table join the YAML document of that id when the package has one.
func readCSVs(own []*Document, sheets []pendingCSV, stats statNames, load *valueBudget, ds *diag.List) []*Document {
	parsed := make([][]*Document, len(sheets))
	for i, s := range sheets {
		data, err := readRegular(s.file, MaxFileBytes)
		switch {
		case errors.Is(err, ErrTooLarge):
			ds.Errorf(diag.Pos{File: s.file}, "io.too-large", "file is larger than %d MB; spreadsheets of real games are far smaller — is this the right file?", MaxFileBytes>>20)
			continue
		case err != nil:
			ds.Errorf(diag.Pos{File: s.file}, "io.read", "cannot read file: %v", unwrapPathErr(err))
			continue
		}
		docs, fds := parseCSV(s.file, data, s.kind, s.id, stats, load)
		ds.Extend(fds)
		parsed[i] = docs
	}
	out := make([]*Document, 0, len(own)+len(sheets))
	next := 0
	for i := 0; i <= len(own); i++ {
		for next < len(sheets) && sheets[next].at == i {
			out = append(out, parsed[next]...)
			next++
		}
		if i < len(own) {
			out = append(out, own[i])
		}
	}
	// Rows of a document the package also writes in YAML join it.
	for _, s := range sheets {
		if csvShapes[s.kind].rowsKey == "" {
			continue
		}
		yamlAt, csvAt := -1, -1
		for i, d := range out {
			if d.Kind != s.kind || d.ID != s.id {
				continue
			}
			switch {
			case d.File == s.file && csvAt < 0:
				csvAt = i
			case d.File != s.file && yamlAt < 0 && !IsCSV(d.File):
				yamlAt = i
			}
		}
		if yamlAt < 0 || csvAt < 0 {
			continue
		}
		out[yamlAt] = attachRows(out[yamlAt], out[csvAt], ds)
		out = append(out[:csvAt], out[csvAt+1:]...)
	}
	return out
}

// relTo is a path relative to the package folder, with forward slashes, for hints.
func relTo(dir, f string) string {
	if r, err := filepath.Rel(dir, f); err == nil {
		return filepath.ToSlash(r)
	}
	return f
}
