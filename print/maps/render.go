package maps

import (
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// Render draws every page of the plan (see Layout) onto s.
func (d *Drawing) Render(s surface.Surface, pl Plan) error {
	for i := 0; i < pl.Pages(); i++ {
		d.RenderPage(s, pl, i)
	}
	if err := d.Err(); err != nil {
		return err
	}
	return s.Err()
}

// RenderPage draws page i of the plan: a tile, or the legend page that follows the tiles. An image of the art
// it cannot draw is left out, and its error kept for Render and Err.
func (d *Drawing) RenderPage(s surface.Surface, pl Plan, i int) {
	d.useFonts(s)
	if i >= len(pl.Tiles) {
		// The legend of a map on one large sheet goes on a page of ordinary size.
		if max(pl.Page.W, pl.Page.H) > 17*surface.Inch+1 {
			pl.Page = surface.PaperSize(value.Letter)
		}
		s.BeginPage(pl.Page.W, pl.Page.H)
		d.legendPage(s, pl)
		return
	}
	s.BeginPage(pl.Page.W, pl.Page.H)
	t := pl.Tiles[i]
	f := t.Frame
	s.SetPageBoxes(surface.PageBoxes{Trim: f})
	s.Push()
	s.ClipRect(f.X, f.Y, f.W, f.H)
	p := &pen{s: s, dx: f.X - t.View.X, dy: f.Y - t.View.Y, view: t.View}
	d.drawArt(p)
	if len(pl.Tiles) > 1 {
		d.alignMarks(p, pl)
	}
	s.Pop()
	d.tileMarks(s, pl, t)
	d.tileLabel(s, pl, i)
}

// drawArt draws the map frame and, unless it has a page of its own, the title block and legend.
func (d *Drawing) drawArt(p *pen) {
	d.drawMap(p)
	switch d.strip {
	case stripBelow:
		d.drawStrip(p, 0, d.mapH, d.mapW, true)
	case stripRight:
		d.drawStrip(p, d.mapW, 0, d.stripW, false)
	}
}

// legendPage is a page with the title block, the legend and a plan of the sheets.
func (d *Drawing) legendPage(s surface.Surface, pl Plan) {
	m := pl.Margin + 0.25*surface.Inch
	w := pl.Page.W - 2*m
	p := &pen{s: s, dx: m, dy: m, view: surface.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6}}
	d.drawStrip(p, 0, 0, math.Min(w, 2*rightW), false)
}

// alignMarks draws crosshairs in the overlap between neighbouring tiles, at the same map positions on both,
// so the sheets can be laid one over the other.
func (d *Drawing) alignMarks(p *pen, pl Plan) {
	s := p.s
	art := d.Art()
	if len(pl.Tiles) == 0 {
		return
	}
	vw := pl.Tiles[0].View.W
	vh := pl.Tiles[0].View.H
	every := 3 * surface.Inch
	taken := d.markTaken()
	for c := 1; c < pl.Cols; c++ {
		x := float64(c)*(vw-pl.Overlap) + pl.Overlap/2
		for y := every / 2; y < art.H; y += every {
			crosshair(s, p, x, clearSpot(taken, x, y, false, art.H))
		}
	}
	for r := 1; r < pl.Rows; r++ {
		y := float64(r)*(vh-pl.Overlap) + pl.Overlap/2
		for x := every / 2; x < art.W; x += every {
			crosshair(s, p, clearSpot(taken, x, y, true, art.W), y)
		}
	}
}

// markTaken is what an assembly mark keeps off: the cell ids, marks and names the label placer placed (nil
// where a drawing places none).
func (d *Drawing) markTaken() *boxSet {
	if d.net != nil {
		return nil
	}
	return d.placed().taken
}

// clearSpot moves an assembly crosshair at (x, y) along its line of overlap (along x when alongX, else along y,
// within 0 to limit) to the nearest spot, up to an inch away, where it covers no cell id, mark or name; it stays
// where it is when there is none. Both sheets of an overlap work it out from the same art, so their marks still
// meet.
func clearSpot(taken *boxSet, x, y float64, alongX bool, limit float64) float64 {
	at := y
	if alongX {
		at = x
	}
	if taken == nil {
		return at
	}
	const r = 8.5
	for i := 0; i <= 48; i++ {
		off := float64((i+1)/2) * 1.5
		if i%2 == 1 {
			off = -off
		}
		v := at + off
		if v-r < 0 || v+r > limit {
			continue
		}
		b := box{x - r, v - r, x + r, v + r}
		if alongX {
			b = box{v - r, y - r, v + r, y + r}
		}
		if taken.free(b) {
			return v
		}
	}
	return at
}

