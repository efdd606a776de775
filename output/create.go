package output

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
	"sort"
	"strings"
)

// CreateFolder makes the folder dir hold files (paths relative to it, with subfolders), for a folder that does
// not exist yet or is empty: a new package (`muster init`). It never overwrites anything: a dir that holds
// anything at all is refused (RefusedError) and nothing is written.
//
// The files are written into a staging folder beside dir, synced, and the staging folder is renamed to dir in
// one step, so dir appears whole or not at all (an empty dir is removed just before). After
// a failure the staging folder is removed; one left by a killed run (a hidden .muster-create-<name>-<digits>
// folder beside dir) is removed by the next CreateFolder of the same dir.
func CreateFolder(dir string, files []File, opt FileOptions) error {
	fsys := opt.FS
	if fsys == nil {
		fsys = OS
	}
	if strings.TrimSpace(dir) == "" {
		return refusef(dir, "refusing to write into an empty path (it would mean the current folder): name a new folder")
	}
	real, err := resolve(dir)
	if err != nil {
		return err
	}
	if isRoot(real) {
		return refusef(dir, "refusing to write into %s: it is the root of the file system; name a new folder", dir)
	}
	paths := map[string]bool{}
	for _, f := range files {
		if !cleanRel(f.Path) {
			return fmt.Errorf("output: %q is not a clean relative path", f.Path)
		}
		if paths[f.Path] {
			return fmt.Errorf("output: %s twice", f.Path)
		}
		paths[f.Path] = true
	}
	for _, f := range files {
		for p := path.Dir(f.Path); p != "."; p = path.Dir(p) {
			if paths[p] {
				return fmt.Errorf("output: %s is both a file and a folder", p)
			}
		}
	}
	if err := emptyOrMissing(fsys, real, dir); err != nil {
		return err
	}
	parent, base := filepath.Dir(real), filepath.Base(real)
	made, err := mkdirAll(fsys, parent)
	if err != nil {
		removeMadeDirs(fsys, made)
		return err
	}
	tag := nameTag(base)
	unlock, err := fsys.Lock(filepath.Join(parent, ".muster-create-"+tag+".lock"))
	if errors.Is(err, ErrLocked) {
		removeMadeDirs(fsys, made)
		return &BusyError{Path: dir, Lock: filepath.Join(parent, ".muster-create-"+tag+".lock")}
	}
	if err != nil {
		removeMadeDirs(fsys, made)
		return err
	}
	defer unlock()
	// Holding the lock, a staging folder of this name is a killed run's.
	if ents, err := fsys.ReadDir(parent); err == nil {
		for _, e := range ents {
			if hasDigitsAfter(e.Name(), ".muster-create-"+tag+"-") && e.IsDir() {
				removeTree(fsys, filepath.Join(parent, e.Name()))
			}
		}
	}
	stage, _, err := createUnique(parent, ".muster-create-"+tag+"-", func(n string) (struct{}, error) {
		return struct{}{}, fsys.Mkdir(n, 0o755)
	})
	if err != nil {
		removeMadeDirs(fsys, made)
		return err
	}
	if err := writeNewTree(fsys, stage, files); err != nil {
		removeTree(fsys, stage)
		removeMadeDirs(fsys, made)
		return err
	}
	// An empty dir is removed first (a rename does not replace a folder): removing a folder fails once
	// anything is in it, and the rename fails once anything is at its name again, so what appears meanwhile
	// is never overwritten.
	if err := emptyOrMissing(fsys, real, dir); err != nil {
		removeTree(fsys, stage)
		return err
	}
	if st, err := fsys.Lstat(real); err == nil && st.IsDir() {
		if err := fsys.Remove(real); err != nil {
			removeTree(fsys, stage)
			return refusef(dir, "refusing to write into %s: it is not empty, or cannot be replaced (%v)", dir, err)
		}
	}
	if err := fsys.Rename(stage, real); err != nil {
		removeTree(fsys, stage)
		if st, serr := fsys.Lstat(real); serr == nil && st.IsDir() {
			return refusef(dir, "refusing to write into %s: something was written there meanwhile", dir)
		}
		return err
	}
	_ = fsys.SyncDir(parent)
	return nil
}

// emptyOrMissing refuses a dir that exists and is not an empty folder.
func emptyOrMissing(fsys FS, real, show string) error {
	st, err := fsys.Lstat(real)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if !st.IsDir() {
		return refusef(show, "refusing to write into %s: it is a file, not a folder", show)
	}
	ents, err := fsys.ReadDir(real)
	if err != nil {
		return err
	}
	if len(ents) > 0 {
		return refusef(show, "refusing to write into %s: it is not empty (%s); name a new folder", show, listNames(ents))
	}
	return nil
}

func listNames(ents []fs.DirEntry) string {
	var names []string
	for i, e := range ents {
		if i == 3 {
			names = append(names, fmt.Sprintf("and %d more", len(ents)-3))
			break
		}
		names = append(names, e.Name())
	}
	return strings.Join(names, ", ")
}

// writeNewTree writes files under root, making their folders, each file synced.
func writeNewTree(fsys FS, root string, files []File) error {
	files = append([]File(nil), files...)
	sort.Slice(files, func(i, j int) bool { return files[i].Path < files[j].Path })
	made := map[string]bool{}
	for _, f := range files {
		var dirs []string
		for p := path.Dir(f.Path); p != "." && !made[p]; p = path.Dir(p) {
			dirs = append(dirs, p)
		}
		for i := len(dirs) - 1; i >= 0; i-- {
			if err := fsys.Mkdir(filepath.Join(root, filepath.FromSlash(dirs[i])), 0o755); err != nil {
				return err
			}
			made[dirs[i]] = true
		}
		w, err := fsys.Create(filepath.Join(root, filepath.FromSlash(f.Path)), 0o644)
		if err != nil {
			return err
		}
		_, err = w.Write(f.Data)
		if err == nil {
			err = w.Sync()
		}
		if cerr := w.Close(); err == nil {
			err = cerr
		}
		if err != nil {
			return err
		}
	}
	for d := range made {
		_ = fsys.SyncDir(filepath.Join(root, filepath.FromSlash(d)))
	}
	return fsys.SyncDir(root)
}

// removeTree removes a staging folder output made, with everything in it; links are removed, not followed.
func removeTree(fsys FS, dir string) {
	ents, err := fsys.ReadDir(dir)
	if err == nil {
		for _, e := range ents {
			p := filepath.Join(dir, e.Name())
			if e.IsDir() {
				removeTree(fsys, p)
				continue
			}
			fsys.Remove(p)
		}
	}
	fsys.Remove(dir)
}
