package formula

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"sort"
	"strings"

	"github.com/expr-lang/expr"
	"github.com/expr-lang/expr/ast"
	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/types"
	"github.com/expr-lang/expr/vm"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Kind is the environment an expression is compiled for.
type Kind int

const (
	// Unit formulas see one unit: its stats, flags, derived values, classes, count, stands, type and group.
	Unit Kind = iota
	// Group formulas see a force, side, scenario or cell: units, totals, count(), points, budget and more.
	Group
	// Pair formulas see two units: a leader and a unit he commands (System.pairs).
	Pair
	// Combat formulas see one attack: strengths, terrain, attackers and defenders (a table's column shifts).
	Combat
	// Victory formulas see the state of a game: who controls and occupies each place, the levels reached.
	Victory
)

func (k Kind) String() string { return ScopeOf(k).Name }

// Result is what an expression must yield.
type Result int

const (
	Number Result = iota // a number (points, derived values)
	Bool                 // true or false (checks, conditions)
	Any                  // anything printable (message placeholders)
)

// Source is an expression's text and where it was written.
type Source struct {
	Text string
	// Pos is the position of the expression's first character (or, when that cannot be known, of the
	// scalar that holds it).
	Pos diag.Pos
	// At, when set, returns the file position of a rune offset into Text (block and quoted YAML scalars).
	At func(offset int) diag.Pos
}

// PosOf returns the file position of a rune offset into the expression.
func (s Source) PosOf(offset int) diag.Pos {
	if offset <= 0 {
		if s.At != nil {
			return s.At(0)
		}
		return s.Pos
	}
	if s.At != nil {
		return s.At(offset)
	}
	if strings.ContainsRune(s.Text, '\n') || s.Pos.Line == 0 {
		return s.Pos // a multi-line scalar without a locator: the string's start
	}
	p := s.Pos
	p.Col += offset
	return p
}

// Error is a compile or run time error of an expression. Pos is the file position of the offending part; Col
// the 1-based column inside the expression.
type Error struct {
	Pos     diag.Pos
	Col     int
	Message string
	Hint    string
	Snippet string // the expression with a caret under the column
}

func (e *Error) Error() string {
	return fmt.Sprintf("%s (column %d of the expression)", e.Message, e.Col)
}

// Decl is what a System declares that expressions may name.
type Decl struct {
	Stats   []content.StatDef
	Derived []string // derived value ids, in declaration order
	Classes []string
	Units   []string // unit type ids
	Markers []string // marker ids
	Items   []string // item ids
}

// FlagValues says what a flagged stat counts as in one formula: {melee: {dot: 1}}.
type FlagValues map[string]map[value.Flag]value.Number

// Program is a compiled expression.
type Program struct {
	Src    Source
	Kind   Kind
	Result Result
	Flags  FlagValues
	prog   *vm.Program
}

var identRe = regexp.MustCompile(`^[A-Za-z_][A-Za-z0-9_]*$`)

// IsIdent reports whether a name can be written bare in an expression.
func IsIdent(s string) bool { return identRe.MatchString(s) && !reserved[s] }

var reserved = map[string]bool{"true": true, "false": true, "nil": true, "in": true, "not": true, "and": true,
	"or": true, "matches": true, "contains": true, "startsWith": true, "endsWith": true, "let": true, "if": true, "else": true}

// builtinUnitNames and builtinGroupNames are the names muster itself defines in each environment; a stat or
// derived value of the same name is reachable only through stats[...] (unit builtins win).
var builtinUnitNames = []string{"stats", "flags", "classes", "has", "count", "stands", "step", "steps", "type", "id", "name", "faction", "group"}
var builtinGroupNames = []string{"units", "totals", "count", "points", "budget", "hasBudget", "items", "side", "scenario", "mapset", "force", "cell"}

// BuiltinNames lists the names an environment defines besides the System's stats and derived values.
func BuiltinNames(k Kind) []string {
	if k == Unit {
		return append([]string(nil), builtinUnitNames...)
	}
	return append([]string(nil), builtinGroupNames...)
}

// statType is the expr type a stat has.
func statType(def content.StatDef) types.Type {
	switch def.Type {
	case content.StatValue, content.StatInt:
		return types.Float64
	case content.StatBool:
		return types.Bool
	}
	return types.String
}

