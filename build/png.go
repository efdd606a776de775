package build

import (
	"bytes"
	"fmt"

	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// previewDPIs are the resolutions the options ask PNG previews of faces and of pages at, muster's defaults where
// they ask none.
func previewDPIs(o Options) (face, page float64) {
	face, page = o.FaceDPI, o.PageDPI
	if face <= 0 {
		face = DefaultFaceDPI
	}
	if page <= 0 {
		page = DefaultPageDPI
	}
	return face, page
}

// addPNG encodes a drawn picture into the output as path.
func addPNG(j *Job, path string, p *surface.PNG) error {
	var b bytes.Buffer
	if _, err := p.WriteTo(&b); err != nil {
		return err
	}
	return j.Add(path, b.Bytes())
}

// addPagePNGs writes each page of a sheet layout as dir/page-NN.png, numbered from first+1, at dpi (bounded
// by previewDPI), and says how many it wrote.
func addPagePNGs(j *Job, dir string, first int, l *sheet.Layout, dpi float64) (int, error) {
	n := 0
	for i := range l.Pages {
		p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(dpi, l.Opt.Page.W, l.Opt.Page.H)})
		if err := l.RenderPage(p, i); err != nil {
			return n, err
		}
		if err := addPNG(j, fmt.Sprintf("%s/page-%02d.png", dir, first+i+1), p); err != nil {
			return n, err
		}
		n++
	}
	return n, nil
}
