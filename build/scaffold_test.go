package build

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/validate"
)

// Each grid's starter game (muster init's) validates with no problem at all (no warning either), passes its content tests
// and builds every output.
func TestStarterGameValidatesAndBuilds(t *testing.T) {
	for _, grid := range scaffold.Grids {
		t.Run(grid, func(t *testing.T) {
			files, err := scaffold.New(scaffold.Options{Grid: grid, ID: "my-game", Name: "My Game"})
			if err != nil {
				t.Fatal(err)
			}
			dir := filepath.Join(t.TempDir(), "my-game")
			if err := output.CreateFolder(dir, files, output.FileOptions{}); err != nil {
				t.Fatal(err)
			}
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
			res, err := Run(checked, Options{}, nil)
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
