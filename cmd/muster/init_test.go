package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/internal/must"

	"github.com/muster-wargames/muster/generators/scaffold"
)

// `muster init my-game && muster validate my-game && muster build my-game -o my-game-out`, for every grid.
func TestInitValidatesAndBuilds(t *testing.T) {
	for _, grid := range scaffold.Grids {
		t.Run(grid, func(t *testing.T) {
			root := t.TempDir()
			dir := filepath.Join(root, "my-game")
			code, out, errs := runCLI(t, "init", dir, "--grid", grid)
			if code != 0 || !strings.Contains(out, "wrote "+english.Article(grid)+" game") {
				t.Fatalf("init: exit %d\n%s%s", code, out, errs)
			}
			if code, out, _ := runCLI(t, "validate", dir); code != 0 || strings.TrimSpace(out) != "no problems" {
				t.Fatalf("validate: exit %d\n%s", code, out)
			}
			if code, out, _ := runCLI(t, "test", dir); code != 0 || !strings.Contains(out, "0 failed") {
				t.Errorf("test: exit %d\n%s", code, out)
			}
			// Its generators make a random scenario (on a random field) that validates with it.
			random := filepath.Join(dir, "scenarios", "random-7.yaml")
			if code, out, errs := runCLI(t, "generate", "scenario", dir, "--seed", "7", "-o", random); code != 0 {
				t.Fatalf("generate: exit %d\n%s%s", code, out, errs)
			}
			if code, out, _ := runCLI(t, "validate", dir); code != 0 || strings.TrimSpace(out) != "no problems" {
				t.Fatalf("validate with a random scenario: exit %d\n%s", code, out)
			}
			if code, out, errs := runCLI(t, "build", dir, "-o", filepath.Join(root, "my-game-out")); code != 0 {
				t.Fatalf("build: exit %d\n%s%s", code, out, errs)
			}
			// Every document of every content file names the package's own schema, which is there.
			checkModelines(t, dir)
			// Never over anything: a second init into the same folder is refused and changes nothing.
			before := must.ReadFile(t, filepath.Join(dir, "units.yaml"))
			code, _, errs = runCLI(t, "init", dir, "--grid", grid)
			if code != 2 || !strings.Contains(errs, "not empty") {
				t.Errorf("init into a package: exit %d, %s", code, errs)
			}
			if after := must.ReadFile(t, filepath.Join(dir, "units.yaml")); string(after) != string(before) {
				t.Error("a refused init changed a file")
			}
		})
	}
}

// checkModelines checks that every YAML file under dir starts each of its documents with a schema line that
// reaches dir/.muster/schemas/muster.schema.json.
func checkModelines(t *testing.T, dir string) {
	t.Helper()
	want := must.Abs(t, filepath.Join(dir, scaffold.SchemaFolder, "muster.schema.json"))
	n := 0
	filepath.WalkDir(dir, func(p string, e os.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(p, ".yaml") {
			return err
		}
		data := must.ReadFile(t, p)
		for i, doc := range strings.Split("\n"+string(data), "\n---\n") {
			first, _, _ := strings.Cut(strings.TrimPrefix(doc, "\n"), "\n")
			target, ok := strings.CutPrefix(first, scaffold.ModelinePrefix)
			abs, _ := filepath.Abs(filepath.Join(filepath.Dir(p), target))
			if !ok || abs != want {
				t.Errorf("%s document %d: schema line %q does not reach %s", p, i+1, first, want)
			}
			n++
		}
		return nil
	})
	if _, err := os.Stat(want); err != nil || n < 8 {
		t.Errorf("%d documents, schema: %v", n, err)
	}
}

// --from copies each example game with its ids renamed; the copy validates as the example does. A mod is
// refused with the way to do it.
func TestInitFromExamples(t *testing.T) {
	for _, name := range scaffold.Examples() {
		t.Run(name, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "Copy of "+name)
			code, out, errs := runCLI(t, "init", dir, "--from", name)
			if name == "highest-ground-barbarians" {
				if code != 2 || !strings.Contains(errs, "--from highest-ground") {
					t.Errorf("a mod: exit %d %s", code, errs)
				}
				return
			}
			if code != 0 {
				t.Fatalf("init --from: exit %d\n%s%s", code, out, errs)
			}
			code, out, _ = runCLI(t, "validate", "--format", "json", dir)
			var rep struct {
				Diagnostics []struct {
					Severity, Code, Message string
					Expected                bool
				}
			}
			json.Unmarshal([]byte(out), &rep)
			for _, d := range rep.Diagnostics {
				if d.Severity == "error" || (d.Severity == "warning" && !d.Expected) {
					t.Errorf("%s[%s]: %s", d.Severity, d.Code, d.Message)
				}
			}
			if code != 0 {
				t.Errorf("validate: exit %d", code)
			}
			manifest, _ := os.ReadFile(filepath.Join(dir, "muster.yaml"))
			for _, want := range []string{"\nid: copy-of-" + name + "\n", "\nversion: 0.1.0\n", "\nsystem: copy-of-" + name + "\n"} {
				if !strings.Contains(string(manifest), want) {
					t.Errorf("manifest lacks %q", strings.TrimSpace(want))
				}
			}
			checkModelines(t, dir)
		})
	}
}

// The next steps init prints run this muster again however it was started: from the PATH, by its path (an
// unpacked release), or by go run in a checkout, whose binary is gone when it ends.
func TestHowToRun(t *testing.T) {
	dir := t.TempDir()
	exe := filepath.Join(dir, "muster_0.2.0", "muster")
	spaced := filepath.Join(dir, "my tools", "muster")
	must.Mkdir(t, filepath.Dir(exe))
	must.Mkdir(t, filepath.Dir(spaced))
	must.WriteFile(t, exe, []byte("#!/bin/sh\n"))
	must.WriteFile(t, spaced, []byte("#!/bin/sh\n"))
	for argv0, want := range map[string]string{
		"muster":                       "muster",
		"":                             "muster",
		exe:                            exe,
		"./x/../" + filepath.Base(exe): "./x/../muster",
		spaced:                         "'" + spaced + "'",
		filepath.Join(os.TempDir(), "go-build123", "b001", "exe", "muster"): "go run github.com/muster-wargames/muster/cmd/muster@latest",
	} {
		if got := howToRun(argv0); got != want {
			t.Errorf("howToRun(%q) = %q, want %q", argv0, got, want)
		}
	}
	// In a checkout (cmd/muster/main.go here), go run's binary is run again with go run ./cmd/muster.
	t.Chdir(filepath.Join("..", ".."))
	if got := howToRun(filepath.Join(os.TempDir(), "go-build9", "b001", "exe", "muster")); got != "go run ./cmd/muster" {
		t.Errorf("after go run: %q", got)
	}
	// Found on the PATH, the binary is muster, whatever path started it.
	t.Setenv("PATH", filepath.Dir(exe))
	must.Do(t, os.Chmod(exe, 0o755))
	if got := howToRun(exe); got != "muster" {
		t.Errorf("on the PATH: %q", got)
	}
}
