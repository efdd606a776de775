package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// An entry edge is a set-up area only for the units it brings on at the start (issue 30, item 1): a side that
// sets up on listed cells and enters reinforcements by an edge on turn 4, or names one unit for an edge, gets
// no setup.outside for its set-up units; an edge of turn 1 that names no units is where the side sets up, and a
// unit outside it is told which area it is outside.
func TestEntriesAndTheSetUpArea(t *testing.T) {
	for _, tc := range []struct {
		name, entry string
		outside     []string // the units setup.outside reports, in order
	}{
		{"a later turn's edge", "entry: [{edge: west, turn: 4}]", nil},
		// The edge is the cavalry's set-up area alone: the cavalry on 0602 is outside it, the rest are free.
		{"an edge for one unit", "entry: [{edge: west, units: [north-cavalry]}]", []string{"north-cavalry"}},
		// Every unit sets up on the edge's first column: the armour on 0101 is on it, the others are not.
		{"a turn-1 edge", "entry: [{edge: west}]", []string{"north-infantry", "north-infantry", "north-infantry", "north-infantry", "north-armour", "north-cavalry", "north-hq"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("..", "examples", "testdata", "river-line"))
			file := filepath.Join(dir, "scenarios", "autumn-offensive.yaml")
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			// The Northern Army sets up on listed cells; its deployment zone gives way to the entry.
			const old = "    deployment: {edge: west, depth: 10}\n"
			if !strings.Contains(string(b), old) {
				t.Fatalf("the Autumn Offensive no longer has %q", old)
			}
			src := strings.Replace(string(b), old, "    "+tc.entry+"\n", 1)
			// One armoured corps on the west edge.
			src = strings.Replace(src, `{unit: north-armour, count: 2, cells: ["0707", "0509"]}`, `{unit: north-armour, count: 2, cells: ["0707", "0101"]}`, 1)
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			r := Load(dir)
			var outside []string
			for _, d := range r.Diags {
				if d.Code != "setup.outside" {
					continue
				}
				unit, _, _ := strings.Cut(strings.TrimPrefix(d.Message, "side north sets "), " ")
				outside = append(outside, unit)
				if !strings.Contains(d.Message, "outside its entry edge west") || !strings.Contains(d.Hint, "its entry edge west") {
					t.Errorf("%s (%s): the message and the hint name the area", d.Message, d.Hint)
				}
			}
			if strings.Join(outside, " ") != strings.Join(tc.outside, " ") {
				t.Errorf("setup.outside for %q, want %q", outside, tc.outside)
			}
		})
	}
}
