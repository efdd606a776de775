package pointbuy

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/generators/dice"
)

// Supply is how many counters of each unit type a counter mix still has; a type it does not list has none.
// Buy takes what it buys out of it, so two sides drawing on one mix never field more than it holds.
type Supply map[string]int

// NewSupply is the full supply of a counter mix.
func NewSupply(m *content.CounterMix) Supply {
	s := Supply{}
	for _, e := range m.Counters {
		if e.Unit != "" {
			n := e.Count
			if n == 0 {
				n = 1
			}
			s[e.Unit] += n
		}
	}
	return s
}

// Request is one side's purchase.
type Request struct {
	Side   *content.SideGen
	Budget value.Number // most the force may cost
	Floor  value.Number // least it must cost (the budget less the balance tolerance)
	Supply Supply       // nil: no counter mix limits the side

	evals *int // counts rule evaluations, for the tests that bound the work of a purchase; nil: not counted
}

// Result is a bought force.
type Result struct {
	Units []content.ForceEntry // one line per unit type, in the order first bought
	Items []content.ItemEntry
	Total value.Number
}

// attempts is how many fresh draws Buy makes before it gives up on the balance window.
const attempts = 40

// MaxUnits bounds one side's purchase: a budget that could buy more units than this is refused, so a slip of
// the keyboard in --points is an error at once, not hours of buying one unit at a time.
const MaxUnits = 100_000

// Buy buys a force for one side. It fails with an error saying which constraint could not be met when no
// force within the window [Floor, Budget] keeps the System's rules.
func (c *Catalog) Buy(req Request, r *dice.Roller) (*Result, error) {
	sd := req.Side
	cands, needs := c.candidates(sd, req.Supply)
	if len(cands) == 0 {
		return nil, fmt.Errorf("side %s has no unit type to buy: none of faction %s%s costs points and is in its counter mix", sd.ID,
			strings.Join(sd.Faction, ", "), classesNote(sd))
	}
	if err := c.checkSize(req, cands); err != nil {
		return nil, err
	}
	var last error
	for a := 0; a < attempts; a++ {
		rr := r
		if a > 0 {
			rr = r.Part(fmt.Sprintf("retry-%d", a))
		}
		f, err := c.tryBuy(req, cands, needs, rr)
		if err == nil {
			for _, l := range f.g.Lines {
				if req.Supply != nil {
					req.Supply[l.Unit.Type.ID] -= l.Count
				}
			}
			return f.result(), nil
		}
		last = err
		if _, hard := err.(hardError); hard {
			break
		}
	}
	return nil, fmt.Errorf("side %s: %v", sd.ID, last)
}

// checkSize refuses a budget that could buy more than MaxUnits units: the budget over the cheapest unit's
// cost, or the counters the mix supplies, whichever is less.
func (c *Catalog) checkSize(req Request, cands []*content.UnitType) error {
	cheapest := cands[0]
	for _, u := range cands {
		if c.unitCost[u.ID].Cmp(c.unitCost[cheapest.ID]) < 0 {
			cheapest = u
		}
	}
	cost := c.unitCost[cheapest.ID]
	most := req.Budget.Quo(cost).Floor() // cost > 0 for a candidate
	if req.Supply != nil {
		var n int64
		for _, u := range cands {
			n += int64(req.Supply[u.ID])
		}
		most = min(most, n)
	}
	if most > MaxUnits {
		return fmt.Errorf("side %s: a budget of %s points buys up to %d units (the cheapest, %s, costs %s); muster buys at most %d units for a side",
			req.Side.ID, req.Budget, most, cheapest.ID, cost, MaxUnits)
	}
	return nil
}

// hardError is a failure no other draw can mend.
type hardError struct{ msg string }

func (e hardError) Error() string { return e.msg }

func classesNote(sd *content.SideGen) string {
	if len(sd.Classes) > 0 {
		return " and class " + strings.Join(sd.Classes, ", ")
	}
	return ""
}

// candidates are the unit types a side may buy with points, and the ones it may field to meet ratio rules
// (baggage trains, whatever they cost).
func (c *Catalog) candidates(sd *content.SideGen, sup Supply) (buy, need []*content.UnitType) {
	for _, u := range c.unitTypes {
		if !c.sideMayField(sd, u, sup) {
			continue
		}
		if len(sd.Units) > 0 && !in(sd.Units, u.ID) || len(sd.Classes) > 0 && !shareAny(sd.Classes, u.Classes) {
			need = append(need, u)
			continue
		}
		need = append(need, u)
		if c.unitCost[u.ID].Cmp(value.Number{}) > 0 && !taken(sd, u) {
			buy = append(buy, u)
		}
	}
	return buy, need
}

