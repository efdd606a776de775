package check

import (
	"strconv"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
)

const (
	classHexGrid    = "VASSAL.build.module.map.boardPicker.board.HexGrid"
	classSquareGrid = "VASSAL.build.module.map.boardPicker.board.SquareGrid"
	classZonedGrid  = "VASSAL.build.module.map.boardPicker.board.ZonedGrid"
	classRegionGrid = "VASSAL.build.module.map.boardPicker.board.RegionGrid"
	classRegion     = "VASSAL.build.module.map.boardPicker.board.Region"
	classZone       = "VASSAL.build.module.map.boardPicker.board.mapgrid.Zone"
	classHexNum     = "VASSAL.build.module.map.boardPicker.board.mapgrid.HexGridNumbering"
	classSqNum      = "VASSAL.build.module.map.boardPicker.board.mapgrid.SquareGridNumbering"
)

// mapInfo is a map's name and boards, for the references pieces and set-up stacks make.
type mapInfo struct {
	name   string
	el     *buildfile.Element
	boards map[string]*boardInfo
	bp     *buildfile.Element
}

// boardInfo is a board: its size and its grid as VASSAL computes locations on it.
type boardInfo struct {
	name  string
	w, h  int
	sized bool
	grid  gridnum.Grid // nil: no grid, or one that could not be read
}

// collectMap reads a map's boards and grids, and remembers which set-up stacks are on it.
func (c *checker) collectMap(el *buildfile.Element, p string) {
	if c.maps == nil {
		c.maps = map[string]*mapInfo{}
	}
	name := el.Attr("mapName")
	if _, dup := c.maps[name]; dup && name != "" {
		c.errorf(CodeMap, el, p, "two maps are named %q: pieces sent there would find only one", name)
	}
	mi := &mapInfo{name: name, el: el, boards: map[string]*boardInfo{}}
	c.maps[name] = mi
	for _, ch := range el.Children {
		if ch.Class != classBP {
			continue
		}
		mi.bp = ch
		bpPath := p + "/" + ch.Label()
		for _, b := range ch.Children {
			if b.Class != classBoard {
				continue
			}
			c.collectBoard(mi, b, bpPath+"/"+b.Label())
		}
	}
	if mi.bp != nil && len(mi.boards) == 0 {
		c.errorf(CodeMap, mi.bp, p+"/"+mi.bp.Label(), "the map has no boards")
	}
}

func (c *checker) mapOf(bp *buildfile.Element) *mapInfo {
	for _, mi := range c.maps {
		if mi.bp == bp {
			return mi
		}
	}
	return nil
}

func (c *checker) collectBoard(mi *mapInfo, b *buildfile.Element, p string) {
	bi := &boardInfo{name: b.Attr("name")}
	if _, dup := mi.boards[bi.name]; dup {
		c.errorf(CodeMap, b, p, "the map has two boards named %q", bi.name)
	}
	mi.boards[bi.name] = bi
	if img := b.Attr("image"); img != "" {
		if c.needImage(b, p, img, "board image") {
			bi.w, bi.h, bi.sized = c.imageSize(b, p, img)
		}
	} else {
		w, err1 := strconv.Atoi(attrOr(b, "width", "500"))
		h, err2 := strconv.Atoi(attrOr(b, "height", "500"))
		if err1 != nil || err2 != nil || w <= 0 || h <= 0 {
			c.errorf(CodeAttr, b, p, "a board without an image needs a width and height in pixels")
		} else {
			bi.w, bi.h, bi.sized = w, h, true
		}
	}
	for _, g := range b.Children {
		gp := p + "/" + g.Label()
		bi.grid = c.gridOf(g, gp, gridnum.Size{W: bi.w, H: bi.h}, bi)
	}
}

func attrOr(e *buildfile.Element, name, def string) string {
	if v, ok := e.Get(name); ok {
		return v
	}
	return def
}

