package pngenc

import (
	"bytes"
	"image"
	"image/color"
	"image/png"
	"path/filepath"
	"testing"

	"github.com/klauspost/compress/zlib"

	"github.com/muster-wargames/muster/internal/cputime"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// settings are the encoder settings BenchmarkSettings compares.
var settings = []struct {
	name string
	set  setting
}{
	{"none-speed", setting{level: zlib.BestSpeed}},
	{"none-huffman", setting{level: zlib.HuffmanOnly}},
	{"none-level2", setting{level: 2}},
	{"none-default", setting{level: zlib.DefaultCompression}},
	{"sub-speed", setting{level: zlib.BestSpeed, filter: 1}},
	{"up-speed", setting{level: zlib.BestSpeed, filter: 2}},
}

// Every setting decodes with image/png to the same pixels.
func TestSettingsRoundTrip(t *testing.T) {
	for _, s := range settings {
		for _, alpha := range []uint8{255, 128} {
			im := sample(alpha)
			channels := 3
			if alpha != 255 {
				channels = 4
			}
			data, err := encode(im, channels, false, s.set)
			if err != nil {
				t.Fatal(err)
			}
			back, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Fatalf("%s: %v", s.name, err)
			}
			for y := 0; y < 5; y++ {
				for x := 0; x < 7; x++ {
					if a, b := color.NRGBAModel.Convert(im.At(x, y)), color.NRGBAModel.Convert(back.At(x, y)); a != b {
						t.Fatalf("%s, alpha %d: pixel %d,%d is %v, want %v", s.name, alpha, x, y, b, a)
					}
				}
			}
		}
	}
}

// BenchmarkSettings encodes The Highest Ground's boards (four boards and the Introductory Scenario's map set
// at 150 dpi, 7.6 Mpx, as the exporters draw them) with each setting, and image/png's own at its fastest and
// default levels, reporting the bytes and the time: the table in setting's doc, from which chosen is chosen.
func BenchmarkSettings(b *testing.B) {
	c, err := validate.Load(filepath.Join("..", "..", "..", "examples", "highest-ground")).Checked()
	if err != nil {
		b.Fatal(err)
	}
	var ims []*image.RGBA
	pkg := c.Package()
	draw := func(d *maps.Drawing) {
		_, _, dx, dy := d.PixelOrigin(150)
		s := surface.NewPNG(surface.PNGOptions{DPI: 150})
		if err := d.DrawFrame(s, dx, dy); err != nil {
			b.Fatal(err)
		}
		im, err := s.PageImage(0)
		if err != nil {
			b.Fatal(err)
		}
		ims = append(ims, im)
	}
	for _, m := range pkg.Maps() {
		d, err := maps.ForMap(pkg, m)
		if err != nil {
			b.Fatal(err)
		}
		draw(d)
	}
	for _, sc := range pkg.Scenarios() {
		d, err := maps.ForScenario(pkg, sc)
		if err != nil {
			b.Fatal(err)
		}
		d.HideUnits = true
		draw(d)
	}
	px := 0
	for _, im := range ims {
		px += im.Bounds().Dx() * im.Bounds().Dy()
	}
	run := func(name string, enc func(im *image.RGBA) ([]byte, error)) {
		b.Run(name, func(b *testing.B) {
			size := 0
			cpu := cputime.Now().Seconds()
			for b.Loop() {
				size = 0
				for _, im := range ims {
					data, err := enc(im)
					if err != nil {
						b.Fatal(err)
					}
					size += len(data)
				}
			}
			b.ReportMetric(float64(size)/(1<<20), "MiB")
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(b.N)/float64(px), "ns/px")
			b.ReportMetric((cputime.Now().Seconds()-cpu)*1e9/float64(b.N)/float64(px), "cpu-ns/px")
		})
	}
	for _, s := range settings {
		run(s.name, func(im *image.RGBA) ([]byte, error) { return encode(im, 3, false, s.set) })
	}
	for _, level := range []png.CompressionLevel{png.BestSpeed, png.DefaultCompression} {
		name := map[png.CompressionLevel]string{png.BestSpeed: "speed", png.DefaultCompression: "default"}[level]
		run("image-png-"+name, func(im *image.RGBA) ([]byte, error) {
			var buf bytes.Buffer
			err := (&png.Encoder{CompressionLevel: level}).Encode(&buf, im)
			return buf.Bytes(), err
		})
	}
}
