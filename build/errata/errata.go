// Package errata compares two versions of one game package, as `muster diff` reports them: every value of a
// unit type, block, marker or card that changed (old → new), every unit and counter added or removed, the
// counters whose printed faces changed (and so go on a replacement sheet), every scenario whose set-up
// changed, and the VASSAL pieces and Tabletop Simulator objects a player of a running game must update.
package errata

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/validate"
)

// CodeGames is the code of the diagnostic for two packages of different games.
const CodeGames = "diff.games"

// Version is one side of a comparison: a package as checked, and how to name its files in the report (Shown
// replaces the folder Dir at the start of every file name; a git revision is read from a temporary folder).
type Version struct {
	Checked *validate.Checked
	Dir     string
	Shown   string
}

// Options say what to compare beyond the content.
type Options struct {
	// Digital exports both versions as a VASSAL module and a Tabletop Simulator set and compares their pieces
	// and objects (seconds for a large package); without it the report has no VASSAL or TTS section.
	Digital bool
}

// Value is one value that changed: where in its document (a path such as stats.attack), before and after,
// "" for a value one version does not have.
type Value struct {
	Path string   `json:"path"`
	Old  string   `json:"old,omitempty"`
	New  string   `json:"new,omitempty"`
	Pos  diag.Pos `json:"pos"`
}

// Status says how a thing differs between the versions.
const (
	Added   = "added"
	Removed = "removed"
	Changed = "changed"
)

// Change is a document (a unit type, block, marker, card, or any other kind) added, removed or changed.
type Change struct {
	Kind   string   `json:"kind"` // unit, block, marker, card, or the document's kind
	ID     string   `json:"id"`
	Name   string   `json:"name,omitempty"`
	Status string   `json:"status"`
	Values []Value  `json:"values,omitempty"`
	Pos    diag.Pos `json:"pos"` // the document in the new version (the old one for a removed document)
}

// Schema names the form of the report as JSON (schema/output/diff.v1.schema.json).
const Schema = "muster/diff/v1"

// Report is what changed between two versions of a package.
type Report struct {
	Schema string `json:"schema"`
	Game   string `json:"game"`
	Old    string `json:"old"`
	New    string `json:"new"`
	// Units are the unit types, blocks, markers and cards added, removed or with values changed, by id.
	Units []Change `json:"units"`
	// Counters are the counter designs on the sheets whose printed faces changed, added or removed.
	Counters []Counter `json:"counters"`
	// Scenarios are the scenarios added, removed or whose set-up changed.
	Scenarios []Scenario `json:"scenarios"`
	// Documents are the other documents (the System, maps, forces, tables, ...) that changed.
	Documents []Change `json:"documents"`
	// VASSAL and TTS are the pieces and objects that changed (Options.Digital), nil when not compared.
	VASSAL *VASSAL `json:"vassal,omitempty"`
	TTS    *TTS    `json:"tts,omitempty"`
}

// Empty reports whether the versions print and play the same.
func (r *Report) Empty() bool {
	return len(r.Units) == 0 && len(r.Counters) == 0 && len(r.Scenarios) == 0 && len(r.Documents) == 0 &&
		(r.VASSAL == nil || len(r.VASSAL.Pieces)+len(r.VASSAL.Prototypes) == 0) && (r.TTS == nil || len(r.TTS.Objects) == 0)
}

// Compare compares two versions of a package. Two packages of different games (their manifests' ids
// differ) are an error diagnostic naming both manifests, and no report.
func Compare(old, new Version, opt Options) (*Report, diag.List, error) {
	if old.Checked == nil || new.Checked == nil {
		return nil, nil, fmt.Errorf("errata: a version has no package")
	}
	op, np := old.Checked.Package(), new.Checked.Package()
	if op.ID != np.ID {
		return nil, diag.List{gamesDiffer(old, new)}, nil
	}
	r := &Report{Schema: Schema, Game: np.ID, Old: old.Shown, New: new.Shown, Units: []Change{}, Counters: []Counter{}, Scenarios: []Scenario{}, Documents: []Change{}}
	if r.Old == "" {
		r.Old = old.Dir
	}
	if r.New == "" {
		r.New = new.Dir
	}
	var digital [2]*exported
	var faces [2]map[string]*design
	tasks := []func() error{
		func() (err error) { faces[0], err = designs(op); return },
		func() (err error) { faces[1], err = designs(np); return },
	}
	if opt.Digital {
		tasks = append(tasks,
			func() (err error) { digital[0], err = export(old.Checked); return },
			func() (err error) { digital[1], err = export(new.Checked); return },
		)
	}
	for _, err := range parallel.Each(len(tasks), func(i int) error { return tasks[i]() }) {
		if err != nil {
			return nil, nil, err
		}
	}
	units, docs, err := compareDocs(old, new)
	if err != nil {
		return nil, nil, err
	}
	scs, err := compareScenarios(old, new)
	if err != nil {
		return nil, nil, err
	}
	r.Units = append(r.Units, units...)
	r.Documents = append(r.Documents, docs...)
	r.Counters = append(r.Counters, compareCounters(old, new, faces[0], faces[1])...)
	r.Scenarios = append(r.Scenarios, scs...)
	if opt.Digital {
		r.VASSAL = compareVASSAL(digital[0], digital[1])
		r.TTS = compareTTS(digital[0], digital[1])
	}
	return r, nil, nil
}

