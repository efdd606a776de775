package vassal

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"hash/crc32"
	"image"
	"time"
)

// The module's images are encoded here rather than by image/png: maps and counters are flat colours with
// hatching, which deflate at least as well unfiltered, and choosing a filter per row is most of what
// image/png spends. Unfiltered rows at zlib's fastest level encode a board two to three times as fast, and
// no larger. The output is an ordinary PNG (8-bit RGB, or RGBA when some pixel is not opaque).

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// encodePNG encodes an image, and says how long it took.
func encodePNG(im *image.RGBA) ([]byte, time.Duration, error) {
	t := time.Now()
	b := im.Bounds()
	w, h := b.Dx(), b.Dy()
	opaque := im.Opaque()
	channels := 4
	if opaque {
		channels = 3
	}
	var out bytes.Buffer
	out.Grow(w * h)
	out.Write(pngSignature)
	var hdr [13]byte
	binary.BigEndian.PutUint32(hdr[0:], uint32(w))
	binary.BigEndian.PutUint32(hdr[4:], uint32(h))
	hdr[8] = 8 // bits per channel
	hdr[9] = 6 // RGBA
	if opaque {
		hdr[9] = 2 // RGB
	}
	pngChunk(&out, "IHDR", hdr[:])
	var z bytes.Buffer
	zw, err := zlib.NewWriterLevel(&z, zlib.BestSpeed)
	if err != nil {
		return nil, 0, err
	}
	row := make([]byte, 1+channels*w) // filter type 0 (none), then the pixels
	for y := 0; y < h; y++ {
		pix := im.Pix[im.PixOffset(b.Min.X, b.Min.Y+y):]
		if opaque {
			for x, i := 0, 1; x < w; x, i = x+1, i+3 {
				row[i], row[i+1], row[i+2] = pix[4*x], pix[4*x+1], pix[4*x+2]
			}
		} else {
			// image.RGBA is premultiplied; PNG's RGBA is not.
			for x, i := 0, 1; x < w; x, i = x+1, i+4 {
				r, g, bl, a := pix[4*x], pix[4*x+1], pix[4*x+2], pix[4*x+3]
				row[i], row[i+1], row[i+2], row[i+3] = unpremultiply(r, a), unpremultiply(g, a), unpremultiply(bl, a), a
			}
		}
		if _, err := zw.Write(row); err != nil {
			return nil, 0, err
		}
	}
	if err := zw.Close(); err != nil {
		return nil, 0, err
	}
	pngChunk(&out, "IDAT", z.Bytes())
	pngChunk(&out, "IEND", nil)
	return out.Bytes(), time.Since(t), nil
}

// pngChunk writes one chunk: length, type, data, CRC of type and data.
func pngChunk(w *bytes.Buffer, typ string, data []byte) {
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
