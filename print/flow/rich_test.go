package flow

import (
	"fmt"
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/muster-wargames/muster/internal/fuzzbound"
	"github.com/muster-wargames/muster/print/surface"
)

// plain is the text of laid-out lines without markup: words joined by spaces, lines by newlines.
func plain(lines []RichLine) string {
	var b strings.Builder
	for i, l := range lines {
		if i > 0 {
			b.WriteByte('\n')
		}
		end := 0.0
		for k, p := range l.Pieces {
			if k > 0 && p.X > end+1e-9 {
				b.WriteByte(' ')
			}
			b.WriteString(p.Text)
			end = p.X + p.W
		}
	}
	return b.String()
}

// Runs: **bold**, *italic*, ***both***, \* an asterisk; each piece in its style, the words in order.
func TestRichRuns(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	f := surface.Font{Size: 10}
	r := ParseRich(m, `Move **two units** and *one* ***lord***: 3 \* 2.`, f)
	if r.Unclosed != -1 {
		t.Fatalf("every run is closed, but Unclosed is %d", r.Unclosed)
	}
	lines, cut := r.Lines(m, f, 10, 1000)
	if cut || len(lines) != 1 {
		t.Fatalf("one line of 1000pt: %d lines, cut %v", len(lines), cut)
	}
	if got := plain(lines); got != "Move two units and one lord: 3 * 2." {
		t.Errorf("laid out %q", got)
	}
	styles := map[string]surface.Style{}
	for _, p := range lines[0].Pieces {
		styles[p.Text] = p.Style
	}
	for text, want := range map[string]surface.Style{"Move": surface.Regular, "two": surface.Bold, "units": surface.Bold, "one": surface.Italic,
		"lord": surface.BoldItalic, ":": surface.Regular, "*": surface.Regular} {
		if got, ok := styles[text]; !ok || got != want {
			t.Errorf("%q in style %v (present %v), want %v", text, got, ok, want)
		}
	}
	// The pieces of a line are where their widths put them: each after the last, a bold word measured bold.
	bold := f
	bold.Style = surface.Bold
	for _, p := range lines[0].Pieces {
		if p.Text == "two" && p.W != m.MeasureText("two", bold) {
			t.Errorf("bold %q is %gpt wide, measured %g", p.Text, p.W, m.MeasureText("two", bold))
		}
	}
	for _, tc := range []struct {
		text string
		at   int
	}{{"Move **two", 5}, {"a *b", 2}, {"**a *b**", 4}, {`\*a*`, 3}} {
		if got := ParseRich(m, tc.text, f).Unclosed; got != tc.at {
			t.Errorf("%q: unclosed at %d, want %d", tc.text, got, tc.at)
		}
		if got := UnclosedRun(tc.text); got != tc.at {
			t.Errorf("UnclosedRun(%q) = %d, want %d", tc.text, got, tc.at)
		}
	}
}

// Lines break at newlines, leave half a line more at a blank line, and never run wider than the box.
func TestRichLines(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	f := surface.Font{Size: 9}
	r := ParseRich(m, "First line\nsecond line\n\nA new paragraph of several words that must wrap in a narrow box.", f)
	lines, cut := r.Lines(m, f, 9, 90)
	if cut {
		t.Error("a word was cut")
	}
	if len(lines) < 4 || plain(lines[:2]) != "First line\nsecond line" {
		t.Fatalf("lines %q", plain(lines))
	}
	if !lines[2].Gap || lines[1].Gap || lines[3].Gap {
		t.Errorf("the gap is before the paragraph's first line only: %v %v %v", lines[1].Gap, lines[2].Gap, lines[3].Gap)
	}
	for _, l := range lines {
		if l.W > 90+1e-9 {
			t.Errorf("a line of %gpt in a box of 90", l.W)
		}
	}
	if want := (float64(len(lines)) + 0.5) * LineHeight * 9; math.Abs(Height(lines, 9)-want) > 1e-9 {
		t.Errorf("height %g, want %g", Height(lines, 9), want)
	}
	// A word wider than a line is cut into pieces, each within the line.
	long := ParseRich(m, "Supercalifragilisticexpialidocious", f)
	lines, cut = long.Lines(m, f, 9, 30)
	if !cut || len(lines) < 3 {
		t.Fatalf("a 35-letter word in 30pt: cut %v, %d lines", cut, len(lines))
	}
	if got := strings.ReplaceAll(plain(lines), "\n", ""); got != "Supercalifragilisticexpialidocious" {
		t.Errorf("the cut word reads %q", got)
	}
	for _, l := range lines {
		if l.W > 30+1e-9 {
			t.Errorf("a cut piece of %gpt in 30", l.W)
		}
	}
}

