// Package output writes muster's results to disk so that no run ever loses a file muster did not write: an
// output folder changes in one locked, journalled transaction (undone after any failure or crash), and a
// single file is replaced only while it carries muster's seal. It is a package of its own, not part of
// print, generators or the command line, because printing (muster build), the generators (muster generate),
// schema export and the coming digital-play export all write through it.
package output

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
)

// File is one output file: the one file type of muster's writers (the build's outputs, the VASSAL module's
// zip entries, the Tabletop Simulator set, the scaffold), so a file passes from its maker to Commit as it is.
type File struct {
	Path   string // relative to the output folder (or the zip), forward slashes, clean (see Commit)
	Output string // the output that made it: counters, maps, ... (set by the build, or the command that commits)
	Data   []byte
}

// Options say how Commit and Recover work.
type Options struct {
	FS FS // nil means OS
	// Package is the package folder being built: the output folder must not be it.
	Package string
	// Summary, when set, receives what a successful Commit did to each file.
	Summary *Summary
}

// Summary is what a Commit did, each list of paths (as in File.Path) sorted: files written (new, or changed
// since the last build), files kept (the folder held them byte for byte already), and old files of the
// rebuilt outputs removed because this build no longer makes them.
type Summary struct {
	Written, Kept, Removed []string
}

// Commit makes the output folder dir hold files, the whole result of the named outputs, in one transaction.
//
// The files are staged in a folder beside dir (each synced to disk), a journal of the moves is written, then
// the old versions are moved aside and the new ones moved in; old files of the rebuilt outputs that are no
// longer made are removed, with the folders they leave empty. The record dir/.muster-build.json lists each
// file with its output and SHA-256. muster replaces or removes only a file whose bytes hash to what the record
// holds (or that is byte-identical to what it writes now); it refuses to overwrite anything else and leaves a
// stale file that was edited alone, with a warning. Files of outputs not rebuilt are kept.
//
// After any failure the folder is what it was before; after a crash (kill -9, power loss) the next Commit or
// Recover puts it back from the journal and removes the staging folders. A lock file beside dir keeps a
// second build out while one runs (BusyError). Refusals are RefusedError; warnings (record entries ignored,
// files left alone) are returned as data, also with an error.
func Commit(dir string, outputs []string, files []File, opt Options) (diag.List, error) {
	f, err := openFolder(dir, opt)
	if err != nil {
		return nil, err
	}
	if err := checkFiles(outputs, files); err != nil {
		return nil, err
	}
	err = f.locked(true, func() error {
		if err := f.recoverStaging(); err != nil {
			return err
		}
		return f.commit(outputs, files)
	})
	if err == nil && opt.Summary != nil {
		for _, l := range [][]string{f.sum.Written, f.sum.Kept, f.sum.Removed} {
			sort.Strings(l)
		}
		*opt.Summary = f.sum
	}
	return f.warn, err
}

// Recover puts the output folder dir back after a Commit that was killed: the interrupted commit is undone
// from its journal and the staging folders beside dir are removed. Commit does this itself before it starts.
func Recover(dir string, opt Options) (diag.List, error) {
	f, err := openFolder(dir, opt)
	if err != nil {
		return nil, err
	}
	if _, err := f.fs.Lstat(f.parent); errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	err = f.locked(false, f.recoverStaging)
	return f.warn, err
}

// folder is one output folder during a Commit or Recover.
type folder struct {
	fs     FS
	show   string // the folder as the caller named it, for messages
	dir    string // absolute, symbolic links resolved
	parent string
	base   string
	tag    string
	warn   diag.List
	sum    Summary
}

func openFolder(dir string, opt Options) (*folder, error) {
	if strings.TrimSpace(dir) == "" {
		return nil, refusef(dir, "refusing to build into an empty path (it would mean the current folder): name an output folder")
	}
	real, err := resolve(dir)
	if err != nil {
		return nil, err
	}
	if isRoot(real) {
		return nil, refusef(dir, "refusing to build into %s: it is the root of the file system; name a folder of its own", dir)
	}
	if opt.Package != "" && samePlace(opt.Package, real) {
		return nil, refusef(dir, "refusing to build into %s: it is the package folder itself; build into a folder of its own (for example %s)", dir, filepath.Join(opt.Package, "build"))
	}
	fsys := opt.FS
	if fsys == nil {
		fsys = OS
	}
	base := filepath.Base(real)
	return &folder{fs: fsys, show: dir, dir: real, parent: filepath.Dir(real), base: base, tag: nameTag(base)}, nil
}

