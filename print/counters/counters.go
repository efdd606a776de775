// Package counters turns a game package's unit types, markers and counter mixes into counter faces and draws
// them on a print surface. Which value goes where comes from the System's face layouts, colours from its
// factions; nothing here knows a particular game.
package counters

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/print/symbols"
)

// Kinds of counter.
const (
	KindUnit   = "unit"
	KindMarker = "marker"
)

// Where a face layout puts the type symbol.
const (
	SymbolCentre = "centre"
	SymbolTop    = "top"
	SymbolNone   = "none"
)

// DefaultSize is the counter size when neither the mix, its entry nor the print settings give one: 1/2".
const DefaultSize = 36.0

// Default colours of a counter without a faction.
var (
	DefaultBackground = surface.RGB(0xf4, 0xf1, 0xe8)
	stripeFallback    = surface.RGB(0xc0, 0x39, 0x2b)
)

// Counter is one counter design of the mix: both faces, its size and how many copies to print.
type Counter struct {
	// ID names the design: the unit type or marker id, with the faction a mix line prints it in (".red") and
	// the values it prints of its own (".stands-2"); Of, Faction and Own are those parts.
	ID      string
	Of      string
	Faction string
	Own     map[string]content.Scalar
	Kind    string // KindUnit or KindMarker
	Name    string
	Size    float64 // the counter size in points: the side of a square counter, the height of a wide one
	// Footprint is the cells the unit or marker covers: 2 prints a double-width counter, two sizes wide and
	// one high (a Rampant two-hex phalanx); anything else a square one.
	Footprint int
	Count     int
	// Shape is the counter's outline: shape.Square (or ""), shape.Hex, shape.HexPointy or shape.Round; its
	// size is across a hexagon's flats and a round counter's diameter.
	Shape string
	Front Face
	Back  Face
	// At is the counter mix line that prints the counter; SizeAt where its size is given (the line's size,
	// its mix's counterSize or the manifest's print.counterSize), zero for muster's default or the caller's.
	At, SizeAt diag.Pos
	// Block is set for a block: it prints as a label (Size its side) with each step along an edge, Front the
	// label's middle and Back the faction's blank side. Nil for a counter.
	Block *Block
	// Mix is the counter mix whose line prints it ("" for a counter of no mix).
	Mix string
}

// Width is the counter's width in points: twice its size for a footprint-2 counter, a hexagon's width for
// its shape, else its size.
func (c *Counter) Width() float64 {
	if c.Footprint == 2 {
		return 2 * c.Size
	}
	w, _ := shape.Dims(c.Shape, c.Size)
	return w
}

// Height is the counter's height in points: its size, or a pointed hexagon's height across its corners.
func (c *Counter) Height() float64 {
	if c.Footprint == 2 {
		return c.Size
	}
	_, h := shape.Dims(c.Shape, c.Size)
	return h
}

// Face is one side of a counter, resolved from the content and ready to draw.
type Face struct {
	Background surface.Color
	Text       surface.Color
	Blank      bool     // background only (plus Caption, if any)
	Symbol     string   // built-in symbol name, "" for none
	Image      []byte   // a raster image symbol; drawn instead of Symbol
	Art        *art.Art // an SVG symbol, drawn as vectors instead of Symbol
	SymbolAt   string   // SymbolCentre, SymbolTop or SymbolNone: where the face puts the symbol by itself
	Label      string   // the name line
	AltLabel   string   // a shorter name line used when Label does not fit (the abbreviation)
	Stripe     string   // a band across the face with this text: the reduced (disrupted) side
	Caption    string   // marker and blank faces: large centred text
	Slots      []Slot   // the layout's elements: values at the nine places, and elements at positions
	// Shape is the counter's outline (shape.Square when empty, shape.Hex, shape.HexPointy, shape.Round): the
	// background fills it and everything is clipped to it; the nine places lie in the largest square inside it.
	Shape string
	Band  *Band // a band of colour across the face, full bleed
	// Backdrop is a picture printed full bleed under everything but the background colour (a faction's or a
	// unit's background image), covering the face and its bleed.
	Backdrop *art.Picture
	// Font is the typeface of the name line, the stripe and the caption, and of the elements that name none
	// of their own (nil: the Go fonts); FontAt is where the content names it (the layout's font, else the
	// System's textFont).
	Font   *surface.Typeface
	FontAt diag.Pos `json:"-"`
	// Safe is how far inside the cut its texts stay, in points (the System's safe margin, content's
	// CounterSafeMargin): the values at the nine places keep at least this far from the edge, and Unsafe lists
	// the texts that come closer. 0 for a face drawn for no System's counters (a card's).
	Safe float64
}

