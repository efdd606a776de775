package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// Every example package's Fixture documents hold: `go test` runs the content tests of the showcase games.
func TestExampleFixtures(t *testing.T) {
	dirs, _ := filepath.Glob("../examples/*")
	ran := 0
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "muster.yaml")); err != nil {
			continue
		}
		t.Run(filepath.Base(dir), func(t *testing.T) {
			r := Load(dir)
			for _, res := range RunFixtures(r) {
				ran++
				if !res.Pass {
					t.Errorf("fixture %s (%s): %s", res.Fixture.ID, res.Fixture.At, res.Why)
					for _, d := range res.Diags {
						t.Logf("  %s", d)
					}
				}
			}
		})
	}
	if ran == 0 {
		t.Skip("no example package has fixtures yet")
	}
}

// The Highest Ground's fixtures fire exactly the rules they are about, at the fixture's own lines.
func TestHighestGroundFixtures(t *testing.T) {
	r := Load(thg)
	got := map[string]FixtureResult{}
	for _, res := range RunFixtures(r) {
		got[res.Fixture.ID] = res
	}
	want := map[string]string{
		"roman-one-baggage-train-short":        "rules.baggage",
		"recoilless-rifle-needs-its-own-train": "rules.baggage",
		"two-romans-in-a-hex":                  "stacking.class",
		"leaders-and-mercenaries-stack-freely": "rules.opposite-combat-units-in-hex",
	}
	for id, code := range want {
		res, ok := got[id]
		if !ok {
			t.Errorf("fixture %s missing", id)
			continue
		}
		found := false
		for _, d := range res.Diags {
			if d.Code == code {
				found = true
				if filepath.Base(d.Pos.File) != "baggage.yaml" && filepath.Base(d.Pos.File) != "stacking.yaml" {
					t.Errorf("%s: %s is not positioned in the fixture: %s", id, code, d)
				}
			}
		}
		if !found {
			t.Errorf("%s: no %s in %v", id, code, res.Diags)
		}
	}
	if res := got["roman-as-published"]; !res.Pass || res.Diags.Count(diag.Error) != 0 {
		t.Errorf("published Roman force: %+v", res)
	}
}
