package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

const thgPkg = "../../examples/highest-ground"

func copyPkg(t *testing.T, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := os.CopyFS(dst, os.DirFS(src))
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func TestGenerateScenarioToStdoutIsDeterministic(t *testing.T) {
	code, a, errs := runCLI(t, "generate", "scenario", thgPkg, "--seed", "7")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	// The schema line names the package's own schemas, at the top and after every `---`.
	line := "# yaml-language-server: $schema=.muster/schemas/muster.schema.json\n"
	if !strings.HasPrefix(a, line) || strings.Count(a, "\n---\n"+line) != strings.Count(a, "\n---\n") || !strings.Contains(a, "\n---\n") {
		t.Errorf("schema lines: %q", strings.SplitN(a, "\n", 2)[0])
	}
	for _, want := range []string{"generated: {generator: thg-random, seed: 7, muster: ", "--seed 7", "kind: Force"} {
		if !strings.Contains(a, want) {
			t.Errorf("output lacks %q", want)
		}
	}
	_, b, _ := runCLI(t, "generate", "scenario", "--seed", "7", thgPkg)
	if a != b {
		t.Error("the same seed gave different output")
	}
	_, c, _ := runCLI(t, "generate", "scenario", thgPkg, "--seed", "8")
	if a == c {
		t.Error("seeds 7 and 8 gave the same output")
	}
}

// A file written into the package validates and builds with it, as muster validate FILE sees it.
func TestGenerateIntoPackageValidates(t *testing.T) {
	dir := copyPkg(t, thgPkg)
	out := filepath.Join(dir, "scenarios", "random-11.yaml")
	if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "11", "--points", "50", "-o", out); code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	if code, stdout, _ := runCLI(t, "validate", out); code != 0 {
		t.Fatalf("validate: exit %d\n%s", code, stdout)
	}
	data := must.ReadFile(t, out)
	if !strings.HasPrefix(string(data), "# yaml-language-server: $schema=../.muster/schemas/muster.schema.json\n") || !strings.Contains(string(data), "budget: 50") {
		t.Errorf("unexpected file:\n%s", data)
	}
	mapOut := filepath.Join(dir, "boards", "V-3.yaml")
	if code, _, errs := runCLI(t, "generate", "map", dir, "--generator", "thg-random-board", "--seed", "3", "-o", mapOut); code != 0 {
		t.Fatalf("map: exit %d: %s", code, errs)
	}
	if code, stdout, _ := runCLI(t, "validate", dir); code != 0 {
		t.Fatalf("validate package: exit %d\n%s", code, stdout)
	}
}

func TestGenerateErrors(t *testing.T) {
	cases := []struct {
		args []string
		code int
		msg  string
	}{
		{[]string{"generate", "scenario", thgPkg}, 2, "give a seed"},
		{[]string{"generate", "scenario", thgPkg, "--seed", "-1"}, 2, "not a whole number"},
		{[]string{"generate", "scenario", thgPkg, "--seed", "1", "--points", "lots"}, 2, "not a number of points"},
		{[]string{"generate", "scenario", thgPkg, "--seed", "1", "--points", "1/2"}, 1, "buys nothing"},
		{[]string{"generate", "scenario", thgPkg, "--seed", "1", "--generator", "nope"}, 1, `no scenario generator "nope"`},
		{[]string{"generate", "map", thgPkg, "--seed", "1", "--generator", "thg-random"}, 1, `no map generator "thg-random"`},
		{[]string{"generate", "scenario", "no-such-dir", "--seed", "1"}, 2, "not a package folder"},
	}
	for _, c := range cases {
		code, _, errs := runCLI(t, c.args...)
		if code != c.code || !strings.Contains(errs, c.msg) {
			t.Errorf("%v: exit %d, stderr %q; want exit %d and %q", c.args, code, errs, c.code, c.msg)
		}
	}
}

