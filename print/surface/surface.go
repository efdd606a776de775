package surface

import (
	"bytes"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/draw"
	_ "image/gif"  // GIF images are accepted too
	_ "image/jpeg" // JPEG images
	"image/png"
	"io"
	"math"
	"reflect"
)

// Paint says how a shape is painted.
type Paint uint8

const (
	Fill       Paint           = 1 << iota // fill with the fill colour
	Stroke                                 // stroke with the stroke colour, width and dash
	FillStroke = Fill | Stroke             // fill, then stroke on top
)

// LineCap is the shape of open stroke ends.
type LineCap uint8

const (
	ButtCap LineCap = iota
	RoundCap
	SquareCap
)

// LineJoin is the shape of stroke corners.
type LineJoin uint8

const (
	MiterJoin LineJoin = iota
	RoundJoin
	BevelJoin
)

// PageBoxes are the optional print boxes of a page, in page coordinates
// (points, top-left origin). A zero Rect means "not set". Only the PDF
// backend writes them (as /TrimBox and /BleedBox); the PNG backend ignores them.
type PageBoxes struct {
	Trim  Rect
	Bleed Rect
}

// Surface is the drawing API shared by the PDF and PNG backends. All lengths
// are points, the origin is the page's top-left corner and y grows down;
// angles are degrees, clockwise on the page. Drawing errors are sticky: the
// first one is kept, later drawing is skipped, and Err and WriteTo report it.
// A Surface is not safe for concurrent use.
type Surface interface {
	// BeginPage starts a new page of the given size in points; everything
	// else is reset to defaults (black fill, black 1pt solid stroke, no
	// clip, identity transform).
	BeginPage(width, height float64)
	// SetPageBoxes sets the trim and bleed boxes of the current page.
	SetPageBoxes(b PageBoxes)
	// PageSize is the current page size in points.
	PageSize() (width, height float64)

	SetFill(c Color)                  // fill and text colour (alpha 0 paints nothing)
	SetStroke(c Color, width float64) // stroke colour and line width in points
	SetDash(pattern ...float64)       // dash lengths in points; none for solid
	SetLineCap(c LineCap)
	SetLineJoin(j LineJoin)

	Rect(x, y, w, h float64, mode Paint)
	Line(x1, y1, x2, y2 float64) // stroked
	Polyline(pts []Pt)           // stroked, open
	Polygon(pts []Pt, mode Paint)
	Circle(cx, cy, r float64, mode Paint)
	Ellipse(cx, cy, rx, ry float64, mode Paint)
	Arc(cx, cy, rx, ry, startDeg, endDeg float64) // stroked, open
	// Star draws a regular star (points tips, first tip up); the vector
	// stand-in for ★, which the Go fonts lack.
	Star(cx, cy, r float64, points int, mode Paint)
	DrawPath(p *Path, mode Paint)
	// FillGradient fills p (by its fill rule) with a gradient; see Gradient.
	FillGradient(p *Path, g *Gradient)

	// Push saves the graphics state (colours, line style, transform, clip);
	// Pop restores it. Pushes must be balanced on each page.
	Push()
	Pop()
	ClipRect(x, y, w, h float64) // intersect the clip with a rectangle
	ClipPolygon(pts []Pt)
	ClipPath(p *Path) // non-zero winding
	Translate(dx, dy float64)
	Rotate(deg float64) // clockwise on the page, about the current origin
	Scale(sx, sy float64)

	// Text draws a single line of text in the fill colour, anchored at
	// (x,y) by a. Runes the font lacks draw as the font's missing-glyph box.
	Text(x, y float64, s string, f Font, a Align)
	// MeasureText is the advance width of s in points (no kerning); both
	// backends return the same value.
	MeasureText(s string, f Font) float64
	// FontMetrics returns ascent, descent and cap height in points.
	FontMetrics(f Font) (ascent, descent, capHeight float64)
	// MissingGlyphs lists the runes of s that f cannot draw.
	MissingGlyphs(s string, f Font) []rune
	// RegisterFont adds a TrueType face under a new family name for this
	// surface (styles Regular, Bold, Italic, BoldItalic).
	RegisterFont(family string, style Style, ttf []byte) error
	// SetTextTypeface makes t what every Font with no Family and no Typeface prints in, on every page from
	// now on; nil returns them to the embedded Go fonts. A printer sets it from the package's text font
	// before it measures or draws anything.
	SetTextTypeface(t *Typeface)

	// Image draws a PNG, JPEG or GIF image scaled into the rectangle. A bad
	// image returns an error and leaves the surface usable. The surface
	// keeps data: it must not change once drawn. The PDF backend
	// embeds an 8-bit PNG without transparency as it is, without decoding
	// its pixels: damage past its header shows only where pixels are drawn.
	Image(data []byte, x, y, w, h float64) error

	// Reuse draws, with its origin at (x, y), what draw draws in a frame of its own (points, y down),
	// starting from the default graphics state but for the transform. art is the frame's extent, which draw
	// must stay inside; view is the part of art that will be seen, which is all draw needs to draw. The PDF
	// backend draws art once per key, as a form XObject that every later Reuse with an equal key places
	// again, so key must stand for everything draw depends on (and be comparable). It draws a placement in
	// place instead while the form would not yet pay for itself (a few kilobytes drawn in place), and every
	// placement of a drawing that shows text (readers may load a form's fonts each time they draw it). The
	// PNG backend keeps small drawings as sprites and draws others, like the dry backend, in place (view
	// only). draw may reuse other drawings; its Pushes and Pops must balance.
	Reuse(key any, x, y float64, art, view Rect, draw func(s Surface, view Rect))

	// Form is Reuse for vector art placed many times (an SVG drawing): the PDF backend makes it a form XObject
	// at its first placement, whatever its size, and places it with one Do wherever it is drawn again (unless
	// it shows text, which is drawn in place as Reuse does); the other backends do as Reuse does. draw sees the
	// whole of art.
	Form(key any, x, y float64, art Rect, draw func(s Surface))

	// Err returns the first drawing error, if any.
	Err() error
	// WriteTo writes the finished document (PDF: all pages; PNG: the single
	// page, see PNG.WritePage for several).
	WriteTo(w io.Writer) (int64, error)
}

