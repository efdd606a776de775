package output

import (
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/rand/v2"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// RefusedError is muster declining to write: what is there is not provably its own, or the place is not one
// an output may go (the file system's root, the package folder, a path through a symbolic link).
type RefusedError struct {
	Path string // the file or folder, as the caller named it
	Msg  string // the whole message, naming Path
}

func (e *RefusedError) Error() string { return e.Msg }

func refusef(p, format string, args ...any) *RefusedError {
	return &RefusedError{Path: p, Msg: fmt.Sprintf(format, args...)}
}

// BusyError is the error when another muster is writing the same folder or file.
type BusyError struct {
	Path   string // the folder or file, as the caller named it
	Lock   string // the lock file
	Folder bool   // Path is an output folder
}

func (e *BusyError) Error() string {
	msg := "another muster is writing " + e.Path
	if e.Folder {
		msg = "another build is writing " + e.Path
	}
	if lockOutlivesKill {
		msg += " (if no muster is running, a killed one left " + e.Lock + ": remove it)"
	}
	return msg
}

// cleanRel reports whether p is a clean relative path inside a folder, written with forward slashes: not
// empty, not absolute, no backslash, no "." or ".." element, no empty element, no drive letter.
func cleanRel(p string) bool {
	if p == "" || strings.HasPrefix(p, "/") || strings.ContainsAny(p, "\\\x00") || path.Clean(p) != p {
		return false
	}
	for _, e := range strings.Split(p, "/") {
		if e == "" || e == "." || e == ".." {
			return false
		}
	}
	return filepath.VolumeName(filepath.FromSlash(p)) == ""
}

// onTheWayError says that a folder on the way to a path is not a real folder: a symbolic link (which would
// lead outside) or a file.
type onTheWayError struct {
	at   string // the element, relative to the root
	link bool
}

func (e *onTheWayError) Error() string {
	if e.link {
		return e.at + " is a symbolic link"
	}
	return e.at + " is not a folder"
}

// lstatInside looks up rel below root one element at a time, so that no symbolic link on the way is followed.
// It returns the last element's info, or nil when some element does not exist.
func lstatInside(fsys FS, root, rel string) (fs.FileInfo, error) {
	parts := strings.Split(rel, "/")
	p := root
	for i, part := range parts {
		p = filepath.Join(p, part)
		st, err := fsys.Lstat(p)
		if errors.Is(err, fs.ErrNotExist) {
			return nil, nil
		}
		if err != nil {
			return nil, err
		}
		if i == len(parts)-1 {
			return st, nil
		}
		at := strings.Join(parts[:i+1], "/")
		if st.Mode()&fs.ModeSymlink != 0 {
			return nil, &onTheWayError{at: at, link: true}
		}
		if !st.IsDir() {
			return nil, &onTheWayError{at: at}
		}
	}
	return nil, nil
}

// hashFile is the SHA-256 of a regular file, in lowercase hex.
func hashFile(fsys FS, name string) (string, error) {
	r, err := fsys.Open(name)
	if err != nil {
		return "", err
	}
	defer r.Close()
	h := sha256.New()
	if _, err := io.Copy(h, r); err != nil {
		return "", err
	}
	return hex.EncodeToString(h.Sum(nil)), nil
}

func hashBytes(b []byte) string {
	s := sha256.Sum256(b)
	return hex.EncodeToString(s[:])
}

func isSHA256(s string) bool {
	if len(s) != 64 {
		return false
	}
	for _, c := range s {
		if !('0' <= c && c <= '9' || 'a' <= c && c <= 'f') {
			return false
		}
	}
	return true
}

// readLimited reads a regular file of at most limit bytes.
func readLimited(fsys FS, name string, limit int64) ([]byte, error) {
	r, err := fsys.Open(name)
	if err != nil {
		return nil, err
	}
	defer r.Close()
	b, err := io.ReadAll(io.LimitReader(r, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(b)) > limit {
		return nil, fmt.Errorf("%s is larger than %d bytes", name, limit)
	}
	return b, nil
}

// nameTag is the part of a folder's or file's base name that output's hidden files beside it carry: the name
// itself, or a hash of it when it is too long to fit in a file name with the rest.
func nameTag(base string) string {
	if len(base) <= 64 {
		return base
	}
	return hashBytes([]byte(base))[:16]
}

// temporary names: prefix + decimal digits. A name belongs to prefix only when everything after it is digits,
// so the names of "out" never match those of "out-2" (whose rest is "2-<digits>").
func hasDigitsAfter(name, prefix string) bool {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || rest == "" {
		return false
	}
	for _, c := range rest {
		if c < '0' || c > '9' {
			return false
		}
	}
	return true
}

// createUnique makes a new folder (dir) or file named prefix + random digits in parent.
func createUnique[T any](parent, prefix string, create func(string) (T, error)) (string, T, error) {
	var zero T
	for attempt := 0; ; attempt++ {
		name := filepath.Join(parent, prefix+strconv.FormatUint(rand.Uint64()%1e12, 10))
		v, err := create(name)
		if err == nil {
			return name, v, nil
		}
		if !errors.Is(err, fs.ErrExist) || attempt >= 100 {
			return "", zero, err
		}
	}
}

// resolve makes a path absolute and resolves the symbolic links in it that exist, so that the folder beside
// which output stages is the real one.
func resolve(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	if r, err := filepath.EvalSymlinks(abs); err == nil {
		return r, nil
	}
	if r, err := filepath.EvalSymlinks(filepath.Dir(abs)); err == nil {
		return filepath.Join(r, filepath.Base(abs)), nil
	}
	return abs, nil
}

// isRoot reports whether an absolute path is a file system root (/, C:\, \\server\share\).
func isRoot(abs string) bool { return filepath.Dir(abs) == abs }
