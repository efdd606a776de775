package plan

import (
	"fmt"
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
func MapOptions(set Settings, opt Options) maps.Options {
	o := maps.Options{Paper: surface.PaperSize(set.Paper), Overlap: maps.DefaultOverlap}
	if opt.Margin != nil {
		o.Margin = opt.Margin.Points
	}
	if opt.Overlap != nil && opt.Overlap.Points > 0 {
		o.Overlap = opt.Overlap.Points
	}
	return o
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
		used[content.Stem(m.ID, content.PrintStem)] = true
	}
	var out []scenarioStem
	for _, sc := range pkg.Scenarios() {
		if sc.Map.Map == "" && len(sc.Map.Boards) == 0 {
			continue
		}
		stem := content.Stem(sc.ID, content.PrintStem)
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
		items = append(items, MapDrawing{content.Stem(m.ID, content.PrintStem), d, at})
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

func InchText(pt float64) string {
	return strings.TrimRight(strings.TrimRight(fmt.Sprintf("%.3f", pt/72), "0"), ".") + "in"
}
