// Package analysis works out, from a game's own data and before anyone plays it, what its combat tables do
// (the exact odds of every result in every column, every roll enumerated, die-roll modifiers applied as the
// rules engine applies them) and what its scenarios allow (how soon each side can reach each cell, the best
// odds each can make on turn 1, the forces in each sector, replacements against losses).
//
// Everything is exact (rationals, no sampling) and deterministic, and bounded: a dice expression too large to
// sum, or a scenario too long, stops at a limit with a diagnostic rather than running on. What a System writes
// as prose is not read: each report says what it did not take into account.
package analysis

import (
	"fmt"
	"math/big"

	"github.com/muster-wargames/muster/content/value"
)

// Limits.
const (
	// MaxDiceWork bounds summing a dice expression: dice x faces x totals (a 1000d1000 is 10^12 steps).
	// Totals are summed, never rolled one by one: a 9d10 of 10^9 rolls is 8,100 steps.
	MaxDiceWork = 5_000_000
	// MaxModifierSets is how many combinations of die-roll modifiers a table's analysis enumerates (eight
	// modifiers); a table with more has each modifier alone and all of them analysed.
	MaxModifierSets = 256
	// MaxTurns is how many turns a scenario's reachability runs to: a scenario of 10,000 turns is analysed
	// to turn 1,000, and the report says so.
	MaxTurns = 1000
)

// LimitError is an analysis stopped at one of the limits.
type LimitError struct{ Message string }

func (e *LimitError) Error() string { return e.Message }

// Dist is the exact distribution of a dice expression's totals: Counts[i] rolls of Total give Min+i.
type Dist struct {
	Min    int
	Counts []*big.Int
	Total  *big.Int // every roll: faces^dice
}

// Roll sums a dice expression's rolls, total by total: each die convolved in turn, in whole numbers of rolls.
// A LimitError refuses an expression whose sum would take more than MaxDiceWork steps.
func Roll(d value.Dice) (Dist, error) {
	if d.Count < 1 || d.Sides < 1 {
		return Dist{}, fmt.Errorf("%s is not a dice expression", d)
	}
	span := int64(d.Count)*int64(d.Sides-1) + 1
	if work := int64(d.Count) * int64(d.Sides) * span; work > MaxDiceWork {
		return Dist{}, &LimitError{fmt.Sprintf("%s has %d totals over %d dice: summing them would take %d steps, more than muster's %d",
			d, span, d.Count, work, MaxDiceWork)}
	}
	counts := []*big.Int{big.NewInt(1)}
	for range d.Count {
		next := make([]*big.Int, len(counts)+d.Sides-1)
		for i := range next {
			next[i] = new(big.Int)
		}
		for i, c := range counts {
			if c.Sign() == 0 {
				continue
			}
			for f := range d.Sides {
				next[i+f].Add(next[i+f], c)
			}
		}
		counts = next
	}
	total := new(big.Int).Exp(big.NewInt(int64(d.Sides)), big.NewInt(int64(d.Count)), nil)
	return Dist{Min: d.Count + d.Mod, Counts: counts, Total: total}, nil
}

// Max is the highest total.
func (d Dist) Max() int { return d.Min + len(d.Counts) - 1 }

// P is the probability of the total t.
func (d Dist) P(t int) value.Number {
	i := t - d.Min
	if i < 0 || i >= len(d.Counts) {
		return value.Number{}
	}
	return value.FromRat(new(big.Rat).SetFrac(d.Counts[i], d.Total))
}
