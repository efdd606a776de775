// Package testpkg copies example packages into temporary folders for the generators' tests, which validate
// generated files with the real pipeline (validate.Load) inside a copy of the package they belong to.
package testpkg

import (
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Copy copies a package folder into a fresh temporary folder and returns the copy's path.
func Copy(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := filepath.WalkDir(src, func(p string, e fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if e.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
