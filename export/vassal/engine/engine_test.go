package engine

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// checkout makes a folder holding a checkout (with go.mod and a package folder) and, when script is not "",
// shared/vassal/check-vmod.sh beside it with that shell text; it returns the package folder.
func checkout(t *testing.T, script string) string {
	t.Helper()
	root := t.TempDir()
	pkg := filepath.Join(root, "repo", "export", "vassal")
	if err := os.MkdirAll(pkg, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(root, "repo", "go.mod"), []byte("module x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if script != "" {
		dir := filepath.Join(root, "shared", "vassal")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "check-vmod.sh"), []byte("#!/bin/sh\n"+script), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return pkg
}

func TestFindAbsent(t *testing.T) {
	if _, err := Find(checkout(t, "")); !errors.Is(err, ErrAbsent) {
		t.Errorf("no shared folder: %v, want ErrAbsent", err)
	}
}

// fakeRun runs a fake checker (shell text that sees the --json path as $2) on an empty module.
func fakeRun(t *testing.T, script string) (*Report, error) {
	t.Helper()
	s, err := Find(checkout(t, script))
	if err != nil {
		t.Fatal(err)
	}
	mod := filepath.Join(t.TempDir(), "m.vmod")
	if err := os.WriteFile(mod, nil, 0o644); err != nil {
		t.Fatal(err)
	}
	r, _, err := Run(context.Background(), s, mod)
	return r, err
}

func TestRunReadsTheReport(t *testing.T) {
	r, err := fakeRun(t, `echo '{"result": "problems", "problems": ["[load] x"], "pieceSlots": {"ok": 3, "failed": 1},
  "newGames": [{"boards": "A", "started": true, "chosen": {"Map": "A"}, "piecesPerMap": {"Map": 2}, "offBoard": 1, "total": 2}]}' > "$2"
echo "PROBLEM [load] x"; exit 1`)
	if err != nil {
		t.Fatal(err)
	}
	if r.Result != "problems" || len(r.Problems) != 1 || r.PieceSlots.OK != 3 || r.PieceSlots.Failed != 1 {
		t.Errorf("report: %+v", r)
	}
	if len(r.NewGames) != 1 || g0(r).Chosen["Map"] != "A" || g0(r).PiecesPerMap["Map"] != 2 || g0(r).OffBoard != 1 {
		t.Errorf("new games: %+v", r.NewGames)
	}
}

func g0(r *Report) Game { return r.NewGames[0] }

func TestRunMissingDependency(t *testing.T) {
	_, err := fakeRun(t, `echo "check-vmod.sh: missing dependency: java (package default-jre)" >&2; exit 2`)
	if !errors.Is(err, ErrMissingDependency) {
		t.Errorf("exit 2, missing dependency: %v", err)
	}
	_, err = fakeRun(t, `echo "usage: check-vmod.sh FILE.vmod" >&2; exit 2`)
	if err == nil || errors.Is(err, ErrMissingDependency) {
		t.Errorf("exit 2, usage: %v", err)
	}
}

func TestRunWithoutReport(t *testing.T) {
	if _, err := fakeRun(t, `exit 0`); err == nil {
		t.Error("a checker that writes no report: no error")
	}
}
