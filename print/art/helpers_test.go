package art

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"io"
	"runtime"
	"testing"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/internal/fuzzbound"
	"github.com/muster-wargames/muster/print/surface"
)

// issueInputs are the SVG bodies of issue 26 that passed validate and crashed or hung the PNG renderers, and
// their gradients that failed build.
var issueInputs = []string{
	`<circle r="9999999" fill="#c00" stroke="#000" stroke-width="2"/>`,
	`<path d="M 10 10 L 90 90" stroke="#000" stroke-dasharray="1e-300"/>`,
	`<linearGradient id="g">` + stops(257) + `</linearGradient><rect width="50" height="50" fill="url(#g)"/>`,
	`<radialGradient id="r" fx="NaN"><stop offset="0" stop-color="red"/><stop offset="1" stop-color="blue"/></radialGradient><rect width="50" height="50" fill="url(#r)"/>`,
}

func stops(n int) string {
	s := ""
	for i := range n {
		s += fmt.Sprintf(`<stop offset="%g" stop-color="#%06x"/>`, float64(i)/float64(n), i*0x10101)
	}
	return s
}

// drawEverywhere draws art through the raster backend and the PDF writer, in a box and in a box it covers,
// as the printers and exporters do, and returns the first drawing error.
func drawEverywhere(a *Art) error {
	png := surface.NewPNG(surface.PNGOptions{DPI: 72})
	pdf := surface.NewPDF(surface.PDFOptions{})
	for _, s := range []surface.Surface{png, pdf} {
		s.BeginPage(100, 100)
		a.Draw(s, surface.Rect{X: 10, Y: 10, W: 50, H: 40}, Contain)
		a.Draw(s, surface.Rect{X: 10, Y: 60, W: 80, H: 30}, Cover)
		if err := s.Err(); err != nil {
			return fmt.Errorf("%T: %w", s, err)
		}
	}
	_, err := pdf.WriteTo(io.Discard)
	return err
}

// FuzzSVG feeds the check and the parser anything: they never panic, and art they accept draws through the
// PNG renderer and the PDF writer without an error, in at most 64 MB allocated (and, while fuzzing, within a
// second).
func FuzzSVG(f *testing.F) {
	for _, name := range fixtures {
		f.Add(fixture(f, name))
	}
	for _, in := range issueInputs {
		f.Add(svg(in))
	}
	f.Add([]byte(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1e-6 1e-6"><circle r="1"/></svg>`))
	f.Add(utf16Of(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="5" height="5"/></svg>`, true, true))
	f.Add(svg(`<defs><g id="a"><rect width="5" height="5" fill="red"/></g></defs><use xlink:href="#a" x="3"/>`))
	f.Add(svg(`<style>.a { fill: #c00; stroke: blue }</style><circle class="a" r="4" cx="5" cy="5"/>`))
	f.Add(svg(`<radialGradient id="r" fx="0.2"><stop offset="0.3" stop-color="hsl(120, 50%, 50%)"/><stop offset="1" stop-color="rgb(1,2,3)"/></radialGradient><ellipse rx="4" ry="2" fill="url(#r)"/>`))
	f.Add(svg(`<path d="M1,2 A 3 4 5 1 0 6 7 q 1 2 3 4 t 5 6 s 1 2 3 4 z" stroke="red" stroke-dasharray="1,2"/>`))
	f.Add(svg(`<polyline points="1 2 3 4 5 6" transform="matrix(1 2 3 4 5 6) skewX(3)"/>`))
	f.Add(svg(`<g transform="scale(1000)"><path d="M0 0 C 9999 0 0 9999 5 5" stroke="blue" stroke-width="0.01" stroke-dasharray="0.001"/></g>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		fuzzbound.Run(t, func() error {
			var err error
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			func() {
				a, problems := load(data, [32]byte{})
				if a == nil {
					if !hasError(problems) {
						err = fmt.Errorf("no art and no error: %v", problems)
					}
					return
				}
				err = drawEverywhere(a)
			}()
			runtime.ReadMemStats(&after)
			if err == nil && after.TotalAlloc-before.TotalAlloc > 64<<20 {
				err = errors.New("checking and drawing allocated more than 64 MB")
			}
			return err
		})
	})
}

// rasterSeeds are small PNG, JPEG and GIF images, and headers that claim more pixels than the printers draw.
func rasterSeeds(t testing.TB) [][]byte {
	im := image.NewNRGBA(image.Rect(0, 0, 6, 4))
	for i := range im.Pix {
		im.Pix[i] = byte(i * 37)
	}
	var p, j, g bytes.Buffer
	if err := png.Encode(&p, im); err != nil {
		t.Fatal(err)
	}
	if err := jpeg.Encode(&j, im, nil); err != nil {
		t.Fatal(err)
	}
	if err := gif.Encode(&g, im, nil); err != nil {
		t.Fatal(err)
	}
	huge := bytes.Clone(p.Bytes())
	binary.BigEndian.PutUint32(huge[16:], 60000)
	binary.BigEndian.PutUint32(huge[20:], 60000)
	binary.BigEndian.PutUint32(huge[29:], crc32.ChecksumIEEE(huge[12:29]))
	hugeGIF := bytes.Clone(g.Bytes())
	binary.LittleEndian.PutUint16(hugeGIF[6:], 65535) // the logical screen
	binary.LittleEndian.PutUint16(hugeGIF[8:], 65535)
	return [][]byte{p.Bytes(), j.Bytes(), g.Bytes(), huge, hugeGIF, p.Bytes()[:40], j.Bytes()[:100]}
}

// maxFuzzPixels is the largest picture FuzzReadPicture draws: a larger one accepted (up to
// content.MaxImagePixels) costs in proportion to its pixels, seconds for the largest, which the cap bounds.
const maxFuzzPixels = 1 << 22

// FuzzReadPicture reads anything as a picture file, as validate and the printers read one: a PNG, JPEG or GIF
// header (art.Read), then the image decoded and drawn through the PNG renderer and the PDF writer. Nothing
// panics, a picture read has the size its header says, and drawing one allocates at most 8 bytes a pixel
// beyond 64 MB (while fuzzing, an input also runs in under a second).
func FuzzReadPicture(f *testing.F) {
	for _, s := range rasterSeeds(f) {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		fuzzbound.Run(t, func() error {
			p, problems := Read(data)
			if p == nil {
				if !hasError(problems) {
					return fmt.Errorf("no picture and no error: %v", problems)
				}
				return nil
			}
			if p.Art != nil || !(p.Width > 0 && p.Height > 0) {
				return nil // SVG art: FuzzSVG's
			}
			if px := p.Width * p.Height; px > content.MaxImagePixels {
				return fmt.Errorf("a picture of %g pixels was read", px)
			} else if px > maxFuzzPixels {
				return nil
			}
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			raster := surface.NewPNG(surface.PNGOptions{DPI: 72})
			pdf := surface.NewPDF(surface.PDFOptions{})
			for _, s := range []surface.Surface{raster, pdf} {
				s.BeginPage(100, 100)
				for _, fit := range []Fit{Contain, Cover} {
					_ = p.Draw(s, surface.Rect{X: 10, Y: 10, W: 60, H: 40}, fit) // a damaged image is its error
				}
			}
			_, _ = pdf.WriteTo(io.Discard)
			runtime.ReadMemStats(&after)
			if used := after.TotalAlloc - before.TotalAlloc; used > uint64(8*p.Width*p.Height)+64<<20 {
				return fmt.Errorf("drawing a %g x %g picture allocated %d MB", p.Width, p.Height, used>>20)
			}
			return nil
		})
	})
}
