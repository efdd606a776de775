package maps

import (
	"errors"
	"fmt"
	"math"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/surface"
)

// Painted maps: a board's background art under its grid, placed as content.Map.ArtPlacement says, and terrain
// tiles that fill cells instead of colours. The art is read when the drawing is prepared (a file validate
// passed is there to read), and drawn on every page that shows it: the PDF embeds each image once, however
// many pages and cells draw it.

// boardArt is one board's background: its picture and where it lies on the board's own grid.
type boardArt struct {
	board *content.Board
	pic   *art.Picture
	place content.ArtPlacement
}

// tileArt is a terrain's tile: its picture and the size one tile is drawn at, in points.
type tileArt struct {
	pic  *art.Picture
	w, h float64
}

// drawImage draws a picture of a map's art (a background, a terrain tile) into r, which has the picture's
// proportions: a raster image's pixels, SVG art's viewBox (drawn as vectors, one form a size).
func drawImage(s surface.Surface, pic *art.Picture, r surface.Rect) error {
	return pic.Draw(s, r, art.Contain)
}

// readPicture reads a picture of a map's art, named by the value at ptr of doc, as validate's map-art check
// reads it.
func readPicture(pkg *content.Package, doc *content.Document, ptr, file string) (*art.Picture, error) {
	data, err := pkg.ReadArt(doc, ptr, file)
	if err != nil {
		return nil, err
	}
	pic, problems := art.Read(data)
	if pic == nil {
		return nil, errors.New(art.FirstError(problems).String())
	}
	return pic, nil
}

// readArt reads the boards' backgrounds and the terrain tiles the drawing's cells use, and settles each
// board's layers.
func (d *Drawing) readArt(pkg *content.Package) error {
	d.layers = map[*content.Board]content.MapLayers{}
	for _, b := range d.Set.Boards {
		d.layers[b] = b.Map.Layers()
		bg := b.Map.Background
		if bg == nil {
			continue
		}
		pic, err := readPicture(pkg, b.Map.Doc, "/background/image", bg.Image)
		if err != nil {
			return fmt.Errorf("map %s: background %s: %w", b.Map.ID, bg.Image, err)
		}
		pl, err := b.Map.ArtPlacement(b.Geo, pic.Width, pic.Height)
		if err != nil {
			return fmt.Errorf("map %s: background %s: %w", b.Map.ID, bg.Image, err)
		}
		d.art = append(d.art, boardArt{board: b, pic: pic, place: pl})
	}
	if d.Sys == nil || d.Set.Type == content.GridOpen {
		return nil
	}
	used := map[string]bool{}
	for row := 0; row < d.Set.Rows; row++ {
		for col := 0; col < d.Set.Cols; col++ {
			used[d.Set.Terrain(grid.Cell{Col: col, Row: row})] = true
		}
	}
	for i := range d.Sys.Terrain {
		t := &d.Sys.Terrain[i]
		if t.Tile == nil || !used[t.ID] {
			continue
		}
		pic, err := readPicture(pkg, d.Sys.Doc, fmt.Sprintf("/terrain/%d/tile/image", i), t.Tile.Image)
		if err != nil {
			return fmt.Errorf("terrain %s: tile %s: %w", t.ID, t.Tile.Image, err)
		}
		w := d.cell
		if t.Tile.Size != nil && t.Tile.Size.Points > 0 {
			w = t.Tile.Size.Points
		}
		if d.tiles == nil {
			d.tiles = map[string]*tileArt{}
		}
		d.tiles[t.ID] = &tileArt{pic: pic, w: w, h: w * pic.Height / pic.Width}
	}
	return nil
}

// layersAt are the layers of the board a set cell lies on.
func (d *Drawing) layersAt(c grid.Cell) content.MapLayers {
	b, _ := d.Set.BoardAt(c)
	return d.layersOf(b)
}

func (d *Drawing) layersOf(b *content.Board) content.MapLayers {
	if l, ok := d.layers[b]; ok {
		return l
	}
	return content.MapLayers{Grid: true, Labels: true, Fills: true, Hexsides: true, Paths: true, FillOpacity: 1}
}

// anyLayer reports whether some board of the drawing shows a layer.
func (d *Drawing) anyLayer(show func(content.MapLayers) bool) bool {
	for _, b := range d.Set.Boards {
		if show(d.layersOf(b)) {
			return true
		}
	}
	return false
}

// hasArt reports whether a board has a background.
func (d *Drawing) hasArt(b *content.Board) bool {
	for _, a := range d.art {
		if a.board == b {
			return true
		}
	}
	return false
}

