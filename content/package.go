package content

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content/diag"
)

// ManifestFile is the name of a package's manifest.
const ManifestFile = "muster.yaml"

// DefaultInclude is used when a manifest lists no includes.
var DefaultInclude = []string{"**/*.yaml", "**/*.yml", "**/*.json"}

// Package is a loaded content package: its manifest, its base when it is a mod, and its effective documents
// (the base's, with the mod's additions and overrides applied). Decode fills the typed model.
type Package struct {
	ID       string
	Dir      string
	Manifest *Manifest
	Base     *Package
	Docs     []*Document // effective documents, in load order, manifest first

	own    []*Document // this package's own documents (manifest first)
	byKey  map[docKey]Doc
	byKind map[string][]Doc
	System *System

	sets setCache // map sets, built once: the checks, the printers and the generators all ask for them
	memo memo     // what other layers work out from the package once (see Memo)
}

type docKey struct{ kind, id string }

// Load reads a package from a folder (or from a content file inside one) and applies its base when it is a
// mod. It does not validate schemas or decode: see validate.Load for the whole pipeline.
func Load(p string) (*Package, diag.List) {
	var ds diag.List
	st, err := os.Stat(p)
	if err != nil {
		ds.Errorf(diag.Pos{File: p}, "io.read", "cannot read %s: %v", p, unwrapPathErr(err))
		return nil, ds
	}
	if !st.IsDir() {
		return loadFile(p)
	}
	pkg := loadDir(p, nil, &valueBudget{}, &ds)
	return pkg, ds
}

// loadFile loads the package a single content file belongs to (the nearest folder above it with a
// muster.yaml), adding the file when the package does not include it, so that `muster validate s.yaml`
// checks a generated scenario against its game.
func loadFile(file string) (*Package, diag.List) {
	var ds diag.List
	load := &valueBudget{}
	if filepath.Base(file) == ManifestFile {
		pkg := loadDir(filepath.Dir(file), nil, load, &ds)
		return pkg, ds
	}
	dir := findPackageDir(filepath.Dir(file))
	if dir == "" {
		docs, fds := readFile(file, load)
		ds.Extend(fds)
		pkg := &Package{ID: "", Dir: filepath.Dir(file), byKey: map[docKey]Doc{}, byKind: map[string][]Doc{}}
		pkg.own = docs
		pkg.Docs = docs
		ds.Infof(diag.Pos{File: file}, "package.none", "no %s found in this folder or above: checking the file on its own, without its game", ManifestFile)
		return pkg, ds
	}
	pkg := loadDir(dir, nil, load, &ds)
	if pkg == nil {
		return nil, ds
	}
	abs, _ := filepath.Abs(file)
	for _, d := range pkg.own {
		if a, _ := filepath.Abs(d.File); a == abs {
			return pkg, ds
		}
	}
	docs, fds := readFile(file, load)
	ds.Extend(fds)
	for _, d := range docs {
		d.Package = pkg.ID
	}
	pkg.addDocs(docs, &ds)
	return pkg, ds
}

// LoadWith loads the package in dir together with content that is not on disk: data, read as if it were the
// file name (a path inside the package, for positions). Generators check their output this way before they
// write a byte, so nothing is ever left in the user's package folder.
func LoadWith(dir, name string, data []byte) (*Package, diag.List) {
	var ds diag.List
	load := &valueBudget{}
	pkg := loadDir(dir, nil, load, &ds)
	if pkg == nil {
		return nil, ds
	}
	// The data stands in for the file: documents the package read from that file on disk are dropped.
	abs, _ := filepath.Abs(name)
	kept := pkg.own[:0]
	for _, d := range pkg.own {
		if a, _ := filepath.Abs(d.File); a != abs || d.Kind == KindPackage {
			kept = append(kept, d)
		}
	}
	pkg.own = kept
	docs, fds := parse(name, data, load)
	ds.Extend(fds)
	for _, d := range docs {
		d.Package = pkg.ID
	}
	pkg.addDocs(docs, &ds)
	return pkg, ds
}

