package vassal

import (
	"bytes"
	"image"
	"image/png"
	"os"
	"path/filepath"
	"testing"

	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/export/vassal/gridnum"
	"github.com/muster-wargames/muster/print/surface"
)

// TestPreviewFromTheModule draws the README's picture of an exported board from the module alone: the
// board image out of the zip, and over each hex the name VASSAL's grid gives it, computed from the grid's
// attributes in buildFile.xml (raw centres, then location names). Every name drawn must lead back to its
// hex. MUSTER_WRITE_PREVIEW=1 writes docs/preview-vassal.png.
func TestPreviewFromTheModule(t *testing.T) {
	e := exampleModule(t, "highest-ground")
	board := boardElements(t, e.mod)["Map/Introductory Scenario"]
	if board == nil {
		t.Fatal("no scenario board")
	}
	full, err := png.Decode(bytes.NewReader(e.mod.File("images/" + board.Attr("image"))))
	if err != nil {
		t.Fatal(err)
	}
	b := full.Bounds()
	g, ds := check.BoardGrid(board, b.Dx(), b.Dy())
	zoned, ok := g.(*gridnum.Zoned)
	if !ok {
		t.Fatalf("grid %T %v", g, ds)
	}
	// A screenshot where boards I and II meet, with the river and the bridges.
	at, err := zoned.Location("IIB12")
	if err != nil {
		t.Fatal(err)
	}
	const w, h = 880, 540
	crop := image.Rect(at.X-w/2, at.Y-h/2, at.X+w/2, at.Y+h/2).Intersect(b)
	var cropped bytes.Buffer
	if err := png.Encode(&cropped, full.(interface {
		SubImage(image.Rectangle) image.Image
	}).SubImage(crop)); err != nil {
		t.Fatal(err)
	}
	s := surface.NewPNG(surface.PNGOptions{DPI: surface.Inch}) // a point is a pixel
	s.BeginPage(float64(crop.Dx()), float64(crop.Dy()))
	if err := s.Image(cropped.Bytes(), 0, 0, float64(crop.Dx()), float64(crop.Dy())); err != nil {
		t.Fatal(err)
	}
	font := surface.Font{Style: surface.Bold, Size: 10}
	blue := surface.RGB(0x12, 0x3f, 0xb8)
	names := 0
	for _, z := range zoned.Zones {
		hex, ok := z.Grid.(*gridnum.Hex)
		if !ok {
			t.Fatalf("zone %s: %T", z.Name, z.Grid)
		}
		for nx := hex.RawColumn(gridnum.Point{X: crop.Min.X, Y: crop.Min.Y}) - 1; nx <= hex.RawColumn(gridnum.Point{X: crop.Max.X, Y: crop.Max.Y})+1; nx++ {
			for ny := hex.RawRow(gridnum.Point{X: crop.Min.X, Y: crop.Min.Y}) - 2; ny <= hex.RawRow(gridnum.Point{X: crop.Max.X, Y: crop.Max.Y})+2; ny++ {
				p := hex.RawCenter(nx, ny)
				if !z.Contains(p) || p.X < crop.Min.X+20 || p.Y < crop.Min.Y+10 || p.X > crop.Max.X-20 || p.Y > crop.Max.Y-10 {
					continue
				}
				name, err := zoned.LocationName(p)
				if err != nil || name == "" {
					t.Fatalf("%v: %q %v", p, name, err)
				}
				if q, err := zoned.Location(name); err != nil || abs(q.X-p.X) > 1 || abs(q.Y-p.Y) > 1 {
					t.Errorf("%s at %v leads to %v %v", name, p, q, err)
				}
				x, y := float64(p.X-crop.Min.X), float64(p.Y-crop.Min.Y)+6
				tw := s.MeasureText(name, font)
				s.SetFill(surface.RGBA(255, 255, 255, 215))
				s.Rect(x-tw/2-2, y-8, tw+4, 11, surface.Fill)
				s.SetFill(blue)
				s.Text(x, y, name, font, surface.Align{H: surface.Center, V: surface.Baseline})
				names++
			}
		}
	}
	if names < 80 {
		t.Fatalf("only %d names drawn", names)
	}
	if os.Getenv("MUSTER_WRITE_PREVIEW") == "1" {
		var out bytes.Buffer
		if _, err := s.WriteTo(&out); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join("..", "..", "docs", "preview-vassal.png"), out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

func abs(n int) int {
	if n < 0 {
		return -n
	}
	return n
}
