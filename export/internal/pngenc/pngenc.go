// Package pngenc encodes the exporters' images as PNG faster than image/png: maps and counters are flat
// colours with hatching, which deflate at least as well unfiltered, and choosing a filter per row is most of
// what image/png spends. Unfiltered rows at zlib's fastest level encode a board two to three times as fast,
// and no larger.
package pngenc

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"

	"github.com/klauspost/compress/zlib"
)

var signature = []byte("\x89PNG\r\n\x1a\n")

// setting is how the rows are deflated: the zlib level and the one filter every row uses. chosen is the setting
// the exporters use, chosen by BenchmarkSettings on The Highest Ground's boards as the exporters draw them (five
// images, 7.6 Mpx at 150 dpi), measured in CPU time on a quiet machine (2 cores), deflating with
// github.com/klauspost/compress (which at level 1 deflates these rows 2.1 times as fast as compress/flate's
// BestSpeed, into 3-6 % fewer bytes: 19.7 against 41.4 ms for the Introductory Scenario's board):
//
//	setting                         CPU ns/px   MiB    (two runs each)
//	no filter, level 1 (BestSpeed)   6.6-8.9    3.48   chosen
//	no filter, level 2               7.1-7.5    3.40   2 % smaller, not faster
//	no filter, default (5)           9.6-10.6   3.34   4 % smaller for a third more time
//	no filter, Huffman only          8.5-11.8  15.36   no repeats found: four times the bytes
//	Sub filter, level 1              9.9-10.2   4.32
//	Up filter, level 1               7.9-8.8    4.08
//	image/png, BestSpeed            35-47       4.06   its adaptive filter and compress/flate
//	image/png, default              57-67       3.95
//
// Drawings of flat colours with hatching deflate best unfiltered.
type setting struct {
	level  int
	filter byte // 0 none, 1 Sub, 2 Up
}

var chosen = setting{level: zlib.BestSpeed}

// Encode writes an image as 8-bit RGB, or as RGBA when some pixel is not opaque.
func Encode(im *image.RGBA) ([]byte, error) {
	if im.Opaque() {
		return encode(im, 3, false, chosen)
	}
	return encode(im, 4, false, chosen)
}

// EncodeRGB writes an image as 8-bit RGB whatever its alpha: a pixel that is not opaque is shown as it
// would look on white (Tabletop Simulator wants images without an alpha channel).
func EncodeRGB(im *image.RGBA) ([]byte, error) {
	// Over white is the pixel itself where it is opaque: no need to look for one that is not first.
	return encode(im, 3, true, chosen)
}

// encode writes channels (3 or 4) per pixel; onWhite composites each pixel over white first.
func encode(im *image.RGBA, channels int, onWhite bool, set setting) ([]byte, error) {
	b := im.Bounds()
	w, h := b.Dx(), b.Dy()
	// The file is assembled once the pixels are deflated, in a buffer of its exact size: reserving room for
	// the raw pixels up front cleared a board's worth of memory for a file a tenth of that.
	var out bytes.Buffer
	out.Write(signature)
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(h))
	hdr[8] = 8 // bits per channel
	hdr[9] = 2 // RGB
	if channels == 4 {
		hdr[9] = 6 // RGBA
	}
	chunk(&out, "IHDR", hdr[:])
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, set.level)
	if err != nil {
		return nil, err
	}
	row := make([]byte, 1+channels*w) // the filter type, then the pixels
	var prev, filtered []byte         // the row above, unfiltered, and this row filtered (Sub and Up)
	if set.filter != 0 {
		prev, filtered = make([]byte, len(row)), make([]byte, len(row))
	}
	for y := 0; y < h; y++ {
		pix := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
		switch {
		case channels == 3 && onWhite:
			// image.RGBA is premultiplied: over white, a channel is c + (255 - a).
			src, dst := pix[:4*w:4*w], row[1:]
			for x := 0; x < w; x++ {
				p, q := src[4*x:4*x+4:4*x+4], dst[3*x:3*x+3:3*x+3]
				white := 255 - p[3]
				q[0], q[1], q[2] = p[0]+white, p[1]+white, p[2]+white
			}
		case channels == 3:
			src, dst := pix[:4*w:4*w], row[1:]
			for x := 0; x < w; x++ {
				p, q := src[4*x:4*x+4:4*x+4], dst[3*x:3*x+3:3*x+3]
				q[0], q[1], q[2] = p[0], p[1], p[2]
			}
		default:
			// image.RGBA is premultiplied; PNG's RGBA is not.
			for x, i := 0, 1; x < w; x, i = x+1, i+4 {
				r, g, bl, a := pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3]
				row[i], row[i+1], row[i+2], row[i+3] = unpremultiply(r, a), unpremultiply(g, a), unpremultiply(bl, a), a
			}
		}
		out := row
		switch set.filter {
		case 1: // Sub: each byte less the byte of the pixel to its left
			filtered[0] = 1
			for i := 1; i < len(row); i++ {
				left := byte(0)
				if i > channels {
					left = row[i-channels]
				}
				filtered[i] = row[i] - left
			}
			out = filtered
		case 2: // Up: each byte less the byte above it
			filtered[0] = 2
			for i := 1; i < len(row); i++ {
				filtered[i] = row[i] - prev[i]
			}
			copy(prev, row)
			out = filtered
		}
		if _, err := zw.Write(out); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	file := bytes.NewBuffer(make([]byte, 0, out.Len()+2*12+z.Len()))
	file.Write(out.Bytes())
	chunk(file, "IDAT", z.Bytes())
	chunk(file, "IEND", nil)
	return file.Bytes(), nil
}

// chunk writes one chunk: length, type, data, CRC of type and data.
func chunk(w *bytes.Buffer, typ string, data []byte) {
	var n [4]byte
	binary.BigEndian.PutUint32(n[:], uint32(len(data)))
	w.Write(n[:])
	crc := crc32.NewIEEE()
	crc.Write([]byte(typ))
	crc.Write(data)
	w.WriteString(typ)
	w.Write(data)
	binary.BigEndian.PutUint32(n[:], crc.Sum32())
	w.Write(n[:])
}

// unpremultiply is a channel of a premultiplied pixel as a straight one, as color.NRGBAModel converts it.
func unpremultiply(c, a uint8) uint8 {
	switch a {
	case 255:
		return c
	case 0:
		return 0
	}
	c16, a16 := uint32(c)*0x101, uint32(a)*0x101
	return uint8((c16 * 0xffff / a16) >> 8)
}
