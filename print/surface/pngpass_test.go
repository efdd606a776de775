package surface

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
	"image"
	"image/color"
	"image/png"
	"testing"

	"codeberg.org/go-pdf/fpdf"
)

// stripes is a w x h image of coloured stripes, encoded with Go's fastest compression, which the PDF backend's
// own encoder (default compression) would not reproduce byte for byte.
func stripes(t testing.TB, w, h int, alpha uint8) []byte {
	t.Helper()
	im := image.NewNRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			im.SetNRGBA(x, y, color.NRGBA{uint8(x * 7), uint8(y * 5), 0x80, alpha})
		}
	}
	var b bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&b, im); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// chunk is a PNG chunk with its length and CRC.
func chunk(typ string, body []byte) []byte {
	out := binary.BigEndian.AppendUint32(nil, uint32(len(body)))
	out = append(out, typ...)
	out = append(out, body...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(append([]byte(typ), body...)))
}

// withChunk inserts a chunk right after IHDR.
func withChunk(data []byte, c []byte) []byte {
	at := 8 + 12 + 13
	return append(append(append([]byte(nil), data[:at]...), c...), data[at:]...)
}

func idat(t *testing.T, data []byte) []byte {
	t.Helper()
	var out []byte
	for pos := 8; pos+12 <= len(data); {
		n := int(binary.BigEndian.Uint32(data[pos:]))
		if string(data[pos+4:pos+8]) == "IDAT" {
			out = append(out, data[pos+8:pos+8+n]...)
		}
		pos += 12 + n
	}
	if len(out) == 0 {
		t.Fatal("no IDAT")
	}
	return out
}

// An opaque 8-bit PNG goes into the PDF as it is (its compressed pixels copied, not decoded and encoded
// again), and the PNG backend still draws its pixels; PNGs fpdf would misread go the long way.
func TestPNGPassesThroughToPDF(t *testing.T) {
	rgb := stripes(t, 40, 30, 255)
	if !pngPassesThrough(rgb) {
		t.Fatal("an opaque RGB PNG does not pass through")
	}
	interlaced := append([]byte(nil), rgb...)
	interlaced[8+8+12] = 1
	for name, data := range map[string][]byte{
		"alpha":            stripes(t, 40, 30, 200),
		"interlaced":       interlaced,
		"tRNS":             withChunk(rgb, chunk("tRNS", []byte{0, 1, 0, 2, 0, 3})),
		"empty chunk":      withChunk(rgb, chunk("abCd", nil)),
		"short pHYs":       withChunk(rgb, chunk("pHYs", []byte{1, 2, 3})),
		"truncated":        rgb[:len(rgb)-20],
		"chunk past end":   append(append([]byte(nil), rgb[:8]...), 0xff, 0xff, 0xff, 0xff, 'I', 'H', 'D', 'R'),
		"not a png at all": []byte("GIF89a"),
	} {
		if pngPassesThrough(data) {
			t.Errorf("%s: passes through", name)
		}
	}
	pdf := pdfBytes(t, func(s Surface) {
		s.BeginPage(200, 200)
		if err := s.Image(rgb, 10, 10, 80, 60); err != nil {
			t.Fatal(err)
		}
		if err := s.Image(rgb, 100, 10, 80, 60); err != nil { // the same image again: embedded once
			t.Fatal(err)
		}
	})
	if n := bytes.Count(pdf, idat(t, rgb)); n != 1 {
		t.Errorf("the PNG's compressed pixels are in the PDF %d times, want once, as written", n)
	}
	if n := bytes.Count(pdf, []byte("/Subtype /Image")); n != 1 {
		t.Errorf("%d image objects, want 1", n)
	}
	raster := NewPNG(PNGOptions{DPI: 72})
	raster.BeginPage(200, 200)
	if err := raster.Image(rgb, 10, 10, 80, 60); err != nil {
		t.Fatal(err)
	}
	im, err := raster.PageImage(0)
	if err != nil {
		t.Fatal(err)
	}
	// Pixel (20, 15) of the image lands at page (50, 40).
	near := func(v uint8, want int) bool { return max(int(v)-want, want-int(v)) <= 8 }
	if c := im.RGBAAt(50, 40); !near(c.R, 20*7) || !near(c.G, 15*5) || c.B != 0x80 {
		t.Errorf("the PNG backend drew %v at the image's pixel (20, 15)", c)
	}
	// Damage in the pixels shows where they are drawn.
	bad := append([]byte(nil), rgb...)
	copy(bad[len(bad)-40:], bytes.Repeat([]byte{0xff}, 28))
	raster.BeginPage(200, 200)
	if err := raster.Image(bad, 10, 10, 80, 60); err == nil {
		t.Error("damaged pixels drawn without an error")
	}
}

// FuzzPNGPassesThrough: any bytes are judged without a panic, and a PNG judged to pass through is one fpdf
// embeds without an error (or a panic) at the size its header says.
func FuzzPNGPassesThrough(f *testing.F) {
	rgb := stripes(f, 12, 9, 255)
	f.Add(rgb)
	f.Add(stripes(f, 5, 3, 100))
	f.Add(withChunk(rgb, chunk("tEXt", []byte("Comment\x00painted"))))
	f.Add(withChunk(rgb, chunk("pHYs", []byte{0, 0, 11, 19, 0, 0, 11, 19, 1})))
	pal := image.NewPaletted(image.Rect(0, 0, 7, 5), color.Palette{color.White, color.Black, color.RGBA{0x80, 0x40, 0x20, 0xff}})
	pal.Pix[3] = 2
	var b bytes.Buffer
	if err := png.Encode(&b, pal); err != nil {
		f.Fatal(err)
	}
	f.Add(b.Bytes())
	f.Fuzz(func(t *testing.T, data []byte) {
		if !pngPassesThrough(data) {
			return
		}
		w, h := binary.BigEndian.Uint32(data[16:]), binary.BigEndian.Uint32(data[20:])
		if w == 0 || h == 0 || uint64(w)*uint64(h) > maxImagePixels {
			return // decodeImage refuses these before asking
		}
		pdf := newFpdf()
		info := pdf.RegisterImageOptionsReader("x", fpdf.ImageOptions{ImageType: "PNG"}, bytes.NewReader(data))
		if err := pdf.Error(); err != nil {
			t.Fatalf("passes through, but fpdf says: %v", err)
		}
		if info == nil || info.Width() != float64(w) || info.Height() != float64(h) {
			t.Fatalf("fpdf read %v, the header says %d x %d", info, w, h)
		}
	})
}
