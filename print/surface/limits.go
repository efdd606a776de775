package surface

// The limits of a drawing: one set, read by the surface and by print/art's SVG check alike, so that every
// picture validate accepts is one every backend draws in bounded time and memory. The check refuses SVG art
// past any of them as a problem at the SVG's line (validate reports it); the surface holds the ones that are
// its own for every drawing, art or not, and bounds its work by the rest: the raster backend cuts every path to
// the picture before it allocates anything for it (see window.go), so what a drawing costs is what shows.
const (
	// MaxCoordinate bounds a coordinate of SVG art in its own units, as written (radii and sizes too) and once
	// transformed into the viewBox: the SVG library keeps path coordinates to 1/64 in 32 bits (±3.3e7), and
	// the PDF writes them to a thousandth, which a reader holds in a float of 24 bits.
	MaxCoordinate = 1e7
	// MinViewBox is the smallest side of an SVG's viewBox, in its units: coordinates are kept to 1/64 of a
	// unit, so a smaller viewBox would be drawn as a few coarse steps, scaled up as many times as it is small.
	MinViewBox = 1.0
	// MaxStrokeWidth bounds the width of an SVG stroke, as a share of the diagonal of the viewBox: a stroke
	// wider than the whole picture shows nothing a fill would not, and its width is what the raster backend
	// must look past the picture for.
	MaxStrokeWidth = 1.0
	// MaxDashEntries bounds the lengths of one dash pattern (SetDash refuses more).
	MaxDashEntries = 64
	// MaxDashes bounds the dashes one stroke is cut into. The SVG check counts them along a whole path, so
	// that art is never cut into more at any scale; the raster backend cuts at most this many where a stroke
	// shows, and draws a pattern finer than that as the even tint it averages to.
	MaxDashes = 1 << 16
	// MinDashPeriod is the shortest repeat of a dash pattern on the page, in points, that is drawn as dashes:
	// a finer one, which no printer or screen resolves and a PDF cannot write (it keeps thousandths of a
	// point), is drawn solid in the tint its dashes average to, by every backend.
	MinDashPeriod = 0.01
	// MaxGradientStops bounds the stops of one gradient: each pair is a shading of its own in a PDF.
	MaxGradientStops = 256
	// MaxOverdraw bounds the pixels SVG art touches, as a multiple of the pixels of the box it is drawn in:
	// the check adds up the boxes of its shapes (cut to the viewBox) against the viewBox's area. The raster
	// backend touches no more of a shape than its box within the picture, so art within the limit costs at
	// most this many times the pixels it is drawn on.
	MaxOverdraw = 256
)