// samePlace reports whether the folder pkg is the folder at the resolved path real.
func samePlace(pkg, real string) bool {
	p, err := resolve(pkg)
	if err != nil {
		return false
	}
	if p == real {
		return true
	}
	a, err1 := os.Stat(p)
	b, err2 := os.Stat(real)
	return err1 == nil && err2 == nil && os.SameFile(a, b)
}

// checkFiles refuses files that could not be written safely: a path that is not clean and relative, the
// record's own name, a path twice, a file of an output not being built.
func checkFiles(outputs []string, files []File) error {
	built := map[string]bool{}
	for _, o := range outputs {
		built[o] = true
	}
	seen := map[string]bool{}
	for _, f := range files {
		switch {
		case !cleanRel(f.Path) || f.Path == RecordName:
			return fmt.Errorf("output: bad output path %q", f.Path)
		case seen[f.Path]:
			return fmt.Errorf("output: two files at %s", f.Path)
		case !built[f.Output]:
			return fmt.Errorf("output: %s belongs to output %q, which is not being built", f.Path, f.Output)
		}
		seen[f.Path] = true
	}
	return nil
}

func (f *folder) at(rel string) string { return filepath.Join(f.dir, filepath.FromSlash(rel)) }

// show1 is the path of rel inside the folder as the caller would write it.
func (f *folder) show1(rel string) string { return filepath.Join(f.show, filepath.FromSlash(rel)) }

func (f *folder) stagePrefix() string { return ".muster-build-" + f.tag + "-" }

func (f *folder) warnf(code, file, hint, format string, args ...any) {
	f.warn.Add(diag.Diagnostic{Severity: diag.Warning, Code: code, Pos: diag.Pos{File: file}, Message: fmt.Sprintf(format, args...), Hint: hint})
}

// locked runs fn holding the folder's lock. With mkParents it first makes the folders above dir; when fn
// fails and dir does not exist, it removes those again.
func (f *folder) locked(mkParents bool, fn func() error) error {
	var made []string
	if mkParents {
		var err error
		if made, err = f.mkdirParents(); err != nil {
			f.removeMade(made)
			return err
		}
	}
	lock := filepath.Join(f.parent, ".muster-build-"+f.tag+".lock")
	unlock, err := f.fs.Lock(lock)
	if errors.Is(err, ErrLocked) {
		err = &BusyError{Path: f.show, Lock: lock, Folder: true}
	}
	if err != nil {
		f.removeMade(made)
		return err
	}
	err = fn()
	if uerr := unlock(); uerr != nil && err == nil {
		f.warnf("output.cleanup", lock, "", "could not remove the lock file: %v", uerr)
	}
	if err != nil {
		if _, serr := f.fs.Lstat(f.dir); errors.Is(serr, fs.ErrNotExist) {
			f.removeMade(made)
		}
	}
	return err
}

// mkdirParents makes the missing folders above dir and returns them, deepest last.
func (f *folder) mkdirParents() ([]string, error) {
	var missing []string
	for p := f.parent; ; p = filepath.Dir(p) {
		_, err := f.fs.Lstat(p)
		if err == nil {
			break
		}
		if !errors.Is(err, fs.ErrNotExist) || isRoot(p) {
			return nil, err
		}
		missing = append(missing, p)
	}
	var made []string
	for i := len(missing) - 1; i >= 0; i-- {
		if err := f.fs.Mkdir(missing[i], 0o755); err != nil {
			return made, err
		}
		made = append(made, missing[i])
	}
	return made, nil
}

func (f *folder) removeMade(made []string) {
	for i := len(made) - 1; i >= 0; i-- {
		if f.fs.Remove(made[i]) != nil {
			return
		}
	}
}

