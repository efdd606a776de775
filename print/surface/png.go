package surface

import (
	"errors"
	"fmt"
	"image"
	stddraw "image/draw"
	"io"
	"math"
	"slices"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/draw"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/f64"
)

// PNGOptions configures a PNG surface. The zero value renders at 150 DPI on
// white.
type PNGOptions struct {
	DPI         float64 // pixels per inch; 0 means 150
	Background  Color   // page colour; the zero value means white ...
	Transparent bool    // ... unless Transparent is set
	// MaxPages, when more than zero, makes BeginPage fail with a *PageLimitError past that many pages.
	MaxPages int
	// OnPage, when set, receives each page as soon as it is finished (when the next one begins, and at
	// Flush for the last), and the surface lets go of it, so a long document never holds all its pages'
	// pixels at once. Its error stops the drawing. Pages handed over cannot be written with WritePage.
	OnPage func(i int, im *image.RGBA) error
	// Recycle, with OnPage, draws the next page into the image of the page handed over before (when their
	// sizes agree), so a long document is drawn in one page's memory: OnPage must not keep the image.
	Recycle bool
}

// DefaultDPI is the PNG resolution when PNGOptions.DPI is zero.
const DefaultDPI = 150

// maxPagePixels bounds one PNG page (about 1 GiB of RGBA).
const maxPagePixels = 256 << 20

// PNG is the raster backend: every page becomes an RGBA image at the chosen
// DPI (points are scaled by DPI/72), written one PNG per page.
type PNG struct {
	common
	dpi, k     float64
	bg         Color
	pages      []*image.RGBA
	dc         *gg.Context
	mask       *image.Alpha // current clip; nil means none
	maskStack  []*image.Alpha
	freeMasks  []*image.Alpha
	dirty      map[*image.Alpha]image.Rectangle // where a mask may be non-zero
	target     *image.RGBA                      // what is drawn into: the page, or a sprite being made
	orgX, orgY float64                          // device offset of the target: pixel = dev(point) - org
	sprites    map[spriteKey]*sprite
	spritePx   int // pixels held in sprites
	onPage     func(int, *image.RGBA) error
	reusePages bool
	spare      *image.RGBA // a page handed over, to draw the next one into
	handed     int         // pages handed to onPage
	// the fills' and strokes' own rasterising (pngfill.go)
	fp             ftPath
	ftBuf, ftShift raster.Path
	rasters        map[[2]int]*raster.Rasterizer // by size (rasterWindow)
	painter        solidPainter
}

var _ Surface = (*PNG)(nil)

// NewPNG returns an empty PNG surface; call BeginPage before drawing.
func NewPNG(opts PNGOptions) *PNG {
	p := &PNG{dpi: opts.DPI, bg: opts.Background, onPage: opts.OnPage, reusePages: opts.Recycle && opts.OnPage != nil, dirty: map[*image.Alpha]image.Rectangle{}}
	p.common = newCommon(p)
	p.self = p
	p.maxPages = opts.MaxPages
	if p.dpi == 0 {
		p.dpi = DefaultDPI
	}
	if !finite(p.dpi) || p.dpi <= 0 || p.dpi > 4800 {
		p.setErr(fmt.Errorf("surface: bad DPI %g", opts.DPI))
		p.dpi = DefaultDPI
	}
	if opts.Transparent {
		p.bg = Transparent
	} else if p.bg == (Color{}) {
		p.bg = White
	}
	p.k = p.dpi / 72
	return p
}

// DPI is the resolution of the pages.
func (p *PNG) DPI() float64 { return p.dpi }

// Pages is the number of pages begun so far.
func (p *PNG) Pages() int { return len(p.pages) }

// PageImage returns page i (0-based) as rendered so far.
func (p *PNG) PageImage(i int) (*image.RGBA, error) {
	if i < 0 || i >= len(p.pages) {
		return nil, fmt.Errorf("surface: no page %d (have %d)", i, len(p.pages))
	}
	if p.pages[i] == nil {
		return nil, fmt.Errorf("surface: page %d was handed to OnPage", i)
	}
	return p.pages[i], nil
}

// Flush hands the pages not yet handed over (the last one) to OnPage; call it when the drawing is done.
// Without OnPage it only reports the first drawing error.
func (p *PNG) Flush() error {
	if p.err != nil {
		return p.err
	}
	if p.onPage == nil || p.handed == len(p.pages) {
		return nil
	}
	if err := p.balanced(); err != nil {
		p.setErr(err)
		return err
	}
	p.handOver()
	return p.err
}

