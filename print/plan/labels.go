package plan

import (
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// Block labels go on sheets of their own (labels.pdf), not on the counter sheets: self-adhesive label paper
// is printed on one side, with no backs to register, and a label has its own bleed. Each mix with blocks
// lays its labels out on its own label paper (its labels: settings, else the package's paper and margin),
// square labels in rows with a gap between them for the two bleeds and the cut, and cut lines and crop marks
// as on the counter sheets.

// LabelSheets are the label sheets of one counter mix.
type LabelSheets struct {
	Mix    string
	Layout *sheet.Layout
	Labels []counters.Counter // the mix's block designs, in mix order
}

// Blocks splits resolved counters: the counters the counter sheets print, and the blocks the label sheets
// print.
func Blocks(cs []counters.Counter) (plain, blocks []counters.Counter) {
	for _, c := range cs {
		if c.Block != nil {
			blocks = append(blocks, c)
		} else {
			plain = append(plain, c)
		}
	}
	return plain, blocks
}

// PlanLabels resolves the package's blocks and lays their labels out, one set of sheets per mix that prints
// blocks. It fails as PlanCounters does, with a *diag.Failure at the content at fault: a label that cannot
// be resolved, labels that do not fit their paper, more pages than content.MaxPages, an edge's text too
// long for its edge even at the smallest size.
func PlanLabels(pkg *content.Package, st Settings, skipImages bool) ([]LabelSheets, error) {
	cs, err := counters.FromPackage(pkg, counters.Options{Size: st.CounterSize, SkipImages: skipImages})
	resolved, ok := diag.AsFailure(err)
	if err != nil && (!ok || cs == nil) {
		return nil, err
	}
	_, blocks := Blocks(cs)
	var ds diag.List
	if resolved != nil {
		ds = append(ds, resolved.Diags...)
	}
	var out []LabelSheets
	byMix := map[string]int{}
	for _, c := range blocks {
		i, ok := byMix[c.Mix]
		if !ok {
			i = len(out)
			byMix[c.Mix] = i
			out = append(out, LabelSheets{Mix: c.Mix})
		}
		out[i].Labels = append(out[i].Labels, c)
	}
	m := surface.NewDry(0)
	for i := range out {
		ls := &out[i]
		mix := pkg.CounterMix(ls.Mix)
		opt := sheet.Options{Page: surface.PaperSize(st.Paper), Margin: st.Margin, Backs: sheet.NoBacks,
			Bleed: content.DefaultLabelBleed.Points, Gutter: content.DefaultLabelGap.Points}
		var l *content.LabelSheet
		if mix != nil {
			l = mix.Labels
		}
		if l != nil {
			if l.Paper != nil {
				opt.Page = surface.PaperSize(*l.Paper)
			}
			if l.Margin != nil {
				opt.Margin = l.Margin.Points
			}
			if l.Bleed != nil {
				opt.Bleed = l.Bleed.Points
			}
			if l.Gap != nil {
				opt.Gutter = l.Gap.Points
			}
		}
		var pieces []sheet.Piece
		for j := range ls.Labels {
			c := &ls.Labels[j]
			for k := range c.Block.Steps {
				if _, _, fits := c.EdgeFonts(m, k, c.Size); !fits {
					ds.Errorf(c.At, "label-sheets.edge", "step %d of %s prints %q along its edge, too long for a %s label even at %gpt", k+1, c.ID, c.Block.Steps[k].Text(), InchText(c.Size), counters.LabelMinText).Hint =
						"give the step fewer values, or print larger labels"
				}
			}
			for n := 0; n < c.Count; n++ {
				pieces = append(pieces, sheet.Piece{Size: c.Size, Front: counters.Label{C: c}})
			}
		}
		lay, err := sheet.Plan(pieces, opt)
		var fit *sheet.FitError
		switch {
		case asFit(err, &fit):
			at := labelsPos(pkg, mix, "paper")
			ds.Errorf(at, "label-sheets.fit", "the labels of mix %s do not fit the label paper: %v", ls.Mix, fit).Hint = "print on larger paper, with smaller margins or smaller labels"
			continue
		case err != nil:
			return nil, err
		case len(lay.Pages) > content.MaxPages:
			ds.Errorf(labelsPos(pkg, mix, "size"), "label-sheets.pages", "the labels of mix %s would print on %d pages: muster prints at most %d pages in one file", ls.Mix, len(lay.Pages), content.MaxPages).Hint =
				"check the counts, or print on larger paper"
			continue
		}
		ls.Layout = lay
	}
	if len(ds) > 0 {
		return out, &diag.Failure{Diags: ds}
	}
	return out, nil
}

func asFit(err error, fit **sheet.FitError) bool {
	if f, ok := err.(*sheet.FitError); ok {
		*fit = f
		return true
	}
	return false
}

// labelsPos is where a mix's label settings write a key, else the mix's labels, else the mix.
func labelsPos(pkg *content.Package, mix *content.CounterMix, key string) diag.Pos {
	if mix == nil {
		return manifestPos(pkg, "/print")
	}
	if mix.Labels != nil {
		return mix.Labels.Fields.Of(key, mix.Labels.At)
	}
	if mix.Doc != nil {
		return mix.Doc.PosOf("/counters")
	}
	return mix.At
}

// LabelSummary says what label sheets hold, for the build's summary: "12 labels of 3/4in on 1 page".
func LabelSummary(ls []LabelSheets) string {
	var parts []string
	for _, s := range ls {
		if s.Layout == nil {
			continue
		}
		parts = append(parts, fmt.Sprintf("%d labels on %d pages", len(s.Layout.Pieces), len(s.Layout.Pages)))
	}
	return strings.Join(parts, "; ")
}
