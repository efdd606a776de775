package main

import (
	"fmt"
	"io"
	"os"
	"sync"
	"time"

	"github.com/muster-wargames/muster/content/diag"
)

// progress is the line a long build shows on a terminal's standard error: nothing during the first second
// (most builds are done by then), then what it is doing, rewritten in place, and erased when it is done. It
// never writes to a pipe or a file, so logs and JSON readers see nothing of it.
type progress struct {
	w     io.Writer
	on    bool
	mu    sync.Mutex
	stage string
	shown bool
	stop  chan struct{}
	done  chan struct{}
}

// startProgress starts the line on w when on; it appears when after fires (time.After(time.Second)).
func startProgress(w io.Writer, on bool, after <-chan time.Time) *progress {
	p := &progress{w: w, on: on, stop: make(chan struct{}), done: make(chan struct{})}
	if !on {
		close(p.done)
		return p
	}
	go func() {
		defer close(p.done)
		select {
		case <-after:
		case <-p.stop:
			return
		}
		p.mu.Lock()
		p.shown = true
		p.draw()
		p.mu.Unlock()
	}()
	return p
}

// set says what the command does now.
func (p *progress) set(stage string) {
	if !p.on {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.stage = stage
	if p.shown {
		p.draw()
	}
}

// draw rewrites the line: back to its start, the stage, the rest of the old line erased.
func (p *progress) draw() {
	fmt.Fprintf(p.w, "\r\x1b[K%s", diag.EscapeControls(p.stage, true))
}

// finish erases the line, if it was shown, before the command prints its result.
func (p *progress) finish() {
	if !p.on {
		return
	}
	select {
	case <-p.stop:
	default:
		close(p.stop)
	}
	<-p.done
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.shown {
		fmt.Fprint(p.w, "\r\x1b[K")
		p.shown = false
	}
}

// progressOn says whether a command shows a progress line on w: a terminal, and not --quiet.
func progressOn(w io.Writer, quiet bool) bool {
	f, ok := w.(*os.File)
	return ok && !quiet && os.Getenv("TERM") != "dumb" && isTerminal(f)
}
