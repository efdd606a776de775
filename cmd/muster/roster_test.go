package main

import (
	"strings"
	"testing"
)

// A game whose forces are not bought with points shows what its System's roster counts: PRESTAGS's Victory
// Points, 40 and 34 as the scenario gives them, never "15 units, 0 points" (issue 16 item 3).
func TestRosterCountsWhatTheSystemCounts(t *testing.T) {
	code, out, errs := runMuster(t, "roster", "../../examples/prestags")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"counting VP", "15 units, 40 VP", "17 units, 34 VP", "vp (ceil(melee / 2) + fire) = 5"} {
		if !strings.Contains(out, want) {
			t.Errorf("roster lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "0 points") {
		t.Errorf("roster prints points:\n%s", out)
	}
}

// A scenario roster totals each side with what the scenario grants it: the Introductory Scenario's forces
// cost 45 each, and 15.3.3's defence supplies (14 and 8 at ¼) make it 48½ against 47 (issue 16 item 6).
func TestScenarioRosterCountsGrants(t *testing.T) {
	code, out, errs := runMuster(t, "roster", thgDir, "--scenario", "introductory")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, want := range []string{"allied: 33 units, 48½ points (45 bought, 3½ granted by the scenario)",
		"roman: 42 units, 47 points (45 bought, 2 granted by the scenario)", "granted: 14 defence-supplies at ¼ = 3½"} {
		if !strings.Contains(out, want) {
			t.Errorf("roster lacks %q:\n%s", want, out)
		}
	}
	code, out, _ = runMuster(t, "roster", "--format", "json", thgDir, "--scenario", "introductory")
	if code != 0 || !strings.Contains(out, `"total": "48½"`) || !strings.Contains(out, `"counts": "points"`) {
		t.Errorf("json roster: exit %d\n%s", code, out)
	}
}
