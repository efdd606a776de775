package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v5"

	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/schema"
)

// Every JSON output names its form in "schema", and validates against the schema `muster schema export
// --outputs` writes for that form: diagnostics (with related places, hints, expected warnings, from validate
// and from a refused export), rosters (forces; a scenario's sides), rules (all, and a package's) and content
// tests. The schemas are strict (no unknown keys), so a field added without its schema fails here.
func TestJSONOutputsMatchTheirSchemas(t *testing.T) {
	dir := t.TempDir()
	if code, out, errs := runCLI(t, "schema", "export", "--outputs", dir); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	c := jsonschema.NewCompiler()
	c.Draft = jsonschema.Draft2020
	ents, err := os.ReadDir(dir)
	must.Do(t, err)
	if len(ents) != len(schema.OutputFiles()) || len(ents) < 4 {
		t.Fatalf("exported %d output schemas, want %d", len(ents), len(schema.OutputFiles()))
	}
	for _, e := range ents {
		f, err := os.Open(filepath.Join(dir, e.Name()))
		must.Do(t, err)
		must.Do(t, c.AddResource(schema.BaseURL+"output/"+e.Name(), f))
		f.Close()
	}
	broken := "../../content/testdata/mods/mod-broken"
	thg := "../../examples/highest-ground"
	notModule := filepath.Join(t.TempDir(), "x.vmod")
	must.WriteFile(t, notModule, []byte("not a zip"))
	seen := map[string]bool{}
	for _, args := range [][]string{
		{"validate", "--format", "json", broken},
		{"validate", "--format", "json", thg},
		{"export", "vassal", "--check", notModule, "--format", "json"},
		{"roster", "--format", "json", "../../examples/ancients"},
		{"roster", "--format", "json", thg, "--scenario", "introductory"},
		{"rules", "--format", "json"},
		{"rules", "--format", "json", thg},
		{"test", "--format", "json", thg},
		{"diff", "--format", "json", "../../examples/testdata/river-line", "../../examples/testdata/river-line"},
	} {
		_, out, errs := runCLI(t, args...)
		var doc any
		if err := json.Unmarshal([]byte(out), &doc); err != nil {
			t.Errorf("muster %s: not JSON (%v): %s %s", strings.Join(args, " "), err, out, errs)
			continue
		}
		form, _ := doc.(map[string]any)["schema"].(string)
		name, ok := strings.CutPrefix(form, "muster/")
		if !ok {
			t.Errorf("muster %s: schema %q", strings.Join(args, " "), form)
			continue
		}
		seen[form] = true
		s, err := c.Compile(schema.BaseURL + "output/" + strings.ReplaceAll(name, "/", ".") + ".schema.json")
		if err != nil {
			t.Errorf("muster %s: no schema for %q: %v", strings.Join(args, " "), form, err)
			continue
		}
		if err := s.Validate(doc); err != nil {
			t.Errorf("muster %s: the output does not match %s: %#v", strings.Join(args, " "), form, err)
		}
	}
	for _, form := range []string{"muster/diagnostics/v1", "muster/roster/v1", "muster/rules/v1", "muster/test/v1", "muster/diff/v1"} {
		if !seen[form] {
			t.Errorf("no output of form %s was checked", form)
		}
	}
}
