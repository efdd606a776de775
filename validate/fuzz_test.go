package validate

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// FuzzPipeline runs the whole pipeline (schemas, decoding, every check) on a small package whose content file
// is the fuzzer's input: whatever the input, it must not panic, and every diagnostic must have a file.
//
//	go test -fuzz FuzzPipeline -fuzztime 60s ./validate/
func FuzzPipeline(f *testing.F) {
	seeds := must.Glob(f, filepath.Join("testdata", "placement", "*.yaml"))
	more := must.Glob(f, filepath.Join("..", "examples", "highest-ground", "*", "*.yaml"))
	for _, p := range append(seeds, more...) {
		if b, err := os.ReadFile(p); err == nil && len(b) < 20000 {
			f.Add(b)
		}
	}
	f.Add([]byte("kind: Scenario\nid: s\nmap: {boards: [{board: x}, {board: x, rightOf: x}]}\nsides: [{id: a, setup: [{unit: foot, cells: [\"\"]}]}]\n"))
	f.Add([]byte("kind: Map\nid: m\ngrid: {type: hex, cols: 0, rows: -1}\nterrain: [\"\"]\n"))
	f.Add([]byte("kind: System\nid: sys\npoints: [{id: p, expr: \"1/0\"}]\nrules: [{id: r, check: \"units[99].x\"}]\n"))
	sys, err := os.ReadFile(filepath.Join("testdata", "placement", "system.yaml"))
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		dir := t.TempDir()
		write := func(name string, b []byte) {
			if err := os.WriteFile(filepath.Join(dir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		write("muster.yaml", []byte("kind: Package\nid: fuzz\nversion: 1.0.0\nsystem: sys\n"))
		write("system.yaml", sys)
		write("content.yaml", data)
		r := Load(dir)
		for _, d := range r.Diags {
			if d.Pos.File == "" {
				t.Fatalf("diagnostic without a file: %s", d)
			}
		}
		RunFixtures(r)
	})
}
