package validate

import (
	"errors"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/maps"
	"github.com/muster-wargames/muster/print/plan"
	"github.com/muster-wargames/muster/print/surface"
)

// The printing checks: validate knows everything build knows. They run the printers' own planning (the
// print settings, resolving every counter, laying out the counter sheets, preparing and tiling every map, a
// dry run of the text sheets) with the package's own print settings, and report what the printers would
// refuse, at the content that causes it, under the same codes the printers fail with. So a package that
// validates builds with its own settings; the command line's --paper, --margin, --overlap and --counter-size
// are the user's choice at build time, which validate cannot know, and build reports what they break.

// Printing is what the printers make of the package with its own print settings (muster.yaml `print:`,
// muster's defaults where it gives none), computed once per run.
var Printing = &Shared[*printPlan]{
	Name: "printing",
	Doc:  "the package laid out as build prints it with its own print settings: counters and sheets, map drawings and their pages, text sheets",
	make: func(x *run) *printPlan { return planPrinting(x.pkg, x.opt) },
}

// printPlan is the printers' plan of a package and every problem they found.
type printPlan struct {
	settings plan.Settings
	counters []counters.Counter
	drawings []drawingPlan
	problems diag.List // with the printers' codes; each check reports its own family's
}

// drawingPlan is one map file as the maps output makes it.
type drawingPlan struct {
	what    string
	at      diag.Pos
	drawing *maps.Drawing
}

func planPrinting(pkg *content.Package, opt Options) *printPlan {
	pp := &printPlan{}
	add := func(err error) {
		if f, ok := diag.AsFailure(err); ok {
			pp.problems = append(pp.problems, f.Diags...)
		}
	}
	set, err := plan.Settle(pkg, plan.Options{Profile: opt.Profile})
	add(err)
	pp.settings = set
	cs, _, err := plan.PlanCounters(pkg, set, true)
	add(err)
	pp.counters = cs
	// Block labels: the label sheets' own problems (resolving the counters reported the rest), and each
	// label's middle, checked like a counter's face at the size it prints.
	ls, err := plan.PlanLabels(pkg, set, true)
	if f, ok := diag.AsFailure(err); ok {
		for _, d := range f.Diags {
			if strings.HasPrefix(d.Code, "label-sheets.") { // labelSheetsCheck's family
				pp.problems = append(pp.problems, d)
			}
		}
	}
	for _, s := range ls {
		for _, c := range s.Labels {
			c.Size = counters.Inner(0, 0, c.Size).W
			pp.counters = append(pp.counters, c)
		}
	}
	if len(pkg.Decks())+len(pkg.Cards()) > 0 {
		_, _, err := plan.PlanCards(pkg, set, true)
		add(err)
	}
	for _, m := range pkg.Maps() {
		d, err := maps.ForMap(pkg, m)
		add(err) // a map whose grid is wrong is the map checks' to report
		if d != nil {
			pp.drawings = append(pp.drawings, drawingPlan{"map " + m.ID, docPos(m.Doc, "/grid", m.At), d})
		}
	}
	for _, sc := range pkg.Scenarios() {
		if sc.Map.Map == "" && len(sc.Map.Boards) == 0 {
			continue
		}
		d, err := maps.ForScenario(pkg, sc)
		add(err) // a map set that cannot be composed is map-layout's to report
		if d != nil {
			pp.drawings = append(pp.drawings, drawingPlan{"the map of scenario " + sc.ID, docPos(sc.Doc, "/map", sc.At), d})
		}
	}
	add(plan.DrySheets(pkg, set))
	return pp
}

// reportFamily reports the problems of one code family.
func reportFamily(p *Pass, ds diag.List) {
	for _, d := range ds {
		if strings.HasPrefix(d.Code, p.Check.Name+".") {
			p.Report(d)
		}
	}
}

