package build

import (
	"fmt"

	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// CountersFile is the counter sheet PDF's name in the output folder.
const CountersFile = "counters.pdf"

// Default PNG resolutions.
const (
	DefaultFaceDPI = 300
	DefaultPageDPI = 100
)

// CounterLayout resolves the package's counters and plans their sheets.
func CounterLayout(j *Job) ([]counters.Counter, *sheet.Layout, error) {
	return plan.PlanCounters(j.Pkg, j.Settings, false)
}

func buildCounters(j *Job) error {
	cs, l, err := CounterLayout(j)
	if err != nil {
		return err
	}
	if l == nil {
		j.Notef("counters: the package has no unit types or markers to print")
		return nil
	}
	pdf := surface.NewPDF(j.pdfOptions("counters"))
	if err := l.Render(pdf); err != nil {
		return err
	}
	b, err := pdfBytes(j.Pkg, pdf)
	if err != nil {
		return err
	}
	if err := j.Add(CountersFile, b); err != nil {
		return err
	}
	j.Notef("%s: %s (%s) on %s, %s, backs %s", CountersFile, english.Count(len(l.Pieces), "counter"), english.Count(len(cs), "design"), english.Count(len(l.Pages), "page"), plan.PaperName(j.Settings), j.Settings.Backs)
	if n, err := cutFiles(j, l); err != nil {
		return err
	} else if n > 0 {
		names := CutFile(1)
		if n > 1 {
			names += " to " + CutFile(n)
		}
		j.Notef("%s: %s for a cutting plotter (hexagonal and round counters)", names, english.Count(n, "cut file"))
	}
	if !j.Opt.PNG {
		return nil
	}
	n, err := counterPNGs(j, cs, l)
	if err != nil {
		return err
	}
	j.Notef("png/counters: %d PNG files", n)
	return nil
}

// CutFile is the name of the cut file of the nth counter sheet (from 1) in the output folder.
func CutFile(n int) string { return fmt.Sprintf("counters-cut-%02d.svg", n) }

// cutFiles writes a cut file for a cutting plotter beside counters.pdf for each sheet, when the sheets hold
// hexagonal or round counters (which a guillotine cannot cut): one path per counter along its outline, with
// the registration marks printed on the page. It returns how many it wrote.
func cutFiles(j *Job, l *sheet.Layout) (int, error) {
	shaped := false
	for _, sh := range l.Sheets {
		shaped = shaped || sh.Shape != ""
	}
	if !shaped {
		return 0, nil
	}
	title := plan.PackageName(j.Pkg)
	for i := range l.Sheets {
		if err := j.Add(CutFile(i+1), l.CutSVG(i, fmt.Sprintf("%s — counter sheet %d, cut paths", title, i+1))); err != nil {
			return 0, err
		}
	}
	return len(l.Sheets), nil
}

// ContactFile is the contact sheet's name in the output folder: every design front and back, with --png.
const ContactFile = "png/counters/contact.png"

// counterPNGs writes a PNG per counter design and side (png/counters/<id>-front.png, -back.png; a
// double-width counter's are twice as wide as high), the contact sheet of every design front and back
// (png/counters/contact.png) and one per sheet page (png/counters/page-01.png).
func counterPNGs(j *Job, cs []counters.Counter, l *sheet.Layout) (int, error) {
	faceDPI, pageDPI := previewDPIs(j.Opt)
	ids := map[string]string{} // kind/id -> file stem
	used := map[string]bool{}
	n := 0
	for i := range cs {
		c := &cs[i]
		key := c.Kind + "/" + c.ID
		if _, ok := ids[key]; ok {
			continue
		}
		stem := c.ID
		if used[stem] { // a marker may share an id with a unit type
			stem = c.Kind + "-" + c.ID
		}
		used[stem], ids[key] = true, stem
		sides := []struct {
			name string
			face *counters.Face
		}{{"front", &c.Front}, {"back", &c.Back}}
		for _, sd := range sides {
			if sd.name == "back" && j.Settings.Backs == sheet.NoBacks {
				continue
			}
			p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(faceDPI, c.Width(), c.Height())})
			p.BeginPage(c.Width(), c.Height())
			if err := sd.face.DrawRect(p, 0, 0, c.Width(), c.Height(), 0); err != nil {
				return n, fmt.Errorf("%s %s: %w", c.ID, sd.name, err)
			}
			if err := addPNG(j, fmt.Sprintf("png/counters/%s-%s.png", stem, sd.name), p); err != nil {
				return n, err
			}
			n++
		}
	}
	backs := j.Settings.Backs != sheet.NoBacks
	contact := counters.Contact(cs, backs)
	p := surface.NewPNG(surface.PNGOptions{DPI: previewDPI(2*pageDPI, contact.W, contact.H)})
	if err := contact.Draw(p, backs); err != nil {
		return n, fmt.Errorf("contact sheet: %w", err)
	}
	if err := addPNG(j, ContactFile, p); err != nil {
		return n, err
	}
	n++
	pages, err := addPagePNGs(j, "png/counters", 0, l, pageDPI)
	return n + pages, err
}
