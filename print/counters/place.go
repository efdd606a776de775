package counters

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/print/symbols"
)

// placedPart is where a placed element is drawn and the box its ink covers.
type placedPart struct {
	slot   *Slot
	ax, ay float64 // the anchor
	colour surface.Color
	// A text: its font, width, and whether it fits its room at no less than minFont.
	font  surface.Font
	tw    float64
	fits  bool
	frame surface.Rect // a text's box, a symbol's frame, an image's, box's rectangle
	ink   surface.Rect // what it covers, turned by its rotation
	line  [2]surface.Pt
	stars struct {
		r, step, x float64
	}
	para *flow.Fit // a paragraph laid out in its frame
}

// placedRound is how far a frame around a text stands off it, as a share of the text's size.
const framePad = 0.28

// placed lays out the elements placed by position on a face in box.
func (f *Face) placed(m Measurer, box surface.Rect) []placedPart {
	size := shape.Size(f.Shape, box.W, box.H)
	pad := f.pad(size)
	var out []placedPart
	for i := range f.Slots {
		sl := &f.Slots[i]
		if !sl.Placed {
			continue
		}
		p := placedPart{slot: sl, ax: box.X + sl.X*box.W, ay: box.Y + sl.Y*box.H, fits: true}
		p.colour = f.Text
		if f.Band != nil && inside(f.bandRect(box, 0), p.ax, p.ay) {
			p.colour = surface.ReadableOn(f.Band.Colour)
		}
		if sl.HasColour {
			p.colour = sl.Colour
		}
		w, h := sl.W*size, sl.H*size
		switch sl.Kind {
		case ElemSymbol:
			if h <= 0 {
				h = w / symbols.Aspect
			}
			p.frame = symbols.Frame(p.ax, p.ay, w, h)
			p.ink = p.frame
		case ElemImage, ElemBox:
			if h <= 0 {
				h = w
			}
			p.frame = surface.Rect{X: p.ax - w/2, Y: p.ay - h/2, W: w, H: h}
			p.ink = p.frame
		case ElemParagraph:
			if h <= 0 {
				h = w
			}
			p.frame = surface.Rect{X: p.ax - w/2, Y: p.ay - h/2, W: w, H: h}
			p.ink = p.frame
			p.font = fontFor(*sl, size)
			fit := fitParagraph(m, sl.Text, p.font, sl.MinSize, w, h)
			p.para = &fit
			p.font.Size = fit.Size
			p.fits = fit.Fits
		case ElemLine:
			p.line = [2]surface.Pt{{X: p.ax, Y: p.ay}, {X: box.X + sl.X2*box.W, Y: box.Y + sl.Y2*box.H}}
			p.ink = surface.Rect{X: math.Min(p.line[0].X, p.line[1].X), Y: math.Min(p.line[0].Y, p.line[1].Y), W: math.Abs(p.line[1].X - p.line[0].X), H: math.Abs(p.line[1].Y - p.line[0].Y)}
		default:
			fs := size * valueFrac * sl.Size
			room := w
			if room <= 0 {
				room = roomAlong(box, p.ax, p.ay, sl.Align, sl.Rotate, pad)
			}
			if sl.Stars > 0 {
				r := fs * 0.5
				step := r * 2.1
				if sw := step * float64(sl.Stars); sw > room && room > 0 {
					step = room / float64(sl.Stars)
					r = step / 2.1
				}
				sw := step * float64(sl.Stars)
				p.stars.r, p.stars.step, p.stars.x = r, step, alignStart(p.ax, sw, sl.Align)
				p.tw = sw
				p.frame = surface.Rect{X: p.stars.x, Y: p.ay - r, W: sw, H: 2 * r}
				p.ink = turned(p.frame, p.ax, p.ay, sl.Rotate)
				break
			}
			p.font = fontFor(*sl, size)
			if sl.Box != "" {
				room -= 2 * framePad * fs // the frame takes room too
			}
			tw := m.MeasureText(sl.Text, p.font)
			if tw > room && tw > 0 {
				p.font.Size = math.Max(minFont, p.font.Size*math.Max(room, 0)/tw)
				tw = m.MeasureText(sl.Text, p.font)
				// A text given its room (w) that overflows it does not fit; one that runs to the edge of the
				// face runs off it, which Problems finds from its ink.
				p.fits = sl.W <= 0 || tw <= room+0.01
			}
			p.tw = tw
			ch := p.font.Size * capRatio
			text := surface.Rect{X: alignStart(p.ax, tw, sl.Align), Y: p.ay - ch/2, W: tw, H: ch}
			p.frame = text
			if sl.Box != "" {
				fp := framePad * p.font.Size
				switch sl.Box {
				case "circle":
					r := math.Max(tw, ch)/2 + fp
					cx := text.X + tw/2
					p.frame = surface.Rect{X: cx - r, Y: p.ay - r, W: 2 * r, H: 2 * r}
				default:
					p.frame = surface.Rect{X: text.X - fp, Y: text.Y - fp, W: tw + 2*fp, H: ch + 2*fp}
				}
			}
			p.ink = turned(p.frame, p.ax, p.ay, sl.Rotate)
		}
		out = append(out, p)
	}
	return out
}