// handOver gives every finished page to onPage and drops it.
func (p *PNG) handOver() {
	for ; p.handed < len(p.pages) && p.err == nil; p.handed++ {
		im := p.pages[p.handed]
		p.pages[p.handed] = nil
		if err := p.onPage(p.handed, im); err != nil {
			p.setErr(err)
		}
		if p.reusePages {
			p.spare = im
		}
	}
}

// WritePage encodes page i (0-based) as PNG.
func (p *PNG) WritePage(i int, w io.Writer) (int64, error) {
	if p.err != nil {
		return 0, p.err
	}
	im, err := p.PageImage(i)
	if err != nil {
		return 0, err
	}
	if i == len(p.pages)-1 {
		if err := p.balanced(); err != nil {
			return 0, err
		}
	}
	cw := &countWriter{w: w}
	if err := EncodePNG(cw, im); err != nil {
		return cw.n, fmt.Errorf("surface: png: %w", err)
	}
	return cw.n, nil
}

// WriteTo encodes the only page as PNG; with several pages use WritePage.
func (p *PNG) WriteTo(w io.Writer) (int64, error) {
	if p.err != nil {
		return 0, p.err
	}
	switch len(p.pages) {
	case 0:
		return 0, errors.New("surface: PNG has no pages")
	case 1:
		return p.WritePage(0, w)
	}
	return 0, fmt.Errorf("surface: PNG has %d pages; use WritePage for each", len(p.pages))
}

type countWriter struct {
	w io.Writer
	n int64
}

func (c *countWriter) Write(b []byte) (int, error) {
	n, err := c.w.Write(b)
	c.n += int64(n)
	return n, err
}

func (p *PNG) beginPage(w, h float64) {
	pw, ph := int(math.Round(w*p.k)), int(math.Round(h*p.k))
	if pw < 1 {
		pw = 1
	}
	if ph < 1 {
		ph = 1
	}
	if int64(pw)*int64(ph) > maxPagePixels {
		p.setErr(fmt.Errorf("surface: page %gx%g pt at %g DPI is too many pixels", w, h, p.dpi))
		return
	}
	if p.onPage != nil {
		p.handOver()
		if p.err != nil {
			return
		}
	}
	var im *image.RGBA
	if sp := p.spare; sp != nil && sp.Bounds().Dx() == pw && sp.Bounds().Dy() == ph {
		im, p.spare = sp, nil
		if p.bg.A == 0 {
			clear(im.Pix)
		}
	} else {
		var dirty bool
		im, dirty = pageImage(pw, ph)
		if dirty && p.bg.A == 0 {
			clear(im.Pix)
		}
	}
	if p.bg.A > 0 {
		stddraw.Draw(im, im.Bounds(), image.NewUniform(p.bg), image.Point{}, stddraw.Src)
	}
	p.pages = append(p.pages, im)
	p.target, p.orgX, p.orgY = im, 0, 0
	p.dc = nil // made when gg draws (ggc)
	// Masks of the page before are kept for this one (newMask checks their size).
	for _, m := range append(p.maskStack, p.mask) {
		if m != nil && !slices.Contains(p.freeMasks, m) {
			p.freeMasks = append(p.freeMasks, m)
		}
	}
	p.mask, p.maskStack = nil, p.maskStack[:0]
}

func (p *PNG) setBoxes(PageBoxes) {}

// dev is the user-to-pixel transform.
func (p *PNG) dev() Matrix {
	m := scaleM(p.k, p.k).Mul(p.st.m)
	m.E -= p.orgX
	m.F -= p.orgY
	return m
}

// loadPath loads the path in device coordinates for fillFT, for strokeFT if strokes, for gg if keeps.
func (p *PNG) loadPath(path *Path, strokes, keeps bool) {
	m := p.dev()
	q := &p.fp
	q.reset(strokes, keeps)
	for _, s := range path.segs {
		switch s.op {
		case segMove:
			q.moveTo(m.Apply(s.pts[0].X, s.pts[0].Y))
		case segLine:
			q.lineTo(m.Apply(s.pts[0].X, s.pts[0].Y))
		case segCubic:
			x1, y1 := m.Apply(s.pts[0].X, s.pts[0].Y)
			x2, y2 := m.Apply(s.pts[1].X, s.pts[1].Y)
			x3, y3 := m.Apply(s.pts[2].X, s.pts[2].Y)
			q.cubicTo(x1, y1, x2, y2, x3, y3)
		case segClose:
			q.closePath()
		}
	}
}