// unitType is the shape of one unit in both environments (group units add points, unitPoints and side).
func (d *Decl) unitType(group bool) types.Map {
	stats := types.Map{}
	flags := types.Map{}
	m := types.Map{}
	for _, s := range d.Stats {
		t := statType(s)
		stats[s.ID] = t
		flags[s.ID] = types.String
		if IsIdent(s.ID) {
			m[s.ID] = t
		}
	}
	for _, id := range d.Derived {
		stats[id] = types.Float64
		if IsIdent(id) {
			m[id] = types.Float64
		}
	}
	m["stats"] = stats
	m["flags"] = flags
	m["classes"] = types.Array(types.String)
	m["count"] = types.Int
	m["stands"] = types.Float64
	m["step"] = types.Float64
	m["steps"] = types.Float64
	m["type"] = types.String
	m["id"] = types.String
	m["name"] = types.String
	m["faction"] = types.String
	m["group"] = types.String
	m["weather"] = types.String
	if group {
		m["points"] = types.Float64
		m["unitPoints"] = types.Float64
		m["side"] = types.String
	} else {
		m["has"] = types.TypeOf(func(string) bool { return false })
	}
	return m
}

// combatantType is one unit of a combat (Combat formulas' attackers and defenders).
var combatantType = types.Map{"type": types.String, "faction": types.String, "classes": types.Array(types.String), "across": types.Array(types.String),
	"flipped": types.Bool, "markers": types.Array(types.String)}

// listElems are the element types of a scope's lists of mappings, for naming what an element has.
func (d *Decl) listElems(k Kind) map[string]types.Map {
	switch k {
	case Group:
		return map[string]types.Map{"units": d.unitType(true)}
	case Combat:
		return map[string]types.Map{"attackers": combatantType, "defenders": combatantType}
	}
	return nil
}

func (d *Decl) envType(k Kind) types.Map {
	var env types.Map
	switch k {
	case Unit:
		env = d.unitType(false)
	case Pair:
		env = types.Map{"leader": d.unitType(false), "unit": d.unitType(false)}
		delete(env["leader"].(types.Map), "has")
		delete(env["unit"].(types.Map), "has")
	case Combat:
		env = types.Map{"attack": types.Float64, "defence": types.Float64, "terrain": types.String,
			"attackers": types.Array(combatantType), "defenders": types.Array(combatantType), "across": types.Array(types.String),
			"weather": types.String, "attacker": types.Map{"faction": types.String}, "defender": types.Map{"faction": types.String}}
	case Victory:
		env = types.Map{"side": types.String, "turn": types.Float64, "end": types.Bool,
			"controls":   types.TypeOf(func(string) string { return "" }),
			"occupies":   types.TypeOf(func(string) string { return "" }),
			"level":      types.TypeOf(func(string) string { return "" }),
			"controlled": types.TypeOf(func(string) int { return 0 }),
			"adjacent":   types.TypeOf(func(string, string) bool { return false }),
			"distance":   types.TypeOf(func(string, string) int { return 0 })}
	default:
		totals := types.Map{"units": types.Float64, "points": types.Float64, "stands": types.Float64}
		for _, s := range d.Stats {
			if statType(s) == types.Float64 {
				totals[s.ID] = types.Float64
			}
		}
		for _, id := range d.Derived {
			totals[id] = types.Float64
		}
		items := types.Map{}
		for _, id := range d.Items {
			items[id] = types.Float64
		}
		env = types.Map{
			"units":     types.Array(d.unitType(true)),
			"totals":    totals,
			"count":     types.TypeOf(func(string) int { return 0 }),
			"points":    types.Float64,
			"budget":    types.Float64,
			"hasBudget": types.Bool,
			"items":     items,
			"side": types.Map{"id": types.String, "name": types.String, "budget": types.Float64, "stacking": types.Float64,
				"vp": types.Float64, "panicLevel": types.Float64, "panicPercent": types.Float64,
				"routLimit": types.Float64, "trumps": types.Float64, "factions": types.Array(types.String),
				"forces": types.Array(types.String), "exempt": types.Array(types.String)},
			"scenario": types.Map{"id": types.String, "turns": types.Float64, "sides": types.Array(types.String)},
			"mapset":   types.Map{"map": types.String, "boards": types.Array(types.String)},
			"force":    types.Map{"id": types.String, "faction": types.String, "declared": types.Float64},
			"cell":     types.String,
		}
	}
	env[tickName] = types.TypeOf(func(int) bool { return true })
	env[chargeName] = types.TypeOf(func(any) bool { return true })
	env[replaceName] = types.TypeOf(func(string, string, string, ...int) string { return "" })
	env[joinName] = types.TypeOf(func(any, ...string) string { return "" })
	env[matchesName] = types.TypeOf(func(string, string) bool { return false })
	return env
}

