package digital

import (
	"fmt"
	"math"
)

// Size budgets: what one board image may cost each target that loads it, in one place, so that the
// exporters and the build (which keep within them), validate (which warns at the map's line of a map that
// cannot be) and the build report (which lists each board's pixels and memory) read the same figures.
//
//   - VASSAL decodes a board image whole, 4 bytes a pixel (VassalBytesPerPixel: a BufferedImage of
//     TYPE_INT_ARGB, in VASSAL 3.7's ImageUtils and its tile cutter), in a Java heap of 1 GB by default
//     (VassalDefaultHeap: VASSAL.launch.AbstractLaunchAction's DEFAULT_MAXIMUM_HEAP). muster gives a board at
//     most VassalMaxBoardPixels (16 Mpx: 64 MiB of that heap, so a module of several boards, its pieces and
//     VASSAL itself still fit) and VassalMaxBoardSide pixels a side; a board larger than that at the default
//     resolution is drawn at a lower one, the same for every board and piece of the module so that pieces
//     fit their hexes (VassalFitDPI, VassalDPI).
//   - Tabletop Simulator loads no image over TTSMaxImageSide (4,096) pixels a side: a map is cut into tiles
//     (TTSSplit), and muster gives one map's tiles together at most TTSMaxMapPixels (one 4,096-pixel
//     texture's worth, 64 MiB of RGBA on the graphics card), lowering the map's resolution to stay inside
//     (TTSMapDPI).
//   - muster's own PNG previews draw one page at a time into an RGBA image: a page is at most
//     PreviewMaxPixels, its resolution lowered to stay inside (PreviewDPI).

// ImageBytesPerPixel is what a pixel costs each target while it holds the image: 8-bit RGBA (VASSAL's
// TYPE_INT_ARGB, Tabletop Simulator's RGBA32 texture, muster's image.RGBA).
const ImageBytesPerPixel = VassalBytesPerPixel

// PreviewMaxPixels bounds one PNG preview page (16 Mpx, 64 MiB of RGBA): a page larger than that at the
// asked resolution is drawn at a lower one.
const PreviewMaxPixels = 16 << 20

// PreviewDPI is dpi, lowered so that a page w x h points stays within PreviewMaxPixels.
func PreviewDPI(dpi, w, h float64) float64 { return DPIWithin(dpi, w, h, PreviewMaxPixels) }

// DPIWithin is dpi, lowered so that a picture of w x h points drawn at it holds at most maxPixels pixels.
func DPIWithin(dpi, w, h, maxPixels float64) float64 {
	if px := w / 72 * dpi * h / 72 * dpi; px > maxPixels {
		dpi *= math.Sqrt(maxPixels / px)
	}
	return dpi
}

// Target names, as the build report writes them.
const (
	TargetVassal  = "vassal"
	TargetTTS     = "tts"
	TargetPreview = "png"
)

// BoardImage is what one board costs a target: the board's pixels at the resolution drawn, how many images
// it is cut into, and the largest of them.
type BoardImage struct {
	Target string
	Name   string
	DPI    float64
	W, H   int // the whole board, in pixels
	Parts  int // the images it is cut into (Tabletop Simulator's tiles, the preview's pages); 1 when whole
	// PartW, PartH is the largest image.
	PartW, PartH int
}

// Pixels is the board's pixels.
func (b BoardImage) Pixels() int64 { return int64(b.W) * int64(b.H) }

// Memory is the bytes the target holds for the board at once: VASSAL decodes the whole board, Tabletop
// Simulator keeps every tile as a texture, the previews hold one page.
func (b BoardImage) Memory() int64 {
	if b.Target == TargetPreview {
		return int64(b.PartW) * int64(b.PartH) * ImageBytesPerPixel
	}
	return b.Pixels() * ImageBytesPerPixel
}

// Budget is the most Memory may be for the target.
func (b BoardImage) Budget() int64 {
	switch b.Target {
	case TargetVassal:
		return VassalMaxBoardPixels * ImageBytesPerPixel
	case TargetTTS:
		return TTSMaxMapPixels * ImageBytesPerPixel
	default:
		return PreviewMaxPixels * ImageBytesPerPixel
	}
}

// Within reports whether the board keeps within its target's budget: its memory, and each image's side
// (VASSAL's and Tabletop Simulator's limits on a side).
func (b BoardImage) Within() bool {
	if b.Memory() > b.Budget() {
		return false
	}
	switch b.Target {
	case TargetVassal:
		return b.PartW <= VassalMaxBoardSide && b.PartH <= VassalMaxBoardSide
	case TargetTTS:
		return b.PartW <= TTSMaxImageSide && b.PartH <= TTSMaxImageSide
	}
	return true
}

// String is the board's line in the build report: "vassal: Monster map 1, 3300 x 5100 px at 150 dpi, 16.8 Mpx,
// 64.2 MiB held (budget 64 MiB)".
func (b BoardImage) String() string {
	cut := ""
	if b.Parts > 1 {
		what := "tiles"
		if b.Target == TargetPreview {
			what = "pages"
		}
		cut = fmt.Sprintf(" in %d %s of at most %d x %d", b.Parts, what, b.PartW, b.PartH)
	}
	return fmt.Sprintf("%s: %s, %d x %d px at %g dpi%s, %.1f Mpx, %.1f MiB held (budget %d MiB)",
		b.Target, b.Name, b.W, b.H, math.Round(b.DPI*100)/100, cut, float64(b.Pixels())/1e6, float64(b.Memory())/(1<<20), b.Budget()>>20)
}

// VassalBoard is a board of w x h pixels at dpi in a VASSAL module: one image.
func VassalBoard(name string, w, h int, dpi float64) BoardImage {
	return BoardImage{Target: TargetVassal, Name: name, DPI: dpi, W: w, H: h, Parts: 1, PartW: w, PartH: h}
}

// TTSBoard is a map of w x h pixels at dpi on Tabletop Simulator's table: cut by TTSSplit.
func TTSBoard(name string, w, h int, dpi float64) BoardImage {
	xs, ys := TTSSplit(w), TTSSplit(h)
	b := BoardImage{Target: TargetTTS, Name: name, DPI: dpi, W: w, H: h, Parts: (len(xs) - 1) * (len(ys) - 1)}
	for i := 1; i < len(xs); i++ {
		b.PartW = max(b.PartW, xs[i]-xs[i-1])
	}
	for i := 1; i < len(ys); i++ {
		b.PartH = max(b.PartH, ys[i]-ys[i-1])
	}
	return b
}
