//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package output

import (
	"errors"
	"os"
	"syscall"
)

// openNoFollow makes Open refuse a symbolic link and return at once on a pipe (which Open then refuses as not
// a regular file) instead of waiting for a writer.
const openNoFollow = syscall.O_NOFOLLOW | syscall.O_NONBLOCK

// lockOutlivesKill: the kernel drops an flock with its process.
const lockOutlivesKill = false

func syncDir(d *os.File) error { return d.Sync() }

// lockFile takes an flock on name. The kernel lets go when the process dies, so a killed build never leaves
// the folder locked. unlock removes the file while still holding the lock; a process that opened the old file
// meanwhile sees, once it holds the lock, that the name now means another file (or none) and tries again.
func lockFile(name string) (func() error, error) {
	for attempt := 0; attempt < 100; attempt++ {
		f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|syscall.O_NOFOLLOW, 0o644)
		if err != nil {
			return nil, err
		}
		for {
			err = syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB)
			if !errors.Is(err, syscall.EINTR) {
				break
			}
		}
		if err != nil {
			f.Close()
			if errors.Is(err, syscall.EWOULDBLOCK) {
				return nil, ErrLocked
			}
			return nil, &os.PathError{Op: "lock", Path: name, Err: err}
		}
		held, err1 := f.Stat()
		now, err2 := os.Lstat(name)
		if err1 == nil && err2 == nil && os.SameFile(held, now) {
			return func() error {
				err := os.Remove(name)
				if cerr := f.Close(); err == nil {
					err = cerr
				}
				return err
			}, nil
		}
		f.Close()
	}
	return nil, ErrLocked
}
