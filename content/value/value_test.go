package value

import (
	"errors"
	"math"
	"math/big"
	"strings"
	"testing"
)

func TestParseNumber(t *testing.T) {
	cases := []struct {
		in       string
		num, den int64
		out      string
	}{
		{"3", 3, 1, "3"}, {"0", 0, 1, "0"}, {"-2", -2, 1, "-2"}, {"1/2", 1, 2, "½"}, {"½", 1, 2, "½"},
		{"2½", 5, 2, "2½"}, {"1½", 3, 2, "1½"}, {"¾", 3, 4, "¾"}, {"2 1/2", 5, 2, "2½"}, {"0.25", 1, 4, "¼"},
		{"2.5", 5, 2, "2½"}, {"4/8", 1, 2, "½"}, {"1/3", 1, 3, "⅓"}, {"7/9", 7, 9, "7/9"}, {"-1/2", -1, 2, "-½"},
		{" 3 ", 3, 1, "3"}, {"2 ½", 5, 2, "2½"}, {".5", 1, 2, "½"}, {"2.", 2, 1, "2"}, {"16/7", 16, 7, "2 2/7"},
		{"+4", 4, 1, "4"}, {"010", 10, 1, "10"},
		// The bounds themselves are kept.
		{"1000000000000", 1_000_000_000_000, 1, "1000000000000"}, {"-1000000000000", -1_000_000_000_000, 1, "-1000000000000"},
		{"0.000001", 1, 1_000_000, "1/1000000"}, {"1/999999", 1, 999_999, "1/999999"},
		{"999999999999.999999", 999_999_999_999_999_999, 1_000_000, "999999999999 999999/1000000"},
		{"2.50000000000000000000", 5, 2, "2½"}, // trailing zeros add no precision
		{"2000000000000/2", 1_000_000_000_000, 1, "1000000000000"},
	}
	for _, c := range cases {
		n, err := ParseNumber(c.in)
		if err != nil {
			t.Errorf("ParseNumber(%q): %v", c.in, err)
			continue
		}
		if n.Num != c.num || n.Den != c.den || n.big != nil {
			t.Errorf("ParseNumber(%q) = %d/%d (big %v), want %d/%d", c.in, n.Num, n.Den, n.big, c.num, c.den)
		}
		if n.String() != c.out {
			t.Errorf("ParseNumber(%q).String() = %q, want %q", c.in, n.String(), c.out)
		}
	}
	for _, bad := range []string{"", "three", "1/0", "1//2", "2½½", "1e3", "--1", "½1", "3*", "x/2", "-+1", "+-1",
		"0x10", "0x1.8p1", "1_000", ".", "-", "1.2.3", "2 /3", "1/2/3", "٣", "1/-2", "- -1"} {
		if _, err := ParseNumber(bad); err == nil || !errors.Is(err, ErrNotNumber) || errors.Is(err, ErrPrecision) {
			t.Errorf("ParseNumber(%q) = %v, want a not-a-number error", bad, err)
		}
	}
}

// Issue 19.9: a stat of "2.00000000000000000001" passed validation and priced a unit at -101,457,092,405,379
// points. Numbers beyond muster's precision are refused, saying which bound they pass.
func TestParseNumberBeyondPrecision(t *testing.T) {
	for in, want := range map[string]string{
		"2.00000000000000000001":      "has 20 decimal places; muster keeps at most 6",
		"0.0000001":                   "has 7 decimal places; muster keeps at most 6",
		"1/1000001":                   "a fraction over 1,000,001; muster keeps denominators up to 1,000,000",
		"3 1/99999999999999999999999": "larger than muster keeps",
		"1000000000001":               "larger than muster keeps: numbers run from -1,000,000,000,000 to 1,000,000,000,000",
		"-1000000000000.5":            "larger than muster keeps",
		"1000000000000½":              "larger than muster keeps",
		"2000000000001/2":             "larger than muster keeps",
		"99999999999999999999999999":  "larger than muster keeps",
		"4611686018427387904":         "larger than muster keeps", // 2^62 was accepted and summed past int64
	} {
		n, err := ParseNumber(in)
		if err == nil {
			t.Errorf("ParseNumber(%q) = %s, want an error", in, n)
			continue
		}
		if !errors.Is(err, ErrPrecision) || !errors.Is(err, ErrNotNumber) || !strings.Contains(err.Error(), want) {
			t.Errorf("ParseNumber(%q): %v, want a precision error saying %q", in, err, want)
		}
	}
	if _, err := ParseValue("2.00000000000000000001"); err == nil || !strings.Contains(err.Error(), "at most 6") {
		t.Errorf("ParseValue: %v, want the precision error", err)
	}
	if _, err := ParseLength("0.0000001in"); err == nil || !strings.Contains(err.Error(), "at most 6") {
		t.Errorf("ParseLength: %v, want the precision error", err)
	}
}

