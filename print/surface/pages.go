package surface

import (
	"image"
	"math/bits"
	"sync"
	"time"
)

// A board drawn for VASSAL or Tabletop Simulator is tens of megabytes of pixels, and the system hands a
// program fresh memory a page at a time: filling a new 64 MiB image cost 47 ms here against 3 ms for one
// filled before. So the pixels of a page its user is done with (ReleasePage) are kept for the next large page,
// up to poolMax bytes, and let go of when no page has been asked for in poolIdle: a build draws its boards in
// memory it touched before, and a live preview left open does not hold it. (A sync.Pool would not do: the
// garbage collector empties it between two boards, and the memory goes back to the system.)

const (
	pooledMin = 1 << 20   // smaller pages are allocated as they come
	poolMax   = 256 << 20 // two boards at VASSAL's budget
	poolIdle  = 3 * time.Second
)

var pages struct {
	sync.Mutex
	free  [][]byte // capacity free
	bytes int
	idle  *time.Timer
}

// pageBytes are n bytes for a page's pixels or a page-sized mask: a released buffer's when one is large
// enough, then as that page left them (dirty is true); fresh, and zero, otherwise. A fresh buffer's capacity
// is rounded up (eight sizes to each doubling), so that boards of nearly one size take each other's.
func pageBytes(n int) (pix []byte, dirty bool) {
	if n < pooledMin {
		return make([]byte, n), false
	}
	pages.Lock()
	best := -1
	for i, b := range pages.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(pages.free[best])) {
			best = i
		}
	}
	if best >= 0 {
		pix = pages.free[best][:n]
		pages.bytes -= cap(pix)
		pages.free = append(pages.free[:best], pages.free[best+1:]...)
	}
	pages.Unlock()
	if pix != nil {
		return pix, true
	}
	return make([]byte, n, roundedSize(n)), false
}

// roundedSize is n rounded up to one of eight sizes between each two powers of two.
func roundedSize(n int) int {
	e := bits.Len(uint(n-1)) - 1 // 2^e < n <= 2^(e+1)
	step := 1 << e / 8
	return 1<<e + (n-1<<e+step-1)/step*step
}

// pageImage is a w x h image for a page (pageBytes).
func pageImage(w, h int) (im *image.RGBA, dirty bool) {
	pix, dirty := pageBytes(4 * w * h)
	return &image.RGBA{Pix: pix, Stride: 4 * w, Rect: image.Rect(0, 0, w, h)}, dirty
}

// ReleasePage gives back the pixels of a page image the caller is done with (a PNG surface's page), to be
// drawn over by a later page: nothing may use im afterwards.
func ReleasePage(im *image.RGBA) {
	if im != nil {
		releaseBytes(im.Pix)
		im.Pix = nil
	}
}

// releaseBytes keeps a page's buffer for a later page, within poolMax.
func releaseBytes(pix []byte) {
	if cap(pix) < pooledMin {
		return
	}
	pages.Lock()
	defer pages.Unlock()
	if pages.bytes+cap(pix) > poolMax {
		return
	}
	pages.free = append(pages.free, pix[:0])
	pages.bytes += cap(pix)
	if pages.idle == nil {
		pages.idle = time.AfterFunc(poolIdle, dropPages)
	} else {
		pages.idle.Reset(poolIdle)
	}
}

// dropPages lets go of the pages kept.
func dropPages() {
	pages.Lock()
	defer pages.Unlock()
	pages.free, pages.bytes = nil, 0
}
