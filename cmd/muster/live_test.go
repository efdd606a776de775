package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"testing"
	"time"
)

// lockedBuffer is a bytes.Buffer a running command writes while the test reads it.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// start runs a long-running command until the returned stop is called; stop returns its exit code.
func start(args ...string) (stdout, stderr *lockedBuffer, stop func() int) {
	ctx, cancel := context.WithCancel(context.Background())
	stdout, stderr = &lockedBuffer{}, &lockedBuffer{}
	code := make(chan int, 1)
	go func() { code <- runContext(ctx, append([]string{"muster"}, args...), stdout, stderr) }()
	return stdout, stderr, func() int {
		cancel()
		select {
		case c := <-code:
			return c
		case <-time.After(30 * time.Second):
			return -1
		}
	}
}

// eventually waits (generously) for a condition.
func eventually(t *testing.T, what string, ok func() bool) {
	t.Helper()
	deadline := time.Now().Add(60 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf("never: %s", what)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

func TestServeCommand(t *testing.T) {
	if code, _, stderr := runCLI(t, "serve", filepath.Join(t.TempDir(), "nothing")); code != exitUsage || !strings.Contains(stderr, "not a package folder") {
		t.Errorf("a missing folder: exit %d %q", code, stderr)
	}
	if code, _, _ := runCLI(t, "serve"); code != exitUsage {
		t.Errorf("no folder: exit %d", code)
	}
	if code, _, stderr := runCLI(t, "serve", thgFixture, "--port", "70000"); code != exitUsage || !strings.Contains(stderr, "not a port") {
		t.Errorf("a bad port: exit %d %q", code, stderr)
	}
	stdout, _, stop := start("serve", thgFixture, "--port", "0")
	var url string
	addr := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`)
	eventually(t, "the address printed", func() bool { url = addr.FindString(stdout.String()); return url != "" })
	eventually(t, "the page served", func() bool {
		resp, err := http.Get(url + "snapshot")
		if err != nil {
			return false
		}
		defer resp.Body.Close()
		return resp.StatusCode == 200
	})
	if code := stop(); code != exitOK {
		t.Errorf("stopped: exit %d", code)
	}
}

// build --watch builds, then builds again when a unit changes, through the output folder's transaction; a
// save with an error is reported and the folder keeps the last build.
func TestBuildWatch(t *testing.T) {
	dir := copyPkg(t, thgFixture)
	out := filepath.Join(dir, "out") // inside the package: writing it must not start another build
	_, stderr, stop := start("build", dir, "-o", out, "--only", "counters", "--watch")
	pdf := filepath.Join(out, "counters.pdf")
	var first []byte
	eventually(t, "the first build", func() bool {
		first, _ = os.ReadFile(pdf)
		return len(first) > 0 && strings.Contains(stderr.String(), "watching")
	})
	if _, err := os.Stat(filepath.Join(out, ".muster-build.json")); err != nil {
		t.Errorf("the build does not go through the output folder's record: %v", err)
	}
	units, _ := filepath.Glob(filepath.Join(dir, "units", "*.yaml"))
	if len(units) == 0 {
		units, _ = filepath.Glob(filepath.Join(dir, "*.yaml"))
	}
	var unitFile string
	var src []byte
	re := regexp.MustCompile(`attack: (\d)`)
	for _, u := range units {
		b, _ := os.ReadFile(u)
		if re.Match(b) {
			unitFile, src = u, b
			break
		}
	}
	if unitFile == "" {
		t.Fatal("no unit with an attack value in the fixture")
	}
	changed := re.ReplaceAllFunc(src, func(m []byte) []byte { return []byte("attack: 9") })
	if err := os.WriteFile(unitFile, changed, 0o644); err != nil {
		t.Fatal(err)
	}
	var second []byte
	eventually(t, "a new counters.pdf", func() bool { second, _ = os.ReadFile(pdf); return len(second) > 0 && !bytes.Equal(first, second) })

	if err := os.WriteFile(unitFile, re.ReplaceAll(src, []byte("attack: 9x")), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the error reported", func() bool { return strings.Contains(stderr.String(), "not built; waiting") })
	if now, _ := os.ReadFile(pdf); !bytes.Equal(now, second) {
		t.Error("a failed build changed the output folder")
	}
	if strings.Count(stderr.String(), "changed:") > 3 {
		t.Errorf("writing the output folder started builds:\n%s", stderr.String())
	}
	if code := stop(); code != exitOK {
		t.Errorf("stopped: exit %d", code)
	}
}

// build --watch follows a package folder replaced (moved away and back, as a checkout can): it builds again,
// and a save after it builds; a folder gone for good stops it with exit 2, saying so (issue 26, item 4).
func TestBuildWatchReplacedFolder(t *testing.T) {
	dir := copyPkg(t, thgFixture)
	out := filepath.Join(t.TempDir(), "out")
	_, stderr, stop := start("build", dir, "-o", out, "--only", "counters", "--watch")
	pdf := filepath.Join(out, "counters.pdf")
	var first []byte
	eventually(t, "the first build", func() bool {
		first, _ = os.ReadFile(pdf)
		return len(first) > 0 && strings.Contains(stderr.String(), "watching")
	})
	if err := os.Rename(dir, dir+".away"); err != nil {
		t.Fatal(err)
	}
	time.Sleep(time.Second) // found gone
	if err := os.Rename(dir+".away", dir); err != nil {
		t.Fatal(err)
	}
	eventually(t, "built again", func() bool { return strings.Contains(stderr.String(), "changed: "+dir+"\n") })
	units, _ := filepath.Glob(filepath.Join(dir, "units", "*.yaml"))
	more, _ := filepath.Glob(filepath.Join(dir, "*.yaml"))
	units = append(units, more...)
	re := regexp.MustCompile(`attack: (\d)`)
	changed := false
	for _, u := range units {
		b, _ := os.ReadFile(u)
		if re.Match(b) {
			if err := os.WriteFile(u, re.ReplaceAll(b, []byte("attack: 9")), 0o644); err != nil {
				t.Fatal(err)
			}
			changed = true
			break
		}
	}
	if !changed {
		t.Fatal("no unit with an attack value in the fixture")
	}
	eventually(t, "a new counters.pdf", func() bool { b, _ := os.ReadFile(pdf); return len(b) > 0 && !bytes.Equal(first, b) })

	if err := os.Rename(dir, dir+".gone"); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the folder reported lost", func() bool { return strings.Contains(stderr.String(), "lost the folder "+dir) })
	if code := stop(); code != exitUsage {
		t.Errorf("exit %d, want %d\n%s", code, exitUsage, stderr.String())
	}
}

func TestExportCSV(t *testing.T) {
	out := filepath.Join(t.TempDir(), "sheets")
	code, stdout, stderr := runCLI(t, "export", "csv", "../../examples/highest-ground", "-o", out, "--quiet")
	if code != exitOK {
		t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
	}
	for _, f := range []string{"unit-types.csv", "markers.csv", "counter-mixes/thg-counters.csv", "tables/crt.csv", ".muster-build.json"} {
		if _, err := os.Stat(filepath.Join(out, f)); err != nil {
			t.Errorf("%s not written: %v", f, err)
		}
	}
	b, _ := os.ReadFile(filepath.Join(out, "unit-types.csv"))
	if !strings.HasPrefix(string(b), "id,name,faction,classes,symbol,size,movement,range,attack,morale,defense,leadership,") {
		t.Errorf("header: %s", strings.SplitN(string(b), "\n", 2)[0])
	}
	// A file muster did not write is never overwritten.
	if err := os.WriteFile(filepath.Join(out, "markers.csv"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if code, _, _ := runCLI(t, "export", "csv", "../../examples/highest-ground", "-o", out, "--quiet"); code == exitOK {
		t.Error("overwrote an edited file")
	}
	if code, _, _ := runCLI(t, "export", "csv", "../../content/testdata/mods/mod-broken", "-o", out); code != exitFail {
		t.Errorf("a package with errors: exit %d", code)
	}
}
