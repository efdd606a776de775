package maps

import (
	"errors"
	"testing"

	"github.com/muster-wargames/muster/content/diag"
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
