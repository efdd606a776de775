package pdfcheck

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// matrix is a PDF transform [a b c d e f]: x' = a*x + c*y + e, y' = b*x + d*y + f.
type matrix [6]float64

var identity = matrix{1, 0, 0, 1, 0, 0}

// then is m followed by n (m applied first).
func (m matrix) then(n matrix) matrix {
	return matrix{
		m[0]*n[0] + m[1]*n[2], m[0]*n[1] + m[1]*n[3],
		m[2]*n[0] + m[3]*n[2], m[2]*n[1] + m[3]*n[3],
		m[4]*n[0] + m[5]*n[2] + n[4], m[4]*n[1] + m[5]*n[3] + n[5],
	}
}

func (m matrix) apply(x, y float64) (float64, float64) {
	return m[0]*x + m[2]*y + m[4], m[1]*x + m[3]*y + m[5]
}

var (
	xobjDictRe = regexp.MustCompile(`/XObject\s*<<([^>]*)>>`)
	xobjRefRe  = regexp.MustCompile(`/([^\s/<>\[\]()]+)\s+(\d+) 0 R`)
	resRefRe   = regexp.MustCompile(`/Resources\s+(\d+) 0 R`)
	bboxRe     = regexp.MustCompile(`/BBox \[([^\]]*)\]`)
	matrixRe   = regexp.MustCompile(`/Matrix \[([^\]]*)\]`)
)

// xobjects are the XObjects an object's resources name: name to object number.
func (d *Doc) xobjects(dict string) map[string]int {
	res := dict
	if m := resRefRe.FindStringSubmatch(dict); m != nil {
		n, _ := strconv.Atoi(m[1])
		if o := d.objs[n]; o != nil {
			res = o.dict
		}
	}
	out := map[string]int{}
	if m := xobjDictRe.FindStringSubmatch(res); m != nil {
		for _, r := range xobjRefRe.FindAllStringSubmatch(m[1], -1) {
			n, _ := strconv.Atoi(r[2])
			out[r[1]] = n
		}
	}
	return out
}

// flattener writes a content stream out with its forms in place and its transforms applied.
type flattener struct {
	d       *Doc
	out     []byte
	images  []ImageDraw
	rotated []RotatedText
}

func fmtNum(b []byte, v float64) []byte {
	v = math.Round(v*1e4) / 1e4
	if v == 0 {
		v = 0
	}
	return strconv.AppendFloat(b, v, 'f', -1, 64)
}

func (f *flattener) pt(m matrix, x, y float64) {
	x, y = m.apply(x, y)
	f.out = fmtNum(f.out, x)
	f.out = append(f.out, ' ')
	f.out = fmtNum(f.out, y)
	f.out = append(f.out, ' ')
}

