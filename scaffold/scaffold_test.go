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
