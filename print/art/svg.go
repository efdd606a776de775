package art

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"image/color"
	"math"
	"reflect"
	"sync"

	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
	"golang.org/x/image/math/fixed"

	"github.com/muster-wargames/muster/print/surface"
)

// Art is an SVG drawing, checked and parsed once, ready to be drawn as vector paths on any surface: the PDF
// draws it as a form XObject per size, placed wherever it is drawn, and the PNG backend draws the same paths.
type Art struct {
	sum    [32]byte
	view   surface.Rect // the viewBox
	align  string       // preserveAspectRatio's alignment: xMidYMid, ..., none
	slice  bool
	shapes []shape
	bounds surface.Rect // everything drawn, strokes included, in viewBox units
}

// shape is one painted path of the drawing, in viewBox units.
type shape struct {
	path   surface.Path
	fill   surface.Color // when grad is nil
	grad   *surface.Gradient
	stroke surface.Color
	width  float64
	cap    surface.LineCap
	join   surface.LineJoin
	dash   []float64
}

// ViewBox is the drawing's viewBox: the part of its coordinates that fits the box it is drawn in.
func (a *Art) ViewBox() surface.Rect { return a.view }

// MarshalJSON writes what identifies the art, the SHA-256 of its SVG: a key made of what holds it (the live
// preview's key of a counter face) changes when the file does.
func (a *Art) MarshalJSON() ([]byte, error) { return json.Marshal(hex.EncodeToString(a.sum[:])) }

// Load checks an SVG (see check) and parses it with oksvg. It returns the art and the problems found; the art
// is nil when a problem is an error. The same bytes are parsed once however often they are loaded (by
// validate and by the build alike): the result is kept by the content's hash.
func Load(data []byte) (*Art, []Problem) {
	sum := sha256.Sum256(data)
	cache.Lock()
	l, ok := cache.m[sum]
	cache.Unlock()
	if ok {
		return l.art, l.problems
	}
	a, problems := load(data, sum)
	cache.Lock()
	defer cache.Unlock()
	if cache.bytes+len(data) > cacheBytes {
		cache.m, cache.bytes = map[[32]byte]loaded{}, 0
	}
	cache.m[sum] = loaded{a, problems}
	cache.bytes += len(data)
	return a, problems
}

// cacheBytes bounds the SVG bytes whose parses are kept; past it the cache starts afresh.
const cacheBytes = 64 << 20

type loaded struct {
	art      *Art
	problems []Problem
}

var cache = struct {
	sync.Mutex
	m     map[[32]byte]loaded
	bytes int
}{m: map[[32]byte]loaded{}}

// hasError reports whether a problem is an error.
func hasError(ps []Problem) bool {
	for _, p := range ps {
		if !p.Warning {
			return true
		}
	}
	return false
}

// load checks and parses an SVG, uncached.
func load(data []byte, sum [32]byte) (*Art, []Problem) {
	problems, root, elems := check(data)
	if hasError(problems) {
		return nil, problems
	}
	icon, err := parse(data)
	if err != nil {
		return nil, append(problems, Problem{Code: "malformed", Message: "cannot be read by the SVG renderer: " + err.Error(), Hint: "open it in Inkscape and save it again as plain SVG"})
	}
	a := &Art{sum: sum, align: root.align, slice: root.slice}
	a.view = surface.Rect{X: icon.ViewBox.X, Y: icon.ViewBox.Y, W: icon.ViewBox.W, H: icon.ViewBox.H}
	if root.hasViewBox && (a.view.X != root.viewBox[0] || a.view.Y != root.viewBox[1] || a.view.W != root.viewBox[2] || a.view.H != root.viewBox[3]) ||
		!(a.view.W > 0 && a.view.H > 0) || !finite(a.view.X, a.view.Y, a.view.W, a.view.H) {
		return nil, append(problems, Problem{Code: "malformed", Message: "has no size the renderer can read: give its svg element a viewBox (and width and height as plain numbers)",
			Hint: "write viewBox=\"0 0 WIDTH HEIGHT\""})
	}
	if a.view.W < surface.MinViewBox || a.view.H < surface.MinViewBox || !inRange(a.view.X, a.view.Y, a.view.W, a.view.H) {
		return nil, append(problems, Problem{Code: "limit", Message: fmt.Sprintf("is %g x %g units (its width and height, with no viewBox): muster draws art of %g to %.0f units", a.view.W, a.view.H, surface.MinViewBox, surface.MaxCoordinate),
			Hint: "give its svg element a viewBox of at least 1 unit across"})
	}
	if p := a.convert(icon); p != nil {
		p.Line, p.Col = 0, 0
		if at := elems.locate(data, p.path); at >= 0 {
			p.Line, p.Col = lineCol(data, at)
		}
		return nil, append(problems, p.Problem)
	}
	return a, problems
}

