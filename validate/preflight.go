package validate

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/profile"
)

// Options are what the command line asks a package to be checked for beyond its own settings.
type Options struct {
	// Profile is the print service the package is checked for (validate --profile, build --profile): its
	// bleed is the one the counter and card sheets are planned with, and the preflight check runs.
	Profile *profile.Profile
}

// LoadFor is Load for a print service: the whole pipeline, with the sheets planned with the profile's bleed
// and the preflight check run, so that a package that validates for a profile builds for it.
func LoadFor(path string, opt Options) Result {
	pkg, ds := content.Load(path)
	return checkFor(pkg, ds, opt, nil)
}

var preflightCheck = &Check{
	Name:  "preflight",
	Stage: StageCheck,
	Doc: "the package can be printed by the print service of the profile asked for (validate --profile, build --profile)\n\n" +
		"Only with a profile (see docs/profiles.md). On every counter and card design as build prints it: no text crosses the profile's safe line inside the cut (safe-zone, at the layout element, naming the pieces), no raster image prints under the profile's resolution at its printed size (image-dpi, at the image), no piece is smaller than the profile's least size (piece-size: a die-cut token under 8mm, at its size), and a profile that prints cards one a page has no more than 1,000 pages (pages). " +
		"The profile's bleed is checked by the counter-sheets and cards checks, which plan the sheets with it (a bleed more than half a piece's side: bleed).",
	Requires: []Requirement{Printing},
	Applies: func(pkg *content.Package) bool {
		return len(pkg.UnitTypes())+len(pkg.Markers())+len(pkg.Decks())+len(pkg.Cards()) > 0
	},
	Package: func(p *Pass) {
		pp := Get(p, Printing)
		if pp.settings.Profile == nil {
			return
		}
		reportFamily(p, plan.Preflight(p.Pkg, pp.settings))
	},
}
