package surface

import (
	"math"
	"testing"
)

func TestHex(t *testing.T) {
	cases := map[string]Color{
		"#c0392b":   {0xc0, 0x39, 0x2b, 255},
		"#fff":      White,
		"000":       Black,
		"#FFF8":     {255, 255, 255, 0x88},
		"#11223344": {0x11, 0x22, 0x33, 0x44},
	}
	for in, want := range cases {
		got, err := Hex(in)
		if err != nil || got != want {
			t.Errorf("Hex(%q) = %v, %v; want %v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "#", "#12", "#12345", "#ggg", "#1234567", "#-12", "#+fff"} {
		if _, err := Hex(bad); err == nil {
			t.Errorf("Hex(%q) accepted", bad)
		}
	}
	if s := (Color{0xc0, 0x39, 0x2b, 255}).Hex(); s != "#c0392b" {
		t.Errorf("Hex() = %s", s)
	}
}

func TestContrast(t *testing.T) {
	if c := Contrast(Black, White); math.Abs(c-21) > 1e-9 {
		t.Errorf("black/white contrast %v, want 21", c)
	}
	if c := Contrast(White, White); c != 1 {
		t.Errorf("white/white contrast %v", c)
	}
	red, _ := Hex("#c0392b")
	// Reference values from the WCAG formula: luminance of #c0392b ≈ 0.1431.
	if l := red.Luminance(); math.Abs(l-0.1431) > 0.001 {
		t.Errorf("luminance %v", l)
	}
	if Contrast(red, White) != Contrast(White, red) {
		t.Error("contrast not symmetric")
	}
	yellow, _ := Hex("#f1c40f")
	navy, _ := Hex("#1f3a93")
	for _, tc := range []struct {
		bg   Color
		want Color
	}{{White, Black}, {Black, White}, {red, White}, {yellow, Black}, {navy, White}, {RGB(128, 128, 128), Black}} {
		if got := ReadableOn(tc.bg); got != tc.want {
			t.Errorf("ReadableOn(%s) = %s, want %s", tc.bg.Hex(), got.Hex(), tc.want.Hex())
		}
	}
}