// recoverStaging undoes an interrupted commit into this folder from its journal and removes the staging
// folders of this folder that dead builds left beside it (a live build would hold the lock we hold). Staging
// folders of other folders, and ones muster cannot read, are left alone.
func (f *folder) recoverStaging() error {
	ents, err := f.fs.ReadDir(f.parent)
	if err != nil {
		return err
	}
	for _, e := range ents {
		if !hasDigitsAfter(e.Name(), f.stagePrefix()) {
			continue
		}
		stage := filepath.Join(f.parent, e.Name())
		st, err := f.fs.Lstat(stage)
		if err != nil {
			return err
		}
		if !st.IsDir() {
			f.warnf("output.staging", stage, "remove it if no muster is running", "left %s alone: it is named like muster's staging folder but is not a folder", stage)
			continue
		}
		jst, err := f.fs.Lstat(filepath.Join(stage, journalName))
		switch {
		case errors.Is(err, fs.ErrNotExist): // staging never moved anything: nothing to undo
		case err != nil:
			return err
		default:
			if !jst.Mode().IsRegular() || jst.Size() > maxJournal {
				f.warnf("output.staging", stage, "remove it if no muster is running", "left %s alone: its journal is not a file muster wrote", stage)
				continue
			}
			data, err := readLimited(f.fs, filepath.Join(stage, journalName), maxJournal)
			if err != nil {
				return err
			}
			steps, err := parseJournal(data, f.base)
			if err != nil {
				f.warnf("output.staging", stage, "remove it if no muster is running", "left %s alone: %v", stage, err)
				continue
			}
			if _, err := f.fs.Lstat(f.dir); errors.Is(err, fs.ErrNotExist) {
				f.warnf("output.staging", stage, "", "%s is gone since a build into it was interrupted: removed what that build had staged", f.show)
			} else if err := f.rollback(stage, steps); err != nil {
				return fmt.Errorf("cannot put %s back as it was before an interrupted build (%s keeps the old files): %w", f.show, stage, err)
			}
		}
		if err := f.discard(stage); err != nil {
			return err
		}
	}
	return nil
}

// discard removes a staging folder: its journal first, so that a discard cut short never leaves a journal
// that no longer matches what is staged.
func (f *folder) discard(stage string) error {
	j := filepath.Join(stage, journalName)
	if _, err := f.fs.Lstat(j); err == nil {
		if err := f.fs.Remove(j); err != nil {
			return err
		}
	}
	return removeAll(f.fs, stage)
}

// removeAll removes a file or a folder with everything in it, never following a symbolic link.
func removeAll(fsys FS, name string) error {
	st, err := fsys.Lstat(name)
	if errors.Is(err, fs.ErrNotExist) {
		return nil
	}
	if err != nil {
		return err
	}
	if st.IsDir() {
		ents, err := fsys.ReadDir(name)
		if err != nil {
			return err
		}
		for _, e := range ents {
			if err := removeAll(fsys, filepath.Join(name, e.Name())); err != nil {
				return err
			}
		}
	}
	return fsys.Remove(name)
}

func (f *folder) commit(outputs []string, files []File) error {
	st, err := f.fs.Lstat(f.dir)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return f.commitFresh(outputs, files)
	case err != nil:
		return err
	case !st.IsDir():
		return refusef(f.show, "refusing to build into %s: it is a file, not a folder", f.show)
	}
	p, err := f.plan(outputs, files)
	if err != nil || p == nil {
		return err
	}
	return f.apply(p)
}

