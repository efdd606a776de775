package pdfcheck_test

import (
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/surface"
)

// A drawing reused many times (so that it becomes a form), some of the times inside a reused drawing of its
// own and under a translation, reads back at every place in page coordinates: the page is read through its
// forms, nested or not.
func TestShapesReadThroughForms(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(600, 600)
	// Drawings of a few hundred bytes, worth a form after a few dozen placements.
	zigzag := func(s surface.Surface, w, h float64) {
		var pts []surface.Pt
		for i := 0; i <= 20; i++ {
			pts = append(pts, surface.Pt{X: w * float64(i) / 20, Y: h * float64(i%2)})
		}
		s.SetStroke(surface.RGB(0, 0, 255), 0.2)
		s.Polyline(pts)
	}
	box := func(s surface.Surface, _ surface.Rect) {
		s.SetFill(surface.RGB(255, 0, 0))
		s.Rect(0, 0, 10, 5, surface.Fill)
		s.SetStroke(surface.Black, 1)
		s.Line(0, 0, 10, 0)
		zigzag(s, 10, 5)
	}
	art := surface.Rect{W: 10, H: 5}
	var want []surface.Pt
	for i := 0; i < 200; i++ {
		x, y := float64(i%20)*12, float64(i/20)*8
		p.Reuse("box", x, y, art, art, box)
		want = append(want, surface.Pt{X: x, Y: y})
	}
	p.Push()
	p.Translate(300, 0)
	outer := surface.Rect{W: 12, H: 6}
	for i := 0; i < 200; i++ {
		x, y := float64(i%20)*14, 100+float64(i/20)*9
		p.Reuse("two", x, y, outer, outer, func(s surface.Surface, _ surface.Rect) {
			s.Reuse("box", 1, 0.5, art, art, box)
			zigzag(s, 12, 6)
		})
		want = append(want, surface.Pt{X: 300 + x + 1, Y: y + 0.5})
	}
	p.Pop()
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	if n := strings.Count(string(b), "/Subtype /Form"); n != 2 {
		t.Fatalf("%d forms, want 2 (box, and two holding box)", n)
	}
	d, err := pdfcheck.Parse(b)
	if err != nil {
		t.Fatal(err)
	}
	pg := d.Pages[0]
	if strings.Contains(pg.Content, " cm") || strings.Count(pg.Raw, " Do") < 200 {
		t.Fatalf("content not flattened:\n%s\nraw:\n%s", pg.Content, pg.Raw)
	}
	rects, lines := pg.Shapes()
	for _, at := range want {
		red := 0
		for _, r := range pdfcheck.Find(rects, at.X, at.Y, 10, 5, 0.001) {
			if r.Fill && r.RGB == [3]float64{1, 0, 0} {
				red++
			}
		}
		if red != 1 {
			t.Fatalf("%d red 10x5 rectangles at %v", red, at)
		}
		found := false
		for _, l := range lines {
			found = found || pdfcheck.Near(l.X1, at.X, 0.001) && pdfcheck.Near(l.Y1, at.Y, 0.001) && pdfcheck.Near(l.X2, at.X+10, 0.001)
		}
		if !found {
			t.Fatalf("no line at %v", at)
		}
	}
	// Each form drawn is clipped to its bounding box: the clips read back too, one per Do of a form on the
	// page and one more in each placed "two" that places the box as a form.
	clips := 0
	for _, r := range rects {
		if r.Clip {
			clips++
		}
	}
	if dos := strings.Count(pg.Raw, " Do"); clips <= dos {
		t.Errorf("%d clips for %d forms placed on the page", clips, dos)
	}
}
