//go:build !unix

package analysis

import "time"

func cpuTime() (time.Duration, bool) { return 0, false }