// commitFresh builds a folder that does not exist yet: the staged folder, record included, becomes it in one
// rename, so a crash leaves either no folder or the whole one.
func (f *folder) commitFresh(outputs []string, files []File) error {
	stage, err := f.newStage()
	if err != nil {
		return err
	}
	rec := Record{}
	for _, nf := range files {
		rec.Files = append(rec.Files, Entry{Path: nf.Path, Output: nf.Output, SHA256: hashBytes(nf.Data)})
		f.sum.Written = append(f.sum.Written, nf.Path)
	}
	staged := append(append([]File(nil), files...), File{Path: RecordName, Data: rec.Encode()})
	dirs, err := f.stageFiles(stage, staged, nil)
	if err == nil {
		err = f.syncDirs(dirs)
	}
	if err == nil {
		err = f.fs.Rename(filepath.Join(stage, "new"), f.dir)
	}
	if err != nil {
		if derr := f.discard(stage); derr != nil {
			f.warnf("output.cleanup", stage, "the next build into this folder removes it", "could not remove the staging folder: %v", derr)
		}
		return err
	}
	f.finish(stage, []string{f.parent})
	return nil
}

// finish runs after the commit point: nothing that fails here can change what the folder holds.
func (f *folder) finish(stage string, syncs []string) {
	err := f.syncDirs(syncs)
	if err == nil {
		err = removeAll(f.fs, stage)
	}
	if err != nil {
		f.warnf("output.cleanup", stage, "the next build into this folder removes it", "built %s, but could not clean up the staging folder: %v", f.show, err)
	}
}

func (f *folder) newStage() (string, error) {
	name, _, err := createUnique(f.parent, f.stagePrefix(), func(n string) (struct{}, error) {
		return struct{}{}, f.fs.Mkdir(n, 0o700)
	})
	return name, err
}

// stageFiles writes files under stage/new (each synced) and makes the folders under stage/old that the
// asides need. It returns the folders it made, deepest last.
func (f *folder) stageFiles(stage string, files []File, asides []string) ([]string, error) {
	made := map[string]bool{}
	var dirs []string
	mkdir := func(rel string) error {
		for _, d := range parentsOf(rel) {
			if made[d] {
				continue
			}
			if err := f.fs.Mkdir(filepath.Join(stage, filepath.FromSlash(d)), 0o755); err != nil {
				return err
			}
			made[d] = true
			dirs = append(dirs, filepath.Join(stage, filepath.FromSlash(d)))
		}
		return nil
	}
	if err := mkdir("new/x"); err != nil {
		return dirs, err
	}
	for _, nf := range files {
		if err := mkdir("new/" + nf.Path); err != nil {
			return dirs, err
		}
		if err := f.writeNew(inStage(stage, "new", nf.Path), nf.Data); err != nil {
			return dirs, err
		}
	}
	if len(asides) > 0 {
		if err := mkdir("old/x"); err != nil {
			return dirs, err
		}
	}
	for _, rel := range asides {
		if err := mkdir("old/" + rel); err != nil {
			return dirs, err
		}
	}
	return dirs, nil
}

// parentsOf lists the folders above rel, outermost first: "a/b/c" gives a, a/b.
func parentsOf(rel string) []string {
	var out []string
	for d := path.Dir(rel); d != "."; d = path.Dir(d) {
		out = append(out, d)
	}
	for i, j := 0, len(out)-1; i < j; i, j = i+1, j-1 {
		out[i], out[j] = out[j], out[i]
	}
	return out
}

// writeNew creates a file, writes it and syncs it before anything renames it.
func (f *folder) writeNew(name string, data []byte) error {
	return writeSynced(f.fs, name, data)
}

func writeSynced(fsys FS, name string, data []byte) error {
	w, err := fsys.Create(name, 0o644)
	if err != nil {
		return err
	}
	if _, err := w.Write(data); err != nil {
		w.Close()
		return err
	}
	if err := w.Sync(); err != nil {
		w.Close()
		return err
	}
	return w.Close()
}

func (f *folder) syncDirs(dirs []string) error {
	for _, d := range dirs {
		if err := f.fs.SyncDir(d); err != nil {
			return err
		}
	}
	return nil
}

// plan is a commit into an existing folder, decided before anything is touched.
type plan struct {
	stage  []File   // files to stage (new or changed), the record last
	asides []string // paths moved aside
	steps  []step
}

