package formula

import (
	"errors"
	"fmt"
	"reflect"
	"regexp"
	"regexp/syntax"
	"strings"
	"unicode/utf8"

	"github.com/expr-lang/expr/ast"
)

// Limits on every expression. They count work and bytes, never time, so a formula is accepted or stopped the
// same way on every machine and under any load.
const (
	MaxLength  = 10_000    // characters per expression
	MaxDepth   = 100       // nesting of brackets and prefix operators (-, +, !, not), checked before parsing
	MaxNodes   = 2000      // syntax nodes per expression
	MaxSteps   = 5_000_000 // steps per evaluation: each run of a predicate body counts its syntax nodes
	MaxBytes   = 4 << 20   // bytes of text and values an evaluation hands to operators and functions
	MaxMemory  = 2_000_000 // expr's memory budget: elements of lists, ranges and maps built per evaluation
	MaxPattern = 10_000    // size of a `matches` pattern (repetitions multiplied out)
)

// Internal names the limit patcher calls; the leading underscores keep them out of designers' way.
const (
	tickName    = "__tick"
	chargeName  = "__charge"
	replaceName = "__replace"
	joinName    = "__join"
	matchesName = "__matches"
	varPrefix   = "__muster_v"
)

var (
	errSteps = errors.New("the expression ran too long and was stopped")
	errBytes = errors.New("the expression built too much text or data and was stopped")
)

// checkSource refuses an expression longer than MaxLength or nested deeper than MaxDepth before any parser
// sees it: expr's parser recurses once per bracket and prefix operator, and a million of them overflow the
// stack, which no recover can catch.
func checkSource(src Source) *Error {
	if n := utf8.RuneCountInString(src.Text); n > MaxLength {
		return &Error{Pos: src.Pos, Col: 1, Message: fmt.Sprintf("the expression is %d characters long; muster reads expressions of at most %d", n, MaxLength),
			Hint: "split it into derived values, or shorten it"}
	}
	// depth counts open brackets; run the prefix operators since the last operand; pending the prefix
	// operators left open by the brackets that follow them: `-(-(1))` nests four levels.
	depth, run, pending, col := 0, 0, 0, 0
	var runs []int // the run before each open bracket
	operand := false
	text := src.Text
	for i := 0; i < len(text); i++ {
		c := text[i]
		if c < utf8.RuneSelf || utf8.RuneStart(c) {
			col++
		}
		switch {
		case c == '"' || c == '\'' || c == '`':
			// A string: skip to its closing quote (backquoted strings have no escapes).
			for i++; i < len(text) && text[i] != c; i++ {
				if text[i] == '\\' && c != '`' {
					i++
				}
				if i < len(text) && (text[i] < utf8.RuneSelf || utf8.RuneStart(text[i])) {
					col++
				}
			}
			col++ // the closing quote
			run, operand = 0, true
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '/':
			for i < len(text) && text[i] != '\n' {
				i++
			}
			continue
		case c == '/' && i+1 < len(text) && text[i+1] == '*':
			end := strings.Index(text[i+2:], "*/")
			if end < 0 {
				end = len(text) - i - 2
			}
			col += utf8.RuneCountInString(text[i+1 : i+2+end])
			i += 2 + end + 1
			continue
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			continue
		case c == '(' || c == '[' || c == '{':
			runs = append(runs, run)
			pending += run
			depth++
			run, operand = 0, false
		case c == ')' || c == ']' || c == '}':
			if len(runs) > 0 {
				pending -= runs[len(runs)-1]
				runs = runs[:len(runs)-1]
				depth--
			}
			run, operand = 0, true
		case (c == '-' || c == '+' || c == '!') && !operand:
			run++
		case c == '#' || c == '$': // the predicate's element (#, #acc, #index) and $env are operands
			run, operand = 0, true
		case identByte(c) || c >= utf8.RuneSelf:
			j := i
			for j < len(text) && (identByte(text[j]) || text[j] >= utf8.RuneSelf) {
				j++
			}
			word := text[i:j]
			col += utf8.RuneCountInString(word) - 1
			i = j - 1
			switch word {
			case "not":
				if !operand {
					run++
				}
				operand = false
			case "and", "or", "in", "matches", "contains", "startsWith", "endsWith", "let", "if", "else":
				operand = false
			default:
				run, operand = 0, true
			}
		default: // an operator or punctuation
			operand = false
		}
		if depth+pending+run > MaxDepth {
			e := &Error{Col: col, Message: fmt.Sprintf("the expression nests more than %d levels deep (brackets and signs)", MaxDepth),
				Hint: "split it into derived values, or remove redundant brackets"}
			e.Pos = src.PosOf(col - 1)
			return e
		}
	}
	return nil
}

func identByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// checkPattern refuses a `matches` pattern that is not a regular expression or is larger than MaxPattern once
// its repetitions are multiplied out, before anything compiles it.
func checkPattern(p string) error {
	re, err := syntax.Parse(p, syntax.Perl)
	if err != nil {
		return fmt.Errorf("%q is not a pattern: %v", p, err)
	}
	if patternSize(re) > MaxPattern {
		return fmt.Errorf("the pattern %q is too large to match (more than %d steps once its repetitions are counted)", p, MaxPattern)
	}
	return nil
}

