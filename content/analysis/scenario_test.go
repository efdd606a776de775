package analysis

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
)

func cellAt(t testing.TB, set *content.MapSet, label string) grid.Cell {
	t.Helper()
	r, err := set.Lookup(label)
	if err != nil {
		t.Fatalf("%s: %v", label, err)
	}
	return r.Cell
}

func cellsAt(t testing.TB, set *content.MapSet, labels []string) []grid.Cell {
	t.Helper()
	var out []grid.Cell
	for _, l := range labels {
		out = append(out, cellAt(t, set, l))
	}
	return out
}

func mapSet(t testing.TB, pkg *content.Package, id string) *content.MapSet {
	t.Helper()
	m := pkg.Map(id)
	if m == nil {
		t.Fatalf("no map %s", id)
	}
	set, err := pkg.MapSetOf(m)
	if err != nil {
		t.Fatal(err)
	}
	return set
}

// The river line's movement fixtures (costs muster test confirms): every move that costs no more than the
// unit's allowance in its mode reaches its last hex on turn 1; a single step the rules prohibit for what the
// hex is (marsh for armour, off the roads for strategic movement) leaves that hex unreached in that mode for
// the whole game.
func TestReachAgreesWithMovementFixtures(t *testing.T) {
	pkg := load(t, example("testdata/river-line"))
	e := rules.New(pkg)
	var fx *content.Fixture
	for _, f := range pkg.Fixtures() {
		if f.ID == "movement-costs" {
			fx = f
		}
	}
	if fx == nil || len(fx.Moves) < 10 {
		t.Fatal("no movement-costs fixture with its moves")
	}
	set := mapSet(t, pkg, "river-line")
	checked, never := 0, 0
	for _, m := range fx.Moves {
		if m.Map != "river-line" || m.Count > 1 || len(m.Before) > 0 {
			continue
		}
		start, last := cellAt(t, set, m.Path[0]), cellAt(t, set, m.Path[len(m.Path)-1])
		reach, err := Reach(e, set, m.Unit, false, []string{m.Mode}, []grid.Cell{start}, cellsAt(t, set, m.Enemy), nil, 20)
		if err != nil {
			t.Fatal(err)
		}
		if m.Expect == "prohibited" {
			if len(m.Path) == 2 && len(m.Enemy) == 0 {
				if got := reach[last]; got != 0 {
					t.Errorf("%s (%s %s): %s reached on turn %d", m.Source, m.Unit, m.Mode, m.Path[1], got)
				}
				never++
			}
			continue
		}
		cost, err := value.ParseNumber(m.Expect)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := e.Mover(set, m.Unit, m.Mode, nil)
		if err != nil {
			t.Fatal(err)
		}
		allow, _, err := mv.Allowance(false)
		if err != nil {
			t.Fatal(err)
		}
		if cost.Cmp(allow) <= 0 {
			if got := reach[last]; got != 1 {
				t.Errorf("%s: %s costs %s of %s's %s, reached on turn %d, want 1", m.Source, strings.Join(m.Path, "-"), cost, m.Unit, allow, got)
			}
			checked++
		}
	}
	if checked < 8 || never < 2 {
		t.Errorf("checked %d moves within the allowance and %d prohibited steps: the fixture lost its moves", checked, never)
	}
}

