package parallel

import (
	"runtime"
	"sync/atomic"
	"testing"
)

// Every index runs exactly once, whatever the number of processors, and Each waits for all of them.
func TestEachRunsEveryIndexOnce(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		for _, n := range []int{0, 1, 3, 100} {
			counts := make([]int32, n)
			var done atomic.Int32
			Each(n, func(i int) { atomic.AddInt32(&counts[i], 1); done.Add(1) })
			if int(done.Load()) != n {
				t.Errorf("procs %d, n %d: %d calls returned before Each", procs, n, done.Load())
			}
			for i, c := range counts {
				if c != 1 {
					t.Errorf("procs %d, n %d: index %d ran %d times", procs, n, i, c)
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}
