package vassal

import (
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/engine"
)

// The real VASSAL engine: every module muster writes for the examples is loaded by VASSAL itself
// (../shared/vassal/check-vmod.sh), which decodes every piece, resolves every set-up stack, starts a game
// for each board and counts the pieces it places. Each run takes a few seconds of Java; the examples run
// side by side (the checker is safe to run concurrently), as many at once as go test's -parallel allows.

// vassalChecker is check-vmod.sh's path; the test skips only when ../shared/vassal is not beside the
// checkout. A checker whose dependencies are missing fails the test where it runs (CI installs them).
func vassalChecker(t *testing.T) string {
	t.Helper()
	s, err := engine.Find(".")
	if errors.Is(err, engine.ErrAbsent) {
		t.Skipf("skipped: %v (the real VASSAL engine checks muster's modules where the project's shared folder is there, as in CI)", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func TestExamplesLoadInVASSAL(t *testing.T) {
	script := vassalChecker(t)
	start := time.Now()
	t.Cleanup(func() { t.Logf("%d modules in %v", len(exampleNames), time.Since(start).Round(100*time.Millisecond)) })
	for _, name := range exampleNames {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			e := exampleModule(t, name)
			loadInVASSAL(t, script, e.mod, e.zip, filepath.Base(name))
		})
	}
}

// loadInVASSAL writes a module, loads it in VASSAL and fails on anything VASSAL reports: problems, a piece
// slot it cannot decode, an image it cannot find, a set-up stack it cannot place, a grid whose names do not
// resolve back, a new game that does not start, places other than the module's set-up stacks say or puts a
// piece off the board. It returns the report for more checks.
//
// A module already loaded by an earlier test (the same bytes) is not loaded again: its report is returned, and
// the earlier test has checked it (each load starts a JVM and every new game, tens of seconds).
func loadInVASSAL(t *testing.T, script string, m *Module, zip []byte, stem string) *engine.Report {
	t.Helper()
	l, _ := loads.LoadOrStore(sha256.Sum256(zip), &load{})
	ld := l.(*load)
	ld.mu.Lock()
	defer ld.mu.Unlock()
	if ld.done {
		if ld.r == nil {
			t.Fatal("this module failed to load in VASSAL in an earlier test")
		}
		return ld.r
	}
	ld.done = true
	ld.r = loadOnce(t, script, m, zip, stem)
	return ld.r
}

// load is one module's load in VASSAL, shared by the tests that load the same bytes.
type load struct {
	mu   sync.Mutex
	done bool
	r    *engine.Report // nil when the load failed
}

var loads sync.Map // [32]byte (the module's SHA-256) -> *load

func loadOnce(t *testing.T, script string, m *Module, zip []byte, stem string) *engine.Report {
	t.Helper()
	file := filepath.Join(t.TempDir(), stem+".vmod")
	if err := os.WriteFile(file, zip, 0o644); err != nil {
		t.Fatal(err)
	}
	began := time.Now()
	r, out, err := engine.Run(context.Background(), script, file)
	if err != nil {
		t.Fatal(err) // a missing dependency too: install them with ../shared/vassal/install-deps.sh
	}
	t.Logf("VASSAL %s: %s in %v", r.VassalVersion, r.Result, time.Since(began).Round(100*time.Millisecond))
	if r.Result != "clean" {
		for _, p := range r.Problems {
			t.Errorf("VASSAL: %s", p)
		}
		t.Fatalf("VASSAL's result is %q; its output:\n%s", r.Result, out)
	}
	root, err := buildfile.Parse(bytes.NewReader(m.File("buildFile.xml")), buildfile.DefaultLimits)
	if err != nil {
		t.Fatal(err)
	}
	slots, stacks := 0, 0
	piles, cards, hands := 0, map[string]int{}, 0 // draw piles, cards on each map, players' hands
	root.Walk(func(el *buildfile.Element, _ string, parent *buildfile.Element) bool {
		switch el.Class {
		case classPieceSlot, classCardSlot: // a CardSlot is a PieceSlot holding a card
			slots++
		case classSetupStack, classDrawPile: // VASSAL's DrawPile is a SetupStack
			stacks++
		case classPlayerHand:
			hands++
		}
		if el.Class == classDrawPile {
			piles++
			cards[parent.Attr("mapName")] += len(el.Children)
		}
		return true
	})
	// Decks: VASSAL builds every draw pile and hand, and a new game puts every card on its pile's map.
	if r.Components["DrawPile"] != piles || r.Components["CardSlot"] != slotsOf(root, classCardSlot) || r.Components["PlayerHand"] != hands {
		t.Errorf("VASSAL built %d DrawPiles, %d CardSlots, %d PlayerHands; the module has %d, %d, %d",
			r.Components["DrawPile"], r.Components["CardSlot"], r.Components["PlayerHand"], piles, slotsOf(root, classCardSlot), hands)
	}
	// Play: VASSAL builds every global key command, inventory, notes window and zoomer the module holds.
	for _, c := range []string{classGlobalKey, classInventory, classNotes, classZoomer} {
		if got, want := r.Components[buildfile.Short(c)], slotsOf(root, c); got != want || want == 0 && c != classInventory {
			t.Errorf("VASSAL built %d %s; the module has %d", got, buildfile.Short(c), want)
		}
	}
	for _, g := range r.NewGames {
		for m, n := range cards {
			if g.PiecesPerMap[m] < n {
				t.Errorf("new game for board %s: %d pieces on map %s, whose draw piles hold %d cards", g.Boards, g.PiecesPerMap[m], m, n)
			}
		}
	}
	if ps := r.PieceSlots; ps.OK != slots || ps.Failed != 0 {
		t.Errorf("VASSAL decoded %d of %d piece slots (%d failed)", ps.OK, slots, ps.Failed)
	}
	if im := r.Images; im.Missing != 0 || im.Found != im.Named || im.Named == 0 {
		t.Errorf("images: %d named, %d found, %d missing", im.Named, im.Found, im.Missing)
	}
	if ss := r.SetupStacks; ss.Total != stacks || ss.Resolved != stacks || ss.Unresolved != 0 {
		t.Errorf("set-up stacks: %d in the module; VASSAL saw %d, resolved %d, %d unresolved", stacks, ss.Total, ss.Resolved, ss.Unresolved)
	}
	for _, g := range r.Grids {
		if g.Inconsistent != 0 {
			t.Errorf("grid of %s / %s: %d names do not resolve back", g.Map, g.Board, g.Inconsistent)
		}
	}
	if len(r.NewGames) == 0 {
		t.Error("VASSAL started no new game")
	}
	for _, g := range r.NewGames {
		want := placedAtStart(root, g.Chosen)
		if !g.Started || g.OffBoard != 0 || g.Total != want {
			t.Errorf("new game for board %s (%v): started %v, %d pieces placed (%d off the board); the module's set-up stacks hold %d",
				g.Boards, g.Chosen, g.Started, g.Total, g.OffBoard, want)
		}
	}
	return r
}

// slotsOf counts the elements of a class in the module.
func slotsOf(root *buildfile.Element, class string) int {
	n := 0
	root.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
		if el.Class == class {
			n++
		}
		return true
	})
	return n
}

