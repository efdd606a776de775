package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/output"
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
	if code, _, stderr := runCLI(t, "build", thgFixture, "-o", out, "--only", "posters"); code != 2 || !strings.Contains(stderr, "unknown output") {
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
	must.WriteFile(t, notes, []byte("mine"))
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
	if owned := recordOf(t, out); len(owned["counters"]) != 1 || owned["counters"][0] != "counters.pdf" {
		t.Errorf("record %v", owned)
	}

	// A counters.pdf that muster did not write stops the build before anything changes.
	other := t.TempDir()
	theirs := filepath.Join(other, "counters.pdf")
	must.WriteFile(t, theirs, []byte("someone else's"))
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

// print-test overwrites its own sheet (sealed), and nothing else unless --force.
func TestPrintTestOverwrites(t *testing.T) {
	f := filepath.Join(t.TempDir(), "cal.pdf")
	for _, paper := range []string{"a4", "letter"} {
		if code, _, stderr := runCLI(t, "print-test", "-o", f, "--paper", paper); code != 0 {
			t.Fatalf("--paper %s: exit %d: %s", paper, code, stderr)
		}
	}
	must.WriteFile(t, f, []byte("my calibration notes"))
	if code, _, stderr := runCLI(t, "print-test", "-o", f); code != 2 || !strings.Contains(stderr, "refusing to overwrite") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if b, _ := os.ReadFile(f); string(b) != "my calibration notes" {
		t.Error("overwritten")
	}
	if code, _, stderr := runCLI(t, "print-test", "-o", f, "--force"); code != 0 {
		t.Errorf("--force: exit %d, %q", code, stderr)
	}
	if code, _, stderr := runCLI(t, "print-test", "-o", ""); code != 2 || !strings.Contains(stderr, "empty path") {
		t.Errorf("-o '': exit %d, %q", code, stderr)
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
	owned := recordOf(t, out)
	for name, want := range map[string]string{"maps": "maps/II.pdf", "charts": "charts.pdf", "scenarios": "scenarios/introductory.pdf", "rosters": "rosters.pdf", "counters": "counters.pdf"} {
		found := false
		for _, f := range owned[name] {
			found = found || f == want
		}
		if !found {
			t.Errorf("record: %s does not own %s: %v", name, want, owned[name])
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
	// Every PNG preview is recorded under the output that drew it, not guessed from its path.
	for _, f := range recordOf(t, out)["maps"] {
		if !strings.HasPrefix(f, "maps/") && !strings.HasPrefix(f, "png/maps/") {
			t.Errorf("maps owns %s", f)
		}
	}
}

// recordOf reads the output folder's record: each output's files, every one of which must hold the bytes the
// record's hash names.
func recordOf(t *testing.T, dir string) map[string][]string {
	t.Helper()
	rec, warnings, err := output.ReadRecord(nil, dir)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("record: %v %v", err, warnings)
	}
	owned := map[string][]string{}
	for _, e := range rec.Files {
		owned[e.Output] = append(owned[e.Output], e.Path)
		b, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(e.Path)))
		if err != nil || fmt.Sprintf("%x", sha256.Sum256(b)) != e.SHA256 {
			t.Errorf("record: %s does not hold what the record says (%v)", e.Path, err)
		}
	}
	return owned
}

// Issue 19.1: a record shipped in the output folder cannot make build delete a file outside it.
func TestBuildRecordStaysInside(t *testing.T) {
	w := t.TempDir()
	out := filepath.Join(w, "out")
	victim := filepath.Join(w, "victim.txt")
	must.Mkdir(t, out)
	must.WriteFile(t, victim, []byte("keep\n"))
	must.WriteFile(t, filepath.Join(out, ".muster-build.json"), []byte(`{"outputs":{"charts":["../victim.txt"]}}`))
	code, stdout, stderr := runCLI(t, "build", "../../examples/highest-ground", "-o", out, "--only", "charts")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if b, err := os.ReadFile(victim); err != nil || string(b) != "keep\n" {
		t.Fatalf("the file outside the output folder is gone or changed: %q %v", b, err)
	}
	if !strings.Contains(stdout, "warning[output.record]") || !strings.Contains(stdout, "../victim.txt") {
		t.Errorf("no warning about the record entry:\n%s", stdout)
	}
	if owned := recordOf(t, out); len(owned) != 1 || len(owned["charts"]) != 1 {
		t.Errorf("record %v", owned)
	}
}

// Issue 19.14: an empty path, the file system's root and the package folder are refused as output folders.
func TestBuildRefusesOutputFolder(t *testing.T) {
	pkg := copyPkg(t, rampantFixture)
	before := listTree(t, pkg)
	for _, c := range []struct{ out, want string }{
		{"", "empty path"},
		{"/", "root of the file system"},
		{pkg, "package folder itself"},
		{pkg + "/.", "package folder itself"},
	} {
		code, _, stderr := runCLI(t, "build", pkg, "-o", c.out)
		if code != 2 || !strings.Contains(stderr, c.want) {
			t.Errorf("-o %q: exit %d, %q", c.out, code, stderr)
		}
	}
	if after := listTree(t, pkg); after != before {
		t.Errorf("the package changed:\n%s\n%s", before, after)
	}
}

func listTree(t *testing.T, dir string) string {
	var b strings.Builder
	filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		b.WriteString(p + "\n")
		return nil
	})
	return b.String()
}

