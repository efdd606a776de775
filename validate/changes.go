package validate

import (
	"fmt"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// Change is what one release of muster added that can reject content an earlier release passed: new checks,
// and new findings of existing ones, by diagnostic code (a check's name covers all its codes). docs/changes.md
// lists every release's changes (a test holds the two together).
type Change struct {
	Version string   // the release, major.minor.patch
	Codes   []string // codes, or code prefixes (a check's name)
}

// Changes are the releases' changes, oldest first. 0.1.0 is muster's first release: everything it checks is
// the base every package starts from.
var Changes = []Change{}

// changedSince is the release that added a code, when it is later than release; "" otherwise.
func changedSince(code, release string) string {
	for _, c := range Changes {
		if !content.VersionBefore(release, c.Version) {
			continue
		}
		for _, p := range c.Codes {
			if code == p || strings.HasPrefix(code, p+".") {
				return c.Version
			}
		}
	}
	return ""
}

// noteNewChecks says once, at the manifest, which of the findings come from checks muster added after the
// release the package is written for (its manifest's muster range; muster 0.1.0 when it names none), so a
// package that validated yesterday and fails today says why. It also reports a manifest that asks for a later
// muster than this one, or a range that is not one.
func noteNewChecks(pkg *content.Package, ds *diag.List) {
	m := pkg.Manifest
	if m == nil {
		return
	}
	at := m.At
	if m.Doc != nil {
		at = m.Doc.PosOf("/muster")
	}
	ok, floor, err := content.MusterRange(m.Muster)
	switch {
	case err != nil:
		ds.Errorf(at, "manifest.muster", "the package asks for muster %q: %v", m.Muster, err)
		return
	case !ok:
		ds.Errorf(at, "manifest.muster", "the package asks for muster %s; this is muster %s", m.Muster, content.MusterVersion).Hint =
			"update muster, or check that the range is the one you meant"
		return
	}
	byRelease := map[string]map[string]int{} // release -> check name -> findings
	for _, d := range *ds {
		if d.Severity == diag.Info {
			continue
		}
		if v := changedSince(d.Code, floor); v != "" {
			if byRelease[v] == nil {
				byRelease[v] = map[string]int{}
			}
			byRelease[v][d.Code]++
		}
	}
	if len(byRelease) == 0 {
		return
	}
	var releases []string
	for v := range byRelease {
		releases = append(releases, v)
	}
	sort.Slice(releases, func(i, j int) bool { return content.VersionBefore(releases[i], releases[j]) })
	var parts []string
	for _, v := range releases {
		var codes []string
		for c, n := range byRelease[v] {
			codes = append(codes, fmt.Sprintf("%s (%d)", c, n))
		}
		sort.Strings(codes)
		parts = append(parts, fmt.Sprintf("muster %s added %s", v, strings.Join(codes, ", ")))
	}
	written := "written for muster " + floor
	if m.Muster == "" {
		written = "names no muster release (muster: in its manifest), so it is taken as written for muster " + floor
	}
	d := ds.Infof(at, "manifest.new-checks", "the package is %s; some of what is reported here is checked since: %s", written, strings.Join(parts, "; "))
	d.Hint = "see docs/changes.md for what each release checks; once the package passes, raise its muster: range"
}
