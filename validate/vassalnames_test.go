package validate

import (
	"path/filepath"
	"slices"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// A phase, a deck and a card title ending with a backslash are each a warning at its own line: the VASSAL
// module lists them with others (the turn tracker's steps, a card's properties), where VASSAL reads the
// backslash as escaping the comma after it; names without one are not reported.
func TestVassalBackslashNames(t *testing.T) {
	dir := copyTree(t, "../examples/testdata/river-line")
	edit := func(rel, old, new string) { t.Helper(); must.Edit(t, filepath.Join(dir, rel), old, new) }
	if r := Load(dir); len(backslashDiags(dir, r)) != 0 {
		t.Fatalf("the river line as written: %v", backslashDiags(dir, r))
	}
	edit("system.yaml", "{id: weather, name: Weather Phase,", `{id: weather, name: "Weather Phase\\",`)
	edit("cards/events.yaml", "\nname: Fortunes of War\n", "\nname: \"Fortunes of War\\\\\"\n")
	got := backslashDiags(dir, Load(dir))
	want := []string{"cards/events.yaml:5", "system.yaml:151"}
	if !slices.Equal(got, want) {
		t.Errorf("backslash warnings at %v, want %v", got, want)
	}
}

// backslashDiags are the export-vassal.backslash warnings, as file:line relative to the package.
func backslashDiags(dir string, r Result) []string {
	var out []string
	for _, d := range r.Diags {
		if d.Code == "export-vassal.backslash" {
			rel, _ := filepath.Rel(dir, d.Pos.File)
			out = append(out, filepath.ToSlash(rel)+":"+itoa(d.Pos.Line))
		}
	}
	slices.Sort(out)
	return out
}