// placedAtStart counts the pieces a new game places: those of the set-up stacks and draw piles of each map
// whose owning board is the board the map got (or that name none).
func placedAtStart(root *buildfile.Element, chosen map[string]string) int {
	n := 0
	for _, m := range root.Children {
		if m.Class != classMap {
			continue
		}
		for _, st := range m.Children {
			if st.Class != classSetupStack && st.Class != classDrawPile {
				continue
			}
			if ob := st.Attr("owningBoard"); ob != "" && ob != chosen[m.Attr("mapName")] {
				continue
			}
			st.Walk(func(el *buildfile.Element, _ string, _ *buildfile.Element) bool {
				if el.Class == classPieceSlot || el.Class == classCardSlot {
					n++
				}
				return true
			})
		}
	}
	return n
}

// TestPlacedAtStart: a stack counts on the board its map got, or on any board when it names none.
func TestPlacedAtStart(t *testing.T) {
	stack := func(board string, n int) *buildfile.Element {
		st := buildfile.New(classSetupStack, "owningBoard", board)
		for range n {
			st.Add(buildfile.New(classPieceSlot))
		}
		return st
	}
	root := buildfile.New(classModule).Add(
		buildfile.New(classMap, "mapName", "Map").Add(stack("A", 2), stack("B", 3), stack("", 1)),
		buildfile.New(classMap, "mapName", "Other").Add(stack("C", 4)),
	)
	if got := placedAtStart(root, map[string]string{"Map": "A", "Other": "C"}); got != 7 {
		t.Errorf("A and C: %d", got)
	}
	if got := placedAtStart(root, map[string]string{"Map": "B", "Other": "D"}); got != 4 {
		t.Errorf("B and D: %d", got)
	}
}
