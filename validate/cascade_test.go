package validate

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// One unescaped quote in a System formula: the file that does not parse is reported first, at the line at
// fault (not the line where the mapping around it begins), and the checks' cascade (every stat, mode and pair
// the System would have declared, missing) is left out, with one note saying how much.
func TestSyntaxErrorComesFirstAlone(t *testing.T) {
	dir := copyTree(t, filepath.Join("..", "examples", "testdata", "river-line"))
	sys := filepath.Join(dir, "system.yaml")
	text, err := os.ReadFile(sys)
	if err != nil {
		t.Fatal(err)
	}
	const good = `    expr: "leader.support + (unit.attack >= 6 ? 1 : 0)"` + "\n"
	i := strings.Index(string(text), good)
	if i < 0 {
		t.Fatal("the System's pair formula is not where the test expects it")
	}
	line := strings.Count(string(text[:i]), "\n") + 1
	broken := strings.Replace(string(text), good, `    expr: "leader.support + (unit.attack >= 6 ? 1 : 0)" and "more`+"\n", 1)
	if err := os.WriteFile(sys, []byte(broken), 0o644); err != nil {
		t.Fatal(err)
	}
	ds := Load(dir).Diags
	if len(ds) != 2 {
		t.Fatalf("got %d diagnostics, want the syntax error and its note:\n%v", len(ds), ds)
	}
	if d := ds[0]; d.Code != "syntax" || d.Pos.Line != line || filepath.Base(d.Pos.File) != "system.yaml" ||
		!strings.Contains(d.Message, "did not find expected key (in the mapping that begins on line") {
		t.Errorf("first: %v, want the syntax error at system.yaml:%d", d, line)
	}
	// The cascade: every stat, mode and pair the System would have declared, named by units, fixtures and
	// counter faces (over a hundred findings).
	var n int
	if d := ds[1]; d.Code != "syntax.suppressed" {
		t.Errorf("second: %v", d)
	} else if _, err := fmt.Sscanf(d.Message, "%d problems the checks found are not shown", &n); err != nil || n < 100 {
		t.Errorf("second: %v (%d counted)", d, n)
	}
	if ds.Count(1) != 1 {
		t.Errorf("%d errors, want 1", ds.Count(1))
	}
}

// A cell of a spreadsheet that its stat's type refuses is one error, at the cell: the counter face that
// prints the stat does not report it missing as well.
func TestBadCellIsOneError(t *testing.T) {
	dir := copyTree(t, filepath.Join("..", "examples", "testdata", "river-line"))
	csv := "id,name,faction,classes,symbol,attack,defence,movement,back.kind,back.stats.attack,back.stats.defence,back.stats.movement,source\n" +
		"north-infantry,Northern infantry corps,north,combat infantry,infantry,4x,6,3,reduced,2,3,3,illustrative\n"
	if err := os.WriteFile(filepath.Join(dir, "infantry.csv"), []byte(csv), 0o644); err != nil {
		t.Fatal(err)
	}
	units, err := os.ReadFile(filepath.Join(dir, "units.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	// The YAML's north-infantry gives way to the spreadsheet's.
	docs := strings.Split(string(units), "\n---\n")
	var kept []string
	for _, d := range docs {
		if !strings.Contains(d, "id: north-infantry\n") {
			kept = append(kept, d)
		}
	}
	if len(kept) != len(docs)-1 {
		t.Fatal("units.yaml does not hold north-infantry as the test expects")
	}
	if err := os.WriteFile(filepath.Join(dir, "units.yaml"), []byte(strings.Join(kept, "\n---\n")), 0o644); err != nil {
		t.Fatal(err)
	}
	man := filepath.Join(dir, "muster.yaml")
	m, err := os.ReadFile(man)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(man, []byte(strings.Replace(string(m), "  - units.yaml\n", "  - units.yaml\n  - {file: infantry.csv, kind: UnitType}\n", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	var errs []string
	for _, d := range Load(dir).Diags {
		if d.Severity == 1 {
			errs = append(errs, d.String())
		}
	}
	if len(errs) != 1 || !strings.Contains(errs[0], "infantry.csv:2:") || !strings.Contains(errs[0], "stats.value") {
		t.Errorf("errors: %v, want one stats.value at infantry.csv:2", errs)
	}
}
