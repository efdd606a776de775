package validate

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// A run with a Memo finds exactly what a run without one finds, edit after edit of The Highest Ground: values
// that reachability does not read (the analysis reused), a unit's movement and a board's terrain (analysed
// again), lines moved in the scenario's file (findings at new positions), a length that leaves objectives out
// of reach (findings), an error, and everything written back.
func TestMemoFindsWhatAFullRunFinds(t *testing.T) {
	dir := copyTree(t, "../examples/highest-ground")
	var m Memo
	type step struct {
		what, file, old, new string
		reused               bool // the analysis of the scenario is reused, not run
	}
	steps := []step{
		{"the first run", "", "", "", false},
		{"a unit's attack", "units/feudal.yaml", "attack: 3, morale: 3", "attack: 4, morale: 3", true},
		{"a unit's morale on its back", "units/feudal.yaml", "attack: 1, morale: 3", "attack: 1, morale: 2", true},
		{"a unit's movement", "units/feudal.yaml", "movement: 2, range: 0, attack: 4", "movement: 3, range: 0, attack: 4", false},
		{"a short game: objectives out of reach", "scenarios/introductory.yaml", "objectives:\n", "length: {turns: 1}\nobjectives:\n", false},
		{"a unit's attack again, with findings", "units/feudal.yaml", "attack: 4, morale: 3", "attack: 5, morale: 3", true},
		{"lines moved above the findings", "scenarios/introductory.yaml", "kind: Scenario\n", "kind: Scenario\n# a comment\n# another\n", false},
		{"a board's terrain", "boards/I.yaml", `"..ff.........hh....."`, `"..ff.........hhh...."`, false},
		{"a unit's classes", "units/feudal.yaml", "classes: [combat, feudal, mounted]", "classes: [combat, feudal]", false},
		{"an error", "units/feudal.yaml", "attack: 5, morale: 3", "attack: 5x, morale: 3", true},
		{"the error fixed", "units/feudal.yaml", "attack: 5x, morale: 3", "attack: 3, morale: 3", true},
	}
	for i, s := range steps {
		if s.file != "" {
			p := filepath.Join(dir, s.file)
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(b, []byte(s.old)) {
				t.Fatalf("%s: %s has no %q", s.what, s.file, s.old)
			}
			if err := os.WriteFile(p, bytes.Replace(b, []byte(s.old), []byte(s.new), 1), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		got, want := LoadMemo(dir, &m), Load(dir)
		if a, b := diagJSON(t, got), diagJSON(t, want); a != b {
			t.Errorf("%s: with the memo\n%s\nwithout\n%s", s.what, a, b)
		}
		if s.reused != (m.Reused == 1) || m.Reused+m.Ran != 1 {
			t.Errorf("%s: the analysis reused %d times, ran %d times; want it reused: %v", s.what, m.Reused, m.Ran, s.reused)
		}
		if _, err := got.Checked(); (err == nil) != (s.what != "an error") {
			t.Errorf("%s: checked: %v", s.what, err)
		}
		if i == 4 && !bytes.Contains([]byte(diagJSON(t, want)), []byte("analysis.unreachable")) {
			t.Errorf("%s: the analysis finds nothing: the test no longer tests reused findings", s.what)
		}
	}
}

// diagJSON is every field of every diagnostic, in order.
func diagJSON(t *testing.T, r Result) string {
	t.Helper()
	b, err := json.MarshalIndent(r.Diags, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}
