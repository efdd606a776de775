package generators

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite content/testdata/generated from the examples' generators")

// generatedDir holds a file of each example generator (seed 1): content's round-trip test reads them
// (TestGeneratedDocumentsRoundTrip), so the YAML writer is tested on what `muster generate` writes.
const generatedDir = "../content/testdata/generated"

// The files in content/testdata/generated are what `muster generate` writes today with each example
// generator (seed 1): comments aside (they name muster's version and seal the file), byte for byte. Run
// `go test ./generators/ -run TestGeneratedFixtures -update` after a change to what a generator makes.
func TestGeneratedFixtures(t *testing.T) {
	pkgs := []string{"examples/ancients", "examples/fields-of-honor", "examples/highest-ground", "examples/testdata/river-line", "examples/testdata/marches", "examples/testdata/iron-roads"}
	want := map[string]bool{}
	for _, dir := range pkgs {
		g, _, err := Open(filepath.Join("..", dir))
		if err != nil {
			t.Fatal(err)
		}
		for _, gen := range g.Package().Generators() {
			name := filepath.Base(dir) + "." + gen.ID + "-1.yaml" // two packages may name generators alike
			want[name] = true
			q := Request{Kind: gen.Type, Generator: gen.ID, Seed: 1}
			data, err := Generate(g, q, dir, "../../../schema/muster.schema.json")
			if err != nil {
				t.Fatalf("%s: %v", gen.ID, err)
			}
			p := filepath.Join(generatedDir, name)
			if *update {
				if err := os.WriteFile(p, data, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			old, err := os.ReadFile(p)
			if err != nil {
				t.Errorf("%s: %v (run with -update)", gen.ID, err)
				continue
			}
			if !bytes.Equal(uncommented(old), uncommented(data)) {
				t.Errorf("%s: generate writes other YAML than %s (run with -update if the change is meant):\n%s", gen.ID, p, data)
			}
		}
	}
	files, err := filepath.Glob(filepath.Join(generatedDir, "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if !want[filepath.Base(f)] && !*update {
			t.Errorf("%s: no example generator makes it", f)
		}
	}
	if len(want) < 10 {
		t.Errorf("only %d example generators", len(want))
	}
}

// uncommented drops a file's comment lines.
func uncommented(b []byte) []byte {
	var out []string
	for _, l := range strings.Split(string(b), "\n") {
		if !strings.HasPrefix(l, "#") {
			out = append(out, l)
		}
	}
	return []byte(strings.Join(out, "\n"))
}