// backend is what PDF and PNG implement underneath the shared code.
type backend interface {
	beginPage(w, h float64)
	setBoxes(b PageBoxes)
	drawPath(p *Path, mode Paint)
	rect(x, y, w, h float64, mode Paint)
	push()
	pop()
	transform(m Matrix) // concatenate m (user space) to the current transform
	clip(p *Path)
	text(x, y float64, s string, fc *face, size float64)
	image(img *decodedImage, x, y, w, h float64) error
	fillGradient(p *Path, g *gradientPlan)
	// reuse places a reused drawing; the backends that draw immediately draw it (common.drawHere). form asks
	// for a form at once (Surface.Form).
	reuse(key any, x, y float64, art, view Rect, draw func(Surface, Rect), form bool)
}

type gstate struct {
	fill, stroke Color
	width        float64
	dash         []float64
	cap          LineCap
	join         LineJoin
	m            Matrix // user space to page points
}

func defaultState() gstate {
	return gstate{fill: Black, stroke: Black, width: 1, m: identity()}
}

// common implements Surface on top of a backend.
type common struct {
	be      backend
	self    Surface // the surface this is part of, handed to reused drawings
	fonts   *fontSet
	err     error
	pages   int
	w, h    float64
	st      gstate
	stack   []gstate
	scratch Path
	images  map[[32]byte]*decodedImage
	sums    map[imageBytes][32]byte // the hash of image bytes drawn before, by where they are
	done    bool

	maxPages    int               // 0: no limit
	unprintable []UnprintableText // text drawn with runes the font lacks, first maxUnprintable
	seenUnprint map[string]bool
}

func newCommon(be backend) common {
	return common{be: be, fonts: newFontSet(), st: defaultState(), images: map[[32]byte]*decodedImage{}}
}

func (c *common) setErr(err error) {
	if c.err == nil && err != nil {
		c.err = err
	}
}

// ok reports whether drawing may proceed; it records an error when there is
// no page yet.
func (c *common) ok() bool {
	if c.err != nil {
		return false
	}
	if c.done {
		c.setErr(errors.New("surface: drawing after WriteTo"))
		return false
	}
	if c.pages == 0 {
		c.setErr(errors.New("surface: drawing before BeginPage"))
		return false
	}
	return true
}

func (c *common) Err() error { return c.err }

func (c *common) balanced() error {
	if len(c.stack) != 0 {
		return fmt.Errorf("surface: page %d has %d Push without Pop", c.pages, len(c.stack))
	}
	return nil
}