func crosshair(s surface.Surface, p *pen, x, y float64) {
	if !p.visible(x-8, y-8, x+8, y+8) {
		return
	}
	q := p.pt(x, y)
	art := surface.Rect{X: -8.5, Y: -8.5, W: 17, H: 17}
	s.Reuse(crosshairKey{}, q.X, q.Y, art, art, func(s surface.Surface, _ surface.Rect) {
		s.SetFill(surface.RGBA(255, 255, 255, 200))
		s.Circle(0, 0, 5.5, surface.Fill)
		s.SetStroke(surface.Black, 0.4)
		s.Circle(0, 0, 4, surface.Stroke)
		s.Line(-8, 0, 8, 0)
		s.Line(0, -8, 0, 8)
	})
}

// crosshairKey names the reused drawing of an alignment crosshair.
type crosshairKey struct{}

// tileMarks draws crop marks at the frame's corners, and a fine cut line along the edges to trim (the left
// edge of every sheet but the first column, the top edge of every sheet but the first row).
func (d *Drawing) tileMarks(s surface.Surface, pl Plan, t Tile) {
	f := t.Frame
	s.SetStroke(surface.Black, 0.3)
	s.SetDash()
	const off, l = 3.0, 9.0
	for _, x := range []float64{f.X, f.X + f.W} {
		for _, y := range []float64{f.Y, f.Y + f.H} {
			dx, dy := -1.0, -1.0
			if x > f.X {
				dx = 1
			}
			if y > f.Y {
				dy = 1
			}
			s.Line(x+dx*off, y, x+dx*(off+l), y)
			s.Line(x, y+dy*off, x, y+dy*(off+l))
		}
	}
	if len(pl.Tiles) == 1 {
		return
	}
	s.SetStroke(surface.RGB(0x60, 0x60, 0x60), 0.3)
	s.SetDash(2, 2)
	if t.Col > 0 {
		s.Line(f.X, f.Y, f.X, f.Y+f.H)
	}
	if t.Row > 0 {
		s.Line(f.X, f.Y, f.X+f.W, f.Y)
	}
	s.SetDash()
}

// tileLabel writes under the frame which sheet this is, what it shows, and how to assemble it.
func (d *Drawing) tileLabel(s surface.Surface, pl Plan, i int) {
	t := pl.Tiles[i]
	x := t.Frame.X + 14
	y := pl.Page.H - pl.Margin - bandH + 3
	w := pl.Page.W - 2*pl.Margin - 28
	n := pl.Pages()
	var l1, l2 string
	if len(pl.Tiles) == 1 {
		l1 = fmt.Sprintf("%s: sheet 1 of %d", d.Title, n)
		l2 = "Print at 100% (actual size, no fit to page)."
		if pl.LegendPage {
			l2 += " The title block and legend are on sheet 2."
		}
	} else {
		v := t.View
		l1 = fmt.Sprintf("%s: sheet %d of %d (row %d, column %d); shows x %s to %s, y %s to %s of the %s x %s drawing",
			d.Title, i+1, n, t.Row+1, t.Col+1, trimInches(v.X/surface.Inch), trimInches((v.X+v.W)/surface.Inch),
			trimInches(v.Y/surface.Inch), trimInches((v.Y+v.H)/surface.Inch), trimInches(d.Art().W/surface.Inch), trimInches(d.Art().H/surface.Inch))
		l2 = fmt.Sprintf("Print at 100%%. %d x %d sheets overlapping by %s: trim each sheet's left and top edges at the crop marks "+
			"(dashed line) and lay it over its neighbour, matching the crosshairs.", pl.Rows, pl.Cols, trimInches(pl.Overlap/surface.Inch))
	}
	s.SetFill(inkColour)
	s.Text(x, y, flow.Truncate(s, l1, labelFont, w), labelFont, surface.Align{V: surface.Top})
	s.Text(x, y+8, flow.Truncate(s, l2, labelFont, w), labelFont, surface.Align{V: surface.Top})
}
