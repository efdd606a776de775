package counters

import (
	"fmt"
	"sort"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/content/value"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/surface"
)

// Kinds of a face element that draws something other than text.
const (
	ElemText   = ""       // a value, text or notation (or stars)
	ElemSymbol = "symbol" // the face's symbol, in the element's frame
	ElemImage  = "image"
	ElemBox    = "box"
	ElemLine   = "line"
	// ElemParagraph is a text wrapped in the element's box (w x h), with **bold** and *italic* runs, at the
	// largest size up to its own that fits, never below its MinSize (a card's event text).
	ElemParagraph = "paragraph"
)

// Default sizes of placed elements, as shares of the counter's size.
const (
	defaultSymbolW = 0.6
	defaultImageW  = 0.5
	defaultBoxW    = 0.5
	defaultBandDep = 0.25
)

// unitFields are what a face's formats and shown fields read besides the stats: the unit type's or
// marker's own fields.
type unitFields struct {
	kind, id, name, abbr, size, echelon string
	faction, factionID                  string // the faction's name and id
}

// field is one of a unit's own fields by the name a format or show gives it.
func (u *unitFields) field(name string) (string, bool) {
	var v string
	switch name {
	case content.ShowName:
		v = u.name
	case content.ShowAbbr:
		v = u.abbr
		if v == "" {
			v = u.name
		}
	case content.ShowID:
		v = u.id
	case content.ShowSize:
		v = u.size
	case content.ShowEchelon:
		v = content.EchelonMark(u.echelon)
	case content.ShowFaction:
		v = u.faction
	}
	return v, v != ""
}

// isField reports whether name is one of the unit's own fields.
func isField(name string) bool {
	for _, f := range content.FormatFields {
		if f == name {
			return true
		}
	}
	return false
}

// compiled is a face layout's element checked once: its parsed format, or nil when the element is broken
// (reported) and prints nothing.
type compiled struct {
	ok     bool
	format *content.Format
	image  []byte
	art    *art.Art
}

// elemKey names one element of one layout.
type elemKey struct{ layout, slot int }

// missing is the units a layout element found no value for.
type missing struct {
	what  string // the stat or field
	at    diag.Pos
	units []string
}

// layoutIndex is the index of a layout in the System, or -1.
func (r *resolver) layoutIndex(lay *content.FaceLayout) int {
	for i := range r.sys.Faces {
		if &r.sys.Faces[i] == lay {
			return i
		}
	}
	return -1
}

// slotPos is where the System writes a key of an element (or the element, for key "").
func (r *resolver) slotPos(li, si int, key string) diag.Pos {
	s := &r.sys.Faces[li].Slots[si]
	if key == "" {
		return s.At
	}
	return s.Fields.Of(key, s.At)
}

// elemErrorf reports a problem of a layout element once.
func (r *resolver) elemErrorf(at diag.Pos, code, hint, format string, args ...any) {
	key := at.String() + "|" + code
	if r.reported[key] {
		return
	}
	r.reported[key] = true
	r.ds.Errorf(at, "counter-faces."+code, format, args...).Hint = hint
}

