package main

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/must"
)

var at = time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC)

func files() []File {
	return []File{
		{Name: "muster", Data: []byte("binary"), Mode: 0o755},
		{Name: "completions/muster.bash", Data: []byte("complete"), Mode: 0o644},
		{Name: "README.md", Data: []byte("# muster"), Mode: 0o644},
	}
}

// The same files give the same archive bytes, whatever their order; entries are sorted, dated at the source
// date, owned by no one, and under one top folder.
func TestTarGzIsReproducible(t *testing.T) {
	a, err := TarGz("muster_1.0.0_linux_amd64", files(), at)
	must.Do(t, err)
	rev := files()
	rev[0], rev[2] = rev[2], rev[0]
	b, err := TarGz("muster_1.0.0_linux_amd64", rev, at)
	must.Do(t, err)
	if !bytes.Equal(a, b) {
		t.Fatal("two tar.gz of the same files differ")
	}
	gz, err := gzip.NewReader(bytes.NewReader(a))
	must.Do(t, err)
	if !gz.ModTime.IsZero() || gz.Name != "" {
		t.Errorf("the gzip header carries a time %v or a name %q", gz.ModTime, gz.Name)
	}
	tr := tar.NewReader(gz)
	var names []string
	for {
		h, err := tr.Next()
		if err == io.EOF {
			break
		}
		must.Do(t, err)
		names = append(names, h.Name)
		if !h.ModTime.Equal(at) || h.Uid != 0 || h.Gid != 0 || h.Uname != "" || h.Gname != "" {
			t.Errorf("%s: time %v, owner %d:%d %q:%q", h.Name, h.ModTime, h.Uid, h.Gid, h.Uname, h.Gname)
		}
		if h.Name == "muster_1.0.0_linux_amd64/muster" && h.Mode != 0o755 {
			t.Errorf("the binary's mode is %o", h.Mode)
		}
	}
	want := "muster_1.0.0_linux_amd64/ muster_1.0.0_linux_amd64/README.md muster_1.0.0_linux_amd64/completions/ muster_1.0.0_linux_amd64/completions/muster.bash muster_1.0.0_linux_amd64/muster"
	if got := strings.Join(names, " "); got != want {
		t.Errorf("entries:\n%s\nwant\n%s", got, want)
	}
}

func TestZipIsReproducible(t *testing.T) {
	a, err := Zip("muster_1.0.0_windows_amd64", files(), at)
	must.Do(t, err)
	b, err := Zip("muster_1.0.0_windows_amd64", files(), at)
	must.Do(t, err)
	if !bytes.Equal(a, b) {
		t.Fatal("two zips of the same files differ")
	}
	zr, err := zip.NewReader(bytes.NewReader(a), int64(len(a)))
	must.Do(t, err)
	var names []string
	for _, f := range zr.File {
		names = append(names, f.Name)
		if !f.Modified.Equal(at) {
			t.Errorf("%s is dated %v", f.Name, f.Modified)
		}
	}
	if got := strings.Join(names, " "); !strings.HasPrefix(got, "muster_1.0.0_windows_amd64/ muster_1.0.0_windows_amd64/README.md") {
		t.Errorf("entries: %s", got)
	}
}

// The checksum file is what sha256sum -c reads.
func TestChecksums(t *testing.T) {
	got := string(Checksums([]Sum{{"b.zip", []byte("b")}, {"a.tar.gz", []byte("")}}))
	want := "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855  a.tar.gz\n" +
		"3e23e8160039594a33894f6564e1b1348bbd7a0088d42c4acb73eeaed59c009d  b.zip\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestValidVersion(t *testing.T) {
	for v, want := range map[string]bool{"v0.2.0": true, "v1.10.3-rc.1": true, "v1.2": false, "v1.2.x": false, "v1.2.3-": false, "v1.2.3-a b": false, "1.2.3": true} {
		if validVersion(v) != want {
			t.Errorf("validVersion(%q) = %v", v, !want)
		}
	}
}

// Every module linked into muster has its licence in LICENSES.txt, the Go standard library's too, and the Go
// fonts' licence is in FONTS.txt: read from the module cache as the release reads it.
func TestNotices(t *testing.T) {
	files, err := Notices(filepath.Join("..", ".."), Target{"windows", "arm64"})
	must.Do(t, err)
	if len(files) != 2 || files[0].Name != "LICENSES.txt" || files[1].Name != "FONTS.txt" {
		t.Fatalf("notices: %v", files)
	}
	lic := string(files[0].Data)
	for _, want := range []string{"Go standard library go1.", "github.com/urfave/cli/v2 v2.27.7", "golang.org/x/image v0.47.0", "github.com/golang/freetype", "--- licenses/ftl.txt", "go.yaml.in/yaml/v3", "--- NOTICE"} {
		if !strings.Contains(lic, want) {
			t.Errorf("LICENSES.txt lacks %q", want)
		}
	}
	if strings.Contains(lic, "github.com/muster-wargames/muster ") {
		t.Error("LICENSES.txt lists muster itself")
	}
	if !strings.Contains(string(files[1].Data), "Bigelow & Holmes") {
		t.Errorf("FONTS.txt:\n%s", files[1].Data)
	}
}

