package vassal

import (
	"testing"
	"time"

	"github.com/muster-wargames/muster/export/vassal/check"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// BenchmarkExportTHG exports The Highest Ground (4 boards and the Introductory Scenario's map set, every
// counter, charts and sheets) at 150 dpi, zip included.
func BenchmarkExportTHG(b *testing.B) {
	c, err := validate.Load(examplePath("highest-ground")).Checked()
	if err != nil {
		b.Fatal(err)
	}
	var size int
	for b.Loop() {
		m, ds, err := Export(c, Options{DPI: 150})
		if err != nil || m == nil {
			b.Fatal(err, ds)
		}
		z, err := m.Zip()
		if err != nil {
			b.Fatal(err)
		}
		size = len(z)
	}
	b.ReportMetric(float64(size)/(1<<20), "MiB")
}

// BenchmarkTHGBoardsDrawAndEncode splits the boards' work (most of an export) on one goroutine: drawing
// them with print/maps, then encoding them as PNG; png-share is the encoding's part.
func BenchmarkTHGBoardsDrawAndEncode(b *testing.B) {
	c, err := validate.Load(examplePath("highest-ground")).Checked()
	if err != nil {
		b.Fatal(err)
	}
	x := newExporter(c.Package(), Options{DPI: 150})
	if err := x.planBoards(); err != nil {
		b.Fatal(err)
	}
	var draw, enc time.Duration
	for b.Loop() {
		for _, bd := range x.boards {
			t := time.Now()
			_, _, dx, dy := bd.drawing.PixelOrigin(150)
			s := surface.NewPNG(surface.PNGOptions{DPI: 150})
			if err := bd.drawing.DrawFrame(s, dx, dy); err != nil {
				b.Fatal(err)
			}
			im, _ := s.PageImage(0)
			draw += time.Since(t)
			_, d, err := encodePNG(im)
			if err != nil {
				b.Fatal(err)
			}
			enc += d
		}
	}
	b.ReportMetric(enc.Seconds()/(enc+draw).Seconds(), "png-share")
}

// BenchmarkCheckTHG checks The Highest Ground's module (zip, buildFile, every piece definition, grids,
// image headers).
func BenchmarkCheckTHG(b *testing.B) {
	e := exampleModule(b, "highest-ground")
	for b.Loop() {
		if r := check.Bytes(e.zip, "thg.vmod"); r.Diags.HasErrors() {
			b.Fatal(r.Diags)
		}
	}
	b.ReportMetric(float64(len(e.zip))/(1<<20), "MiB")
}

// BenchmarkExportWithGames exports The Highest Ground and Rampant (the largest scenario: 335 pieces) as
// muster export does, zip included; games-share is the part of the export spent writing the scenarios' saved
// games (the budget: under a fifth).
func BenchmarkExportWithGames(b *testing.B) {
	for _, name := range []string{"highest-ground", "rampant"} {
		b.Run(name, func(b *testing.B) {
			c, err := validate.Load(examplePath(name)).Checked()
			if err != nil {
				b.Fatal(err)
			}
			var total, games time.Duration
			for b.Loop() {
				t := time.Now()
				m, ds, err := Export(c, Options{})
				if err != nil || m == nil {
					b.Fatal(err, ds)
				}
				if _, err := m.Zip(); err != nil {
					b.Fatal(err)
				}
				total += time.Since(t)
				games += m.Stats.Games
			}
			b.ReportMetric(games.Seconds()/total.Seconds(), "games-share")
		})
	}
}
