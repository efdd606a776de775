package scaffold

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strconv"
	"strings"
	"unicode/utf8"

	"go.yaml.in/yaml/v3"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/output"
)

// FromHelp says what `muster init --from` copies and what it renames.
const FromHelp = `--from copies one of muster's example games as a starting point: every file of the package, with
its README and preview. The copy is a package of its own, so its identity is renamed: the Package id becomes
the new folder's name (or --id), its version 0.1.0, and the System's id the same new id (with the manifest's
system: that names it). The ids inside the game (unit types, markers, maps, boards, forces, scenarios,
tables, generators, fixtures) are kept: formulas, rules, fixtures and notes name them, and keeping them makes
the copy easy to compare with the original. Each content file's schema line points at the copy's own
.muster/schemas. A mod (highest-ground-barbarians) cannot be copied alone: copy its base, then write the mod
beside it.`

// Examples lists the example packages --from accepts.
func Examples() []string { return examples.Names() }

// FromExample makes the files of a copy of the example package name (see FromHelp): opt.ID and opt.Name
// become the copy's package id and the System id; opt.Grid is ignored (the example has its own ground).
func FromExample(name string, opt Options) ([]output.File, error) {
	return fromFS(examples.FS(), name, opt)
}

func fromFS(fsys fs.FS, name string, opt Options) ([]output.File, error) {
	names := examplesIn(fsys)
	if !contains(names, name) {
		msg := fmt.Sprintf("no example %q: choose one of %s", name, strings.Join(names, ", "))
		if h := diag.DidYouMean(name, names); h != "" {
			msg += " (" + h + ")"
		}
		return nil, errors.New(msg)
	}
	if !ValidID(opt.ID) {
		return nil, fmt.Errorf("%q is not an id: letters, digits, '.', '_' and '-', starting with a letter or digit", opt.ID)
	}
	var files []output.File
	err := fs.WalkDir(fsys, name, func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		data, err := fs.ReadFile(fsys, p)
		if err != nil {
			return err
		}
		rel := strings.TrimPrefix(p, name+"/")
		files = append(files, output.File{Path: rel, Data: WithModelines(rel, data)})
		return nil
	})
	if err != nil {
		return nil, err
	}
	manifest := fileNamed(files, content.ManifestFile)
	if manifest == nil {
		return nil, fmt.Errorf("example %s has no %s", name, content.ManifestFile)
	}
	docs, ds := content.Parse(content.ManifestFile, manifest.Data)
	if len(ds) > 0 || len(docs) != 1 {
		return nil, fmt.Errorf("example %s: %s does not read as one Package document: %v", name, content.ManifestFile, ds)
	}
	pkg := docs[0]
	m, _ := pkg.Value.(map[string]any)
	if ext, ok := m["extends"].(map[string]any); ok {
		return nil, fmt.Errorf("example %s is a mod of %v: copy its base with --from %v, then write the mod in a folder beside it (docs/tutorial.md shows how)",
			name, ext["package"], strings.Split(fmt.Sprint(ext["package"]), "@")[0])
	}
	oldID, _ := m["id"].(string)
	oldSystem, _ := m["system"].(string)
	edits := []edit{{"/id", opt.ID}, {"/version", "0.1.0"}}
	if oldSystem != "" {
		edits = append(edits, edit{"/system", opt.ID})
	}
	if manifest.Data, err = apply(content.ManifestFile, manifest.Data, pkg, edits); err != nil {
		return nil, err
	}
	renamed := false
	for i := range files {
		f := &files[i]
		if oldSystem == "" || renamed || !isYAML(f.Path) || f.Path == content.ManifestFile {
			continue
		}
		docs, _ := content.Parse(f.Path, f.Data)
		for _, d := range docs {
			if d.Kind == "System" && d.ID == oldSystem {
				if f.Data, err = apply(f.Path, f.Data, d, []edit{{"/id", opt.ID}}); err != nil {
					return nil, err
				}
				renamed = true
				break
			}
		}
	}
	if oldSystem != "" && !renamed {
		return nil, fmt.Errorf("example %s: no System document with id %s", name, oldSystem)
	}
	if readme := fileNamed(files, "README.md"); readme != nil {
		note := fmt.Sprintf("> Started with `muster init --from %s`: a copy of muster's example, with the package id `%s` (was `%s`)", name, opt.ID, oldID)
		if oldSystem != "" {
			note += fmt.Sprintf(" and the System id `%s` (was `%s`)", opt.ID, oldSystem)
		}
		note += ". Everything below is the example's own README.\n\n"
		readme.Data = append([]byte(note), readme.Data...)
	}
	return finish(files, manifestIncludes(manifest.Data))
}

func examplesIn(fsys fs.FS) []string {
	ents, _ := fs.ReadDir(fsys, ".")
	var out []string
	for _, e := range ents {
		if e.IsDir() {
			out = append(out, e.Name())
		}
	}
	sort.Strings(out)
	return out
}

func fileNamed(files []output.File, p string) *output.File {
	for i := range files {
		if files[i].Path == p {
			return &files[i]
		}
	}
	return nil
}

func isYAML(p string) bool { return path.Ext(p) == ".yaml" || path.Ext(p) == ".yml" }

// edit replaces the scalar at a JSON pointer of a document.
type edit struct {
	ptr, text string
}

// apply makes edits in the text of one file, in place, keeping every other byte (comments, layout) as it was:
// each scalar is found by its position and replaced, quoted when YAML would not read the new text as a string.
func apply(file string, data []byte, d *content.Document, edits []edit) ([]byte, error) {
	type span struct {
		start, end int
		text       string
	}
	var spans []span
	for _, e := range edits {
		p := d.PosOf(e.ptr)
		if p.Path != e.ptr || p.EndLine != p.Line || p.Line == 0 {
			return nil, fmt.Errorf("%s: cannot find %s on one line to rename it", file, e.ptr)
		}
		start, ok1 := offset(data, p.Line, p.Col)
		end, ok2 := offset(data, p.EndLine, p.EndCol)
		if !ok1 || !ok2 || end <= start {
			return nil, fmt.Errorf("%s: cannot find %s to rename it", file, e.ptr)
		}
		spans = append(spans, span{start, end, yamlString(e.text, data[start])})
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start > spans[j].start })
	out := bytes.Clone(data)
	for _, s := range spans {
		out = append(out[:s.start], append([]byte(s.text), out[s.end:]...)...)
	}
	return out, nil
}

// offset is the byte offset of a line and column (both from 1, the column in characters).
func offset(data []byte, line, col int) (int, bool) {
	off := 0
	for l := 1; l < line; l++ {
		i := bytes.IndexByte(data[off:], '\n')
		if i < 0 {
			return 0, false
		}
		off += i + 1
	}
	for c := 1; c < col; c++ {
		if off >= len(data) || data[off] == '\n' {
			return 0, false
		}
		_, size := utf8.DecodeRune(data[off:])
		off += size
	}
	return off, true
}

// yamlString writes s as a YAML scalar that reads back as the string s: plain when it does, else quoted.
// A value that was quoted stays quoted.
func yamlString(s string, firstByte byte) string {
	if firstByte == '"' || firstByte == '\'' {
		return strconv.Quote(s)
	}
	var v any
	if err := yaml.Unmarshal([]byte("x: "+s), &v); err == nil {
		if m, ok := v.(map[string]any); ok && m["x"] == s {
			return s
		}
	}
	return strconv.Quote(s)
}
