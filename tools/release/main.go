// Command release builds muster's release archives: one per system (linux, macOS and Windows on amd64 and
// arm64), each with the muster binary, the README, the man page, the shell completions, the licences of every
// module linked into the binary and of the fonts it embeds, and a SHA-256 checksum file beside them. The build
// is reproducible: the same commit and Go give the same bytes (-trimpath, -buildid=, no VCS stamp, archive
// times from the commit, entries in a fixed order).
//
//	go run ./tools/release                 # the tag at HEAD (git tag v0.2.0) into dist/
//	go run ./tools/release -version v0.2.0 -o /tmp/dist
//
// The version is the tag at HEAD, or -version; a tree with uncommitted changes gives "<version>+dirty", which
// `muster version` then prints, and a warning. Each archive's binary that can run here is run: `muster version`
// must print the version and the commit.
package main

import (
	"bytes"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"time"
)

// module is muster's module path; the version package is where the linker writes the tag and commit.
const (
	module     = "github.com/muster-wargames/muster"
	versionPkg = module + "/internal/version"
)

// Targets are the systems a release is built for.
var Targets = []Target{
	{"linux", "amd64"}, {"linux", "arm64"},
	{"darwin", "amd64"}, {"darwin", "arm64"},
	{"windows", "amd64"}, {"windows", "arm64"},
}

// Target is one GOOS/GOARCH.
type Target struct{ OS, Arch string }

func (t Target) String() string { return t.OS + "/" + t.Arch }

// exe is the binary's file name on the target.
func (t Target) exe() string {
	if t.OS == "windows" {
		return "muster.exe"
	}
	return "muster"
}

func main() {
	var opt Options
	flag.StringVar(&opt.Version, "version", "", "the version to build (v0.2.0); default: the tag at HEAD")
	flag.StringVar(&opt.Out, "o", "dist", "the folder to write the archives and checksums to (emptied of earlier archives first)")
	targets := flag.String("targets", "", "comma-separated GOOS/GOARCH to build (default: all six)")
	flag.Parse()
	if flag.NArg() > 0 {
		fmt.Fprintln(os.Stderr, "usage: go run ./tools/release [-version vX.Y.Z] [-o DIR] [-targets os/arch,...]")
		os.Exit(2)
	}
	if *targets != "" {
		for _, s := range strings.Split(*targets, ",") {
			goos, arch, ok := strings.Cut(strings.TrimSpace(s), "/")
			if !ok {
				fmt.Fprintf(os.Stderr, "release: %q is not os/arch\n", s)
				os.Exit(2)
			}
			opt.Targets = append(opt.Targets, Target{goos, arch})
		}
	}
	opt.Log = os.Stderr
	r, err := Run(opt)
	if err != nil {
		fmt.Fprintf(os.Stderr, "release: %v\n", err)
		os.Exit(1)
	}
	for _, a := range r.Archives {
		fmt.Println(filepath.Join(opt.Out, a))
	}
	fmt.Println(filepath.Join(opt.Out, r.Sums))
}

// Options says what to build.
type Options struct {
	Version string   // vX.Y.Z; "" for the tag at HEAD
	Out     string   // output folder
	Targets []Target // nil for Targets
	Dir     string   // the checkout; "" for the current folder
	Log     io.Writer
}

// Result is what a run wrote into Options.Out.
type Result struct {
	Version  string   // as built: "0.2.0" or "0.2.0+dirty"
	Commit   string   // the full commit hash
	Archives []string // file names, in Targets' order
	Sums     string   // the checksum file's name
}

