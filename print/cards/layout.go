package cards

import (
	"cmp"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/flow"
)

// normal is the size of a text of relative size 1 on a card, as a share of its width: a counter's (the
// elements' size is a share of the piece's shorter side on both).
const normal = 0.22

// DefaultLayout is the layout of a deck that gives none, in the content language (a deck may copy it and
// change it): a band across the top in the card's side's colour with the title and the deck's first value in a
// circle (its second at the right), the art under it, the event text in the box below (and the art's room on a
// card without art), and the card's period and side along the bottom edge. Its texts are sized so that none prints under least points on a card w wide.
func DefaultLayout(d *content.Deck, w, least float64) *content.CardLayout {
	f := func(v float64) *float64 { return &v }
	// size is a relative size of at least least points.
	size := func(rel float64) float64 {
		if w <= 0 {
			return rel
		}
		return math.Round(math.Max(rel, least*1.05/(normal*w))*1000) / 1000
	}
	lay := &content.CardLayout{
		Band: &content.FaceBand{Edge: content.BandTop, Depth: 0.13, Colour: "#5b4e3c"},
		Slots: []content.FaceSlot{
			{Show: content.ShowTitle, X: f(0.5), Y: f(0.065), W: 0.6, Size: size(0.3), Bold: true},
			{Show: content.ShowArt, X: f(0.5), Y: f(0.337), W: 0.88, H: 0.533, Optional: true},
			{Show: content.ShowText, X: f(0.5), Y: f(0.73), W: 0.86, H: 0.5, Size: size(0.23), Optional: true},
			{Show: content.ShowPeriod, X: f(0.06), Y: f(0.957), Align: "left", Size: size(0.17), Italic: true, Optional: true},
			{Show: content.ShowSide, X: f(0.94), Y: f(0.957), Align: "right", Size: size(0.17), Italic: true, Optional: true},
		},
	}
	for i, v := range d.Values {
		if i > 1 {
			break
		}
		x := 0.11
		if i == 1 {
			x = 0.89
		}
		lay.Slots = append(lay.Slots, content.FaceSlot{Stat: v.ID, X: f(x), Y: f(0.065), Box: "circle", Size: size(0.36), Bold: true,
			Fill: "#ffffff", Colour: "#1a1a1a", Optional: true})
	}
	return lay
}

// layout is the deck's layout and the pointer to it in the deck's document ("" for the default layout).
func (r *resolver) layout(dk *Deck) (*content.CardLayout, string) {
	if dk.Doc.Layout != nil {
		return dk.Doc.Layout, "/layout"
	}
	if r.defaults == nil {
		r.defaults = map[*Deck]*content.CardLayout{}
	}
	l, ok := r.defaults[dk]
	if !ok {
		l = DefaultLayout(dk.Doc, dk.Size.W, dk.MinText)
		r.defaults[dk] = l
	}
	return l, ""
}

// cardFields are the fields a card layout's format may name besides the deck's values.
var cardFields = []string{content.ShowTitle, content.ShowID, content.ShowSide, content.ShowPeriod, content.ShowCount}

// slotPos is where the deck writes a key of a layout element (the element for key ""); zero for the default.
func slotPos(dk *Deck, layPtr string, i int, key string) diag.Pos {
	if layPtr == "" {
		return diag.Pos{}
	}
	s := &dk.Doc.Layout.Slots[i]
	if key == "" {
		return s.At
	}
	return s.Fields.Of(key, s.At)
}