// exactFns replaces expr's floor, ceil and round with versions that are exact on rationals computed in floats.
func exactFns() []expr.Option {
	sig := []any{new(func(float64) float64), new(func(int) float64)}
	mk := func(name string, f func(float64) float64) expr.Option {
		return expr.Function(name, func(p ...any) (any, error) { return f(Snap(toFloat(p[0]))), nil }, sig...)
	}
	div := func(p ...any) (any, error) {
		b := toFloat(p[1])
		if b == 0 {
			return nil, errors.New("division by zero")
		}
		return toFloat(p[0]) / b, nil
	}
	return []expr.Option{
		mk("floor", math.Floor), mk("ceil", math.Ceil), mk("round", func(x float64) float64 { return math.Floor(x + 0.5) }),
		expr.Function("__div", div, new(func(float64, float64) float64), new(func(int, int) float64),
			new(func(int, float64) float64), new(func(float64, int) float64)),
		expr.Operator("/", "__div"),
	}
}

func toFloat(x any) float64 {
	switch v := x.(type) {
	case int:
		return float64(v)
	case int64:
		return float64(v)
	case float64:
		return v
	case float32:
		return float64(v)
	}
	return math.NaN()
}

// Snap returns the whole number x is within 1e-9 (relative) of, or x.
func Snap(x float64) float64 {
	r := math.Round(x)
	if math.Abs(x-r) <= 1e-9*math.Max(1, math.Abs(x)) {
		return r
	}
	return x
}

// disabled builtins: clocks make results differ from run to run, and repeat can allocate without bound.
var disabled = []string{"now", "date", "duration", "timezone", "repeat"}

var disabledWhy = map[string]string{"now": "a clock would make results differ from run to run", "date": "dates are not content",
	"duration": "durations are not content", "timezone": "time zones are not content", "repeat": "it builds text without bound"}

// Compile parses and type-checks an expression for an environment. Names are checked against the
// declarations: an unknown stat is an error with a did-you-mean, at the expression's file:line:col.
func Compile(src Source, k Kind, want Result, d *Decl) (*Program, *Error) {
	if d == nil {
		d = &Decl{}
	}
	if strings.TrimSpace(src.Text) == "" {
		return nil, &Error{Pos: src.Pos, Col: 1, Message: "the expression is empty"}
	}
	if e := checkSource(src); e != nil {
		return nil, e
	}
	env := d.envType(k)
	opts := []expr.Option{expr.Env(env), expr.MaxNodes(MaxNodes), expr.Patch(&limitPatcher{}), expr.Optimize(false)}
	if k == Unit || k == Group {
		opts = append(opts, expr.DisableBuiltin("count"), expr.DisableBuiltin("type"))
	}
	for _, b := range disabled {
		opts = append(opts, expr.DisableBuiltin(b))
	}
	opts = append(opts, exactFns()...)
	switch want {
	case Number:
		opts = append(opts, expr.AsFloat64())
	case Bool:
		opts = append(opts, expr.AsBool())
	}
	if e := checkLiterals(src, k, d); e != nil {
		return nil, e
	}
	prog, err := compileSafely(src.Text, opts)
	if err != nil {
		return nil, toError(src, err, d, k)
	}
	return &Program{Src: src, Kind: k, Result: want, prog: prog}, nil
}

func compileSafely(text string, opts []expr.Option) (p *vm.Program, err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("internal error compiling the expression: %v", r)
		}
	}()
	return expr.Compile(text, opts...)
}

// internalNames turns the limit patcher's functions back into the names the designer wrote.
var internalNames = strings.NewReplacer("__div", "/", "__replace", "replace", "__join", "join", "__matches", "matches")

var unknownRe = regexp.MustCompile(`^unknown (name|field) ([^\s]+)`)