// Band is a band of colour across a face, from one edge (content.BandTop ...) or across the middle; Depth is
// its share of the face's height (of its width at the left or right).
type Band struct {
	Edge   string
	Depth  float64
	Colour surface.Color
}

// Slot is one element printed on a face: a value at one of the nine places (Where), or an element at a
// position (Placed: X, Y) that prints a text, stars, the symbol, an image, a box or a line.
type Slot struct {
	Text  string  // as written, with its prefix: "3*", "[4]", "•", "L3", "8-4", "XX"
	Where string  // top-left ... bottom-right; "" for a placed element
	Size  float64 // relative size, 1 normal
	Bold  bool
	Stars int // draw this many stars instead of Text

	Italic bool
	Kind   string // ElemText (text or stars), ElemSymbol, ElemImage, ElemBox, ElemLine
	Placed bool
	// X and Y are the anchor as shares of the face's width and height; X2, Y2 a line's other end.
	X, Y, X2, Y2 float64
	// W and H are a symbol's, image's or box's size (a text's room, when W is given) as shares of the
	// counter's size.
	W, H      float64
	Align     surface.HAlign
	Rotate    float64 // degrees clockwise about the anchor
	Colour    surface.Color
	HasColour bool
	Fill      surface.Color
	HasFill   bool
	Box       string // a frame around the text: circle, square, rounded
	LineWidth float64
	Image     []byte   // a raster image element
	Art       *art.Art // an SVG image element, drawn as vectors
	// MinSize is the least size in points a paragraph (ElemParagraph) may shrink to to fit its box.
	MinSize float64
	Font    *surface.Typeface // the text's typeface (nil: the Go fonts)
	FontAt  diag.Pos          `json:"-"` // where the content names it (the element's font, its layout's, the System's textFont)
	// At is where the face layout writes the element (zero for muster's default layout).
	At diag.Pos `json:"-"`
	// Source is where the content writes the text the element prints when that is not the layout (a card's
	// title or event text); zero for a counter's.
	Source diag.Pos `json:"-"`
}

// Options choose sizes the content leaves open.
type Options struct {
	// Size is the counter size when neither a mix entry nor its mix gives one (from the command line); 0 means
	// the manifest's print.counterSize, else DefaultSize.
	Size float64
	// Mixes limits the mixes printed (by id); empty means every mix in the package.
	Mixes []string
	// SkipImages resolves image symbols without reading their files: each such face gets an empty, non-nil
	// Image, enough to know where its symbol goes (validate's layout checks), not to draw it.
	SkipImages bool
	// AllTypes adds, after the mixes' counters, one counter (Count 0, default size) for every unit type and
	// marker no mix line names, so a digital module has a piece for each.
	AllTypes bool
}