func TestGenerateOutsidePackageSaysWhatToDo(t *testing.T) {
	out := filepath.Join(t.TempDir(), "s.yaml")
	code, _, errs := runCLI(t, "generate", "scenario", thgPkg, "--seed", "3", "-o", out)
	if code != 0 || !strings.Contains(errs, "outside the package") {
		t.Fatalf("exit %d, stderr %q", code, errs)
	}
	if _, err := os.Stat(out); err != nil {
		t.Fatal(err)
	}
}

// Issue 19.6: generate -o never overwrites a file muster did not write (the manifest, a hand-written
// scenario) or one edited since; it replaces its own, and --force overwrites on purpose.
func TestGenerateOverwritesOnlyItsOwnFiles(t *testing.T) {
	dir := copyPkg(t, thgPkg)
	manifest := filepath.Join(dir, "muster.yaml")
	before := must.ReadFile(t, manifest)
	code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "1", "-o", manifest)
	if code != 2 || !strings.Contains(errs, "refusing to overwrite "+manifest) || !strings.Contains(errs, "--force") {
		t.Errorf("exit %d, %q", code, errs)
	}
	if after := must.ReadFile(t, manifest); string(after) != string(before) {
		t.Fatal("muster.yaml was overwritten")
	}

	out := filepath.Join(dir, "scenarios", "random.yaml")
	for _, seed := range []string{"1", "2"} { // its own file, unchanged: replaced
		if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", seed, "-o", out); code != 0 {
			t.Fatalf("seed %s: exit %d: %s", seed, code, errs)
		}
	}
	data := must.ReadFile(t, out)
	if !strings.Contains(string(data), "\n# muster-sha256:") || strings.Contains(string(data), "muster-sha256:0000000000") {
		t.Errorf("no seal:\n%.400s", data)
	}
	edited := strings.Replace(string(data), "kind: Scenario", "kind: Scenario\n# my notes", 1)
	must.WriteFile(t, out, []byte(edited))
	if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "3", "-o", out); code != 2 || !strings.Contains(errs, "refusing to overwrite") {
		t.Errorf("edited: exit %d, %q", code, errs)
	}
	if b, _ := os.ReadFile(out); string(b) != edited {
		t.Error("the edited file was overwritten")
	}
	if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "3", "-o", out, "--force"); code != 0 {
		t.Errorf("--force: exit %d, %q", code, errs)
	}
	// The same seed again over its own file: the new file stands in for the old one when it is checked, so
	// its ids are not counted twice.
	if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "3", "-o", out); code != 0 {
		t.Errorf("the same seed again: exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "3", "-o", ""); code != 2 || !strings.Contains(errs, "-o needs a file name") {
		t.Errorf("-o '': exit %d, %q", code, errs)
	}
	if code, _, errs := runCLI(t, "generate", "scenario", dir, "--seed", "3", "-o", filepath.Join(dir, "scenarios")); code != 2 || !strings.Contains(errs, "folder") {
		t.Errorf("-o a folder: exit %d, %q", code, errs)
	}
	if ents, _ := os.ReadDir(filepath.Join(dir, "scenarios")); len(ents) == 0 {
		t.Fatal("no scenarios")
	} else {
		for _, e := range ents {
			if strings.HasPrefix(e.Name(), ".") {
				t.Errorf("left %s", e.Name())
			}
		}
	}
}

