package pdfcheck_test

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// A drawing reused at two places, one of them inside a reused drawing of its own and under a translation,
// reads back at both places in page coordinates, and a page that draws nothing of its own is read through
// its forms.
func TestShapesReadThroughForms(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(200, 100)
	box := func(s surface.Surface, _ surface.Rect) {
		s.SetFill(surface.RGB(255, 0, 0))
		s.Rect(0, 0, 10, 5, surface.Fill)
		s.SetStroke(surface.Black, 1)
		s.Line(0, 0, 10, 0)
	}
	art := surface.Rect{W: 10, H: 5}
	p.Reuse("box", 20, 30, art, art, box)
	p.Push()
	p.Translate(100, 0)
	outer := surface.Rect{W: 50, H: 50}
	p.Reuse("two", 5, 7, outer, outer, func(s surface.Surface, _ surface.Rect) {
		s.Reuse("box", 1, 2, art, art, box)
	})
	p.Pop()
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	pg := d.Pages[0]
	if strings.Contains(pg.Content, " cm") || !strings.Contains(pg.Raw, " Do") {
		t.Fatalf("content not flattened:\n%s\nraw:\n%s", pg.Content, pg.Raw)
	}
	rects, lines := pg.Shapes()
	for _, at := range []surface.Pt{{X: 20, Y: 30}, {X: 106, Y: 9}} {
		red := 0
		for _, r := range pdfcheck.Find(rects, at.X, at.Y, 10, 5, 0.001) {
			if r.Fill && r.RGB == [3]float64{1, 0, 0} {
				red++
			}
		}
		if red != 1 {
			t.Errorf("%d red 10x5 rectangles at %v: %+v", red, at, rects)
		}
		found := false
		for _, l := range lines {
			found = found || pdfcheck.Near(l.X1, at.X, 0.001) && pdfcheck.Near(l.Y1, at.Y, 0.001) && pdfcheck.Near(l.X2, at.X+10, 0.001)
		}
		if !found {
			t.Errorf("no line at %v: %+v", at, lines)
		}
	}
	// Each form is clipped to its bounding box: the clips read back too.
	clips := 0
	for _, r := range rects {
		if r.Clip {
			clips++
		}
	}
	if clips != 3 {
		t.Errorf("%d clips, want 3 (one per form drawn)", clips)
	}
}
