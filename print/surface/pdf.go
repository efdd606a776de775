package surface

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"sort"
	"strconv"
	"strings"
	"time"

	"codeberg.org/go-pdf/fpdf"
	"github.com/muster-wargames/muster/content/value"
)

// PDFOptions configures a PDF surface. The zero value is fine.
type PDFOptions struct {
	Title, Author, Subject, Creator string
	// Time is the document's creation and modification date. When zero it is
	// SOURCE_DATE_EPOCH (seconds) if that is set and valid, else
	// 2000-01-01T00:00:00Z, so output never depends on the clock.
	Time time.Time
	// MaxPages, when more than zero, makes BeginPage fail with a *PageLimitError past that many pages.
	MaxPages int
	// PageBoxes writes a TrimBox and a BleedBox on every page: the whole page where the drawing sets none
	// (SetPageBoxes). A print service's preflight asks every page for them.
	PageBoxes bool
	// OutputIntent, when set, is written as the document's output intent for print (GTS_PDFX): an RGB ICC
	// profile (the PDF library writes three-component profiles only) and the identifier of its condition.
	OutputIntent *OutputIntent
}

// OutputIntent is an ICC profile that says what the document's colours mean to a printer.
type OutputIntent struct {
	Condition string // the OutputConditionIdentifier, e.g. "sRGB IEC61966-2.1"
	Info      string // a human-readable description
	ICC       []byte // an RGB ICC profile
}

// DefaultEpoch is the document date, in Unix seconds, used when neither
// PDFOptions.Time nor SOURCE_DATE_EPOCH is set: 2000-01-01T00:00:00Z.
const DefaultEpoch = 946684800

// docTime resolves the document date.
func docTime(t time.Time) time.Time {
	if !t.IsZero() {
		return t.UTC()
	}
	if s := strings.TrimSpace(os.Getenv("SOURCE_DATE_EPOCH")); s != "" {
		if n, err := strconv.ParseInt(s, 10, 64); err == nil && n >= 0 && n < 253402300800 {
			return time.Unix(n, 0).UTC()
		}
	}
	return time.Unix(DefaultEpoch, 0).UTC()
}

// pdfGS is what is really in effect in the PDF graphics state ("" = unknown).
type pdfGS struct {
	fill, stroke, width, dash, cap, join, alpha, font string
}

// PDF is the vector backend: pages of any size in points, the Go fonts
// embedded (subset, UTF-8), reused drawings as form XObjects (fpdf's
// templates), deterministic compressed output.
type PDF struct {
	common
	doc       *fpdf.Fpdf // the document
	f         *fpdf.Fpdf // what is drawn into: the document's page, or a form being drawn
	fh        float64    // the height of what is drawn into: PDF y = fh - y
	forms     map[any]*pdfForm
	formByID  map[string]*formTemplate // the forms by content, so that equal drawings are one form
	written   int                      // bytes of operators written so far (see pdfForm)
	alphaGS   map[string]int           // the document's graphics states by alpha (%.3f), numbered as fpdf numbers them
	sawText   bool                     // text was drawn (see pdfForm)
	tplBase   *fpdf.Fpdf               // what forms are made from: a document that never sets a font
	gs        pdfGS
	gsStack   []pdfGS
	boxesEver bool
	intent    bool   // the document has an output intent (see fixInfoRef)
	fpdfFont  string // face and size fpdf itself believes current
	out       []byte
	b         []byte // operator scratch

	shadings map[shadingKey]int // the document's shadings, by fpdf's number (/Sh1 ...)
	// radialStarts are the start circles of the radial shadings that do not start from a point (see shading).
	radialStarts map[int][6]float64
}

var _ Surface = (*PDF)(nil)

