//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly || windows)

package output

import (
	"errors"
	"io/fs"
	"os"
)

// openNoFollow: Open checks the file's type after opening it.
const openNoFollow = 0

// lockOutlivesKill: a killed build leaves its lock file behind.
const lockOutlivesKill = true

func syncDir(*os.File) error { return nil }

// lockFile is the portable fallback where flock is missing: the lock is the file's existence. A killed build
// leaves it behind, so the busy message names the file to remove when no build is running.
func lockFile(name string) (func() error, error) {
	f, err := os.OpenFile(name, os.O_RDWR|os.O_CREATE|os.O_EXCL, 0o644)
	if errors.Is(err, fs.ErrExist) {
		return nil, ErrLocked
	}
	if err != nil {
		return nil, err
	}
	f.Close()
	return func() error { return os.Remove(name) }, nil
}
