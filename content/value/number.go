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

// What ParseNumber keeps: a number written in content has at most MaxDecimals decimal places (trailing zeros
// do not count), a denominator of at most MaxDenominator and a size of at most MaxMagnitude either side of
// zero. Within these bounds every parsed number fits Num and Den exactly.
const (
	MaxDecimals    = 6
	MaxDenominator = 1_000_000
	MaxMagnitude   = 1_000_000_000_000
)

// Number is an exact rational: wargames count in halves, quarters and thirds, and a cost of 1/4 point must add
// up exactly. Arithmetic never rounds, wraps or saturates: a result whose numerator or denominator outgrows
// int64 is kept as a big rational.
//
// Num/Den is the value whenever it fits in int64 — always for a parsed number and for Int and Frac. For a
// value that outgrew int64 Num holds only its sign (-1 or 1) and Den is 0; read such values with Rat, Sign,
// Cmp, Float or String, never through the fields. The zero value is 0.
type Number struct {
	Num int64
	Den int64    // 0 is read as 1
	big *big.Rat // the value when it does not fit Num/Den; never changed once set
}

// Int makes a whole Number.
func Int(n int64) Number { return Number{Num: n, Den: 1} }

// Frac makes num/den in lowest terms. A zero den is read as 1, as in a Number's Den.
func Frac(num, den int64) Number {
	if den == 0 {
		den = 1
	}
	if n, ok := reduce(num, den); ok {
		return n
	}
	return fromRat(new(big.Rat).SetFrac(big.NewInt(num), big.NewInt(den)))
}

// FromRat makes a Number of the exact value of r (nil is 0); the Number keeps no reference to r.
func FromRat(r *big.Rat) Number {
	if r == nil {
		return Number{}
	}
	return fromRat(new(big.Rat).Set(r))
}

// fromRat takes ownership of r: the caller must not change it afterwards.
func fromRat(r *big.Rat) Number {
	if r.Num().IsInt64() && r.Denom().IsInt64() {
		return Number{Num: r.Num().Int64(), Den: r.Denom().Int64()}
	}
	return Number{Num: int64(r.Sign()), big: r}
}

// small returns the value as num/den with den > 0 and neither at math.MinInt64 (so negating and taking the
// absolute value are safe), or ok false when only big arithmetic can hold it.
func (n Number) small() (num, den int64, ok bool) {
	if n.big != nil {
		return 0, 0, false
	}
	num, den = n.Num, n.Den
	if den == 0 {
		den = 1
	}
	if num == math.MinInt64 || den == math.MinInt64 {
		return 0, 0, false
	}
	if den < 0 {
		num, den = -num, -den
	}
	return num, den, true
}

// rat returns the value as a big.Rat the caller must not change.
func (n Number) rat() *big.Rat {
	if n.big != nil {
		return n.big
	}
	den := n.Den
	if den == 0 {
		den = 1
	}
	return new(big.Rat).SetFrac(big.NewInt(n.Num), big.NewInt(den))
}

// Rat returns the exact value as a new big.Rat.
func (n Number) Rat() *big.Rat { return new(big.Rat).Set(n.rat()) }

// Sign returns -1, 0 or +1.
func (n Number) Sign() int {
	if num, _, ok := n.small(); ok {
		switch {
		case num < 0:
			return -1
		case num > 0:
			return 1
		}
		return 0
	}
	return n.rat().Sign()
}

// Float returns the value as the nearest float64 (±Inf beyond float64's range).
func (n Number) Float() float64 {
	if num, den, ok := n.small(); ok && abs(num) <= 1<<53 && den <= 1<<53 {
		return float64(num) / float64(den) // both exact, and IEEE division rounds correctly
	}
	f, _ := n.rat().Float64()
	return f
}

// IsInt reports whether the number is whole.
func (n Number) IsInt() bool {
	if num, den, ok := n.small(); ok {
		return num%den == 0
	}
	return n.rat().IsInt()
}

// Add, Sub, Mul and Quo are exact: they never round, wrap or saturate.
func (n Number) Add(m Number) Number {
	if a, b, ok := n.small(); ok {
		if c, d, ok := m.small(); ok {
			if r, ok := addSmall(a, b, c, d); ok {
				return r
			}
		}
	}
	return fromRat(new(big.Rat).Add(n.rat(), m.rat()))
}

func (n Number) Sub(m Number) Number {
	if a, b, ok := n.small(); ok {
		if c, d, ok := m.small(); ok {
			if r, ok := addSmall(a, b, -c, d); ok {
				return r
			}
		}
	}
	return fromRat(new(big.Rat).Sub(n.rat(), m.rat()))
}

