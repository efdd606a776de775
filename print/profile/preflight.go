package profile

import (
	"bytes"
	"fmt"
	"image"
	_ "image/gif" // the image kinds a face may print
	_ "image/jpeg"
	_ "image/png"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
)

// Side is one printed side of a piece.
type Side struct {
	Name string // "front", "back"
	Face *counters.Face
}

// Piece is one design of a counter or card as it prints, for the preflight.
type Piece struct {
	What  string // "counter 1-INF", "card rail-priority": how a diagnostic names it
	W, H  float64
	Shape string // the counter's outline (package shape); "" for a rectangle
	Sides []Side
	// At is the content that prints the piece (a counter mix line, a card); SizeAt where its size is written
	// (zero when muster's default); ImageAt where the content names the image its symbol prints.
	At, SizeAt, ImageAt diag.Pos
}

// Codes of the preflight's diagnostics (validate's preflight check).
const (
	CodePieceSize = "preflight.piece-size" // a counter or card under the profile's least size
	CodeSafeZone  = "preflight.safe-zone"  // a text crossing the safe line
	CodeImageDPI  = "preflight.image-dpi"  // a raster image under the profile's resolution at its printed size
)

// safeTolerance is how far (points) a text's box may reach over the safe line before it is reported: the
// boxes are cap height boxes measured to the thousandth, so a text set exactly on the line is not an error.
const safeTolerance = 0.05

// Check is the preflight: every piece against the profile, each problem at the content that causes it. A text
// box that crosses the safe line (the piece's outline inset by the profile's safe distance) is reported once
// per layout element, naming the pieces it spoils; a piece under the least size and an image under the least
// resolution at the size it prints once per piece and image.
func Check(p *Profile, pieces []Piece, m counters.Measurer) diag.List {
	var ds diag.List
	if p == nil {
		return ds
	}
	type finding struct {
		at     diag.Pos
		text   string
		pieces []string
	}
	var safe []*finding
	safeAt := map[string]*finding{}
	least := p.MinPiece()
	inset := p.Safe()
	for _, pc := range pieces {
		if side := math.Min(pc.W, pc.H); least > 0 && side < least-1e-6 {
			at := pc.SizeAt
			if at.IsZero() {
				at = pc.At
			}
			ds.Errorf(at, CodePieceSize, "%s is %s, under the %s the %s profile (%s) cuts at least", pc.What, mm(side), p.MinPieceText, p.Name, p.Service).Hint =
				"make it at least " + p.MinPieceText + " a side, or print it with another profile"
		}
		for _, sd := range pc.Sides {
			if sd.Face == nil {
				continue
			}
			if inset > 0 {
				for _, pt := range sd.Face.TextParts(m, pc.W, pc.H) {
					if insideSafe(pc.Shape, pc.W, pc.H, pt.Box, inset) {
						continue
					}
					at := pt.At
					if at.IsZero() {
						at = pt.Source
					}
					if at.IsZero() {
						at = pc.At
					}
					text := pt.Text
					if pt.What == "paragraph" {
						text = firstWords(text)
					}
					k := at.String() + "|" + text
					f := safeAt[k]
					if f == nil {
						f = &finding{at: at, text: text}
						safeAt[k] = f
						safe = append(safe, f)
					}
					f.pieces = append(f.pieces, pc.What+" ("+sd.Name+")")
				}
			}
			for _, r := range sd.Face.Rasters(m, pc.W, pc.H, p.Bleed()) {
				dpi, px, ok := resolution(r)
				if !ok || dpi >= p.MinDPI-0.5 {
					continue
				}
				at := r.Source
				if at.IsZero() && r.What == "symbol" {
					at = pc.ImageAt
				}
				if at.IsZero() {
					at = r.At
				}
				if at.IsZero() {
					at = pc.At
				}
				ds.Errorf(at, CodeImageDPI, "the %s image of %s (%s) is %s at the %s it prints: under the %g dpi the %s profile asks",
					r.What, pc.What, sd.Name, fmt.Sprintf("%.0f dpi", math.Floor(dpi)), sizeText(r.Box), p.MinDPI, p.Name).Hint =
					fmt.Sprintf("use an image of at least %s pixels (it has %s), or print it smaller", needPixels(r, p.MinDPI), px)
			}
		}
	}
	for _, f := range safe {
		more := ""
		if len(f.pieces) > 1 {
			more = fmt.Sprintf(", and on %s more", english.Count(len(f.pieces)-1, "piece"))
		}
		ds.Errorf(f.at, CodeSafeZone, "%q crosses the safe line of the %s profile, %s inside the cut, on %s%s", f.text, p.Name, p.SafeText, f.pieces[0], more).Hint =
			"move it further in (a cut drifts; text past the safe line may be cut off), use a smaller size, or print on larger pieces"
	}
	return ds
}

// insideSafe reports whether the box b lies inside the outline of a piece w x h inset by d.
func insideSafe(s string, w, h float64, b surface.Rect, d float64) bool {
	if shape.Plain(s) {
		return b.X >= d-safeTolerance && b.Y >= d-safeTolerance && b.X+b.W <= w-d+safeTolerance && b.Y+b.H <= h-d+safeTolerance
	}
	box := surface.Rect{W: w, H: h}
	for _, pt := range []surface.Pt{{X: b.X, Y: b.Y}, {X: b.X + b.W, Y: b.Y}, {X: b.X, Y: b.Y + b.H}, {X: b.X + b.W, Y: b.Y + b.H}} {
		if !shape.Contains(s, box, pt, -d+safeTolerance) {
			return false
		}
	}
	return true
}

// resolution is the least resolution of a raster at the size it prints, in dots per inch, and its pixels.
func resolution(r counters.Raster) (dpi float64, px string, ok bool) {
	cfg, _, err := image.DecodeConfig(bytes.NewReader(r.Data))
	if err != nil || cfg.Width <= 0 || cfg.Height <= 0 || r.Box.W <= 0 || r.Box.H <= 0 {
		return 0, "", false // an image that cannot be read is the assets check's to report
	}
	pw, ph := float64(cfg.Width), float64(cfg.Height)
	px = fmt.Sprintf("%dx%d", cfg.Width, cfg.Height)
	if r.Cover {
		// Scaled to cover: the larger scale of the two, points per pixel.
		s := math.Max(r.Box.W/pw, r.Box.H/ph)
		return surface.Inch / s, px, true
	}
	return math.Min(pw*surface.Inch/r.Box.W, ph*surface.Inch/r.Box.H), px, true
}

// needPixels is the pixels an image needs to print its box at dpi.
func needPixels(r counters.Raster, dpi float64) string {
	return fmt.Sprintf("%.0fx%.0f", math.Ceil(r.Box.W/surface.Inch*dpi), math.Ceil(r.Box.H/surface.Inch*dpi))
}

// mm writes a length in points in millimetres: 7.9mm.
func mm(pt float64) string {
	return fmt.Sprintf("%gmm", math.Round(pt/surface.Inch*25.4*10)/10)
}

// sizeText writes a box's size in millimetres: 12.7x12.7mm.
func sizeText(r surface.Rect) string {
	return strings.TrimSuffix(mm(r.W), "mm") + "x" + mm(r.H)
}

// firstWords is the start of a long text, for a message.
func firstWords(s string) string {
	const max = 40
	r := []rune(strings.Join(strings.Fields(s), " "))
	if len(r) <= max {
		return string(r)
	}
	return string(r[:max]) + "…"
}