// LoadWithout loads the package in dir without the documents of some of its own files (the live preview
// leaves out the files with errors, to draw everything else). The manifest is always read.
func LoadWithout(dir string, files []string) (*Package, diag.List) {
	var ds diag.List
	load := &valueBudget{}
	pkg := loadDir(dir, nil, load, &ds)
	if pkg == nil {
		return nil, ds
	}
	drop := map[string]bool{}
	for _, f := range files {
		if a, err := filepath.Abs(f); err == nil {
			drop[a] = true
		}
	}
	kept := pkg.own[:0]
	for _, d := range pkg.own {
		if a, _ := filepath.Abs(d.File); !drop[a] || d.Kind == KindPackage {
			kept = append(kept, d)
		}
	}
	pkg.own = kept
	pkg.addDocs(nil, &ds)
	var out diag.List
	for _, d := range ds { // what the dropped files said is not this package's
		if a, _ := filepath.Abs(d.Pos.File); !drop[a] {
			out = append(out, d)
		}
	}
	return pkg, out
}

func findPackageDir(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(d, ManifestFile)); err == nil {
			if wd := mustWd(); Within(wd, d) {
				if rel, err := filepath.Rel(wd, d); err == nil {
					return rel
				}
			}
			return d
		}
		parent := filepath.Dir(d)
		if parent == d {
			return ""
		}
		d = parent
	}
}

func mustWd() string {
	wd, err := os.Getwd()
	if err != nil {
		return "/"
	}
	return wd
}

// loadDir loads one package folder; stack holds the resolved folders of the mods that led here (cycle check),
// and load counts the values built by the whole load. dir may be (or pass through) a symbolic link: the folder
// it leads to is read, and every diagnostic names files under dir as the user wrote it.
func loadDir(dir string, stack []string, load *valueBudget, ds *diag.List) *Package {
	manifestPath := filepath.Join(dir, ManifestFile)
	root := realPath(dir)
	if !Within(root, realPath(manifestPath)) {
		ds.Errorf(diag.Pos{File: manifestPath}, "io.outside", "%s is a symbolic link to a file outside the package folder; muster reads a package only from inside its folder", ManifestFile).Hint =
			"replace the link with a copy of the manifest"
		return nil
	}
	docs, fds := readFile(manifestPath, load)
	ds.Extend(fds)
	if len(fds) > 0 && len(docs) == 0 {
		return nil
	}
	if len(docs) == 0 {
		ds.Errorf(diag.Pos{File: manifestPath}, "package.manifest", "%s is empty: it must hold a document with kind: Package", ManifestFile)
		return nil
	}
	md := docs[0]
	if md.Kind != KindPackage {
		ds.Errorf(md.PosOf("/kind"), "package.manifest", "the first document of %s must have kind: Package (found %q)", ManifestFile, md.Kind)
		return nil
	}
	pkg := &Package{ID: md.ID, Dir: dir, byKey: map[docKey]Doc{}, byKind: map[string][]Doc{}}
	if len(docs) > 1 {
		ds.Errorf(docs[1].Pos(), "package.manifest", "%s holds only the Package document; put content in the files it includes", ManifestFile)
	}
	md.Package = pkg.ID
	pkg.own = append(pkg.own, md)

	// Include globs, in the order written; each file once. A CSV file is read once the package's System (and
	// its base's) is known, since its header names stats: its documents take their place in the order then.
	m, _ := md.Value.(map[string]any)
	includes := includesOf(m)
	patternPtr := ""
	if _, ok := m["include"].([]any); ok {
		patternPtr = "/include"
	}
	seen := map[string]bool{filepath.Clean(manifestPath): true}
	var sheets []pendingCSV
	for i, inc := range includes {
		pat := inc.pattern
		if pat == "" {
			continue // the schema reports the wrong type
		}
		files, outside, err := globFiles(dir, pat)
		pos := md.PosOf(Pointer(patternPtr, i))
		if patternPtr == "" {
			pos = md.Pos()
		}
		if err != nil {
			ds.Errorf(pos, "package.include", "bad include pattern %q: %v", pat, err)
			continue
		}
		for _, f := range outside {
			if seen[f] {
				continue
			}
			seen[f] = true
			e := ds.Errorf(diag.Pos{File: f}, "io.outside", "%s is a symbolic link that leads outside the package folder; it is not read", f)
			e.Hint = "muster reads content only from inside the package: copy the file in, or make the other folder a base package (extends)"
			e.Related = []diag.Related{{Pos: pos, Message: "included by this pattern"}}
		}
		if len(files) == 0 && len(outside) == 0 && patternPtr != "" {
			if out := outputFolderOf(dir, pat); out != "" {
				ds.Errorf(pos, "package.include", "include %q matches no file in %s: %s is an output folder (it holds %s, muster's record of the files a build or an export wrote there), and muster never reads its own outputs as content", pat, dir, out, outputRecord).Hint =
					fmt.Sprintf("move the files you mean to keep out of %s into a folder of their own (sheets/, data/) and include them from there; export into a folder outside the package next time", out)
				continue
			}
			if folder := globFolder(pat); folder != "" && !isDir(filepath.Join(dir, filepath.FromSlash(folder))) {
				// A folder the designer has not made yet (a package laid out before it is written): nothing is
				// missing from what the package holds, so a warning.
				ds.Warnf(pos, "package.include", "include %q matches no file: the folder %s does not exist yet", pat, folder).Hint =
					"make the folder and put the files in it, or remove the include"
				continue
			}
			ds.Errorf(pos, "package.include", "include %q matches no file in %s", pat, dir)
			continue
		}
		if inc.kind != "" || inc.csv {
			sheets = append(sheets, csvIncludes(md, patternPtr, i, inc, files, seen, len(pkg.own), ds)...)
			continue
		}
		for _, f := range files {
			if IsCSV(f) {
				e := ds.Errorf(pos, "csv.kind", "%s is a spreadsheet: include it with the kind its rows hold", f)
				e.Hint = fmt.Sprintf("write the include as {file: %s, kind: UnitType} (or Marker, CounterMix with an id, Table with an id)", relTo(dir, f))
				continue // not marked as read: an include with a kind may still read it
			}
			if seen[f] {
				continue
			}
			seen[f] = true
			fdocs, fds := readFile(f, load)
			ds.Extend(fds)
			for _, d := range fdocs {
				d.Package = pkg.ID
			}
			pkg.own = append(pkg.own, fdocs...)
		}
	}

	// A mod: load the base, check its version, then lay the mod over it.
	if ext, ok := m["extends"].(map[string]any); ok {
		pkg.Base = loadBase(pkg, md, ext, dir, append(stack, root), load, ds)
	}
	var baseDocs []*Document
	if pkg.Base != nil {
		baseDocs = pkg.Base.Docs
	}
	if len(sheets) > 0 {
		sys, _ := m["system"].(string)
		pkg.own = readCSVs(pkg.own, sheets, systemStats(sys, pkg.own, baseDocs), load, ds)
		for _, d := range pkg.own {
			d.Package = pkg.ID
		}
	}
	pkg.Docs = resolveScenarioExtends(overlay(baseDocs, pkg.own, pkg.Base != nil, ds), ds)
	return pkg
}

