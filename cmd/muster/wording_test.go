package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

// What the first hour reads (issue 30, item 12): an open game is "an open game"; a build refused for the
// package's errors says nothing was built; a package without forces says why it has no rosters, in one
// reason.
func TestFirstHourWording(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "table")
	if code, out, errs := runCLI(t, "init", "--grid", "open", dir); code != 0 || !strings.Contains(out, "wrote an open game (") {
		t.Errorf("init: exit %d\n%s%s", code, out, errs)
	}
	outDir := filepath.Join(t.TempDir(), "out")
	code, out, _ := runCLI(t, "build", "../../validate/testdata/maps/area-good", "-o", filepath.Join(t.TempDir(), "area"))
	if code != 0 || !strings.Contains(out, "rosters: none: the package has no forces\n") {
		t.Errorf("build: exit %d\n%s", code, out)
	}
	units := filepath.Join(dir, "units.yaml")
	text := string(must.ReadFile(t, units))
	must.WriteFile(t, units, []byte(strings.Replace(text, "kind: UnitType", "kind: UnitTyp", 1)))
	code, out, _ = runCLI(t, "build", dir, "-o", outDir+"2")
	if code != 1 || !strings.Contains(out, "nothing built: "+outDir+"2 is as it was") {
		t.Errorf("a broken package: exit %d\n%s", code, out)
	}
	if _, err := os.Stat(outDir + "2"); !os.IsNotExist(err) {
		t.Errorf("the refused build made its folder: %v", err)
	}
}
