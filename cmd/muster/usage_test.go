package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
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

// Completion: commands, flags, flag values, package folders and the package's ids, asked the way every
// shell's script asks (muster __complete WORD... CURRENT); never a help command below the top.
func TestComplete(t *testing.T) {
	const thg = "../../examples/highest-ground"
	cases := []struct {
		in, cur, want string
	}{
		{"validate --format", "", "text json sarif github"},
		{"test --format", "", "text json"},
		{"init x --grid", "", "hex square open"},
		{"init x --grid", "s", "square"},
		{"build pkg --only", "", "counters labels cards maps charts scenarios rosters vassal tts all"},
		{"build pkg --only", "maps,v", "maps,vassal"},
		{"--format", "", "text json sarif github"},
		{"build --backs", "", "long-edge short-edge foldover none"},
		{"init my-game --from", "", "ancients fields-of-honor highest-ground highest-ground-barbarians prestags rampant"},
		{"validate --strict --format", "", "text json sarif github"},
		{"", "vali", "validate"},
		{"", "h", "help"},
		{"generate", "", "scenario map"},
		{"help", "gen", "generate"},
		{"help generate", "", "scenario map"},
		{"build", "", ":dirs"},
		{"build", "exa", ":dirs"},
		{"build", "h", ":dirs"},
		{"build examples", "", ""},
		{"build -o", "", ":dirs"},
		{"generate scenario x -o", "", ":files"},
		{"validate a b", "", ":files"},
		{"init", "", ":dirs"},
		{"export vassal --check", "", ":files"},
		{"export vassal", "", ":dirs"},
		{"export vassal --check", "", ":files"},
		{"completion", "", "bash zsh fish powershell"},
		{"completion bash", "", ""},
		{"version", "", ""},
		{"build x", "--pn", "--png"},
		{"roster x", "--f", "--format --force"},
		{"generate scenario " + thg + " --generator", "", "thg-random"},
		{"generate map " + thg + " --seed 3 --generator", "", "thg-random-board"},
		{"generate scenario --seed 3 " + thg + " --generator", "", "thg-random"},
		{"generate scenario ../../examples/ancients --generator", "", "ancients-random-battle ancients-random-points"},
		{"roster " + thg + " --scenario", "", "introductory"},
		{"roster ../../examples/ancients --force", "st", "standard-division"},
		{"generate scenario no-such-folder --generator", "", ""},
	}
	for _, c := range cases {
		args := append(append([]string{"__complete"}, strings.Fields(c.in)...), c.cur)
		code, out, _ := runCLI(t, args...)
		var got []string
		for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
			if v, _, _ := strings.Cut(l, "\t"); v != "" {
				got = append(got, v)
			}
		}
		if code != 0 || strings.Join(got, " ") != c.want {
			t.Errorf("muster %s %s<TAB>: exit %d, %q, want %q", c.in, c.cur, code, strings.Join(got, " "), c.want)
		}
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

// `muster help CMD` is the command's --help; a folder named help or h is a folder, whatever the command.
func TestHelpCommandAndFoldersNamedHelp(t *testing.T) {
	code, out, _ := runCLI(t, "help", "build")
	if code != 0 || !strings.Contains(out, "muster build") || !strings.Contains(out, "--png") {
		t.Errorf("muster help build: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "help", "generate", "scenario"); code != 0 || !strings.Contains(out, "--generator") {
		t.Errorf("muster help generate scenario: exit %d\n%s", code, out)
	}
	if code, out, _ := runCLI(t, "help"); code != 0 || !strings.Contains(out, "validate") {
		t.Errorf("muster help: exit %d\n%s", code, out)
	}
	if code, _, errs := runCLI(t, "help", "biuld"); code != 2 || !strings.Contains(errs, `did you mean "build"`) {
		t.Errorf("muster help biuld: exit %d\n%s", code, errs)
	}
	t.Chdir(t.TempDir())
	for _, name := range []string{"h", "help"} {
		if code, out, errs := runCLI(t, "init", name); code != 0 || strings.Contains(out, "USAGE") {
			t.Fatalf("muster init %s: exit %d\n%s%s", name, code, out, errs)
		}
		if _, err := os.Stat(filepath.Join(name, "muster.yaml")); err != nil {
			t.Fatalf("muster init %s wrote no package: %v", name, err)
		}
		if code, out, _ := runCLI(t, "validate", name); code != 0 || !strings.Contains(out, "no problems") {
			t.Errorf("muster validate %s: exit %d\n%s", name, code, out)
		}
		if code, out, errs := runCLI(t, "rules", name); code != 0 || strings.Contains(out, "USAGE") {
			t.Errorf("muster rules %s: exit %d\n%s%s", name, code, out, errs)
		}
	}
	if code, out, errs := runCLI(t, "validate", "help", "h"); code != 0 || strings.Contains(out+errs, "USAGE") {
		t.Errorf("muster validate help h: exit %d\n%s%s", code, out, errs)
	}
}