// gridOf reads a grid element into VASSAL's arithmetic; nil when it cannot (reported).
func (c *checker) gridOf(g *buildfile.Element, p string, container gridnum.Size, bi *boardInfo) gridnum.Grid {
	switch g.Class {
	case classHexGrid, classSquareGrid:
		var numEl *buildfile.Element
		for _, ch := range g.Children {
			if ch.Class == classHexNum || ch.Class == classSqNum {
				numEl = ch
			}
		}
		n := gridnum.DefaultNumbering()
		if numEl != nil {
			var err error
			if n, err = gridnum.NumberingFromAttrs(numEl.Get); err != nil {
				c.errorf(CodeAttr, numEl, p+"/"+numEl.Label(), "%v", err)
				return nil
			}
		}
		var out gridnum.Grid
		var x0, y0 int
		if g.Class == classHexGrid {
			h, err := gridnum.HexFromAttrs(g.Get, n, container)
			if err != nil {
				c.errorf(CodeAttr, g, p, "%v", err)
				return nil
			}
			out, x0, y0 = h, h.X0, h.Y0
			if h.Sideways {
				x0, y0 = h.Y0, h.X0
			}
		} else {
			s, err := gridnum.SquareFromAttrs(g.Get, n, container)
			if err != nil {
				c.errorf(CodeAttr, g, p, "%v", err)
				return nil
			}
			out, x0, y0 = s, s.X0, s.Y0
		}
		if bi != nil && bi.sized && (x0 < 0 || y0 < 0 || x0 >= bi.w || y0 >= bi.h) {
			c.errorf(CodeGrid, g, p, "the grid's first cell is at %d,%d, outside the %dx%d board image", x0, y0, bi.w, bi.h)
		}
		if numEl == nil {
			return nil // no numbering: no location names
		}
		return out
	case classZonedGrid:
		zg := &gridnum.Zoned{}
		for _, ch := range g.Children {
			cp := p + "/" + ch.Label()
			switch ch.Class {
			case classHexGrid, classSquareGrid, classRegionGrid:
				zg.Background = c.gridOf(ch, cp, container, bi)
			}
		}
		for _, ch := range g.Children {
			if ch.Class != classZone {
				continue
			}
			cp := p + "/" + ch.Label()
			poly, err := gridnum.ParsePath(ch.Attr("path"))
			if err != nil {
				c.errorf(CodeAttr, ch, cp, "path: %v", err)
				continue
			}
			z := gridnum.Zone{Name: ch.Attr("name"), Poly: poly, LocationFormat: attrOr(ch, "locationFormat", "$name$")}
			if bi != nil && bi.sized {
				for _, q := range poly {
					if q.X < 0 || q.Y < 0 || q.X > bi.w || q.Y > bi.h {
						c.errorf(CodeGrid, ch, cp, "the zone reaches %d,%d, outside the %dx%d board image", q.X, q.Y, bi.w, bi.h)
						break
					}
				}
			}
			if ch.Attr("useParentGrid") == "true" {
				z.Grid = zg.Background
			} else {
				size := zoneSize(poly)
				for _, zc := range ch.Children {
					switch zc.Class {
					case classHexGrid, classSquareGrid, classRegionGrid:
						z.Grid = c.gridOf(zc, cp+"/"+zc.Label(), size, bi)
					}
				}
			}
			zg.Zones = append(zg.Zones, z)
		}
		return zg
	case classRegionGrid:
		var rs gridnum.Regions
		for _, ch := range g.Children {
			if ch.Class != classRegion {
				continue
			}
			x, err1 := strconv.Atoi(ch.Attr("originx"))
			y, err2 := strconv.Atoi(ch.Attr("originy"))
			if err1 != nil || err2 != nil {
				c.errorf(CodeAttr, ch, p+"/"+ch.Label(), "a region's originx and originy must be whole numbers")
				continue
			}
			rs = append(rs, gridnum.Region{Name: ch.Attr("name"), At: gridnum.Point{X: x, Y: y}})
		}
		return rs
	}
	return nil
}

func zoneSize(poly []gridnum.Point) gridnum.Size {
	if len(poly) == 0 {
		return gridnum.Size{}
	}
	x0, y0, x1, y1 := poly[0].X, poly[0].Y, poly[0].X, poly[0].Y
	for _, q := range poly {
		x0, y0, x1, y1 = min(x0, q.X), min(y0, q.Y), max(x1, q.X), max(y1, q.Y)
	}
	return gridnum.Size{W: x1 - x0, H: y1 - y0}
}

// setupStack checks that a set-up stack's board exists and its place resolves onto it.
func (c *checker) setupStack(el *buildfile.Element, p string, parent *buildfile.Element) {
	if parent == nil || !mapLike[parent.Class] {
		return // in a folder: its map is an ancestor further up; not checked
	}
	mi := c.maps[parent.Attr("mapName")]
	if mi == nil {
		return
	}
	if len(el.Children) == 0 {
		c.warnf(CodeMap, el, p, "the set-up stack holds no pieces")
	}
	owner := el.Attr("owningBoard")
	var bi *boardInfo
	if owner != "" {
		if bi = mi.boards[owner]; bi == nil {
			c.errorf(CodeGrid, el, p, "owning board %q is not a board of map %s", owner, mi.name)
			return
		}
	}
	if el.Attr("useGridLocation") == "true" {
		if bi == nil {
			c.errorf(CodeGrid, el, p, "a set-up stack placed by grid location needs an owning board")
			return
		}
		if bi.grid == nil {
			c.errorf(CodeGrid, el, p, "board %s has no grid numbering to find location %q on", bi.name, el.Attr("location"))
			return
		}
		loc := el.Attr("location")
		pt, err := bi.grid.Location(loc)
		if err != nil {
			c.errorf(CodeGrid, el, p, "location %q is not a cell of board %s's grid", loc, bi.name)
			return
		}
		if bi.sized && (pt.X < 0 || pt.Y < 0 || pt.X >= bi.w || pt.Y >= bi.h) {
			c.errorf(CodeGrid, el, p, "location %q is at %d,%d, off the %dx%d board %s", loc, pt.X, pt.Y, bi.w, bi.h, bi.name)
		}
		return
	}
	x, err1 := strconv.Atoi(attrOr(el, "x", "0"))
	y, err2 := strconv.Atoi(attrOr(el, "y", "0"))
	if err1 != nil || err2 != nil {
		c.errorf(CodeAttr, el, p, "x and y must be whole numbers")
		return
	}
	if bi != nil && bi.sized && (x < 0 || y < 0 || x >= bi.w || y >= bi.h) {
		c.errorf(CodeGrid, el, p, "the stack is at %d,%d, off the %dx%d board %s", x, y, bi.w, bi.h, bi.name)
	}
}

// BoardGrid reads the grid of a Board element as VASSAL computes locations on it, the board's image being w x
// h pixels. The grid is nil, with diagnostics, when it cannot be read; nil without diagnostics when the
// board has no grid or its grid no numbering.
func BoardGrid(board *buildfile.Element, w, h int) (gridnum.Grid, diag.List) {
	c := &checker{name: "module"}
	bi := &boardInfo{name: board.Attr("name"), w: w, h: h, sized: true}
	var g gridnum.Grid
	for _, ch := range board.Children {
		g = c.gridOf(ch, board.Label()+"/"+ch.Label(), gridnum.Size{W: w, H: h}, bi)
	}
	return g, c.res.Diags
}
