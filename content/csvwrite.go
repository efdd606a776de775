package content

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
)

// CSVFile is one spreadsheet ExportCSV writes: its path (forward slashes, relative to the export folder), the
// include that reads it back, and its bytes.
type CSVFile struct {
	Path    string
	Include Include
	Data    []byte
}

// ExportCSV writes a package's unit types, markers, counter mixes' lines and tables as spreadsheets in the
// forms the loader reads (unit-types.csv, markers.csv, counter-mixes/<id>.csv, tables/<id>.csv), each value
// as it was written, guarded so that no spreadsheet program runs one as a formula (GuardCell). What a spreadsheet cannot hold (a unit's components, a table's title) is left to YAML:
// each such key is a warning naming it, so nothing is dropped silently.
func ExportCSV(pkg *Package) ([]CSVFile, diag.List) {
	var out []CSVFile
	var ds diag.List
	var stats []string
	if pkg.System != nil {
		for _, s := range pkg.System.Stats {
			stats = append(stats, s.ID)
		}
	}
	byKind := map[string][]*Document{}
	for _, d := range pkg.Docs {
		byKind[d.Kind] = append(byKind[d.Kind], d)
	}
	for _, k := range []struct{ kind, file string }{{KindUnitType, "unit-types.csv"}, {KindMarker, "markers.csv"}} {
		if docs := byKind[k.kind]; len(docs) > 0 {
			w := newSheetWriter(csvShapes[k.kind], stats)
			for _, d := range docs {
				w.row(d, "", &ds, "kind")
			}
			out = append(out, CSVFile{Path: k.file, Include: Include{File: k.file, Kind: k.kind}, Data: w.bytes()})
		}
	}
	for _, d := range byKind[KindCounterMix] {
		w := newSheetWriter(csvShapes[KindCounterMix], nil)
		n := deref(d.Node("/counters"))
		if n == nil || n.Kind != yaml.SequenceNode {
			continue
		}
		for i := range n.Content {
			w.row(d, Pointer("/counters", i), &ds)
		}
		leftInYAML(d, &ds, "counters")
		p := "counter-mixes/" + Stem(d.ID, SheetStem) + ".csv"
		out = append(out, CSVFile{Path: p, Include: Include{File: p, Kind: KindCounterMix, ID: d.ID}, Data: w.bytes()})
	}
	for _, d := range byKind[KindTable] {
		p := "tables/" + Stem(d.ID, SheetStem) + ".csv"
		out = append(out, CSVFile{Path: p, Include: Include{File: p, Kind: KindTable, ID: d.ID}, Data: tableCSV(d)})
		leftInYAML(d, &ds, "corner", "columns", "rows")
	}
	return out, ds
}