var printSettingsCheck = &Check{
	Name:  "print-settings",
	Stage: StageCheck,
	Doc: "the manifest's print settings can be printed\n\n" +
		"muster.yaml `print:`: paper of at most 200 inches a side (PDF viewers open no larger page), a counter size above zero, a known back mode and a back offset of X,Y with units. " +
		"The command line's --paper, --margin, --counter-size and --overlap replace these at build time: validate checks the package's own settings, and build reports what the flags break.",
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return pkg.Manifest != nil && pkg.Manifest.Print != nil },
	Package:  func(p *Pass) { reportFamily(p, Get(p, Printing).problems) },
}

var counterFacesCheck = &Check{
	Name:  "counter-faces",
	Stage: StageCheck,
	Doc: "every counter face can be drawn as its layout places it\n\n" +
		"A back of kind marker names a marker; a symbol is built in (or built-in symbols joined by +, armour+infantry), one of the System's symbols (with an image file) or `image` (the assets check reads the images themselves), on every unit type and marker; " +
		"each face layout element prints one thing (element) at one of the nine places or at a position x, y (place), its format reads and names stats of the System or the unit's own fields (format), " +
		"every counter drawn with it has the stats it prints unless it is optional (missing-stat), and a fog-of-war back prints no values (fog); " +
		"and on each face, as the counter sheet draws it, no value prints on the symbol, on the name line or on another value (overlap: two values in one place, or values too wide for the face), " +
		"no element placed by position runs past the counter's square, hexagonal or round outline (off-face), and no placed text is too long for its room at the smallest size muster prints (fit). " +
		"Values of one row that would run into each other are shrunk by the printer, not reported. " +
		"A face layout's style is one muster ships, and each role it fills is one of the style's (style). " +
		"A warning: a text placed by position that comes closer to the cut than the System's safeMargin (3pt by default), where a die or a hand that cuts a little off the line would cut into it (safe); the printer keeps the values at the nine places inside it.",
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return len(pkg.UnitTypes())+len(pkg.Markers()) > 0 },
	Package: func(p *Pass) {
		pp := Get(p, Printing)
		reportFamily(p, pp.problems)
		checkSymbols(p, pp.problems)
		checkFaceOverlaps(p, pp.counters)
		checkPlacedElements(p, pp.counters)
		if p.Pkg.System != nil {
			for _, d := range p.Pkg.System.StyleProblems {
				p.Report(d)
			}
		}
		checkSafeMargins(p, pp.counters)
	},
}

// checkSymbols reports the symbol of every unit type and marker muster cannot draw, those no counter mix
// prints too (a digital module draws every one); the counters the mixes print were reported as they were
// resolved.
func checkSymbols(p *Pass, reported diag.List) {
	done := map[diag.Pos]bool{}
	for _, d := range reported {
		if d.Code == "counter-faces.symbol" {
			done[d.Pos] = true
		}
	}
	check := func(m *content.Meta, kind, name string) {
		problem, hint := counters.SymbolProblem(p.Pkg.System, name)
		at := docPos(m.Doc, "/symbol", m.At)
		if problem == "" || done[at] {
			return
		}
		p.Errorf(at, "symbol", "%s %s has symbol %q, %s", kind, m.ID, name, problem).Hint = hint
	}
	for _, u := range p.Pkg.UnitTypes() {
		check(&u.Meta, "unit type", u.Symbol)
	}
	for _, m := range p.Pkg.Markers() {
		check(&m.Meta, "marker", m.Symbol)
	}
}