// taken reports whether a side's take list fixes how many of a unit type it fields, so that points do not buy
// more of it.
func taken(sd *content.SideGen, u *content.UnitType) bool {
	for _, p := range sd.Take {
		if p.Unit == u.ID || p.Unit == "" && shareAny(p.Classes, u.Classes) {
			return true
		}
	}
	return false
}

func (c *Catalog) sideMayField(sd *content.SideGen, u *content.UnitType, sup Supply) bool {
	if len(sd.Faction) > 0 && !in(sd.Faction, u.Faction) || in(sd.Exclude, u.ID) {
		return false
	}
	return sup == nil || sup[u.ID] > 0
}

// ------------------------------------------------------------------------------------------------ force

type itemLine struct {
	item, unit string
	n          int
	each       value.Number
}

// force is a side's purchase as it grows: a rules.Group of scope side (so the engine evaluates the System's
// rules on it exactly as validate will on the finished side), its lines indexed by unit type.
type force struct {
	c      *Catalog
	side   *content.SideGen
	g      *rules.Group
	index  map[string]int // unit type id -> index in g.Lines
	items  []itemLine
	evals  *int // rule evaluations so far, for the tests that bound the work a purchase does
	budget value.Number
	supply Supply
}

func newForce(c *Catalog, sd *content.SideGen, budget value.Number, sup Supply) *force {
	b := budget
	side := &content.Side{ID: sd.ID, Name: sd.Name, Budget: &b}
	return &force{c: c, side: sd, index: map[string]int{}, budget: budget, supply: sup, evals: new(int),
		g: &rules.Group{Scope: rules.ScopeSide, What: "side " + sd.ID + " (generated)", Side: side, Budget: &b,
			Markers: map[string]int{}, Items: map[string]float64{}}}
}

func (f *force) count(id string) int {
	if i, ok := f.index[id]; ok {
		return f.g.Lines[i].Count
	}
	return 0
}

func (f *force) add(u *content.UnitType, n int) {
	i, ok := f.index[u.ID]
	if !ok {
		i = len(f.g.Lines)
		f.index[u.ID] = i
		f.g.Lines = append(f.g.Lines, rules.Line{Unit: f.c.units[u.ID], Side: f.side.ID})
	}
	f.setCount(i, f.g.Lines[i].Count+n)
}

func (f *force) remove(u *content.UnitType, n int) {
	i := f.index[u.ID]
	f.setCount(i, f.g.Lines[i].Count-n)
	if f.g.Lines[i].Count == 0 && i == len(f.g.Lines)-1 {
		f.g.Lines = f.g.Lines[:i]
		delete(f.index, u.ID)
	}
}

func (f *force) setCount(i, n int) {
	l := &f.g.Lines[i]
	cost := f.c.unitCost[l.Unit.Type.ID]
	f.g.Points = f.g.Points.Sub(l.Points)
	l.Count = n
	l.Points = cost.Mul(value.Int(int64(n)))
	f.g.Points = f.g.Points.Add(l.Points)
	f.g.Changed()
}

// addItem buys n of an item (for a unit, when the item is priced by the unit).
func (f *force) addItem(item, unit string, each value.Number, n int) {
	f.g.Changed()
	f.g.Items[item] += float64(n)
	f.g.Points = f.g.Points.Add(each.Mul(value.Int(int64(n))))
	for i := range f.items {
		if f.items[i].item == item && f.items[i].unit == unit {
			f.items[i].n += n
			return
		}
	}
	f.items = append(f.items, itemLine{item, unit, n, each})
}

func (f *force) removeItem(item, unit string, n int) {
	for i := range f.items {
		if f.items[i].item == item && f.items[i].unit == unit {
			f.g.Changed()
			f.items[i].n -= n
			f.g.Items[item] -= float64(n)
			f.g.Points = f.g.Points.Sub(f.items[i].each.Mul(value.Int(int64(n))))
			if f.items[i].n == 0 {
				f.items = append(f.items[:i], f.items[i+1:]...)
			}
			return
		}
	}
}

