package maps

import (
	"bytes"
	"fmt"
	"math"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// load loads a package of examples/ (see loadDir).
func load(t testing.TB, dir string) *content.Package {
	t.Helper()
	return loadDir(t, filepath.Join("..", "..", "examples", dir))
}

var letter = surface.PaperSize(value.Letter)

func render(t testing.TB, d *Drawing, opt Options) ([]byte, Plan) {
	t.Helper()
	pl, err := d.Layout(opt)
	if err != nil {
		t.Fatal(err)
	}
	pdf := surface.NewPDF(surface.PDFOptions{Title: d.Title})
	if err := d.Render(pdf, pl); err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	if _, err := pdf.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), pl
}

// polygons returns the filled closed polygons (m l... h f) of a page's content stream, in PDF coordinates.
func polygons(content string) [][][2]float64 { return closedPaths(content, "f", "B") }

// closedPaths returns the closed polygons (m l... h) of a content stream that one of the operators paints,
// in PDF coordinates.
func closedPaths(content string, paint ...string) [][][2]float64 {
	var out [][][2]float64
	var nums []float64
	var cur [][2]float64
	closed := false
	for _, tok := range strings.Fields(content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		switch {
		case tok == "m":
			cur, closed = nil, false
			if len(nums) >= 2 {
				cur = append(cur, [2]float64{nums[len(nums)-2], nums[len(nums)-1]})
			}
		case tok == "l":
			if len(nums) >= 2 && cur != nil {
				cur = append(cur, [2]float64{nums[len(nums)-2], nums[len(nums)-1]})
			}
		case tok == "h":
			closed = true
		case slices.Contains(paint, tok):
			if closed && cur != nil {
				out = append(out, cur)
			}
			cur = nil
		}
		nums = nums[:0]
	}
	return out
}

func extent(poly [][2]float64) (w, h float64) {
	x0, y0, x1, y1 := math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)
	for _, p := range poly {
		x0, y0, x1, y1 = math.Min(x0, p[0]), math.Min(y0, p[1]), math.Max(x1, p[0]), math.Max(y1, p[1])
	}
	return x1 - x0, y1 - y0
}

// A hex is its size across flats on the page: every filled hexagon of board II measures 0.48in between its
// flat sides and 0.48in/cos 30° between its corners, on every tile; a De Gre square is 4in on a side.
func TestCellsToScale(t *testing.T) {
	cases := []struct {
		ex, id      string
		flats, cnrs float64
		vertices    int
		wantAtLeast int
	}{
		{"highest-ground", "II", 0.48 * 72, 0.48 * 72 * 2 / math.Sqrt(3), 6, 400},
		{"ancients", "field", 4 * 72, 4 * 72, 4, 18 * 12},
	}
	for _, c := range cases {
		pkg := load(t, c.ex)
		d, err := ForMap(pkg, pkg.Map(c.id))
		if err != nil {
			t.Fatal(err)
		}
		b, _ := render(t, d, Options{Paper: letter})
		doc, err := pdfcheck.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		n := 0
		for _, pg := range doc.Pages {
			for _, poly := range polygons(pg.Content) {
				if len(poly) != c.vertices {
					continue
				}
				w, h := extent(poly)
				if c.vertices == 6 && pdfcheck.Near(h, c.flats, 0.01) && pdfcheck.Near(w, c.cnrs, 0.01) {
					n++
				}
				if c.vertices == 4 && pdfcheck.Near(h, c.flats, 0.01) && pdfcheck.Near(w, c.cnrs, 0.01) {
					n++
				}
			}
		}
		if n < c.wantAtLeast {
			t.Errorf("%s: %d cells measure %gpt across flats, want at least %d", c.id, n, c.flats, c.wantAtLeast)
		}
	}
}

var showsRe = regexp.MustCompile(`sheet (\d+) of (\d+) \(row (\d+), column (\d+)\); shows x ([\d.]+)in to ([\d.]+)in, y ([\d.]+)in to ([\d.]+)in of the ([\d.]+)in x ([\d.]+)in`)

// Tiles, read back from the text printed on each page: together they cover the whole drawing, and
// neighbours overlap by the stated 0.5in. The plan and the page's trim box agree.
func TestTilesCoverWithOverlap(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	pkg := load(t, "highest-ground")
	d, err := ForScenario(pkg, pkg.Scenario("introductory"))
	if err != nil {
		t.Fatal(err)
	}
	b, pl := render(t, d, Options{Paper: letter})
	if len(pl.Tiles) < 2 {
		t.Fatalf("the map set fits one letter page? %+v", pl)
	}
	txt := pdfcheck.Text(t, b, "-layout")
	ms := showsRe.FindAllStringSubmatch(txt, -1)
	if len(ms) != len(pl.Tiles) {
		t.Fatalf("found %d tile labels, want %d:\n%s", len(ms), len(pl.Tiles), txt)
	}
	f := func(s string) float64 { v, _ := strconv.ParseFloat(s, 64); return v }
	type view struct {
		r, c           int
		x0, x1, y0, y1 float64
	}
	var vs []view
	artW, artH := f(ms[0][9]), f(ms[0][10])
	for _, m := range ms {
		vs = append(vs, view{int(f(m[3])), int(f(m[4])), f(m[5]), f(m[6]), f(m[7]), f(m[8])})
	}
	// Coverage: every point of a fine lattice over the drawing lies in some tile.
	for x := 0.0; x <= artW; x += 0.05 {
		for y := 0.0; y <= artH; y += 0.05 {
			in := false
			for _, v := range vs {
				if x >= v.x0-0.001 && x <= v.x1+0.001 && y >= v.y0-0.001 && y <= v.y1+0.001 {
					in = true
				}
			}
			if !in {
				t.Fatalf("(%.2fin, %.2fin) is on no sheet", x, y)
			}
		}
	}
	// Overlap: a tile and its right and lower neighbours share exactly 0.5in.
	for _, a := range vs {
		for _, b := range vs {
			if b.r == a.r && b.c == a.c+1 && !pdfcheck.Near(a.x1-b.x0, 0.5, 0.006) {
				t.Errorf("row %d: columns %d and %d overlap by %gin", a.r, a.c, b.c, a.x1-b.x0)
			}
			if b.c == a.c && b.r == a.r+1 && !pdfcheck.Near(a.y1-b.y0, 0.5, 0.006) {
				t.Errorf("column %d: rows %d and %d overlap by %gin", a.c, a.r, b.r, a.y1-b.y0)
			}
		}
	}
	doc, _ := pdfcheck.Parse(b)
	for i, tl := range pl.Tiles {
		tb := doc.Pages[i].TrimBox
		if tb == nil || !pdfcheck.Near(tb[2]-tb[0], tl.Frame.W, 0.01) || !pdfcheck.Near(tb[3]-tb[1], tl.Frame.H, 0.01) {
			t.Errorf("page %d trim box %v, frame %+v", i+1, tb, tl.Frame)
		}
	}
}

