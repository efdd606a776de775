package surface

import (
	"image"

	"github.com/fogleman/gg"
	"github.com/golang/freetype/raster"
	"golang.org/x/image/math/fixed"
)

// The PNG surface fills and strokes with gg's rasteriser (freetype's), but drives it itself, for two costs gg
// cannot avoid: gg's rasteriser spans the whole page, so each shape costs the page's height twice over (a
// dot of a terrain pattern on a 4,000-pixel board: 8,000 row visits for a few pixels), and its painter blends
// every pixel, even the inside of an opaque fill. Here each shape is rasterised in a window round it (moved by
// whole pixels, so the coverage of every pixel is what gg computes), and the painter writes an opaque span's
// colour straight in. The paths are built exactly as gg builds them (26.6 fixed point, truncated; cubic
// curves as gg's line segments; strokes through gg's tiny-segment filter), and the painter's arithmetic is
// gg's and freetype's, so a page is byte for byte the page gg draws (TestRasterMatchesGG).

// ftPath is a path in device pixels as gg records it: the fill path (each subpath closed) and the stroke path,
// and the operations, so that what gg still draws itself (dashes, gradients) can be given the same path.
type ftPath struct {
	fill, stroke   raster.Path
	start, current gg.Point
	has            bool
	ops            []ftOp
	min, max       fixed.Point26_6 // of every point given, control points too
	empty          bool            // no point given yet
	strokes, keeps bool            // whether the stroke path and the operations are kept (reset's)
}

// segQuad records a quadratic curve (glyph outlines), which Path itself never holds.
const segQuad segOp = 255

type ftOp struct {
	op  segOp
	pts [3]gg.Point
}

// reset empties the path; the next path is to be stroked (strokes) or replayed to gg (keeps) as well as filled.
func (q *ftPath) reset(strokes, keeps bool) {
	q.fill, q.stroke, q.ops = q.fill[:0], q.stroke[:0], q.ops[:0]
	q.has, q.empty = false, true
	q.strokes, q.keeps = strokes, keeps
}

func (q *ftPath) op(o ftOp) {
	if q.keeps {
		q.ops = append(q.ops, o)
	}
}

func (q *ftPath) see(f fixed.Point26_6) {
	if q.empty {
		q.min, q.max, q.empty = f, f, false
		return
	}
	q.min.X, q.min.Y = min(q.min.X, f.X), min(q.min.Y, f.Y)
	q.max.X, q.max.Y = max(q.max.X, f.X), max(q.max.Y, f.Y)
}

func (q *ftPath) moveTo(x, y float64) {
	q.op(ftOp{op: segMove, pts: [3]gg.Point{{X: x, Y: y}}})
	if q.has {
		q.fill.Add1(q.start.Fixed())
	}
	p := gg.Point{X: x, Y: y}
	f := p.Fixed()
	q.see(f)
	if q.strokes {
		q.stroke.Start(f)
	}
	q.fill.Start(f)
	q.start, q.current, q.has = p, p, true
}

func (q *ftPath) lineTo(x, y float64) {
	if !q.has {
		q.moveTo(x, y)
		return
	}
	q.op(ftOp{op: segLine, pts: [3]gg.Point{{X: x, Y: y}}})
	p := gg.Point{X: x, Y: y}
	f := p.Fixed()
	q.see(f)
	if q.strokes {
		q.stroke.Add1(f)
	}
	q.fill.Add1(f)
	q.current = p
}

// quadTo is gg's QuadraticTo: a curve the rasteriser divides itself.
func (q *ftPath) quadTo(x1, y1, x2, y2 float64) {
	if !q.has {
		q.moveTo(x1, y1)
	}
	q.op(ftOp{op: segQuad, pts: [3]gg.Point{{X: x1, Y: y1}, {X: x2, Y: y2}}})
	p1, p2 := gg.Point{X: x1, Y: y1}, gg.Point{X: x2, Y: y2}
	f1, f2 := p1.Fixed(), p2.Fixed()
	q.see(f1)
	q.see(f2)
	if q.strokes {
		q.stroke.Add2(f1, f2)
	}
	q.fill.Add2(f1, f2)
	q.current = p2
}

