// Package emit writes generated content as YAML documents that read like hand-written ones: keys in the order
// the examples use, short entries on one line, zero values left out, and a `# yaml-language-server` line at
// the top of each document so editors check every document against muster's schema. Output is a pure
// function of its input.
package emit

import (
	"bytes"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/output"
)

// SchemaLinePrefix starts the first line of every content file.
const SchemaLinePrefix = "# yaml-language-server: $schema="

// File joins documents into one YAML file: the schema line (schemaPath relative to the file), comment lines,
// muster's seal (a comment holding the hash of the file, so `muster generate -o` overwrites the file only
// while nobody has changed it: see package output), then the documents separated by `---`, each after the
// first starting with the schema line again, so an editor checks every document.
func File(schemaPath string, comments []string, docs ...*yaml.Node) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(SchemaLinePrefix + schemaPath + "\n")
	for _, c := range comments {
		b.WriteString("# " + c + "\n")
	}
	b.WriteString("# " + output.Placeholder + " (muster overwrites this file only while it is unchanged)\n")
	for i, d := range docs {
		if i > 0 {
			// yaml-language-server reads the schema line from each document's own header.
			b.WriteString("---\n" + SchemaLinePrefix + schemaPath + "\n")
		}
		enc := yaml.NewEncoder(&b)
		enc.SetIndent(2)
		if err := enc.Encode(d); err != nil {
			return nil, err
		}
		if err := enc.Close(); err != nil {
			return nil, err
		}
	}
	return output.Seal(b.Bytes())
}

// node is a mapping under construction.
type node struct{ n *yaml.Node }

func mapping() *node { return &node{&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}} }

func flowMapping() *node {
	return &node{&yaml.Node{Kind: yaml.MappingNode, Tag: "!!map", Style: yaml.FlowStyle}}
}

func (m *node) add(key string, v *yaml.Node) *node {
	if v == nil {
		return m
	}
	m.n.Content = append(m.n.Content, str(key), v)
	return m
}

func (m *node) str(key, v string) *node {
	if v == "" {
		return m
	}
	return m.add(key, str(v))
}

func (m *node) int(key string, v int) *node {
	if v == 0 {
		return m
	}
	return m.add(key, integer(int64(v)))
}

func (m *node) bool(key string, v bool) *node {
	if !v {
		return m
	}
	return m.add(key, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: "true"})
}

func (m *node) strs(key string, vs []string) *node {
	if len(vs) == 0 {
		return m
	}
	return m.add(key, flowList(vs))
}

func str(s string) *yaml.Node { return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s} }

func quoted(s string) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: s, Style: yaml.DoubleQuotedStyle}
}

func integer(v int64) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatInt(v, 10)}
}

// number writes a whole number as an integer and a fraction as text: "1/4", "2 1/2".
func number(n value.Number) *yaml.Node {
	r := n.Rat()
	if r.IsInt() {
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: r.Num().String()}
	}
	sign := ""
	if r.Sign() < 0 {
		sign = "-"
	}
	whole, rest := new(big.Int).QuoRem(new(big.Int).Abs(r.Num()), r.Denom(), new(big.Int))
	frac := rest.String() + "/" + r.Denom().String()
	if whole.Sign() == 0 {
		return str(sign + frac)
	}
	return str(sign + whole.String() + " " + frac)
}

func numberPtr(n *value.Number) *yaml.Node {
	if n == nil {
		return nil
	}
	return number(*n)
}

func length(l *value.Length) *yaml.Node {
	if l == nil {
		return nil
	}
	return str(l.String())
}

func flowList(vs []string) *yaml.Node {
	s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, v := range vs {
		s.Content = append(s.Content, str(v))
	}
	return s
}

func list(items []*yaml.Node) *yaml.Node {
	if len(items) == 0 {
		return nil
	}
	return &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items}
}

func meta(m *node, x content.Meta) {
	m.str("kind", x.Kind).str("id", x.ID).str("name", x.Name)
}

func metaTail(m *node, x content.Meta) {
	m.str("source", x.Source).str("notes", x.Notes)
}

// ------------------------------------------------------------------------------------------------- Map

