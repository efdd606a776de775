package build

import (
	"fmt"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/examples"
	"github.com/muster-wargames/muster/generators/scaffold"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/validate"
)

// textClash is two words of a map page whose boxes overlap.
type textClash struct {
	file string
	a, b pdfcheck.Word
}

func (c textClash) String() string {
	return fmt.Sprintf("%s page %d: %q (%.1f,%.1f-%.1f,%.1f) over %q (%.1f,%.1f-%.1f,%.1f)", c.file, c.a.Page+1,
		c.a.Text, c.a.XMin, c.a.YMin, c.a.XMax, c.a.YMax, c.b.Text, c.b.XMin, c.b.YMin, c.b.XMax, c.b.YMax)
}

// mapTextClashes reads every word a map PDF prints, in the order drawn (pdftotext -raw keeps a word drawn over
// another apart from it), and lists the pairs whose boxes overlap by more than a hair (a line's box touching the
// next line's is not a clash). Boxes are pdftotext's: the font's ascent to its descent, the advance widths.
func mapTextClashes(t *testing.T, file string, pdf []byte) []textClash {
	t.Helper()
	doc := pdfcheck.Read(t, pdf)
	var ws []pdfcheck.Word
	for i, pg := range strings.Split(pdfcheck.Text(t, pdf, "-raw", "-bbox"), "<page ")[1:] {
		for _, m := range wordBoxRe.FindAllStringSubmatch(pg, -1) {
			var w pdfcheck.Word
			fmt.Sscan(m[1], &w.XMin)
			fmt.Sscan(m[2], &w.YMin)
			fmt.Sscan(m[3], &w.XMax)
			fmt.Sscan(m[4], &w.YMax)
			w.Text, w.Page = m[5], i
			// The map is drawn clipped to the page's trim box (the tile's frame): a word the frame cuts shows
			// only inside it. A word wholly outside it is the page's own (the sheet's label).
			if i < len(doc.Pages) && len(doc.Pages[i].TrimBox) == 4 {
				pg := doc.Pages[i]
				tb, h := pg.TrimBox, pg.Height()
				x0, y0, x1, y1 := tb[0], h-tb[3], tb[2], h-tb[1]
				if w.XMin < x1 && w.XMax > x0 && w.YMin < y1 && w.YMax > y0 {
					w.XMin, w.YMin, w.XMax, w.YMax = max(w.XMin, x0), max(w.YMin, y0), min(w.XMax, x1), min(w.YMax, y1)
				}
			}
			ws = append(ws, w)
		}
	}
	sort.SliceStable(ws, func(i, j int) bool {
		if ws[i].Page != ws[j].Page {
			return ws[i].Page < ws[j].Page
		}
		return ws[i].XMin < ws[j].XMin
	})
	const hair = 0.6 // points each way: glyph boxes include the font's whole ascent and descent
	var out []textClash
	for i, a := range ws {
		for _, b := range ws[i+1:] {
			if b.Page != a.Page || b.XMin >= a.XMax-hair {
				break
			}
			w := min(a.XMax, b.XMax) - max(a.XMin, b.XMin)
			h := min(a.YMax, b.YMax) - max(a.YMin, b.YMin)
			if w > hair && h > hair {
				out = append(out, textClash{file, a, b})
			}
		}
	}
	return out
}

var wordBoxRe = regexp.MustCompile(`<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)</word>`)

// Every map page of every example, of each grid's starter game and of the tutorial's random battle prints no
// word over another: labels, objectives, zones, titles, legends, cell ids and tile labels each keep their own
// room (a cell id is a word, so no text covers one).
func TestMapTextNeverOverlaps(t *testing.T) {
	type pkgCase struct {
		name string
		c    *validate.Checked
	}
	var cases []pkgCase
	for _, ex := range examples.Names() {
		cases = append(cases, pkgCase{ex, example(t, ex)})
	}
	for _, grid := range scaffold.Grids {
		cases = append(cases, pkgCase{"starter-" + grid, starter(t, grid)})
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, files := run(t, c.c, Options{})
			n := 0
			for name, b := range files {
				if !strings.HasPrefix(name, plan.MapsDir+"/") || !strings.HasSuffix(name, ".pdf") {
					continue
				}
				n++
				for _, cl := range mapTextClashes(t, name, b) {
					t.Error(cl)
				}
			}
			if n == 0 {
				t.Fatal("no map files built")
			}
		})
	}
}

// starter is muster init's game on a grid, validated.
func starter(t *testing.T, grid string) *validate.Checked {
	t.Helper()
	return loadPackage(t, starterDir(t, grid))
}

// starterDir writes muster init's game on a grid into a temporary folder.
func starterDir(t *testing.T, grid string) string {
	t.Helper()
	files, err := scaffold.New(scaffold.Options{Grid: grid, ID: "my-game", Name: "My Game"})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "my-game")
	if err := output.CreateFolder(dir, files, output.FileOptions{}); err != nil {
		t.Fatal(err)
	}
	return dir
}