// checkPlacedElements reports the face elements placed by position that run off their counter (past its
// square, hexagonal or round outline) or whose text does not fit its room even at the smallest size muster
// prints: once per element, naming the counters it spoils.
func checkPlacedElements(p *Pass, cs []counters.Counter) {
	m := surface.NewDry(0)
	type finding struct {
		at      diag.Pos
		kind    string
		what    string
		designs []string
	}
	var found []*finding
	byKey := map[string]*finding{}
	eachDesign(cs, func(c *counters.Counter, side string, face *counters.Face) {
		for _, pr := range face.Problems(m, c.Width(), c.Height(), c.Height()*overlapTolerance) {
			k := pr.At.String() + "|" + pr.Kind
			f := byKey[k]
			if f == nil {
				what := "its " + pr.What
				if pr.Text != "" {
					what = fmt.Sprintf("its text %q", pr.Text)
				}
				f = &finding{at: pr.At, kind: pr.Kind, what: what}
				byKey[k] = f
				found = append(found, f)
			}
			name := side
			if c.Shape != "" && c.Shape != "square" {
				name = c.Shape + ", " + name
			}
			f.designs = append(f.designs, c.ID+" ("+name+")")
		}
	})
	for _, f := range found {
		more := ""
		if len(f.designs) > 1 {
			more = fmt.Sprintf(", and on %s more", english.Count(len(f.designs)-1, "counter face"))
		}
		if f.kind == "fit" {
			p.Errorf(f.at, "fit", "this face element does not fit: %s is too long for its room even at the smallest size muster prints, on counter %s%s", f.what, f.designs[0], more).Hint =
				"give it more room (w: 0.8), make it shorter, or move it away from the edge"
			continue
		}
		p.Errorf(f.at, "off-face", "this face element runs off the counter: %s reaches past the edge of counter %s%s", f.what, f.designs[0], more).Hint =
			"move it in (x and y run from 0 to 1 across and down the face), or make it smaller; a hexagonal or round counter has no corners"
	}
}

// eachDesign calls f once for each side of each distinct counter design (kind, id, size and shape): a design
// printed many times is laid out, and checked, once.
func eachDesign(cs []counters.Counter, f func(c *counters.Counter, side string, face *counters.Face)) {
	type design struct {
		kind, id, shape string
		size            float64
	}
	seen := map[design]bool{}
	for i := range cs {
		c := &cs[i]
		d := design{c.Kind, c.ID, c.Shape, c.Size}
		if seen[d] {
			continue
		}
		seen[d] = true
		f(c, "front", &c.Front)
		f(c, "back", &c.Back)
	}
}

// overlapTolerance is how far two parts of a face may run into each other, as a share of the counter's size,
// before it is reported (anti-aliasing and the sides of round letters make a touch invisible).
const overlapTolerance = 0.02

// checkFaceOverlaps reports the parts of the counters' faces that print over each other: once per place in
// the content (the face layout's slot, else the unit type or marker) and kind of overlap, naming the counters
// it spoils.
func checkFaceOverlaps(p *Pass, cs []counters.Counter) {
	m := surface.NewDry(0)
	type finding struct {
		at      diag.Pos
		msg     string
		hint    string
		designs []string
	}
	var found []*finding
	byKey := map[string]*finding{}
	eachDesign(cs, func(c *counters.Counter, side string, face *counters.Face) {
		parts := face.Parts(m, c.Width(), c.Height())
		for _, o := range face.Overlaps(m, c.Width(), c.Height(), c.Height()*overlapTolerance) {
			a, b := o[0], o[1]
			if b.What == "symbol" || b.What == "name" {
				a, b = b, a
			}
			// The place of b among the face's values at its place: the second of two "top-left" values is
			// the second layout slot at top-left.
			nth := 0
			for _, pt := range parts {
				if pt == b {
					break
				}
				if pt.What == b.What {
					nth++
				}
			}
			at := overlapPos(p.Pkg, c, b.What, nth)
			if b.What == "placed" && !b.At.IsZero() {
				at = b.At // an element placed by position is reported where the layout writes it
			}
			what := fmt.Sprintf("%s prints over %s", partKind(a), partKind(b))
			k := at.String() + "|" + what + "|" + side
			f := byKey[k]
			if f == nil {
				f = &finding{at: at, msg: what}
				f.hint = "move the value, make it smaller (size: 0.8), or make the counter larger"
				if a.What != "symbol" && a.What != "name" {
					f.hint = "give each value its own place, or make them smaller (size: 0.8)"
				}
				byKey[k] = f
				found = append(found, f)
			}
			f.designs = append(f.designs, fmt.Sprintf("%s (%s)", c.ID, side+": "+partName(a)+" and "+partName(b)))
		}
	})
	for _, f := range found {
		more := ""
		if len(f.designs) > 1 {
			more = fmt.Sprintf(", and on %s more", english.Count(len(f.designs)-1, "counter face"))
		}
		p.Errorf(f.at, "overlap", "%s on counter %s%s", f.msg, f.designs[0], more).Hint = f.hint
	}
}

