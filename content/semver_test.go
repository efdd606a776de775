package content

import (
	"fmt"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/internal/fuzzbound"
)

// FuzzVersionRange reads anything as an `extends` version range and a version: nothing panics, a version
// reads back as it is written, a range holds when each of its terms does, and the range's forms agree with
// the comparisons they stand for (^ and ~ within >=, an exact version as both <= and >=, > and <= apart).
func FuzzVersionRange(f *testing.F) {
	for _, s := range []string{"^1.0", "~1.2", "1.x", "1.2.x", "*", "x", ">=1.0 <2", ">1.0", "<=2", "1.0.0", "=1.2.3",
		"v1.2.3", "^", "~", ">=", "1..2", "1.2.3.4", "-1", "99999999999999999999", "^1.x", "1.X", "**", ">=1 <1", ""} {
		f.Add(s, "1.2.3")
	}
	f.Fuzz(func(t *testing.T, rng, ver string) {
		if len(rng)+len(ver) > 4096 {
			return
		}
		fuzzbound.Run(t, func() error {
			v, err := parseVersion(ver)
			if err != nil {
				return nil
			}
			if back, err := parseVersion(v.String()); err != nil || back != v {
				return fmt.Errorf("version %q written %q reads back as %v, %v", ver, v, back, err)
			}
			ok, err := versionMatches(v, rng)
			if err != nil {
				if ok {
					return fmt.Errorf("%q: matched with an error %v", rng, err)
				}
				return nil
			}
			all := true
			for _, term := range strings.Fields(rng) {
				t, err := versionMatches(v, term)
				if err != nil {
					return fmt.Errorf("%q reads but its term %q does not: %v", rng, term, err)
				}
				all = all && t
			}
			if ok != all && strings.TrimSpace(rng) != "" {
				return fmt.Errorf("%q on %s: %v, but its terms: %v", rng, v, ok, all)
			}
			terms := strings.Fields(rng)
			if len(terms) != 1 {
				return nil
			}
			term := terms[0]
			w := strings.TrimLeft(term, "^~")
			if term != w {
				if lo, err := parseVersion(w); err == nil && ok && v.cmp(lo) < 0 {
					return fmt.Errorf("%q holds for %s, below %s", term, v, lo)
				}
			}
			if exact, err := parseVersion(strings.TrimPrefix(term, "=")); err == nil && !strings.ContainsAny(term, "^~<>") {
				le, _ := versionMatches(v, "<="+exact.String())
				ge, _ := versionMatches(v, ">="+exact.String())
				if ok != (le && ge) {
					return fmt.Errorf("%q on %s: %v, but <= and >= say %v", term, v, ok, le && ge)
				}
			}
			if strings.HasPrefix(term, ">") && !strings.HasPrefix(term, ">=") {
				le, err := versionMatches(v, "<="+term[1:])
				if err == nil && le == ok {
					return fmt.Errorf("%q and <=%s agree on %s", term, term[1:], v)
				}
			}
			return nil
		})
	})
}

// A range with a term that is no range is an error whatever the version: "0 A" was refused for 0.0.0 and
// taken (as not matching) for 1.0.0, since the terms after the first that failed were never read.
func TestVersionRangeReadsEveryTerm(t *testing.T) {
	for _, v := range []version{{0, 0, 0}, {1, 0, 0}} {
		if ok, err := versionMatches(v, "0 A"); ok || err == nil || !strings.Contains(err.Error(), `"A" is not a version range`) {
			t.Errorf("%s: %v, %v", v, ok, err)
		}
	}
	if ok, err := versionMatches(version{1, 4, 0}, ">=1.2 <2"); !ok || err != nil {
		t.Errorf(">=1.2 <2 on 1.4.0: %v, %v", ok, err)
	}
}

func TestMusterRange(t *testing.T) {
	for _, tc := range []struct {
		rng, floor string
		ok         bool
	}{
		{"", "0.1.0", true},
		{">=0.1", "0.1.0", true},
		{"^0.1", "0.1.0", true},
		{">=0.0.3 <1", "0.0.3", true},
		{">0.0.5", "0.0.6", true},
		{"0.1.x", "0.1.0", true},
		{">=9", "9.0.0", false},
	} {
		ok, floor, err := MusterRange(tc.rng)
		if err != nil || ok != tc.ok || floor != tc.floor {
			t.Errorf("MusterRange(%q) = %v, %q, %v; want %v, %q", tc.rng, ok, floor, err, tc.ok, tc.floor)
		}
	}
	if _, _, err := MusterRange("soon"); err == nil {
		t.Error("MusterRange(soon): no error")
	}
}
