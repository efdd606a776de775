package cputime

import (
	"runtime"
	"testing"
)

// Busy work shows as CPU time.
func TestSince(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" {
		t.Skip("not read here")
	}
	start := Now()
	x := 0
	for i := 0; Since(start) <= 0 && i < 1e10; i++ {
		x += i
	}
	if Since(start) <= 0 {
		t.Fatalf("no CPU time after busy work (%d)", x)
	}
}
