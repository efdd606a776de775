package maps

import (
	"bytes"
	"errors"
	"image"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/pixelcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// painter is where a painted map's art has the centres of its hexes, worked out the painter's way (not with
// content/grid or the placement): s pixels across flats, cell (0,0) at (x0, y0), odd columns shoved down half
// a hex (flat-top, odd-q). testdata/painted/art/valley.png and examples/testdata/art/art/vale.png were
// painted so.
type painter struct{ s, x0, y0 float64 }

func (a painter) centre(c grid.Cell) (u, v float64) {
	r := a.s / math.Sqrt(3)
	return a.x0 + float64(c.Col)*1.5*r, a.y0 + float64(c.Row)*a.s + float64(c.Col%2)*a.s/2
}

var (
	valleyArt = painter{s: 64, x0: 50.5, y0: 46}    // testdata/painted/art/valley.png, 543 x 506
	valeArt   = painter{s: 56, x0: 40.25, y0: 36.5} // examples/testdata/art/art/vale.png, 518 x 493
)

// loadDir loads and decodes the package in dir, which must have no errors.
func loadDir(t testing.TB, dir string) *content.Package {
	t.Helper()
	pkg, ds := content.Load(dir)
	if pkg == nil {
		t.Fatal(ds)
	}
	ds.Extend(pkg.Decode(nil))
	if ds.HasErrors() {
		t.Fatal(ds)
	}
	return pkg
}

// outlines are the stroked closed hexagons of a page's content, by their centres in top-left page
// coordinates.
func outlines(pg *pdfcheck.Page) []surface.Pt {
	var out []surface.Pt
	for _, poly := range closedPaths(pg.Content, "S", "s", "B") {
		if len(poly) != 6 {
			continue
		}
		var c surface.Pt
		for _, q := range poly {
			c.X += q[0] / 6
			c.Y += (pg.Height() - q[1]) / 6
		}
		out = append(out, c)
	}
	return out
}

// artAlignment measures, on every page of a printed map drawing, where each board's art puts the centre of
// each of its cells (the painter's pixel, mapped through the image's placement as the PDF draws it) against
// the centre of the cell's hexagon as the grid is printed (its outline in the PDF, and where the grid puts
// the cell on the page): the largest distance in points, and how many cells were measured.
func artAlignment(t *testing.T, d *Drawing, pl Plan, pdf []byte, art painter) (worst float64, n int) {
	t.Helper()
	doc, err := pdfcheck.Parse(pdf)
	if err != nil {
		t.Fatal(err)
	}
	gx, gy := d.GridOrigin()
	for i, tile := range pl.Tiles {
		pg := doc.Pages[i]
		var images []pdfcheck.ImageDraw
		for _, im := range pg.Images {
			if im.Width > 100 { // the backgrounds, in the order of the boards
				images = append(images, im)
			}
		}
		if len(images) != len(d.Set.Boards) {
			t.Fatalf("page %d draws %d backgrounds, want one a board (%d)", i+1, len(images), len(d.Set.Boards))
		}
		hexes := outlines(pg)
		off := surface.Pt{X: tile.Frame.X - tile.View.X, Y: tile.Frame.Y - tile.View.Y}
		for bi, b := range d.Set.Boards {
			for row := 0; row < b.Geo.Rows; row++ {
				for col := 0; col < b.Geo.Cols; col++ {
					local := grid.Cell{Col: col, Row: row}
					g := d.Set.Hex.Centre(b.ToSet(local)) // where the grid prints the cell
					at := surface.Pt{X: g.X + gx + off.X, Y: g.Y + gy + off.Y}
					f := tile.Frame
					if at.X < f.X || at.Y < f.Y || at.X > f.X+f.W || at.Y > f.Y+f.H {
						continue // not on this page
					}
					x, y := images[bi].Point(art.centre(local))
					nearest := math.Inf(1)
					for _, h := range hexes {
						nearest = math.Min(nearest, math.Hypot(h.X-x, h.Y-y))
					}
					e := math.Max(nearest, math.Hypot(at.X-x, at.Y-y))
					if e > worst {
						worst = e
					}
					if e > 0.5 {
						t.Errorf("page %d: the art has %s's centre at (%.2f, %.2f), the grid at (%.2f, %.2f), the nearest hexagon's centre %.2f pt away",
							i+1, b.Geo.Label(local), x, y, at.X, at.Y, nearest)
					}
					n++
				}
			}
		}
	}
	return worst, n
}

// The hex grid overlays painted art exactly: every cell's centre, printed, lies within 0.5 pt of the art's
// centre of that cell mapped through the image's placement read back from the PDF — art placed by one cell
// and the cell size, by two reference cells, on one page and tiled over several, and on composed boards, one
// of them turned with its art.
func TestPaintedMapAlignment(t *testing.T) {
	painted := loadDir(t, filepath.Join("testdata", "painted"))
	artMap := load(t, filepath.Join("testdata", "art"))
	small := surface.Size{W: 5 * surface.Inch, H: 5 * surface.Inch}
	for _, tc := range []struct {
		name  string
		d     func() (*Drawing, error)
		art   painter
		paper surface.Size
		pages int
	}{
		{"one cell and the cell size", func() (*Drawing, error) { return ForMap(painted, painted.Map("valley")) }, valleyArt, letter, 1},
		{"tiled over several pages", func() (*Drawing, error) { return ForMap(painted, painted.Map("valley")) }, valleyArt, small, 4},
		{"two reference cells", func() (*Drawing, error) { return ForMap(artMap, artMap.Map("vale")) }, valeArt, letter, 1},
		{"a scenario over the art", func() (*Drawing, error) { return ForScenario(artMap, artMap.Scenario("mill-raid")) }, valeArt, letter, 1},
		{"boards composed, one turned", func() (*Drawing, error) { return ForScenario(painted, painted.Scenario("joined")) }, valleyArt, letter, 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			d, err := tc.d()
			if err != nil {
				t.Fatal(err)
			}
			b, pl := render(t, d, Options{Paper: tc.paper})
			if len(pl.Tiles) < tc.pages {
				t.Fatalf("%d pages, want at least %d", len(pl.Tiles), tc.pages)
			}
			worst, n := artAlignment(t, d, pl, b, tc.art)
			cells := 0
			for _, bd := range d.Set.Boards {
				cells += bd.Geo.Cols * bd.Geo.Rows
			}
			if n < cells {
				t.Errorf("measured %d cells, the map has %d", n, cells)
			}
			t.Logf("%d cells measured on %d pages: the largest distance between art and grid is %.4f pt", n, len(pl.Tiles), worst)
		})
	}
}