func (f *force) result() *Result {
	res := &Result{Total: f.g.Points}
	for _, l := range f.g.Lines {
		if l.Count > 0 {
			res.Units = append(res.Units, content.ForceEntry{Unit: l.Unit.Type.ID, Count: l.Count})
		}
	}
	for _, it := range f.items {
		res.Items = append(res.Items, content.ItemEntry{Item: it.item, Unit: it.unit, Count: value.Int(int64(it.n))})
	}
	return res
}

// broken returns the first rule the force breaks, counting only limits that more units can never mend (ratio
// and minimum rules are mended by completing and are checked by final).
func (f *force) broken() string {
	if f.g.Points.Cmp(f.budget) > 0 {
		return "budget"
	}
	for _, r := range f.c.rules {
		*f.evals++
		vs, _ := f.c.eng.Evaluate(r, f.g)
		for _, v := range vs {
			if !v.Mendable {
				return r.Def.ID
			}
		}
	}
	return ""
}

// final returns the first rule the finished force breaks, minimums and ratios included.
func (f *force) final() string {
	if b := f.broken(); b != "" {
		return b
	}
	for _, r := range f.c.rules {
		*f.evals++
		if vs, _ := f.c.eng.Evaluate(r, f.g); len(vs) > 0 {
			return r.Def.ID
		}
	}
	return ""
}

// complete adds the units ratio rules ask for (a baggage train for every 4 combat units), cheapest first;
// false when the side cannot field them.
func (f *force) complete(needs []*content.UnitType, added *[]addition) bool {
	if !f.c.hasRatio {
		return true
	}
	for round := 0; round < 64; round++ {
		done := true
		for _, r := range f.c.rules {
			rn, ok := f.c.eng.RatioNeed(r, f.g)
			if !ok || rn.Have >= rn.Need {
				continue
			}
			done = false
			c := r.Def.Ratio
			var best *content.UnitType
			for _, u := range needs {
				if !(in(c.NeedUnits, u.ID) || shareAny(c.Need, u.Classes)) || f.supply != nil && f.count(u.ID) >= f.supply[u.ID] {
					continue
				}
				if best == nil || f.c.unitCost[u.ID].Cmp(f.c.unitCost[best.ID]) < 0 {
					best = u
				}
			}
			if best == nil {
				return false
			}
			f.add(best, 1)
			*added = append(*added, addition{best, 1})
			break
		}
		if done {
			return true
		}
	}
	return false
}

type addition struct {
	ut *content.UnitType
	n  int
}

// try adds one unit and whatever ratio rules then ask for; it keeps them when no limit breaks.
func (f *force) try(u *content.UnitType, needs []*content.UnitType) bool {
	if f.supply != nil && f.count(u.ID) >= f.supply[u.ID] {
		return false
	}
	added := []addition{{u, 1}}
	f.add(u, 1)
	ok := f.complete(needs, &added) && f.broken() == ""
	if !ok {
		for i := len(added) - 1; i >= 0; i-- {
			f.remove(added[i].ut, added[i].n)
		}
	}
	return ok
}

