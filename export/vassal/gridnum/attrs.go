package gridnum

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Attrs gives an element's attributes: the value and whether the element has it.
type Attrs func(name string) (string, bool)

// attrReader reads typed attributes as VASSAL's setAttribute does, keeping the first error.
type attrReader struct {
	get Attrs
	err error
}

func (r *attrReader) fail(name, v, want string) {
	if r.err == nil {
		r.err = fmt.Errorf("attribute %s=%q is not %s", name, v, want)
	}
}

func (r *attrReader) int(name string, def int) int {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	n, err := strconv.ParseInt(v, 10, 32) // Integer.valueOf: no spaces, no fraction
	if err != nil {
		r.fail(name, v, "a whole number")
		return def
	}
	return int(n)
}

func (r *attrReader) float(name string, def float64) float64 {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64) // Double.valueOf trims
	if err != nil || math.IsNaN(f) || math.IsInf(f, 0) {
		r.fail(name, v, "a number")
		return def
	}
	return f
}

func (r *attrReader) bool(name string, def bool) bool {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	return strings.EqualFold(v, "true") // Boolean.valueOf
}

func (r *attrReader) char(name string, def byte, allowed string) byte {
	v, ok := r.get(name)
	if !ok {
		return def
	}
	if v == "" {
		r.fail(name, v, "a letter (VASSAL reads its first character)")
		return def
	}
	if !strings.ContainsRune(allowed, rune(v[0])) {
		r.fail(name, v, "one of "+allowed)
		return def
	}
	return v[0]
}

// maxLeading bounds the leading zeros a numbering may ask for.
const maxLeading = 16

// NumberingFromAttrs reads a HexGridNumbering or SquareGridNumbering element's attributes over VASSAL's
// defaults.
func NumberingFromAttrs(get Attrs) (Numbering, error) {
	r := &attrReader{get: get}
	n := DefaultNumbering()
	n.First = r.char("first", n.First, "HV")
	if v, ok := get("sep"); ok {
		n.Sep = v
	}
	n.HType = r.char("hType", n.HType, "NA")
	n.VType = r.char("vType", n.VType, "NA")
	n.HLeading = r.int("hLeading", n.HLeading)
	n.VLeading = r.int("vLeading", n.VLeading)
	n.HOff = r.int("hOff", n.HOff)
	n.VOff = r.int("vOff", n.VOff)
	n.HDescend = r.bool("hDescend", n.HDescend)
	n.VDescend = r.bool("vDescend", n.VDescend)
	n.Stagger = r.bool("stagger", n.Stagger)
	// A location name pads a number with up to `leading` zeros: more than a few is no grid's, and would
	// make names of any length.
	for _, l := range []struct {
		name string
		v    int
	}{{"hLeading", n.HLeading}, {"vLeading", n.VLeading}} {
		if r.err == nil && (l.v < 0 || l.v > maxLeading) {
			r.err = fmt.Errorf("attribute %s=%d is out of range (0 to %d)", l.name, l.v, maxLeading)
		}
	}
	if v, ok := get("locationFormat"); ok {
		n.LocationFormat = v
	}
	return n, r.err
}

// HexFromAttrs reads a HexGrid element's attributes over VASSAL's defaults.
func HexFromAttrs(get Attrs, n Numbering, container Size) (*Hex, error) {
	r := &attrReader{get: get}
	g := &Hex{X0: 0, Y0: 32, DY: 64, DX: math.Sqrt(3) / 2 * 64, Container: container, N: n}
	g.X0 = r.int("x0", g.X0)
	g.Y0 = r.int("y0", g.Y0)
	g.DX = r.float("dx", g.DX)
	g.DY = r.float("dy", g.DY)
	g.Sideways = r.bool("sideways", false)
	if r.err == nil && (g.DX <= 0 || g.DY <= 0) {
		r.err = fmt.Errorf("dx %g and dy %g must be more than 0", g.DX, g.DY)
	}
	return g, r.err
}

// SquareFromAttrs reads a SquareGrid element's attributes over VASSAL's defaults.
func SquareFromAttrs(get Attrs, n Numbering, container Size) (*Square, error) {
	r := &attrReader{get: get}
	g := &Square{X0: 24, Y0: 24, DX: 48, DY: 48, Container: container, N: n}
	g.X0 = r.int("x0", g.X0)
	g.Y0 = r.int("y0", g.Y0)
	g.DX = r.float("dx", g.DX)
	g.DY = r.float("dy", g.DY)
	if r.err == nil && (g.DX <= 0 || g.DY <= 0) {
		r.err = fmt.Errorf("dx %g and dy %g must be more than 0", g.DX, g.DY)
	}
	return g, r.err
}

// Attrs writes a numbering as attributes, in a fixed order (name, value pairs).
func (n Numbering) Attrs() []string {
	return []string{
		"first", string(n.First), "sep", n.Sep,
		"hType", string(n.HType), "hLeading", strconv.Itoa(n.HLeading), "hOff", strconv.Itoa(n.HOff), "hDescend", strconv.FormatBool(n.HDescend),
		"vType", string(n.VType), "vLeading", strconv.Itoa(n.VLeading), "vOff", strconv.Itoa(n.VOff), "vDescend", strconv.FormatBool(n.VDescend),
		"locationFormat", n.LocationFormat,
	}
}