// FromPackage resolves every counter of the package's mixes, in mix order. A package without a mix prints
// one of each unit type and marker. Problems with the content (a back naming no marker, a symbol that is
// neither built in nor an image, an unreadable image, more counters than muster prints) are all collected:
// the error is then a *diag.Failure listing each at its file, line and column, and the counters returned are
// those that could be resolved.
func FromPackage(pkg *content.Package, opt Options) ([]Counter, error) {
	if pkg == nil {
		return nil, fmt.Errorf("counters: no package")
	}
	r := resolver{pkg: pkg, sys: pkg.System, fonts: fonts.Of(pkg), cache: map[string]*Counter{}, skipImages: opt.SkipImages, pictures: map[string]picture{},
		compiledEls: map[elemKey]*compiled{}, reported: map[string]bool{}, missing: map[elemKey]*missing{}}
	if r.sys == nil {
		r.sys = &content.System{}
	}
	def := opt.Size
	var defAt diag.Pos
	if def <= 0 && pkg.Manifest != nil && pkg.Manifest.Print != nil && pkg.Manifest.Print.CounterSize != nil {
		def = pkg.Manifest.Print.CounterSize.Points
		defAt = posOf(&pkg.Manifest.Meta, "/print/counterSize")
	}
	if def <= 0 {
		def, defAt = DefaultSize, diag.Pos{}
	}
	var out []Counter
	mixes := pkg.CounterMixes()
	if len(opt.Mixes) > 0 {
		mixes = nil
		for _, id := range opt.Mixes {
			m := pkg.CounterMix(id)
			if m == nil {
				return nil, fmt.Errorf("no counter mix %q in the package (have %s)", id, strings.Join(pkg.IDs(content.KindCounterMix), ", "))
			}
			mixes = append(mixes, m)
		}
	}
	if len(mixes) == 0 {
		for _, u := range pkg.UnitTypes() {
			if c := r.unit(u.ID, "", nil, u.At); c != nil {
				cc := *c
				cc.Size, cc.Count, cc.At, cc.SizeAt = def, 1, u.At, defAt
				labelSize(&cc, nil)
				out = append(out, cc)
			}
		}
		for _, m := range pkg.Markers() {
			if c := r.marker(m.ID, "", m.At); c != nil {
				cc := *c
				cc.Size, cc.Count, cc.At, cc.SizeAt = def, 1, m.At, defAt
				out = append(out, cc)
			}
		}
		r.bound(len(out), diag.Pos{File: pkg.Dir}, "")
		return out, r.failure()
	}
	total := 0
	seen := map[string]bool{}
	for _, m := range mixes {
		size, sizeAt := def, defAt
		mixShape := m.Shape
		if m.CounterSize != nil {
			if at := posOf(&m.Meta, "/counterSize"); r.positive(m.CounterSize, at, "counter mix "+m.ID) {
				size, sizeAt = m.CounterSize.Points, at
			}
		}
		for _, e := range m.Counters {
			if e.Count <= 0 {
				continue
			}
			total += e.Count
			if r.bound(total, e.Fields.Of("count", e.At), m.ID) {
				return nil, r.failure() // nothing past the limit is resolved
			}
			var c *Counter
			switch {
			case e.Unit != "":
				c = r.unit(e.Unit, e.Faction, e.Stats, e.Fields.Of("unit", e.At))
			case e.Marker != "":
				c = r.marker(e.Marker, e.Faction, e.Fields.Of("marker", e.At))
			default:
				r.ds.Errorf(e.At, "references.empty", "a counter mix line names neither a unit nor a marker").Hint = "give unit: ID or marker: ID"
			}
			if c == nil {
				continue
			}
			cc := *c
			cc.Size, cc.Count, cc.At, cc.SizeAt = size, e.Count, e.At, sizeAt
			if at := e.Fields.Of("size", e.At); e.Size != nil && r.positive(e.Size, at, "this counter mix line") {
				cc.Size, cc.SizeAt = e.Size.Points, at
			}
			if cc.Block != nil {
				// A block prints on a square label of the mix's label size (the line's size wins).
				cc.Mix = m.ID
				labelSize(&cc, m)
				if at := e.Fields.Of("size", e.At); e.Size != nil && e.Size.Points > 0 {
					cc.Size, cc.SizeAt = e.Size.Points, at
				}
				out = append(out, cc)
				seen[cc.Kind+"/"+cc.ID] = true
				continue
			}
			sh, shAt := mixShape, posOf(&m.Meta, "/shape")
			if e.Shape != "" {
				sh, shAt = e.Shape, e.Fields.Of("shape", e.At)
			}
			r.shape(&cc, sh, shAt)
			out = append(out, cc)
			seen[cc.Kind+"/"+cc.ID] = true
		}
	}
	if opt.AllTypes {
		for _, u := range pkg.UnitTypes() {
			if seen[KindUnit+"/"+u.ID] {
				continue
			}
			if c := r.unit(u.ID, "", nil, u.At); c != nil {
				cc := *c
				cc.Size, cc.Count, cc.At, cc.SizeAt = def, 0, u.At, defAt
				labelSize(&cc, nil)
				out = append(out, cc)
			}
		}
		for _, m := range pkg.Markers() {
			if seen[KindMarker+"/"+m.ID] {
				continue
			}
			if c := r.marker(m.ID, "", m.At); c != nil {
				cc := *c
				cc.Size, cc.Count, cc.At, cc.SizeAt = def, 0, m.At, defAt
				out = append(out, cc)
			}
		}
		r.bound(len(out), diag.Pos{File: pkg.Dir}, "")
	}
	return out, r.failure()
}

// shape gives a counter its shape: a hexagon or a circle only for a counter of one cell (a two-cell counter is
// a rectangle; asking otherwise is reported).
func (r *resolver) shape(c *Counter, sh string, at diag.Pos) {
	if shape.Plain(sh) || !shape.Valid(sh) { // the schema reports a shape it does not know
		return
	}
	if c.Footprint == 2 {
		key := at.String() + "|shape"
		if !r.reported[key] {
			r.reported[key] = true
			e := r.ds.Errorf(at, "counter-sheets.shape", "counter %s covers two cells and prints as a rectangle two counters wide: it cannot be %s", c.ID, sh)
			e.Hint = "print two-cell counters in a mix (or on a line) of square counters"
		}
		return
	}
	c.Shape = sh
	c.Front.Shape, c.Back.Shape = sh, sh
}

// posOf is the position of a value of a document, or of the document when it was not read from a file.
func posOf(m *content.Meta, ptr string) diag.Pos {
	if m.Doc == nil {
		return m.At
	}
	return m.Doc.PosOf(ptr)
}

