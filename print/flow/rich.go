package flow

import (
	"math"
	"strings"
	"unicode/utf8"

	"github.com/muster-wargames/muster/print/surface"
)

// Rich text: a paragraph with **bold** and *italic* runs (***both***; \* is an asterisk), as a card's event
// text is written. A newline breaks the line; a blank line also leaves half a line's gap. Lines wrap at
// spaces; a word too long for a line is cut.

// Segment is a stretch of a word in one style.
type Segment struct {
	Text  string
	Style surface.Style // Regular, Bold, Italic or BoldItalic
}

// richWord is a word of rich text: its segments, their widths at unit size, and what comes before it.
type richWord struct {
	segs   []Segment
	widths []float64 // each segment's width at size 1
	w      float64   // the word's width at size 1
	brk    int       // 0: a space before it; 1: a line break; 2: a paragraph break (blank line)
}

// Rich is rich text parsed and measured once at unit size, ready to be laid out at any size and width.
type Rich struct {
	words []richWord
	space float64 // a space's width at size 1
	// Unclosed is the byte offset of a ** or * that no marker closes (-1 when every run is closed).
	Unclosed int
}

// ParseRich reads rich text and measures its words in the style and typeface of font (its size is ignored).
func ParseRich(m Measurer, text string, font surface.Font) *Rich {
	unit := font
	unit.Size = 1
	r := &Rich{Unclosed: -1, space: m.MeasureText(" ", unit)}
	bold, italic := false, false
	boldAt, italicAt := -1, -1
	style := func() surface.Style {
		switch {
		case bold && italic:
			return surface.BoldItalic
		case bold:
			return surface.Bold
		case italic:
			return surface.Italic
		}
		return surface.Regular
	}
	var cur *richWord
	var seg strings.Builder
	segStyle := style()
	brk := 0
	flush := func() {
		if seg.Len() == 0 {
			return
		}
		if cur == nil {
			r.words = append(r.words, richWord{brk: brk})
			cur = &r.words[len(r.words)-1]
			brk = 0
		}
		cur.segs = append(cur.segs, Segment{Text: seg.String(), Style: segStyle})
		seg.Reset()
	}
	endWord := func() { flush(); cur = nil }
	newlines := 0
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == '\\' && i+1 < len(text) && text[i+1] == '*':
			if seg.Len() == 0 {
				segStyle = style()
			}
			seg.WriteByte('*')
			i += 2
			continue
		case c == '*':
			flush()
			if strings.HasPrefix(text[i:], "**") {
				bold = !bold
				boldAt = i
				i += 2
			} else {
				italic = !italic
				italicAt = i
				i++
			}
			segStyle = style()
			continue
		case c == '\n':
			endWord()
			newlines++
			if newlines == 1 {
				brk = max(brk, 1)
			} else {
				brk = 2
			}
			i++
			continue
		case c == ' ' || c == '\t' || c == '\r':
			endWord()
			i++
			continue
		}
		newlines = 0
		if seg.Len() == 0 {
			segStyle = style()
		}
		_, n := utf8.DecodeRuneInString(text[i:])
		seg.WriteString(text[i : i+n])
		i += n
	}
	endWord()
	switch {
	case bold && italic:
		r.Unclosed = min(boldAt, italicAt)
	case bold:
		r.Unclosed = boldAt
	case italic:
		r.Unclosed = italicAt
	}
	widths := map[Segment]float64{}
	for i := range r.words {
		w := &r.words[i]
		w.widths = make([]float64, len(w.segs))
		for k, s := range w.segs {
			x, ok := widths[s]
			if !ok {
				f := unit
				f.Style = s.Style
				x = m.MeasureText(s.Text, f)
				widths[s] = x
			}
			w.widths[k] = x
			w.w += x
		}
	}
	if len(r.words) > 0 {
		r.words[0].brk = 0
	}
	return r
}

// Empty reports whether the text has no words.
func (r *Rich) Empty() bool { return len(r.words) == 0 }

// Piece is a stretch of a line in one style, at X from the line's start.
type Piece struct {
	Text  string
	Style surface.Style
	X, W  float64
}

// RichLine is one line of laid-out rich text.
type RichLine struct {
	Pieces []Piece
	W      float64 // the line's width
	Gap    bool    // a blank line comes before it (half a line's gap)
}

// LineHeight is the distance between the baselines of rich text's lines, as a share of its size.
const LineHeight = 1.2

// Height is how high lines laid out at size stand: LineHeight a line, half a line for each gap.
func Height(lines []RichLine, size float64) float64 {
	h := 0.0
	for i, l := range lines {
		h += LineHeight * size
		if l.Gap && i > 0 {
			h += LineHeight * size / 2
		}
	}
	return h
}

// Lines lays the text out at size in lines no wider than width: greedy, at spaces; a word wider than a line is
// cut (by rune widths measured with m, each rune once) and reported by cut = true.
func (r *Rich) Lines(m Measurer, font surface.Font, size, width float64) (lines []RichLine, cut bool) {
	var cur RichLine
	x := 0.0
	open := false
	sp := r.space * size
	push := func() {
		cur.W = x
		lines = append(lines, cur)
		cur, x, open = RichLine{}, 0, false
	}
	place := func(w *richWord, gap bool) {
		if !open {
			cur.Gap = gap
			open = true
		}
		for k, s := range w.segs {
			pw := w.widths[k] * size
			cur.Pieces = append(cur.Pieces, Piece{Text: s.Text, Style: s.Style, X: x, W: pw})
			x += pw
		}
	}
	for i := range r.words {
		w := &r.words[i]
		ww := w.w * size
		if w.brk > 0 && open {
			push()
		}
		gap := w.brk == 2
		switch {
		case !open && ww <= width+1e-9:
			place(w, gap)
		case open && x+sp+ww <= width+1e-9:
			x += sp
			place(w, false)
		case ww <= width+1e-9:
			push()
			place(w, false)
		default:
			// A word wider than a line: cut it rune by rune.
			cut = true
			if open {
				push()
			}
			for _, piece := range r.cutWord(m, font, w, size, width) {
				if open {
					push()
				}
				place(&piece, gap)
				gap = false
			}
		}
	}
	if open {
		push()
	}
	return lines, cut
}