// checkSlot checks a layout element once per deck: that it prints one thing, at one place; false when it is
// broken (reported) and prints nothing.
func (r *resolver) checkSlot(dk *Deck, lay *content.CardLayout, layPtr string, i int) (*content.Format, bool) {
	s := &lay.Slots[i]
	key := fmt.Sprintf("%p|%d", lay, i)
	if c, ok := r.checked[key]; ok {
		return c.format, c.ok
	}
	c := checkedSlot{}
	defer func() { r.checked[key] = c }()
	at := slotPos(dk, layPtr, i, "")
	var whats []string
	for _, w := range []struct {
		name string
		set  bool
	}{{"stat", s.Stat != ""}, {"text", s.Text != ""}, {"format", s.Format != "" && s.Stat == ""}, {"show", s.Show != ""}, {"image", s.Image != ""}} {
		if w.set {
			whats = append(whats, w.name)
		}
	}
	switch {
	case len(whats) == 0:
		r.errorf(at, "element", "give stat: VALUE, text: TEXT, format: \"{ops} OPS\", show: title (or text, art, side, period, count, id, box, line) or image: FILE",
			"this card layout element prints nothing: it names no value, text, format, show or image")
		return nil, false
	case len(whats) > 1:
		r.errorf(at, "element", "split it into one element for each", "this card layout element prints both %s: an element prints one thing", strings.Join(whats, " and "))
		return nil, false
	}
	if !validShow(s.Show) {
		r.errorf(slotPos(dk, layPtr, i, "show"), "element", diag.DidYouMean(s.Show, content.CardShows),
			"a card layout element shows %q: a card shows %s", s.Show, english.List(content.CardShows, "or"))
		return nil, false
	}
	placed := s.Placed()
	switch {
	case placed && s.Where != "":
		r.errorf(slotPos(dk, layPtr, i, "at"), "place", "keep at: for one of the nine places, or x and y for a position", "this card layout element has both a place (at) and a position (x, y)")
		return nil, false
	case placed && (s.X == nil || s.Y == nil):
		r.errorf(at, "place", "give both x and y (0 to 1 across and down the card)", "this card layout element has only half a position")
		return nil, false
	case !placed && s.Where == "":
		r.errorf(at, "place", "give at: top-left (or another of the nine places), or x and y (0 to 1 across and down the card)", "this card layout element has no place on the card")
		return nil, false
	}
	drawn := s.Show == content.ShowText || s.Show == content.ShowArt || s.Show == content.ShowBox || s.Show == content.ShowLine || s.Image != ""
	if drawn && !placed {
		r.errorf(slotPos(dk, layPtr, i, "at"), "place", "give x and y (0 to 1 across and down the card) and its w and h", "a card layout element that prints the %s needs a position (x, y), not a place", cmp.Or(s.Show, "image"))
		return nil, false
	}
	if s.Show == content.ShowText && (s.W <= 0 || s.H <= 0) {
		r.errorf(at, "place", "give the text box its w and h (shares of the card's width)", "the card's text is wrapped in a box: this element needs its w and h")
		return nil, false
	}
	if s.Show == content.ShowLine && (s.X2 == nil || s.Y2 == nil) {
		r.errorf(at, "place", "give x2 and y2, the line's other end", "a line needs its other end (x2, y2)")
		return nil, false
	}
	if s.Stars && s.Stat == "" {
		r.errorf(slotPos(dk, layPtr, i, "stars"), "element", "give the value whose number is the number of stars", "stars: true draws a value as stars, but the element names no value")
		return nil, false
	}
	if s.Stat != "" && dk.Doc.Value(s.Stat) == nil {
		r.errorf(slotPos(dk, layPtr, i, "stat"), "value", diag.DidYouMean(s.Stat, valueIDs(dk.Doc)), "the card layout prints value %q, which deck %s does not declare", s.Stat, dk.ID)
		return nil, false
	}
	if s.Format != "" {
		f, err := content.ParseFormat(s.Format)
		if err != nil {
			r.errorf(slotPos(dk, layPtr, i, "format"), "format", "write a field as {value}, a brace as {{ or }}: \"{ops} OPS\"", "the format %q does not read: %v", s.Format, err)
			return nil, false
		}
		for _, p := range f.Fields() {
			switch {
			case p.Self && s.Stat == "":
				r.errorf(slotPos(dk, layPtr, i, "format"), "format", "name the value, {ops}, or give the element stat: ID", "{} is the element's own value, but this element names no value")
				return nil, false
			case !p.Self && dk.Doc.Value(p.Field) == nil && !isCardField(p.Field):
				r.errorf(slotPos(dk, layPtr, i, "format"), "format", diag.DidYouMean(p.Field, append(valueIDs(dk.Doc), cardFields...)),
					"the format names %q, which is neither a value of deck %s nor one of %s", p.Field, dk.ID, strings.Join(cardFields, ", "))
				return nil, false
			}
		}
		c.format = f
	}
	c.ok = true
	return c.format, true
}

type checkedSlot struct {
	format *content.Format
	ok     bool
}