// cubicTo is gg's CubicTo: the curve as gg's line segments.
func (q *ftPath) cubicTo(x1, y1, x2, y2, x3, y3 float64) {
	if !q.has {
		q.moveTo(x1, y1)
	}
	q.op(ftOp{op: segCubic, pts: [3]gg.Point{{X: x1, Y: y1}, {X: x2, Y: y2}, {X: x3, Y: y3}}})
	points := gg.CubicBezier(q.current.X, q.current.Y, x1, y1, x2, y2, x3, y3)
	previous := q.current.Fixed()
	for _, p := range points[1:] {
		f := p.Fixed()
		if f == previous {
			continue
		}
		previous = f
		q.see(f)
		if q.strokes {
			q.stroke.Add1(f)
		}
		q.fill.Add1(f)
		q.current = p
	}
}

func (q *ftPath) closePath() {
	if !q.has {
		return
	}
	q.op(ftOp{op: segClose})
	if q.strokes {
		q.stroke.Add1(q.start.Fixed())
	}
	q.fill.Add1(q.start.Fixed())
	q.current = q.start
}

// fillPath is the path gg fills: the last subpath closed.
func (q *ftPath) fillPath(buf raster.Path) raster.Path {
	buf = append(buf[:0], q.fill...)
	if q.has {
		buf.Add1(q.start.Fixed())
	}
	return buf
}

// strokePath is the path gg strokes without dashes: flattened, and each point within 8/64 pixel (|dx|+|dy|) of
// the one before it left out.
func (q *ftPath) strokePath(buf raster.Path) raster.Path {
	buf = buf[:0]
	var prev fixed.Point26_6
	first := false
	var cx, cy float64
	add := func(p gg.Point) {
		f := p.Fixed()
		if first {
			buf.Start(f)
			first = false
		} else {
			dx, dy := f.X-prev.X, f.Y-prev.Y
			if dx < 0 {
				dx = -dx
			}
			if dy < 0 {
				dy = -dy
			}
			if dx+dy > 8 {
				buf.Add1(f)
			}
		}
		prev = f
	}
	s := q.stroke
	for i := 0; i < len(s); {
		switch s[i] {
		case 0:
			first = true
			cx, cy = unfix(s[i+1]), unfix(s[i+2])
			add(gg.Point{X: cx, Y: cy})
			i += 4
		case 1:
			cx, cy = unfix(s[i+1]), unfix(s[i+2])
			add(gg.Point{X: cx, Y: cy})
			i += 4
		case 2:
			x1, y1, x2, y2 := unfix(s[i+1]), unfix(s[i+2]), unfix(s[i+3]), unfix(s[i+4])
			for _, p := range gg.QuadraticBezier(cx, cy, x1, y1, x2, y2) {
				add(p)
			}
			cx, cy = x2, y2
			i += 6
		default: // cubic curves are lines already (cubicTo)
			return buf
		}
	}
	return buf
}

// unfix is gg's: a 26.6 number as a float.
func unfix(x fixed.Int26_6) float64 {
	const shift, mask = 6, 1<<6 - 1
	if x >= 0 {
		return float64(x>>shift) + float64(x&mask)/64
	}
	x = -x
	if x >= 0 {
		return -(float64(x>>shift) + float64(x&mask)/64)
	}
	return 0
}

// replay gives the path to gg, for what gg still draws.
func (q *ftPath) replay(dc *gg.Context) {
	dc.ClearPath()
	for _, o := range q.ops {
		switch o.op {
		case segMove:
			dc.MoveTo(o.pts[0].X, o.pts[0].Y)
		case segLine:
			dc.LineTo(o.pts[0].X, o.pts[0].Y)
		case segQuad:
			dc.QuadraticTo(o.pts[0].X, o.pts[0].Y, o.pts[1].X, o.pts[1].Y)
		case segCubic:
			dc.CubicTo(o.pts[0].X, o.pts[0].Y, o.pts[1].X, o.pts[1].Y, o.pts[2].X, o.pts[2].Y)
		case segClose:
			dc.ClosePath()
		}
	}
}

