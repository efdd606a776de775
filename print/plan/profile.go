package plan

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/profile"
	"github.com/muster-wargames/muster/print/sheet"
	"github.com/muster-wargames/muster/print/surface"
)

// bleedProblem reports a bleed more than half the side of a piece what (side points, its size written at
// sizeAt, else the content that prints it): the gutter between pieces, twice the bleed, would be wider than
// the piece. It names --bleed when the flag asked for the bleed, the piece's size when a profile did, else the
// manifest's print.bleed. Nil when the bleed fits.
func bleedProblem(pkg *content.Package, st Settings, code, what string, side float64, sizeAt diag.Pos) *diag.Diagnostic {
	if st.Bleed <= side/2+1e-9 {
		return nil
	}
	msg := fmt.Sprintf("a bleed of %s is more than half the side of %s (%s): the art would run further past the cut than the piece is wide", InchText(st.Bleed), what, InchText(side))
	d := &diag.Diagnostic{Severity: diag.Error, Code: code, Message: msg}
	switch {
	case st.Flags["bleed"]:
		d.Code, d.Message, d.Hint = CodeOptions, "--bleed: "+msg, "give a smaller --bleed"
	case st.Profile != nil:
		d.Pos, d.Message, d.Hint = sizeAt, fmt.Sprintf("the %s profile's bleed: %s", st.Profile.Name, msg), "make the piece larger, or print it with another profile"
	default:
		d.Pos, d.Hint = manifestPos(pkg, "/print/bleed"), "give a smaller print.bleed"
		if at, ok := st.At["bleed"]; ok {
			d.Pos = at
		}
	}
	return d
}

// counterBleed is bleedProblem for the smallest of the counters.
func counterBleed(pkg *content.Package, st Settings, cs []counters.Counter) error {
	if st.Bleed <= 0 {
		return nil
	}
	var least *counters.Counter
	for i := range cs {
		if least == nil || math.Min(cs[i].Width(), cs[i].Height()) < math.Min(least.Width(), least.Height()) {
			least = &cs[i]
		}
	}
	if least == nil {
		return nil
	}
	at := sizeAt(st, least)
	d := bleedProblem(pkg, st, "counter-sheets.bleed", "counter "+least.ID, math.Min(least.Width(), least.Height()), at)
	if d == nil {
		return nil
	}
	return &diag.Failure{Diags: diag.List{*d}}
}

// cardBleed is bleedProblem for the smallest deck's cards.
func cardBleed(pkg *content.Package, st Settings, decks []*cards.Deck) *diag.Diagnostic {
	var least *cards.Deck
	for _, d := range decks {
		if len(d.Cards) > 0 && (least == nil || math.Min(d.Size.W, d.Size.H) < math.Min(least.Size.W, least.Size.H)) {
			least = d
		}
	}
	if least == nil || st.Bleed <= 0 {
		return nil
	}
	at := least.Doc.At
	if least.Doc.Doc != nil {
		at = least.Doc.Doc.PosOf("/size")
	}
	return bleedProblem(pkg, st, "cards.bleed", "the cards of deck "+least.ID, math.Min(least.Size.W, least.Size.H), at)
}

