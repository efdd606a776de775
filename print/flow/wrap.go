// Package flow lays out printed sheets of text: pages with margins and a footer, headings, wrapped
// paragraphs, ruled text tables that break across pages with their header repeated, and tracks of numbered
// boxes. Charts, scenario sheets and rosters are written with it, on any surface.
package flow

import (
	"math"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/print/surface"
)

// Measurer is the part of a surface that measures text; every Surface is one.
type Measurer interface {
	MeasureText(s string, f surface.Font) float64
}

// Wrap breaks text into lines no wider than width, at spaces (and after hyphens and slashes when a word is
// too long); a word longer than a line is cut. Newlines in text start new lines. Each word and each rune of a
// cut word is measured once, so the work grows with the length of the text, not with its square: text width
// is the sum of its runes' advances (the surface does not kern).
func Wrap(m Measurer, text string, f surface.Font, width float64) []string {
	var out []string
	space := m.MeasureText(" ", f)
	for _, para := range strings.Split(text, "\n") {
		words := strings.Fields(para)
		if len(words) == 0 {
			out = append(out, "")
			continue
		}
		var line strings.Builder
		lineW := 0.0
		for _, w := range words {
			ww := m.MeasureText(w, f)
			if line.Len() > 0 && fits(m, lineW+space+ww, width, f, func() string { return line.String() + " " + w }) {
				line.WriteByte(' ')
				line.WriteString(w)
				lineW += space + ww
				continue
			}
			if line.Len() == 0 && ww <= width {
				line.WriteString(w)
				lineW = ww
				continue
			}
			if line.Len() > 0 {
				out = append(out, line.String())
				line.Reset()
			}
			// The word alone may still be too long: cut it.
			if ww > width {
				pieces, lastW := cutWord(m, w, f, width)
				out = append(out, pieces[:len(pieces)-1]...)
				w, ww = pieces[len(pieces)-1], lastW
			}
			line.WriteString(w)
			lineW = ww
		}
		out = append(out, line.String())
	}
	return out
}

// cutWord cuts a word wider than width into pieces that fit (at least one rune each), each cut preferably
// after a hyphen, slash or comma; it returns the pieces and the width of the last. Every rune is measured once.
func cutWord(m Measurer, w string, f surface.Font, width float64) ([]string, float64) {
	adv := map[rune]float64{}
	var pieces []string
	start, startW := 0, 0.0 // byte offset of the piece, and the width of the word before it
	var run []float64       // the word's width up to after each rune of the piece (cumulative from startW)
	var ends []int          // byte offset after each rune of the piece
	soft := -1              // index in ends of the last soft break in the piece
	total := 0.0
	for i, r := range w {
		a, ok := adv[r]
		if !ok {
			a = m.MeasureText(string(r), f)
			adv[r] = a
		}
		_, size := utf8.DecodeRuneInString(w[i:]) // not RuneLen: an invalid byte is one byte long
		n := i + size
		for len(ends) > 0 && !fits(m, total+a-startW, width, f, func() string { return w[start:n] }) {
			cut := len(ends) - 1
			if soft >= 0 {
				cut = soft
			}
			pieces = append(pieces, w[start:ends[cut]])
			start, startW = ends[cut], run[cut]
			run, ends = append(run[:0], run[cut+1:]...), append(ends[:0], ends[cut+1:]...)
			soft = -1
			for k := range ends {
				if c := w[ends[k]-1]; c == '-' || c == '/' || c == ',' {
					soft = k
				}
			}
		}
		total += a
		run = append(run, total)
		ends = append(ends, n)
		if r == '-' || r == '/' || r == ',' {
			soft = len(ends) - 1
		}
	}
	pieces = append(pieces, w[start:])
	return pieces, total - startW
}

// fits reports whether a text whose width is sum, added up from its parts' widths, fits width. Near a tie,
// where the sum may differ from measuring the whole text in its last bits, it measures the text itself, so
// the answer is always the one measuring the whole would give.
func fits(m Measurer, sum, width float64, f surface.Font, text func() string) bool {
	if math.Abs(sum-width) > 1e-6*math.Max(1, math.Abs(width)) {
		return sum <= width
	}
	return m.MeasureText(text(), f) <= width
}

// Widest is the width of the widest of the words of text: the least width it can be wrapped into whole.
func Widest(m Measurer, text string, f surface.Font) float64 {
	w := 0.0
	for _, word := range strings.Fields(text) {
		w = max(w, m.MeasureText(word, f))
	}
	return w
}

// Truncate shortens s with an ellipsis so it fits width; "" when not even the ellipsis fits. It measures
// O(log n) candidates (the width of a cut grows with its length), not every one.
func Truncate(m Measurer, s string, f surface.Font, width float64) string {
	if m.MeasureText(s, f) <= width {
		return s
	}
	rs := []rune(s)
	cut := func(n int) string { return strings.TrimSpace(string(rs[:n])) + "…" }
	// The longest n in [0, len(rs)) whose cut fits: fits is true up to it and false after.
	n := sort.Search(len(rs), func(n int) bool { return m.MeasureText(cut(n), f) > width })
	if n == 0 {
		return ""
	}
	return cut(n - 1)
}
