package validate

import (
	"errors"
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/art"
)

// mapArtCheck reads the art of painted maps as the printers will (content.ReadArt and print/art: SVG art
// checked and parsed, a raster image's header read), decodes a raster image's pixels too, and works out where
// each background lies on its grid with the arithmetic the printers and exporters use
// (content.Map.ArtPlacement), so that art that cannot be drawn, or would not lie on its grid, is a validate
// error at the content that names it.
var mapArtCheck = &Check{
	Name:  "map-art",
	Stage: StageCheck,
	Doc: fmt.Sprintf("a painted map's art can be drawn and lies on its grid\n\n"+
		"A map's background and a terrain's tile are files inside the package of at most %d MB: PNG, JPEG or GIF images of at most %d megapixels whose pixels decode, "+
		"or SVG art the printers can draw as the assets check says (missing, outside, unreadable, too-large, format, size, corrupt, and the SVG's own codes). "+
		"The background is placed by one cell's centre and the cell size in image pixels (SVG units; across flats for hexes), by two reference cells and their centres, or spans the grid's cells: "+
		"a reference cell must be on the grid (cell), and two must give one positive scale, the same across and down within %g%% (scale; art is never stretched, turned or mirrored); "+
		"placed so, the art must cover the grid's cells and reach no more than half a cell past them (fit: how far off it is, in pixels, cells and points, and at which corner). "+
		"Warnings: the terrain fills are drawn opaque over every cell and hide the art (hidden: show: {fills: false}, or a fillOpacity); "+
		"a PNG of 4 megapixels or more with transparency, 16-bit colour or interlacing, which every PDF must decode and encode again (slow).",
		content.MaxArtBytes>>20, content.MaxImagePixels>>20, 100*content.MaxArtStretch),
	Applies: func(pkg *content.Package) bool {
		for _, m := range pkg.Maps() {
			if m.Background != nil {
				return true
			}
		}
		if pkg.System != nil {
			for _, t := range pkg.System.Terrain {
				if t.Tile != nil {
					return true
				}
			}
		}
		return false
	},
	Package: func(p *Pass) {
		a := pictureFiles{pass: p, mapArt: true, seen: map[string]pictureResult{}}
		for _, m := range p.Pkg.Maps() {
			if m.Background != nil {
				a.background(m)
			}
		}
		if sys := p.Pkg.System; sys != nil {
			for i, t := range sys.Terrain {
				if t.Tile == nil {
					continue
				}
				ptr := fmt.Sprintf("/terrain/%d/tile", i)
				a.read(sys.Doc, ptr+"/image", t.Tile.Image, "the tile of terrain "+t.ID)
				if t.Tile.Size != nil && !(t.Tile.Size.Points > 0) {
					p.Errorf(docPos(sys.Doc, ptr+"/size", t.At), "tile-size", "the tile of terrain %s has a size of %s: a tile is drawn some width above 0", t.ID, t.Tile.Size).Hint =
						"write the width one tile is drawn at on the map, such as size: 0.25in"
				}
			}
		}
	},
}

// slowArtPixels is the size from which art the PDF cannot copy as it is (see surface.PDFCopiesPNG) is worth
// a warning: 4 megapixels take a second and more to decode and encode again.
const slowArtPixels = 4 << 20

// background checks a map's background: its image, its placement on the grid and how it covers the grid.
func (a *pictureFiles) background(m *content.Map) {
	p := a.pass
	pic := a.read(m.Doc, "/background/image", m.Background.Image, "map "+m.ID+"'s background")
	g, err := m.Geometry()
	if err != nil {
		return // map-grid reports it
	}
	at := docPos(m.Doc, "/background", m.At)
	if pic == nil {
		if g.Type == content.GridOpen {
			p.Errorf(at, "placement", "map %s: an open tabletop takes no background image: muster places art by the cells of a hex or square grid", m.ID)
		}
		return
	}
	pl, err := m.ArtPlacement(g, pic.Width, pic.Height)
	var ae *content.ArtError
	if errors.As(err, &ae) {
		e := p.Errorf(docPos(m.Doc, ae.Ptr, at), ae.Code, "map %s's background: %s", m.ID, ae.Msg)
		e.Hint = ae.Hint
		if ae.Code == "cell" && e.Hint == "" {
			if n := m.Doc.Node(ae.Ptr); n != nil {
				if set, err := content.NewMapSet(m, p.Pkg.System); err == nil {
					if s := set.Suggest(n.Value); s != "" {
						e.Hint = fmt.Sprintf("did you mean %s?", s)
					}
				}
			}
		}
		return
	}
	if err != nil {
		p.Errorf(at, "placement", "map %s's background: %v", m.ID, err)
		return
	}
	checkArtFit(p, m, g, pl, pic, at)
	if l := m.Layers(); l.Fills && l.FillOpacity == 1 && everyCellHasTerrain(m, g, p.Pkg.System) {
		p.Warnf(at, "hidden", "map %s: its terrain fills are drawn opaque over every cell and hide the background art", m.ID).Hint =
			"hide them (show: {fills: false}) or let the art show through (show: {fillOpacity: 0.3})"
	}
}

// everyCellHasTerrain reports whether every cell of a map has a terrain (a cell with none shows the art).
func everyCellHasTerrain(m *content.Map, g *content.Geometry, sys *content.System) bool {
	for _, t := range m.CellTerrain(g, sys) {
		if t == "" {
			return false
		}
	}
	return true
}

