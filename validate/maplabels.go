package validate

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/plan"
)

// mapLabelsCheck runs the maps' label placer as build runs it, on the pages build prints with the package's
// own print settings.
var mapLabelsCheck = &Check{
	Name:  "map-labels",
	Stage: StageCheck,
	Doc: "every name on a map prints where it can be read\n\n" +
		"The names on each map and scenario map (places, objectives, map labels, zones, an open table's pieces and places) are laid out by one placer, as build lays them out: each keeps off every other name, every cell id, mark and objective outline, trying positions round what it names, then a smaller size, then the nearest free room with a leader line. " +
		"A map label pinned with at, offset or rotate prints where it is put: one that leaves the map is an error at the label (off-map), nothing printed; " +
		"a name the content writes that finds no free room is a warning at its line (crowded): it prints over something else; pin it, or move or shorten it.",
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return len(pkg.Maps()) > 0 },
	Package: func(p *Pass) {
		pp := Get(p, Printing)
		opt := plan.MapOptions(pp.settings, plan.Options{})
		seen := map[string]bool{} // a map's label is reported once, not again for each scenario drawing it
		for _, dp := range pp.drawings {
			if _, err := dp.drawing.Layout(opt); err != nil {
				continue // map-sheets reports it
			}
			for _, lp := range dp.drawing.LabelProblems() {
				k := lp.At.String() + "|" + lp.What
				if seen[k] {
					continue
				}
				seen[k] = true
				if lp.OffMap {
					p.Errorf(lp.At, "off-map", "%s is pinned off the map of %s", lp.What, dp.what).Hint = "change its at or offset so that it stays inside the map's frame"
					continue
				}
				p.Warnf(lp.At, "crowded", "%s finds no free room on %s: it prints over another name, a cell id or a mark", lp.What, dp.what).Hint = "pin it (at, offset) where it reads, or move or shorten it"
			}
		}
	},
}