func (c *common) BeginPage(w, h float64) {
	if c.err != nil {
		return
	}
	if c.done {
		c.setErr(errors.New("surface: BeginPage after WriteTo"))
		return
	}
	if !finite(w, h) || w <= 0 || h <= 0 || w > MaxPageSize || h > MaxPageSize {
		c.setErr(fmt.Errorf("surface: bad page size %gx%g pt", w, h))
		return
	}
	if c.maxPages > 0 && c.pages >= c.maxPages {
		c.setErr(&PageLimitError{Max: c.maxPages})
		return
	}
	if c.pages > 0 {
		if err := c.balanced(); err != nil {
			c.setErr(err)
			return
		}
	}
	c.pages++
	c.w, c.h = w, h
	c.st = defaultState()
	c.stack = c.stack[:0]
	c.be.beginPage(w, h)
}

func (c *common) SetPageBoxes(b PageBoxes) {
	if !c.ok() {
		return
	}
	for _, r := range []Rect{b.Trim, b.Bleed} {
		if !finite(r.X, r.Y, r.W, r.H) || r.W < 0 || r.H < 0 {
			c.setErr(fmt.Errorf("surface: bad page box %+v", r))
			return
		}
	}
	c.be.setBoxes(b)
}

func (c *common) PageSize() (float64, float64) { return c.w, c.h }

func (c *common) SetFill(col Color) { c.st.fill = col }

func (c *common) SetStroke(col Color, width float64) {
	if !finite(width) || width < 0 {
		c.setErr(fmt.Errorf("surface: bad line width %g", width))
		return
	}
	c.st.stroke, c.st.width = col, width
}

func (c *common) SetDash(pattern ...float64) {
	if len(pattern) > MaxDashEntries {
		c.setErr(fmt.Errorf("surface: a dash pattern of %d lengths (the most is %d)", len(pattern), MaxDashEntries))
		return
	}
	sum := 0.0
	for _, v := range pattern {
		if !finite(v) || v < 0 {
			c.setErr(fmt.Errorf("surface: bad dash pattern %v", pattern))
			return
		}
		sum += v
	}
	if sum <= 0 {
		c.st.dash = nil
		return
	}
	if len(pattern)%2 == 1 { // PDF and gg agree once the pattern is even
		pattern = append(append([]float64(nil), pattern...), pattern...)
	}
	c.st.dash = append([]float64(nil), pattern...)
}

func (c *common) SetLineCap(lc LineCap) {
	if lc > SquareCap {
		lc = ButtCap
	}
	c.st.cap = lc
}

func (c *common) SetLineJoin(j LineJoin) {
	if j > BevelJoin {
		j = MiterJoin
	}
	c.st.join = j
}

func (c *common) paintable(mode Paint) bool {
	return (mode&Fill != 0 && c.st.fill.A > 0) || (mode&Stroke != 0 && c.st.stroke.A > 0 && c.st.width > 0)
}

func (c *common) Rect(x, y, w, h float64, mode Paint) {
	if !c.ok() || !c.paintable(mode) {
		return
	}
	if !finite(x, y, w, h) {
		c.setErr(errors.New("surface: non-finite rectangle"))
		return
	}
	defer c.tintFineDash(mode)()
	c.be.rect(x, y, w, h, mode)
}

func (c *common) DrawPath(p *Path, mode Paint) {
	if !c.ok() || p.Empty() || !c.paintable(mode) {
		return
	}
	if !p.finite() {
		c.setErr(errors.New("surface: non-finite path coordinate"))
		return
	}
	defer c.tintFineDash(mode)()
	c.be.drawPath(p, mode)
}

// tintFineDash makes a stroke whose dash pattern repeats in less than MinDashPeriod on the page solid, in the
// tint its dashes average to (the stroke's opacity times the share of the pattern that is dash), until the
// function it returns puts the state back.
func (c *common) tintFineDash(mode Paint) func() {
	if mode&Stroke == 0 || len(c.st.dash) == 0 {
		return func() {}
	}
	on, period := dashDuty(c.st.dash)
	if period*c.st.m.scale() >= MinDashPeriod {
		return func() {}
	}
	saved := c.st
	c.st.dash = nil
	c.st.stroke.A = uint8(math.Round(float64(c.st.stroke.A) * on / period))
	return func() { c.st = saved }
}

// dashDuty is a dash pattern's dashes and its period: their lengths added up.
func dashDuty(pattern []float64) (on, period float64) {
	for i, v := range pattern {
		if i%2 == 0 {
			on += v
		}
		period += v
	}
	return on, period
}