// checkArtFit reports art that does not cover the grid's cells, or reaches more than half a cell past them:
// art of another size than the grid it declares (or placed wrong).
func checkArtFit(p *Pass, m *content.Map, g *content.Geometry, pl content.ArtPlacement, pic *art.Picture, at diag.Pos) {
	fit := g.ArtFit(pl, pic.Width, pic.Height)
	if g.Net != nil {
		checkNetworkArtFit(p, m, pic, fit, at)
		return
	}
	tol := math.Max(2, 0.02*fit.CellPixels) // pixels: rounding, and a sliver no one sees
	unit, units := "hex", "hexes"
	if g.Type == content.GridSquare {
		unit, units = "square", "squares"
	}
	amount := func(px float64) string {
		cells := px / fit.CellPixels
		u := units
		if math.Abs(cells-1) < 0.05 || cells < 1 {
			u = unit
		}
		return fmt.Sprintf("%.0f px (%.1f %s, %.1f pt)", px, cells, u, px*pl.Scale)
	}
	sides := []artSide{{"left", fit.Left}, {"top", fit.Top}, {"right", fit.Right}, {"bottom", fit.Bottom}}
	var short, long []artSide
	for _, s := range sides {
		switch {
		case s.off < -tol:
			short = append(short, s)
		case s.off > fit.CellPixels/2+tol:
			long = append(long, s)
		}
	}
	if len(short) == 0 && len(long) == 0 {
		return
	}
	b := g.Bounds()
	needW, needH := b.Width()/pl.Scale, b.Height()/pl.Scale
	// How many cells the image holds at this scale: the inverse of the grid's bounds for cols x rows.
	wc, hc := pic.Width/fit.CellPixels, pic.Height/fit.CellPixels
	cols, rows := wc, hc
	if g.Type == content.GridHex {
		if g.Hex.Orientation == grid.FlatTop {
			cols, rows = (wc*math.Sqrt(3)-0.5)/1.5, hc-0.5
		} else {
			cols, rows = wc-0.5, (hc*math.Sqrt(3)-0.5)/1.5
		}
	}
	var parts []string
	for i, s := range short {
		its := "the grid's"
		if i > 0 {
			its = "its"
		}
		parts = append(parts, fmt.Sprintf("%s short of %s %s edge", amount(-s.off), its, s.name))
	}
	msg := ""
	if len(short) > 0 {
		msg = "the art ends " + strings.Join(parts, " and ") + artCorner(short)
	}
	parts = parts[:0]
	for i, s := range long {
		its := "the grid's"
		if i > 0 || len(short) > 0 {
			its = "its"
		}
		parts = append(parts, fmt.Sprintf("%s past %s %s edge", amount(s.off), its, s.name))
	}
	if len(long) > 0 {
		if msg != "" {
			msg += ", and runs "
		} else {
			msg = "the art runs "
		}
		msg += strings.Join(parts, " and ") + " (what lies past the map's frame is not printed)"
	}
	e := p.Errorf(at, "fit", "map %s's background is not the size of its grid: %s; the image is %.0f x %.0f px, and placed as given the grid's %d x %d %s take %.0f x %.0f px from pixel (%.0f, %.0f)",
		m.ID, msg, pic.Width, pic.Height, g.Cols, g.Rows, units, needW, needH, fit.Left, fit.Top)
	e.Hint = fmt.Sprintf("at %.4g px a %s the image holds about %.1f x %.1f %s: check the grid's cols and rows, and the placement (centre and cellSize, or the reference cells)",
		fit.CellPixels, unit, cols, rows, units)
}

// checkNetworkArtFit reports art that does not cover an area or point-to-point map's frame, or runs far past
// it (more than 2% of the image's size): art of other proportions than the map's, or placed wrong.
func checkNetworkArtFit(p *Pass, m *content.Map, pic *art.Picture, fit content.ArtFit, at diag.Pos) {
	tol := math.Max(2, 0.005*math.Max(pic.Width, pic.Height))
	var short, long []string
	for _, s := range []artSide{{"left", fit.Left}, {"top", fit.Top}, {"right", fit.Right}, {"bottom", fit.Bottom}} {
		switch {
		case s.off < -tol:
			short = append(short, fmt.Sprintf("%.0f px short of its %s edge", -s.off, s.name))
		case s.off > 4*tol:
			long = append(long, fmt.Sprintf("%.0f px past its %s edge", s.off, s.name))
		}
	}
	if len(short) == 0 && len(long) == 0 {
		return
	}
	e := p.Errorf(at, "fit", "map %s's background does not fit the map: the art ends %s", m.ID, strings.Join(append(short, long...), ", "))
	if len(short) == 0 {
		e.Message = fmt.Sprintf("map %s's background does not fit the map: the art runs %s", m.ID, strings.Join(long, ", "))
	}
	e.Hint = fmt.Sprintf("the image is %.0f x %.0f px: give it the map's proportions (%s x %s), or place it by two reference places",
		pic.Width, pic.Height, m.Grid.Width, m.Grid.Height)
}

// artSide is an edge of the grid and how far the art reaches past it (negative: short of it), in pixels.
type artSide struct {
	name string
	off  float64
}

// artCorner names the corner of the grid the art does not reach, from the edges it ends short of.
func artCorner(short []artSide) string {
	var h, v []string
	for _, s := range short {
		if s.name == "left" || s.name == "right" {
			h = append(h, s.name)
		} else {
			v = append(v, s.name)
		}
	}
	switch {
	case len(h) == 1 && len(v) == 1:
		return ", at its " + v[0] + "-" + h[0] + " corner"
	case len(h) == 1 && len(v) == 0:
		return fmt.Sprintf(", from its top-%[1]s to its bottom-%[1]s corner", h[0])
	case len(v) == 1 && len(h) == 0:
		return fmt.Sprintf(", from its %[1]s-left to its %[1]s-right corner", v[0])
	case len(h)+len(v) == 4:
		return ", at all four of its corners"
	}
	return ""
}
