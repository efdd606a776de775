package vassal

import (
	"bytes"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/content/grid"
	"github.com/muster-wargames/muster/export/vassal/check"
)

// A painted map's board in the module shows the art, each cell's painting under the cell VASSAL's grid puts
// there: at every cell found through the module's own grid attributes (VASSAL's arithmetic), the board image
// has the colours the art has round the painter's centre of that cell.
func TestBoardImagesShowTheArt(t *testing.T) {
	e := exampleModule(t, "testdata/art")
	f, err := os.ReadFile(filepath.Join(examplePath("testdata/art"), "art", "vale.png"))
	if err != nil {
		t.Fatal(err)
	}
	art, err := png.Decode(bytes.NewReader(f))
	if err != nil {
		t.Fatal(err)
	}
	// The painter's hexes: 56 px across flats, cell 0101 centred at (40.25, 36.5), odd columns shoved down.
	const s, x0, y0 = 56.0, 40.25, 36.5
	painted := func(c grid.Cell) (float64, float64) {
		return x0 + float64(c.Col)*1.5*s/math.Sqrt(3), y0 + float64(c.Row)*s + float64(c.Col%2)*s/2
	}
	els := boardElements(t, e.mod)
	checked := 0
	for _, b := range e.mod.Boards {
		if b.Scenario == nil || b.Scenario.ID != "mill-raid" {
			continue
		}
		el := els[b.Map+"/"+b.Name]
		g, ds := check.BoardGrid(el, b.Width, b.Height)
		if g == nil {
			t.Fatalf("board %s: no grid (%v)", b.Name, ds)
		}
		board, err := png.Decode(bytes.NewReader(e.mod.File("images/" + el.Attr("image"))))
		if err != nil {
			t.Fatal(err)
		}
		k := 0.5 * e.mod.DPI / s // board pixels an art pixel: hexes of 0.5in
		set := drawingOf(t, e.checked.Package(), b).Set
		geo := set.Boards[0].Geo
		var sum float64
		for row := 0; row < geo.Rows; row++ {
			for col := 1; col < geo.Cols; col++ { // the first column is under the entry band
				c := grid.Cell{Col: col, Row: row}
				label := geo.Label(c)
				if label == "0803" || label == "0804" || label == "0103" {
					continue // units and the objective stand there
				}
				q, err := g.Location(label)
				if err != nil {
					t.Fatal(err)
				}
				// Down and to the left of the centre: clear of the label above it and the road through it.
				du, dv := -0.2*s, 0.22*s
				u, v := painted(c)
				want := mean(art, u+du, v+dv, 1.5)
				got := mean(board, float64(q.X)+du*k, float64(q.Y)+dv*k, 1.5*k)
				d := (math.Abs(want[0]-got[0]) + math.Abs(want[1]-got[1]) + math.Abs(want[2]-got[2])) / 3
				sum += d
				if d > 24 {
					t.Errorf("cell %s: the board shows %.0f, the art %.0f", label, got, want)
				}
				checked++
			}
		}
		t.Logf("%d cells: the board and the art differ by %.1f/255 on average round each cell", checked, sum/float64(checked))
	}
	if checked < 60 {
		t.Fatalf("%d cells checked", checked)
	}
}

// mean is the average colour of an image in a square of half-side r round (x, y).
func mean(im image.Image, x, y, r float64) [3]float64 {
	var out [3]float64
	n := 0.0
	for py := int(math.Floor(y - r)); py <= int(math.Ceil(y+r)); py++ {
		for px := int(math.Floor(x - r)); px <= int(math.Ceil(x+r)); px++ {
			cr, cg, cb, _ := im.At(px, py).RGBA()
			out[0] += float64(cr >> 8)
			out[1] += float64(cg >> 8)
			out[2] += float64(cb >> 8)
			n++
		}
	}
	for i := range out {
		out[i] /= n
	}
	return out
}