func TestNumberArithmetic(t *testing.T) {
	q := Frac(1, 4)
	sum := Number{}
	for i := 0; i < 14; i++ {
		sum = sum.Add(q) // 14 defence supplies at 1/4 point (THG 14.6.4)
	}
	if sum.String() != "3½" || sum.Cmp(Frac(7, 2)) != 0 {
		t.Errorf("14 x 1/4 = %s, want 3½", sum)
	}
	if got := Frac(9, 2).Ceil(); got != 5 {
		t.Errorf("ceil(9/2) = %d", got)
	}
	if got := Frac(-9, 2).Floor(); got != -5 {
		t.Errorf("floor(-9/2) = %d", got)
	}
	if got := Frac(-9, 2).Ceil(); got != -4 {
		t.Errorf("ceil(-9/2) = %d", got)
	}
	if got := Int(3).Mul(Frac(3, 4)); got.Cmp(Frac(9, 4)) != 0 {
		t.Errorf("3 x ¾ = %s", got)
	}
	if got := Int(1).Sub(Frac(1, 3)).Float(); math.Abs(got-2.0/3) > 1e-12 {
		t.Errorf("1 - 1/3 = %v", got)
	}
	if got := Frac(3, 4).Quo(Frac(-3, 8)); got != Int(-2) {
		t.Errorf("¾ / -⅜ = %#v", got)
	}
	if got := (Number{Num: 2, Den: 4}).String(); got != "½" {
		t.Errorf("2/4 written %q", got)
	}
	if got := (Number{Num: 1, Den: -2}); got.String() != "-½" || got.Sign() != -1 || got.Cmp(Frac(-1, 2)) != 0 {
		t.Errorf("1/-2 = %s sign %d", got, got.Sign())
	}
	if got := Frac(5, 0); got != Int(5) {
		t.Errorf("Frac(5, 0) = %#v, want 5 (a zero denominator reads as 1)", got)
	}
}

// Issue 19.9: arithmetic saturated at MaxInt64/2 (and summing saturated values wrapped). Results that outgrow
// int64 stay exact, and come back to Num/Den when they fit again.
func TestNumberBeyondInt64(t *testing.T) {
	half := Int(math.MaxInt64 / 2)
	three := half.Add(half).Add(half)
	want, _ := new(big.Rat).SetString("13835058055282163709") // 3 x (2^62 - 1)
	if three.Rat().Cmp(want) != 0 || three.String() != "13835058055282163709" || three.Sign() != 1 {
		t.Fatalf("3 x (2^62-1) = %s", three)
	}
	if back := three.Sub(half).Sub(half); back != half {
		t.Errorf("back within int64: %#v, want %#v", back, half)
	}
	max := Int(math.MaxInt64)
	if got := max.Add(Int(1)); got.String() != "9223372036854775808" || got.Cmp(max) != 1 || max.Cmp(got) != -1 {
		t.Errorf("MaxInt64 + 1 = %s", got)
	}
	if got := Int(math.MinInt64 + 1).Sub(Int(2)); got.String() != "-9223372036854775809" || got.Sign() != -1 || got.Num != -1 {
		t.Errorf("MinInt64 - 1 = %s (Num %d)", got, got.Num)
	}
	sq := max.Mul(max)
	if got := sq.Quo(max); got != max {
		t.Errorf("MaxInt64² / MaxInt64 = %s", got)
	}
	if sq.Float() != math.Pow(2, 126) || sq.Floor() != math.MaxInt64 || sq.Neg().Ceil() != math.MinInt64 || !sq.IsInt() {
		t.Errorf("MaxInt64²: float %v floor %d", sq.Float(), sq.Floor())
	}
	// A denominator that outgrows int64: the sum of 1/p for the primes below 100.
	var primes []int64
	for p := int64(2); p < 100; p++ {
		prime := true
		for _, q := range primes {
			prime = prime && p%q != 0
		}
		if prime {
			primes = append(primes, p)
		}
	}
	s := Number{}
	exact := new(big.Rat)
	for _, p := range primes {
		s = s.Add(Frac(1, p))
		exact.Add(exact, big.NewRat(1, p))
	}
	if s.Rat().Cmp(exact) != 0 || s.IsInt() || s.Floor() != 1 || s.Ceil() != 2 {
		t.Fatalf("sum of 1/p = %s, want %s", s, exact.RatString())
	}
	if !strings.HasPrefix(s.String(), "1 ") || !strings.Contains(s.String(), "/") {
		t.Errorf("written %q", s)
	}
	for _, p := range primes {
		s = s.Sub(Frac(1, p))
	}
	if s != Int(0) {
		t.Errorf("sum minus its terms = %#v, want 0 back in Num/Den", s)
	}
	// MinInt64 written into the fields is exact too.
	if got := (Number{Num: math.MinInt64, Den: -1}); got.String() != "9223372036854775808" || got.Sign() != 1 {
		t.Errorf("MinInt64/-1 = %s", got)
	}
	if got := Frac(math.MinInt64, -1); got.String() != "9223372036854775808" {
		t.Errorf("Frac(MinInt64, -1) = %s", got)
	}
}

