//go:build unix

package content

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// assetPackage is a base with an image, and a mod that merges the base's unit and adds its own with an image.
func assetPackage(t *testing.T) (tmp string, pkg *Package) {
	t.Helper()
	tmp = t.TempDir()
	writeTree(t, filepath.Join(tmp, "base"), map[string]string{
		ManifestFile: "kind: Package\nid: base\nversion: 1.0.0\n",
		"units.yaml": "kind: UnitType\nid: knight\nsymbol: image\nimage: img/k.png\nstats: {movement: 2}\n---\nkind: UnitType\nid: squire\nsymbol: image\nimage: img/k.png\nstats: {}\n",
		"img/k.png":  "base knight",
		"secret.txt": "not for images",
	})
	writeTree(t, filepath.Join(tmp, "mod"), map[string]string{
		ManifestFile: "kind: Package\nid: mod\nversion: 0.1.0\nextends:\n  package: base@^1.0\n",
		"units.yaml": "kind: UnitType\nid: knight\noverride: merge\nstats: {movement: 3}\n---\nkind: UnitType\nid: rider\nsymbol: image\nimage: img/r.png\nstats: {}\n",
		"img/r.png":  "mod rider",
	})
	pkg, ds := Load(filepath.Join(tmp, "mod"))
	if pkg == nil || ds.HasErrors() {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	return tmp, pkg
}

// Files a document names resolve in the folder of the package that wrote the value: the mod's own in the
// mod's folder; the base's, and the base's values inside a document the mod merges, in the base's.
func TestReadAssetResolvesInTheWritingPackage(t *testing.T) {
	_, pkg := assetPackage(t)
	cases := map[string]string{"knight": "base knight", "squire": "base knight", "rider": "mod rider"}
	for id, want := range cases {
		u := pkg.UnitType(id)
		b, err := pkg.ReadAsset(u.Doc, "/image", u.Image)
		if err != nil || string(b) != want {
			t.Errorf("%s: %q, %v; want %q", id, b, err, want)
		}
	}
}

// Nothing outside the package is read: absolute paths, `..` and links that leave the folder are refused;
// pipes and devices are refused without waiting; the read is bounded (19.11, 19.7, 19.14).
func TestReadAssetStaysInsideThePackage(t *testing.T) {
	tmp, pkg := assetPackage(t)
	mod := filepath.Join(tmp, "mod")
	symlink(t, filepath.Join(tmp, "base", "secret.txt"), filepath.Join(mod, "img", "out.png"))
	symlink(t, filepath.Join(tmp, "base"), filepath.Join(mod, "linked"))
	symlink(t, "r.png", filepath.Join(mod, "img", "alias.png")) // stays inside: fine
	symlink(t, "/dev/zero", filepath.Join(mod, "img", "zero.png"))
	if err := syscall.Mkfifo(filepath.Join(mod, "img", "pipe.png"), 0o644); err != nil {
		t.Fatal(err)
	}
	big, err := os.Create(filepath.Join(mod, "img", "big.png"))
	if err != nil {
		t.Fatal(err)
	}
	if err := big.Truncate(MaxAssetBytes + 1); err != nil {
		t.Fatal(err)
	}
	big.Close()
	rider := pkg.UnitType("rider").Doc
	cases := []struct {
		file string
		want error
	}{
		{filepath.Join(tmp, "base", "secret.txt"), ErrOutside},
		{"/etc/passwd", ErrOutside},
		{"../base/secret.txt", ErrOutside},
		{"img/../../base/secret.txt", ErrOutside},
		{"img/out.png", ErrOutside},
		{"linked/secret.txt", ErrOutside},
		{"img/zero.png", ErrOutside},
		{"img/pipe.png", ErrNotRegular},
		{"img", ErrNotRegular},
		{"img/big.png", ErrTooLarge},
		{"img/missing.png", fs.ErrNotExist},
		{"", nil},
	}
	for _, c := range cases {
		b, err := pkg.ReadAsset(rider, "/image", c.file)
		if err == nil || (c.want != nil && !errors.Is(err, c.want)) {
			t.Errorf("%q: %d bytes, %v; want %v", c.file, len(b), err, c.want)
		}
	}
	if b, err := pkg.ReadAsset(rider, "/image", "img/alias.png"); err != nil || string(b) != "mod rider" {
		t.Errorf("a link inside the package: %q, %v", b, err)
	}
	// The limit is on what is read, not on what the file's status says: /dev/zero never ends.
	if _, err := readRegular("/dev/zero", 1<<10); !errors.Is(err, ErrNotRegular) {
		t.Errorf("/dev/zero: %v", err)
	}
}
