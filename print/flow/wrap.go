// Package flow lays out printed sheets of text: pages with margins and a footer, headings, wrapped
// paragraphs, ruled text tables that break across pages with their header repeated, and tracks of numbered
// boxes. Charts, scenario sheets and rosters are written with it, on any surface.
package flow

import (
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/print/surface"
)

// Measurer is the part of a surface that measures text; every Surface is one.
type Measurer interface {
	MeasureText(s string, f surface.Font) float64
}

// Wrap breaks text into lines no wider than width, at spaces (and after hyphens and slashes when a word is
// too long); a word longer than a line is cut. Newlines in text start new lines.
func Wrap(m Measurer, text string, f surface.Font, width float64) []string {
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
			// The word alone may still be too long: cut it.
			for m.MeasureText(w, f) > width {
				cut := fitPrefix(m, w, f, width)
				out = append(out, w[:cut])
				w = w[cut:]
			}
			line = w
		}
		out = append(out, line)
	}
	return out
}

// fitPrefix is the byte length of the longest prefix of w that fits width (at least one rune), preferring a
// cut after a hyphen or slash.
func fitPrefix(m Measurer, w string, f surface.Font, width float64) int {
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
		return soft
	}
	if best == 0 {
		_, n := utf8.DecodeRuneInString(w)
		return n
	}
	return best
}

// Widest is the width of the widest of the words of text: the least width it can be wrapped into whole.
func Widest(m Measurer, text string, f surface.Font) float64 {
	w := 0.0
	for _, word := range strings.Fields(text) {
		w = max(w, m.MeasureText(word, f))
	}
	return w
}

// Truncate shortens s with an ellipsis so it fits width.
func Truncate(m Measurer, s string, f surface.Font, width float64) string {
	if m.MeasureText(s, f) <= width {
		return s
	}
	rs := []rune(s)
	for len(rs) > 0 {
		rs = rs[:len(rs)-1]
		t := strings.TrimSpace(string(rs)) + "…"
		if m.MeasureText(t, f) <= width {
			return t
		}
	}
	return ""
}