// The command line of a generate is read and checked apart from the run: every usage problem in the order a
// user meets it, and the request a good command line makes.
func TestGenerateOptions(t *testing.T) {
	pkg := t.TempDir()
	file := filepath.Join(pkg, "muster.yaml")
	must.WriteFile(t, file, []byte("kind: Package\n"))
	for _, c := range []struct {
		name    string
		args    []string
		flags   map[string]string
		problem string
	}{
		{"no package", nil, map[string]string{"seed": "7"}, "name one package folder"},
		{"two packages", []string{pkg, pkg}, map[string]string{"seed": "7"}, "name one package folder"},
		{"a file", []string{file}, map[string]string{"seed": "7"}, "is not a package folder"},
		{"no seed", []string{pkg}, nil, "give a seed (--seed 7): the same seed makes the same scenario again"},
		{"bad seed", []string{pkg}, map[string]string{"seed": "-1"}, `--seed "-1" is not a whole number`},
		{"seed before points", []string{pkg}, map[string]string{"seed": "x", "points": "0"}, `--seed "x"`},
		{"no points", []string{pkg}, map[string]string{"seed": "7", "points": "0"}, `--points "0" is not a number of points above 0`},
		{"empty -o", []string{pkg}, map[string]string{"seed": "7", "out": " "}, "-o needs a file name"},
	} {
		if _, problem := generateOptionsFrom("scenario", c.args, c.flags, false); !strings.Contains(problem, c.problem) {
			t.Errorf("%s: %q, want %q", c.name, problem, c.problem)
		}
	}
	o, problem := generateOptionsFrom("scenario", []string{pkg}, map[string]string{"seed": " 9 ", "generator": "g", "points": "2½", "out": "s.yaml"}, true)
	if problem != "" || o.Kind != "scenario" || o.PkgDir != pkg || o.Out != "s.yaml" || !o.Force ||
		o.Request.Seed != 9 || o.Request.Generator != "g" || o.Request.Points == nil || o.Request.Points.String() != "2½" {
		t.Errorf("%+v, %q", o, problem)
	}
	if o, _ := generateOptionsFrom("map", []string{pkg}, map[string]string{"seed": "0"}, false); o.Out != "" || o.Request.Points != nil || o.Request.Kind != "map" {
		t.Errorf("standard output, the settings' points: %+v", o)
	}
}

// generate -o over its own sealed file ignores that file's errors: a generated scenario that went over budget
// when the units' costs changed is made again (and fits), though the package did not validate because of it.
func TestGenerateOverItsOwnBrokenFile(t *testing.T) {
	dir := t.TempDir()
	pkg := filepath.Join(dir, "g")
	if code, out, errs := runCLI(t, "init", pkg); code != 0 {
		t.Fatalf("init: %d %s %s", code, out, errs)
	}
	file := filepath.Join(pkg, "scenarios", "random-1.yaml")
	if code, out, errs := runCLI(t, "generate", "scenario", pkg, "--seed", "1", "-o", file); code != 0 {
		t.Fatalf("generate: %d %s %s", code, out, errs)
	}
	sys := filepath.Join(pkg, "system.yaml")
	data, err := os.ReadFile(sys)
	must.Do(t, err)
	costlier := bytes.Replace(data, []byte("expr: attack + defense,"), []byte("expr: attack + defense + 3,"), 1)
	if bytes.Equal(costlier, data) {
		t.Fatal("set-up: the scaffold's point formula changed")
	}
	must.WriteFile(t, sys, costlier)
	code, out, _ := runCLI(t, "validate", pkg)
	if code != exitFail || !strings.Contains(out, "random-1.yaml") || !strings.Contains(out, "budget.over") {
		t.Fatalf("set-up: the generated scenario should now be over budget: %d %s", code, out)
	}
	if code, out, errs := runCLI(t, "generate", "scenario", pkg, "--seed", "1", "-o", file); code != 0 {
		t.Fatalf("generate over its own file: %d %s %s", code, out, errs)
	}
	if code, out, _ := runCLI(t, "validate", pkg); code != 0 {
		t.Errorf("after regenerating: %d %s", code, out)
	}
	// An error in another file still stops it: the package is broken, not only the file being replaced.
	must.WriteFile(t, filepath.Join(pkg, "units.yaml"), append(must.ReadFile(t, filepath.Join(pkg, "units.yaml")), []byte("---\nkind: UnitType\nid: broken\n")...))
	if code, _, _ := runCLI(t, "generate", "scenario", pkg, "--seed", "2", "-o", file); code == 0 {
		t.Error("generated from a package with an error elsewhere")
	}
}
