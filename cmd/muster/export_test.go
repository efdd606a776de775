package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
)

func TestExportVassalAndCheck(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "thg.vmod")
	code, stdout, stderr := runCLI(t, "export", "vassal", thgFixture, "-o", out, "--dpi", "60")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "wrote "+out) || !strings.Contains(stdout, "60 dpi") {
		t.Errorf("summary: %q", stdout)
	}
	code, stdout, stderr = runCLI(t, "export", "vassal", "--check", out)
	if code != 0 || !strings.Contains(stdout, "VASSAL can load it") {
		t.Fatalf("check: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Again over its own module: allowed. Over someone else's file: refused, and the file is untouched.
	if code, _, stderr := runCLI(t, "export", "vassal", thgFixture, "-o", out, "--dpi", "60"); code != 0 {
		t.Fatalf("replacing its own module: exit %d %s", code, stderr)
	}
	mine := filepath.Join(dir, "mine.vmod")
	must.WriteFile(t, mine, []byte("hand made"))
	if code, _, stderr := runCLI(t, "export", "vassal", thgFixture, "-o", mine); code != exitUsage || !strings.Contains(stderr, "refusing to overwrite") {
		t.Errorf("overwrite: exit %d %q", code, stderr)
	}
	if b, _ := os.ReadFile(mine); string(b) != "hand made" {
		t.Error("the file was changed")
	}
	// A broken module fails the check, in JSON too.
	code, stdout, _ = runCLI(t, "export", "vassal", "--check", mine, "--format", "json")
	if code != exitFail || !strings.Contains(stdout, `"vmod.zip"`) {
		t.Errorf("check of a non-module: exit %d %s", code, stdout)
	}
	if code, _, _ := runCLI(t, "export", "vassal", thgFixture, "-o", out, "--dpi", "5000"); code != exitUsage {
		t.Errorf("--dpi 5000: exit %d", code)
	}
	if code, _, _ := runCLI(t, "export", "vassal"); code != exitUsage {
		t.Errorf("no package: exit %d", code)
	}
}

func TestExportVassalRefusesABrokenPackage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "broken.vmod")
	code, stdout, _ := runCLI(t, "export", "vassal", "../../examples/testdata/broken-mod", "-o", out)
	if code != exitFail || !strings.Contains(stdout, "error") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a module was written for a package with errors")
	}
}

func TestExportTTS(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "thg-tts")
	code, stdout, stderr := runCLI(t, "export", "tts", thgExample, "-o", dir)
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "wrote "+dir) || !strings.Contains(stdout, "saved object") {
		t.Errorf("summary: %q", stdout)
	}
	set, err := os.ReadFile(filepath.Join(dir, "highest-ground.json"))
	if err != nil {
		t.Fatal(err)
	}
	// The images are named by their file:/// address in the folder written, and are there.
	abs, _ := filepath.Abs(filepath.Join(dir, "images"))
	base := "file://" + filepath.ToSlash(abs) + "/"
	if !strings.Contains(string(set), `"ImageURL": "`+base) {
		t.Errorf("no image under %s in %.400s", base, set)
	}
	var top struct {
		ObjectStates []struct{ CustomImage *struct{ ImageURL string } }
	}
	if err := json.Unmarshal(set, &top); err != nil || len(top.ObjectStates) == 0 {
		t.Fatalf("%v: %d objects", err, len(top.ObjectStates))
	}
	for _, o := range top.ObjectStates {
		if o.CustomImage != nil {
			if _, err := os.Stat(filepath.FromSlash(strings.TrimPrefix(o.CustomImage.ImageURL, "file://"))); err != nil {
				t.Error(err)
			}
		}
	}
	owned := recordOf(t, dir)
	if len(owned["tts"]) == 0 || len(owned) != 1 {
		t.Errorf("record: %v", owned)
	}
	// Again: its own files are replaced. A stranger's file in the way is refused, and nothing changes.
	if code, _, stderr := runCLI(t, "export", "tts", thgExample, "-o", dir, "--image-base-url", "https://example.org/thg/images"); code != 0 {
		t.Fatalf("again: exit %d %s", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "highest-ground.json")); !strings.Contains(string(b), `"ImageURL": "https://example.org/thg/images/`) {
		t.Error("--image-base-url is not the images' address")
	}
	must.WriteFile(t, filepath.Join(dir, "highest-ground.json"), []byte("mine"))
	if code, _, stderr := runCLI(t, "export", "tts", thgExample, "-o", dir); code != exitUsage || !strings.Contains(stderr, "refusing") {
		t.Errorf("over a stranger's file: exit %d %q", code, stderr)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "highest-ground.json")); string(b) != "mine" {
		t.Error("the stranger's file was changed")
	}
	for _, bad := range [][]string{{"--image-base-url", "images/"}, {"--dpi", "5000"}, {"--counter-dpi", "1"}} {
		if code, _, _ := runCLI(t, append([]string{"export", "tts", thgExample, "-o", t.TempDir()}, bad...)...); code != exitUsage {
			t.Errorf("%v: exit %d", bad, code)
		}
	}
}

