package build

import (
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// The build report lists, per target, what each board costs it (print/digital's budgets): its pixels, the
// images it is cut into and the memory the target holds for it, so that a designer sees how far a map is from
// each target's limit before a player's machine does.

// previewBudget is what the PNG previews of a map's pages cost: the map at the pages' resolution, and each page
// held while it is drawn and encoded.
func previewBudget(j *Job, d *maps.Drawing, pages int) digital.BoardImage {
	page := j.paper()
	dpi := j.Opt.PageDPI
	if dpi <= 0 {
		dpi = DefaultPageDPI
	}
	dpi = previewDPI(dpi, page.W, page.H)
	w, h := d.FramePixels(dpi)
	return digital.BoardImage{Target: digital.TargetPreview, Name: d.Title, DPI: dpi, W: w, H: h, Parts: pages,
		PartW: digital.Pixels(page.W/surface.Inch, dpi), PartH: digital.Pixels(page.H/surface.Inch, dpi)}
}
