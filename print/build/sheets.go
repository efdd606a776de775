package build

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/roster"
	"github.com/muster-wargames/muster/print/scenario"
	"github.com/muster-wargames/muster/print/surface"
)

// Names of the sheet outputs in the output folder.
const (
	ChartsFile   = "charts.pdf"
	ScenariosDir = "scenarios"
	RostersFile  = "rosters.pdf"
)

func packageName(pkg *content.Package) string {
	if pkg.Manifest != nil && pkg.Manifest.Name != "" {
		return pkg.Manifest.Name
	}
	return pkg.ID
}

func (j *Job) paper() surface.Size {
	return surface.Size{W: j.Settings.Paper.Width, H: j.Settings.Paper.Height}
}

// sheetPaper is the paper of text sheets: the settled paper, but never larger than tabloid (a 23x35in map
// sheet is no size for a chart), in which case letter.
func (j *Job) sheetPaper() surface.Size {
	p := j.paper()
	if max(p.W, p.H) > 17*surface.Inch+1 {
		return surface.Size{W: surface.LetterW, H: surface.LetterH}
	}
	return p
}

// sheetMargin is the --margin, else 0.5in.
func (j *Job) sheetMargin() float64 {
	if j.Opt.Margin != nil {
		return j.Opt.Margin.Points
	}
	return 0.5 * surface.Inch
}

// document renders one text document to PDF (and PNG pages) and adds it.
func (j *Job) document(name, what, pngStem string, draw func(s surface.Surface) error) (pages int, err error) {
	pdf := surface.NewPDF(pdfOptions(j.Pkg, what))
	if err := draw(pdf); err != nil {
		return 0, err
	}
	b, err := pdfBytes(j.Pkg, pdf)
	if err != nil {
		return 0, err
	}
	if err := j.Add(name, b); err != nil {
		return 0, err
	}
	if j.Opt.PNG {
		files, err := pngPages(j, j.sheetPaper(), draw, pngStem)
		if err != nil {
			return 0, err
		}
		for _, f := range files {
			if err := j.Add(f.Path, f.Data); err != nil {
				return 0, err
			}
		}
	}
	return bytes.Count(b, []byte("/Type /Page\n")), nil
}

func buildCharts(j *Job) error {
	if charts.Empty(j.Pkg) {
		j.Notef("charts: the package has no tables and no scenario with a length or victory levels")
		return nil
	}
	opt := j.chartsOptions()
	n, err := j.document(ChartsFile, "charts and tables", "png/charts/charts", func(s surface.Surface) error {
		return charts.Render(s, j.Pkg, opt)
	})
	if err != nil {
		return err
	}
	j.Notef("%s: %d tables and the scenarios' tracks on %d pages", ChartsFile, len(j.Pkg.Tables()), n)
	return nil
}

func buildScenarios(j *Job) error {
	scs := j.Pkg.Scenarios()
	if len(scs) == 0 {
		j.Notef("scenarios: the package has no scenarios")
		return nil
	}
	// Where each scenario's map is printed, as buildMaps names it.
	mapFile := ScenarioMapFiles(j.Pkg)
	for _, sc := range scs {
		stem := fileStem(sc.ID)
		name := ScenariosDir + "/" + stem + ".pdf"
		opt := j.scenarioOptions(mapFile[sc.ID])
		n, err := j.document(name, "scenario "+sc.ID, "png/"+ScenariosDir+"/"+stem, func(s surface.Surface) error {
			return scenario.Render(s, j.Pkg, sc, opt)
		})
		if err != nil {
			return fmt.Errorf("%s: %w", sc.ID, err)
		}
		format := ""
		if scenario.Format111(sc) {
			format = ", in the 11.1 format"
		}
		j.Notef("%s: %d pages%s", name, n, format)
	}
	return nil
}

func buildRosters(j *Job) error {
	if !roster.PointBuy(j.Pkg) {
		j.Notef("rosters: the package buys no forces with points")
		return nil
	}
	opt := j.rosterOptions()
	n, err := j.document(RostersFile, "army rosters", "png/rosters/rosters", func(s surface.Surface) error {
		return roster.Render(s, j.Pkg, opt)
	})
	if err != nil {
		return err
	}
	j.Notef("%s: %d forces on %d pages", RostersFile, len(j.Pkg.Forces()), n)
	return nil
}

func (j *Job) chartsOptions() charts.Options {
	return charts.Options{Paper: j.sheetPaper(), Margin: j.sheetMargin(), Title: packageName(j.Pkg)}
}

func (j *Job) scenarioOptions(mapFile string) scenario.Options {
	return scenario.Options{Paper: j.sheetPaper(), Margin: j.sheetMargin(), Title: packageName(j.Pkg), MapFile: mapFile}
}

func (j *Job) rosterOptions() roster.Options {
	return roster.Options{Paper: j.sheetPaper(), Margin: j.sheetMargin(), Title: packageName(j.Pkg)}
}

// DrySheets runs the charts, scenario sheet and roster printers on dry surfaces (which measure and count
// pages but draw nothing) with the settled settings, as the charts, scenarios and rosters outputs would, and
// fails where they would: a scenario of too many turns, a sheet of more than content.MaxPages pages. The
// error is a *diag.Failure at the content: the scenario, or for charts and rosters the document with the
// most to print.
func DrySheets(pkg *content.Package, set Settings) error {
	j := &Job{Pkg: pkg, Settings: set, seen: map[string]bool{}}
	var ds diag.List
	dry := func(at diag.Pos, what string, draw func(s surface.Surface) error) {
		s := surface.NewDry(content.MaxPages)
		err := draw(s)
		if f, ok := diag.AsFailure(err); ok {
			ds = append(ds, f.Diags...)
			return
		}
		var limit *surface.PageLimitError
		switch {
		case errors.As(err, &limit):
			ds.Errorf(at, "sheets.pages", "%s would print on more than %d pages, the most muster prints in one file", what, content.MaxPages).Hint = "shorten it, or split it"
		case err != nil:
			ds.Errorf(at, CodeInternal, "%s cannot be printed (a bug in muster; please report it with the package): %v", what, err)
		}
	}
	if !charts.Empty(pkg) {
		at := diag.Pos{File: pkg.Dir}
		most := -1
		for _, t := range pkg.Tables() {
			if len(t.Rows) > most {
				most, at = len(t.Rows), t.At
			}
		}
		dry(at, "the charts", func(s surface.Surface) error { return charts.Render(s, pkg, j.chartsOptions()) })
	}
	mapFile := ScenarioMapFiles(pkg)
	for _, sc := range pkg.Scenarios() {
		dry(sc.At, "the sheet of scenario "+sc.ID, func(s surface.Surface) error { return scenario.Render(s, pkg, sc, j.scenarioOptions(mapFile[sc.ID])) })
	}
	if roster.PointBuy(pkg) {
		at := diag.Pos{File: pkg.Dir}
		most := -1
		for _, f := range pkg.Forces() {
			if len(f.Units) > most {
				most, at = len(f.Units), f.At
			}
		}
		dry(at, "the army rosters", func(s surface.Surface) error { return roster.Render(s, pkg, j.rosterOptions()) })
	}
	if len(ds) > 0 {
		return &diag.Failure{Diags: ds}
	}
	return nil
}
