package errata

import (
	"archive/tar"
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path"
	"path/filepath"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Bounds of a package read from a git revision: what git archive may write into the temporary folder.
const (
	maxGitBytes = 2 << 30
	maxGitFiles = 200_000
	maxExtends  = 8 // a mod of a mod of ...
)

// Revision is a package folder as a git revision holds it, exported into a temporary folder (the user's
// repository is only read: git rev-parse and git archive, run without a shell, the revision checked to be a
// commit before it is used). Close removes the folder.
type Revision struct {
	Dir   string // the package's folder in the temporary copy
	Shown string // REV:PATH, as the user wrote it
	tmp   string
}

// Close removes the temporary copy.
func (r *Revision) Close() error {
	if r == nil || r.tmp == "" {
		return nil
	}
	return os.RemoveAll(r.tmp)
}

// ReadRevision exports the package folder dir (a path on disk, as the user wrote it; it need not exist any
// more) as the git revision rev holds it, with the packages it extends (a mod's base, read at the same
// revision), into a temporary folder.
func ReadRevision(ctx context.Context, rev, dir string) (*Revision, error) {
	shown := rev + ":" + dir
	if rev == "" || strings.HasPrefix(rev, "-") || strings.ContainsAny(rev, "\x00\n") {
		return nil, fmt.Errorf("%s: %q is not a git revision", shown, rev)
	}
	abs, err := filepath.Abs(dir)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	// git runs in the nearest folder that exists: the package's, or one above a package since removed.
	probe, rest := abs, ""
	for {
		if st, err := os.Stat(probe); err == nil && st.IsDir() {
			break
		}
		parent := filepath.Dir(probe)
		if parent == probe {
			return nil, fmt.Errorf("%s: no folder of %s exists to find its git repository from", shown, dir)
		}
		rest = filepath.Join(filepath.Base(probe), rest)
		probe = parent
	}
	if probe, err = filepath.EvalSymlinks(probe); err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	top, err := git(ctx, probe, "rev-parse", "--show-toplevel")
	if err != nil {
		return nil, fmt.Errorf("%s: %s is not in a git repository (%v)", shown, dir, err)
	}
	top = strings.TrimSpace(top)
	rel, err := filepath.Rel(top, filepath.Join(probe, rest))
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return nil, fmt.Errorf("%s: %s is outside its git repository %s", shown, dir, top)
	}
	commit, err := git(ctx, top, "rev-parse", "--verify", "--quiet", "--end-of-options", rev+"^{commit}")
	if err != nil {
		return nil, fmt.Errorf("%s: git knows no commit %q", shown, rev)
	}
	commit = strings.TrimSpace(commit)
	tmp, err := os.MkdirTemp("", "muster-diff-")
	if err != nil {
		return nil, fmt.Errorf("%s: %w", shown, err)
	}
	r := &Revision{Shown: shown, tmp: tmp}
	pkg := filepath.ToSlash(rel)
	var files int
	var size int64
	for depth := 0; ; depth++ {
		if err := archive(ctx, top, commit, pkg, tmp, &files, &size); err != nil {
			r.Close()
			return nil, fmt.Errorf("%s: %w", shown, err)
		}
		if depth == 0 {
			r.Dir = filepath.Join(tmp, filepath.FromSlash(pkg))
		}
		base := extendsPath(filepath.Join(tmp, filepath.FromSlash(pkg)), pkg)
		if base == "" || depth == maxExtends {
			break
		}
		if _, err := os.Stat(filepath.Join(tmp, filepath.FromSlash(base))); err == nil {
			break // read already
		}
		pkg = base
	}
	return r, nil
}

// extendsPath is the folder (relative to the repository) of the package a mod extends, "" for a package that
// is no mod or whose base is outside the repository.
func extendsPath(dir, rel string) string {
	b, err := os.ReadFile(filepath.Join(dir, "muster.yaml"))
	if err != nil {
		return ""
	}
	var m struct {
		Extends *struct {
			Package string `yaml:"package"`
			Path    string `yaml:"path"`
		} `yaml:"extends"`
	}
	if yaml.Unmarshal(b, &m) != nil || m.Extends == nil {
		return ""
	}
	p := m.Extends.Path
	if p == "" {
		id, _, _ := strings.Cut(m.Extends.Package, "@")
		p = "../" + id
	}
	base := path.Join(rel, filepath.ToSlash(p))
	if path.IsAbs(p) || base == ".." || strings.HasPrefix(base, "../") {
		return ""
	}
	return base
}

// archive writes the folder pkg of a commit into tmp: git archive's tar stream, read with its names checked
// (no absolute name, none out of the folder, no link) and its size bounded.
func archive(ctx context.Context, top, commit, pkg, tmp string, files *int, size *int64) error {
	args := []string{"archive", "--format=tar", commit}
	if pkg != "." {
		args = append(args, "--", pkg)
	}
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = top
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.StdoutPipe()
	if err != nil {
		return err
	}
	if err := cmd.Start(); err != nil {
		return fmt.Errorf("git: %w", err)
	}
	terr := untar(out, tmp, files, size)
	if terr != nil {
		_ = cmd.Process.Kill()
	}
	werr := cmd.Wait()
	switch {
	case terr != nil:
		return terr
	case werr != nil:
		msg := strings.TrimSpace(stderr.String())
		if strings.Contains(msg, "did not match any files") {
			return fmt.Errorf("the revision has no folder %s", pkg)
		}
		return fmt.Errorf("git archive: %s", firstLine(msg, werr))
	}
	return nil
}

func untar(r io.Reader, tmp string, files *int, size *int64) error {
	tr := tar.NewReader(r)
	for {
		h, err := tr.Next()
		if errors.Is(err, io.EOF) {
			return nil
		}
		if err != nil {
			return fmt.Errorf("reading git archive: %w", err)
		}
		name := path.Clean(h.Name)
		if path.IsAbs(name) || name == ".." || strings.HasPrefix(name, "../") {
			return fmt.Errorf("git archive holds %q, outside its folder", h.Name)
		}
		dst := filepath.Join(tmp, filepath.FromSlash(name))
		switch h.Typeflag {
		case tar.TypeDir:
			if err := os.MkdirAll(dst, 0o755); err != nil {
				return err
			}
		case tar.TypeReg:
			*files++
			*size += h.Size
			if *files > maxGitFiles || *size > maxGitBytes {
				return fmt.Errorf("the revision's folder holds more than %d files or %d GiB", maxGitFiles, maxGitBytes>>30)
			}
			if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
				return err
			}
			f, err := os.OpenFile(dst, os.O_CREATE|os.O_EXCL|os.O_WRONLY, 0o644)
			if err != nil {
				return err
			}
			_, err = io.CopyN(f, tr, h.Size)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
			if err != nil {
				return err
			}
		default:
			// Links and the archive's comment header are left out: a package is folders and files.
		}
	}
}

// git runs git in dir (no shell: each argument is one argument) and gives its output.
func git(ctx context.Context, dir string, args ...string) (string, error) {
	cmd := exec.CommandContext(ctx, "git", args...)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return "", errors.New(firstLine(strings.TrimSpace(stderr.String()), err))
	}
	return string(out), nil
}

func firstLine(msg string, err error) string {
	if msg == "" {
		return err.Error()
	}
	line, _, _ := strings.Cut(msg, "\n")
	return line
}
