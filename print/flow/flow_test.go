package flow

import (
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/muster-wargames/muster/print/surface"
)

// Wrapped lines fit the width, keep every word in order, and cut only words longer than a line.
func TestWrap(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	f := surface.Font{Size: 9}
	text := "The Roman player receives 1 point for each unit to cross the river and exit the East side of the map, averyveryverylongwordthatcannotfit-anywhere/at-all"
	lines := Wrap(m, text, f, 80)
	for _, l := range lines {
		if m.MeasureText(l, f) > 80 {
			t.Errorf("%q is wider than 80pt", l)
		}
	}
	if strings.ReplaceAll(strings.Join(lines, ""), " ", "") != strings.ReplaceAll(text, " ", "") {
		t.Errorf("words lost: %q", lines)
	}
	if got := Wrap(m, "a\nb", f, 100); len(got) != 2 {
		t.Errorf("newline: %q", got)
	}
}

// A table wider than the page shrinks its font or wraps, and reports whether it fits.
func TestTableFits(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	tb := &Table{Header: []string{"Corner", "A", "B"}, Rows: [][]string{{"row", "a long cell of several words", "x"}}}
	if !tb.Fits(m, 200) {
		t.Error("a small table does not fit 200pt")
	}
	wide := &Table{Header: []string{"Game-Turn"}}
	for i := 0; i < 60; i++ {
		wide.Header = append(wide.Header, "column")
	}
	if wide.Fits(m, 540) {
		t.Error("60 columns fit a letter page")
	}
	ws, _ := tb.widths(m, CellFont, 60)
	sum := 0.0
	for _, w := range ws {
		sum += w
	}
	if sum > 60.01 {
		t.Errorf("widths %v exceed 60pt", ws)
	}
}

// countingMeasurer measures like a surface and counts the runes it was asked to measure.
type countingMeasurer struct {
	m     Measurer
	runes int
}

func (c *countingMeasurer) MeasureText(s string, f surface.Font) float64 {
	c.runes += utf8.RuneCountInString(s)
	return c.m.MeasureText(s, f)
}

// naiveWrap and naiveTruncate are the obvious quadratic algorithms: the fast ones must give the same lines.
func naiveWrap(m Measurer, text string, f surface.Font, width float64) []string {
	var out []string
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		line := ""
		for _, w := range words {
			try := w
			if line != "" {
				try = line + " " + w
			}
			if m.MeasureText(try, f) <= width {
				line = try
				continue
			}
			if line != "" {
				out = append(out, line)
				line = ""
			}
			for m.MeasureText(w, f) > width {
				best, soft := 0, 0
				for i, r := range w {
					n := i + utf8.RuneLen(r)
					if m.MeasureText(w[:n], f) > width {
						break
					}
					best = n
					if r == '-' || r == '/' || r == ',' {
						soft = n
					}
				}
				if soft > 0 {
					best = soft
				} else if best == 0 {
					_, best = utf8.DecodeRuneInString(w)
				}
				out = append(out, w[:best])
				w = w[best:]
			}
			line = w
		}
		out = append(out, line)
	}
	return out
}

func naiveTruncate(m Measurer, s string, f surface.Font, width float64) string {
	if m.MeasureText(s, f) <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 {
		rs = rs[:len(rs)-1]
		if t := strings.TrimSpace(string(rs)) + "…"; m.MeasureText(t, f) <= width {
			return t
		}
	}
	return ""
}

func TestWrapAndTruncateMatchNaive(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	f := surface.Font{Size: 9}
	rng := rand.New(rand.NewPCG(1, 2))
	alphabet := []rune("aaaaeeiiWWmm     --/,.½é\n")
	for i := 0; i < 500; i++ {
		var b strings.Builder
		for n := rng.IntN(120); n > 0; n-- {
			b.WriteRune(alphabet[rng.IntN(len(alphabet))])
		}
		text, width := b.String(), float64(12+rng.IntN(110)) // wider than any one rune: narrower, the naive cut leaves empty lines
		if got, want := Wrap(m, text, f, width), naiveWrap(m, text, f, width); !slices.Equal(got, want) {
			t.Fatalf("Wrap(%q, %g) = %q, want %q", text, width, got, want)
		}
		if got, want := Truncate(m, text, f, width), naiveTruncate(m, text, f, width); got != want {
			t.Fatalf("Truncate(%q, %g) = %q, want %q", text, width, got, want)
		}
	}
}

// Fitting a very long name (issue 19.10: 30,000 characters took 20 s, 100,000 never finished) measures each
// rune a bounded number of times: Wrap once or twice, Truncate O(log n) times.
func TestLongTextIsFittedInLinearWork(t *testing.T) {
	f := surface.Font{Size: 9}
	for _, n := range []int{30_000, 100_000} {
		word := strings.Repeat("Wm", n/2)
		words := strings.Repeat("Wm ", n/3)
		for _, text := range []string{word, words} {
			c := &countingMeasurer{m: surface.NewPNG(surface.PNGOptions{DPI: 72})}
			Wrap(c, text, f, 200)
			if c.runes > 3*n {
				t.Errorf("Wrap of %d runes measured %d runes", n, c.runes)
			}
			c.runes = 0
			Truncate(c, text, f, 200)
			if c.runes > 20*n {
				t.Errorf("Truncate of %d runes measured %d runes", n, c.runes)
			}
		}
	}
}

// The fast Wrap and Truncate give the naive algorithms' lines for any text and any width wider than a rune.
func FuzzWrapMatchesNaive(f *testing.F) {
	f.Add("The Roman player receives 1 point, averyveryverylongword-that/cannot,fit", 40.0)
	f.Add("a\nb  c-d/e,f ½ é", 12.0)
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	font := surface.Font{Size: 9}
	widest := 0.0
	for r := rune(0); r < 0x10000; r++ { // the widest rune of the font: narrower widths cut differently by design
		widest = max(widest, m.MeasureText(string(r), font))
	}
	f.Fuzz(func(t *testing.T, text string, width float64) {
		if len(text) > 2000 || !utf8.ValidString(text) || !(width > widest && width < 2000) {
			return
		}
		if got, want := Wrap(m, text, font, width), naiveWrap(m, text, font, width); !slices.Equal(got, want) {
			t.Fatalf("Wrap(%q, %g) = %q, want %q", text, width, got, want)
		}
		if got, want := Truncate(m, text, font, width), naiveTruncate(m, text, font, width); got != want {
			t.Fatalf("Truncate(%q, %g) = %q, want %q", text, width, got, want)
		}
	})
}
