package art

import (
	"testing"

	"github.com/muster-wargames/muster/print/surface"
)

// FuzzSVG feeds the check and the parser anything: they never panic, and art they accept draws on a surface
// without an error.
func FuzzSVG(f *testing.F) {
	for _, name := range fixtures {
		f.Add(fixture(f, name))
	}
	f.Add(svg(`<defs><g id="a"><rect width="5" height="5" fill="red"/></g></defs><use xlink:href="#a" x="3"/>`))
	f.Add(svg(`<style>.a { fill: #c00; stroke: blue }</style><circle class="a" r="4" cx="5" cy="5"/>`))
	f.Add(svg(`<radialGradient id="r" fx="0.2"><stop offset="0.3" stop-color="hsl(120, 50%, 50%)"/><stop offset="1" stop-color="rgb(1,2,3)"/></radialGradient><ellipse rx="4" ry="2" fill="url(#r)"/>`))
	f.Add(svg(`<path d="M1,2 A 3 4 5 1 0 6 7 q 1 2 3 4 t 5 6 s 1 2 3 4 z" stroke="red" stroke-dasharray="1,2"/>`))
	f.Add(svg(`<polyline points="1 2 3 4 5 6" transform="matrix(1 2 3 4 5 6) skewX(3)"/>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if len(data) > 1<<16 {
			return
		}
		a, problems := load(data, [32]byte{})
		if a == nil {
			if !hasError(problems) {
				t.Fatalf("no art and no error: %v", problems)
			}
			return
		}
		d := surface.NewDry(0)
		d.BeginPage(100, 100)
		a.Draw(d, surface.Rect{X: 10, Y: 10, W: 50, H: 40}, Contain)
		a.Draw(d, surface.Rect{X: 10, Y: 10, W: 50, H: 40}, Cover)
		if err := d.Err(); err != nil {
			t.Fatalf("drawing: %v", err)
		}
	})
}