func (n Number) Mul(m Number) Number {
	if a, b, ok := n.small(); ok {
		if c, d, ok := m.small(); ok {
			if r, ok := mulSmall(a, b, c, d); ok {
				return r
			}
		}
	}
	return fromRat(new(big.Rat).Mul(n.rat(), m.rat()))
}

// Neg returns -n.
func (n Number) Neg() Number {
	if num, den, ok := n.small(); ok {
		if r, ok := reduce(-num, den); ok {
			return r
		}
	}
	return fromRat(new(big.Rat).Neg(n.rat()))
}

// Quo returns n / m. m must not be zero: Quo panics on a zero divisor, as integer division does, so callers
// check Sign first.
func (n Number) Quo(m Number) Number {
	if m.Sign() == 0 {
		panic("value: division by zero")
	}
	if a, b, ok := n.small(); ok {
		if c, d, ok := m.small(); ok {
			if c < 0 {
				c, d = -c, -d
			}
			if r, ok := mulSmall(a, b, d, c); ok {
				return r
			}
		}
	}
	return fromRat(new(big.Rat).Quo(n.rat(), m.rat()))
}

// Cmp compares two numbers: -1, 0 or +1.
func (n Number) Cmp(m Number) int {
	if a, b, ok := n.small(); ok {
		if c, d, ok := m.small(); ok {
			if b == d {
				return cmp64(a, c)
			}
			x, ok1 := mul64(a, d)
			y, ok2 := mul64(c, b)
			if ok1 && ok2 {
				return cmp64(x, y)
			}
		}
	}
	return n.rat().Cmp(m.rat())
}

// Floor and Ceil round to whole numbers. A value beyond int64 gives math.MaxInt64 or math.MinInt64: use Rat
// where such values can occur.
func (n Number) Floor() int64 {
	if num, den, ok := n.small(); ok {
		q := num / den
		if num%den != 0 && num < 0 {
			q--
		}
		return q
	}
	r := n.rat()
	return clampInt(new(big.Int).Div(r.Num(), r.Denom())) // Euclidean: floor for a positive denominator
}

func (n Number) Ceil() int64 {
	if num, den, ok := n.small(); ok {
		q := num / den
		if num%den != 0 && num > 0 {
			q++
		}
		return q
	}
	r := n.rat()
	q, m := new(big.Int).DivMod(r.Num(), r.Denom(), new(big.Int))
	if m.Sign() != 0 {
		q.Add(q, big.NewInt(1))
	}
	return clampInt(q)
}

func clampInt(q *big.Int) int64 {
	switch {
	case q.IsInt64():
		return q.Int64()
	case q.Sign() > 0:
		return math.MaxInt64
	}
	return math.MinInt64
}

// vulgar lists the fractions that have a glyph, in the order ParseNumber tries them.
var vulgar = []struct {
	glyph    string
	num, den int64
}{
	{"½", 1, 2}, {"⅓", 1, 3}, {"⅔", 2, 3}, {"¼", 1, 4}, {"¾", 3, 4},
	{"⅕", 1, 5}, {"⅖", 2, 5}, {"⅗", 3, 5}, {"⅘", 4, 5}, {"⅙", 1, 6}, {"⅚", 5, 6},
	{"⅛", 1, 8}, {"⅜", 3, 8}, {"⅝", 5, 8}, {"⅞", 7, 8},
}

// String writes the number the way a rulebook does: 2, ½, 2½, 1/3 when there is no vulgar-fraction glyph,
// 2 1/7 for a whole number and a fraction. ParseNumber reads every such text back to the same value.
func (n Number) String() string {
	num, den, ok := n.small()
	if !ok {
		return bigString(n.rat())
	}
	if num%den == 0 {
		return strconv.FormatInt(num/den, 10)
	}
	sign := ""
	if num < 0 {
		sign, num = "-", -num
	}
	whole, rest := num/den, num%den
	g := gcd(rest, den) // a Number written as a literal may not be in lowest terms
	rest, den = rest/g, den/g
	for _, v := range vulgar {
		if v.num == rest && v.den == den {
			if whole == 0 {
				return sign + v.glyph
			}
			return sign + strconv.FormatInt(whole, 10) + v.glyph
		}
	}
	if whole == 0 {
		return fmt.Sprintf("%s%d/%d", sign, rest, den)
	}
	return fmt.Sprintf("%s%d %d/%d", sign, whole, rest, den)
}

func bigString(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	a := new(big.Int).Abs(r.Num())
	whole, rest := new(big.Int).QuoRem(a, r.Denom(), new(big.Int))
	sign := ""
	if r.Sign() < 0 {
		sign = "-"
	}
	if whole.Sign() == 0 {
		return sign + rest.String() + "/" + r.Denom().String()
	}
	return sign + whole.String() + " " + rest.String() + "/" + r.Denom().String()
}

