package pdfcheck_test

import (
	"bytes"
	"image"
	"image/png"
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

// An image drawn on the page, turned, and inside forms reads back where its pixels land, and an image drawn
// many times is one object.
func TestImagesReadBack(t *testing.T) {
	im := image.NewNRGBA(image.Rect(0, 0, 40, 20))
	for i := range im.Pix {
		im.Pix[i] = 0xff
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, im); err != nil {
		t.Fatal(err)
	}
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(600, 600)
	if err := p.Image(buf.Bytes(), 100, 50, 80, 40); err != nil { // 2 pt a pixel
		t.Fatal(err)
	}
	p.Push()
	p.Translate(300, 300)
	p.Rotate(180)
	if err := p.Image(buf.Bytes(), 0, 0, 40, 20); err != nil { // turned: pixel (0,0) at (300,300), going up-left
		t.Fatal(err)
	}
	p.Pop()
	for i := 0; i < 60; i++ { // enough placements to become a form
		p.Reuse("tile", float64(i%10)*50, 400+float64(i/10)*30, surface.Rect{W: 40, H: 20}, surface.Rect{W: 40, H: 20}, func(s surface.Surface, _ surface.Rect) {
			if err := s.Image(buf.Bytes(), 0, 0, 20, 10); err != nil {
				t.Error(err)
			}
			var pts []surface.Pt // enough drawing to be worth a form
			for i := 0; i < 100; i++ {
				pts = append(pts, surface.Pt{X: float64(i) * 0.4, Y: float64(i%2) * 20})
			}
			s.Polyline(pts)
		})
	}
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	doc, err := pdfcheck.Parse(b.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	if objs := doc.Images(); len(objs) != 1 || objs[0].Width != 40 || objs[0].Height != 20 {
		t.Fatalf("image objects %+v, want one of 40 x 20", objs)
	}
	if n := strings.Count(doc.Pages[0].Raw, "/TPL"); n < 50 {
		t.Fatalf("%d forms placed: the test reads too few images through forms", n)
	}
	got := doc.Pages[0].Images
	if len(got) != 62 {
		t.Fatalf("%d images drawn, want 62", len(got))
	}
	near := func(what string, im pdfcheck.ImageDraw, u, v, x, y float64) {
		t.Helper()
		if gx, gy := im.Point(u, v); !pdfcheck.Near(gx, x, 0.01) || !pdfcheck.Near(gy, y, 0.01) {
			t.Errorf("%s: pixel (%g, %g) at (%g, %g), want (%g, %g)", what, u, v, gx, gy, x, y)
		}
	}
	near("plain", got[0], 0, 0, 100, 50)
	near("plain", got[0], 40, 20, 180, 90)
	near("plain", got[0], 10, 5, 120, 60)
	near("turned", got[1], 0, 0, 300, 300)
	near("turned", got[1], 40, 20, 260, 280)
	near("in a form", got[61], 40, 20, 9*50+20, 400+5*30+10)
	for _, im := range got[1:] {
		if im.Obj != got[0].Obj {
			t.Fatalf("drawn from object %d and %d", got[0].Obj, im.Obj)
		}
	}
}

// The tools read what the surface writes: pdftotext finds a word where it is drawn, qpdf passes the file, and
// the objects come in number order with the page's content among them.
func TestToolsReadText(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(300, 200)
	p.Text(100, 50, "Legion 8-4", surface.Font{Size: 12}, surface.Align{})
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		t.Fatal(err)
	}
	d := pdfcheck.Read(t, b.Bytes())
	objs := d.Objects()
	for i := 1; i < len(objs); i++ {
		if objs[i-1].Num >= objs[i].Num {
			t.Fatalf("objects out of order: %d before %d", objs[i-1].Num, objs[i].Num)
		}
	}
	found := false
	for _, o := range objs {
		found = found || string(o.Data) == d.Pages[0].Raw
	}
	if !found {
		t.Error("the page's content stream is not among the objects")
	}
	pdfcheck.Check(t, "text.pdf", b.Bytes())
	if txt := pdfcheck.Text(t, b.Bytes()); !strings.Contains(txt, "Legion 8-4") {
		t.Errorf("pdftotext reads %q", txt)
	}
	var w *pdfcheck.Word
	for _, x := range pdfcheck.Words(t, b.Bytes()) {
		if x.Text == "8-4" {
			w = &x
		}
	}
	if w == nil || w.Page != 0 || w.XMin <= 100 || w.XMax > 200 || w.YMin > 50 || w.YMax < 40 {
		t.Errorf("the word 8-4: %+v", w)
	}
}

// TextRuns reads each string drawn with its size and its place on the page (top-left, y down), through the
// fonts' hex strings, bold and regular alike.
func TestTextRuns(t *testing.T) {
	p := surface.NewPDF(surface.PDFOptions{})
	p.BeginPage(300, 200)
	p.Text(40, 50, "Forced March", surface.Font{Size: 7.5, Style: surface.Bold}, surface.Align{})
	p.Text(40, 120, "für (x)", surface.Font{Size: 6}, surface.Align{})
	b, err := p.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	runs := pdfcheck.Read(t, b).Pages[0].TextRuns()
	if len(runs) != 2 {
		t.Fatalf("runs %+v, want 2", runs)
	}
	for i, want := range []pdfcheck.TextRun{{Text: "Forced March", X: 40, Y: 50, Size: 7.5}, {Text: "für (x)", X: 40, Y: 120, Size: 6}} {
		r := runs[i]
		if r.Text != want.Text || r.Size != want.Size || !pdfcheck.Near(r.X, want.X, 0.01) || !pdfcheck.Near(r.Y, want.Y, 3) {
			t.Errorf("run %d: %+v, want %+v", i, r, want)
		}
	}
}
