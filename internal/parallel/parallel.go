// Package parallel runs independent drawing jobs (pages, boards, pieces, previews) on the machine's cores.
// Builds, previews and exports all fan out the same way, so they share this one loop.
package parallel

import (
	"runtime"
	"sync"
)

// Each runs f(0..n-1) on up to GOMAXPROCS goroutines and returns when all have returned. Each f must write
// only its own result slot, so the output does not depend on the order the work finishes in. With one
// processor (or one job) it runs in order on the calling goroutine.
func Each(n int, f func(i int)) {
	workers := min(n, runtime.GOMAXPROCS(0))
	if workers <= 1 {
		for i := range n {
			f(i)
		}
		return
	}
	var wg sync.WaitGroup
	next := make(chan int)
	for range workers {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range next {
				f(i)
			}
		}()
	}
	for i := range n {
		next <- i
	}
	close(next)
	wg.Wait()
}
