package output

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/muster-wargames/muster/internal/must"
)

func mustSeal(s string) []byte {
	b, err := Seal([]byte(s))
	if err != nil {
		panic(err)
	}
	return b
}

var (
	sealedV1 = mustSeal("# " + Placeholder + "\nkind: Map\nid: v1\n")
	sealedV2 = mustSeal("# " + Placeholder + "\nkind: Map\nid: v2\n")
)

func TestSeal(t *testing.T) {
	if !Sealed(sealedV1) || len(sealedV1) != len("# "+Placeholder+"\nkind: Map\nid: v1\n") {
		t.Fatalf("not sealed: %s", sealedV1)
	}
	if bytes.Contains(sealedV1, []byte(Placeholder)) {
		t.Error("placeholder left")
	}
	edited := bytes.Replace(sealedV1, []byte("v1"), []byte("v9"), 1)
	if Sealed(edited) {
		t.Error("an edited file still counts as sealed")
	}
	twice := append(append([]byte{}, sealedV1...), sealedV1...)
	if Sealed(twice) || Sealed([]byte("kind: Map\n")) || Sealed([]byte("# "+Placeholder+"\n")) {
		t.Error("sealed without exactly one matching seal")
	}
	for _, bad := range []string{"no placeholder", Placeholder + Placeholder, string(sealedV1)} {
		if _, err := Seal([]byte(bad)); err == nil {
			t.Errorf("sealed %.40q", bad)
		}
	}
	// UTF-16BE, as in a PDF's document information.
	var wide []byte
	for _, r := range utf16.Encode([]rune("(\uFEFFprint test " + Placeholder + ")")) {
		wide = append(wide, byte(r>>8), byte(r))
	}
	pdf := append(append([]byte("%PDF-1.4\n/Subject "), wide...), "\n%%EOF\n"...)
	sealed, err := Seal(pdf)
	if err != nil || !Sealed(sealed) || len(sealed) != len(pdf) {
		t.Fatalf("UTF-16 seal: %v", err)
	}
	sealed[3] = '2'
	if Sealed(sealed) {
		t.Error("an edited PDF still counts as sealed")
	}
}

func TestSealJSON(t *testing.T) {
	for _, in := range []string{"{\n  \"type\": \"object\"\n}\n", "{}", " {\"a\":1}"} {
		out, err := SealJSON([]byte(in), "written by muster schema export;")
		if err != nil || !Sealed(out) {
			t.Fatalf("%q: %v", in, err)
		}
		if !strings.Contains(string(out), `"$comment": "written by muster schema export; muster-sha256:`) {
			t.Errorf("%s", out)
		}
	}
	if _, err := SealJSON([]byte("[1]"), ""); err == nil {
		t.Error("sealed a JSON list")
	}
}

func TestWriteFile(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "s.yaml")
	if err := WriteFile(name, sealedV1, FileOptions{FS: quick}); err != nil {
		t.Fatal(err)
	}
	// muster's own, unchanged: replaced.
	if err := WriteFile(name, sealedV2, FileOptions{FS: quick}); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(name); !bytes.Equal(b, sealedV2) {
		t.Errorf("%q", b)
	}
	// Edited since: refused, unless forced.
	edited := bytes.Replace(sealedV2, []byte("v2"), []byte("v2 with my notes"), 1)
	must.WriteFile(t, name, edited)
	err := WriteFile(name, sealedV1, FileOptions{FS: quick})
	var refused *RefusedError
	if !errors.As(err, &refused) || !strings.Contains(err.Error(), "cannot prove it wrote it") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(name); !bytes.Equal(b, edited) {
		t.Error("the edited file was overwritten")
	}
	if err := WriteFile(name, sealedV1, FileOptions{Force: true, FS: quick}); err != nil {
		t.Fatal(err)
	}
	// Identical bytes: nothing to do, even unsealed.
	plain := filepath.Join(dir, "plain.txt")
	must.WriteFile(t, plain, []byte("x"))
	if err := WriteFile(plain, []byte("x"), FileOptions{FS: quick}); err != nil {
		t.Error(err)
	}
	if ents, _ := os.ReadDir(dir); len(ents) != 2 {
		t.Errorf("left %v", ents)
	}
}