// compile checks a layout element once: that it says what it prints and where, and that its format parses
// and names only stats and the unit's fields. A broken element is reported and prints nothing.
func (r *resolver) compile(li, si int) *compiled {
	k := elemKey{li, si}
	if c, ok := r.compiledEls[k]; ok {
		return c
	}
	c := &compiled{}
	r.compiledEls[k] = c
	s := &r.sys.Faces[li].Slots[si]
	at := s.At
	var whats []string
	if s.Stat != "" {
		whats = append(whats, "stat")
	}
	if s.Text != "" {
		whats = append(whats, "text")
	}
	if s.Format != "" && s.Stat == "" {
		whats = append(whats, "format")
	}
	if s.Show != "" {
		whats = append(whats, "show")
	}
	if s.Image != "" {
		whats = append(whats, "image")
	}
	switch {
	case len(whats) == 0:
		r.elemErrorf(at, "element", "give stat: ID, text: TEXT, format: \"{attack}-{movement}\", show: echelon (or symbol, name, box, line) or image: FILE",
			"this face element prints nothing: it names no stat, text, format, show or image")
		return c
	case len(whats) > 1:
		r.elemErrorf(at, "element", "split it into one element for each", "this face element prints both %s: an element prints one thing", strings.Join(whats, " and "))
		return c
	}
	placed := s.X != nil || s.Y != nil
	switch {
	case placed && s.Where != "":
		r.elemErrorf(r.slotPos(li, si, "at"), "place", "keep at: for one of the nine places, or x and y for a position", "this face element has both a place (at) and a position (x, y)")
		return c
	case placed && (s.X == nil || s.Y == nil):
		r.elemErrorf(at, "place", "give both x and y (0 to 1 across and down the face)", "this face element has only half a position")
		return c
	case !placed && s.Where == "":
		r.elemErrorf(at, "place", "give at: top-left (or another of the nine places), or x and y (0 to 1 across and down the face)", "this face element has no place on the face")
		return c
	}
	if !placed {
		var only []string
		for _, k := range []struct {
			key string
			set bool
		}{{"box", s.Box != ""}, {"rotate", s.Rotate != 0}, {"align", s.Align != ""}, {"w", s.W > 0}, {"h", s.H > 0}, {"x2", s.X2 != nil}, {"y2", s.Y2 != nil}} {
			if k.set {
				only = append(only, k.key)
			}
		}
		if len(only) > 0 {
			r.elemErrorf(r.slotPos(li, si, only[0]), "place", "give the element x and y instead of at: to frame, turn, align or size it",
				"%s apply to an element placed by position (x, y), not at one of the nine places", strings.Join(only, ", "))
			return c
		}
	}
	drawn := s.Show == content.ShowSymbol || s.Show == content.ShowBox || s.Show == content.ShowLine || s.Image != ""
	if drawn && !placed {
		r.elemErrorf(r.slotPos(li, si, "at"), "place", "give x and y (0 to 1 across and down the face) and its w and h", "a face element that draws a %s needs a position (x, y), not a place", drawnName(s))
		return c
	}
	if s.Show == content.ShowLine && (s.X2 == nil || s.Y2 == nil) {
		r.elemErrorf(at, "place", "give x2 and y2, the line's other end", "a line needs its other end (x2, y2)")
		return c
	}
	if s.Box != "" && (drawn || s.Stars) {
		r.elemErrorf(r.slotPos(li, si, "box"), "element", "put the frame on a text element, or draw a box with show: box", "box frames a text; this element draws a %s", drawnName(s))
		return c
	}
	if s.Stars && s.Stat == "" {
		r.elemErrorf(r.slotPos(li, si, "stars"), "element", "give the stat whose value is the number of stars", "stars: true draws a stat's value as stars, but the element names no stat")
		return c
	}
	if s.Format != "" {
		f, err := content.ParseFormat(s.Format)
		if err != nil {
			fe, _ := err.(*content.FormatError)
			r.elemErrorf(r.formatPos(li, si, fe), "format", "write a field as {stat}, a brace as {{ or }}: \"{attack}-{movement}\", \"({})\"", "the format %q does not read: %v", s.Format, err)
			return c
		}
		for _, p := range f.Fields() {
			switch {
			case p.Self && s.Stat == "":
				r.elemErrorf(r.formatPos(li, si, &content.FormatError{Offset: p.Offset}), "format", "name the stat, {attack}, or give the element stat: ID", "{} is the element's own stat, but this element names no stat")
				return c
			case !p.Self && r.sys.Stat(p.Field) == nil && !isField(p.Field):
				e := fmt.Sprintf("the format names %q, which is neither a stat of the System nor one of %s", p.Field, strings.Join(content.FormatFields, ", "))
				hint := diag.DidYouMean(p.Field, append(r.sys.StatIDs(), content.FormatFields...))
				if hint == "" {
					hint = "use a stat id: " + strings.Join(r.sys.StatIDs(), ", ")
				}
				r.elemErrorf(r.formatPos(li, si, &content.FormatError{Offset: p.Offset + 1}), "format", hint, "%s", e)
				return c
			}
		}
		c.format = f
	}
	if s.Image != "" {
		p, err := r.picture("face "+r.sys.Faces[li].ID, r.sys.Doc, fmt.Sprintf("/faces/%d/slots/%d/image", li, si), s.Image)
		if err != nil {
			r.imageProblem(r.slotPos(li, si, "image"), err)
			return c
		}
		c.image, c.art = p.Raster, p.Art
		if c.image == nil && c.art == nil {
			c.image = []byte{}
		}
	}
	c.ok = true
	return c
}

