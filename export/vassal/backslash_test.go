package vassal

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/validate"
)

// A phase name ending with a backslash (validate warns of it: export-vassal.backslash) is refused with an
// error naming the turn tracker and the name, not a crash.
func TestBackslashPhaseRefused(t *testing.T) {
	dir := copyPackage(t, "testdata/river-line")
	p := filepath.Join(dir, "system.yaml")
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	old := "{id: weather, name: Weather Phase,"
	if !bytes.Contains(b, []byte(old)) {
		t.Fatalf("system.yaml has no %q", old)
	}
	if err := os.WriteFile(p, bytes.Replace(b, []byte(old), []byte(`{id: weather, name: "Weather Phase\\",`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := Export(c, Options{})
	if err == nil || m != nil || !strings.Contains(err.Error(), "turn tracker") || !strings.Contains(err.Error(), `Weather Phase\\`) {
		t.Errorf("export: module %v, error %v", m != nil, err)
	}
}
