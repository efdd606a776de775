// Package counters turns a game package's unit types, markers and counter mixes into counter faces and draws
// them on a print surface. Which value goes where comes from the System's face layouts, colours from its
// factions; nothing here knows a particular game.
package counters

import (
	"bytes"
	"fmt"
	"image"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
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
	ID   string // unit type or marker id
	Kind string // KindUnit or KindMarker
	Name string
	Size float64 // the counter size in points: the side of a square counter, the height of a wide one
	// Footprint is the cells the unit or marker covers: 2 prints a double-width counter, two sizes wide and
	// one high (a Rampant two-hex phalanx); anything else a square one.
	Footprint int
	Count     int
	Front     Face
	Back      Face
}

// Width is the counter's width in points: twice its size for a footprint-2 counter, else its size.
func (c *Counter) Width() float64 {
	if c.Footprint == 2 {
		return 2 * c.Size
	}
	return c.Size
}

// Height is the counter's height in points: its size.
func (c *Counter) Height() float64 { return c.Size }

// Face is one side of a counter, resolved from the content and ready to draw.
type Face struct {
	Background surface.Color
	Text       surface.Color
	Blank      bool   // background only (plus Caption, if any)
	Symbol     string // built-in symbol name, "" for none
	Image      []byte // image symbol; drawn instead of Symbol
	SymbolAt   string // SymbolCentre, SymbolTop or SymbolNone
	Label      string // the name line
	AltLabel   string // a shorter name line used when Label does not fit (the abbreviation)
	Stripe     string // a band across the face with this text: the reduced (disrupted) side
	Caption    string // marker and blank faces: large centred text
	Slots      []Slot
}

// Slot is one value printed on a face.
type Slot struct {
	Text  string  // as written, with its prefix: "3*", "[4]", ".", "L3"
	Where string  // top-left ... bottom-right
	Size  float64 // relative size, 1 normal
	Bold  bool
	Stars int // draw this many stars instead of Text
}

// Options choose sizes the content leaves open.
type Options struct {
	// Size is the counter size when neither a mix entry nor its mix gives one (from the command line); 0 means
	// the manifest's print.counterSize, else DefaultSize.
	Size float64
	// Mixes limits the mixes printed (by id); empty means every mix in the package.
	Mixes []string
}

// FromPackage resolves every counter of the package's mixes, in mix order. A package without a mix prints
// one of each unit type and marker. Errors name the document at fault (a bad colour, an unreadable image).
func FromPackage(pkg *content.Package, opt Options) ([]Counter, error) {
	if pkg == nil {
		return nil, fmt.Errorf("counters: no package")
	}
	r := resolver{pkg: pkg, sys: pkg.System, cache: map[string]*Counter{}}
	if r.sys == nil {
		r.sys = &content.System{}
	}
	def := opt.Size
	if def <= 0 && pkg.Manifest != nil && pkg.Manifest.Print != nil && pkg.Manifest.Print.CounterSize != nil {
		def = pkg.Manifest.Print.CounterSize.Points
	}
	if def <= 0 {
		def = DefaultSize
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
			c, err := r.unit(u.ID, "")
			if err != nil {
				return nil, err
			}
			c.Size, c.Count = def, 1
			out = append(out, *c)
		}
		for _, m := range pkg.Markers() {
			c, err := r.marker(m.ID, "")
			if err != nil {
				return nil, err
			}
			c.Size, c.Count = def, 1
			out = append(out, *c)
		}
		return out, nil
	}
	for _, m := range mixes {
		size := def
		if m.CounterSize != nil && m.CounterSize.Points > 0 {
			size = m.CounterSize.Points
		}
		for _, e := range m.Counters {
			if e.Count <= 0 {
				continue
			}
			var c *Counter
			var err error
			switch {
			case e.Unit != "":
				c, err = r.unit(e.Unit, e.Faction)
			case e.Marker != "":
				c, err = r.marker(e.Marker, e.Faction)
			default:
				err = fmt.Errorf("%s: a counter mix entry names neither a unit nor a marker", e.At)
			}
			if err != nil {
				return nil, err
			}
			cc := *c
			cc.Size, cc.Count = size, e.Count
			if e.Size != nil && e.Size.Points > 0 {
				cc.Size = e.Size.Points
			}
			out = append(out, cc)
		}
	}
	return out, nil
}

type resolver struct {
	pkg   *content.Package
	sys   *content.System
	cache map[string]*Counter
}

func (r *resolver) faction(id string) *content.FactionDef {
	for i := range r.sys.Factions {
		if r.sys.Factions[i].ID == id {
			return &r.sys.Factions[i]
		}
	}
	return nil
}