// inside reports whether (x, y) lies in r.
func inside(r surface.Rect, x, y float64) bool {
	return x >= r.X && x <= r.X+r.W && y >= r.Y && y <= r.Y+r.H
}

// roomAlong is the length of face a text anchored at (ax, ay) may take along its direction (turned by
// rotate) before it comes within pad of an edge: both ways from a centred anchor, one way from an end.
func roomAlong(box surface.Rect, ax, ay float64, a surface.HAlign, rotate, pad float64) float64 {
	lo, hi := ax-box.X-pad, box.X+box.W-ax-pad // room before and after the anchor along the text
	switch math.Mod(rotate+360, 360) {
	case 90:
		lo, hi = ay-box.Y-pad, box.Y+box.H-ay-pad
	case 180:
		lo, hi = hi, lo
	case 270:
		lo, hi = box.Y+box.H-ay-pad, ay-box.Y-pad
	}
	lo, hi = math.Max(lo, 0), math.Max(hi, 0)
	switch a {
	case surface.Left:
		return hi
	case surface.Right:
		return lo
	}
	return 2 * math.Min(lo, hi)
}

// alignStart is where a run of width w anchored at x by a begins.
func alignStart(x, w float64, a surface.HAlign) float64 {
	switch a {
	case surface.Center:
		return x - w/2
	case surface.Right:
		return x - w
	}
	return x
}