// plan reads the record, checks every file the build touches and refuses before writing anything. It
// returns nil when the folder already holds exactly this build.
func (f *folder) plan(outputs []string, files []File) (*plan, error) {
	recShow := f.show1(RecordName)
	claims, legacy, warnings, err := readRecord(f.fs, f.dir, recShow)
	f.warn.Extend(warnings)
	if err != nil {
		return nil, err
	}
	claim := map[string]Entry{}
	for _, e := range claims {
		claim[e.Path] = e
	}
	rebuilt := map[string]bool{}
	for _, o := range outputs {
		rebuilt[o] = true
	}
	produced := map[string]bool{}
	producedDirs := map[string]bool{}
	for _, nf := range files {
		produced[nf.Path] = true
		for _, d := range parentsOf(nf.Path) {
			producedDirs[d] = true
		}
	}

	// Old files of the rebuilt outputs that this build does not make: removed when provably muster's.
	removed := map[string]bool{}
	var stale []string
	if legacy {
		var kept []string
		for _, e := range claims {
			if rebuilt[e.Output] && !produced[e.Path] {
				if st, err := lstatInside(f.fs, f.dir, e.Path); err == nil && st != nil {
					kept = append(kept, e.Path)
				}
			}
		}
		if len(kept) > 0 {
			f.warnf("output.kept", recShow, "delete them if they are old outputs",
				"left %s alone: the record was written by an older muster without hashes, so muster cannot prove it wrote them", strings.Join(kept, ", "))
		}
	} else {
		for _, e := range claims {
			if !rebuilt[e.Output] || produced[e.Path] {
				continue
			}
			st, err := lstatInside(f.fs, f.dir, e.Path)
			var way *onTheWayError
			switch {
			case errors.As(err, &way) && !way.link:
				continue // a file where a folder was: the entry's file is gone
			case errors.As(err, &way):
				f.warnf("output.kept", recShow, "", "left %s alone: %s is a symbolic link, and muster does not follow links out of the output folder", f.show1(e.Path), f.show1(way.at))
				continue
			case err != nil:
				return nil, err
			case st == nil:
				continue // already gone
			case !st.Mode().IsRegular():
				f.warnf("output.kept", f.show1(e.Path), "", "left %s alone: it is no longer a file muster wrote", f.show1(e.Path))
				continue
			}
			h, err := hashFile(f.fs, f.at(e.Path))
			if err != nil {
				return nil, err
			}
			if h != e.SHA256 {
				f.warnf("output.kept", f.show1(e.Path), "delete it if you do not need it", "left %s alone: it changed since muster wrote it, and this build no longer makes it", f.show1(e.Path))
				continue
			}
			removed[e.Path] = true
			stale = append(stale, e.Path)
			f.sum.Removed = append(f.sum.Removed, e.Path)
		}
	}

	// The files this build makes: a new path, an unchanged file, or a file muster provably wrote.
	var asides []string
	var ins []File
	mkdirs := map[string]bool{}
	dirOK := map[string]bool{}
	for _, nf := range files {
		fresh := false // some folder on the way is made by this build, so the file is new
		for _, d := range parentsOf(nf.Path) {
			if fresh || mkdirs[d] {
				mkdirs[d], fresh = true, true
				continue
			}
			if dirOK[d] {
				continue
			}
			st, err := f.fs.Lstat(f.at(d))
			switch {
			case errors.Is(err, fs.ErrNotExist):
				mkdirs[d], fresh = true, true
			case err != nil:
				return nil, err
			case st.Mode()&fs.ModeSymlink != 0:
				return nil, refusef(f.show1(nf.Path), "refusing to write %s: %s is a symbolic link, and muster does not write through links out of the output folder", f.show1(nf.Path), f.show1(d))
			case st.IsDir():
				dirOK[d] = true
			case removed[d]:
				mkdirs[d], fresh = true, true
			default:
				return nil, refusef(f.show1(nf.Path), "refusing to write %s: %s is a file, not a folder (muster did not write it)", f.show1(nf.Path), f.show1(d))
			}
		}
		if fresh {
			ins = append(ins, nf)
			f.sum.Written = append(f.sum.Written, nf.Path)
			continue
		}
		st, err := f.fs.Lstat(f.at(nf.Path))
		if errors.Is(err, fs.ErrNotExist) {
			ins = append(ins, nf)
			f.sum.Written = append(f.sum.Written, nf.Path)
			continue
		}
		if err != nil {
			return nil, err
		}
		if !st.Mode().IsRegular() {
			what := "it is not a regular file"
			if st.IsDir() {
				what = "it is a folder"
			}
			return nil, refusef(f.show1(nf.Path), "refusing to overwrite %s: %s (move it away or build into another folder)", f.show1(nf.Path), what)
		}
		h, err := hashFile(f.fs, f.at(nf.Path))
		if err != nil {
			return nil, err
		}
		e, claimed := claim[nf.Path]
		switch {
		case h == hashBytes(nf.Data): // unchanged: nothing to move
			f.sum.Kept = append(f.sum.Kept, nf.Path)
		case claimed && legacy:
			return nil, refusef(f.show1(nf.Path), "refusing to overwrite %s: the record %s was written by an older muster and holds no hashes, so muster cannot prove it wrote this file (delete muster's old outputs, or build into a new folder)", f.show1(nf.Path), recShow)
		case claimed && h == e.SHA256:
			asides = append(asides, nf.Path)
			ins = append(ins, nf)
			f.sum.Written = append(f.sum.Written, nf.Path)
		case claimed:
			return nil, refusef(f.show1(nf.Path), "refusing to overwrite %s: it changed since muster wrote it (move your version away, or build into another folder)", f.show1(nf.Path))
		default:
			return nil, refusef(f.show1(nf.Path), "refusing to overwrite %s: muster did not write it (move it away or build into another folder)", f.show1(nf.Path))
		}
	}

	// The new record: the entries of the outputs not rebuilt, then this build's files.
	rec := Record{}
	if !legacy {
		for _, e := range claims {
			if !rebuilt[e.Output] && !produced[e.Path] {
				rec.Files = append(rec.Files, e)
			}
		}
	} else if len(claims) > 0 {
		var dropped []string
		for _, e := range claims {
			if !rebuilt[e.Output] && !produced[e.Path] {
				dropped = append(dropped, e.Path)
			}
		}
		if len(dropped) > 0 {
			f.warnf("output.record", recShow, "delete them if they are old outputs, or rebuild them into a new folder",
				"no longer counts %s as muster's: the record from an older muster holds no hashes to prove it", strings.Join(dropped, ", "))
		}
	}
	for _, nf := range files {
		rec.Files = append(rec.Files, Entry{Path: nf.Path, Output: nf.Output, SHA256: hashBytes(nf.Data)})
	}
	recData := rec.Encode()
	recNow, err := lstatInside(f.fs, f.dir, RecordName)
	if err != nil {
		return nil, err
	}
	if len(ins) == 0 && len(stale) == 0 && recNow != nil {
		if h, err := hashFile(f.fs, f.at(RecordName)); err != nil {
			return nil, err
		} else if h == hashBytes(recData) {
			return nil, nil // the folder already holds this build
		}
	}
	if recNow != nil {
		asides = append(asides, RecordName)
	}
	ins = append(ins, File{Path: RecordName, Data: recData})

	// Folders the stale files leave empty.
	rmdirs, err := f.emptied(stale, producedDirs)
	if err != nil {
		return nil, err
	}

	p := &plan{stage: ins}
	sort.Strings(stale)
	p.asides = append(append([]string(nil), stale...), asides...)
	for _, rel := range p.asides {
		p.steps = append(p.steps, step{Op: opAside, Path: rel})
	}
	for _, d := range rmdirs {
		p.steps = append(p.steps, step{Op: opRmdir, Path: d.path, Mode: d.mode})
	}
	var mk []string
	for d := range mkdirs {
		mk = append(mk, d)
	}
	sort.Slice(mk, func(i, j int) bool {
		return depth(mk[i]) < depth(mk[j]) || depth(mk[i]) == depth(mk[j]) && mk[i] < mk[j]
	})
	for _, d := range mk {
		p.steps = append(p.steps, step{Op: opMkdir, Path: d})
	}
	for _, nf := range ins {
		p.steps = append(p.steps, step{Op: opIn, Path: nf.Path, SHA256: hashBytes(nf.Data)})
	}
	return p, nil
}

