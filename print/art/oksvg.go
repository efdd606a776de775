package art

import (
	"errors"
	"reflect"
	"unsafe"

	"github.com/fyne-io/oksvg"
	"github.com/srwiley/rasterx"
)

// oksvg parses an SVG into paths, each with its style, but keeps a path's paint (a colour or a gradient) and
// its transform in unexported fields: its own rasteriser is their only reader. They are read here, by
// reflection and never written, and only once the field is found with the type read (so a library that moved
// them is an error, errLibrary, never a bad read). TestLibraryFields fails if a new version of the library
// renames, retypes or repurposes them. Reading them, rather than parsing paint and transforms again, keeps
// one reader of the SVG's cascade (styles, classes, groups, uses, gradients): a second would have to agree
// with oksvg's on every file, or print what the file does not say.

// pathPaint is what oksvg parsed for one path beyond its exported style.
type pathPaint struct {
	fill, stroke any // nil (none), color.Color or rasterx.Gradient
	m            rasterx.Matrix2D
}

var errLibrary = errors.New("the SVG library keeps its paths otherwise than muster reads them")

// readPaint reads a path's paint and transform.
func readPaint(p *oksvg.SvgPath) (pathPaint, error) {
	v := reflect.ValueOf(p).Elem().FieldByName("PathStyle")
	fill, ok1 := field[any](v, "fillerColor")
	stroke, ok2 := field[any](v, "linerColor")
	adder, ok3 := field[rasterx.MatrixAdder](v, "mAdder")
	if !ok1 || !ok2 || !ok3 {
		return pathPaint{}, errLibrary
	}
	return pathPaint{fill: fill, stroke: stroke, m: adder.M}, nil
}

// field reads the field name of the struct v (addressable) when it is of type T.
func field[T any](v reflect.Value, name string) (T, bool) {
	var zero T
	if !v.IsValid() || v.Kind() != reflect.Struct || !v.CanAddr() {
		return zero, false
	}
	f := v.FieldByName(name)
	if !f.IsValid() || f.Type() != reflect.TypeFor[T]() {
		return zero, false
	}
	return *(*T)(unsafe.Pointer(f.UnsafeAddr())), true
}
