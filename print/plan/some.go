package plan

import (
	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/sheet"
)

// PlanSomeCounters plans sheets of some of a package's counters, exactly as PlanCounters plans them all
// (the same sizes, shapes, backs and sheet layout): keep says how many copies of each counter to print, 0
// leaving it out. `muster diff` prints the counters an erratum changed with it, a replacement sheet. Blocks
// are left out, as from the counter sheets (they print as labels). A sheet with no counter is a nil layout.
func PlanSomeCounters(pkg *content.Package, st Settings, keep func(c *counters.Counter) int) ([]counters.Counter, *sheet.Layout, error) {
	cs, err := counters.FromPackage(pkg, counters.Options{Size: st.CounterSize})
	if err != nil {
		return nil, nil, err // a package that validates resolves every counter
	}
	cs, _ = Blocks(cs)
	var some []counters.Counter
	for i := range cs {
		if n := keep(&cs[i]); n > 0 {
			c := cs[i]
			c.Count = n
			some = append(some, c)
		}
	}
	return planSheets(pkg, st, some)
}
