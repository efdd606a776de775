package analysis

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
)

// ScenarioSchema is the version of the scenario report's JSON.
const ScenarioSchema = "muster.analysis.scenario/1"

// ScenarioReport is what a scenario allows each side, worked out from its set-up, entries and reinforcements
// with the rules engine's movement and combat.
type ScenarioReport struct {
	Scenario *content.Scenario
	Set      *content.MapSet
	// Length is the scenario's last turn (0 when it gives none); Horizon the last turn reachability was
	// worked to (the length, else the turn the last cell was reached).
	Length, Horizon int
	// Limit says where the analysis stopped at one of muster's limits ("" when it did not).
	Limit string
	// Cells are the map set's cells (or places) in order: row by row, or place by place.
	Cells      []grid.Cell
	Sides      []*SideReach
	Objectives []ObjectiveReach
	Table      *content.Table // the combat table the odds are read on; nil when none says how to sum strength
	Odds       []Odds         // every enemy stack each side can attack on turn 1
	Sectors    []Sector
	Losses     []SideLosses
	Notes      []string

	ground  *ground
	weather map[int]string // by turn (weatherOn)
}

// SideReach is how soon a side can have a unit in each cell.
type SideReach struct {
	Side *content.Side
	// First is the first turn the side can have a unit in each of the report's Cells (0: not by the horizon),
	// the enemy standing where it set up (nil when only the open map was worked out: Options.ReachOnly).
	First []int
	// Open is the same on the open map, with no enemy in the way: what the terrain, the features, the modes
	// and the turns allow, whatever the enemy does.
	Open []int
	// Units counts the units taken into account; Left says which were not, and why.
	Units int
	Left  []string

	pieces []*piece
}

// OpenAt is the first turn the side can have a unit in cell c with no enemy in the way (0: not by the
// horizon, or not a cell).
func (r *ScenarioReport) OpenAt(side string, c grid.Cell) int {
	i, ok := r.ground.index[c]
	if !ok {
		return 0
	}
	for _, s := range r.Sides {
		if s.Side.ID == side && len(s.Open) > i {
			return s.Open[i]
		}
	}
	return 0
}

// FirstAt is the first turn the side can have a unit in cell c, the enemy standing where it set up (0: not
// by the horizon, not a cell, or not worked out).
func (r *ScenarioReport) FirstAt(side string, c grid.Cell) int {
	i, ok := r.ground.index[c]
	if !ok {
		return 0
	}
	for _, s := range r.Sides {
		if s.Side.ID == side && len(s.First) > i {
			return s.First[i]
		}
	}
	return 0
}

// ObjectiveReach is how soon a side can reach a place its victory conditions (or awards) ask it to take.
type ObjectiveReach struct {
	Side      string
	Objective string // the objective's id, or the place the conditions name
	Name      string
	Cells     []grid.Cell
	First     int  // the earliest turn over its cells, the enemy standing; 0: not by the horizon (or not worked out)
	Open      int  // the same with no enemy in the way
	By        int  // the turn its condition is read at the latest (the scenario's length; 0 when it has none)
	Held      bool // the side controls it when the game begins
	// Pos is where the scenario writes the objective (or the condition that names the place).
	Pos diag.Pos
}

// Late reports whether the side cannot reach the place before its condition is read, even with no enemy in
// the way (and does not hold it from the start): the enemy standing is a matter of play, the map and the
// turns are the design's.
func (o ObjectiveReach) Late() bool {
	return !o.Held && (o.Open == 0 || o.By > 0 && o.Open > o.By)
}

// Contested reports whether the side can reach the place in time on the open map but not with the enemy
// standing where it set up: it must fight its way there.
func (o ObjectiveReach) Contested() bool {
	return !o.Held && !o.Late() && (o.First == 0 || o.By > 0 && o.First > o.By)
}

// Odds is the best attack a side can make on turn 1 against one enemy stack.
type Odds struct {
	Side      string
	Target    grid.Cell
	Defenders []string // unit type ids
	Attackers []string // unit type ids of the units that can reach it (a cell next to it, or its own) on turn 1
	Attack    value.Number
	Defence   value.Number
	Column    rules.Column
	Terrain   string
}

