package vassal

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/validate"
)

// A phase name ending with a backslash (validate warns of it: export-vassal.backslash) is refused with an
// error naming the turn tracker and the name, not a crash.
func TestBackslashPhaseRefused(t *testing.T) {
	dir := copyPackage(t, "testdata/river-line")
	must.Edit(t, filepath.Join(dir, "system.yaml"), "{id: weather, name: Weather Phase,", `{id: weather, name: "Weather Phase\\",`)
	c, err := validate.Load(dir).Checked()
	if err != nil {
		t.Fatal(err)
	}
	m, _, err := Export(c, Options{})
	if err == nil || m != nil || !strings.Contains(err.Error(), "turn tracker") || !strings.Contains(err.Error(), `Weather Phase\\`) {
		t.Errorf("export: module %v, error %v", m != nil, err)
	}
}