// gamesDiffer is the diagnostic for two packages of different games: at the new manifest's id, the old one's
// related.
func gamesDiffer(old, new Version) diag.Diagnostic {
	op, np := old.Checked.Package(), new.Checked.Package()
	at := func(v Version, p *content.Package) diag.Pos {
		pos := diag.Pos{File: p.Dir}
		if p.Manifest != nil && p.Manifest.Doc != nil {
			pos = p.Manifest.Doc.PosOf("/id")
		}
		return v.relabel(pos)
	}
	return diag.Diagnostic{Severity: diag.Error, Code: CodeGames, Pos: at(new, np),
		Message: fmt.Sprintf("%s is the game %q and %s the game %q: muster diff compares two versions of one game", cmp.Or(old.Shown, old.Dir), op.ID, cmp.Or(new.Shown, new.Dir), np.ID),
		Hint:    "name two versions of the same package (their muster.yaml ids are the same)",
		Related: []diag.Related{{Pos: at(old, op), Message: fmt.Sprintf("the other package's id, %q", op.ID)}}}
}

// relabel names a file of the version as the report shows it.
func (v Version) relabel(p diag.Pos) diag.Pos {
	if v.Shown != "" && v.Dir != "" {
		if rest, ok := strings.CutPrefix(p.File, v.Dir); ok {
			p.File = v.Shown + rest
		}
	}
	return p
}

// Relabel names the files of a list of diagnostics as the version shows them (a package read from a git
// revision is named REV:PATH, not its temporary folder).
func (v Version) Relabel(ds diag.List) diag.List {
	out := make(diag.List, len(ds))
	for i, d := range ds {
		d.Pos = v.relabel(d.Pos)
		d.Related = slices.Clone(d.Related)
		for k := range d.Related {
			d.Related[k].Pos = v.relabel(d.Related[k].Pos)
		}
		out[i] = d
	}
	return out
}

// unitKinds are the document kinds reported as units, in the report's order.
var unitKinds = []string{content.KindUnitType, content.KindMarker, content.KindCard}

// skipKinds are kinds not compared: the manifest says what the package is, not what it prints or plays.
var skipKinds = map[string]bool{content.KindPackage: true}

// otherKinds are the other kinds every package may hold (a package's own documents may add more).
var otherKinds = []string{content.KindSystem, content.KindCounterMix, content.KindMap, content.KindForce, content.KindScenario,
	content.KindTable, content.KindGenerator, content.KindFixture, content.KindDeck}

// compareDocs compares every document of the two versions by kind and id: the unit kinds' and the others'.
func compareDocs(old, new Version) (units, others []Change, err error) {
	op, np := old.Checked.Package(), new.Checked.Package()
	kinds := map[string]bool{}
	for _, p := range []*content.Package{op, np} {
		for _, d := range p.OwnDocs() {
			if d.Kind != "" {
				kinds[d.Kind] = true
			}
		}
	}
	for _, k := range append(slices.Clone(unitKinds), otherKinds...) {
		kinds[k] = true
	}
	order := slices.Sorted(func(yield func(string) bool) {
		for k := range kinds {
			if !skipKinds[k] && !slices.Contains(unitKinds, k) && !yield(k) {
				return
			}
		}
	})
	for _, kind := range append(slices.Clone(unitKinds), order...) {
		cs, err := compareKind(old, new, kind)
		if err != nil {
			return nil, nil, err
		}
		if slices.Contains(unitKinds, kind) {
			units = append(units, cs...)
		} else {
			others = append(others, cs...)
		}
	}
	return units, others, nil
}

// compareKind compares the documents of one kind, in the new version's order, then those removed.
func compareKind(old, new Version, kind string) ([]Change, error) {
	op, np := old.Checked.Package(), new.Checked.Package()
	var out []Change
	for _, nd := range np.All(kind) {
		m := content.MetaOf(nd)
		od := op.Lookup(kind, m.ID)
		c := Change{Kind: unitKind(np, nd), ID: m.ID, Name: displayName(nd), Pos: new.relabel(metaPos(m))}
		if od == nil {
			c.Status = Added
			out = append(out, c)
			continue
		}
		vs, err := values(od, nd)
		if err != nil {
			return nil, err
		}
		if len(vs) == 0 {
			continue
		}
		for i := range vs {
			vs[i].Pos = new.relabel(vs[i].Pos)
		}
		c.Status, c.Values = Changed, vs
		out = append(out, c)
	}
	for _, od := range op.All(kind) {
		m := content.MetaOf(od)
		if np.Lookup(kind, m.ID) == nil {
			out = append(out, Change{Kind: unitKind(op, od), ID: m.ID, Name: displayName(od), Status: Removed, Pos: old.relabel(metaPos(m))})
		}
	}
	return out, nil
}