// colours returns the background and text colours of a counter of a faction, optionally overridden.
func (r *resolver) colours(what, factionID, override string) (bg, fg surface.Color, err error) {
	bg = DefaultBackground
	var text string
	if f := r.faction(factionID); f != nil {
		if f.Colour != "" {
			if bg, err = surface.Hex(f.Colour); err != nil {
				return bg, fg, fmt.Errorf("%s: faction %s: %v", f.At, f.ID, err)
			}
		}
		text = f.Text
	}
	if override != "" {
		if bg, err = surface.Hex(override); err != nil {
			return bg, fg, fmt.Errorf("%s: colour: %v", what, err)
		}
	}
	fg = surface.ReadableOn(bg)
	if text != "" {
		t, err := surface.Hex(text)
		if err != nil {
			return bg, fg, fmt.Errorf("faction %s: text colour: %v", factionID, err)
		}
		if surface.Contrast(t, bg) >= 3 {
			fg = t
		}
	}
	return bg, fg, nil
}

// layout picks the unit's face layout: the one it names, else the first whose classes match (a layout with
// no classes matches every unit), else nil for the default.
func (r *resolver) layout(face string, classes []string, strict bool) *content.FaceLayout {
	if face != "" {
		for i := range r.sys.Faces {
			if r.sys.Faces[i].ID == face {
				return &r.sys.Faces[i]
			}
		}
	}
	for i := range r.sys.Faces {
		l := &r.sys.Faces[i]
		if len(l.Applies) == 0 {
			if !strict {
				return l
			}
			continue
		}
		for _, a := range l.Applies {
			for _, c := range classes {
				if a == c {
					return l
				}
			}
		}
	}
	return nil
}

