package rules

import (
	"fmt"
	"math"
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/formula"
	"github.com/muster-wargames/muster/content/value"
)

// Rule is a compiled System.rules entry.
type Rule struct {
	Def   *content.RuleDef
	Index int
	// Broken is set when the rule cannot run: a formula did not compile, it says nothing to check, or its
	// shape does not fit its scope (the compile diagnostics say which).
	Broken bool

	when, check, plus *formula.Program
	placeholders      map[string]*formula.Program
}

// Code is the diagnostic code a declared rule reports under.
func (r *Rule) Code() string { return "rules." + r.Def.ID }

// Scope is the rule's scope, force when it gives none.
func (r *Rule) Scope() string { return Scope(r.Def) }

// Scope is a declared rule's scope: force when it gives none.
func Scope(r *content.RuleDef) string {
	if r.Scope == "" {
		return ScopeForce
	}
	return r.Scope
}

// Rules are the System's declared rules in declaration order, broken ones included (marked Broken).
func (e *Engine) Rules() []*Rule { return e.rules }

// RulesOf are the rules of one scope that can run.
func (e *Engine) RulesOf(scope string) []*Rule {
	var out []*Rule
	for _, r := range e.rules {
		if !r.Broken && r.Scope() == scope {
			out = append(out, r)
		}
	}
	return out
}

// Kind says which part of a declared rule a group breaks.
type Kind int

const (
	CheckFails     Kind = iota + 1 // the check expression is false
	CheckError                     // the check expression could not be evaluated (a run time error, recorded by the engine)
	CountMin                       // fewer units of the selection than count.min
	CountMax                       // more than count.max
	PercentMin                     // less than percent.min of the base spent on the classes
	PercentMax                     // more than percent.max
	RatioShort                     // fewer need-units than the ratio asks
	PerPointsOver                  // more units than one per full N points allows
	UniqueRepeated                 // a unique type fielded more than once
)

// Violation is one way a group breaks a declared rule.
type Violation struct {
	Rule *Rule
	Kind Kind
	// Mendable is true when adding units can mend it (a minimum count or share, a ratio): a generator
	// growing a force keeps going; the other limits only tighten as a force grows.
	Mendable bool
	text     func() string
}

// Text says what is wrong in the designer's words ("has 9 combat units, which need 2 baggage ...").
func (v Violation) Text() string { return v.text() }

