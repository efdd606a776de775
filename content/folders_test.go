//go:build unix

package content

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"syscall"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
)

// writeTree writes files (name -> text) under dir.
func writeTree(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func symlink(t *testing.T, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
}

// docIDs lists the kind/id of a package's documents, sorted.
func docIDs(pkg *Package) []string {
	var out []string
	for _, d := range pkg.Docs {
		out = append(out, d.Kind+"/"+d.ID)
	}
	sort.Strings(out)
	return out
}

const smallPackage = "kind: Package\nid: p\nversion: 1.0.0\n"

// muster's own outputs are never content: a build into a folder inside a package without an include list
// (whose default **/*.json would pick up the ownership record) leaves the package as clean as before (19.4).
func TestBuildOutputInsideThePackageIsNotContent(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{
		ManifestFile:                       smallPackage,
		"units.yaml":                       "kind: UnitType\nid: a\nstats: {}\n",
		"build/.muster-build.json":         `{"outputs":{"counters":["counters.pdf"]}}`,
		"build/notes.json":                 `{"written": "by a later tool into the output folder"}`,
		"build/maps/x.yaml":                "not: content\n",
		".muster-build-1234/counters.json": `{"staging": true}`,
		".muster-build.json":               `{"outputs":{}}`, // a build into the package folder itself
		"sub/.muster-journal.json":         `{"step": 3}`,
	})
	// An include that names the output folder does not read it either.
	pkg, ds := Load(dir)
	if pkg == nil || len(ds) != 0 {
		t.Fatalf("want a clean load, got %v", ds)
	}
	if got := strings.Join(docIDs(pkg), ","); got != "Package/p,UnitType/a" {
		t.Errorf("documents = %s, want the manifest and the unit only", got)
	}
	writeTree(t, dir, map[string]string{ManifestFile: smallPackage + "include: [units.yaml, 'build/**/*.json', '**/*.yaml']\n"})
	pkg, ds = Load(dir)
	if pkg == nil || hasCode(ds, "syntax") || len(pkg.Docs) != 2 {
		t.Errorf("an include naming the output folder: want only the unit, got %v %v", docIDs(pkg), ds)
	}
}

// A package folder reached through a symbolic link loads what the folder holds, and diagnostics name files
// under the path the user gave; a mod whose base path is a link loads its base (19.8).
func TestSymlinkedPackageAndBaseFolders(t *testing.T) {
	tmp := t.TempDir()
	real := filepath.Join(tmp, "games", "real")
	writeTree(t, real, map[string]string{
		ManifestFile:        "kind: Package\nid: base\nversion: 1.2.0\n",
		"units/a.yaml":      "kind: UnitType\nid: a\nstats: {}\n",
		"units/deep/b.yaml": "kind: UnitType\nid: b\nstats: {}\n",
		"units/deep/c.yaml": "kind: UnitType\nid: b\nstats: {}\n", // a duplicate, to see where it is reported
	})
	link := filepath.Join(tmp, "hg")
	symlink(t, real, link)
	pkg, ds := Load(link)
	if pkg == nil {
		t.Fatal(ds)
	}
	if got := strings.Join(docIDs(pkg), ","); got != "Package/base,UnitType/a,UnitType/b" {
		t.Errorf("documents through the link = %s", got)
	}
	if len(ds) != 1 || ds[0].Code != "id.duplicate" || ds[0].Pos.File != filepath.Join(link, "units", "deep", "c.yaml") {
		t.Errorf("want one id.duplicate named under the link, got %v", ds)
	}

	mod := filepath.Join(tmp, "mods", "m")
	writeTree(t, mod, map[string]string{
		ManifestFile: "kind: Package\nid: m\nversion: 0.1.0\nextends:\n  package: base@^1.0\n  path: ../../hg\n",
		"more.yaml":  "kind: UnitType\nid: c\nstats: {}\n",
	})
	pkg, ds = Load(mod)
	if pkg == nil || pkg.Base == nil {
		t.Fatalf("mod over a linked base: %v", ds)
	}
	if got := strings.Join(docIDs(pkg), ","); got != "Package/m,UnitType/a,UnitType/b,UnitType/c" {
		t.Errorf("mod documents = %s (%v)", got, ds)
	}
	// A mod linked to itself as its own base is still a cycle.
	self := filepath.Join(tmp, "mods", "self")
	writeTree(t, self, map[string]string{ManifestFile: "kind: Package\nid: self\nversion: 0.1.0\nextends:\n  package: self@^0.1\n  path: ../selflink\n"})
	symlink(t, self, filepath.Join(tmp, "mods", "selflink"))
	if _, ds = Load(self); !hasCode(ds, "package.cycle") {
		t.Errorf("a base that is the mod through a link: want package.cycle, got %v", ds)
	}
}

