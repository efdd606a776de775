package surface

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gobolditalic"
	"golang.org/x/image/font/gofont/goitalic"
	"golang.org/x/image/font/gofont/gomono"
	"golang.org/x/image/font/gofont/gomonobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// Style selects a face of a font family. Mono and MonoBold always select the
// embedded Go Mono faces, whatever the family.
type Style uint8

const (
	Regular Style = iota
	Bold
	Italic
	BoldItalic
	Mono
	MonoBold
)

func (s Style) String() string {
	switch s {
	case Regular:
		return "regular"
	case Bold:
		return "bold"
	case Italic:
		return "italic"
	case BoldItalic:
		return "bold-italic"
	case Mono:
		return "mono"
	case MonoBold:
		return "mono-bold"
	}
	return fmt.Sprintf("style(%d)", uint8(s))
}

// DefaultFamily is the embedded Go font family; the empty family means it too.
const DefaultFamily = "Go"

// Font selects a face and size (points).
type Font struct {
	// Family is "" for the surface's text typeface (the embedded Go fonts unless SetTextTypeface names
	// another), "Go" for the embedded Go fonts, else a RegisterFont family.
	Family string
	Style  Style
	Size   float64
	// Typeface, when set, is what the text prints in, whatever Family says: a package's own font. Mono and
	// MonoBold still print in Go Mono.
	Typeface *Typeface
}

// HAlign is the horizontal anchor of text relative to x.
type HAlign uint8

// VAlign is the vertical anchor of text relative to y.
type VAlign uint8

const (
	Left HAlign = iota
	Center
	Right
)

const (
	Baseline VAlign = iota // y is the baseline
	Middle                 // y is half the cap height above the baseline (digits and capitals look centred)
	Top                    // y is the font ascent above the baseline
	Bottom                 // y is the font descent below the baseline
)

// Align anchors text: the zero value is left/baseline.
type Align struct {
	H HAlign
	V VAlign
}

// face is one parsed font face with width and outline caches. Widths are kept
// in 1/1000 em exactly as fpdf rounds them, so both backends lay text out
// identically.
type face struct {
	key       string // family/style key, also the fpdf family name
	ttf       []byte
	f         *sfnt.Font
	upem      float64
	ascent    float64 // em fraction, positive up
	descent   float64 // em fraction, positive down
	capHeight float64 // em fraction
	missingW  int
	widths    map[rune]int
	glyphs    map[rune]sfnt.GlyphIndex
	bmp       *bmpTable // an embedded Go face's glyphs and widths, shared by every surface
	outlines  map[sfnt.GlyphIndex][]sfnt.Segment
	pdfLoaded bool
	file      *FontFile // the package's font file it is, nil for a Go or registered face
}

// fontSet holds the faces of one surface. It is not safe for concurrent use.
type fontSet struct {
	buf    sfnt.Buffer
	faces  map[string]*face
	ttf    map[string][]byte   // registered but not yet parsed
	goFace [MonoBold + 1]*face // the embedded faces by style, for the family "" (every text muster measures)
	files  map[*FontFile]*face // the faces of package font files, keyed apart from faces (see fileFace)
	text   *Typeface           // what the family "" prints in, when set (SetTextTypeface)
}

func builtinTTF(style Style) []byte {
	switch style {
	case Bold:
		return gobold.TTF
	case Italic:
		return goitalic.TTF
	case BoldItalic:
		return gobolditalic.TTF
	case Mono:
		return gomono.TTF
	case MonoBold:
		return gomonobold.TTF
	}
	return goregular.TTF
}

func fontKey(family string, style Style) string {
	if style == Mono || style == MonoBold {
		family = DefaultFamily
	}
	fam := strings.ToLower(strings.TrimSpace(family))
	if fam == "" {
		fam = strings.ToLower(DefaultFamily)
	}
	var b strings.Builder
	for _, r := range fam {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r)) {
			b.WriteRune(r)
		} else {
			b.WriteByte('_')
		}
	}
	return b.String() + "-" + style.String()
}

func newFontSet() *fontSet {
	return &fontSet{faces: map[string]*face{}, ttf: map[string][]byte{}}
}

// register adds a TrueType face for family/style, replacing any earlier one.
func (fs *fontSet) register(family string, style Style, ttf []byte) error {
	if style > BoldItalic {
		return fmt.Errorf("surface: cannot register a %s face: mono styles are the embedded Go Mono", style)
	}
	if strings.EqualFold(strings.TrimSpace(family), DefaultFamily) || strings.TrimSpace(family) == "" {
		return fmt.Errorf("surface: family %q is reserved for the embedded Go fonts", family)
	}
	key := fontKey(family, style)
	fc, err := fs.parse(key, ttf)
	if err != nil {
		return err
	}
	fs.faces[key] = fc
	return nil
}

