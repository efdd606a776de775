package tts

import (
	"cmp"
	"crypto/sha256"
	"fmt"
	"image"
	"math"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/export/drawn"
	"github.com/muster-wargames/muster/export/internal/pngenc"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// boardImage is one map of the set: a map or board on its own, or a scenario's map set with the scenario's
// zones, entries and objectives drawn on it (its units are tiles of their own). A map wider or taller than
// Tabletop Simulator's largest image is cut into tiles that join edge to edge.
type boardImage struct {
	name     string // the tiles' name in Tabletop Simulator
	stem     string // of the image files
	drawing  *maps.Drawing
	set      *content.MapSet
	scenario *content.Scenario // nil for a map on its own
	at       diag.Pos

	dpi      float64
	w, h     int     // the frame, in pixels
	px0, py0 int     // the pixel of the centre of the set's cell (0,0), or of an open table's top-left corner
	dx, dy   float64 // the drawing's shift that puts the grid there
	tiles    []boardTile
	thumb    []byte    // the saved object's picture
	key      drawn.Key // the whole board's image, shared with the build's other exporters (Options.Drawn)
}

// boardTile is one image of a board: its pixels in the frame, and its file under images/.
type boardTile struct {
	x0, y0, w, h int
	file         string
}

// planBoards lists the maps: every map and board on its own (for the package's set), then every
// scenario's map set (for the scenario's saved object), and settles each one's resolution.
func (x *exporter) planBoards() error {
	for _, m := range x.pkg.Maps() {
		d, err := maps.ForMap(x.pkg, m)
		if err != nil {
			return x.printerError(err, "map %s", m.ID)
		}
		name := cmp.Or(m.Name, m.ID)
		if m.Board != "" && m.Board != name {
			name = "Board " + m.Board + ": " + name
		}
		x.boards = append(x.boards, &boardImage{name: name, stem: "map-" + content.Stem(m.ID, content.ExportStem), drawing: d, set: d.Set,
			at: posOf(&m.Meta, "/grid"), key: drawn.Key{Kind: "map", ID: m.ID}})
	}
	for _, sc := range x.pkg.Scenarios() {
		set, _ := x.pkg.MapSet(sc)
		if set == nil {
			continue
		}
		d, err := maps.ForScenario(x.pkg, sc)
		if err != nil {
			return x.printerError(err, "scenario %s", sc.ID)
		}
		d.HideUnits = true
		x.boards = append(x.boards, &boardImage{name: cmp.Or(sc.Name, sc.ID), stem: "scenario-" + content.Stem(sc.ID, content.ExportStem),
			drawing: d, set: set, scenario: sc, at: posOf(&sc.Meta, "/map"), key: drawn.Key{Kind: "scenario", ID: sc.ID}})
	}
	for _, b := range x.boards {
		f := b.drawing.MapFrame()
		wi, hi := f.W/surface.Inch, f.H/surface.Inch
		dpi, ok := digital.TTSMapDPI(wi, hi, x.opt.DPI)
		if !ok {
			if x.opt.DPI != 0 {
				best, _ := digital.TTSMapDPI(wi, hi, 0)
				x.diags.Errorf(b.at, "export.tts.map-size", "%s is %gin x %gin: at %g dpi its images would hold more than %d million pixels, more than muster gives one map in Tabletop Simulator",
					b.name, round2(wi), round2(hi), dpi, digital.TTSMaxMapPixels>>20).Hint = fmt.Sprintf("export with --dpi %g or less, or leave --dpi out to let muster choose", best)
			} else {
				x.diags.Errorf(b.at, "export.tts.map-size", "%s is %gin x %gin, too large for Tabletop Simulator even at %d dpi", b.name, round2(wi), round2(hi), digital.TTSMinDPI).Hint =
					"make the map smaller, or split it into boards"
			}
			continue
		}
		budget := dpi
		if x.opt.DPI == 0 && b.set.Type == content.GridHex {
			// Every hex a whole number of pixels high, as the VASSAL module draws it (digital.VassalGridDPI): a
			// build writing both draws the board once, at one resolution.
			if d := digital.VassalGridDPI(dpi, []float64{b.set.Hex.CellSize / surface.Inch}); d >= digital.TTSMinDPI {
				dpi = d
			}
		}
		b.dpi, b.key.DPI = dpi, dpi
		if max(wi, hi) > bigTable {
			x.note("%s is %gin x %gin on the table: choose a table that large in Tabletop Simulator (or none) before you load it.", b.name, round2(wi), round2(hi))
		}
		if x.opt.DPI == 0 && budget < digital.TTSDefaultMapDPI {
			x.note("%s is drawn at %g dpi, not %d: at %d dpi its images would be more than Tabletop Simulator can comfortably hold.", b.name, dpi, digital.TTSDefaultMapDPI, digital.TTSDefaultMapDPI)
		} else if dpi != budget {
			x.note("%s is drawn at %g dpi, where every hex is a whole number of pixels high, as in the VASSAL module.", b.name, dpi)
		}
		b.px0, b.py0, b.dx, b.dy = b.drawing.PixelOrigin(dpi)
		b.w, b.h = b.drawing.FramePixels(dpi)
		xs, ys := digital.TTSSplit(b.w), digital.TTSSplit(b.h)
		for r := 0; r+1 < len(ys); r++ {
			for c := 0; c+1 < len(xs); c++ {
				t := boardTile{x0: xs[c], y0: ys[r], w: xs[c+1] - xs[c], h: ys[r+1] - ys[r], file: x.imageName(b.stem)}
				if len(xs) > 2 || len(ys) > 2 {
					t.file = x.imageName(fmt.Sprintf("%s-r%dc%d", b.stem, r+1, c+1))
				}
				b.tiles = append(b.tiles, t)
			}
		}
		if len(b.tiles) > 1 {
			x.note("%s is %s (%d x %d pixels at %g dpi; Tabletop Simulator loads no image over %d pixels a side).", b.name, english.Count(len(b.tiles), "tile"), b.w, b.h, dpi, digital.TTSMaxImageSide)
		}
	}
	return nil
}

// bigTable is the size, in inches, past which a map is noted as needing a large table.
const bigTable = 40

// drawJob is one image to draw: a board tile, a counter face or a thumbnail.
type drawJob struct {
	what string
	draw func() (*image.RGBA, error)
	// done receives the encoded image (on the exporting goroutine, in job order).
	done func(data []byte) error

	// crops, when set, cut the image into these images (a board's tiles), each encoded on its own and
	// received by doneCrops, in order, instead of done.
	crops     []image.Rectangle
	cropData  [][]byte
	doneCrops func(data [][]byte) error

	// thumbOf asks for a thumbnail of the image too (a saved object's picture), into thumb.
	thumbOf bool
	thumb   []byte

	// release, when set, is told when the image is encoded (a board's: Options.Drawn.Done).
	release func(*image.RGBA)

	data []byte
	enc  time.Duration
}

// draw draws and encodes every image on the pool's workers (package parallel).
func (x *exporter) draw() error {
	var jobs []*drawJob
	keys := make([]drawn.Key, len(x.boards))
	for i, b := range x.boards {
		keys[i] = b.key
	}
	x.opt.Drawn.Want(keys)
	for _, b := range x.boards {
		// A board is drawn whole (within TTSMaxMapPixels, so within a map's budget) and cut into its tiles,
		// so that it is drawn once, and not again when the VASSAL module of the same build drew it already.
		j := &drawJob{what: b.name, draw: func() (*image.RGBA, error) { return x.drawBoard(b) }}
		for _, t := range b.tiles {
			j.crops = append(j.crops, image.Rect(t.x0, t.y0, t.x0+t.w, t.y0+t.h))
		}
		j.doneCrops = func(data [][]byte) error {
			for i := range b.tiles {
				b.tiles[i].file = x.addImage(b.tiles[i].file, data[i])
			}
			if j.thumb != nil {
				b.thumb = j.thumb
			}
			return nil
		}
		// The board gives its thumbnail too, scaled down rather than drawn again (a board's terrain pattern
		// costs the same at any size), and its pixels back for the next board.
		j.thumbOf = true
		j.release = x.opt.Drawn.Done
		jobs = append(jobs, j)
	}
	jobs = append(jobs, x.faceJobs()...)
	jobs = append(jobs, x.cardJobs()...)
	// Largest boards first, so that the last job to finish is a small one (the other jobs are sized 0).
	area := func(i int) int {
		if i < len(x.boards) {
			return x.boards[i].w * x.boards[i].h
		}
		return 0
	}
	errs := parallel.EachLargestFirst(len(jobs), area, func(i int) error {
		j := jobs[i]
		t := time.Now()
		im, err := j.draw()
		if err != nil {
			return err
		}
		t2 := time.Now()
		if j.crops != nil {
			j.cropData = make([][]byte, len(j.crops))
			for k, r := range j.crops {
				if j.cropData[k], err = pngenc.EncodeRGB(im.SubImage(r).(*image.RGBA)); err != nil {
					return err
				}
			}
		} else if j.data, err = pngenc.EncodeRGB(im); err != nil {
			return err
		}
		if j.thumbOf {
			if j.thumb, err = pngenc.EncodeRGB(thumbnail(im)); err != nil {
				return err
			}
		}
		j.enc = time.Since(t2)
		x.count(im, t2.Sub(t))
		if j.release != nil {
			j.release(im)
		}
		return nil
	})
	for i, j := range jobs {
		if errs[i] != nil {
			return x.printerError(errs[i], "%s", j.what)
		}
		x.stats.PNGEncode += j.enc
		if j.doneCrops != nil {
			if err := j.doneCrops(j.cropData); err != nil {
				return err
			}
		} else if err := j.done(j.data); err != nil {
			return err
		}
	}
	return nil
}

// count adds an image to the statistics.
func (x *exporter) count(im *image.RGBA, draw time.Duration) {
	x.statsMu.Lock()
	defer x.statsMu.Unlock()
	x.stats.Images++
	x.stats.Pixels += int64(im.Bounds().Dx()) * int64(im.Bounds().Dy())
	x.stats.Draw += draw
}

// drawBoard draws a whole board, or takes it from the build's other exporters (Options.Drawn).
func (x *exporter) drawBoard(b *boardImage) (*image.RGBA, error) {
	im, err := x.opt.Drawn.Get(b.key, func() (*image.RGBA, error) {
		s := surface.NewPNG(surface.PNGOptions{DPI: b.dpi})
		defer s.Release()
		if err := b.drawing.DrawFrame(s, b.dx, b.dy); err != nil {
			return nil, err
		}
		return s.PageImage(0)
	})
	if err != nil {
		return nil, err
	}
	if im.Bounds().Dx() != b.w || im.Bounds().Dy() != b.h {
		return nil, fmt.Errorf("tts: %s: the board is %v, expected %dx%d (a bug in muster)", b.name, im.Bounds().Size(), b.w, b.h)
	}
	return im, nil
}

// thumbnail is an image scaled down to thumbSide pixels on its longer side, each pixel the average of the
// block of pixels it covers (so that thin grid lines show as grey rather than vanish).
func thumbnail(im *image.RGBA) *image.RGBA {
	b := im.Bounds()
	w, h := b.Dx(), b.Dy()
	if max(w, h) <= thumbSide {
		return im
	}
	tw, th := max(w*thumbSide/max(w, h), 1), max(h*thumbSide/max(w, h), 1)
	out := image.NewRGBA(image.Rect(0, 0, tw, th))
	for ty := 0; ty < th; ty++ {
		y0, y1 := ty*h/th, (ty+1)*h/th
		for tx := 0; tx < tw; tx++ {
			x0, x1 := tx*w/tw, (tx+1)*w/tw
			var sum [4]int
			for y := y0; y < y1; y++ {
				row := im.Pix[im.PixOffset(b.Min.X+x0, b.Min.Y+y):]
				for i := 0; i < 4*(x1-x0); i += 4 {
					sum[0] += int(row[i])
					sum[1] += int(row[i+1])
					sum[2] += int(row[i+2])
					sum[3] += int(row[i+3])
				}
			}
			n := (x1 - x0) * (y1 - y0)
			o := out.PixOffset(tx, ty)
			for c := 0; c < 4; c++ {
				out.Pix[o+c] = uint8((sum[c] + n/2) / n)
			}
		}
	}
	return out
}

// imageName gives out an image's file name: its stem, numbered if another image has it already (a map's
// tile and a map named like it, a counter's back and a unit named like it).
func (x *exporter) imageName(stem string) string { return x.imageNames.Take(stem) + ".png" }

// addImage records an image under images/ and returns its file name: an image with the same bytes as one
// recorded before is that one (a counter whose back is its front, blank backs of one colour).
func (x *exporter) addImage(name string, data []byte) string {
	h := sha256.Sum256(data)
	if prev, ok := x.byHash[h]; ok {
		return prev
	}
	x.byHash[h] = name
	x.images[name] = data
	return name
}

// world is where a pixel of a board's frame lies on the table when the frame's centre is at (cx, cz): x to
// the right, z away from the first player, in inches.
func (b *boardImage) world(cx, cz, px, py float64) (float64, float64) {
	return cx + (px-float64(b.w)/2)/b.dpi, cz - (py-float64(b.h)/2)/b.dpi
}

// pointPixel is a point of the map (in inches from its top-left corner: a point of an open table, a place's
// point) in the frame's pixels, not rounded: the drawing's origin plus the point at the drawing's scale.
func (b *boardImage) pointPixel(p grid.Point) (float64, float64) {
	k := b.dpi * b.drawing.Scale
	return float64(b.px0) + p.X*k, float64(b.py0) + p.Y*k
}

// cellPixel is the centre of a set cell in the frame's pixels (not rounded); on an area or point-to-point
// map, the point of the place.
func (b *boardImage) cellPixel(c grid.Cell) (float64, float64) {
	if b.set.Network() {
		a, _ := b.set.Boards[0].Geo.Anchor(c.Col)
		return b.pointPixel(a)
	}
	var p, o grid.Point
	if b.set.Type == content.GridHex {
		p, o = b.set.Hex.Centre(c), b.set.Hex.Centre(grid.Cell{})
	} else {
		p, o = b.set.Square.Centre(c), b.set.Square.Centre(grid.Cell{})
	}
	k := b.dpi / surface.Inch
	return float64(b.px0) + (p.X-o.X)*k, float64(b.py0) + (p.Y-o.Y)*k
}

// sizeInches is the board's size on the table.
func (b *boardImage) sizeInches() (float64, float64) {
	return float64(b.w) / b.dpi, float64(b.h) / b.dpi
}

// tileObjects are the board's tiles as locked custom tiles, the frame centred at (cx, cz).
func (b *boardImage) tileObjects(x *exporter, g *guids, cx, cz float64, desc string) []*objectState {
	var out []*objectState
	for i, t := range b.tiles {
		wx, wz := b.world(cx, cz, float64(t.x0)+float64(t.w)/2, float64(t.y0)+float64(t.h)/2)
		name := b.name
		if len(b.tiles) > 1 {
			name = fmt.Sprintf("%s (%d of %d)", b.name, i+1, len(b.tiles))
		}
		sx, sz := tileScale(t.w, t.h, b.dpi)
		o := &objectState{GUID: g.next(), Name: "Custom_Tile", Nickname: name, Description: desc, ColorDiffuse: white,
			Locked: true, Grid: false, Snap: false, Autoraise: true, Sticky: true, Tooltip: false,
			Transform: transform{PosX: wx, PosY: tableY, PosZ: wz, RotY: 180, ScaleX: sx, ScaleY: 1, ScaleZ: sz},
			CustomImage: &customImage{ImageURL: x.imageURL(t.file), ImageSecondaryURL: x.imageURL(t.file), ImageScalar: 1,
				CustomTile: &customTile{Type: 0, Thickness: boardThickness, Stackable: false, Stretch: true}}}
		out = append(out, o)
	}
	if b.set.Network() {
		b.snapPoints(out, cx, cz)
	}
	return out
}

// snapPoints attaches a snap point at each place of an area or point-to-point map to the tile it lies on
// (tiles holds the board's tile objects in tile order, the frame centred at (cx, cz)): a counter dropped
// near a place moves to its point, where the scenario's units stand.
func (b *boardImage) snapPoints(tiles []*objectState, cx, cz float64) {
	g := b.set.Boards[0].Geo
	for i := range g.Places {
		a, ok := g.Anchor(i)
		if !ok {
			continue
		}
		px, py := b.pointPixel(a)
		t := b.tileAt(px, py)
		if t < 0 {
			continue // a point off the map: validate refuses it
		}
		wx, wz := b.world(cx, cz, px, py)
		tr := tiles[t].Transform
		// The tile is turned half round (RotY 180): local x and z run against the table's.
		tiles[t].AttachedSnapPoints = append(tiles[t].AttachedSnapPoints, snapPoint{
			Position: vector{X: -(wx - tr.PosX) / tr.ScaleX, Y: boardThickness, Z: -(wz - tr.PosZ) / tr.ScaleZ}})
	}
}

// tileAt is the index of the tile holding a pixel of the frame (the last tile of a row or column takes the
// frame's far edge), or -1.
func (b *boardImage) tileAt(px, py float64) int {
	for i, t := range b.tiles {
		inX := px >= float64(t.x0) && (px < float64(t.x0+t.w) || t.x0+t.w == b.w && px <= float64(b.w))
		inY := py >= float64(t.y0) && (py < float64(t.y0+t.h) || t.y0+t.h == b.h && py <= float64(b.h))
		if inX && inY {
			return i
		}
	}
	return -1
}

func round2(f float64) float64 { return math.Round(f*100) / 100 }
