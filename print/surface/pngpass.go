package surface

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	"unsafe"
)

// imageBytes is where a slice of image bytes lies: the same bytes drawn again (an image drawn on every
// page, in every cell) are known without hashing them again.
type imageBytes struct {
	data *byte
	n    int
}

func bytesOf(data []byte) imageBytes { return imageBytes{unsafe.SliceData(data), len(data)} }

// pngPassesThrough reports whether fpdf embeds a PNG as it is, copying its compressed image data into the PDF
// without decoding it: 8-bit grey, RGB or palette colour, not interlaced, without a transparency chunk, its
// chunks well formed up to IEND. A painted map of 4000 x 3000 pixels then costs the PDF a copy of its bytes
// instead of a decode and a new encode (a quarter of a second and two seconds). Chunks fpdf would misread
// (an empty chunk before IEND ends its reading; pHYs it reads as 9 bytes) make the PNG go the long way.
func pngPassesThrough(data []byte) bool {
	if len(data) < 8 || string(data[:8]) != "\x89PNG\r\n\x1a\n" {
		return false
	}
	pos := 8
	var colour byte
	header, palette, pixels := false, false, false
	for pos+12 <= len(data) {
		n := int64(binary.BigEndian.Uint32(data[pos:]))
		if n > int64(len(data)-pos-12) {
			return false
		}
		typ := string(data[pos+4 : pos+8])
		body := data[pos+8 : pos+8+int(n)]
		switch {
		case !header:
			if typ != "IHDR" || n != 13 {
				return false
			}
			depth, comp, filter, interlace := body[8], body[10], body[11], body[12]
			colour = body[9]
			if depth != 8 || (colour != 0 && colour != 2 && colour != 3) || comp != 0 || filter != 0 || interlace != 0 {
				return false
			}
			header = true
		case typ == "IEND":
			return pixels && (colour != 3 || palette)
		case n == 0, typ == "tRNS", typ == "pHYs" && n != 9:
			return false
		case typ == "PLTE":
			palette = true
		case typ == "IDAT":
			pixels = true
		}
		pos += 12 + int(n)
	}
	return false
}

// pixels is the image decoded, the first time a backend needs its pixels: an image the PDF embeds as it is
// may never be decoded.
func (di *decodedImage) pixels() (im image.Image, err error) {
	if di.img != nil {
		return di.img, nil
	}
	defer func() { // decoders should not panic, but never let one escape
		if r := recover(); r != nil {
			im, err = nil, fmt.Errorf("surface: corrupt image: %v", r)
		}
	}()
	im, _, err = image.Decode(bytes.NewReader(di.raw))
	if err != nil {
		return nil, fmt.Errorf("surface: image: %w", err)
	}
	di.img = im
	return im, nil
}

// PDFCopiesPNG reports whether the PDF backend embeds a PNG as it is, copying its compressed pixels: an
// 8-bit PNG without transparency or interlacing. Any other image is decoded and encoded again for each PDF,
// which for a large painting takes seconds (a 4000 x 3000 PNG with an alpha channel: five).
func PDFCopiesPNG(data []byte) bool { return pngPassesThrough(data) }
