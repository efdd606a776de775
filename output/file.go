package output

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"sort"
	"strings"
)

// maxSealed bounds the file read to look for a seal: muster's single files are far smaller.
const maxSealed = 256 << 20

// FileOptions say how WriteFile and WriteFiles work.
type FileOptions struct {
	FS FS // nil means OS
	// Force overwrites a file muster cannot prove it wrote (never a folder, a link or a device).
	Force bool
}

// WriteFile writes data to the file name (whose folder must exist) the way muster writes a single file: the
// data goes to a temporary file beside it, is synced, then renamed over it, so a reader never sees half a
// file. An existing file is replaced only when it carries muster's seal (see Seal) or is byte-identical to
// data, unless opt.Force; otherwise the error is a RefusedError and nothing is written. A lock beside the
// file keeps two writers apart (BusyError), and the temporary files a killed writer left are removed.
func WriteFile(name string, data []byte, opt FileOptions) error {
	if err := checkFileName(name); err != nil {
		return err
	}
	show := func(string) string { return name }
	return writeFiles(opt, filepath.Dir(name), show, []File{{Path: filepath.Base(name), Data: data}}, false)
}

// CheckFile tells before any work is done whether WriteFile could write the file name: the RefusedError it
// would give for a folder, a link, an empty path or a file muster cannot prove it wrote (unless force). The
// check is repeated when the file is written.
func CheckFile(name string, force bool, fsys FS) error {
	if err := checkFileName(name); err != nil {
		return err
	}
	if fsys == nil {
		fsys = OS
	}
	_, err := mayReplace(fsys, name, name, nil, force)
	return err
}

func checkFileName(name string) error {
	if strings.TrimSpace(name) == "" {
		return refusef(name, "refusing to write to an empty path: name a file")
	}
	base := filepath.Base(name)
	if strings.HasSuffix(name, "/") || strings.HasSuffix(name, string(filepath.Separator)) || base == "." || base == ".." || base == string(filepath.Separator) {
		return refusef(name, "refusing to write %s: it names a folder, not a file", name)
	}
	return nil
}

// WriteFiles writes files (plain names, no folders) into the folder dir, making it if it does not exist,
// each as WriteFile does. Every file is checked before any is written, so a refusal writes nothing; each file
// is replaced atomically, but not the set as a whole.
func WriteFiles(dir string, files []File, opt FileOptions) error {
	if strings.TrimSpace(dir) == "" {
		return refusef(dir, "refusing to write into an empty path (it would mean the current folder): name a folder")
	}
	if real, err := resolve(dir); err != nil {
		return err
	} else if isRoot(real) {
		return refusef(dir, "refusing to write into %s: it is the root of the file system; name a folder of its own", dir)
	}
	for _, f := range files {
		if !cleanRel(f.Path) || strings.Contains(f.Path, "/") {
			return fmt.Errorf("output: %q is not a plain file name", f.Path)
		}
	}
	show := func(base string) string { return filepath.Join(dir, base) }
	return writeFiles(opt, dir, show, files, true)
}

