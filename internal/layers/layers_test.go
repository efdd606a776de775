package layers

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// TestNoImportRunsUpward lists every package of the module with its imports (tests' too: a test that imports
// a higher layer ties the layers as surely as code) and fails on each import the layers forbid, and on a
// package in a folder Layers does not name.
func TestNoImportRunsUpward(t *testing.T) {
	cmd := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}} {{join .XTestImports " "}}`, Module+"/...")
	cmd.Dir = "../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v\n%s", err, stderr.String())
	}
	pkgs := 0
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		f := strings.Fields(line)
		from := f[0]
		pkgs++
		if _, folder, ok := Of(from); !ok {
			t.Errorf("%s is in the folder %q, which no layer names: add it to Layers (and to DESIGN's layout)", from, folder)
			continue
		}
		seen := map[string]bool{}
		for _, to := range f[1:] {
			if !strings.HasPrefix(to, Module+"/") || seen[to] || to == from {
				continue
			}
			seen[to] = true
			if !Allowed(from, to) {
				t.Errorf("%s imports %s, which is not below it", strings.TrimPrefix(from, Module+"/"), strings.TrimPrefix(to, Module+"/"))
			}
		}
	}
	if pkgs < 40 {
		t.Fatalf("go list gave %d packages; the module has more", pkgs)
	}
}

func TestAllowed(t *testing.T) {
	cases := []struct {
		from, to string
		want     bool
	}{
		{"print/maps", "content/grid", true},
		{"print/maps", "print/surface", true},
		{"print/plan", "validate", false},
		{"validate", "export/vassal/gridnum", false},
		{"validate", "print/plan", true},
		{"content", "schema", false},
		{"export/tts", "generators", false}, // peers
		{"build", "export/tts", true},
		{"cmd/muster", "serve", true},
		{"serve", "cmd/muster", false},
		{"content/x", "elsewhere/y", false},
		{"content", "internal/fuzzbound", true},
		{"internal/parallel", "content", false},
	}
	for _, c := range cases {
		if got := Allowed(Module+"/"+c.from, Module+"/"+c.to); got != c.want {
			t.Errorf("Allowed(%s, %s) = %v, want %v", c.from, c.to, got, c.want)
		}
	}
}
