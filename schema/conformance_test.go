package schema

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
)

// TestConformanceCorpus judges the same documents as schema/conformance/check.mjs (Ajv, strict mode) and
// must reach the same verdicts: the files' "# expect:" line for the corpus, valid for every example. The
// dispatching muster.schema.json must agree with each kind's own schema.
func TestConformanceCorpus(t *testing.T) {
	c, err := load()
	if err != nil {
		t.Fatal(err)
	}
	var files []string
	filepath.WalkDir(filepath.Join("testdata", "conformance"), func(p string, e os.DirEntry, err error) error {
		if err == nil && !e.IsDir() {
			files = append(files, p)
		}
		return nil
	})
	if len(files) < 10 {
		t.Fatalf("only %d conformance files", len(files))
	}
	filepath.WalkDir(filepath.Join("..", "examples"), func(p string, e os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if e.IsDir() && (e.Name() == "testdata" || e.Name() == "node_modules" || strings.HasPrefix(e.Name(), ".")) {
			return filepath.SkipDir
		}
		if !e.IsDir() && (strings.HasSuffix(p, ".yaml") || strings.HasSuffix(p, ".yml") || strings.HasSuffix(p, ".json")) {
			files = append(files, p)
		}
		return nil
	})
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		want := "valid"
		if strings.HasPrefix(string(data), "# expect: invalid") {
			want = "invalid"
		}
		docs, ds := content.Parse(f, data)
		if len(ds) > 0 {
			t.Errorf("%s: %v", f, ds)
			continue
		}
		for _, d := range docs {
			out, _ := Check([]*content.Document{d})
			got := "valid"
			if len(out) > 0 {
				got = "invalid"
			}
			if got != want {
				t.Errorf("%s doc %d: muster says %s, want %s: %v", f, d.Index, got, want, out)
			}
			topValid := c.top.Validate(d.Value) == nil
			if topValid != (got == "valid") {
				t.Errorf("%s doc %d: muster.schema.json says valid=%v, the %s schema says %s", f, d.Index, topValid, d.Kind, got)
			}
		}
	}
}
