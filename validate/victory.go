package validate

import (
	"fmt"
	"math/big"
	"sort"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

var victoryCheck = &Check{
	Name:  "victory",
	Stage: StageCheck,
	Doc:   "victory level tables have no holes, no overlaps and no level that no score can reach\n\nA scenario's victory.levels and the System's victoryLevels, in points (whole steps of the awards) or as a ratio. Holes and overlaps are warnings, since published tables have them.",
	Applies: func(pkg *content.Package) bool {
		if pkg.System != nil && len(pkg.System.Levels) > 0 {
			return true
		}
		for _, sc := range pkg.Scenarios() {
			if sc.Victory != nil && len(sc.Victory.Levels) > 0 {
				return true
			}
		}
		return false
	},
	Package: func(p *Pass) {
		if sys := p.Pkg.System; sys != nil && len(sys.Levels) > 0 {
			checkLevels(p, sys.Levels, "ratio", nil, "the System's victory levels")
		}
	},
	Scenario: checkScenarioLevels,
}

// checkScenarioLevels checks a scenario's victory level table.
func checkScenarioLevels(p *Pass, sc *content.Scenario) {
	v := sc.Victory
	if v == nil || len(v.Levels) == 0 {
		return
	}
	measure := v.Measure
	if measure == "" || measure == "compare" {
		// compare: the sides' totals are compared and the higher wins; levels, when given, read the margin,
		// which is a score in points like any other.
		measure = "points"
	}
	var step *big.Rat
	if measure == "points" {
		step = scoreStep(v.Awards)
	}
	checkLevels(p, v.Levels, measure, step, "scenario "+sc.ID+"'s victory levels")
}

// scoreStep is the smallest difference between two scores that the awards can make: 1 when every award is
// whole, 1/q when awards come in q-ths. Scores in points are multiples of it.
func scoreStep(awards []content.Award) *big.Rat {
	den := big.NewInt(1)
	for _, a := range awards {
		bd := a.Points.Rat().Denom()
		g := new(big.Int).GCD(nil, nil, den, bd)
		den.Mul(den, bd).Div(den, g)
	}
	return new(big.Rat).SetFrac(big.NewInt(1), den)
}

// vBound is one end of a level's range.
type vBound struct {
	v    *big.Rat // nil: unbounded
	open bool     // the end itself is not in the range
}

type vBand struct {
	b      *content.VictoryBand
	lo, hi vBound
}

func ratOf(n value.Number) *big.Rat { return n.Rat() }

func toBand(b *content.VictoryBand) vBand {
	out := vBand{b: b}
	if b.Min != nil {
		out.lo = vBound{v: ratOf(*b.Min)}
	}
	if b.MoreThan != nil {
		r := ratOf(*b.MoreThan)
		if out.lo.v == nil || r.Cmp(out.lo.v) >= 0 {
			out.lo = vBound{v: r, open: true}
		}
	}
	if b.Max != nil {
		out.hi = vBound{v: ratOf(*b.Max)}
	}
	if b.LessThan != nil {
		r := ratOf(*b.LessThan)
		if out.hi.v == nil || r.Cmp(out.hi.v) <= 0 {
			out.hi = vBound{v: r, open: true}
		}
	}
	return out
}

func (b vBand) label() string {
	t := b.b.Text
	if t == "" {
		t = b.rangeText()
	}
	if b.b.Name != "" {
		return fmt.Sprintf("%q (%s)", b.b.Name, t)
	}
	return t
}

func (b vBand) rangeText() string {
	var parts []string
	if b.lo.v != nil {
		op := "from"
		if b.lo.open {
			op = "more than"
		}
		parts = append(parts, op+" "+ratString(b.lo.v))
	}
	if b.hi.v != nil {
		op := "to"
		if b.hi.open {
			op = "less than"
		}
		parts = append(parts, op+" "+ratString(b.hi.v))
	}
	if len(parts) == 0 {
		return "any score"
	}
	return strings.Join(parts, " ")
}

func ratString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	return value.FromRat(r).String()
}

// checkLevels reports holes, overlaps and unreachable levels. With a step, scores are its multiples (points);
// without, any rational (ratios).
func checkLevels(p *Pass, levels []content.VictoryBand, measure string, step *big.Rat, what string) {
	var bands []vBand
	for i := range levels {
		b := toBand(&levels[i])
		if b.lo.v != nil && b.hi.v != nil {
			c := b.lo.v.Cmp(b.hi.v)
			if c > 0 || (c == 0 && (b.lo.open || b.hi.open)) {
				p.Errorf(b.b.At, "empty", "%s: level %s can never be reached: its lower bound is above its upper bound", what, b.label())
				continue
			}
		}
		if measure == "ratio" && b.hi.v != nil && (b.hi.v.Sign() < 0 || (b.hi.v.Sign() == 0 && b.hi.open)) {
			p.Warnf(b.b.At, "unreachable", "%s: level %s can never be reached: a ratio of victory points is never below 0", what, b.label())
			continue
		}
		if step != nil {
			lo, hi, ok := stepRange(b, step)
			if ok && lo != nil && hi != nil && lo.Cmp(hi) > 0 {
				p.Warnf(b.b.At, "unreachable", "%s: level %s can never be reached: scores move in steps of %s and none falls in it", what, b.label(), ratString(step))
				continue
			}
		}
		bands = append(bands, b)
	}
	sort.SliceStable(bands, func(i, j int) bool { return lowerLess(bands[i].lo, bands[j].lo) })
	for i := 1; i < len(bands); i++ {
		prev, next := bands[i-1], bands[i]
		if step != nil {
			checkStepPair(p, prev, next, step, what)
		} else {
			checkRatioPair(p, prev, next, measure, what)
		}
	}
}