func drawnName(s *content.FaceSlot) string {
	switch {
	case s.Image != "":
		return "image"
	case s.Show != "":
		return s.Show
	case s.Stars:
		return "row of stars"
	}
	return "text"
}

// formatPos is where a format's character at fe.Offset is written, else the format.
func (r *resolver) formatPos(li, si int, fe *content.FormatError) diag.Pos {
	at := r.slotPos(li, si, "format")
	if fe == nil || r.sys.Doc == nil {
		return at
	}
	// The byte offset as a rune offset, as ValuePositions counts.
	f := r.sys.Faces[li].Slots[si].Format
	off := min(max(fe.Offset, 0), len(f))
	runes := len([]rune(f[:off]))
	if pos, ok := r.sys.Doc.ValuePositions(fmt.Sprintf("/faces/%d/slots/%d/format", li, si)); ok {
		return pos(runes)
	}
	return at
}

// wrote reports whether a unit (or marker) writes a stat whose value its declaration refused: the stats check
// reports that value at its place, and the stat is not missing as well.
func (r *resolver) wrote(u *unitFields, stat string) bool {
	if u == nil {
		return false
	}
	var written map[string]content.Scalar
	switch u.kind {
	case KindUnit:
		if ut := r.pkg.UnitType(u.id); ut != nil {
			written = ut.Stats
		}
	case KindMarker:
		if m := r.pkg.Marker(u.id); m != nil {
			written = m.Stats
		}
	}
	_, ok := written[stat]
	return ok
}

// noteMissing records a unit that lacks what an element prints; reported once per element, naming the units.
func (r *resolver) noteMissing(li, si int, what string, unit string) {
	k := elemKey{li, si}
	m := r.missing[k]
	if m == nil {
		m = &missing{what: what, at: r.slotPos(li, si, "")}
		r.missing[k] = m
		r.missingOrder = append(r.missingOrder, k)
	}
	for _, u := range m.units {
		if u == unit {
			return
		}
	}
	m.units = append(m.units, unit)
}

// flushMissing reports every element some units had no value for.
func (r *resolver) flushMissing() {
	for _, k := range r.missingOrder {
		m := r.missing[k]
		names := m.units
		sort.Strings(names)
		list := strings.Join(names, ", ")
		if len(names) > 4 {
			list = strings.Join(names[:4], ", ") + fmt.Sprintf(" and %d more", len(names)-4)
		}
		what := "stat " + m.what
		if isField(m.what) && r.sys.Stat(m.what) == nil {
			what = "no " + m.what
		}
		lay := r.sys.Faces[k.layout].ID
		have := "does not have"
		if len(names) > 1 {
			have = "do not have"
		}
		e := r.ds.Errorf(m.at, "counter-faces.missing-stat", "face %s prints %s, which %s %s (%s)", lay, what, english.Count(len(names), "counter"), have, list)
		if strings.HasPrefix(what, "no ") {
			e.Message = fmt.Sprintf("face %s prints the %s, which %s %s (%s)", lay, m.what, english.Count(len(names), "counter"), have, list)
		}
		e.Hint = "give them a value, or mark the element optional: true (or the field {" + m.what + "?}) to leave it out"
	}
	r.missingOrder, r.missing = nil, map[elemKey]*missing{}
}

// cmpOr is a, or b when a is empty.
func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// statText is a stat's value as a counter prints it: as written, except that a dot (PRESTAGS's dot melee)
// prints as a bullet, the dot made large enough to see at a counter's size.
func statText(v content.TypedStat) string {
	t := strings.TrimSpace(v.Text)
	if (v.Def.Type == content.StatValue || v.Def.Type == content.StatInt) && v.Value.Flag == value.FlagDot {
		return "•"
	}
	return t
}

