package build

import (
	"bytes"
	"image/png"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
	"github.com/muster-wargames/muster/print/sheet"
)

// The rampant fixture's phalanx (footprint 2) as measured in the PDF: each of its 3 copies a 90 x 45 pt
// rectangle (5/8in, two wide) in its faction's colour at its slot, in rows below the square counters of its
// sheet; its back exactly behind it, computed here independently of the layout (long-edge x' = W - x - 90,
// short-edge y' = H - y - 45, foldover mirrored about the fold); every other counter still 45 x 45.
func TestWideCounterMeasured(t *testing.T) {
	for _, backs := range []string{"long-edge", "short-edge", "foldover", "none"} {
		t.Run(backs, func(t *testing.T) {
			d, l, of := measuredSheet(t, "rampant", backs)
			fronts := 0
			for pi, pg := range l.Pages {
				rects, _ := d.Pages[pi].Shapes()
				sh := l.Sheets[pg.Sheet]
				n45, n90, want45, want90 := 0, 0, 0, 0
				for _, r := range rects {
					switch {
					case r.Fill && r.W == 45 && r.H == 45:
						n45++
					case r.Fill && r.W == 90 && r.H == 45:
						n90++
					}
				}
				for _, sl := range sh.Slots {
					c := of[sl.Piece]
					sides := 1
					if pg.Side == sheet.FoldPage {
						sides = 2
					}
					if c.ID != "phalanx" {
						want45 += sides
						continue
					}
					want90 += sides
					if sl.Front.W != 90 || sl.Front.H != 45 {
						t.Fatalf("phalanx slot %+v, want 90x45", sl.Front)
					}
					if pg.Side != sheet.BackPage {
						if len(pdfcheck.Find(filledOnly(rects, rgb(c.Front.Background)), sl.Front.X, sl.Front.Y, 90, 45, 0.002)) != 1 {
							t.Fatalf("page %d: no 90x45 phalanx front at %+v", pi+1, sl.Front)
						}
						fronts++
					}
					if pg.Side != sheet.FrontPage {
						x, y := sl.Front.X, sl.Front.Y
						switch backs {
						case "long-edge", "foldover":
							x = 612 - x - 90
						case "short-edge":
							y = 792 - y - 45
						}
						if len(pdfcheck.Find(filledOnly(rects, rgb(c.Back.Background)), x, y, 90, 45, 0.002)) != 1 {
							t.Fatalf("page %d: the phalanx back is not at (%g,%g)", pi+1, x, y)
						}
					}
				}
				if n45 != want45 || n90 != want90 {
					t.Errorf("page %d: %d square and %d wide counters, want %d and %d", pi+1, n45, n90, want45, want90)
				}
			}
			if fronts != 3 {
				t.Errorf("%d phalanxes printed, want 3", fronts)
			}
		})
	}
}

// A wide counter's PNG previews are twice as wide as high: 90 x 45 pt at 300 DPI is 375 x 188 pixels, a
// square 5/8in face 188 x 188.
func TestWidePNG(t *testing.T) {
	_, files := run(t, fixture(t, "rampant"), Options{PNG: true})
	for name, want := range map[string][2]int{
		"png/counters/phalanx-front.png": {375, 188},
		"png/counters/phalanx-back.png":  {375, 188},
		"png/counters/cohort-front.png":  {188, 188},
	} {
		b, ok := files[name]
		if !ok {
			t.Fatalf("no %s", name)
		}
		im, err := png.Decode(bytes.NewReader(b))
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if got := [2]int{im.Bounds().Dx(), im.Bounds().Dy()}; got != want {
			t.Errorf("%s is %dx%d px, want %dx%d", name, got[0], got[1], want[0], want[1])
		}
	}
}
