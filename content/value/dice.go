package value

import (
	"fmt"
	"strconv"
	"strings"
)

// Dice is a dice expression: `1d6`, `2d10`, `2D20`, `d4`, `1d6+1`, `2d6-2`.
type Dice struct {
	Count int // number of dice, at least 1
	Sides int // faces per die, at least 2
	Mod   int // added to the total
}

// ParseDice reads NdS, NdS+M and NdS-M (d or D).
func ParseDice(s string) (Dice, error) {
	bad := fmt.Errorf("%q is not a dice expression: write e.g. 1d6, 2d10 or 2d6+1", s)
	t := strings.TrimSpace(strings.ToLower(s))
	i := strings.IndexByte(t, 'd')
	if i < 0 {
		return Dice{}, bad
	}
	d := Dice{Count: 1}
	if i > 0 {
		n, err := strconv.Atoi(t[:i])
		if err != nil || n < 1 || n > 1000 {
			return Dice{}, bad
		}
		d.Count = n
	}
	rest := t[i+1:]
	if j := strings.IndexAny(rest, "+-"); j >= 0 {
		m, err := strconv.Atoi(rest[j:])
		if err != nil || m > 1_000_000 || m < -1_000_000 {
			return Dice{}, bad
		}
		d.Mod, rest = m, rest[:j]
	}
	sides, err := strconv.Atoi(rest)
	if err != nil || sides < 2 || sides > 1000 {
		return Dice{}, bad
	}
	d.Sides = sides
	return d, nil
}

// Min and Max are the lowest and highest totals.
func (d Dice) Min() int { return d.Count + d.Mod }
func (d Dice) Max() int { return d.Count*d.Sides + d.Mod }

func (d Dice) String() string {
	s := fmt.Sprintf("%dd%d", d.Count, d.Sides)
	switch {
	case d.Mod > 0:
		s += fmt.Sprintf("+%d", d.Mod)
	case d.Mod < 0:
		s += fmt.Sprintf("%d", d.Mod)
	}
	return s
}