// NewPDF returns an empty PDF surface; call BeginPage before drawing.
func NewPDF(opts PDFOptions) *PDF {
	f := newFpdf()
	f.SetCompression(true)
	f.SetCatalogSort(true)
	t := docTime(opts.Time)
	f.SetCreationDate(t)
	f.SetModificationDate(t)
	f.SetAutoPageBreak(false, 0)
	f.SetMargins(0, 0, 0)
	f.SetProducer("muster", true)
	if opts.Title != "" {
		f.SetTitle(opts.Title, true)
	}
	if opts.Author != "" {
		f.SetAuthor(opts.Author, true)
	}
	if opts.Subject != "" {
		f.SetSubject(opts.Subject, true)
	}
	if opts.Creator != "" {
		f.SetCreator(opts.Creator, true)
	}
	p := &PDF{doc: f, f: f, forms: map[any]*pdfForm{}, formByID: map[string]*formTemplate{}, alphaGS: map[string]int{},
		shadings: map[shadingKey]int{}, radialStarts: map[int][6]float64{}}
	p.common = newCommon(p)
	p.self = p
	p.maxPages = opts.MaxPages
	p.boxesEver = opts.PageBoxes
	if oi := opts.OutputIntent; oi != nil {
		p.intent = true
		f.AddOutputIntent(fpdf.OutputIntentType{SubtypeIdent: fpdf.OutputIntent_GTS_PDFX, OutputConditionIdentifier: oi.Condition, Info: oi.Info, ICCProfile: oi.ICC})
	}
	p.setErr(f.Error())
	return p
}

// newFpdf is an fpdf document measured in points.
func newFpdf() *fpdf.Fpdf {
	return fpdf.NewCustom(&fpdf.InitType{
		OrientationStr: "P",
		UnitStr:        "pt",
		Size:           fpdf.SizeType{Wd: value.Letter.Width, Ht: value.Letter.Height},
	})
}

func (p *PDF) fpdfErr() bool {
	if err := p.f.Error(); err != nil {
		p.setErr(fmt.Errorf("surface: pdf: %w", err))
		return true
	}
	return false
}

// num appends v with at most 3 decimals, no trailing zeros. It formats the whole thousandths as an integer:
// every coordinate of every page goes through here, and strconv's float formatting was a tenth of a build.
func num(b []byte, v float64) []byte {
	r := math.Round(v * 1000)
	if r == 0 {
		return append(b, '0')
	}
	if !(math.Abs(r) < 1e15) { // beyond what a page holds; strconv says it as before
		return trimZeros(strconv.AppendFloat(b, r/1000, 'f', 3, 64))
	}
	n := int64(r)
	if n < 0 {
		b = append(b, '-')
		n = -n
	}
	b = strconv.AppendInt(b, n/1000, 10)
	if f := n % 1000; f != 0 {
		b = append(b, '.', byte('0'+f/100), byte('0'+f/10%10), byte('0'+f%10))
		b = trimZeros(b)
	}
	return b
}

// trimZeros drops the trailing zeros of a number with a decimal point, and the point if nothing follows it.
func trimZeros(b []byte) []byte {
	i := len(b)
	for b[i-1] == '0' {
		i--
	}
	if b[i-1] == '.' {
		i--
	}
	return b[:i]
}

func (p *PDF) op(s string) {
	p.f.RawWriteStr(s)
	p.written += len(s) + 1
}

func (p *PDF) flushB() {
	p.f.RawWriteStr(string(p.b))
	p.written += len(p.b) + 1
	p.b = p.b[:0]
}

func (p *PDF) beginPage(w, h float64) {
	p.fh = h
	p.f.AddPageFormat("P", fpdf.SizeType{Wd: w, Ht: h})
	if p.fpdfErr() {
		return
	}
	// fpdf sets cap, join and width itself; colours and alpha are PDF defaults.
	p.gs = pdfGS{dash: "[] 0 d", cap: "0 J", join: "0 j", alpha: "1.000"}
	p.gsStack = p.gsStack[:0]
	if p.boxesEver { // fpdf would carry the previous page's boxes over
		p.f.SetPageBox("TrimBox", 0, 0, w, h)
		p.f.SetPageBox("BleedBox", 0, 0, w, h)
	}
}