// Sector is a band of the map across the line between the sides, and the strength each side can bring into
// it by the end of turn 1.
type Sector struct {
	Name     string
	Strength map[string]value.Number // by side id
}

// Ratio is the force ratio of side a to side b in the sector, as "1.50:1" (two decimals, rounded), or "" when
// b brings nothing into it.
func (s Sector) Ratio(a, b string) string {
	d := s.Strength[b]
	if d.Sign() <= 0 {
		return ""
	}
	return s.Strength[a].Quo(d).Rat().FloatString(2) + ":1"
}

// SideLosses sets a side's replacements against what its turn-1 attacks and the enemy's are expected to cost
// it, on the combat table's results.
type SideLosses struct {
	Side string
	// Replacement steps and points over the game, and the turns they come on.
	Steps  int
	Points value.Number
	Turns  []int
	// Attacking at its best turn-1 odds: the column, and the steps it expects to lose and to inflict an attack.
	Attack               string
	AttackLoss, Inflicts value.Number
	// Defending against the enemy's best turn-1 odds: the column, and the steps it expects to lose an attack.
	Defend      string
	DefendLoss  value.Number
	HasExpected bool // the table says what its results cost
}

// piece is one unit (or one unit of several that come into play alike).
type piece struct {
	unit    string
	flipped bool
	markers []string
	sources []source
	fixed   bool // set up on its cells: an enemy there stands still
	turn1   []int
}

// Options say how much of a scenario to work out.
type Options struct {
	// ReachOnly works out reachability and objectives only (what validate's analysis check needs).
	ReachOnly bool
}

// AnalyseScenario works out a scenario: reachability per side and turn, objectives against the turn their
// conditions are read, the best odds on turn 1, the forces in each sector and replacements against losses.
// A *LimitError is a map set too large to analyse; a scenario too long is analysed to MaxTurns (Limit says
// so).
func AnalyseScenario(e *rules.Engine, sc *content.Scenario, opt Options) (*ScenarioReport, error) {
	pkg := e.Package()
	set, ds := pkg.MapSet(sc)
	if set == nil {
		if ds.HasErrors() {
			return nil, fmt.Errorf("scenario %s: its map set cannot be composed", sc.ID)
		}
		return nil, fmt.Errorf("scenario %s names no map", sc.ID)
	}
	r := &ScenarioReport{Scenario: sc, Set: set, Length: sc.Last()}
	if set.Type == content.GridOpen {
		r.Notes = append(r.Notes, "The scenario is played on an open table, which has no cells: reachability, sectors and turn-1 odds are not worked out (the tables' odds apply as ever).")
		return r, nil
	}
	if n := int64(set.Cols) * int64(set.Rows); !set.Network() && n > content.MaxMapCells {
		return nil, &LimitError{fmt.Sprintf("scenario %s's map set has %d cells: muster analyses at most %d", sc.ID, n, content.MaxMapCells)}
	}
	r.ground = newGround(set)
	r.Cells = r.ground.cells
	r.Horizon = r.Length
	switch {
	case r.Length > MaxTurns:
		r.Horizon = MaxTurns
		r.Limit = fmt.Sprintf("scenario %s has %s: reachability is worked out to turn %s only (muster's limit)", sc.ID,
			english.Count(r.Length, "turn"), fmt.Sprint(MaxTurns))
	case r.Length == 0:
		r.Horizon = MaxTurns
	}
	for i := range sc.Sides {
		r.Sides = append(r.Sides, &SideReach{Side: &sc.Sides[i]})
	}
	for _, s := range r.Sides {
		s.pieces, s.Left = collectPieces(e, r, sc, s.Side)
		s.Units = len(s.pieces)
	}
	if e.System().Allowance == "" {
		r.Notes = append(r.Notes, "The System does not say how far a unit moves (its allowance): reachability, sectors and turn-1 odds are not worked out.")
		r.Horizon = r.Length
		r.objectives(e)
		return r, nil
	}
	last := 0
	for _, s := range r.Sides {
		if err := r.reach(e, s, !opt.ReachOnly); err != nil {
			return nil, err
		}
		for _, t := range append(s.Open, s.First...) {
			last = max(last, t)
		}
	}
	if r.Length == 0 {
		r.Horizon = last
	}
	r.objectives(e)
	if opt.ReachOnly {
		return r, nil
	}
	if err := r.odds(e); err != nil {
		return nil, err
	}
	r.sectors(e)
	r.losses(e)
	r.Notes = append(r.Notes, notTaken...)
	return r, nil
}

