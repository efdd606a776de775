//go:build unix

package content

import "syscall"

// openFlags opens files without blocking, so opening a named pipe returns at once (and is then refused as
// not a regular file). Reads of a regular file are not affected.
const openFlags = syscall.O_NONBLOCK