// Map is a Map document.
func Map(x *content.Map) *yaml.Node {
	m := mapping()
	meta(m, x.Meta)
	m.str("board", x.Board)
	metaTail(m, x.Meta)
	m.add("grid", gridSpec(&x.Grid))
	if len(x.Legend) > 0 {
		keys := make([]string, 0, len(x.Legend))
		for k := range x.Legend {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		l := flowMapping()
		for _, k := range keys {
			l.n.Content = append(l.n.Content, quoted(k), str(x.Legend[k]))
		}
		m.add("legend", l.n)
	}
	if len(x.Terrain) > 0 {
		rows := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
		for _, r := range x.Terrain {
			rows.Content = append(rows.Content, quoted(r))
		}
		m.add("terrain", rows)
	}
	var items []*yaml.Node
	for _, h := range x.Hexsides {
		e := mapping().str("id", h.ID).str("type", h.Type).str("name", h.Name).strs("sides", h.Sides)
		items = append(items, e.n)
	}
	m.add("hexsides", list(items))
	items = nil
	for _, p := range x.Paths {
		e := mapping().str("id", p.ID).str("type", p.Type).str("name", p.Name).strs("cells", p.Cells)
		items = append(items, e.n)
	}
	m.add("paths", list(items))
	items = nil
	for _, c := range x.Crossings {
		items = append(items, flowMapping().str("type", c.Type).str("side", c.Side).str("name", c.Name).n)
	}
	m.add("crossings", list(items))
	items = nil
	for _, l := range x.Locations {
		e := flowMapping().str("id", l.ID).str("name", l.Name).str("kind", l.Kind).strs("cells", l.Cells)
		if len(l.Point) > 0 {
			pt := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
			for i := range l.Point {
				pt.Content = append(pt.Content, length(&l.Point[i]))
			}
			e.add("point", pt)
		}
		items = append(items, e.n)
	}
	m.add("locations", list(items))
	m.add("areas", places(x.Areas))
	m.add("places", places(x.Places))
	items = nil
	for _, c := range x.Connections {
		e := flowMapping().strs("between", c.Between).str("type", c.Type).str("name", c.Name).bool("distant", c.Distant)
		if len(c.Route) > 0 {
			e.add("route", points(c.Route))
		}
		items = append(items, e.n)
	}
	m.add("connections", list(items))
	items = nil
	for _, e := range x.Edges {
		items = append(items, flowMapping().str("id", e.ID).str("name", e.Name).str("side", e.Side).strs("cells", e.Cells).n)
	}
	m.add("edges", list(items))
	items = nil
	for _, p := range x.Pieces {
		e := flowMapping().str("id", p.ID).str("terrain", p.Terrain).str("name", p.Name)
		if c := p.Circle; c != nil {
			e.add("circle", flowMapping().add("x", length(&c.X)).add("y", length(&c.Y)).add("radius", length(&c.Radius)).n)
		}
		if len(p.Polygon) > 0 {
			poly := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
			for _, v := range p.Polygon {
				pt := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
				for i := range v {
					pt.Content = append(pt.Content, length(&v[i]))
				}
				poly.Content = append(poly.Content, pt)
			}
			e.add("polygon", poly)
		}
		items = append(items, e.n)
	}
	m.add("pieces", list(items))
	if g := x.Generated; g != nil {
		m.add("generated", flowMapping().str("generator", g.Generator).add("seed", integer(g.Seed)).str("muster", g.Muster).n)
	}
	return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{m.n}}
}

func gridSpec(g *content.GridSpec) *yaml.Node {
	m := mapping().str("type", g.Type).str("orientation", g.Orientation).str("offset", g.Offset).int("cols", g.Cols).int("rows", g.Rows)
	m.add("cellSize", length(g.CellSize)).add("width", length(g.Width)).add("height", length(g.Height)).str("units", g.Units)
	if n := g.Numbering; n != nil {
		nm := flowMapping().str("scheme", n.Scheme).str("pattern", n.Pattern).int("firstCol", n.FirstCol).int("firstRow", n.FirstRow).int("digits", n.Digits)
		m.add("numbering", nm.n)
	}
	m.add("diagonalCost", numberPtr(g.DiagonalCost)).add("retreatDiagonalCost", numberPtr(g.RetreatDiagonalCost))
	return m.n
}

