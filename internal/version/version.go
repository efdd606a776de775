// Package version says which muster this is: the release it was built as (from the tag the release build
// passes with -ldflags, else the module version `go install ...@vX.Y.Z` records), the commit and the Go that
// built it. A development build (go run, go build in a checkout) is the base release below, so that what it
// writes does not change with every commit.
package version

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"strings"
)

// Base is the release a development build calls itself: the last release, or the next one while it is made.
const Base = "0.1.0"

// Set by the release build (tools/release) with -ldflags "-X <this package>.tag=v0.2.0 -X ….commit=…".
var (
	tag    string
	commit string
)

// Info is what `muster version` prints.
type Info struct {
	// Version is the release: "0.2.0" (from a tag, without its v), "0.2.0+dirty" for a release built from a
	// tree with uncommitted changes, or Base for a development build.
	Version string
	// Release is true when Version comes from a tag or a released module version, not from Base.
	Release bool
	// Module is the main module's version as the go command recorded it ("v0.2.0", a pseudo-version
	// "v0.0.0-20250102030405-abcdef123456+dirty", or "(devel)"); "" when the binary carries no build
	// information.
	Module string
	// Commit is the VCS revision built, "" when unknown; Modified says the tree had uncommitted changes.
	Commit   string
	Modified bool
	// Go is the Go version and target that built muster: "go1.26.8 linux/amd64".
	Go string
}

// Get reads the version from the linker flags and the build information.
func Get() Info {
	bi, _ := debug.ReadBuildInfo()
	return from(tag, commit, bi)
}

// from is Get with its inputs given, for tests.
func from(tag, commit string, bi *debug.BuildInfo) Info {
	in := Info{Go: runtime.Version() + " " + runtime.GOOS + "/" + runtime.GOARCH, Commit: commit}
	if bi != nil {
		in.Module = bi.Main.Version
		for _, s := range bi.Settings {
			switch s.Key {
			case "vcs.revision":
				if in.Commit == "" {
					in.Commit = s.Value
				}
			case "vcs.modified":
				in.Modified = s.Value == "true"
			}
		}
	}
	switch {
	case tag != "":
		in.Version, in.Release = strings.TrimPrefix(tag, "v"), true
		in.Modified = in.Modified || strings.HasSuffix(tag, "+dirty")
	case isRelease(in.Module):
		in.Version, in.Release = strings.TrimPrefix(in.Module, "v"), true
	default:
		in.Version = Base
	}
	return in
}

// isRelease reports whether a module version is a release (v1.2.3, v1.2.3-rc.1) rather than a pseudo-version
// of some commit, a dirty build or no version at all.
func isRelease(v string) bool {
	if !strings.HasPrefix(v, "v") || strings.Contains(v, "+") {
		return false
	}
	core, pre, _ := strings.Cut(v[1:], "-")
	if strings.Count(core, ".") != 2 {
		return false
	}
	for _, p := range strings.Split(core, ".") {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	// A pseudo-version's last part is a 14-digit time and a 12-hex-digit commit: v0.0.0-20250102030405-abcdef123456
	// (or vX.Y.Z-pre.0.2025...-abc...).
	f := strings.Split(pre, "-")
	if len(f) >= 2 && len(f[len(f)-1]) == 12 {
		t := f[len(f)-2]
		if i := strings.LastIndex(t, "."); i >= 0 {
			t = t[i+1:]
		}
		if len(t) == 14 && strings.Trim(t, "0123456789") == "" {
			return false
		}
	}
	return true
}

// String is the version as `muster version` prints it: the release, then how it was built.
func (in Info) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "muster %s\n", in.Version)
	if !in.Release {
		if in.Module == "" || in.Module == "(devel)" {
			b.WriteString("development build, not a release\n")
		} else {
			fmt.Fprintf(&b, "development build (%s), not a release\n", in.Module)
		}
	}
	switch {
	case in.Commit == "":
		b.WriteString("commit unknown\n")
	case in.Modified:
		fmt.Fprintf(&b, "commit %s, with uncommitted changes (dirty)\n", in.Commit)
	default:
		fmt.Fprintf(&b, "commit %s\n", in.Commit)
	}
	fmt.Fprintf(&b, "built with %s\n", in.Go)
	return b.String()
}
