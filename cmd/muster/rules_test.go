package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func runMuster(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errw bytes.Buffer
	code := run(append([]string{"muster"}, args...), &out, &errw)
	return code, out.String(), errw.String()
}

const thgDir = "../../examples/highest-ground"

func TestRosterCommand(t *testing.T) {
	code, out, errs := runMuster(t, "roster", thgDir, "--force", "intro-roman")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"intro-roman", "infantry-legions", "combat-morale (morale) = 2", "42 units, 45 points"} {
		if !strings.Contains(out, want) {
			t.Errorf("roster lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runMuster(t, "roster", "--format", "json", thgDir, "--scenario", "introductory")
	if code != 0 {
		t.Fatalf("json exit %d", code)
	}
	var ro struct {
		Forces []struct {
			ID, Side, Total string
		}
	}
	if err := json.Unmarshal([]byte(out), &ro); err != nil || len(ro.Forces) != 2 || ro.Forces[1].Side != "roman" || ro.Forces[1].Total != "45" {
		t.Errorf("json roster %v: %+v", err, ro)
	}
	if code, _, errs := runMuster(t, "roster", thgDir, "--force", "intro-romans"); code != 2 || !strings.Contains(errs, "intro-roman") {
		t.Errorf("unknown force: exit %d %q", code, errs)
	}
	if code, _, _ := runMuster(t, "roster", thgDir, "--force", "a", "--scenario", "b"); code != 2 {
		t.Errorf("both flags: exit %d", code)
	}
}

func TestRulesCommand(t *testing.T) {
	code, out, _ := runMuster(t, "rules", thgDir)
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{"stacking", "budget", "victory", "rules.baggage", "THG 14.6.5", "points.combat-morale"} {
		if !strings.Contains(out, want) {
			t.Errorf("rules lacks %q", want)
		}
	}
	if strings.Contains(out, "\n  timing ") {
		t.Errorf("timing does not apply (no scenario length):\n%s", out)
	}
	code, out, _ = runMuster(t, "rules", "--format", "json")
	if code != 0 || !strings.Contains(out, `"name": "formulas"`) {
		t.Errorf("json rules: %d %s", code, out)
	}
}

func TestTestCommand(t *testing.T) {
	code, out, errs := runMuster(t, "test", thgDir)
	if code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	if !strings.Contains(out, "PASS two-romans-in-a-hex") || !strings.Contains(out, "0 failed") {
		t.Errorf("output:\n%s", out)
	}
	code, out, _ = runMuster(t, "test", "--format", "json", thgDir)
	var res struct {
		Schema   string
		Fixtures []struct {
			ID   string
			Pass bool
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &res) != nil || len(res.Fixtures) < 4 || res.Schema != testSchema {
		t.Errorf("json: %d %s", code, out)
	}
	if code, _, _ := runMuster(t, "test"); code != 2 {
		t.Errorf("no package: exit %d", code)
	}
}

// A fixture that does not hold makes `muster test` exit 1 and says why.
func TestTestCommandFails(t *testing.T) {
	dir := t.TempDir()
	copyDir(t, thgDir, dir)
	writeFile(t, dir+"/fixtures/wrong.yaml", `kind: Fixture
id: wrong-expectation
expect: pass
force:
  id: short
  units:
    - {unit: infantry-legions, count: 8}
`)
	code, out, _ := runMuster(t, "test", dir)
	if code != 1 || !strings.Contains(out, "FAIL wrong-expectation") || !strings.Contains(out, "rules.baggage") {
		t.Errorf("exit %d:\n%s", code, out)
	}
}

func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := os.CopyFS(dst, os.DirFS(src))
	if err != nil {
		t.Fatal(err)
	}
}

func writeFile(t *testing.T, path, text string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
}

// Names and ids from the content cannot drive the terminal: roster and test escape control characters in
// their text output (issue 19.14).
func TestTextOutputEscapesControlCharacters(t *testing.T) {
	dir := t.TempDir()
	files := map[string]string{
		"muster.yaml": "kind: Package\nid: esc\nversion: 1.0.0\nsystem: sys\n",
		"system.yaml": "kind: System\nid: sys\ngrid: hex\nstats:\n  - {id: cost, type: int}\npoints:\n  - {id: cost, expr: cost}\n",
		"units.yaml":  "kind: UnitType\nid: u\nname: \"\\e[31mred\\e[2J\"\nstats: {cost: 2}\n---\nkind: Force\nid: f\nname: \"\\e]0;title\\a\"\nunits:\n  - {unit: u, count: 2}\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	code, out, errs := runCLI(t, "roster", dir)
	if code != 0 || !strings.Contains(out, "title") {
		t.Fatalf("roster: exit %d\n%s%s", code, out, errs)
	}
	if strings.ContainsAny(out, "\x1b\x07") {
		t.Errorf("roster wrote raw control characters: %q", out)
	}
}
