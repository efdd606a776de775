package rules

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
)

// networkEngine loads one of validate's map fixtures (an area or a point-to-point map) and its map set.
func networkEngine(t *testing.T, name, mapID string) (*Engine, *content.MapSet) {
	t.Helper()
	pkg, ds := content.Load(filepath.Join("..", "..", "validate", "testdata", "maps", name))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	set, err := pkg.MapSetOf(pkg.Map(mapID))
	if err != nil {
		t.Fatal(err)
	}
	return New(pkg), set
}

type moveCase struct {
	name string
	move Move
	want string // the cost, or "prohibited: <words in the reason>"
}

func runMoves(t *testing.T, e *Engine, cases []moveCase) {
	t.Helper()
	for _, c := range cases {
		n, err := e.MoveCost(c.move)
		got := n.String()
		if err != nil {
			got = err.Error()
		}
		if want, ok := strings.CutPrefix(c.want, "prohibited: "); ok {
			if !IsProhibited(err) || !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %s, want prohibited (%s)", c.name, got, want)
			}
			continue
		}
		if got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
}

// On an area map a step follows a connection: a border into the next area's terrain (hills cost 2), a sea
// lane at its own cost; a rugged border stops the move and lets two units a phase across; a ridge is
// impassable; areas no connection joins are not a step.
func TestMoveAcrossConnections(t *testing.T) {
	e, set := networkEngine(t, "area-good", "isle")
	mv := func(path ...string) Move { return Move{Set: set, Unit: "knight", Path: path} }
	with := func(m Move, f func(*Move)) Move { f(&m); return m }
	runMoves(t, e, []moveCase{
		{"a border into lowland", mv("north-west", "south-west"), "1"},
		{"a border into hills", mv("south-west", "south"), "2"},
		{"the sea lane, at its cost", mv("north-west", "south-east"), "1"},
		{"a rugged border, last step", mv("north-west", "north", "north-east"), "3"},
		{"on past a rugged border", mv("north", "north-east", "south-east"), "prohibited: a move ends once it crosses rugged-border"},
		{"a ridge", mv("north", "south"), "prohibited: impassable"},
		{"two units across a rugged border", with(mv("north", "north-east"), func(m *Move) { m.Count = 2 }), "1"},
		{"three units across it", with(mv("north", "north-east"), func(m *Move) { m.Count = 3 }), "prohibited: 3 units would cross rugged-border between north and north-east in one phase; at most 2 may"},
		{"one more after two this phase", with(mv("north-east", "north"), func(m *Move) { m.Before = []Prior{{Path: []string{"north", "north-east"}, Count: 2}} }),
			"prohibited: 3 units would cross"},
		{"one more after two across another border", with(mv("north-east", "north"), func(m *Move) { m.Before = []Prior{{Path: []string{"south", "south-east"}, Count: 2}} }), "2"},
	})
	if _, err := e.MoveCost(mv("north-west", "south")); err == nil || IsProhibited(err) || !strings.Contains(err.Error(), "no connection joins north-west and south") {
		t.Errorf("areas no connection joins: %v", err)
	}
}

// On a point-to-point map a railway serves rail movement only: ordinary movement takes the road beside it, and
// where there is only the railway it may not move at all; rail movement pays its path cost on the railway and
// may not take the road. A pass stops the move and lets one unit through a move.
func TestMoveByModes(t *testing.T) {
	e, set := networkEngine(t, "p2p-good", "front")
	mv := func(mode string, path ...string) Move { return Move{Set: set, Unit: "corps", Mode: mode, Path: path} }
	runMoves(t, e, []moveCase{
		{"ordinary, by the road beside the railway", mv("", "alba", "brest"), "1"},
		{"ordinary, where only the railway runs", mv("", "brest", "corva"), "prohibited: railway between brest and corva is not for ordinary movement"},
		{"by rail", mv("rail", "alba", "brest", "corva"), "1"},
		{"by rail off the railway", mv("rail", "alba", "delm"), "prohibited: Rail movement keeps to railway"},
		{"through the pass, last step: the road, then the town beyond the pass and the pass", mv("", "delm", "erno", "brest"), "3"},
		{"on past the pass", mv("", "erno", "brest", "alba"), "prohibited: a move ends once it crosses pass"},
		{"two through the pass", Move{Set: set, Unit: "corps", Path: []string{"fara", "corva"}, Count: 2}, "prohibited: 2 units would cross pass between fara and corva in one move; at most 1 may"},
	})
}

// Where the System lets a move enter enemy units (enterEnemy: stop, as in block games), it may end there and
// nowhere past; otherwise it may not enter at all.
func TestMoveIntoEnemy(t *testing.T) {
	e, set := networkEngine(t, "area-good", "isle")
	mv := func(path ...string) Move {
		return Move{Set: set, Unit: "knight", Path: path, Enemy: []string{"south-west"}}
	}
	runMoves(t, e, []moveCase{{"into the enemy", mv("north-west", "south-west"), "prohibited: south-west holds an enemy unit"}})
	e.sys.EnterEnemy = content.EnterEnemyStop
	runMoves(t, e, []moveCase{
		{"into the enemy, to fight", mv("north-west", "south-west"), "1"},
		{"through the enemy", mv("north-west", "south-west", "south"), "prohibited: a move into south-west, where enemy units stand, ends there"},
	})
}

// A movement mode's allowance sees the turn's weather (issue 30, item 4): the river line's strategic movement
// written to halve in mud reads twice the movement allowance on a clear turn and once in mud.
func TestAllowanceInWeather(t *testing.T) {
	pkg, ds := content.Load(filepath.Join("..", "..", "examples", "testdata", "river-line"))
	if pkg == nil {
		t.Fatal(ds)
	}
	if ds := pkg.Decode(nil); ds.HasErrors() {
		t.Fatal(ds)
	}
	found := false
	for i := range pkg.System.MovementModes {
		if m := &pkg.System.MovementModes[i]; m.ID == "strategic" {
			m.Allowance, found = "weather == 'mud' ? movement : movement * 2", true
		}
	}
	if !found {
		t.Fatal("the river line has no strategic movement mode")
	}
	e := New(pkg)
	clear, err := e.Allowance("strategic", "north-armour", "")
	if err != nil {
		t.Fatal(err)
	}
	mud, err := e.Allowance("strategic", "north-armour", "mud")
	if err != nil {
		t.Fatal(err)
	}
	if clear.Sign() <= 0 || clear.String() != mud.Add(mud).String() {
		t.Errorf("strategic allowance: %s on a clear turn, %s in mud; want twice in clear what it is in mud", clear, mud)
	}
	// The weather is the call's alone: the next read without one is the clear turn's again.
	if again, _ := e.Allowance("strategic", "north-armour", ""); again.String() != clear.String() {
		t.Errorf("after a mud read the clear allowance is %s, want %s", again, clear)
	}
}
