package surface

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"unicode"

	"golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
)

// FontFile is one TrueType font file (a .ttf, or an .otf with TrueType outlines) that text can print in, as
// a package names it. ParseFontFile checks it as fpdf will read it, so a file it accepts embeds in every PDF,
// and parses it once per process: every surface, build and goroutine that prints in it shares the result.
type FontFile struct {
	sum       [32]byte
	data      []byte // the file; never written to (fpdf gets a copy, see PDF.text)
	sf        *sfnt.Font
	psName    string // PostScript name: LiberationSansNarrow-Bold
	fullName  string // Liberation Sans Narrow Bold
	upem      float64
	ascent    float64 // em fraction, positive up
	descent   float64 // em fraction, positive down
	capHeight float64 // em fraction
	missingW  int
	table     *bmpTable // every BMP rune's glyph and width, from the character map fpdf reads
}

// Name is the font's full name, as a reader knows it: "Liberation Sans Narrow Bold".
func (f *FontFile) Name() string { return f.fullName }

// PostScriptName is the font's PostScript name: "LiberationSansNarrow-Bold".
func (f *FontFile) PostScriptName() string { return f.psName }

// Printable reports whether the font draws r (a space or control character, printed as a space, always).
func (f *FontFile) Printable(r rune) bool {
	switch {
	case r == ' ' || unicode.IsControl(r):
		return true
	case r < 0 || r > 0xFFFE || r == utf8RuneError:
		return false
	}
	return f.table.glyph[r] != 0
}

// FontProblem is why a font file cannot be printed with.
type FontProblem uint8

const (
	FontMalformed  FontProblem = iota + 1 // not a font, or a font broken in a way fpdf would trip on
	FontPostScript                        // an OpenType font with PostScript (CFF) outlines: fpdf embeds TrueType outlines only
	FontCollection                        // a TrueType collection (.ttc) of several fonts
	FontWeb                               // a WOFF or WOFF2 web font
	FontNoUnicode                         // no Unicode character map of the kind fpdf reads (cmap format 4)
	FontRestricted                        // its licence bits forbid embedding it in a document, or subsetting it
)

// FontError says why ParseFontFile refused a file.
type FontError struct {
	Problem FontProblem
	Detail  string // what exactly, in words
}

func (e *FontError) Error() string { return e.Detail }

func fontErr(p FontProblem, format string, args ...any) error {
	return &FontError{Problem: p, Detail: fmt.Sprintf(format, args...)}
}

// The font files the process keeps parsed (a live preview sees new files as a designer edits them) are
// bounded in number and in bytes; past either bound the oldest is dropped, and parsed again if it comes back.
const (
	fontCacheFiles = 32
	fontCacheBytes = 128 << 20
)

var fontFiles struct {
	sync.Mutex
	byHash map[[32]byte]*fontEntry
	order  [][32]byte
	bytes  int
}

type fontEntry struct {
	once sync.Once
	size int
	file *FontFile
	err  error
}

// ParseFontFile checks and parses a TrueType font file, once per process for each content: a second call
// with the same bytes returns the same *FontFile (or the same error) at the cost of a hash. The error is a
// *FontError when the file is not one muster can print with. It is safe for concurrent use.
func ParseFontFile(data []byte) (*FontFile, error) {
	sum := sha256.Sum256(data)
	fontFiles.Lock()
	if fontFiles.byHash == nil {
		fontFiles.byHash = map[[32]byte]*fontEntry{}
	}
	e := fontFiles.byHash[sum]
	if e == nil {
		e = &fontEntry{size: len(data) + 0x10000*6} // the file and its glyph table
		fontFiles.byHash[sum] = e
		fontFiles.order = append(fontFiles.order, sum)
		fontFiles.bytes += e.size
		for len(fontFiles.order) > 1 && (len(fontFiles.order) > fontCacheFiles || fontFiles.bytes > fontCacheBytes) {
			old := fontFiles.order[0]
			fontFiles.bytes -= fontFiles.byHash[old].size
			delete(fontFiles.byHash, old)
			fontFiles.order = fontFiles.order[1:]
		}
	}
	fontFiles.Unlock()
	e.once.Do(func() {
		e.file, e.err = parseFontFile(append([]byte(nil), data...), sum)
	})
	return e.file, e.err
}

