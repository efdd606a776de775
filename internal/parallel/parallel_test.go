package parallel

import (
	"errors"
	"fmt"
	"runtime"
	"slices"
	"sync"
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
			errs := Each(n, func(i int) error { atomic.AddInt32(&counts[i], 1); done.Add(1); return nil })
			if int(done.Load()) != n {
				t.Errorf("procs %d, n %d: %d calls returned before Each", procs, n, done.Load())
			}
			if len(errs) != n {
				t.Errorf("procs %d, n %d: %d errors", procs, n, len(errs))
			}
			for i, c := range counts {
				if c != 1 || errs[i] != nil {
					t.Errorf("procs %d, n %d: index %d ran %d times, %v", procs, n, i, c, errs[i])
				}
			}
		}
		runtime.GOMAXPROCS(old)
	}
}

// A job's error and a job's panic come back at the job's index; the other jobs run on.
func TestEachRecoversPanics(t *testing.T) {
	old := runtime.GOMAXPROCS(4)
	defer runtime.GOMAXPROCS(old)
	bad := errors.New("bad")
	var ran atomic.Int32
	errs := Each(20, func(i int) error {
		ran.Add(1)
		switch i {
		case 3:
			panic("boom")
		case 7:
			return bad
		}
		return nil
	})
	if ran.Load() != 20 {
		t.Errorf("%d jobs ran", ran.Load())
	}
	var p *Panic
	if !errors.As(errs[3], &p) || p.Value != "boom" || len(p.Stack) == 0 {
		t.Errorf("job 3: %v", errs[3])
	}
	if errs[7] != bad {
		t.Errorf("job 7: %v", errs[7])
	}
	for i, err := range errs {
		if i != 3 && i != 7 && err != nil {
			t.Errorf("job %d: %v", i, err)
		}
	}
}

// A Run inside another Run's jobs uses only the helpers the outer one leaves: at no time are more jobs running
// than GOMAXPROCS, outer and inner together.
func TestNestedRunsShareTheProcessors(t *testing.T) {
	for _, procs := range []int{1, 2, 4} {
		old := runtime.GOMAXPROCS(procs)
		var running, most atomic.Int32
		enter := func() {
			r := running.Add(1)
			for {
				m := most.Load()
				if r <= m || most.CompareAndSwap(m, r) {
					break
				}
			}
		}
		var inner atomic.Int32
		errs := Each(6, func(i int) error {
			for _, err := range Each(8, func(k int) error {
				enter()
				defer running.Add(-1)
				inner.Add(1)
				runtime.Gosched()
				return nil
			}) {
				if err != nil {
					return err
				}
			}
			return nil
		})
		runtime.GOMAXPROCS(old)
		for i, err := range errs {
			if err != nil {
				t.Errorf("procs %d: job %d: %v", procs, i, err)
			}
		}
		if inner.Load() != 48 {
			t.Errorf("procs %d: %d inner jobs ran", procs, inner.Load())
		}
		if most.Load() > int32(procs) {
			t.Errorf("procs %d: %d jobs ran at once", procs, most.Load())
		}
	}
}

// Workers are made when they take a job, at most one per processor, and each is told once that it is done;
// its Done's error is its last job's.
func TestRunWorkers(t *testing.T) {
	old := runtime.GOMAXPROCS(3)
	defer runtime.GOMAXPROCS(old)
	var mu sync.Mutex
	var workers []*countingWorker
	errs := Run(30, func() Worker {
		w := &countingWorker{}
		mu.Lock()
		workers = append(workers, w)
		mu.Unlock()
		return w
	})
	if len(workers) == 0 || len(workers) > 3 {
		t.Fatalf("%d workers", len(workers))
	}
	jobs, failed := 0, 0
	for _, w := range workers {
		jobs += len(w.jobs)
		if w.done != 1 {
			t.Errorf("a worker was done %d times", w.done)
		}
		last := w.jobs[len(w.jobs)-1]
		if errs[last] == nil || errs[last].Error() != fmt.Sprintf("flush after %d", last) {
			t.Errorf("the last job of a worker, %d, has %v", last, errs[last])
		}
		failed++
	}
	if jobs != 30 {
		t.Errorf("%d jobs done", jobs)
	}
	for _, err := range errs {
		if err != nil {
			failed--
		}
	}
	if failed != 0 {
		t.Errorf("errors on other jobs than the workers' last: %v", errs)
	}
}

type countingWorker struct {
	jobs []int
	done int
}

func (w *countingWorker) Do(i int) error { w.jobs = append(w.jobs, i); return nil }
func (w *countingWorker) Done() error {
	w.done++
	return fmt.Errorf("flush after %d", w.jobs[len(w.jobs)-1])
}

// EachLargestFirst starts the jobs largest first, ties in index order (on one processor, the order they run
// in), and returns each job's error at its own index.
func TestEachLargestFirst(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	sizes := []int{3, 9, 0, 9, 5}
	var ran []int
	errs := EachLargestFirst(len(sizes), func(i int) int { return sizes[i] }, func(i int) error {
		ran = append(ran, i)
		if i == 2 {
			return errors.New("two")
		}
		return nil
	})
	if !slices.Equal(ran, []int{1, 3, 4, 0, 2}) {
		t.Errorf("ran %v", ran)
	}
	for i, err := range errs {
		if (err != nil) != (i == 2) {
			t.Errorf("error %d: %v", i, err)
		}
	}
}