// faceRole is what a face is drawn for, which decides what its elements may print.
type faceRole int

const (
	roleFront faceRole = iota
	roleBack           // a reduced back: its own values
	roleFog            // a fog-of-war back: no values
)

// valueFace lays a unit's values out by a layout (or the default one).
func (r *resolver) valueFace(lay *content.FaceLayout, stats content.Stats, bg, fg surface.Color, u *unitFields, role faceRole) Face {
	f := Face{Background: bg, Text: fg, SymbolAt: SymbolCentre}
	if lay != nil {
		f.Font, f.FontAt = r.fonts.Text, r.fonts.TextAt
		if t := r.fonts.Get(lay.Font); t != nil {
			f.Font, f.FontAt = t, lay.Fields.Of("font", lay.At)
		}
	}
	if lay == nil {
		if role != roleFog {
			f.Slots = r.defaultSlots(stats)
		}
		return f
	}
	li := r.layoutIndex(lay)
	free := false // a layout that places elements by position draws only what it lists
	for i := range lay.Slots {
		free = free || lay.Slots[i].Placed()
	}
	switch {
	case lay.Symbol != "":
		f.SymbolAt = lay.Symbol
	case free:
		f.SymbolAt = SymbolNone
	}
	f.Band = r.band(lay, li, u)
	for si := range lay.Slots {
		s := &lay.Slots[si]
		if li < 0 || showsStat(s, r.skipStat) {
			continue
		}
		c := r.compile(li, si)
		if !c.ok {
			continue
		}
		sl, ok := r.element(li, si, s, c, stats, u, role)
		if ok {
			f.Slots = append(f.Slots, sl)
		}
	}
	return f
}

// band resolves a layout's band: the unit's colour, its faction's, else the layout's own; none without one.
func (r *resolver) band(lay *content.FaceLayout, li int, u *unitFields) *Band {
	b := lay.Band
	if b == nil {
		return nil
	}
	col := ""
	switch {
	case u != nil && u.kind == KindUnit && r.unitBand(u.id) != "":
		col = r.unitBand(u.id)
	case u != nil && r.factionBand(u) != "":
		col = r.factionBand(u)
	default:
		col = b.Colour
	}
	if col == "" {
		return nil
	}
	c, err := surface.Hex(col)
	if err != nil {
		return nil // the schema reports a colour that does not parse
	}
	edge := b.Edge
	if edge == "" {
		edge = content.BandTop
	}
	depth := b.Depth
	if depth <= 0 {
		depth = defaultBandDep
	}
	return &Band{Edge: edge, Depth: min(depth, 1), Colour: c}
}

func (r *resolver) unitBand(id string) string {
	if ut := r.pkg.UnitType(id); ut != nil {
		return ut.Band
	}
	return ""
}

func (r *resolver) factionBand(u *unitFields) string {
	if f, _ := r.faction(u.factionID); f != nil {
		return f.Band
	}
	return ""
}

// StyleSlot is what every face reads alike of a layout element, a counter's or a card's: its place (one of the
// nine, centre by default, or a position), size, weight, box, rule, turn, alignment and colours; at is where
// it is written. What it prints and its typeface are the caller's.
func StyleSlot(s *content.FaceSlot, at diag.Pos) Slot {
	sl := Slot{Where: s.Where, Size: s.Size, Bold: s.Bold, Italic: s.Italic, Box: s.Box, At: at, LineWidth: s.LineWidth, Rotate: s.Rotate}
	if sl.Size <= 0 {
		sl.Size = 1
	}
	if s.Placed() {
		sl.Where, sl.Placed = "", true
		sl.X, sl.Y = *s.X, *s.Y
		if s.X2 != nil {
			sl.X2 = *s.X2
		}
		if s.Y2 != nil {
			sl.Y2 = *s.Y2
		}
		sl.W, sl.H = s.W, s.H
	} else if sl.Where == "" {
		sl.Where = "centre"
	}
	switch s.Align {
	case "left":
		sl.Align = surface.Left
	case "right":
		sl.Align = surface.Right
	default:
		sl.Align = surface.Center
	}
	if col, err := surface.Hex(s.Colour); s.Colour != "" && err == nil {
		sl.Colour, sl.HasColour = col, true
	}
	if col, err := surface.Hex(s.Fill); s.Fill != "" && err == nil {
		sl.Fill, sl.HasFill = col, true
	}
	return sl
}