type resolver struct {
	pkg        *content.Package
	sys        *content.System
	fonts      *fonts.Set
	cache      map[string]*Counter
	skipImages bool
	pictures   map[string]picture // the picture files read, by folder and name
	ds         diag.List

	compiledEls map[elemKey]*compiled
	reported    map[string]bool
	// skipStat leaves out of a face the layout's elements that print this stat (a block's strength, which
	// its label's edges print).
	skipStat     string
	missing      map[elemKey]*missing
	missingOrder []elemKey
}

// failure is the problems found, as an error; nil when there are none.
func (r *resolver) failure() error {
	r.flushMissing()
	if len(r.ds) == 0 {
		return nil
	}
	return &diag.Failure{Diags: r.ds}
}

// bound reports when total counters pass content.MaxCounters, at the count that passes it.
func (r *resolver) bound(total int, at diag.Pos, mix string) bool {
	if total <= content.MaxCounters {
		return false
	}
	what := fmt.Sprintf("the package's unit types and markers make %d counters", total)
	if mix != "" {
		what = fmt.Sprintf("counter mix %s reaches %d counters at this line", mix, total)
	}
	e := r.ds.Errorf(at, "counter-sheets.count", "%s: muster prints at most %d counters in one build", what, content.MaxCounters)
	e.Hint = "check the count; a game this large needs several packages"
	return true
}

// positive reports whether a counter size is more than zero, and reports it when it is not.
func (r *resolver) positive(l *value.Length, at diag.Pos, what string) bool {
	if l.Points > 0 {
		return true
	}
	e := r.ds.Errorf(at, "counter-sheets.size", "%s has a counter size of %s: a counter must be larger than nothing", what, l.Text)
	e.Hint = "give the side of a counter, e.g. 0.5in or 13mm, or leave the size out for the default"
	return false
}

func (r *resolver) faction(id string) (*content.FactionDef, int) {
	for i := range r.sys.Factions {
		if r.sys.Factions[i].ID == id {
			return &r.sys.Factions[i], i
		}
	}
	return nil, -1
}

// colours returns the background and text colours of a counter of a faction, optionally overridden by the
// document's own colour; a colour that does not parse is reported (the schema owns their spelling) and
// leaves the default.
func (r *resolver) colours(doc *content.Meta, factionID, override string) (bg, fg surface.Color) {
	bg = DefaultBackground
	var text string
	bad := func(at diag.Pos, what, c string) {
		r.ds.Errorf(at, "schema.colour", "%s %q is not a colour", what, c).Hint = "write #rgb or #rrggbb, e.g. #a3231f"
	}
	if f, i := r.faction(factionID); f != nil {
		if f.Colour != "" {
			c, err := surface.Hex(f.Colour)
			if err != nil {
				bad(posOf(&r.sys.Meta, content.Pointer("/factions", i)+"/colour"), "faction "+f.ID+"'s colour", f.Colour)
			} else {
				bg = c
			}
		}
		if f.Text != "" {
			if _, err := surface.Hex(f.Text); err != nil {
				bad(posOf(&r.sys.Meta, content.Pointer("/factions", i)+"/text"), "faction "+f.ID+"'s text colour", f.Text)
			} else {
				text = f.Text
			}
		}
	}
	if override != "" {
		if c, err := surface.Hex(override); err != nil {
			bad(posOf(doc, "/colour"), doc.ID+"'s colour", override)
		} else {
			bg = c
		}
	}
	fg = surface.ReadableOn(bg)
	if text != "" {
		if t, _ := surface.Hex(text); surface.Contrast(t, bg) >= 3 {
			fg = t
		}
	}
	return bg, fg
}

// layout picks the unit's face layout: see LayoutFor.
func (r *resolver) layout(face string, classes []string, strict bool) *content.FaceLayout {
	_, l := LayoutFor(r.sys, face, classes, strict)
	return l
}

// LayoutFor is the System's face layout a counter is drawn with, and its index: the one the unit type names
// (face), else the first whose classes match (a layout with no classes matches every unit, but no marker:
// strict), else nil and -1 for the default layout.
func LayoutFor(sys *content.System, face string, classes []string, strict bool) (int, *content.FaceLayout) {
	if sys == nil {
		return -1, nil
	}
	if face != "" {
		for i := range sys.Faces {
			if sys.Faces[i].ID == face {
				return i, &sys.Faces[i]
			}
		}
	}
	for i := range sys.Faces {
		l := &sys.Faces[i]
		if l.BackOnly {
			continue
		}
		if len(l.Applies) == 0 {
			if !strict {
				return i, l
			}
			continue
		}
		for _, a := range l.Applies {
			for _, c := range classes {
				if a == c {
					return i, l
				}
			}
		}
	}
	return -1, nil
}