func depth(rel string) int { return strings.Count(rel, "/") }

type emptiedDir struct {
	path string
	mode fs.FileMode
}

// emptied lists the folders (deepest first) that hold nothing once the stale files are gone, other than the
// ones this build writes into.
func (f *folder) emptied(stale []string, producedDirs map[string]bool) ([]emptiedDir, error) {
	gone := map[string]bool{}
	for _, rel := range stale {
		gone[rel] = true
	}
	cand := map[string]bool{}
	for _, rel := range stale {
		for _, d := range parentsOf(rel) {
			if !producedDirs[d] {
				cand[d] = true
			}
		}
	}
	var ds []string
	for d := range cand {
		ds = append(ds, d)
	}
	sort.Slice(ds, func(i, j int) bool {
		return depth(ds[i]) > depth(ds[j]) || depth(ds[i]) == depth(ds[j]) && ds[i] < ds[j]
	})
	var out []emptiedDir
	for _, d := range ds {
		ents, err := f.fs.ReadDir(f.at(d))
		if err != nil {
			return nil, err
		}
		empty := true
		for _, e := range ents {
			if !gone[d+"/"+e.Name()] {
				empty = false
				break
			}
		}
		if !empty {
			continue
		}
		st, err := f.fs.Lstat(f.at(d))
		if err != nil {
			return nil, err
		}
		gone[d] = true
		out = append(out, emptiedDir{path: d, mode: st.Mode().Perm()})
	}
	return out, nil
}

