package content

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
)

// A side fields its force, then its forces, in the order it names them.
func TestSideForceIDs(t *testing.T) {
	for _, tc := range []struct {
		s    Side
		want string
	}{
		{Side{Force: "a"}, "a"},
		{Side{Forces: []string{"b", "c"}}, "b c"},
		{Side{Force: "a", Forces: []string{"b", "c"}}, "a b c"},
		{Side{}, ""},
	} {
		if got := strings.Join(tc.s.ForceIDs(), " "); got != tc.want {
			t.Errorf("%+v: %q, want %q", tc.s, got, tc.want)
		}
	}
}

// Where a placement's units stand: count units one per cell in turn, round the list again when there are
// more units than cells; count 0 fills the cells; a two-cell unit takes each next pair, and a pair naming one
// cell twice is that one cell. On a table, one unit per point in turn.
func TestPlacementUnits(t *testing.T) {
	for _, tc := range []struct {
		pl        Placement
		footprint int
		want      string
	}{
		{Placement{Cells: []string{"a", "b", "c"}}, 1, "a|b|c"},
		{Placement{Count: 5, Cells: []string{"a", "b"}}, 1, "a|b|a|b|a"},
		{Placement{Count: 1, Cells: []string{"a", "b", "c"}}, 1, "a"},
		{Placement{Cells: []string{"a", "b", "c", "d"}}, 2, "a b|c d"},
		{Placement{Cells: []string{"a", "b", "c"}}, 2, "a b|c a"},
		{Placement{Count: 3, Cells: []string{"a", "b"}}, 2, "a b|a b|a b"},
		{Placement{Count: 2, Cells: []string{"a"}}, 2, "a|a"},
		{Placement{Count: 4, Zone: &Zone{Near: "D"}}, 1, ""},
	} {
		var units []string
		for _, u := range tc.pl.UnitCells(tc.footprint) {
			units = append(units, strings.Join(u, " "))
		}
		if got := strings.Join(units, "|"); got != tc.want {
			t.Errorf("%+v, footprint %d: %q, want %q", tc.pl, tc.footprint, got, tc.want)
		}
	}
	in := func(x, y float64) []value.Length {
		return []value.Length{{Points: x * value.PointsPerInch}, {Points: y * value.PointsPerInch}}
	}
	pl := Placement{Count: 3, Points: [][]value.Length{in(1, 2), {{Points: 72}}, in(3, 4)}}
	if got := fmt.Sprint(pl.UnitPoints()); got != "[{1 2} {3 4} {1 2}]" {
		t.Errorf("points: %s", got)
	}
	pl.Count = 0
	if got := len(pl.UnitPoints()); got != 2 {
		t.Errorf("count 0: %d units, want one per point", got)
	}
}