func (p *PNG) paint(mode Paint, evenOdd bool) {
	if mode&Fill != 0 && p.st.fill.A > 0 {
		p.fillFT(p.st.fill, !evenOdd)
	}
	if mode&Stroke != 0 && p.st.stroke.A > 0 && p.st.width > 0 {
		s := p.dev().scale()
		if len(p.st.dash) == 0 {
			p.strokeFT(p.st.stroke, p.st.width*s, p.st.cap, p.st.join)
			return
		}
		dc := p.ggc()
		p.fp.replay(dc)
		dc.SetColor(p.st.stroke)
		dc.SetLineWidth(p.st.width * s)
		d := make([]float64, len(p.st.dash))
		for i, v := range p.st.dash {
			d[i] = v * s
		}
		dc.SetDash(d...)
		dc.SetLineCap(ggCaps[p.st.cap])
		dc.SetLineJoin(ggJoins[p.st.join])
		dc.StrokePreserve()
		dc.ClearPath()
	}
}

func (p *PNG) drawPath(path *Path, mode Paint) {
	if p.near(path, mode) {
		strokes := mode&Stroke != 0 && p.st.stroke.A > 0 && p.st.width > 0
		p.loadPath(path, strokes, strokes && len(p.st.dash) > 0)
		p.paint(mode, path.EvenOdd)
		return
	}
	segs := path.transformed(p.dev())
	if !segsFinite(segs) {
		p.setErr(errors.New("surface: a path beyond the device's range"))
		return
	}
	if mode&Fill != 0 && p.st.fill.A > 0 {
		p.loadSegs(p.windowed(segs), false)
		p.paint(Fill, path.EvenOdd)
	}
	if mode&Stroke != 0 && p.st.stroke.A > 0 && p.st.width > 0 {
		p.strokeWindowed(segs)
	}
}

// near reports whether the path, stroked or filled as mode says, stays within nearMargin of the target and
// cuts no more than MaxDashes dashes, so that gg draws it as it is in time and memory bounded by the target.
func (p *PNG) near(path *Path, mode Paint) bool {
	m := p.dev()
	b := emptyBox()
	var length float64
	var prev Pt
	for i, s := range path.segs {
		n := 1
		switch s.op {
		case segCubic:
			n = 3
		case segClose:
			n = 0
		}
		for _, q := range s.pts[:n] {
			x, y := m.Apply(q.X, q.Y)
			d := Pt{x, y}
			b.add(d)
			if i > 0 {
				length += dist(prev, d)
			}
			prev = d
		}
	}
	if !finite(b.x0, b.y0, b.x1, b.y1) {
		return false
	}
	reach := 0.0
	stroking := mode&Stroke != 0 && p.st.stroke.A > 0 && p.st.width > 0
	if stroking {
		reach = p.st.width * m.scale() / 2 * math.Sqrt2
	}
	if !p.window().grow(nearMargin).holds(b.grow(reach)) {
		return false
	}
	if stroking && len(p.st.dash) > 0 {
		_, period := dashDuty(p.st.dash)
		// A closed subpath's closing side is not in length: its dashes are few against a pattern this coarse.
		if length/(period*m.scale())*float64(len(p.st.dash))/2 > MaxDashes {
			return false
		}
	}
	return true
}

// window is the part of the device a drawing can show in: the target's pixels and a pad.
func (p *PNG) window() box {
	r := p.target.Bounds()
	return box{float64(r.Min.X), float64(r.Min.Y), float64(r.Max.X), float64(r.Max.Y)}.grow(windowPad)
}

// windowed is a fill's segments (in device pixels) cut to the window: polygons that fill the window alike.
func (p *PNG) windowed(segs []seg) []seg {
	win := p.window()
	w := &windower{win: win, reach: win}
	var out []seg
	for _, l := range w.flatten(segs) {
		c := clipPolygon(l.pts, win)
		if len(c) < 3 {
			continue
		}
		out = append(out, seg{op: segMove, pts: [3]Pt{c[0]}})
		for _, q := range c[1:] {
			out = append(out, seg{op: segLine, pts: [3]Pt{q}})
		}
		out = append(out, seg{op: segClose})
	}
	return out
}