func (fs *fontSet) parse(key string, ttf []byte) (*face, error) {
	f, err := sfnt.Parse(ttf)
	if err != nil {
		return nil, fmt.Errorf("surface: font %s: %w", key, err)
	}
	upem := float64(f.UnitsPerEm())
	if upem <= 0 {
		return nil, fmt.Errorf("surface: font %s: bad units per em", key)
	}
	ppem := fixed.Int26_6(f.UnitsPerEm()) << 6
	m, err := f.Metrics(&fs.buf, ppem, font.HintingNone)
	if err != nil {
		return nil, fmt.Errorf("surface: font %s: %w", key, err)
	}
	fc := &face{
		key: key, ttf: ttf, f: f, upem: upem,
		ascent:    float64(m.Ascent) / 64 / upem,
		descent:   float64(m.Descent) / 64 / upem,
		capHeight: float64(m.CapHeight) / 64 / upem,
		widths:    map[rune]int{},
		glyphs:    map[rune]sfnt.GlyphIndex{},
		outlines:  map[sfnt.GlyphIndex][]sfnt.Segment{},
	}
	if fc.capHeight <= 0 {
		// Fall back to the height of 'H'.
		if gi, err := f.GlyphIndex(&fs.buf, 'H'); err == nil && gi != 0 {
			if b, _, err := f.GlyphBounds(&fs.buf, gi, ppem, font.HintingNone); err == nil {
				fc.capHeight = -float64(b.Min.Y) / 64 / upem
			}
		}
		if fc.capHeight <= 0 {
			fc.capHeight = 0.7
		}
	}
	adv, err := f.GlyphAdvance(&fs.buf, 0, ppem, font.HintingNone)
	if err == nil {
		fc.missingW = int(math.Round(float64(adv) / 64 * 1000 / upem))
	}
	if fc.missingW == 0 {
		fc.missingW = 500
	}
	return fc, nil
}

// face returns the face for f, parsing an embedded font on first use.
func (fs *fontSet) face(f Font) (*face, error) {
	if f.Style <= BoldItalic {
		if t := f.Typeface; t != nil {
			return fs.fileFace(t.File(f.Style)), nil
		}
		if fs.text != nil && f.Family == "" {
			return fs.fileFace(fs.text.File(f.Style)), nil
		}
	}
	if f.Family == "" && f.Style <= MonoBold && fs.goFace[f.Style] != nil {
		return fs.goFace[f.Style], nil
	}
	fc, err := fs.faceByKey(f)
	if err == nil && f.Family == "" && f.Style <= MonoBold {
		fs.goFace[f.Style] = fc
	}
	return fc, err
}

func (fs *fontSet) faceByKey(f Font) (*face, error) {
	key := fontKey(f.Family, f.Style)
	if fc, ok := fs.faces[key]; ok {
		return fc, nil
	}
	fam := strings.TrimSpace(f.Family)
	if !(fam == "" || strings.EqualFold(fam, DefaultFamily) || f.Style == Mono || f.Style == MonoBold) {
		return nil, fmt.Errorf("surface: unknown font family %q (style %s)", f.Family, f.Style)
	}
	if f.Style > MonoBold {
		return nil, fmt.Errorf("surface: unknown font style %d", f.Style)
	}
	fc, err := fs.parse(key, builtinTTF(f.Style))
	if err != nil {
		return nil, err
	}
	fc.bmp = builtinTable(f.Style, fc)
	fs.faces[key] = fc
	return fc, nil
}

// fileFace is this surface's face of a package's font file, made on first use from the file parsed once per
// process. Its key, which names it in the PDF, is the font's PostScript name, with a part of its hash when
// the name is taken on this surface (by a Go face, a registered one, or another file of the same name).
func (fs *fontSet) fileFace(ff *FontFile) *face {
	if fc := fs.files[ff]; fc != nil {
		return fc
	}
	key := fileKey(ff.psName)
	for fs.keyTaken(key) {
		key += fmt.Sprintf("-%x", ff.sum[:3])
	}
	fc := &face{key: key, ttf: ff.data, f: ff.sf, upem: ff.upem, ascent: ff.ascent, descent: ff.descent,
		capHeight: ff.capHeight, missingW: ff.missingW, bmp: ff.table, file: ff,
		widths: map[rune]int{}, glyphs: map[rune]sfnt.GlyphIndex{}, outlines: map[sfnt.GlyphIndex][]sfnt.Segment{}}
	if fs.files == nil {
		fs.files = map[*FontFile]*face{}
	}
	fs.files[ff] = fc
	return fc
}