func (p *PDF) setBoxes(b PageBoxes) {
	p.boxesEver = true
	set := func(name string, r Rect) {
		if r.Empty() {
			r = Rect{0, 0, p.w, p.h}
		}
		p.f.SetPageBox(name, r.X, p.h-r.Y-r.H, r.W, r.H)
	}
	set("TrimBox", b.Trim)
	set("BleedBox", b.Bleed)
	p.fpdfErr()
}

func colorOp(b []byte, c Color, op string) []byte {
	b = num(b, round3(float64(c.R)/255))
	b = append(b, ' ')
	b = num(b, round3(float64(c.G)/255))
	b = append(b, ' ')
	b = num(b, round3(float64(c.B)/255))
	b = append(b, ' ')
	return append(b, op...)
}

func (p *PDF) setAlpha(a uint8) {
	s := strconv.FormatFloat(float64(a)/255, 'f', 3, 64)
	if p.gs.alpha == s {
		return
	}
	p.gs.alpha = s
	n, ok := p.alphaGS[s]
	if !ok && p.f == p.doc {
		p.f.SetAlpha(float64(a)/255, "Normal") // adds the state to the document and sets it
		p.alphaGS[s] = len(p.alphaGS) + 1
		return
	}
	if !ok {
		// A form is being drawn: fpdf would give it a graphics state of its own that the document never
		// writes. The state is added to the document (set and at once restored on its page), and the form
		// sets it by the document's name, which its resources have (see formResources).
		p.doc.RawWriteStr("q")
		p.doc.SetAlpha(float64(a)/255, "Normal")
		p.doc.RawWriteStr("Q")
		n = len(p.alphaGS) + 1
		p.alphaGS[s] = n
	}
	p.op("/GS" + strconv.Itoa(n) + " gs")
}

func (p *PDF) setFill() {
	s := string(colorOp(p.b[len(p.b):], p.st.fill, "rg"))
	if p.gs.fill != s {
		p.op(s)
		p.gs.fill = s
	}
}

func (p *PDF) setStroke() {
	s := string(colorOp(p.b[len(p.b):], p.st.stroke, "RG"))
	if p.gs.stroke != s {
		p.op(s)
		p.gs.stroke = s
	}
	w := string(append(num(nil, p.st.width), " w"...))
	if p.gs.width != w {
		p.op(w)
		p.gs.width = w
	}
	d := []byte{'['}
	for i, v := range p.st.dash {
		if i > 0 {
			d = append(d, ' ')
		}
		d = num(d, v)
	}
	ds := string(append(d, "] 0 d"...))
	if p.gs.dash != ds {
		p.op(ds)
		p.gs.dash = ds
	}
	if c := strconv.Itoa(int(p.st.cap)) + " J"; p.gs.cap != c {
		p.op(c)
		p.gs.cap = c
	}
	if j := strconv.Itoa(int(p.st.join)) + " j"; p.gs.join != j {
		p.op(j)
		p.gs.join = j
	}
}

// pathOps appends the path in PDF coordinates.
func (p *PDF) pathOps(path *Path) {
	for _, s := range path.segs {
		switch s.op {
		case segMove, segLine:
			p.b = num(p.b, s.pts[0].X)
			p.b = append(p.b, ' ')
			p.b = num(p.b, p.fh-s.pts[0].Y)
			if s.op == segMove {
				p.b = append(p.b, " m\n"...)
			} else {
				p.b = append(p.b, " l\n"...)
			}
		case segCubic:
			for _, q := range s.pts {
				p.b = num(p.b, q.X)
				p.b = append(p.b, ' ')
				p.b = num(p.b, p.fh-q.Y)
				p.b = append(p.b, ' ')
			}
			p.b = append(p.b, "c\n"...)
		case segClose:
			p.b = append(p.b, "h\n"...)
		}
	}
}