// A background is embedded once however many pages draw it, and a terrain tile once however many cells.
func TestArtEmbeddedOnce(t *testing.T) {
	pkg := loadDir(t, filepath.Join("testdata", "painted"))
	d, err := ForMap(pkg, pkg.Map("valley"))
	if err != nil {
		t.Fatal(err)
	}
	b, pl := render(t, d, Options{Paper: surface.Size{W: 5 * surface.Inch, H: 5 * surface.Inch}})
	doc, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if objs := doc.Images(); len(objs) != 1 || objs[0].Width != 543 || objs[0].Height != 506 {
		t.Fatalf("images embedded: %+v, want the 543 x 506 background once", objs)
	}
	drawn := 0
	for _, pg := range doc.Pages {
		for _, im := range pg.Images {
			if im.Obj == doc.Images()[0].Obj {
				drawn++
			}
		}
	}
	if drawn != len(pl.Tiles) || drawn < 4 {
		t.Errorf("the background is drawn %d times on %d tiles", drawn, len(pl.Tiles))
	}
	// The copse: 7 woods cells of 0.5in, four 0.25in tiles each at least, and the legend's swatch.
	d, err = ForMap(pkg, pkg.Map("copse"))
	if err != nil {
		t.Fatal(err)
	}
	b, _ = render(t, d, Options{Paper: letter})
	doc, err = pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	objs := doc.Images()
	if len(objs) != 1 || objs[0].Width != 32 {
		t.Fatalf("images embedded: %+v, want the 32 x 32 tile once", objs)
	}
	if n := len(doc.Pages[0].Images); n < 7*4 {
		t.Errorf("the tile is drawn %d times, want at least 28", n)
	}
	// Each tile is 0.25in wide, and its pixels land where the cell's centre is a tile's centre.
	for _, im := range doc.Pages[0].Images {
		x0, _ := im.Point(0, 0)
		x1, _ := im.Point(32, 0)
		if !pdfcheck.Near(x1-x0, 18, 0.01) {
			t.Fatalf("a tile drawn %.3f pt wide, want 18", x1-x0)
		}
	}
}

