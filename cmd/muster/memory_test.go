//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"testing"
)

// TestMusterProcess is not a test: the memory tests run the test binary again with MUSTER_RUN_ARGS set, and it
// runs muster with those arguments under an address-space limit, as a user's shell would, then exits with
// muster's exit code.
func TestMusterProcess(t *testing.T) {
	args := os.Getenv("MUSTER_RUN_ARGS")
	if args == "" {
		t.Skip("runs only as the child of a memory test")
	}
	// 4 GiB of address space: far above the 1 GiB the parent asserts on resident memory, low enough that a
	// runaway allocation fails here instead of taking the machine down.
	lim := &syscall.Rlimit{Cur: 4 << 30, Max: 4 << 30}
	if err := syscall.Setrlimit(syscall.RLIMIT_AS, lim); err != nil {
		t.Fatal(err)
	}
	os.Exit(run(append([]string{"muster"}, strings.Split(args, "\x1f")...), os.Stdout, os.Stderr))
}

// peakRSS runs muster in a child process and returns its exit code, its output and its peak resident memory.
func peakRSS(t *testing.T, args ...string) (int, string, int64) {
	t.Helper()
	cmd := exec.Command(os.Args[0], "-test.run=^TestMusterProcess$", "-test.count=1")
	cmd.Env = append(os.Environ(), "MUSTER_RUN_ARGS="+strings.Join(args, "\x1f"))
	out, err := cmd.CombinedOutput()
	if cmd.ProcessState == nil {
		t.Fatalf("cannot run muster in a child process: %v", err)
	}
	ru, ok := cmd.ProcessState.SysUsage().(*syscall.Rusage)
	if !ok {
		t.Skip("no resource usage on this system")
	}
	return cmd.ProcessState.ExitCode(), string(out), ru.Maxrss * 1024 // Linux reports kilobytes
}

// Hostile input under 16 MB never takes validate past 1 GB of memory (issue 19, done when): an alias bomb
// spread over many documents and files, a counter mix asking for 100,000,000 counters, a 10,000 x 10,000 hex
// map, and formulas that double strings. Each is refused with a diagnostic (exit 1), not a crash.
func TestValidatePeakMemoryOnHostileInput(t *testing.T) {
	if runtime.GOOS != "linux" {
		t.Skip("peak memory is read from Linux's rusage")
	}
	manifest := "kind: Package\nid: hostile\nversion: 1.0.0\nsystem: sys\n"
	system := "kind: System\nid: sys\ngrid: hex\nstats:\n  - {id: movement, type: int}\n"
	bomb := func() string {
		var b strings.Builder
		for d := 0; d < 60; d++ {
			b.WriteString("---\nkind: Table\nid: bomb" + fmt.Sprint(d) + "\n")
			b.WriteString("a: &a [x, x, x, x, x, x, x, x, x, x]\n")
			for i := 'b'; i <= 'i'; i++ {
				fmt.Fprintf(&b, "%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n", i, i, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1, i-1)
			}
		}
		return b.String()
	}()
	doubling := `len(let v0 = "xxxxxxxxxxxxxxxx"; `
	for i := 1; i <= 26; i++ {
		doubling += fmt.Sprintf("let v%d = v%d + v%d; ", i, i-1, i-1)
	}
	doubling += "v26) > 0"
	type hostile struct {
		files map[string]string
		code  string // the diagnostic code that refuses it; "" where any refusal (or none) will do
	}
	cases := map[string]hostile{
		"alias bomb over 60 documents in 3 files": {map[string]string{"a.yaml": bomb, "b.yaml": bomb, "c.yaml": bomb}, "syntax.too-large"},
		"a counter mix of 100,000,000":            {map[string]string{"mix.yaml": "kind: UnitType\nid: u\nstats: {movement: 1}\n---\nkind: CounterMix\nid: m\ncounters:\n  - {unit: u, count: 100000000}\n"}, ""},
		"a 9,999 x 9,999 map":                     {map[string]string{"map.yaml": "kind: Map\nid: huge\ngrid: {type: hex, cols: 9999, rows: 9999, cellSize: 0.5in, numbering: {scheme: ccrr, digits: 4}}\n"}, ""},
		"formulas that double strings": {map[string]string{"rules.yaml": "kind: System\nid: sys\ngrid: hex\nstats:\n  - {id: movement, type: int}\nrules:\n" +
			"  - id: double\n    scope: side\n    check: '" + doubling + "'\n---\nkind: Force\nid: f\nunits: []\n---\nkind: Scenario\nid: s\nmap: {map: m}\nsides:\n  - {id: a, force: f}\n"}, "formulas.runtime"},
	}
	for name, c := range cases {
		files := c.files
		t.Run(name, func(t *testing.T) {
			dir := t.TempDir()
			all := map[string]string{"muster.yaml": manifest, "system.yaml": system}
			for k, v := range files {
				all[k] = v
			}
			if _, ok := files["rules.yaml"]; ok {
				delete(all, "system.yaml")
			}
			total := 0
			for f, text := range all {
				total += len(text)
				if err := os.WriteFile(filepath.Join(dir, f), []byte(text), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			if total > 16<<20 {
				t.Fatalf("the input is %d bytes: the bound is for inputs under 16 MB", total)
			}
			code, out, rss := peakRSS(t, "validate", dir)
			t.Logf("exit %d, peak %d MB", code, rss>>20)
			if code == 2 || strings.Contains(out, "panic") || strings.Contains(out, "fatal error") || !strings.Contains(out, c.code) {
				t.Errorf("want %s and exit 0 or 1, got exit %d:\n%.2000s", c.code, code, out)
			}
			if rss > 1<<30 {
				t.Errorf("validate peaked at %d MB, want under 1 GB", rss>>20)
			}
		})
	}
}
