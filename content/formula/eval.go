package formula

import (
	"errors"
	"fmt"
	"math"
	"math/big"

	"github.com/expr-lang/expr/file"
	"github.com/expr-lang/expr/parser"
	"github.com/expr-lang/expr/vm"

	"github.com/muster-wargames/muster/content/value"
)

func parseOnly(text string) (*parser.Tree, error) { return parser.Parse(text) }

// Env is the values an expression runs with: a map from the names documented in the package comment.
type Env map[string]any

// Runner evaluates programs one at a time with a reused VM. It is not safe for concurrent use.
type Runner struct {
	vm       vm.VM
	steps    int
	bytes    int
	fns      map[string]any // the limit functions, bound to this runner
	patterns map[string]compiledPattern
	// MaxSteps and MaxBytes override the package limits when set (tests).
	MaxSteps int
	MaxBytes int
}

// Eval runs a program. A run time error (division by zero, a step, byte or memory limit, a panic) is returned
// as an *Error positioned in the expression; it never panics.
func (r *Runner) Eval(p *Program, env Env) (out any, err error) {
	r.steps, r.bytes = 0, 0
	r.vm.MemoryBudget = MaxMemory
	if r.fns == nil {
		r.fns = map[string]any{tickName: r.tick, chargeName: r.charge, replaceName: r.replace, joinName: r.join,
			matchesName: r.matches}
	}
	for k, f := range r.fns {
		env[k] = f
	}
	defer func() {
		if x := recover(); x != nil {
			err = &Error{Pos: p.Src.Pos, Col: 1, Message: fmt.Sprintf("the expression failed: %v", x)}
		}
	}()
	out, err = r.vm.Run(p.prog, map[string]any(env))
	if err != nil {
		return nil, runError(p, err)
	}
	if f, ok := out.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		return nil, &Error{Pos: p.Src.Pos, Col: 1, Message: "the expression's result is not a number (an overflow?)"}
	}
	// The result is charged like an operand: callers print it, and a list nested a million deep would
	// overflow their stacks.
	switch out.(type) {
	case nil, bool, int, float64:
	default:
		left := r.maxBytes() - r.bytes
		if n := sizeOf(out, 0, left+1); n > left {
			return nil, &Error{Pos: p.Src.Pos, Col: 1, Message: fmt.Sprintf("%v (more than %d bytes)", errBytes, r.maxBytes())}
		}
	}
	return out, nil
}

func runError(p *Program, err error) *Error {
	out := &Error{Col: 1, Message: err.Error()}
	var fe *file.Error
	if errors.As(err, &fe) {
		out.Message = fe.Message
		out.Col = fe.From + 1
		out.Snippet = fe.Snippet
		if fe.Prev != nil && (errors.Is(fe.Prev, errSteps) || errors.Is(fe.Prev, errBytes)) {
			out.Message = fe.Prev.Error()
		}
	}
	if out.Message == "memory budget exceeded" {
		out.Message = fmt.Sprintf("the expression built lists too large to evaluate (more than %d elements)", MaxMemory)
	}
	out.Pos = p.Src.PosOf(out.Col - 1)
	return out
}

// Number evaluates a number-valued program and returns the exact value.
func (r *Runner) Number(p *Program, env Env) (value.Number, error) {
	out, err := r.Eval(p, env)
	if err != nil {
		return value.Number{}, err
	}
	f := toFloat(out)
	if math.IsNaN(f) {
		return value.Number{}, &Error{Pos: p.Src.Pos, Col: 1, Message: fmt.Sprintf("the expression gives %v, not a number", out)}
	}
	return FromFloat(f), nil
}

// Bool evaluates a condition.
func (r *Runner) Bool(p *Program, env Env) (bool, error) {
	out, err := r.Eval(p, env)
	if err != nil {
		return false, err
	}
	b, ok := out.(bool)
	if !ok {
		return false, &Error{Pos: p.Src.Pos, Col: 1, Message: fmt.Sprintf("the expression gives %v, not true or false", out)}
	}
	return b, nil
}

// FromFloat turns a float result into the simplest exact Number within 1e-9 of it (denominators up to 10,000),
// so 0.25 is 1/4 and 1/3 computed in floats is exactly 1/3 again; other values keep six decimal places, and
// values from 2^53 up (all whole) are kept exactly. NaN and infinities give 0.
func FromFloat(f float64) value.Number {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return value.Number{}
	}
	if math.Abs(f) >= 1<<53 {
		return value.FromRat(new(big.Rat).SetFloat64(f)) // a whole number, exactly as computed
	}
	if r := Snap(f); r == math.Trunc(r) {
		return value.Int(int64(r))
	}
	tol := 1e-9 * math.Max(1, math.Abs(f))
	// Continued fractions: the convergents are the best approximations with small denominators.
	neg := f < 0
	x := math.Abs(f)
	var h0, h1, k0, k1 int64 = 0, 1, 1, 0
	y := x
	for i := 0; i < 40; i++ {
		a := math.Floor(y)
		if a > 1<<40 {
			break
		}
		ai := int64(a)
		h0, h1 = h1, ai*h1+h0
		k0, k1 = k1, ai*k1+k0
		if k1 > 10000 {
			break
		}
		if math.Abs(float64(h1)/float64(k1)-x) <= tol {
			if neg {
				h1 = -h1
			}
			return value.Frac(h1, k1)
		}
		frac := y - a
		if frac < 1e-15 {
			break
		}
		y = 1 / frac
	}
	// No small fraction: keep six decimal places. |f| < 2^53, so f*10^6 is finite and its rounding is a whole
	// number that may not fit int64.
	r := new(big.Rat).SetFloat64(math.Round(f * 1e6))
	return value.FromRat(r.Quo(r, big.NewRat(1_000_000, 1)))
}

// StatNumber is what a value-typed stat counts as in a formula: its number for a plain, starred or bracketed
// value, and for `.`, `-` and `*` the formula's flag value for that stat, or 0.
func StatNumber(stat string, v value.Value, fv FlagValues) float64 {
	if v.HasNumber() {
		return v.Number.Float()
	}
	if m, ok := fv[stat]; ok {
		if n, ok := m[v.Flag]; ok {
			return n.Float()
		}
	}
	return 0
}
