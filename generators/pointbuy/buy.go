package pointbuy

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
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
}

// Result is a bought force.
type Result struct {
	Units []content.ForceEntry // one line per unit type, in the order first bought
	Items []content.ItemEntry
	Total value.Number
}

// attempts is how many fresh draws Buy makes before it gives up on the balance window.
const attempts = 40

// Buy buys a force for one side. It fails with an error saying which constraint could not be met when no
// force within the window [Floor, Budget] keeps the System's rules.
func (c *Catalog) Buy(req Request, r *dice.Roller) (*Result, error) {
	sd := req.Side
	cands, needs := c.candidates(sd, req.Supply)
	if len(cands) == 0 {
		return nil, fmt.Errorf("side %s has no unit type to buy: none of faction %s%s costs points and is in its counter mix", sd.ID,
			strings.Join(sd.Faction, ", "), classesNote(sd))
	}
	var last error
	for a := 0; a < attempts; a++ {
		rr := r
		if a > 0 {
			rr = r.Part(fmt.Sprintf("retry-%d", a))
		}
		f, err := c.tryBuy(req, cands, needs, rr)
		if err == nil {
			for _, l := range f.lines {
				if req.Supply != nil {
					req.Supply[l.ut.ID] -= l.n
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

type line struct {
	ut *content.UnitType
	n  int
}

type itemLine struct {
	item, unit string
	n          int
	each       value.Number
}

type force struct {
	c      *Catalog
	side   *content.SideGen
	lines  []line
	index  map[string]int
	items  []itemLine
	points value.Number
	budget value.Number
	supply Supply
	run    formula.Runner
	cached formula.Env // the Group environment of the current state; nil after a change
}

func (f *force) count(id string) int {
	if i, ok := f.index[id]; ok {
		return f.lines[i].n
	}
	return 0
}

func (f *force) add(u *content.UnitType, n int) {
	i, ok := f.index[u.ID]
	if !ok {
		i = len(f.lines)
		f.index[u.ID] = i
		f.lines = append(f.lines, line{ut: u})
	}
	f.cached = nil
	f.lines[i].n += n
	f.points = f.points.Add(f.c.unitCost[u.ID].Mul(value.Int(int64(n))))
}

func (f *force) remove(u *content.UnitType, n int) {
	f.cached = nil
	i := f.index[u.ID]
	f.lines[i].n -= n
	f.points = f.points.Sub(f.c.unitCost[u.ID].Mul(value.Int(int64(n))))
	if f.lines[i].n == 0 && i == len(f.lines)-1 {
		f.lines = f.lines[:i]
		delete(f.index, u.ID)
	}
}

func (f *force) addItem(item, unit string, each value.Number) {
	f.cached = nil
	for i := range f.items {
		if f.items[i].item == item && f.items[i].unit == unit {
			f.items[i].n++
			f.points = f.points.Add(each)
			return
		}
	}
	f.items = append(f.items, itemLine{item, unit, 1, each})
	f.points = f.points.Add(each)
}

func (f *force) removeItem(item, unit string) {
	f.cached = nil
	for i := range f.items {
		if f.items[i].item == item && f.items[i].unit == unit {
			f.items[i].n--
			f.points = f.points.Sub(f.items[i].each)
			if f.items[i].n == 0 {
				f.items = append(f.items[:i], f.items[i+1:]...)
			}
			return
		}
	}
}

// sel counts the units of some types or classes.
func (f *force) sel(units, classes []string) int {
	n := 0
	for _, l := range f.lines {
		if in(units, l.ut.ID) || shareAny(classes, l.ut.Classes) {
			n += l.n
		}
	}
	return n
}

func (f *force) classPoints(classes []string) value.Number {
	var p value.Number
	for _, l := range f.lines {
		if shareAny(classes, l.ut.Classes) {
			p = p.Add(f.c.unitCost[l.ut.ID].Mul(value.Int(int64(l.n))))
		}
	}
	return p
}

func (f *force) result() *Result {
	res := &Result{Total: f.points}
	for _, l := range f.lines {
		if l.n > 0 {
			res.Units = append(res.Units, content.ForceEntry{Unit: l.ut.ID, Count: l.n})
		}
	}
	for _, it := range f.items {
		res.Items = append(res.Items, content.ItemEntry{Item: it.item, Unit: it.unit, Count: value.Int(int64(it.n))})
	}
	return res
}

// env is the Group environment of the force as a side (the validator's side scope).
func (f *force) env() formula.Env {
	if f.cached == nil {
		f.cached = f.makeEnv()
	}
	return f.cached
}

func (f *force) makeEnv() formula.Env {
	c := f.c
	g := &formula.GroupData{Counts: map[string]int{}, Points: f.points.Float(), Budget: f.budget.Float(), HasBudget: true,
		Items: map[string]float64{}, Side: map[string]any{"id": f.side.ID, "name": f.side.Name, "budget": f.budget.Float()}}
	for _, l := range f.lines {
		if l.n == 0 {
			continue
		}
		g.Counts[l.ut.ID] += l.n
		for _, cl := range l.ut.Classes {
			g.Counts[cl] += l.n
		}
		g.Counts[l.ut.ID] += 0
		if !c.unitsInEnv {
			continue
		}
		u := formula.Env{}
		for k, v := range c.unitEnvs[l.ut.ID] {
			u[k] = v
		}
		u["count"] = l.n
		u["points"] = c.unitCost[l.ut.ID].Mul(value.Int(int64(l.n))).Float()
		u["unitPoints"] = c.unitCost[l.ut.ID].Float()
		u["side"] = f.side.ID
		g.Units = append(g.Units, u)
	}
	for _, it := range f.items {
		g.Items[it.item] += float64(it.n)
	}
	return c.decl.GroupValues(g)
}

// unitEnv is a unit type as an element of a Group environment's units, derived values computed.
func (c *Catalog) unitEnv(u *content.UnitType) formula.Env {
	data := &formula.UnitData{Type: u.ID, Name: u.Name, Faction: u.Faction, Classes: u.Classes, Count: 1,
		Stats: c.sys.TypedStats(u.Stats), Derived: map[string]float64{}}
	var run formula.Runner
	for i, p := range c.derived {
		x := c.sys.Derived[i]
		if p == nil || len(x.Applies) > 0 && !shareAny(x.Applies, u.Classes) {
			continue
		}
		if n, err := run.Number(p, c.decl.UnitValues(data, nil, false)); err == nil {
			data.Derived[x.ID] = n.Float()
		}
	}
	return c.decl.UnitValues(data, nil, true)
}

// applies reports whether a rule's `when` holds for the force.
func (f *force) applies(r *rule, env formula.Env) bool {
	if r.when == nil {
		return true
	}
	ok, err := f.run.Bool(r.when, env)
	return err == nil && ok
}

// ratioNeed is how many need-units a ratio rule asks of the force, and how many it has.
func (f *force) ratioNeed(r *rule, env formula.Env) (need, have int) {
	c := r.def.Ratio
	counted := 0
	for _, l := range f.lines {
		cl := l.ut.Classes
		if (len(c.Of) == 0 || shareAny(c.Of, cl)) && !shareAny(c.Except, cl) && !(shareAny(c.Need, cl) || in(c.NeedUnits, l.ut.ID)) {
			counted += l.n
		}
	}
	each := max(c.Count, 1)
	groups := counted / c.Per
	if c.Round == "ceil" {
		groups = (counted + c.Per - 1) / c.Per
	}
	need = groups * each
	if r.plus != nil {
		if n, err := f.run.Number(r.plus, env); err == nil {
			need += int(n.Ceil())
		}
	}
	return need, f.sel(c.NeedUnits, c.Need)
}

// broken returns the first rule the force breaks, counting only limits that more units can never mend (ratio
// and minimum rules are mended by completing and are checked by final).
func (f *force) broken() string {
	if f.points.Cmp(f.budget) > 0 {
		return "budget"
	}
	lazy := f.env
	for _, r := range f.c.rules {
		x := r.def
		if r.when != nil && !f.applies(r, lazy()) {
			continue
		}
		if c := x.Count; c != nil && c.Max != nil && f.sel(c.Units, c.Classes) > *c.Max {
			return x.ID
		}
		if c := x.Percent; c != nil && c.Max != nil {
			base := f.budget
			if c.Of == "total" {
				base = f.points
			}
			if f.classPoints(c.Classes).Mul(value.Int(100)).Cmp(c.Max.Mul(base)) > 0 {
				return x.ID
			}
		}
		if c := x.PerPoints; c != nil && c.Per.Cmp(value.Number{}) > 0 {
			q := f.budget.Mul(value.Frac(c.Per.Den, c.Per.Num))
			full := q.Floor()
			if c.Round == "ceil" {
				full = q.Ceil()
			}
			if f.sel(c.Units, c.Classes) > int(full)*max(c.Count, 1) {
				return x.ID
			}
		}
		for _, l := range f.lines {
			if l.n > 1 && shareAny(x.Unique, l.ut.Classes) {
				return x.ID
			}
		}
		if r.check != nil {
			if ok, err := f.run.Bool(r.check, lazy()); err != nil || !ok {
				return x.ID
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
	env := f.env()
	for _, r := range f.c.rules {
		x := r.def
		if !f.applies(r, env) {
			continue
		}
		if c := x.Count; c != nil && c.Min != nil && f.sel(c.Units, c.Classes) < *c.Min {
			return x.ID
		}
		if c := x.Percent; c != nil && c.Min != nil {
			base := f.budget
			if c.Of == "total" {
				base = f.points
			}
			if f.classPoints(c.Classes).Mul(value.Int(100)).Cmp(c.Min.Mul(base)) < 0 {
				return x.ID
			}
		}
		if x.Ratio != nil && x.Ratio.Per > 0 {
			if need, have := f.ratioNeed(r, env); have < need {
				return x.ID
			}
		}
	}
	return ""
}

// complete adds the units ratio rules ask for (a baggage train for every 4 combat units), cheapest first;
// false when the side cannot field them.
func (f *force) complete(needs []*content.UnitType, added *[]line) bool {
	if !f.c.hasRatio {
		return true
	}
	for round := 0; round < 64; round++ {
		env := f.env()
		done := true
		for _, r := range f.c.rules {
			if r.def.Ratio == nil || r.def.Ratio.Per <= 0 || !f.applies(r, env) {
				continue
			}
			need, have := f.ratioNeed(r, env)
			if have >= need {
				continue
			}
			done = false
			var best *content.UnitType
			for _, u := range needs {
				c := r.def.Ratio
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
			*added = append(*added, line{best, 1})
			break
		}
		if done {
			return true
		}
	}
	return false
}

// try adds one unit and whatever ratio rules then ask for; it keeps them when no limit breaks.
func (f *force) try(u *content.UnitType, needs []*content.UnitType) bool {
	if f.supply != nil && f.count(u.ID) >= f.supply[u.ID] {
		return false
	}
	added := []line{{u, 1}}
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
	f := &force{c: c, side: sd, index: map[string]int{}, budget: req.Budget, supply: req.Supply}
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
		x := rl.def
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
	if f.points.Cmp(req.Floor) < 0 {
		cheapest := cands[0]
		for _, u := range cands {
			if c.unitCost[u.ID].Cmp(c.unitCost[cheapest.ID]) < 0 {
				cheapest = u
			}
		}
		if f.points.Cmp(value.Number{}) == 0 || len(f.lines) == 0 {
			return nil, hardError{fmt.Sprintf("the budget of %s points buys nothing: the cheapest unit, %s, costs %s, and with the units the rules then require it does not fit or breaks a rule",
				req.Budget, cheapest.ID, c.unitCost[cheapest.ID])}
		}
		return nil, fmt.Errorf("no force within the balance tolerance: the best draw costs %s, the window is %s to %s points", f.points, req.Floor, req.Budget)
	}
	return f, nil
}

func (c *Catalog) buyItems(f *force, r *dice.Roller) {
	type buy struct{ item, unit string }
	var opts []buy
	for _, id := range f.side.Items {
		if c.perUnit[id] {
			for _, l := range f.lines {
				if c.itemUnit[[2]string{id, l.ut.ID}].Cmp(value.Number{}) > 0 {
					opts = append(opts, buy{id, l.ut.ID})
				}
			}
		} else if _, ok := c.itemCost[id]; ok {
			opts = append(opts, buy{id, ""})
		}
	}
	perUnitMax := func(b buy) bool {
		if b.unit == "" {
			return true
		}
		for _, it := range f.items {
			if it.item == b.item && it.unit == b.unit {
				return it.n < f.count(b.unit)
			}
		}
		return f.count(b.unit) > 0
	}
	for len(opts) > 0 {
		i := r.IntN(len(opts))
		b := opts[i]
		each := c.ItemCost(b.item, b.unit)
		ok := perUnitMax(b) && each.Cmp(value.Number{}) > 0
		if ok {
			f.addItem(b.item, b.unit, each)
			if f.broken() != "" {
				f.removeItem(b.item, b.unit)
				ok = false
			}
		}
		if !ok {
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
