package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An area holds as many of a side's units as its supply, one more where the side holds it (area-good's
// System): north-west (supply 2, red's) holds three red units but not four; north (supply 1) one; a capacity on
// both sides together (where enemies may share an area) counts the enemy too.
func TestCapacity(t *testing.T) {
	for _, tc := range []struct {
		name, setup, scope string
		want               []string
	}{
		{"three where the side holds the area", "{unit: knight, count: 3, cells: [north-west, north-west, north-west]}", "", nil},
		{"four there", "{unit: knight, count: 4, cells: [north-west, north-west, north-west, north-west]}", "",
			[]string{"area north-west holds 4 units of side red (4 x knight), more than its capacity of 3 (supply 2 + 1 for holding it)"}},
		{"two in an area of supply 1", "{unit: knight, count: 2, cells: [north, north]}", "",
			[]string{"area north holds 2 units of side red (2 x knight), more than its capacity of 1 (supply 1)"}},
		{"both sides together in north-east", "{unit: knight, count: 3, cells: [north-east, north-east, north-east]}", "cell",
			[]string{"area north-east holds 4 units of both sides (4 x knight), more than its capacity of 3 (supply 3)"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("testdata", "maps", "area-good"))
			sc := filepath.Join(dir, "scenario.yaml")
			text, err := os.ReadFile(sc)
			if err != nil {
				t.Fatal(err)
			}
			s := strings.Replace(string(text), "      - {unit: knight, cells: [north-west]}\n      - {unit: knight, zone: {near: north-west, within: 1}}\n", "      - "+tc.setup+"\n", 1)
			if s == string(text) {
				t.Fatal("the fixture's set-up is not where the test expects it")
			}
			if err := os.WriteFile(sc, []byte(s), 0o644); err != nil {
				t.Fatal(err)
			}
			if tc.scope != "" {
				sys := filepath.Join(dir, "system.yaml")
				text, err := os.ReadFile(sys)
				if err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(sys, []byte(strings.Replace(string(text), "capacity: {", "enemies: true\n  capacity: {scope: "+tc.scope+", ", 1)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			r := Load(dir)
			var got []string
			for _, d := range r.Diags {
				if d.Code == "stacking.capacity" {
					got = append(got, d.Message)
				}
			}
			if len(got) != len(tc.want) {
				t.Fatalf("got %q, want %q (all: %v)", got, tc.want, r.Diags)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], tc.want[i]) {
					t.Errorf("got %q\nwant %q", got[i], tc.want[i])
				}
			}
		})
	}
}
