package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestExportVassalAndCheck(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "thg.vmod")
	code, stdout, stderr := runCLI(t, "export", "vassal", thgFixture, "-o", out, "--dpi", "60")
	if code != 0 {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	if !strings.Contains(stdout, "wrote "+out) || !strings.Contains(stdout, "60 dpi") {
		t.Errorf("summary: %q", stdout)
	}
	code, stdout, stderr = runCLI(t, "export", "vassal", "--check", out)
	if code != 0 || !strings.Contains(stdout, "VASSAL can load it") {
		t.Fatalf("check: exit %d\n%s\n%s", code, stdout, stderr)
	}
	// Again over its own module: allowed. Over someone else's file: refused, and the file is untouched.
	if code, _, stderr := runCLI(t, "export", "vassal", thgFixture, "-o", out, "--dpi", "60"); code != 0 {
		t.Fatalf("replacing its own module: exit %d %s", code, stderr)
	}
	mine := filepath.Join(dir, "mine.vmod")
	os.WriteFile(mine, []byte("hand made"), 0o644)
	if code, _, stderr := runCLI(t, "export", "vassal", thgFixture, "-o", mine); code != exitUsage || !strings.Contains(stderr, "refusing to overwrite") {
		t.Errorf("overwrite: exit %d %q", code, stderr)
	}
	if b, _ := os.ReadFile(mine); string(b) != "hand made" {
		t.Error("the file was changed")
	}
	// A broken module fails the check, in JSON too.
	code, stdout, _ = runCLI(t, "export", "vassal", "--check", mine, "--format", "json")
	if code != exitFail || !strings.Contains(stdout, `"vmod.zip"`) {
		t.Errorf("check of a non-module: exit %d %s", code, stdout)
	}
	if code, _, _ := runCLI(t, "export", "vassal", thgFixture, "-o", out, "--dpi", "5000"); code != exitUsage {
		t.Errorf("--dpi 5000: exit %d", code)
	}
	if code, _, _ := runCLI(t, "export", "vassal"); code != exitUsage {
		t.Errorf("no package: exit %d", code)
	}
}

func TestExportVassalRefusesABrokenPackage(t *testing.T) {
	out := filepath.Join(t.TempDir(), "broken.vmod")
	code, stdout, _ := runCLI(t, "export", "vassal", "../../examples/testdata/broken-mod", "-o", out)
	if code != exitFail || !strings.Contains(stdout, "error") {
		t.Errorf("exit %d\n%s", code, stdout)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a module was written for a package with errors")
	}
}