// loadBase loads the base package a mod extends. extends.path is the base's folder: relative to the mod's
// folder, or absolute as written (a base kept elsewhere on the machine); by default ../<id>, a sibling folder.
// stack ends with the mod's own resolved folder.
func loadBase(pkg *Package, md *Document, ext map[string]any, dir string, stack []string, load *valueBudget, ds *diag.List) *Package {
	spec, _ := ext["package"].(string)
	id, rng, _ := strings.Cut(spec, "@")
	rel, _ := ext["path"].(string)
	if rel == "" {
		rel = filepath.Join("..", id)
	}
	baseDir := filepath.FromSlash(rel)
	if !filepath.IsAbs(baseDir) {
		baseDir = filepath.Join(dir, baseDir)
	}
	baseReal := realPath(baseDir)
	pos := md.PosOf("/extends")
	for _, s := range stack {
		if s == baseReal {
			chain := append(append([]string{}, stack...), baseReal)
			ds.Errorf(pos, "package.cycle", "packages extend each other in a cycle: %s", strings.Join(chain, " -> "))
			return nil
		}
	}
	if _, err := os.Stat(filepath.Join(baseDir, ManifestFile)); err != nil {
		ds.Errorf(pos, "package.base-missing", "base package %q not found: no %s in %s", id, ManifestFile, baseDir).Hint =
			"set extends.path to the base package's folder, relative to this one"
		return nil
	}
	base := loadDir(baseDir, stack, load, ds)
	if base == nil {
		return nil
	}
	if base.ID != id {
		ds.Errorf(pos, "package.base-id", "extends %q, but %s holds package %q", id, baseDir, base.ID).Related =
			[]diag.Related{{Pos: base.own[0].PosOf("/id"), Message: "the base package's id"}}
	}
	bm, _ := base.own[0].Value.(map[string]any)
	bv, _ := bm["version"].(string)
	v, err := parseVersion(bv)
	if err != nil {
		ds.Errorf(base.own[0].PosOf("/version"), "package.version", "%v", err)
		return base
	}
	ok, err := versionMatches(v, rng)
	switch {
	case err != nil:
		ds.Errorf(md.PosOf("/extends/package"), "package.version", "%v", err)
	case !ok:
		ds.Errorf(md.PosOf("/extends/package"), "package.version-mismatch", "this mod targets %s %s, but the base package is version %s", id, rng, v).Related =
			[]diag.Related{{Pos: base.own[0].PosOf("/version"), Message: "the base package's version"}}
	}
	return base
}