// Preflight checks the package against the settings' print-service profile, as build prints it: every counter
// and card design at its size, each side's text inside the profile's safe line and each raster image at the
// profile's resolution where it prints (images are read), each piece at the profile's least size, and, for a
// profile that prints cards one a page, no more pages than a file holds. Nothing without a profile. validate's
// preflight check reports the same list (validate --profile), and build fails on it before printing.
func Preflight(pkg *content.Package, st Settings) diag.List {
	p := st.Profile
	if p == nil {
		return nil
	}
	var pieces []profile.Piece
	var ds diag.List
	cs, err := counters.FromPackage(pkg, counters.Options{Size: st.CounterSize})
	if err != nil && cs == nil {
		return nil // the counters cannot be resolved: the counter checks report it
	}
	cs, _ = Blocks(cs)
	seen := map[string]bool{}
	for i := range cs {
		c := &cs[i]
		k := fmt.Sprintf("%s/%s/%g/%s", c.Kind, c.ID, c.Size, c.Shape)
		if seen[k] {
			continue
		}
		seen[k] = true
		pc := profile.Piece{What: "counter " + c.ID, W: c.Width(), H: c.Height(), Shape: c.Shape, At: c.At, SizeAt: sizeAt(st, c),
			Sides: []profile.Side{{Name: "front", Face: &c.Front}}, ImageAt: imageAt(pkg, c)}
		if st.Backs != sheet.NoBacks {
			pc.Sides = append(pc.Sides, profile.Side{Name: "back", Face: &c.Back})
		}
		pieces = append(pieces, pc)
	}
	decks, _ := cards.FromPackage(pkg, cards.Options{})
	copies := 0
	for _, d := range decks {
		for i, c := range d.Cards {
			copies += c.Count
			pc := profile.Piece{What: "card " + c.ID, W: c.Width(), H: c.Height(), At: c.At, Sides: []profile.Side{{Name: "front", Face: c.Front}}}
			if d.Doc.Doc != nil {
				pc.SizeAt = d.Doc.Doc.PosOf("/size")
			}
			if i == 0 && st.Backs != sheet.NoBacks && d.Back != nil { // one back a deck
				pc.Sides = append(pc.Sides, profile.Side{Name: "back of deck " + d.ID, Face: d.Back})
			}
			pieces = append(pieces, pc)
		}
	}
	ds = append(ds, profile.Check(p, pieces, surface.NewDry(0))...)
	if p.Layout == profile.CardPages && 2*copies > content.MaxPages && len(decks) > 0 {
		ds.Errorf(decks[0].Doc.At, "preflight.pages", "the %s profile prints each card on a page of its own, front and back: %d cards make %d pages, and muster prints at most %d in one file",
			p.Name, copies, 2*copies, content.MaxPages).Hint = "print fewer copies, or print the cards on sheets with another profile"
	}
	return ds
}

// sizeAt is where a counter's size is written: its mix line's or its mix's size, else the manifest's
// print.counterSize, else the mix line that prints it.
func sizeAt(st Settings, c *counters.Counter) diag.Pos {
	if !c.SizeAt.IsZero() {
		return c.SizeAt
	}
	if at, ok := st.At["counterSize"]; ok && !st.Flags["counterSize"] {
		return at
	}
	return c.At
}

// imageAt is where the content names the image a counter's symbol prints: the unit type's or marker's image.
func imageAt(pkg *content.Package, c *counters.Counter) diag.Pos {
	var m *content.Meta
	if u := pkg.UnitType(c.ID); u != nil && c.Kind != counters.KindMarker {
		m = &u.Meta
	} else if mk := pkg.Marker(c.ID); mk != nil {
		m = &mk.Meta
	}
	if m == nil || m.Doc == nil {
		return diag.Pos{}
	}
	if at := m.Doc.PosOf("/image"); strings.HasSuffix(at.Path, "/image") {
		return at
	}
	return diag.Pos{}
}

// CardPages lays the decks' cards out one a page for a profile that asks for it (profile.CardPages): every
// copy of every card on a page of its size plus the bleed, its front followed by its back, the TrimBox the
// card. One layout for each card size, in the order the sizes first appear.
func CardPages(decks []*cards.Deck, st Settings) ([]*sheet.Layout, error) {
	type size struct{ w, h float64 }
	var order []size
	groups := map[size][]sheet.Piece{}
	for _, d := range decks {
		for _, c := range d.Cards {
			for k := 0; k < c.Count; k++ {
				p := sheet.Piece{Size: c.Height(), Width: c.Width(), Front: c.Front}
				if st.Backs != sheet.NoBacks {
					p.Back = d.Back
				}
				sz := size{c.Width(), c.Height()}
				if _, ok := groups[sz]; !ok {
					order = append(order, sz)
				}
				groups[sz] = append(groups[sz], p)
			}
		}
	}
	backs := sheet.LongEdge
	if st.Backs == sheet.NoBacks {
		backs = sheet.NoBacks
	}
	var out []*sheet.Layout
	for _, sz := range order {
		b := st.Bleed
		l, err := sheet.Plan(groups[sz], sheet.Options{Page: surface.Size{W: sz.w + 2*b, H: sz.h + 2*b}, Margin: b, Bleed: b, Backs: backs})
		if err != nil {
			return nil, err
		}
		out = append(out, l)
	}
	return out, nil
}