// strokeWindowed strokes segments (in device pixels) that reach far past the window, or whose dashes are too
// many for gg: as the outline of what shows, filled.
func (p *PNG) strokeWindowed(segs []seg) {
	s := p.dev().scale()
	hw := math.Min(p.st.width*s/2, 1<<30)
	win := p.window()
	w := &windower{win: win, reach: win.grow(hw*math.Sqrt2 + 1)}
	lines := w.flatten(segs)
	// gg draws miter joins round (see paint).
	join := RoundJoin
	if p.st.join == BevelJoin {
		join = BevelJoin
	}
	o := &outliner{windower: w, hw: hw, st: strokeStyle{width: 2 * hw, cap: p.st.cap, join: join}}
	col := p.st.stroke
	if len(p.st.dash) > 0 {
		o.st.dash = make([]float64, len(p.st.dash))
		for i, v := range p.st.dash {
			o.st.dash[i] = v * s
		}
		if dashed, ok := o.dashes(lines); ok {
			lines = dashed
		} else {
			on, period := dashDuty(p.st.dash)
			col.A = uint8(math.Round(float64(col.A) * on / period))
		}
	}
	for _, l := range lines {
		o.line(l.pts, l.closed)
	}
	q := &p.fp
	q.reset(false, false)
	for _, poly := range o.polys {
		q.moveTo(poly[0].X, poly[0].Y)
		for _, pt := range poly[1:] {
			q.lineTo(pt.X, pt.Y)
		}
		q.closePath()
	}
	p.fillFT(col, true)
}

// loadSegs loads segments in device pixels for fillFT, or for gg if keeps.
func (p *PNG) loadSegs(segs []seg, keeps bool) {
	q := &p.fp
	q.reset(false, keeps)
	for _, s := range segs {
		switch s.op {
		case segMove:
			q.moveTo(s.pts[0].X, s.pts[0].Y)
		case segLine:
			q.lineTo(s.pts[0].X, s.pts[0].Y)
		case segCubic:
			q.cubicTo(s.pts[0].X, s.pts[0].Y, s.pts[1].X, s.pts[1].Y, s.pts[2].X, s.pts[2].Y)
		case segClose:
			q.closePath()
		}
	}
}

func segsFinite(segs []seg) bool {
	for _, s := range segs {
		for _, q := range s.pts {
			if !finite(q.X, q.Y) {
				return false
			}
		}
	}
	return true
}

// fillGradient fills the path with the colour of the gradient at each pixel's centre.
func (p *PNG) fillGradient(path *Path, g *gradientPlan) {
	toNorm, ok := p.dev().Mul(g.toUser).invert()
	if !ok {
		return // the drawing is squeezed to nothing
	}
	if p.near(path, Fill) {
		p.loadPath(path, false, true)
	} else if segs := path.transformed(p.dev()); segsFinite(segs) {
		p.loadSegs(p.windowed(segs), true)
	} else {
		p.setErr(errors.New("surface: a path beyond the device's range"))
		return
	}
	dc := p.ggc()
	p.fp.replay(dc)
	if path.EvenOdd {
		dc.SetFillRuleEvenOdd()
	} else {
		dc.SetFillRuleWinding()
	}
	dc.SetFillStyle(gradientPattern{g: g, toNorm: toNorm})
	dc.Fill()
}

func (p *PNG) rect(x, y, w, h float64, mode Paint) {
	p.scratch.Reset()
	p.scratch.EvenOdd = false
	p.scratch.Rect(x, y, w, h)
	p.drawPath(&p.scratch, mode)
}

func (p *PNG) push() { p.maskStack = append(p.maskStack, p.mask) }

func (p *PNG) pop() {
	old := p.mask
	p.mask = p.maskStack[len(p.maskStack)-1]
	p.maskStack = p.maskStack[:len(p.maskStack)-1]
	p.recycle(old)
	p.applyMask()
}

// applyMask gives the clip to gg, if gg is drawing on the target (fillFT and strokeFT read p.mask).
func (p *PNG) applyMask() {
	if p.dc == nil {
		return
	}
	if p.mask == nil {
		p.dc.ResetClip()
		return
	}
	if err := p.dc.SetMask(p.mask); err != nil {
		p.setErr(err)
	}
}

