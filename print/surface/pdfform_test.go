package surface

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/pixelcheck"
)

// badge is a small drawing with everything a form may carry: fills and strokes, a dash, translucent paint
// (a graphics state), an image, a clip, and a drawing reused inside it.
func badge(s Surface, _ Rect) {
	s.SetFill(RGB(60, 110, 170))
	s.SetStroke(Black, 0.8)
	s.Rect(0, 0, 40, 30, FillStroke)
	s.Push()
	s.ClipRect(2, 2, 36, 12)
	s.SetFill(RGBA(255, 200, 0, 128))
	s.Circle(20, 8, 12, Fill)
	s.Pop()
	s.SetStroke(RGB(200, 0, 0), 1.2)
	s.SetDash(2, 1)
	s.Line(2, 16, 38, 16)
	if err := s.Image(tinyPNG(), 30, 20, 8, 4); err != nil {
		panic(err)
	}
	s.Reuse("star", 34, 6, Rect{X: -4, Y: -4, W: 8, H: 8}, Rect{X: -4, Y: -4, W: 8, H: 8}, func(s Surface, _ Rect) {
		s.SetFill(RGBA(0, 0, 0, 180))
		s.Star(0, 0, 3.5, 5, Fill)
	})
}

var badgeArt = Rect{X: -1, Y: -1, W: 42, H: 32}

// label is a reused drawing with text in two faces, which the PDF backend draws in place.
func label(s Surface, _ Rect) {
	s.SetFill(RGBA(0, 80, 0, 200))
	s.Rect(0, 0, 40, 10, Fill)
	s.SetFill(White)
	s.Text(20, 5, "Légion ½", Font{Size: 6}, Align{H: Center, V: Middle})
	s.Text(3, 9, "4", Font{Style: Bold, Size: 5}, Align{})
}

var labelArt = Rect{W: 40, H: 10}

// badgePage draws badges at several places, some rotated, some through a clip: in place when reuse is
// false, else as reused drawings (the ones in the middle row nested in a reused row).
func badgePage(s Surface, reuse bool) {
	s.BeginPage(300, 200)
	place := func(x, y float64) {
		if reuse {
			s.Reuse("badge", x, y, badgeArt, badgeArt, badge)
			s.Reuse("label", x, y+32, labelArt, labelArt, label)
			return
		}
		s.Push()
		s.Translate(x, y)
		badge(s, badgeArt)
		s.Translate(0, 32)
		label(s, labelArt)
		s.Pop()
	}
	place(10, 10)
	place(60.3, 12.7)
	s.Push()
	s.ClipRect(0, 60, 300, 40)
	if reuse {
		row := Rect{X: -1, Y: -1, W: 250, H: 40}
		s.Reuse("row", 20, 65, row, row, func(s Surface, _ Rect) {
			for i := 0; i < 4; i++ {
				s.Reuse("badge", float64(i)*55, 0, badgeArt, badgeArt, badge)
			}
		})
	} else {
		for i := 0; i < 4; i++ {
			s.Push()
			s.Translate(20+float64(i)*55, 65)
			badge(s, badgeArt)
			s.Pop()
		}
	}
	s.Pop()
	s.Push()
	s.Translate(150, 150)
	s.Rotate(30)
	place(0, 0)
	s.Pop()
	s.SetFill(Black)
	s.Text(10, 190, "page text", Font{Size: 8}, Align{})
}

// formsAtOnce makes every reused drawing without text a form from its first placement, for the tests of
// what a form holds.
func formsAtOnce(t *testing.T) {
	old := formCost
	formCost = 0
	t.Cleanup(func() { formCost = old })
}

// A reused drawing prints exactly as the same drawing drawn in place: the two PDFs rasterise alike. The
// badges are forms (one in another, some turned, some clipped); the labels, which show text, are not.
func TestPDFReuseDrawsTheSame(t *testing.T) {
	formsAtOnce(t)
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		t.Skip("pdftoppm not installed")
	}
	dir := t.TempDir()
	raster := func(name string, b []byte) []byte {
		path := filepath.Join(dir, name+".pdf")
		writeFile(t, path, b)
		out, err := exec.Command(tool, "-r", "100", "-singlefile", "-png", path, filepath.Join(dir, name)).CombinedOutput()
		if err != nil || len(out) > 0 {
			t.Fatalf("pdftoppm %s: %v\n%s", name, err, out)
		}
		return readFile(t, filepath.Join(dir, name+".png"))
	}
	inPlace := pdfBytes(t, func(s Surface) { badgePage(s, false) })
	reused := pdfBytes(t, func(s Surface) { badgePage(s, true) })
	if n := strings.Count(string(reused), "/Subtype /Form"); n != 3 {
		t.Errorf("%d forms, want 3 (badge, star, row)", n)
	}
	for _, o := range pdfcheck.Read(t, reused).Objects() {
		if strings.Contains(o.Dict, "/Subtype /Form") && strings.Contains(string(o.Data), "Tj") {
			t.Errorf("a form shows text:\n%s", o.Data)
		}
	}
	a := decodePNGBytes(t, raster("in-place", inPlace))
	b := decodePNGBytes(t, raster("reused", reused))
	if a.Bounds() != b.Bounds() {
		t.Fatalf("bounds %v and %v", a.Bounds(), b.Bounds())
	}
	if d := pixelcheck.Compare(a, b); d.Mean > 0.5 || d.Far > 0.001 {
		t.Errorf("reused drawing rasterises differently: %v", d)
	}
}