// overlay lays a package's own documents over its base's: new ids are added; a document that repeats a base
// id must say `override: replace` or `override: merge`; an override of something the base does not have is an
// error; and two documents of one package may not share a kind and id.
func overlay(base, own []*Document, isMod bool, ds *diag.List) []*Document {
	out := make([]*Document, 0, len(base)+len(own))
	index := map[docKey]int{}
	for _, d := range base {
		if d.Kind == KindPackage {
			continue // the base's manifest is not part of the mod's content
		}
		if d.Kind != "" && d.ID != "" {
			index[docKey{d.Kind, d.ID}] = len(out)
		}
		out = append(out, d)
	}
	mine := map[docKey]*Document{}
	for _, d := range own {
		ov := overrideOf(d)
		k := docKey{d.Kind, d.ID}
		if d.Kind == "" || d.ID == "" {
			out = append(out, d) // the schema reports the missing kind or id
			continue
		}
		if prev, dup := mine[k]; dup {
			ds.Errorf(d.PosOf("/id"), "id.duplicate", "%s %q is defined twice in this package", d.Kind, d.ID).Related =
				[]diag.Related{{Pos: prev.PosOf("/id"), Message: "first defined here"}}
			continue
		}
		mine[k] = d
		i, inBase := index[k]
		switch {
		case ov != "" && !isMod:
			ds.Errorf(d.PosOf("/override"), "override.not-mod", "override is only for mods: this package extends no base")
			out = append(out, d)
		case ov != "" && !inBase:
			e := ds.Errorf(d.PosOf("/override"), "override.missing", "%s %q overrides nothing: the base package has no %s with this id", d.Kind, d.ID, d.Kind)
			var ids []string
			for bk := range index {
				if bk.kind == d.Kind {
					ids = append(ids, bk.id)
				}
			}
			sort.Strings(ids)
			e.Hint = diag.DidYouMean(d.ID, ids)
			if e.Hint == "" {
				e.Hint = "remove `override` to add it as new content"
			}
		case inBase && ov == "":
			ds.Errorf(d.PosOf("/id"), "id.collision", "%s %q is already defined by the base package; give it a new id, or mark it `override: replace` (or merge) if it is meant to change the base", d.Kind, d.ID).Related =
				[]diag.Related{{Pos: out[i].PosOf("/id"), Message: "defined in the base here"}}
		case inBase && ov == "merge":
			out[i] = mergeDocuments(out[i], d)
		case inBase: // replace
			out[i] = d
		default:
			index[k] = len(out)
			out = append(out, d)
		}
	}
	return out
}

