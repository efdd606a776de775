package validate

import (
	"os"
	"path/filepath"
	"strings"
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

// riverLine is the classic operational test package, every item of issue 15 in one game.
const riverLine = "../examples/testdata/river-line"

// withFixture copies a package and adds a fixture file to it.
func withFixture(t *testing.T, src, fixture string) string {
	t.Helper()
	dir := copyTree(t, src)
	if err := os.WriteFile(filepath.Join(dir, "fixtures", "zz-test.yaml"), []byte(fixture), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

// fixtureResult runs a package's fixtures and returns the one of an id.
func fixtureResult(t *testing.T, dir, id string) FixtureResult {
	t.Helper()
	r := Load(dir)
	if r.Diags.HasErrors() {
		t.Fatalf("the package does not validate: %v", r.Diags)
	}
	for _, res := range RunFixtures(r) {
		if res.Fixture.ID == id {
			return res
		}
	}
	t.Fatalf("no fixture %s", id)
	return FixtureResult{}
}

// A roster lookup adds up what the System's roster counts, for a package force, the fixture's own force and a
// scenario side, and says what it got when it disagrees; written as a number, or with the roster's name.
func TestFixtureRosterLookups(t *testing.T) {
	good := withFixture(t, "../examples/prestags", `kind: Fixture
id: zz-rosters
expect: pass
force:
  id: zz-two-hc
  faction: red
  units: [{unit: red-hc, count: 2}]
rosters:
  - {force: example-a-force, expect: 40 VP}
  - {force: zz-two-hc, expect: 4}
  - {scenario: example-bridge, side: b, expect: "34 VP"}
`)
	if res := fixtureResult(t, good, "zz-rosters"); !res.Pass {
		t.Errorf("the rosters as they are: %s", res.Why)
	}
	bad := withFixture(t, "../examples/prestags", `kind: Fixture
id: zz-rosters
expect: pass
rosters:
  - {force: example-a-force, expect: 40 points}
  - {force: example-b-force, expect: 35}
  - {scenario: example-bridge, side: a, expect: 41}
`)
	res := fixtureResult(t, bad, "zz-rosters")
	for _, want := range []string{
		"the roster of force example-a-force comes to 40 VP, expected 40 points",
		"the roster of force example-b-force comes to 34 VP, expected 35",
		"the roster of side a of scenario example-bridge comes to 40 VP, expected 41",
	} {
		if res.Pass || !strings.Contains(res.Why, want) {
			t.Errorf("a wrong roster lookup: want %q in %q", want, res.Why)
		}
	}
}

// An outcome lookup may read the fixture's own scenario's victory conditions; numbers in expect may be written
// bare (3, not "3").
func TestFixtureOutcomeOfItsOwnScenario(t *testing.T) {
	dir := withFixture(t, "../examples/prestags", `kind: Fixture
id: zz-own
expect: pass
scenario:
  map: {map: prestags-map}
  sides:
    - {id: a, force: example-a-force}
    - {id: b, force: example-b-force}
  victory:
    decide:
      - {side: a, controls: [M]}
outcomes:
  - {scenario: zz-own, control: {M: a}, expect: a}
  - {scenario: zz-own, control: {M: b}, expect: b}
`)
	res := fixtureResult(t, dir, "zz-own")
	if res.Pass || !strings.Contains(res.Why, "scenario zz-own's victory conditions give none, expected b") || strings.Contains(res.Why, "expected a") {
		t.Errorf("the fixture's own scenario: %+v", res)
	}
}

// A fixture's stand-in map, table or unit type is reported at its own lines in the fixture, with its path
// from the fixture's root, not at the fixture's first line.
func TestFixtureStandInsReportTheirOwnLines(t *testing.T) {
	r := Load("../examples/rampant")
	for _, res := range RunFixtures(r) {
		if res.Fixture.ID != "gate-in-no-wall" && res.Fixture.ID != "cell-source-of-a-column-the-table-lacks" {
			continue
		}
		if len(res.Diags) == 0 {
			t.Fatalf("%s raises nothing", res.Fixture.ID)
		}
		for _, d := range res.Diags {
			if d.Pos.Line <= res.Fixture.At.Line || d.Pos.Path != "" && !strings.HasPrefix(d.Pos.Path, "/maps/0/") && !strings.HasPrefix(d.Pos.Path, "/tables/0/") {
				t.Errorf("%s: %s is not at its place in the fixture (fixture at line %d)", res.Fixture.ID, d, res.Fixture.At.Line)
			}
		}
	}
}

// A fixture's own scenario (and force) is part of the fixture's document too: a check that places a diagnostic
// by pointer finds the key.
func TestFixtureScenarioReportsItsOwnLines(t *testing.T) {
	r := Load("../examples/fields-of-honor")
	for _, res := range RunFixtures(r) {
		if res.Fixture.ID != "scaling-factor-of-nothing" {
			continue
		}
		if len(res.Diags) != 1 || res.Diags[0].Pos.Path != "/scenario/groundScale" {
			t.Errorf("the ground scale of a fixture's scenario: %v", res.Diags)
		}
		return
	}
	t.Fatal("no fixture scaling-factor-of-nothing")
}

// A fixture that stands a System key in for the package's counts what the variant adds to the package, not
// what it makes of the other fixtures' names: dropping the strategic mode says nothing about a fixture that
// moves in it.
func TestVariantFixtureCountsOnlyItsOwn(t *testing.T) {
	res := fixtureResult(t, riverLine, "rail-mode-along-a-feature-the-system-lacks")
	if len(res.Diags) != 1 || res.Diags[0].Code != "movement.feature" {
		t.Errorf("the variant's diagnostics: %v", res.Diags)
	}
}
