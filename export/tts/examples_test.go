package tts

import (
	"path/filepath"
	"sync"
	"testing"

	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/validate"
)

// The example packages, each exported once (at the default resolutions) and shared by the tests.
var exampleNames = examples.Packages(filepath.Join("..", "..", "examples"))

// testBase is the image address the tests export with.
const testBase = "file:///tmp/muster-tts-test/images/"

type exported struct {
	checked *validate.Checked
	set     *Set
	err     error
}

var (
	exportMu    sync.Mutex
	exportCache = map[string]*exported{}
)

func examplePath(name string) string { return filepath.Join("..", "..", "examples", name) }

// exampleSet exports an example package (once per test binary).
func exampleSet(t testing.TB, name string) *exported {
	t.Helper()
	exportMu.Lock()
	defer exportMu.Unlock()
	if e, ok := exportCache[name]; ok {
		if e.err != nil {
			t.Fatal(e.err)
		}
		return e
	}
	e := &exported{}
	exportCache[name] = e
	e.checked, e.err = validate.Load(examplePath(name)).Checked()
	if e.err != nil {
		t.Fatal(e.err)
	}
	s, ds, err := Export(e.checked, Options{ImageBaseURL: testBase})
	if err == nil && s == nil {
		err = diagsError{"no set: " + ds.Summary()}
	}
	if err != nil {
		e.err = err
		t.Fatal(err)
	}
	e.set = s
	return e
}

type diagsError struct{ msg string }

func (e diagsError) Error() string { return e.msg }

// file is a file of the set, or nil.
func (s *Set) file(path string) []byte {
	for _, f := range s.Files {
		if f.Path == path {
			return f.Data
		}
	}
	return nil
}