// resolveScenarioExtends makes each scenario that extends another (`extends: <scenario id>`, a variant with a
// few changes) that scenario with its own keys merged over it, as a mod's `override: merge` merges: mappings key
// by key, lists of mappings with ids (sides) item by item, anything else (a side's setup) replaced. A base may
// extend another in turn; a base that is missing, not a scenario, or part of a cycle is an error at the
// variant's extends, and the variant is then left as written. What records how the base was made
// (generated) is not inherited.
func resolveScenarioExtends(docs []*Document, ds *diag.List) []*Document {
	idx := map[string]int{}
	var ids []string
	for i, d := range docs {
		if d.Kind == KindScenario && d.ID != "" {
			idx[d.ID] = i
			ids = append(ids, d.ID)
		}
	}
	const (
		unseen = iota
		visiting
		done
		broken // in a cycle of bases, or extending one that is
	)
	state := make([]int, len(docs))
	var stack []int
	var resolve func(i int) bool // reports whether docs[i] is resolved
	resolve = func(i int) bool {
		switch state[i] {
		case done:
			return true
		case broken:
			return false
		case visiting: // a cycle: every scenario on the stack from i on is part of it
			for k := len(stack) - 1; k >= 0; k-- {
				state[stack[k]] = broken
				if stack[k] == i {
					break
				}
			}
			return false
		}
		d := docs[i]
		m, _ := d.Value.(map[string]any)
		base, _ := m["extends"].(string)
		if d.Kind != KindScenario || base == "" {
			state[i] = done
			return true
		}
		j, found := idx[base]
		if !found {
			e := ds.Errorf(d.PosOf("/extends"), "package.extends", "scenario %s extends %q, which is no scenario of the package", d.ID, base)
			sort.Strings(ids)
			e.Hint = diag.DidYouMean(base, ids)
			state[i] = broken
			return false
		}
		state[i] = visiting
		stack = append(stack, i)
		ok := resolve(j)
		stack = stack[:len(stack)-1]
		if !ok {
			if state[i] == broken {
				ds.Errorf(d.PosOf("/extends"), "package.extends", "scenario %s extends %s, which comes back to %s through the scenarios it extends", d.ID, base, d.ID)
			} else {
				ds.Errorf(d.PosOf("/extends"), "package.extends", "scenario %s extends %s, which cannot be made (see its extends)", d.ID, base)
			}
			state[i] = broken
			return false
		}
		drop := []string{"extends"}
		if _, own := m["generated"]; !own {
			drop = append(drop, "generated")
		}
		docs[i] = mergeDocuments(docs[j], d, drop...)
		state[i] = done
		return true
	}
	for i := range docs {
		resolve(i)
	}
	// A fixture's inline scenario may be a variant of one of the package's too.
	for i, d := range docs {
		m, _ := d.Value.(map[string]any)
		sc, _ := m["scenario"].(map[string]any)
		base, _ := sc["extends"].(string)
		if d.Kind != KindFixture || base == "" {
			continue
		}
		j, found := idx[base]
		if !found || state[j] != done {
			e := ds.Errorf(d.PosOf("/scenario/extends"), "package.extends", "fixture %s's scenario extends %q, which is no scenario of the package (or one that cannot be made)", d.ID, base)
			sort.Strings(ids)
			e.Hint = diag.DidYouMean(base, ids)
			continue
		}
		drop := []string{"extends", "kind"}
		if _, own := sc["generated"]; !own {
			drop = append(drop, "generated")
		}
		docs[i] = mergeAt(docs[j], d, "scenario", drop...)
	}
	return docs
}

func overrideOf(d *Document) string {
	m, _ := d.Value.(map[string]any)
	s, _ := m["override"].(string)
	return s
}

// mergeDocuments patches a base document with a mod's: mappings merge key by key, lists of mappings with an
// `id` merge item by item (new ids are appended), anything else is replaced. Every node keeps the file it
// came from, so diagnostics on merged content point at the right file. Keys named in drop are left out of the
// result's top level.
func mergeDocuments(base, patch *Document, drop ...string) *Document {
	return mergeAt(base, patch, "", drop...)
}