// Every PDF with forms passes qpdf --check, and its fonts and text read back: text drawn in reused drawings
// is found by pdftotext, and both faces are embedded with a ToUnicode map.
func TestPDFReuseChecks(t *testing.T) {
	formsAtOnce(t)
	b := pdfBytes(t, func(s Surface) { badgePage(s, true) })
	path := writeTemp(t, "forms.pdf", b)
	pdfcheck.Check(t, "forms.pdf", b)
	if _, err := exec.LookPath("pdftotext"); err == nil {
		out := pdfcheck.Text(t, b, "-enc", "UTF-8")
		// Two labels stand upright (the one turned, pdftotext splits; the row's are clipped away).
		if n := strings.Count(out, "Légion ½"); n < 2 {
			t.Errorf("pdftotext finds the labels' text %d times, want 2:\n%s", n, out)
		}
	}
	if tool, err := exec.LookPath("pdffonts"); err == nil {
		out, err := exec.Command(tool, path).CombinedOutput()
		if err != nil || bytes.Contains(out, []byte("Error")) {
			t.Fatalf("pdffonts: %v\n%s", err, out)
		}
		for _, face := range []string{"go-regular", "go-bold"} {
			if !regexp.MustCompile(`(?m)^utf8` + face + ` +CID TrueType +Identity-H +yes +\w+ +yes`).Match(out) {
				t.Errorf("%s not embedded with a ToUnicode map:\n%s", face, out)
			}
		}
	}
	// A form's resources are what its content names, no more: the badge's graphics states, image and star,
	// the row's badge, the star's graphics state.
	forms := 0
	named := regexp.MustCompile(`/((?:F|GS|I|TPL)[0-9a-f]+) (?:[0-9.]+ Tf|gs|Do)`)
	entry := regexp.MustCompile(`/((?:F|GS|I|TPL)[0-9a-f]+) \d+ 0 R`)
	for _, o := range pdfcheck.Read(t, b).Objects() {
		if !strings.Contains(o.Dict, "/Subtype /Form") {
			continue
		}
		forms++
		want := map[string]bool{}
		for _, m := range named.FindAllStringSubmatch(string(o.Data), -1) {
			want[m[1]] = true
		}
		got := map[string]bool{}
		for _, m := range entry.FindAllStringSubmatch(o.Dict, -1) {
			got[m[1]] = true
		}
		if len(want) == 0 || fmt.Sprint(want) != fmt.Sprint(got) {
			t.Errorf("form names %v, has resources %v: %s", want, got, o.Dict)
		}
	}
	if forms != 3 {
		t.Errorf("%d forms", forms)
	}
}

// Forms come out the same bytes every time, however many there are.
func TestPDFReuseDeterministic(t *testing.T) {
	formsAtOnce(t)
	draw := func(s Surface) {
		s.BeginPage(600, 600)
		for i := 0; i < 60; i++ {
			col := RGBA(uint8(i*4), 100, 200, uint8(100+i))
			art := Rect{W: 20, H: 20}
			s.Reuse(i%30, float64(i%10)*50, float64(i/10)*50, art, art, func(s Surface, _ Rect) {
				s.SetFill(col)
				s.Rect(0, 0, 20, 20, Fill)
				if err := s.Image(tinyPNG(), 2, 2, 8, 4); err != nil {
					t.Error(err)
				}
				s.SetFill(RGBA(0, 0, 0, uint8(i)))
				s.Circle(10, 10, 3, Fill)
			})
		}
	}
	a, b := pdfBytes(t, draw), pdfBytes(t, draw)
	if !bytes.Equal(a, b) {
		t.Fatal("two runs differ")
	}
	if n := strings.Count(string(a), "/Subtype /Form"); n != 30 {
		t.Errorf("%d forms, want 30", n)
	}
}