// Turn 1 of the reachability is exactly the hexes some path within the allowance reaches, every path costed
// whole by the engine's MoveCost (what movement fixtures check): a search of every path from a start hex,
// with and without an enemy zone of control, in clear weather and in frost, agrees cell for cell. Ordinary movement goes on to new hexes on
// turn 2 (strategic movement has covered its road by then).
func TestReachTurnOneIsEveryAffordablePath(t *testing.T) {
	river := load(t, example("testdata/river-line"))
	thg := load(t, example("highest-ground"))
	thgSet, ds := thg.MapSet(thg.Scenario("introductory"))
	if thgSet == nil {
		t.Fatal(ds)
	}
	sets := map[*content.Package]*content.MapSet{river: mapSet(t, river, "river-line"), thg: thgSet}
	for _, c := range []struct {
		pkg                        *content.Package
		unit, mode, start, weather string
		enemy                      []string
	}{
		{river, "north-infantry", "", "0806", "", nil},              // the road over the Vado bridge
		{river, "north-infantry", "", "0703", "", []string{"0705"}}, // marsh, and a zone of control that stops
		{river, "north-infantry", "", "0703", "frost", nil},         // frost: marsh costs 1
		{river, "north-cavalry", "", "0703", "", []string{"0705"}},  // cavalry ignore it
		{river, "south-infantry", "", "1404", "", nil},              // the fortified line and its gap
		{river, "north-armour", "strategic", "0407", "", nil},       // along the road only
		{thg, "knight-levies", "", "IIC08", "", nil},                // THG's Introductory Scenario: the village by the river forks
		{thg, "feudal-scout-squadrons", "", "IIC08", "", nil},
		{thg, "knight-levies", "", "IID05", "", nil},
	} {
		e, set := rules.New(c.pkg), sets[c.pkg]
		weather := func(int) string { return c.weather }
		reach, err := Reach(e, set, c.unit, false, []string{c.mode}, []grid.Cell{cellAt(t, set, c.start)}, cellsAt(t, set, c.enemy), weather, 2)
		if err != nil {
			t.Fatal(err)
		}
		mv, err := e.Mover(set, c.unit, c.mode, nil)
		if err != nil {
			t.Fatal(err)
		}
		allow, _, _ := mv.Allowance(false)
		want := map[string]bool{c.start: true}
		var walk func(path []string)
		walk = func(path []string) {
			last := path[len(path)-1]
			for _, n := range set.Neighbours(cellAt(t, set, last), nil) {
				ln := set.Label(n)
				if strings.Contains(","+strings.Join(path, ",")+",", ","+ln+",") {
					continue
				}
				p := append(append([]string(nil), path...), ln)
				cost, err := e.MoveCost(rules.Move{Set: set, Unit: c.unit, Mode: c.mode, Path: p, Enemy: c.enemy, Count: 1, Stacks: 1, Weather: c.weather})
				if err != nil || cost.Cmp(allow) > 0 {
					continue // prohibited, or over the allowance: no longer path through here is cheaper
				}
				want[ln] = true
				walk(p)
			}
		}
		walk([]string{c.start})
		var missing, extra []string
		for l := range want {
			if reach[cellAt(t, set, l)] != 1 {
				missing = append(missing, l)
			}
		}
		for cell, turn := range reach {
			if turn == 1 && !want[set.Label(cell)] {
				extra = append(extra, set.Label(cell))
			}
		}
		if len(missing) > 0 || len(extra) > 0 || len(want) < 4 {
			t.Errorf("%s %s from %s: turn 1 lacks %v and has %v that no path within %s reaches (%d hexes)", c.unit, c.mode, c.start, missing, extra, allow, len(want))
		}
		// Turn 2: every hex one turn's move from a turn-1 hex, and none sooner.
		two := 0
		for cell, turn := range reach {
			if turn == 2 {
				two++
				if want[set.Label(cell)] {
					t.Errorf("%s: %s reached on turn 2 and on turn 1", c.unit, set.Label(cell))
				}
			}
		}
		if two == 0 && c.mode == "" {
			t.Errorf("%s %s from %s: nothing more on turn 2", c.unit, c.mode, c.start)
		}
	}
}