// notTaken is what the scenario analysis does not take into account: rules that are not data, and choices
// of play.
var notTaken = []string{
	"Reachability is worked out twice: on the open map (no enemy in the way: what the terrain, features, modes and turns allow; an objective is out of reach only when it is out of reach so) and with enemy units standing where they set up, with their zones of control, for the whole game (units that enter or arrive later are not in the way). There, a cell an enemy unit holds counts as reached when a unit can stand next to it (or enter it, where the rules let a move end among enemy units).",
	"Each unit moves alone: stacking limits, and a feature's limit on how many may cross, are not applied to a side's units together.",
	"Each turn moves in the weather the scenario's turn record gives it, as far as the System says so as data (a weather's moveCosts, an allowance formula that reads the weather); a weather's effects written as text, supply, exploitation and every other rule a System or scenario writes as text are not applied; a unit never moves more than its allowance (no minimum move of one cell).",
	"Turn-1 odds: every unit that can reach a cell next to the stack on turn 1 attacks it (stacking not applied), each from the cell that suits the column shifts best; each stack is attacked alone.",
	"Units eliminated at the start, units that become available later and replacements are not placed on the map.",
}

func (r *ScenarioReport) cellOf(label string) (grid.Cell, bool) {
	ref, err := r.Set.Lookup(label)
	if err != nil {
		return grid.Cell{}, false
	}
	return ref.Cell, true
}

// entryCells are the cells an entry brings units on at: its edge's, and its cells.
func (r *ScenarioReport) entryCells(en content.Entry) []grid.Cell {
	var out []grid.Cell
	if en.Edge != "" {
		if ed, ok := r.Set.Edge(en.Edge); ok {
			out = r.Set.EdgeCells(ed, out)
		}
	}
	for _, l := range en.Cells {
		if c, ok := r.cellOf(l); ok {
			out = append(out, c)
		}
	}
	return out
}

