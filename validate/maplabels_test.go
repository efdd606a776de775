package validate

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// valeWithLabels is the art test package with the vale map's labels replaced by these lines.
func valeWithLabels(t *testing.T, labels string) Result {
	t.Helper()
	dir := copyTree(t, "../examples/testdata/art")
	p := filepath.Join(dir, "maps", "vale.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	old := "  - {text: Vado Woods, cell: \"0202\", font: narrow}\n"
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", p, old)
	}
	b = bytes.Replace(b, []byte(old), []byte(labels), 1)
	if err := os.WriteFile(p, b, 0o644); err != nil {
		t.Fatal(err)
	}
	return Load(dir)
}

// labelDiags are the map-labels check's diagnostics, as code@file:line.
func labelDiags(r Result) []string {
	var out []string
	for _, d := range r.Diags {
		if strings.HasPrefix(d.Code, "map-labels.") {
			out = append(out, d.Severity.String()+" "+d.Code+"@"+filepath.Base(d.Pos.File)+":"+itoa(d.Pos.Line)+" "+d.Message)
		}
	}
	return out
}

// A label pinned off the map is an error at its line; one pinned on it is none; a label the placer cannot
// find room for (pinned names fill the room round it) is a warning at its line.
func TestMapLabelPins(t *testing.T) {
	r := valeWithLabels(t, "  - {text: Vado Woods, cell: \"0202\", at: above, offset: [0, -400]}\n")
	got := labelDiags(r)
	if len(got) != 1 || !strings.HasPrefix(got[0], "error map-labels.off-map@vale.yaml:28 ") || !strings.Contains(got[0], `"Vado Woods"`) {
		t.Errorf("a label pinned 400pt above the map: %q, want one off-map error at vale.yaml:28", got)
	}
	if _, err := r.Checked(); err == nil {
		t.Error("a package with a label pinned off the map is checked: build would print it")
	}
	r = valeWithLabels(t, "  - {text: Vado Woods, cell: \"0202\", at: right, offset: [2, -3], rotate: -30}\n")
	for _, g := range labelDiags(r) {
		if strings.Contains(g, "off-map") {
			t.Errorf("a label pinned on the map: %q", g)
		}
	}
	// Sixty names on one cell: the room within reach of it runs out, and the names that find none are warned
	// of at their lines, the first ones placed are not.
	var b strings.Builder
	for i := range 60 {
		b.WriteString("  - {text: \"The long ridge of Vado " + itoa(i) + "\", cell: \"0505\"}\n")
	}
	crowded := 0
	for _, g := range labelDiags(valeWithLabels(t, b.String())) {
		switch {
		case strings.HasPrefix(g, "warning map-labels.crowded@vale.yaml:"):
			crowded++
			if strings.HasPrefix(g, "warning map-labels.crowded@vale.yaml:28 ") {
				t.Errorf("the first name placed is crowded: %s", g)
			}
		default:
			t.Errorf("unexpected: %s", g)
		}
	}
	if crowded == 0 {
		t.Error("sixty names on one cell: no crowded warning")
	}
}
