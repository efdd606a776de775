// Package must is for tests' set-up: each helper does one thing a test needs done before it can test anything
// (write a file, make a folder, find its fixtures) and fails the test at the caller's line when that does not
// work. A set-up error ignored (`os.WriteFile(...)` unchecked, `x, _ := ...`) lets a test pass without
// testing what it says, so set-up goes through here.
package must

import (
	"bytes"
	"io/fs"
	"os"
	"path/filepath"
	"testing"
)

// Do fails the test when err is not nil: for a set-up call with no helper of its own.
func Do(t testing.TB, err error) {
	t.Helper()
	if err != nil {
		t.Fatalf("set-up: %v", err)
	}
}

// WriteFile writes data to path (mode 0644), its folder already there.
func WriteFile(t testing.TB, path string, data []byte) {
	t.Helper()
	Do(t, os.WriteFile(path, data, 0o644))
}

// Mkdir makes the folder path with the folders it is in (mode 0755).
func Mkdir(t testing.TB, path string) {
	t.Helper()
	Do(t, os.MkdirAll(path, 0o755))
}

// Symlink makes newname a symbolic link to oldname.
func Symlink(t testing.TB, oldname, newname string) {
	t.Helper()
	Do(t, os.Symlink(oldname, newname))
}

// Remove removes the file or empty folder path.
func Remove(t testing.TB, path string) {
	t.Helper()
	Do(t, os.Remove(path))
}

// ReadFile reads the file path.
func ReadFile(t testing.TB, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	Do(t, err)
	return b
}

// Edit replaces the first old in the file path by new; a file without old fails the test (the edit would
// test nothing).
func Edit(t testing.TB, path, old, new string) {
	t.Helper()
	b := ReadFile(t, path)
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("%s has no %q", path, old)
	}
	WriteFile(t, path, bytes.Replace(b, []byte(old), []byte(new), 1))
}

// ReadDir lists the folder path.
func ReadDir(t testing.TB, path string) []fs.DirEntry {
	t.Helper()
	ents, err := os.ReadDir(path)
	Do(t, err)
	return ents
}

// Stat describes the file path.
func Stat(t testing.TB, path string) fs.FileInfo {
	t.Helper()
	fi, err := os.Stat(path)
	Do(t, err)
	return fi
}

// Glob lists the paths pattern matches, and fails the test when it matches none: a test that loops over its
// fixtures must not pass by finding no fixture.
func Glob(t testing.TB, pattern string) []string {
	t.Helper()
	m, err := filepath.Glob(pattern)
	Do(t, err)
	if len(m) == 0 {
		t.Fatalf("set-up: nothing matches %s", pattern)
	}
	return m
}

// Abs is path made absolute.
func Abs(t testing.TB, path string) string {
	t.Helper()
	a, err := filepath.Abs(path)
	Do(t, err)
	return a
}

// Rel is target relative to base.
func Rel(t testing.TB, base, target string) string {
	t.Helper()
	r, err := filepath.Rel(base, target)
	Do(t, err)
	return r
}
