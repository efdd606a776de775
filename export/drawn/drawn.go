// Package drawn keeps the board images one build's exporters draw, so that a board the VASSAL module and the
// Tabletop Simulator set both show at one resolution is drawn once: `muster build --only all` writes both,
// and drawing a board is most of either export. An image is drawn by the first exporter that asks for it and
// handed, read-only, to the next; the bytes each exporter writes are those it would write alone.
package drawn

import (
	"cmp"
	"image"
	"slices"
	"sync"

	"github.com/muster-wargames/muster/print/surface"
)

// Key names a board image: what is drawn (a map, or a scenario's map set without its units) and at what
// resolution. Two exporters that ask with one key get one image, so a key must say everything the drawing
// depends on.
type Key struct {
	Kind string  // "map" (a map or board on its own) or "scenario" (a scenario's map set, its units hidden)
	ID   string  // the map's or the scenario's id
	DPI  float64 // dots per inch
}

// DefaultMaxBytes is how much image a Cache holds for the next exporter unless told otherwise: eight boards at
// VASSAL's budget of 64 MiB, so that a build of both exports holds at most that on top of what each export
// holds itself; a board past it is drawn again by the next exporter.
const DefaultMaxBytes = 512 << 20

// Cache holds the images drawn so far; a nil *Cache keeps nothing (each Get draws). It is safe for use by
// several goroutines: two asking for one key at once wait for one drawing.
type Cache struct {
	// MaxBytes bounds the pixels held for the next exporter (4 bytes a pixel); 0 means DefaultMaxBytes.
	MaxBytes int64

	mu      sync.Mutex
	entries map[Key]*entry
	out     map[*image.RGBA]*entry // images handed out, until Done
	held    int64
	drawn   int
	reused  int
}

type entry struct {
	key   Key
	once  sync.Once
	im    *image.RGBA
	err   error
	kept  int64 // the bytes the cache counts for it while it holds it
	users int   // Gets that returned im and have not said Done
}

// Get returns the image of k, drawn by draw the first time k is asked for; the second ask takes it out of the
// cache (a build's two exporters each ask once), so that the cache holds only the boards one exporter has drawn
// and the other has yet to show, and at most MaxBytes of them (past that an image is not kept, and the next
// ask draws it again). The image must not be changed.
func (c *Cache) Get(k Key, draw func() (*image.RGBA, error)) (*image.RGBA, error) {
	if c == nil {
		return draw()
	}
	c.mu.Lock()
	if c.entries == nil {
		c.entries = map[Key]*entry{}
	}
	e := c.entries[k]
	first := e == nil
	if first {
		e = &entry{key: k}
		c.entries[k] = e
		c.drawn++
	} else {
		// Two exporters share a board: the second has it now, and the cache need not hold it any longer.
		delete(c.entries, k)
		c.reused++
	}
	c.mu.Unlock()
	e.once.Do(func() {
		e.im, e.err = draw()
		c.mu.Lock()
		defer c.mu.Unlock()
		limit := cmp.Or(c.MaxBytes, DefaultMaxBytes)
		if size := int64(0); e.err == nil && e.im != nil {
			size = int64(len(e.im.Pix))
			if c.held+size <= limit {
				c.held += size
				e.kept = size
				return
			}
		}
		if c.entries[k] == e {
			delete(c.entries, k)
		}
	})
	c.mu.Lock()
	if !first {
		c.held -= e.kept
		e.kept = 0
	}
	if e.err == nil && e.im != nil {
		if c.out == nil {
			c.out = map[*image.RGBA]*entry{}
		}
		c.out[e.im] = e
		e.users++
	}
	c.mu.Unlock()
	return e.im, e.err
}

// Done says the caller is finished with an image Get returned: when no exporter has it and the cache does not
// hold it for the next, its pixels go back to the surface's pool (surface.ReleasePage) for the next board
// drawn, so that a build draws its boards in memory it has touched before. Nothing may use im afterwards.
func (c *Cache) Done(im *image.RGBA) {
	if c == nil {
		surface.ReleasePage(im)
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.out[im]
	if e == nil {
		return
	}
	e.users--
	if e.users > 0 || c.entries[e.key] == e {
		return
	}
	delete(c.out, im)
	surface.ReleasePage(im)
}

// Want is told, by an exporter about to draw, every key it will ask for: an image the cache holds for the next
// exporter that this one will not ask for (the other drew it at another resolution) is let go now, its pixels
// to the surface's pool for this exporter's own boards, rather than held to the end of the build. A cache is
// shared by the build's two exporters, so the one asking is the one the cache held them for.
func (c *Cache) Want(keys []Key) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	for k, e := range c.entries {
		if slices.Contains(keys, k) || e.users > 0 || e.kept == 0 {
			continue // wanted, in use, or still being drawn
		}
		delete(c.entries, k)
		c.held -= e.kept
		e.kept = 0
		delete(c.out, e.im)
		surface.ReleasePage(e.im)
	}
}

// Counts says how many images were drawn and how many times one was handed out again.
func (c *Cache) Counts() (drawn, reused int) {
	if c == nil {
		return 0, 0
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.drawn, c.reused
}