// mergeAt is mergeDocuments with the base merged under one top-level key of the patch (a fixture's inline
// scenario, key "scenario"), the rest of the patch as it is; key "" merges the whole documents.
func mergeAt(base, patch *Document, key string, drop ...string) *Document {
	origin := map[*yaml.Node]string{}
	markOrigin(base.Root, base.fileOf, origin)
	markOrigin(patch.Root, patch.fileOf, origin)
	target := patch.Root
	if key != "" {
		target = mappingValue(patch.Root, key)
	}
	merged := dropKeys(mergeNodes(base.Root, target, origin, patch.File), drop)
	root := merged
	if key != "" {
		cp := *patch.Root
		cp.Content = slices.Clone(patch.Root.Content)
		for i := 0; i+1 < len(cp.Content); i += 2 {
			if cp.Content[i].Value == key {
				cp.Content[i+1] = merged
			}
		}
		root = &cp
	}
	sources := map[string]*Source{}
	for _, from := range []*Document{base, patch} {
		for f, s := range from.sources {
			sources[f] = s
		}
	}
	d := &Document{File: patch.File, Index: patch.Index, Root: root, Package: patch.Package,
		nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, origin: origin, sources: sources}
	var ds diag.List
	values := 0
	b := builder{doc: d, diags: &ds, file: &values, load: &valueBudget{}}
	d.Value = b.build(root, "", 0)
	if m, ok := d.Value.(map[string]any); ok {
		d.Kind, _ = m["kind"].(string)
		d.ID, _ = m["id"].(string)
		delete(m, "override") // the merged result is the effective document, not a patch
	}
	return d
}

// mappingValue is the value of a mapping node's key, or nil.
func mappingValue(n *yaml.Node, key string) *yaml.Node {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1]
		}
	}
	return nil
}

// dropKeys is a mapping node without the keys named.
func dropKeys(n *yaml.Node, drop []string) *yaml.Node {
	if len(drop) == 0 || n == nil || n.Kind != yaml.MappingNode {
		return n
	}
	kept := make([]*yaml.Node, 0, len(n.Content))
	for i := 0; i+1 < len(n.Content); i += 2 {
		if !slices.Contains(drop, n.Content[i].Value) {
			kept = append(kept, n.Content[i], n.Content[i+1])
		}
	}
	cp := *n
	cp.Content = kept
	return &cp
}

func markOrigin(n *yaml.Node, fileOf func(*yaml.Node) string, origin map[*yaml.Node]string) {
	if n == nil {
		return
	}
	if _, done := origin[n]; done {
		return
	}
	origin[n] = fileOf(n)
	for _, c := range n.Content {
		markOrigin(c, fileOf, origin)
	}
}

func mergeNodes(base, patch *yaml.Node, origin map[*yaml.Node]string, file string) *yaml.Node {
	base, patch = deref(base), deref(patch)
	if base == nil || patch == nil || base.Kind != patch.Kind {
		return patch
	}
	switch patch.Kind {
	case yaml.MappingNode:
		out := &yaml.Node{Kind: yaml.MappingNode, Tag: patch.Tag, Line: patch.Line, Column: patch.Column}
		origin[out] = origin[patch]
		pk := map[string]*yaml.Node{}
		for i := 0; i+1 < len(patch.Content); i += 2 {
			pk[patch.Content[i].Value] = patch.Content[i+1]
		}
		done := map[string]bool{}
		for i := 0; i+1 < len(base.Content); i += 2 {
			k := base.Content[i].Value
			if k == "override" {
				continue
			}
			if pv, ok := pk[k]; ok {
				out.Content = append(out.Content, base.Content[i], mergeNodes(base.Content[i+1], pv, origin, file))
				done[k] = true
			} else {
				out.Content = append(out.Content, base.Content[i], base.Content[i+1])
			}
		}
		for i := 0; i+1 < len(patch.Content); i += 2 {
			k := patch.Content[i].Value
			if !done[k] && k != "override" {
				out.Content = append(out.Content, patch.Content[i], patch.Content[i+1])
			}
		}
		return out
	case yaml.SequenceNode:
		if !allHaveIDs(base) || !allHaveIDs(patch) {
			return patch
		}
		out := &yaml.Node{Kind: yaml.SequenceNode, Tag: patch.Tag, Line: patch.Line, Column: patch.Column}
		origin[out] = origin[patch]
		pi := map[string]*yaml.Node{}
		for _, c := range patch.Content {
			pi[idOf(c)] = c
		}
		done := map[string]bool{}
		for _, c := range base.Content {
			if p, ok := pi[idOf(c)]; ok {
				out.Content = append(out.Content, mergeNodes(c, p, origin, file))
				done[idOf(c)] = true
			} else {
				out.Content = append(out.Content, c)
			}
		}
		for _, c := range patch.Content {
			if !done[idOf(c)] {
				out.Content = append(out.Content, c)
			}
		}
		return out
	}
	return patch
}

