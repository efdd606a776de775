//go:build !unix

package content

// openFlags is empty where the system has no non-blocking open; files are still checked to be regular
// through the open descriptor before they are read.
const openFlags = 0