// ggc is a gg context on the target, with the clip, for what gg still draws (dashes, gradients): made on the
// first such drawing of a page or sprite, since its rasteriser alone is the target's height in memory.
func (p *PNG) ggc() *gg.Context {
	if p.dc == nil {
		p.dc = gg.NewContextForRGBA(p.target)
		p.applyMask()
	}
	return p.dc
}

func (p *PNG) transform(Matrix) {} // dev() reads the shared state

// A reused drawing small enough on the page is drawn once per sub-pixel position into a sprite, which every
// later placement composites (through the clip): a map's cells, counters and symbols cost a copy each.
// Larger drawings, or any under a rotation or mirror, are drawn where they are.
const (
	maxSpritePixels  = 320 * 320
	maxSpritesPixels = 8 << 20 // all of one surface's sprites; past this they are dropped and remade
	spritePhases     = 8       // sub-pixel positions per pixel
)

type spriteKey struct {
	key    any
	sx, sy float64 // device pixels per point
	fx, fy uint8   // the sub-pixel phase, in 1/spritePhases pixel
}

type sprite struct {
	im     *image.RGBA
	dx, dy int // the sprite's top-left corner, in pixels from the placement's whole pixel
}

func (p *PNG) reuse(key any, x, y float64, art, view Rect, draw func(Surface, Rect), _ bool) {
	m := p.dev()
	sx, sy := m.A, m.D
	// A sprite many times longer than the target across or down (a long thin drawing) would be drawn at a
	// size nothing shows, and gg's work grows with its length: such a drawing is drawn in place, cut to the
	// target.
	tb := p.target.Bounds()
	if m.B != 0 || m.C != 0 || !(sx > 0) || !(sy > 0) || art.W*sx*art.H*sy > maxSpritePixels ||
		art.W*sx > float64(4*tb.Dx()+256) || art.H*sy > float64(4*tb.Dy()+256) {
		p.drawHere(x, y, art, view, draw)
		return
	}
	px, py := m.Apply(x, y)
	ix, iy := math.Floor(px), math.Floor(py)
	fx, fy := math.Round((px-ix)*spritePhases), math.Round((py-iy)*spritePhases)
	if fx == spritePhases {
		ix, fx = ix+1, 0
	}
	if fy == spritePhases {
		iy, fy = iy+1, 0
	}
	if math.Abs(ix) > 1<<24 || math.Abs(iy) > 1<<24 {
		p.drawHere(x, y, art, view, draw)
		return
	}
	k := spriteKey{key, sx, sy, uint8(fx), uint8(fy)}
	sp := p.sprites[k]
	if sp == nil {
		sp = p.makeSprite(fx/spritePhases, fy/spritePhases, sx, sy, art, draw)
		if p.err != nil {
			return
		}
		if p.spritePx+len(sp.im.Pix)/4 > maxSpritesPixels {
			p.sprites, p.spritePx = nil, 0
		}
		if p.sprites == nil {
			p.sprites = map[spriteKey]*sprite{}
		}
		p.sprites[k] = sp
		p.spritePx += len(sp.im.Pix) / 4
	}
	b := sp.im.Bounds()
	// px, py are in the target's pixels already (dev subtracts its offset).
	corner := image.Pt(int(ix)+sp.dx, int(iy)+sp.dy)
	at := b.Add(corner).Intersect(p.target.Bounds())
	if at.Empty() {
		return
	}
	src := at.Min.Sub(corner)
	if p.mask != nil {
		stddraw.DrawMask(p.target, at, sp.im, src, p.mask, at.Min, stddraw.Over)
	} else {
		over(p.target, at, sp.im, src)
	}
}