func allHaveIDs(seq *yaml.Node) bool {
	for _, c := range seq.Content {
		if idOf(c) == "" {
			return false
		}
	}
	return len(seq.Content) > 0
}

func idOf(n *yaml.Node) string {
	n = deref(n)
	if n == nil || n.Kind != yaml.MappingNode {
		return ""
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == "id" {
			return n.Content[i+1].Value
		}
	}
	return ""
}

// addDocs adds extra documents (a scenario file given on the command line) to a loaded package.
func (p *Package) addDocs(docs []*Document, ds *diag.List) {
	p.own = append(p.own, docs...)
	var base []*Document
	if p.Base != nil {
		base = p.Base.Docs
	}
	p.Docs = resolveScenarioExtends(overlay(base, p.own, p.Base != nil, ds), ds)
}

// Names of muster's own files: the ownership record a build leaves in its output folder, and the hidden
// files and staging folders of a build (.muster-build-*), whose names all begin with outputPrefix.
const (
	outputRecord = ".muster-build.json"
	outputPrefix = ".muster"
)

// globFiles expands a pattern relative to dir. `**` matches any number of folders; hidden folders, testdata
// and node_modules are skipped unless named explicitly. muster's own outputs are never content: a folder
// holding a build record (a build's output folder, even inside the package) and muster's hidden files and
// folders are always skipped.
//
// dir may be a symbolic link, or pass through one: the folder it resolves to is walked, and files are
// returned under dir as the user wrote it. A symbolic link inside the package is followed only to a file
// that is inside the package too (a linked folder is not walked); a link that matches the pattern but leads
// outside the package is returned in outside, and never read.
func globFiles(dir, pattern string) (files, outside []string, err error) {
	pattern = filepath.ToSlash(pattern)
	if strings.HasPrefix(pattern, "/") || strings.Contains(pattern, "..") {
		return nil, nil, fmt.Errorf("include patterns are relative to the package folder and stay inside it")
	}
	if _, err := path.Match(strings.ReplaceAll(pattern, "**", "x"), ""); err != nil {
		return nil, nil, err
	}
	root := realPath(dir)
	err = filepath.WalkDir(root, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable folders: files we cannot list are not included
		}
		rel, _ := filepath.Rel(root, p)
		rel = filepath.ToSlash(rel)
		name := e.Name()
		userPath := filepath.Join(dir, filepath.FromSlash(rel))
		if e.IsDir() {
			if p == root {
				return nil
			}
			if strings.HasPrefix(name, outputPrefix) || isOutputFolder(p) {
				return filepath.SkipDir
			}
			if (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") && !strings.HasPrefix(pattern, rel+"/") {
				return filepath.SkipDir
			}
			return nil
		}
		if strings.HasPrefix(name, outputPrefix) {
			return nil
		}
		if e.Type()&fs.ModeSymlink != 0 {
			target, terr := filepath.EvalSymlinks(p)
			if terr != nil {
				if matchGlob(pattern, rel) {
					files = append(files, userPath) // a broken link: reading it reports the missing file
				}
				return nil
			}
			st, serr := os.Stat(target)
			isDir := serr == nil && st.IsDir()
			matches := matchGlob(pattern, rel)
			if isDir {
				matches = couldMatchBelow(pattern, rel)
			}
			switch {
			case !matches:
			case !Within(root, realPath(target)):
				outside = append(outside, userPath)
			case !isDir:
				files = append(files, userPath)
			}
			return nil
		}
		if matchGlob(pattern, rel) {
			files = append(files, userPath)
		}
		return nil
	})
	sort.Strings(files)
	sort.Strings(outside)
	return files, outside, err
}

// outputFolderOf is the output folder (a folder holding a build record, or muster's hidden .muster-* files)
// on the way to what a pattern names, relative to dir with slashes; "" when there is none.
func outputFolderOf(dir, pattern string) string {
	parts := strings.Split(filepath.ToSlash(pattern), "/")
	for i := range parts[:len(parts)-1] {
		if strings.ContainsAny(parts[i], "*?[") {
			break
		}
		rel := strings.Join(parts[:i+1], "/")
		if strings.HasPrefix(parts[i], outputPrefix) || isOutputFolder(filepath.Join(dir, filepath.FromSlash(rel))) {
			return rel
		}
	}
	return ""
}

