package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const serviceFixture = "../../build/testdata/service"

// --profile: an unknown name is a usage error with a did-you-mean, for build and validate alike, and nothing
// is written; a known one builds with the service's boxes and layout.
func TestProfileFlag(t *testing.T) {
	out := filepath.Join(t.TempDir(), "out")
	for _, args := range [][]string{{"build", serviceFixture, "-o", out, "--profile", "drivethru"}, {"validate", "--profile", "drivethru", serviceFixture}} {
		code, stdout, stderr := runCLI(t, args...)
		if code != 2 || !strings.Contains(stderr, `--profile: unknown profile "drivethru"`) || !strings.Contains(stderr, `did you mean "drivethrucards"?`) {
			t.Errorf("%v: exit %d\n%s\n%s", args, code, stdout, stderr)
		}
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("%s was written for an unknown profile", out)
	}
	code, stdout, stderr := runCLI(t, "build", serviceFixture, "-o", out, "--profile", "drivethrucards", "--only", "cards")
	if code != 0 || !strings.Contains(stdout, "a page each (the card and its bleed), front then back, for DriveThruCards") {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	// A bleed under the profile's is the flag's mistake.
	code, stdout, stderr = runCLI(t, "build", serviceFixture, "-o", out, "--profile", "die-cut", "--bleed", "1mm")
	if code != 2 || !strings.Contains(stdout, "error[print.options]: --bleed: 1mm is less than the 3mm the die-cut profile") {
		t.Errorf("--bleed 1mm with die-cut: exit %d\n%s\n%s", code, stdout, stderr)
	}
}

// validate --profile reports the preflight at the content's lines and fails; without it the package passes.
func TestValidateProfile(t *testing.T) {
	river := "../../examples/testdata/river-line"
	code, stdout, _ := runCLI(t, "validate", "--profile", "die-cut", river)
	if code != 1 || !strings.Contains(stdout, "system.yaml:") || !strings.Contains(stdout, "error[preflight.safe-zone]") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
}
