package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// marchesEdited copies the Crown of the Marches and replaces text in its files (each old text must be there).
func marchesEdited(t *testing.T, edits map[string][][2]string) string {
	t.Helper()
	dir := copyTree(t, filepath.Join("..", "examples", "testdata", "marches"))
	for name, reps := range edits {
		p := filepath.Join(dir, name)
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		s := string(b)
		for _, r := range reps {
			if !strings.Contains(s, r[0]) {
				t.Fatalf("%s holds no %q", name, r[0])
			}
			s = strings.Replace(s, r[0], r[1], 1)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// Bad blocks, pools and pairs are each an error at the content's line and column, and nothing else is said
// of them: a step list longer than the label has edges at its fifth step, a count far beyond it at the count,
// a draw from an empty pool at the turn of that draw, a draw larger than its pool at its draw, a unit in two
// pools at the second, both units of a pair set up, a set-up strength none of the block's steps has, a label
// too large for a block. (The archers' steps 1, 1, 1 weaker than none before them is a warning, not counted.)
func TestBlockAndPoolDiagnostics(t *testing.T) {
	dir := marchesEdited(t, map[string][][2]string{
		"units.yaml": {
			{"steps: [3, 2, 1]", "steps: [3, 2, 1, 1, 1]"},                      // hart-archers, line 88
			{"steps: 3\nnotes: \"Hired", "steps: 100000000000\nnotes: \"Hired"}, // sea-raiders
		},
		"scenarios/crown-war.yaml": {
			{"        when: [2, 4]\n        note: \"Two levies a draw, face down in Ravensmoor", "        when: [2, 4, 5]\n        note: \"Two levies a draw, face down in Ravensmoor"},
			{"units: [{unit: hart-levy, count: 4}]\n        draw: 2", "units: [{unit: hart-levy, count: 4}, wyvern-levy]\n        draw: 6"},
			{"      - {unit: hart-archers, cells: [kingsbury], strength: 2}", "      - {unit: hart-archers, cells: [kingsbury], strength: 4}\n      - {unit: wyvern-vane, cells: [kingsbury]}"},
		},
		"counters.yaml": {{"size: 3/4in", "size: 3in"}},
	})
	r := Load(dir)
	var got []string
	for _, d := range r.Diags {
		if d.Code != "blocks.order" && (strings.HasPrefix(d.Code, "blocks.") || strings.HasPrefix(d.Code, "pools.") || strings.HasPrefix(d.Code, "pair.")) {
			got = append(got, filepath.ToSlash(strings.TrimPrefix(d.Pos.File, dir+string(filepath.Separator)))+":"+itoa(d.Pos.Line)+":"+itoa(d.Pos.Col)+" "+d.Code)
		}
	}
	want := []string{
		"units.yaml:88:21 blocks.edges",              // the fifth step of the archers
		"units.yaml:198:8 blocks.edges",              // the raiders' hundred billion steps
		"counters.yaml:9:9 blocks.label",             // labels of 3in
		"scenarios/crown-war.yaml:38:22 pools.empty", // the Wyvern muster's third draw, on turn 5
		"scenarios/crown-war.yaml:61:46 pools.twice", // wyvern-levy in a Hart pool and a Wyvern one
		"scenarios/crown-war.yaml:61:46 pools.force", // ... which Hart's forces do not field
		"scenarios/crown-war.yaml:62:15 pools.draw",  // six drawn from a pool of five
		"scenarios/crown-war.yaml:64:19 pools.empty", // ... so its second draw finds it empty
		"scenarios/crown-war.yaml:49:60 blocks.strength",
		"scenarios/crown-war.yaml:47:16 pair.both", // Vane for Hart, and for Wyvern on the next line
	}
	if len(got) != len(want) {
		t.Errorf("%d findings, want %d:\n%s", len(got), len(want), strings.Join(got, "\n"))
	}
	for _, w := range want {
		found := false
		for _, g := range got {
			found = found || g == w
		}
		if !found {
			t.Errorf("no %s; got\n%s", w, strings.Join(got, "\n"))
		}
	}
	for _, d := range r.Diags {
		if d.Code == "blocks.edges" && !strings.Contains(d.Message, "its label has 4 edges") {
			t.Errorf("%s: %s", d.Code, d.Message)
		}
	}
}
