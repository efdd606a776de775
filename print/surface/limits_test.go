package surface

import (
	"errors"
	"image"
	"slices"
	"testing"
)

// Unprintable names the runes the Go fonts lack in any text style, and nothing for what they draw.
func TestUnprintable(t *testing.T) {
	for _, ok := range []string{"Légion ½ — Ωμέγα, Бородино № 3 «»", "tab\tand\nnewline", ""} {
		if rs, _ := Unprintable(ok); len(rs) != 0 {
			t.Errorf("%q: %q reported", ok, rs)
		}
	}
	rs, faces := Unprintable("機関銃 🐎 機")
	if !slices.Equal(rs, []rune{'機', '関', '銃', '🐎'}) || len(faces) != 4 || !slices.Contains(faces[0], "Go Bold Italic") {
		t.Errorf("got %q %v", rs, faces)
	}
}

// Text drawn with runes the font lacks is remembered, once per text, with the face.
func TestUnprintableTextIsRecorded(t *testing.T) {
	p := NewPDF(PDFOptions{})
	p.BeginPage(100, 100)
	p.Text(10, 10, "fine", Font{Size: 9}, Align{})
	p.Text(10, 20, "機 twice", Font{Style: Bold, Size: 9}, Align{})
	p.Text(10, 30, "機 twice", Font{Style: Bold, Size: 9}, Align{})
	got := p.Unprintable()
	if len(got) != 1 || got[0].Text != "機 twice" || got[0].Font != "Go Bold" || !slices.Equal(got[0].Runes, []rune{'機'}) {
		t.Errorf("got %+v", got)
	}
}

// MaxPages stops a surface past that many pages with a *PageLimitError; a dry surface counts pages the same.
func TestPageLimit(t *testing.T) {
	for _, s := range []Surface{NewPDF(PDFOptions{MaxPages: 3}), NewPNG(PNGOptions{DPI: 10, MaxPages: 3}), NewDry(3)} {
		for i := 0; i < 5; i++ {
			s.BeginPage(100, 100)
		}
		var le *PageLimitError
		if !errors.As(s.Err(), &le) || le.Max != 3 {
			t.Errorf("%T: error %v after 5 pages", s, s.Err())
		}
	}
	d := NewDry(0)
	d.BeginPage(100, 100)
	d.Text(0, 0, "x", Font{Size: 9}, Align{})
	if d.Pages() != 1 || d.Err() != nil || d.MeasureText("Wm", Font{Size: 10}) != NewPNG(PNGOptions{}).MeasureText("Wm", Font{Size: 10}) {
		t.Error("a dry surface measures like the others")
	}
}

// With OnPage, a PNG surface hands each page over when it is done and keeps none.
func TestPNGHandsPagesOver(t *testing.T) {
	var got []int
	p := NewPNG(PNGOptions{DPI: 10, OnPage: func(i int, im *image.RGBA) error {
		got = append(got, i)
		if im == nil || im.Bounds().Dx() != 14 {
			t.Errorf("page %d: %v", i, im)
		}
		return nil
	}})
	for i := 0; i < 3; i++ {
		p.BeginPage(100, 100)
		if len(got) != i {
			t.Fatalf("after page %d begun, %d handed over", i+1, len(got))
		}
	}
	if err := p.Flush(); err != nil || !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("Flush: %v, handed %v", err, got)
	}
	if _, err := p.PageImage(0); err == nil {
		t.Error("a handed page is still held")
	}
}