// leftInYAML notes the keys of a document its spreadsheet does not hold.
func leftInYAML(d *Document, ds *diag.List, written ...string) {
	m, _ := d.Value.(map[string]any)
	var left []string
	for k := range m {
		if k != "kind" && k != "id" && !contains(written, k) {
			left = append(left, k)
		}
	}
	if len(left) > 0 {
		sort.Strings(left)
		ds.Infof(d.Pos(), "csv.unwritten", "%s %q: the spreadsheet holds its %s; %s stay in YAML", d.Kind, d.ID, strings.Join(written, ", "), strings.Join(left, ", "))
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// sheetWriter gathers rows, then writes the columns some row uses, in the shape's order.
type sheetWriter struct {
	shape *csvShape
	stats []string
	rows  []map[string]string
	used  map[string]bool
}

func newSheetWriter(s *csvShape, stats []string) *sheetWriter {
	return &sheetWriter{shape: s, stats: stats, used: map[string]bool{}}
}

// row adds the item at ptr of a document (the document itself for ""), reporting keys a cell cannot hold.
func (w *sheetWriter) row(d *Document, ptr string, ds *diag.List, skip ...string) {
	cells := map[string]string{}
	m, _ := valueAtPtr(d, ptr).(map[string]any)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		if contains(skip, k) {
			continue
		}
		if (k == "stats" || k == "back") && w.shape.stats {
			w.nested(d, Pointer(ptr, k), k, cells, ds)
			continue
		}
		w.cell(d, Pointer(ptr, k), k, cells, ds)
	}
	w.rows = append(w.rows, cells)
}

func (w *sheetWriter) nested(d *Document, ptr, prefix string, cells map[string]string, ds *diag.List) {
	m, ok := valueAtPtr(d, ptr).(map[string]any)
	if !ok {
		w.cell(d, ptr, prefix, cells, ds)
		return
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		p := Pointer(ptr, k)
		switch {
		case prefix == "back" && k == "stats":
			w.nested(d, p, "back.stats", cells, ds)
		case prefix == "stats" || prefix == "back.stats":
			w.put(d, p, prefix+"."+k, cells, ds)
		default:
			w.cell(d, p, prefix+"."+k, cells, ds)
		}
	}
}

// cell writes a field the shape knows; any other key is reported.
func (w *sheetWriter) cell(d *Document, ptr, name string, cells map[string]string, ds *diag.List) {
	if _, ok := w.shape.fields[name]; !ok {
		ds.Warnf(d.PosOf(ptr), "csv.unwritten", "%s %q: %s cannot be written in a spreadsheet cell and is left out", d.Kind, d.ID, name).Hint =
			"keep this item in YAML, or add the key back by hand"
		return
	}
	w.put(d, ptr, name, cells, ds)
}

// put writes a value as it was written: a scalar's text, a list's items separated by spaces.
func (w *sheetWriter) put(d *Document, ptr, name string, cells map[string]string, ds *diag.List) {
	n := deref(d.Node(ptr))
	switch {
	case n == nil:
		return
	case n.Kind == yaml.ScalarNode:
		cells[name] = n.Value
	case n.Kind == yaml.SequenceNode:
		var items []string
		for _, c := range n.Content {
			if c = deref(c); c != nil && c.Kind == yaml.ScalarNode {
				items = append(items, c.Value)
			}
		}
		cells[name] = strings.Join(items, " ")
	default:
		ds.Warnf(d.PosOf(ptr), "csv.unwritten", "%s %q: %s is not a single value and is left out of the spreadsheet", d.Kind, d.ID, name)
		return
	}
	w.used[name] = true
}

// columns are the used fields in the shape's order, stats in the System's.
func (w *sheetWriter) columns() []string {
	var cols []string
	add := func(c string) {
		if w.used[c] && !contains(cols, c) {
			cols = append(cols, c)
		}
	}
	statCols := func(prefix string) {
		for _, s := range w.stats {
			add(prefix + s)
		}
		var rest []string // stats the System does not declare (validation reports them)
		for c := range w.used {
			if strings.HasPrefix(c, prefix) && !strings.HasPrefix(strings.TrimPrefix(c, prefix), "stats.") {
				rest = append(rest, c)
			}
		}
		sort.Strings(rest)
		for _, c := range rest {
			add(c)
		}
	}
	for _, f := range w.shape.order {
		if f == "back.kind" && w.shape.stats {
			statCols("stats.")
		}
		add(f)
		if f == "back.source" && w.shape.stats {
			statCols("back.stats.")
		}
	}
	return cols
}

func (w *sheetWriter) bytes() []byte {
	cols := w.columns()
	head := make([]string, len(cols))
	for i, c := range cols {
		head[i] = c
		if id, ok := strings.CutPrefix(c, "stats."); ok {
			if _, field := w.shape.fields[id]; !field {
				head[i] = id // a stat's column is its id, unless a key has that name
			}
		}
	}
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	writeGuarded(cw, head)
	for _, r := range w.rows {
		rec := make([]string, len(cols))
		for i, c := range cols {
			rec[i] = r[c]
		}
		writeGuarded(cw, rec)
	}
	cw.Flush()
	return b.Bytes()
}

// writeGuarded writes a record with every cell guarded against being run as a formula (GuardCell).
func writeGuarded(cw *csv.Writer, rec []string) {
	for i, v := range rec {
		rec[i] = GuardCell(v)
	}
	_ = cw.Write(rec)
}

// tableCSV writes a table: the corner and the columns, then each row's label, cells and source.
func tableCSV(d *Document) []byte {
	var b bytes.Buffer
	cw := csv.NewWriter(&b)
	text := func(ptr string) string {
		if n := deref(d.Node(ptr)); n != nil && n.Kind == yaml.ScalarNode {
			return n.Value
		}
		return ""
	}
	cols, _ := valueAtPtr(d, "/columns").([]any)
	rows, _ := valueAtPtr(d, "/rows").([]any)
	sources := false
	for i := range rows {
		sources = sources || text(fmt.Sprintf("/rows/%d/source", i)) != ""
	}
	head := []string{text("/corner")}
	for i := range cols {
		head = append(head, text(Pointer("/columns", i)))
	}
	if sources {
		head = append(head, csvSourceColumn)
	}
	writeGuarded(cw, head)
	for i := range rows {
		rec := []string{text(fmt.Sprintf("/rows/%d/label", i))}
		for j := range cols {
			rec = append(rec, text(fmt.Sprintf("/rows/%d/cells/%d", i, j)))
		}
		if sources {
			rec = append(rec, text(fmt.Sprintf("/rows/%d/source", i)))
		}
		writeGuarded(cw, rec)
	}
	cw.Flush()
	return b.Bytes()
}

// valueAtPtr is the JSON value at a pointer of a document (the whole value for "").
func valueAtPtr(d *Document, ptr string) any {
	v := d.Value
	if ptr == "" {
		return v
	}
	for _, tok := range strings.Split(ptr[1:], "/") {
		tok = strings.ReplaceAll(strings.ReplaceAll(tok, "~1", "/"), "~0", "~")
		switch x := v.(type) {
		case map[string]any:
			v = x[tok]
		case []any:
			i := 0
			if _, err := fmt.Sscanf(tok, "%d", &i); err != nil || i < 0 || i >= len(x) {
				return nil
			}
			v = x[i]
		default:
			return nil
		}
	}
	return v
}