// apply runs a plan: stage, journal, steps, commit point (the journal removed), clean up. After a failure
// before the commit point it rolls back; if even that fails, the journal stays for the next build.
func (f *folder) apply(p *plan) error {
	stage, err := f.newStage()
	if err != nil {
		return err
	}
	fail := func(err error) error {
		if derr := f.discard(stage); derr != nil {
			f.warnf("output.cleanup", stage, "the next build into this folder removes it", "could not remove the staging folder: %v", derr)
		}
		return err
	}
	dirs, err := f.stageFiles(stage, p.stage, p.asides)
	if err == nil {
		err = f.syncDirs(dirs)
	}
	if err == nil {
		err = f.writeJournal(stage, p.steps)
	}
	if err != nil {
		return fail(err)
	}
	_, err = f.forward(stage, p.steps)
	if err == nil {
		err = f.syncDirs(f.touched(stage, p.steps))
	}
	if err == nil {
		err = f.fs.Remove(filepath.Join(stage, journalName)) // the commit point
	}
	if err != nil {
		if rerr := f.rollback(stage, p.steps); rerr != nil {
			return fmt.Errorf("%w; putting %s back failed too (%v): the next build into it finishes the job", err, f.show, rerr)
		}
		return fail(err)
	}
	f.finish(stage, nil)
	return nil
}

func (f *folder) writeJournal(stage string, steps []step) error {
	j := journal{Format: journalFormat, Folder: f.base, Steps: steps}
	var b bytes.Buffer
	if err := json.NewEncoder(&b).Encode(j); err != nil {
		return err
	}
	tmp := filepath.Join(stage, journalTemp)
	if err := writeSynced(f.fs, tmp, b.Bytes()); err != nil {
		return err
	}
	if err := f.fs.Rename(tmp, filepath.Join(stage, journalName)); err != nil {
		return err
	}
	return f.fs.SyncDir(stage)
}

// touched lists the folders whose entries the steps changed, to sync them before the commit point.
func (f *folder) touched(stage string, steps []step) []string {
	set := map[string]bool{}
	for _, s := range steps {
		set[filepath.Dir(f.at(s.Path))] = true
		switch s.Op {
		case opAside:
			set[filepath.Dir(inStage(stage, "old", s.Path))] = true
		case opIn:
			set[filepath.Dir(inStage(stage, "new", s.Path))] = true
		}
	}
	var out []string
	for d := range set {
		if _, err := f.fs.Lstat(d); err == nil {
			out = append(out, d)
		}
	}
	sort.Strings(out)
	return out
}
