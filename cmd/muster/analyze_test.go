package main

import (
	"encoding/csv"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
)

// muster analyze tables: CSV rows begin table,column,result,probability with six or more decimals, the ids,
// labels and results as the content writes them, adding up to 1 per column; JSON carries its schema; the
// chart page is a PDF written where -o says.
func TestAnalyzeTables(t *testing.T) {
	code, out, errs := runMuster(t, "analyze", "tables", "../../examples/prestags", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0][:4], ",") != "table,column,result,probability" {
		t.Errorf("header %v", rows[0])
	}
	sums := map[string]float64{}
	for _, r := range rows[1:] {
		if r[5] != "" {
			continue // a combination of modifiers
		}
		dot := strings.Index(r[3], ".")
		if dot < 0 || len(r[3])-dot-1 < 6 {
			t.Errorf("probability %q has fewer than 6 decimals", r[3])
		}
		var p float64
		if err := json.Unmarshal([]byte(r[3]), &p); err != nil {
			t.Fatal(err)
		}
		sums[r[0]+" "+r[1]] += p
	}
	if len(sums) != 9 || sums["crt 1:2"] < 0.999999 || sums["crt 1:2"] > 1.000001 {
		t.Errorf("column sums %v", sums)
	}
	if !strings.Contains(out, "crt,6:1,½E,0.333333333,1/3,,0,1 2\n") {
		t.Errorf("no row for ½E at 6:1 on 1-2:\n%s", out)
	}

	code, out, errs = runMuster(t, "analyze", "tables", "../../examples/testdata/river-line", "--format", "json")
	var j struct {
		Schema string
		Tables []struct {
			ID    string
			Flags []struct{ Code, Column string }
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Schema != "muster.analysis.tables/1" || len(j.Tables) != 1 ||
		len(j.Tables[0].Flags) != 1 || j.Tables[0].Flags[0].Code != "identical-columns" {
		t.Errorf("json: exit %d %s\n%s", code, errs, out)
	}

	pdf := filepath.Join(t.TempDir(), "odds.pdf")
	code, out, errs = runMuster(t, "analyze", "tables", thgDir, "--format", "pdf", "-o", pdf)
	if code != 0 || !strings.Contains(out, "wrote "+pdf) {
		t.Fatalf("pdf: exit %d %s %s", code, out, errs)
	}
	data, err := os.ReadFile(pdf)
	if err != nil {
		t.Fatal(err)
	}
	if doc, err := pdfcheck.Parse(data); err != nil || len(doc.Pages) != 1 {
		t.Errorf("the chart: %v", err)
	}

	if code, _, errs := runMuster(t, "analyze", "tables", thgDir, "--table", "crtt"); code != 2 || !strings.Contains(errs, `did you mean "crt"`) {
		t.Errorf("unknown table: exit %d %s", code, errs)
	}
	if code, _, errs := runMuster(t, "analyze", "tables", thgDir, "--format", "csv", "-o", "x.pdf"); code != 2 || !strings.Contains(errs, "--format pdf") {
		t.Errorf("-o without pdf: exit %d %s", code, errs)
	}
}

// muster analyze scenario: CSV rows scenario,side,cell,turn for every side and cell; the river line's South
// reaches Vado on turn 1; the text says what was not taken into account; area maps are reached by place; a
// game with no movement allowance is told so.
func TestAnalyzeScenario(t *testing.T) {
	code, out, errs := runMuster(t, "analyze", "scenario", "../../examples/testdata/river-line", "--scenario", "autumn-offensive", "--format", "csv")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	rows, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(rows[0][:4], ",") != "scenario,side,cell,turn" || len(rows) != 1+2*18*13 {
		t.Errorf("header %v, %d rows", rows[0], len(rows))
	}
	found := false
	for _, r := range rows {
		if r[1] == "south" && r[5] == "vado" && r[3] == "1" && r[4] == "1" {
			found = true
		}
	}
	if !found {
		t.Errorf("south does not reach Vado on turn 1")
	}
	code, out, _ = runMuster(t, "analyze", "scenario", "../../examples/testdata/river-line", "--scenario", "autumn-offensive")
	for _, want := range []string{"objective hollin for south: first reached turn 3", "turn 1: south attacks 1005", "note: Reachability is worked out twice"} {
		if code != 0 || !strings.Contains(out, want) {
			t.Errorf("text lacks %q:\n%s", want, out)
		}
	}
	code, out, errs = runMuster(t, "analyze", "scenario", "../../examples/testdata/marches", "--format", "json")
	var j struct {
		Schema string
		Sides  []struct {
			Side  string
			First map[string]int
		}
	}
	if code != 0 || json.Unmarshal([]byte(out), &j) != nil || j.Schema != "muster.analysis.scenario/1" || len(j.Sides) != 2 || len(j.Sides[0].First) == 0 {
		t.Errorf("marches json: exit %d %s\n%.500s", code, errs, out)
	}
	// A System with no movement allowance gets the parts that apply, and says what was not worked out.
	code, out, _ = runMuster(t, "analyze", "scenario", "../../examples/ancients")
	if code != 0 || !strings.Contains(out, "reachability not worked out") || !strings.Contains(out, "does not say how far a unit moves") {
		t.Errorf("ancients: exit %d\n%s", code, out)
	}
	if code, _, errs := runMuster(t, "analyze", "scenario", thgDir, "--scenario", "introductry"); code != 2 || !strings.Contains(errs, "introductory") {
		t.Errorf("unknown scenario: exit %d %s", code, errs)
	}
}
