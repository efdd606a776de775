package vassal

import (
	"image"
	"time"

	"github.com/muster-wargames/muster/export/internal/pngenc"
)

// encodePNG encodes an image (8-bit RGB, or RGBA when some pixel is not opaque), and says how long it took.
func encodePNG(im *image.RGBA) ([]byte, time.Duration, error) {
	t := time.Now()
	data, err := pngenc.Encode(im)
	return data, time.Since(t), err
}