// cutWord cuts a word into pieces no wider than width (at least one rune each).
func (r *Rich) cutWord(m Measurer, font surface.Font, w *richWord, size, width float64) []richWord {
	var out []richWord
	var cur richWord
	x := 0.0
	adv := map[Segment]float64{}
	for _, s := range w.segs {
		var b strings.Builder
		flush := func() {
			if b.Len() > 0 {
				f := font
				f.Size, f.Style = 1, s.Style
				t := b.String()
				tw := m.MeasureText(t, f)
				cur.segs = append(cur.segs, Segment{Text: t, Style: s.Style})
				cur.widths = append(cur.widths, tw)
				cur.w += tw
				b.Reset()
			}
		}
		for _, ru := range s.Text {
			k := Segment{Text: string(ru), Style: s.Style}
			a, ok := adv[k]
			if !ok {
				f := font
				f.Size, f.Style = 1, s.Style
				a = m.MeasureText(k.Text, f)
				adv[k] = a
			}
			if x > 0 && (x+a)*size > width {
				flush()
				out = append(out, cur)
				cur, x = richWord{}, 0
			}
			b.WriteRune(ru)
			x += a
		}
		flush()
	}
	if len(cur.segs) > 0 {
		out = append(out, cur)
	}
	return out
}

// Fit is rich text laid out in a box at the largest size that fits it.
type Fit struct {
	Size  float64 // the size the text prints at
	Lines []RichLine
	Fits  bool // the text fits the box at Size (false: it does not even at the least size, or a word was cut)
	// Need is the height the text takes at Size.
	Need float64
}

// minAdvance is the narrowest advance a character is taken to have, in em, to bound the characters a box
// holds (the Go fonts' narrowest, a space or a period, are about a quarter of an em).
const minAdvance = 0.1

// Unbounded is the height a text too long to lay out is said to need.
var Unbounded = math.Inf(1)

// TooLong reports whether a text of runes characters is more than a box w x h could hold at size least,
// each character at least minAdvance em wide: a text that cannot fit, which is not worth laying out.
func TooLong(runes int, least, w, h float64) bool {
	if least <= 0 {
		return false
	}
	perLine := w / (minAdvance * least)
	lines := h / (LineHeight * least)
	return float64(runes) > (perLine+1)*math.Max(lines, 1)
}

// FitBox lays the text out in a box w x h at the largest size from most down to least (in steps of a tenth of
// a point) at which it fits; when it fits at none it is laid out at least, and Fits is false. A text with more
// characters than the box could hold at least (at minAdvance em a character) is not laid out at all: it cannot
// fit, and laying a megabyte out would take time for nothing.
func (r *Rich) FitBox(m Measurer, font surface.Font, most, least, w, h float64, runes int) Fit {
	least = math.Min(least, most)
	if least <= 0 || w <= 0 || h <= 0 {
		return Fit{Size: least}
	}
	if TooLong(runes, least, w, h) {
		return Fit{Size: least, Need: Unbounded}
	}
	try := func(size float64) (Fit, bool) {
		ls, cut := r.Lines(m, font, size, w)
		need := Height(ls, size)
		ok := !cut && need <= h+1e-6
		return Fit{Size: size, Lines: ls, Fits: ok, Need: need}, ok
	}
	if f, ok := try(most); ok {
		return f
	}
	// Sizes in tenths of a point between least and most: the largest that fits (fitting is monotone but for
	// rare rounding at a line's end, which the search may step past; it never returns a size that does not fit).
	lo, hi := int(math.Ceil(least*10-1e-9)), int(math.Floor(most*10+1e-9))
	best, found := Fit{}, false
	for lo <= hi {
		mid := (lo + hi) / 2
		f, ok := try(float64(mid) / 10)
		if ok {
			best, found = f, true
			lo = mid + 1
		} else {
			hi = mid - 1
		}
	}
	if found {
		return best
	}
	f, _ := try(least)
	return f
}

// UnclosedRun is the byte offset of the first ** or * of text that opens a run nothing closes, or -1: the
// markers read as ParseRich reads them, in one pass that allocates nothing (a text may be a megabyte).
func UnclosedRun(text string) int {
	bold, italic := false, false
	boldAt, italicAt := -1, -1
	for i := 0; i < len(text); {
		switch {
		case text[i] == '\\' && i+1 < len(text) && text[i+1] == '*':
			i += 2
		case strings.HasPrefix(text[i:], "**"):
			bold, boldAt = !bold, i
			i += 2
		case text[i] == '*':
			italic, italicAt = !italic, i
			i++
		default:
			i++
		}
	}
	switch {
	case bold && italic:
		return min(boldAt, italicAt)
	case bold:
		return boldAt
	case italic:
		return italicAt
	}
	return -1
}
