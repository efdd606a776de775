package plan

import (
	"errors"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// PlanCounters resolves a package's counters and plans their sheets with the settled print settings, exactly
// as the counters output prints them; validate's counter checks plan them with the package's own settings
// (skipping the images, which another check reads). It fails with a *diag.Failure at the content at fault: a
// counter that cannot be resolved, more counters than content.MaxCounters, a counter larger than the paper
// inside its margins, sheets of more than content.MaxPages pages.
func PlanCounters(pkg *content.Package, st Settings, skipImages bool) ([]counters.Counter, *sheet.Layout, error) {
	cs, err := counters.FromPackage(pkg, counters.Options{Size: st.CounterSize, SkipImages: skipImages})
	resolved, ok := diag.AsFailure(err)
	if err != nil && (!ok || cs == nil) {
		return nil, nil, err
	}
	cs, _ = Blocks(cs) // blocks print on label sheets (PlanLabels)
	// The counters that did resolve are planned too, so every problem is found at once.
	cs, l, err := planSheets(pkg, st, cs)
	if resolved != nil {
		ds := append(diag.List{}, resolved.Diags...)
		if f, ok := diag.AsFailure(err); ok {
			ds = append(ds, f.Diags...)
		}
		return cs, l, &diag.Failure{Diags: ds}
	}
	return cs, l, err
}

// planSheets lays resolved counters out on sheets.
func planSheets(pkg *content.Package, st Settings, cs []counters.Counter) ([]counters.Counter, *sheet.Layout, error) {
	if len(cs) == 0 {
		return cs, nil, nil
	}
	if err := counterBleed(pkg, st, cs); err != nil {
		return cs, nil, err
	}
	var pieces []sheet.Piece
	for i := range cs {
		c := &cs[i]
		for k := 0; k < c.Count; k++ {
			p := sheet.Piece{Size: c.Height(), Width: c.Width(), Shape: c.Shape, Front: &c.Front}
			if shape.IsHex(c.Shape) {
				p.Size, p.Width = c.Size, 0 // across the flats: the sheet packs the honeycomb
			}
			if st.Backs != sheet.NoBacks {
				p.Back = &c.Back
			}
			pieces = append(pieces, p)
		}
	}
	l, err := sheet.Plan(pieces, sheet.Options{
		Page:       surface.PaperSize(st.Paper),
		Margin:     st.Margin,
		Gutter:     st.Gutter,
		Bleed:      st.Bleed,
		Backs:      st.Backs,
		BackOffset: st.BackOffset,
	})
	var fit *sheet.FitError
	switch {
	case errors.As(err, &fit):
		return cs, nil, tooLarge(pkg, st, cs, fit)
	case err != nil:
		return cs, nil, err
	case len(l.Pages) > content.MaxPages:
		// The line with the most counters is where a mistaken count most likely is.
		most := &cs[0]
		for i := range cs {
			if cs[i].Count*int(cs[i].Width()*cs[i].Height()) > most.Count*int(most.Width()*most.Height()) {
				most = &cs[i]
			}
		}
		return cs, l, diag.Fail(countPos(pkg, most), "counter-sheets.pages",
			fmt.Sprintf("the counter sheets would print on %d pages (%d counters on %s paper): muster prints at most %d pages in one file", len(l.Pages), len(pieces), PaperName(st), content.MaxPages),
			"check the counts and counter sizes, or print on larger paper")
	}
	return cs, l, nil
}

// countPos is where the count of a counter's mix line is written (the line itself when it is not).
func countPos(pkg *content.Package, c *counters.Counter) diag.Pos {
	for _, m := range pkg.CounterMixes() {
		for _, e := range m.Counters {
			if e.At == c.At {
				return e.Fields.Of("count", e.At)
			}
		}
	}
	return c.At
}

// tooLarge reports counters that do not fit the paper inside its margins: as the command line's when it
// set the paper, a margin, the gutter, the bleed or the counter size (validate found the package's own
// settings fine); else at the size of the first such counter when the content gives it, else at the
// manifest's paper or margin.
func tooLarge(pkg *content.Package, st Settings, cs []counters.Counter, fit *sheet.FitError) error {
	room := min(st.Paper.Width, st.Paper.Height) - 2*st.Margin
	msg := fmt.Sprintf("%v: a counter on %s paper with margins of %s can be at most %s", fit, PaperName(st), InchText(st.Margin), InchText(room))
	if room <= 0 {
		msg = fmt.Sprintf("%v: margins of %s leave no room on %s paper", fit, InchText(st.Margin), PaperName(st))
	}
	var flags []string
	for _, k := range []string{"paper", "margin", "gutter", "bleed", "counterSize"} {
		if st.Flags[k] {
			flags = append(flags, "--"+flagOf(k))
		}
	}
	if len(flags) > 0 {
		return diag.Fail(diag.Pos{}, CodeOptions, fmt.Sprintf("the counters do not fit with %s: %s", strings.Join(flags, ", "), msg), "choose larger --paper, a smaller --margin or a smaller --counter-size")
	}
	for i := range cs {
		c := &cs[i]
		if c.Width() != fit.W || c.Height() != fit.H {
			continue
		}
		if !c.SizeAt.IsZero() {
			return diag.Fail(c.SizeAt, "counter-sheets.fit", fmt.Sprintf("counter %s is too large for the paper: %s", c.ID, msg), "make the counter smaller, or print on larger paper")
		}
		break
	}
	for _, key := range []string{"paper", "margin", "gutter", "bleed"} {
		if at, ok := st.At[key]; ok {
			return diag.Fail(at, "counter-sheets.fit", "the counters do not fit the paper: "+msg, "choose larger paper or smaller margins")
		}
	}
	return diag.Fail(manifestPos(pkg, "/print"), "counter-sheets.fit", "the counters do not fit the paper: "+msg, "choose larger paper or smaller counters")
}

func PaperName(s Settings) string {
	if s.Paper.Name != "" {
		return s.Paper.Name
	}
	return fmt.Sprintf("%gx%gpt", s.Paper.Width, s.Paper.Height)
}