// lowerLess orders lower bounds: unbounded first, then by value, closed before open.
func lowerLess(a, b vBound) bool {
	if a.v == nil || b.v == nil {
		return a.v == nil && b.v != nil
	}
	if c := a.v.Cmp(b.v); c != 0 {
		return c < 0
	}
	return !a.open && b.open
}

// stepRange gives the first and last multiple of step inside a band (nil for unbounded ends).
func stepRange(b vBand, step *big.Rat) (lo, hi *big.Int, ok bool) {
	if b.lo.v != nil {
		q := new(big.Rat).Quo(b.lo.v, step)
		lo = ceilRat(q)
		if b.lo.open && q.IsInt() {
			lo.Add(lo, big.NewInt(1))
		}
	}
	if b.hi.v != nil {
		q := new(big.Rat).Quo(b.hi.v, step)
		hi = floorRat(q)
		if b.hi.open && q.IsInt() {
			hi.Sub(hi, big.NewInt(1))
		}
	}
	return lo, hi, true
}

func floorRat(r *big.Rat) *big.Int {
	q := new(big.Int)
	m := new(big.Int)
	q.DivMod(r.Num(), r.Denom(), m) // Euclidean: floor for a positive denominator
	return q
}

func ceilRat(r *big.Rat) *big.Int {
	f := floorRat(r)
	if !r.IsInt() {
		f.Add(f, big.NewInt(1))
	}
	return f
}

func scoreText(n *big.Int, step *big.Rat) string {
	return ratString(new(big.Rat).Mul(new(big.Rat).SetInt(n), step))
}

func checkStepPair(p *Pass, prev, next vBand, step *big.Rat, what string) {
	_, phi, _ := stepRange(prev, step)
	nlo, nhi, _ := stepRange(next, step)
	if phi == nil || nlo == nil {
		// prev runs on for ever, or next starts at minus infinity (only when prev does too): they overlap.
		d := p.Warnf(next.b.At, "overlap", "%s: levels %s and %s overlap", what, prev.label(), next.label())
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the other level"})
		return
	}
	gapFrom := new(big.Int).Add(phi, big.NewInt(1))
	gapTo := new(big.Int).Sub(nlo, big.NewInt(1))
	switch c := gapFrom.Cmp(nlo); {
	case c < 0:
		n := new(big.Int).Sub(nlo, gapFrom)
		var scores string
		switch {
		case n.Cmp(big.NewInt(1)) == 0:
			scores = "a score of " + scoreText(gapFrom, step)
		case n.Cmp(big.NewInt(4)) <= 0:
			var xs []string
			for x := new(big.Int).Set(gapFrom); x.Cmp(nlo) < 0; x.Add(x, big.NewInt(1)) {
				xs = append(xs, scoreText(x, step))
			}
			scores = "scores of " + strings.Join(xs, ", ")
		default:
			scores = fmt.Sprintf("scores from %s to %s", scoreText(gapFrom, step), scoreText(gapTo, step))
		}
		d := p.Warnf(next.b.At, "gap", "%s leave no level for %s: between %s and %s", what, scores, prev.label(), next.label())
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the level below the gap"})
	case c > 0:
		// Overlap: the scores both levels claim.
		to := phi
		if nhi != nil && nhi.Cmp(to) < 0 {
			to = nhi
		}
		scores := "a score of " + scoreText(nlo, step)
		if to.Cmp(nlo) != 0 {
			scores = fmt.Sprintf("scores from %s to %s", scoreText(nlo, step), scoreText(to, step))
		}
		d := p.Warnf(next.b.At, "overlap", "%s: levels %s and %s both claim %s", what, prev.label(), next.label(), scores)
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the other level"})
	}
}

func checkRatioPair(p *Pass, prev, next vBand, measure, what string) {
	if prev.hi.v == nil || next.lo.v == nil {
		d := p.Warnf(next.b.At, "overlap", "%s: levels %s and %s overlap", what, prev.label(), next.label())
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the other level"})
		return
	}
	unit := ""
	if measure == "ratio" {
		unit = " to 1"
	}
	switch c := prev.hi.v.Cmp(next.lo.v); {
	case c < 0:
		d := p.Warnf(next.b.At, "gap", "%s leave no level for a %s %s %s%s and %s %s%s: between %s and %s", what, measure,
			map[bool]string{true: "above", false: "from"}[!prev.hi.open], ratString(prev.hi.v), unit,
			map[bool]string{true: "up to", false: "below"}[next.lo.open], ratString(next.lo.v), unit, prev.label(), next.label())
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the level below the gap"})
	case c == 0 && prev.hi.open && next.lo.open:
		d := p.Warnf(next.b.At, "gap", "%s leave no level for a %s of exactly %s%s: between %s and %s", what, measure, ratString(prev.hi.v), unit, prev.label(), next.label())
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the level below the gap"})
	case c > 0 || (c == 0 && !prev.hi.open && !next.lo.open):
		d := p.Warnf(next.b.At, "overlap", "%s: levels %s and %s overlap at %s%s", what, prev.label(), next.label(), ratString(next.lo.v), unit)
		d.Related = append(d.Related, diag.Related{Pos: prev.b.At, Message: "the other level"})
	}
}