// ErrNotNumber is matched by every ParseNumber error (errors.Is). ErrPrecision is matched as well when the
// text is a number but not one muster keeps: more decimal places, a larger denominator or a larger size than
// MaxDecimals, MaxDenominator and MaxMagnitude allow.
var (
	ErrNotNumber = errors.New("not a number")
	ErrPrecision = errors.New("beyond the precision muster keeps")
)

// NumberError is ParseNumber's error; its message says what to write instead.
type NumberError struct {
	Text      string // the text as given
	Message   string
	Precision bool // a number, but beyond the bounds
}

func (e *NumberError) Error() string { return e.Message }

// Is makes errors.Is match ErrNotNumber, and ErrPrecision for a number beyond the bounds.
func (e *NumberError) Is(target error) bool {
	return target == ErrNotNumber || (e.Precision && target == ErrPrecision)
}

// ParseNumber reads 3, -2, 0.25, .5, 1/2, ½, 2½, 2 ½, "2 1/2" and 1½, within MaxDecimals, MaxDenominator and
// MaxMagnitude. Its errors say which bound a number passes.
func ParseNumber(s string) (Number, error) {
	t := strings.TrimSpace(s)
	neg := false
	if t != "" && (t[0] == '-' || t[0] == '+') {
		neg = t[0] == '-'
		t = strings.TrimSpace(t[1:])
	}
	num, den, err := parseUnsigned(t)
	if err != nil {
		e := &NumberError{Text: s, Precision: true}
		var re rangeError
		switch {
		case !errors.As(err, &re):
			e.Precision = false
			e.Message = fmt.Sprintf("%q is not a number: write e.g. 3, -2, 2½, 1/2, 2 1/2 or 0.25", s)
		case re.kind == errDecimals:
			e.Message = fmt.Sprintf("%q has %d decimal places; muster keeps at most %d: round it, or write a fraction such as 1/3",
				s, re.n, MaxDecimals)
		case re.kind == errDenominator:
			e.Message = fmt.Sprintf("%q is a fraction over %s; muster keeps denominators up to %s: write a simpler fraction",
				s, thousands(re.n), thousands(MaxDenominator))
		default:
			e.Message = fmt.Sprintf("%q is larger than muster keeps: numbers run from -%s to %s",
				s, thousands(MaxMagnitude), thousands(MaxMagnitude))
		}
		return Number{}, e
	}
	if neg {
		num = -num
	}
	return Frac(num, den), nil
}

// thousands writes n with comma separators: 1,000,000.
func thousands(n int64) string {
	s := strconv.FormatInt(n, 10)
	if n < 0 || len(s) <= 3 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}

var errSyntax = errors.New("syntax")

type rangeKind int

const (
	errDecimals rangeKind = iota + 1
	errDenominator
	errMagnitude
)

// rangeError is a number beyond one of the bounds; n is the decimal places or the denominator found.
type rangeError struct {
	kind rangeKind
	n    int64
}

func (e rangeError) Error() string { return "out of range" }

var errTooLarge = rangeError{kind: errMagnitude}

// digitsCap bounds what digits accumulates: any larger run of digits is out of range anyway.
const digitsCap = 1_000_000_000_000_000_000 // 10^18

// digits reads a non-empty run of ASCII digits. big reports a value above digitsCap (the text is still
// checked to the end, so "12x" is a syntax error whatever its length).
func digits(s string) (v int64, big bool, err error) {
	if s == "" {
		return 0, false, errSyntax
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			return 0, false, errSyntax
		}
		if !big {
			if v > digitsCap/10 {
				big = true
			} else {
				v = v*10 + int64(c-'0') // at most 10^18 + 9
				big = v > digitsCap
			}
		}
	}
	return v, big, nil
}

// whole reads the whole part of a number: digits up to MaxMagnitude.
func whole(s string) (int64, error) {
	v, big, err := digits(s)
	switch {
	case err != nil:
		return 0, err
	case big || v > MaxMagnitude:
		return 0, errTooLarge
	}
	return v, nil
}

