package generators

import (
	"bytes"
	"errors"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/output"
)

// Run opens, generates, checks and writes in one call: the file is sealed, the same seed writes the same
// bytes over it, a file muster did not write is refused before any work (and overwritten only with force),
// and a package with errors fails at Opening with its diagnostics.
func TestRun(t *testing.T) {
	q := Request{Kind: "map", Generator: "thg-random-board", Seed: 5}
	out := filepath.Join(t.TempDir(), "board.yaml")
	res, err := Run(q, "../examples/highest-ground", out, false)
	if err != nil {
		t.Fatal(err)
	}
	written := must.ReadFile(t, out)
	if !output.Sealed(res.Data) || !bytes.Equal(written, res.Data) {
		t.Fatalf("not the sealed data:\n%.300s", written)
	}
	if _, err := Run(q, "../examples/highest-ground", out, false); err != nil {
		t.Fatalf("again over its own file: %v", err)
	}
	must.WriteFile(t, out, []byte("kind: Map\n"))
	_, err = Run(q, "../examples/highest-ground", out, false)
	var failed *RunError
	var refused *output.RefusedError
	if !errors.As(err, &failed) || failed.Stage != Writing || !errors.As(err, &refused) {
		t.Fatalf("err = %v", err)
	}
	if _, err := Run(q, "../examples/highest-ground", out, true); err != nil {
		t.Fatalf("force: %v", err)
	}
	res, err = Run(q, "../content/testdata/mods/mod-broken", "", false)
	if !errors.As(err, &failed) || failed.Stage != Opening || !res.Diags.HasErrors() {
		t.Errorf("broken package: %v, %d diagnostics", err, len(res.Diags))
	}
	res, err = Run(Request{Kind: "map", Generator: "nope", Seed: 1}, "../examples/highest-ground", "", false)
	if !errors.As(err, &failed) || failed.Stage != Generating {
		t.Errorf("unknown generator: %v", err)
	}
}
