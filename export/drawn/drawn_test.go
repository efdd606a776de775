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

// Past MaxBytes an image is not kept: the next ask draws it again, and what is held never exceeds the bound.
func TestCacheBound(t *testing.T) {
	draws := 0
	draw := func() (*image.RGBA, error) { draws++; return image.NewRGBA(image.Rect(0, 0, 10, 10)), nil } // 400 bytes
	c := &Cache{MaxBytes: 1000}
	for i := range 3 {
		c.Get(Key{Kind: "map", ID: string(rune('a' + i))}, draw)
	}
	if c.held != 800 || len(c.entries) != 2 {
		t.Fatalf("held %d bytes in %d images; the bound is 1000", c.held, len(c.entries))
	}
	c.Get(Key{Kind: "map", ID: "c"}, draw) // not kept: drawn again
	c.Get(Key{Kind: "map", ID: "a"}, draw) // kept: handed out, and let go
	if draws != 4 || c.held != 400 {
		t.Errorf("%d draws, %d bytes held", draws, c.held)
	}
}

// An image goes back to the surface's pool when the last exporter with it is done and the cache no longer
// holds it for another: not while the next exporter may still ask for it.
func TestDoneReleasesLast(t *testing.T) {
	pix := func() *image.RGBA { return image.NewRGBA(image.Rect(0, 0, 1024, 1024)) } // 4 MiB, but not the pool's
	c := &Cache{}
	k := Key{Kind: "map", ID: "m01", DPI: 150}
	a, _ := c.Get(k, func() (*image.RGBA, error) { return pix(), nil })
	c.Done(a)
	if c.out[a] == nil || a.Pix == nil {
		t.Fatal("the image was let go while the cache holds it for the next exporter")
	}
	b, _ := c.Get(k, func() (*image.RGBA, error) { t.Fatal("drawn again"); return nil, nil })
	c.Done(b)
	if len(c.out) != 0 || len(c.entries) != 0 || b.Pix != nil {
		t.Errorf("after both exporters: %d images out, %d held, pixels given back %v", len(c.out), len(c.entries), b.Pix == nil)
	}
}

// An image the next exporter will not ask for is let go when it says what it wants; one it wants stays.
func TestWantLetsGoTheRest(t *testing.T) {
	c := &Cache{}
	draw := func() (*image.RGBA, error) { return image.NewRGBA(image.Rect(0, 0, 10, 10)), nil }
	a, b := Key{Kind: "map", ID: "a", DPI: 150}, Key{Kind: "map", ID: "b", DPI: 150}
	ims := map[Key]*image.RGBA{}
	for _, k := range []Key{a, b} {
		ims[k], _ = c.Get(k, draw)
		c.Done(ims[k])
	}
	c.Want([]Key{{Kind: "map", ID: "a", DPI: 150}, {Kind: "map", ID: "b", DPI: 149}})
	if len(c.entries) != 1 || c.entries[a] == nil || c.held != 400 {
		t.Errorf("after Want: %d held (%d bytes)", len(c.entries), c.held)
	}
	if ims[a].Pix == nil || ims[b].Pix != nil {
		t.Errorf("pixels given back: the wanted image's %v, the other's %v", ims[a].Pix == nil, ims[b].Pix == nil)
	}
	draws := 0
	c.Get(a, func() (*image.RGBA, error) { draws++; return draw() })
	if draws != 0 {
		t.Error("the wanted image was drawn again")
	}
}
