package build

import (
	"bytes"
	"errors"
	"fmt"
	"image"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/output"
	"github.com/muster-wargames/muster/print/digital"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/surface"
)

// buildMaps writes maps/<map id>.pdf for every map and board, and maps/<scenario id>.pdf for every scenario
// with a map: its map set to scale with the scenario on top (objectives, entries, deployment zones, set-up
// units, reinforcements).
func buildMaps(j *Job) error {
	items, err := plan.MapDrawings(j.Pkg)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		j.Notef("maps: the package has no maps")
		return nil
	}
	opt := plan.MapOptions(j.Settings, j.Opt)
	type done struct {
		files  []output.File
		note   string
		budget digital.BoardImage // the PNG previews' pages
	}
	results := make([]done, len(items))
	errs := parallel.Each(len(items), func(i int) error {
		it := items[i]
		pl, err := it.Drawing.Layout(opt)
		if err != nil {
			return err
		}
		pdf := surface.NewPDF(j.pdfOptions("map " + it.Drawing.Title))
		if err := it.Drawing.Render(pdf, pl); err != nil {
			return err
		}
		b, err := pdfBytes(j.Pkg, pdf)
		if err != nil {
			return err
		}
		name := plan.MapsDir + "/" + it.Stem + ".pdf"
		r := &results[i]
		r.files = append(r.files, output.File{Path: name, Data: b})
		how := fmt.Sprintf("%d x %d sheets overlapping %s", pl.Rows, pl.Cols, plan.InchText(pl.Overlap))
		if len(pl.Tiles) == 1 {
			how = "1 sheet"
		}
		if pl.LegendPage {
			how += " and a legend sheet"
		}
		if pl.Scale != 1 {
			how += fmt.Sprintf(", plan at 1:%g", 1/pl.Scale)
		}
		r.note = fmt.Sprintf("%s: %s, %s (%s), %s", name, it.Drawing.Title, english.Count(pl.Pages(), "page"), how, plan.PaperName(j.Settings))
		if j.Opt.PNG {
			files, err := pngEachPage(j, j.paper(), pl.Pages(), func(s surface.Surface, i int) { it.Drawing.RenderPage(s, pl, i) }, "png/"+plan.MapsDir+"/"+it.Stem)
			if err == nil {
				err = it.Drawing.Err() // the art a page could not draw in PNG (RenderPage keeps it for the drawing)
			}
			if err != nil {
				return err
			}
			r.files = append(r.files, files...)
			r.budget = previewBudget(j, it.Drawing, pl.Pages())
		}
		return nil
	})
	for i, r := range results {
		if err := errs[i]; err != nil {
			return failure("maps", fmt.Errorf("%s: %w", items[i].Drawing.Title, err), items[i].At)
		}
		for _, f := range r.files {
			if err := j.Add(f.Path, f.Data); err != nil {
				return err
			}
		}
		j.Notef("%s", r.note)
		if j.Opt.PNG {
			j.Notef("  %s", r.budget)
		}
	}
	return nil
}

// maxPreviewPixels bounds one PNG preview: the previews' budget, digital.PreviewMaxPixels.
const maxPreviewPixels = digital.PreviewMaxPixels

// previewDPI is dpi, lowered so that a w x h pt page stays within the previews' budget (digital.PreviewDPI).
func previewDPI(dpi, w, h float64) float64 { return digital.PreviewDPI(dpi, w, h) }

// pngEachPage renders the n pages of a document, each drawn on its own by drawPage, and returns one file per
// page: <stem>-page-01.png. The pages are drawn on the pool's workers (package parallel: inside a map worker,
// only on the processors the other maps leave free, so a build with --png holds at most GOMAXPROCS pages, not
// GOMAXPROCS²), each worker drawing its pages one after another into one page's pixels and encoding each as
// soon as it is drawn; the files do not depend on which worker drew which page.
func pngEachPage(j *Job, page surface.Size, n int, drawPage func(s surface.Surface, i int), stem string) ([]output.File, error) {
	dpi := j.Opt.PageDPI
	if dpi <= 0 {
		dpi = DefaultPageDPI
	}
	dpi = previewDPI(dpi, page.W, page.H)
	if n > content.MaxPages {
		return nil, &surface.PageLimitError{Max: content.MaxPages}
	}
	out := make([]output.File, n)
	errs := parallel.Run(n, func() parallel.Worker {
		w := &pageWorker{draw: drawPage}
		w.s = surface.NewPNG(surface.PNGOptions{DPI: dpi, Recycle: true, OnPage: func(i int, im *image.RGBA) error {
			w.b.Reset()
			if err := surface.EncodePNG(&w.b, im); err != nil {
				return err
			}
			pg := w.order[i]
			out[pg] = output.File{Path: fmt.Sprintf("%s-page-%02d.png", stem, pg+1), Data: bytes.Clone(w.b.Bytes())}
			return nil
		}})
		return w
	})
	for i, err := range errs {
		if p := (*parallel.Panic)(nil); errors.As(err, &p) {
			return nil, fmt.Errorf("page %d: %w", i+1, err)
		} else if err != nil {
			return nil, err
		}
	}
	return out, nil
}

// pageWorker draws pages one after another on one PNG surface, which encodes a page when the next begins.
type pageWorker struct {
	s     *surface.PNG
	b     bytes.Buffer
	order []int // the pages this worker drew, in order: OnPage's i indexes it
	draw  func(s surface.Surface, i int)
}

func (w *pageWorker) Do(i int) error {
	if err := w.s.Err(); err != nil {
		return err
	}
	w.order = append(w.order, i)
	w.draw(w.s, i)
	return w.s.Err()
}

func (w *pageWorker) Done() error { return w.s.Flush() }

// pngPages renders a document onto a PNG surface and returns one file per page: <stem>-page-01.png. Each
// page is encoded as soon as it is drawn and the next is drawn into its pixels, so a long document is drawn
// in one page's memory.
func pngPages(j *Job, page surface.Size, draw func(surface.Surface) error, stem string) ([]output.File, error) {
	dpi := j.Opt.PageDPI
	if dpi <= 0 {
		dpi = DefaultPageDPI
	}
	dpi = previewDPI(dpi, page.W, page.H) // a page may turn (charts), keeping its area

	var out []output.File
	p := surface.NewPNG(surface.PNGOptions{DPI: dpi, MaxPages: content.MaxPages, Recycle: true, OnPage: func(i int, im *image.RGBA) error {
		var b bytes.Buffer
		if err := surface.EncodePNG(&b, im); err != nil {
			return err
		}
		out = append(out, output.File{Path: fmt.Sprintf("%s-page-%02d.png", stem, i+1), Data: b.Bytes()})
		return nil
	}})
	if err := draw(p); err != nil {
		return nil, err
	}
	if err := p.Flush(); err != nil {
		return nil, err
	}
	return out, nil
}