// Issue 19.6: a hand-written file (the package manifest, a scenario) is never overwritten.
func TestWriteFileRefuses(t *testing.T) {
	dir := t.TempDir()
	manifest := filepath.Join(dir, "muster.yaml")
	must.WriteFile(t, manifest, []byte("kind: Package\n"))
	must.Mkdir(t, filepath.Join(dir, "sub"))
	must.Symlink(t, "muster.yaml", filepath.Join(dir, "link.yaml"))
	for name, want := range map[string]string{
		manifest:                        "cannot prove it wrote it",
		filepath.Join(dir, "sub"):       "it is a folder",
		filepath.Join(dir, "sub") + "/": "names a folder",
		filepath.Join(dir, "link.yaml"): "not a regular file",
		"":                              "empty path",
		"/":                             "names a folder",
	} {
		err := WriteFile(name, sealedV1, FileOptions{FS: quick})
		var refused *RefusedError
		if !errors.As(err, &refused) || !strings.Contains(err.Error(), want) {
			t.Errorf("%q: %v", name, err)
		}
	}
	if b, _ := os.ReadFile(manifest); string(b) != "kind: Package\n" {
		t.Error("the manifest was overwritten")
	}
	if err := WriteFile(filepath.Join(dir, "link.yaml"), sealedV1, FileOptions{Force: true, FS: quick}); err == nil {
		t.Error("--force replaced a link")
	}
	if err := WriteFile(filepath.Join(dir, "missing", "x.yaml"), sealedV1, FileOptions{FS: quick}); err == nil {
		t.Error("wrote into a folder that does not exist")
	}
}

// A live writer's temporary file is never touched; a dead one's is removed by the next write.
func TestWriteFileTemporaries(t *testing.T) {
	dir := t.TempDir()
	name := filepath.Join(dir, "s.yaml")
	unlock, err := OS.Lock(filepath.Join(dir, ".muster-write-s.yaml.lock"))
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(dir, ".muster-write-s.yaml-12345")
	must.WriteFile(t, tmp, []byte("half"))
	other := filepath.Join(dir, ".muster-write-s.yaml-2-777") // another file's temporary
	must.WriteFile(t, other, []byte("other"))
	err = WriteFile(name, sealedV1, FileOptions{FS: quick})
	var busy *BusyError
	if !errors.As(err, &busy) || err.Error() != "another muster is writing "+name {
		t.Fatalf("err = %v", err)
	}
	if _, err := os.Stat(tmp); err != nil {
		t.Error("a live writer's temporary file was removed")
	}
	unlock() // the writer dies, leaving its temporary file
	if err := WriteFile(name, sealedV1, FileOptions{FS: quick}); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(tmp); !errors.Is(err, os.ErrNotExist) {
		t.Error("a dead writer's temporary file was left")
	}
	if _, err := os.Stat(other); err != nil {
		t.Error("another file's temporary file was removed")
	}
}

func TestWriteFilesChecksAllFirst(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "schemas")
	files := []File{{Path: "a.json", Data: sealedV1}, {Path: "b.json", Data: sealedV1}}
	if err := WriteFiles(dir, files, FileOptions{FS: quick}); err != nil {
		t.Fatal(err)
	}
	must.WriteFile(t, filepath.Join(dir, "b.json"), []byte("mine"))
	files[0].Data, files[1].Data = sealedV2, sealedV2
	if err := WriteFiles(dir, files, FileOptions{FS: quick}); err == nil || !strings.Contains(err.Error(), "b.json") {
		t.Fatalf("err = %v", err)
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "a.json")); !bytes.Equal(b, sealedV1) {
		t.Error("a.json written although b.json was refused")
	}
	if err := WriteFiles(dir, files, FileOptions{Force: true, FS: quick}); err != nil {
		t.Fatal(err)
	}
	for _, bad := range []string{"", "/"} {
		if err := WriteFiles(bad, files, FileOptions{FS: quick}); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	fresh := filepath.Join(t.TempDir(), "x", "y")
	must.Mkdir(t, filepath.Dir(fresh))
	must.WriteFile(t, filepath.Join(filepath.Dir(fresh), "y"), []byte("a file"))
	if err := WriteFiles(fresh, files, FileOptions{FS: quick}); err == nil {
		t.Error("wrote into a file")
	}
}

// Failure injection for single files: the file is the old or the new one after every failure, with no
// temporary file left.
func TestWriteFileFailsAtEveryStep(t *testing.T) {
	probe := newFaultFS()
	name := filepath.Join(t.TempDir(), "s.yaml")
	must.WriteFile(t, name, sealedV1)
	if err := WriteFile(name, sealedV2, FileOptions{FS: probe}); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= probe.count(); n++ {
		dir := t.TempDir()
		name := filepath.Join(dir, "s.yaml")
		must.WriteFile(t, name, sealedV1)
		ffs := newFaultFS()
		ffs.failAt = n
		err := WriteFile(name, sealedV2, FileOptions{FS: ffs})
		b, _ := os.ReadFile(name)
		switch {
		case err != nil && !errors.Is(err, errInjected):
			t.Errorf("fail at %d: %v", n, err)
		case err != nil && !bytes.Equal(b, sealedV1):
			t.Errorf("fail at %d (%s): failed, but the file changed", n, ffs.log[n-1])
		case err == nil && !bytes.Equal(b, sealedV2):
			t.Errorf("fail at %d (%s): succeeded, but the file is old", n, ffs.log[n-1])
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 && !strings.HasPrefix(ffs.log[n-1], "remove") {
			t.Errorf("fail at %d (%s): left %v", n, ffs.log[n-1], ents)
		}
	}
}