// patternSize estimates the compiled size of a pattern, saturating past MaxPattern.
func patternSize(re *syntax.Regexp) int {
	n := 1 + len(re.Rune)
	for _, s := range re.Sub {
		n += patternSize(s)
		if n > MaxPattern {
			return MaxPattern + 1
		}
	}
	if re.Op == syntax.OpRepeat {
		k := max(re.Max, re.Min+1, 1)
		if n > (MaxPattern+1)/k {
			return MaxPattern + 1
		}
		n *= k
	}
	return n
}

// limitPatcher rewrites a checked tree so that an evaluation counts its work:
//   - every predicate body (all, filter, map, sum ...) first calls __tick(n), n its syntax nodes, so an
//     evaluation stops after MaxSteps;
//   - every operand of an operator or function that is text, a list, a map or of unknown type passes through
//     __charge, which counts its bytes (deeply) against MaxBytes before the operator copies or compares it;
//   - replace and join become __replace and __join, and `matches` __matches, which check the size of their
//     result (or the work of a match) before doing it: their output can be far larger than their input.
//
// An operation's result is then at most a small multiple of what its operands were charged, so the text and
// data one evaluation can build are bounded. The rewritten nodes keep their operands' types (a charged
// operand x becomes `let v = x; __charge(v) ? v : v`), so type checking is unchanged.
type limitPatcher struct{ vars int }

func (p *limitPatcher) Visit(node *ast.Node) {
	switch n := (*node).(type) {
	case *ast.PredicateNode:
		if c, ok := n.Node.(*ast.ConditionalNode); ok && isCall(c.Cond, tickName) {
			return // already patched
		}
		body := n.Node
		cost := &ast.IntegerNode{Value: countNodes(body)}
		cond := &ast.ConditionalNode{Ternary: true, Cond: call(tickName, body, cost), Exp1: body, Exp2: body}
		cond.SetLocation(body.Location())
		n.Node = cond
	case *ast.BinaryNode:
		if n.Operator == "matches" {
			c := call(matchesName, n, p.charge(n.Left), p.charge(n.Right))
			*node = c
			return
		}
		n.Left, n.Right = p.charge(n.Left), p.charge(n.Right)
	case *ast.BuiltinNode:
		switch n.Name {
		case "len", "get", "first", "last", "all", "none", "any", "one", "filter", "map", "find", "findIndex",
			"findLast", "findLastIndex", "count", "sum", "groupBy", "sortBy", "reduce":
			return // constant time, or iterating with every step ticked
		}
		for i := range n.Arguments {
			n.Arguments[i] = p.charge(n.Arguments[i])
		}
		switch n.Name {
		case "replace":
			*node = call(replaceName, n, n.Arguments...)
		case "join":
			*node = call(joinName, n, n.Arguments...)
		}
	case *ast.CallNode:
		if id, ok := n.Callee.(*ast.IdentifierNode); ok && strings.HasPrefix(id.Value, "__") {
			return // the patcher's own calls, and __div on numbers
		}
		for i := range n.Arguments {
			n.Arguments[i] = p.charge(n.Arguments[i])
		}
	}
}

// charge wraps an operand whose size can grow in `let v = x; __charge(v) ? v : v`.
func (p *limitPatcher) charge(x ast.Node) ast.Node {
	switch x.(type) {
	case *ast.StringNode, *ast.IntegerNode, *ast.FloatNode, *ast.BoolNode, *ast.NilNode, *ast.ConstantNode:
		return x // literals are bounded by the expression's length
	}
	switch x.Type().Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64, reflect.Uint,
		reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64, reflect.Func:
		return x
	}
	p.vars++
	name := fmt.Sprintf("%s%d", varPrefix, p.vars)
	ref := func() ast.Node {
		id := &ast.IdentifierNode{Value: name}
		id.SetLocation(x.Location())
		return id
	}
	cond := &ast.ConditionalNode{Ternary: true, Cond: call(chargeName, x, ref()), Exp1: ref(), Exp2: ref()}
	cond.SetLocation(x.Location())
	v := &ast.VariableDeclaratorNode{Name: name, Value: x, Expr: cond}
	v.SetLocation(x.Location())
	return v
}

// call builds a call of an internal function placed where at is.
func call(name string, at ast.Node, args ...ast.Node) *ast.CallNode {
	callee := &ast.IdentifierNode{Value: name}
	callee.SetLocation(at.Location())
	c := &ast.CallNode{Callee: callee, Arguments: args}
	c.SetLocation(at.Location())
	return c
}

func isCall(n ast.Node, name string) bool {
	c, ok := n.(*ast.CallNode)
	if !ok {
		return false
	}
	id, ok := c.Callee.(*ast.IdentifierNode)
	return ok && id.Value == name
}

type nodeCounter int

func (c *nodeCounter) Visit(*ast.Node) { *c++ }

func countNodes(n ast.Node) int {
	var c nodeCounter
	ast.Walk(&n, &c)
	return int(c)
}

