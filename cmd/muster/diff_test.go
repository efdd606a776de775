package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/build/errata"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/print/pdfcheck"
)

// copyPackage copies an example package into dir/name and replaces one string in one of its files.
func copyPackage(t *testing.T, dir, name, file, old, new string) string {
	t.Helper()
	pkg := filepath.Join(dir, filepath.Base(name))
	if err := os.CopyFS(pkg, os.DirFS(filepath.Join("..", "..", "examples", name))); err != nil {
		t.Fatal(err)
	}
	if file != "" {
		must.Edit(t, filepath.Join(pkg, filepath.FromSlash(file)), old, new)
	}
	return pkg
}

const barAttack = `stats: {movement: 1, range: 4, attack: "2*", morale: 1, defense: 2}`

// muster diff of The Highest Ground and a copy whose BAR attacks with 3* prints that one change, and -o
// writes a sheet of the BAR's one counter: its front (3*) on the first page, its back (disrupted, 1*) on
// the second, mirrored across the page's long edge as the counter sheets print backs, square on the front.
func TestDiffOneChangeAndSheet(t *testing.T) {
	dir := t.TempDir()
	pkg := copyPackage(t, dir, "highest-ground", "units/mercenary.yaml", barAttack, strings.Replace(barAttack, `"2*"`, `"3*"`, 1))
	out := filepath.Join(dir, "errata.pdf")
	code, stdout, stderr := runMuster(t, "diff", "--content-only", "../../examples/highest-ground", pkg, "-o", out)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	var values []string
	for _, l := range strings.Split(stdout, "\n") {
		if strings.Contains(l, " -> ") && strings.HasPrefix(l, "    ") {
			values = append(values, strings.TrimSpace(l))
		}
	}
	if len(values) != 1 || !strings.HasPrefix(values[0], "stats.attack: 2* -> 3*") || !strings.Contains(stdout, "unit bar (BAR): changed") {
		t.Errorf("values %q in:\n%s", values, stdout)
	}
	if !strings.Contains(stdout, "unit bar (BAR): front changed; 1 copy on the replacement sheet") || !strings.Contains(stderr, "1 replacement counter") {
		t.Errorf("the counter is not said:\n%s\n%s", stdout, stderr)
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if len(d.Pages) != 2 {
		t.Fatalf("%d pages, want the front and the back", len(d.Pages))
	}
	const size = 36 // The Highest Ground's counters are 1/2"
	var at [2]pdfcheck.Rect
	for i, p := range d.Pages {
		rects, _ := p.Shapes()
		var counters []pdfcheck.Rect
		for _, r := range rects {
			if r.Fill && pdfcheck.Near(r.W, size, 0.01) && pdfcheck.Near(r.H, size, 0.01) {
				counters = append(counters, r)
			}
		}
		if len(counters) != 1 {
			t.Fatalf("page %d: %d counters %v, want one", i+1, len(counters), counters)
		}
		at[i] = counters[0]
		var texts []string
		for _, r := range p.TextRuns() {
			texts = append(texts, r.Text)
		}
		want := map[int]string{0: "3*", 1: "1*"}[i]
		if !strings.Contains(" "+strings.Join(texts, " ")+" ", " "+want+" ") {
			t.Errorf("page %d shows %q, want the attack %s", i+1, texts, want)
		}
	}
	w := d.Pages[0].Width()
	if !pdfcheck.Near(at[1].X, w-at[0].X-at[0].W, 0.01) || !pdfcheck.Near(at[1].Y, at[0].Y, 0.01) {
		t.Errorf("front at (%g, %g), back at (%g, %g) on a %g pt wide page: not in register", at[0].X, at[0].Y, at[1].X, at[1].Y, w)
	}
	// JSON says the same.
	code, stdout, _ = runMuster(t, "diff", "--content-only", "--format", "json", "../../examples/highest-ground", pkg)
	var rep errata.Report
	if err := json.Unmarshal([]byte(stdout), &rep); code != 0 || err != nil {
		t.Fatalf("exit %d, %v: %s", code, err, stdout)
	}
	if len(rep.Units) != 1 || len(rep.Units[0].Values) != 1 || rep.Units[0].Values[0].New != "3*" || len(rep.Counters) != 1 {
		t.Errorf("json %+v", rep)
	}
}

// Packages of two games: a diagnostic at each manifest's id, exit 1, no sheet. A package with errors: its
// diagnostics, exit 1, no sheet.
func TestDiffBadInput(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "errata.pdf")
	code, stdout, _ := runMuster(t, "diff", "--content-only", "../../examples/testdata/river-line", "../../examples/highest-ground", "-o", out)
	if code != 1 || !strings.Contains(stdout, filepath.Join("highest-ground", "muster.yaml")+":") || !strings.Contains(stdout, filepath.Join("river-line", "muster.yaml")+":") || !strings.Contains(stdout, errata.CodeGames) {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a sheet was written")
	}
	bad := copyPackage(t, dir, "testdata/river-line", "units.yaml", "kind: UnitType", "kind: UnitTyp")
	code, stdout, _ = runMuster(t, "diff", "--content-only", "../../examples/testdata/river-line", bad, "-o", out)
	if code != 1 || !strings.Contains(stdout, filepath.Join(bad, "units.yaml")+":") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a sheet was written")
	}
	code, _, stderr := runMuster(t, "diff", "../../examples/testdata/river-line")
	if code != 2 || !strings.Contains(stderr, "two versions") {
		t.Errorf("one version: exit %d, %s", code, stderr)
	}
}