// picture is a picture file read: the picture, or why it cannot be drawn.
type picture struct {
	p   *art.Picture
	err error
}

// picture reads a picture file (SVG art, or a PNG, JPEG or GIF image) as validate's assets check reads it,
// each file once: with SkipImages, an empty picture, enough to know that there is one.
func (r *resolver) picture(what string, doc *content.Document, ptr, file string) (*art.Picture, error) {
	if file == "" {
		return nil, fmt.Errorf("%s: symbol: image needs an image file (image: symbols/knight.png)", what)
	}
	if r.skipImages {
		return &art.Picture{}, nil
	}
	key := r.pkg.AssetDir(doc, ptr) + "\x00" + file
	if p, ok := r.pictures[key]; ok {
		if p.err != nil {
			return nil, fmt.Errorf("%s: %w", what, p.err)
		}
		return p.p, nil
	}
	// The package reads the file: inside the folder of the package that named it, a regular file, and at
	// most content.MaxAssetBytes of it.
	var p picture
	b, err := r.pkg.ReadAsset(doc, ptr, file)
	if err != nil {
		p.err = fmt.Errorf("image %s: %v", file, err)
	} else if pic, problems := art.Read(b); pic == nil {
		p.err = fmt.Errorf("image %s: %s", file, art.FirstError(problems))
	} else {
		p.p = pic
	}
	r.pictures[key] = p
	if p.err != nil {
		return nil, fmt.Errorf("%s: %w", what, p.err)
	}
	return p.p, nil
}

// symbol resolves a symbol name: a built-in one, a System symbol with an image, or image (the document's own
// image file, named by the value at imagePtr of doc). Anything else is reported: it would print no symbol at
// all.
func (r *resolver) symbol(f *Face, meta *content.Meta, what, name, imageFile string, imagePtr string) error {
	switch {
	case name == "" || name == "none":
		return nil
	case name == "image":
		if imageFile == "" { // validate's assets check reports it
			r.ds.Errorf(posOf(meta, "/symbol"), "assets.no-file", "%s has symbol: image but names no image file", what).Hint = "add image: FILE (a PNG, JPEG or GIF in the package), or choose a built-in symbol"
			return nil
		}
		return r.readImage(f, what, meta.Doc, imagePtr, imageFile)
	case symbols.Known(name):
		f.Symbol = name
		return nil
	}
	for i, sd := range r.sys.Symbols {
		if sd.ID == name {
			if sd.Image == "" {
				r.ds.Errorf(sd.At, "counter-faces.symbol", "System symbol %s names no image file", sd.ID).Hint = "add image: FILE"
				return nil
			}
			return r.readImage(f, what, r.sys.Doc, fmt.Sprintf("/symbols/%d/image", i), sd.Image)
		}
	}
	problem, hint := SymbolProblem(r.sys, name)
	r.ds.Errorf(posOf(meta, "/symbol"), "counter-faces.symbol", "%s has symbol %q, %s", what, name, problem).Hint = hint
	return nil
}

// SymbolProblem says why a unit's symbol name cannot be drawn, with a hint, or "" when it can: a built-in
// symbol or a combination of them (symbols.Known), one of the System's symbols, none or image.
func SymbolProblem(sys *content.System, name string) (problem, hint string) {
	if name == "" || name == "none" || name == "image" || symbols.Known(name) {
		return "", ""
	}
	names := symbols.Names()
	if sys != nil {
		for _, sd := range sys.Symbols {
			if sd.ID == name {
				return "", ""
			}
			names = append(names, sd.ID)
		}
	}
	problem = "which is neither a built-in symbol nor one of the System's symbols"
	look := name
	if strings.Contains(name, "+") {
		look = symbols.Unknown(name)
		problem = fmt.Sprintf("whose part %q is not a built-in symbol (a combination joins built-in symbols, each once, at most %d)", look, symbols.MaxParts)
		if look == "" {
			problem = fmt.Sprintf("which combines a symbol twice, or more than %d", symbols.MaxParts)
		}
	}
	if hint = diag.DidYouMean(look, names); hint == "" {
		hint = "use a built-in symbol (" + strings.Join(symbols.Builtins(), ", ") + "), several joined by + (armour+infantry), none, or declare it in the System's symbols with an image"
	}
	return problem, hint
}

// readImage reads an image symbol, or with SkipImages only notes that the face has one.
func (r *resolver) readImage(f *Face, what string, doc *content.Document, ptr, file string) error {
	p, err := r.picture(what, doc, ptr, file)
	if err != nil {
		return err
	}
	f.Image, f.Art = p.Raster, p.Art
	if f.Image == nil && f.Art == nil {
		f.Image = []byte{}
	}
	return nil
}