func (c *common) shape(mode Paint, build func(p *Path)) {
	c.scratch.Reset()
	c.scratch.EvenOdd = false
	build(&c.scratch)
	c.DrawPath(&c.scratch, mode)
}

func (c *common) Line(x1, y1, x2, y2 float64) {
	c.shape(Stroke, func(p *Path) { p.MoveTo(x1, y1).LineTo(x2, y2) })
}

func (c *common) Polyline(pts []Pt) { c.shape(Stroke, func(p *Path) { p.Polyline(pts) }) }

func (c *common) Polygon(pts []Pt, mode Paint) {
	c.shape(mode, func(p *Path) { p.Polygon(pts) })
}

func (c *common) Circle(cx, cy, r float64, mode Paint) {
	c.shape(mode, func(p *Path) { p.Circle(cx, cy, r) })
}

func (c *common) Ellipse(cx, cy, rx, ry float64, mode Paint) {
	c.shape(mode, func(p *Path) { p.Ellipse(cx, cy, rx, ry) })
}

func (c *common) Arc(cx, cy, rx, ry, a0, a1 float64) {
	c.shape(Stroke, func(p *Path) { p.Arc(cx, cy, rx, ry, a0, a1) })
}

func (c *common) Star(cx, cy, r float64, points int, mode Paint) {
	c.shape(mode, func(p *Path) { p.Star(cx, cy, r, points) })
}

func (c *common) Push() {
	if !c.ok() {
		return
	}
	s := c.st
	s.dash = append([]float64(nil), c.st.dash...)
	c.stack = append(c.stack, s)
	c.be.push()
}

func (c *common) Pop() {
	if !c.ok() {
		return
	}
	if len(c.stack) == 0 {
		c.setErr(errors.New("surface: Pop without Push"))
		return
	}
	c.st = c.stack[len(c.stack)-1]
	c.stack = c.stack[:len(c.stack)-1]
	c.be.pop()
}

func (c *common) concat(m Matrix) {
	if !c.ok() {
		return
	}
	if !finite(m.A, m.B, m.C, m.D, m.E, m.F) {
		c.setErr(errors.New("surface: non-finite transform"))
		return
	}
	c.st.m = c.st.m.Mul(m)
	c.be.transform(m)
}

func (c *common) Translate(dx, dy float64) { c.concat(translateM(dx, dy)) }
func (c *common) Rotate(deg float64)       { c.concat(rotateM(deg)) }
func (c *common) Scale(sx, sy float64) {
	if sx == 0 || sy == 0 {
		c.setErr(errors.New("surface: zero scale"))
		return
	}
	c.concat(scaleM(sx, sy))
}

func (c *common) ClipRect(x, y, w, h float64) {
	c.scratch.Reset()
	c.scratch.EvenOdd = false
	c.ClipPath(c.scratch.Rect(x, y, w, h))
}

func (c *common) ClipPolygon(pts []Pt) {
	c.scratch.Reset()
	c.scratch.EvenOdd = false
	c.ClipPath(c.scratch.Polygon(pts))
}

func (c *common) ClipPath(p *Path) {
	if !c.ok() {
		return
	}
	if !p.finite() {
		c.setErr(errors.New("surface: non-finite clip coordinate"))
		return
	}
	if p.Empty() { // clip to nothing
		p = NewPath().Rect(0, 0, 0, 0)
	}
	c.be.clip(p)
}

func (c *common) font(f Font) (*face, bool) {
	if !finite(f.Size) || f.Size < 0 {
		c.setErr(fmt.Errorf("surface: bad font size %g", f.Size))
		return nil, false
	}
	fc, err := c.fonts.face(f)
	if err != nil {
		c.setErr(err)
		return nil, false
	}
	return fc, true
}

func (c *common) Text(x, y float64, s string, f Font, a Align) {
	if !c.ok() || s == "" || f.Size == 0 || c.st.fill.A == 0 {
		return
	}
	if !finite(x, y) {
		c.setErr(errors.New("surface: non-finite text position"))
		return
	}
	fc, ok := c.font(f)
	if !ok {
		return
	}
	if miss := c.fonts.unprintable(fc, s); len(miss) > 0 {
		c.noteUnprintable(s, fc, miss)
	}
	s = cleanText(s)
	w := c.fonts.measure(fc, s, f.Size)
	x, y = textOrigin(fc, x, y, w, f.Size, a)
	c.be.text(x, y, s, fc, f.Size)
}