func parseFontFile(data []byte, sum [32]byte) (*FontFile, error) {
	tt, err := checkTrueType(data)
	if err != nil {
		return nil, err
	}
	sf, err := sfnt.Parse(data)
	if err != nil {
		return nil, fontErr(FontMalformed, "is not a font muster can read (%v)", err)
	}
	var buf sfnt.Buffer
	ppem := fixed.Int26_6(sf.UnitsPerEm()) << 6
	m, err := sf.Metrics(&buf, ppem, font.HintingNone)
	if err != nil {
		return nil, fontErr(FontMalformed, "is not a font muster can read (%v)", err)
	}
	f := &FontFile{sum: sum, data: data, sf: sf, upem: float64(tt.upem)}
	f.ascent = float64(m.Ascent) / 64 / f.upem
	f.descent = float64(m.Descent) / 64 / f.upem
	f.capHeight = float64(m.CapHeight) / 64 / f.upem
	if f.capHeight <= 0 { // no cap height in the file (OS/2 before version 2): the height of H
		if g := tt.runes['H']; g != 0 {
			if bd, _, err := sf.GlyphBounds(&buf, sfnt.GlyphIndex(g), ppem, font.HintingNone); err == nil {
				f.capHeight = -float64(bd.Min.Y) / 64 / f.upem
			}
		}
	}
	if f.capHeight <= 0 {
		f.capHeight = 0.7
	}
	f.psName, _ = sf.Name(&buf, sfnt.NameIDPostScript)
	f.fullName, _ = sf.Name(&buf, sfnt.NameIDFull)
	if f.fullName == "" {
		f.fullName, _ = sf.Name(&buf, sfnt.NameIDFamily)
	}
	if f.psName == "" {
		f.psName = strings.ReplaceAll(f.fullName, " ", "")
	}
	if f.fullName == "" {
		f.fullName = f.psName
	}
	if f.psName == "" {
		f.psName, f.fullName = fmt.Sprintf("Font%x", sum[:4]), fmt.Sprintf("font %x", sum[:4])
	}
	// Widths in 1/1000 em exactly as fpdf computes them for the PDF's /W, so both backends lay text out alike.
	scale := 1000.0 / float64(tt.upem)
	width := func(g int) int32 {
		adv := tt.advance(g)
		return int32(math.Round(scale * float64(adv)))
	}
	f.missingW = int(width(0))
	t := &bmpTable{}
	for r := range t.width {
		t.width[r] = int32(f.missingW)
	}
	for r, g := range tt.runes {
		if g != 0 {
			t.glyph[r] = sfnt.GlyphIndex(g)
			t.width[r] = width(int(g))
		}
	}
	f.table = t
	if err := fpdfReads(data, t); err != nil {
		return nil, err
	}
	return f, nil
}

// fpdfReads embeds the font in a scratch PDF with a glyph of every rune it maps, as a last guard: fpdf's
// reader trusts the file, and checkTrueType refuses what it knows fpdf would trip on, but a panic here means
// the file is broken in a way it did not foresee, which must fail here rather than in a build.
func fpdfReads(data []byte, t *bmpTable) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fontErr(FontMalformed, "is broken: fpdf, which embeds fonts in PDFs, cannot read it (%v)", r)
		}
	}()
	var b strings.Builder
	for r := rune(0x21); r < 0xFFFE; r++ {
		if t.glyph[r] != 0 && !unicode.IsControl(r) && (r < 0xD800 || r > 0xDFFF) {
			b.WriteRune(r)
		}
	}
	doc := newFpdf()
	doc.SetCompression(false)
	doc.AddPage()
	doc.AddUTF8FontFromBytes("trial", "", append([]byte(nil), data...))
	doc.SetFont("trial", "", 10)
	doc.Text(10, 20, b.String())
	if err := doc.Output(io.Discard); err != nil {
		return fontErr(FontMalformed, "is broken: fpdf, which embeds fonts in PDFs, cannot read it (%v)", err)
	}
	return nil
}