func validShow(s string) bool {
	if s == "" {
		return true
	}
	for _, x := range content.CardShows {
		if x == s {
			return true
		}
	}
	return false
}

func isCardField(name string) bool {
	for _, f := range cardFields {
		if f == name {
			return true
		}
	}
	return false
}

func valueIDs(d *content.Deck) []string {
	var ids []string
	for _, v := range d.Values {
		ids = append(ids, v.ID)
	}
	return ids
}

// element resolves one layout element for one card; false when it prints nothing on it.
func (r *resolver) element(dk *Deck, card *Card, lay *content.CardLayout, layPtr string, i int, side *content.FactionDef, pic *art.Picture) (counters.Slot, bool) {
	if r.checked == nil {
		r.checked = map[string]checkedSlot{}
	}
	format, ok := r.checkSlot(dk, lay, layPtr, i)
	if !ok {
		return counters.Slot{}, false
	}
	s := &lay.Slots[i]
	c := card.Doc
	sl := counters.StyleSlot(s, slotPos(dk, layPtr, i, ""))
	if sl.Font = r.fonts.Get(s.Font); sl.Font != nil {
		sl.FontAt = slotPos(dk, layPtr, i, "font")
	}
	miss := func(what string) (counters.Slot, bool) {
		if !s.Optional {
			r.noteMissing(dk, layPtr, i, what, c.ID)
		}
		return counters.Slot{}, false
	}
	look := func(name string) (string, bool) {
		if name == "" {
			name = s.Stat
		}
		if dk.Doc.Value(name) != nil {
			v, ok := c.Values[name]
			if !ok || strings.TrimSpace(v.Text) == "" {
				return "", false
			}
			return strings.TrimSpace(v.Text), true
		}
		switch name {
		case content.ShowTitle:
			return card.Title, true
		case content.ShowID:
			return c.ID, true
		case content.ShowSide:
			if side == nil {
				return "", false
			}
			return r.sys.FactionName(side.ID), true
		case content.ShowPeriod:
			p := dk.Doc.Period(c.Period)
			if p == nil {
				return "", false
			}
			return cmp.Or(p.Name, p.ID), true
		case content.ShowCount:
			if card.Count < 2 {
				return "", false
			}
			return "x" + strconv.Itoa(card.Count), true
		}
		return "", false
	}
	source := func(name string) diag.Pos {
		switch name {
		case content.ShowTitle:
			if c.Title != "" {
				return fieldPos(&c.Meta, "/title")
			}
			return c.At
		case content.ShowSide:
			return fieldPos(&c.Meta, "/side")
		case content.ShowPeriod:
			return fieldPos(&c.Meta, "/period")
		case content.ShowCount:
			return card.CountAt
		case content.ShowID:
			return fieldPos(&c.Meta, "/id")
		}
		return fieldPos(&c.Meta, content.Pointer("/values", name))
	}
	switch {
	case s.Image != "":
		p := r.picture(&dk.Doc.Meta, fmt.Sprintf("%s/slots/%d/image", layPtr, i), s.Image, "the card layout of deck "+dk.ID)
		if p == nil {
			return counters.Slot{}, false
		}
		sl.Kind, sl.Image, sl.Art = counters.ElemImage, p.Raster, p.Art
		if sl.Image == nil && sl.Art == nil {
			sl.Image = []byte{}
		}
		if sl.W <= 0 {
			sl.W = 0.5
		}
		return sl, true
	case s.Show == content.ShowArt:
		if c.Image == "" {
			return miss("art (image)")
		}
		if pic == nil {
			return counters.Slot{}, false // the image cannot be read: reported
		}
		sl.Kind, sl.Image, sl.Art = counters.ElemImage, pic.Raster, pic.Art
		if sl.Image == nil && sl.Art == nil {
			sl.Image = []byte{}
		}
		sl.Source = fieldPos(&c.Meta, "/image")
		return sl, true
	case s.Show == content.ShowText:
		if strings.TrimSpace(c.Text) == "" {
			return miss("event text (text)")
		}
		sl.Kind, sl.Text, sl.MinSize = counters.ElemParagraph, c.Text, dk.MinText
		sl.Source = fieldPos(&c.Meta, "/text")
		if layPtr == "" && c.Image == "" {
			sl.Y, sl.H = withArtsRoom(lay, sl.Y, sl.H, dk.Size)
		}
		if at := flow.UnclosedRun(c.Text); at >= 0 {
			runes := len([]rune(c.Text[:at]))
			pos := c.Doc.CharPos("/text", runes, sl.Source)
			r.errorf(pos, "markup", `close it with the same marker (**bold**, *italic*), or write \* for an asterisk`,
				"card %s: this %s starts a run of %s that nothing closes", c.ID, markerAt(c.Text, at), runStyle(c.Text, at))
		}
		return sl, true
	case s.Show == content.ShowBox:
		sl.Kind = counters.ElemBox
		if sl.W <= 0 {
			sl.W = 0.5
		}
		if sl.H <= 0 {
			sl.H = sl.W
		}
		return sl, true
	case s.Show == content.ShowLine:
		sl.Kind = counters.ElemLine
		return sl, true
	case s.Show != "":
		t, ok := look(s.Show)
		if !ok {
			if s.Show == content.ShowCount {
				return counters.Slot{}, false // one copy prints no count
			}
			return miss(s.Show)
		}
		sl.Text, sl.Source = t, source(s.Show)
		return sl, true
	case s.Text != "":
		sl.Text = s.Prefix + s.Text
		return sl, true
	case format != nil:
		text, gone, ok := format.Expand(look)
		if !ok {
			return miss(cmp.Or(gone, s.Stat))
		}
		sl.Text = text
		if fs := format.Fields(); len(fs) == 1 {
			sl.Source = source(cmp.Or(fs[0].Field, s.Stat))
		}
		return sl, true
	}
	v, ok := look(s.Stat)
	if !ok {
		return miss(s.Stat)
	}
	sl.Source = source(s.Stat)
	if s.Stars {
		n, err := strconv.Atoi(v)
		if err != nil || n <= 0 {
			return counters.Slot{}, false
		}
		sl.Stars = min(n, 8)
		return sl, true
	}
	sl.Text = s.Prefix + v
	return sl, true
}