func (c *common) MeasureText(s string, f Font) float64 {
	fc, err := c.fonts.face(f)
	if err != nil || !finite(f.Size) {
		return 0
	}
	return c.fonts.measure(fc, cleanText(s), f.Size)
}

func (c *common) FontMetrics(f Font) (ascent, descent, capHeight float64) {
	fc, err := c.fonts.face(f)
	if err != nil {
		return 0, 0, 0
	}
	return fc.ascent * f.Size, fc.descent * f.Size, fc.capHeight * f.Size
}

func (c *common) MissingGlyphs(s string, f Font) []rune {
	fc, err := c.fonts.face(f)
	if err != nil {
		return []rune(s)
	}
	return c.fonts.missing(fc, s)
}

func (c *common) Reuse(key any, x, y float64, art, view Rect, draw func(Surface, Rect)) {
	c.reuse(key, x, y, art, view, draw, false)
}

func (c *common) Form(key any, x, y float64, art Rect, draw func(Surface)) {
	c.reuse(key, x, y, art, art, func(s Surface, _ Rect) { draw(s) }, true)
}

func (c *common) reuse(key any, x, y float64, art, view Rect, draw func(Surface, Rect), form bool) {
	if !c.ok() {
		return
	}
	if !finite(x, y, art.X, art.Y, art.W, art.H, view.X, view.Y, view.W, view.H) || art.W < 0 || art.H < 0 {
		c.setErr(errors.New("surface: bad reused drawing frame"))
		return
	}
	if key == nil || !hashable(key) {
		c.setErr(fmt.Errorf("surface: reuse key of type %T is not comparable", key))
		return
	}
	c.be.reuse(key, x, y, art, view, draw, form)
}

// hashable reports whether key can be a map key. Its type being comparable is not enough: a comparable type
// may hold a value that is not (an interface field holding a slice), and using it as a key would panic.
// reflect.Value.Comparable looks into such fields for the values they hold.
func hashable(key any) bool { return reflect.ValueOf(key).Comparable() }

// drawAlone runs a reused drawing from the default graphics state in a frame of its own, checking that its
// Pushes and Pops balance.
func (c *common) drawAlone(view Rect, draw func(Surface, Rect)) {
	st, stack := c.st, c.stack
	c.st, c.stack = defaultState(), nil
	draw(c.self, view)
	if c.err == nil && len(c.stack) != 0 {
		c.setErr(fmt.Errorf("surface: a reused drawing has %d Push without Pop", len(c.stack)))
	}
	c.st, c.stack = st, stack
}

// drawHere is reuse for the backends that draw immediately: the visible part of the drawing, moved to (x, y).
func (c *common) drawHere(x, y float64, art, view Rect, draw func(Surface, Rect)) {
	c.Push()
	m := c.st.m
	c.st = defaultState()
	c.st.m = m
	c.concat(translateM(x, y))
	depth := len(c.stack)
	draw(c.self, intersect(art, view))
	if c.err == nil && len(c.stack) != depth {
		c.setErr(errors.New("surface: a reused drawing has unbalanced Push and Pop"))
		return
	}
	c.Pop()
}

// intersect is the overlap of two rectangles (empty when they do not meet).
func intersect(a, b Rect) Rect {
	x0, y0 := math.Max(a.X, b.X), math.Max(a.Y, b.Y)
	x1, y1 := math.Min(a.X+a.W, b.X+b.W), math.Min(a.Y+a.H, b.Y+b.H)
	return Rect{X: x0, Y: y0, W: math.Max(0, x1-x0), H: math.Max(0, y1-y0)}
}

func (c *common) RegisterFont(family string, style Style, ttf []byte) error {
	return c.fonts.register(family, style, ttf)
}

func (c *common) SetTextTypeface(t *Typeface) { c.fonts.text = t }

// decodedImage is a validated image shared by both backends.
type decodedImage struct {
	key    string // content hash, used as the fpdf image name
	format string // "png", "jpeg" or "gif"
	raw    []byte // original bytes
	img    image.Image
	pdf    []byte // bytes handed to fpdf
	pdfTyp string
}

// maxImagePixels guards against decompression bombs.
const maxImagePixels = 64 << 20