// Every operation agrees with big.Rat on operands at and around the int64 edges.
func TestNumberMatchesBigRat(t *testing.T) {
	edges := []int64{0, 1, -1, 2, -2, 3, 7, 1 << 31, -(1 << 31), 1<<32 + 1, 1 << 62, -(1 << 62), math.MaxInt64,
		math.MaxInt64 - 1, math.MinInt64, math.MinInt64 + 1, 3037000499, 3037000500, 999_999_937}
	var nums []Number
	for _, a := range edges {
		for _, b := range edges {
			if b != 0 {
				nums = append(nums, Number{Num: a, Den: b})
			}
		}
	}
	nums = append(nums, Number{}, Int(math.MaxInt64).Add(Int(math.MaxInt64)), Frac(1, 3).Add(Frac(1, math.MaxInt64)))
	ratOf := func(n Number) *big.Rat {
		if n.big != nil {
			return n.big
		}
		d := n.Den
		if d == 0 {
			d = 1
		}
		return new(big.Rat).SetFrac(big.NewInt(n.Num), big.NewInt(d))
	}
	canonical := func(n Number) bool {
		if n.big != nil {
			return !(n.big.Num().IsInt64() && n.big.Denom().IsInt64()) && n.Den == 0 && n.Num == int64(n.big.Sign())
		}
		return n.Den > 0 && new(big.Int).GCD(nil, nil, big.NewInt(n.Num), big.NewInt(n.Den)).Cmp(big.NewInt(1)) <= 0
	}
	for _, x := range nums {
		for _, y := range nums {
			rx, ry := ratOf(x), ratOf(y)
			ops := []struct {
				name string
				got  Number
				want *big.Rat
			}{
				{"+", x.Add(y), new(big.Rat).Add(rx, ry)},
				{"-", x.Sub(y), new(big.Rat).Sub(rx, ry)},
				{"*", x.Mul(y), new(big.Rat).Mul(rx, ry)},
			}
			if y.Sign() != 0 {
				ops = append(ops, struct {
					name string
					got  Number
					want *big.Rat
				}{"/", x.Quo(y), new(big.Rat).Quo(rx, ry)})
			}
			for _, op := range ops {
				if op.got.Rat().Cmp(op.want) != 0 || !canonical(op.got) {
					t.Fatalf("%#v %s %#v = %#v, want %s", x, op.name, y, op.got, op.want.RatString())
				}
			}
			if got, want := x.Cmp(y), rx.Cmp(ry); got != want {
				t.Fatalf("Cmp(%#v, %#v) = %d, want %d", x, y, got, want)
			}
		}
		r := ratOf(x)
		floor := new(big.Int).Div(r.Num(), r.Denom())
		if floor.IsInt64() && x.Floor() != floor.Int64() {
			t.Fatalf("Floor(%#v) = %d, want %s", x, x.Floor(), floor)
		}
		if f, _ := r.Float64(); x.Float() != f {
			t.Fatalf("Float(%#v) = %v, want %v", x, x.Float(), f)
		}
		if x.IsInt() != r.IsInt() || x.Sign() != r.Sign() {
			t.Fatalf("IsInt/Sign(%#v)", x)
		}
		if back, err := ParseNumber(x.String()); err == nil && back.Cmp(x) != 0 {
			t.Fatalf("%#v written %q reads back as %s", x, x.String(), back)
		}
	}
}

func TestParseValue(t *testing.T) {
	cases := []struct {
		in   string
		flag Flag
		num  string
		out  string
	}{
		{"3", "", "3", "3"}, {"3*", FlagStar, "3", "3*"}, {"[4]", FlagBracket, "4", "[4]"}, {".", FlagDot, "0", "."},
		{"-", FlagNone, "0", "-"}, {"*", FlagSeeRules, "0", "*"}, {"2½", "", "2½", "2½"}, {"1/2*", FlagStar, "½", "½*"},
		{"[1½]", FlagBracket, "1½", "[1½]"}, {"0*", FlagStar, "0", "0*"}, {"–", FlagNone, "0", "-"},
	}
	for _, c := range cases {
		v, err := ParseValue(c.in)
		if err != nil {
			t.Errorf("ParseValue(%q): %v", c.in, err)
			continue
		}
		if v.Flag != c.flag || v.Number.String() != c.num || v.String() != c.out {
			t.Errorf("ParseValue(%q) = flag %q num %s text %s; want %q %s %s", c.in, v.Flag, v.Number, v, c.flag, c.num, c.out)
		}
	}
	for _, bad := range []string{"", "[4", "4]", "**", "3**", "[.]", "L4", "x*"} {
		if _, err := ParseValue(bad); err == nil {
			t.Errorf("ParseValue(%q) succeeded, want an error", bad)
		}
	}
}

