// Package value holds the typed values of wargame notation: numbers with halves and fractions (`1/2`, `½`,
// `2½`), numbers carrying flags (`3*`, `[4]`, `.`, `-`), letter grades (`A`–`E`), dice (`2d20`) and
// physical lengths (`0.55in`, `16mm`, `letter`). Content is parsed once into these types so that no consumer
// re-parses strings, and each value keeps the text the designer wrote for printing it back.
package value

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
)

// Number is an exact rational: wargames count in halves, quarters and thirds, and a cost of 1/4 point must add
// up exactly. Den is always positive; the zero value is 0.
type Number struct {
	Num int64
	Den int64 // 0 is read as 1
}

// Int makes a whole Number.
func Int(n int64) Number { return Number{Num: n, Den: 1} }

// Frac makes num/den in lowest terms. den must not be zero.
func Frac(num, den int64) Number {
	if den < 0 {
		num, den = -num, -den
	}
	g := gcd(abs(num), den)
	if g > 1 {
		num, den = num/g, den/g
	}
	return Number{Num: num, Den: den}
}

func (n Number) den() int64 {
	if n.Den == 0 {
		return 1
	}
	return n.Den
}

// Float returns the value as a float64.
func (n Number) Float() float64 { return float64(n.Num) / float64(n.den()) }

// IsInt reports whether the number is whole.
func (n Number) IsInt() bool { return n.Num%n.den() == 0 }

// Add, Sub and Mul are exact; they saturate rather than overflow silently (content never needs 2^62 points).
func (n Number) Add(m Number) Number { return fromRat(new(big.Rat).Add(n.rat(), m.rat())) }
func (n Number) Sub(m Number) Number { return fromRat(new(big.Rat).Sub(n.rat(), m.rat())) }
func (n Number) Mul(m Number) Number { return fromRat(new(big.Rat).Mul(n.rat(), m.rat())) }

// Cmp compares two numbers: -1, 0 or +1.
func (n Number) Cmp(m Number) int { return n.rat().Cmp(m.rat()) }

func (n Number) rat() *big.Rat { return big.NewRat(n.Num, n.den()) }

func fromRat(r *big.Rat) Number {
	if !r.Num().IsInt64() || !r.Denom().IsInt64() {
		f, _ := r.Float64()
		if f > 0 {
			return Int(math.MaxInt64 / 2)
		}
		return Int(math.MinInt64 / 2)
	}
	return Number{Num: r.Num().Int64(), Den: r.Denom().Int64()}
}

// Floor and Ceil round to whole numbers.
func (n Number) Floor() int64 {
	d := n.den()
	q := n.Num / d
	if n.Num%d != 0 && n.Num < 0 {
		q--
	}
	return q
}

func (n Number) Ceil() int64 {
	d := n.den()
	q := n.Num / d
	if n.Num%d != 0 && n.Num > 0 {
		q++
	}
	return q
}

var vulgar = map[string][2]int64{
	"½": {1, 2}, "⅓": {1, 3}, "⅔": {2, 3}, "¼": {1, 4}, "¾": {3, 4},
	"⅕": {1, 5}, "⅖": {2, 5}, "⅗": {3, 5}, "⅘": {4, 5}, "⅙": {1, 6}, "⅚": {5, 6},
	"⅛": {1, 8}, "⅜": {3, 8}, "⅝": {5, 8}, "⅞": {7, 8},
}

// String writes the number the way a rulebook does: 2, ½, 2½, 1/3 when there is no vulgar-fraction glyph.
func (n Number) String() string {
	d := n.den()
	if n.Num%d == 0 {
		return strconv.FormatInt(n.Num/d, 10)
	}
	sign := ""
	num := n.Num
	if num < 0 {
		sign, num = "-", -num
	}
	whole, rest := num/d, num%d
	for glyph, f := range vulgar {
		if f[0] == rest && f[1] == d {
			if whole == 0 {
				return sign + glyph
			}
			return sign + strconv.FormatInt(whole, 10) + glyph
		}
	}
	if whole == 0 {
		return fmt.Sprintf("%s%d/%d", sign, rest, d)
	}
	return fmt.Sprintf("%s%d %d/%d", sign, whole, rest, d)
}

// ErrNotNumber is wrapped by ParseNumber's errors.
var ErrNotNumber = errors.New("not a number")

// ParseNumber reads 3, -2, 0.25, 1/2, ½, 2½, "2 1/2" and 1½.
func ParseNumber(s string) (Number, error) {
	t := strings.TrimSpace(s)
	if t == "" {
		return Number{}, fmt.Errorf("%w: empty", ErrNotNumber)
	}
	neg := false
	if t[0] == '-' || t[0] == '+' {
		neg = t[0] == '-'
		t = strings.TrimSpace(t[1:])
	}
	n, err := parseUnsigned(t)
	if err != nil {
		return Number{}, fmt.Errorf("%w: %q", ErrNotNumber, s)
	}
	if neg {
		n.Num = -n.Num
	}
	return n, nil
}

func parseUnsigned(t string) (Number, error) {
	if t == "" {
		return Number{}, ErrNotNumber
	}
	// A trailing vulgar fraction: "2½", "½".
	for glyph, f := range vulgar {
		if strings.HasSuffix(t, glyph) {
			head := strings.TrimSpace(strings.TrimSuffix(t, glyph))
			whole := int64(0)
			if head != "" {
				w, err := strconv.ParseInt(head, 10, 32)
				if err != nil || w < 0 {
					return Number{}, ErrNotNumber
				}
				whole = w
			}
			return Frac(whole*f[1]+f[0], f[1]), nil
		}
	}
	// "2 1/2" and "1/2".
	if i := strings.IndexByte(t, '/'); i >= 0 {
		whole := int64(0)
		frac := t
		if sp := strings.IndexByte(t, ' '); sp >= 0 && sp < i {
			w, err := strconv.ParseInt(t[:sp], 10, 32)
			if err != nil || w < 0 {
				return Number{}, ErrNotNumber
			}
			whole, frac = w, strings.TrimSpace(t[sp+1:])
			i = strings.IndexByte(frac, '/')
		}
		a, err1 := strconv.ParseInt(frac[:i], 10, 32)
		b, err2 := strconv.ParseInt(frac[i+1:], 10, 32)
		if err1 != nil || err2 != nil || b <= 0 || a < 0 {
			return Number{}, ErrNotNumber
		}
		return Frac(whole*b+a, b), nil
	}
	if strings.ContainsAny(t, ".eE") {
		// Decimals: exact for terminating decimals such as 0.25 or 2.5.
		r, ok := new(big.Rat).SetString(t)
		if !ok || r.Sign() < 0 || strings.ContainsAny(t, "eE") {
			return Number{}, ErrNotNumber
		}
		return fromRat(r), nil
	}
	v, err := strconv.ParseInt(t, 10, 63)
	if err != nil || v < 0 {
		return Number{}, ErrNotNumber
	}
	return Int(v), nil
}

func abs(n int64) int64 {
	if n < 0 {
		return -n
	}
	return n
}

func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	if a == 0 {
		return 1
	}
	return a
}
