// Package testpkg copies example packages into temporary folders for the generators' tests, which validate
// generated files with the real pipeline (validate.Load) inside a copy of the package they belong to.
package testpkg

import (
	"os"
	"path/filepath"
	"testing"
)

// Copy copies a package folder into a fresh temporary folder and returns the copy's path.
func Copy(t testing.TB, src string) string {
	t.Helper()
	dst := filepath.Join(t.TempDir(), filepath.Base(src))
	err := os.CopyFS(dst, os.DirFS(src))
	if err != nil {
		t.Fatal(err)
	}
	return dst
}
