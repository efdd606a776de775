package drawn

import (
	"image"
	"testing"
)

// A key is drawn once and handed out once more, then forgotten; a nil cache draws every time.
func TestCache(t *testing.T) {
	draws := 0
	draw := func() (*image.RGBA, error) { draws++; return image.NewRGBA(image.Rect(0, 0, 2, 2)), nil }
	c := &Cache{}
	k := Key{Kind: "map", ID: "m01", DPI: 150}
	a, _ := c.Get(k, draw)
	b, _ := c.Get(k, draw)
	if a != b || draws != 1 {
		t.Fatalf("the second exporter drew again (%d draws)", draws)
	}
	if _, _ = c.Get(Key{Kind: "map", ID: "m01", DPI: 149}, draw); draws != 2 {
		t.Errorf("another resolution is another image (%d draws)", draws)
	}
	if d, r := c.Counts(); d != 2 || r != 1 {
		t.Errorf("counts %d drawn, %d reused", d, r)
	}
	if len(c.entries) != 1 {
		t.Errorf("the cache holds %d images after the shared one was taken", len(c.entries))
	}
	var none *Cache
	none.Get(k, draw)
	none.Get(k, draw)
	if draws != 4 {
		t.Errorf("a nil cache kept an image (%d draws)", draws)
	}
}
