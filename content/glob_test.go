package content

import (
	"os"
	"path"
	"path/filepath"
	"strings"
	"testing"
)

// matchGlobReference is the plain backtracking matcher (exponential with many `**`), kept as the meaning of
// a pattern for the fuzzer to compare against on small inputs.
func matchGlobReference(pattern, name string) bool {
	ps, ns := strings.Split(pattern, "/"), strings.Split(name, "/")
	var match func(pi, ni int) bool
	match = func(pi, ni int) bool {
		for pi < len(ps) {
			if ps[pi] == "**" {
				for k := ni; k <= len(ns); k++ {
					if match(pi+1, k) {
						return true
					}
				}
				return false
			}
			if ni >= len(ns) {
				return false
			}
			if ok, _ := path.Match(ps[pi], ns[ni]); !ok {
				return false
			}
			pi, ni = pi+1, ni+1
		}
		return ni == len(ns)
	}
	return match(0, 0)
}

// Include globs with many `**` match in at most one step per pattern segment and name segment (19.12: 12
// segments on a 25-deep tree did not finish in 120 s).
func TestGlobWithManyStarsIsLinear(t *testing.T) {
	pattern := strings.Repeat("**/", 11) + "*.json" // 12 segments
	deep := strings.TrimSuffix(strings.Repeat("d/", 25), "/") + "/x.yaml"
	steps := 0
	ps := strings.Split(pattern, "/")
	ns := strings.Split(deep, "/")
	reach := globStates(ps, ns, &steps)
	if reach[len(ps)] {
		t.Errorf("%s must not match %s", pattern, deep)
	}
	if max := len(ps) * len(ns); steps > max {
		t.Errorf("matching took %d steps, more than %d (pattern segments × name segments)", steps, max)
	}
	if !matchGlob("**/d/**/d/**/*.yaml", deep) || !matchGlob("**/**/**/x.yaml", deep) || matchGlob("**/d/d/**/y.yaml", deep) {
		t.Error("matchGlob lost its meaning")
	}

	// The same patterns over a real 25-deep tree (the old matcher backtracked through about 10^9 ways here).
	dir := t.TempDir()
	p := filepath.Join(dir, filepath.FromSlash(strings.TrimSuffix(deep, "/x.yaml")))
	if err := os.MkdirAll(p, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(p, "x.yaml"), []byte("a: 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if files, _, err := globFiles(dir, pattern); err != nil || len(files) != 0 {
		t.Errorf("globFiles(%s) = %v, %v; want nothing", pattern, files, err)
	}
	if files, _, err := globFiles(dir, strings.Repeat("**/", 11)+"*.yaml"); err != nil || len(files) != 1 {
		t.Errorf("globFiles = %v, %v; want the one file", files, err)
	}
}

// A folder is walked only when something under it could match: a folder link is refused only then.
func TestCouldMatchBelow(t *testing.T) {
	cases := []struct {
		pattern, dir string
		ok           bool
	}{
		{"**/*.yaml", "a/b", true}, {"units/*.yaml", "units", true}, {"units/*.yaml", "maps", false},
		{"units/*.yaml", "units/x", false}, {"boards/**", "boards/x/y", true}, {"*.yaml", "a", false},
		{"a/**/b/*.json", "a/x/y", true},
	}
	for _, c := range cases {
		if got := couldMatchBelow(c.pattern, c.dir); got != c.ok {
			t.Errorf("couldMatchBelow(%q, %q) = %v, want %v", c.pattern, c.dir, got, c.ok)
		}
	}
}

// FuzzMatchGlob compares the matcher with the backtracking reference on small inputs, and checks that
// couldMatchBelow never misses a folder that holds a match.
//
//	go test -run '^$' -fuzz '^FuzzMatchGlob$' -fuzztime 5m ./content/
func FuzzMatchGlob(f *testing.F) {
	seeds := [][3]string{
		{"**/*.yaml", "a/b/c.yaml", "c.yaml"}, {"units/*.yaml", "units/a.yaml", "a.yaml"},
		{"**/**/x", "a/x", "x"}, {"a/**/b/**", "a/b", "c"}, {"[a-c]*/?.json", "b1/x.json", "x.json"},
		{"**", "", ""}, {"a//b", "a//b", ""}, {"**/d/**/d", "d/d/d", "d"}, {"[", "[", "["},
	}
	for _, s := range seeds {
		f.Add(s[0], s[1], s[2])
	}
	f.Fuzz(func(t *testing.T, pattern, name, rest string) {
		if len(pattern) > 48 || len(name) > 48 || len(rest) > 16 || strings.Count(pattern, "/") > 8 || strings.Count(name, "/") > 8 {
			return // the reference is exponential
		}
		if got, want := matchGlob(pattern, name), matchGlobReference(pattern, name); got != want {
			t.Fatalf("matchGlob(%q, %q) = %v, the reference says %v", pattern, name, got, want)
		}
		full := name + "/" + rest
		if matchGlobReference(pattern, full) && !couldMatchBelow(pattern, name) {
			t.Fatalf("couldMatchBelow(%q, %q) = false, but %q matches", pattern, name, full)
		}
		steps := 0
		ps, ns := strings.Split(pattern, "/"), strings.Split(name, "/")
		globStates(ps, ns, &steps)
		if steps > len(ps)*len(ns) {
			t.Fatalf("%d steps for %d × %d segments", steps, len(ps), len(ns))
		}
	})
}
