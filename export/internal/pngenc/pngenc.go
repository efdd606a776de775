// Package pngenc encodes the exporters' images as PNG faster than image/png: maps and counters are flat
// colours with hatching, which deflate at least as well unfiltered, and choosing a filter per row is most of
// what image/png spends. Unfiltered rows at zlib's fastest level encode a board two to three times as fast,
// and no larger.
package pngenc

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
)

var signature = []byte("\x89PNG\r\n\x1a\n")

// Encode writes an image as 8-bit RGB, or as RGBA when some pixel is not opaque.
func Encode(im *image.RGBA) ([]byte, error) {
	if im.Opaque() {
		return encode(im, 3, false)
	}
	return encode(im, 4, false)
}

// EncodeRGB writes an image as 8-bit RGB whatever its alpha: a pixel that is not opaque is shown as it
// would look on white (Tabletop Simulator wants images without an alpha channel).
func EncodeRGB(im *image.RGBA) ([]byte, error) {
	return encode(im, 3, !im.Opaque())
}

// encode writes channels (3 or 4) per pixel; onWhite composites each pixel over white first.
func encode(im *image.RGBA, channels int, onWhite bool) ([]byte, error) {
	b := im.Bounds()
	w, h := b.Dx(), b.Dy()
	var out bytes.Buffer
	out.Grow(w * h)
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
	zw, err := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	if err != nil {
		return nil, err
	}
	row := make([]byte, 1+channels*w) // filter type 0 (none), then the pixels
	for y := 0; y < h; y++ {
		pix := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
		switch {
		case channels == 3 && onWhite:
			// image.RGBA is premultiplied: over white, a channel is c + (255 - a).
			for x, i := 0, 1; x < w; x, i = x+1, i+3 {
				white := 255 - pix[4*x+3]
				row[i], row[i+1], row[i+2] = pix[4*x]+white, pix[4*x+1]+white, pix[4*x+2]+white
			}
		case channels == 3:
			for x, i := 0, 1; x < w; x, i = x+1, i+3 {
				row[i], row[i+1], row[i+2] = pix[4*x], pix[4*x+1], pix[4*x+2]
			}
		default:
			// image.RGBA is premultiplied; PNG's RGBA is not.
			for x, i := 0, 1; x < w; x, i = x+1, i+4 {
				r, g, bl, a := pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3]
				row[i], row[i+1], row[i+2], row[i+3] = unpremultiply(r, a), unpremultiply(g, a), unpremultiply(bl, a), a
			}
		}
		if _, err := zw.Write(row); err != nil {
			return nil, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, err
	}
	chunk(&out, "IDAT", z.Bytes())
	chunk(&out, "IEND", nil)
	return out.Bytes(), nil
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
