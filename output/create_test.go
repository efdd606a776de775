package output

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

func newPackageFiles() []File {
	return []File{
		{Path: "muster.yaml", Data: []byte("kind: Package\n")},
		{Path: "units/a.yaml", Data: []byte("kind: UnitType\n")},
		{Path: ".muster/schemas/muster.schema.json", Data: []byte("{}\n")},
	}
}

func TestCreateFolder(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "deep", "game")
	if err := CreateFolder(dir, newPackageFiles(), FileOptions{}); err != nil {
		t.Fatal(err)
	}
	for _, f := range newPackageFiles() {
		if b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(f.Path))); err != nil || string(b) != string(f.Data) {
			t.Errorf("%s: %q %v", f.Path, b, err)
		}
	}
	// Nothing beside it: no staging folder, no lock.
	if ents, _ := os.ReadDir(filepath.Join(root, "deep")); len(ents) != 1 {
		t.Errorf("left beside the folder: %v", ents)
	}
	// A second time: the folder is not empty, so nothing is written and nothing changes.
	must.WriteFile(t, filepath.Join(dir, "muster.yaml"), []byte("mine"))
	err := CreateFolder(dir, newPackageFiles(), FileOptions{})
	var refused *RefusedError
	if !errors.As(err, &refused) || !strings.Contains(err.Error(), "not empty") {
		t.Errorf("non-empty folder: %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "muster.yaml")); string(b) != "mine" {
		t.Error("overwritten")
	}
	// An empty folder is fine; a file is not; nor a hidden file alone.
	empty := filepath.Join(root, "empty")
	must.Mkdir(t, empty)
	if err := CreateFolder(empty, newPackageFiles(), FileOptions{}); err != nil {
		t.Errorf("empty folder: %v", err)
	}
	hidden := filepath.Join(root, "hidden")
	must.Mkdir(t, hidden)
	must.WriteFile(t, filepath.Join(hidden, ".git"), nil)
	if err := CreateFolder(hidden, newPackageFiles(), FileOptions{}); !errors.As(err, &refused) {
		t.Errorf("folder with a hidden file: %v", err)
	}
	file := filepath.Join(root, "file")
	must.WriteFile(t, file, []byte("x"))
	if err := CreateFolder(file, newPackageFiles(), FileOptions{}); !errors.As(err, &refused) {
		t.Errorf("a file: %v", err)
	}
	if err := CreateFolder("/", newPackageFiles(), FileOptions{}); !errors.As(err, &refused) {
		t.Errorf("/: %v", err)
	}
	for _, bad := range []string{"../x", "/abs", "a//b", "a/./b", ""} {
		if err := CreateFolder(filepath.Join(root, "bad"), []File{{Path: bad}}, FileOptions{}); err == nil {
			t.Errorf("path %q accepted", bad)
		}
	}
	if err := CreateFolder(filepath.Join(root, "bad"), []File{{Path: "a"}, {Path: "a/b"}}, FileOptions{}); err == nil {
		t.Error("a file and a folder of one name accepted")
	}
	if _, err := os.Stat(filepath.Join(root, "bad")); !os.IsNotExist(err) {
		t.Error("a refused folder was made")
	}
}

// A failure at any step leaves no folder and no staging folder behind.
func TestCreateFolderFailsCleanly(t *testing.T) {
	probe := newFaultFS()
	if err := CreateFolder(filepath.Join(t.TempDir(), "g"), newPackageFiles(), FileOptions{FS: probe}); err != nil {
		t.Fatal(err)
	}
	steps := probe.count()
	if steps < 10 {
		t.Fatalf("only %d steps", steps)
	}
	for at := 1; at <= steps; at++ {
		root := t.TempDir()
		f := newFaultFS()
		f.failAt = at
		err := CreateFolder(filepath.Join(root, "g"), newPackageFiles(), FileOptions{FS: f})
		ents, _ := os.ReadDir(root)
		if err == nil {
			// A failed sync or unlock may be no failure of the write: then the folder is whole.
			for _, p := range newPackageFiles() {
				if _, serr := os.Stat(filepath.Join(root, "g", p.Path)); serr != nil {
					t.Errorf("step %d (%s) failed, no error, and %s is missing", at, f.log[at-1], p.Path)
				}
			}
			continue
		}
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".muster-create-g-") || e.Name() == "g" {
				t.Errorf("step %d (%s): left %s", at, f.log[at-1], e.Name())
			}
		}
	}
}

// A staging folder a killed run left is removed by the next run.
func TestCreateFolderRemovesStaleStaging(t *testing.T) {
	root := t.TempDir()
	stale := filepath.Join(root, ".muster-create-g-123")
	must.Mkdir(t, filepath.Join(stale, "units"))
	must.WriteFile(t, filepath.Join(stale, "units", "a.yaml"), nil)
	if err := CreateFolder(filepath.Join(root, "g"), newPackageFiles(), FileOptions{}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(stale); !os.IsNotExist(err) {
		t.Error("stale staging folder left")
	}
}
