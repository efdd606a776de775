package content

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/value"
)

// Odds are a combat results table's columns read as numbers, for finding the column an attack falls in: ratios
// ("1:2", "3:1") on an odds table, differences ("-3", "0", "+4") on a differential one (Table.combat.method).
// Games round odds in favour of the defender (PRESTAGS 7.32: 26 against 9 is 2:1; THG 5.6.2: "round all
// fractions down"), refuse odds below the lowest column (or read them on it, combat.below: lowest) and treat
// odds above the highest as the highest (PRESTAGS 8.1).
type Odds struct {
	Labels []string
	Method string // CombatOdds or CombatDifferential
	// Lowest says an attack below the lowest column is read on it instead of being refused.
	Lowest bool
	values []*big.Rat
}

// CombatMethod is how the table's columns are read: its combat.method, else odds.
func (t *Table) CombatMethod() string {
	if t.Combat != nil && t.Combat.Method != "" {
		return t.Combat.Method
	}
	return CombatOdds
}

// Odds reads the table's columns: on an odds table every column must be written a:b with whole numbers, on a
// differential table a whole number (a sign, "+" and a "≤", "<=", "≥" or ">=" before it, or a "+" after it,
// are allowed: "≤-3", "+2", "6+"), ascending.
func (t *Table) Odds() (*Odds, error) {
	o := &Odds{Method: t.CombatMethod(), Lowest: t.Combat != nil && t.Combat.Below == "lowest"}
	for i, c := range t.Columns {
		var r *big.Rat
		var err error
		if o.Method == CombatDifferential {
			r, err = differential(c)
		} else {
			r, err = ratio(c)
		}
		if err != nil {
			return nil, fmt.Errorf("table %s: column %d (%q) %v", t.ID, i+1, c, err)
		}
		if n := len(o.values); n > 0 && r.Cmp(o.values[n-1]) <= 0 {
			return nil, fmt.Errorf("table %s: %s columns must go up: %s does not come after %s", t.ID, o.Method, c, o.Labels[n-1])
		}
		o.Labels = append(o.Labels, c)
		o.values = append(o.values, r)
	}
	if len(o.Labels) == 0 {
		return nil, fmt.Errorf("table %s has no columns", t.ID)
	}
	return o, nil
}

func ratio(c string) (*big.Rat, error) {
	a, b, ok := strings.Cut(strings.TrimSpace(c), ":")
	x, err1 := strconv.Atoi(strings.TrimSpace(a))
	y, err2 := strconv.Atoi(strings.TrimSpace(b))
	if !ok || err1 != nil || err2 != nil || x <= 0 || y <= 0 {
		return nil, fmt.Errorf("is not odds written a:b (1:2, 3:1)")
	}
	return big.NewRat(int64(x), int64(y)), nil
}

func differential(c string) (*big.Rat, error) {
	s := strings.TrimSpace(c)
	for _, p := range []string{"≤", "<=", "≥", ">="} {
		s = strings.TrimPrefix(s, p)
	}
	if strings.HasSuffix(s, "+") && len(s) > 1 {
		s = s[:len(s)-1]
	}
	s = strings.ReplaceAll(strings.TrimPrefix(strings.TrimSpace(s), "+"), "−", "-")
	n, err := strconv.Atoi(s)
	if err != nil {
		return nil, fmt.Errorf("is not a difference written as a whole number (-3, 0, +2, 6+)")
	}
	return big.NewRat(int64(n), 1), nil
}

// Column returns the index of the column an attack of att against def falls in, rounded in favour of the
// defender: the highest column whose odds (or difference) do not exceed the attack's. Odds above the highest
// column use it; odds below the lowest are refused, or read on the lowest when the table says so.
func (o *Odds) Column(att, def value.Number) (int, error) {
	col, err := o.Unclamped(att, def)
	if err != nil {
		return 0, err
	}
	if col < 0 {
		if o.Lowest {
			return 0, nil
		}
		return 0, fmt.Errorf("%s against %s is below %s, the lowest %s on the table: the attack is not permitted", att, def, o.Labels[0], o.word())
	}
	return col, nil
}

// Unclamped is the column before the table's ends are applied: -1 for an attack below the lowest column, the
// last column for one above the highest.
func (o *Odds) Unclamped(att, def value.Number) (int, error) {
	var r *big.Rat
	if o.Method == CombatDifferential {
		r = new(big.Rat).Sub(att.Rat(), def.Rat())
	} else {
		if def.Cmp(value.Number{}) <= 0 {
			return 0, fmt.Errorf("the defence strength must be more than zero")
		}
		r = new(big.Rat).Quo(att.Rat(), def.Rat())
	}
	col := -1
	for i, x := range o.values {
		if x.Cmp(r) <= 0 {
			col = i
		}
	}
	return col, nil
}

func (o *Odds) word() string {
	if o.Method == CombatDifferential {
		return "difference"
	}
	return "odds"
}
