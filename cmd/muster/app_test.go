package main

import (
	"bytes"
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/schema"
	"github.com/muster-wargames/muster/validate"
)

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var out, errb bytes.Buffer
	code := run(append([]string{"muster"}, args...), &out, &errb)
	return code, out.String(), errb.String()
}

const (
	good   = "../../content/testdata/mods/mod-ok"
	broken = "../../content/testdata/mods/mod-broken"
)

func TestValidateExitCodes(t *testing.T) {
	if code, out, _ := runCLI(t, "validate", good); code != 0 || !strings.Contains(out, "no problems") {
		t.Errorf("good package: exit %d, output %q", code, out)
	}
	code, out, _ := runCLI(t, "validate", broken)
	if code != 1 {
		t.Errorf("broken package: exit %d, want 1", code)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || lines[3] != "3 errors, 0 warnings" {
		t.Errorf("want 3 diagnostics and a summary, got:\n%s", out)
	}
	if !strings.HasPrefix(lines[0], "../../content/testdata/mods/mod-broken/units.yaml:2:5: error[id.collision]: ") {
		t.Errorf("first line = %q", lines[0])
	}
	if code, _, errs := runCLI(t, "validate"); code != 2 || !strings.Contains(errs, "name a package") {
		t.Errorf("no argument: exit %d, stderr %q", code, errs)
	}
	if code, out, _ := runCLI(t, "validate", "no/such/dir"); code != 2 || !strings.Contains(out, "io.read") {
		t.Errorf("missing folder: exit %d, output %q", code, out)
	}
	if code, _, errs := runCLI(t, "--format", "xml", "validate", good); code != 2 || !strings.Contains(errs, "unknown --format") {
		t.Errorf("bad format: exit %d, stderr %q", code, errs)
	}
	if code, _, _ := runCLI(t, "validate", "--no-such-flag", good); code != 2 {
		t.Errorf("unknown flag: exit %d, want 2", code)
	}
	if code, out, _ := runCLI(t, "validate", "--quiet", broken); code != 1 || strings.Contains(out, "errors,") {
		t.Errorf("--quiet: exit %d, output %q (no summary expected)", code, out)
	}
}

func TestStrictFailsOnWarnings(t *testing.T) {
	dir := t.TempDir()
	write := func(name, text string) {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("muster.yaml", "kind: Package\nid: w\nversion: 1.0.0\nexpectWarnings: [{code: nothing.here, why: test}]\n")
	write("system.yaml", "kind: System\nid: s\n")
	if code, out, _ := runCLI(t, "validate", dir); code != 0 || !strings.Contains(out, "0 errors, 1 warning") {
		t.Errorf("a warning alone: exit %d, output %q", code, out)
	}
	if code, _, _ := runCLI(t, "validate", "--strict", dir); code != 1 {
		t.Errorf("--strict with a warning: exit %d, want 1", code)
	}
	if code, _, _ := runCLI(t, "--strict", "validate", dir); code != 1 {
		t.Errorf("global --strict with a warning: exit %d, want 1", code)
	}
}

func TestJSONAndSARIFCarryTheSameDiagnostics(t *testing.T) {
	_, text, _ := runCLI(t, "validate", broken)
	code, out, _ := runCLI(t, "validate", "--format", "json", broken)
	if code != 1 {
		t.Errorf("json: exit %d", code)
	}
	var rep struct {
		Diagnostics []struct {
			Severity, Code, Message string
			Pos                     struct {
				File      string
				Line, Col int
			}
		}
		Errors, Warnings int
	}
	if err := json.Unmarshal([]byte(out), &rep); err != nil {
		t.Fatalf("json output does not parse: %v\n%s", err, out)
	}
	if rep.Errors != 3 || len(rep.Diagnostics) != 3 {
		t.Fatalf("json report = %+v", rep)
	}
	for _, d := range rep.Diagnostics {
		prefix := d.Pos.File + ":" + strconv.Itoa(d.Pos.Line) + ":" + strconv.Itoa(d.Pos.Col) + ": " + d.Severity + "[" + d.Code + "]: " + d.Message
		if !strings.Contains(text, prefix) {
			t.Errorf("json diagnostic %q is not in the text output", prefix)
		}
	}
	_, sarif, _ := runCLI(t, "--format", "sarif", "validate", broken)
	var log struct {
		Version string
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string
					Rules []struct {
						ID      string
						HelpURI string
						Help    struct{ Text, Markdown string }
					}
				}
			}
			ColumnKind string
			Results    []struct {
				RuleID    string
				Level     string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           struct{ StartLine, StartColumn int }
					}
				}
			}
		}
	}
	if err := json.Unmarshal([]byte(sarif), &log); err != nil {
		t.Fatalf("sarif does not parse: %v", err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || len(log.Runs[0].Results) != 3 || log.Runs[0].Tool.Driver.Name != "muster" {
		t.Fatalf("sarif = %+v", log)
	}
	if log.Runs[0].ColumnKind != "unicodeCodePoints" {
		t.Errorf("columnKind %q", log.Runs[0].ColumnKind)
	}
	for _, rule := range log.Runs[0].Tool.Driver.Rules {
		if !strings.HasPrefix(rule.HelpURI, validate.ChecksURL+"#") || rule.Help.Text == "" || !strings.HasPrefix(rule.Help.Markdown, "**") || !strings.Contains(rule.Help.Markdown, "]("+rule.HelpURI+")") {
			t.Errorf("rule %s: help %+v, helpUri %q", rule.ID, rule.Help, rule.HelpURI)
		}
	}
	r := log.Runs[0].Results[0]
	if r.RuleID != "id.collision" || r.Level != "error" || r.Locations[0].PhysicalLocation.Region.StartLine != 2 {
		t.Errorf("first sarif result = %+v", r)
	}
	_, gh, _ := runCLI(t, "validate", "--format", "github", broken)
	if !strings.HasPrefix(gh, "::error file=../../content/testdata/mods/mod-broken/units.yaml,line=2,col=5,endLine=2,") {
		t.Errorf("github annotation = %q", strings.SplitN(gh, "\n", 2)[0])
	}
}

func TestSchemaExport(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "schemas")
	if code, out, errs := runCLI(t, "schema", "export", dir); code != 0 {
		t.Fatalf("exit %d: %s %s", code, out, errs)
	}
	for _, name := range schema.Files() {
		got, err := os.ReadFile(filepath.Join(dir, name))
		want, _ := schema.Read(name)
		// The schema exactly, with muster's seal as a first "$comment" line.
		first, rest, _ := bytes.Cut(got, []byte("\n  \"$comment\": \"written by muster: muster schema export FOLDER refreshes it; muster-sha256:"))
		_, rest, _ = bytes.Cut(rest, []byte("\","))
		if err != nil || !bytes.Equal(append(bytes.Clone(first), rest...), want) || !output.Sealed(got) || !json.Valid(got) {
			t.Errorf("%s not exported intact: %v", name, err)
		}
	}
	if ents, _ := os.ReadDir(dir); len(ents) != len(schema.Files()) {
		t.Errorf("files left behind: %v", ents)
	}
	if code, _, _ := runCLI(t, "schema", "export"); code != 2 {
		t.Errorf("export without a folder: exit %d", code)
	}
	// Again: muster's own files are replaced; a file muster did not write is refused unless --force.
	if code, _, errs := runCLI(t, "schema", "export", dir); code != 0 {
		t.Fatalf("export again: exit %d: %s", code, errs)
	}
	mine := filepath.Join(dir, "map.schema.json")
	must.WriteFile(t, mine, []byte(`{"my": "schema"}`))
	if code, _, errs := runCLI(t, "schema", "export", dir); code != 2 || !strings.Contains(errs, "refusing to overwrite "+mine) {
		t.Errorf("exit %d: %s", code, errs)
	}
	if b, _ := os.ReadFile(mine); string(b) != `{"my": "schema"}` {
		t.Error("overwritten")
	}
	if code, _, errs := runCLI(t, "schema", "export", dir, "--force"); code != 0 {
		t.Errorf("--force: exit %d: %s", code, errs)
	}
	if code, _, errs := runCLI(t, "schema", "export", "/"); code != 2 || !strings.Contains(errs, "root of the file system") {
		t.Errorf("/: exit %d: %s", code, errs)
	}
}

