package output

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"path/filepath"
)

// A commit into an existing folder is a list of steps, written to a journal in its staging folder before the
// first of them runs. A step is atomic (one rename, mkdir or rmdir), and each can be undone by looking at
// what is on disk, so a commit killed at any point is undone by running the journal backwards (rollback).
// The commit is final when its journal is removed.

const (
	journalName = "journal.json"
	journalTemp = "journal.json.tmp"
	maxJournal  = 64 << 20
	// journalFormat is the version of the journal this muster writes and reads.
	journalFormat = 1
)

// Steps, in the order a commit runs them.
const (
	opAside = "aside" // move DIR/path to STAGE/old/path (an old version, replaced or stale)
	opRmdir = "rmdir" // remove the folder DIR/path, emptied by the asides
	opMkdir = "mkdir" // make the folder DIR/path for new files
	opIn    = "in"    // move STAGE/new/path to DIR/path
)

type step struct {
	Op     string      `json:"op"`
	Path   string      `json:"path"`
	SHA256 string      `json:"sha256,omitempty"` // in: the new file's hash
	Mode   fs.FileMode `json:"mode,omitempty"`   // rmdir: the folder's permissions
}

type journal struct {
	Format int    `json:"format"`
	Folder string `json:"folder"` // the output folder's name; the staging folder lies beside it
	Steps  []step `json:"steps"`
}

// parseJournal reads a journal and checks every step, since a staging folder beside the output folder may
// come from anywhere (a zip, a repository).
func parseJournal(data []byte, folder string) ([]step, error) {
	var j journal
	if err := json.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("not a journal muster can read: %v", err)
	}
	if j.Format != journalFormat {
		return nil, fmt.Errorf("journal format %d is not one this muster reads", j.Format)
	}
	if j.Folder != folder {
		return nil, fmt.Errorf("it is the journal of %q, not of %q", j.Folder, folder)
	}
	for i, s := range j.Steps {
		if !cleanRel(s.Path) {
			return nil, fmt.Errorf("step %d: %q is not a clean relative path", i+1, s.Path)
		}
		switch s.Op {
		case opAside, opMkdir:
		case opRmdir:
			if s.Mode&^fs.ModePerm != 0 {
				return nil, fmt.Errorf("step %d: mode %o is not a folder's permissions", i+1, uint32(s.Mode))
			}
		case opIn:
			if !isSHA256(s.SHA256) {
				return nil, fmt.Errorf("step %d: %q is not a SHA-256", i+1, s.SHA256)
			}
		default:
			return nil, fmt.Errorf("step %d: unknown step %q", i+1, s.Op)
		}
	}
	return j.Steps, nil
}

// forward runs the steps; it returns how many succeeded.
func (f *folder) forward(stage string, steps []step) (int, error) {
	for i, s := range steps {
		var err error
		switch s.Op {
		case opAside:
			err = f.fs.Rename(f.at(s.Path), inStage(stage, "old", s.Path))
		case opRmdir:
			err = f.fs.Remove(f.at(s.Path))
		case opMkdir:
			err = f.fs.Mkdir(f.at(s.Path), 0o755)
		case opIn:
			err = f.fs.Rename(inStage(stage, "new", s.Path), f.at(s.Path))
		}
		if err != nil {
			return i, err
		}
	}
	return len(steps), nil
}

// rollback undoes steps, last first, each only where the disk shows it was done: a step that never ran, or
// was undone by an earlier rollback, is left as it is, so rollback can run again after being killed itself.
// It moves back into the staging folder only a file whose bytes hash to what the step wrote, and never puts an
// old file over anything.
func (f *folder) rollback(stage string, steps []step) error {
	for i := len(steps) - 1; i >= 0; i-- {
		s := steps[i]
		if err := f.undo(stage, s); err != nil {
			return fmt.Errorf("undoing %s %s: %w", s.Op, s.Path, err)
		}
	}
	return nil
}

func (f *folder) undo(stage string, s step) error {
	switch s.Op {
	case opIn:
		staged, err := lstatInside(f.fs, filepath.Join(stage, "new"), s.Path)
		if err != nil || staged != nil {
			return err // still staged: never moved
		}
		cur, err := lstatInside(f.fs, f.dir, s.Path)
		if err != nil || cur == nil || !cur.Mode().IsRegular() {
			return err
		}
		if h, err := hashFile(f.fs, f.at(s.Path)); err != nil || h != s.SHA256 {
			return err // not what this commit wrote: leave it
		}
		if err := f.mkdirAllIn(filepath.Join(stage, "new"), path.Dir(s.Path)); err != nil {
			return err
		}
		return f.fs.Rename(f.at(s.Path), inStage(stage, "new", s.Path))
	case opMkdir:
		cur, err := lstatInside(f.fs, f.dir, s.Path)
		if err != nil || cur == nil || !cur.IsDir() {
			return err
		}
		ents, err := f.fs.ReadDir(f.at(s.Path))
		if err != nil || len(ents) > 0 {
			return err
		}
		return f.fs.Remove(f.at(s.Path))
	case opRmdir:
		cur, err := lstatInside(f.fs, f.dir, s.Path)
		if err != nil || cur != nil {
			return err
		}
		mode := s.Mode.Perm()
		if mode == 0 {
			mode = 0o755
		}
		return f.fs.Mkdir(f.at(s.Path), mode)
	case opAside:
		old, err := lstatInside(f.fs, filepath.Join(stage, "old"), s.Path)
		if err != nil || old == nil || !old.Mode().IsRegular() {
			return err // never moved aside, or already back
		}
		cur, err := lstatInside(f.fs, f.dir, s.Path)
		if err != nil {
			return err
		}
		if cur != nil {
			return fmt.Errorf("%s is in the way of the old version kept in %s", f.show1(s.Path), inStage(stage, "old", s.Path))
		}
		return f.fs.Rename(inStage(stage, "old", s.Path), f.at(s.Path))
	}
	return nil
}

// mkdirAllIn makes the folders of rel (a folder path, "." for none) below root.
func (f *folder) mkdirAllIn(root, rel string) error {
	if rel == "." || rel == "" {
		return nil
	}
	if err := f.mkdirAllIn(root, path.Dir(rel)); err != nil {
		return err
	}
	st, err := f.fs.Lstat(filepath.Join(root, filepath.FromSlash(rel)))
	switch {
	case err == nil && st.IsDir():
		return nil
	case err == nil:
		return fmt.Errorf("%s is not a folder", filepath.Join(root, filepath.FromSlash(rel)))
	case !errors.Is(err, fs.ErrNotExist):
		return err
	}
	return f.fs.Mkdir(filepath.Join(root, filepath.FromSlash(rel)), 0o755)
}

func inStage(stage, part, rel string) string {
	return filepath.Join(stage, part, filepath.FromSlash(rel))
}
