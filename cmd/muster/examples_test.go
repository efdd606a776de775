package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/examples"
)

// Every package under examples/ validates with no errors and no unexpected warnings (each warning it carries is
// listed in its manifest's expectWarnings with why), passes its own content tests, and builds.
func TestExamplesValidateAndBuild(t *testing.T) {
	names := examples.Packages("../../examples")
	if len(names) < 7 {
		t.Fatalf("found %d example packages, want the five games, a mod and the test games", len(names))
	}
	for _, name := range names {
		dir := filepath.Join("../../examples", name)
		t.Run(name, func(t *testing.T) {
			code, out, errs := runCLI(t, "validate", "--format", "json", dir)
			var rep struct {
				Diagnostics []struct {
					Severity, Code, Message string
					Expected                bool
				}
			}
			if err := json.Unmarshal([]byte(out), &rep); err != nil {
				t.Fatalf("validate output: %v\n%s%s", err, out, errs)
			}
			for _, d := range rep.Diagnostics {
				if d.Severity == "error" || (d.Severity == "warning" && !d.Expected) {
					t.Errorf("%s[%s]: %s", d.Severity, d.Code, d.Message)
				}
			}
			if code != 0 {
				t.Fatalf("validate exit %d", code)
			}
			if code, out, _ := runCLI(t, "test", dir); code != 0 {
				t.Errorf("muster test: exit %d\n%s", code, out)
			}
			outDir := filepath.Join(t.TempDir(), "out")
			if code, out, errs := runCLI(t, "build", dir, "-o", outDir); code != 0 {
				t.Fatalf("build: exit %d\n%s%s", code, out, errs)
			}
			if st, err := os.Stat(filepath.Join(outDir, "counters.pdf")); err != nil || st.Size() < 1000 {
				t.Errorf("counters.pdf missing or tiny: %v", err)
			}
			readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
			if err != nil {
				t.Fatalf("each example package has a README: %v", err)
			}
			if !strings.Contains(string(readme), "](preview.png)") {
				t.Error("the README shows no preview.png")
			} else if st, err := os.Stat(filepath.Join(dir, "preview.png")); err != nil || st.Size() < 2000 {
				t.Errorf("preview.png missing or empty: %v", err)
			}
		})
	}
}

// The deliberately broken mod shows a mod author the errors they get, and exactly those.
func TestBrokenModExample(t *testing.T) {
	code, out, _ := runCLI(t, "validate", "--format", "json", "../../examples/testdata/broken-mod")
	if code != 1 {
		t.Fatalf("broken mod: exit %d, want 1", code)
	}
	var rep struct {
		Diagnostics []struct{ Severity, Code string }
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatal(err)
	}
	var codes []string
	for _, d := range rep.Diagnostics {
		if d.Severity == "error" {
			codes = append(codes, d.Code)
		}
	}
	sort.Strings(codes)
	if got := strings.Join(codes, " "); got != "id.collision override.missing package.version-mismatch" {
		t.Errorf("errors = %s", got)
	}
}

// The rules' own figures, computed by the System's formulas: De Gre's standard division costs 187 points (its
// Appendix II), and the special armies' published 200 against what their lists add up to.
func TestAncientsRosterMatchesTheRules(t *testing.T) {
	code, out, _ := runCLI(t, "roster", "../../examples/ancients", "--format", "json")
	if code != 0 {
		t.Fatalf("roster exit %d", code)
	}
	var r struct {
		Forces []struct{ ID, Total, Declared string }
	}
	if err := json.Unmarshal([]byte(out), &r); err != nil {
		t.Fatal(err)
	}
	want := map[string][2]string{
		"standard-division": {"187", "187"},
		"carthaginian-army": {"203", "200"}, // 10+12+9+4x12+2x9+2x20+3x10+2x18: the published 200 does not add up
		"roman-army":        {"184", "200"},
		"macedonian-army":   {"185", "200"},
		"egyptian-army":     {"225", "200"},
		"assyrian-army":     {"198", "200"},
	}
	for _, f := range r.Forces {
		w, ok := want[f.ID]
		if !ok {
			continue
		}
		delete(want, f.ID)
		if f.Total != w[0] || f.Declared != w[1] {
			t.Errorf("%s: computed %s, declared %s; want %s and %s", f.ID, f.Total, f.Declared, w[0], w[1])
		}
	}
	for id := range want {
		t.Errorf("no roster for %s", id)
	}
}