// Typeface is a font a package declares: its font files by style. A style it lacks prints in the nearest one
// it has (bold italic in bold, else italic, else regular; bold and italic in regular). It is immutable, and
// safe to share between surfaces and goroutines.
type Typeface struct {
	id    string
	files [BoldItalic + 1]*FontFile
	ascii bool // every face has every printable ASCII character
}

// NewTypeface makes a typeface from its files; regular is required, the others may be nil.
func NewTypeface(id string, regular, bold, italic, boldItalic *FontFile) (*Typeface, error) {
	if regular == nil {
		return nil, errors.New("surface: a typeface needs a regular face")
	}
	t := &Typeface{id: id, files: [BoldItalic + 1]*FontFile{regular, bold, italic, boldItalic}, ascii: true}
	for _, f := range t.files {
		for r := rune(' '); f != nil && r < 0x7F; r++ {
			t.ascii = t.ascii && f.Printable(r)
		}
	}
	return t, nil
}

// MarshalJSON writes the typeface as its id and its files' hashes, so that a key made from what prints in it
// (the live preview's, of a counter face) changes when one of its files does.
func (t *Typeface) MarshalJSON() ([]byte, error) {
	var files [BoldItalic + 1]string
	for i, f := range t.files {
		if f != nil {
			files[i] = hex.EncodeToString(f.sum[:])
		}
	}
	return json.Marshal(struct {
		ID    string
		Files [BoldItalic + 1]string
	}{t.id, files})
}

// ID is the package's name for the typeface.
func (t *Typeface) ID() string { return t.id }

// File is the font file text of style st prints in; the embedded Go Mono faces serve Mono and MonoBold, so
// it returns nil for them.
func (t *Typeface) File(st Style) *FontFile {
	if st > BoldItalic {
		return nil
	}
	var order []Style
	switch st {
	case BoldItalic:
		order = []Style{BoldItalic, Bold, Italic, Regular}
	case Bold:
		order = []Style{Bold, Regular}
	case Italic:
		order = []Style{Italic, Regular}
	default:
		order = []Style{Regular}
	}
	for _, s := range order {
		if f := t.files[s]; f != nil {
			return f
		}
	}
	return t.files[Regular]
}

// Has reports whether f is one of the typeface's files.
func (t *Typeface) Has(f *FontFile) bool {
	for _, x := range t.files {
		if x != nil && x == f {
			return true
		}
	}
	return false
}

// Unprintable lists the runes of s, without repeats and in order, that the typeface cannot draw in one of
// styles (TextStyles when none is given), with the names of the faces that lack each: like the package
// function Unprintable for the Go fonts.
func (t *Typeface) Unprintable(s string, styles ...Style) (runes []rune, faces [][]string) {
	if len(styles) == 0 {
		styles = TextStyles
	}
	for _, r := range s {
		if r < 0x7F && r >= ' ' && t.ascii || containsRune(runes, r) {
			continue
		}
		var lack []string
		for _, st := range styles {
			f := t.File(st)
			if f == nil || f.Printable(r) {
				continue
			}
			if !containsString(lack, f.Name()) {
				lack = append(lack, f.Name())
			}
		}
		if len(lack) > 0 {
			runes = append(runes, r)
			faces = append(faces, lack)
		}
	}
	return runes, faces
}

func containsRune(rs []rune, r rune) bool {
	for _, x := range rs {
		if x == r {
			return true
		}
	}
	return false
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