func (f *flattener) run(content string, xobjs map[string]int, ctm matrix, depth int) error {
	if depth > 16 {
		return fmt.Errorf("forms nested more than 16 deep")
	}
	var stack []matrix
	var args []string
	var line matrix  // the text line matrix, in the content's user space
	var size float64 // the text font size (Tf)
	var font string  // the text font resource (Tf)
	nums := func(n int) ([]float64, bool) {
		if len(args) < n {
			return nil, false
		}
		out := make([]float64, n)
		for i, a := range args[len(args)-n:] {
			v, err := strconv.ParseFloat(a, 64)
			if err != nil {
				return nil, false
			}
			out[i] = v
		}
		return out, true
	}
	emit := func(op string) {
		for _, a := range args {
			f.out = append(f.out, a...)
			f.out = append(f.out, ' ')
		}
		f.out = append(f.out, op...)
		f.out = append(f.out, '\n')
	}
	for _, tok := range rawTokens(content) {
		if !isOperator(tok) {
			args = append(args, tok)
			continue
		}
		switch tok {
		case "q":
			stack = append(stack, ctm)
			emit(tok)
		case "Q":
			if len(stack) > 0 {
				ctm = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
			emit(tok)
		case "cm":
			if n, ok := nums(6); ok {
				ctm = matrix{n[0], n[1], n[2], n[3], n[4], n[5]}.then(ctm)
			}
		case "m", "l":
			if n, ok := nums(2); ok {
				f.pt(ctm, n[0], n[1])
				f.out = append(f.out, tok+"\n"...)
			}
		case "c":
			if n, ok := nums(6); ok {
				for i := 0; i < 6; i += 2 {
					f.pt(ctm, n[i], n[i+1])
				}
				f.out = append(f.out, "c\n"...)
			}
		case "v", "y":
			if n, ok := nums(4); ok {
				f.pt(ctm, n[0], n[1])
				f.pt(ctm, n[2], n[3])
				f.out = append(f.out, tok+"\n"...)
			}
		case "re":
			if n, ok := nums(4); ok {
				f.rect(ctm, n[0], n[1], n[2], n[3])
			}
		case "BT":
			line = identity
			emit(tok)
		case "Td", "TD":
			if n, ok := nums(2); ok {
				line = matrix{1, 0, 0, 1, n[0], n[1]}.then(line)
				f.textPos(line.then(ctm))
			}
		case "Tm":
			if n, ok := nums(6); ok {
				line = matrix{n[0], n[1], n[2], n[3], n[4], n[5]}
				f.textPos(line.then(ctm))
			}
		case "Tf":
			if n, ok := nums(1); ok {
				size = n[0]
			}
			if len(args) >= 2 {
				font = strings.TrimPrefix(args[len(args)-2], "/")
			}
			emit(tok)
		case "Tj":
			if len(args) > 0 {
				rt := rotatedText(args[len(args)-1], line.then(ctm), size)
				rt.Font = font
				f.rotated = append(f.rotated, rt)
			}
			emit(tok)
		case "Do":
			if len(args) == 0 {
				break
			}
			name := strings.TrimPrefix(args[len(args)-1], "/")
			o := f.d.objs[xobjs[name]]
			if o != nil && strings.Contains(o.dict, "/Subtype /Image") {
				f.images = append(f.images, ImageDraw{Obj: xobjs[name], Width: dictInt(o.dict, "Width"), Height: dictInt(o.dict, "Height"), M: ctm})
			}
			if o == nil || !strings.Contains(o.dict, "/Subtype /Form") {
				emit(tok)
				break
			}
			m := ctm
			if mm := matrixRe.FindStringSubmatch(o.dict); mm != nil {
				if v := fields(mm[1]); len(v) == 6 {
					m = matrix{v[0], v[1], v[2], v[3], v[4], v[5]}.then(ctm)
				}
			}
			f.out = append(f.out, "q\n"...)
			if bb := bboxRe.FindStringSubmatch(o.dict); bb != nil {
				if v := fields(bb[1]); len(v) == 4 {
					f.rect(m, v[0], v[1], v[2]-v[0], v[3]-v[1])
					f.out = append(f.out, "W n\n"...)
				}
			}
			if err := f.run(string(o.data), f.d.xobjects(o.dict), m, depth+1); err != nil {
				return err
			}
			f.out = append(f.out, "Q\n"...)
		default:
			emit(tok)
		}
		args = args[:0]
	}
	return nil
}

// rect writes a rectangle: as re (with a positive width and height) when the transform keeps it one, else as
// a closed path.
func (f *flattener) rect(m matrix, x, y, w, h float64) {
	if m[1] == 0 && m[2] == 0 {
		x0, y0 := m.apply(x, y)
		x1, y1 := m.apply(x+w, y+h)
		x0, x1 = math.Min(x0, x1), math.Max(x0, x1)
		y0, y1 = math.Min(y0, y1), math.Max(y0, y1)
		for _, v := range []float64{x0, y0, x1 - x0, y1 - y0} {
			f.out = fmtNum(f.out, v)
			f.out = append(f.out, ' ')
		}
		f.out = append(f.out, "re\n"...)
		return
	}
	f.pt(m, x, y)
	f.out = append(f.out, "m\n"...)
	f.pt(m, x+w, y)
	f.out = append(f.out, "l\n"...)
	f.pt(m, x+w, y+h)
	f.out = append(f.out, "l\n"...)
	f.pt(m, x, y+h)
	f.out = append(f.out, "l\nh\n"...)
}

func (f *flattener) textPos(m matrix) {
	f.out = append(f.out, "1 0 0 1 "...)
	f.out = fmtNum(f.out, m[4])
	f.out = append(f.out, ' ')
	f.out = fmtNum(f.out, m[5])
	f.out = append(f.out, " Tm\n"...)
}

func fields(s string) []float64 {
	var out []float64
	for _, t := range strings.Fields(s) {
		v, err := strconv.ParseFloat(t, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// isOperator tells an operator from an operand: operands are numbers, names, strings, arrays and
// dictionaries (and true, false, null).
func isOperator(tok string) bool {
	switch c := tok[0]; {
	case c == '/', c == '(', c == '<', c == '[', c == ']', c == '+', c == '-', c == '.', c >= '0' && c <= '9':
		return false
	}
	return tok != "true" && tok != "false" && tok != "null"
}

// rawTokens splits a content stream into tokens as written: strings, hex strings and dictionaries whole,
// array brackets on their own.
func rawTokens(s string) []string {
	var out []string
	i := 0
	delim := " \n\r\t/[]()<>"
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '(':
			j, depth := i, 0
			for j < len(s) {
				if s[j] == '\\' {
					j += 2
					continue
				}
				if s[j] == '(' {
					depth++
				} else if s[j] == ')' {
					depth--
					if depth == 0 {
						j++
						break
					}
				}
				j++
			}
			out = append(out, s[i:min(j, len(s))])
			i = j
		case c == '<' && i+1 < len(s) && s[i+1] == '<':
			j := strings.Index(s[i:], ">>")
			if j < 0 {
				return out
			}
			out = append(out, s[i:i+j+2])
			i += j + 2
		case c == '<':
			j := strings.IndexByte(s[i:], '>')
			if j < 0 {
				return out
			}
			out = append(out, s[i:i+j+1])
			i += j + 1
		case c == '[' || c == ']':
			out = append(out, s[i:i+1])
			i++
		default:
			j := i + 1
			for j < len(s) && !strings.ContainsRune(delim, rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// RotatedText is a string a page shows (Tj) with the angle it is turned to: its origin in PDF page space (points, y up), the
// angle of its baseline in degrees counterclockwise from the page's x axis (0 upright, 90 reading upwards,
// 180 upside down, 270 reading downwards) and its size on the page.
type RotatedText struct {
	Text  string
	X, Y  float64
	Angle float64
	Size  float64
	// Font is the name of the font resource it is shown in (F1): Doc.BaseFont says which font that is.
	Font string
}

// textRun reads a shown string: a literal (...) or hex <...> string, as muster's PDFs write them (UTF-16BE
// for their embedded TrueType fonts, else one byte a character).
func rotatedText(tok string, m matrix, size float64) RotatedText {
	var b []byte
	switch {
	case strings.HasPrefix(tok, "("):
		s := strings.TrimSuffix(strings.TrimPrefix(tok, "("), ")")
		for i := 0; i < len(s); i++ {
			c := s[i]
			if c != '\\' || i+1 >= len(s) {
				b = append(b, c)
				continue
			}
			i++
			switch e := s[i]; e {
			case 'n':
				b = append(b, '\n')
			case 'r':
				b = append(b, '\r')
			case 't':
				b = append(b, '\t')
			case 'b':
				b = append(b, '\b')
			case 'f':
				b = append(b, '\f')
			case '0', '1', '2', '3', '4', '5', '6', '7':
				v, j := 0, 0
				for ; j < 3 && i+j < len(s) && s[i+j] >= '0' && s[i+j] <= '7'; j++ {
					v = v*8 + int(s[i+j]-'0')
				}
				b = append(b, byte(v))
				i += j - 1
			default:
				b = append(b, e)
			}
		}
	case strings.HasPrefix(tok, "<"):
		h := strings.Trim(tok, "<> \n")
		for i := 0; i+1 < len(h); i += 2 {
			v, _ := strconv.ParseUint(h[i:i+2], 16, 8)
			b = append(b, byte(v))
		}
	}
	text := string(b)
	if len(b) >= 2 && len(b)%2 == 0 && (b[0] == 0 || b[0] == 0x20) {
		var rs []rune
		for i := 0; i+1 < len(b); i += 2 {
			rs = append(rs, rune(b[i])<<8|rune(b[i+1]))
		}
		text = string(rs)
	}
	angle := math.Atan2(m[1], m[0]) * 180 / math.Pi
	if angle < 0 {
		angle += 360
	}
	angle = math.Round(angle*1000) / 1000
	if angle == 360 {
		angle = 0
	}
	return RotatedText{Text: text, X: m[4], Y: m[5], Angle: angle, Size: size * math.Hypot(m[0], m[1])}
}
