// Package cputime reads the CPU time the process has used, for benchmarks: on a machine other jobs share,
// the CPU a job takes is steadier than the time it takes, and both are worth reporting.
package cputime

import "time"

// Since is the CPU time (user and system, all threads) the process has used since an earlier Now.
func Since(start time.Duration) time.Duration { return Now() - start }
