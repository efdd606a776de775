package build

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
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

// buildMaps writes maps/<map id>.pdf for every map and board, and maps/<scenario id>.pdf for every scenario
// with a map: its map set to scale with the scenario on top (objectives, entries, deployment zones, set-up
// units, reinforcements).
func buildMaps(j *Job) error {
	type item struct {
		stem string
		d    *maps.Drawing
	}
	var items []item
	for _, m := range j.Pkg.Maps() {
		d, err := maps.ForMap(j.Pkg, m)
		if err != nil {
			return err
		}
		items = append(items, item{fileStem(m.ID), d})
	}
	for _, it := range scenarioStems(j.Pkg) {
		d, err := maps.ForScenario(j.Pkg, it.sc)
		if err != nil {
			return err
		}
		items = append(items, item{it.stem, d})
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
		defer func() {
			// A worker's panic would end the process: report it as this map's error instead.
			if r := recover(); r != nil {
				results[i].err = fmt.Errorf("%s: drawing failed (a bug in muster; please report it): %v", it.stem, r)
			}
		}()
		pl := it.d.Layout(opt)
		pdf := surface.NewPDF(pdfOptions(j.Pkg, "map "+it.d.Title))
		if err := it.d.Render(pdf, pl); err != nil {
			results[i].err = fmt.Errorf("%s: %w", it.stem, err)
			return
		}
		b, err := pdfBytes(pdf)
		if err != nil {
			results[i].err = fmt.Errorf("%s: %w", it.stem, err)
			return
		}
		name := MapsDir + "/" + it.stem + ".pdf"
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
		r.note = fmt.Sprintf("%s: %s, %d pages (%s), %s", name, it.d.Title, pl.Pages(), how, paperName(j.Settings))
		if j.Opt.PNG {
			files, err := pngPages(j, func(s surface.Surface) error { return it.d.Render(s, pl) }, "png/"+MapsDir+"/"+it.stem)
			if err != nil {
				r.err = err
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

// pngPages renders a document onto a PNG surface and returns one file per page: <stem>-page-01.png.
func pngPages(j *Job, draw func(surface.Surface) error, stem string) ([]File, error) {
	dpi := j.Opt.PageDPI
	if dpi <= 0 {
		dpi = DefaultPageDPI
	}
	p := surface.NewPNG(surface.PNGOptions{DPI: dpi})
	if err := draw(p); err != nil {
		return nil, err
	}
	var out []File
	for i := 0; i < p.Pages(); i++ {
		var b bytes.Buffer
		if _, err := p.WritePage(i, &b); err != nil {
			return nil, err
		}
		out = append(out, File{Path: fmt.Sprintf("%s-page-%02d.png", stem, i+1), Data: b.Bytes()})
	}
	return out, nil
}