// collectPieces lists a side's units and where each comes into play: set up on cells or in a zone (turn 1),
// arriving as reinforcements, and the rest of its forces entering by its entries (or set up in its
// deployment zone). Left says which units none of these places.
func collectPieces(e *rules.Engine, r *ScenarioReport, sc *content.Scenario, s *content.Side) ([]*piece, []string) {
	var out []*piece
	placed := map[string]int{}
	add := func(p *piece) bool {
		if len(out) >= content.MaxCounters {
			return false
		}
		out = append(out, p)
		placed[p.unit]++
		return true
	}
	for _, pl := range s.Setup {
		ut := e.Package().UnitType(pl.Unit)
		if ut == nil {
			continue
		}
		switch {
		case len(pl.Cells) > 0:
			for _, labels := range pl.UnitCells(ut.Footprint) {
				p := &piece{unit: pl.Unit, flipped: pl.Flipped, markers: pl.Markers, fixed: true}
				for _, l := range labels {
					if c, ok := r.cellOf(l); ok {
						p.sources = append(p.sources, source{cell: c, turn: 1})
					}
				}
				if !add(p) {
					break
				}
			}
		case pl.Zone != nil:
			var srcs []source
			for _, c := range r.Set.ZoneCells(pl.Zone) {
				srcs = append(srcs, source{cell: c, turn: 1})
			}
			for range max(pl.Count, 1) {
				if !add(&piece{unit: pl.Unit, flipped: pl.Flipped, markers: pl.Markers, sources: srcs}) {
					break
				}
			}
		}
	}
	for i := range sc.Reinforcements {
		rf := &sc.Reinforcements[i]
		if rf.Side != s.ID {
			continue
		}
		var srcs []source
		for _, c := range r.entryCells(rf.Entry) {
			srcs = append(srcs, source{cell: c, turn: rf.Turn, enter: true})
		}
		for _, u := range rf.Units {
			if e.Package().UnitType(u.Unit) == nil {
				continue
			}
			for range rules.EntryCount(u.Count) {
				if !add(&piece{unit: u.Unit, sources: srcs}) {
					break
				}
			}
		}
	}
	// The rest of the side's forces enter by its entries, or set up in its deployment zone.
	var rest []string
	have := map[string]int{}
	for _, f := range e.SideForces(s) {
		for _, en := range f.Units {
			if e.Package().UnitType(en.Unit) == nil {
				continue
			}
			if have[en.Unit] == 0 {
				rest = append(rest, en.Unit)
			}
			have[en.Unit] += rules.EntryCount(en.Count)
		}
	}
	var general []source
	byUnit := map[string][]source{}
	for _, en := range s.Entry {
		turn := max(en.Turn, 1)
		var srcs []source
		for _, c := range r.entryCells(en) {
			srcs = append(srcs, source{cell: c, turn: turn, enter: true})
		}
		if len(en.Units) == 0 {
			general = append(general, srcs...)
		}
		for _, u := range en.Units {
			byUnit[u] = append(byUnit[u], srcs...)
		}
	}
	if len(s.Entry) == 0 && s.Deployment != nil {
		for _, c := range r.Set.ZoneCells(s.Deployment) {
			general = append(general, source{cell: c, turn: 1})
		}
	}
	var left []string
	for _, u := range rest {
		n := have[u] - placed[u]
		if n <= 0 {
			continue
		}
		srcs := byUnit[u]
		if len(srcs) == 0 {
			srcs = general
		}
		if len(srcs) == 0 {
			left = append(left, english.Count(n, u))
			continue
		}
		for range n {
			if !add(&piece{unit: u, sources: srcs}) {
				break
			}
		}
	}
	if len(left) > 0 {
		left = []string{english.List(left, "and") + " neither set up nor entering: not taken into account"}
	}
	return out, left
}

// enemyCells are the cells the other sides' units set up on.
func (r *ScenarioReport) enemyCells(side string) []grid.Cell {
	seen := map[grid.Cell]bool{}
	var out []grid.Cell
	for _, s := range r.Sides {
		if s.Side.ID == side {
			continue
		}
		for _, p := range s.pieces {
			if !p.fixed {
				continue
			}
			for _, src := range p.sources {
				if !seen[src.cell] {
					seen[src.cell] = true
					out = append(out, src.cell)
				}
			}
		}
	}
	return out
}

type reachKey struct {
	unit    string
	flipped bool
}

