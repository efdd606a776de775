package output

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
)

// FS is the file system as a commit sees it: the few operations output makes, so a test can fail or
// interrupt any one of them and check what is left. OS is the real one.
type FS interface {
	Lstat(name string) (fs.FileInfo, error)
	ReadDir(name string) ([]fs.DirEntry, error)
	// Open opens a regular file for reading. It never follows a symbolic link in the last element and never
	// blocks on a pipe or a device: anything but a regular file is an error.
	Open(name string) (io.ReadCloser, error)
	// Create makes a new file; it fails when name exists.
	Create(name string, perm fs.FileMode) (NewFile, error)
	Mkdir(name string, perm fs.FileMode) error
	Rename(from, to string) error
	// Remove removes a file or an empty folder.
	Remove(name string) error
	// SyncDir makes the entries of a folder durable (its renames, creations and removals).
	SyncDir(name string) error
	// Lock takes the lock file name (creating it), or fails with ErrLocked when another process or another
	// Lock call holds it. unlock removes the file and lets go; a killed process lets go without removing it.
	Lock(name string) (unlock func() error, err error)
}

// NewFile is a file being written: output writes it once, syncs it and closes it.
type NewFile interface {
	io.Writer
	Sync() error
	Close() error
}

// ErrLocked is the error of FS.Lock when the lock is held.
var ErrLocked = errors.New("locked")

// OS is the operating system's file system.
var OS FS = osFS{}

type osFS struct{}

func (osFS) Lstat(name string) (fs.FileInfo, error)     { return os.Lstat(name) }
func (osFS) ReadDir(name string) ([]fs.DirEntry, error) { return os.ReadDir(name) }
func (osFS) Mkdir(name string, perm fs.FileMode) error  { return os.Mkdir(name, perm) }
func (osFS) Rename(from, to string) error               { return os.Rename(from, to) }
func (osFS) Remove(name string) error                   { return os.Remove(name) }
func (osFS) Lock(name string) (func() error, error)     { return lockFile(name) }

func (osFS) Open(name string) (io.ReadCloser, error) {
	f, err := os.OpenFile(name, os.O_RDONLY|openNoFollow, 0)
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
		return nil, &fs.PathError{Op: "open", Path: name, Err: fmt.Errorf("not a regular file")}
	}
	return f, nil
}

func (osFS) Create(name string, perm fs.FileMode) (NewFile, error) {
	return os.OpenFile(name, os.O_WRONLY|os.O_CREATE|os.O_EXCL, perm)
}

func (osFS) SyncDir(name string) error {
	d, err := os.Open(name)
	if err != nil {
		return err
	}
	err = syncDir(d)
	if cerr := d.Close(); err == nil {
		err = cerr
	}
	return err
}
