package art

import (
	"image/color"
	"reflect"
	"testing"

	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
)

// TestLibraryFields guards readPaint's reads of oksvg's unexported fields: it fails when a version of the
// library renames, retypes or moves fillerColor, linerColor or mAdder out of PathStyle, or stops keeping a
// path's paint and transform in them, so that an upgrade is caught here and not by a designer whose art
// stops printing ("the SVG library keeps its paths otherwise than muster reads them").
func TestLibraryFields(t *testing.T) {
	style := reflect.TypeFor[oksvg.PathStyle]()
	for _, f := range []struct {
		name string
		typ  reflect.Type
	}{
		{"fillerColor", reflect.TypeFor[any]()},
		{"linerColor", reflect.TypeFor[any]()},
		{"mAdder", reflect.TypeFor[rasterx.MatrixAdder]()},
	} {
		got, ok := style.FieldByName(f.name)
		if !ok {
			t.Errorf("oksvg.PathStyle has no field %s: readPaint cannot read the paint and transform", f.name)
			continue
		}
		if got.Type != f.typ {
			t.Errorf("oksvg.PathStyle.%s is a %v, not the %v readPaint reads", f.name, got.Type, f.typ)
		}
	}
	// And they hold what readPaint takes them for: the fill, the stroke and the transform of each path.
	icon, err := parse(svg(`<linearGradient id="g"><stop offset="0" stop-color="#00f"/></linearGradient>` +
		`<g transform="translate(3 4)"><rect width="5" height="5" fill="#f00" stroke="#0f0" transform="scale(2 3)"/></g>` +
		`<rect width="5" height="5" fill="url(#g)" stroke="none"/>`))
	if err != nil || len(icon.SVGPaths) != 2 {
		t.Fatalf("parsed %v, %v", icon, err)
	}
	p, err := readPaint(&icon.SVGPaths[0])
	if err != nil {
		t.Fatal(err)
	}
	red, green := color.NRGBA{R: 255, A: 255}, color.NRGBA{G: 255, A: 255}
	if p.fill != red || p.stroke != green || p.m != (rasterx.Matrix2D{A: 2, D: 3, E: 3, F: 4}) {
		t.Errorf("first path: fill %v, stroke %v, transform %+v", p.fill, p.stroke, p.m)
	}
	p, err = readPaint(&icon.SVGPaths[1])
	if err != nil {
		t.Fatal(err)
	}
	if g, ok := p.fill.(rasterx.Gradient); !ok || len(g.Stops) != 1 || p.stroke != nil || p.m != rasterx.Identity {
		t.Errorf("second path: fill %v, stroke %v, transform %+v", p.fill, p.stroke, p.m)
	}
}
