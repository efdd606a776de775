// Package fuzzbound holds a fuzz target to a bound on each input: while fuzzing, an input that runs longer
// than a second fails the target, so that the fuzzer keeps it as a crasher instead of stalling on it. Run as
// a test (the seed corpus, in every go test), the bound is not taken: wall-clock time on a shared machine is
// no test, and each target bounds its work by the limits it tests, by allocation or by count.
package fuzzbound

import (
	"flag"
	"testing"
	"time"
)

// PerInput is the longest one input may run while fuzzing.
const PerInput = time.Second

// Fuzzing reports whether the test binary is fuzzing (go test -fuzz), not running the seed corpus.
func Fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// Run runs one input of a fuzz target and fails t with the error it returns; while fuzzing, it also fails t
// when the input runs longer than PerInput (the input's goroutine is left behind: the fuzzer's worker stops
// with the failure). The input reports through its error, never through t, which only t's own goroutine may
// stop.
func Run(t testing.TB, input func() error) {
	t.Helper()
	if !Fuzzing() {
		if err := input(); err != nil {
			t.Fatal(err)
		}
		return
	}
	type result struct {
		err   error
		panic any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			r.panic = recover()
			done <- r
		}()
		r.err = input()
	}()
	timer := time.NewTimer(PerInput)
	defer timer.Stop()
	select {
	case r := <-done:
		if r.panic != nil {
			panic(r.panic) // the input's panic is the target's, as without the bound
		}
		if r.err != nil {
			t.Fatal(r.err)
		}
	case <-timer.C:
		t.Fatalf("one input ran longer than %v", PerInput)
	}
}