// over composites src (from sp) onto dst in r: image/draw's Over of two RGBA images, byte for byte, with its
// two commonest cases taken at once — a sprite is mostly opaque inside and clear round it — so that a map of
// thousands of cells costs about a copy of each.
func over(dst *image.RGBA, r image.Rectangle, src *image.RGBA, sp image.Point) {
	const m = 1<<16 - 1
	n := 4 * r.Dx()
	for y := 0; y < r.Dy(); y++ {
		d := dst.Pix[dst.PixOffset(r.Min.X, r.Min.Y+y):][:n:n]
		s := src.Pix[src.PixOffset(sp.X, sp.Y+y):][:n:n]
		for i := 0; i < n; i += 4 {
			sa := s[i+3]
			switch {
			case sa == 255:
				d[i], d[i+1], d[i+2], d[i+3] = s[i], s[i+1], s[i+2], 255
			case sa == 0 && s[i]|s[i+1]|s[i+2] == 0:
			default:
				a := (m - uint32(sa)*0x101) * 0x101
				d[i] = uint8((uint32(d[i])*a/m + uint32(s[i])*0x101) >> 8)
				d[i+1] = uint8((uint32(d[i+1])*a/m + uint32(s[i+1])*0x101) >> 8)
				d[i+2] = uint8((uint32(d[i+2])*a/m + uint32(s[i+2])*0x101) >> 8)
				d[i+3] = uint8((uint32(d[i+3])*a/m + uint32(sa)*0x101) >> 8)
			}
		}
	}
}

// makeSprite draws a reused drawing into an image of its own, with the drawing's origin fx, fy pixels into
// the pixel (0, 0) of the placement.
func (p *PNG) makeSprite(fx, fy, sx, sy float64, art Rect, draw func(Surface, Rect)) *sprite {
	x0, y0 := int(math.Floor(fx+art.X*sx))-1, int(math.Floor(fy+art.Y*sy))-1
	x1, y1 := int(math.Ceil(fx+(art.X+art.W)*sx))+1, int(math.Ceil(fy+(art.Y+art.H)*sy))+1
	im := image.NewRGBA(image.Rect(0, 0, max(1, x1-x0), max(1, y1-y0)))
	// Draw into the sprite as if it were the page: the device transform maps the drawing's origin to
	// (fx - x0, fy - y0) in the sprite.
	target, dc, orgX, orgY := p.target, p.dc, p.orgX, p.orgY
	mask, maskStack, free := p.mask, p.maskStack, p.freeMasks
	p.target, p.dc = im, nil
	p.orgX, p.orgY = -(fx - float64(x0)), -(fy - float64(y0))
	p.mask, p.maskStack, p.freeMasks = nil, nil, nil
	st, stack := p.st, p.stack
	p.st, p.stack = defaultState(), nil
	p.st.m = scaleM(sx/p.k, sy/p.k)
	draw(p.self, art)
	if p.err == nil && len(p.stack) != 0 {
		p.setErr(fmt.Errorf("surface: a reused drawing has %d Push without Pop", len(p.stack)))
	}
	for _, m := range append(p.maskStack, p.mask) {
		delete(p.dirty, m)
	}
	for _, m := range p.freeMasks {
		delete(p.dirty, m)
	}
	p.st, p.stack = st, stack
	p.target, p.dc, p.orgX, p.orgY = target, dc, orgX, orgY
	p.mask, p.maskStack, p.freeMasks = mask, maskStack, free
	p.applyMask()
	return &sprite{im: im, dx: x0, dy: y0}
}

// clip intersects the clip mask with the path (nonzero winding, as a PDF's W), rasterised by gg's rasteriser
// round the path (clipFT: memory for its edges, not its area), and masks no longer in use are recycled, so
// clipping every counter on a sheet, or a table's terrain, stays cheap.
func (p *PNG) clip(path *Path) {
	page := p.target.Bounds()
	segs := path.transformed(p.dev())
	if !segsFinite(segs) {
		p.setErr(errors.New("surface: a clip beyond the device's range"))
		return
	}
	if !p.window().grow(nearMargin).holds(segsBox(segs)) {
		segs = p.windowed(segs)
	}
	mask := p.newMask(page)
	p.loadSegs(segs, false)
	if r := p.clipFT(mask, p.mask); !r.Empty() {
		p.dirty[mask] = r
	}
	p.replaceMask(mask)
	p.applyMask()
}