// element resolves one layout element for one unit; false when it prints nothing on this face.
func (r *resolver) element(li, si int, s *content.FaceSlot, c *compiled, stats content.Stats, u *unitFields, role faceRole) (Slot, bool) {
	sl := StyleSlot(s, s.At)
	if sl.Font = r.fonts.Get(s.Font); sl.Font != nil {
		sl.FontAt = s.Fields.Of("font", s.At)
	}
	unit := ""
	if u != nil {
		unit = u.id
	}
	miss := func(what string) (Slot, bool) {
		if !s.Optional && unit != "" && !r.wrote(u, what) {
			r.noteMissing(li, si, what, unit)
		}
		return Slot{}, false
	}
	look := func(name string) (string, bool) {
		if name == "" {
			name = s.Stat
		}
		if def := r.sys.Stat(name); def != nil {
			if role == roleFog {
				return "", false
			}
			v, ok := stats.Get(def)
			if !ok {
				return "", false
			}
			return statText(v), true
		}
		if u == nil {
			return "", false
		}
		return u.field(name)
	}
	switch {
	case s.Image != "":
		sl.Kind, sl.Image, sl.Art = ElemImage, c.image, c.art
		if sl.W <= 0 {
			sl.W = defaultImageW
		}
		return sl, true
	case s.Show == content.ShowSymbol:
		sl.Kind = ElemSymbol
		if sl.W <= 0 {
			sl.W = defaultSymbolW
		}
		return sl, true
	case s.Show == content.ShowBox:
		sl.Kind = ElemBox
		if sl.W <= 0 {
			sl.W = defaultBoxW
		}
		if sl.H <= 0 {
			sl.H = sl.W
		}
		return sl, true
	case s.Show == content.ShowLine:
		sl.Kind = ElemLine
		return sl, true
	case s.Show != "":
		t, ok := look(s.Show)
		if !ok {
			return miss(s.Show)
		}
		sl.Text = t
		return sl, true
	case s.Text != "":
		sl.Text = s.Prefix + s.Text
		return sl, true
	}
	if role == roleFog && s.Stat != "" {
		r.elemErrorf(r.slotPos(li, si, "stat"), "fog", "give the fog-of-war back a layout without values (back: {kind: fog, face: ID})", "a fog-of-war back shows no values, but its layout prints stat %s", s.Stat)
		return Slot{}, false
	}
	if c.format != nil {
		if role == roleFog {
			for _, p := range c.format.Fields() {
				if p.Self || r.sys.Stat(p.Field) != nil {
					r.elemErrorf(r.slotPos(li, si, "format"), "fog", "give the fog-of-war back a layout without values (back: {kind: fog, face: ID})", "a fog-of-war back shows no values, but its layout's format prints stat %s", cmpOr(p.Field, s.Stat))
					return Slot{}, false
				}
			}
		}
		text, gone, ok := c.format.Expand(look)
		if !ok {
			if gone == "" {
				gone = s.Stat
			}
			return miss(gone)
		}
		if role == roleFog && strings.TrimSpace(text) == "" {
			return Slot{}, false
		}
		sl.Text = text
		return sl, true
	}
	def := r.sys.Stat(s.Stat)
	if def == nil {
		return Slot{}, false // references reports a layout slot naming no stat
	}
	v, ok := stats.Get(def)
	if !ok {
		return miss(s.Stat)
	}
	text := statText(v)
	if text == "" {
		return Slot{}, false
	}
	if s.Stars {
		n, err := strconv.Atoi(text)
		if err != nil || n <= 0 {
			return Slot{}, false // no stars: the lowest rank
		}
		sl.Stars = min(n, 8)
		return sl, true
	}
	prefix := s.Prefix
	if prefix == "" {
		prefix = def.Prefix
	}
	sl.Text = prefix + text
	return sl, true
}