// parseUnsigned reads the number without its sign as num/den (den > 0, both within int64).
func parseUnsigned(t string) (num, den int64, err error) {
	if t == "" {
		return 0, 0, errSyntax
	}
	// A trailing vulgar fraction: "2½", "2 ½", "½".
	for _, v := range vulgar {
		if head, ok := strings.CutSuffix(t, v.glyph); ok {
			var w int64
			if head = strings.TrimSpace(head); head != "" {
				if w, err = whole(head); err != nil {
					return 0, 0, err
				}
			}
			return bounded(w*v.den+v.num, v.den)
		}
	}
	// "2 1/2" and "1/2".
	if i := strings.IndexByte(t, '/'); i >= 0 {
		var w int64
		frac := t
		if sp := strings.IndexByte(t, ' '); sp >= 0 && sp < i {
			if w, err = whole(t[:sp]); err != nil {
				return 0, 0, err
			}
			frac = strings.TrimSpace(t[sp+1:])
			i = strings.IndexByte(frac, '/')
		}
		a, bigA, err1 := digits(frac[:i])
		b, bigB, err2 := digits(frac[i+1:])
		switch {
		case err1 != nil || err2 != nil || b == 0:
			return 0, 0, errSyntax
		case bigB:
			return 0, 0, errTooLarge
		case b > MaxDenominator:
			return 0, 0, rangeError{errDenominator, b}
		case bigA:
			return 0, 0, errTooLarge
		}
		// w <= 10^12 and b <= 10^6, so w*b + a <= 2*10^18 fits.
		return bounded(w*b+a, b)
	}
	// Decimals: "2", "0.25", ".5", "2.".
	intPart, fracPart, dot := strings.Cut(t, ".")
	if !dot {
		w, err := whole(t)
		return w, 1, err
	}
	if intPart == "" && fracPart == "" {
		return 0, 0, errSyntax
	}
	var w int64
	if intPart != "" {
		if w, err = whole(intPart); err != nil {
			return 0, 0, err
		}
	}
	if fracPart != "" {
		if _, _, err := digits(fracPart); err != nil {
			return 0, 0, err
		}
	}
	fracPart = strings.TrimRight(fracPart, "0")
	if len(fracPart) > MaxDecimals {
		return 0, 0, rangeError{errDecimals, int64(len(fracPart))}
	}
	den = 1
	var f int64
	for i := 0; i < len(fracPart); i++ {
		f = f*10 + int64(fracPart[i]-'0')
		den *= 10
	}
	return bounded(w*den+f, den)
}

// bounded refuses num/den beyond MaxMagnitude.
func bounded(num, den int64) (int64, int64, error) {
	if num/den > MaxMagnitude || (num/den == MaxMagnitude && num%den != 0) {
		return 0, 0, errTooLarge
	}
	return num, den, nil
}

// reduce returns num/den in lowest terms with a positive denominator, or ok false when that needs more than
// int64 (an operand at math.MinInt64). den must not be zero.
func reduce(num, den int64) (Number, bool) {
	if num == math.MinInt64 || den == math.MinInt64 {
		return Number{}, false
	}
	if den < 0 {
		num, den = -num, -den
	}
	if g := gcd(abs(num), den); g > 1 {
		num, den = num/g, den/g
	}
	return Number{Num: num, Den: den}, true
}

// addSmall is a/b + c/d in int64, or ok false on overflow. b and d are positive.
func addSmall(a, b, c, d int64) (Number, bool) {
	if b == d {
		s, ok := add64(a, c)
		if !ok {
			return Number{}, false
		}
		return reduce(s, b)
	}
	g := gcd(b, d)
	// a/b + c/d = (a*(d/g) + c*(b/g)) / (b/g*d)
	x, ok1 := mul64(a, d/g)
	y, ok2 := mul64(c, b/g)
	z, ok3 := mul64(b/g, d)
	if !ok1 || !ok2 || !ok3 {
		return Number{}, false
	}
	s, ok := add64(x, y)
	if !ok {
		return Number{}, false
	}
	return reduce(s, z)
}

// mulSmall is (a/b) * (c/d) in int64, or ok false on overflow. b and d are non-zero.
func mulSmall(a, b, c, d int64) (Number, bool) {
	if a == math.MinInt64 || b == math.MinInt64 || c == math.MinInt64 || d == math.MinInt64 {
		return Number{}, false
	}
	// Cancel across first so that products of reduced operands stay small.
	if g := gcd(abs(a), abs(d)); g > 1 {
		a, d = a/g, d/g
	}
	if g := gcd(abs(c), abs(b)); g > 1 {
		c, b = c/g, b/g
	}
	x, ok1 := mul64(a, c)
	y, ok2 := mul64(b, d)
	if !ok1 || !ok2 || y == 0 {
		return Number{}, false
	}
	return reduce(x, y)
}

func add64(a, b int64) (int64, bool) {
	c := a + b
	if (a > 0 && b > 0 && c < 0) || (a < 0 && b < 0 && c >= 0) {
		return 0, false
	}
	return c, true
}

func mul64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, true
	}
	c := a * b
	if (c < 0) != ((a < 0) != (b < 0)) || c/b != a {
		return 0, false
	}
	return c, true
}

func cmp64(a, b int64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
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
