package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// What a roster or an award counts must be units, points, or a numeric stat or derived value of the System,
// and an award's `of` a side of the scenario: a mistyped one is an error at the key, with the nearest id.
func TestCountsAreReferences(t *testing.T) {
	dir := copyTree(t, filepath.Join("..", "examples", "prestags"))
	edit := func(file, old, new string) {
		p := filepath.Join(dir, file)
		b, err := os.ReadFile(p)
		if err != nil || !strings.Contains(string(b), old) {
			t.Fatalf("%s lacks %q", file, old)
		}
		must.WriteFile(t, p, []byte(strings.Replace(string(b), old, new, 1)))
	}
	edit("system.yaml", "  counts: vp\n", "  counts: vps\n")
	edit("scenarios/example.yaml", "  measure: ratio\n", "  measure: ratio\n  awards:\n    - {side: a, points: 1, per: x, of: c, counts: melee}\n    - {side: a, points: 1, per: y, of: b, counts: level2}\n")
	r := Load(dir)
	var got []string
	for _, d := range r.Diags {
		if d.Code == "references.unknown" {
			got = append(got, d.Pos.File[strings.LastIndex(d.Pos.File, "/")+1:]+": "+d.Message+" ("+d.Hint+")")
		}
	}
	want := []string{`system.yaml: unknown numeric stat, derived value, units or points "vps" (did you mean "vp"?)`,
		`example.yaml: unknown side "c"`, `example.yaml: unknown numeric stat, derived value, units or points "level2" (did you mean "level"?)`}
	joined := strings.Join(got, "\n")
	for _, w := range want {
		if !strings.Contains(joined, w) {
			t.Errorf("no %q among:\n%s", w, joined)
		}
	}
	if strings.Contains(joined, `"melee"`) {
		t.Errorf("melee is a numeric stat, yet reported:\n%s", joined)
	}
}