// reach works out a side's first-reach turns: on the open map (no enemy in the way: Open) and, when
// contested, with the enemy standing where it set up (First), with each unit's cells on turn 1. A search runs
// per unit type and face, from all its units' sources.
func (r *ScenarioReport) reach(e *rules.Engine, s *SideReach, contested bool) error {
	g := r.ground
	groups := map[reachKey][]*piece{}
	var keys []reachKey
	for _, p := range s.pieces {
		k := reachKey{p.unit, p.flipped}
		if groups[k] == nil {
			keys = append(keys, k)
		}
		groups[k] = append(groups[k], p)
	}
	run := func(enemy []grid.Cell, into []int, turn1 bool) error {
		cache := legCache{}
		for _, k := range keys {
			rc, err := newReacher(e, g, k.unit, k.flipped, enemy, cache)
			if err != nil {
				return err
			}
			if rc == nil {
				continue
			}
			rc.weather = r.weatherOn
			var all []source
			for _, p := range groups[k] {
				all = append(all, p.sources...)
			}
			first, err := rc.run(dedupe(all), r.Horizon)
			if err != nil {
				return err
			}
			merge(into, first)
			if !turn1 {
				continue
			}
			// Each unit's cells on turn 1, once for units that come into play alike.
			done := map[string][]int{}
			for _, p := range groups[k] {
				sig := signature(p.sources)
				if t1, ok := done[sig]; ok {
					p.turn1 = t1
					continue
				}
				t1, err := rc.run(p.sources, 1)
				if err != nil {
					return err
				}
				done[sig], p.turn1 = t1, t1
			}
		}
		return nil
	}
	s.Open = make([]int, len(g.cells))
	if err := run(nil, s.Open, false); err != nil {
		return err
	}
	if !contested {
		return nil
	}
	enemy := r.enemyCells(s.Side.ID)
	s.First = make([]int, len(g.cells))
	if err := run(enemy, s.First, true); err != nil {
		return err
	}
	// An enemy's cell is reached by attacking it, from next to it (or by entering it where moves may).
	for _, c := range enemy {
		i, ok := g.index[c]
		if !ok {
			continue
		}
		best := s.First[i]
		for _, n := range g.nbr[i] {
			if t := s.First[n]; t > 0 && (best == 0 || t < best) {
				best = t
			}
		}
		s.First[i] = best
	}
	return nil
}

// weatherOn is the weather of a turn, as the scenario's turn record gives it ("" for none).
func (r *ScenarioReport) weatherOn(turn int) string {
	if r.weather == nil {
		r.weather = map[int]string{}
		for _, b := range r.Scenario.TurnRecord() {
			if b.Def != nil {
				r.weather[b.Turn] = b.Def.Weather
			}
		}
	}
	return r.weather[turn]
}

func merge(into, from []int) {
	for i, t := range from {
		if t > 0 && (into[i] == 0 || t < into[i]) {
			into[i] = t
		}
	}
}

func dedupe(srcs []source) []source {
	seen := map[source]bool{}
	out := srcs[:0:0]
	for _, s := range srcs {
		if !seen[s] {
			seen[s] = true
			out = append(out, s)
		}
	}
	return out
}

func signature(srcs []source) string {
	var b strings.Builder
	for _, s := range srcs {
		fmt.Fprintf(&b, "%d,%d,%d,%v;", s.cell.Col, s.cell.Row, s.turn, s.enter)
	}
	return b.String()
}

// objectives lists, for each side, the places its victory conditions (or its awards) ask it to take, with
// the first turn it can reach them.
func (r *ScenarioReport) objectives(e *rules.Engine) {
	sc := r.Scenario
	type need struct{ side, place string }
	var needs []need
	seen := map[need]bool{}
	at := map[need]diag.Pos{}
	want := func(side, place string, pos diag.Pos) {
		n := need{side, place}
		if side != "" && place != "" && !seen[n] {
			seen[n] = true
			needs = append(needs, n)
			at[n] = pos
		}
	}
	for _, o := range sc.Objectives {
		for _, s := range o.Sides {
			want(s, o.ID, o.At)
		}
	}
	var walk func(c *content.Condition, side string)
	walk = func(c *content.Condition, side string) {
		who := cmp.Or(c.Of, side)
		for _, p := range append(append([]string(nil), c.Controls...), c.Holds...) {
			want(who, p, c.At)
		}
		for i := range c.All {
			walk(&c.All[i], who)
		}
		for i := range c.Any {
			walk(&c.Any[i], who)
		}
		// A condition under not is one the side must prevent, not take.
	}
	if v := sc.Victory; v != nil {
		for i := range v.Decide {
			walk(&v.Decide[i].Condition, v.Decide[i].Side)
		}
		for _, a := range v.Awards {
			if a.Objective != "" && a.Points.Sign() > 0 {
				want(a.Side, a.Objective, a.At)
			}
		}
	}
	for _, n := range needs {
		if o, ok := r.Objective(n.side, n.place); ok {
			if o.Pos.File == "" || objective(sc, n.place) == nil {
				o.Pos = at[n]
			}
			r.Objectives = append(r.Objectives, o)
		}
	}
}