// rasterWindow is where a shape within lo..hi (26.6, grown by reach pixels) is rasterised on a w x h target:
// from x0, y0 (in pixels), cw x ch pixels. The window's size is one of a few (powers of two, from 128), so
// that a rasteriser of each size is kept and its buffers reused; what lies past the target's right and lower
// sides paints nothing on it, however far the window goes. Freetype divides curves by the rasteriser's size
// (more than 24, more than 120 pixels), so a window is always over 120 pixels, as a target over 120 pixels
// is; a smaller target is its own window. ok is false for a shape wholly off the target.
func rasterWindow(w, h int, lo, hi fixed.Point26_6, reach int) (x0, y0, cw, ch int, ok bool) {
	if w <= 120 && h <= 120 {
		return 0, 0, w, h, w > 0 && h > 0
	}
	if lo.X < 0 || lo.Y < 0 {
		// Freetype finds a point's cell by dividing (truncating toward zero): above or left of the target
		// a shape can leave coverage pixels away from where it lies, which only a rasteriser where gg's is
		// reproduces.
		return 0, 0, windowSize(w), windowSize(h), true
	}
	x0 = max(0, int(lo.X>>6)-reach-2)
	y0 = max(0, int(lo.Y>>6)-reach-2)
	x1 := min(w, int(hi.X>>6)+reach+3)
	y1 := min(h, int(hi.Y>>6)+reach+3)
	if x0 >= x1 || y0 >= y1 {
		return 0, 0, 0, 0, false
	}
	return x0, y0, windowSize(x1 - x0), windowSize(y1 - y0), true
}

// windowSize is the rasteriser size for n pixels: the power of two from 128 up that holds them.
func windowSize(n int) int {
	c := 128
	for c < n {
		c *= 2
	}
	return c
}

// shift moves a raster path by whole pixels.
func shift(buf, p raster.Path, dx, dy int) raster.Path {
	buf = append(buf[:0], p...)
	ox, oy := fixed.Int26_6(dx<<6), fixed.Int26_6(dy<<6)
	for i := 0; i < len(buf); {
		n := 1
		switch buf[i] {
		case 2:
			n = 2
		case 3:
			n = 3
		}
		for k := 0; k < n; k++ {
			buf[i+1+2*k] -= ox
			buf[i+2+2*k] -= oy
		}
		i += 2 + 2*n
	}
	return buf
}

// fillFT fills the loaded path with c (nonzero winding, or even-odd), through the clip mask.
func (p *PNG) fillFT(c Color, nonZero bool) {
	if p.fp.empty || c.A == 0 {
		return
	}
	p.ftBuf = p.fp.fillPath(p.ftBuf)
	p.rasterise(p.ftBuf, p.fp.min, p.fp.max, 0, false, c, func(r *raster.Rasterizer, path raster.Path) {
		r.UseNonZeroWinding = nonZero
		r.AddPath(path)
	})
}

// The rasteriser's caps and joins, and gg's, by the surface's: gg has no miter join, and round is the closest
// look.
var (
	ftCaps  = [...]raster.Capper{ButtCap: raster.ButtCapper, RoundCap: raster.RoundCapper, SquareCap: raster.SquareCapper}
	ftJoins = [...]raster.Joiner{MiterJoin: raster.RoundJoiner, RoundJoin: raster.RoundJoiner, BevelJoin: raster.BevelJoiner}
	ggCaps  = [...]gg.LineCap{ButtCap: gg.LineCapButt, RoundCap: gg.LineCapRound, SquareCap: gg.LineCapSquare}
	ggJoins = [...]gg.LineJoin{MiterJoin: gg.LineJoinRound, RoundJoin: gg.LineJoinRound, BevelJoin: gg.LineJoinBevel}
)