func partKind(pt counters.Part) string {
	switch pt.What {
	case "symbol":
		return "the symbol"
	case "name":
		return "the name line"
	case "placed":
		return fmt.Sprintf("the placed text %q", pt.Text)
	}
	return "the value at " + pt.What
}

func partName(pt counters.Part) string {
	switch pt.What {
	case "symbol":
		return "the symbol"
	case "name":
		return fmt.Sprintf("the name line %q", pt.Text)
	case "placed":
		return fmt.Sprintf("the placed text %q", pt.Text)
	}
	return fmt.Sprintf("the value %q at %s", pt.Text, pt.What)
}

// overlapPos is where the content places a part: the nth slot at that place of the face layout the counter
// is drawn with, else its unit type or marker.
func overlapPos(pkg *content.Package, c *counters.Counter, where string, nth int) diag.Pos {
	var doc *content.Meta
	i, l := -1, (*content.FaceLayout)(nil)
	if c.Kind == counters.KindUnit {
		u := pkg.UnitType(c.ID)
		if u == nil {
			u = pkg.UnitType(baseID(c.ID))
		}
		if u != nil {
			doc = &u.Meta
			i, l = counters.LayoutFor(pkg.System, u.Face, u.Classes, false)
		}
	} else {
		m := pkg.Marker(c.ID)
		if m == nil {
			m = pkg.Marker(baseID(c.ID))
		}
		if m != nil {
			doc = &m.Meta
			i, l = counters.LayoutFor(pkg.System, "", m.Classes, true)
		}
	}
	if l != nil && where != "symbol" && where != "name" {
		for j, s := range l.Slots {
			if strings.ReplaceAll(s.Where, "center", "centre") != where {
				continue
			}
			if nth == 0 {
				return docPos(pkg.System.Doc, fmt.Sprintf("/faces/%d/slots/%d", i, j), s.At)
			}
			nth--
		}
	}
	if l != nil && where == "symbol" {
		return docPos(pkg.System.Doc, fmt.Sprintf("/faces/%d", i), l.At)
	}
	if doc != nil {
		return doc.At
	}
	return c.At
}

// asError is errors.As.
func asError[T error](err error, target *T) bool { return errors.As(err, target) }

// baseID is a counter's unit type or marker id, without the faction a mix line adds ("foote-levies.roman").
func baseID(id string) string {
	if i := strings.LastIndexByte(id, '.'); i > 0 {
		return id[:i]
	}
	return id
}

var counterSheetsCheck = &Check{
	Name:  "counter-sheets",
	Stage: StageCheck,
	Doc: fmt.Sprintf("the counter sheets can be printed on the package's paper\n\n"+
		"At most %d counters in one build (every mix together; The Highest Ground ten times over is 2,840), each larger than nothing and small enough to fit the paper inside its margins, "+
		"on sheets of at most %d pages, laid out as build lays them out with the manifest's print settings (letter, 0.5in margins and 0.5in counters where it gives none). "+
		"A counter that covers two cells prints as a rectangle two counters wide, never hexagonal or round (shape).",
		content.MaxCounters, content.MaxPages),
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return len(pkg.UnitTypes())+len(pkg.Markers()) > 0 },
	Package:  func(p *Pass) { reportFamily(p, Get(p, Printing).problems) },
}

var labelSheetsCheck = &Check{
	Name:  "label-sheets",
	Stage: StageCheck,
	Doc: fmt.Sprintf("block labels can be printed on their label paper\n\n"+
		"Each mix's labels fit its label paper inside its margins (fit), on at most %d pages (pages), and each step's values fit along their edge, between the corners, at %gpt or more (edge). "+
		"Labels print on labels.pdf, laid out as build lays them out: the mix's labels settings, else the manifest's paper and margin.",
		content.MaxPages, counters.LabelMinText),
	Requires: []Requirement{Printing},
	Applies: func(pkg *content.Package) bool {
		for _, u := range pkg.UnitTypes() {
			if u.IsBlock() {
				return true
			}
		}
		return false
	},
	Package: func(p *Pass) { reportFamily(p, Get(p, Printing).problems) },
}

