package content

import (
	"sort"
	"strings"

	"go.yaml.in/yaml/v3"
)

// What a CSV file may hold, and how its columns map onto the keys of a document. A spreadsheet row is one
// item: a unit type or a marker (each row a document), a counter-mix line or a table row (each row an item of
// one document the include names). The header names the keys as a YAML document would (`back.label`), a unit's
// stats by their System ids (`movement`, or `stats.movement`), and a back's stats as `back.stats.movement`.

// CSVKinds are the kinds whose rows a CSV file can hold.
var CSVKinds = []string{KindUnitType, KindMarker, KindCounterMix, KindTable}

// cellType says how a cell's text becomes a value.
type cellType int

const (
	cellText cellType = iota // a string, as written
	cellInt                  // a whole number when it reads as one; else text, which the schema refuses at the cell
	cellList                 // ids separated by spaces, commas or semicolons
	cellStat                 // typed as YAML types a plain value (a number, true/false, else text); the System types it
)

// csvField is one key a column can fill: its path in the document and how its cells are typed.
type csvField struct {
	path []string
	typ  cellType
	keys []*yaml.Node // the key node of each step of the path, shared by every row (csvRows.header)
}

// csvShape is how the rows of a kind are read.
type csvShape struct {
	// rowsKey is the list of one document the rows fill (counters, rows); "" when each row is a document.
	rowsKey string
	fields  map[string]cellType // keys a column may name, dotted for nested ones (back.label)
	stats   bool                // stats are columns (by the System's ids), and back.stats.<id>
	// order is the order export writes the fields in; stats go after statsAfter.
	order      []string
	statsAfter string
}

var backFields = map[string]cellType{"back.kind": cellText, "back.label": cellText, "back.marker": cellText, "back.source": cellText}

func withBack(m map[string]cellType) map[string]cellType {
	for k, v := range backFields {
		m[k] = v
	}
	return m
}

var csvShapes = map[string]*csvShape{
	KindUnitType: {
		fields: withBack(map[string]cellType{"id": cellText, "name": cellText, "abbr": cellText, "faction": cellText,
			"classes": cellList, "symbol": cellText, "image": cellText, "size": cellText, "face": cellText,
			"footprint": cellInt, "colour": cellText, "source": cellText, "notes": cellText, "override": cellText}),
		stats:      true,
		order:      []string{"id", "override", "name", "abbr", "faction", "classes", "symbol", "image", "size", "face", "footprint", "colour", "back.kind", "back.label", "back.marker", "back.source", "source", "notes"},
		statsAfter: "colour",
	},
	KindMarker: {
		fields: withBack(map[string]cellType{"id": cellText, "name": cellText, "faction": cellText, "classes": cellList,
			"text": cellText, "symbol": cellText, "colour": cellText, "footprint": cellInt, "source": cellText,
			"notes": cellText, "override": cellText}),
		stats:      true,
		order:      []string{"id", "override", "name", "faction", "classes", "text", "symbol", "footprint", "colour", "back.kind", "back.label", "back.marker", "back.source", "source", "notes"},
		statsAfter: "colour",
	},
	KindCounterMix: {
		rowsKey: "counters",
		fields:  map[string]cellType{"unit": cellText, "marker": cellText, "faction": cellText, "count": cellInt, "size": cellText},
		order:   []string{"unit", "marker", "faction", "count", "size"},
	},
	// A table's header is its corner and its columns; each row is a label and its cells (tableShape).
	KindTable: {rowsKey: "rows"},
}

// csvSourceColumn is the header of a table's last column when it holds each row's source.
const csvSourceColumn = "source"

// statNames are the stats of the System a package's CSV files name: ids, and each stat's name and
// abbreviation (lower case) to the id, for the hint when a header uses one of those.
type statNames struct {
	ids   []string
	known map[string]bool
	alias map[string]string
	found bool // a System was found
}

// systemStats finds the System the manifest names (or the only one) among the package's documents and its
// base's, and reads its stat ids from the document as written: CSV files are read before anything is decoded.
func systemStats(systemID string, docs ...[]*Document) statNames {
	var sys *Document
	n := 0
	for _, list := range docs {
		for _, d := range list {
			if d.Kind != KindSystem {
				continue
			}
			if systemID != "" && d.ID == systemID {
				sys = d
				n = 1
				break
			}
			if systemID == "" {
				sys = d
				n++
			}
		}
		if sys != nil && systemID != "" {
			break
		}
	}
	out := statNames{known: map[string]bool{}, alias: map[string]string{}}
	if sys == nil || n != 1 {
		return out
	}
	out.found = true
	m, _ := sys.Value.(map[string]any)
	list, _ := m["stats"].([]any)
	for _, x := range list {
		s, _ := x.(map[string]any)
		id, _ := s["id"].(string)
		if id == "" || out.known[id] {
			continue
		}
		out.ids = append(out.ids, id)
		out.known[id] = true
		for _, k := range []string{"name", "abbr"} {
			if a, ok := s[k].(string); ok && a != "" {
				out.alias[strings.ToLower(a)] = id
			}
		}
	}
	return out
}

// fieldNames are the keys a shape's columns may name, sorted, for did-you-mean.
func (s *csvShape) fieldNames() []string {
	out := make([]string, 0, len(s.fields))
	for k := range s.fields {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// column resolves a header to the field it fills; ok is false for a name the kind does not have.
func (s *csvShape) column(header string, stats statNames) (csvField, bool) {
	if t, ok := s.fields[header]; ok {
		return csvField{path: strings.Split(header, "."), typ: t}, true
	}
	if !s.stats {
		return csvField{}, false
	}
	switch {
	case strings.HasPrefix(header, "back.stats."):
		id := strings.TrimPrefix(header, "back.stats.")
		return csvField{path: []string{"back", "stats", id}, typ: cellStat}, stats.known[id]
	case strings.HasPrefix(header, "stats."):
		id := strings.TrimPrefix(header, "stats.")
		return csvField{path: []string{"stats", id}, typ: cellStat}, stats.known[id]
	case stats.known[header]:
		return csvField{path: []string{"stats", header}, typ: cellStat}, true
	}
	return csvField{}, false
}

// CSVColumnsDoc says in words which columns a spreadsheet of kind may have, for the reference.
func CSVColumnsDoc(kind string) string {
	s := csvShapes[kind]
	switch {
	case s == nil:
		return ""
	case kind == KindTable:
		return "the first column's heading is the corner, the row labels below it; each other column is a column of the table, headed by its name; a last column headed `source` gives each row's source"
	}
	var cols []string
	for _, k := range s.order {
		cols = append(cols, "`"+k+"`")
		if s.stats && k == s.statsAfter {
			cols = append(cols, "each stat by its System id (`movement`, or `stats.movement`)", "`back.stats.<id>` for the back's stats")
		}
	}
	return strings.Join(cols, ", ")
}