// withArtsRoom is a text box of muster's layout (its centre y, a share of the card's height, and its height h,
// a share of its width) grown up to the top of the art's box: a card without art gives its text the art's
// room.
func withArtsRoom(lay *content.CardLayout, y, h float64, size content.CardSize) (float64, float64) {
	for _, a := range lay.Slots {
		if a.Show != content.ShowArt || a.Y == nil {
			continue
		}
		top := *a.Y*size.H - a.H*size.W/2 + 0.04*size.W // a little below the band
		bottom := y*size.H + h*size.W/2
		if top < bottom-h*size.W {
			return (top + bottom) / 2 / size.H, (bottom - top) / size.W
		}
	}
	return y, h
}

// markerAt is the marker at byte offset at of a text: ** or *.
func markerAt(text string, at int) string {
	if strings.HasPrefix(text[at:], "**") {
		return "**"
	}
	return "*"
}

func runStyle(text string, at int) string {
	if strings.HasPrefix(text[at:], "**") {
		return "bold"
	}
	return "italics"
}

// noteMissing records a card that lacks what a layout element prints; reported once per element.
func (r *resolver) noteMissing(dk *Deck, layPtr string, i int, what, card string) {
	for _, m := range r.missing {
		if m.deck == dk && m.slot == i {
			m.cards = append(m.cards, card)
			return
		}
	}
	at := slotPos(dk, layPtr, i, "")
	if at.IsZero() {
		at = fieldPos(&dk.Doc.Meta, "/id")
	}
	r.missing = append(r.missing, &missing{deck: dk, slot: i, what: what, at: at, cards: []string{card}})
}

// flushMissing reports every element some cards had nothing for.
func (r *resolver) flushMissing() {
	for _, m := range r.missing {
		list := m.cards
		more := ""
		if len(list) > 4 {
			more = fmt.Sprintf(" and %d more", len(list)-4)
			list = list[:4]
		}
		have := "does not have"
		if len(m.cards) > 1 {
			have = "do not have"
		}
		r.errorf(m.at, "missing", "give them one, or mark the element optional: true to leave it out",
			"deck %s's card layout prints the %s, which %s %s (%s%s)", m.deck.ID, m.what, english.Count(len(m.cards), "card"), have, strings.Join(list, ", "), more)
	}
	r.missing = nil
}
