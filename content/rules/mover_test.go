package rules

import (
	"testing"

	"github.com/muster-wargames/muster/content/grid"
)

// A mover's steps are MoveCost's: a road goes on, a pass ends the move (Ends), a railway is no step for
// ordinary movement but one for rail movement, and an enemy's cell is no step at all.
func TestMoverSteps(t *testing.T) {
	e, set := networkEngine(t, "p2p-good", "front")
	cell := func(id string) grid.Cell {
		r, err := set.Lookup(id)
		if err != nil {
			t.Fatal(err)
		}
		return r.Cell
	}
	legs := func(mode, a, b string, enemy ...string) string {
		t.Helper()
		var cs []grid.Cell
		for _, x := range enemy {
			cs = append(cs, cell(x))
		}
		mv, err := e.Mover(set, "corps", mode, cs)
		if err != nil {
			t.Fatal(err)
		}
		ls, err := mv.Steps(cell(a), cell(b))
		if err != nil {
			t.Fatal(err)
		}
		out := ""
		for _, l := range ls {
			out += l.Cost.String()
			if l.Ends {
				out += " ends"
			}
			out += ";"
		}
		return out
	}
	for _, c := range []struct{ mode, a, b, want string }{
		{"", "alba", "brest", "1;"},
		{"", "erno", "brest", "2 ends;"}, // the town beyond the pass (1) and the pass (1): MoveCost's 3 from delm less the road
		{"", "brest", "corva", ""},
		{"rail", "brest", "corva", "½;"}, // the mode's path cost: MoveCost's 1 from alba is two of them
	} {
		if got := legs(c.mode, c.a, c.b); got != c.want {
			t.Errorf("%q %s-%s: %q, want %q", c.mode, c.a, c.b, got, c.want)
		}
	}
	if got := legs("", "alba", "brest", "brest"); got != "" {
		t.Errorf("into the enemy: %q, want no step", got)
	}
	mv, err := e.Mover(set, "corps", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if _, ok, _ := mv.Allowance(false); ok {
		t.Errorf("the fixture's System gives no allowance, yet one was read")
	}
}
