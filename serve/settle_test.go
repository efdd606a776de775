package serve

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/internal/must"
	"github.com/muster-wargames/muster/validate"
)

// A save written in two parts, the second well after serve's watcher has settled (a slow writer, a spreadsheet
// exported in chunks), is not shown half-written: the version of the first part has errors, and is held back
// until the second replaces it. An error that stays is shown, after the hold.
func TestServeHoldsAHalfWrittenSave(t *testing.T) {
	dir := copyTree(t, thg)
	ln, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	var mu sync.Mutex
	var log []string
	s := New(dir, Options{Logf: func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		log = append(log, fmt.Sprintf(f, a...))
	}})
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-served
	}()
	resp := waitForEvents(t, "http://"+ln.Addr().String()+"/events")
	defer resp.Body.Close()
	events := make(chan state, 16)
	go readEvents(resp.Body, events)
	first := slowEvent(t, events, func(st state) bool { return st.Version >= 1 })
	key := func(st state, name string) string {
		for _, im := range st.Images {
			if im.Name == name {
				return im.Key
			}
		}
		return ""
	}
	const face = "faces/knight-levies-front.png"

	p := filepath.Join(dir, "units", "feudal.yaml")
	orig := must.ReadFile(t, p)
	full := bytes.Replace(orig, []byte(knightStats), []byte("stats: {movement: 2, range: 0, attack: 5, morale: 3, defense: 4}"), 1)
	cut := bytes.Index(full, []byte("attack: 5")) // inside the flow mapping: the first part does not parse
	if cut < 0 {
		t.Fatal("no knight stats")
	}
	if err := os.WriteFile(p, full[:cut], 0o644); err != nil {
		t.Fatal(err)
	}
	time.Sleep(4 * Settle) // the first part alone is a change of its own
	f, err := os.OpenFile(p, os.O_WRONLY|os.O_APPEND, 0)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.Write(full[cut:]); err != nil {
		t.Fatal(err)
	}
	if err := f.Close(); err != nil {
		t.Fatal(err)
	}
	good := slowEvent(t, events, func(st state) bool {
		if st.Failed {
			t.Errorf("version %d, of the half-written file, was shown: %v", st.Version, st.Diags)
		}
		return !st.Failed && key(st, face) != key(first, face)
	})

	// An error that stays is shown.
	if err := os.WriteFile(p, bytes.Replace(orig, []byte("attack: 3, morale: 3"), []byte("attack: 3x, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := slowEvent(t, events, func(st state) bool { return st.Version > good.Version })
	if !bad.Failed || len(bad.Diags) == 0 {
		t.Errorf("the error is not shown: %+v", bad)
	}
	said := func() (string, bool) { // the log's line is written once the version is sent
		mu.Lock()
		defer mu.Unlock()
		last := log[len(log)-1]
		return last, strings.Contains(last, "1 error;") && strings.Contains(last, "later, as no save followed")
	}
	for deadline := time.Now().Add(30 * time.Second); ; time.Sleep(20 * time.Millisecond) {
		last, ok := said()
		if ok {
			break
		}
		if time.Now().After(deadline) {
			t.Errorf("the log says %q", last)
			break
		}
	}
}

// knightStats is the first unit of units/feudal.yaml as written: its front's values.
const knightStats = "stats: {movement: 2, range: 0, attack: 3, morale: 3, defense: 4}"

// The memo is checked once the files have been still a while, against a validation without it: a finding it
// kept that a full run no longer makes (here, one made up for each finding reused) is a bug, logged, and a
// version made afresh replaces it on the page.
func TestServeVerifiesTheMemo(t *testing.T) {
	dir := copyTree(t, thg)
	ln, err := Listen(0)
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var log []string
	s := New(dir, Options{Logf: func(f string, a ...any) {
		mu.Lock()
		defer mu.Unlock()
		log = append(log, fmt.Sprintf(f, a...))
	}})
	s.load = func(dir string) validate.Result { // a memo that is wrong whenever it reuses
		r := validate.LoadMemo(dir, s.memo)
		if s.memo.Reused > 0 {
			r.Diags = append(r.Diags, diag.Diagnostic{Severity: diag.Warning, Code: "analysis.unreachable", Message: "a stale finding"})
		}
		return r
	}
	ctx, cancel := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- s.Serve(ctx, ln) }()
	defer func() {
		cancel()
		<-served
	}()
	resp := waitForEvents(t, "http://"+ln.Addr().String()+"/events")
	defer resp.Body.Close()
	events := make(chan state, 16)
	go readEvents(resp.Body, events)
	first := slowEvent(t, events, func(st state) bool { return st.Version >= 1 })
	stale := func(st state) bool {
		for _, d := range st.Diags {
			if d.Message == "a stale finding" {
				return true
			}
		}
		return false
	}
	p := filepath.Join(dir, "units", "feudal.yaml")
	if err := os.WriteFile(p, bytes.Replace(must.ReadFile(t, p), []byte("attack: 3, morale: 3"), []byte("attack: 4, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := slowEvent(t, events, func(st state) bool { return st.Version > first.Version })
	if !stale(bad) {
		t.Fatalf("the test's stale finding is not shown: %v", bad.Diags)
	}
	fixed := slowEvent(t, events, func(st state) bool { return st.Version > bad.Version })
	if stale(fixed) {
		t.Errorf("the stale finding stays: %v", fixed.Diags)
	}
	mu.Lock()
	defer mu.Unlock()
	found := false
	for _, l := range log {
		found = found || strings.Contains(l, "a bug in muster")
	}
	if !found {
		t.Errorf("the log does not say so: %q", log)
	}
}

// slowEvent is nextEvent with room for a machine that is slow to make two or three versions in a row (the
// race detector on a busy machine): bounded, but not by what a quiet machine takes.
func slowEvent(t *testing.T, events <-chan state, want func(state) bool) state {
	t.Helper()
	timeout := time.After(5 * time.Minute)
	for {
		select {
		case st, ok := <-events:
			if !ok {
				t.Fatal("the event stream ended")
			}
			if want(st) {
				return st
			}
		case <-timeout:
			t.Fatal("no such version arrived")
		}
	}
}