// locate finds the element that made path i of the renderer's: the first whose start tag, read with all
// before it, gives the renderer more than i paths (a use draws its definition's paths there). It parses
// prefixes of the file, a logarithm of its elements' count of times: only for a file refused. -1 if none.
func (l layout) locate(data []byte, i int) int {
	count := func(k int) int {
		icon, _ := parse(data[:l.ends[k]])
		if icon == nil {
			return 0
		}
		return len(icon.SVGPaths)
	}
	lo, hi := 0, len(l.ends)
	for lo < hi {
		mid := (lo + hi) / 2
		if count(mid) > i {
			hi = mid
		} else {
			lo = mid + 1
		}
	}
	if lo == len(l.ends) {
		return -1
	}
	return l.starts[lo]
}

// parse runs oksvg, which should not panic on bad input but is never let to.
func parse(data []byte) (icon *oksvg.SvgIcon, err error) {
	defer func() {
		if r := recover(); r != nil {
			icon, err = nil, fmt.Errorf("%v", r)
		}
	}()
	return oksvg.ReadIconStream(bytes.NewReader(data), oksvg.IgnoreErrorMode)
}

func finite(vs ...float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}

// pathProblem is a problem of the renderer's path i: load finds its element's line.
type pathProblem struct {
	Problem
	path int
}

// convert turns oksvg's paths into shapes, and holds them to the limits every backend draws within (see
// print/surface's limits): the first path past one is the problem returned.
func (a *Art) convert(icon *oksvg.SvgIcon) *pathProblem {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	diag := math.Hypot(a.view.W, a.view.H)
	var overdraw float64 // the shapes' boxes within the viewBox, in viewBoxes
	for i := range icon.SVGPaths {
		sp := &icon.SVGPaths[i]
		fail := func(code, msg, hint string) *pathProblem {
			return &pathProblem{Problem{Code: code, Message: msg, Hint: hint}, i}
		}
		malformed := func(msg string) *pathProblem {
			return fail("malformed", "cannot be drawn: "+msg, "open it in Inkscape and save it again as plain SVG")
		}
		pp, err := readPaint(sp)
		if err != nil {
			return malformed(err.Error())
		}
		m := matrix(pp.m)
		if !finite(m.A, m.B, m.C, m.D, m.E, m.F) {
			return malformed("a transform that is not finite")
		}
		var sh shape
		local, far, err := pathOf(sp.Path, &sh.path, m)
		if err != nil {
			return malformed(err.Error())
		}
		if sh.path.Empty() {
			continue
		}
		if !inRange(far) {
			return fail("limit", fmt.Sprintf("has a shape reaching %.4g units from the origin once its transforms are applied, beyond the ±%.0f muster draws", far, surface.MaxCoordinate),
				"scale the shape, or the group around it, down")
		}
		k := math.Sqrt(math.Abs(m.A*m.D - m.B*m.C)) // the transform's mean scale, for line widths
		switch f := pp.fill.(type) {
		case nil:
		case color.Color:
			sh.fill = colour(f, sp.FillOpacity)
		case rasterx.Gradient:
			g, ok, msg := gradient(f, sp.FillOpacity, local, m)
			if msg != "" {
				return fail("gradient", msg, "give the gradient plain numbers and at most 256 stops")
			}
			if ok {
				sh.grad = g
			}
		default:
			return malformed(fmt.Sprintf("a fill of type %T", f))
		}
		switch f := pp.stroke.(type) {
		case nil:
		case color.Color:
			sh.stroke = colour(f, sp.LineOpacity)
		default:
			return malformed("a stroke with a gradient")
		}
		sh.width = sp.LineWidth * k
		if !finite(sh.width) || sh.width <= 0 {
			sh.stroke = surface.Color{}
		}
		sh.cap, sh.join = lineCap(sp.LineCap), lineJoin(sp.LineJoin)
		if sh.stroke.A > 0 && sh.width > surface.MaxStrokeWidth*diag {
			return fail("limit", fmt.Sprintf("strokes a shape %g units wide, wider than the whole drawing (%.4g units corner to corner): muster refuses to draw it", sh.width, diag),
				"make the stroke narrower, or draw the shape filled")
		}
		if len(sp.Dash) > surface.MaxDashEntries {
			return fail("limit", fmt.Sprintf("has a dash pattern of %d lengths, more than the %d muster draws", len(sp.Dash), surface.MaxDashEntries), "shorten the dash pattern")
		}
		period := 0.0
		for _, d := range sp.Dash {
			if !finite(d) || d < 0 {
				return malformed(fmt.Sprintf("a dash of %g", d))
			}
			sh.dash = append(sh.dash, d*k)
			period += d * k
		}
		if sh.fill.A == 0 && sh.grad == nil && sh.stroke.A == 0 {
			continue
		}
		if sh.stroke.A > 0 && period > 0 {
			// The dashes along the whole path (its control polygon: at least as long), an odd pattern twice.
			n := polygonLength(&sh.path) / period * float64(len(sh.dash))
			if len(sh.dash)%2 == 0 {
				n /= 2
			}
			if n > surface.MaxDashes {
				return fail("limit", fmt.Sprintf("dashes a stroke %.3g units long every %.3g units: more than %d dashes, which muster refuses to draw", polygonLength(&sh.path), period, surface.MaxDashes),
					"make the dashes longer, or the stroke solid")
			}
		}
		grow := 0.0
		if sh.stroke.A > 0 {
			grow = sh.width * 2 // room for miter corners
		}
		bx0, by0, bx1, by1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
		for _, q := range sh.path.Points() {
			bx0, by0 = math.Min(bx0, q.X-grow), math.Min(by0, q.Y-grow)
			bx1, by1 = math.Max(bx1, q.X+grow), math.Max(by1, q.Y+grow)
		}
		x0, y0, x1, y1 = math.Min(x0, bx0), math.Min(y0, by0), math.Max(x1, bx1), math.Max(y1, by1)
		// The pixels the shape touches, at most its box within the viewBox.
		w := math.Min(bx1, a.view.X+a.view.W) - math.Max(bx0, a.view.X)
		h := math.Min(by1, a.view.Y+a.view.H) - math.Max(by0, a.view.Y)
		if w > 0 && h > 0 {
			overdraw += w * h / (a.view.W * a.view.H)
		}
		if overdraw > surface.MaxOverdraw {
			return fail("limit", fmt.Sprintf("paints its picture over more than %d times (the shapes' boxes added up, up to this one): muster refuses to draw it", surface.MaxOverdraw),
				"simplify the drawing: merge shapes that lie over each other (Inkscape: Path > Union)")
		}
		a.shapes = append(a.shapes, sh)
	}
	if len(a.shapes) > 0 {
		a.bounds = surface.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
	}
	return nil
}

