package errata

import (
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/setup"
	"github.com/muster-wargames/muster/print/counters"
)

// Scenario is a scenario added, removed, or whose start changed: the units set up elsewhere (or otherwise:
// flipped, on another step, under other markers), set up only in the new version or only in the old, and
// the units waiting off the map (reinforcements, zones, pools) whose numbers changed. A scenario whose other
// values changed (its victory conditions, its length) is among the documents.
type Scenario struct {
	ID      string    `json:"id"`
	Name    string    `json:"name,omitempty"`
	Status  string    `json:"status"`
	Moved   []Move    `json:"moved,omitempty"`
	Placed  []Setup   `json:"placed,omitempty"`
	Lifted  []Setup   `json:"lifted,omitempty"`
	Waiting []Waiting `json:"waiting,omitempty"`
	Pos     diag.Pos  `json:"pos"`
}

// Setup is a unit set up on the map: its side, the design (Unit its unit type or marker id) and where, as
// the map prints the cells ("1503", "1503 1504" for a two-cell unit, "12.5, 3 in" on an open table), with
// how it stands ("flipped", "step 2", "with out-of-supply").
type Setup struct {
	Side  string `json:"side"`
	Unit  string `json:"unit"`
	Key   string `json:"key"`
	Where string `json:"where"`
}

// Move is a unit set up elsewhere, or standing otherwise, in the new version.
type Move struct {
	Side string `json:"side"`
	Unit string `json:"unit"`
	Key  string `json:"key"`
	From string `json:"from"`
	To   string `json:"to"`
}

// Waiting is a design whose number waiting in a group off the map changed.
type Waiting struct {
	Side  string `json:"side"`
	Group string `json:"group"` // "Reinforcements, turn 4 by the east edge", ...
	Unit  string `json:"unit"`
	Key   string `json:"key"`
	Old   int    `json:"old"`
	New   int    `json:"new"`
}

// start is a scenario's start as the exporters lay it out (setup.Scenario): each side's units by design with
// where they stand, and the numbers waiting in each group.
type start struct {
	placed  map[[2]string][]string // side, design key -> where each copy stands
	order   [][2]string            // the keys of placed in set-up order
	waiting map[[3]string]int      // side, group, design key -> copies
	worder  [][3]string
}

// compareScenarios compares the scenarios' starts, in the new version's order, then those removed.
func compareScenarios(old, new Version) ([]Scenario, error) {
	op, np := old.Checked.Package(), new.Checked.Package()
	odes, err := setupDesigns(op)
	if err != nil {
		return nil, err
	}
	ndes, err := setupDesigns(np)
	if err != nil {
		return nil, err
	}
	var out []Scenario
	for _, nsc := range np.Scenarios() {
		s := Scenario{ID: nsc.ID, Name: nsc.Name, Pos: new.relabel(metaPos(&nsc.Meta))}
		osc := op.Scenario(nsc.ID)
		if osc == nil {
			s.Status = Added
			out = append(out, s)
			continue
		}
		a, err := startOf(op, osc, odes)
		if err != nil {
			return nil, err
		}
		b, err := startOf(np, nsc, ndes)
		if err != nil {
			return nil, err
		}
		s.Moved, s.Placed, s.Lifted = comparePlaced(a, b)
		s.Waiting = compareWaiting(a, b)
		if len(s.Moved)+len(s.Placed)+len(s.Lifted)+len(s.Waiting) > 0 {
			s.Status = Changed
			out = append(out, s)
		}
	}
	for _, osc := range op.Scenarios() {
		if np.Scenario(osc.ID) == nil {
			out = append(out, Scenario{ID: osc.ID, Name: osc.Name, Status: Removed, Pos: old.relabel(metaPos(&osc.Meta))})
		}
	}
	return out, nil
}

// setupDesigns finds the counter design a side fields for a unit type or marker, as the exporters do.
func setupDesigns(p *content.Package) (setup.Designs, error) {
	cs, err := counters.FromPackage(p, counters.Options{AllTypes: true, SkipImages: true})
	if err != nil {
		return nil, fmt.Errorf("errata: %s's counters: %w", p.Dir, err)
	}
	byKey, firstOf := map[string]*counters.Counter{}, map[string]*counters.Counter{}
	for i := range cs {
		c := &cs[i]
		if _, ok := byKey[c.Kind+"/"+c.ID]; !ok {
			byKey[c.Kind+"/"+c.ID] = c
		}
		if _, ok := firstOf[c.Kind+"/"+c.Of]; !ok {
			firstOf[c.Kind+"/"+c.Of] = c
		}
	}
	return func(id string, factions []string) (string, int, bool) {
		c, ok := setup.DesignFor(byKey, firstOf, id, factions)
		if !ok {
			return "", 0, false
		}
		return c.Kind + "/" + c.ID, c.Footprint, true
	}, nil
}