// keyTaken reports whether a face of this surface, or an embedded Go face it may yet load, has the key.
func (fs *fontSet) keyTaken(key string) bool {
	if _, ok := fs.faces[key]; ok {
		return true
	}
	for st := Regular; st <= MonoBold; st++ {
		if key == fontKey("", st) {
			return true
		}
	}
	for _, fc := range fs.files {
		if fc.key == key {
			return true
		}
	}
	return false
}

// fileKey is a PostScript name as a PDF font name: lower case letters, digits and hyphens.
func fileKey(ps string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(ps) {
		if r < 128 && (unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-') {
			b.WriteRune(r)
		}
	}
	if b.Len() == 0 {
		return "font"
	}
	return b.String()
}

// bmpTable is the glyph index and advance width (1/1000 em, as width rounds it) of every rune of the Basic
// Multilingual Plane in one face: measuring text is the most frequent thing the printers do, and with the
// table it is an array lookup, made once per process for each embedded face rather than per surface.
type bmpTable struct {
	glyph [0x10000]sfnt.GlyphIndex
	width [0x10000]int32
}

var builtinTables struct {
	sync.Mutex
	byStyle map[Style]*bmpTable
}

// builtinTable is the shared table of an embedded face, made on first use from fc (a parse of that face).
func builtinTable(st Style, fc *face) *bmpTable {
	builtinTables.Lock()
	defer builtinTables.Unlock()
	if t := builtinTables.byStyle[st]; t != nil {
		return t
	}
	var buf sfnt.Buffer
	t := &bmpTable{}
	ppem := fixed.Int26_6(fc.f.UnitsPerEm()) << 6
	for r := rune(0); r < 0x10000; r++ {
		w := fc.missingW
		gi, err := fc.f.GlyphIndex(&buf, r)
		if err == nil && gi != 0 {
			t.glyph[r] = gi
			if adv, err := fc.f.GlyphAdvance(&buf, gi, ppem, font.HintingNone); err == nil {
				w = int(math.Round(float64(adv) / 64 * 1000 / fc.upem))
			}
		}
		t.width[r] = int32(w)
	}
	if builtinTables.byStyle == nil {
		builtinTables.byStyle = map[Style]*bmpTable{}
	}
	builtinTables.byStyle[st] = t
	return t
}

// glyph returns the glyph index of r (0 if the face lacks it).
func (fs *fontSet) glyph(fc *face, r rune) sfnt.GlyphIndex {
	if fc.bmp != nil && r >= 0 && r < 0x10000 {
		return fc.bmp.glyph[r]
	}
	if gi, ok := fc.glyphs[r]; ok {
		return gi
	}
	gi, err := fc.f.GlyphIndex(&fs.buf, r)
	if err != nil {
		gi = 0
	}
	fc.glyphs[r] = gi
	return gi
}

// width is the advance of r in 1/1000 em, rounded as fpdf does.
func (fs *fontSet) width(fc *face, r rune) int {
	if fc.bmp != nil && r >= 0 && r < 0x10000 {
		return int(fc.bmp.width[r])
	}
	if w, ok := fc.widths[r]; ok {
		return w
	}
	w := fc.missingW
	if gi := fs.glyph(fc, r); gi != 0 {
		ppem := fixed.Int26_6(fc.f.UnitsPerEm()) << 6
		if adv, err := fc.f.GlyphAdvance(&fs.buf, gi, ppem, font.HintingNone); err == nil {
			w = int(math.Round(float64(adv) / 64 * 1000 / fc.upem))
		}
	}
	fc.widths[r] = w
	return w
}

// measure returns the advance width of s in points.
func (fs *fontSet) measure(fc *face, s string, size float64) float64 {
	w := 0
	for _, r := range s {
		w += fs.width(fc, r)
	}
	return float64(w) * size / 1000
}

// outline returns the glyph outline in font units (y down).
func (fs *fontSet) outline(fc *face, gi sfnt.GlyphIndex) []sfnt.Segment {
	if o, ok := fc.outlines[gi]; ok {
		return o
	}
	ppem := fixed.Int26_6(fc.f.UnitsPerEm()) << 6
	segs, err := fc.f.LoadGlyph(&fs.buf, gi, ppem, nil)
	var o []sfnt.Segment
	if err == nil {
		o = append([]sfnt.Segment(nil), segs...)
	}
	fc.outlines[gi] = o
	return o
}

