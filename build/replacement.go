package build

import (
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/validate"
)

// ReplacementCounters prints a sheet of some of a package's counters (`muster diff -o`: the counters an
// erratum changed), laid out and drawn as the counters output prints the whole mix, with the package's own
// print settings: fronts and backs in register as on its counter sheets. keep says how many copies of each
// counter to print (0 leaves it out). It returns the PDF and its layout; no counter kept is a nil PDF.
func ReplacementCounters(c *validate.Checked, keep func(*counters.Counter) int) ([]byte, *sheet.Layout, error) {
	pkg := c.Package()
	st, err := plan.Settle(pkg, plan.Options{})
	if err != nil {
		return nil, nil, err
	}
	_, l, err := plan.PlanSomeCounters(pkg, st, keep)
	if err != nil || l == nil {
		return nil, nil, err
	}
	pdf := surface.NewPDF(pdfOptions(pkg, "replacement counters"))
	if err := l.Render(pdf); err != nil {
		return nil, nil, err
	}
	b, err := pdfBytes(pkg, pdf)
	return b, l, err
}
