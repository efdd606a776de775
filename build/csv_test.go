package build

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/validate"
)

// The done-when: The Highest Ground's unit table written as a spreadsheet (by muster export csv's
// writer) replaces units/*.yaml in a copy of the package, which then validates with the same diagnostics and
// prints byte-identical counters.
func TestUnitSpreadsheetBuildsIdenticalCounters(t *testing.T) {
	const thg = "../examples/highest-ground"
	orig := validate.Load(thg)
	checked, err := orig.Checked()
	if err != nil {
		t.Fatal(err)
	}
	files, _ := content.ExportCSV(checked.Package())
	var units []byte
	for _, f := range files {
		if f.Include.Kind == content.KindUnitType {
			units = f.Data
		}
	}
	if bytes.Count(units, []byte("\n")) != 1+len(checked.Package().UnitTypes()) {
		t.Fatalf("the unit table has %d lines for %d unit types", bytes.Count(units, []byte("\n")), len(checked.Package().UnitTypes()))
	}

	dir := copyTree(t, thg)
	yamls := must.Glob(t, filepath.Join(dir, "units", "*.yaml"))
	for _, f := range yamls {
		if err := os.Remove(f); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "units", "units.csv"), units, 0o644); err != nil {
		t.Fatal(err)
	}
	manifest := filepath.Join(dir, content.ManifestFile)
	m, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	m2 := bytes.Replace(m, []byte("  - units/*.yaml\n"), []byte("  - {file: units/units.csv, kind: UnitType}\n"), 1)
	if bytes.Equal(m, m2) {
		t.Fatal("the manifest no longer includes units/*.yaml: update this test")
	}
	if err := os.WriteFile(manifest, m2, 0o644); err != nil {
		t.Fatal(err)
	}

	r := validate.Load(dir)
	fromCSV, err := r.Checked()
	if err != nil {
		t.Fatalf("%v\n%v", err, r.Diags)
	}
	if len(r.Diags) != len(orig.Diags) {
		t.Errorf("diagnostics: %d from the spreadsheet, %d from YAML:\n%v", len(r.Diags), len(orig.Diags), r.Diags)
	}
	for _, d := range r.Diags {
		if strings.Contains(d.Pos.File, "units") {
			t.Errorf("a diagnostic at the unit table: %v", d)
		}
	}
	a, err := Run(checked, Options{}, []string{"counters"})
	if err != nil {
		t.Fatal(err)
	}
	b, err := Run(fromCSV, Options{}, []string{"counters"})
	if err != nil {
		t.Fatal(err)
	}
	if len(a.Files) != 1 || len(b.Files) != 1 || a.Files[0].Path != CountersFile || !bytes.Equal(a.Files[0].Data, b.Files[0].Data) {
		t.Errorf("counters.pdf differs between the YAML unit types and the spreadsheet (%d and %d bytes)", len(a.Files[0].Data), len(b.Files[0].Data))
	}
}
