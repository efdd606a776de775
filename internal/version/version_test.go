package version

import (
	"runtime/debug"
	"strings"
	"testing"
)

func build(mod string, settings ...string) *debug.BuildInfo {
	bi := &debug.BuildInfo{Main: debug.Module{Path: "github.com/muster-wargames/muster", Version: mod}}
	for i := 0; i+1 < len(settings); i += 2 {
		bi.Settings = append(bi.Settings, debug.BuildSetting{Key: settings[i], Value: settings[i+1]})
	}
	return bi
}

func TestFrom(t *testing.T) {
	cases := []struct {
		name, tag, commit string
		bi                *debug.BuildInfo
		version           string
		release, modified bool
		wantCommit        string
	}{
		{"release build", "v0.2.0", "abc123", build("v0.0.0-20250102030405-abcdef123456"), "0.2.0", true, false, "abc123"},
		{"release from a dirty tree", "v0.2.0+dirty", "abc123", build("(devel)", "vcs.modified", "true"), "0.2.0+dirty", true, true, "abc123"},
		{"go install @v0.3.1", "", "", build("v0.3.1"), "0.3.1", true, false, ""},
		{"go install @v0.3.0-rc.1", "", "", build("v0.3.0-rc.1"), "0.3.0-rc.1", true, false, ""},
		{"go build in a checkout", "", "", build("v0.0.0-20250102030405-abcdef123456+dirty", "vcs.revision", "abcdef1234567890", "vcs.modified", "true"), Base, false, true, "abcdef1234567890"},
		{"pseudo-version after a tag", "", "", build("v0.2.1-0.20250102030405-abcdef123456", "vcs.revision", "abcdef"), Base, false, false, "abcdef"},
		{"go run", "", "", build("(devel)"), Base, false, false, ""},
		{"no build information", "", "", nil, Base, false, false, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := from(c.tag, c.commit, c.bi)
			if in.Version != c.version || in.Release != c.release || in.Modified != c.modified || in.Commit != c.wantCommit {
				t.Errorf("got %+v, want version %q release %v modified %v commit %q", in, c.version, c.release, c.modified, c.wantCommit)
			}
			if !strings.HasPrefix(in.Go, "go") {
				t.Errorf("Go = %q", in.Go)
			}
		})
	}
}

func TestString(t *testing.T) {
	rel := from("v0.2.0", "0123456789abcdef", nil).String()
	for _, want := range []string{"muster 0.2.0\n", "commit 0123456789abcdef\n", "built with go"} {
		if !strings.Contains(rel, want) {
			t.Errorf("release:\n%s\nlacks %q", rel, want)
		}
	}
	if strings.Contains(rel, "development") {
		t.Errorf("a release says it is a development build:\n%s", rel)
	}
	dev := from("", "", build("v0.0.0-20250102030405-abcdef123456+dirty", "vcs.revision", "abcdef", "vcs.modified", "true")).String()
	for _, want := range []string{"muster " + Base + "\n", "development build (v0.0.0-20250102030405-abcdef123456+dirty), not a release", "commit abcdef, with uncommitted changes (dirty)"} {
		if !strings.Contains(dev, want) {
			t.Errorf("development build:\n%s\nlacks %q", dev, want)
		}
	}
}