// newMask returns a cleared page-sized mask, recycled when possible: only the part a mask was drawn in is
// cleared, so a small clip costs its size, not the page's.
func (p *PNG) newMask(page image.Rectangle) *image.Alpha {
	for n := len(p.freeMasks); n > 0; n = len(p.freeMasks) {
		m := p.freeMasks[n-1]
		p.freeMasks = p.freeMasks[:n-1]
		if m.Bounds() != page {
			delete(p.dirty, m)
			continue
		}
		if r := p.dirty[m].Intersect(page); !r.Empty() {
			for y := r.Min.Y; y < r.Max.Y; y++ {
				i := m.PixOffset(r.Min.X, y)
				clear(m.Pix[i : i+r.Dx()])
			}
		}
		delete(p.dirty, m)
		return m
	}
	pix, dirty := pageBytes(page.Dx() * page.Dy())
	if dirty {
		clear(pix)
	}
	return &image.Alpha{Pix: pix, Stride: page.Dx(), Rect: page}
}

// Release gives back the memory the drawing used besides its pages — its clip masks, each the size of a page —
// for the next drawing (ReleasePage): call it when nothing more is drawn; the pages stay the caller's.
func (p *PNG) Release() {
	masks := append(append(p.freeMasks, p.maskStack...), p.mask)
	for i, m := range masks {
		if m != nil && !slices.Contains(masks[:i], m) {
			releaseBytes(m.Pix)
		}
	}
	p.mask, p.maskStack, p.freeMasks, p.dc = nil, nil, nil, nil
	clear(p.dirty)
}

// replaceMask makes m current and recycles the old mask if nothing else
// refers to it.
func (p *PNG) replaceMask(m *image.Alpha) {
	old := p.mask
	p.mask = m
	p.recycle(old)
}

func (p *PNG) recycle(m *image.Alpha) {
	if m == nil || m == p.mask {
		return
	}
	for _, s := range p.maskStack {
		if s == m {
			return
		}
	}
	p.freeMasks = append(p.freeMasks, m)
}

func (p *PNG) text(x, y float64, s string, fc *face, size float64) {
	m := p.dev()
	sc := size / fc.upem / 64 // 26.6 font units to points
	pen := x
	q := &p.fp
	q.reset(false, false)
	for _, r := range s {
		gi := p.fonts.glyph(fc, r)
		adv := float64(p.fonts.width(fc, r)) * size / 1000
		if r == ' ' {
			pen += adv
			continue
		}
		pt := func(q [3]fixed26) func(i int) (float64, float64) {
			return func(i int) (float64, float64) {
				return m.Apply(pen+float64(q[i].X)*sc, y+float64(q[i].Y)*sc)
			}
		}
		for _, sg := range p.fonts.outline(fc, gi) {
			at := pt(toFixed(sg))
			switch sg.Op {
			case sfnt.SegmentOpMoveTo:
				q.moveTo(at(0))
			case sfnt.SegmentOpLineTo:
				q.lineTo(at(0))
			case sfnt.SegmentOpQuadTo:
				x1, y1 := at(0)
				x2, y2 := at(1)
				q.quadTo(x1, y1, x2, y2)
			case sfnt.SegmentOpCubeTo:
				x1, y1 := at(0)
				x2, y2 := at(1)
				x3, y3 := at(2)
				q.cubicTo(x1, y1, x2, y2, x3, y3)
			}
		}
		pen += adv
	}
	p.fillFT(p.st.fill, true)
}

type fixed26 struct{ X, Y int32 }

func toFixed(s sfnt.Segment) [3]fixed26 {
	var out [3]fixed26
	for i, a := range s.Args {
		out[i] = fixed26{int32(a.X), int32(a.Y)}
	}
	return out
}

func (p *PNG) image(di *decodedImage, x, y, w, h float64) error {
	im, err := di.pixels()
	if err != nil {
		return err
	}
	b := im.Bounds()
	m := p.dev().Mul(translateM(x, y)).Mul(scaleM(w/float64(b.Dx()), h/float64(b.Dy()))).Mul(translateM(-float64(b.Min.X), -float64(b.Min.Y)))
	s2d := f64.Aff3{m.A, m.C, m.E, m.B, m.D, m.F}
	var opts *draw.Options
	if p.mask != nil {
		opts = &draw.Options{DstMask: p.mask}
	}
	// Strong enlargements keep hard pixel edges, as PDF viewers show them;
	// everything else is interpolated.
	var k draw.Transformer = draw.BiLinear
	if sx, sy := math.Hypot(m.A, m.B), math.Hypot(m.C, m.D); sx >= 2 && sy >= 2 {
		k = draw.NearestNeighbor
	}
	k.Transform(p.target, s2d, im, b, draw.Over, opts)
	return nil
}