// unitKind is what the report calls a document: unit, block, marker, card, or its kind.
func unitKind(p *content.Package, d content.Doc) string {
	switch d := d.(type) {
	case *content.UnitType:
		if d.IsBlock() {
			return "block"
		}
		return "unit"
	case *content.Marker:
		return "marker"
	case *content.Card:
		return "card"
	}
	return content.MetaOf(d).Kind
}

func displayName(d content.Doc) string {
	if c, ok := d.(*content.Card); ok && c.Title != "" {
		return c.Title
	}
	return content.MetaOf(d).Name
}

func metaPos(m *content.Meta) diag.Pos {
	if m.Doc != nil {
		return m.Doc.Pos().Start()
	}
	return m.At.Start()
}

// values lists the values that differ between two versions of a document, as its YAML writes them (the typed
// model encoded, so that a value written differently but meaning the same is no change), each at its place
// in the new version's file.
func values(od, nd content.Doc) ([]Value, error) {
	on, err := content.Encode(od)
	if err != nil {
		return nil, err
	}
	nn, err := content.Encode(nd)
	if err != nil {
		return nil, err
	}
	var ol, nl []leaf
	flatten(on, "", "", &ol)
	flatten(nn, "", "", &nl)
	olds := map[string]leaf{}
	for _, l := range ol {
		olds[l.path] = l
	}
	news := map[string]bool{}
	var out []Value
	m := content.MetaOf(nd)
	pos := func(ptr string) diag.Pos {
		if m.Doc != nil {
			return m.Doc.PosOf(ptr).Start()
		}
		return m.At.Start()
	}
	for _, l := range nl {
		news[l.path] = true
		o, ok := olds[l.path]
		if ok && o.value == l.value {
			continue
		}
		out = append(out, Value{Path: l.path, Old: o.value, New: l.value, Pos: pos(l.ptr)})
	}
	for _, l := range ol {
		if !news[l.path] {
			out = append(out, Value{Path: l.path, Old: l.value, Pos: pos(parentPtr(l.ptr))})
		}
	}
	return out, nil
}

// leaf is one scalar of a document: its path for a reader (stats.attack, steps[2].attack), its JSON pointer
// in the document, and its text.
type leaf struct{ path, ptr, value string }

// flatten lists a YAML node's scalars. An empty mapping or list is a leaf of its own ("{}", "[]"), so that
// emptying one is a change; items of a list of mappings with ids are named by id (forces[id=rome]), so that
// inserting an item does not shift every later one.
func flatten(n *yaml.Node, path, ptr string, out *[]leaf) {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			flatten(c, path, ptr, out)
		}
	case yaml.MappingNode:
		if len(n.Content) == 0 {
			*out = append(*out, leaf{path, ptr, "{}"})
		}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i].Value
			p := k
			if path != "" {
				p = path + "." + k
			}
			flatten(n.Content[i+1], p, ptr+"/"+escapePtr(k), out)
		}
	case yaml.SequenceNode:
		if len(n.Content) == 0 {
			*out = append(*out, leaf{path, ptr, "[]"})
		}
		if scalars(n) {
			// A list of plain values (classes, cells) is one value, as the file writes it.
			vs := make([]string, len(n.Content))
			for i, c := range n.Content {
				vs[i] = c.Value
			}
			if len(vs) > 0 {
				*out = append(*out, leaf{path, ptr, "[" + strings.Join(vs, ", ") + "]"})
			}
			return
		}
		seen := map[string]int{}
		for i, c := range n.Content {
			name := strconv.Itoa(i)
			if id := idOf(c); id != "" {
				seen[id]++
				name = "id=" + id
				if seen[id] > 1 {
					name += "#" + strconv.Itoa(seen[id])
				}
			}
			flatten(c, path+"["+name+"]", ptr+"/"+strconv.Itoa(i), out)
		}
	case yaml.AliasNode:
		if n.Alias != nil {
			flatten(n.Alias, path, ptr, out)
		}
	default:
		*out = append(*out, leaf{path, ptr, n.Value})
	}
}

func scalars(n *yaml.Node) bool {
	for _, c := range n.Content {
		if c.Kind != yaml.ScalarNode {
			return false
		}
	}
	return true
}

// idOf is the id of a list item that is a mapping with one (a side, a line of a force), else "".
func idOf(n *yaml.Node) string {
	if n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if k := n.Content[i].Value; (k == "id" || k == "unit") && n.Content[i+1].Kind == yaml.ScalarNode {
			return n.Content[i+1].Value
		}
	}
	return ""
}

func escapePtr(k string) string {
	return strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
}

func parentPtr(ptr string) string {
	if i := strings.LastIndexByte(ptr, '/'); i >= 0 {
		return ptr[:i]
	}
	return ""
}