func TestLicenceFiles(t *testing.T) {
	dir := t.TempDir()
	for _, f := range []string{"LICENSE.md", "COPYING", "notice.txt", "licenses/gpl.txt", "main.go", "docs/LICENSE"} {
		must.Mkdir(t, filepath.Dir(filepath.Join(dir, f)))
		must.WriteFile(t, filepath.Join(dir, f), []byte("x"))
	}
	list, err := licenceFiles(dir)
	must.Do(t, err)
	got := strings.Join(list, " ")
	if want := "COPYING LICENSE.md licenses/gpl.txt notice.txt"; got != filepath.FromSlash(want) {
		t.Errorf("licence files %q, want %q", got, want)
	}
}

// From a clean checkout, the archives built twice (in two clones, at two different paths) are the same
// bytes, and the checksum file lists each. The host's binary was run by Run: `muster version` printed the tag
// and the commit. The host's archive and a cross-built Windows zip: each new target costs a compile of
// everything, so CI builds all six twice with the release tool itself (.ci/run) and this test checks what
// the paths of a checkout could change. Skipped with -short.
func TestReleaseIsReproducible(t *testing.T) {
	if testing.Short() {
		t.Skip("four builds; CI runs it")
	}
	targets := []Target{{runtime.GOOS, runtime.GOARCH}, {"windows", "arm64"}}
	if targets[0] == targets[1] {
		targets[1] = Target{"linux", "arm64"}
	}
	root := filepath.Join("..", "..")
	commit, err := git(root, "rev-parse", "HEAD")
	must.Do(t, err)
	var sums [2]string
	var archives [2][]string
	outs := [2]string{}
	for i := range 2 {
		dir := filepath.Join(t.TempDir(), fmt.Sprintf("clone %d", i))
		_, err := run(root, "git", "clone", "--quiet", "--no-checkout", "--no-hardlinks", ".", dir)
		must.Do(t, err)
		_, err = run(dir, "git", "-c", "advice.detachedHead=false", "checkout", "--quiet", commit)
		must.Do(t, err)
		outs[i] = filepath.Join(t.TempDir(), "dist")
		r, err := Run(Options{Version: "v0.0.1-test", Out: outs[i], Dir: dir, Targets: targets})
		must.Do(t, err)
		if r.Version != "0.0.1-test" || r.Commit != commit {
			t.Fatalf("built %s at %s, want 0.0.1-test at %s", r.Version, r.Commit, commit)
		}
		if len(r.Archives) != len(targets) {
			t.Fatalf("archives: %v", r.Archives)
		}
		archives[i] = r.Archives
		data, err := os.ReadFile(filepath.Join(outs[i], r.Sums))
		must.Do(t, err)
		sums[i] = string(data)
	}
	if sums[0] != sums[1] {
		t.Fatalf("two builds of %s differ:\n%s\n%s", commit, sums[0], sums[1])
	}
	for _, a := range archives[0] {
		x, err := os.ReadFile(filepath.Join(outs[0], a))
		must.Do(t, err)
		y, err := os.ReadFile(filepath.Join(outs[1], a))
		must.Do(t, err)
		if !bytes.Equal(x, y) {
			t.Errorf("%s differs between the two builds", a)
		}
		if !strings.Contains(sums[0], fmt.Sprintf("%x  %s\n", sha256.Sum256(x), a)) {
			t.Errorf("the checksum file lacks %s's sum", a)
		}
	}
	// Each archive holds the binary, the README, the licences, the man page and the completions; the Windows
	// binary is muster.exe in a zip.
	for _, a := range archives[0] {
		names := entries(t, filepath.Join(outs[0], a))
		top := strings.TrimSuffix(strings.TrimSuffix(a, ".zip"), ".tar.gz")
		exe := "muster"
		if strings.Contains(a, "_windows_") {
			exe = "muster.exe"
		}
		for _, want := range []string{exe, "README.md", "LICENSES.txt", "FONTS.txt", "muster.1", "completions/muster.bash", "completions/_muster", "completions/muster.fish", "completions/muster.ps1"} {
			if !slices.Contains(names, top+"/"+want) {
				t.Errorf("%s lacks %s: %v", a, want, names)
			}
		}
	}
}

// entries are the names in a .zip or .tar.gz.
func entries(t *testing.T, file string) []string {
	data, err := os.ReadFile(file)
	must.Do(t, err)
	var names []string
	if strings.HasSuffix(file, ".zip") {
		zr, err := zip.NewReader(bytes.NewReader(data), int64(len(data)))
		must.Do(t, err)
		for _, f := range zr.File {
			names = append(names, f.Name)
		}
		return names
	}
	gz, err := gzip.NewReader(bytes.NewReader(data))
	must.Do(t, err)
	tr := tar.NewReader(gz)
	for {
		h, err := tr.Next()
		if err == io.EOF {
			return names
		}
		must.Do(t, err)
		names = append(names, h.Name)
	}
}

// A tree with uncommitted changes says so in the version it builds: muster version prints 0.0.1-test+dirty.
func TestDirtyTreeIsInTheVersion(t *testing.T) {
	if testing.Short() {
		t.Skip("a build; CI runs it")
	}
	root := filepath.Join("..", "..")
	dir := filepath.Join(t.TempDir(), "clone")
	_, err := run(root, "git", "clone", "--quiet", "--no-hardlinks", ".", dir)
	must.Do(t, err)
	must.WriteFile(t, filepath.Join(dir, "README.md"), []byte("# changed\n"))
	host := Target{runtime.GOOS, runtime.GOARCH}
	r, err := Run(Options{Version: "v0.0.1-test", Out: filepath.Join(t.TempDir(), "dist"), Dir: dir, Targets: []Target{host}})
	must.Do(t, err)
	if r.Version != "0.0.1-test+dirty" {
		t.Errorf("a dirty tree built %q", r.Version)
	}
}
