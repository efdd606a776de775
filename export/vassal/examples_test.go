package vassal

import (
	"bytes"
	"path/filepath"
	"sync"
	"testing"

	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/validate"
)

// The example packages, each exported once (at the default resolution) and shared by the tests.
var exampleNames = examples.Packages(filepath.Join("..", "..", "examples"))

type exported struct {
	checked *validate.Checked
	mod     *Module
	zip     []byte
	err     error
}

var (
	exportMu    sync.Mutex
	exportCache = map[string]*exported{}
)

func examplePath(name string) string { return filepath.Join("..", "..", "examples", name) }

// exampleModule exports an example package (once per test binary).
func exampleModule(t testing.TB, name string) *exported {
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
	m, ds, err := Export(e.checked, Options{})
	if err == nil && m == nil {
		err = errFromDiags(ds)
	}
	if err != nil {
		e.err = err
		t.Fatal(err)
	}
	e.mod = m
	if e.zip, e.err = m.Zip(); e.err != nil {
		t.Fatal(e.err)
	}
	return e
}

type diagsError struct{ msg string }

func (e diagsError) Error() string { return e.msg }

func errFromDiags(ds interface{ Summary() string }) error {
	return diagsError{"no module: " + ds.Summary()}
}

func bytesReader(b []byte) *bytes.Reader { return bytes.NewReader(b) }
