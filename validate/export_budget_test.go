package validate

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/digital"
)

// A map VASSAL cannot hold within its budget even at the lowest resolution is warned of at its grid, by the
// function the export chooses its resolution with; a monster-sized map that fits at a lower resolution is
// not (the export lowers the resolution and says so).
func TestVassalBoardSize(t *testing.T) {
	run := func(pkg *content.Package) diag.List {
		var out diag.List
		runCheck(exportVassalCheck, newRun(pkg), &out, exportVassalCheck.Package)
		var sized diag.List
		for _, d := range out {
			if d.Code == "export-vassal.board-size" {
				sized = append(sized, d)
			}
		}
		return sized
	}
	// 80 x 80 hexes of 5in: some 350in a side, past 16 Mpx even at 24 dpi.
	dir := writePkg(t, map[string]string{"muster.yaml": testManifest, "system.yaml": testSystem, "units.yaml": testUnits,
		"maps.yaml": "kind: Map\nid: huge\ngrid: {type: hex, cellSize: 5in, cols: 80, rows: 80}\n---\nkind: Map\nid: long\ngrid: {type: hex, cellSize: 0.6in, cols: 65, rows: 190}\n"})
	pkg, ds := content.Load(dir)
	ds.Extend(pkg.Decode(nil))
	got := run(pkg)
	if len(got) != 1 || got[0].Severity != diag.Warning || got[0].Hint == "" || !strings.Contains(got[0].Pos.String(), "maps.yaml:3") || !strings.Contains(got[0].Message, "map huge") {
		t.Fatalf("want one warning at map huge's grid, got %v", got)
	}
	if !strings.Contains(got[0].Message, "64 MiB") || !strings.Contains(got[0].Message, "24 dpi") {
		t.Errorf("the warning does not give VASSAL's budget and the lowest resolution: %s", got[0].Message)
	}
	if digital.VassalFitDPI(34, 115) < digital.VassalMinDPI {
		t.Fatal("a 34 x 115in board should fit VASSAL at a lower resolution")
	}
}
