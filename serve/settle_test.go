package serve

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/muster-wargames/muster/internal/must"
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
	s := New(dir, Options{})
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
	first := nextEvent(t, events, func(st state) bool { return st.Version >= 1 })
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
	good := nextEvent(t, events, func(st state) bool {
		if st.Failed {
			t.Errorf("version %d, of the half-written file, was shown: %v", st.Version, st.Diags)
		}
		return !st.Failed && key(st, face) != key(first, face)
	})

	// An error that stays is shown.
	if err := os.WriteFile(p, bytes.Replace(orig, []byte("attack: 3, morale: 3"), []byte("attack: 3x, morale: 3"), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	bad := nextEvent(t, events, func(st state) bool { return st.Version > good.Version })
	if !bad.Failed || len(bad.Diags) == 0 {
		t.Errorf("the error is not shown: %+v", bad)
	}
}

// knightStats is the first unit of units/feudal.yaml as written: its front's values.
const knightStats = "stats: {movement: 2, range: 0, attack: 3, morale: 3, defense: 4}"