// missing lists the runes of s (without repeats, in order) that the face lacks.
func (fs *fontSet) missing(fc *face, s string) []rune {
	var out []rune
	seen := map[rune]bool{}
	for _, r := range s {
		if seen[r] || r == ' ' {
			continue
		}
		seen[r] = true
		if fs.glyph(fc, r) == 0 {
			out = append(out, r)
		}
	}
	return out
}

// cleanText makes s safe for both backends: invalid UTF-8 and runes outside
// the Basic Multilingual Plane become U+FFFD, control characters spaces.
func cleanText(s string) string {
	ok := true
	for _, r := range s {
		if r == utf8RuneError || r > 0xFFFE || unicode.IsControl(r) {
			ok = false
			break
		}
	}
	if ok {
		return s
	}
	var b strings.Builder
	for _, r := range s {
		switch {
		case r > 0xFFFE:
			b.WriteRune(utf8RuneError)
		case unicode.IsControl(r):
			b.WriteByte(' ')
		default:
			b.WriteRune(r)
		}
	}
	return b.String()
}

const utf8RuneError = '\uFFFD'

// textOrigin returns the baseline-left origin for text of width w drawn at
// (x,y) with alignment a.
func textOrigin(fc *face, x, y, w, size float64, a Align) (float64, float64) {
	switch a.H {
	case Center:
		x -= w / 2
	case Right:
		x -= w
	}
	switch a.V {
	case Middle:
		y += fc.capHeight * size / 2
	case Top:
		y += fc.ascent * size
	case Bottom:
		y -= fc.descent * size
	}
	return x, y
}

// name is the face as a reader knows it: "Go Bold", "Liberation Sans Narrow Bold".
func (fc *face) name() string {
	if fc.file != nil {
		return fc.file.fullName
	}
	words := strings.Split(fc.key, "-")
	for i, w := range words {
		if w != "" {
			words[i] = strings.ToUpper(w[:1]) + w[1:]
		}
	}
	return strings.Join(words, " ")
}

// printable reports whether the face draws r: a space or a control character (drawn as a space) always, a
// rune outside the Basic Multilingual Plane (drawn as U+FFFD) never, any other rune when the face has a glyph.
func (fs *fontSet) printable(fc *face, r rune) bool {
	switch {
	case r == ' ' || unicode.IsControl(r):
		return true
	case r > 0xFFFE || r == utf8RuneError:
		return false
	}
	return fs.glyph(fc, r) != 0
}

// unprintable lists the runes of s (without repeats, in order) that the face cannot draw.
func (fs *fontSet) unprintable(fc *face, s string) []rune {
	var out []rune
	for _, r := range s {
		if fs.printable(fc, r) || slices.Contains(out, r) {
			continue
		}
		out = append(out, r)
	}
	return out
}

// TextStyles are the styles muster's printers draw content in; a text must print in each of them.
var TextStyles = []Style{Regular, Bold, Italic, BoldItalic}

// goFonts is a font set of the embedded Go faces shared by Unprintable, which locks it.
var goFonts struct {
	sync.Mutex
	fs *fontSet
}

// Unprintable lists the runes of s, without repeats and in order, that an embedded Go face of one of the
// TextStyles cannot draw (it would print an empty box), with the faces that lack each. Spaces and control
// characters, which print as spaces, are never listed; nor is anything when s is all printable, the usual case.
func Unprintable(s string) (runes []rune, faces [][]string) {
	goFonts.Lock()
	defer goFonts.Unlock()
	if goFonts.fs == nil {
		goFonts.fs = newFontSet()
	}
	fs := goFonts.fs
	for _, r := range s {
		if r < 0x7F && r >= ' ' || slices.Contains(runes, r) { // ASCII: every Go face has it
			continue
		}
		var lack []string
		for _, st := range TextStyles {
			fc, err := fs.face(Font{Style: st})
			if err != nil || !fs.printable(fc, r) {
				lack = append(lack, fontName(fc, st))
			}
		}
		if len(lack) > 0 {
			runes = append(runes, r)
			faces = append(faces, lack)
		}
	}
	return runes, faces
}

func fontName(fc *face, st Style) string {
	if fc == nil {
		return "Go " + st.String()
	}
	return fc.name()
}
