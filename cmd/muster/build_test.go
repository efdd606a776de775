package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
)

const (
	thgFixture      = "../../print/counters/testdata/thg"
	prestagsFixture = "../../print/counters/testdata/prestags"
	rampantFixture  = "../../print/counters/testdata/rampant"
)

// The print fixtures are valid packages: build never prints what validate rejects.
func TestPrintFixturesValidate(t *testing.T) {
	for _, dir := range []string{thgFixture, prestagsFixture, rampantFixture} {
		if code, out, _ := runCLI(t, "validate", dir); code != 0 {
			t.Errorf("%s: exit %d\n%s", dir, code, out)
		}
	}
}

func TestBuildWritesCounters(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	// Flags after the package, as in the docs.
	code, stdout, stderr := runCLI(t, "build", thgFixture, "-o", out, "--paper", "a4", "--backs", "short-edge", "--png")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "228 counters") || !strings.Contains(stdout, "wrote") {
		t.Errorf("summary: %q", stdout)
	}
	b, err := os.ReadFile(filepath.Join(out, "counters.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if p := d.Pages[0]; !pdfcheck.Near(p.Width(), 595.28, 0.01) {
		t.Errorf("--paper a4: page %gx%g", p.Width(), p.Height())
	}
	for _, f := range []string{"png/counters/foote-levies-front.png", "png/counters/foote-levies-back.png", "png/counters/page-01.png", ".muster-build.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	// Nothing of the staging is left beside the output folder.
	ents, _ := os.ReadDir(filepath.Dir(out))
	if len(ents) != 1 {
		t.Errorf("left beside the output: %v", ents)
	}
	// Flags before the package work too, and the same input gives the same bytes.
	out2 := filepath.Join(t.TempDir(), "out2")
	if code, _, stderr := runCLI(t, "build", "--paper", "a4", "--backs=short-edge", "-o", out2, thgFixture); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b2, _ := os.ReadFile(filepath.Join(out2, "counters.pdf"))
	if !bytes.Equal(b, b2) {
		t.Error("two builds of the same package differ")
	}
}

// A package with errors is reported like validate does, exits 1, and nothing is written.
func TestBuildRefusesInvalid(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, _ := runCLI(t, "build", broken, "-o", out)
	if code != 1 {
		t.Errorf("exit %d, want 1", code)
	}
	if !strings.Contains(stdout, "error[id.collision]") || !strings.Contains(stdout, "3 errors") {
		t.Errorf("diagnostics not printed:\n%s", stdout)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("output folder created for an invalid package")
	}
}

func TestBuildUsageErrors(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	for _, args := range [][]string{
		{"build"},
		{"build", thgFixture, "-o", out, "--backs", "sideways"},
		{"build", thgFixture, "-o", out, "--back-offset", "2"},
		{"build", thgFixture, "-o", out, "--paper", "huge"},
		{"build", thgFixture, "-o", out, "--bleed", "3"},
	} {
		if code, _, stderr := runCLI(t, args...); code != 2 || stderr == "" {
			t.Errorf("%v: exit %d, stderr %q", args, code, stderr)
		}
	}
	if code, _, stderr := runCLI(t, "build", thgFixture, "-o", out, "--only", "posters"); code != 1 || !strings.Contains(stderr, "unknown output") {
		t.Errorf("--only posters: exit %d, %q", code, stderr)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("output written despite a usage error")
	}
}

// An existing folder: muster's own files are replaced, stale ones removed, other files kept; a file muster
// did not write is never overwritten.
func TestBuildIntoExistingFolder(t *testing.T) {
	out := t.TempDir()
	notes := filepath.Join(out, "notes.txt")
	os.WriteFile(notes, []byte("mine"), 0o644)
	if code, _, stderr := runCLI(t, "build", rampantFixture, "-o", out, "--png"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	front := filepath.Join(out, "png", "counters", "caesar-front.png")
	if _, err := os.Stat(front); err != nil {
		t.Fatal(err)
	}
	// Rebuild without PNGs: the PDF is replaced, the PNGs (now stale) removed, notes.txt kept.
	if code, _, stderr := runCLI(t, "build", rampantFixture, "-o", out, "--backs", "none"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(front); !os.IsNotExist(err) {
		t.Error("stale PNG left behind")
	}
	if _, err := os.Stat(filepath.Join(out, "png")); !os.IsNotExist(err) {
		t.Error("empty png folder left behind")
	}
	if b, _ := os.ReadFile(notes); string(b) != "mine" {
		t.Error("an unrelated file was touched")
	}
	var rec record
	b, _ := os.ReadFile(filepath.Join(out, buildRecord))
	if err := json.Unmarshal(b, &rec); err != nil || len(rec.Outputs["counters"]) != 1 {
		t.Errorf("record %s", b)
	}

	// A counters.pdf that muster did not write stops the build before anything changes.
	other := t.TempDir()
	theirs := filepath.Join(other, "counters.pdf")
	os.WriteFile(theirs, []byte("someone else's"), 0o644)
	code, _, stderr := runCLI(t, "build", rampantFixture, "-o", other, "--png")
	if code != 2 || !strings.Contains(stderr, "refusing to overwrite") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if b, _ := os.ReadFile(theirs); string(b) != "someone else's" {
		t.Error("a file muster did not write was overwritten")
	}
	if _, err := os.Stat(filepath.Join(other, "png")); !os.IsNotExist(err) {
		t.Error("files written although the build was refused")
	}
	ents, _ := os.ReadDir(other)
	if len(ents) != 1 {
		t.Errorf("left in the folder: %v", ents)
	}
}

func TestPrintTest(t *testing.T) {
	f := filepath.Join(t.TempDir(), "cal.pdf")
	if code, _, stderr := runCLI(t, "print-test", "-o", f, "--paper", "a4"); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	b, err := os.ReadFile(f)
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pages) != 2 || !pdfcheck.Near(d.Pages[0].Width(), 595.28, 0.01) {
		t.Errorf("%d pages", len(d.Pages))
	}
	if code, _, _ := runCLI(t, "print-test", "-o", f, "--backs", "foldover"); code != 2 {
		t.Errorf("foldover calibration: exit %d, want 2", code)
	}
}

// The whole Highest Ground: every output, each file recorded under its output; --only picks; a rebuild of
// some outputs leaves the others' files alone.
func TestBuildEverything(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "build", "../../examples/highest-ground", "-o", out)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, f := range []string{"counters.pdf", "maps/I.pdf", "maps/II.pdf", "maps/introductory.pdf", "charts.pdf", "scenarios/introductory.pdf", "rosters.pdf"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	var rec record
	b, _ := os.ReadFile(filepath.Join(out, buildRecord))
	if err := json.Unmarshal(b, &rec); err != nil {
		t.Fatal(err)
	}
	for name, want := range map[string]string{"maps": "maps/II.pdf", "charts": "charts.pdf", "scenarios": "scenarios/introductory.pdf", "rosters": "rosters.pdf", "counters": "counters.pdf"} {
		found := false
		for _, f := range rec.Outputs[name] {
			found = found || f == want
		}
		if !found {
			t.Errorf("record: %s does not own %s: %v", name, want, rec.Outputs[name])
		}
	}
	before, _ := os.ReadFile(filepath.Join(out, "charts.pdf"))
	if code, _, stderr := runCLI(t, "build", "../../examples/highest-ground", "-o", out, "--only", "maps,scenarios", "--png"); code != 0 {
		t.Fatalf("--only: exit %d: %s", code, stderr)
	}
	if _, err := os.Stat(filepath.Join(out, "png", "maps", "II-page-01.png")); err != nil {
		t.Error("--png: no map page preview")
	}
	if after, _ := os.ReadFile(filepath.Join(out, "charts.pdf")); !bytes.Equal(before, after) {
		t.Error("--only maps,scenarios touched charts.pdf")
	}
}

// --paper 23x35in prints the PRESTAGS map on one large sheet.
func TestBuildLargePaper(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "build", "../../examples/prestags", "-o", out, "--only", "maps", "--paper", "23x35in")
	if code != 0 {
		t.Fatalf("exit %d\n%s", code, stderr)
	}
	if !strings.Contains(stdout, "1 sheet") {
		t.Errorf("summary: %s", stdout)
	}
	b, err := os.ReadFile(filepath.Join(out, "maps", "prestags-map.pdf"))
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if p := d.Pages[0]; !pdfcheck.Near(p.Width(), 35*72, 0.01) || !pdfcheck.Near(p.Height(), 23*72, 0.01) {
		t.Errorf("page %gx%g, want 35x23in", p.Width(), p.Height())
	}
}
