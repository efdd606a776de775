package scaffold

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// Every example package carries the schemas its modelines point at, exactly as muster writes them today.
// After a schema changes, refresh them with:
//
//	for d in examples/*/.muster/schemas; do go run ./cmd/muster schema export $d; done
func TestExampleSchemasAreCurrent(t *testing.T) {
	want, err := SchemaFiles(".")
	if err != nil {
		t.Fatal(err)
	}
	dirs := must.Glob(t, "../../examples/*/muster.yaml")
	if len(dirs) < 6 {
		t.Fatalf("found %d examples", len(dirs))
	}
	for _, m := range dirs {
		folder := filepath.Join(filepath.Dir(m), filepath.FromSlash(SchemaFolder))
		ents := must.ReadDir(t, folder)
		if len(ents) != len(want) {
			t.Errorf("%s holds %d files, want %d: for d in examples/*/.muster/schemas; do go run ./cmd/muster schema export $d; done", folder, len(ents), len(want))
		}
		for _, f := range want {
			got, err := os.ReadFile(filepath.Join(folder, f.Path))
			if err != nil || string(got) != string(f.Data) {
				t.Errorf("%s/%s is not current (%v): for d in examples/*/.muster/schemas; do go run ./cmd/muster schema export $d; done", folder, f.Path, err)
			}
		}
	}
}
