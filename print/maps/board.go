package maps

import (
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/surface"
)

// Digital boards (a VASSAL module's board images) are the map frame alone, drawn with the same code as the
// printed map at true size: no title strip, legend, tiles or crop marks.

// DrawFrame begins a page the size of the map frame (MapFrame) on s and draws the frame on it at true size,
// shifted by (dx, dy) points (a fraction of a pixel, to put the grid's origin on a whole pixel).
func (d *Drawing) DrawFrame(s surface.Surface, dx, dy float64) error {
	d.useFonts(s)
	s.BeginPage(d.mapW, d.mapH)
	p := &pen{s: s, dx: dx, dy: dy, view: surface.Rect{X: -1e6, Y: -1e6, W: 2e6, H: 2e6}}
	d.drawMap(p)
	if err := d.Err(); err != nil {
		return err
	}
	return s.Err()
}

// DrawFrameRegion begins a page the size of r, a region of the map frame in points, on s and draws the part
// of the frame r shows at true size, shifted by (dx, dy) points as DrawFrame shifts it: the pages of regions
// that tile the frame join into the image DrawFrame draws. A board too large for one image (Tabletop
// Simulator reads none above 4,096 pixels) is drawn a region at a time, each looking only at its own cells.
func (d *Drawing) DrawFrameRegion(s surface.Surface, r surface.Rect, dx, dy float64) error {
	d.useFonts(s)
	s.BeginPage(r.W, r.H)
	p := &pen{s: s, dx: dx - r.X, dy: dy - r.Y, view: surface.Rect{X: r.X - dx, Y: r.Y - dy, W: r.W, H: r.H}}
	d.drawMap(p)
	if err := d.Err(); err != nil {
		return err
	}
	return s.Err()
}

// GridOrigin is where the map frame puts the centre of the set's cell (0,0), in points from the frame's
// top-left corner; on an open tabletop, the table's top-left corner.
func (d *Drawing) GridOrigin() (x, y float64) { return d.gx, d.gy }

// PixelOrigin is GridOrigin in pixels at dpi, moved to the nearest whole pixel, and the shift in points that
// DrawFrame needs to draw the grid there.
func (d *Drawing) PixelOrigin(dpi float64) (px, py int, dx, dy float64) {
	k := dpi / surface.Inch
	fx, fy := d.gx*k, d.gy*k
	px, py = int(math.Round(fx)), int(math.Round(fy))
	return px, py, (float64(px) - fx) / k, (float64(py) - fy) / k
}

// FramePixels is the size of the map frame's image at dpi, as the PNG surface rounds it.
func (d *Drawing) FramePixels(dpi float64) (w, h int) {
	k := dpi / surface.Inch
	return max(int(math.Round(d.mapW*k)), 1), max(int(math.Round(d.mapH*k)), 1)
}

// IsTable reports whether the drawing is an open tabletop.
func (d *Drawing) IsTable() bool { return d.Set.Type == content.GridOpen }
