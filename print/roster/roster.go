// Package roster prints army roster sheets: each force's units and counts with what the System's rosters
// count (the points of its formulas, or the stat or derived value its `roster` names, such as PRESTAGS's
// Victory Points), what was bought besides, the computed total beside the total the source declares, and each
// scenario's totals by side, what the scenario grants included. The figures come from the rules engine
// (content/rules), the same that validate checks budgets with.
package roster

import (
	"cmp"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/surface"
)

// Options are the page settings.
type Options struct {
	Paper  surface.Size
	Margin float64 // 0 means 0.5in
	Title  string  // the package's name, for the footer
}

// Wanted reports whether the package has rosters to print: it has forces, and its System prices them with
// point formulas or names what its rosters count (`roster`), or a force declares its points.
func Wanted(pkg *content.Package) bool { return Unwanted(pkg) == "" }

// Unwanted says why a package has no rosters to print, in a build's words ("the package has no forces"), or ""
// when it has.
func Unwanted(pkg *content.Package) string {
	if len(pkg.Forces()) == 0 {
		return "the package has no forces"
	}
	if !priced(pkg) {
		return "its System neither prices forces nor says what a roster counts"
	}
	return ""
}

// priced reports whether a package's forces add up to something: points by the System's formulas, a roster
// measure, or points a force declares.
func priced(pkg *content.Package) bool {
	if pkg.System != nil && (len(pkg.System.Points) > 0 || pkg.System.Roster != nil) {
		return true
	}
	for _, f := range pkg.Forces() {
		if f.Points != nil {
			return true
		}
	}
	return false
}

// Render draws a roster of every force of pkg on s, counted by the rules engine, then each scenario's totals
// by side.
func Render(s surface.Surface, pkg *content.Package, opt Options) error {
	e := rules.New(pkg)
	ro, err := e.Roster("", "")
	if err != nil {
		return err
	}
	// Budgets come from the scenarios whose sides field the force; each scenario's side totals are printed
	// after the forces.
	budgets := map[string][]string{}
	var scenarios []*rules.Roster
	for _, sc := range pkg.Scenarios() {
		r, err := e.Roster("", sc.ID)
		if err != nil {
			continue
		}
		scenarios = append(scenarios, r)
		for _, f := range r.Forces {
			if f.Budget != nil {
				budgets[f.ID] = append(budgets[f.ID], fmt.Sprintf("%s (scenario %s, side %s)", f.Budget, cmp.Or(sc.Name, sc.ID), sc.SideName(f.Side)))
			}
		}
	}
	if opt.Margin <= 0 {
		opt.Margin = 0.5 * surface.Inch
	}
	typefaces := fonts.Of(pkg)
	s.SetTextTypeface(typefaces.Text)
	d := flow.New(s, opt.Paper, opt.Margin, opt.Title+": army rosters")
	d.HeadingFace = typefaces.Heading
	if !e.RosterMeasure().IsPoints() {
		d.Para(countsNote(e), flow.NoteFont)
	}
	for i, f := range ro.Forces {
		if i > 0 {
			d.Gap(12)
		}
		force(d, pkg, ro, f, budgets[f.ID])
	}
	for _, r := range scenarios {
		sides(d, pkg, r)
	}
	if len(ro.Forces) == 0 {
		d.NewPage()
		d.Para("This package has no forces.", flow.BodyFont)
	}
	return s.Err()
}

// countsNote says what the rosters count when it is not points.
func countsNote(e *rules.Engine) string {
	m := e.RosterMeasure()
	t := "These rosters count " + m.Name + ", not points: the System's forces are not bought with points."
	if r := e.System().Roster; r != nil && r.Source != "" {
		t += " (" + r.Source + ")"
	}
	return t
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

func force(d *flow.Doc, pkg *content.Package, ro *rules.Roster, f rules.RosterForce, budgets []string) {
	d.Heading(cmp.Or(f.Name, f.ID), 13, 80)
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
	name := ro.Name
	how := "How one is priced"
	if ro.Counts != content.MeasurePoints {
		name = title(ro.Name)
		how = "How one counts"
	}
	tab := &flow.Table{Header: []string{"Unit", "Count", "Each", name, how}, Numeric: map[int]bool{1: true, 2: true, 3: true}}
	for _, l := range f.Lines {
		n := unitName(pkg, l.Unit)
		if l.Name != "" && l.Name != n {
			n = l.Name + " (" + n + ")"
		}
		if l.Group != "" {
			n += " [" + l.Group + "]"
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
		tab.Rows = append(tab.Rows, []string{n, fmt.Sprint(l.Count), each, l.Points.String(), strings.Join(how, "; ")})
	}
	for _, it := range f.Items {
		n := itemName(pkg, it.Item)
		if it.Unit != "" {
			n += " for " + unitName(pkg, it.Unit)
		}
		how := "item"
		if it.Unpriced {
			how = "priced by a unit's stats, but no unit named: counted 0"
		}
		tab.Rows = append(tab.Rows, []string{n, it.Count.String(), it.Each.String(), it.Points.String(), how})
	}
	tab.Bold = map[int]bool{len(tab.Rows): true}
	tab.Rows = append(tab.Rows, []string{"Total (computed)", fmt.Sprint(f.Count), "", f.Total.String(), "units " + f.Units.String()})
	d.Table(tab)
	var tot [][2]string
	tot = append(tot, [2]string{"Computed total", f.Total.String() + " " + ro.Name})
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
		tot = append(tot, [2]string{english.Noun(len(budgets), "Budget"), strings.Join(budgets, "; ")})
	}
	d.Fields(tot)
	if src != nil && src.Source != "" {
		d.Para("Source: "+src.Source, flow.NoteFont)
	}
}

// sides prints a scenario's totals by side: what each side's forces and reinforcements count, what the
// scenario grants it (supplies it does not buy), and the whole, which is what a balance of the sides compares.
func sides(d *flow.Doc, pkg *content.Package, r *rules.Roster) {
	sc := pkg.Scenario(r.Scenario)
	if sc == nil || len(r.Sides) == 0 {
		return
	}
	d.Gap(12)
	d.Heading(cmp.Or(sc.Name, sc.ID)+": each side's totals", 13, 80)
	granted := false
	for _, s := range r.Sides {
		granted = granted || s.Granted.Sign() != 0
	}
	head := []string{"Side", "Units", "Forces and reinforcements"}
	if granted {
		head = append(head, "Granted by the scenario")
	}
	head = append(head, "Total ("+r.Name+")", "Budget")
	tab := &flow.Table{Header: head, Numeric: map[int]bool{1: true, 2: true, 3: true, 4: true}, DropEmpty: true}
	for _, s := range r.Sides {
		row := []string{cmp.Or(s.Name, s.ID), fmt.Sprint(s.Count), s.Bought.String()}
		if granted {
			row = append(row, s.Granted.String())
		}
		budget := ""
		if s.Budget != nil {
			budget = s.Budget.String()
		}
		row = append(row, s.Total.String(), budget)
		tab.Rows = append(tab.Rows, row)
	}
	d.Table(tab)
	for _, s := range r.Sides {
		if len(s.Items) == 0 {
			continue
		}
		var parts []string
		for _, it := range s.Items {
			parts = append(parts, fmt.Sprintf("%s %s at %s each (%s)", it.Count, itemName(pkg, it.Item), it.Each, it.Points))
		}
		d.Para(cmp.Or(s.Name, s.ID)+" receives "+english.List(parts)+" from the scenario, not bought from its budget.", flow.NoteFont)
	}
}

// title capitalises a measure's name for a column head: "vp" reads "Vp", "VP" stays.
func title(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