// Run builds every target into an archive and writes the checksums.
func Run(opt Options) (Result, error) {
	if opt.Log == nil {
		opt.Log = io.Discard
	}
	if opt.Targets == nil {
		opt.Targets = Targets
	}
	dir, err := filepath.Abs(cmpOr(opt.Dir, "."))
	if err != nil {
		return Result{}, err
	}
	commit, err := git(dir, "rev-parse", "HEAD")
	if err != nil {
		return Result{}, err
	}
	tag := opt.Version
	if tag == "" {
		if tag, err = git(dir, "describe", "--tags", "--exact-match", "--match", "v[0-9]*", "HEAD"); err != nil {
			return Result{}, errors.New("HEAD has no version tag: tag it (git tag v0.2.0) or pass -version v0.2.0")
		}
	}
	if !strings.HasPrefix(tag, "v") {
		tag = "v" + tag
	}
	if !validVersion(tag) {
		return Result{}, fmt.Errorf("%q is not a version: write vMAJOR.MINOR.PATCH, e.g. v0.2.0", tag)
	}
	status, err := git(dir, "status", "--porcelain")
	if err != nil {
		return Result{}, err
	}
	if status != "" {
		tag += "+dirty"
		fmt.Fprintf(opt.Log, "release: the tree has uncommitted changes; the version is %s\n", tag)
	}
	epoch, err := sourceDate(dir)
	if err != nil {
		return Result{}, err
	}
	r := Result{Version: strings.TrimPrefix(tag, "v"), Commit: commit}
	out, err := filepath.Abs(opt.Out)
	if err != nil {
		return r, err
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		return r, err
	}
	old, _ := filepath.Glob(filepath.Join(out, "muster_*"))
	for _, f := range old {
		if err := os.RemoveAll(f); err != nil {
			return r, err
		}
	}
	work, err := os.MkdirTemp("", "muster-release-")
	if err != nil {
		return r, err
	}
	defer os.RemoveAll(work)

	readme, err := os.ReadFile(filepath.Join(dir, "README.md"))
	if err != nil {
		return r, err
	}
	ldflags := fmt.Sprintf("-s -w -buildid= -X %s.tag=%s -X %s.commit=%s", versionPkg, tag, versionPkg, commit)
	bins := map[Target]string{}
	for _, t := range opt.Targets {
		fmt.Fprintf(opt.Log, "release: building %s\n", t)
		bin := filepath.Join(work, t.OS+"_"+t.Arch, t.exe())
		if err := goBuild(dir, t, ldflags, bin); err != nil {
			return r, err
		}
		bins[t] = bin
	}
	// The man page and the completion scripts come from a muster that runs here, whose version is checked.
	host := Target{runtime.GOOS, runtime.GOARCH}
	hostBin, ok := bins[host]
	if !ok {
		hostBin = filepath.Join(work, "host", host.exe())
		if err := goBuild(dir, host, ldflags, hostBin); err != nil {
			return r, err
		}
	}
	say, err := run(dir, hostBin, "version")
	if err != nil {
		return r, err
	}
	if !strings.HasPrefix(say, "muster "+r.Version+"\n") || !strings.Contains(say, "commit "+commit) {
		return r, fmt.Errorf("muster version printed\n%s\nnot version %s and commit %s", say, r.Version, commit)
	}
	docs := []File{{Name: "README.md", Data: readme, Mode: 0o644}}
	man, err := run(dir, hostBin, "man")
	if err != nil {
		return r, err
	}
	docs = append(docs, File{Name: "muster.1", Data: []byte(man), Mode: 0o644})
	for _, sh := range []struct{ shell, name string }{{"bash", "muster.bash"}, {"zsh", "_muster"}, {"fish", "muster.fish"}, {"powershell", "muster.ps1"}} {
		s, err := run(dir, hostBin, "completion", sh.shell)
		if err != nil {
			return r, err
		}
		docs = append(docs, File{Name: "completions/" + sh.name, Data: []byte(s), Mode: 0o644})
	}

	var sums []Sum
	for _, t := range opt.Targets {
		notices, err := Notices(dir, t)
		if err != nil {
			return r, err
		}
		bin, err := os.ReadFile(bins[t])
		if err != nil {
			return r, err
		}
		files := append([]File{{Name: t.exe(), Data: bin, Mode: 0o755}}, docs...)
		files = append(files, notices...)
		base := fmt.Sprintf("muster_%s_%s_%s", r.Version, t.OS, t.Arch)
		var data []byte
		name := base + ".tar.gz"
		if t.OS == "windows" {
			name = base + ".zip"
			data, err = Zip(base, files, epoch)
		} else {
			data, err = TarGz(base, files, epoch)
		}
		if err != nil {
			return r, err
		}
		if err := os.WriteFile(filepath.Join(out, name), data, 0o644); err != nil {
			return r, err
		}
		r.Archives = append(r.Archives, name)
		sums = append(sums, Sum{Name: name, Data: data})
	}
	r.Sums = fmt.Sprintf("muster_%s_checksums.txt", r.Version)
	return r, os.WriteFile(filepath.Join(out, r.Sums), Checksums(sums), 0o644)
}

// goBuild cross-compiles muster for t, reproducibly: no cgo, no paths of this machine, no build id, no VCS
// stamp (the linker flags carry the tag and commit), the baseline instruction sets.
func goBuild(dir string, t Target, ldflags, out string) error {
	cmd := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", ldflags, "-o", out, "./cmd/muster")
	cmd.Dir = dir
	cmd.Env = append(os.Environ(), "CGO_ENABLED=0", "GOOS="+t.OS, "GOARCH="+t.Arch, "GOFLAGS=", "GOAMD64=v1", "GOARM64=v8.0", "GOEXPERIMENT=")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return fmt.Errorf("go build for %s: %v\n%s", t, err, stderr.String())
	}
	return nil
}

// sourceDate is the time every archive entry carries: SOURCE_DATE_EPOCH if set, else the commit's time.
func sourceDate(dir string) (time.Time, error) {
	s := os.Getenv("SOURCE_DATE_EPOCH")
	if s == "" {
		var err error
		if s, err = git(dir, "log", "-1", "--format=%ct", "HEAD"); err != nil {
			return time.Time{}, err
		}
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return time.Time{}, fmt.Errorf("the source date %q is not seconds since 1970", s)
	}
	return time.Unix(n, 0).UTC(), nil
}

// validVersion reports whether v is vMAJOR.MINOR.PATCH with an optional -pre-release.
func validVersion(v string) bool {
	core, pre, hasPre := strings.Cut(strings.TrimPrefix(v, "v"), "-")
	parts := strings.Split(core, ".")
	if len(parts) != 3 || (hasPre && pre == "") {
		return false
	}
	for _, p := range parts {
		if p == "" || strings.Trim(p, "0123456789") != "" {
			return false
		}
	}
	return strings.Trim(pre, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789.-") == ""
}

func git(dir string, args ...string) (string, error) {
	out, err := run(dir, "git", args...)
	return strings.TrimSpace(out), err
}

func run(dir, name string, args ...string) (string, error) {
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", fmt.Errorf("%s %s: %v\n%s", filepath.Base(name), strings.Join(args, " "), err, stderr.String())
	}
	return string(out), nil
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}