// Issue 19.11: a symbolic link in the output folder (DIR/maps pointing elsewhere) never makes build write
// outside DIR.
func TestBuildRefusesLinkedSubfolder(t *testing.T) {
	w := t.TempDir()
	out, elsewhere := filepath.Join(w, "out"), filepath.Join(w, "elsewhere")
	must.Mkdir(t, out)
	must.Mkdir(t, elsewhere)
	if err := os.Symlink(elsewhere, filepath.Join(out, "maps")); err != nil {
		t.Skip(err)
	}
	code, _, stderr := runCLI(t, "build", "../../examples/highest-ground", "-o", out, "--only", "maps")
	if code != 2 || !strings.Contains(stderr, "symbolic link") {
		t.Errorf("exit %d, %q", code, stderr)
	}
	if ents, _ := os.ReadDir(elsewhere); len(ents) > 0 {
		t.Errorf("wrote through the link: %v", ents)
	}
}

// A refusal in --format json is a JSON diagnostic on standard output, with the exit code of an I/O failure.
func TestBuildRefusalInJSON(t *testing.T) {
	out := t.TempDir()
	must.WriteFile(t, filepath.Join(out, "charts.pdf"), []byte("mine"))
	code, stdout, stderr := runCLI(t, "build", "../../examples/highest-ground", "-o", out, "--only", "charts", "--format", "json")
	if code != 2 || stderr != "" {
		t.Fatalf("exit %d, stderr %q", code, stderr)
	}
	var got struct {
		Diagnostics []struct {
			Severity, Code, Message string
			Pos                     struct{ File string }
		}
	}
	if err := json.Unmarshal([]byte(stdout), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	n := len(got.Diagnostics)
	if n == 0 || got.Diagnostics[n-1].Code != "output.refused" || got.Diagnostics[n-1].Pos.File != filepath.Join(out, "charts.pdf") || !strings.Contains(got.Diagnostics[n-1].Message, "refusing to overwrite") {
		t.Errorf("%s", stdout)
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

// A build that fails after validation (here the command line's overlap leaves no room on the page) is
// reported as diagnostics in the format asked for, JSON for JSON users, not as a line on stderr.
func TestBuildFailureInTheRequestedFormat(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "build", "../../examples/highest-ground", "-o", out, "--only", "maps", "--overlap", "20in", "--format", "json")
	if code != 2 {
		t.Errorf("exit %d, want 2 (the flag is at fault)\n%s%s", code, stdout, stderr)
	}
	var rep struct {
		Diagnostics []struct{ Code, Message string }
	}
	if err := json.Unmarshal([]byte(stdout), &rep); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, stdout)
	}
	found := false
	for _, d := range rep.Diagnostics {
		found = found || d.Code == "print.options" && strings.Contains(d.Message, "overlap")
	}
	if !found {
		t.Errorf("no print.options diagnostic about the overlap:\n%s", stdout)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Error("output written despite the failure")
	}
}

// BenchmarkBuildCommandHighestGround is issue 18's first row as a designer meets it: `muster build` of The
// Highest Ground from the files to a fresh output folder (validation, every PDF, the output transaction).
// It reports the bytes written.
func BenchmarkBuildCommandHighestGround(b *testing.B) {
	var written int64
	for i := 0; i < b.N; i++ {
		out := filepath.Join(b.TempDir(), "out")
		var stderr bytes.Buffer
		if rc := run([]string{"muster", "build", "../../examples/highest-ground", "-o", out}, io.Discard, &stderr); rc != 0 {
			b.Fatalf("build exit %d: %s", rc, stderr.String())
		}
		written = 0
		filepath.WalkDir(out, func(p string, d fs.DirEntry, err error) error {
			if err == nil && !d.IsDir() {
				if fi, err := d.Info(); err == nil {
					written += fi.Size()
				}
			}
			return nil
		})
	}
	b.ReportMetric(float64(written), "output-bytes")
}

// A build says what it did to its folder: everything written the first time; a rebuild without --png says it
// removed the PNG previews; an unchanged rebuild is up to date; one changed counter writes the few files it
// changed and keeps the rest.
func TestBuildSaysWhatItWroteKeptAndRemoved(t *testing.T) {
	pkg := filepath.Join(t.TempDir(), "g")
	if code, out, errs := runCLI(t, "init", pkg); code != 0 {
		t.Fatalf("init: %d %s %s", code, out, errs)
	}
	out := filepath.Join(t.TempDir(), "out")
	last := func(args ...string) string {
		t.Helper()
		code, stdout, errs := runCLI(t, append([]string{"build", pkg, "-o", out, "--only", "counters"}, args...)...)
		if code != 0 {
			t.Fatalf("build %v: %d %s %s", args, code, stdout, errs)
		}
		lines := strings.Split(strings.TrimSpace(stdout), "\n")
		return lines[len(lines)-1]
	}
	if got := last("--png"); !regexp.MustCompile(`^wrote \d+ files to `).MatchString(got) || strings.Contains(got, "kept") {
		t.Errorf("first build: %q", got)
	}
	if got := last(); !regexp.MustCompile(`^wrote nothing new to .*; kept 1 unchanged; removed \d+ PNG previews \(build with --png to keep them\)$`).MatchString(got) {
		t.Errorf("without --png: %q", got)
	}
	if got := last(); got != out+" is up to date: 1 file unchanged" {
		t.Errorf("again: %q", got)
	}
	last("--png")
	units := filepath.Join(pkg, "units.yaml")
	data, err := os.ReadFile(units)
	must.Do(t, err)
	must.WriteFile(t, units, bytes.Replace(data, []byte("stats: {attack: 3, defense: 4"), []byte("stats: {attack: 5, defense: 4"), 1))
	if got := last("--png"); !regexp.MustCompile(`^wrote (\d+ files|[^;]*infantry[^;]*) to .*; kept \d+ unchanged$`).MatchString(got) {
		t.Errorf("the infantry's attack changed, with --png again: %q", got)
	}
}
