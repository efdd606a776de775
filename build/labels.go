package build

import (
	"fmt"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/surface"
)

// LabelsFile is the label sheets' PDF: every block's label, on self-adhesive label paper.
const LabelsFile = "labels.pdf"

// LabelLayout resolves the package's blocks and lays their labels out, a set of sheets per mix.
func LabelLayout(j *Job) ([]plan.LabelSheets, error) {
	return plan.PlanLabels(j.Pkg, j.Settings, false)
}

func buildLabels(j *Job) error {
	ls, err := LabelLayout(j)
	if err != nil {
		return err
	}
	if len(ls) == 0 {
		return nil // no blocks: no label sheets, and nothing to say
	}
	pdf := surface.NewPDF(j.pdfOptions("labels"))
	labels, pages, designs := 0, 0, 0
	for _, s := range ls {
		if err := s.Layout.Render(pdf); err != nil {
			return err
		}
		labels += len(s.Layout.Pieces)
		pages += len(s.Layout.Pages)
		designs += len(s.Labels)
	}
	b, err := pdfBytes(j.Pkg, pdf)
	if err != nil {
		return err
	}
	if err := j.Add(LabelsFile, b); err != nil {
		return err
	}
	j.Notef("%s: %s (%s) on %s of label paper", LabelsFile, english.Count(labels, "block label"), english.Count(designs, "design"), english.Count(pages, "page"))
	if !j.Opt.PNG {
		return nil
	}
	n, err := labelPNGs(j, ls)
	if err != nil {
		return err
	}
	j.Notef("png/labels: %d PNG files", n)
	return nil
}

// labelPNGs writes a PNG per label design (png/labels/<id>.png, its first step at the top) and one per label
// sheet page (png/labels/page-01.png).
func labelPNGs(j *Job, ls []plan.LabelSheets) (int, error) {
	faceDPI, pageDPI := previewDPIs(j.Opt)
	n := 0
	done := map[string]bool{}
	for _, s := range ls {
		for i := range s.Labels {
			c := &s.Labels[i]
			if done[c.ID] {
				continue
			}
			done[c.ID] = true
			p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(faceDPI, c.Size, c.Size)})
			p.BeginPage(c.Size, c.Size)
			if err := (counters.Label{C: c}).Draw(p, 0, 0, c.Size, 0); err != nil {
				return n, fmt.Errorf("label %s: %w", c.ID, err)
			}
			if err := addPNG(j, fmt.Sprintf("png/labels/%s.png", c.ID), p); err != nil {
				return n, err
			}
			n++
		}
	}
	pages := 0
	for _, s := range ls {
		k, err := addPagePNGs(j, "png/labels", pages, s.Layout, pageDPI)
		n, pages = n+k, pages+k
		if err != nil {
			return n, err
		}
	}
	return n, nil
}