// Evaluate runs one declared rule on a group and returns how the group breaks it (nil when it keeps it, or
// when the rule's `when` does not hold). A run time error in a formula is recorded for TakeRuntimeDiags and
// returned; a check that cannot be evaluated is a CheckError violation, since the rule cannot be shown to hold.
func (e *Engine) Evaluate(r *Rule, g *Group) ([]Violation, error) {
	if r.Broken {
		return nil, nil
	}
	x := r.Def
	var out []Violation
	var firstErr error
	fail := func(err error, prog *formula.Program, part string) {
		e.lockedRuntimeErr(err, prog, fmt.Sprintf("rule %s%s for %s", x.ID, part, g.What))
		if firstErr == nil {
			firstErr = err
		}
	}
	add := func(k Kind, mendable bool, text func() string) {
		out = append(out, Violation{Rule: r, Kind: k, Mendable: mendable, text: text})
	}
	if r.when != nil {
		ok, err := g.run.Bool(r.when, e.Env(g))
		if err != nil {
			fail(err, r.when, " (when)")
			return nil, firstErr
		}
		if !ok {
			return nil, nil
		}
	}
	if r.check != nil {
		ok, err := g.run.Bool(r.check, e.Env(g))
		switch {
		case err != nil:
			fail(err, r.check, "")
			add(CheckError, false, func() string { return err.Error() })
		case !ok:
			add(CheckFails, false, func() string { return fmt.Sprintf("%s does not hold", strings.TrimSpace(x.Check)) })
		}
	}
	if c := x.Count; c != nil {
		n := g.Count(c.Units, c.Classes)
		what := describeSel(c.Units, c.Classes)
		if c.Min != nil && n < *c.Min {
			add(CountMin, true, func() string { return fmt.Sprintf("has %d %s, fewer than the %d required", n, what, *c.Min) })
		}
		if c.Max != nil && n > *c.Max {
			add(CountMax, false, func() string { return fmt.Sprintf("has %d %s, more than the %d allowed", n, what, *c.Max) })
		}
	}
	if c := x.Percent; c != nil {
		base, baseName := PercentBase(c, g)
		if base.Cmp(value.Number{}) > 0 {
			pts := g.ClassPoints(c.Classes)
			share := pts.Mul(value.Int(100))
			what := "points on " + strings.Join(c.Classes, ", ")
			if c.Min != nil && share.Cmp(c.Min.Mul(base)) < 0 {
				add(PercentMin, true, func() string {
					return fmt.Sprintf("spends %s %s, %s%% of %s %s points; at least %s%% is required", pts, what, percentText(pts, base), baseName, base, c.Min)
				})
			}
			if c.Max != nil && share.Cmp(c.Max.Mul(base)) > 0 {
				add(PercentMax, false, func() string {
					return fmt.Sprintf("spends %s %s, %s%% of %s %s points; at most %s%% is allowed", pts, what, percentText(pts, base), baseName, base, c.Max)
				})
			}
		}
	}
	if c := x.Ratio; c != nil && c.Per > 0 {
		rn, err := e.ratio(r, g)
		if err != nil {
			fail(err, r.plus, " (plus)")
			return out, firstErr
		}
		if rn.Have < rn.Need {
			add(RatioShort, true, rn.text)
		}
	}
	if c := x.PerPoints; c != nil && c.Per.Cmp(value.Number{}) > 0 {
		base, baseName := g.Points, "points"
		if g.Budget != nil {
			base, baseName = *g.Budget, "points of budget"
		}
		q := base.Quo(c.Per)
		full := q.Floor()
		if c.Round == "ceil" {
			full = q.Ceil()
		}
		each := max(c.Count, 1)
		allowed := int(full) * each
		if n := g.Count(c.Units, c.Classes); n > allowed {
			add(PerPointsOver, false, func() string {
				return fmt.Sprintf("has %d %s, but %s %s allow only %d (%d per full %s)", n, describeSel(c.Units, c.Classes), base, baseName, allowed, each, c.Per)
			})
		}
	}
	if len(x.Unique) > 0 {
		seen := map[string]int{}
		for _, l := range g.Lines {
			if l.Unit != nil && shareAny(x.Unique, l.Unit.Type.Classes) {
				seen[l.Unit.Type.ID] += l.Count
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
			n := seen[id]
			add(UniqueRepeated, false, func() string { return fmt.Sprintf("has %d of %s, which may be fielded once", n, id) })
		}
	}
	return out, firstErr
}

// PercentBase is what a percent rule's share is taken of in a group, and how to say it: the points the group
// spends (its total), unless the rule says `of: budget` and the group has a budget.
func PercentBase(c *content.PercentRule, g *Group) (value.Number, string) {
	if c.Of == "budget" && g.Budget != nil {
		return *g.Budget, "its budget of"
	}
	return g.Points, "its total of"
}

// Ratio is how many need-units a ratio rule asks of a group (a baggage train per 4 combat units), and how
// many it has.
type Ratio struct {
	Need, Have int
	text       func() string
}

// RatioNeed evaluates a ratio rule on a group; ok is false when the rule is not a ratio rule or cannot run.
func (e *Engine) RatioNeed(r *Rule, g *Group) (Ratio, bool) {
	if r.Broken || r.Def.Ratio == nil || r.Def.Ratio.Per <= 0 {
		return Ratio{}, false
	}
	rn, err := e.ratio(r, g)
	if err != nil {
		e.lockedRuntimeErr(err, r.plus, fmt.Sprintf("rule %s (plus) for %s", r.Def.ID, g.What))
		return Ratio{}, false
	}
	return rn, true
}

func (e *Engine) ratio(r *Rule, g *Group) (Ratio, error) {
	c := r.Def.Ratio
	counted := 0
	for _, l := range g.Lines {
		if l.Unit == nil {
			continue
		}
		cl := l.Unit.Type.Classes
		if (len(c.Of) == 0 || shareAny(c.Of, cl)) && !shareAny(c.Except, cl) && !(shareAny(c.Need, cl) || slices.Contains(c.NeedUnits, l.Unit.Type.ID)) {
			counted += l.Count
		}
	}
	each := max(c.Count, 1)
	groups := counted / c.Per
	roundWord := "rounded down"
	if c.Round == "ceil" {
		groups = (counted + c.Per - 1) / c.Per
		roundWord = "rounded up"
	}
	need := groups * each
	plusText := ""
	if r.plus != nil {
		n, err := g.run.Number(r.plus, e.Env(g))
		if err != nil {
			return Ratio{}, err
		}
		if extra := int(n.Ceil()); extra != 0 {
			need += extra
			plusText = fmt.Sprintf(" plus %d (%s)", extra, strings.TrimSpace(c.Plus))
		}
	}
	have := g.Count(c.NeedUnits, c.Need)
	return Ratio{Need: need, Have: have, text: func() string {
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
		return fmt.Sprintf("has %d %s, which need %d %s (%s), but it has %d", counted, ofWhat, need, describeSel(c.NeedUnits, c.Need), why, have)
	}}, nil
}

// Message is what a violated rule says: the rule's own message with its {placeholders} filled from the group
// and the violation's text in brackets, or the violation's text alone when the rule has no message.
func (e *Engine) Message(v Violation, g *Group) string {
	auto := ""
	if v.Kind != CheckFails || v.Rule.Def.Message == "" {
		auto = v.Text()
	}
	if v.Rule.Def.Message == "" {
		return auto
	}
	msg := e.expand(v.Rule, g)
	if auto != "" {
		msg += " (" + auto + ")"
	}
	return msg
}

// expand fills a rule's message placeholders from the group's environment.
func (e *Engine) expand(r *Rule, g *Group) string {
	var b strings.Builder
	rs := []rune(r.Def.Message)
	last := 0
	for _, ph := range placeholders(r.Def.Message) {
		b.WriteString(unbrace(string(rs[last : ph.offset-1])))
		val := "{" + ph.text + "}"
		if prog := r.placeholders[ph.text]; prog != nil {
			out, err := g.run.Eval(prog, e.Env(g))
			if err != nil {
				e.lockedRuntimeErr(err, prog, fmt.Sprintf("rule %s (message) for %s", r.Def.ID, g.What))
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

type placeholder struct {
	text   string
	offset int // rune offset of the text inside the message
}

// placeholders finds {expr} in a message; {{ is a literal brace.
func placeholders(msg string) []placeholder {
	var out []placeholder
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
		out = append(out, placeholder{text: string(rs[i+1 : j]), offset: i + 1})
		i = j
	}
	return out
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

func percentText(part, whole value.Number) string {
	if whole.Cmp(value.Number{}) == 0 {
		return "0"
	}
	return strconv.FormatFloat(math.Round(part.Float()/whole.Float()*1000)/10, 'f', -1, 64)
}

func describeSel(units, classes []string) string {
	parts := append(append([]string{}, units...), classes...)
	if len(parts) == 0 {
		return "units"
	}
	return strings.Join(parts, " or ")
}

// Describe is a one-line account of what a declared rule checks, for a rule that has no doc of its own.
func Describe(r *content.RuleDef) string {
	var parts []string
	if c := r.Count; c != nil {
		s := "count of " + describeSel(c.Units, c.Classes)
		if c.Min != nil {
			s += fmt.Sprintf(" at least %d", *c.Min)
		}
		if c.Max != nil {
			s += fmt.Sprintf(" at most %d", *c.Max)
		}
		parts = append(parts, s)
	}
	if c := r.Percent; c != nil {
		s := "points on " + strings.Join(c.Classes, ", ")
		if c.Min != nil {
			s += " at least " + c.Min.String() + "%"
		}
		if c.Max != nil {
			s += " at most " + c.Max.String() + "%"
		}
		parts = append(parts, s)
	}
	if c := r.Ratio; c != nil {
		parts = append(parts, fmt.Sprintf("%s per %d %s", describeSel(c.NeedUnits, c.Need), c.Per, strings.Join(c.Of, ", ")))
	}
	if c := r.PerPoints; c != nil {
		parts = append(parts, fmt.Sprintf("%s: one per full %s points", describeSel(c.Units, c.Classes), c.Per))
	}
	if len(r.Unique) > 0 {
		parts = append(parts, "one of each "+strings.Join(r.Unique, ", ")+" type")
	}
	if r.Check != "" {
		parts = append(parts, "must hold: "+strings.TrimSpace(r.Check))
	}
	sort.Strings(parts)
	return strings.Join(parts, "; ")
}
