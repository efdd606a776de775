package plan

import (
	"errors"
	"fmt"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/charts"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/roster"
	"github.com/muster-wargames/muster/print/scenario"
	"github.com/muster-wargames/muster/print/surface"
)

func PackageName(pkg *content.Package) string {
	if pkg.Manifest != nil && pkg.Manifest.Name != "" {
		return pkg.Manifest.Name
	}
	return pkg.ID
}

// DrySheets runs the charts, scenario sheet and roster printers on dry surfaces (which measure and count
// pages but draw nothing) with the settled settings, as the charts, scenarios and rosters outputs would, and
// fails where they would: a scenario of too many turns, a sheet of more than content.MaxPages pages. The
// error is a *diag.Failure at the content: the scenario, or for charts and rosters the document with the
// most to print.
func DrySheets(pkg *content.Package, set Settings) error {
	var opt Options
	var ds diag.List
	var own map[rune]bool // the characters of the content's own texts, once a sheet drew one a font lacks
	glyphs := map[string]bool{}
	dry := func(at diag.Pos, what string, draw func(s surface.Surface) error) {
		s := surface.NewDry(content.MaxPages)
		err := draw(s)
		for _, u := range s.Unprintable() {
			if u.File == nil {
				continue // the Go fonts: print-text reports the content's characters they lack
			}
			if own == nil {
				own = contentRunes(pkg)
			}
			for _, r := range u.Runes {
				// A character of the content's own texts is print-text's to report, at the text; what is left is
				// what muster itself prints (headings, labels) in a font that lacks it.
				k := fmt.Sprintf("%s|%d", u.Font, r)
				if own[r] || glyphs[k] {
					continue
				}
				glyphs[k] = true
				ds.Errorf(fonts.Of(pkg).Origin(u.File), "fonts.glyph", "%s: muster prints %q in %s, which has no glyph for %q (U+%04X): it would print as an empty box", what, u.Text, u.Font, r, r).Hint =
					"choose a font that has the characters muster prints (digits, Latin letters and common punctuation)"
			}
		}
		if f, ok := diag.AsFailure(err); ok {
			ds = append(ds, f.Diags...)
			return
		}
		var limit *surface.PageLimitError
		switch {
		case errors.As(err, &limit):
			ds.Errorf(at, "sheets.pages", "%s would print on more than %d pages, the most muster prints in one file", what, content.MaxPages).Hint = "shorten it, or split it"
		case err != nil:
			ds.Errorf(at, CodeInternal, "%s cannot be printed (a bug in muster; please report it with the package): %v", what, err)
		}
	}
	if !charts.Empty(pkg) {
		at := diag.Pos{File: pkg.Dir}
		most := -1
		for _, t := range pkg.Tables() {
			if len(t.Rows) > most {
				most, at = len(t.Rows), t.At
			}
		}
		dry(at, "the charts", func(s surface.Surface) error { return charts.Render(s, pkg, ChartsOptions(pkg, set, opt)) })
	}
	mapFile := ScenarioMapFiles(pkg)
	for _, sc := range pkg.Scenarios() {
		dry(sc.At, "the sheet of scenario "+sc.ID, func(s surface.Surface) error {
			return scenario.Render(s, pkg, sc, ScenarioOptions(pkg, set, opt, mapFile[sc.ID]))
		})
	}
	if roster.Wanted(pkg) {
		at := diag.Pos{File: pkg.Dir}
		most := -1
		for _, f := range pkg.Forces() {
			if len(f.Units) > most {
				most, at = len(f.Units), f.At
			}
		}
		dry(at, "the army rosters", func(s surface.Surface) error { return roster.Render(s, pkg, RosterOptions(pkg, set, opt)) })
	}
	if len(ds) > 0 {
		return &diag.Failure{Diags: ds}
	}
	return nil
}

// contentRunes is every character of the package's documents' strings.
func contentRunes(pkg *content.Package) map[rune]bool {
	out := map[rune]bool{}
	var walk func(v any)
	walk = func(v any) {
		switch x := v.(type) {
		case string:
			for _, r := range x {
				out[r] = true
			}
		case map[string]any:
			for _, e := range x {
				walk(e)
			}
		case []any:
			for _, e := range x {
				walk(e)
			}
		}
	}
	for p := pkg; p != nil; p = p.Base {
		for _, d := range p.Docs {
			walk(d.Value)
		}
	}
	return out
}

// SheetPaper is the paper of text sheets: the settled paper, but never larger than tabloid (a 23x35in map
// sheet is no size for a chart), in which case letter.
func SheetPaper(set Settings) surface.Size {
	p := surface.PaperSize(set.Paper)
	if max(p.W, p.H) > 17*surface.Inch+1 {
		return surface.PaperSize(value.Letter)
	}
	return p
}

// SheetMargin is the --margin, else 0.5in.
func SheetMargin(opt Options) float64 {
	if opt.Margin != nil {
		return opt.Margin.Points
	}
	return 0.5 * surface.Inch
}

// ChartsOptions are the page settings of charts.pdf.
func ChartsOptions(pkg *content.Package, set Settings, opt Options) charts.Options {
	return charts.Options{Paper: SheetPaper(set), Margin: SheetMargin(opt), Title: PackageName(pkg)}
}

// ScenarioOptions are the page settings of a scenario sheet, which names the scenario's map file.
func ScenarioOptions(pkg *content.Package, set Settings, opt Options, mapFile string) scenario.Options {
	return scenario.Options{Paper: SheetPaper(set), Margin: SheetMargin(opt), Title: PackageName(pkg), MapFile: mapFile}
}

// RosterOptions are the page settings of rosters.pdf.
func RosterOptions(pkg *content.Package, set Settings, opt Options) roster.Options {
	return roster.Options{Paper: SheetPaper(set), Margin: SheetMargin(opt), Title: PackageName(pkg)}
}
