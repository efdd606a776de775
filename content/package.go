package content

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content/diag"
	"go.yaml.in/yaml/v3"
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
	pkg := loadDir(p, nil, &ds)
	return pkg, ds
}

// loadFile loads the package a single content file belongs to (the nearest folder above it with a
// muster.yaml), adding the file when the package does not include it, so that `muster validate s.yaml`
// checks a generated scenario against its game.
func loadFile(file string) (*Package, diag.List) {
	var ds diag.List
	if filepath.Base(file) == ManifestFile {
		pkg := loadDir(filepath.Dir(file), nil, &ds)
		return pkg, ds
	}
	dir := findPackageDir(filepath.Dir(file))
	if dir == "" {
		docs, fds := ReadFile(file)
		ds.Extend(fds)
		pkg := &Package{ID: "", Dir: filepath.Dir(file), byKey: map[docKey]Doc{}, byKind: map[string][]Doc{}}
		pkg.own = docs
		pkg.Docs = docs
		ds.Infof(diag.Pos{File: file}, "package.none", "no %s found in this folder or above: checking the file on its own, without its game", ManifestFile)
		return pkg, ds
	}
	pkg := loadDir(dir, nil, &ds)
	if pkg == nil {
		return nil, ds
	}
	abs, _ := filepath.Abs(file)
	for _, d := range pkg.own {
		if a, _ := filepath.Abs(d.File); a == abs {
			return pkg, ds
		}
	}
	docs, fds := ReadFile(file)
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
	pkg := loadDir(dir, nil, &ds)
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
	docs, fds := Parse(name, data)
	ds.Extend(fds)
	for _, d := range docs {
		d.Package = pkg.ID
	}
	pkg.addDocs(docs, &ds)
	return pkg, ds
}