func (c *Catalog) tryBuy(req Request, cands, needs []*content.UnitType, r *dice.Roller) (*force, error) {
	sd := req.Side
	f := newForce(c, sd, req.Budget, req.Supply)
	if req.evals != nil {
		f.evals = req.evals
	}
	// Units taken whatever the points (leaders).
	for _, p := range sd.Take {
		n := r.Range(p.Count, 1)
		var pool []*content.UnitType
		for _, u := range needs {
			if p.Unit == u.ID || p.Unit == "" && shareAny(p.Classes, u.Classes) {
				pool = append(pool, u)
			}
		}
		for k := 0; k < n; k++ {
			ok := false
			for _, i := range perm(r, len(pool)) {
				if f.try(pool[i], needs) {
					ok = true
					break
				}
			}
			if !ok && k < minOf(p.Count, 1) {
				what := p.Unit
				if what == "" {
					what = "class " + strings.Join(p.Classes, ", ")
				}
				return nil, hardError{fmt.Sprintf("cannot take %d %s: the counter mix or the rules allow only %d", minOf(p.Count, 1), what, k)}
			}
		}
	}
	// Minimums first: classes a rule wants a share or a number of.
	for _, rl := range c.rules {
		x := rl.Def
		var classes, units []string
		switch {
		case x.Percent != nil && x.Percent.Min != nil:
			classes = x.Percent.Classes
		case x.Count != nil && x.Count.Min != nil:
			classes, units = x.Count.Classes, x.Count.Units
		default:
			continue
		}
		var pool []*content.UnitType
		for _, u := range cands {
			if in(units, u.ID) || shareAny(classes, u.Classes) {
				pool = append(pool, u)
			}
		}
		for guard := 0; guard < 1000 && f.final() == x.ID; guard++ {
			ok := false
			for _, i := range perm(r, len(pool)) {
				if f.try(pool[i], needs) {
					ok = true
					break
				}
			}
			if !ok {
				return nil, hardError{fmt.Sprintf("cannot meet rule %s (%s) within a budget of %s points", x.ID, ruleDoc(x), req.Budget)}
			}
		}
	}
	// Then units at random until nothing more fits. A unit that does not fit now never will: the force only
	// grows, and the limits only tighten.
	pool := append([]*content.UnitType(nil), cands...)
	for len(pool) > 0 {
		i := r.IntN(len(pool))
		if !f.try(pool[i], needs) {
			pool[i] = pool[len(pool)-1]
			pool = pool[:len(pool)-1]
		}
	}
	// Points left over buy the side's items.
	c.buyItems(f, r)
	if b := f.final(); b != "" {
		return nil, fmt.Errorf("the force breaks rule %s", b)
	}
	if f.g.Points.Cmp(req.Floor) < 0 {
		cheapest := cands[0]
		for _, u := range cands {
			if c.unitCost[u.ID].Cmp(c.unitCost[cheapest.ID]) < 0 {
				cheapest = u
			}
		}
		if f.g.Points.Cmp(value.Number{}) == 0 || len(f.g.Lines) == 0 {
			return nil, hardError{fmt.Sprintf("the budget of %s points buys nothing: the cheapest unit, %s, costs %s, and with the units the rules then require it does not fit or breaks a rule",
				req.Budget, cheapest.ID, c.unitCost[cheapest.ID])}
		}
		return nil, fmt.Errorf("no force within the balance tolerance: the best draw costs %s, the window is %s to %s points", f.g.Points, req.Floor, req.Budget)
	}
	return f, nil
}

// buyItems spends the points left over on the side's items, picking among them at random. A pick buys a
// share of what still fits (an eighth, at least one), halving it until no rule breaks, so a large surplus is
// spent in a few dozen steps rather than one item at a time.
func (c *Catalog) buyItems(f *force, r *dice.Roller) {
	type buy struct{ item, unit string }
	var opts []buy
	for _, id := range f.side.Items {
		if c.perUnit[id] {
			for _, l := range f.g.Lines {
				if c.ItemCost(id, l.Unit.Type.ID).Cmp(value.Number{}) > 0 {
					opts = append(opts, buy{id, l.Unit.Type.ID})
				}
			}
		} else if c.hasItem(id) {
			opts = append(opts, buy{id, ""})
		}
	}
	// room is how many more of an item may be bought: an item for a unit at most once per unit of its type.
	room := func(b buy) int64 {
		if b.unit == "" {
			return math.MaxInt32
		}
		have := 0
		for _, it := range f.items {
			if it.item == b.item && it.unit == b.unit {
				have = it.n
			}
		}
		return int64(f.count(b.unit) - have)
	}
	for len(opts) > 0 {
		i := r.IntN(len(opts))
		b := opts[i]
		each := c.ItemCost(b.item, b.unit)
		bought := false
		if each.Cmp(value.Number{}) > 0 {
			fit := f.budget.Sub(f.g.Points).Quo(each).Floor()
			n := min(fit, room(b), math.MaxInt32)
			for n = max(n/8, 1); n >= 1 && !bought; n /= 2 {
				if n > fit || n > room(b) {
					continue
				}
				f.addItem(b.item, b.unit, each, int(n))
				if f.broken() == "" {
					bought = true
				} else {
					f.removeItem(b.item, b.unit, int(n))
				}
			}
		}
		if !bought {
			opts[i] = opts[len(opts)-1]
			opts = opts[:len(opts)-1]
		}
	}
}

func ruleDoc(x *content.RuleDef) string {
	if x.Doc != "" {
		return x.Doc
	}
	return x.Source
}

func minOf(rng []int, def int) int {
	if len(rng) > 0 {
		return rng[0]
	}
	return def
}

func perm(r *dice.Roller, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	r.Shuffle(n, func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

func in(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

func shareAny(a, b []string) bool {
	for _, x := range a {
		if in(b, x) {
			return true
		}
	}
	return false
}
