package build

import (
	"math"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/pdfcheck"
)

// hexes are the closed six-sided paths of a flattened page whose width, corner to corner, is about w points:
// each as its bounding box in top-left page coordinates.
func hexes(p *pdfcheck.Page, w float64) [][4]float64 {
	var out [][4]float64
	var nums []float64
	var pts [][2]float64
	h := p.Height()
	for _, tok := range strings.Fields(p.Content) {
		if v, err := strconv.ParseFloat(tok, 64); err == nil {
			nums = append(nums, v)
			continue
		}
		switch tok {
		case "m":
			pts = pts[:0]
			fallthrough
		case "l":
			if len(nums) >= 2 {
				pts = append(pts, [2]float64{nums[len(nums)-2], h - nums[len(nums)-1]})
			}
		case "h":
			if len(pts) == 6 {
				b := [4]float64{math.Inf(1), math.Inf(1), math.Inf(-1), math.Inf(-1)}
				for _, q := range pts {
					b[0], b[1], b[2], b[3] = math.Min(b[0], q[0]), math.Min(b[1], q[1]), math.Max(b[2], q[0]), math.Max(b[3], q[1])
				}
				if math.Abs(b[2]-b[0]-w) < 1 {
					out = append(out, b)
				}
			}
			pts = pts[:0]
		}
		nums = nums[:0]
	}
	return out
}

var idRe = regexp.MustCompile(`^(I|II|III|IV)[A-T](0[1-9]|1[0-9]|20)$`)

// The Highest Ground's four boards are 8½ x 11in as published (14.4): on tabloid paper each prints on one
// sheet with an outline measuring 8.5 x 11in (within 0.01in) round its whole grid, every one of its 400
// hexes inside it and every cell id too, the captions beside it.
func TestTHGBoardsPublishedSize(t *testing.T) {
	pkg := example(t, "highest-ground")
	tabloid, _ := value.ParsePaper("tabloid")
	_, files := run(t, pkg, Options{Paper: &tabloid})
	const tol = 0.01 * 72
	corner := 0.48 * 72 * 2 / math.Sqrt(3) // a 0.48in flat-top hex, corner to corner
	for _, b := range []string{"I", "II", "III", "IV"} {
		pdf := files["maps/"+b+".pdf"]
		doc := pdfcheck.Read(t, pdf)
		if len(doc.Pages) != 1 {
			t.Errorf("board %s: %d pages on tabloid, want 1", b, len(doc.Pages))
			continue
		}
		pg := doc.Pages[0]
		rects, _ := pg.Shapes()
		var outline *pdfcheck.Rect
		for i, r := range rects {
			if r.Stroke && math.Abs(r.W-8.5*72) <= tol && math.Abs(r.H-11*72) <= tol {
				outline = &rects[i]
			}
		}
		if outline == nil {
			t.Errorf("board %s: no stroked outline of 8.5 x 11in (612 x 792pt) among the page's rectangles", b)
			continue
		}
		o := *outline
		in := func(x0, y0, x1, y1 float64) bool {
			return x0 >= o.X-0.01 && y0 >= o.Y-0.01 && x1 <= o.X+o.W+0.01 && y1 <= o.Y+o.H+0.01
		}
		hs := hexes(pg, corner)
		cells := map[[2]int]bool{}
		for _, h := range hs {
			if !in(h[0], h[1], h[2], h[3]) {
				t.Errorf("board %s: a hex at (%.1f, %.1f)-(%.1f, %.1f) is outside the outline %+v", b, h[0], h[1], h[2], h[3], o)
			}
			cells[[2]int{int(math.Round(h[0])), int(math.Round(h[1]))}] = true
		}
		if len(cells) < 400 {
			t.Errorf("board %s: %d hexes of a 0.48in grid found, want its 400", b, len(cells))
		}
		// Every cell id prints inside the outline (the title block below names the first and last again).
		ids := map[string]bool{}
		for _, w := range pdfcheck.Words(t, pdf) {
			if idRe.MatchString(w.Text) && strings.HasPrefix(w.Text, b) && in(w.XMin, w.YMin, w.XMax, w.YMax) {
				ids[w.Text] = true
			}
		}
		if len(ids) != 400 {
			t.Errorf("board %s: %d distinct cell ids inside the outline, want 400", b, len(ids))
		}
	}
}

// An open table prints at true size by default, tiled like a hex map with crosshairs to assemble it: the
// starter open game's 36 x 24in field takes 15 Letter sheets and says so; print: {scale: 1/4} prints the plan
// at 1:4 (on one sheet), and fit the largest plan on one sheet (1:4 too).
func TestOpenTableTrueSize(t *testing.T) {
	dir := starterDir(t, "open")
	check := func(scale string, wantPages int, wantText string) {
		t.Helper()
		if scale != "" {
			p := filepath.Join(dir, "maps", "field.yaml")
			b, err := os.ReadFile(p)
			if err != nil {
				t.Fatal(err)
			}
			b = regexp.MustCompile(`(?m)^(print: .*\n)?grid:`).ReplaceAll(b, []byte("print: {scale: "+scale+"}\ngrid:"))
			if err := os.WriteFile(p, b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		_, files := run(t, loadPackage(t, dir), Options{})
		pdf := files["maps/field.pdf"]
		if n := len(pdfcheck.Read(t, pdf).Pages); n != wantPages {
			t.Errorf("scale %q: %d pages, want %d", scale, n, wantPages)
		}
		if txt := strings.Join(strings.Fields(text(t, pdf)), " "); !strings.Contains(txt, wantText) {
			t.Errorf("scale %q: no %q in the map's text", scale, wantText)
		}
	}
	check("", 15, "the table is 36in x 24in at true size")
	check("1/4", 1, "Plan at 1:4: 1in on paper is 4in on the table")
	check("fit", 1, "Plan at 1:4")
}