// An absolute extends.path names the base's folder as written; it is not joined under the mod's folder (19.14).
func TestAbsoluteExtendsPath(t *testing.T) {
	tmp := t.TempDir()
	base, err := filepath.Abs(filepath.Join("testdata", "mods", "base"))
	if err != nil {
		t.Fatal(err)
	}
	writeTree(t, tmp, map[string]string{ManifestFile: "kind: Package\nid: m\nversion: 0.1.0\nextends:\n  package: base@^1.0\n  path: " + base + "\n"})
	pkg, ds := Load(tmp)
	if pkg == nil || pkg.Base == nil || ds.HasErrors() {
		t.Fatalf("absolute base path: %v", ds)
	}
	if pkg.Base.Dir != base {
		t.Errorf("base loaded from %s, want %s", pkg.Base.Dir, base)
	}
}

// Content files and folders linked from outside the package are refused with a diagnostic, and nothing of
// what they hold appears in any message (19.11: the start of /etc/passwd appeared in a syntax error).
func TestLinksLeavingThePackageAreRefused(t *testing.T) {
	tmp := t.TempDir()
	outside := filepath.Join(tmp, "outside")
	writeTree(t, outside, map[string]string{
		"secret.yaml":      "root:x:0:0:SECRET-TEXT:/root:/bin/bash\n",
		"folder/unit.yaml": "kind: UnitType\nid: SECRET-UNIT\nstats: {}\n",
	})
	dir := filepath.Join(tmp, "pkg")
	writeTree(t, dir, map[string]string{
		ManifestFile:       smallPackage,
		"units/a.yaml":     "kind: UnitType\nid: a\nstats: {}\n",
		"shared/real.yaml": "kind: UnitType\nid: shared\nstats: {}\n",
	})
	symlink(t, filepath.Join(outside, "secret.yaml"), filepath.Join(dir, "units", "passwd.yaml"))
	symlink(t, filepath.Join(outside, "folder"), filepath.Join(dir, "more"))
	symlink(t, filepath.Join("..", "shared", "real.yaml"), filepath.Join(dir, "units", "inside.yaml")) // stays inside: read
	pkg, ds := Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	var refused []string
	for _, d := range ds {
		text := d.Message + d.Hint
		if strings.Contains(text, "SECRET") {
			t.Errorf("a diagnostic shows content from outside the package: %v", d)
		}
		if d.Code == "io.outside" {
			refused = append(refused, d.Pos.File)
		}
	}
	sort.Strings(refused)
	want := []string{filepath.Join(dir, "more"), filepath.Join(dir, "units", "passwd.yaml")}
	if strings.Join(refused, ",") != strings.Join(want, ",") {
		t.Errorf("refused %v, want %v (all: %v)", refused, want, ds)
	}
	for _, id := range docIDs(pkg) {
		if strings.Contains(id, "SECRET") {
			t.Errorf("a document from outside the package was loaded: %s", id)
		}
	}
	if got := strings.Join(docIDs(pkg), ","); got != "Package/p,UnitType/a,UnitType/shared" {
		t.Errorf("documents = %s; want the package's own (the inside link reads shared/real.yaml)", got)
	}
	// A manifest that is a link out of the folder is refused before it is read.
	other := filepath.Join(tmp, "linked-manifest")
	if err := os.MkdirAll(other, 0o755); err != nil {
		t.Fatal(err)
	}
	symlink(t, filepath.Join(outside, "secret.yaml"), filepath.Join(other, ManifestFile))
	_, ds = Load(other)
	if !hasCode(ds, "io.outside") || strings.Contains(fmt.Sprint(ds), "SECRET") {
		t.Errorf("linked manifest: want io.outside and no content, got %v", ds)
	}
}

// A named pipe in the package is refused, not waited on forever (19.14); so is one given as a file.
func TestNamedPipeIsRefused(t *testing.T) {
	dir := t.TempDir()
	writeTree(t, dir, map[string]string{ManifestFile: smallPackage})
	pipe := filepath.Join(dir, "pipe.yaml")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	pkg, ds := Load(dir) // the old loader blocked here for ever, until the test binary's timeout
	if pkg == nil || !hasDiag(ds, "io.read", pipe, "named pipe") {
		t.Errorf("want io.read naming the pipe, got %v", ds)
	}
	if _, ds = ReadFile(pipe); !hasDiag(ds, "io.read", pipe, "named pipe") {
		t.Errorf("ReadFile of a pipe: got %v", ds)
	}
	if _, ds = ReadFile("/dev/zero"); !hasDiag(ds, "io.read", "/dev/zero", "device") {
		t.Errorf("ReadFile of a device: got %v", ds)
	}
}

func hasDiag(ds diag.List, code, file, text string) bool {
	for _, d := range ds {
		if d.Code == code && d.Pos.File == file && strings.Contains(d.Message, text) {
			return true
		}
	}
	return false
}