// Objective is how soon a side can reach a place: an objective of the scenario's (by id), a location, or a
// cell; ok is false for a place the map set does not have.
func (r *ScenarioReport) Objective(side, place string) (ObjectiveReach, bool) {
	sc := r.Scenario
	o := ObjectiveReach{Side: side, Objective: place, By: r.Length}
	controls := map[string]string{}
	for _, c := range sc.ControlAtStart(r.Set) {
		controls[c.Place] = c.Side
	}
	var labels []string
	loc := ""
	if obj := objective(sc, place); obj != nil {
		o.Pos, o.Name = obj.At, obj.Name
		labels, loc = obj.Cells, obj.Location
	} else if _, l, err := r.Set.Place(place); err == nil && l != nil {
		loc = place
	} else {
		labels = []string{place}
	}
	o.Held = controls[place] == side || loc != "" && controls[loc] == side
	for _, l := range labels {
		o.Held = o.Held || controls[l] == side
		if c, ok := r.cellOf(l); ok {
			o.Cells = append(o.Cells, c)
		}
	}
	if loc != "" {
		if cs, _, err := r.Set.Place(loc); err == nil {
			for _, c := range cs {
				if !slices.Contains(o.Cells, c) {
					o.Cells = append(o.Cells, c)
				}
			}
		}
	}
	if len(o.Cells) == 0 {
		return o, false // a place the map set does not have: the victory checks report it
	}
	for _, c := range o.Cells {
		if t := r.FirstAt(side, c); t > 0 && (o.First == 0 || t < o.First) {
			o.First = t
		}
		if t := r.OpenAt(side, c); t > 0 && (o.Open == 0 || t < o.Open) {
			o.Open = t
		}
	}
	return o, true
}

func objective(sc *content.Scenario, id string) *content.Objective {
	for i := range sc.Objectives {
		if sc.Objectives[i].ID == id {
			return &sc.Objectives[i]
		}
	}
	return nil
}

// CombatTable is the package's table turn-1 odds are read on: the first with combat settings that say how
// to sum attack and defence strengths, and columns read as odds or differences.
func CombatTable(pkg *content.Package) *content.Table {
	for _, t := range pkg.Tables() {
		if c := t.Combat; c != nil && c.Attack != "" && c.Defence != "" {
			if _, err := t.Odds(); err == nil {
				return t
			}
		}
	}
	return nil
}