// unit resolves a unit type's counter; faction, when given (a counter mix line's), prints it in that faction's
// colours, so one generic unit type can serve several armies, and own are the values the line prints instead
// of the type's. at is where the mix names it. Nil when it cannot be resolved (the problem is recorded).
func (r *resolver) unit(id, faction string, own map[string]content.Scalar, at diag.Pos) *Counter {
	suffix := statsSuffix(own)
	key := "u/" + id + "/" + faction + "/" + suffix
	if c, ok := r.cache[key]; ok {
		return c
	}
	u := r.pkg.UnitType(id)
	if u == nil {
		r.ds.Errorf(at, "references.unknown", "the counter mix names unit %q, which no UnitType defines", id)
		r.cache[key] = nil
		return nil
	}
	if u.IsBlock() {
		c := r.block(u, faction)
		r.cache[key] = c
		return c
	}
	what := "unit type " + u.ID
	colourOf := u.Faction
	if faction != "" {
		colourOf = faction
	}
	bg, fg := r.colours(&u.Meta, colourOf, u.Colour)
	name := u.Name
	if name == "" {
		name = u.ID
	}
	c := &Counter{ID: counterID(u.ID, faction) + suffix, Of: u.ID, Faction: faction, Own: own, Kind: KindUnit, Name: name, Footprint: footprint(u.Footprint)}
	stats := u.Stats
	if len(own) > 0 {
		stats = map[string]content.Scalar{}
		maps.Copy(stats, u.Stats)
		maps.Copy(stats, own)
	}
	uf := &unitFields{kind: KindUnit, id: u.ID, name: name, abbr: u.Abbr, size: u.Size, echelon: u.Echelon, factionID: colourOf, faction: r.sys.FactionName(colourOf)}
	lay := r.layout(u.Face, u.Classes, false)
	c.Front = r.valueFace(lay, r.sys.UnitStats(stats), bg, fg, uf, roleFront)
	c.Front.Label, c.Front.AltLabel = label(lay, name, u.Abbr, u.Size), u.Abbr
	if err := r.symbol(&c.Front, &u.Meta, what, u.Symbol, u.Image, "/image"); err != nil {
		r.imageProblem(posOf(&u.Meta, "/image"), err)
	}
	c.Front.Backdrop = r.backdrop(&u.Meta, what, u.Background, colourOf)
	c.Back = r.back(&u.Meta, what, u.Back, &c.Front, stats, lay, bg, fg, false, uf)
	r.typefaces(c)
	r.cache[key] = c
	return c
}

// typefaces gives every face of c, and every text of its faces, the typeface it prints in where its layout
// named none: a face the System's text font, an element its face's; and each face the System's safe margin.
func (r *resolver) typefaces(c *Counter) {
	for _, f := range []*Face{&c.Front, &c.Back} {
		f.Safe = r.sys.CounterSafeMargin()
		if f.Font == nil {
			f.Font, f.FontAt = r.fonts.Text, r.fonts.TextAt
		}
		for i := range f.Slots {
			if f.Slots[i].Font == nil {
				f.Slots[i].Font, f.Slots[i].FontAt = f.Font, f.FontAt
			}
		}
	}
}

// backdrop is the picture printed under a unit's faces: its own background, else its faction's; nil for
// none, or for one that cannot be read (reported).
func (r *resolver) backdrop(doc *content.Meta, what, own, factionID string) *art.Picture {
	file, d, ptr, at := own, doc.Doc, "/background", posOf(doc, "/background")
	if own == "" {
		f, i := r.faction(factionID)
		if f == nil || f.Background == "" {
			return nil
		}
		ptr = content.Pointer("/factions", i) + "/background"
		file, d, at = f.Background, r.sys.Doc, posOf(&r.sys.Meta, ptr)
	}
	p, err := r.picture(what+"'s background", d, ptr, file)
	if err != nil {
		r.imageProblem(at, err)
		return nil
	}
	return p
}

// imageProblem records an image that cannot be read (validate's assets check reports it).
func (r *resolver) imageProblem(at diag.Pos, err error) {
	r.ds.Errorf(at, "assets.image", "%v", err)
}

// footprint is the cells a counter covers: 2, or 1 for anything else (validation owns the range).
func footprint(n int) int {
	if n == 2 {
		return 2
	}
	return 1
}

// statsSuffix tells apart the designs of one unit type whose mix lines print their own values: ".stands-2"
// (stat ids in order, each with its value as a file name may hold it); "" for the type's own values.
func statsSuffix(own map[string]content.Scalar) string {
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(own)) {
		b.WriteString("." + content.Stem(k+"-"+own[k].Text, content.ExportStem))
	}
	return b.String()
}