// polygonLength is the length of a path's control polygon.
func polygonLength(p *surface.Path) float64 {
	pts := p.Points()
	n := 0.0
	for i := 1; i < len(pts); i++ {
		n += math.Hypot(pts[i].X-pts[i-1].X, pts[i].Y-pts[i-1].Y)
	}
	return n
}

func matrix(m rasterx.Matrix2D) surface.Matrix {
	return surface.Matrix{A: m.A, B: m.B, C: m.C, D: m.D, E: m.E, F: m.F}
}

// colour is an SVG colour with an opacity.
func colour(c color.Color, opacity float64) surface.Color {
	n := color.NRGBAModel.Convert(c).(color.NRGBA)
	return surface.Color{R: n.R, G: n.G, B: n.B, A: alpha(float64(n.A) / 255 * opacity)}
}

func alpha(o float64) uint8 {
	if !(o > 0) {
		return 0
	}
	return uint8(math.Round(math.Min(1, o) * 255))
}

// pathOf turns a rasterx path (fixed point, in the element's own coordinates) into dst, through m, and
// returns the element's own bounding box and the farthest a point of it lies from the viewBox's origin on
// either axis once transformed (its curves sampled, not their control points).
func pathOf(p rasterx.Path, dst *surface.Path, m surface.Matrix) (surface.Rect, float64, error) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	far := 0.0
	see := func(x, y float64) {
		x0, y0, x1, y1 = math.Min(x0, x), math.Min(y0, y), math.Max(x1, x), math.Max(y1, y)
		tx, ty := m.Apply(x, y)
		far = math.Max(far, math.Max(math.Abs(tx), math.Abs(ty)))
	}
	pt := func(v fixed.Int26_6) float64 { return float64(v) / 64 }
	var cx, cy float64
	for i := 0; i < len(p); {
		need := 0
		switch rasterx.PathCommand(p[i]) {
		case rasterx.PathMoveTo, rasterx.PathLineTo:
			need = 3
		case rasterx.PathQuadTo:
			need = 5
		case rasterx.PathCubicTo:
			need = 7
		case rasterx.PathClose:
			need = 1
		}
		if need == 0 || i+need > len(p) {
			return surface.Rect{}, 0, fmt.Errorf("a path the renderer made badly")
		}
		a := p[i+1 : i+need]
		switch rasterx.PathCommand(p[i]) {
		case rasterx.PathMoveTo:
			cx, cy = pt(a[0]), pt(a[1])
			see(cx, cy)
			dst.MoveTo(m.Apply(cx, cy))
		case rasterx.PathLineTo:
			cx, cy = pt(a[0]), pt(a[1])
			see(cx, cy)
			dst.LineTo(m.Apply(cx, cy))
		case rasterx.PathQuadTo:
			qx, qy, ex, ey := pt(a[0]), pt(a[1]), pt(a[2]), pt(a[3])
			for k := 1; k <= 8; k++ {
				t := float64(k) / 8
				u := 1 - t
				see(u*u*cx+2*u*t*qx+t*t*ex, u*u*cy+2*u*t*qy+t*t*ey)
			}
			// As a cubic, through m (a quadratic's control point maps as any point does).
			c1x, c1y := cx+2.0/3*(qx-cx), cy+2.0/3*(qy-cy)
			c2x, c2y := ex+2.0/3*(qx-ex), ey+2.0/3*(qy-ey)
			ax, ay := m.Apply(c1x, c1y)
			bx, by := m.Apply(c2x, c2y)
			dx, dy := m.Apply(ex, ey)
			dst.CurveTo(ax, ay, bx, by, dx, dy)
			cx, cy = ex, ey
		case rasterx.PathCubicTo:
			ax, ay, bx, by, ex, ey := pt(a[0]), pt(a[1]), pt(a[2]), pt(a[3]), pt(a[4]), pt(a[5])
			for k := 1; k <= 8; k++ {
				t := float64(k) / 8
				u := 1 - t
				see(u*u*u*cx+3*u*u*t*ax+3*u*t*t*bx+t*t*t*ex, u*u*u*cy+3*u*u*t*ay+3*u*t*t*by+t*t*t*ey)
			}
			p1x, p1y := m.Apply(ax, ay)
			p2x, p2y := m.Apply(bx, by)
			p3x, p3y := m.Apply(ex, ey)
			dst.CurveTo(p1x, p1y, p2x, p2y, p3x, p3y)
			cx, cy = ex, ey
		case rasterx.PathClose:
			dst.Close()
		}
		i += need
	}
	return surface.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}, far, nil
}

