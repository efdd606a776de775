package main

import (
	"bytes"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"time"
)

const thgExample = "../../examples/highest-ground"

// A usage error is two short lines on standard error (what is wrong, with a did-you-mean where one is close,
// and how the command is used) and exit 2; standard output stays empty, so a pipe reading JSON gets nothing.
func TestUsageErrors(t *testing.T) {
	cases := []struct {
		args []string
		want []string
	}{
		{[]string{"vaildate", good}, []string{`muster: unknown command "vaildate" (did you mean "validate"?)`, "usage: muster "}},
		{[]string{"--format", "json", "buidl", good}, []string{`(did you mean "build"?)`}},
		{[]string{"generate", "mapp", good}, []string{`muster generate: unknown command "mapp" (did you mean "map"?)`, "usage: muster generate scenario|map ..."}},
		{[]string{"generate"}, []string{"muster generate: name a subcommand"}},
		{[]string{"validate", "--formt", "json", good}, []string{`muster validate: unknown option --formt (did you mean "--format"?)`, "usage: muster validate [options] PACKAGE_DIR|FILE..."}},
		{[]string{"build", good, "--only", "coutners"}, []string{`--only: unknown output "coutners"`, `(did you mean "counters"?)`, "usage: muster build [options] PACKAGE_DIR"}},
		{[]string{"validate", "--format", "jsn", good}, []string{`unknown --format "jsn"`, `(did you mean "json"?)`}},
		{[]string{"validate"}, []string{"muster validate: name a package folder", "usage: muster validate"}},
		{[]string{"init", "x", "--grid", "hexes"}, []string{`--grid "hexes"`, `(did you mean "hex"?)`, "usage: muster init"}},
		{[]string{}, []string{"USAGE:"}}, // muster alone: the help, on standard error
	}
	for _, c := range cases {
		code, out, errs := runCLI(t, c.args...)
		if code != 2 || out != "" {
			t.Errorf("muster %s: exit %d, stdout %q", strings.Join(c.args, " "), code, out)
		}
		for _, w := range c.want {
			if !strings.Contains(errs, w) {
				t.Errorf("muster %s: stderr lacks %q:\n%s", strings.Join(c.args, " "), w, errs)
			}
		}
		if len(c.args) > 0 && (strings.Contains(errs, "DESCRIPTION:") || strings.Count(errs, "\n") > 2) {
			t.Errorf("muster %s: more than a short usage:\n%s", strings.Join(c.args, " "), errs)
		}
	}
	// Asking for help is no error: on standard output, exit 0.
	if code, out, _ := runCLI(t, "build", "--help"); code != 0 || !strings.Contains(out, "DESCRIPTION:") {
		t.Errorf("build --help: exit %d", code)
	}
}

// --quiet shows errors only and --strict fails on unexpected warnings, in every format; warnings the package
// expects (expectWarnings) never fail --strict.
func TestQuietAndStrictInEveryFormat(t *testing.T) {
	for _, format := range []string{"text", "json", "sarif", "github"} {
		// The Highest Ground carries three expected warnings and nothing else.
		code, out, _ := runCLI(t, "validate", "--strict", "--format", format, thgExample)
		if code != 0 {
			t.Errorf("%s: --strict with expected warnings only: exit %d", format, code)
		}
		if format == "text" && !strings.Contains(out, "0 errors, 3 warnings") {
			t.Errorf("text: %s", out)
		}
		code, out, _ = runCLI(t, "validate", "--quiet", "--format", format, thgExample)
		if code != 0 {
			t.Errorf("%s --quiet: exit %d", format, code)
		}
		if strings.Contains(out, "victory.gap") {
			t.Errorf("%s --quiet shows warnings:\n%s", format, out)
		}
		if format == "json" {
			var rep struct{ Diagnostics []any }
			if err := json.Unmarshal([]byte(out), &rep); err != nil || len(rep.Diagnostics) != 0 {
				t.Errorf("json --quiet: %v %s", err, out)
			}
		}
		// Errors are shown with --quiet, in every format.
		if code, out, _ := runCLI(t, "validate", "--quiet", "--format", format, broken); code != 1 || !strings.Contains(out, "id.collision") {
			t.Errorf("%s --quiet on errors: exit %d\n%s", format, code, out)
		}
	}
	// An unexpected warning fails --strict (TestStrictFailsOnWarnings), and so does build --strict.
}

