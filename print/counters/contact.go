package counters

import (
	"math"

	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// Contact sheet proportions, in points.
const (
	contactPad    = 9.0  // around the sheet and between designs
	contactGap    = 4.0  // between a design's front and its back
	contactLabel  = 6.0  // the design's id under it
	contactMaxRow = 720. // 10 inches: a row wraps past this width
)

// ContactSheet is every counter design of a mix, front and back side by side with its id beneath, on one
// picture: the whole mix at a glance. Designs come in the order of the counters; a design (its id and shape)
// appears once however many copies the sheets print.
type ContactSheet struct {
	W, H  float64 // the picture's size in points
	cells []contactCell
}

type contactCell struct {
	c    *Counter
	x, y float64 // the front's top-left corner
}

// Contact lays the designs of cs out on a contact sheet; backs says whether their backs print (and show).
func Contact(cs []Counter, backs bool) *ContactSheet {
	sh := &ContactSheet{}
	seen := map[string]bool{}
	var designs []*Counter
	area := 0.0
	cell := func(c *Counter) (w, h float64) {
		w = c.Width()
		if backs {
			w = 2*c.Width() + contactGap
		}
		return w, c.Height() + contactLabel*1.6
	}
	for i := range cs {
		c := &cs[i]
		key := c.Kind + "/" + c.ID + "/" + c.Shape
		if seen[key] {
			continue
		}
		seen[key] = true
		designs = append(designs, c)
		w, h := cell(c)
		area += (w + contactPad) * (h + contactPad)
	}
	// Rows of 10 inches, or wider for a mix so large that the sheet would be far taller than wide.
	maxRow := math.Max(contactMaxRow, math.Sqrt(area))
	x, y, rowH := contactPad, contactPad, 0.0
	for _, c := range designs {
		w, h := cell(c)
		if x > contactPad && x+w > maxRow {
			x, y, rowH = contactPad, y+rowH+contactPad, 0
		}
		sh.cells = append(sh.cells, contactCell{c, x, y})
		sh.W = math.Max(sh.W, x+w+contactPad)
		rowH = math.Max(rowH, h)
		x += w + contactPad
	}
	sh.H = y + rowH + contactPad
	if len(sh.cells) == 0 {
		sh.W, sh.H = 2*contactPad, 2*contactPad
	}
	return sh
}

// Draw draws the contact sheet on one page of its size (scaled down to the largest page a surface makes, for
// a mix of thousands of large designs).
func (sh *ContactSheet) Draw(s surface.Surface, backs bool) error {
	k := math.Min(1, surface.MaxPageSize/math.Max(sh.W, sh.H))
	s.BeginPage(sh.W*k, sh.H*k)
	if k < 1 {
		s.Scale(k, k)
	}
	s.SetFill(surface.White)
	s.Rect(0, 0, sh.W, sh.H, surface.Fill)
	label := surface.Font{Size: contactLabel}
	for _, cl := range sh.cells {
		c := cl.c
		w, h := c.Width(), c.Height()
		faces := []*Face{&c.Front}
		if backs {
			faces = append(faces, &c.Back)
		}
		for k, f := range faces {
			x := cl.x + float64(k)*(w+contactGap)
			if err := f.DrawRect(s, x, cl.y, w, h, 0); err != nil {
				return err
			}
			s.SetStroke(surface.RGB(0xb0, 0xb0, 0xb0), 0.3)
			shape.Draw(s, c.Shape, surface.Rect{X: x, Y: cl.y, W: w, H: h}, 0, surface.Stroke)
		}
		room := w
		if backs {
			room = 2*w + contactGap
		}
		s.SetFill(surface.Black)
		label.Typeface = c.Front.Font // the design's own font, where the package names one
		text := flow.Truncate(s, c.ID, label, room)
		s.Text(cl.x, cl.y+h+contactLabel*1.1, text, label, surface.Align{H: surface.Left, V: surface.Middle})
	}
	return s.Err()
}