func TestParseDice(t *testing.T) {
	cases := map[string]Dice{
		"1d6": {1, 6, 0}, "2d10": {2, 10, 0}, "2D20": {2, 20, 0}, "d4": {1, 4, 0}, "1d6+1": {1, 6, 1}, "2d6-2": {2, 6, -2},
	}
	for in, want := range cases {
		d, err := ParseDice(in)
		if err != nil || d != want {
			t.Errorf("ParseDice(%q) = %+v, %v; want %+v", in, d, err, want)
		}
	}
	if d, _ := ParseDice("2d20"); d.Min() != 2 || d.Max() != 40 || d.String() != "2d20" {
		t.Errorf("2d20 min/max/string = %d/%d/%s", d.Min(), d.Max(), d)
	}
	for _, bad := range []string{"", "6", "d", "1d1", "0d6", "1d6+", "1dx", "d6d6"} {
		if _, err := ParseDice(bad); err == nil {
			t.Errorf("ParseDice(%q) succeeded, want an error", bad)
		}
	}
}

func TestParseLengthAndPaper(t *testing.T) {
	cases := map[string]float64{"0.5in": 36, "1/2in": 36, "½in": 36, "5/8in": 45, "1in": 72, "25.4mm": 72, "1cm": 72 / 2.54,
		"36pt": 36, "2\"": 144, "0.55in": 39.6}
	for in, pts := range cases {
		l, err := ParseLength(in)
		if err != nil || math.Abs(l.Points-pts) > 1e-9 {
			t.Errorf("ParseLength(%q) = %v, %v; want %v pt", in, l.Points, err, pts)
		}
	}
	for _, bad := range []string{"0.5", "in", "-1in", "3ft", "abc"} {
		if _, err := ParseLength(bad); err == nil {
			t.Errorf("ParseLength(%q) succeeded, want an error", bad)
		}
	}
	p, err := ParsePaper("23x35in")
	if err != nil || p.Width != 23*72 || p.Height != 35*72 {
		t.Errorf("ParsePaper(23x35in) = %+v, %v", p, err)
	}
	if p, _ := ParsePaper("Letter"); p.Width != 612 || p.Height != 792 {
		t.Errorf("letter = %+v", p)
	}
	if p, _ := ParsePaper("a4"); p != A4 {
		t.Errorf("a4 = %+v", p)
	}
	// The table is exact: the A sizes are whole millimetres (A4 is not the rounded 595.28 x 841.89 pt).
	for _, c := range []struct {
		p    Paper
		w, h float64
		mm   bool
	}{{Letter, 8.5, 11, false}, {Legal, 8.5, 14, false}, {Tabloid, 11, 17, false}, {Ledger, 17, 11, false},
		{A3, 297, 420, true}, {A4, 210, 297, true}, {A5, 148, 210, true}} {
		unit := PointsPerInch
		if c.mm {
			unit = PointsPerMM
		}
		if math.Abs(c.p.Width/unit-c.w) > 1e-12 || math.Abs(c.p.Height/unit-c.h) > 1e-12 {
			t.Errorf("%s = %v x %v pt, want %v x %v", c.p.Name, c.p.Width, c.p.Height, c.w, c.h)
		}
		if q, err := ParsePaper(" " + strings.ToUpper(c.p.Name) + " "); err != nil || q != c.p {
			t.Errorf("ParsePaper(%s) = %+v, %v", c.p.Name, q, err)
		}
	}
	if len(Papers) != 7 {
		t.Errorf("%d papers", len(Papers))
	}
	for _, bad := range []string{"", "b5", "23x35", "x35in", "23xin"} {
		if _, err := ParsePaper(bad); err == nil {
			t.Errorf("ParsePaper(%q) succeeded, want an error", bad)
		}
	}
}

func TestGrade(t *testing.T) {
	g, err := ParseGrade("B")
	if err != nil || g.Rank([]string{"A", "B", "C", "D", "E"}) != 1 {
		t.Errorf("grade B: %v %v", g, err)
	}
	for _, bad := range []string{"", "b", "AB", "1"} {
		if _, err := ParseGrade(bad); err == nil {
			t.Errorf("ParseGrade(%q) succeeded", bad)
		}
	}
}
