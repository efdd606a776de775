package content

import (
	"fmt"
	"strconv"
	"strings"
)

// version is a semantic version major.minor.patch (pre-release tags are not used by content packages).
type version [3]int

func parseVersion(s string) (version, error) {
	var v version
	t := strings.TrimPrefix(strings.TrimSpace(s), "v")
	parts := strings.Split(t, ".")
	if len(parts) == 0 || len(parts) > 3 || t == "" {
		return v, fmt.Errorf("%q is not a version: write major.minor.patch, e.g. 1.0.0", s)
	}
	for i, p := range parts {
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			return v, fmt.Errorf("%q is not a version: write major.minor.patch, e.g. 1.0.0", s)
		}
		v[i] = n
	}
	return v, nil
}

func (v version) cmp(w version) int {
	for i := range v {
		if v[i] != w[i] {
			if v[i] < w[i] {
				return -1
			}
			return 1
		}
	}
	return 0
}

func (v version) String() string { return fmt.Sprintf("%d.%d.%d", v[0], v[1], v[2]) }

// versionMatches reports whether v satisfies a range: an exact version (1.2.0), a caret range (^1.0: same
// major, at least 1.0), a tilde range (~1.2: same major and minor), x-ranges (1.x, 1.2.x, *), or
// comparisons (>=1.0, >1.0, <=2, <2) joined by spaces.
func versionMatches(v version, rng string) (bool, error) {
	rng = strings.TrimSpace(rng)
	if rng == "" || rng == "*" || rng == "x" {
		return true, nil
	}
	all := true
	for _, term := range strings.Fields(rng) {
		ok, err := versionTerm(v, term) // every term read, so that a bad one is an error whatever the version
		if err != nil {
			return false, err
		}
		all = all && ok
	}
	return all, nil
}

func versionTerm(v version, term string) (bool, error) {
	bad := fmt.Errorf("%q is not a version range: write e.g. ^1.0, ~1.2, 1.x, >=1.0 or 1.0.0", term)
	switch {
	case strings.HasPrefix(term, "^"), strings.HasPrefix(term, "~"):
		lo, err := parseVersion(term[1:])
		if err != nil {
			return false, bad
		}
		if v.cmp(lo) < 0 || v[0] != lo[0] {
			return false, nil
		}
		if term[0] == '~' && v[1] != lo[1] {
			return false, nil
		}
		return true, nil
	case strings.HasPrefix(term, ">="), strings.HasPrefix(term, "<="):
		w, err := parseVersion(term[2:])
		if err != nil {
			return false, bad
		}
		if term[0] == '>' {
			return v.cmp(w) >= 0, nil
		}
		return v.cmp(w) <= 0, nil
	case strings.HasPrefix(term, ">"), strings.HasPrefix(term, "<"):
		w, err := parseVersion(term[1:])
		if err != nil {
			return false, bad
		}
		if term[0] == '>' {
			return v.cmp(w) > 0, nil
		}
		return v.cmp(w) < 0, nil
	case strings.Contains(term, "x") || strings.Contains(term, "*"):
		parts := strings.Split(strings.TrimPrefix(term, "="), ".")
		for i, p := range parts {
			if p == "x" || p == "*" || p == "X" {
				return true, nil
			}
			n, err := strconv.Atoi(p)
			if err != nil || i > 2 {
				return false, bad
			}
			if v[i] != n {
				return false, nil
			}
		}
		return true, nil
	}
	w, err := parseVersion(strings.TrimPrefix(term, "="))
	if err != nil {
		return false, bad
	}
	return v.cmp(w) == 0, nil
}

// MusterRange says what a package's manifest asks of muster (`muster: ">=0.2"`): whether this muster
// (MusterVersion) satisfies the range, and the earliest release it admits — the release the package was written
// for, whose checks it passed. An empty range admits every release from 0.1.0, muster's first.
func MusterRange(rng string) (ok bool, floor string, err error) {
	cur, err := parseVersion(musterCore())
	if err != nil {
		return false, "", err
	}
	if ok, err = versionMatches(cur, rng); err != nil {
		return false, "", err
	}
	low, found := version{}, false
	for _, term := range strings.Fields(strings.TrimSpace(rng)) {
		t := strings.TrimLeft(term, "^~>=")
		if strings.HasPrefix(term, "<") || t == "*" || t == "x" {
			continue
		}
		t = strings.NewReplacer(".x", ".0", ".X", ".0", ".*", ".0").Replace(t)
		v, err := parseVersion(t)
		if err != nil {
			continue
		}
		if strings.HasPrefix(term, ">") && !strings.HasPrefix(term, ">=") {
			v[2]++ // above it: the next release
		}
		if !found || v.cmp(low) > 0 {
			low, found = v, true
		}
	}
	if !found {
		low = version{0, 1, 0}
	}
	return ok, low.String(), nil
}

// VersionBefore reports whether release a comes before release b (both major.minor.patch); false when either
// is not a version.
func VersionBefore(a, b string) bool {
	va, err1 := parseVersion(a)
	vb, err2 := parseVersion(b)
	return err1 == nil && err2 == nil && va.cmp(vb) < 0
}
