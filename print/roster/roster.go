// Package roster prints army roster sheets for point-buy games: each force's units, counts, the points of one
// unit and of the line, what was bought besides, and the total computed from the System's point formulas
// beside the total the source declares (and the scenario's budget). The prices come from the rules engine
// (content/rules), the same that validate checks budgets with.
package roster

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// Options are the page settings.
type Options struct {
	Paper  surface.Size
	Margin float64 // 0 means 0.5in
	Title  string  // the package's name, for the footer
}

// PointBuy reports whether the package buys its forces with points: the System has point formulas, or a force
// declares its points.
func PointBuy(pkg *content.Package) bool {
	if len(pkg.Forces()) == 0 {
		return false
	}
	if pkg.System != nil && len(pkg.System.Points) > 0 {
		return true
	}
	for _, f := range pkg.Forces() {
		if f.Points != nil {
			return true
		}
	}
	return false
}

// Render draws a roster of every force of pkg on s, priced by the rules engine.
func Render(s surface.Surface, pkg *content.Package, opt Options) error {
	e := rules.New(pkg)
	ro, err := e.Roster("", "")
	if err != nil {
		return err
	}
	// Budgets come from the scenarios whose sides field the force.
	budgets := map[string][]string{}
	for _, sc := range pkg.Scenarios() {
		r, err := e.Roster("", sc.ID)
		if err != nil {
			continue
		}
		for _, f := range r.Forces {
			if f.Budget != nil {
				budgets[f.ID] = append(budgets[f.ID], fmt.Sprintf("%s (scenario %s, side %s)", f.Budget, nameOr(sc.Name, sc.ID), f.Side))
			}
		}
	}
	if opt.Margin <= 0 {
		opt.Margin = 0.5 * surface.Inch
	}
	d := flow.New(s, opt.Paper, opt.Margin, opt.Title+": army rosters")
	for i, f := range ro.Forces {
		if i > 0 {
			d.Gap(12)
		}
		force(d, pkg, f, budgets[f.ID])
	}
	if len(ro.Forces) == 0 {
		d.NewPage()
		d.Para("This package has no forces.", flow.BodyFont)
	}
	return s.Err()
}

func nameOr(n, id string) string {
	if n != "" {
		return n
	}
	return id
}

func unitName(pkg *content.Package, id string) string {
	if u := pkg.UnitType(id); u != nil && u.Name != "" {
		return u.Name
	}
	return id
}

func itemName(pkg *content.Package, id string) string {
	if pkg.System != nil {
		for _, it := range pkg.System.Items {
			if it.ID == id && it.Name != "" {
				return it.Name
			}
		}
	}
	return id
}

func force(d *flow.Doc, pkg *content.Package, f rules.RosterForce, budgets []string) {
	d.Heading(nameOr(f.Name, f.ID), 13, 80)
	src := pkg.Force(f.ID)
	var info []string
	if src != nil {
		if src.Faction != "" {
			info = append(info, "faction "+src.Faction)
		}
		if src.Scale != "" {
			info = append(info, "scale "+src.Scale)
		}
	}
	info = append(info, "force "+f.ID)
	d.Para(strings.Join(info, "; "), flow.SmallFont)
	tab := &flow.Table{Header: []string{"Unit", "Count", "Each", "Points", "How one is priced"}, Numeric: map[int]bool{1: true, 2: true, 3: true}}
	for _, l := range f.Lines {
		name := unitName(pkg, l.Unit)
		if l.Name != "" && l.Name != name {
			name = l.Name + " (" + name + ")"
		}
		if l.Group != "" {
			name += " [" + l.Group + "]"
		}
		var how []string
		for _, b := range l.Breakdown {
			s := b.Rule + " " + b.Text
			if b.Expr != "" {
				s = fmt.Sprintf("%s: %s = %s", b.Rule, b.Expr, b.Text)
			}
			how = append(how, s)
		}
		if l.Unknown {
			how = append(how, "unknown unit type")
		}
		each := l.Each.String()
		if l.Unknown {
			each = "?"
		}
		tab.Rows = append(tab.Rows, []string{name, fmt.Sprint(l.Count), each, l.Points.String(), strings.Join(how, "; ")})
	}
	for _, it := range f.Items {
		name := itemName(pkg, it.Item)
		if it.Unit != "" {
			name += " for " + unitName(pkg, it.Unit)
		}
		how := "item"
		if it.Unpriced {
			how = "priced by a unit's stats, but no unit named: counted 0"
		}
		tab.Rows = append(tab.Rows, []string{name, it.Count.String(), it.Each.String(), it.Points.String(), how})
	}
	tab.Bold = map[int]bool{len(tab.Rows): true}
	tab.Rows = append(tab.Rows, []string{"Total (computed)", fmt.Sprint(f.Count), "", f.Total.String(), "units " + f.Units.String()})
	d.Table(tab)
	var tot [][2]string
	tot = append(tot, [2]string{"Computed total", f.Total.String() + " points"})
	if f.Declared != nil {
		mark := "matches the computed total"
		if f.Declared.Cmp(f.Total) != 0 {
			mark = "DIFFERS from the computed total " + f.Total.String()
		}
		tot = append(tot, [2]string{"Declared total", f.Declared.String() + " points (" + mark + ")"})
	}
	if f.Budget != nil {
		budgets = append(budgets, f.Budget.String())
	}
	if len(budgets) > 0 {
		tot = append(tot, [2]string{"Budget", strings.Join(budgets, "; ")})
	}
	d.Fields(tot)
	if src != nil && src.Source != "" {
		d.Para("Source: "+src.Source, flow.NoteFont)
	}
}