// strokeFT strokes the loaded path (no dashes) with c, w pixels wide.
func (p *PNG) strokeFT(c Color, w float64, lc LineCap, lj LineJoin) {
	if p.fp.empty || c.A == 0 {
		return
	}
	p.ftBuf = p.fp.strokePath(p.ftBuf)
	lw := fixed.Int26_6(w * 64)
	cap, join := ftCaps[lc], ftJoins[lj]
	// A round cap is a cubic curve, which freetype divides by a measure that is not the same at every place
	// on the page (its a - 3(b+c) + d): rasterised where gg would, the window only cut short at the far sides.
	anchored := lc == RoundCap
	p.rasterise(p.ftBuf, p.fp.min, p.fp.max, int(w)+2, anchored, c, func(r *raster.Rasterizer, path raster.Path) {
		r.UseNonZeroWinding = true
		r.AddStroke(path, lw, cap, join)
	})
}

// rasterise runs the rasteriser over path in the window round lo..hi (grown by reach pixels), or from the
// target's top left corner if anchored, and paints c.
func (p *PNG) rasterise(path raster.Path, lo, hi fixed.Point26_6, reach int, anchored bool, c Color, add func(*raster.Rasterizer, raster.Path)) {
	pt := &p.painter
	pt.im, pt.mask = p.target, p.mask
	pt.cr, pt.cg, pt.cb, pt.ca = c.RGBA()
	pt.px = [4]uint8{uint8(pt.cr >> 8), uint8(pt.cg >> 8), uint8(pt.cb >> 8), uint8(pt.ca >> 8)}
	p.rasteriseWith(path, lo, hi, reach, anchored, pt, add)
}

// rasteriseWith is rasterise with any painter; it returns the part of the target the painter may have been
// given spans in.
func (p *PNG) rasteriseWith(path raster.Path, lo, hi fixed.Point26_6, reach int, anchored bool, pt raster.Painter, add func(*raster.Rasterizer, raster.Path)) image.Rectangle {
	b := p.target.Bounds()
	x0, y0, cw, ch, ok := rasterWindow(b.Dx(), b.Dy(), lo, hi, reach)
	if !ok {
		return image.Rectangle{}
	}
	if anchored && (x0 > 0 || y0 > 0) { // the window from the corner, as far as it reached
		cw, ch = windowSize(x0+cw), windowSize(y0+ch)
		x0, y0 = 0, 0
	}
	key := [2]int{cw, ch}
	r := p.rasters[key]
	if r == nil {
		if p.rasters == nil || len(p.rasters) >= 64 { // sprites of many sizes: start again
			p.rasters = map[[2]int]*raster.Rasterizer{}
		}
		r = raster.NewRasterizer(cw, ch)
		p.rasters[key] = r
	} else {
		r.Clear()
	}
	r.Dx, r.Dy = x0+b.Min.X, y0+b.Min.Y
	p.ftShift = shift(p.ftShift, path, x0, y0)
	add(r, p.ftShift)
	r.Rasterize(pt)
	return image.Rect(x0, y0, x0+cw, y0+ch).Add(b.Min).Intersect(b)
}

// clipFT rasterises the loaded path (nonzero winding, as a PDF's W clips) into mask, a cleared page-sized
// mask, as coverage times old's (the clip before, if any), and returns where it may have written. The
// rasteriser's cells cost the path's edges, not its area: a clip round a table's terrain takes no buffer the
// size of the table.
func (p *PNG) clipFT(mask, old *image.Alpha) image.Rectangle {
	if p.fp.empty {
		return image.Rectangle{}
	}
	p.ftBuf = p.fp.fillPath(p.ftBuf)
	return p.rasteriseWith(p.ftBuf, p.fp.min, p.fp.max, 0, false, &alphaPainter{mask: mask, old: old}, func(r *raster.Rasterizer, path raster.Path) {
		r.UseNonZeroWinding = true
		r.AddPath(path)
	})
}