// places writes the areas or places of an area or point-to-point map, one to a line.
func places(ps []content.Place) *yaml.Node {
	var items []*yaml.Node
	for _, p := range ps {
		e := flowMapping().str("id", p.ID).str("name", p.Name)
		if len(p.Anchor) > 0 {
			e.add("at", floats(p.Anchor))
		}
		e.str("terrain", p.Terrain).str("kind", p.Kind).str("owner", p.Owner).bool("offboard", p.Offboard)
		if p.Radius != nil {
			e.add("radius", float(*p.Radius))
		}
		if len(p.Box) > 0 {
			e.add("box", floats(p.Box))
		}
		if len(p.Stats) > 0 {
			keys := make([]string, 0, len(p.Stats))
			for k := range p.Stats {
				keys = append(keys, k)
			}
			sort.Strings(keys)
			st := flowMapping()
			for _, k := range keys {
				v := p.Stats[k]
				n := str(v.Text)
				if _, err := strconv.ParseInt(v.Text, 10, 64); err == nil && !v.Quoted {
					n = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: v.Text}
				}
				st.add(k, n)
			}
			e.add("stats", st.n)
		}
		if len(p.Polygon) > 0 {
			e.add("polygon", points(p.Polygon))
		}
		items = append(items, e.n)
	}
	return list(items)
}

// float writes a coordinate as its shortest decimal: 3, 12.25.
func float(v float64) *yaml.Node {
	t := strconv.FormatFloat(v, 'f', -1, 64)
	tag := "!!float"
	if !strings.ContainsAny(t, ".eE") {
		tag = "!!int"
	}
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: tag, Value: t}
}

func floats(vs []float64) *yaml.Node {
	s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, v := range vs {
		s.Content = append(s.Content, float(v))
	}
	return s
}

func points(ps [][]float64) *yaml.Node {
	s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Style: yaml.FlowStyle}
	for _, p := range ps {
		s.Content = append(s.Content, floats(p))
	}
	return s
}

// ---------------------------------------------------------------------------------------------- Force

// Force is a Force document.
func Force(x *content.Force) *yaml.Node {
	m := mapping()
	meta(m, x.Meta)
	m.str("faction", x.Faction).strs("factions", x.Factions).strs("grants", x.Grants).str("mix", x.Mix).str("scale", x.Scale)
	metaTail(m, x.Meta)
	m.add("points", numberPtr(x.Points))
	var items []*yaml.Node
	for _, e := range x.Units {
		items = append(items, forceEntry(e))
	}
	if items == nil {
		items = []*yaml.Node{}
	}
	m.add("units", &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq", Content: items})
	items = nil
	for _, e := range x.Markers {
		items = append(items, forceEntry(e))
	}
	m.add("markers", list(items))
	m.add("items", itemList(x.Items))
	return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{m.n}}
}

func forceEntry(e content.ForceEntry) *yaml.Node {
	return flowMapping().str("unit", e.Unit).str("marker", e.Marker).int("count", e.Count).str("name", e.Name).str("group", e.Group).str("note", e.Note).n
}

func itemList(xs []content.ItemEntry) *yaml.Node {
	var items []*yaml.Node
	for _, it := range xs {
		items = append(items, flowMapping().str("item", it.Item).str("unit", it.Unit).add("count", number(it.Count)).str("note", it.Note).n)
	}
	return list(items)
}

// -------------------------------------------------------------------------------------------- Scenario

// Scenario is a Scenario document.
func Scenario(x *content.Scenario) *yaml.Node {
	m := mapping()
	meta(m, x.Meta)
	m.str("date", x.Date).str("scale", x.Scale)
	metaTail(m, x.Meta)
	m.str("description", x.Description)
	if g := x.Generated; g != nil {
		m.add("generated", flowMapping().str("generator", g.Generator).add("seed", integer(g.Seed)).str("muster", g.Muster).n)
	}
	ml := mapping().str("map", x.Map.Map)
	var boards []*yaml.Node
	for _, b := range x.Map.Boards {
		boards = append(boards, flowMapping().str("board", b.Board).str("rightOf", b.RightOf).str("leftOf", b.LeftOf).str("above", b.Above).
			str("below", b.Below).int("rotate", b.Rotate).n)
	}
	ml.add("boards", list(boards))
	m.add("map", ml.n)
	var sides []*yaml.Node
	for i := range x.Sides {
		sides = append(sides, side(&x.Sides[i]))
	}
	m.add("sides", list(sides))
	var objs []*yaml.Node
	for _, o := range x.Objectives {
		objs = append(objs, flowMapping().str("id", o.ID).str("name", o.Name).strs("sides", o.Sides).strs("cells", o.Cells).str("location", o.Location).
			add("points", numberPtr(o.Points)).n)
	}
	m.add("objectives", list(objs))
	if l := x.Length; l != nil {
		m.add("length", flowMapping().int("turns", l.Turns).str("note", l.Note).n)
	}
	if v := x.Victory; v != nil {
		m.add("victory", victory(v))
	}
	m.add("specialRules", stringList(x.SpecialRules))
	return &yaml.Node{Kind: yaml.DocumentNode, Content: []*yaml.Node{m.n}}
}