func TestVersionAndCompletion(t *testing.T) {
	if code, out, _ := runCLI(t, "version"); code != 0 || !strings.HasPrefix(out, "muster 0.") {
		t.Errorf("version: %d %q", code, out)
	}
	for _, sh := range []string{"bash", "zsh", "fish", "powershell"} {
		if code, out, _ := runCLI(t, "completion", sh); code != 0 || !strings.Contains(out, "muster") {
			t.Errorf("completion %s: exit %d", sh, code)
		}
	}
	if code, out, _ := runCLI(t, "man"); code != 0 || !strings.HasPrefix(out, ".nh\n.TH muster 1") || !strings.Contains(out, "generate") {
		t.Errorf("man: exit %d\n%.300s", code, out)
	}
	if code, _, _ := runCLI(t, "completion", "tcsh"); code != 2 {
		t.Errorf("completion tcsh: exit %d, want 2", code)
	}
	saved := os.Args // urfave/cli reads os.Args for completion
	os.Args = []string{"muster", "--generate-bash-completion"}
	defer func() { os.Args = saved }()
	code, out, _ := runCLI(t, "--generate-bash-completion")
	if code != 0 || !strings.Contains(out, "validate") {
		t.Errorf("bash completion candidates: exit %d %q", code, out)
	}
}

// Flags written after a command's positional arguments are read as if written before them, with values taken
// from the command's own flag definitions; `--` ends flags and the completion flag stays last.
func TestHoistFlags(t *testing.T) {
	app := newApp(io.Discard, io.Discard)
	cases := []struct{ in, want string }{
		{"muster validate pkg --format json", "muster validate --format json pkg"},
		{"muster --strict validate pkg -q", "muster --strict validate -q pkg"},
		{"muster build pkg -o out --png --paper a4", "muster build -o out --png --paper a4 pkg"},
		{"muster build pkg --back-offset -1mm,0mm -o out", "muster build --back-offset -1mm,0mm -o out pkg"},
		{"muster roster pkg --force f --format=json", "muster roster --force f --format=json pkg"},
		{"muster generate map pkg --seed 3 -o x.yaml", "muster generate map --seed 3 -o x.yaml pkg"},
		{"muster test pkg -v", "muster test -v pkg"},
		{"muster validate pkg -- --odd-name", "muster validate pkg -- --odd-name"},
		{"muster validate --generate-bash-completion", "muster validate --generate-bash-completion"},
		{"muster nosuch pkg --x", "muster nosuch pkg --x"},
	}
	for _, c := range cases {
		if got := strings.Join(hoistFlags(app, strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("%s\n got  %s\n want %s", c.in, got, c.want)
		}
	}
	// And end to end: the same report whichever side of the folder the flags are on.
	_, before, _ := runCLI(t, "roster", "--format", "json", "--force", "standard-division", "../../examples/ancients")
	_, after, _ := runCLI(t, "roster", "../../examples/ancients", "--force", "standard-division", "--format", "json")
	if before != after || !strings.Contains(after, `"total": "187"`) {
		t.Errorf("roster with flags after the folder differs or lacks the total:\n%s", after)
	}
}
