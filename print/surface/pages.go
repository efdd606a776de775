package surface

import (
	"image"
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
	poolMax   = 384 << 20 // six boards at VASSAL's budget
	poolIdle  = 3 * time.Second
)

var pages struct {
	sync.Mutex
	free  [][]byte // capacity free
	bytes int
	idle  *time.Timer
}

// pageImage is a w x h image for a page: in the pixels of a released page when one is large enough, which are
// then as that page left them (dirty is true); fresh, and zero, otherwise.
func pageImage(w, h int) (im *image.RGBA, dirty bool) {
	n := 4 * w * h
	r := image.Rect(0, 0, w, h)
	if n < pooledMin {
		return image.NewRGBA(r), false
	}
	pages.Lock()
	best := -1
	for i, b := range pages.free {
		if cap(b) >= n && (best < 0 || cap(b) < cap(pages.free[best])) {
			best = i
		}
	}
	var pix []byte
	if best >= 0 {
		pix = pages.free[best][:n]
		pages.bytes -= cap(pix)
		pages.free = append(pages.free[:best], pages.free[best+1:]...)
	}
	pages.Unlock()
	if pix == nil {
		return image.NewRGBA(r), false
	}
	return &image.RGBA{Pix: pix, Stride: 4 * w, Rect: r}, true
}

// ReleasePage gives back the pixels of a page image the caller is done with (a PNG surface's page), to be
// drawn over by a later page: nothing may use im afterwards.
func ReleasePage(im *image.RGBA) {
	if im == nil || cap(im.Pix) < pooledMin {
		return
	}
	pix := im.Pix[:0]
	im.Pix = nil
	pages.Lock()
	defer pages.Unlock()
	if pages.bytes+cap(pix) > poolMax {
		return
	}
	pages.free = append(pages.free, pix)
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
