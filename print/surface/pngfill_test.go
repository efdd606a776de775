package surface

import (
	"image"
	stddraw "image/draw"
	"math/rand/v2"
	"testing"

	"github.com/fogleman/gg"
)

// The PNG surface's own rasterising paints what gg paints, byte for byte: fills (nonzero and even-odd, with
// curves, off the page), strokes (each cap and join, thin and wide) and glyph-like quadratic outlines, opaque
// and translucent, with and without a clip, on a page and on a sprite-sized target.
func TestRasterMatchesGG(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	for _, size := range []image.Point{{900, 700}, {90, 70}, {300, 40}} {
		base := image.NewRGBA(image.Rect(0, 0, size.X, size.Y))
		for i := range base.Pix {
			base.Pix[i] = uint8(rng.IntN(256))
		}
		mask := image.NewAlpha(base.Bounds())
		for i := range mask.Pix {
			mask.Pix[i] = []uint8{0, 127, 255, 255, 200}[rng.IntN(5)]
		}
		W, H := float64(size.X), float64(size.Y)
		for n := 0; n < 600; n++ {
			// a shape somewhere on (or partly off) the target, small or large
			scale := []float64{2, 15, 80, 400}[rng.IntN(4)]
			cx, cy := rng.Float64()*W*1.2-W*0.1, rng.Float64()*H*1.2-H*0.1
			var ops []ftOp
			k := 3 + rng.IntN(6)
			for i := 0; i < k; i++ {
				pt := func() gg.Point {
					return gg.Point{X: cx + (rng.Float64()-0.5)*scale, Y: cy + (rng.Float64()-0.5)*scale}
				}
				switch {
				case i == 0:
					ops = append(ops, ftOp{op: segMove, pts: [3]gg.Point{pt()}})
				case rng.IntN(4) == 0:
					ops = append(ops, ftOp{op: segCubic, pts: [3]gg.Point{pt(), pt(), pt()}})
				case rng.IntN(4) == 0:
					ops = append(ops, ftOp{op: segQuad, pts: [3]gg.Point{pt(), pt()}})
				default:
					ops = append(ops, ftOp{op: segLine, pts: [3]gg.Point{pt()}})
				}
				if rng.IntN(5) == 0 {
					ops = append(ops, ftOp{op: segClose})
				}
			}
			c := Color{uint8(rng.IntN(256)), uint8(rng.IntN(256)), uint8(rng.IntN(256)), []uint8{255, 255, 128, 10}[rng.IntN(4)]}
			var m *image.Alpha
			if rng.IntN(3) == 0 {
				m = mask
			}
			stroke := rng.IntN(2) == 0
			nonZero := rng.IntN(2) == 0
			width := []float64{0.3, 1, 2.5, 9}[rng.IntN(4)]
			capi, joini := rng.IntN(3), rng.IntN(2)

			ours := image.NewRGBA(base.Bounds())
			copy(ours.Pix, base.Pix)
			p := NewPNG(PNGOptions{DPI: 72})
			p.target, p.mask = ours, m
			p.fp.reset(stroke, false)
			for _, o := range ops {
				switch o.op {
				case segMove:
					p.fp.moveTo(o.pts[0].X, o.pts[0].Y)
				case segLine:
					p.fp.lineTo(o.pts[0].X, o.pts[0].Y)
				case segQuad:
					p.fp.quadTo(o.pts[0].X, o.pts[0].Y, o.pts[1].X, o.pts[1].Y)
				case segCubic:
					p.fp.cubicTo(o.pts[0].X, o.pts[0].Y, o.pts[1].X, o.pts[1].Y, o.pts[2].X, o.pts[2].Y)
				case segClose:
					p.fp.closePath()
				}
			}
			if stroke {
				p.strokeFT(c, width, LineCap(capi), []LineJoin{RoundJoin, BevelJoin}[joini])
			} else {
				p.fillFT(c, nonZero)
			}

			theirs := image.NewRGBA(base.Bounds())
			copy(theirs.Pix, base.Pix)
			dc := gg.NewContextForRGBA(theirs)
			if m != nil {
				if err := dc.SetMask(m); err != nil {
					t.Fatal(err)
				}
			}
			q := ftPath{keeps: true}
			q.ops = ops
			q.replay(dc)
			dc.SetColor(c)
			if stroke {
				dc.SetLineWidth(width)
				dc.SetLineCap([]gg.LineCap{gg.LineCapButt, gg.LineCapRound, gg.LineCapSquare}[capi])
				dc.SetLineJoin([]gg.LineJoin{gg.LineJoinRound, gg.LineJoinBevel}[joini])
				dc.StrokePreserve()
			} else {
				if nonZero {
					dc.SetFillRuleWinding()
				} else {
					dc.SetFillRuleEvenOdd()
				}
				dc.FillPreserve()
			}
			diff, first := 0, image.Point{-1, -1}
			for i := range ours.Pix {
				if ours.Pix[i] != theirs.Pix[i] {
					if diff == 0 {
						first = image.Pt(i/4%size.X, i/4/size.X)
					}
					diff++
				}
			}
			if diff > 0 {
				t.Errorf("%v target, shape %d (stroke %v w %g cap %d join %d, nonzero %v, clip %v, scale %g at %.0f,%.0f, %v): %d bytes differ, first at %v",
					size, n, stroke, width, capi, joini, nonZero, m != nil, scale, cx, cy, c, diff, first)
			}
		}
	}
}

// over composites a sprite as image/draw's Over does, byte for byte, for every kind of pixel: opaque, clear,
// translucent, and premultiplied values that are not (a clear pixel with colour).
func TestOverMatchesDraw(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	dst := image.NewRGBA(image.Rect(0, 0, 64, 48))
	src := image.NewRGBA(image.Rect(0, 0, 40, 30))
	for i := range dst.Pix {
		dst.Pix[i] = uint8(rng.IntN(256))
	}
	for i := 0; i < len(src.Pix); i += 4 {
		a := []uint8{0, 255, uint8(rng.IntN(256))}[rng.IntN(3)]
		src.Pix[i+3] = a
		for c := 0; c < 3; c++ {
			if a > 0 {
				src.Pix[i+c] = uint8(rng.IntN(int(a) + 1))
			} else if rng.IntN(4) == 0 {
				src.Pix[i+c] = uint8(rng.IntN(256))
			}
		}
	}
	want := image.NewRGBA(dst.Bounds())
	copy(want.Pix, dst.Pix)
	r := image.Rect(9, 7, 45, 33)
	sp := image.Pt(3, 2)
	stddraw.Draw(want, r, src, sp, stddraw.Over)
	over(dst, r, src, sp)
	for i := range dst.Pix {
		if dst.Pix[i] != want.Pix[i] {
			t.Fatalf("byte %d (pixel %d,%d): %d, image/draw gives %d", i, i/4%64, i/4/64, dst.Pix[i], want.Pix[i])
		}
	}
}
