// Package pdfcheck reads back the PDFs muster writes, for tests: pages, page boxes, objects, and the rectangles
// and lines of each page's content in top-left page coordinates, so a test can measure a counter sheet rather
// than look at it; and, as a second opinion, the text poppler's pdftotext reads and qpdf's structural check
// (tools.go). It is the tests' one PDF reader. A page's content is read through the form XObjects it draws and the transforms it applies, so
// what a test finds is where it lands on the page. It handles what the surface's PDF backend writes (direct
// stream lengths, no object streams), not PDFs in general.
package pdfcheck

import (
	"bytes"
	"compress/zlib"
	"fmt"
	"io"
	"math"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Doc is a parsed PDF.
type Doc struct {
	objs  map[int]*obj
	Pages []*Page
}

type obj struct {
	dict string
	data []byte
}

// Page is one page: its boxes ([x0 y0 x1 y1] in PDF space) and its content.
type Page struct {
	MediaBox, TrimBox, BleedBox []float64
	// Content is what the page draws, flattened: every form XObject it draws is written out in place (inside
	// q ... Q, after a clip to its bounding box) and every transform is applied, so coordinates are PDF page
	// coordinates and there is no cm; text positions become absolute (1 0 0 1 x y Tm).
	Content string
	// Raw is the page's own decompressed content stream, as written.
	Raw string
	// Images are the images the page draws (through its forms too), in the order drawn.
	Images []ImageDraw
	// Rotated are the strings the page shows (through its forms too), in the order shown, with where and at
	// what angle.
	Rotated []RotatedText
}

// ImageDraw is an image drawn on a page: which image XObject, and where it lands.
type ImageDraw struct {
	Obj           int // the image's object number: an image embedded once has one, however often it is drawn
	Width, Height int // its size in pixels
	// M is the transform of the image's unit square (its top-left corner at 0,1) to PDF page space.
	M     [6]float64
	pageH float64
}

// Point is where image pixel position (u, v), measured from the image's top-left corner, lands on the page, in
// top-left page coordinates (points, y down).
func (im ImageDraw) Point(u, v float64) (x, y float64) {
	x, y = matrix(im.M).apply(u/float64(im.Width), 1-v/float64(im.Height))
	return x, im.pageH - y
}

// ImageObject is an image embedded in a document.
type ImageObject struct {
	Obj           int
	Width, Height int
}

// Images lists the image XObjects the document embeds, by object number.
func (d *Doc) Images() []ImageObject {
	var out []ImageObject
	for n, o := range d.objs {
		if strings.Contains(o.dict, "/Subtype /Image") {
			out = append(out, ImageObject{Obj: n, Width: dictInt(o.dict, "Width"), Height: dictInt(o.dict, "Height")})
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Obj < out[j].Obj })
	return out
}

// dictInt reads a whole number entry (/Width 40) of a dictionary; 0 when it has none.
func dictInt(dict, key string) int {
	m := regexp.MustCompile(`/` + key + ` (\d+)`).FindStringSubmatch(dict)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// Width and Height are the page size in points.
func (p *Page) Width() float64  { return p.MediaBox[2] - p.MediaBox[0] }
func (p *Page) Height() float64 { return p.MediaBox[3] - p.MediaBox[1] }

var (
	objRe    = regexp.MustCompile(`(?m)^(\d+) 0 obj\n`)
	lengthRe = regexp.MustCompile(`/Length (\d+)`)
	refRe    = regexp.MustCompile(`(\d+) 0 R`)
	kidsRe   = regexp.MustCompile(`/Kids \[([^\]]*)\]`)
	contRe   = regexp.MustCompile(`/Contents (\d+) 0 R`)
)

// Parse reads a PDF.
func Parse(b []byte) (*Doc, error) {
	d := &Doc{objs: map[int]*obj{}}
	pos := 0
	for {
		loc := objRe.FindSubmatchIndex(b[pos:])
		if loc == nil {
			break
		}
		n, _ := strconv.Atoi(string(b[pos+loc[2] : pos+loc[3]]))
		start := pos + loc[1]
		endobj := bytes.Index(b[start:], []byte("endobj"))
		stream := bytes.Index(b[start:], []byte("stream\n"))
		o := &obj{}
		if stream >= 0 && (endobj < 0 || stream < endobj) {
			o.dict = string(b[start : start+stream])
			m := lengthRe.FindStringSubmatch(o.dict)
			if m == nil {
				return nil, fmt.Errorf("object %d: stream without a direct /Length", n)
			}
			l, _ := strconv.Atoi(m[1])
			ds := start + stream + len("stream\n")
			if ds+l > len(b) {
				return nil, fmt.Errorf("object %d: stream runs past the end", n)
			}
			o.data = b[ds : ds+l]
			if strings.Contains(o.dict, "/FlateDecode") {
				zr, err := zlib.NewReader(bytes.NewReader(o.data))
				if err != nil {
					return nil, fmt.Errorf("object %d: %v", n, err)
				}
				if o.data, err = io.ReadAll(zr); err != nil {
					return nil, fmt.Errorf("object %d: %v", n, err)
				}
			}
			pos = ds + l
		} else {
			if endobj < 0 {
				return nil, fmt.Errorf("object %d: no endobj", n)
			}
			o.dict = string(b[start : start+endobj])
			pos = start + endobj
		}
		d.objs[n] = o
	}
	var pages *obj
	for _, o := range d.objs {
		if strings.Contains(o.dict, "/Type /Pages") {
			pages = o
		}
	}
	if pages == nil {
		return nil, fmt.Errorf("no /Pages object")
	}
	m := kidsRe.FindStringSubmatch(pages.dict)
	if m == nil {
		return nil, fmt.Errorf("/Pages without /Kids")
	}
	for _, r := range refRe.FindAllStringSubmatch(m[1], -1) {
		n, _ := strconv.Atoi(r[1])
		po := d.objs[n]
		if po == nil {
			return nil, fmt.Errorf("missing page object %d", n)
		}
		p := &Page{MediaBox: box(po.dict, "MediaBox"), TrimBox: box(po.dict, "TrimBox"), BleedBox: box(po.dict, "BleedBox")}
		if p.MediaBox == nil {
			p.MediaBox = box(pages.dict, "MediaBox")
		}
		if c := contRe.FindStringSubmatch(po.dict); c != nil {
			cn, _ := strconv.Atoi(c[1])
			if co := d.objs[cn]; co != nil {
				p.Raw = string(co.data)
				var f flattener
				f.d = d
				if err := f.run(p.Raw, d.xobjects(po.dict), identity, 0); err != nil {
					return nil, fmt.Errorf("page %d: %v", len(d.Pages)+1, err)
				}
				p.Content = string(f.out)
				p.Rotated = f.rotated
				for _, im := range f.images {
					im.pageH = p.Height()
					p.Images = append(p.Images, im)
				}
			}
		}
		d.Pages = append(d.Pages, p)
	}
	return d, nil
}

func box(dict, name string) []float64 {
	m := regexp.MustCompile(`/` + name + ` \[([^\]]*)\]`).FindStringSubmatch(dict)
	if m == nil {
		return nil
	}
	var out []float64
	for _, f := range strings.Fields(m[1]) {
		v, err := strconv.ParseFloat(f, 64)
		if err != nil {
			return nil
		}
		out = append(out, v)
	}
	return out
}

// Object is one indirect object of a document: its number, its dictionary as written and, for a stream, its
// data (inflated when FlateDecode).
type Object struct {
	Num  int
	Dict string
	Data []byte
}

// Objects lists the document's objects in number order.
func (d *Doc) Objects() []Object {
	out := make([]Object, 0, len(d.objs))
	for n, o := range d.objs {
		out = append(out, Object{Num: n, Dict: o.dict, Data: o.data})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Num < out[j].Num })
	return out
}

// HasImage reports whether the document embeds an image XObject.
func (d *Doc) HasImage() bool {
	for _, o := range d.objs {
		if strings.Contains(o.dict, "/Subtype /Image") {
			return true
		}
	}
	return false
}

var fontNameRe = regexp.MustCompile(`/FontName /([^\s/<>\[\]()]+)`)

// Fonts lists the names of the fonts the document embeds (a font descriptor with a font file), sorted: fpdf
// names a font "utf8" and its family key, "utf8liberationsansnarrow-bold".
func (d *Doc) Fonts() []string {
	var out []string
	for _, o := range d.objs {
		if !strings.Contains(o.dict, "/Type /FontDescriptor") || !strings.Contains(o.dict, "/FontFile") {
			continue
		}
		if m := fontNameRe.FindStringSubmatch(o.dict); m != nil {
			out = append(out, m[1])
		}
	}
	sort.Strings(out)
	return out
}

// Rect is a painted rectangle in top-left page coordinates (y down), with how it was painted.
type Rect struct {
	X, Y, W, H float64
	Fill       bool
	Stroke     bool
	Clip       bool
	RGB        [3]float64 // fill colour for fills, stroke colour for strokes
}

// Line is a stroked straight segment in top-left page coordinates.
type Line struct{ X1, Y1, X2, Y2 float64 }

// Same reports whether two segments join the same points, either way round, within eps points.
func (a Line) Same(b Line, eps float64) bool {
	n := func(p, q float64) bool { return math.Abs(p-q) <= eps }
	return n(a.X1, b.X1) && n(a.Y1, b.Y1) && n(a.X2, b.X2) && n(a.Y2, b.Y2) ||
		n(a.X1, b.X2) && n(a.Y1, b.Y2) && n(a.X2, b.X1) && n(a.Y2, b.Y1)
}

// Shapes lists the rectangles (`re`) and the stroked single segments (`m l S`) of a page, with the fill and
// stroke colours in force. Transforms are not applied: muster's sheets draw in page coordinates.
func (p *Page) Shapes() (rects []Rect, lines []Line) {
	h := p.Height()
	type gs struct{ fill, stroke [3]float64 }
	var cur gs
	var stack []gs
	var nums []float64
	var path []string // ops of the current path
	var pending []Rect
	var seg []float64 // m/l points of the current path
	for _, tok := range tokens(p.Content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		switch tok {
		case "q":
			stack = append(stack, cur)
		case "Q":
			if len(stack) > 0 {
				cur = stack[len(stack)-1]
				stack = stack[:len(stack)-1]
			}
		case "rg":
			if len(nums) >= 3 {
				copy(cur.fill[:], nums[len(nums)-3:])
			}
		case "RG":
			if len(nums) >= 3 {
				copy(cur.stroke[:], nums[len(nums)-3:])
			}
		case "re":
			if len(nums) >= 4 {
				n := nums[len(nums)-4:]
				pending = append(pending, Rect{X: n[0], Y: h - n[1] - n[3], W: n[2], H: n[3]})
			}
			path = append(path, tok)
		case "m", "l":
			if len(nums) >= 2 {
				seg = append(seg, nums[len(nums)-2], h-nums[len(nums)-1])
			}
			path = append(path, tok)
		case "c", "h", "v", "y":
			path = append(path, tok)
		case "f", "f*", "S", "B", "B*", "n":
			fill := tok == "f" || tok == "f*" || tok == "B" || tok == "B*"
			stroke := tok == "S" || tok == "B" || tok == "B*"
			clip := tok == "n" && len(path) > 0 && path[len(path)-1] == "W"
			for _, r := range pending {
				r.Fill, r.Stroke, r.Clip = fill, stroke, clip
				if fill {
					r.RGB = cur.fill
				} else {
					r.RGB = cur.stroke
				}
				rects = append(rects, r)
			}
			if tok == "S" && len(path) == 2 && path[0] == "m" && path[1] == "l" && len(seg) == 4 {
				lines = append(lines, Line{seg[0], seg[1], seg[2], seg[3]})
			}
			pending, path, seg = pending[:0], path[:0], seg[:0]
		case "W", "W*":
			path = append(path, "W")
		}
		nums = nums[:0]
	}
	return rects, lines
}

// tokens splits a content stream into numbers and operators, skipping strings, names, arrays' brackets and
// dictionaries.
func tokens(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		c := s[i]
		switch {
		case c == ' ' || c == '\n' || c == '\r' || c == '\t':
			i++
		case c == '(':
			depth := 0
			for i < len(s) {
				if s[i] == '\\' {
					i += 2
					continue
				}
				if s[i] == '(' {
					depth++
				} else if s[i] == ')' {
					depth--
					if depth == 0 {
						i++
						break
					}
				}
				i++
			}
			out = append(out, "(string)")
		case c == '<' && i+1 < len(s) && s[i+1] == '<':
			j := strings.Index(s[i:], ">>")
			if j < 0 {
				return out
			}
			i += j + 2
		case c == '<':
			j := strings.IndexByte(s[i:], '>')
			if j < 0 {
				return out
			}
			i += j + 1
			out = append(out, "(string)")
		case c == '[' || c == ']':
			i++
		case c == '/':
			j := i + 1
			for j < len(s) && !strings.ContainsRune(" \n\r\t/[]()<>", rune(s[j])) {
				j++
			}
			out = append(out, s[i:j])
			i = j
		default:
			j := i
			for j < len(s) && !strings.ContainsRune(" \n\r\t/[]()<>", rune(s[j])) {
				j++
			}
			if j == i {
				j++
			}
			out = append(out, s[i:j])
			i = j
		}
	}
	return out
}

// Near reports whether two numbers agree within eps.
func Near(a, b, eps float64) bool { return math.Abs(a-b) <= eps }

// Find returns the rectangles that match (x, y, w, h) within eps.
func Find(rects []Rect, x, y, w, h, eps float64) []Rect {
	var out []Rect
	for _, r := range rects {
		if Near(r.X, x, eps) && Near(r.Y, y, eps) && Near(r.W, w, eps) && Near(r.H, h, eps) {
			out = append(out, r)
		}
	}
	return out
}

// Operators counts the occurrences of an operator in a content stream.
func Operators(content, op string) int {
	n := 0
	for _, t := range tokens(content) {
		if t == op {
			n++
		}
	}
	return n
}