// Equal drawings under different keys are one form; a key is one form however often it is placed.
func TestPDFReuseSharesForms(t *testing.T) {
	formsAtOnce(t)
	b := pdfBytes(t, func(s Surface) {
		s.BeginPage(600, 600)
		art := Rect{W: 10, H: 10}
		box := func(s Surface, _ Rect) { s.Rect(0, 0, 10, 10, Fill) }
		for i := 0; i < 200; i++ {
			s.Reuse(i%2, float64(i%20)*20, float64(i/20)*20, art, art, box)
		}
	})
	if n := strings.Count(string(b), "/Subtype /Form"); n != 1 {
		t.Errorf("%d forms, want 1", n)
	}
	c := pdfcheck.Read(t, b).Pages[0].Raw
	if n := strings.Count(c, " Do"); n != 200 {
		t.Errorf("%d placements, want 200", n)
	}
}

// A reused drawing that leaves a Push open, and a key that cannot be compared, are errors on every backend.
func TestReuseErrors(t *testing.T) {
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72}), NewDry(0)} {
		s.BeginPage(100, 100)
		art := Rect{W: 10, H: 10}
		s.Reuse("open", 0, 0, art, art, func(s Surface, _ Rect) { s.Push() })
		if s.Err() == nil {
			t.Errorf("%T: unbalanced Push accepted", s)
		}
	}
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72}), NewDry(0)} {
		s.BeginPage(100, 100)
		art := Rect{W: 10, H: 10}
		s.Reuse([]int{1}, 0, 0, art, art, func(s Surface, _ Rect) {})
		if s.Err() == nil {
			t.Errorf("%T: a slice key accepted", s)
		}
	}
	type holder struct{ v any }
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72}), NewDry(0)} {
		s.BeginPage(100, 100)
		art := Rect{W: 10, H: 10}
		s.Reuse(holder{[]int{1}}, 0, 0, art, art, func(s Surface, _ Rect) {}) // comparable type, unhashable value
		if s.Err() == nil {
			t.Errorf("%T: a key holding a slice accepted", s)
		}
	}
	for _, s := range []Surface{NewPDF(PDFOptions{}), NewPNG(PNGOptions{DPI: 72}), NewDry(0)} {
		s.BeginPage(100, 100)
		art := Rect{W: 10, H: 10}
		for _, key := range []any{holder{1}, holder{}, [2]any{"a", holder{2.5}}} {
			s.Reuse(key, 0, 0, art, art, func(s Surface, _ Rect) {})
		}
		if err := s.Err(); err != nil {
			t.Errorf("%T: a key holding comparable values refused: %v", s, err)
		}
	}
}

func writeFile(t *testing.T, path string, b []byte) {
	t.Helper()
	if err := os.WriteFile(path, b, 0o644); err != nil {
		t.Fatal(err)
	}
}

func readFile(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func decodePNGBytes(t *testing.T, b []byte) image.Image {
	t.Helper()
	im, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return im
}

// A drawing is drawn in place until that has cost about what a form does, and placed as a form from then on:
// a drawing no larger than a placement never, a middling one after a few dozen placements, a large one from its
// second; either way every placement lands where it was put.
func TestPDFReuseFormWhenItPays(t *testing.T) {
	rects := func(n int) func(Surface, Rect) {
		return func(s Surface, _ Rect) {
			for i := 0; i < n; i++ {
				s.Rect(float64(i%20)/2, float64(i/20)/2, 0.5, 0.5, Fill)
			}
		}
	}
	for _, c := range []struct {
		name                   string
		rects                  int
		forms                  int
		inPlaceMin, inPlaceMax int
	}{{"tiny", 1, 0, 400, 400}, {"middling", 15, 1, 15, 60}, {"large", 400, 1, 1, 1}} {
		b := pdfBytes(t, func(s Surface) {
			s.BeginPage(600, 600)
			art := Rect{W: 10, H: 10}
			for i := 0; i < 400; i++ {
				s.Reuse(c.name, float64(i%20)*20, float64(i/20)*20, art, art, rects(c.rects))
			}
		})
		content := []byte(pdfcheck.Read(t, b).Pages[0].Raw)
		forms := bytes.Count(b, []byte("/Subtype /Form"))
		inPlace := 400 - bytes.Count(content, []byte(" Do"))
		if forms != c.forms || inPlace < c.inPlaceMin || inPlace > c.inPlaceMax {
			t.Errorf("%s: %d forms, %d of 400 drawn in place (want %d, %d to %d)", c.name, forms, inPlace, c.forms, c.inPlaceMin, c.inPlaceMax)
		}
		d, err := pdfcheck.Parse(b)
		if err != nil {
			t.Fatal(err)
		}
		found, _ := d.Pages[0].Shapes()
		for _, at := range [][2]float64{{0, 0}, {380, 380}, {200, 100}} {
			if len(pdfcheck.Find(found, at[0], at[1], 0.5, 0.5, 0.001)) != 1 {
				t.Errorf("%s: nothing at %v", c.name, at)
			}
		}
	}
}
