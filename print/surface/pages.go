package surface

import (
	"image"
	"math/bits"
	"sync"
)

// A board drawn for VASSAL or Tabletop Simulator is tens of megabytes of pixels, and the system hands a
// program fresh memory a page at a time: filling a new 64 MiB image cost 47 ms here against 3 ms for one
// filled before. So the pixels of a page its user is done with (ReleasePage) are kept for the next large page
// of a like size, in a sync.Pool per size class (eight classes for each doubling, from 1 MiB): held while
// drawing goes on, let go by the garbage collector when it stops.

const (
	pooledMin   = 1 << 20 // smaller pages are allocated as they come
	classesPer2 = 8       // size classes per doubling
)

var pagePools sync.Map // class -> *sync.Pool of *[]byte

// pageClass is the size class of n bytes and the capacity of that class's buffers.
func pageClass(n int) (class, size int) {
	e := bits.Len(uint(n-1)) - 1 // 2^e < n <= 2^(e+1)
	step := 1 << e / classesPer2
	k := (n - 1<<e + step - 1) / step // 1..classesPer2
	return e*classesPer2 + k, 1<<e + k*step
}

// pageImage is a w x h image for a page: from the pool when a page of its class was released, its pixels
// then as they were (dirty is true); fresh, and zero, otherwise.
func pageImage(w, h int) (im *image.RGBA, dirty bool) {
	n := 4 * w * h
	r := image.Rect(0, 0, w, h)
	if n < pooledMin {
		return image.NewRGBA(r), false
	}
	class, size := pageClass(n)
	if p, ok := pagePools.Load(class); ok {
		if b, _ := p.(*sync.Pool).Get().(*[]byte); b != nil && cap(*b) == size {
			return &image.RGBA{Pix: (*b)[:n], Stride: 4 * w, Rect: r}, true
		}
	}
	return &image.RGBA{Pix: make([]byte, n, size), Stride: 4 * w, Rect: r}, false
}

// ReleasePage gives back the pixels of a page image the caller is done with (a PNG surface's page), to be
// drawn over by a later page: nothing may use im afterwards. An image the surface did not make is left alone.
func ReleasePage(im *image.RGBA) {
	if im == nil || len(im.Pix) < pooledMin || im.Rect.Min != (image.Point{}) || im.Stride != 4*im.Rect.Dx() {
		return
	}
	class, size := pageClass(len(im.Pix))
	if cap(im.Pix) != size {
		return
	}
	p, _ := pagePools.LoadOrStore(class, &sync.Pool{})
	b := im.Pix[:0]
	im.Pix = nil
	p.(*sync.Pool).Put(&b)
}