// The river line's Autumn Offensive and The Highest Ground's Introductory Scenario: every hex a side's unit
// sets up on is reached on turn 1, the objectives by the turns the moves allow, and the reports' odds and
// sectors come from the tables.
func TestScenarioReports(t *testing.T) {
	pkg := load(t, example("testdata/river-line"))
	r, err := AnalyseScenario(rules.New(pkg), pkg.Scenario("autumn-offensive"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if r.Length != 10 || r.Horizon != 10 || r.Limit != "" || len(r.Sides) != 2 {
		t.Fatalf("length %d horizon %d limit %q sides %d", r.Length, r.Horizon, r.Limit, len(r.Sides))
	}
	// North's infantry set up at 0806 (the fixture's road over the bridge: 1½ to 1106) and 0606.
	for _, c := range []struct {
		side, cell string
		turn       int
	}{
		{"north", "0806", 1}, {"north", "0906", 1},
	} {
		if got := r.FirstAt(c.side, cellAt(t, r.Set, c.cell)); got != c.turn {
			t.Errorf("%s reaches %s on turn %d, want %d", c.side, c.cell, got, c.turn)
		}
	}
	obj := map[string]int{}
	for _, o := range r.Objectives {
		obj[o.Side+" "+o.Objective] = o.First
		if o.Late() {
			t.Errorf("%s cannot reach %s in time", o.Side, o.Objective)
		}
	}
	if obj["south vado"] != 1 || obj["south hollin"] < 2 {
		t.Errorf("objectives: %v", obj)
	}
	if len(r.Odds) == 0 || r.Table == nil || len(r.Sectors) != 3 || len(r.Losses) != 2 {
		t.Errorf("odds %d, table %v, sectors %d, losses %d", len(r.Odds), r.Table != nil, len(r.Sectors), len(r.Losses))
	}
	for _, o := range r.Odds {
		if o.Defence.Sign() <= 0 || o.Attack.Sign() <= 0 || len(o.Attackers) == 0 {
			t.Errorf("odds against %s: %+v", r.Set.Label(o.Target), o)
		}
	}

	thg := load(t, example("highest-ground"))
	r, err = AnalyseScenario(rules.New(thg), thg.Scenario("introductory"), Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range r.Sides {
		if s.Units == 0 {
			t.Errorf("%s: no units", s.Side.ID)
		}
		for _, p := range s.pieces {
			for _, src := range p.sources {
				if src.turn == 1 && !src.enter && r.FirstAt(s.Side.ID, src.cell) != 1 {
					t.Errorf("%s sets up on %s, reached on turn %d", s.Side.ID, r.Set.Label(src.cell), r.FirstAt(s.Side.ID, src.cell))
				}
			}
		}
	}
	if len(r.Objectives) == 0 {
		t.Error("THG Introductory: no objectives")
	}
}

// Area and point-to-point maps: reachability runs place to place through their connections.
func TestReachOnAreasAndPlaces(t *testing.T) {
	for _, c := range []struct{ pkg, scenario string }{{"testdata/marches", "crown-war"}, {"testdata/iron-roads", "summer-campaign"}} {
		pkg := load(t, example(c.pkg))
		r, err := AnalyseScenario(rules.New(pkg), pkg.Scenario(c.scenario), Options{})
		if err != nil {
			t.Fatal(err)
		}
		if !r.Set.Network() {
			t.Fatalf("%s is not an area or point-to-point map", c.pkg)
		}
		for _, s := range r.Sides {
			n := 0
			for _, f := range s.First {
				if f > 0 {
					n++
				}
			}
			if n < len(r.Cells)/2 {
				t.Errorf("%s %s reaches %d of %d places", c.pkg, s.Side.ID, n, len(r.Cells))
			}
		}
		if len(r.Objectives) == 0 {
			t.Errorf("%s: no objectives", c.pkg)
		}
	}
}

// A scenario of 10,000 turns is worked out to muster's limit and says so.
func TestScenarioTooLong(t *testing.T) {
	pkg := load(t, example("testdata/river-line"))
	sc := *pkg.Scenario("autumn-offensive")
	sc.Length = &content.Length{Turns: 10000}
	r, err := AnalyseScenario(rules.New(pkg), &sc, Options{ReachOnly: true})
	if err != nil {
		t.Fatal(err)
	}
	if r.Horizon != MaxTurns || !strings.Contains(r.Limit, "10,000 turns") && !strings.Contains(r.Limit, "10000 turns") {
		t.Errorf("horizon %d, limit %q", r.Horizon, r.Limit)
	}
}

// A sector's force ratio is one side's strength over the other's, to two places; none against nothing.
func TestSectorRatio(t *testing.T) {
	s := Sector{Name: "centre", Strength: map[string]value.Number{"a": value.Int(42), "b": value.Int(28), "c": value.Frac(1, 3)}}
	if got := s.Ratio("a", "b"); got != "1.50:1" {
		t.Errorf("42 to 28: %s", got)
	}
	if got := s.Ratio("c", "b"); got != "0.01:1" {
		t.Errorf("1/3 to 28: %s", got)
	}
	if got := s.Ratio("a", "d"); got != "" {
		t.Errorf("against nothing: %q", got)
	}
}

// Each turn moves in its weather: with turn 1 clear and turn 2 frost (marsh costs 1), the hexes reached by
// turn 2 are exactly those a frost turn reaches from some hex reached in turn 1 (where the unit may also
// stay); frost's turn alone reaches more of the marsh than a clear one.
func TestReachTurnByTurnWeather(t *testing.T) {
	pkg := load(t, example("testdata/river-line"))
	e := rules.New(pkg)
	set := mapSet(t, pkg, "river-line")
	start := []grid.Cell{cellAt(t, set, "0703")}
	in := func(w string) func(int) string { return func(int) string { return w } }
	clear1, err := Reach(e, set, "north-infantry", false, nil, start, nil, in("clear"), 1)
	if err != nil {
		t.Fatal(err)
	}
	frost1, err := Reach(e, set, "north-infantry", false, nil, start, nil, in("frost"), 1)
	if err != nil {
		t.Fatal(err)
	}
	if len(frost1) <= len(clear1) {
		t.Errorf("frost reaches %d hexes on turn 1, clear weather %d", len(frost1), len(clear1))
	}
	want := map[grid.Cell]bool{}
	for c := range clear1 {
		want[c] = true
		next, err := Reach(e, set, "north-infantry", false, nil, []grid.Cell{c}, nil, in("frost"), 1)
		if err != nil {
			t.Fatal(err)
		}
		for n := range next {
			want[n] = true
		}
	}
	both, err := Reach(e, set, "north-infantry", false, nil, start, nil, func(turn int) string {
		if turn == 1 {
			return "clear"
		}
		return "frost"
	}, 2)
	if err != nil {
		t.Fatal(err)
	}
	if len(both) != len(want) {
		t.Errorf("by turn 2: %d hexes, want %d", len(both), len(want))
	}
	for c := range want {
		if both[c] == 0 {
			t.Errorf("%s not reached by turn 2", set.Label(c))
		}
	}
}