// Output folders named p%20q or x#y are written, and every image's address names the image in that folder
// (it was another folder, or refused with a message about --image-base-url, which was never given); an
// --image-base-url with a fragment or a query is refused, naming the option (issue 26, item 7).
func TestExportTTSFolderNames(t *testing.T) {
	for _, name := range []string{"p%20q", "x#y"} {
		dir := filepath.Join(t.TempDir(), name)
		code, stdout, stderr := runCLI(t, "export", "tts", thgExample, "-o", dir, "--quiet")
		if code != 0 {
			t.Fatalf("%s: exit %d\n%s\n%s", name, code, stdout, stderr)
		}
		set, err := os.ReadFile(filepath.Join(dir, "highest-ground.json"))
		if err != nil {
			t.Fatal(err)
		}
		var top struct {
			ObjectStates []struct{ CustomImage *struct{ ImageURL string } }
		}
		if err := json.Unmarshal(set, &top); err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, o := range top.ObjectStates {
			if o.CustomImage == nil {
				continue
			}
			u, err := url.Parse(o.CustomImage.ImageURL)
			if err != nil || u.Scheme != "file" || u.Fragment != "" || u.RawQuery != "" {
				t.Fatalf("%s: %q: %v", name, o.CustomImage.ImageURL, err)
			}
			if _, err := os.Stat(filepath.FromSlash(u.Path)); err != nil {
				t.Errorf("%s: %q is not the image written: %v", name, o.CustomImage.ImageURL, err)
			}
			n++
		}
		if n == 0 {
			t.Errorf("%s: no images", name)
		}
	}
	for _, bad := range []string{"https://ex.org/#", "https://ex.org/images/?"} {
		code, _, stderr := runCLI(t, "export", "tts", thgExample, "-o", t.TempDir(), "--image-base-url", bad)
		if code != exitUsage || !strings.Contains(stderr, "--image-base-url") || !strings.Contains(stderr, "cannot have a query (?) or a fragment (#)") {
			t.Errorf("%s: exit %d %q", bad, code, stderr)
		}
	}
}

func TestExportTTSRefusesABrokenPackage(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "broken")
	code, stdout, _ := runCLI(t, "export", "tts", "../../examples/testdata/broken-mod", "-o", dir)
	if code != exitFail || !strings.Contains(stdout, "error") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	if _, err := os.Stat(dir); err == nil {
		t.Error("a set was written for a package with errors")
	}
	// Under --strict, a package with a warning it does not expect is refused too; its expected warnings
	// (The Highest Ground's published contradictions) are not.
	pkg := t.TempDir()
	must.WriteFile(t, filepath.Join(pkg, "muster.yaml"), []byte("kind: Package\nid: w\nversion: 1.0.0\nexpectWarnings: [{code: nothing.here, why: test}]\n"))
	must.WriteFile(t, filepath.Join(pkg, "system.yaml"), []byte("kind: System\nid: s\n"))
	for _, exp := range []string{"tts", "vassal"} {
		out := filepath.Join(t.TempDir(), "w")
		if code, _, _ := runCLI(t, "export", exp, pkg, "-o", out, "--strict"); code != exitFail {
			t.Errorf("%s --strict with a warning: exit %d", exp, code)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%s wrote under --strict with a warning", exp)
		}
	}
	if code, _, stderr := runCLI(t, "export", "tts", thgExample, "-o", dir, "--strict"); code != 0 {
		t.Errorf("--strict with expected warnings only: exit %d %s", code, stderr)
	}
}

// One command makes the PDFs and both digital exports into one folder, each file recorded under its output;
// a build without --only leaves the exports out (and alone).
func TestBuildDigitalOutputs(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	code, stdout, stderr := runCLI(t, "build", thgExample, "-o", out, "--only", "counters,vassal,tts")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, f := range []string{"counters.pdf", "highest-ground.vmod", "tts/highest-ground.json", "tts/README.txt"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("missing %s", f)
		}
	}
	owned := recordOf(t, out)
	if len(owned["vassal"]) != 1 || owned["vassal"][0] != "highest-ground.vmod" || len(owned["tts"]) < 3 {
		t.Errorf("record: %v", owned)
	}
	for _, f := range owned["tts"] {
		if !strings.HasPrefix(f, "tts/") {
			t.Errorf("tts owns %s", f)
		}
	}
	if code, _, stderr := runCLI(t, "export", "vassal", "--check", filepath.Join(out, "highest-ground.vmod")); code != 0 {
		t.Errorf("the built module fails the check: %s", stderr)
	}
	abs, _ := filepath.Abs(filepath.Join(out, "tts", "images"))
	if b, _ := os.ReadFile(filepath.Join(out, "tts", "highest-ground.json")); !strings.Contains(string(b), "file://"+filepath.ToSlash(abs)+"/") {
		t.Error("the built set does not name its images in the build folder")
	}
	module, _ := os.ReadFile(filepath.Join(out, "highest-ground.vmod"))
	if code, _, stderr := runCLI(t, "build", thgExample, "-o", out); code != 0 {
		t.Fatalf("build: exit %d %s", code, stderr)
	}
	if after, _ := os.ReadFile(filepath.Join(out, "highest-ground.vmod")); !bytes.Equal(module, after) {
		t.Error("a build without --only touched the module")
	}
	if _, ok := recordOf(t, out)["maps"]; !ok {
		t.Error("a build without --only did not print the maps")
	}
	// A build without --only makes no module and no set.
	plain := filepath.Join(t.TempDir(), "plain")
	if code, _, stderr := runCLI(t, "build", thgFixture, "-o", plain); code != 0 {
		t.Fatalf("build: exit %d %s", code, stderr)
	}
	if got := recordOf(t, plain); len(got["vassal"])+len(got["tts"]) > 0 || len(got["counters"]) == 0 {
		t.Errorf("a build without --only: %v", got)
	}
	// all builds every output (this package has counters, charts and sheets, no maps).
	all := filepath.Join(t.TempDir(), "all")
	if code, _, stderr := runCLI(t, "build", thgFixture, "-o", all, "--only", "all"); code != 0 {
		t.Fatalf("--only all: exit %d %s", code, stderr)
	}
	got := recordOf(t, all)
	for _, o := range []string{"counters", "vassal", "tts"} {
		if len(got[o]) == 0 {
			t.Errorf("--only all: nothing from %s (%v)", o, got)
		}
	}
}
