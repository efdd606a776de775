//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"syscall"
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/must"
)

// TestHelperProcess is not a test: the kill tests run the test binary again with MUSTER_OUTPUT_HELPER set,
// and this child commits (or writes a file) and SIGKILLs itself just before its operation number
// MUSTER_OUTPUT_KILL_AT.
func TestHelperProcess(t *testing.T) {
	mode := os.Getenv("MUSTER_OUTPUT_HELPER")
	if mode == "" {
		return
	}
	n, _ := strconv.Atoi(os.Getenv("MUSTER_OUTPUT_KILL_AT"))
	ffs := newFaultFS()
	ffs.hook = func(i int, op string) {
		if i == n {
			syscall.Kill(os.Getpid(), syscall.SIGKILL)
			time.Sleep(time.Hour)
		}
	}
	var err error
	switch mode {
	case "commit":
		for _, s := range scenarios {
			if s.name == os.Getenv("MUSTER_OUTPUT_SCENARIO") {
				_, err = s.build.commit(os.Getenv("MUSTER_OUTPUT_DIR"), Options{FS: ffs})
			}
		}
	case "write":
		err = WriteFile(os.Getenv("MUSTER_OUTPUT_FILE"), sealedV2, FileOptions{FS: ffs})
	}
	if err != nil {
		os.Exit(3)
	}
	os.Exit(0)
}

// runKilled runs the helper, which kills itself at operation n, and checks that it died that way.
func runKilled(t *testing.T, n int, env ...string) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestHelperProcess$", "-test.count=1")
	cmd.Env = append(append(os.Environ(), "MUSTER_OUTPUT_KILL_AT="+strconv.Itoa(n)), env...)
	out, err := cmd.CombinedOutput()
	var ee *exec.ExitError
	if !errors.As(err, &ee) {
		t.Fatalf("kill at %d: the helper was not killed: %v\n%s", n, err, out)
	}
	if ws, ok := ee.Sys().(syscall.WaitStatus); !ok || !ws.Signaled() || ws.Signal() != syscall.SIGKILL {
		t.Fatalf("kill at %d: the helper ended with %v, not SIGKILL\n%s", n, err, out)
	}
}

// A commit killed (SIGKILL) before each of its operations in turn: the next run always recovers. Recover
// alone puts the folder back exactly as it was before or as the killed commit would have left it (never
// between); a normal commit after the kill leaves the complete, correct folder with a consistent record
// and nothing beside it.
func TestKillAtEveryStep(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary a few hundred times")
	}
	for _, s := range scenarios {
		t.Run(s.name, func(t *testing.T) {
			root := t.TempDir()
			dir := s.setup(t, root)
			before := snapshot(t, dir)
			probe := newFaultFS()
			if _, err := s.build.commit(dir, Options{FS: probe}); err != nil {
				t.Fatal(err)
			}
			after := snapshot(t, dir)
			for n := 1; n <= probe.count(); n++ {
				root := t.TempDir()
				dir := s.setup(t, root)
				runKilled(t, n, "MUSTER_OUTPUT_HELPER=commit", "MUSTER_OUTPUT_SCENARIO="+s.name, "MUSTER_OUTPUT_DIR="+dir)
				op := probe.log[n-1]
				if n%2 == 1 {
					if _, err := Recover(dir, Options{FS: quick}); err != nil {
						t.Fatalf("kill at %d (%s): recover: %v", n, op, err)
					}
					now := snapshot(t, dir)
					if diffSnapshots(before, now) != "" && diffSnapshots(after, now) != "" {
						t.Errorf("kill at %d (%s): recovered to neither before nor after:\n%s", n, op, diffSnapshots(before, now))
					}
				}
				if w, err := s.build.commit(dir, Options{FS: quick}); err != nil {
					t.Fatalf("kill at %d (%s): the next commit: %v\n%s", n, op, err, w)
				}
				if d := diffSnapshots(after, snapshot(t, dir)); d != "" {
					t.Errorf("kill at %d (%s): after the next commit:\n%s", n, op, d)
				}
				if l := leftovers(t, filepath.Dir(dir)); len(l) > 0 {
					t.Errorf("kill at %d (%s): left %v", n, op, l)
				}
			}
		})
	}
}

// A single-file write killed at each step: the file is the old or the new version, and the next write
// succeeds and removes the temporary file the killed one left.
func TestWriteFileKillAtEveryStep(t *testing.T) {
	if testing.Short() {
		t.Skip("runs the test binary many times")
	}
	probe := newFaultFS()
	name := filepath.Join(t.TempDir(), "s.yaml")
	must.WriteFile(t, name, sealedV1)
	if err := WriteFile(name, sealedV2, FileOptions{FS: probe}); err != nil {
		t.Fatal(err)
	}
	for n := 1; n <= probe.count(); n++ {
		dir := t.TempDir()
		name := filepath.Join(dir, "s.yaml")
		must.WriteFile(t, name, sealedV1)
		runKilled(t, n, "MUSTER_OUTPUT_HELPER=write", "MUSTER_OUTPUT_FILE="+name)
		if b, _ := os.ReadFile(name); string(b) != string(sealedV1) && string(b) != string(sealedV2) {
			t.Errorf("kill at %d (%s): the file is %q", n, probe.log[n-1], b)
		}
		if err := WriteFile(name, sealedV2, FileOptions{FS: quick}); err != nil {
			t.Fatalf("kill at %d: the next write: %v", n, err)
		}
		if ents, _ := os.ReadDir(dir); len(ents) != 1 {
			t.Errorf("kill at %d (%s): left %v", n, probe.log[n-1], ents)
		}
	}
}