// gradient turns an oksvg gradient of a path whose own bounding box is local into a surface gradient in
// viewBox units; false when it paints nothing (a bounding box of no area, which SVG does not paint). A
// gradient no backend can paint (not finite, too many stops) is a problem, in words.
func gradient(g rasterx.Gradient, opacity float64, local surface.Rect, m surface.Matrix) (*surface.Gradient, bool, string) {
	if len(g.Stops) == 0 {
		return nil, false, ""
	}
	if len(g.Stops) > surface.MaxGradientStops {
		return nil, false, fmt.Sprintf("paints with a gradient of %d stops, more than the %d muster draws", len(g.Stops), surface.MaxGradientStops)
	}
	out := &surface.Gradient{Radial: g.IsRadial}
	for _, s := range g.Stops {
		c := s.StopColor
		if c == nil {
			c = color.Black
		}
		if !finite(s.Offset, s.Opacity) {
			return nil, false, "paints with a gradient whose stop is not a finite number"
		}
		op := s.Opacity * opacity
		out.Stops = append(out.Stops, surface.GradientStop{Offset: s.Offset, Colour: colour(c, op)})
	}
	toLocal := matrix(g.Matrix)
	if g.Units == rasterx.ObjectBoundingBox {
		if !(local.W > 0 && local.H > 0) {
			return nil, false, ""
		}
		toLocal = surface.Matrix{A: local.W, D: local.H, E: local.X, F: local.Y}.Mul(toLocal)
	}
	out.Transform = m.Mul(toLocal)
	p := g.Points
	if g.IsRadial {
		out.CX, out.CY, out.FX, out.FY, out.R = p[0], p[1], p[2], p[3], p[4]
	} else {
		out.X1, out.Y1, out.X2, out.Y2 = p[0], p[1], p[2], p[3]
	}
	t := out.Transform
	if !finite(p[0], p[1], p[2], p[3], p[4], t.A, t.B, t.C, t.D, t.E, t.F) {
		return nil, false, "paints with a gradient whose numbers (or transform) are not finite"
	}
	return out, true, ""
}

