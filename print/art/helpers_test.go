package art

import (
	"errors"
	"fmt"
	"io"
	"runtime"
	"testing"

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
