package surface

import (
	"errors"
	"io"
)

// Dry is a surface that draws nothing: it checks and measures like the others (text widths, the sticky
// errors, pages and their limit) at a fraction of their cost, so a printer can be run to learn how many
// pages it would print, or whether it would fail, without making a document.
type Dry struct {
	common
}

var _ Surface = (*Dry)(nil)

// NewDry returns a dry surface; maxPages, when more than zero, limits its pages as PDFOptions.MaxPages does.
func NewDry(maxPages int) *Dry {
	d := &Dry{}
	d.common = newCommon(dryBackend{&d.common})
	d.self = d
	d.maxPages = maxPages
	return d
}

// Pages is the number of pages begun.
func (d *Dry) Pages() int { return d.pages }

// WriteTo writes nothing: a dry surface has no document.
func (d *Dry) WriteTo(io.Writer) (int64, error) {
	if d.err != nil {
		return 0, d.err
	}
	return 0, errors.New("surface: a dry surface makes no document")
}

type dryBackend struct{ c *common }

func (dryBackend) beginPage(w, h float64)                            {}
func (dryBackend) setBoxes(PageBoxes)                                {}
func (dryBackend) drawPath(*Path, Paint)                             {}
func (dryBackend) rect(x, y, w, h float64, mode Paint)               {}
func (dryBackend) push()                                             {}
func (dryBackend) pop()                                              {}
func (dryBackend) transform(Matrix)                                  {}
func (dryBackend) clip(*Path)                                        {}
func (dryBackend) text(x, y float64, s string, fc *face, sz float64) {}
func (dryBackend) fillGradient(*Path, *gradientPlan)                 {}
func (b dryBackend) reuse(key any, x, y float64, art, view Rect, draw func(Surface, Rect), _ bool) {
	b.c.drawHere(x, y, art, view, draw)
}
func (dryBackend) image(*decodedImage, float64, float64, float64, float64) error {
	return nil
}
