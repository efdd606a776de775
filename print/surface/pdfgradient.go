package surface

import (
	"bytes"
	"fmt"
	"math"
	"regexp"
	"strconv"
)

// A gradient in a PDF is a smooth shading (axial or radial, between two colours) for each band between two
// stops, painted through a clip of the filled path: the first band everywhere (its end colours run on past
// both its ends), each later one only from its first stop outward, over the bands before. fpdf makes the
// shadings (its LinearGradient and RadialGradient); this file paints them with operators of its own.

// shadingKey is one shading of a document: coords in a gradient's normalised space (see gradientPlan).
type shadingKey struct {
	radial bool
	coords [6]float64 // x0 y0 x1 y1 (axial); x0 y0 r0 x1 y1 r1 (radial)
	c0, c1 [3]uint8
}

// shadingPlaceholder is the start point fpdf is given for a radial shading whose start circle is not a point:
// fpdf writes every radial shading as starting from a point, and the document's bytes are mended afterwards
// (patchShadings) to start from the circle.
const shadingPlaceholder = -999999

func (p *PDF) fillGradient(path *Path, g *gradientPlan) {
	// Everything past the path's bounds, in the normalised space, lies within big of its origin.
	toNorm, ok := g.toUser.invert()
	if !ok {
		return
	}
	big := 1.0
	for _, s := range path.segs {
		for _, q := range s.pts {
			u, v := toNorm.Apply(q.X, q.Y)
			big = math.Max(big, math.Max(math.Abs(u), math.Abs(v)))
		}
	}
	big = 2*big + 1
	p.push()
	p.pathOps(path)
	if path.EvenOdd {
		p.b = append(p.b, "W* n"...)
	} else {
		p.b = append(p.b, "W n"...)
	}
	p.flushB()
	p.setAlpha(g.alpha)
	// From here coordinates are the normalised space's, written as they are (flip undoes the page's y flip).
	p.transform(g.toUser.Mul(Matrix{A: 1, D: -1, F: p.fh}))
	for i, bd := range g.bands() {
		k := shadingKey{radial: g.radial, c0: rgb(bd.c0), c1: rgb(bd.c1)}
		if g.radial {
			k.coords = [6]float64{bd.a * g.cx, bd.a * g.cy, bd.a, bd.b * g.cx, bd.b * g.cy, bd.b}
		} else {
			k.coords = [6]float64{bd.a, 0, bd.b, 0}
		}
		for j, v := range k.coords {
			k.coords[j] = roundN(v, 5)
		}
		name := p.shading(k)
		if p.err != nil {
			break
		}
		if i > 0 {
			p.op("q")
			if g.radial { // outside the band's first circle
				rawRect(&p.b, -big, -big, 2*big, 2*big)
				c := NewPath().Circle(k.coords[0], k.coords[1], k.coords[2])
				rawPath(&p.b, c)
				p.b = append(p.b, "W* n"...)
			} else { // past the band's first stop
				rawRect(&p.b, bd.a, -big, big-bd.a+1, 2*big)
				p.b = append(p.b, "W n"...)
			}
			p.flushB()
		}
		p.op(name + " sh")
		if i > 0 {
			p.op("Q")
		}
	}
	p.pop()
}

func rgb(c Color) [3]uint8 { return [3]uint8{c.R, c.G, c.B} }

// shading is the document's name of a shading (/Sh1 ...), made the first time it is asked for. fpdf adds it
// to the document while painting it: it paints it on the document's current page under an empty clip, so
// that it shows nowhere (a form being drawn names it by the document's name, as its alpha; see setAlpha).
func (p *PDF) shading(k shadingKey) string {
	n, ok := p.shadings[k]
	if !ok {
		n = len(p.shadings) + 1 // fpdf numbers the document's gradients from 1
		p.shadings[k] = n
		d := p.doc
		d.RawWriteStr("q 0 0 0 0 re W n")
		c0, c1, x := k.c0, k.c1, k.coords
		if k.radial {
			x0, y0 := x[0], x[1]
			if x[2] != 0 {
				x0, y0 = shadingPlaceholder, shadingPlaceholder
				p.radialStarts[n] = x
			}
			d.RadialGradient(0, 0, 1, 1, int(c0[0]), int(c0[1]), int(c0[2]), int(c1[0]), int(c1[1]), int(c1[2]), x0, y0, x[3], x[4], x[5])
		} else {
			d.LinearGradient(0, 0, 1, 1, int(c0[0]), int(c0[1]), int(c0[2]), int(c1[0]), int(c1[1]), int(c1[2]), x[0], x[1], x[2], x[3])
		}
		d.RawWriteStr("Q")
		if err := d.Error(); err != nil {
			p.setErr(fmt.Errorf("surface: pdf: %w", err))
		}
	}
	return "/Sh" + strconv.Itoa(n)
}