func startOf(p *content.Package, sc *content.Scenario, designs setup.Designs) (*start, error) {
	set, ds := p.MapSet(sc)
	if ds.HasErrors() {
		return nil, fmt.Errorf("errata: scenario %s's maps: %s", sc.ID, ds[0].Message)
	}
	plan, ds := setup.Scenario(p, sc, set, designs, "errata.setup")
	if ds.HasErrors() {
		return nil, fmt.Errorf("errata: scenario %s's set-up: %s", sc.ID, ds[0].Message) // validate has passed it
	}
	st := &start{placed: map[[2]string][]string{}, waiting: map[[3]string]int{}}
	side := func(i int) string {
		if i >= 0 && i < len(sc.Sides) {
			return sc.Sides[i].ID
		}
		return strconv.Itoa(i)
	}
	for _, u := range plan.Placed {
		k := [2]string{side(u.Side), u.Key}
		if _, ok := st.placed[k]; !ok {
			st.order = append(st.order, k)
		}
		st.placed[k] = append(st.placed[k], where(u))
	}
	for _, h := range plan.Holdings {
		for _, u := range h.Units {
			k := [3]string{side(h.Side), h.Label, u.Key}
			if _, ok := st.waiting[k]; !ok {
				st.worder = append(st.worder, k)
			}
			st.waiting[k] += u.N
		}
	}
	return st, nil
}

// where says where and how a placed unit stands.
func where(u setup.Placed) string {
	var w string
	switch {
	case len(u.Labels) > 0:
		w = strings.Join(u.Labels, " ")
	case u.Point != nil:
		w = fmt.Sprintf("%s, %s in", strconv.FormatFloat(u.Point.X, 'f', -1, 64), strconv.FormatFloat(u.Point.Y, 'f', -1, 64))
	}
	var how []string
	if u.Flipped {
		how = append(how, "flipped")
	}
	if u.Step > 0 {
		how = append(how, "step "+strconv.Itoa(u.Step+1))
	}
	for _, m := range u.Markers {
		how = append(how, "with "+designID(m))
	}
	if len(how) > 0 {
		w += " (" + strings.Join(how, ", ") + ")"
	}
	return w
}

// designID is the unit type or marker id of a design key (unit/ID.faction -> ID.faction).
func designID(key string) string {
	_, id, _ := strings.Cut(key, "/")
	return id
}

// comparePlaced pairs each design's set-up places: those in both stay, one gone and one new of the same
// design is a move (in set-up order), the rest are placed or lifted.
func comparePlaced(a, b *start) (moved []Move, placed, lifted []Setup) {
	keys := slices.Clone(b.order)
	for _, k := range a.order {
		if _, ok := b.placed[k]; !ok {
			keys = append(keys, k)
		}
	}
	for _, k := range keys {
		gone, come := minus(a.placed[k], b.placed[k]), minus(b.placed[k], a.placed[k])
		n := min(len(gone), len(come))
		for i := range n {
			moved = append(moved, Move{Side: k[0], Unit: designID(k[1]), Key: k[1], From: gone[i], To: come[i]})
		}
		for _, w := range come[n:] {
			placed = append(placed, Setup{Side: k[0], Unit: designID(k[1]), Key: k[1], Where: w})
		}
		for _, w := range gone[n:] {
			lifted = append(lifted, Setup{Side: k[0], Unit: designID(k[1]), Key: k[1], Where: w})
		}
	}
	return moved, placed, lifted
}

// minus is a without the elements of b, each as many times as b has it.
func minus(a, b []string) []string {
	left := map[string]int{}
	for _, s := range b {
		left[s]++
	}
	var out []string
	for _, s := range a {
		if left[s] > 0 {
			left[s]--
			continue
		}
		out = append(out, s)
	}
	return out
}

func compareWaiting(a, b *start) []Waiting {
	keys := slices.Clone(b.worder)
	for _, k := range a.worder {
		if _, ok := b.waiting[k]; !ok {
			keys = append(keys, k)
		}
	}
	var out []Waiting
	for _, k := range keys {
		if o, n := a.waiting[k], b.waiting[k]; o != n {
			out = append(out, Waiting{Side: k[0], Group: k[1], Unit: designID(k[2]), Key: k[2], Old: o, New: n})
		}
	}
	return out
}
