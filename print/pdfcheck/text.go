package pdfcheck

import (
	"encoding/hex"
	"regexp"
	"strconv"
	"strings"
	"unicode/utf16"
)

// TextRun is a string a page shows (one Tj), where and at what size: its start on the baseline in top-left page
// coordinates (points, y down), and the font size in force (Tf). muster draws no text under a scale, so the
// size is the printed size.
type TextRun struct {
	Text string
	X, Y float64
	Size float64
}

// TextRuns lists every string the page shows, in the order drawn (forms in place): for checking sizes and
// positions of text where pdftotext's words say neither the size nor which run a word came from. Strings are
// read as UTF-16 big-endian, as the PDF library writes text in the embedded TrueType fonts muster prints with
// (a string of an odd number of bytes is read as bytes).
func (p *Page) TextRuns() []TextRun {
	var out []TextRun
	var args []string
	size, x, y := 0.0, 0.0, 0.0
	h := p.Height()
	num := func(i int) float64 {
		if i < 0 || i >= len(args) {
			return 0
		}
		v, _ := strconv.ParseFloat(args[i], 64)
		return v
	}
	for _, tok := range rawTokens(p.Content) {
		if !isOperator(tok) {
			args = append(args, tok)
			continue
		}
		switch tok {
		case "Tf":
			size = num(len(args) - 1)
		case "Tm":
			x, y = num(len(args)-2), h-num(len(args)-1)
		case "Tj", "'", "\"":
			if len(args) > 0 {
				out = append(out, TextRun{Text: decodeString(args[len(args)-1]), X: x, Y: y, Size: size})
			}
		case "TJ":
			var b strings.Builder
			for _, a := range args {
				if strings.HasPrefix(a, "(") || strings.HasPrefix(a, "<") {
					b.WriteString(decodeString(a))
				}
			}
			out = append(out, TextRun{Text: b.String(), X: x, Y: y, Size: size})
		}
		args = args[:0]
	}
	return out
}

// decodeString reads a PDF string token, <hex> or (literal) with its escapes, as UTF-16 big-endian.
func decodeString(s string) string {
	b := stringBytes(s)
	if len(b)%2 != 0 {
		return string(b)
	}
	u := make([]uint16, len(b)/2)
	for i := range u {
		u[i] = uint16(b[2*i])<<8 | uint16(b[2*i+1])
	}
	return string(utf16.Decode(u))
}

// stringBytes are the bytes of a PDF string token: <hex>, or (literal) with its escapes.
func stringBytes(s string) []byte {
	switch {
	case strings.HasPrefix(s, "<") && strings.HasSuffix(s, ">"):
		b, _ := hex.DecodeString(strings.Join(strings.Fields(s[1:len(s)-1]), ""))
		return b
	case strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")"):
		in := s[1 : len(s)-1]
		var b strings.Builder
		for i := 0; i < len(in); i++ {
			c := in[i]
			if c != '\\' || i+1 >= len(in) {
				b.WriteByte(c)
				continue
			}
			i++
			switch e := in[i]; e {
			case 'n':
				b.WriteByte('\n')
			case 'r':
				b.WriteByte('\r')
			case 't':
				b.WriteByte('\t')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			default:
				if e >= '0' && e <= '7' {
					j := i
					for j < len(in) && j < i+3 && in[j] >= '0' && in[j] <= '7' {
						j++
					}
					v, _ := strconv.ParseUint(in[i:j], 8, 8)
					b.WriteByte(byte(v))
					i = j - 1
					continue
				}
				b.WriteByte(e)
			}
		}
		return []byte(b.String())
	}
	return []byte(s)
}

var fontResRe = regexp.MustCompile(`/(F[^\s/<>\[\]()]*)\s+(\d+)\s+0\s+R`)
var baseFontRe = regexp.MustCompile(`/BaseFont\s*/([^\s/<>\[\]()]+)`)

// BaseFont is the font a font resource name (a RotatedText's Font) stands for, by its /BaseFont
// (AAAAAA+GoRegular, or fpdf's family key for its embedded TrueType fonts); "" when no font dictionary of the
// document names it.
func (d *Doc) BaseFont(resource string) string {
	for _, o := range d.objs {
		i := strings.Index(o.dict, "/Font")
		if i < 0 || !strings.Contains(o.dict[i:], "<<") {
			continue
		}
		for _, m := range fontResRe.FindAllStringSubmatch(o.dict[i:], -1) {
			if m[1] != resource {
				continue
			}
			n, _ := strconv.Atoi(m[2])
			if fo := d.objs[n]; fo != nil {
				if b := baseFontRe.FindStringSubmatch(fo.dict); b != nil {
					return b[1]
				}
			}
		}
	}
	return ""
}