// turned is the bounding box of r turned by deg degrees clockwise about (cx, cy).
func turned(r surface.Rect, cx, cy, deg float64) surface.Rect {
	if deg == 0 {
		return r
	}
	pts := corners(r, cx, cy, deg)
	x0, y0, x1, y1 := pts[0].X, pts[0].Y, pts[0].X, pts[0].Y
	for _, p := range pts[1:] {
		x0, y0, x1, y1 = math.Min(x0, p.X), math.Min(y0, p.Y), math.Max(x1, p.X), math.Max(y1, p.Y)
	}
	return surface.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

// corners are r's corners turned by deg degrees clockwise about (cx, cy).
func corners(r surface.Rect, cx, cy, deg float64) []surface.Pt {
	sin, cos := math.Sincos(deg * math.Pi / 180)
	pts := []surface.Pt{{X: r.X, Y: r.Y}, {X: r.X + r.W, Y: r.Y}, {X: r.X + r.W, Y: r.Y + r.H}, {X: r.X, Y: r.Y + r.H}}
	for i, p := range pts {
		dx, dy := p.X-cx, p.Y-cy
		pts[i] = surface.Pt{X: cx + dx*cos - dy*sin, Y: cy + dx*sin + dy*cos}
	}
	return pts
}

// drawPlaced draws the elements placed by position, in order.
func (f *Face) drawPlaced(s surface.Surface, box surface.Rect) error {
	for _, p := range f.placed(s, box) {
		sl := p.slot
		lw := sl.LineWidth
		switch sl.Kind {
		case ElemSymbol:
			if err := f.drawSymbol(s, p.frame, p.colour); err != nil {
				return err
			}
		case ElemImage:
			if sl.Art != nil {
				sl.Art.Draw(s, p.frame, art.Contain)
				continue
			}
			if err := s.Image(sl.Image, p.frame.X, p.frame.Y, p.frame.W, p.frame.H); err != nil {
				return fmt.Errorf("counter image: %w", err)
			}
		case ElemBox:
			if lw <= 0 {
				lw = 0.5
			}
			mode := surface.Stroke
			if sl.HasFill {
				s.SetFill(sl.Fill)
				mode = surface.FillStroke
			}
			s.SetStroke(p.colour, lw)
			s.Rect(p.frame.X, p.frame.Y, p.frame.W, p.frame.H, mode)
		case ElemLine:
			if lw <= 0 {
				lw = 0.5
			}
			s.SetStroke(p.colour, lw)
			s.Line(p.line[0].X, p.line[0].Y, p.line[1].X, p.line[1].Y)
		case ElemParagraph:
			s.SetFill(p.colour)
			drawParagraph(s, p.para, p.frame, p.font, sl.Align)
		default:
			turn := sl.Rotate != 0
			if turn {
				s.Push()
				s.Translate(p.ax, p.ay)
				s.Rotate(sl.Rotate)
				s.Translate(-p.ax, -p.ay)
			}
			if sl.Stars > 0 {
				s.SetFill(p.colour)
				for i := 0; i < sl.Stars; i++ {
					s.Star(p.stars.x+p.stars.step*(float64(i)+0.5), p.ay, p.stars.r, 5, surface.Fill)
				}
			} else {
				if sl.Box != "" {
					f.drawTextFrame(s, p, lw)
				}
				s.SetFill(p.colour)
				s.Text(p.ax, p.ay, sl.Text, p.font, surface.Align{H: sl.Align, V: surface.Middle})
			}
			if turn {
				s.Pop()
			}
		}
	}
	return nil
}

// drawTextFrame draws the circle, square or rounded box around a placed text (unturned: the caller turns).
func (f *Face) drawTextFrame(s surface.Surface, p placedPart, lw float64) {
	if lw <= 0 {
		lw = math.Max(0.3, p.font.Size/20)
	}
	mode := surface.Stroke
	if p.slot.HasFill {
		s.SetFill(p.slot.Fill)
		mode = surface.FillStroke
	}
	s.SetStroke(p.colour, lw)
	r := p.frame
	switch p.slot.Box {
	case "circle":
		s.Circle(r.X+r.W/2, r.Y+r.H/2, r.W/2, mode)
	case "rounded":
		s.DrawPath(roundedRect(r, math.Min(r.W, r.H)*0.3), mode)
	default:
		s.Rect(r.X, r.Y, r.W, r.H, mode)
	}
}

// roundedRect is a rectangle with corners of radius rad.
func roundedRect(r surface.Rect, rad float64) *surface.Path {
	k := rad * 0.5523 // a quarter circle as a cubic
	x0, y0, x1, y1 := r.X, r.Y, r.X+r.W, r.Y+r.H
	return surface.NewPath().MoveTo(x0+rad, y0).LineTo(x1-rad, y0).
		CurveTo(x1-rad+k, y0, x1, y0+rad-k, x1, y0+rad).LineTo(x1, y1-rad).
		CurveTo(x1, y1-rad+k, x1-rad+k, y1, x1-rad, y1).LineTo(x0+rad, y1).
		CurveTo(x0+rad-k, y1, x0, y1-rad+k, x0, y1-rad).LineTo(x0, y0+rad).
		CurveTo(x0, y0+rad-k, x0+rad-k, y0, x0+rad, y0).Close()
}

// Problem is a placed element a face cannot print as its layout asks: off the face, or a text too long for
// its room even at the smallest size muster prints (for a paragraph, its least size).
type Problem struct {
	Kind string // "off-face" or "fit"
	Text string // the element's text, "" for a drawing
	What string // what the element draws: "text", "paragraph", "symbol", "image", "box", "line", "stars"
	At   diag.Pos
	// Source is where the content writes the element's text when that is not the layout (Slot.Source).
	Source diag.Pos
	// A paragraph that does not fit: the least size it may print at, and the height it takes there against
	// its box's (Need is +Inf for a text too long to lay out).
	Least, Need, Room float64
}

// Problems lists the placed elements of the face that run off it (past its outline by more than tolerance
// points) or whose text does not fit its room, on a counter w wide and h high.
func (f *Face) Problems(m Measurer, w, h, tolerance float64) []Problem {
	box := surface.Rect{W: w, H: h}
	var out []Problem
	for _, p := range f.placed(m, box) {
		sl := p.slot
		what := sl.Kind
		switch {
		case what == ElemText && sl.Stars > 0:
			what = "stars"
		case what == ElemText:
			what = "text"
		}
		if !p.fits {
			pr := Problem{Kind: "fit", Text: sl.Text, What: what, At: sl.At, Source: sl.Source}
			if p.para != nil {
				pr.Least, pr.Need, pr.Room = p.para.Size, p.para.Need, p.frame.H
			}
			out = append(out, pr)
		}
		var pts []surface.Pt
		switch sl.Kind {
		case ElemLine:
			pts = p.line[:]
		case ElemText:
			pts = corners(p.frame, p.ax, p.ay, sl.Rotate)
			if sl.Box == "circle" {
				// The circle's extremes, not its bounding box's corners.
				c := surface.Pt{X: p.frame.X + p.frame.W/2, Y: p.frame.Y + p.frame.H/2}
				rad := p.frame.W / 2
				pts = []surface.Pt{{X: c.X - rad, Y: c.Y}, {X: c.X + rad, Y: c.Y}, {X: c.X, Y: c.Y - rad}, {X: c.X, Y: c.Y + rad}}
				for i := range pts {
					pts[i] = corners(surface.Rect{X: pts[i].X, Y: pts[i].Y}, p.ax, p.ay, sl.Rotate)[0]
				}
			}
		default:
			pts = corners(p.frame, p.ax, p.ay, 0)
		}
		for _, pt := range pts {
			if !shape.Contains(f.Shape, box, pt, tolerance) {
				out = append(out, Problem{Kind: "off-face", Text: sl.Text, What: what, At: sl.At, Source: sl.Source})
				break
			}
		}
	}
	return out
}