var cardsCheck = &Check{
	Name:  "cards",
	Stage: StageCheck,
	Doc: fmt.Sprintf("every deck and card can be printed as the content asks\n\n"+
		"A card names a deck that exists (deck; it may leave it out when the package has one deck), a side that is a faction of the System (side), a period its deck declares (period) and only values its deck declares (value); "+
		"a deck's size is poker, bridge, tarot, mini or WxH with a unit (size), its least text size a size (min-text-size), its scenarios scenarios (scenario); "+
		"at most %d cards in one build, every deck together (count); each element of a deck's card layout prints one thing (element) at one of the nine places or at a position x, y (place), its format reads and names the deck's values or title, id, side, period, count (format), "+
		"every card has what it prints unless the element is optional (missing), and an event text closes every **bold** and *italic* run it opens (markup). "+
		"On each card as the card sheet draws it, no text prints under the deck's least size, 6pt by default (text-size: an event text that does not fit its box even at that size is reported at the card's text, never shrunk further; a deck back's text too long to print across the card at that size, at the back's text), "+
		"and no element runs off the card (off-card); the cards fit the paper inside its margins (fit) on at most %d pages (pages), laid out as build lays them out with the manifest's print settings (letter and 0.25in margins where it gives none).",
		content.MaxCards, content.MaxPages),
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return len(pkg.Decks())+len(pkg.Cards()) > 0 },
	Package: func(p *Pass) {
		reportFamily(p, Get(p, Printing).problems) // the plan's, cards.Problems among them
	},
}

var mapSheetsCheck = &Check{
	Name:  "map-sheets",
	Stage: StageCheck,
	Doc: fmt.Sprintf("every map and scenario map can be printed on the package's paper\n\n"+
		"A map, or a scenario's boards composed, has at most %d cells (ten boards of 30 x 40 are 12,000); a scenario sets up at most %d units on it; "+
		"and tiled onto the manifest's paper (letter where it gives none) with 0.25in margins and 0.5in overlap it takes at most %d pages.",
		content.MaxMapCells, content.MaxCounters, content.MaxPages),
	Requires: []Requirement{Printing},
	Applies:  func(pkg *content.Package) bool { return len(pkg.Maps()) > 0 },
	Package: func(p *Pass) {
		pp := Get(p, Printing)
		reportFamily(p, pp.problems)
		opt := plan.MapOptions(pp.settings, plan.Options{})
		for _, dp := range pp.drawings {
			_, err := dp.drawing.Layout(opt)
			var room *maps.RoomError
			var pages *maps.PagesError
			switch {
			case asError(err, &room):
				at := pp.settings.At["paper"]
				if at.IsZero() {
					at = dp.at
				}
				p.Errorf(at, "room", "%s cannot be tiled: %v", dp.what, err).Hint = "choose larger paper"
			case asError(err, &pages):
				p.Errorf(dp.at, "pages", "%s: %v", dp.what, err).Hint = "print it on larger paper (print: {paper: 23x35in}), or make the map smaller"
			case err != nil:
				p.Errorf(dp.at, "layout", "%s cannot be laid out (a bug in muster; please report it): %v", dp.what, err)
			}
		}
	},
}

var sheetsCheck = &Check{
	Name:  "sheets",
	Stage: StageCheck,
	Doc: fmt.Sprintf("the charts, scenario sheets and rosters can be printed\n\n"+
		"A scenario lasts at most %d turns (its turn record has a box for each), and each sheet takes at most %d pages, as a dry run of the printers with the package's paper finds.",
		content.MaxTurns, content.MaxPages),
	Requires: []Requirement{Printing},
	Package:  func(p *Pass) { reportFamily(p, Get(p, Printing).problems) },
}