func writeFiles(opt FileOptions, dir string, show func(string) string, files []File, mkdir bool) error {
	fsys := opt.FS
	if fsys == nil {
		fsys = OS
	}
	files = append([]File(nil), files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	var made []string
	if mkdir {
		var err error
		if made, err = mkdirAll(fsys, dir); err != nil {
			removeMadeDirs(fsys, made)
			return err
		}
	}
	written := false
	err := func() error {
		tags := map[string]bool{}
		for _, f := range files {
			tag := nameTag(f.Path)
			if tags[tag] {
				return fmt.Errorf("output: %s twice", f.Path)
			}
			tags[tag] = true
			lock := filepath.Join(dir, ".muster-write-"+tag+".lock")
			unlock, err := fsys.Lock(lock)
			if errors.Is(err, ErrLocked) {
				return &BusyError{Path: show(f.Path), Lock: lock}
			}
			if err != nil {
				return err
			}
			defer unlock()
		}
		// Holding every lock, any temporary file of these names is a dead writer's.
		ents, err := fsys.ReadDir(dir)
		if err != nil {
			return err
		}
		for _, e := range ents {
			for tag := range tags {
				if hasDigitsAfter(e.Name(), ".muster-write-"+tag+"-") && e.Type().IsRegular() {
					fsys.Remove(filepath.Join(dir, e.Name())) // best effort: the next write tries again
				}
			}
		}
		var todo []File
		for _, f := range files {
			same, err := mayReplace(fsys, filepath.Join(dir, f.Path), show(f.Path), f.Data, opt.Force)
			if err != nil {
				return err
			}
			if !same {
				todo = append(todo, f)
			}
		}
		for _, f := range todo {
			if err := replace(fsys, dir, nameTag(f.Path), f.Path, f.Data); err != nil {
				return err
			}
			written = true
		}
		if written {
			// Make the renames durable. The files are in place whatever this says, so a failure here is
			// no failure of the write.
			_ = fsys.SyncDir(dir)
		}
		return nil
	}()
	if err != nil && !written {
		removeMadeDirs(fsys, made)
	}
	return err
}

// mayReplace checks the file at name before it is written: it may be absent, or muster's and unchanged (or
// anything regular, with force). same is true when it already holds data.
func mayReplace(fsys FS, name, show string, data []byte, force bool) (same bool, err error) {
	st, err := fsys.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	switch {
	case st.IsDir():
		return false, refusef(show, "refusing to overwrite %s: it is a folder", show)
	case !st.Mode().IsRegular():
		return false, refusef(show, "refusing to overwrite %s: it is not a regular file (a link, a pipe or a device)", show)
	case st.Size() > maxSealed:
		if force {
			return false, nil
		}
		return false, refusef(show, "refusing to overwrite %s: muster did not write it (move it away, or overwrite it with --force)", show)
	}
	old, err := readLimited(fsys, name, maxSealed)
	if err != nil {
		return false, err
	}
	switch {
	case bytes.Equal(old, data):
		return true, nil
	case force || Sealed(old):
		return false, nil
	}
	return false, refusef(show, "refusing to overwrite %s: muster cannot prove it wrote it (it carries no muster seal, or it changed since); move it away, or overwrite it with --force", show)
}

// replace writes data to a new temporary file in dir, syncs it and renames it over name.
func replace(fsys FS, dir, tag, name string, data []byte) error {
	tmp, w, err := createUnique(dir, ".muster-write-"+tag+"-", func(n string) (NewFile, error) {
		return fsys.Create(n, 0o644)
	})
	if err != nil {
		return err
	}
	_, err = w.Write(data)
	if err == nil {
		err = w.Sync()
	}
	if cerr := w.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = fsys.Rename(tmp, filepath.Join(dir, name))
	}
	if err != nil {
		fsys.Remove(tmp)
	}
	return err
}

// mkdirAll makes dir and the folders above it that are missing; it returns the ones it made, outermost first.
func mkdirAll(fsys FS, dir string) ([]string, error) {
	var missing []string
	for p := filepath.Clean(dir); ; p = filepath.Dir(p) {
		st, err := fsys.Lstat(p)
		if err == nil {
			// A folder, or a link the user named (the system follows it).
			if !st.IsDir() && st.Mode()&fs.ModeSymlink == 0 {
				return nil, refusef(p, "refusing to write into %s: it is a file, not a folder", p)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) || filepath.Dir(p) == p {
			return nil, err
		}
		missing = append(missing, p)
	}
	var made []string
	for i := len(missing) - 1; i >= 0; i-- {
		if err := fsys.Mkdir(missing[i], 0o755); err != nil {
			return made, err
		}
		made = append(made, missing[i])
	}
	return made, nil
}

func removeMadeDirs(fsys FS, made []string) {
	for i := len(made) - 1; i >= 0; i-- {
		if fsys.Remove(made[i]) != nil {
			return
		}
	}
}