// paint emits the path via emit, then the painting operator(s).
func (p *PDF) paint(mode Paint, evenOdd bool, emit func()) {
	fill := mode&Fill != 0 && p.st.fill.A > 0
	stroke := mode&Stroke != 0 && p.st.stroke.A > 0 && p.st.width > 0
	star := ""
	if evenOdd {
		star = "*"
	}
	if fill && stroke && p.st.fill.A == p.st.stroke.A {
		p.setAlpha(p.st.fill.A)
		p.setFill()
		p.setStroke()
		emit()
		p.b = append(p.b, "B"+star...)
		p.flushB()
		return
	}
	if fill {
		p.setAlpha(p.st.fill.A)
		p.setFill()
		emit()
		p.b = append(p.b, "f"+star...)
		p.flushB()
	}
	if stroke {
		p.setAlpha(p.st.stroke.A)
		p.setStroke()
		emit()
		p.b = append(p.b, 'S')
		p.flushB()
	}
}

func (p *PDF) drawPath(path *Path, mode Paint) {
	p.paint(mode, path.EvenOdd, func() { p.pathOps(path) })
}

func (p *PDF) rect(x, y, w, h float64, mode Paint) {
	p.paint(mode, false, func() {
		p.b = num(p.b, x)
		p.b = append(p.b, ' ')
		p.b = num(p.b, p.fh-y-h)
		p.b = append(p.b, ' ')
		p.b = num(p.b, w)
		p.b = append(p.b, ' ')
		p.b = num(p.b, h)
		p.b = append(p.b, " re\n"...)
	})
}

func (p *PDF) push() {
	p.op("q")
	p.gsStack = append(p.gsStack, p.gs)
}

func (p *PDF) pop() {
	p.op("Q")
	p.gs = p.gsStack[len(p.gsStack)-1]
	p.gsStack = p.gsStack[:len(p.gsStack)-1]
}

func (p *PDF) transform(m Matrix) {
	flip := Matrix{A: 1, D: -1, F: p.fh}
	k := flip.Mul(m).Mul(flip)
	for _, v := range []float64{k.A, k.B, k.C, k.D, k.E, k.F} {
		p.b = strconv.AppendFloat(p.b, roundN(v, 6), 'f', -1, 64)
		p.b = append(p.b, ' ')
	}
	p.b = append(p.b, "cm"...)
	p.flushB()
}

func roundN(v float64, n int) float64 {
	s := math.Pow(10, float64(n))
	v = math.Round(v*s) / s
	if v == 0 {
		return 0 // no "-0"
	}
	return v
}

func (p *PDF) clip(path *Path) {
	p.pathOps(path)
	p.b = append(p.b, "W n"...)
	p.flushB()
}

func (p *PDF) text(x, y float64, s string, fc *face, size float64) {
	p.sawText = true
	if p.f != p.doc {
		return // the drawing will not be a form, and this template is never written (see pdfForm)
	}
	if !fc.pdfLoaded {
		// fpdf writes into the font bytes while subsetting (an aliasing
		// append in its hmtx reader), so it gets a private copy: the
		// embedded package bytes stay pristine and output stays stable.
		p.doc.AddUTF8FontFromBytes(fc.key, "", append([]byte(nil), fc.ttf...))
		if p.fpdfErr() {
			return
		}
		fc.pdfLoaded = true
	}
	p.setAlpha(p.st.fill.A)
	p.setFill()
	fs := fc.key + " " + strconv.FormatFloat(size, 'f', 2, 64)
	// fpdf records the runes used per font (for subsetting) in its own
	// current font, which a Pop (Q) does not restore: keep both in step.
	if p.gs.font != fs || p.fpdfFont != fs {
		p.f.SetFont(fc.key, "", size)
		if p.fpdfErr() {
			return
		}
		p.gs.font, p.fpdfFont = fs, fs
	}
	p.f.Text(x, y, s)
	p.fpdfErr()
}