func (r *resolver) image(what string, doc *content.Document, ptr, file string) ([]byte, error) {
	if file == "" {
		return nil, fmt.Errorf("%s: symbol: image needs an image file (image: symbols/knight.png)", what)
	}
	// The package reads the file: inside the folder of the package that named it, a regular file, and at
	// most content.MaxAssetBytes of it.
	b, err := r.pkg.ReadAsset(doc, ptr, file)
	if err != nil {
		return nil, fmt.Errorf("%s: image %s: %v", what, file, err)
	}
	cfg, _, err := image.DecodeConfig(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("%s: image %s is not a PNG, JPEG or GIF image: %v", what, file, err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > content.MaxImagePixels {
		return nil, fmt.Errorf("%s: image %s has an unsupported size %dx%d", what, file, cfg.Width, cfg.Height)
	}
	return b, nil
}

// symbol resolves a symbol name: a built-in one, a System symbol with an image, or image (the document's own
// image file, named by the value at imagePtr of doc).
func (r *resolver) symbol(f *Face, what, name, imageFile string, doc *content.Document, imagePtr string) error {
	switch {
	case name == "" || name == "none":
		return nil
	case name == "image":
		b, err := r.image(what, doc, imagePtr, imageFile)
		f.Image = b
		return err
	case symbols.Known(name):
		f.Symbol = name
		return nil
	}
	for i, sd := range r.sys.Symbols {
		if sd.ID == name {
			b, err := r.image(what, r.sys.Doc, fmt.Sprintf("/symbols/%d/image", i), sd.Image)
			f.Image = b
			return err
		}
	}
	return nil // an unknown marker symbol draws nothing; validation owns the vocabulary
}

// unit resolves a unit type's counter; faction, when given (a counter mix line's), prints it in that faction's
// colours, so one generic unit type can serve several armies.
func (r *resolver) unit(id, faction string) (*Counter, error) {
	key := "u/" + id + "/" + faction
	if c, ok := r.cache[key]; ok {
		return c, nil
	}
	u := r.pkg.UnitType(id)
	if u == nil {
		return nil, fmt.Errorf("the counter mix names unit %q, which no UnitType defines", id)
	}
	what := fmt.Sprintf("%s: unit %s", u.At, u.ID)
	colourOf := u.Faction
	if faction != "" {
		colourOf = faction
	}
	bg, fg, err := r.colours(what, colourOf, u.Colour)
	if err != nil {
		return nil, err
	}
	name := u.Name
	if name == "" {
		name = u.ID
	}
	c := &Counter{ID: counterID(u.ID, faction), Kind: KindUnit, Name: name, Footprint: footprint(u.Footprint)}
	lay := r.layout(u.Face, u.Classes, false)
	c.Front = r.valueFace(lay, r.sys.UnitStats(u.Stats), bg, fg)
	c.Front.Label, c.Front.AltLabel = label(lay, name, u.Abbr, u.Size), u.Abbr
	if err := r.symbol(&c.Front, what, u.Symbol, u.Image, u.Doc, "/image"); err != nil {
		return nil, err
	}
	back, err := r.back(what, u.Back, &c.Front, u.Stats, lay, bg, fg, false)
	if err != nil {
		return nil, err
	}
	c.Back = back
	r.cache[key] = c
	return c, nil
}

// footprint is the cells a counter covers: 2, or 1 for anything else (validation owns the range).
func footprint(n int) int {
	if n == 2 {
		return 2
	}
	return 1
}

// counterID names a counter design: the unit or marker id, with the faction a mix line gives it.
func counterID(id, faction string) string {
	if faction == "" {
		return id
	}
	return id + "." + faction
}

func (r *resolver) marker(id, faction string) (*Counter, error) {
	key := "m/" + id + "/" + faction
	if c, ok := r.cache[key]; ok {
		return c, nil
	}
	m := r.pkg.Marker(id)
	if m == nil {
		return nil, fmt.Errorf("the counter mix names marker %q, which no Marker defines", id)
	}
	c := &Counter{ID: counterID(m.ID, faction), Kind: KindMarker, Name: m.Name, Footprint: footprint(m.Footprint)}
	if c.Name == "" {
		c.Name = m.ID
	}
	front, err := r.markerFront(m, faction)
	if err != nil {
		return nil, err
	}
	c.Front = front
	what := fmt.Sprintf("%s: marker %s", m.At, m.ID)
	lay := r.layout("", m.Classes, true)
	c.Back, err = r.back(what, m.Back, &c.Front, m.Stats, lay, front.Background, front.Text, true)
	if err != nil {
		return nil, err
	}
	r.cache[key] = c
	return c, nil
}

// markerFront is a marker's front: its values laid out like a unit's when a layout names one of its classes,
// else its text large in the middle under its symbol.
func (r *resolver) markerFront(m *content.Marker, faction string) (Face, error) {
	what := fmt.Sprintf("%s: marker %s", m.At, m.ID)
	colourOf := m.Faction
	if faction != "" {
		colourOf = faction
	}
	bg, fg, err := r.colours(what, colourOf, m.Colour)
	if err != nil {
		return Face{}, err
	}
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
		f = r.valueFace(lay, stats, bg, fg)
		f.Label = text
	} else {
		f = Face{Background: bg, Text: fg, Caption: text, SymbolAt: SymbolTop}
		for _, k := range r.sys.StatIDs() {
			if v, ok := stats[k]; ok {
				f.Caption += " " + strings.TrimSpace(v.Text)
			}
		}
	}
	if err := r.symbol(&f, what, m.Symbol, "", m.Doc, ""); err != nil {
		return Face{}, err
	}
	return f, nil
}

// back resolves the back face: reduced (its own values and a stripe), blank (faction colour), marker (that
// marker's front), same (the front again). Without a back, units print blank and markers the same face.
func (r *resolver) back(what string, b *content.Back, front *Face, stats map[string]content.Scalar, lay *content.FaceLayout, bg, fg surface.Color, isMarker bool) (Face, error) {
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
	switch kind {
	case "same":
		return *front, nil
	case "blank":
		f := Face{Background: bg, Text: fg, Blank: true}
		if b != nil {
			f.Caption = b.Label
		}
		return f, nil
	case "marker":
		if b.Marker == "" {
			return Face{}, fmt.Errorf("%s: back kind marker names no marker (back: {kind: marker, marker: ID})", what)
		}
		m := r.pkg.Marker(b.Marker)
		if m == nil {
			return Face{}, fmt.Errorf("%s: the back names marker %q, which no Marker defines", what, b.Marker)
		}
		// Only the marker's front: markers may name each other as backs without a loop.
		return r.markerFront(m, "")
	case "reduced":
		merged := r.sys.UnitStats(stats, b.Stats) // the back's values over the front's
		var f Face
		if front.Caption != "" && front.Slots == nil { // a text marker: keep the text, add the values
			f = *front
		} else {
			f = r.valueFace(lay, merged, bg, fg)
			f.Symbol, f.Image, f.Label, f.AltLabel = front.Symbol, front.Image, front.Label, front.AltLabel
		}
		f.Stripe = b.Label
		if f.Stripe == "" {
			f.Stripe = "Reduced"
		}
		return f, nil
	}
	return Face{}, fmt.Errorf("%s: unknown back kind %q: use reduced, blank, marker or same", what, kind)
}

// label is the name line a layout asks for.
func label(lay *content.FaceLayout, name, abbr, size string) string {
	l := ""
	if lay != nil {
		l = lay.Label
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

// valueFace lays a unit's values out by a layout (or the default one).
func (r *resolver) valueFace(lay *content.FaceLayout, stats content.Stats, bg, fg surface.Color) Face {
	f := Face{Background: bg, Text: fg, SymbolAt: SymbolCentre}
	if lay == nil {
		f.Slots = r.defaultSlots(stats)
		return f
	}
	if lay.Symbol != "" {
		f.SymbolAt = lay.Symbol
	}
	for _, s := range lay.Slots {
		sl := Slot{Where: s.Where, Size: s.Size, Bold: s.Bold}
		if sl.Size <= 0 {
			sl.Size = 1
		}
		if sl.Where == "" {
			sl.Where = "centre"
		}
		text := s.Text
		def := r.sys.Stat(s.Stat)
		if s.Stat != "" {
			if def == nil {
				continue // references reports a layout slot naming no stat
			}
			v, ok := stats.Get(def)
			if !ok {
				continue
			}
			text = strings.TrimSpace(v.Text)
		}
		if text == "" {
			continue
		}
		if s.Stars {
			n, err := strconv.Atoi(text)
			if err != nil || n <= 0 {
				continue
			}
			sl.Stars = min(n, 8)
		} else {
			prefix := s.Prefix
			if prefix == "" && def != nil && s.Stat != "" {
				prefix = def.Prefix
			}
			sl.Text = prefix + text
		}
		f.Slots = append(f.Slots, sl)
	}
	return f
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
