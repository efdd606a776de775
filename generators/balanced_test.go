package generators

import (
	"bytes"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/validate"
)

// --balanced on the river line (bestOdds 1:1 to 4:1): seed 3 is passed over (South's best turn-1 odds are
// 1:2, and North can attack nothing on turn 1), so is 4, and seed 5 is kept; the scenario says so in its
// generated record, validates, and reads as balanced when analysed again. The same command gives the same bytes.
func TestBalancedKeepsAReachableBalancedSeed(t *testing.T) {
	q := Request{Kind: "scenario", Seed: 3, Balanced: true}
	res, err := Run(q, "../examples/testdata/river-line", "", false)
	if err != nil {
		t.Fatal(err)
	}
	text := string(res.Data)
	for _, want := range []string{"id: random-river-battle-5\n", "--seed 3 --balanced", "seed 5 kept: every objective is within reach of every side",
		"lie within 1:1 to 4:1", "passed over: seed 3: south''s best turn-1 odds are 1:2, outside 1:1 to 4:1 and north can attack no enemy stack on turn 1; seed 4:"} {
		if !strings.Contains(text, want) {
			t.Errorf("the file lacks %q:\n%.1500s", want, text)
		}
	}
	again, err := Run(q, "../examples/testdata/river-line", "", false)
	if err != nil || !bytes.Equal(again.Data, res.Data) {
		t.Errorf("not the same file twice: %v", err)
	}
	// Read back in its package, the kept scenario passes the same reading, and seed 3's does not.
	r := validate.LoadWith("../examples/testdata/river-line", "../examples/testdata/river-line/generated-by-muster.yaml", res.Data)
	if r.Diags.HasErrors() {
		t.Fatal(r.Diags)
	}
	var sc *content.Scenario
	for _, s := range r.Pkg.Scenarios() {
		if s.ID == "random-river-battle-5" {
			sc = s
		}
	}
	if sc == nil || sc.Generated == nil || !strings.HasPrefix(sc.Generated.Balanced, "seed 5 kept") {
		t.Fatalf("scenario %+v", sc)
	}
	ok, why, err := CheckBalance(r.Pkg, sc, []string{"1:1", "4:1"})
	if err != nil || !ok {
		t.Errorf("kept but not balanced: %s %v", why, err)
	}
	plain, err := Run(Request{Kind: "scenario", Seed: 3}, "../examples/testdata/river-line", "", false)
	if err != nil || strings.Contains(string(plain.Data), "balanced:") {
		t.Errorf("without --balanced: %v", err)
	}
}
