// Package pixelcheck compares pictures for tests: a PDF page as poppler draws it against the PNG backend's
// page, and a saved picture against a new one. The surface promises that its two backends draw the same
// thing, and the docs keep pictures of what muster prints; both are checked with one measure of difference.
package pixelcheck

import (
	"bytes"
	"errors"
	"fmt"
	"image"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
)

// ErrNoPdftoppm is returned by Rasterize on a machine without poppler's pdftoppm; a test skips on it.
var ErrNoPdftoppm = errors.New("pdftoppm not installed")

// Rasterize draws page (from 1) of a PDF at dpi with poppler's pdftoppm.
func Rasterize(pdf []byte, page, dpi int) (image.Image, error) {
	tool, err := exec.LookPath("pdftoppm")
	if err != nil {
		return nil, ErrNoPdftoppm
	}
	dir, err := os.MkdirTemp("", "pixelcheck")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir)
	in := filepath.Join(dir, "in.pdf")
	if err := os.WriteFile(in, pdf, 0o600); err != nil {
		return nil, err
	}
	p := strconv.Itoa(page)
	out, err := exec.Command(tool, "-png", "-r", strconv.Itoa(dpi), "-singlefile", "-f", p, "-l", p, in, filepath.Join(dir, "page")).CombinedOutput()
	if err != nil {
		return nil, fmt.Errorf("pdftoppm: %v: %s", err, out)
	}
	b, err := os.ReadFile(filepath.Join(dir, "page.png"))
	if err != nil {
		return nil, err
	}
	return png.Decode(bytes.NewReader(b))
}

// Difference is how far two pictures of one size are apart: the mean absolute difference of their colour
// channels (0 to 255), and the share of pixels whose channels differ by more than a threshold on average (96
// for Compare: a shape drawn in one and not the other; anti-aliasing alone stays below it).
type Difference struct {
	Mean, Far float64
	// FarPixels of Pixels differ by more than the threshold (Far is their share).
	FarPixels, Pixels int
}

// Agree is whether the difference is within what two renderers of one drawing show: a mean under 3 and
// under 1% of the pixels far apart. The cross-backend tests use it.
func (d Difference) Agree() bool { return d.Mean <= 3 && d.Far <= 0.01 }

func (d Difference) String() string {
	return fmt.Sprintf("mean |diff| %.2f/255, %.3f%% pixels differ by >96", d.Mean, 100*d.Far)
}

// Compare measures how two pictures differ; they must have the same bounds (see SameSize).
func Compare(a, b image.Image) Difference { return CompareAt(a, b, 96) }

// CompareAt is Compare with pixels counted far apart from a mean channel difference above far (0 to 255): a
// test of fine drawing (gradients, art) counts smaller differences.
func CompareAt(a, b image.Image, far float64) Difference {
	var sum float64
	var nFar, n int
	r := a.Bounds()
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			r1, g1, b1, _ := a.At(x, y).RGBA()
			r2, g2, b2, _ := b.At(x, y).RGBA()
			d := (dist(r1, r2) + dist(g1, g2) + dist(b1, b2)) / 3 / 257
			sum += d
			if d > far {
				nFar++
			}
			n++
		}
	}
	if n == 0 {
		return Difference{}
	}
	return Difference{Mean: sum / float64(n), Far: float64(nFar) / float64(n), FarPixels: nFar, Pixels: n}
}

// SameSize says how two pictures' sizes differ, or "" when they agree.
func SameSize(a, b image.Image) string {
	if a.Bounds() != b.Bounds() {
		return fmt.Sprintf("size %v, expected %v", a.Bounds().Size(), b.Bounds().Size())
	}
	return ""
}

// Same says how two PNG files differ, or "" when they are the same picture: equal bytes, or equal sizes with
// at most 1 pixel in 1,000 differing by more than 24 in a channel, and no more than 1 in 20 in any block of
// 32 x 32 pixels (floating point may round a few edge pixels differently on another processor, scattered
// over the picture; a change to what is drawn — two counters swapped, a label moved — changes a small region
// much, which the blocks see where the whole picture's count would not). The docs and the tutorial keep
// their pictures with it.
func Same(got, saved []byte) string {
	if bytes.Equal(got, saved) {
		return ""
	}
	ia, err1 := png.Decode(bytes.NewReader(got))
	ib, err2 := png.Decode(bytes.NewReader(saved))
	if err1 != nil || err2 != nil {
		return fmt.Sprintf("not PNG: %v %v", err1, err2)
	}
	if why := SameSize(ia, ib); why != "" {
		return why
	}
	r := ia.Bounds()
	diff := 0
	const block = 32
	blocks := map[image.Point]int{}
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			if channelFar(ia, ib, x, y) {
				diff++
				blocks[image.Point{X: (x - r.Min.X) / block, Y: (y - r.Min.Y) / block}]++
			}
		}
	}
	if diff*1000 > r.Dx()*r.Dy() {
		return fmt.Sprintf("%d of %d pixels differ", diff, r.Dx()*r.Dy())
	}
	for at, n := range blocks {
		w := min(block, r.Dx()-at.X*block)
		h := min(block, r.Dy()-at.Y*block)
		if n*20 > w*h {
			return fmt.Sprintf("%d of the %d pixels at (%d, %d) differ (%d in the whole picture)", n, w*h, r.Min.X+at.X*block, r.Min.Y+at.Y*block, diff)
		}
	}
	return ""
}

func channelFar(a, b image.Image, x, y int) bool {
	r1, g1, b1, a1 := a.At(x, y).RGBA()
	r2, g2, b2, a2 := b.At(x, y).RGBA()
	far := func(p, q uint32) bool { return p>>8 > q>>8+24 || q>>8 > p>>8+24 }
	return far(r1, r2) || far(g1, g2) || far(b1, b2) || far(a1, a2)
}

func dist(a, b uint32) float64 {
	if a > b {
		return float64(a - b)
	}
	return float64(b - a)
}
