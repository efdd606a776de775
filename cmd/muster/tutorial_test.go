package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/print/pixelcheck"
)

// TestMain lets the test binary stand in for the muster command: run with MUSTER_TEST_RUN_CLI=1 it is muster
// (the same run() main calls), so the tutorial's shell commands and the completion scripts drive the real
// command line without building a second binary.
func TestMain(m *testing.M) {
	if os.Getenv("MUSTER_TEST_RUN_CLI") == "1" {
		os.Exit(run(append([]string{"muster"}, os.Args[1:]...), os.Stdout, os.Stderr))
	}
	os.Exit(m.Run())
}

// musterOnPath makes a folder holding a `muster` that runs this test binary as the command, and returns the
// environment that puts it first on PATH.
func musterOnPath(t *testing.T) []string {
	t.Helper()
	if _, err := exec.LookPath("bash"); err != nil {
		t.Skip("bash is not installed: the tutorial's shell blocks need it")
	}
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	bin := t.TempDir()
	shim := "#!/bin/sh\nMUSTER_TEST_RUN_CLI=1 exec " + strconv.Quote(self) + " \"$@\"\n"
	if err := os.WriteFile(filepath.Join(bin, "muster"), []byte(shim), 0o755); err != nil {
		t.Fatal(err)
	}
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, "PATH=") && !strings.HasPrefix(kv, "NO_COLOR=") && !strings.HasPrefix(kv, "MUSTER_") {
			env = append(env, kv)
		}
	}
	return append(env, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "NO_COLOR=1")
}

// tutorialStep is one thing docs/tutorial.md asks of the reader, in order.
type tutorialStep struct {
	line    int
	kind    string // sh, output, file, picture
	text    string // the script, the expected output, the excerpt
	exit    int    // for sh
	path    string // for file (the file the excerpt is in) and picture (the file muster drew)
	picture string // for picture: the image's path in docs/
}

var (
	fileComment    = regexp.MustCompile(`^<!-- file: (\S+) -->$`)
	pictureComment = regexp.MustCompile(`^<!-- picture: (\S+) -->$`)
	imageLink      = regexp.MustCompile(`^!\[[^\]]*\]\(([^)]+\.png)\)$`)
	exitInfo       = regexp.MustCompile(`^exit=(\d+)$`)
)

// parseTutorial reads the steps: fenced ```sh blocks (```sh exit=1 for one that must fail) are commands; a
// ```text block right after one is its output; a ```yaml block after <!-- file: PATH --> is an excerpt of
// that file; an image after <!-- picture: PATH --> is the picture muster drew at PATH.
func parseTutorial(t *testing.T, md string) []tutorialStep {
	var steps []tutorialStep
	lines := strings.Split(md, "\n")
	pendingFile, pendingPicture := "", ""
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if m := fileComment.FindStringSubmatch(l); m != nil {
			pendingFile = m[1]
			continue
		}
		if m := pictureComment.FindStringSubmatch(l); m != nil {
			pendingPicture = m[1]
			continue
		}
		if m := imageLink.FindStringSubmatch(l); m != nil {
			if pendingPicture == "" {
				t.Errorf("docs/tutorial.md:%d: a picture without <!-- picture: PATH --> before it: say which file muster draws it from", i+1)
			}
			steps = append(steps, tutorialStep{line: i + 1, kind: "picture", path: pendingPicture, picture: m[1]})
			pendingPicture = ""
			continue
		}
		if !strings.HasPrefix(l, "```") {
			continue
		}
		info := strings.Fields(strings.TrimPrefix(l, "```"))
		start := i + 1
		var body []string
		for i++; i < len(lines) && lines[i] != "```"; i++ {
			body = append(body, lines[i])
		}
		text := strings.Join(body, "\n") + "\n"
		lang := ""
		if len(info) > 0 {
			lang = info[0]
		}
		switch lang {
		case "sh":
			s := tutorialStep{line: start, kind: "sh", text: text}
			for _, x := range info[1:] {
				if m := exitInfo.FindStringSubmatch(x); m != nil {
					s.exit, _ = strconv.Atoi(m[1])
				}
			}
			steps = append(steps, s)
		case "text":
			if len(steps) == 0 || steps[len(steps)-1].kind != "sh" {
				t.Errorf("docs/tutorial.md:%d: an output block that follows no command", start)
				continue
			}
			steps = append(steps, tutorialStep{line: start, kind: "output", text: text})
		case "yaml":
			if pendingFile != "" {
				steps = append(steps, tutorialStep{line: start, kind: "file", text: text, path: pendingFile})
			}
		}
		pendingFile = ""
	}
	return steps
}

