package scaffold

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/build"
	"github.com/muster-wargames/muster/validate"
)

// writeAll puts files under dir (the test's own folder, so plain os calls).
func writeAll(t *testing.T, dir string, files []output.File) {
	t.Helper()
	for _, f := range files {
		p := filepath.Join(dir, filepath.FromSlash(f.Path))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, f.Data, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// Each grid's starter game validates with no problem at all (no warning either), passes its content tests
// and builds every output.
func TestNewGameValidatesAndBuilds(t *testing.T) {
	for _, grid := range Grids {
		t.Run(grid, func(t *testing.T) {
			files, err := New(Options{Grid: grid, ID: "my-game", Name: "My Game"})
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "my-game")
			writeAll(t, dir, files)
			r := validate.Load(dir)
			if len(r.Diags) > 0 {
				t.Fatalf("want no problems, got:\n%v", r.Diags)
			}
			for _, res := range validate.RunFixtures(r) {
				if !res.Pass {
					t.Errorf("fixture %s fails: %s %v", res.Fixture.ID, res.Why, res.Diags)
				}
			}
			checked, err := r.Checked()
			if err != nil {
				t.Fatal(err)
			}
			res, err := build.Run(checked, build.Options{}, nil)
			if err != nil {
				t.Fatalf("build: %v", err)
			}
			var names []string
			for _, f := range res.Files {
				names = append(names, f.Path)
			}
			for _, want := range []string{"counters.pdf", "maps/field.pdf", "scenarios/the-crossing.pdf"} {
				if !strings.Contains(strings.Join(names, " "), want) {
					t.Errorf("build made %v, no %s", names, want)
				}
			}
		})
	}
}

// Every example package carries the schemas its modelines point at, exactly as muster writes them today.
// After a schema changes, refresh them with:
//
//	for d in examples/*/.muster/schemas; do go run ./cmd/muster schema export $d; done
func TestExampleSchemasAreCurrent(t *testing.T) {
	want, err := SchemaFiles(".")
	if err != nil {
		t.Fatal(err)
	}
	dirs, _ := filepath.Glob("../../examples/*/muster.yaml")
	if len(dirs) < 6 {
		t.Fatalf("found %d examples", len(dirs))
	}
	for _, m := range dirs {
		folder := filepath.Join(filepath.Dir(m), filepath.FromSlash(SchemaFolder))
		ents, _ := os.ReadDir(folder)
		if len(ents) != len(want) {
			t.Errorf("%s holds %d files, want %d: for d in examples/*/.muster/schemas; do go run ./cmd/muster schema export $d; done", folder, len(ents), len(want))
		}
		for _, f := range want {
			got, err := os.ReadFile(filepath.Join(folder, f.Path))
			if err != nil || string(got) != string(f.Data) {
				t.Errorf("%s/%s is not current (%v): for d in examples/*/.muster/schemas; do go run ./cmd/muster schema export $d; done", folder, f.Path, err)
			}
		}
	}
}
