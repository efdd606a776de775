package rules

import (
	"fmt"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

// Engine holds a package's compiled formulas and the values computed from them. Build one per package (or
// per fixture, with Override) with New. Its methods are safe to call from several goroutines: the caches are
// guarded, and evaluation runs on the Group's own formula runner.
type Engine struct {
	pkg  *content.Package
	sys  *content.System
	decl *formula.Decl

	points     []*unitFormula
	derived    []*unitFormula
	itemCost   map[string]*formula.Program
	rules      []*Rule
	pairs      []*Pair
	allowance  map[string]*formula.Program                // movement mode id -> allowance formula
	shifts     map[*content.ColumnShift]*formula.Program  // column shift conditions, by shift
	modifiers  map[*content.RollModifier]*formula.Program // die-roll modifier conditions, by modifier
	strength   map[strengthKey]*formula.Program           // combat tables' attack and defence formulas
	conds      map[*content.Condition]*formula.Program    // victory condition formulas, compiled on demand
	condDiags  map[*content.Scenario]diag.List            // their compile errors, per scenario
	exceptions map[*content.Stacking][]*formula.Program   // by index in each model's Exceptions; nil when absent or broken
	compile    diag.List                                  // compile errors and warnings
	// unitsInEnv is set when a group formula reads the units list or totals, so a Group environment must
	// carry every unit; otherwise counts, points and items are enough.
	unitsInEnv bool

	mu       sync.Mutex
	run      formula.Runner // for unit and item formulas, under mu
	runtime  diag.List      // run time errors not yet taken
	rtSeen   map[string]bool
	units    map[unitKey]*Unit
	visiting map[string]bool
	forces   map[*content.Force]*ForceCalc
	override map[string]*content.Force // forces replacing the package's (a fixture's)
}

type unitKey struct {
	id    string
	entry *content.ForceEntry // set when the entry overrides stats
	step  int                 // a block on a step after its first (from 0)
}

// unitFormula is a compiled point or derived formula.
type unitFormula struct {
	id      string
	applies []string
	prog    *formula.Program
}

func (f *unitFormula) appliesTo(classes []string) bool {
	return len(f.applies) == 0 || shareAny(f.applies, classes)
}

// New compiles a package's System. Compile problems are kept as diagnostics (CompileDiags); a formula that
// does not compile is left out, so everything else still works. Forces given in replace stand in for the
// package's forces of the same id: a fixture's force is checked in the scenarios that field the force it
// replaces.
func New(pkg *content.Package, replace ...*content.Force) *Engine {
	e := &Engine{pkg: pkg, sys: pkg.System, rtSeen: map[string]bool{}, units: map[unitKey]*Unit{},
		visiting: map[string]bool{}, forces: map[*content.Force]*ForceCalc{}, itemCost: map[string]*formula.Program{},
		override: map[string]*content.Force{}}
	if e.sys == nil {
		e.sys = &content.System{}
	}
	for _, f := range replace {
		e.override[f.ID] = f
	}
	e.compileAll()
	return e
}

// Package is the package the engine prices.
func (e *Engine) Package() *content.Package { return e.pkg }

// System is the package's System (an empty one when it has none).
func (e *Engine) System() *content.System { return e.sys }

// HasPoints reports whether the System prices anything with point formulas.
func (e *Engine) HasPoints() bool { return len(e.sys.Points) > 0 }

// CompileDiags are the problems found compiling the System's formulas.
func (e *Engine) CompileDiags() diag.List { return e.compile }

// TakeRuntimeDiags returns the formula run time errors found since the last call (each formula, subject and
// message once) and forgets them.
func (e *Engine) TakeRuntimeDiags() diag.List {
	e.mu.Lock()
	defer e.mu.Unlock()
	out := e.runtime
	e.runtime = nil
	return out
}

// runtimeErr records a formula's run time error once per formula, subject and message.
func (e *Engine) runtimeErr(err error, prog *formula.Program, what string) {
	pos, msg := prog.Src.Pos, err.Error()
	if fe, ok := err.(*formula.Error); ok {
		pos, msg = fe.Pos, fe.Message
	}
	key := fmt.Sprintf("%v|%s|%s", pos, what, msg)
	if e.rtSeen[key] {
		return
	}
	e.rtSeen[key] = true
	e.runtime.Errorf(pos, "formulas.runtime", "%s: %s", what, msg)
}

// lockedRuntimeErr is runtimeErr for callers that do not hold mu.
func (e *Engine) lockedRuntimeErr(err error, prog *formula.Program, what string) {
	e.mu.Lock()
	defer e.mu.Unlock()
	e.runtimeErr(err, prog, what)
}

func (e *Engine) compileAll() {
	sys, pkg := e.sys, e.pkg
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
	doc := sys.Doc
	compile := func(ptr, text string, at diag.Pos, k formula.Kind, want formula.Result, what string, fv formula.FlagValues) *formula.Program {
		if text == "" {
			return nil
		}
		prog, err := formula.Compile(exprSource(doc, ptr, text, at), k, want, d)
		if err != nil {
			e.compile.Errorf(err.Pos, "formulas.compile", "%s: %s", what, err.Message).Hint = err.Hint
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
		if slices.Contains(builtins, s.ID) && s.ID != "stands" {
			e.compile.Warnf(s.At, "formulas.shadowed", "stat %q has the name of a formula builtin; formulas see the builtin, write stats[%q] for the stat", s.ID, s.ID)
		}
	}
	for i := range sys.Derived {
		x := &sys.Derived[i]
		if sys.Stat(x.ID) != nil || slices.Contains(builtins, x.ID) {
			e.compile.Errorf(x.Fields.Of("id", x.At), "formulas.shadowed", "derived value %q has the name of a stat or formula builtin", x.ID)
		}
		// A derived formula sees only the derived values declared before it.
		d.Derived = d.Derived[:i]
		prog := compile(content.Pointer(content.Pointer("/derived", i), "expr"), x.Expr, x.Fields.Of("expr", x.At), formula.Unit, formula.Number,
			fmt.Sprintf("derived value %s", x.ID), flagValues(x.FlagValues))
		e.derived = append(e.derived, &unitFormula{id: x.ID, applies: x.Applies, prog: prog})
	}
	d.Derived = nil
	for _, x := range sys.Derived {
		d.Derived = append(d.Derived, x.ID)
	}
	for i := range sys.Points {
		x := &sys.Points[i]
		prog := compile(content.Pointer(content.Pointer("/points", i), "expr"), x.Expr, x.Fields.Of("expr", x.At), formula.Unit, formula.Number,
			fmt.Sprintf("point formula %s", x.ID), flagValues(x.FlagValues))
		e.points = append(e.points, &unitFormula{id: x.ID, applies: x.Applies, prog: prog})
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
	ptrs := make([]string, 0, len(models))
	for ptr := range models {
		ptrs = append(ptrs, ptr)
	}
	sort.Strings(ptrs)
	for _, ptr := range ptrs {
		st := models[ptr]
		for i := range st.Exceptions {
			x := &st.Exceptions[i]
			e.exceptions[st] = append(e.exceptions[st], compile(fmt.Sprintf("%s/exceptions/%d/units", ptr, i), x.Units, x.At, formula.Unit, formula.Bool,
				fmt.Sprintf("stacking exception %s", x.ID), nil))
		}
	}
	for i := range sys.Pairs {
		x := &sys.Pairs[i]
		e.pairs = append(e.pairs, &Pair{Def: x, prog: compile(content.Pointer(content.Pointer("/pairs", i), "expr"), x.Expr,
			x.Fields.Of("expr", x.At), formula.Pair, formula.Number, fmt.Sprintf("pair formula %s", x.ID), nil)})
	}
	e.allowance = map[string]*formula.Program{}
	for i := range sys.MovementModes {
		x := &sys.MovementModes[i]
		if prog := compile(content.Pointer(content.Pointer("/movementModes", i), "allowance"), x.Allowance, x.Fields.Of("allowance", x.At),
			formula.Unit, formula.Number, fmt.Sprintf("allowance of movement mode %s", x.ID), nil); prog != nil {
			e.allowance[x.ID] = prog
		}
	}
	if sys.Allowance != "" {
		if prog := compile("/allowance", sys.Allowance, sys.At, formula.Unit, formula.Number,
			"the System's movement allowance", nil); prog != nil {
			e.allowance[""] = prog
		}
	}
	e.shifts = map[*content.ColumnShift]*formula.Program{}
	e.modifiers = map[*content.RollModifier]*formula.Program{}
	e.strength = map[strengthKey]*formula.Program{}
	for _, t := range pkg.Tables() {
		if t.Combat == nil {
			continue
		}
		cond := func(ptr, when string, at diag.Pos, what string) *formula.Program {
			src := exprSource(t.Doc, ptr, when, at)
			prog, err := formula.Compile(src, formula.Combat, formula.Bool, d)
			if err != nil {
				e.compile.Errorf(err.Pos, "formulas.compile", "table %s, %s: %s", t.ID, what, err.Message).Hint = err.Hint
				return nil
			}
			return prog
		}
		for i := range t.Combat.Shifts {
			x := &t.Combat.Shifts[i]
			if x.When == "" {
				continue
			}
			if prog := cond(fmt.Sprintf("/combat/shifts/%d/when", i), x.When, x.Fields.Of("when", x.At), "column shift "+x.ID); prog != nil {
				e.shifts[x] = prog
			}
		}
		for i := range t.Combat.Modifiers {
			x := &t.Combat.Modifiers[i]
			if x.When == "" {
				continue
			}
			if prog := cond(fmt.Sprintf("/combat/modifiers/%d/when", i), x.When, x.Fields.Of("when", x.At), "die-roll modifier "+x.ID); prog != nil {
				e.modifiers[x] = prog
			}
		}
		for _, role := range []string{"attack", "defence"} {
			text := t.Combat.Attack
			if role == "defence" {
				text = t.Combat.Defence
			}
			if text == "" {
				continue
			}
			src := exprSource(t.Doc, "/combat/"+role, text, t.Combat.Fields.Of(role, t.Combat.At))
			prog, err := formula.Compile(src, formula.Unit, formula.Number, d)
			if err != nil {
				e.compile.Errorf(err.Pos, "formulas.compile", "table %s, %s strength: %s", t.ID, role, err.Message).Hint = err.Hint
				continue
			}
			e.strength[strengthKey{t, role}] = prog
		}
	}
	e.conds = map[*content.Condition]*formula.Program{}
	e.condDiags = map[*content.Scenario]diag.List{}
	seen := map[string]diag.Pos{}
	for i := range sys.Rules {
		x := &sys.Rules[i]
		r := &Rule{Def: x, Index: i, placeholders: map[string]*formula.Program{}}
		if prev, ok := seen[x.ID]; ok && x.ID != "" {
			e.compile.Errorf(x.Fields.Of("id", x.At), "formulas.duplicate", "rule %q is declared twice", x.ID).Related =
				[]diag.Related{{Pos: prev, Message: "first declared here"}}
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
		readsUnits := func(t string) bool { return strings.Contains(t, "units") || strings.Contains(t, "totals") }
		if readsUnits(x.When) || readsUnits(x.Check) || x.Ratio != nil && readsUnits(x.Ratio.Plus) || readsUnits(x.Message) {
			e.unitsInEnv = true
		}
		if x.Message != "" {
			msrc := exprSource(doc, base+"/message", x.Message, x.Fields.Of("message", x.At))
			for _, ph := range placeholders(x.Message) {
				if _, done := r.placeholders[ph.text]; done {
					continue
				}
				off := ph.offset
				psrc := formula.Source{Text: ph.text, Pos: msrc.PosOf(off), At: func(o int) diag.Pos { return msrc.PosOf(off + o) }}
				prog, err := formula.Compile(psrc, formula.Group, formula.Any, d)
				if err != nil {
					e.compile.Errorf(err.Pos, "formulas.compile", "rule %s (message {%s}): %s", x.ID, ph.text, err.Message).Hint = err.Hint
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
			r.Broken = true
		}
		if x.Scope == "cell" && (x.Percent != nil || x.PerPoints != nil) {
			e.compile.Errorf(x.At, "formulas.scope", "rule %s: percent and perPoints limits apply to a force or side, not to a cell", x.ID)
			r.Broken = true
		}
		if len(e.compile) > n {
			r.Broken = true
		}
		e.rules = append(e.rules, r)
	}
}

// exprSource is an expression's Source with its exact file position: each character of the formula maps to
// its line and column, also inside quoted and block scalars (content.Document.ValuePositions).
func exprSource(doc *content.Document, ptr, text string, fallback diag.Pos) formula.Source {
	src := formula.Source{Text: text, Pos: fallback}
	if doc == nil {
		return src
	}
	if n := doc.Node(ptr); n == nil || n.Value != text {
		return src
	}
	src.Pos = doc.PosOf(ptr)
	if at, ok := doc.ValuePositions(ptr); ok {
		src.Pos, src.At = at(0), at
	}
	return src
}

func shareAny(a, b []string) bool {
	for _, x := range a {
		if slices.Contains(b, x) {
			return true
		}
	}
	return false
}