// The tutorial runs: every shell block in order, in one folder, against the real command line; each shown
// output is what the commands print; each excerpt is in its file; each picture is what muster draws from the
// tutorial's own files. The pictures under docs/tutorial/ are kept current by this test: after a change to
// what muster draws, rewrite them with
//
//	MUSTER_UPDATE_DOCS=1 go test ./cmd/muster -run TestTutorial
func TestTutorial(t *testing.T) {
	md, err := os.ReadFile(filepath.Join("..", "..", "docs", "tutorial.md"))
	if err != nil {
		t.Fatal(err)
	}
	env := musterOnPath(t)
	work := t.TempDir()
	steps := parseTutorial(t, string(md))
	kinds := map[string]int{}
	for _, s := range steps {
		kinds[s.kind]++
	}
	if kinds["sh"] < 10 || kinds["picture"] < 5 || kinds["output"] < 5 {
		t.Fatalf("the tutorial has %v steps: commands, outputs and pictures are missing", kinds)
	}
	update := os.Getenv("MUSTER_UPDATE_DOCS") == "1"
	var last []byte
	pictures := map[string]bool{}
	for _, s := range steps {
		where := fmt.Sprintf("docs/tutorial.md:%d", s.line)
		switch s.kind {
		case "sh":
			cmd := exec.Command("bash", "-e", "-o", "pipefail", "-c", s.text)
			cmd.Dir, cmd.Env = work, env
			out, err := cmd.CombinedOutput()
			last = out
			code := 0
			if ee, ok := err.(*exec.ExitError); ok {
				code = ee.ExitCode()
			} else if err != nil {
				t.Fatalf("%s: %v", where, err)
			}
			if code != s.exit {
				t.Fatalf("%s: the commands exit %d, the tutorial says %d:\n%s\n%s", where, code, s.exit, s.text, out)
			}
		case "output":
			if string(last) != s.text {
				t.Errorf("%s: the commands print\n%s\nthe tutorial shows\n%s", where, last, s.text)
			}
		case "file":
			data, err := os.ReadFile(filepath.Join(work, s.path))
			if err != nil || !bytes.Contains(data, []byte(s.text)) {
				t.Errorf("%s: %s does not hold the excerpt shown (%v):\n%s", where, s.path, err, s.text)
			}
		case "picture":
			got, err := os.ReadFile(filepath.Join(work, s.path))
			if err != nil {
				t.Errorf("%s: muster drew no %s: %v", where, s.path, err)
				continue
			}
			doc := filepath.Join("..", "..", "docs", filepath.FromSlash(s.picture))
			pictures[filepath.Base(doc)] = true
			if update {
				must.Mkdir(t, filepath.Dir(doc))
				if err := os.WriteFile(doc, got, 0o644); err != nil {
					t.Fatal(err)
				}
				continue
			}
			saved, err := os.ReadFile(doc)
			if err != nil {
				t.Errorf("%s: %v (write the pictures with MUSTER_UPDATE_DOCS=1 go test ./cmd/muster -run TestTutorial)", where, err)
				continue
			}
			if why := pixelcheck.Same(got, saved); why != "" {
				t.Errorf("%s: %s is not what muster draws now (%s): MUSTER_UPDATE_DOCS=1 go test ./cmd/muster -run TestTutorial", where, s.picture, why)
			}
		}
	}
	// No picture in docs/tutorial/ that the tutorial does not draw.
	ents, _ := os.ReadDir(filepath.Join("..", "..", "docs", "tutorial"))
	for _, e := range ents {
		if !pictures[e.Name()] {
			t.Errorf("docs/tutorial/%s is not in the tutorial: remove it", e.Name())
		}
	}
}

// The bash completion script, sourced in bash, completes a flag's values from muster itself.
func TestBashCompletionScript(t *testing.T) {
	env := musterOnPath(t)
	script := `source <(muster completion bash)
COMP_WORDS=(muster validate --format ""); COMP_CWORD=3; _muster_complete; echo "${COMPREPLY[*]}"
COMP_WORDS=(muster init my-game --grid s); COMP_CWORD=4; _muster_complete; echo "${COMPREPLY[*]}"
COMP_WORDS=(muster vali); COMP_CWORD=1; _muster_complete; echo "${COMPREPLY[*]}"`
	cmd := exec.Command("bash", "-c", script)
	cmd.Env, cmd.Dir = env, t.TempDir()
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := string(out); got != "text json sarif github\nsquare\nvalidate\n" {
		t.Errorf("completions:\n%s", got)
	}
}
