//go:build unix

package analysis

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time the process has used (user and system): what a benchmark reports beside the wall
// clock, which on a shared machine measures the other processes as much as this one.
func cpuTime() (time.Duration, bool) {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0, false
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()), true
}
