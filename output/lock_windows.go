//go:build windows

package output

import (
	"errors"
	"os"
	"time"

	"golang.org/x/sys/windows"
)

// openNoFollow: Open checks the file's type after opening it.
const openNoFollow = 0

// lockOutlivesKill: Windows closes a killed process's handles, and the lock file goes with its handle.
const lockOutlivesKill = false

// syncDir: Windows has no directory fsync; a rename is durable once its file is flushed.
func syncDir(*os.File) error { return nil }

// lockFile opens name for this process alone (no sharing), deleted when its handle closes: another muster's
// open fails with a sharing violation while the lock is held, and when this process ends, killed or not,
// Windows closes the handle and the file is gone.
func lockFile(name string) (func() error, error) {
	p, err := windows.UTF16PtrFromString(name)
	if err != nil {
		return nil, &os.PathError{Op: "lock", Path: name, Err: err}
	}
	var h windows.Handle
	for attempt := 0; ; attempt++ {
		h, err = windows.CreateFile(p, windows.GENERIC_READ|windows.GENERIC_WRITE|windows.DELETE, 0, nil,
			windows.OPEN_ALWAYS, windows.FILE_ATTRIBUTE_NORMAL|windows.FILE_FLAG_DELETE_ON_CLOSE, 0)
		if errors.Is(err, windows.ERROR_SHARING_VIOLATION) {
			return nil, ErrLocked
		}
		// Access denied is also what a file being deleted answers: the muster that just let go of the lock.
		// That passes in moments; a folder muster may not write to does not.
		if errors.Is(err, windows.ERROR_ACCESS_DENIED) && attempt < 20 {
			time.Sleep(10 * time.Millisecond)
			continue
		}
		if err != nil {
			return nil, &os.PathError{Op: "lock", Path: name, Err: err}
		}
		break
	}
	return func() error {
		if err := windows.CloseHandle(h); err != nil {
			return &os.PathError{Op: "unlock", Path: name, Err: err}
		}
		return nil
	}, nil
}