func findPackageDir(dir string) string {
	d, err := filepath.Abs(dir)
	if err != nil {
		return ""
	}
	for {
		if _, err := os.Stat(filepath.Join(d, ManifestFile)); err == nil {
			rel, err := filepath.Rel(mustWd(), d)
			if err == nil && !strings.HasPrefix(rel, "..") {
				return rel
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

// loadDir loads one package folder; stack holds the absolute folders of the mods that led here (cycle check).
func loadDir(dir string, stack []string, ds *diag.List) *Package {
	manifestPath := filepath.Join(dir, ManifestFile)
	docs, fds := ReadFile(manifestPath)
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

	// Include globs, in the order written; each file once.
	m, _ := md.Value.(map[string]any)
	patterns := DefaultInclude
	patternPtr := ""
	if inc, ok := m["include"].([]any); ok {
		patterns = nil
		for _, x := range inc {
			if s, ok := x.(string); ok {
				patterns = append(patterns, s)
			} else {
				patterns = append(patterns, "")
			}
		}
		patternPtr = "/include"
	}
	seen := map[string]bool{filepath.Clean(manifestPath): true}
	for i, pat := range patterns {
		if pat == "" {
			continue // the schema reports the wrong type
		}
		files, err := globFiles(dir, pat)
		pos := md.PosOf(Pointer(patternPtr, i))
		if patternPtr == "" {
			pos = md.Pos()
		}
		if err != nil {
			ds.Errorf(pos, "package.include", "bad include pattern %q: %v", pat, err)
			continue
		}
		if len(files) == 0 && patternPtr != "" {
			ds.Errorf(pos, "package.include", "include %q matches no file in %s", pat, dir)
			continue
		}
		for _, f := range files {
			if seen[f] {
				continue
			}
			seen[f] = true
			fdocs, fds := ReadFile(f)
			ds.Extend(fds)
			for _, d := range fdocs {
				d.Package = pkg.ID
			}
			pkg.own = append(pkg.own, fdocs...)
		}
	}

	// A mod: load the base, check its version, then lay the mod over it.
	if ext, ok := m["extends"].(map[string]any); ok {
		pkg.Base = loadBase(pkg, md, ext, dir, stack, ds)
	}
	var baseDocs []*Document
	if pkg.Base != nil {
		baseDocs = pkg.Base.Docs
	}
	pkg.Docs = overlay(baseDocs, pkg.own, pkg.Base != nil, ds)
	return pkg
}

func loadBase(pkg *Package, md *Document, ext map[string]any, dir string, stack []string, ds *diag.List) *Package {
	spec, _ := ext["package"].(string)
	id, rng, _ := strings.Cut(spec, "@")
	rel, _ := ext["path"].(string)
	if rel == "" {
		rel = filepath.Join("..", id)
	}
	baseDir := filepath.Join(dir, rel)
	abs, _ := filepath.Abs(dir)
	baseAbs, _ := filepath.Abs(baseDir)
	pos := md.PosOf("/extends")
	for _, s := range append(stack, abs) {
		if s == baseAbs {
			chain := append(append([]string{}, stack...), abs, baseAbs)
			ds.Errorf(pos, "package.cycle", "packages extend each other in a cycle: %s", strings.Join(chain, " -> "))
			return nil
		}
	}
	if _, err := os.Stat(filepath.Join(baseDir, ManifestFile)); err != nil {
		ds.Errorf(pos, "package.base-missing", "base package %q not found: no %s in %s", id, ManifestFile, baseDir).Hint =
			"set extends.path to the base package's folder, relative to this one"
		return nil
	}
	base := loadDir(baseDir, append(stack, abs), ds)
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

func overrideOf(d *Document) string {
	m, _ := d.Value.(map[string]any)
	s, _ := m["override"].(string)
	return s
}

// mergeDocuments patches a base document with a mod's: mappings merge key by key, lists of mappings with an
// `id` merge item by item (new ids are appended), anything else is replaced. Every node keeps the file it
// came from, so diagnostics on merged content point at the right file.
func mergeDocuments(base, patch *Document) *Document {
	origin := map[*yaml.Node]string{}
	markOrigin(base.Root, base.fileOf, origin)
	markOrigin(patch.Root, patch.fileOf, origin)
	root := mergeNodes(base.Root, patch.Root, origin, patch.File)
	sources := map[string]*Source{}
	for _, from := range []*Document{base, patch} {
		for f, s := range from.sources {
			sources[f] = s
		}
	}
	d := &Document{File: patch.File, Index: patch.Index, Root: root, Package: patch.Package,
		nodes: map[string]*yaml.Node{}, keys: map[string]*yaml.Node{}, origin: origin, sources: sources}
	var ds diag.List
	hops := 0
	b := builder{doc: d, diags: &ds, hops: &hops}
	d.Value = b.build(root, "", 0)
	if m, ok := d.Value.(map[string]any); ok {
		d.Kind, _ = m["kind"].(string)
		d.ID, _ = m["id"].(string)
		delete(m, "override") // the merged result is the effective document, not a patch
	}
	return d
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
	p.Docs = overlay(base, p.own, p.Base != nil, ds)
}

// globFiles expands a pattern relative to dir. `**` matches any number of folders; hidden folders, testdata
// and node_modules are skipped unless named explicitly.
func globFiles(dir, pattern string) ([]string, error) {
	pattern = filepath.ToSlash(pattern)
	if strings.HasPrefix(pattern, "/") || strings.Contains(pattern, "..") {
		return nil, fmt.Errorf("include patterns are relative to the package folder and stay inside it")
	}
	if _, err := path.Match(strings.ReplaceAll(pattern, "**", "x"), ""); err != nil {
		return nil, err
	}
	var out []string
	err := filepath.WalkDir(dir, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return nil // unreadable folders: files we cannot list are not included
		}
		rel, _ := filepath.Rel(dir, p)
		rel = filepath.ToSlash(rel)
		if e.IsDir() {
			name := e.Name()
			if p != dir && (strings.HasPrefix(name, ".") || name == "testdata" || name == "node_modules") && !strings.HasPrefix(pattern, rel+"/") {
				return filepath.SkipDir
			}
			return nil
		}
		if matchGlob(pattern, rel) {
			out = append(out, filepath.Clean(p))
		}
		return nil
	})
	sort.Strings(out)
	return out, err
}

// matchGlob matches a slash-separated path against a pattern whose `**` segments match zero or more folders.
func matchGlob(pattern, name string) bool {
	ps, ns := strings.Split(pattern, "/"), strings.Split(name, "/")
	var match func(pi, ni int) bool
	match = func(pi, ni int) bool {
		for pi < len(ps) {
			if ps[pi] == "**" {
				for k := ni; k <= len(ns); k++ {
					if match(pi+1, k) {
						return true
					}
				}
				return false
			}
			if ni >= len(ns) {
				return false
			}
			if ok, _ := path.Match(ps[pi], ns[ni]); !ok {
				return false
			}
			pi, ni = pi+1, ni+1
		}
		return ni == len(ns)
	}
	return match(0, 0)
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
