package validate

import (
	"fmt"
	"slices"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
)

// The tables check: a chart's rows fit its columns, and a combat results table can be read.
var tablesCheck = &Check{
	Name:  "tables",
	Stage: StageCheck,
	Doc: "a table's rows have a cell for each column, and a combat results table can be read\n\n" +
		"Every row holds as many cells as the table has columns (row-length); cell sources name columns " +
		"(cell-source); a table with combat settings, or of type crt, has odds (a:b) or differential (-3, +2) " +
		"columns that go up (columns); its column shifts name terrain and hexside features that exist and shift " +
		"by at least one column (shift); its die-roll modifiers do the same and change the roll (modifier); the " +
		"results it explains are printed in its cells, each once (result).",
	Applies: func(pkg *content.Package) bool { return len(pkg.Tables()) > 0 },
	Package: func(p *Pass) {
		for _, t := range p.Pkg.Tables() {
			checkTable(p, t)
		}
	},
}

func checkTable(p *Pass, t *content.Table) {
	n := len(t.Columns)
	for i, r := range t.Rows {
		if len(r.Cells) != n {
			word := "fewer"
			if len(r.Cells) > n {
				word = "more"
			}
			at := ptrPos(t.Doc, fmt.Sprintf("/rows/%d/cells", i), r.At)
			e := p.Errorf(at, "row-length", "table %s: row %q has %d cells, %s than its %d columns", t.ID, r.Label, len(r.Cells), word, n)
			e.Hint = "give the row one cell per column (write - for an empty one)"
		}
		for col := range r.CellSources {
			if !slices.Contains(t.Columns, col) {
				e := p.Errorf(r.Fields.Of("cellSources", r.At), "cell-source", "table %s: row %q gives a source for column %q, which the table does not have", t.ID, r.Label, col)
				e.Hint = diag.DidYouMean(col, t.Columns)
			}
		}
	}
	if t.Combat == nil && t.Type != "crt" {
		return
	}
	if _, err := t.Odds(); err != nil && (t.Combat != nil || looksLikeOdds(t.Columns)) {
		at := ptrPos(t.Doc, "/columns", t.At)
		p.Errorf(at, "columns", "%v", err)
	}
	if t.Combat == nil {
		return
	}
	sys := p.Pkg.System
	if sys == nil {
		return
	}
	var terrain, hexsides []string
	for _, x := range sys.Terrain {
		terrain = append(terrain, x.ID)
	}
	for _, f := range sys.Features {
		if f.On == content.FeatureHexside {
			hexsides = append(hexsides, f.ID)
		}
	}
	for _, s := range t.Combat.Shifts {
		if s.Columns == 0 {
			p.Errorf(s.Fields.Of("columns", s.At), "shift", "table %s: column shift %s shifts by no column", t.ID, s.ID)
		}
		for _, id := range s.Terrain {
			if !slices.Contains(terrain, id) {
				e := p.Errorf(s.Fields.Of("terrain", s.At), "shift", "table %s: column shift %s names terrain %q, which the System does not declare", t.ID, s.ID, id)
				e.Hint = diag.DidYouMean(id, terrain)
			}
		}
		for _, id := range s.Across {
			if !slices.Contains(hexsides, id) {
				e := p.Errorf(s.Fields.Of("across", s.At), "shift", "table %s: column shift %s names %q, which is not a hexside feature of the System", t.ID, s.ID, id)
				e.Hint = diag.DidYouMean(id, hexsides)
			}
		}
		if s.All && len(s.Across) == 0 {
			p.Errorf(s.Fields.Of("all", s.At), "shift", "table %s: column shift %s says all attackers, but names no feature they attack across", t.ID, s.ID)
		}
	}
	for _, m := range t.Combat.Modifiers {
		if m.Roll == 0 {
			p.Errorf(m.Fields.Of("roll", m.At), "modifier", "table %s: die-roll modifier %s changes the roll by nothing", t.ID, m.ID)
		}
		for _, id := range m.Terrain {
			if !slices.Contains(terrain, id) {
				e := p.Errorf(m.Fields.Of("terrain", m.At), "modifier", "table %s: die-roll modifier %s names terrain %q, which the System does not declare", t.ID, m.ID, id)
				e.Hint = diag.DidYouMean(id, terrain)
			}
		}
		for _, id := range m.Across {
			if !slices.Contains(hexsides, id) {
				e := p.Errorf(m.Fields.Of("across", m.At), "modifier", "table %s: die-roll modifier %s names %q, which is not a hexside feature of the System", t.ID, m.ID, id)
				e.Hint = diag.DidYouMean(id, hexsides)
			}
		}
		if m.All && len(m.Across) == 0 {
			p.Errorf(m.Fields.Of("all", m.At), "modifier", "table %s: die-roll modifier %s says all attackers, but names no feature they attack across", t.ID, m.ID)
		}
	}
	printed := map[string]bool{}
	for _, r := range t.Rows {
		for _, c := range r.Cells {
			printed[c] = true
		}
	}
	seen := map[string]bool{}
	var cells []string
	for c := range printed {
		cells = append(cells, c)
	}
	slices.Sort(cells)
	for _, r := range t.Combat.Results {
		at := r.Fields.Of("result", r.At)
		if seen[r.Result] {
			p.Errorf(at, "result", "table %s: result %q is explained twice", t.ID, r.Result)
		}
		seen[r.Result] = true
		if !printed[r.Result] {
			e := p.Warnf(at, "result", "table %s: result %q is printed in none of the table's cells", t.ID, r.Result)
			e.Hint = diag.DidYouMean(r.Result, cells)
		}
	}
}

// looksLikeOdds reports whether a crt's columns are written as odds, so a typo among them is reported; a
// crt read another way (a fire table by strength) is left alone.
func looksLikeOdds(cols []string) bool {
	n := 0
	for _, c := range cols {
		for _, r := range c {
			if r == ':' {
				n++
				break
			}
		}
	}
	return n > 0 && n*2 >= len(cols)
}