// alphaPainter writes coverage into a mask, times the old mask's where there is one.
type alphaPainter struct {
	mask, old *image.Alpha
}

func (a *alphaPainter) Paint(ss []raster.Span, _ bool) {
	for _, s := range ss {
		s, ok, past := clipSpan(s, a.mask.Rect)
		if past {
			return
		}
		if !ok {
			continue
		}
		v := uint8(s.Alpha >> 8)
		i0, i1 := a.mask.PixOffset(s.X0, s.Y), a.mask.PixOffset(s.X1, s.Y)
		row := a.mask.Pix[i0:i1:i1]
		if a.old == nil {
			for i := range row {
				row[i] = v
			}
			continue
		}
		old := a.old.Pix[i0:i1:i1]
		for i := range row {
			row[i] = uint8((uint32(v)*uint32(old[i]) + 127) / 255)
		}
	}
}

// clipSpan cuts a span to the image bounds b, as freetype's and gg's painters do: ok is false for a span that
// leaves nothing, past true for one below b (the spans come by row, so none after it paints).
func clipSpan(s raster.Span, b image.Rectangle) (_ raster.Span, ok, past bool) {
	if s.Y >= b.Max.Y {
		return s, false, true
	}
	s.X0, s.X1 = max(s.X0, b.Min.X), min(s.X1, b.Max.X)
	return s, s.Y >= b.Min.Y && s.X0 < s.X1, false
}

// solidPainter paints spans of one colour: freetype's RGBAPainter (Over) without a clip, gg's pattern painter
// with one, and an opaque span of an opaque colour written straight in (what their arithmetic gives it).
type solidPainter struct {
	im             *image.RGBA
	mask           *image.Alpha
	cr, cg, cb, ca uint32
	px             [4]uint8
}

func (r *solidPainter) Paint(ss []raster.Span, _ bool) {
	const m = 1<<16 - 1
	for _, s := range ss {
		s, ok, past := clipSpan(s, r.im.Rect)
		if past {
			return
		}
		if !ok {
			continue
		}
		i0, i1 := r.im.PixOffset(s.X0, s.Y), r.im.PixOffset(s.X1, s.Y)
		pix := r.im.Pix[i0:i1:i1]
		if r.mask == nil {
			if s.Alpha == m && r.ca == m {
				copy(pix, r.px[:])
				for n := 4; n < len(pix); n *= 2 {
					copy(pix[n:], pix[:n])
				}
				continue
			}
			for i := 0; i < len(pix); i += 4 {
				r.blend(pix[i:i+4:i+4], s.Alpha)
			}
			continue
		}
		// The clip is the target's size (a surface makes its masks so): its row lies under the span.
		j := r.mask.PixOffset(s.X0, s.Y)
		mrow := r.mask.Pix[j : j+(s.X1-s.X0)]
		for i, mv := range mrow {
			d := pix[4*i : 4*i+4 : 4*i+4]
			if mv == 255 && s.Alpha == m && r.ca == m {
				copy(d, r.px[:])
			} else if ma := s.Alpha * uint32(mv) / 255; ma != 0 {
				r.blend(d, ma)
			}
		}
	}
}

// blend paints the colour over one pixel at coverage ma (0..0xffff), with freetype's and gg's arithmetic.
func (r *solidPainter) blend(d []byte, ma uint32) {
	const m = 1<<16 - 1
	a := (m - (r.ca * ma / m)) * 0x101
	d[0] = uint8((uint32(d[0])*a + r.cr*ma) / m >> 8)
	d[1] = uint8((uint32(d[1])*a + r.cg*ma) / m >> 8)
	d[2] = uint8((uint32(d[2])*a + r.cb*ma) / m >> 8)
	d[3] = uint8((uint32(d[3])*a + r.ca*ma) / m >> 8)
}