func stringList(xs []string) *yaml.Node {
	if len(xs) == 0 {
		return nil
	}
	s := &yaml.Node{Kind: yaml.SequenceNode, Tag: "!!seq"}
	for _, x := range xs {
		s.Content = append(s.Content, str(x))
	}
	return s
}

func side(s *content.Side) *yaml.Node {
	m := mapping().str("id", s.ID).str("name", s.Name).strs("faction", s.Faction).str("force", s.Force).strs("forces", s.Forces).bool("first", s.First)
	m.add("budget", numberPtr(s.Budget))
	var entries []*yaml.Node
	for _, e := range s.Entry {
		entries = append(entries, flowMapping().str("edge", e.Edge).strs("cells", e.Cells).int("turn", e.Turn).strs("units", e.Units).str("note", e.Note).n)
	}
	m.add("entry", list(entries))
	var setup []*yaml.Node
	for _, p := range s.Setup {
		setup = append(setup, flowMapping().str("unit", p.Unit).int("count", p.Count).strs("cells", p.Cells).n)
	}
	m.add("setup", list(setup))
	var mins []*yaml.Node
	for _, e := range s.Minimums {
		mins = append(mins, forceEntry(e))
	}
	m.add("minimums", list(mins))
	m.add("items", itemList(s.Items))
	m.str("notes", s.Notes)
	return m.n
}

func victory(v *content.Victory) *yaml.Node {
	m := mapping().str("description", v.Description)
	m.add("conditions", stringList(v.Conditions))
	m.str("score", v.Score).str("measure", v.Measure).str("source", v.Source)
	var awards []*yaml.Node
	for _, a := range v.Awards {
		awards = append(awards, flowMapping().str("side", a.Side).add("points", number(a.Points)).str("per", a.Per).bool("once", a.Once).
			str("objective", a.Objective).str("location", a.Location).strs("units", a.Units).strs("classes", a.Classes).str("edge", a.Edge).
			str("of", a.Of).str("counts", a.Counts).n)
	}
	m.add("awards", list(awards))
	var levels []*yaml.Node
	for _, l := range v.Levels {
		levels = append(levels, flowMapping().str("name", l.Name).str("winner", l.Winner).add("min", numberPtr(l.Min)).add("max", numberPtr(l.Max)).
			add("lessThan", numberPtr(l.LessThan)).add("moreThan", numberPtr(l.MoreThan)).str("text", l.Text).n)
	}
	m.add("levels", list(levels))
	var decide []*yaml.Node
	for _, d := range v.Decide {
		n := mapping().str("side", d.Side).str("result", d.Result).str("when", d.When).str("text", d.Text)
		condition(n, &d.Condition)
		decide = append(decide, n.str("source", d.Source).n)
	}
	m.add("decide", list(decide))
	return m.n
}

// condition writes a victory condition's keys into m, its nested conditions as mappings of their own.
func condition(m *node, c *content.Condition) *node {
	m.strs("controls", c.Controls).strs("holds", c.Holds).int("count", c.Count).str("level", c.Level).str("expr", c.Expr)
	for _, k := range []struct {
		key string
		cs  []content.Condition
	}{{"all", c.All}, {"any", c.Any}} {
		var items []*yaml.Node
		for i := range k.cs {
			items = append(items, condition(mapping(), &k.cs[i]).n)
		}
		m.add(k.key, list(items))
	}
	if c.Not != nil {
		m.add("not", condition(mapping(), c.Not).n)
	}
	return m.str("of", c.Of)
}
