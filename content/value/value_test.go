package value

import (
	"math"
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
		{" 3 ", 3, 1, "3"},
	}
	for _, c := range cases {
		n, err := ParseNumber(c.in)
		if err != nil {
			t.Errorf("ParseNumber(%q): %v", c.in, err)
			continue
		}
		if n.Num != c.num || n.den() != c.den {
			t.Errorf("ParseNumber(%q) = %d/%d, want %d/%d", c.in, n.Num, n.den(), c.num, c.den)
		}
		if n.String() != c.out {
			t.Errorf("ParseNumber(%q).String() = %q, want %q", c.in, n.String(), c.out)
		}
	}
	for _, bad := range []string{"", "three", "1/0", "1//2", "2½½", "1e3", "--1", "½1", "3*", "x/2"} {
		if _, err := ParseNumber(bad); err == nil {
			t.Errorf("ParseNumber(%q) succeeded, want an error", bad)
		}
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
	big := Int(math.MaxInt64 / 2)
	if got := big.Add(big).Add(big); got.Cmp(Int(0)) <= 0 {
		t.Errorf("overflow wrapped to %s; want saturation", got)
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
	if p, _ := ParsePaper("a4"); math.Abs(p.Width-595.28) > 0.01 {
		t.Errorf("a4 = %+v", p)
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