// counterID names a counter design: the unit or marker id, with the faction a mix line gives it.
func counterID(id, faction string) string {
	if faction == "" {
		return id
	}
	return id + "." + faction
}

func (r *resolver) marker(id, faction string, at diag.Pos) *Counter {
	key := "m/" + id + "/" + faction
	if c, ok := r.cache[key]; ok {
		return c
	}
	m := r.pkg.Marker(id)
	if m == nil {
		r.ds.Errorf(at, "references.unknown", "the counter mix names marker %q, which no Marker defines", id)
		r.cache[key] = nil
		return nil
	}
	c := &Counter{ID: counterID(m.ID, faction), Of: m.ID, Faction: faction, Kind: KindMarker, Name: m.Name, Footprint: footprint(m.Footprint)}
	if c.Name == "" {
		c.Name = m.ID
	}
	c.Front = r.markerFront(m, faction)
	lay := r.layout("", m.Classes, true)
	c.Back = r.back(&m.Meta, "marker "+m.ID, m.Back, &c.Front, m.Stats, lay, c.Front.Background, c.Front.Text, true, r.markerFields(m, faction))
	r.typefaces(c)
	r.cache[key] = c
	return c
}

// markerFields are a marker's own fields, for its layout's formats.
func (r *resolver) markerFields(m *content.Marker, faction string) *unitFields {
	colourOf := m.Faction
	if faction != "" {
		colourOf = faction
	}
	name := m.Name
	if name == "" {
		name = m.ID
	}
	return &unitFields{kind: KindMarker, id: m.ID, name: name, factionID: colourOf, faction: r.sys.FactionName(colourOf)}
}

// markerFront is a marker's front: its values laid out like a unit's when a layout names one of its classes,
// else its text large in the middle under its symbol.
func (r *resolver) markerFront(m *content.Marker, faction string) Face {
	colourOf := m.Faction
	if faction != "" {
		colourOf = faction
	}
	bg, fg := r.colours(&m.Meta, colourOf, m.Colour)
	text := m.Text
	if text == "" {
		text = m.Name
	}
	if text == "" {
		text = m.ID
	}
	var f Face
	stats := r.sys.UnitStats(m.Stats)
	if lay := r.layout("", m.Classes, true); lay != nil && len(m.Stats) > 0 {
		f = r.valueFace(lay, stats, bg, fg, r.markerFields(m, faction), roleFront)
		f.Label = text
	} else {
		f = Face{Background: bg, Text: fg, Caption: text, SymbolAt: SymbolTop}
		for _, k := range r.sys.StatIDs() {
			if v, ok := stats[k]; ok {
				f.Caption += " " + strings.TrimSpace(v.Text)
			}
		}
	}
	if err := r.symbol(&f, &m.Meta, "marker "+m.ID, m.Symbol, "", ""); err != nil {
		r.imageProblem(posOf(&m.Meta, "/symbol"), err)
	}
	return f
}

// backLayout is the layout a reduced or fog back is drawn with: the back's own face, else (for a reduced back,
// lay given) the front layout's back; nil and false for neither (a layout id that names none is reported).
func (r *resolver) backLayout(doc *content.Meta, what string, b *content.Back, lay *content.FaceLayout) (*content.FaceLayout, bool) {
	id, at := "", diag.Pos{}
	switch {
	case b != nil && b.Face != "":
		id, at = b.Face, posOf(doc, "/back/face")
	case lay != nil && lay.Back != "":
		id, at = lay.Back, lay.Fields.Of("back", lay.At)
	default:
		return nil, false
	}
	for i := range r.sys.Faces {
		if r.sys.Faces[i].ID == id {
			return &r.sys.Faces[i], true
		}
	}
	var ids []string
	for _, f := range r.sys.Faces {
		ids = append(ids, f.ID)
	}
	key := at.String() + "|back-face"
	if !r.reported[key] {
		r.reported[key] = true
		e := r.ds.Errorf(at, "references.unknown", "the back of %s is drawn with face %q, which the System does not declare", what, id)
		e.Hint = diag.DidYouMean(id, ids)
	}
	return nil, false
}

