package build

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/surface"
)

// MapsDir is the folder of the map PDFs in the output folder.
const MapsDir = "maps"

// MapOptions are the page settings of map drawings: the settled paper, the --margin (else the maps' own
// default) and the tile overlap.
func MapOptions(j *Job) maps.Options {
	o := maps.Options{Paper: surface.Size{W: j.Settings.Paper.Width, H: j.Settings.Paper.Height}, Overlap: maps.DefaultOverlap}
	if j.Opt.Margin != nil {
		o.Margin = j.Opt.Margin.Points
	}
	if j.Opt.Overlap != nil && j.Opt.Overlap.Points > 0 {
		o.Overlap = j.Opt.Overlap.Points
	}
	return o
}

// fileStem makes an id safe as a file name.
func fileStem(id string) string {
	var b strings.Builder
	for _, r := range id {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_', r == '.':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	s := strings.Trim(b.String(), ".")
	if s == "" {
		s = "map"
	}
	return s
}

// ScenarioMapFiles says where buildMaps prints each scenario's map (maps/<scenario id>.pdf, or
// maps/<scenario id>-scenario.pdf when a map has that id), by scenario id; scenarios without a map are left out.
func ScenarioMapFiles(pkg *content.Package) map[string]string {
	out := map[string]string{}
	for _, it := range scenarioStems(pkg) {
		out[it.sc.ID] = MapsDir + "/" + it.stem + ".pdf"
	}
	return out
}

type scenarioStem struct {
	sc   *content.Scenario
	stem string
}

// scenarioStems names the scenario maps' files, clear of the maps' own.
func scenarioStems(pkg *content.Package) []scenarioStem {
	used := map[string]bool{}
	for _, m := range pkg.Maps() {
		used[fileStem(m.ID)] = true
	}
	var out []scenarioStem
	for _, sc := range pkg.Scenarios() {
		if sc.Map.Map == "" && len(sc.Map.Boards) == 0 {
			continue
		}
		stem := fileStem(sc.ID)
		if used[stem] {
			stem += "-scenario"
		}
		used[stem] = true
		out = append(out, scenarioStem{sc, stem})
	}
	return out
}

// MapDrawing is one map file the maps output prints: its file stem, the drawing, and where the content
// gives its size (the map's grid, or the scenario's map).
type MapDrawing struct {
	Stem    string
	Drawing *maps.Drawing
	At      diag.Pos
}

// MapDrawings prepares every drawing of the maps output: each map and board, then each scenario with a map.
// It fails with the first drawing that cannot be made (a *diag.Failure where the content is at fault).
func MapDrawings(pkg *content.Package) ([]MapDrawing, error) {
	var items []MapDrawing
	for _, m := range pkg.Maps() {
		d, err := maps.ForMap(pkg, m)
		if err != nil {
			return nil, err
		}
		at := m.At
		if m.Doc != nil {
			at = m.Doc.PosOf("/grid")
		}
		items = append(items, MapDrawing{fileStem(m.ID), d, at})
	}
	for _, it := range scenarioStems(pkg) {
		d, err := maps.ForScenario(pkg, it.sc)
		if err != nil {
			return nil, err
		}
		at := it.sc.At
		if it.sc.Doc != nil {
			at = it.sc.Doc.PosOf("/map")
		}
		items = append(items, MapDrawing{it.stem, d, at})
	}
	return items, nil
}

// buildMaps writes maps/<map id>.pdf for every map and board, and maps/<scenario id>.pdf for every scenario
// with a map: its map set to scale with the scenario on top (objectives, entries, deployment zones, set-up
// units, reinforcements).
func buildMaps(j *Job) error {
	items, err := MapDrawings(j.Pkg)
	if err != nil {
		return err
	}
	if len(items) == 0 {
		j.Notef("maps: the package has no maps")
		return nil
	}
	opt := MapOptions(j)
	type done struct {
		files []File
		note  string
		err   error
	}
	results := make([]done, len(items))
	parallel(len(items), func(i int) {
		it := items[i]
		fail := func(err error) {
			results[i].err = failure("maps", fmt.Errorf("%s: %w", it.Drawing.Title, err), it.At)
		}
		defer func() {
			// A worker's panic would end the process: report it as this map's error instead.
			if r := recover(); r != nil {
				fail(fmt.Errorf("drawing failed: %v", r))
			}
		}()
		pl, err := it.Drawing.Layout(opt)
		if err != nil {
			fail(err)
			return
		}
		pdf := surface.NewPDF(pdfOptions(j.Pkg, "map "+it.Drawing.Title))
		if err := it.Drawing.Render(pdf, pl); err != nil {
			fail(err)
			return
		}
		b, err := pdfBytes(j.Pkg, pdf)
		if err != nil {
			fail(err)
			return
		}
		name := MapsDir + "/" + it.Stem + ".pdf"
		r := &results[i]
		r.files = append(r.files, File{Path: name, Data: b})
		how := fmt.Sprintf("%d x %d sheets overlapping %s", pl.Rows, pl.Cols, inchText(pl.Overlap))
		if len(pl.Tiles) == 1 {
			how = "1 sheet"
		}
		if pl.LegendPage {
			how += " and a legend sheet"
		}
		if pl.Scale != 1 {
			how += fmt.Sprintf(", plan at 1:%g", 1/pl.Scale)
		}
		r.note = fmt.Sprintf("%s: %s, %d pages (%s), %s", name, it.Drawing.Title, pl.Pages(), how, paperName(j.Settings))
		if j.Opt.PNG {
			files, err := pngPages(j, j.paper(), func(s surface.Surface) error { return it.Drawing.Render(s, pl) }, "png/"+MapsDir+"/"+it.Stem)
			if err != nil {
				fail(err)
				return
			}
			r.files = append(r.files, files...)
		}
	})
	for _, r := range results {
		if r.err != nil {
			return r.err
		}
		for _, f := range r.files {
			if err := j.Add(f.Path, f.Data); err != nil {
				return err
			}
		}
		j.Notef("%s", r.note)
	}
	return nil
}

func inchText(pt float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", pt/72), "0"), ".") + "in"
}

// maxPreviewPixels bounds one PNG preview (16 megapixels, 64 MB of RGBA): a page larger than that at the
// asked resolution is drawn at a lower one.
const maxPreviewPixels = 16 << 20

// previewDPI is dpi, lowered so that a w x h pt page stays within maxPreviewPixels.
func previewDPI(dpi, w, h float64) float64 {
	if px := w / 72 * dpi * h / 72 * dpi; px > maxPreviewPixels {
		dpi *= math.Sqrt(maxPreviewPixels / px)
	}
	return dpi
}

// pngPages renders a document onto a PNG surface and returns one file per page: <stem>-page-01.png. Each
// page is encoded as soon as it is drawn and then dropped, so a long document never holds every page's
// pixels at once.
func pngPages(j *Job, page surface.Size, draw func(surface.Surface) error, stem string) ([]File, error) {
	dpi := j.Opt.PageDPI
	if dpi <= 0 {
		dpi = DefaultPageDPI
	}
	dpi = previewDPI(dpi, page.W, page.H) // a page may turn (charts), keeping its area

	var out []File
	p := surface.NewPNG(surface.PNGOptions{DPI: dpi, MaxPages: content.MaxPages, OnPage: func(i int, im *image.RGBA) error {
		var b bytes.Buffer
		if err := png.Encode(&b, im); err != nil {
			return err
		}
		out = append(out, File{Path: fmt.Sprintf("%s-page-%02d.png", stem, i+1), Data: b.Bytes()})
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
