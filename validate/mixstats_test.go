package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A counter mix line prints values of its own (a force line's 2-stand detachment of a 4-stand type): a stat the
// System does not declare, a value its type does not allow and values on a marker's line are errors at the line.
func TestCounterMixLineStats(t *testing.T) {
	for _, tc := range []struct {
		name, line, code string
	}{
		{"unknown stat", "  - {unit: mounted-infantry, count: 1, stats: {stand: 2}}", "stats.unknown"},
		{"bad value", "  - {unit: mounted-infantry, count: 1, stats: {stands: many}}", "stats.value"},
		{"marker line", "  - {marker: objective-marker, count: 1, stats: {stands: 2}}", "stats.unknown"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := copyTree(t, filepath.Join("..", "examples", "fields-of-honor"))
			file := filepath.Join(dir, "counters.yaml")
			b, err := os.ReadFile(file)
			if err != nil {
				t.Fatal(err)
			}
			old := "  - {unit: mounted-infantry, count: 1, stats: {stands: 2}}"
			if !strings.Contains(string(b), old) {
				t.Fatalf("counters.yaml has no line %q", old)
			}
			src := strings.Replace(string(b), old, tc.line, 1)
			if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
				t.Fatal(err)
			}
			line := 1 + strings.Count(src[:strings.Index(src, tc.line)], "\n")
			r := Load(dir)
			for _, d := range r.Diags {
				if d.Code == tc.code && d.Pos.File == file && d.Pos.Line == line {
					return
				}
			}
			t.Errorf("want %s at %s:%d, got:\n%v", tc.code, file, line, r.Diags)
		})
	}
	// As written, the line validates and its card prints its own value (build's TestIsandlwanaSaysWhatTheContentHolds).
	if r := Load(filepath.Join("..", "examples", "fields-of-honor")); r.Diags.HasErrors() {
		t.Errorf("fields-of-honor: %v", r.Diags)
	}
}

// A block's label prints its steps: a counter mix line that gives a block values of its own is an error at the
// line's stats, not values silently left off the label.
func TestBlockMixLineStats(t *testing.T) {
	dir := copyTree(t, filepath.Join("..", "examples", "testdata", "marches"))
	file := filepath.Join(dir, "counters.yaml")
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	old := "  - {unit: hart-edric, count: 1}"
	if !strings.Contains(string(b), old) {
		t.Fatalf("counters.yaml has no line %q", old)
	}
	src := strings.Replace(string(b), old, "  - {unit: hart-edric, count: 1, stats: {strength: 2}}", 1)
	if err := os.WriteFile(file, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	line := 1 + strings.Count(src[:strings.Index(src, "hart-edric, count: 1, stats")], "\n")
	for _, d := range Load(dir).Diags {
		if d.Code == "stats.unknown" && d.Pos.Line == line && strings.Contains(d.Message, "block hart-edric") {
			return
		}
	}
	t.Errorf("no stats.unknown at counters.yaml:%d for a block's own values", line)
}
