package validate

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content"
)

// The list is the documentation: every entry has a unique name that is a code prefix, a valid stage, and a
// doc of one title line, optionally followed by a blank line and the detail; families have no run functions
// and checks have at least one.
func TestCheckList(t *testing.T) {
	names := map[string]bool{}
	codeName := regexp.MustCompile(`^[a-z][a-z-]*$`)
	for _, c := range Checks() {
		if names[c.Name] {
			t.Errorf("%s is listed twice", c.Name)
		}
		names[c.Name] = true
		if !codeName.MatchString(c.Name) {
			t.Errorf("%q is not a code prefix (lower case words joined by -)", c.Name)
		}
		if c.Stage.String() == "invalid" {
			t.Errorf("%s has no stage", c.Name)
		}
		title, rest, more := strings.Cut(c.Doc, "\n")
		if title == "" || strings.HasSuffix(title, ".") {
			t.Errorf("%s: the doc's first line is a title without a full stop: %q", c.Name, title)
		}
		if more && (!strings.HasPrefix(rest, "\n") || strings.TrimSpace(rest) == "") {
			t.Errorf("%s: the title is followed by a blank line and the detail: %q", c.Name, c.Doc)
		}
		if c.Runs() != (c.Stage == StageCheck) && c.Name != "internal" {
			t.Errorf("%s: a check (stage check) runs, a code family (other stages) does not", c.Name)
		}
		if len(c.Requires) > 0 && !c.Runs() {
			t.Errorf("%s requires results but never runs", c.Name)
		}
	}
	for _, n := range []string{"io", "syntax", "schema", "references", "fixtures", "map-grid", "map-layout", "placement-labels", "stacking", "rules"} {
		if !names[n] {
			t.Errorf("%s is not listed", n)
		}
	}
	if c := CheckOf("stacking.limit"); c == nil || c.Name != "stacking" {
		t.Errorf("CheckOf(stacking.limit) = %v", c)
	}
}

// Every diagnostic code the examples and the broken fixtures produce belongs to an entry of the list, so
// `muster rules` and SARIF's rule table describe every code a user can meet.
func TestEveryCodeHasAnEntry(t *testing.T) {
	dirs := must.Glob(t, "testdata/maps/*")
	more := must.Glob(t, "../examples/*")
	dirs = append(append(dirs, more...), "testdata/rules/degre", "testdata/placement", "../examples/testdata/broken-mod")
	seen := 0
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "muster.yaml")); err != nil {
			continue
		}
		r := Load(dir)
		for _, d := range r.Diags {
			seen++
			if CheckOf(d.Code) == nil {
				t.Errorf("%s: code %s has no entry in the check list", dir, d.Code)
			}
		}
		for _, fr := range RunFixtures(r) {
			for _, d := range fr.Diags {
				if CheckOf(d.Code) == nil {
					t.Errorf("%s: fixture %s: code %s has no entry in the check list", dir, fr.Fixture.ID, d.Code)
				}
			}
		}
	}
	if seen == 0 {
		t.Fatal("no diagnostics at all: the test looks at nothing")
	}
}

// A check added to the list with a Force function is run by `muster test` on a fixture's force with no other
// change: the fixture that expects it to fire passes only while it is listed.
func TestFixturesRunEveryForceCheck(t *testing.T) {
	dir := writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": testSystem, "units.yaml": testUnits,
		"fixtures.yaml": `kind: Fixture
id: three-wagons
expect: fail
rules: [test-only]
force:
  units:
    - {unit: wagon, count: 3}
`})
	probe := &Check{Name: "test-only", Stage: StageCheck, Doc: "a check only this test lists",
		Force: func(p *Pass, f *content.Force) {
			for _, en := range f.Units {
				if en.Unit == "wagon" && en.Count > 2 {
					p.Errorf(en.At, "", "force %s has more than two wagons", f.ID)
				}
			}
		}}
	run := func() FixtureResult {
		res := RunFixtures(Load(dir))
		if len(res) != 1 {
			t.Fatalf("%d fixtures", len(res))
		}
		return res[0]
	}
	if res := run(); res.Pass {
		t.Fatal("the fixture passes before the check is listed: it proves nothing")
	}
	saved := checks
	checks = append(append([]*Check{}, saved...), probe)
	t.Cleanup(func() { checks = saved })
	if res := run(); !res.Pass {
		t.Errorf("with the check listed, the fixture fails: %s %v", res.Why, res.Diags)
	}
}

// Only the pipeline makes a Checked package: a Result written by hand (or by SchemaOnly) has not been through
// the checks, and printers, exporters and generators take nothing else.
func TestOnlyThePipelineChecks(t *testing.T) {
	r := Load(thg)
	if _, err := r.Checked(); err != nil {
		t.Fatalf("The Highest Ground: %v", err)
	}
	if _, err := (Result{Pkg: r.Pkg}).Checked(); err == nil {
		t.Error("a Result made by hand gave a Checked package")
	}
	if _, err := SchemaOnly(thg).Checked(); err == nil {
		t.Error("the schema layer alone gave a Checked package")
	}
	broken := Load("../examples/testdata/broken-mod")
	if _, err := broken.Checked(); err == nil || !strings.Contains(err.Error(), "3 errors") {
		t.Errorf("a package with errors: %v", err)
	}
}

// docs/checks.md is the generated list of checks, linked from SARIF rules (helpUri); it must equal what
// `muster rules --format markdown` prints. Regenerate it with: go run ./cmd/muster rules --format markdown > docs/checks.md
func TestChecksDocIsCurrent(t *testing.T) {
	got := ChecksMarkdown()
	for _, c := range Checks() {
		if !strings.Contains(got, "\n## "+c.Name+"\n") || CheckAnchor(c.Name) == "" {
			t.Errorf("no section for %s", c.Name)
		}
	}
	saved, err := os.ReadFile(filepath.Join("..", "docs", "checks.md"))
	if err != nil || string(saved) != got {
		t.Errorf("docs/checks.md is out of date (%v): go run ./cmd/muster rules --format markdown > docs/checks.md", err)
	}
}