// odds works out, for each side, the best attack it can make on turn 1 on each enemy stack set up on the map.
func (r *ScenarioReport) odds(e *rules.Engine) error {
	t := CombatTable(e.Package())
	if t == nil {
		r.Notes = append(r.Notes, "No combat table says how strength is summed (its combat's attack and defence): turn-1 odds, sector strengths and expected losses are not worked out.")
		return nil
	}
	r.Table = t
	g, sc := r.ground, r.Scenario
	weather := ""
	for _, td := range sc.Turns {
		if td.Turn == 1 {
			weather = td.Weather
		}
	}
	stop := e.System().EnterEnemy == content.EnterEnemyStop
	for _, s := range r.Sides {
		fixed := false
		for _, p := range s.pieces {
			fixed = fixed || p.fixed
		}
		if !fixed && len(s.pieces) > 0 {
			r.Notes = append(r.Notes, fmt.Sprintf("Side %s sets up in zones or enters the map: its units stand on no given cells, so no turn-1 odds are worked out against them.", s.Side.ID))
		}
	}
	for _, s := range r.Sides {
		// The enemy stacks: every other side's units set up on a cell, by cell.
		stacks := map[int][]*piece{}
		var order []int
		for _, o := range r.Sides {
			if o == s {
				continue
			}
			for _, p := range o.pieces {
				if !p.fixed {
					continue
				}
				for _, src := range p.sources {
					i := g.index[src.cell]
					if stacks[i] == nil {
						order = append(order, i)
					}
					stacks[i] = append(stacks[i], p)
				}
			}
		}
		sort.Ints(order)
		enemy := map[int]bool{}
		for _, i := range order {
			enemy[i] = true
		}
		for _, i := range order {
			target := g.cells[i]
			od := Odds{Side: s.Side.ID, Target: target, Terrain: r.Set.Terrain(target)}
			var defenders []content.Combatant
			for _, p := range stacks[i] {
				n, ok, err := e.Strength(t, "defence", p.unit, p.flipped)
				if err != nil || !ok {
					continue
				}
				od.Defence = od.Defence.Add(n)
				od.Defenders = append(od.Defenders, p.unit)
				defenders = append(defenders, content.Combatant{Unit: p.unit, Flipped: p.flipped, Markers: p.markers})
			}
			if od.Defence.Sign() <= 0 && t.CombatMethod() == content.CombatOdds {
				continue
			}
			var attackers []content.Combatant
			for _, p := range s.pieces {
				n, ok, err := e.Strength(t, "attack", p.unit, p.flipped)
				if err != nil || !ok || n.Sign() <= 0 || p.turn1 == nil {
					continue
				}
				from := -1
				if stop && p.turn1[i] == 1 {
					from = i
				} else {
					best := math.MinInt
					for _, nb := range g.nbr[i] {
						if enemy[nb] || p.turn1[nb] != 1 {
							continue
						}
						if sc := r.shiftScore(t, g.cells[nb], target); sc > best {
							best, from = sc, nb
						}
					}
				}
				if from < 0 {
					continue
				}
				c := content.Combatant{Unit: p.unit, Flipped: p.flipped, Markers: p.markers}
				if from != i {
					c.Across = r.Set.FeaturesBetween(g.cells[from], target)
				}
				attackers = append(attackers, c)
				od.Attack = od.Attack.Add(n)
				od.Attackers = append(od.Attackers, p.unit)
			}
			if len(attackers) == 0 {
				continue
			}
			col, err := e.Combat(t, rules.Attack{Attack: od.Attack, Defence: od.Defence, Terrain: od.Terrain,
				Attackers: attackers, Defenders: defenders, Weather: weather})
			if err != nil {
				continue // a formula that fails at run time: the formulas check reports it
			}
			od.Column = col
			r.Odds = append(r.Odds, od)
		}
	}
	return nil
}

// shiftScore is how the column shifts and die-roll modifiers that name hexside features favour attacking
// from cell from: the columns (and roll) they add when attacking across what lies between.
func (r *ScenarioReport) shiftScore(t *content.Table, from, target grid.Cell) int {
	across := r.Set.FeaturesBetween(from, target)
	score := 0
	for _, s := range t.Combat.Shifts {
		if len(s.Across) > 0 && sharesAny(s.Across, across) {
			score += s.Columns
		}
	}
	for _, m := range t.Combat.Modifiers {
		if len(m.Across) > 0 && sharesAny(m.Across, across) {
			score += m.Roll
		}
	}
	return score
}

func sharesAny(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}

// Best is a side's best turn-1 odds over every enemy stack (nil when it can attack none).
func (r *ScenarioReport) Best(side string) *Odds {
	var best *Odds
	for i := range r.Odds {
		o := &r.Odds[i]
		if o.Side != side || o.Column.Refused {
			continue
		}
		if best == nil || o.Column.Index > best.Column.Index || o.Column.Index == best.Column.Index && o.Column.Modifier > best.Column.Modifier {
			best = o
		}
	}
	return best
}