func (p *PDF) image(di *decodedImage, x, y, w, h float64) error {
	// The document holds every image (a form's images are the document's); a form being drawn knows its
	// own too, under the same name (fpdf names an image by a hash of its content).
	for _, f := range []*fpdf.Fpdf{p.doc, p.f} {
		if f.GetImageInfo(di.key) != nil {
			continue
		}
		data, typ, err := di.pdfBytes()
		if err != nil {
			return err
		}
		f.RegisterImageOptionsReader(di.key, fpdf.ImageOptions{ImageType: typ}, bytes.NewReader(data))
		if err := f.Error(); err != nil {
			f.ClearError()
			return fmt.Errorf("surface: pdf image: %w", err)
		}
	}
	p.setAlpha(255) // images are drawn opaque (their own alpha still applies)
	p.f.ImageOptions(di.key, x, y, w, h, false, fpdf.ImageOptions{AllowNegativePosition: true}, 0, "")
	if p.fpdfErr() {
		return p.err
	}
	return nil
}

// Bytes finishes the document (if not yet finished) and returns it.
func (p *PDF) Bytes() ([]byte, error) {
	if p.out != nil {
		return p.out, nil
	}
	if p.err != nil {
		return nil, p.err
	}
	if p.pages == 0 {
		return nil, errors.New("surface: PDF has no pages")
	}
	if err := p.balanced(); err != nil {
		p.setErr(err)
		return nil, err
	}
	var buf bytes.Buffer
	if err := p.f.Output(&buf); err != nil {
		p.setErr(fmt.Errorf("surface: pdf: %w", err))
		return nil, p.err
	}
	contents := make(map[string][]byte, len(p.formByID))
	for id, ft := range p.formByID {
		contents[id] = ft.Bytes()
	}
	raw := sortPageBoxes(buf.Bytes())
	if p.intent {
		raw = fixInfoRef(raw)
	}
	out, err := formResources(raw, contents)
	if err == nil {
		out, err = patchShadings(out, p.radialStarts)
	}
	if err != nil {
		p.setErr(err)
		return nil, err
	}
	p.done = true
	p.out = out
	return p.out, nil
}

// Pages is the number of pages begun.
func (p *PDF) Pages() int { return p.pages }

// WriteTo finishes the document and writes it; it may be called again to
// write the same bytes.
func (p *PDF) WriteTo(w io.Writer) (int64, error) {
	b, err := p.Bytes()
	if err != nil {
		return 0, err
	}
	n, err := w.Write(b)
	return int64(n), err
}

// sortPageBoxes puts the page box lines of each page object in a fixed order:
// fpdf writes them from a map, so their order would otherwise vary between
// runs. Reordering whole lines keeps every byte offset valid.
func sortPageBoxes(pdf []byte) []byte {
	marker := []byte("/Type /Page\n/Parent 1 0 R\n")
	for i := 0; ; {
		j := bytes.Index(pdf[i:], marker)
		if j < 0 {
			return pdf
		}
		start := i + j + len(marker)
		end := start
		var lines []string
		for {
			nl := bytes.IndexByte(pdf[end:], '\n')
			if nl < 0 {
				break
			}
			line := string(pdf[end : end+nl])
			if !isBoxLine(line) {
				break
			}
			lines = append(lines, line)
			end += nl + 1
		}
		if len(lines) > 1 {
			sort.Strings(lines)
			copy(pdf[start:end], strings.Join(lines, "\n")+"\n")
		}
		i = end
	}
}

func isBoxLine(l string) bool {
	for _, p := range []string{"/MediaBox [", "/TrimBox [", "/BleedBox [", "/CropBox [", "/ArtBox ["} {
		if strings.HasPrefix(l, p) {
			return true
		}
	}
	return false
}