// FitBox prints at the largest size (to a tenth of a point) that fits, never under the least; a text that does
// not fit at the least is laid out there and said not to fit; a text longer than the box could ever hold is not
// laid out at all.
func TestRichFitBox(t *testing.T) {
	m := surface.NewPNG(surface.PNGOptions{DPI: 72})
	f := surface.Font{Size: 10}
	text := "Every moor and forest costs **one more move** this turn, for both houses. A lord in a castle may stay."
	r := ParseRich(m, text, f)
	n := utf8.RuneCountInString(text)
	fit := r.FitBox(m, f, 10, 6, 150, 200, n)
	if !fit.Fits || fit.Size != 10 {
		t.Errorf("a short text in a large box: %+v, want 10pt", fit)
	}
	fit = r.FitBox(m, f, 10, 6, 120, 40, n)
	if !fit.Fits || fit.Size >= 10 || fit.Size < 6 || fit.Need > 40+1e-6 {
		t.Fatalf("a text shrunk to fit: %+v", fit)
	}
	// A tenth of a point larger does not fit.
	if bigger, _ := r.Lines(m, f, fit.Size+0.1, 120); Height(bigger, fit.Size+0.1) <= 40 {
		t.Errorf("it fits at %gpt, but FitBox chose %g", fit.Size+0.1, fit.Size)
	}
	fit = r.FitBox(m, f, 10, 6, 120, 12, n)
	if fit.Fits || fit.Size != 6 || fit.Need <= 12 {
		t.Errorf("a text that cannot fit at 6pt: %+v", fit)
	}
	huge := strings.Repeat("word ", 200_000)
	fit = ParseRich(m, "", f).FitBox(m, f, 10, 6, 150, 200, utf8.RuneCountInString(huge))
	if fit.Fits || fit.Need != Unbounded || fit.Lines != nil {
		t.Errorf("a megabyte in a card's box: %+v", fit)
	}
	if !TooLong(utf8.RuneCountInString(huge), 6, 150, 200) || TooLong(n, 6, 150, 200) {
		t.Error("TooLong")
	}
}

// FuzzRich: any text parses, lays out in any box without a line wider than the box (but a single rune), and
// keeps every character but the markup; the fitted size is between the least and the most.
func FuzzRich(f *testing.F) {
	for _, s := range []string{"", "a", "**", "*a**b*", `\*\**`, "a\n\n\nb", "***x***", strings.Repeat("ab ", 50), "é ü 漢字 **x"} {
		f.Add(s, 100.0)
	}
	m := surface.NewDry(0)
	font := surface.Font{Size: 9}
	f.Fuzz(func(t *testing.T, text string, w float64) {
		if len(text) > 4096 || !(w >= 1 && w <= 1000) {
			return
		}
		fuzzbound.Run(t, func() error {
			r := ParseRich(m, text, font)
			if r.Unclosed >= len(text) {
				return fmt.Errorf("unclosed at %d of %d bytes", r.Unclosed, len(text))
			}
			if u := UnclosedRun(text); u != r.Unclosed {
				return fmt.Errorf("UnclosedRun says %d, the parse %d", u, r.Unclosed)
			}
			lines, _ := r.Lines(m, font, 9, w)
			for _, l := range lines {
				if l.W > w+1e-6 && len(l.Pieces) > 1 {
					return fmt.Errorf("a line of %g in %g: %q", l.W, w, plain([]RichLine{l}))
				}
			}
			fit := r.FitBox(m, font, 9, 6, w, w, utf8.RuneCountInString(text))
			if fit.Size < 6-1e-9 || fit.Size > 9+1e-9 {
				return fmt.Errorf("fitted at %g", fit.Size)
			}
			return nil
		})
	})
}
