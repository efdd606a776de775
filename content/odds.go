package content

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content/value"
)

// Odds are a combat results table's columns read as ratios ("1:2", "3:1"), for finding the column an attack
// falls in. Games round odds in favour of the defender (PRESTAGS 7.32: 26 against 9 is 2:1; THG 5.6.2: "round
// all fractions down"), refuse odds below the lowest column and treat odds above the highest as the highest
// (PRESTAGS 8.1).
type Odds struct {
	Labels []string
	ratios []*big.Rat
}

// Odds reads the table's columns as ratios; every column must be written a:b with whole numbers, ascending.
func (t *Table) Odds() (*Odds, error) {
	o := &Odds{}
	for i, c := range t.Columns {
		a, b, ok := strings.Cut(strings.TrimSpace(c), ":")
		x, err1 := strconv.Atoi(strings.TrimSpace(a))
		y, err2 := strconv.Atoi(strings.TrimSpace(b))
		if !ok || err1 != nil || err2 != nil || x <= 0 || y <= 0 {
			return nil, fmt.Errorf("table %s: column %d (%q) is not odds written a:b (1:2, 3:1)", t.ID, i+1, c)
		}
		r := big.NewRat(int64(x), int64(y))
		if n := len(o.ratios); n > 0 && r.Cmp(o.ratios[n-1]) <= 0 {
			return nil, fmt.Errorf("table %s: odds columns must go up: %s does not come after %s", t.ID, c, o.Labels[n-1])
		}
		o.Labels = append(o.Labels, c)
		o.ratios = append(o.ratios, r)
	}
	if len(o.Labels) == 0 {
		return nil, fmt.Errorf("table %s has no columns", t.ID)
	}
	return o, nil
}

// Column returns the index of the column an attack of att against def falls in, rounded in favour of the
// defender: the highest column whose odds do not exceed att:def. Odds above the highest column use it; odds
// below the lowest are refused.
func (o *Odds) Column(att, def value.Number) (int, error) {
	if def.Cmp(value.Number{}) <= 0 {
		return 0, fmt.Errorf("the defence strength must be more than zero")
	}
	r := new(big.Rat).Quo(att.Rat(), def.Rat())
	col := -1
	for i, x := range o.ratios {
		if x.Cmp(r) <= 0 {
			col = i
		}
	}
	if col < 0 {
		return 0, fmt.Errorf("%s against %s is below %s, the lowest odds on the table: the attack is not permitted", att, def, o.Labels[0])
	}
	return col, nil
}
