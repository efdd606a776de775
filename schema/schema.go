// Package schema holds muster's JSON Schemas (draft 2020-12, kept to the subset that means the same in
// draft-07 so editors can use them) and checks content documents against them. Schemas are embedded, compiled
// once per process, and every error is mapped back to the file, line and column of the offending node, with a
// did-you-mean for misspelled keys and enum values.
package schema

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v5"
)

//go:embed *.schema.json
var files embed.FS

// BaseURL is the (unreachable, never fetched) URL the schemas are compiled under; relative $refs between the
// files resolve against it, as they resolve against the folder in an editor.
const BaseURL = "https://muster.invalid/schema/"

// Top is the schema that dispatches on `kind`, for editors.
const Top = "muster.schema.json"

// FileForKind maps a document kind to its schema file.
var FileForKind = map[string]string{
	"Package":    "package.schema.json",
	"System":     "system.schema.json",
	"UnitType":   "unit-type.schema.json",
	"Marker":     "marker.schema.json",
	"CounterMix": "counter-mix.schema.json",
	"Map":        "map.schema.json",
	"Force":      "force.schema.json",
	"Scenario":   "scenario.schema.json",
	"Table":      "table.schema.json",
	"Generator":  "generator.schema.json",
	"Fixture":    "fixture.schema.json",
	"Deck":       "deck.schema.json",
	"Card":       "card.schema.json",
}

// Files lists the embedded schema file names, sorted.
func Files() []string {
	entries, _ := fs.ReadDir(files, ".")
	var out []string
	for _, e := range entries {
		out = append(out, e.Name())
	}
	sort.Strings(out)
	return out
}

// Read returns an embedded schema file's bytes.
func Read(name string) ([]byte, error) { return files.ReadFile(name) }

// The schemas of muster's own JSON outputs (--format json of validate and every command, roster, rules,
// test), one per form: each output names its form in its "schema" field (muster/roster/v1), and the file
// output/<form>.v1.schema.json describes it. `muster schema export` writes them into an output folder.
//
//go:embed output/*.schema.json
var outputFiles embed.FS

// OutputFiles lists the output schemas' file names (output/roster.v1.schema.json), sorted.
func OutputFiles() []string {
	entries, _ := fs.ReadDir(outputFiles, "output")
	var out []string
	for _, e := range entries {
		out = append(out, "output/"+e.Name())
	}
	sort.Strings(out)
	return out
}

// ReadOutput returns an output schema's bytes by its name in OutputFiles.
func ReadOutput(name string) ([]byte, error) { return outputFiles.ReadFile(name) }

type compiled struct {
	byKind map[string]*jsonschema.Schema
	top    *jsonschema.Schema
	raw    map[string]any // file name -> parsed JSON, to explain errors
}

var (
	once    sync.Once
	set     *compiled
	loadErr error
)

// load compiles every schema once per process.
func load() (*compiled, error) {
	once.Do(func() { set, loadErr = compileAll() })
	return set, loadErr
}

func compileAll() (*compiled, error) {
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	c.LoadURL = func(u string) (io.ReadCloser, error) {
		return nil, fmt.Errorf("schema %s is not embedded (muster never fetches schemas)", u)
	}
	out := &compiled{byKind: map[string]*jsonschema.Schema{}, raw: map[string]any{}}
	for _, name := range Files() {
		b, err := files.ReadFile(name)
		if err != nil {
			return nil, err
		}
		var v any
		dec := json.NewDecoder(bytes.NewReader(b))
		dec.UseNumber()
		if err := dec.Decode(&v); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
		out.raw[name] = v
		if err := c.AddResource(BaseURL+name, bytes.NewReader(b)); err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	for kind, name := range FileForKind {
		s, err := c.Compile(BaseURL + name)
		if err != nil {
			return nil, fmt.Errorf("compiling %s: %w", name, err)
		}
		out.byKind[kind] = s
	}
	top, err := c.Compile(BaseURL + Top)
	if err != nil {
		return nil, fmt.Errorf("compiling %s: %w", Top, err)
	}
	out.top = top
	return out, nil
}

// Kinds lists the kinds that have a schema, sorted.
func Kinds() []string {
	var out []string
	for k := range FileForKind {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// lookup resolves an absolute keyword location (URL#/json/pointer) to the raw schema value there.
func (c *compiled) lookup(abs string) any {
	u, frag, _ := strings.Cut(abs, "#")
	return valueAt(c.raw[strings.TrimPrefix(u, BaseURL)], frag)
}