// rawRect appends a rectangle path in the current space, unflipped.
func rawRect(b *[]byte, x, y, w, h float64) {
	*b = rawNum(*b, x)
	*b = append(*b, ' ')
	*b = rawNum(*b, y)
	*b = append(*b, ' ')
	*b = rawNum(*b, w)
	*b = append(*b, ' ')
	*b = rawNum(*b, h)
	*b = append(*b, " re\n"...)
}

// rawPath appends a path in the current space, unflipped.
func rawPath(b *[]byte, path *Path) {
	for _, s := range path.segs {
		switch s.op {
		case segMove, segLine:
			*b = rawNum(*b, s.pts[0].X)
			*b = append(*b, ' ')
			*b = rawNum(*b, s.pts[0].Y)
			if s.op == segMove {
				*b = append(*b, " m\n"...)
			} else {
				*b = append(*b, " l\n"...)
			}
		case segCubic:
			for _, q := range s.pts {
				*b = rawNum(*b, q.X)
				*b = append(*b, ' ')
				*b = rawNum(*b, q.Y)
				*b = append(*b, ' ')
			}
			*b = append(*b, "c\n"...)
		case segClose:
			*b = append(*b, "h\n"...)
		}
	}
}

// rawNum appends v to 6 decimals: the normalised space of a gradient is a few units across.
func rawNum(b []byte, v float64) []byte {
	return strconv.AppendFloat(b, roundN(v, 6), 'f', -1, 64)
}

var (
	shadingRefRe = regexp.MustCompile(`/Sh(\d+) (\d+) 0 R`)
	coordsRe     = regexp.MustCompile(`/Coords \[([^\]]*)\]`)
)

// patchShadings gives the radial shadings that start from a circle their start circle, in place of the
// placeholder point fpdf wrote (see shading); the new coordinates are padded with spaces to the old ones'
// length, so that every byte offset stays valid. Objects are found through the cross-reference table.
func patchShadings(pdf []byte, starts map[int][6]float64) ([]byte, error) {
	if len(starts) == 0 {
		return pdf, nil
	}
	offsets, err := xrefOffsets(pdf)
	if err != nil {
		return nil, err
	}
	if len(offsets) <= 2 || offsets[2] < 0 {
		return nil, fmt.Errorf("surface: pdf: no resource dictionary")
	}
	objOf := map[int]int{}
	for _, m := range shadingRefRe.FindAllSubmatch(objectDict(pdf[offsets[2]:]), -1) {
		n, _ := strconv.Atoi(string(m[1]))
		obj, _ := strconv.Atoi(string(m[2]))
		objOf[n] = obj
	}
	placeholder := []byte(fmt.Sprintf("%.5f %.5f 0 ", float64(shadingPlaceholder), float64(shadingPlaceholder)))
	for n, c := range starts {
		obj, ok := objOf[n]
		if !ok || obj >= len(offsets) || offsets[obj] < 0 {
			return nil, fmt.Errorf("surface: pdf: shading %d is not in the document", n)
		}
		dict := objectDict(pdf[offsets[obj]:])
		loc := coordsRe.FindSubmatchIndex(dict)
		if loc == nil || !bytes.HasPrefix(dict[loc[2]:loc[3]], placeholder) {
			return nil, fmt.Errorf("surface: pdf: shading %d is not as it was made", n)
		}
		old := dict[loc[2]:loc[3]]
		var nb []byte
		for i, v := range c {
			if i > 0 {
				nb = append(nb, ' ')
			}
			nb = strconv.AppendFloat(nb, v, 'f', -1, 64)
		}
		if len(nb) > len(old) {
			return nil, fmt.Errorf("surface: pdf: shading %d: coordinates do not fit", n)
		}
		k := copy(old, nb)
		for i := k; i < len(old); i++ {
			old[i] = ' '
		}
	}
	return pdf, nil
}