// isOutputFolder reports whether a folder is a build's output: it holds muster's ownership record.
func isOutputFolder(dir string) bool {
	_, err := os.Lstat(filepath.Join(dir, outputRecord))
	return err == nil
}

// matchGlob matches a slash-separated path against a pattern whose `**` segments match zero or more folders.
func matchGlob(pattern, name string) bool {
	ps := strings.Split(pattern, "/")
	reach := globStates(ps, strings.Split(name, "/"), nil)
	return reach[len(ps)]
}

// couldMatchBelow reports whether some path inside the folder dir could match the pattern.
func couldMatchBelow(pattern, dir string) bool {
	ps := strings.Split(pattern, "/")
	reach := globStates(ps, strings.Split(dir, "/"), nil)
	for _, r := range reach[:len(ps)] {
		if r {
			return true
		}
	}
	return false
}

// globStates runs the pattern's segments over the name's, all alternatives at once, without backtracking:
// reach[i] says whether the name's segments can be matched by the first i pattern segments. A `**` segment
// matches zero or more name segments. The work is at most one segment match per pattern segment and name
// segment (steps counts them), so many `**` cannot make it exponential.
func globStates(ps, ns []string, steps *int) []bool {
	reach := make([]bool, len(ps)+1)
	next := make([]bool, len(ps)+1)
	reach[0] = true
	skipStars(ps, reach)
	for _, n := range ns {
		clear(next)
		for i, p := range ps {
			if !reach[i] {
				continue
			}
			if steps != nil {
				*steps++
			}
			if p == "**" {
				next[i] = true // the ** takes this segment and may take more
			} else if ok, _ := path.Match(p, n); ok {
				next[i+1] = true
			}
		}
		skipStars(ps, next)
		reach, next = next, reach
	}
	return reach
}

// skipStars lets every reached `**` match nothing: the segment after it is reached too.
func skipStars(ps []string, reach []bool) {
	for i, p := range ps {
		if reach[i] && p == "**" {
			reach[i+1] = true
		}
	}
}

// setCache remembers the map set of each map and each scenario of a decoded package. The model is not changed
// after Decode, so a set built once stays right; Decode starts a new cache.
type setCache struct {
	mu         sync.Mutex
	byMap      map[*Map]cachedSet
	byScenario map[*Scenario]cachedSet
}

type cachedSet struct {
	set   *MapSet
	err   error
	diags diag.List
}

// memo holds the values Memo made, each made once.
type memo struct {
	mu     sync.Mutex
	values map[any]*memoEntry
}

type memoEntry struct {
	once  sync.Once
	value any
}

// Memo returns the value kept under key for this package, calling make the first time (once, however many
// goroutines ask at once). Other layers keep here what they work out from a package and need in many places,
// such as its font files parsed for printing: a decoded package does not change (Decode forgets them). key should be a value of a
// type of the caller's own, so that two layers never share one.
func (p *Package) Memo(key any, make func() any) any {
	p.memo.mu.Lock()
	if p.memo.values == nil {
		p.memo.values = map[any]*memoEntry{}
	}
	e := p.memo.values[key]
	if e == nil {
		e = &memoEntry{}
		p.memo.values[key] = e
	}
	p.memo.mu.Unlock()
	e.once.Do(func() { e.value = make() })
	return e.value
}

// globFolder is the folder part of an include pattern before its first wildcard ("maps" of "maps/*.yaml"), ""
// when the pattern names files at the package's top.
func globFolder(pat string) string {
	var dirs []string
	for _, part := range strings.Split(pat, "/") {
		if strings.ContainsAny(part, "*?[{") {
			break
		}
		dirs = append(dirs, part)
	}
	if len(dirs) > 0 && len(dirs) == len(strings.Split(pat, "/")) {
		dirs = dirs[:len(dirs)-1] // a plain file name: its folder
	}
	return strings.Join(dirs, "/")
}

func isDir(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.IsDir()
}