// Labels are real text: pdftotext finds every cell label of board II (IIA01 to IIT20) and the map's place names.
func TestLabelsAreText(t *testing.T) {
	if _, err := exec.LookPath("pdftotext"); err != nil {
		t.Skip("pdftotext not installed")
	}
	pkg := load(t, "highest-ground")
	m := pkg.Map("II")
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := render(t, d, Options{Paper: letter})
	txt := pdfcheck.Text(t, b, "-layout")
	words := map[string]bool{}
	for _, w := range strings.Fields(txt) {
		words[w] = true
	}
	missing := 0
	for _, l := range d.Set.Labels() {
		if !words[l] {
			missing++
			if missing < 5 {
				t.Errorf("label %s not found as text", l)
			}
		}
	}
	if len(d.Set.Labels()) != 400 || missing > 0 {
		t.Errorf("%d labels, %d missing", len(d.Set.Labels()), missing)
	}
	for _, s := range []string{"West bridge", "River", "Legend", "Forest", "Print at 100%"} {
		if !strings.Contains(txt, s) {
			t.Errorf("%q not in the text", s)
		}
	}
}

// The same map twice gives the same bytes; qpdf accepts it; a 23x35in sheet takes the PRESTAGS map on one
// page (turned to landscape) with its legend beside it or on a page of its own.
func TestDeterministicAndLargePaper(t *testing.T) {
	pkg := load(t, "prestags")
	m := pkg.Maps()[0]
	mk := func() ([]byte, Plan) {
		d, err := ForMap(pkg, m)
		if err != nil {
			t.Fatal(err)
		}
		return render(t, d, Options{Paper: surface.Size{W: 23 * 72, H: 35 * 72}})
	}
	a, pl := mk()
	b, _ := mk()
	if !bytes.Equal(a, b) {
		t.Error("two renders differ")
	}
	if len(pl.Tiles) != 1 || pl.Page.W < pl.Page.H {
		t.Errorf("23x35in: %d tiles on %gx%g", len(pl.Tiles), pl.Page.W, pl.Page.H)
	}
	pdfcheck.Check(t, "23x35in map", a)
}

// An open tabletop is a plan at a stated scale that fits one page, with its objectives named.
func TestOpenTabletopPlan(t *testing.T) {
	pkg := load(t, "fields-of-honor")
	d, err := ForScenario(pkg, pkg.Scenario("isandlwana"))
	if err != nil {
		t.Fatal(err)
	}
	b, pl := render(t, d, Options{Paper: letter})
	if pl.Pages() != 1 || pl.Scale >= 1 {
		t.Fatalf("plan: %d pages at scale %g", pl.Pages(), pl.Scale)
	}
	if _, err := exec.LookPath("pdftotext"); err == nil {
		txt := pdfcheck.Text(t, b, "-layout")
		for _, s := range []string{"Plan at 1:", "The tents (10 pts)", "The nek", "Isandlwana"} {
			if !strings.Contains(txt, s) {
				t.Errorf("%q not in the text", s)
			}
		}
	}
}

// BenchmarkHexMap30x40 draws a 30x40 hex map with terrain patterns, rivers and roads to PDF.
func BenchmarkHexMap30x40(b *testing.B) {
	pkg := load(b, "highest-ground")
	m := *pkg.Map("II")
	m.Grid.Cols, m.Grid.Rows = 30, 40
	m.Grid.Numbering = nil
	var rows []string
	base := pkg.Map("II").Terrain
	for r := 0; r < 40; r++ {
		row := base[r%20]
		rows = append(rows, row+row[:10])
	}
	m.Terrain = rows
	m.Hexsides = nil
	m.Paths = nil
	m.Crossings = nil
	m.Locations = nil
	m.Labels = nil
	m.Board = ""
	// A river down the middle and two roads across, in ccrr labels.
	var sides []string
	for r := 1; r <= 40; r++ {
		sides = append(sides, fmt.Sprintf("%02d%02d/%02d%02d", 15, r, 16, r))
	}
	m.Hexsides = []content.SideFeature{{ID: "r", Type: "river", Sides: sides}}
	for _, row := range []int{10, 30} {
		var cells []string
		for c := 1; c <= 30; c++ {
			cells = append(cells, fmt.Sprintf("%02d%02d", c, row))
		}
		m.Paths = append(m.Paths, content.PathFeature{ID: fmt.Sprint("road", row), Type: "road", Cells: cells})
	}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := ForMap(pkg, &m)
		if err != nil {
			b.Fatal(err)
		}
		render(b, d, Options{Paper: letter})
	}
}
