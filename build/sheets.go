package build

import (
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/plan"
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

func (j *Job) paper() surface.Size {
	return surface.PaperSize(j.Settings.Paper)
}

// document renders one text document to PDF (and PNG pages) and adds it.
func (j *Job) document(name, what, pngStem string, draw func(s surface.Surface) error) (pages int, err error) {
	pdf := surface.NewPDF(j.pdfOptions(what))
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
		files, err := pngPages(j, plan.SheetPaper(j.Settings), draw, pngStem)
		if err != nil {
			return 0, err
		}
		for _, f := range files {
			if err := j.Add(f.Path, f.Data); err != nil {
				return 0, err
			}
		}
	}
	return pdf.Pages(), nil
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
	decks := ""
	if k := len(j.Pkg.Decks()); k > 0 {
		decks = ", " + english.Count(k, "deck")
	}
	j.Notef("%s: %s%s and the scenarios' tracks on %s", ChartsFile, english.Count(len(j.Pkg.Tables()), "table"), decks, english.Count(n, "page"))
	return nil
}

func buildScenarios(j *Job) error {
	scs := j.Pkg.Scenarios()
	if len(scs) == 0 {
		j.Notef("scenarios: the package has no scenarios")
		return nil
	}
	// Where each scenario's map is printed, as buildMaps names it.
	mapFile := plan.ScenarioMapFiles(j.Pkg)
	for _, sc := range scs {
		stem := content.Stem(sc.ID, content.PrintStem)
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
		j.Notef("%s: %s%s", name, english.Count(n, "page"), format)
	}
	return nil
}

func buildRosters(j *Job) error {
	if why := roster.Unwanted(j.Pkg); why != "" {
		j.Notef("rosters: none: %s", why)
		return nil
	}
	opt := j.rosterOptions()
	n, err := j.document(RostersFile, "army rosters", "png/rosters/rosters", func(s surface.Surface) error {
		return roster.Render(s, j.Pkg, opt)
	})
	if err != nil {
		return err
	}
	j.Notef("%s: %s on %s", RostersFile, english.Count(len(j.Pkg.Forces()), "force"), english.Count(n, "page"))
	return nil
}

func (j *Job) chartsOptions() charts.Options { return plan.ChartsOptions(j.Pkg, j.Settings, j.Opt) }

func (j *Job) scenarioOptions(mapFile string) scenario.Options {
	return plan.ScenarioOptions(j.Pkg, j.Settings, j.Opt, mapFile)
}

func (j *Job) rosterOptions() roster.Options { return plan.RosterOptions(j.Pkg, j.Settings, j.Opt) }
