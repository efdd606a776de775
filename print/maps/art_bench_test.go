package maps

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/muster-wargames/muster/print/pdfcheck"
)

// bigArt is a 4000 x 3000 painting as PNG: smooth ground with a grain, as painted art has, so that it
// compresses as such art does (about 13 MB), not as a flat colour would.
func bigArt(b *testing.B) []byte {
	b.Helper()
	const w, h = 4000, 3000
	im := image.NewRGBA(image.Rect(0, 0, w, h))
	seed := uint32(1)
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			seed = seed*1664525 + 1013904223
			grain := float64(int(seed>>28) - 8)
			v := 190 + 40*math.Sin(float64(x)/97) + 25*math.Cos(float64(y)/61) + grain
			g := uint8(math.Max(0, math.Min(255, v)))
			i := im.PixOffset(x, y)
			im.Pix[i], im.Pix[i+1], im.Pix[i+2], im.Pix[i+3] = g*3/4, g, g/2, 255
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, im); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkPaintedHexMap30x40 prints a map of 40 x 30 flat-top hexes of 0.6in (21 x 18 inches, tiled onto
// letter pages) over a 4000 x 3000 pixel painted background (about 190 pixels an inch), its fills hidden,
// grid, labels, a river and two roads drawn over it, to PDF: reading the art, laying out and drawing every
// page, writing the document. It reports the PDF's size and pages; the background is in it once.
func BenchmarkPaintedHexMap30x40(b *testing.B) {
	dir := b.TempDir()
	sys, err := os.ReadFile(filepath.Join("testdata", "painted", "system.yaml"))
	if err != nil {
		b.Fatal(err)
	}
	var sides []string
	for r := 1; r <= 30; r++ {
		sides = append(sides, fmt.Sprintf("%02d%02d/%02d%02d", 20, r, 21, r))
	}
	var roads []string
	for _, row := range []int{8, 22} {
		var cells []string
		for c := 1; c <= 40; c++ {
			cells = append(cells, fmt.Sprintf(`"%02d%02d"`, c, row))
		}
		roads = append(roads, fmt.Sprintf("  - {id: road%d, type: road, cells: [%s]}", row, strings.Join(cells, ", ")))
	}
	files := map[string][]byte{
		"muster.yaml": []byte("kind: Package\nid: big\nversion: 1.0.0\nsystem: painted\n"),
		"system.yaml": sys,
		"map.yaml": []byte("kind: Map\nid: big\nname: A painted map\ngrid: {type: hex, cols: 40, rows: 30, cellSize: 0.6in}\n" +
			"background: {image: art/big.png}\nshow: {fills: false}\n" +
			"hexsides:\n  - {id: river, type: river, sides: [" + strings.Join(sides, ", ") + "]}\npaths:\n" + strings.Join(roads, "\n") + "\n"),
		"art/big.png": bigArt(b),
	}
	for name, data := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(p, data, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	pkg := loadDir(b, dir)
	m := pkg.Map("big")
	var size, pages int
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		d, err := ForMap(pkg, m)
		if err != nil {
			b.Fatal(err)
		}
		out, pl := render(b, d, Options{Paper: letter})
		size, pages = len(out), pl.Pages()
		if i == 0 {
			b.StopTimer()
			doc, err := pdfcheck.Parse(out)
			if err != nil {
				b.Fatal(err)
			}
			if n := len(doc.Images()); n != 1 {
				b.Fatalf("%d images in the PDF, want the background once", n)
			}
			b.StartTimer()
		}
	}
	b.ReportMetric(float64(size), "pdf-bytes")
	b.ReportMetric(float64(len(files["art/big.png"])), "art-bytes")
	b.ReportMetric(float64(pages), "pages")
}