// Each layer of muster's drawing can be hidden per map: the fills (no terrain colour is painted), the grid
// (no cell outlines), the labels, the hexside features and the paths.
func TestMapLayersShown(t *testing.T) {
	pkg := loadDir(t, filepath.Join("testdata", "painted"))
	base := *pkg.Map("valley")
	base.Background = nil
	yes, no := true, false
	op := func(c surface.Color, op string) string {
		f := func(v uint8) string { return strconv.FormatFloat(math.Round(float64(v)/255*1000)/1000, 'f', -1, 64) }
		return f(c.R) + " " + f(c.G) + " " + f(c.B) + " " + op
	}
	hex := func(h string) surface.Color {
		c, err := surface.Hex(h)
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	clear, river, road := op(hex("#dfe8c2"), "rg"), op(hex("#3d7fc0"), "RG"), op(lighter(hex("#8a6a3a"), 0.8), "RG")
	count := func(show *content.MapShow) (hexes, clears, rivers, roads, text int) {
		m := base
		m.Show = show
		d, err := ForMap(pkg, &m)
		if err != nil {
			t.Fatal(err)
		}
		b, pl := render(t, d, Options{Paper: letter})
		doc, err := pdfcheck.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		pg := doc.Pages[0]
		bottom := pl.Tiles[0].Frame.Y + d.MapFrame().H // the map, not its legend
		for _, h := range outlines(pg) {
			if h.Y < bottom {
				hexes++
			}
		}
		c := pg.Content
		return hexes, strings.Count(c, clear), strings.Count(c, river), strings.Count(c, road), strings.Count(c, " Tj")
	}
	h0, c0, r0, road0, t0 := count(nil)
	if h0 < 63 || c0 < 50 || r0 == 0 || road0 == 0 {
		t.Fatalf("all shown: %d outlines, %d clear fills, %d river strokes, %d road strokes", h0, c0, r0, road0)
	}
	if h, c, _, _, _ := count(&content.MapShow{Fills: &no}); c > 1 || h < 63 { // the legend's swatch
		t.Errorf("fills hidden: %d clear fills, %d outlines", c, h)
	}
	if h, c, _, _, _ := count(&content.MapShow{Grid: &no, Fills: &yes}); h != 0 || c < 50 {
		t.Errorf("grid hidden: %d outlines, %d clear fills", h, c)
	}
	if _, _, _, _, tx := count(&content.MapShow{Labels: &no}); tx > t0-63 {
		t.Errorf("labels hidden: %d texts, %d with them", tx, t0)
	}
	if _, _, r, _, _ := count(&content.MapShow{Hexsides: &no}); r != 0 {
		t.Errorf("hexsides hidden: %d river strokes", r)
	}
	if _, _, _, r, _ := count(&content.MapShow{Paths: &no}); r != 0 {
		t.Errorf("paths hidden: %d road strokes", r)
	}
}

// The PNG preview draws the same painted map as the PDF: the page rasterised from the PDF by pdftoppm and
// drawn by the PNG backend agree, art and grid alike (at 100 dpi, near the art's own 107 pixels an inch:
// far below it the two renderers resample the painting differently).
func TestPaintedMapPNGMatchesPDF(t *testing.T) {
	pkg := loadDir(t, filepath.Join("testdata", "painted"))
	const dpi = 100
	for _, id := range []string{"valley", "copse"} {
		d, err := ForMap(pkg, pkg.Map(id))
		if err != nil {
			t.Fatal(err)
		}
		b, pl := render(t, d, Options{Paper: letter})
		ref, err := pixelcheck.Rasterize(b, 1, dpi)
		if errors.Is(err, pixelcheck.ErrNoPdftoppm) {
			t.Skip(err)
		} else if err != nil {
			t.Fatal(err)
		}
		s := surface.NewPNG(surface.PNGOptions{DPI: dpi, Background: surface.White})
		if err := d.Render(s, pl); err != nil {
			t.Fatal(err)
		}
		got, err := s.PageImage(0)
		if err != nil {
			t.Fatal(err)
		}
		if msg := pixelcheck.SameSize(ref, got); msg != "" {
			t.Fatal(msg)
		}
		diff := pixelcheck.Compare(ref, got)
		t.Logf("%s: PDF vs PNG at %d dpi: %v", id, dpi, diff)
		if !diff.Agree() {
			t.Errorf("%s: the backends disagree: %v", id, diff)
		}
		// The art itself is in both: below the centre of cell 0503 lies the painting, not the page's white.
		if id == "valley" {
			c := d.centre(grid.Cell{Col: 4, Row: 2})
			tl := pl.Tiles[0]
			x, y := int((c.X+tl.Frame.X-tl.View.X)*dpi/72), int((c.Y+tl.Frame.Y-tl.View.Y+8)*dpi/72)
			for name, im := range map[string]image.Image{"pdf": ref, "png": got} {
				r, g, bl, _ := im.At(x, y).RGBA()
				if r>>8 > 235 && g>>8 > 235 && bl>>8 > 235 {
					t.Errorf("%s: the art is missing at (%d, %d): white", name, x, y)
				}
			}
		}
	}
}

// dots are the centres of the small filled closed curves of a page (circles drawn as Bézier curves), in
// top-left page coordinates: the middle of the box round each one's points.
func dots(pg *pdfcheck.Page, maxSize float64) []surface.Pt {
	var out []surface.Pt
	var nums, xs, ys []float64
	curves := 0
	for _, tok := range strings.Fields(pg.Content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		switch tok {
		case "m":
			xs, ys, curves = xs[:0], ys[:0], 0
			fallthrough
		case "c":
			for i := 0; i+1 < len(nums); i += 2 {
				xs, ys = append(xs, nums[i]), append(ys, nums[i+1])
			}
			if tok == "c" {
				curves++
			}
		case "f", "f*":
			if curves >= 4 && len(xs) > 0 {
				x0, x1, y0, y1 := xs[0], xs[0], ys[0], ys[0]
				for i := range xs {
					x0, x1, y0, y1 = math.Min(x0, xs[i]), math.Max(x1, xs[i]), math.Min(y0, ys[i]), math.Max(y1, ys[i])
				}
				if x1-x0 < maxSize && y1-y0 < maxSize {
					out = append(out, surface.Pt{X: (x0 + x1) / 2, Y: pg.Height() - (y0+y1)/2})
				}
			}
			curves = 0
		}
		nums = nums[:0]
	}
	return out
}

// SVG art is a background too, drawn as vectors: a painting whose hexes' centres are marked with dots puts
// every dot within 0.5 pt of its cell's printed centre, placed as the raster painting is.
func TestSVGBackgroundAlignment(t *testing.T) {
	var svg strings.Builder
	svg.WriteString(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 543 506">` + "\n")
	svg.WriteString(`<rect width="543" height="506" fill="#b9c97e"/>` + "\n")
	for row := 0; row < 7; row++ {
		for col := 0; col < 9; col++ {
			u, v := valleyArt.centre(grid.Cell{Col: col, Row: row})
			svg.WriteString(`<circle cx="` + strconv.FormatFloat(u, 'f', 4, 64) + `" cy="` + strconv.FormatFloat(v, 'f', 4, 64) + `" r="4" fill="#3c5f2a"/>` + "\n")
		}
	}
	svg.WriteString("</svg>\n")
	dir := filepath.Join(t.TempDir(), "pkg")
	sys, err := os.ReadFile(filepath.Join("testdata", "painted", "system.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	for name, text := range map[string]string{
		"muster.yaml": "kind: Package\nid: vector\nversion: 1.0.0\nsystem: painted\n",
		"system.yaml": string(sys),
		"map.yaml": "kind: Map\nid: vector\ngrid: {type: hex, cols: 9, rows: 7, cellSize: 0.6in}\n" +
			"background: {image: art/valley.svg, cell: \"0302\", centre: [161.3512, 110], cellSize: 64}\nshow: {fills: false}\n",
		"art/valley.svg": svg.String(),
	} {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	pkg := loadDir(t, dir)
	d, err := ForMap(pkg, pkg.Map("vector"))
	if err != nil {
		t.Fatal(err)
	}
	b, pl := render(t, d, Options{Paper: letter})
	doc, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	if n := len(doc.Images()); n != 0 {
		t.Errorf("%d raster images: SVG art is drawn as vectors", n)
	}
	pg := doc.Pages[0]
	found := dots(pg, 8)
	hexes := outlines(pg)
	gx, gy := d.GridOrigin()
	tile := pl.Tiles[0]
	worst := 0.0
	for row := 0; row < 7; row++ {
		for col := 0; col < 9; col++ {
			c := d.Set.Hex.Centre(grid.Cell{Col: col, Row: row})
			at := surface.Pt{X: c.X + gx + tile.Frame.X - tile.View.X, Y: c.Y + gy + tile.Frame.Y - tile.View.Y}
			nearDot, nearHex := math.Inf(1), math.Inf(1)
			for _, q := range found {
				nearDot = math.Min(nearDot, math.Hypot(q.X-at.X, q.Y-at.Y))
			}
			for _, h := range hexes {
				nearHex = math.Min(nearHex, math.Hypot(h.X-at.X, h.Y-at.Y))
			}
			if e := math.Max(nearDot, nearHex); e > 0.5 {
				t.Errorf("cell %d,%d: the art's dot is %.2f pt from its printed centre, the hexagon %.2f pt", col, row, nearDot, nearHex)
			} else {
				worst = math.Max(worst, e)
			}
		}
	}
	if len(found) != 63 {
		t.Errorf("%d dots read back, want 63", len(found))
	}
	t.Logf("63 cells: the SVG art's centres lie within %.4f pt of the printed grid's", worst)
}

// The scenario sheet's miniature of a painted map shows the painting under the grid's cells, placed as on the
// map (the art's reference cell lands on the miniature's cell), and no terrain colour where the map hides
// its fills.
func TestMiniatureShowsTheArt(t *testing.T) {
	pkg := load(t, filepath.Join("testdata", "art"))
	d, err := ForScenario(pkg, pkg.Scenario("mill-raid"))
	if err != nil {
		t.Fatal(err)
	}
	const x, y, w, h = 100.0, 100.0, 200.0, 150.0
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(612, 792)
	mw, mh := d.Miniature(p, x, y, w, h)
	if mw <= 0 || mh <= 0 {
		t.Fatal("no miniature")
	}
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	doc, err := pdfcheck.Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	pg := doc.Pages[0]
	if woods := "0.435 0.604 0.333 rg"; strings.Contains(pg.Content, woods) {
		t.Error("the miniature fills the woods, which the Vale hides under its painting")
	}
	if len(pg.Images) != 1 || pg.Images[0].Width != 518 || pg.Images[0].Height != 493 {
		t.Fatalf("images drawn: %+v, want the Vale's painting once", pg.Images)
	}
	// Cell 0101's centre in the painting, and in the miniature: the map's centre scaled as the miniature is.
	k := math.Min(w/(d.mapW-2*d.border), h/(d.mapH-2*d.border))
	c := d.centre(grid.Cell{})
	wantX, wantY := x+(c.X-d.border)*k, y+(c.Y-d.border)*k
	gotX, gotY := pg.Images[0].Point(valeArt.x0, valeArt.y0)
	if math.Hypot(gotX-wantX, gotY-wantY) > 0.5 {
		t.Errorf("the painting's cell 0101 lands at (%.2f, %.2f), the miniature's at (%.2f, %.2f)", gotX, gotY, wantX, wantY)
	}
}