// `muster test` fails when the package has errors, even when every fixture passes (or there is none).
func TestTestFailsOnPackageErrors(t *testing.T) {
	code, _, errs := runCLI(t, "test", broken)
	if code != 1 || !strings.Contains(errs, "errors") {
		t.Errorf("exit %d, stderr %q", code, errs)
	}
	if code, _, _ := runCLI(t, "test", thgExample); code != 0 {
		t.Errorf("a clean package: exit %d", code)
	}
}

// Completion offers a flag's values: `muster validate --format <TAB>`.
func TestCompletionOfFlagValues(t *testing.T) {
	cases := map[string]string{
		"validate --format":          "text json sarif github",
		"test --format":              "text json",
		"init x --grid":              "hex square open",
		"build pkg --only":           "counters labels cards maps charts scenarios rosters vassal tts all",
		"--format":                   "text json sarif github",
		"build --backs":              "long-edge short-edge foldover none",
		"init my-game --from":        "ancients fields-of-honor highest-ground highest-ground-barbarians prestags rampant",
		"validate --strict --format": "text json sarif github",
	}
	for in, want := range cases {
		code, out, _ := runCLI(t, append(strings.Fields(in), completionFlag)...)
		if got := strings.Join(strings.Fields(out), " "); code != 0 || got != want {
			t.Errorf("%s <TAB>: exit %d, %q, want %q", in, code, got, want)
		}
	}
	if _, out, _ := runCLI(t, "completion", "fish"); !strings.Contains(out, "-l format -x -a 'text json sarif github'") {
		t.Error("the fish script lacks the --format values")
	}
}

// Colour only on a terminal: a buffer or a file gets none, whatever the content says.
func TestNoColourWhenPiped(t *testing.T) {
	if colourOn(&bytes.Buffer{}) {
		t.Error("colour on a buffer")
	}
	f, err := os.CreateTemp(t.TempDir(), "out")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if colourOn(f) || progressOn(f, false) {
		t.Error("colour or progress on a file")
	}
	_, out, _ := runCLI(t, "validate", broken)
	if strings.Contains(out, "\x1b") {
		t.Errorf("escape sequences in piped output: %q", out)
	}
}

// The progress line appears only once the timer fires, says the stage, and is erased at the end; off, it
// writes nothing at all.
func TestProgressLine(t *testing.T) {
	var b bytes.Buffer
	fire := make(chan time.Time)
	p := startProgress(&b, true, fire)
	p.set("validating")
	if b.Len() != 0 {
		t.Errorf("shown before the timer: %q", b.String())
	}
	fire <- time.Time{}
	p.set("printing \x1b]0;title\a")
	p.finish()
	got := b.String()
	if !strings.Contains(got, "printing") || !strings.HasSuffix(got, "\r\x1b[K") || strings.Contains(got, "\x1b]0") {
		t.Errorf("progress wrote %q", got)
	}
	var quiet bytes.Buffer
	q := startProgress(&quiet, false, fire)
	q.set("x")
	q.finish()
	if quiet.Len() != 0 {
		t.Errorf("off, but wrote %q", quiet.String())
	}
	// Finished before the timer: nothing shown.
	var fast bytes.Buffer
	f := startProgress(&fast, true, make(chan time.Time))
	f.set("validating")
	f.finish()
	if fast.Len() != 0 {
		t.Errorf("a fast build showed %q", fast.String())
	}
}