// sectors cuts the map into three bands across the line from the first side's units to the second's, and
// sums the attack strength each side can bring into each band by the end of turn 1 (a unit counts in every
// band it can reach).
func (r *ScenarioReport) sectors(e *rules.Engine) {
	if r.Table == nil || len(r.Sides) < 2 {
		return
	}
	g := r.ground
	centre := func(c grid.Cell) grid.Point {
		switch {
		case r.Set.Network():
			return r.Set.Boards[0].Geo.Centre(c)
		case r.Set.Type == content.GridHex:
			return r.Set.Hex.Centre(c)
		default:
			return r.Set.Square.Centre(c)
		}
	}
	mean := func(s *SideReach) (grid.Point, bool) {
		var x, y float64
		n := 0
		for _, p := range s.pieces {
			for _, src := range p.sources {
				if src.turn <= 1 {
					q := centre(src.cell)
					x, y, n = x+q.X, y+q.Y, n+1
				}
			}
		}
		if n == 0 {
			return grid.Point{}, false
		}
		return grid.Point{X: x / float64(n), Y: y / float64(n)}, true
	}
	a, ok1 := mean(r.Sides[0])
	b, ok2 := mean(r.Sides[1])
	if !ok1 || !ok2 || a == b {
		return
	}
	// Bands run along the front: across the line between the sides.
	dx, dy := b.X-a.X, b.Y-a.Y
	names := []string{"north", "centre", "south"}
	along := func(q grid.Point) float64 { return q.Y }
	if math.Abs(dy) > math.Abs(dx) {
		names = []string{"west", "centre", "east"}
		along = func(q grid.Point) float64 { return q.X }
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range g.cells {
		v := along(centre(c))
		lo, hi = math.Min(lo, v), math.Max(hi, v)
	}
	band := func(c grid.Cell) int {
		if hi <= lo {
			return 1
		}
		return min(int((along(centre(c))-lo)/(hi-lo)*3), 2)
	}
	r.Sectors = make([]Sector, 3)
	for i := range r.Sectors {
		r.Sectors[i] = Sector{Name: names[i], Strength: map[string]value.Number{}}
	}
	for _, s := range r.Sides {
		for _, p := range s.pieces {
			n, ok, err := e.Strength(r.Table, "attack", p.unit, p.flipped)
			if err != nil || !ok || p.turn1 == nil {
				continue
			}
			var in [3]bool
			for i, t := range p.turn1 {
				if t == 1 {
					in[band(g.cells[i])] = true
				}
			}
			for k := range in {
				if in[k] {
					r.Sectors[k].Strength[s.Side.ID] = r.Sectors[k].Strength[s.Side.ID].Add(n)
				}
			}
		}
	}
}

// losses sets each side's replacements against the steps one attack a turn each way is expected to cost.
func (r *ScenarioReport) losses(e *rules.Engine) {
	if r.Table == nil {
		return
	}
	ta := AnalyseTable(r.Table, e.System())
	read := func(o *Odds) *Expected {
		if o == nil || !ta.Analysed {
			return nil
		}
		cols := ta.read(o.Column.Modifier)
		return cols[o.Column.Index].Expected
	}
	for _, s := range r.Sides {
		l := SideLosses{Side: s.Side.ID}
		last := r.Length
		for i := range s.Side.Replacements {
			rp := &s.Side.Replacements[i]
			turns := rp.TurnsOf(last)
			l.Turns = append(l.Turns, turns...)
			l.Steps += rp.Steps * len(turns)
			if rp.Points != nil {
				l.Points = l.Points.Add(rp.Points.Mul(value.Int(int64(len(turns)))))
			}
		}
		slices.Sort(l.Turns)
		l.Turns = slices.Compact(l.Turns)
		if b := r.Best(s.Side.ID); b != nil {
			l.Attack = b.Column.Label
			if ex := read(b); ex != nil {
				l.AttackLoss, l.Inflicts, l.HasExpected = ex.AttackerSteps, ex.DefenderSteps, true
			}
		}
		defend := -1
		for _, o := range r.Sides {
			if o == s {
				continue
			}
			if b := r.Best(o.Side.ID); b != nil && b.Column.Index > defend {
				defend = b.Column.Index
				l.Defend = b.Column.Label
				if ex := read(b); ex != nil {
					l.DefendLoss, l.HasExpected = ex.DefenderSteps, true
				}
			}
		}
		r.Losses = append(r.Losses, l)
	}
}