// artTransform is how a board's own grid points become art coordinates: art = (x, y) + (X, Y) when the board
// is not turned, (X, Y) − (x, y) when it is turned by 180°.
func (d *Drawing) artTransform(b *content.Board) (surface.Pt, bool) {
	set := d.centre(b.ToSet(grid.Cell{}))
	local := b.Geo.Centre(grid.Cell{})
	if b.Rotate == 180 {
		return surface.Pt{X: set.X + local.X, Y: set.Y + local.Y}, true
	}
	return surface.Pt{X: set.X - local.X, Y: set.Y - local.Y}, false
}

// ArtPoint is where pixel (u, v) of a board's background lies in the map frame (points from the frame's
// top-left corner, as GridOrigin), and false when the board has none: the exporters and the tests find the
// art's reference cells with it.
func (d *Drawing) ArtPoint(b *content.Board, u, v float64) (surface.Pt, bool) {
	for _, a := range d.art {
		if a.board != b {
			continue
		}
		q := a.place.Point(u, v)
		o, turned := d.artTransform(b)
		if turned {
			return surface.Pt{X: o.X - q.X, Y: o.Y - q.Y}, true
		}
		return surface.Pt{X: o.X + q.X, Y: o.Y + q.Y}, true
	}
	return surface.Pt{}, false
}

// drawBackgrounds draws each board's art, clipped to the map inside its frame line (a single map) or to the
// board's own cells (boards side by side, whose art would run into each other's).
func (d *Drawing) drawBackgrounds(p *pen) {
	s := p.s
	for _, a := range d.art {
		r := surface.Rect{X: a.place.X, Y: a.place.Y, W: a.pic.Width * a.place.Scale, H: a.pic.Height * a.place.Scale}
		o, turned := d.artTransform(a.board)
		x0, y0, x1, y1 := o.X+r.X, o.Y+r.Y, o.X+r.X+r.W, o.Y+r.Y+r.H
		if turned {
			x0, y0, x1, y1 = o.X-r.X-r.W, o.Y-r.Y-r.H, o.X-r.X, o.Y-r.Y
		}
		if !p.visible(x0, y0, x1, y1) {
			continue
		}
		s.Push()
		if len(d.Set.Boards) > 1 {
			s.ClipPath(d.boardOutline(p, a.board))
		} else {
			q := p.pt(d.border/2, d.border/2)
			s.ClipRect(q.X, q.Y, d.mapW-d.border, d.mapH-d.border)
		}
		q := p.pt(o.X, o.Y)
		s.Translate(q.X, q.Y)
		if turned {
			s.Rotate(180)
		}
		err := drawImage(s, a.pic, r)
		s.Pop()
		if err != nil {
			d.noteErr(fmt.Errorf("map %s: background %s: %w", a.board.Map.ID, a.board.Map.Background.Image, err))
		}
	}
}

// boardOutline is the path round a board's cells on the page: each cell's outline, which join into one area.
func (d *Drawing) boardOutline(p *pen, b *content.Board) *surface.Path {
	path := surface.NewPath()
	var poly, buf []surface.Pt
	for row := 0; row < b.Geo.Rows; row++ {
		for col := 0; col < b.Geo.Cols; col++ {
			poly = d.cellPoly(b.ToSet(grid.Cell{Col: col, Row: row}), poly)
			buf = p.poly(poly, buf)
			path.Polygon(buf)
		}
	}
	return path
}

// drawTile fills a cell's outline (round the origin) with a terrain's tile, repeated from the cell's centre.
func drawTile(s surface.Surface, t *tileArt, poly []surface.Pt) error {
	x0, y0, x1, y1 := bbox(poly)
	s.Push()
	defer s.Pop()
	s.ClipPolygon(poly)
	i0, i1 := int(math.Floor(x0/t.w+0.5)), int(math.Ceil(x1/t.w-0.5))
	j0, j1 := int(math.Floor(y0/t.h+0.5)), int(math.Ceil(y1/t.h-0.5))
	for j := j0; j <= j1; j++ {
		for i := i0; i <= i1; i++ {
			r := surface.Rect{X: (float64(i) - 0.5) * t.w, Y: (float64(j) - 0.5) * t.h, W: t.w, H: t.h}
			if err := drawImage(s, t.pic, r); err != nil {
				return err
			}
		}
	}
	return nil
}

// noteErr keeps the first error of drawing the art (pages may be drawn at once), for Render to return.
func (d *Drawing) noteErr(err error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.drawErr == nil {
		d.drawErr = err
	}
}

// Err is the first error drawing the art met (an image the surface could not draw), on any page.
func (d *Drawing) Err() error {
	d.mu.Lock()
	defer d.mu.Unlock()
	return d.drawErr
}
