// Package parallel runs independent drawing jobs (pages, boards, pieces, previews) on the machine's cores.
// Builds, previews and exports all fan out the same way, so they share this one pool: it recovers a job's
// panic itself (a bug becomes that job's error, and never ends the process), and it starts at most
// GOMAXPROCS-1 helpers in the whole process, nested fan-outs included, so that a build drawing the pages of
// each map inside its map workers has at most GOMAXPROCS pages in memory at once, not GOMAXPROCS².
package parallel

import (
	"cmp"
	"fmt"
	"runtime"
	"runtime/debug"
	"slices"
	"sync"
)

// Panic is the error of a job that panicked: a bug in muster.
type Panic struct {
	Value any    // what the job panicked with
	Stack []byte // where
}

func (p *Panic) Error() string {
	return fmt.Sprintf("drawing failed (a bug in muster; please report it): %v", p.Value)
}

// Worker does jobs one after another, keeping what it needs between them (a surface to draw into).
type Worker interface {
	// Do runs job i.
	Do(i int) error
	// Done is called after the worker's last job (to flush what it holds); its error is that job's.
	Done() error
}

// Each runs f(0..n-1) and returns when all have returned, with each index's error (a *Panic for a job that
// panicked): a slice of n errors, all nil when every job succeeded. Each f must write only its own result
// slot, so the output does not depend on the order the work finishes in. The jobs run on the calling
// goroutine and on as many helpers as the pool has free (see Run).
func Each(n int, f func(i int) error) []error {
	return Run(n, func() Worker { return funcWorker(f) })
}

// EachLargestFirst is Each with the jobs taken largest first by size (ties in index order), so that the last
// job to finish is a small one; the errors are by index, as Each's.
func EachLargestFirst(n int, size func(i int) int, f func(i int) error) []error {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(size(b), size(a)) })
	ran := Each(n, func(k int) error { return f(order[k]) })
	errs := make([]error, n)
	for k, i := range order {
		errs[i] = ran[k]
	}
	return errs
}

type funcWorker func(i int) error

func (f funcWorker) Do(i int) error { return f(i) }
func (funcWorker) Done() error      { return nil }

// Run does jobs 0..n-1 on workers made by newWorker, each taking the next job until none is left, and
// returns each job's error as Each does. The calling goroutine is always one of the workers; helpers join it
// while the process has fewer than GOMAXPROCS busy, so a Run inside another Run's job uses only the cores the
// outer one leaves free (and runs on its caller alone when there are none). A worker is made when it takes its
// first job; with one processor, or one job, the jobs run in order on the calling goroutine.
func Run(n int, newWorker func() Worker) []error {
	errs := make([]error, n)
	if n == 0 {
		return errs
	}
	var (
		mu   sync.Mutex
		next int
	)
	take := func() (int, bool) {
		mu.Lock()
		defer mu.Unlock()
		if next >= n {
			return 0, false
		}
		next++
		return next - 1, true
	}
	work := func() {
		var w Worker
		last := -1
		for {
			i, ok := take()
			if !ok {
				break
			}
			errs[i] = guard(func() error {
				if w == nil {
					w = newWorker()
				}
				return w.Do(i)
			})
			last = i
		}
		if w != nil {
			if err := guard(w.Done); err != nil && errs[last] == nil {
				errs[last] = err
			}
		}
	}
	var wg sync.WaitGroup
	for range n - 1 {
		if !helpers.acquire() {
			break
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer helpers.release()
			work()
		}()
	}
	work()
	wg.Wait()
	return errs
}

// guard runs f, turning its panic into a *Panic.
func guard(f func() error) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = &Panic{Value: r, Stack: debug.Stack()}
		}
	}()
	return f()
}

// helpers counts the goroutines the pool has started and not yet finished: at most GOMAXPROCS-1, beside
// the goroutine that called Run.
var helpers pool

type pool struct {
	mu   sync.Mutex
	busy int
}

func (p *pool) acquire() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.busy >= runtime.GOMAXPROCS(0)-1 {
		return false
	}
	p.busy++
	return true
}

func (p *pool) release() {
	p.mu.Lock()
	p.busy--
	p.mu.Unlock()
}
