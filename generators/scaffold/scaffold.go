// Package scaffold makes the files of a new package: a small complete game for each kind of grid (`muster
// init`), or a copy of an example with its ids renamed (`muster init --from`), with the schemas and editor
// settings that make every content file's modeline resolve inside the package itself.
// It returns files as data; the command line writes them through package output.
package scaffold

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io/fs"
	"path"
	"sort"
	"strings"
	"text/template"
	"unicode"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/schema"
)

//go:embed templates
var templates embed.FS

// SchemaFolder is where a package keeps muster's JSON Schemas, relative to its folder: `muster init` writes
// them there, and every content file's modeline points there (see Modeline), so the line resolves in the
// designer's own folder wherever it is, and a copy of the folder takes its schemas along.
const SchemaFolder = ".muster/schemas"

// ModelinePrefix starts the line that tells yaml-language-server (VS Code, Neovim, Helix, ...) which schema
// a YAML document follows. The server reads it from each document's header, so muster writes it at the top of
// the file and again after every `---`.
const ModelinePrefix = "# yaml-language-server: $schema="

// SettingsFile is VS Code's workspace settings file, which maps the package's content files to the schemas
// (yaml.schemas) for every document of a file, modeline or not.
const SettingsFile = ".vscode/settings.json"

// Grids are the kinds of ground `muster init --grid` starts a game on; the first is the default.
var Grids = []string{"hex", "square", "open"}

// Options say what New makes.
type Options struct {
	Grid string // one of Grids; "" means hex
	ID   string // the package's id, also the System's
	Name string // the game's name
	Dir  string // the folder's name, for the commands in the README
}

// Modeline is the schema line of a content file at rel (a slash-separated path inside the package): it points
// at SchemaFolder through as many `../` as the file is deep.
func Modeline(rel string) string {
	return ModelinePrefix + strings.Repeat("../", strings.Count(path.Clean(rel), "/")) + SchemaFolder + "/" + schema.Top
}

// New makes the files of a new game: content, README, schemas and editor settings. The game validates with no
// problems and builds.
func New(opt Options) ([]output.File, error) {
	if opt.Grid == "" {
		opt.Grid = Grids[0]
	}
	if !contains(Grids, opt.Grid) {
		return nil, fmt.Errorf("unknown grid %q: choose %s", opt.Grid, strings.Join(Grids, ", "))
	}
	if !ValidID(opt.ID) {
		return nil, fmt.Errorf("%q is not an id: letters, digits, '.', '_' and '-', starting with a letter or digit", opt.ID)
	}
	if opt.Name == "" {
		opt.Name = opt.ID
	}
	if opt.Dir == "" {
		opt.Dir = opt.ID
	}
	var files []output.File
	err := fs.WalkDir(templates, "templates/game", func(p string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() {
			return err
		}
		rel := strings.TrimSuffix(strings.TrimPrefix(p, "templates/game/"), ".tmpl")
		src, err := templates.ReadFile(p)
		if err != nil {
			return err
		}
		data, err := render(rel, string(src), opt)
		if err != nil {
			return fmt.Errorf("%s: %v", rel, err)
		}
		files = append(files, output.File{Path: rel, Data: data})
		return nil
	})
	if err != nil {
		return nil, err
	}
	return finish(files, includesOf(files))
}

// finish adds the schemas and the editor settings to a package's files and sorts them.
func finish(files []output.File, includes []string) ([]output.File, error) {
	schemas, err := SchemaFiles(SchemaFolder)
	if err != nil {
		return nil, err
	}
	files = append(files, schemas...)
	files = append(files, output.File{Path: SettingsFile, Data: Settings(includes)})
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	return files, nil
}

func render(rel, src string, opt Options) ([]byte, error) {
	words := map[string][2]string{"hex": {"hex map", "hex"}, "square": {"square grid", "square"}, "open": {"open tabletop", "place"}}[opt.Grid]
	funcs := template.FuncMap{
		"modeline":    func() string { return Modeline(rel) },
		"gridWords":   func() string { return words[0] },
		"musterRange": MusterRange,
		"cellWord":    func() string { return words[1] },
		"riverSides":  func() string { return riverSides(opt.Grid) },
		"quoteString": func(s string) string { b, _ := json.Marshal(s); return string(b) },
	}
	t, err := template.New(rel).Funcs(funcs).Option("missingkey=error").Parse(src)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	if err := t.Execute(&b, opt); err != nil {
		return nil, err
	}
	out := bytes.TrimLeft(b.Bytes(), "\n")
	return append(bytes.TrimRight(out, "\n"), '\n'), nil
}

// riverSides is the river of the starter map: the sides between columns E and F from the north edge to the
// south edge. On flat-top hexes with odd columns shifted down, E (an even column, counting from 0) and F meet
// along a zigzag: E01/F01, E02/F01, E02/F02, ...; squares share one straight side per row.
func riverSides(grid string) string {
	var s []string
	for r := 1; r <= 10; r++ {
		s = append(s, fmt.Sprintf("E%02d/F%02d", r, r))
		if grid == "hex" && r < 10 {
			s = append(s, fmt.Sprintf("E%02d/F%02d", r+1, r))
		}
	}
	return strings.Join(s, ", ")
}

