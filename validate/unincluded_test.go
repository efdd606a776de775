package validate

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A content file the include globs miss is a warning naming it, with a glob that would read it; muster's own
// output folder inside the package (a build's record and its files), hidden folders and testdata are never
// content, so they are not reported.
func TestUnincludedNamesForgottenFilesOnly(t *testing.T) {
	dir := copyTree(t, riverLine)
	files := map[string]string{
		"scenarios/notes/spring.yaml":       "kind: Scenario\nid: spring\n",
		"out/.muster-build.json":            `{"outputs": {}}`,
		"out/maps/river-line.json":          `{}`,
		".muster-build-123/counters.json":   `{}`,
		".vscode/settings.json":             `{}`,
		"testdata/broken.yaml":              "not: content\n",
		"scenarios/autumn-offensive.yaml~1": "backup\n",
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(data), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	var got []string
	for _, d := range Load(dir).Diags {
		if d.Code == "unincluded" {
			got = append(got, filepath.ToSlash(d.Pos.File))
			if !strings.Contains(d.Hint, "scenarios/notes/*.yaml") {
				t.Errorf("hint %q gives no glob for the file", d.Hint)
			}
		}
	}
	if len(got) != 1 || !strings.HasSuffix(got[0], "scenarios/notes/spring.yaml") {
		t.Errorf("unincluded files reported: %v, want scenarios/notes/spring.yaml alone", got)
	}
}