func lineCap(f rasterx.CapFunc) surface.LineCap {
	if f == nil {
		return surface.ButtCap
	}
	switch reflect.ValueOf(f).Pointer() {
	case reflect.ValueOf(rasterx.CapFunc(rasterx.ButtCap)).Pointer():
		return surface.ButtCap
	case reflect.ValueOf(rasterx.CapFunc(rasterx.SquareCap)).Pointer():
		return surface.SquareCap
	}
	return surface.RoundCap // round, and oksvg's own cubic and quadratic caps
}

// lineJoin maps the renderer's joins to the surface's: its bevel is also what it gives a stroke whose
// join the file leaves out, where SVG says miter, so muster draws both as miter (check warns of a bevel).
func lineJoin(j rasterx.JoinMode) surface.LineJoin {
	switch j {
	case rasterx.Round, rasterx.Arc:
		return surface.RoundJoin
	}
	return surface.MiterJoin
}

// Fit says how a picture fills the box it is drawn in.
type Fit uint8

const (
	// Contain draws SVG art as its preserveAspectRatio says (by default all of it, centred, as large as it
	// fits), and stretches a raster image to the box, as muster always has.
	Contain Fit = iota
	// Cover fills the whole box, keeping the picture's proportions and cutting it at the box (SVG art aligned
	// as its preserveAspectRatio says, or stretched if that says none): a full-bleed background.
	Cover
)

// placing is where the viewBox's origin lands and how much it is scaled.
func (a *Art) placing(box surface.Rect, fit Fit) (sx, sy, tx, ty float64) {
	sx, sy = box.W/a.view.W, box.H/a.view.H
	if a.align == "none" {
		return sx, sy, box.X, box.Y
	}
	s := math.Min(sx, sy)
	if a.slice || fit == Cover {
		s = math.Max(sx, sy)
	}
	w, h := a.view.W*s, a.view.H*s
	tx, ty = box.X, box.Y
	switch a.align[1:4] {
	case "Mid":
		tx += (box.W - w) / 2
	case "Max":
		tx += box.W - w
	}
	switch a.align[5:] {
	case "Mid":
		ty += (box.H - h) / 2
	case "Max":
		ty += box.H - h
	}
	return s, s, tx, ty
}

// formKey names the art drawn at one scale: one form XObject in a PDF.
type formKey struct {
	sum    [32]byte
	sx, sy float64
}

// Draw draws the art into box (see Fit), cut at the box where it spills past it, as the SVG's own viewport
// would cut it. In a PDF the art at each size is one form XObject, placed wherever it is drawn.
func (a *Art) Draw(s surface.Surface, box surface.Rect, fit Fit) {
	if box.Empty() || len(a.shapes) == 0 || !finite(box.X, box.Y, box.W, box.H) {
		return
	}
	sx, sy, tx, ty := a.placing(box, fit)
	b := a.bounds
	frame := surface.Rect{X: (b.X-a.view.X)*sx - 1, Y: (b.Y-a.view.Y)*sy - 1, W: b.W*sx + 2, H: b.H*sy + 2}
	cut := tx+frame.X+1 < box.X-1e-6 || ty+frame.Y+1 < box.Y-1e-6 ||
		tx+frame.X+frame.W-1 > box.X+box.W+1e-6 || ty+frame.Y+frame.H-1 > box.Y+box.H+1e-6
	if cut {
		s.Push()
		s.ClipRect(box.X, box.Y, box.W, box.H)
	}
	s.Form(formKey{a.sum, sx, sy}, tx, ty, frame, func(s surface.Surface) { a.paint(s, sx, sy) })
	if cut {
		s.Pop()
	}
}

// paint draws the shapes with the viewBox's origin at (0, 0), scaled by sx, sy.
func (a *Art) paint(s surface.Surface, sx, sy float64) {
	k := math.Sqrt(math.Abs(sx * sy))
	toBox := surface.Matrix{A: sx, D: sy, E: -a.view.X * sx, F: -a.view.Y * sy}
	var p surface.Path
	dash := make([]float64, 0, 8)
	for i := range a.shapes {
		sh := &a.shapes[i]
		p.Reset()
		sh.path.TransformInto(&p, toBox)
		if sh.grad != nil {
			g := *sh.grad
			g.Transform = toBox.Mul(g.Transform)
			s.FillGradient(&p, &g)
		} else if sh.fill.A > 0 {
			s.SetFill(sh.fill)
			s.DrawPath(&p, surface.Fill)
		}
		if sh.stroke.A > 0 {
			s.SetStroke(sh.stroke, sh.width*k)
			s.SetLineCap(sh.cap)
			s.SetLineJoin(sh.join)
			dash = dash[:0]
			for _, d := range sh.dash {
				dash = append(dash, d*k)
			}
			s.SetDash(dash...)
			s.DrawPath(&p, surface.Stroke)
		}
	}
}