// toError turns an expr error into a positioned Error with a did-you-mean for unknown names.
func toError(src Source, err error, d *Decl, k Kind) *Error {
	var fe *file.Error
	out := &Error{Col: 1, Message: err.Error()}
	if errors.As(err, &fe) {
		out.Message = fe.Message
		out.Col = fe.From + 1
		out.Snippet = fe.Snippet
	}
	out.Message = internalNames.Replace(out.Message)
	if m := unknownRe.FindStringSubmatch(out.Message); m != nil {
		name := m[2]
		var cands []string
		for _, s := range d.Stats {
			cands = append(cands, s.ID)
		}
		cands = append(cands, d.Derived...)
		if m[1] == "field" {
			cands = append(cands, "points", "unitPoints", "side", "classes", "count", "stands", "type", "group",
				"units", "budget", "stacking", "vp", "turns", "boards", "declared", "faction", "name", "id")
		} else {
			cands = append(cands, BuiltinNames(k)...)
		}
		if why, ok := disabledWhy[name]; ok && m[1] == "name" {
			out.Hint = fmt.Sprintf("muster formulas have no %s: %s", name, why)
		} else if h := diag.DidYouMean(name, cands); h != "" {
			out.Hint = h
		} else if m[1] == "name" || m[1] == "field" {
			out.Hint = fmt.Sprintf("the System declares the stats %s", strings.Join(statIDs(d), ", "))
		}
		if k == Group && m[1] == "name" {
			for _, st := range d.Stats {
				if st.ID == name {
					out.Hint = fmt.Sprintf("a rule sees a group of units, and %s is a unit's stat: write sum(units, .%s * .count), totals.%s or all(units, .%s > 0)", name, name, name, name)
				}
			}
		}
		if k == Unit && name == "units" {
			out.Hint = "a unit formula sees one unit; `units` is for rules (System.rules)"
		}
		// Say what the scope, or the mapping the name was looked up in, does have.
		if h := scopeHint(src.Text, out.Col, k, d, m[1] == "field"); h != "" {
			if out.Hint == "" || strings.HasPrefix(out.Hint, "the System declares the stats") {
				out.Hint = h
			} else {
				out.Hint += "; " + h
			}
		}
	}
	out.Pos = src.PosOf(out.Col - 1)
	return out
}

func statIDs(d *Decl) []string {
	var out []string
	for _, s := range d.Stats {
		out = append(out, s.ID)
	}
	sort.Strings(out)
	return out
}

// checkLiterals checks the string literals given to count(), has() and `"x" in .classes` against the
// declared classes, unit types and markers, so a typo is a load-time error rather than a rule that never fires.
func checkLiterals(src Source, k Kind, d *Decl) *Error {
	tree, err := parseOnly(src.Text)
	if err != nil {
		return nil // Compile reports the syntax error
	}
	known := map[string]bool{}
	var cands []string
	add := func(xs []string) {
		for _, x := range xs {
			known[x] = true
			cands = append(cands, x)
		}
	}
	add(d.Classes)
	if k == Group {
		add(d.Units)
		add(d.Markers)
	}
	var bad *Error
	visit := func(n *ast.StringNode, what string) {
		if bad != nil || known[n.Value] {
			return
		}
		e := &Error{Col: n.Location().From + 1, Message: fmt.Sprintf("%s names %q, which is not a %s", what, n.Value,
			map[bool]string{true: "class, unit type or marker", false: "class"}[k == Group])}
		e.Hint = diag.DidYouMean(n.Value, cands)
		e.Pos = src.PosOf(e.Col - 1)
		bad = e
	}
	ast.Find(tree.Node, func(n ast.Node) bool {
		switch n := n.(type) {
		case *ast.CallNode:
			if id, ok := n.Callee.(*ast.IdentifierNode); ok && len(n.Arguments) == 1 {
				if s, ok := n.Arguments[0].(*ast.StringNode); ok && (id.Value == "count" || id.Value == "has") {
					visit(s, id.Value+"()")
				}
			}
		case *ast.BuiltinNode:
			if len(n.Arguments) == 1 && n.Name == "count" {
				if s, ok := n.Arguments[0].(*ast.StringNode); ok {
					visit(s, "count()")
				}
			}
		case *ast.BinaryNode:
			if s, ok := n.Right.(*ast.StringNode); ok && n.Operator == "matches" && bad == nil {
				if err := checkPattern(s.Value); err != nil {
					bad = &Error{Col: s.Location().From + 1, Message: err.Error(), Hint: "write a simpler pattern"}
					bad.Pos = src.PosOf(bad.Col - 1)
				}
			}
			if n.Operator == "in" {
				if s, ok := n.Left.(*ast.StringNode); ok && isClasses(n.Right) {
					visit(s, "`in classes`")
				}
			}
		}
		return false
	})
	return bad
}

func isClasses(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.IdentifierNode:
		return n.Value == "classes"
	case *ast.MemberNode:
		s, ok := n.Property.(*ast.StringNode)
		return ok && s.Value == "classes"
	}
	return false
}