// back resolves the back face: reduced (its own values and a stripe, laid out by the back's layout), blank
// (faction colour), marker (that marker's front), same (the front again), fog (the faction alone, or what
// the back's layout shows without values). Without a back, units print blank and markers the same face. A
// back that cannot be resolved is reported and prints blank.
func (r *resolver) back(doc *content.Meta, what string, b *content.Back, front *Face, stats map[string]content.Scalar, lay *content.FaceLayout, bg, fg surface.Color, isMarker bool, uf *unitFields) Face {
	kind := ""
	if b != nil {
		kind = b.Kind
	}
	if kind == "" {
		switch {
		case b != nil && len(b.Stats) > 0:
			kind = "reduced"
		case b != nil && b.Marker != "":
			kind = "marker"
		case isMarker:
			kind = "same"
		default:
			kind = "blank"
		}
	}
	backdrop := front.Backdrop
	if b != nil && b.Background != "" {
		backdrop = nil
		p, err := r.picture(what+"'s back background", doc.Doc, "/back/background", b.Background)
		if err != nil {
			r.imageProblem(posOf(doc, "/back/background"), err)
		} else {
			backdrop = p
		}
	}
	blank := Face{Background: bg, Text: fg, Blank: true, Backdrop: backdrop}
	switch kind {
	case "same":
		return *front
	case "blank":
		if b != nil {
			blank.Caption = b.Label
		}
		return blank
	case "marker":
		if b.Marker == "" {
			e := r.ds.Errorf(posOf(doc, "/back"), "counter-faces.back", "the back of %s is a marker's but names no marker", what)
			e.Hint = "name it: back: {kind: marker, marker: ID}"
			return blank
		}
		m := r.pkg.Marker(b.Marker)
		if m == nil {
			r.ds.Errorf(posOf(doc, "/back/marker"), "references.unknown", "the back of %s names marker %q, which no Marker defines", what, b.Marker)
			return blank
		}
		// Only the marker's front: markers may name each other as backs without a loop.
		return r.markerFront(m, "")
	case "reduced":
		merged := r.sys.UnitStats(stats, b.Stats) // the back's values over the front's
		var f Face
		if front.Caption != "" && front.Slots == nil { // a text marker: keep the text, add the values
			f = *front
		} else {
			bl := lay
			if l, ok := r.backLayout(doc, what, b, lay); ok {
				bl = l
			}
			f = r.valueFace(bl, merged, bg, fg, uf, roleBack)
			f.Symbol, f.Image, f.Art, f.Label, f.AltLabel = front.Symbol, front.Image, front.Art, front.Label, front.AltLabel
			if bl != lay {
				f.Label = label(bl, uf.name, uf.abbr, uf.size)
			}
		}
		f.Stripe = b.Label
		if f.Stripe == "" {
			f.Stripe = "Reduced"
		}
		f.Backdrop = backdrop
		return f
	case "fog":
		fog := Face{Background: bg, Text: fg, Blank: true, Caption: uf.faction}
		if b.Label != "" {
			fog.Caption = b.Label
		}
		if l, ok := r.backLayout(doc, what, b, nil); ok {
			fog = r.valueFace(l, nil, bg, fg, uf, roleFog)
			fog.SymbolAt = SymbolNone // the fog of war hides what the unit is
			if l.Label != "" && l.Label != "none" {
				fog.Label = uf.faction
			}
		}
		fog.Backdrop = backdrop
		return fog
	}
	r.ds.Errorf(posOf(doc, "/back/kind"), "schema.back", "the back of %s is of kind %q", what, kind).Hint = "use reduced, blank, marker, same or fog"
	return blank
}

// label is the name line a layout asks for: by default the name, but none on a layout that places its
// elements by position (it prints what it lists).
func label(lay *content.FaceLayout, name, abbr, size string) string {
	l := ""
	if lay != nil {
		l = lay.Label
		for i := range lay.Slots {
			if l == "" && lay.Slots[i].Placed() {
				l = "none"
			}
		}
	}
	switch l {
	case "none":
		return ""
	case "abbr":
		if abbr != "" {
			return abbr
		}
	case "size":
		if size != "" {
			return size
		}
	}
	return name
}

// defaultSlots places up to three values along the bottom edge and the rest along the top, in the System's
// stat order, when the System declares no layout for the unit.
func (r *resolver) defaultSlots(stats content.Stats) []Slot {
	var texts []string
	for _, def := range r.sys.Stats {
		v, ok := stats[def.ID]
		if !ok || def.Type == content.StatText || def.Type == content.StatBool {
			continue
		}
		texts = append(texts, def.Prefix+strings.TrimSpace(v.Text))
	}
	if len(texts) > 6 {
		texts = texts[len(texts)-6:]
	}
	row := func(ts []string, edge string) []Slot {
		var where []string
		switch len(ts) {
		case 1:
			where = []string{"centre"}
		case 2:
			where = []string{"left", "right"}
		default:
			where = []string{"left", "centre", "right"}
		}
		var out []Slot
		for i, t := range ts {
			out = append(out, Slot{Text: t, Where: edge + "-" + where[i], Size: 1, Bold: edge == "bottom"})
		}
		return out
	}
	n := len(texts)
	if n <= 3 {
		return row(texts, "bottom")
	}
	return append(row(texts[:n-3], "top"), row(texts[n-3:], "bottom")...)
}