// tick counts n steps.
func (r *Runner) tick(n int) bool {
	r.steps += n
	if max := r.maxSteps(); r.steps > max {
		panic(fmt.Errorf("%w (more than %d steps)", errSteps, max))
	}
	return true
}

func (r *Runner) maxSteps() int {
	if r.MaxSteps > 0 {
		return r.MaxSteps
	}
	return MaxSteps
}

func (r *Runner) maxBytes() int {
	if r.MaxBytes > 0 {
		return r.MaxBytes
	}
	return MaxBytes
}

// chargeBytes counts n bytes against the evaluation's budget.
func (r *Runner) chargeBytes(n int) {
	if max := r.maxBytes(); n > max-r.bytes {
		panic(fmt.Errorf("%w (more than %d bytes)", errBytes, max))
	}
	r.bytes += n
}

// charge counts the size of x.
func (r *Runner) charge(x any) bool {
	left := r.maxBytes() - r.bytes
	r.chargeBytes(sizeOf(x, 0, left+1))
	return true
}

// sizeOf is the size x counts for: 8 bytes per value plus two per level of nesting (toJSON indents), and a
// string's length. It stops counting once the size passes limit.
func sizeOf(x any, depth, limit int) int {
	n := 8 + 2*depth
	switch v := x.(type) {
	case string:
		return n + len(v)
	case nil, bool, int, int64, float64, float32:
		return n
	case []any:
		for _, e := range v {
			if n > limit {
				break
			}
			n += sizeOf(e, depth+1, limit-n)
		}
		return n
	case []string:
		for _, e := range v {
			if n > limit {
				break
			}
			n += 8 + 2*(depth+1) + len(e)
		}
		return n
	case map[string]any:
		for k, e := range v {
			if n > limit {
				break
			}
			n += len(k) + sizeOf(e, depth+1, limit-n)
		}
		return n
	case Env:
		return sizeOf(map[string]any(v), depth, limit)
	}
	rv := reflect.ValueOf(x)
	switch rv.Kind() {
	case reflect.String:
		return n + rv.Len()
	case reflect.Slice, reflect.Array:
		for i := 0; i < rv.Len() && n <= limit; i++ {
			n += sizeOf(rv.Index(i).Interface(), depth+1, limit-n)
		}
	case reflect.Map:
		it := rv.MapRange()
		for n <= limit && it.Next() {
			n += sizeOf(it.Key().Interface(), depth+1, limit-n)
			n += sizeOf(it.Value().Interface(), depth+1, limit-n)
		}
	}
	return n
}

// replace is expr's replace, refused before it builds a result beyond the budget.
func (r *Runner) replace(s, old, repl string, n ...int) string {
	count := 0
	if old == "" {
		count = utf8.RuneCountInString(s) + 1
	} else {
		count = strings.Count(s, old)
	}
	if len(n) > 0 && n[0] >= 0 && n[0] < count {
		count = n[0]
	}
	r.chargeBytes(max(len(s)+count*(len(repl)-len(old)), 0)) // count, len(repl) < MaxBytes: no overflow
	if len(n) > 0 {
		return strings.Replace(s, old, repl, n[0])
	}
	return strings.ReplaceAll(s, old, repl)
}

// join is expr's join, refused before it builds a result beyond the budget.
func (r *Runner) join(list any, glue ...string) string {
	sep := ""
	if len(glue) > 0 {
		sep = glue[0]
	}
	var parts []string
	switch v := list.(type) {
	case []string:
		parts = v
	case []any:
		parts = make([]string, len(v))
		for i, x := range v {
			s, ok := x.(string)
			if !ok {
				panic(fmt.Errorf("join needs a list of strings, and element %d is %v", i, x))
			}
			parts[i] = s
		}
	default:
		panic(fmt.Errorf("join needs a list of strings, not %v", list))
	}
	size := 0
	for _, s := range parts {
		size += len(s)
	}
	if len(parts) > 1 {
		r.chargeBytes(min(len(parts)-1, r.maxBytes()+1) * min(len(sep), r.maxBytes()+1))
	}
	r.chargeBytes(size)
	return strings.Join(parts, sep)
}

// matches is expr's `matches`, with the pattern checked before it is compiled and each match charged as the
// work it can take: the text's length times the pattern's size, in eighths.
func (r *Runner) matches(s, pattern string) bool {
	p, ok := r.patterns[pattern]
	if !ok {
		if err := checkPattern(pattern); err != nil {
			panic(err)
		}
		re, err := regexp.Compile(pattern)
		if err != nil {
			panic(err)
		}
		parsed, _ := syntax.Parse(pattern, syntax.Perl) // checkPattern parsed it
		p = compiledPattern{re, patternSize(parsed)}
		if r.patterns == nil {
			r.patterns = map[string]compiledPattern{}
		}
		if len(r.patterns) < 64 {
			r.patterns[pattern] = p
		}
	}
	r.chargeBytes(min(len(s)+1, r.maxBytes()+1) * p.size / 8)
	return p.re.MatchString(s)
}

type compiledPattern struct {
	re   *regexp.Regexp
	size int
}
