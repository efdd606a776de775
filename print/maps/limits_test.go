package maps

import (
	"errors"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// A 10,000 x 10,000 map (issue 19.7: out of memory) is refused at its grid before anything is made per cell.
func TestHugeMapIsRefused(t *testing.T) {
	pkg := load(t, "highest-ground")
	m := pkg.Map("III")
	m.Grid.Cols, m.Grid.Rows = 10_000, 10_000
	_, err := ForMap(pkg, m)
	f, ok := diag.AsFailure(err)
	if !ok || f.Diags[0].Code != "map-sheets.cells" || f.Diags[0].Pos.Line == 0 {
		t.Fatalf("got %v", err)
	}
}

// The paper, margin and overlap must leave a tile room to move on; a drawing takes at most 1,000 pages.
func TestLayoutRefusals(t *testing.T) {
	pkg := load(t, "highest-ground")
	d, err := ForScenario(pkg, pkg.Scenario("introductory"))
	if err != nil {
		t.Fatal(err)
	}
	var room *RoomError
	if _, err := d.Layout(Options{Paper: letter, Overlap: 20 * surface.Inch}); !errors.As(err, &room) || !room.OverlapWider {
		t.Errorf("overlap 20in: %v", err)
	}
	if _, err := d.Layout(Options{Paper: letter, Margin: 5 * surface.Inch}); !errors.As(err, &room) || room.OverlapWider {
		t.Errorf("margins 5in: %v", err)
	}
	var pages *PagesError
	tiny := surface.Size{W: 0.8 * surface.Inch, H: 0.8 * surface.Inch}
	if _, err := d.Layout(Options{Paper: tiny, Margin: 0.1 * surface.Inch, Overlap: 0.05 * surface.Inch}); !errors.As(err, &pages) {
		t.Errorf("0.8in paper: %v", err)
	}
	if pl, err := d.Layout(Options{Paper: letter}); err != nil || pl.Pages() < 1 {
		t.Errorf("letter: %d pages, %v", pl.Pages(), err)
	}
}

// A page of a tiled map looks only at the cells near it: drawing every page of a 200 x 200 map visits each
// cell a few times, not once per page.
func TestTilesVisitTheirOwnCells(t *testing.T) {
	pkg := load(t, "highest-ground")
	m := pkg.Map("III")
	m.Grid.Cols, m.Grid.Rows = 200, 200
	m.Size = nil // no longer the published 8.5x11in board
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	pl, err := d.Layout(Options{Paper: letter})
	if err != nil {
		t.Fatal(err)
	}
	visited := 0
	for _, tl := range pl.Tiles {
		c0, c1, r0, r1 := d.cellRange(&pen{view: tl.View})
		visited += (c1 - c0 + 1) * (r1 - r0 + 1)
	}
	if cells := 200 * 200; len(pl.Tiles) < 50 || visited > 3*cells {
		t.Errorf("%d tiles visit %d cells of %d", len(pl.Tiles), visited, cells)
	}
}

// BenchmarkTiledMap draws a 200 x 200 hex map on letter paper, about a hundred pages; each page draws only
// the cells it shows (the work grew with cells times pages).
func BenchmarkTiledMap(b *testing.B) {
	pkg := load(b, "highest-ground")
	m := pkg.Map("III")
	m.Grid.Cols, m.Grid.Rows = 200, 200
	m.Size = nil // no longer the published 8.5x11in board
	d, err := ForMap(pkg, m)
	if err != nil {
		b.Fatal(err)
	}
	pl, err := d.Layout(Options{Paper: letter})
	if err != nil {
		b.Fatal(err)
	}
	for i := 0; i < b.N; i++ {
		if err := d.Render(surface.NewDry(0), pl); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportMetric(float64(len(pl.Tiles)), "pages")
}

// A tiled map draws each terrain's cell (fill, pattern, outline) and the alignment crosshair once, as a form
// placed wherever it is: a page's own content places the cells it shows, draws few cells of its own (a
// terrain's first cells are drawn in place while that costs less than a form), and draws only what it shows
// (each page's content is about its share of the map's, not the whole map's).
func TestTilesPlaceCellsDrawnOnce(t *testing.T) {
	pkg := load(t, "highest-ground")
	m := pkg.Map("III")
	m.Grid.Cols, m.Grid.Rows = 60, 60
	m.Size = nil // no longer the published 8.5x11in board
	d, err := ForMap(pkg, m)
	if err != nil {
		t.Fatal(err)
	}
	b, pl := render(t, d, Options{Paper: letter})
	if len(pl.Tiles) < 4 {
		t.Fatalf("%d tiles", len(pl.Tiles))
	}
	doc, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	placed, own, drawn := 0, 0, 0
	for i := range pl.Tiles {
		raw := doc.Pages[i].Raw
		own += len(raw)
		n := len(regexp.MustCompile(`/TPL[0-9a-f]+ Do`).FindAllString(raw, -1))
		if n < 100 {
			t.Errorf("page %d places %d forms", i+1, n)
		}
		placed += n
		for _, poly := range polygons(raw) {
			if _, h := extent(poly); len(poly) == 6 && pdfcheck.Near(h, d.cell, 0.5) {
				drawn++
			}
		}
	}
	if drawn > 60*60/20 {
		t.Errorf("%d cells drawn in place, of %d", drawn, 60*60)
	}
	// Every cell is placed on a page or two (tiles overlap), not on every page.
	if cells := 60 * 60; placed < cells || placed > 2*cells {
		t.Errorf("%d cells placed on %d pages, for %d cells", placed, len(pl.Tiles), cells)
	}
	if per := own / (60 * 60); per > 400 {
		t.Errorf("%d bytes of page content per cell", per)
	}
	forms := strings.Count(string(b), "/Subtype /Form")
	if terrains := len(pkg.System.Terrain); forms > terrains+1 {
		t.Errorf("%d forms for %d terrains and the crosshair", forms, terrains)
	}
	if len(b) > 300_000 {
		t.Errorf("a 60 x 60 map takes %d bytes", len(b))
	}
}
