package validate

import (
	"fmt"
	"math"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

func init() {
	extraChecks = append(extraChecks, formulasCheck, supplyCheck, stackingCheck, budgetCheck, minimumsCheck,
		rulesCheck, victoryCheck, timingCheck)
}

var formulasCheck = &Check{
	Name: "formulas",
	Doc:  "every formula (point costs, derived values, item costs, stacking exceptions, declared rules and their message placeholders) compiles, names only declared stats, classes, units and items, and runs without error on every unit type",
	Run: func(p *Pass) {
		e := engineFor(p.Pkg)
		for _, d := range e.compile {
			p.Report(d)
		}
		for _, u := range p.Pkg.UnitTypes() {
			e.unit(u.ID, nil)
		}
		e.flush(p)
	},
}

// engines caches one engine per package for the checks of one validate.Load; the last check drops it.
var engines sync.Map // *content.Package -> *rulesEngine

func engineFor(pkg *content.Package) *rulesEngine {
	if e, ok := engines.Load(pkg); ok {
		return e.(*rulesEngine)
	}
	e := newEngine(pkg)
	engines.Store(pkg, e)
	return e
}

func dropEngine(pkg *content.Package) { engines.Delete(pkg) }

// engine holds a package's compiled formulas and the values computed from them.
type rulesEngine struct {
	pkg        *content.Package
	sys        *content.System
	decl       *formula.Decl
	run        formula.Runner
	points     []*unitFormula
	derived    []*unitFormula
	itemCost   map[string]*formula.Program
	rules      []*declRule
	exceptions map[*content.Stacking][]*formula.Program // by index in each stacking model's Exceptions; nil when absent or broken
	compile    diag.List                                // compile errors, reported by the formulas check
	runtime    diag.List                                // run time errors not yet reported
	rtSeen     map[string]bool
	units      map[unitKey]*unitInfo
	visiting   map[string]bool
	forces     map[*content.Force]*forceCalc
	override   map[string]*content.Force // fixture forces replacing the package's
}

type unitKey struct {
	id    string
	entry *content.ForceEntry // set when the entry overrides stats
}

// unitFormula is a compiled point or derived formula.
type unitFormula struct {
	def     string // "point formula" or "derived value"
	id      string
	applies []string
	prog    *formula.Program
	at      diag.Pos
}

func (f *unitFormula) appliesTo(classes []string) bool {
	return shareAny(f.applies, classes) || len(f.applies) == 0
}

func shareAny(a, b []string) bool {
	for _, x := range a {
		for _, y := range b {
			if x == y {
				return true
			}
		}
	}
	return false
}

func strIn(xs []string, x string) bool {
	for _, y := range xs {
		if y == x {
			return true
		}
	}
	return false
}

// declRule is a compiled System.rules entry.
type declRule struct {
	def          *content.RuleDef
	index        int
	when, check  *formula.Program
	plus         *formula.Program
	message      string
	placeholders map[string]*formula.Program
	broken       bool // a formula did not compile: the rule does not run
}

// Code is the diagnostic code a declared rule reports under.
func (r *declRule) Code() string { return "rules." + r.def.ID }

func newEngine(pkg *content.Package) *rulesEngine {
	e := &rulesEngine{pkg: pkg, sys: pkg.System, rtSeen: map[string]bool{}, units: map[unitKey]*unitInfo{},
		visiting: map[string]bool{}, forces: map[*content.Force]*forceCalc{}, itemCost: map[string]*formula.Program{},
		override: map[string]*content.Force{}}
	if e.sys == nil {
		e.sys = &content.System{}
	}
	sys := e.sys
	d := &formula.Decl{Stats: sys.Stats}
	for _, x := range sys.Derived {
		d.Derived = append(d.Derived, x.ID)
	}
	for _, c := range sys.Classes {
		d.Classes = append(d.Classes, c.ID)
	}
	d.Units = pkg.IDs(content.KindUnitType)
	d.Markers = pkg.IDs(content.KindMarker)
	for _, it := range sys.Items {
		d.Items = append(d.Items, it.ID)
	}
	e.decl = d
	var doc *content.Document
	if sys.Doc != nil {
		doc = sys.Doc
	}
	compile := func(ptr, text string, at diag.Pos, k formula.Kind, want formula.Result, what string, fv formula.FlagValues) *formula.Program {
		if text == "" {
			return nil
		}
		src := exprSource(doc, ptr, text, at)
		prog, err := formula.Compile(src, k, want, d)
		if err != nil {
			dg := e.compile.Errorf(err.Pos, "formulas.compile", "%s: %s", what, err.Message)
			dg.Hint = err.Hint
			return nil
		}
		prog.Flags = fv
		return prog
	}
	flagValues := func(m map[string]map[value.Flag]value.Number) formula.FlagValues {
		if len(m) == 0 {
			return nil
		}
		return formula.FlagValues(m)
	}
	// A stat or derived value named like a builtin is shadowed: say so.
	builtins := formula.BuiltinNames(formula.Unit)
	for _, s := range sys.Stats {
		if strIn(builtins, s.ID) && s.ID != "stands" {
			e.compile.Warnf(s.At, "formulas.shadowed", "stat %q has the name of a formula builtin; formulas see the builtin, write stats[%q] for the stat", s.ID, s.ID)
		}
	}
	for i := range sys.Derived {
		x := &sys.Derived[i]
		if sys.Stat(x.ID) != nil || strIn(builtins, x.ID) {
			e.compile.Errorf(x.Fields.Of("id", x.At), "formulas.shadowed", "derived value %q has the name of a stat or formula builtin", x.ID)
		}
		// A derived formula sees only the derived values declared before it.
		d.Derived = d.Derived[:i]
		prog := compile(content.Pointer(content.Pointer("/derived", i), "expr"), x.Expr, x.Fields.Of("expr", x.At), formula.Unit, formula.Number,
			fmt.Sprintf("derived value %s", x.ID), flagValues(x.FlagValues))
		e.derived = append(e.derived, &unitFormula{def: "derived value", id: x.ID, applies: x.Applies, prog: prog, at: x.At})
	}
	d.Derived = nil
	for _, x := range sys.Derived {
		d.Derived = append(d.Derived, x.ID)
	}
	for i := range sys.Points {
		x := &sys.Points[i]
		prog := compile(content.Pointer(content.Pointer("/points", i), "expr"), x.Expr, x.Fields.Of("expr", x.At), formula.Unit, formula.Number,
			fmt.Sprintf("point formula %s", x.ID), flagValues(x.FlagValues))
		e.points = append(e.points, &unitFormula{def: "point formula", id: x.ID, applies: x.Applies, prog: prog, at: x.At})
	}
	for i := range sys.Items {
		it := &sys.Items[i]
		if it.CostExpr != "" {
			e.itemCost[it.ID] = compile(content.Pointer(content.Pointer("/items", i), "costExpr"), it.CostExpr, it.At, formula.Unit, formula.Number,
				fmt.Sprintf("cost of item %s", it.ID), nil)
		}
	}
	e.exceptions = map[*content.Stacking][]*formula.Program{}
	models := map[string]*content.Stacking{}
	if sys.Stacking != nil {
		models["/stacking"] = sys.Stacking
	}
	for i := range sys.StackingVariants {
		models[fmt.Sprintf("/stackingVariants/%d", i)] = &sys.StackingVariants[i]
	}
	for _, ptr := range sortedKeys(models) {
		st := models[ptr]
		for i := range st.Exceptions {
			x := &st.Exceptions[i]
			e.exceptions[st] = append(e.exceptions[st], compile(fmt.Sprintf("%s/exceptions/%d/units", ptr, i), x.Units, x.At, formula.Unit, formula.Bool,
				fmt.Sprintf("stacking exception %s", x.ID), nil))
		}
	}
	seen := map[string]diag.Pos{}
	for i := range sys.Rules {
		x := &sys.Rules[i]
		r := &declRule{def: x, index: i, placeholders: map[string]*formula.Program{}}
		if prev, ok := seen[x.ID]; ok && x.ID != "" {
			dg := e.compile.Errorf(x.Fields.Of("id", x.At), "formulas.duplicate", "rule %q is declared twice", x.ID)
			dg.Related = append(dg.Related, diag.Related{Pos: prev, Message: "first declared here"})
		}
		seen[x.ID] = x.Fields.Of("id", x.At)
		base := content.Pointer("/rules", i)
		n := len(e.compile)
		if x.When != "" {
			r.when = compile(base+"/when", x.When, x.Fields.Of("when", x.At), formula.Group, formula.Bool, fmt.Sprintf("rule %s (when)", x.ID), nil)
		}
		if x.Check != "" {
			r.check = compile(base+"/check", x.Check, x.Fields.Of("check", x.At), formula.Group, formula.Bool, fmt.Sprintf("rule %s", x.ID), nil)
		}
		if x.Ratio != nil && x.Ratio.Plus != "" {
			r.plus = compile(base+"/ratio/plus", x.Ratio.Plus, x.Fields.Of("ratio", x.At), formula.Group, formula.Number, fmt.Sprintf("rule %s (plus)", x.ID), nil)
		}
		if x.Message != "" {
			msrc := exprSource(doc, base+"/message", x.Message, x.Fields.Of("message", x.At))
			for _, ph := range msgPlaceholders(x.Message) {
				if _, done := r.placeholders[ph.text]; done {
					continue
				}
				off := ph.offset
				psrc := formula.Source{Text: ph.text, Pos: msrc.PosOf(off), At: func(o int) diag.Pos { return msrc.PosOf(off + o) }}
				prog, err := formula.Compile(psrc, formula.Group, formula.Any, d)
				if err != nil {
					dg := e.compile.Errorf(err.Pos, "formulas.compile", "rule %s (message {%s}): %s", x.ID, ph.text, err.Message)
					dg.Hint = err.Hint
					continue
				}
				r.placeholders[ph.text] = prog
			}
		}
		shapes := 0
		for _, b := range []bool{x.Check != "", x.Count != nil, x.Percent != nil, x.Ratio != nil, x.PerPoints != nil, len(x.Unique) > 0} {
			if b {
				shapes++
			}
		}
		if shapes == 0 {
			e.compile.Errorf(x.At, "formulas.empty-rule", "rule %s says nothing to check: give it a check expression or one of count, percent, ratio, perPoints, unique", x.ID)
			r.broken = true
		}
		if x.Scope == "cell" && (x.Percent != nil || x.PerPoints != nil) {
			e.compile.Errorf(x.At, "formulas.scope", "rule %s: percent and perPoints limits apply to a force or side, not to a cell", x.ID)
			r.broken = true
		}
		if len(e.compile) > n {
			r.broken = true
		}
		e.rules = append(e.rules, r)
	}
	return e
}

type msgPlaceholder struct {
	text   string
	offset int // rune offset of the text inside the message
}

// placeholders finds {expr} in a message; {{ is a literal brace.
func msgPlaceholders(msg string) []msgPlaceholder {
	var out []msgPlaceholder
	rs := []rune(msg)
	for i := 0; i < len(rs); i++ {
		if rs[i] != '{' {
			continue
		}
		if i+1 < len(rs) && rs[i+1] == '{' {
			i++
			continue
		}
		j := i + 1
		for j < len(rs) && rs[j] != '}' {
			j++
		}
		if j >= len(rs) {
			break
		}
		out = append(out, msgPlaceholder{text: string(rs[i+1 : j]), offset: i + 1})
		i = j
	}
	return out
}

// runtimeErr records a formula's run time error once per formula and subject.
func (e *rulesEngine) runtimeErr(err error, prog *formula.Program, what string) {
	fe, ok := err.(*formula.Error)
	pos := prog.Src.Pos
	msg := err.Error()
	if ok {
		pos, msg = fe.Pos, fe.Message
	}
	key := fmt.Sprintf("%v|%s|%s", pos, what, msg)
	if e.rtSeen[key] {
		return
	}
	e.rtSeen[key] = true
	e.runtime.Errorf(pos, "formulas.runtime", "%s: %s", what, msg)
}

// flush reports the run time errors found so far.
func (e *rulesEngine) flush(p *Pass) {
	for _, d := range e.runtime {
		p.Report(d)
	}
	e.runtime = nil
}

// ------------------------------------------------------------------------------------------------ units

// unitInfo is a unit type (or a force line that overrides stats) with its formula values.
type unitInfo struct {
	ut    *content.UnitType
	data  *formula.UnitData
	env   formula.Env  // Unit environment without flag values
	cost  value.Number // one unit, components included
	lines []PointLine  // how the cost was made
}

// PointLine is one term of a unit's cost: a point formula's value or a component's cost.
type PointLine struct {
	Rule  string       `json:"rule"` // point formula id, or "component:<unit>"
	Expr  string       `json:"expr,omitempty"`
	Value value.Number `json:"-"`
	Text  string       `json:"value"`
}

func (e *rulesEngine) unit(id string, entry *content.ForceEntry) *unitInfo {
	k := unitKey{id: id}
	if entry != nil && len(entry.Stats) > 0 {
		k.entry = entry
	}
	if u, ok := e.units[k]; ok {
		return u
	}
	ut := e.pkg.UnitType(id)
	if ut == nil || e.visiting[id] {
		return nil // references (or the components cycle) are reported elsewhere
	}
	e.visiting[id] = true
	defer delete(e.visiting, id)
	stats := e.sys.TypedStats(ut.Stats)
	if k.entry != nil {
		for s, v := range e.sys.TypedStats(entry.Stats) {
			stats[s] = v
		}
	}
	data := &formula.UnitData{Type: ut.ID, Name: ut.Name, Faction: ut.Faction, Classes: ut.Classes, Count: 1, Stats: stats,
		Derived: map[string]float64{}}
	u := &unitInfo{ut: ut, data: data}
	what := "unit type " + ut.ID
	for _, f := range e.derived {
		if f.prog == nil || !f.appliesTo(ut.Classes) {
			continue
		}
		env := e.decl.UnitValues(data, f.prog.Flags, false)
		n, err := e.run.Number(f.prog, env)
		if err != nil {
			e.runtimeErr(err, f.prog, fmt.Sprintf("derived value %s for %s", f.id, what))
			continue
		}
		data.Derived[f.id] = n.Float()
	}
	u.env = e.decl.UnitValues(data, nil, false)
	for _, f := range e.points {
		if f.prog == nil || !f.appliesTo(ut.Classes) {
			continue
		}
		env := u.env
		if f.prog.Flags != nil {
			env = e.decl.UnitValues(data, f.prog.Flags, false)
		}
		n, err := e.run.Number(f.prog, env)
		if err != nil {
			e.runtimeErr(err, f.prog, fmt.Sprintf("point formula %s for %s", f.id, what))
			continue
		}
		u.cost = u.cost.Add(n)
		u.lines = append(u.lines, PointLine{Rule: f.id, Expr: f.prog.Src.Text, Value: n, Text: n.String()})
	}
	for _, c := range ut.Components {
		cu := e.unit(c.Unit, nil)
		if cu == nil {
			continue
		}
		n := c.Count
		if n == 0 {
			n = 1
		}
		v := cu.cost.Mul(value.Int(int64(n)))
		u.cost = u.cost.Add(v)
		u.lines = append(u.lines, PointLine{Rule: "component:" + c.Unit, Expr: fmt.Sprintf("%d x %s", n, cu.cost), Value: v, Text: v.String()})
	}
	e.units[k] = u
	return u
}

// hasPoints reports whether the System prices anything.
func (e *rulesEngine) hasPoints() bool { return len(e.sys.Points) > 0 }

// ----------------------------------------------------------------------------------------------- forces

// forceCalc is a force with its lines priced.
type forceCalc struct {
	force   *content.Force
	lines   []lineCalc
	markers []*content.ForceEntry
	items   []itemCalc
	units   value.Number // points of the units
	total   value.Number // units and items
}

type lineCalc struct {
	entry  *content.ForceEntry
	info   *unitInfo // nil for an unknown unit type
	count  int
	points value.Number
	side   string
}

type itemCalc struct {
	entry    *content.ItemEntry
	def      *content.ItemDef
	each     value.Number
	points   value.Number
	unpriced bool // priced by a unit's stats, but the line names no unit
}

func entryCount(n int) int {
	if n == 0 {
		return 1
	}
	return n
}

func (e *rulesEngine) lookupForce(id string) *content.Force {
	if f, ok := e.override[id]; ok {
		return f
	}
	return e.pkg.Force(id)
}

func (e *rulesEngine) force(f *content.Force) *forceCalc {
	if fc, ok := e.forces[f]; ok {
		return fc
	}
	fc := &forceCalc{force: f}
	for i := range f.Units {
		en := &f.Units[i]
		if en.Unit == "" {
			if en.Marker != "" {
				fc.markers = append(fc.markers, en)
			}
			continue
		}
		fc.lines = append(fc.lines, e.line(en, ""))
	}
	for i := range f.Markers {
		fc.markers = append(fc.markers, &f.Markers[i])
	}
	for _, l := range fc.lines {
		fc.units = fc.units.Add(l.points)
	}
	fc.total = fc.units
	e.forces[f] = fc
	for i := range f.Items {
		it := e.item(&f.Items[i], "force "+f.ID)
		fc.items = append(fc.items, it)
		fc.total = fc.total.Add(it.points)
	}
	return fc
}

func (e *rulesEngine) line(en *content.ForceEntry, side string) lineCalc {
	l := lineCalc{entry: en, count: entryCount(en.Count), side: side}
	l.info = e.unit(en.Unit, en)
	if l.info != nil {
		l.points = l.info.cost.Mul(value.Int(int64(l.count)))
	}
	return l
}

func (e *rulesEngine) itemDef(id string) *content.ItemDef {
	for i := range e.sys.Items {
		if e.sys.Items[i].ID == id {
			return &e.sys.Items[i]
		}
	}
	return nil
}

func (e *rulesEngine) item(en *content.ItemEntry, what string) itemCalc {
	it := itemCalc{entry: en, def: e.itemDef(en.Item)}
	if it.def == nil {
		return it
	}
	if it.def.Cost != nil {
		it.each = *it.def.Cost
	}
	if prog := e.itemCost[en.Item]; prog != nil {
		// A cost formula prices the item by the stats of the unit it is bought for (ammunition for a weapon).
		u := e.unit(en.Unit, nil)
		if u == nil {
			it.unpriced = true
		} else {
			env := u.env
			if prog.Flags != nil {
				env = e.decl.UnitValues(u.data, prog.Flags, false)
			}
			n, err := e.run.Number(prog, env)
			if err != nil {
				e.runtimeErr(err, prog, fmt.Sprintf("cost of item %s for unit type %s in %s", en.Item, en.Unit, what))
			} else {
				it.each = n
			}
		}
	}
	it.points = it.each.Mul(en.Count)
	return it
}

// groupExtras are the parts of a Group environment that do not come from the units.
type groupExtras struct {
	points    value.Number
	budget    *value.Number
	items     map[string]float64
	side      *content.Side
	scenario  *content.Scenario
	force     *content.Force
	cell      string
	markerCnt map[string]int
}

func (e *rulesEngine) groupEnv(lines []lineCalc, x groupExtras) formula.Env {
	g := &formula.GroupData{Counts: map[string]int{}, Points: x.points.Float(), Items: x.items, Cell: x.cell}
	for _, l := range lines {
		if l.info == nil {
			continue
		}
		u := e.decl.UnitValues(l.info.data, nil, true)
		u["count"] = l.count
		u["points"] = l.points.Float()
		u["unitPoints"] = l.info.cost.Float()
		u["side"] = l.side
		if l.entry != nil {
			u["group"] = l.entry.Group
			if l.entry.Name != "" {
				u["name"] = l.entry.Name
			}
		}
		g.Units = append(g.Units, u)
		g.Counts[l.info.ut.ID] += l.count
		for _, c := range l.info.ut.Classes {
			g.Counts[c] += l.count
		}
	}
	for k, n := range x.markerCnt {
		g.Counts[k] += n
	}
	if x.budget != nil {
		g.Budget, g.HasBudget = x.budget.Float(), true
	}
	if s := x.side; s != nil {
		m := map[string]any{"id": s.ID, "name": s.Name}
		num := func(k string, n *value.Number) {
			if n != nil {
				m[k] = n.Float()
			}
		}
		num("budget", s.Budget)
		num("vp", s.VP)
		num("panicLevel", s.PanicLevel)
		num("panicPercent", s.PanicPercent)
		num("routLimit", s.RoutLimit)
		if s.Stacking != nil {
			m["stacking"] = float64(*s.Stacking)
		}
		if s.Trumps != nil {
			m["trumps"] = float64(*s.Trumps)
		}
		g.Side = m
	}
	if sc := x.scenario; sc != nil {
		var sides, boards []any
		for _, s := range sc.Sides {
			sides = append(sides, s.ID)
		}
		for _, b := range sc.Map.Boards {
			boards = append(boards, b.Board)
		}
		turns := 0.0
		if sc.Length != nil {
			turns = float64(sc.Length.Turns)
		}
		if sides == nil {
			sides = []any{}
		}
		if boards == nil {
			boards = []any{}
		}
		g.Scenario = map[string]any{"id": sc.ID, "turns": turns, "sides": sides}
		g.MapSet = map[string]any{"map": sc.Map.Map, "boards": boards}
	}
	if f := x.force; f != nil {
		m := map[string]any{"id": f.ID, "faction": f.Faction}
		if f.Points != nil {
			m["declared"] = f.Points.Float()
		}
		g.Force = m
	}
	return e.decl.GroupValues(g)
}

// ------------------------------------------------------------------------------------------------ scopes

// ruleGroup is what a declared rule (or a built-in check) looks at: a force, a side, a scenario or a cell.
type ruleGroup struct {
	scope    string // force, side, scenario, cell
	what     string // "force allied-intro", "side allied in scenario introductory", "cell IIC08"
	at       diag.Pos
	lines    []lineCalc
	markers  map[string]int
	items    map[string]float64
	points   value.Number
	budget   *value.Number
	side     *content.Side
	scenario *content.Scenario
	force    *content.Force
	cell     string
	env      formula.Env
}

func (e *rulesEngine) envOf(g *ruleGroup) formula.Env {
	if g.env == nil {
		g.env = e.groupEnv(g.lines, groupExtras{points: g.points, budget: g.budget, items: g.items, side: g.side,
			scenario: g.scenario, force: g.force, cell: g.cell, markerCnt: g.markers})
	}
	return g.env
}

// count is how many units of a unit type, marker or class a group holds.
func (g *ruleGroup) count(ids, classes []string) int {
	n := 0
	for _, l := range g.lines {
		if l.info == nil {
			continue
		}
		if strIn(ids, l.info.ut.ID) || shareAny(classes, l.info.ut.Classes) {
			n += l.count
		}
	}
	for _, id := range ids {
		n += g.markers[id]
	}
	return n
}

func markerCounts(ms []*content.ForceEntry) map[string]int {
	out := map[string]int{}
	for _, m := range ms {
		out[m.Marker] += entryCount(m.Count)
	}
	return out
}

func itemCounts(xs ...[]content.ItemEntry) map[string]float64 {
	out := map[string]float64{}
	for _, l := range xs {
		for _, it := range l {
			out[it.Item] += it.Count.Float()
		}
	}
	return out
}

// forceGroup is a force on its own; its budget is that of the scenario sides that field it alone, if any.
func (e *rulesEngine) forceGroup(f *content.Force) *ruleGroup {
	fc := e.force(f)
	g := &ruleGroup{scope: "force", what: "force " + f.ID, at: f.At, lines: fc.lines, markers: markerCounts(fc.markers),
		items: itemCounts(f.Items), points: fc.total, force: f}
	if f.Doc != nil {
		g.at = f.Doc.PosOf("/units")
	}
	for _, s := range e.pkg.Scenarios() {
		for i := range s.Sides {
			sd := &s.Sides[i]
			if sd.Budget != nil && sd.Force == f.ID && len(sd.Forces) == 0 {
				g.budget = sd.Budget
			}
		}
	}
	return g
}

// sideForces returns the forces a side fields.
func (e *rulesEngine) sideForces(s *content.Side) []*content.Force {
	var out []*content.Force
	ids := append([]string{}, s.Forces...)
	if s.Force != "" {
		ids = append([]string{s.Force}, ids...)
	}
	for _, id := range ids {
		if f := e.lookupForce(id); f != nil {
			out = append(out, f)
		}
	}
	return out
}

// sideGroup is everything a scenario side fields: its forces and its reinforcements.
func (e *rulesEngine) sideGroup(sc *content.Scenario, s *content.Side) *ruleGroup {
	g := &ruleGroup{scope: "side", what: fmt.Sprintf("side %s of scenario %s", s.ID, sc.ID), at: s.At, side: s, scenario: sc,
		budget: s.Budget, markers: map[string]int{}}
	var items [][]content.ItemEntry
	for _, f := range e.sideForces(s) {
		fc := e.force(f)
		for _, l := range fc.lines {
			l.side = s.ID
			g.lines = append(g.lines, l)
		}
		for k, n := range markerCounts(fc.markers) {
			g.markers[k] += n
		}
		g.points = g.points.Add(fc.total)
		items = append(items, f.Items)
	}
	for i := range sc.Reinforcements {
		r := &sc.Reinforcements[i]
		if r.Side != s.ID {
			continue
		}
		for j := range r.Units {
			en := &r.Units[j]
			if en.Unit == "" {
				g.markers[en.Marker] += entryCount(en.Count)
				continue
			}
			l := e.line(en, s.ID)
			g.lines = append(g.lines, l)
			g.points = g.points.Add(l.points)
		}
	}
	items = append(items, s.Items)
	g.items = itemCounts(items...)
	return g
}

// ------------------------------------------------------------------------------------------- rules check

var rulesCheck = &Check{
	Name: "rules",
	Doc:  "the System's declared rules (System.rules) hold for every force, side, scenario or cell they scope",
	Run: func(p *Pass) {
		e := engineFor(p.Pkg)
		for _, f := range p.Pkg.Forces() {
			e.runRules(p, "force", e.forceGroup(f))
		}
		for _, sc := range p.Pkg.Scenarios() {
			e.runScenarioRules(p, sc)
		}
		e.flush(p)
	},
}

func (e *rulesEngine) runScenarioRules(p *Pass, sc *content.Scenario) {
	var all []*ruleGroup
	for i := range sc.Sides {
		g := e.sideGroup(sc, &sc.Sides[i])
		all = append(all, g)
		e.runRules(p, "side", g)
	}
	if e.wants("scenario") {
		sg := &ruleGroup{scope: "scenario", what: "scenario " + sc.ID, at: sc.At, scenario: sc, markers: map[string]int{}, items: map[string]float64{}}
		for _, g := range all {
			sg.lines = append(sg.lines, g.lines...)
			sg.points = sg.points.Add(g.points)
			for k, n := range g.markers {
				sg.markers[k] += n
			}
			for k, n := range g.items {
				sg.items[k] += n
			}
		}
		e.runRules(p, "scenario", sg)
	}
	if e.wants("cell") {
		for _, c := range e.cells(sc) {
			g := &ruleGroup{scope: "cell", what: fmt.Sprintf("cell %s in scenario %s", c.label, sc.ID), at: c.at, scenario: sc, cell: c.label, lines: c.lines()}
			e.runRules(p, "cell", g)
		}
	}
}

func (e *rulesEngine) wants(scope string) bool {
	for _, r := range e.rules {
		if ruleScope(r.def) == scope {
			return true
		}
	}
	return false
}

func ruleScope(r *content.RuleDef) string {
	if r.Scope == "" {
		return "force"
	}
	return r.Scope
}

// runRules runs every declared rule of a scope on a group.
func (e *rulesEngine) runRules(p *Pass, scope string, g *ruleGroup) {
	for _, r := range e.rules {
		if r.broken || ruleScope(r.def) != scope {
			continue
		}
		e.runRule(p, r, g)
	}
}

func (e *rulesEngine) report(p *Pass, r *declRule, g *ruleGroup, auto string) {
	msg := auto
	if r.def.Message != "" {
		msg = e.expand(r, g)
		if auto != "" {
			msg += " (" + auto + ")"
		}
	}
	msg = fmt.Sprintf("%s: %s", g.what, msg)
	d := diag.Diagnostic{Severity: diag.Error, Code: r.Code(), Pos: g.at, Message: msg}
	switch r.def.Severity {
	case "warning":
		d.Severity = diag.Warning
	case "info":
		d.Severity = diag.Info
	}
	src := r.def.Source
	if src != "" {
		src = " (" + src + ")"
	}
	doc := r.def.Doc
	if doc == "" {
		doc = "declared rule"
	}
	d.Related = append(d.Related, diag.Related{Pos: r.def.At, Message: fmt.Sprintf("rule %s%s: %s", r.def.ID, src, doc)})
	p.Report(d)
}

// expand fills a rule's message placeholders from the group's environment.
func (e *rulesEngine) expand(r *declRule, g *ruleGroup) string {
	var b strings.Builder
	rs := []rune(r.def.Message)
	phs := msgPlaceholders(r.def.Message)
	last := 0
	for _, ph := range phs {
		b.WriteString(unbrace(string(rs[last : ph.offset-1])))
		val := "{" + ph.text + "}"
		if prog := r.placeholders[ph.text]; prog != nil {
			out, err := e.run.Eval(prog, e.envOf(g))
			if err != nil {
				e.runtimeErr(err, prog, fmt.Sprintf("rule %s (message) for %s", r.def.ID, g.what))
			} else {
				val = showValue(out)
			}
		}
		b.WriteString(val)
		last = ph.offset + len([]rune(ph.text)) + 1
	}
	b.WriteString(unbrace(string(rs[last:])))
	return b.String()
}

// unbrace turns the escapes {{ and }} of a message's literal text into braces.
func unbrace(s string) string { return strings.ReplaceAll(strings.ReplaceAll(s, "{{", "{"), "}}", "}") }

func showValue(v any) string {
	switch x := v.(type) {
	case float64:
		return formula.FromFloat(x).String()
	case int:
		return fmt.Sprint(x)
	case []any:
		var parts []string
		for _, y := range x {
			parts = append(parts, showValue(y))
		}
		return strings.Join(parts, ", ")
	}
	return fmt.Sprint(v)
}

func (e *rulesEngine) runRule(p *Pass, r *declRule, g *ruleGroup) {
	x := r.def
	if r.when != nil {
		ok, err := e.run.Bool(r.when, e.envOf(g))
		if err != nil {
			e.runtimeErr(err, r.when, fmt.Sprintf("rule %s (when) for %s", x.ID, g.what))
			return
		}
		if !ok {
			return
		}
	}
	if r.check != nil {
		ok, err := e.run.Bool(r.check, e.envOf(g))
		if err != nil {
			e.runtimeErr(err, r.check, fmt.Sprintf("rule %s for %s", x.ID, g.what))
		} else if !ok {
			auto := ""
			if x.Message == "" {
				auto = fmt.Sprintf("%s does not hold", strings.TrimSpace(x.Check))
			}
			e.report(p, r, g, auto)
		}
	}
	if c := x.Count; c != nil {
		n := g.count(c.Units, c.Classes)
		what := describeSel(c.Units, c.Classes)
		if c.Min != nil && n < *c.Min {
			e.report(p, r, g, fmt.Sprintf("has %d %s, fewer than the %d required", n, what, *c.Min))
		}
		if c.Max != nil && n > *c.Max {
			e.report(p, r, g, fmt.Sprintf("has %d %s, more than the %d allowed", n, what, *c.Max))
		}
	}
	if c := x.Percent; c != nil {
		var pts value.Number
		for _, l := range g.lines {
			if l.info != nil && shareAny(c.Classes, l.info.ut.Classes) {
				pts = pts.Add(l.points)
			}
		}
		base, baseName := g.points, "its total of"
		if c.Of != "total" && g.budget != nil {
			base, baseName = *g.budget, "its budget of"
		}
		if base.Cmp(value.Number{}) > 0 {
			hundred := value.Int(100)
			share := pts.Mul(hundred)
			what := "points on " + strings.Join(c.Classes, ", ")
			if c.Min != nil && share.Cmp(c.Min.Mul(base)) < 0 {
				e.report(p, r, g, fmt.Sprintf("spends %s %s, %s%% of %s %s points; at least %s%% is required", pts, what, percentText(pts, base), baseName, base, c.Min))
			}
			if c.Max != nil && share.Cmp(c.Max.Mul(base)) > 0 {
				e.report(p, r, g, fmt.Sprintf("spends %s %s, %s%% of %s %s points; at most %s%% is allowed", pts, what, percentText(pts, base), baseName, base, c.Max))
			}
		}
	}
	if c := x.Ratio; c != nil && c.Per > 0 {
		counted := 0
		for _, l := range g.lines {
			if l.info == nil {
				continue
			}
			cl := l.info.ut.Classes
			if (len(c.Of) == 0 || shareAny(c.Of, cl)) && !shareAny(c.Except, cl) &&
				!(shareAny(c.Need, cl) || strIn(c.NeedUnits, l.info.ut.ID)) {
				counted += l.count
			}
		}
		each := c.Count
		if each == 0 {
			each = 1
		}
		groups := counted / c.Per
		roundWord := "rounded down"
		if c.Round == "ceil" {
			groups = (counted + c.Per - 1) / c.Per
			roundWord = "rounded up"
		}
		need := groups * each
		plusText := ""
		if r.plus != nil {
			n, err := e.run.Number(r.plus, e.envOf(g))
			if err != nil {
				e.runtimeErr(err, r.plus, fmt.Sprintf("rule %s (plus) for %s", x.ID, g.what))
				return
			}
			extra := int(n.Ceil())
			if extra != 0 {
				need += extra
				plusText = fmt.Sprintf(" plus %d (%s)", extra, strings.TrimSpace(c.Plus))
			}
		}
		have := g.count(c.NeedUnits, c.Need)
		if have < need {
			ofWhat := "units"
			if len(c.Of) > 0 {
				ofWhat = strings.Join(c.Of, ", ") + " units"
			}
			if len(c.Except) > 0 {
				ofWhat += " (not counting " + strings.Join(c.Except, ", ") + ")"
			}
			why := fmt.Sprintf("%d per %d, %s", each, c.Per, roundWord)
			if plusText != "" {
				why = fmt.Sprintf("%d: %s,%s", groups*each, why, plusText)
			}
			e.report(p, r, g, fmt.Sprintf("has %d %s, which need %d %s (%s), but it has %d",
				counted, ofWhat, need, describeSel(c.NeedUnits, c.Need), why, have))
		}
	}
	if c := x.PerPoints; c != nil && c.Per.Cmp(value.Number{}) > 0 {
		base, baseName := g.points, "points"
		if g.budget != nil {
			base, baseName = *g.budget, "points of budget"
		}
		q := divNumber(base, c.Per)
		full := q.Floor()
		if c.Round == "ceil" {
			full = q.Ceil()
		}
		each := c.Count
		if each == 0 {
			each = 1
		}
		allowed := int(full) * each
		n := g.count(c.Units, c.Classes)
		if n > allowed {
			e.report(p, r, g, fmt.Sprintf("has %d %s, but %s %s allow only %d (%d per full %s)", n, describeSel(c.Units, c.Classes), base, baseName, allowed, each, c.Per))
		}
	}
	if len(x.Unique) > 0 {
		seen := map[string]int{}
		for _, l := range g.lines {
			if l.info != nil && shareAny(x.Unique, l.info.ut.Classes) {
				seen[l.info.ut.ID] += l.count
			}
		}
		var ids []string
		for id, n := range seen {
			if n > 1 {
				ids = append(ids, id)
			}
		}
		sort.Strings(ids)
		for _, id := range ids {
			e.report(p, r, g, fmt.Sprintf("has %d of %s, which may be fielded once", seen[id], id))
		}
	}
}

// divide is a / b for b > 0.
func divNumber(a, b value.Number) value.Number {
	den := b.Den
	if den == 0 {
		den = 1
	}
	return a.Mul(value.Frac(den, b.Num))
}

func percentText(part, whole value.Number) string {
	if whole.Cmp(value.Number{}) == 0 {
		return "0"
	}
	return strconv.FormatFloat(math.Round(part.Float()/whole.Float()*1000)/10, 'f', -1, 64)
}

func describeSel(units, classes []string) string {
	var parts []string
	parts = append(parts, units...)
	parts = append(parts, classes...)
	if len(parts) == 0 {
		return "units"
	}
	return strings.Join(parts, " or ")
}

func sortedKeys[V any](m map[string]V) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}