// SchemaFiles is every schema file under folder, each carrying muster's seal (so `muster schema export` may
// replace it later while nobody has edited it).
func SchemaFiles(folder string) ([]output.File, error) {
	var out []output.File
	for _, name := range schema.Files() {
		b, err := schema.Read(name)
		if err == nil {
			b, err = output.SealJSON(b, "written by muster: muster schema export FOLDER refreshes it;")
		}
		if err != nil {
			return nil, err
		}
		out = append(out, output.File{Path: path.Join(folder, name), Data: b})
	}
	return out, nil
}

// Settings is the VS Code settings file that maps the package's content files (the manifest and its include
// patterns) to the schemas. yaml-language-server applies a settings mapping to every document of a file, so
// the documents after a `---` are checked even without their own modeline.
func Settings(includes []string) []byte {
	globs := []string{"muster.yaml"}
	for _, g := range includes {
		if !contains(globs, g) && (strings.HasSuffix(g, ".yaml") || strings.HasSuffix(g, ".yml")) {
			globs = append(globs, g)
		}
	}
	v := map[string]any{
		"yaml.schemas": map[string]any{"./" + SchemaFolder + "/" + schema.Top: globs},
	}
	b, _ := json.MarshalIndent(v, "", "  ")
	return append(b, '\n')
}

// includesOf reads the include patterns of the manifest among files (a list of `  - pattern` lines after
// `include:`), without loading the package.
func includesOf(files []output.File) []string {
	for _, f := range files {
		if f.Path == "muster.yaml" {
			return manifestIncludes(f.Data)
		}
	}
	return nil
}

func manifestIncludes(manifest []byte) []string {
	var out []string
	in := false
	for _, line := range strings.Split(string(manifest), "\n") {
		t := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "include:"):
			in = true
		case in && strings.HasPrefix(t, "- "):
			out = append(out, strings.Trim(strings.TrimSpace(t[2:]), `"'`))
		case in && t != "" && !strings.HasPrefix(t, "#"):
			in = false
		}
	}
	return out
}

// WithModelines sets the schema line of a YAML content file at rel: the first line of the file (replacing a
// schema line that is there) and the first line after every `---`, so every document is checked in an editor
// whatever its settings. Other files are returned as they are.
func WithModelines(rel string, data []byte) []byte {
	if !strings.HasSuffix(rel, ".yaml") && !strings.HasSuffix(rel, ".yml") {
		return data
	}
	line := Modeline(rel)
	lines := strings.SplitAfter(string(data), "\n")
	var b strings.Builder
	b.Grow(len(data) + 200)
	isModeline := func(i int) bool { return i < len(lines) && strings.HasPrefix(lines[i], ModelinePrefix) }
	b.WriteString(line + "\n")
	i := 0
	if isModeline(0) {
		i = 1
	}
	for ; i < len(lines); i++ {
		b.WriteString(lines[i])
		if t := strings.TrimRight(lines[i], "\r\n"); t == "---" && strings.HasSuffix(lines[i], "\n") {
			b.WriteString(line + "\n")
			if isModeline(i + 1) {
				i++
			}
		}
	}
	return []byte(b.String())
}

// ValidID reports whether s is a valid id (common.schema.json's id pattern).
func ValidID(s string) bool {
	if s == "" || !isAlnum(rune(s[0])) {
		return false
	}
	for _, r := range s {
		if !isAlnum(r) && r != '.' && r != '_' && r != '-' {
			return false
		}
	}
	return true
}

func isAlnum(r rune) bool { return r < 0x80 && (unicode.IsLetter(r) || unicode.IsDigit(r)) }

// IDFor makes a package id from a folder name: lower case, every run of other characters a '-'. A name with
// no letter or digit gives "my-game".
func IDFor(folder string) string {
	var b strings.Builder
	dash := false
	for _, r := range strings.ToLower(folder) {
		if isAlnum(r) || r == '.' || r == '_' {
			if dash && b.Len() > 0 {
				b.WriteByte('-')
			}
			dash = false
			b.WriteRune(r)
			continue
		}
		dash = true
	}
	id := strings.TrimLeft(b.String(), "._")
	if !ValidID(id) {
		return "my-game"
	}
	return id
}

// NameFor makes a game's name from its id: my-first-game becomes My First Game.
func NameFor(id string) string {
	words := strings.FieldsFunc(id, func(r rune) bool { return r == '-' || r == '_' || r == '.' })
	for i, w := range words {
		words[i] = strings.ToUpper(w[:1]) + w[1:]
	}
	return strings.Join(words, " ")
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// MusterRange is the manifest's muster range for a package started with this muster: this release and any
// later one with the same major number (">=0.2" for muster 0.2.x), so validate names the checks added after it.
func MusterRange() string {
	major, rest, _ := strings.Cut(content.MusterVersion, ".")
	minor, _, _ := strings.Cut(rest, ".")
	return ">=" + major + "." + minor
}