// A git revision, REV:PATH: the package as the commit before the last holds it, against the folder on disk;
// the repository is left as it was and the temporary copy removed, and the report names REV:PATH's files.
func TestDiffGitRevision(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := t.TempDir()
	pkg := copyPackage(t, repo, "testdata/river-line", "", "", "")
	git := func(args ...string) string {
		t.Helper()
		cmd := exec.Command("git", append([]string{"-c", "user.name=muster test", "-c", "user.email=test@example.org", "-c", "commit.gpgsign=false"}, args...)...)
		cmd.Dir = repo
		b, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("git %v: %v\n%s", args, err, b)
		}
		return string(b)
	}
	git("init", "-q")
	git("add", ".")
	git("commit", "-q", "-m", "first")
	p := filepath.Join(pkg, "counters.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(strings.Replace(string(b), "{unit: south-hq, count: 2}", "{unit: south-hq, count: 3}", 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	git("commit", "-q", "-am", "a third HQ")
	before := git("status", "--porcelain")
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	code, stdout, stderr := runMuster(t, "diff", "--content-only", "HEAD~1:"+pkg, pkg)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if !strings.Contains(stdout, "count 2 -> 3") || !strings.Contains(stdout, "river-line: HEAD~1:"+pkg+" -> "+pkg) {
		t.Errorf("stdout:\n%s", stdout)
	}
	if after := git("status", "--porcelain"); after != before {
		t.Errorf("git status %q, was %q", after, before)
	}
	if left, _ := os.ReadDir(tmp); len(left) != 0 {
		t.Errorf("left behind in the temporary folder: %v", left)
	}
	// An old version of a file names it as REV:PATH: the HQ's count at its line in the new version, and an
	// unknown revision, or an option where a revision goes, is refused before git sees it.
	code, stdout, _ = runMuster(t, "diff", "--content-only", pkg, "HEAD~1:"+pkg)
	if code != 0 || !strings.Contains(stdout, "HEAD~1:"+p+":") {
		t.Errorf("exit %d:\n%s", code, stdout)
	}
	for _, rev := range []string{"no-such-rev", "--output=x"} {
		code, _, stderr = runMuster(t, "diff", "--content-only", "--", rev+":"+pkg, pkg)
		if code != 2 || !strings.Contains(stderr, rev) {
			t.Errorf("%s: exit %d, %s", rev, code, stderr)
		}
	}
}
