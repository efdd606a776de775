package vassal

import (
	"github.com/muster-wargames/muster/export/vassal/buildfile"
)

// The palette's faction tabs are arranged by set-up group: where the forces put a faction's units in groups
// (a legion, a tribe, an army: a force entry's group), the faction's tab holds a tab per group, in the order
// the forces first name them, each with the unit types whose first grouped force entry is in it, then a tab
// of the faction's other pieces. A faction whose forces name no group keeps one panel. Each design has one
// slot, whichever tab it is in, so its gpid does not depend on the arrangement.

// otherUnitsTab is the tab of a grouped faction's pieces in no group.
const otherUnitsTab = "Other units"

// unitGroups is the set-up group of each unit type (its first force entry that names one), and the groups in
// the order the forces first name them.
func (x *exporter) unitGroups() (map[string]string, []string) {
	of := map[string]string{}
	var order []string
	seen := map[string]bool{}
	for _, f := range x.pkg.Forces() {
		for _, e := range f.Units {
			if e.Group == "" || e.Unit == "" {
				continue
			}
			if _, ok := of[e.Unit]; !ok {
				of[e.Unit] = e.Group
			}
			if !seen[e.Group] {
				seen[e.Group] = true
				order = append(order, e.Group)
			}
		}
	}
	return of, order
}

// factionPanel is a faction's tab of the palette: a panel of its slots, or a tab per set-up group.
func (x *exporter) factionPanel(tab string, designs []*pieceDesign) (*buildfile.Element, error) {
	panel := func(name string) *buildfile.Element {
		return buildfile.New(classPanelWidget, "entryName", name, "fixed", "false", "nColumns", "6", "vert", "false", "scale", "1.0")
	}
	groupOf, order := x.unitGroups()
	byGroup := map[string][]*pieceDesign{}
	grouped := false
	for _, d := range designs {
		g := ""
		if !d.marker {
			g = groupOf[d.unitID]
		}
		grouped = grouped || g != ""
		byGroup[g] = append(byGroup[g], d)
	}
	fill := func(pw *buildfile.Element, ds []*pieceDesign) (*buildfile.Element, error) {
		for _, d := range ds {
			s, err := x.slot(d, false, "palette")
			if err != nil {
				return nil, err
			}
			pw.Add(s)
		}
		return pw, nil
	}
	if !grouped {
		return fill(panel(tab), designs)
	}
	tw := buildfile.New(classTabWidget, "entryName", tab)
	for _, g := range append(order, "") {
		ds := byGroup[g]
		if len(ds) == 0 {
			continue
		}
		name := g
		if g == "" {
			name = otherUnitsTab
		}
		pw, err := fill(panel(name), ds)
		if err != nil {
			return nil, err
		}
		tw.Add(pw)
	}
	return tw, nil
}
