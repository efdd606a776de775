package formula

import (
	"errors"
	"fmt"
	"math"
	"time"

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
	deadline time.Time
	// MaxSteps and MaxDuration override the package limits when set (tests).
	MaxSteps    int
	MaxDuration time.Duration
}

var errSteps = errors.New("the expression ran too long and was stopped")

func (r *Runner) tick() bool {
	r.steps++
	max := r.MaxSteps
	if max == 0 {
		max = MaxSteps
	}
	if r.steps > max {
		panic(fmt.Errorf("%w (more than %d steps)", errSteps, max))
	}
	if r.steps&1023 == 0 && time.Now().After(r.deadline) {
		panic(fmt.Errorf("%w (more than %v)", errSteps, r.maxDuration()))
	}
	return true
}

func (r *Runner) maxDuration() time.Duration {
	if r.MaxDuration > 0 {
		return r.MaxDuration
	}
	return MaxDuration
}

// Eval runs a program. A run time error (division by zero, a step or memory limit, a panic) is returned as an
// *Error positioned in the expression; it never panics.
func (r *Runner) Eval(p *Program, env Env) (out any, err error) {
	r.steps = 0
	r.deadline = time.Now().Add(r.maxDuration())
	r.vm.MemoryBudget = MaxMemory
	env[tickName] = r.tick
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
	return out, nil
}

func runError(p *Program, err error) *Error {
	out := &Error{Col: 1, Message: err.Error()}
	var fe *file.Error
	if errors.As(err, &fe) {
		out.Message = fe.Message
		out.Col = fe.From + 1
		out.Snippet = fe.Snippet
		if fe.Prev != nil && errors.Is(fe.Prev, errSteps) {
			out.Message = fe.Prev.Error()
		}
	}
	if out.Message == "memory budget exceeded" {
		out.Message = "the expression built lists too large to evaluate (memory budget exceeded)"
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
// so 0.25 is 1/4 and 1/3 computed in floats is exactly 1/3 again.
func FromFloat(f float64) value.Number {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		return value.Number{}
	}
	if r := Snap(f); r == math.Trunc(r) && math.Abs(r) < 1<<53 {
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
	// No small fraction: keep six decimal places.
	n := int64(math.Round(f * 1e6))
	return value.Frac(n, 1_000_000)
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
