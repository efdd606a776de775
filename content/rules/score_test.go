package rules

import (
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content"
)

func examplePackage(t *testing.T, name string) *Engine {
	t.Helper()
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", name))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	return New(pkg)
}

// What a scenario can score, worked out by hand from the content: THG 15.4.1 gives the Romans +1 for each of
// their 42 units that exits, +1 for each of the 33 Allied units eliminated, +3 for each of 4 bridge hexes, +5
// for each of 2 village hexes, -1 for each of their 42 units eliminated and -6 once: -48 to 97. Isandlwana's
// British score +1 a Zulu stand (780), -5 a British stand (110), 25 for the three objectives both sides are
// awarded and 3 for each of the other five: -550 to 820. De Gre's armies score their own cost points left.
func TestScoreRanges(t *testing.T) {
	for _, c := range []struct {
		pkg, sc string
		want    map[string][2]string
	}{
		{"highest-ground", "introductory", map[string][2]string{"roman": {"-48", "97"}}},
		{"highest-ground-barbarians", "border-raid", map[string][2]string{"barbarian": {"-36", "78"}}},
		{"fields-of-honor", "isandlwana", map[string][2]string{"british": {"-550", "820"}, "zulu": {"-780", "590"}}},
		{"ancients", "roman-carthaginian", map[string][2]string{"roman": {"0", "184"}, "carthaginian": {"0", "203"}}},
		{"prestags", "example-bridge", nil}, // a ratio of victory points: each side records the enemy's losses
	} {
		e := examplePackage(t, c.pkg)
		got := e.ScoreRanges(e.Package().Scenario(c.sc))
		if len(got) != len(c.want) {
			t.Errorf("%s: %d sides score, want %d", c.sc, len(got), len(c.want))
		}
		for _, s := range got {
			w := c.want[s.Side]
			if !s.Known() || s.Low.String() != w[0] || s.High.String() != w[1] {
				t.Errorf("%s, side %s: %s to %s (known %v), want %s to %s", c.sc, s.Side, s.Low, s.High, s.Known(), w[0], w[1])
			}
		}
	}
}

// An award that says only in words what it counts leaves the range unknown, and the award is named.
func TestScoreRangeUnbounded(t *testing.T) {
	e := examplePackage(t, "highest-ground")
	sc := *e.Package().Scenario("introductory")
	v := *sc.Victory
	v.Awards = append([]content.Award{{Side: "roman", Points: v.Awards[0].Points, Per: "something in words"}}, v.Awards...)
	sc.Victory = &v
	got := e.ScoreRanges(&sc)
	if len(got) != 1 || got[0].Known() || got[0].Unbounded[0].Per != "something in words" {
		t.Errorf("%+v", got)
	}
}

// A roster counts what the System's roster names: PRESTAGS's forces are worth 40 and 34 VP, their leaders 0.
func TestRosterMeasure(t *testing.T) {
	e := examplePackage(t, "prestags")
	m := e.RosterMeasure()
	if m.ID != "vp" || m.Name != "VP" || m.IsPoints() {
		t.Fatalf("measure %+v", m)
	}
	ro, err := e.Roster("", "example-bridge")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"a": "40", "b": "34"}
	for _, s := range ro.Sides {
		if s.Total.String() != want[s.ID] {
			t.Errorf("side %s: %s VP, want %s", s.ID, s.Total, want[s.ID])
		}
	}
	for _, l := range ro.Forces[0].Lines {
		if l.Unit == "red-leader-2" && l.Each.Sign() != 0 {
			t.Errorf("a leader counts %s VP", l.Each)
		}
	}
	if _, ok := e.Measure("morale"); ok {
		t.Error("a stat PRESTAGS does not declare is a measure")
	}
	if m, ok := e.Measure("movement"); !ok || m.Name != "MA" {
		t.Errorf("a numeric stat is a measure named by its abbreviation: %+v %v", m, ok)
	}
}
