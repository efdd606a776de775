package value

import (
	"errors"
	"math"
	"math/big"
	"testing"
)

// FuzzParseNumber reads two arbitrary texts as numbers. A number read is within the stated bounds, fits
// Num/Den, and its String reads back as the same value and the same text; a refusal is an ErrNotNumber.
// Arithmetic on the two (and on their powers, which leave int64 quickly) agrees with big.Rat exactly.
//
//	go test -run '^$' -fuzz '^FuzzParseNumber$' -fuzztime 5m ./content/value/
func FuzzParseNumber(f *testing.F) {
	seeds := []string{"3", "0", "-2", "1/2", "½", "2½", "1½", "¾", "2 1/2", "0.25", "2.5", "4/8", "1/3", "7/9", "-1/2",
		" 3 ", "2 ½", ".5", "2.", "16/7", "+4", "010", "1000000000000", "-1000000000000", "0.000001", "1/999999",
		"999999999999.999999", "2.50000000000000000000", "2.00000000000000000001", "1/1000001", "1000000000001",
		"1000000000000½", "4611686018427387904", "", "three", "1/0", "1//2", "2½½", "1e3", "--1", "½1", "0x1.8p1",
		"1_000", "-+1", "9223372036854775807", "-1/9223372036854775808"}
	for i, a := range seeds {
		f.Add(a, seeds[(i*7+3)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		x, okX := checkParsed(t, a)
		y, okY := checkParsed(t, b)
		if !okX || !okY {
			return
		}
		checkOps(t, x, y)
		// Powers leave int64 within a few steps; the results must stay exact.
		px, py := x, y
		for i := 0; i < 4; i++ {
			px, py = px.Mul(x).Add(Frac(1, 7)), py.Mul(py).Sub(x)
			checkOps(t, px, py)
		}
	})
}

// checkParsed parses s and checks what a parsed number promises.
func checkParsed(t *testing.T, s string) (Number, bool) {
	n, err := ParseNumber(s)
	if err != nil {
		if !errors.Is(err, ErrNotNumber) {
			t.Fatalf("ParseNumber(%q): %v is not an ErrNotNumber", s, err)
		}
		return Number{}, false
	}
	if n.big != nil || n.Den < 1 || n.Den > MaxDenominator || n.Cmp(Int(MaxMagnitude)) > 0 || n.Cmp(Int(-MaxMagnitude)) < 0 {
		t.Fatalf("ParseNumber(%q) = %#v, beyond the bounds", s, n)
	}
	if g := new(big.Int).GCD(nil, nil, big.NewInt(n.Num), big.NewInt(n.Den)); n.Num != 0 && g.Int64() != 1 {
		t.Fatalf("ParseNumber(%q) = %d/%d, not in lowest terms", s, n.Num, n.Den)
	}
	text := n.String()
	back, err := ParseNumber(text)
	if err != nil || back != n || back.String() != text {
		t.Fatalf("ParseNumber(%q) = %#v written %q reads back as %#v, %v", s, n, text, back, err)
	}
	return n, true
}

// checkOps compares every operation on x and y with big.Rat.
func checkOps(t *testing.T, x, y Number) {
	rx, ry := x.Rat(), y.Rat()
	same := func(op string, got Number, want *big.Rat) {
		if got.Rat().Cmp(want) != 0 {
			t.Fatalf("%s %s %s = %s, want %s", x, op, y, got, want.RatString())
		}
		fits := want.Num().IsInt64() && want.Denom().IsInt64()
		if fits != (got.big == nil) {
			t.Fatalf("%s %s %s = %#v: kept as big %v, but fits int64 %v", x, op, y, got, got.big != nil, fits)
		}
		if !fits && got.Num != int64(want.Sign()) {
			t.Fatalf("%s %s %s: Num %d is not the sign", x, op, y, got.Num)
		}
		back, err := ParseNumber(got.String())
		if err == nil && back.Cmp(got) != 0 {
			t.Fatalf("%s %s %s = %s reads back as %s", x, op, y, got, back)
		}
	}
	same("+", x.Add(y), new(big.Rat).Add(rx, ry))
	same("-", x.Sub(y), new(big.Rat).Sub(rx, ry))
	same("*", x.Mul(y), new(big.Rat).Mul(rx, ry))
	same("neg", x.Neg(), new(big.Rat).Neg(rx))
	if y.Sign() != 0 {
		same("/", x.Quo(y), new(big.Rat).Quo(rx, ry))
	}
	if x.Cmp(y) != rx.Cmp(ry) || x.Sign() != rx.Sign() || x.IsInt() != rx.IsInt() {
		t.Fatalf("Cmp/Sign/IsInt of %s and %s disagree with big.Rat", x, y)
	}
	if f, _ := rx.Float64(); x.Float() != f && !(math.IsInf(f, 0) && math.IsInf(x.Float(), 0)) {
		t.Fatalf("Float(%s) = %v, want %v", x, x.Float(), f)
	}
	floor := new(big.Int).Div(rx.Num(), rx.Denom())
	if floor.IsInt64() && x.Floor() != floor.Int64() {
		t.Fatalf("Floor(%s) = %d, want %s", x, x.Floor(), floor)
	}
}

// FuzzNotations reads arbitrary text as every other value notation: what is read is written back in a form
// that reads as the same value, and nothing panics.
//
//	go test -run '^$' -fuzz '^FuzzNotations$' -fuzztime 5m ./content/value/
func FuzzNotations(f *testing.F) {
	for _, s := range []string{"3", "3*", "[4]", ".", "-", "*", "2½", "1/2*", "[1½]", "0*", "–", "—", "[4", "4]", "**",
		"3**", "[.]", "L4", "x*", "[-1]", "-1*", "[ 3 ]", "2.00000000000000000001*",
		"1d6", "2d10", "2D20", "d4", "1d6+1", "2d6-2", "+2d6", "1d6+0", "1d6--1", "1000d1000+1000000", "0d6", "1d1",
		"0.5in", "1/2in", "½in", "5/8in", "1in", "25.4mm", "1cm", "36pt", "2\"", "0.55in", "2″", "-1in", "3ft", "0.0000001in",
		"letter", "Letter", "a4", "A3", "legal", "23x35in", "210x297mm", "8.5x11in", "1/2x1/2in", "23x35", "x35in", "23xin",
		"0x0in", "B", "A", "Z", "b", "AB", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if v, err := ParseValue(s); err == nil {
			back, err := ParseValue(v.String())
			if err != nil || back.Flag != v.Flag || back.Number.Cmp(v.Number) != 0 || back.String() != v.String() {
				t.Fatalf("ParseValue(%q) = %v (%s) reads back as %v (%s), %v", s, v.Flag, v, back.Flag, back, err)
			}
			if !v.HasNumber() && v.Number.Sign() != 0 {
				t.Fatalf("ParseValue(%q): flag %s with number %s", s, v.Flag, v.Number)
			}
		}
		if d, err := ParseDice(s); err == nil {
			back, err := ParseDice(d.String())
			if err != nil || back != d {
				t.Fatalf("ParseDice(%q) = %+v written %q reads back as %+v, %v", s, d, d.String(), back, err)
			}
			if d.Count < 1 || d.Sides < 2 || d.Min() > d.Max() {
				t.Fatalf("ParseDice(%q) = %+v", s, d)
			}
		}
		if l, err := ParseLength(s); err == nil {
			back, err := ParseLength(l.String())
			if err != nil || back.Points != l.Points || l.Points < 0 || math.IsInf(l.Points, 0) || math.IsNaN(l.Points) {
				t.Fatalf("ParseLength(%q) = %v written %q reads back as %v, %v", s, l.Points, l.String(), back.Points, err)
			}
		}
		if p, err := ParsePaper(s); err == nil {
			back, err := ParsePaper(p.Name)
			if err != nil || back != p || !(p.Width > 0) || !(p.Height > 0) || math.IsInf(p.Width+p.Height, 0) {
				t.Fatalf("ParsePaper(%q) = %+v reads back as %+v, %v", s, p, back, err)
			}
		}
		if g, err := ParseGrade(s); err == nil {
			if back, err := ParseGrade(string(g)); err != nil || back != g {
				t.Fatalf("ParseGrade(%q) = %q reads back as %q, %v", s, g, back, err)
			}
		}
	})
}
