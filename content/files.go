package content

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// Errors of the loader's file reading, for callers that tell the reasons apart (errors.Is).
var (
	// ErrOutside is a file that resolves outside the package folder it must stay in: an absolute path, a
	// path that climbs out with `..`, or a symbolic link that leads elsewhere.
	ErrOutside = errors.New("outside the package folder")
	// ErrNotRegular is a named pipe, a device, a socket or a folder where a file's content is expected:
	// muster reads none of them, so a pipe cannot make it wait forever and /dev/zero cannot fill memory.
	ErrNotRegular = errors.New("not a regular file")
	// ErrTooLarge is a file larger than the limit of what it is read for.
	ErrTooLarge = errors.New("file too large")
)

// readRegular reads a regular file of at most max bytes. The size is checked twice: by the open file's
// status before reading, and by reading through a limit, so a file that grows (or lies about its size)
// still cannot be read past max.
func readRegular(path string, max int64) ([]byte, error) {
	f, err := openRegular(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	var buf bytes.Buffer
	if st, err := f.Stat(); err == nil {
		if st.Size() > max {
			return nil, fmt.Errorf("%w: %d bytes, more than %d", ErrTooLarge, st.Size(), max)
		}
		buf.Grow(int(st.Size()) + bytes.MinRead) // read in one piece, not doubled up to the size
	}
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	data := buf.Bytes()
	if int64(len(data)) > max {
		return nil, fmt.Errorf("%w: more than %d bytes", ErrTooLarge, max)
	}
	return data, nil
}

// openRegular opens a file for reading only when it is a regular file. The file is opened without waiting
// (openFlags holds O_NONBLOCK where the system has it: opening a named pipe with no writer would otherwise
// block forever) and then checked through the open descriptor, so a file swapped for a pipe between a check
// and the open cannot slip through.
func openRegular(path string) (*os.File, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openFlags, 0)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%w: it is %s", ErrNotRegular, describeMode(st.Mode()))
	}
	return f, nil
}

// describeMode names what a non-regular file is, in words.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a folder"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0, m&fs.ModeCharDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// realPath resolves every symbolic link of p and makes it absolute; when p cannot be resolved (it does not
// exist), the absolute path as written.
func realPath(p string) string {
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return filepath.Clean(p)
}

// Within reports whether the path p is the folder root or lies below it: muster's one containment check,
// for the loader (a file must stay in its package), the generators (is the output in the package?) and the
// command line (is a changed file in the output folder?). Both paths are made absolute and compared as
// written, element by element ("../x" climbs out, "..x" is a name); a caller that must not be led out by a
// symbolic link resolves both first (the loader does, with realPath).
func Within(root, p string) bool {
	r, err1 := filepath.Abs(root)
	q, err2 := filepath.Abs(p)
	if err1 != nil || err2 != nil {
		return false
	}
	rel, err := filepath.Rel(r, q)
	if err != nil {
		return false
	}
	return rel != ".." && !strings.HasPrefix(rel, ".."+string(filepath.Separator)) && !filepath.IsAbs(rel)
}