func (c *common) Image(data []byte, x, y, w, h float64) error {
	if !c.ok() {
		return c.err
	}
	if !finite(x, y, w, h) {
		return errors.New("surface: non-finite image rectangle")
	}
	if w < 0 || h < 0 {
		return errors.New("surface: image width and height must not be negative (mirror with Scale)")
	}
	sum, ok := c.sums[bytesOf(data)]
	if !ok { // a 4000 x 3000 painting is 15 MB to hash, on every page that draws it
		sum = sha256.Sum256(data)
		if c.sums == nil {
			c.sums = map[imageBytes][32]byte{}
		}
		c.sums[bytesOf(data)] = sum
	}
	di, ok := c.images[sum]
	if !ok {
		var err error
		di, err = decodeImage(data, sum)
		if err != nil {
			return err
		}
		c.images[sum] = di
	}
	if w == 0 || h == 0 {
		return nil
	}
	return c.be.image(di, x, y, w, h)
}

func decodeImage(data []byte, sum [32]byte) (di *decodedImage, err error) {
	defer func() { // decoders should not panic, but never let one escape
		if r := recover(); r != nil {
			di, err = nil, fmt.Errorf("surface: corrupt image: %v", r)
		}
	}()
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("surface: image: %w", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > maxImagePixels {
		return nil, fmt.Errorf("surface: image size %dx%d not supported", cfg.Width, cfg.Height)
	}
	di = &decodedImage{key: fmt.Sprintf("img%x", sum[:12]), format: format, raw: data}
	if format == "png" && pngPassesThrough(data) { // decoded only if a raster backend draws it (pixels)
		di.pdf, di.pdfTyp = data, "PNG"
		return di, nil
	}
	img, format2, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("surface: image: %w", err)
	}
	if format2 != format {
		return nil, fmt.Errorf("surface: image format mismatch %s/%s", format, format2)
	}
	di.img = img
	return di, nil
}

// pdfBytes returns bytes fpdf can embed: JPEG as is (baseline or progressive
// both embed as DCT), anything else re-encoded as 8-bit non-interlaced PNG.
func (di *decodedImage) pdfBytes() ([]byte, string, error) {
	if di.pdf != nil {
		return di.pdf, di.pdfTyp, nil
	}
	if di.format == "jpeg" {
		switch di.img.(type) {
		case *image.YCbCr, *image.Gray, *image.CMYK:
			di.pdf, di.pdfTyp = di.raw, "JPG"
			return di.pdf, di.pdfTyp, nil
		}
	}
	b := di.img.Bounds()
	var src image.Image = di.img
	if _, isGray := di.img.(*image.Gray); !isGray {
		n := image.NewNRGBA(image.Rect(0, 0, b.Dx(), b.Dy()))
		draw.Draw(n, n.Bounds(), di.img, b.Min, draw.Src)
		src = n
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.DefaultCompression}
	if err := enc.Encode(&buf, src); err != nil {
		return nil, "", fmt.Errorf("surface: image: %w", err)
	}
	di.pdf, di.pdfTyp = buf.Bytes(), "PNG"
	return di.pdf, di.pdfTyp, nil
}

func round3(v float64) float64 { return math.Round(v*1000) / 1000 }

// MaxPageSize is the longest side of a page, in points: 200 inches, the largest page PDF viewers open.
const MaxPageSize = 200 * Inch

// PageLimitError is the error of a surface asked for more pages than its options allow.
type PageLimitError struct {
	Max int
}

func (e *PageLimitError) Error() string {
	return fmt.Sprintf("more than %d pages", e.Max)
}

// UnprintableText is a text drawn with runes its font has no glyph for: they print as empty boxes.
type UnprintableText struct {
	Text  string
	Font  string    // the face: "Go Bold"
	Runes []rune    // the runes the face lacks, in order, without repeats
	File  *FontFile // the package's font file it was drawn in; nil for a Go or registered face
}

// maxUnprintable bounds the texts a surface remembers.
const maxUnprintable = 64

func (c *common) noteUnprintable(s string, fc *face, miss []rune) {
	if len(c.unprintable) >= maxUnprintable || c.seenUnprint[s] {
		return
	}
	if c.seenUnprint == nil {
		c.seenUnprint = map[string]bool{}
	}
	c.seenUnprint[s] = true
	c.unprintable = append(c.unprintable, UnprintableText{Text: s, Font: fc.name(), Runes: miss, File: fc.file})
}

// Unprintable lists the texts drawn so far (the first 64) that hold runes their font cannot draw. Text does
// draw them, as the font's missing-glyph box; a printer that must never print such a box checks this list
// when it is done.
func (c *common) Unprintable() []UnprintableText { return c.unprintable }
