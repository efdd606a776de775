package vassal

import (
	"cmp"
	"fmt"
	"math"
	"time"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/export/internal/names"
	"github.com/muster-wargames/muster/export/vassal/buildfile"
	"github.com/muster-wargames/muster/export/vassal/piece"
	"github.com/muster-wargames/muster/export/vassal/seqenc"
	"github.com/muster-wargames/muster/internal/parallel"
	"github.com/muster-wargames/muster/print/cards"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/surface"
)

// Classes and names of the card components.
const (
	classDrawPile   = "VASSAL.build.module.map.DrawPile"
	classCardSlot   = "VASSAL.build.widget.CardSlot"
	classPlayerHand = "VASSAL.build.module.PlayerHand"
	cardsMapName    = "Cards"
	discardCommand  = "Discard"
	cardMaskCommand = "Flip"
)

// The card table's layout, in points: a row per deck, its draw pile and discard pile side by side under a
// label.
const (
	tableMargin = 0.4 * surface.Inch
	tableGap    = 0.6 * surface.Inch
	tableLabel  = 0.4 * surface.Inch
)

var tableLabelFont = surface.Font{Style: surface.Bold, Size: 11}

// deckOut is a deck as the module holds it: the draw pile holding every card, the discard pile, their images.
type deckOut struct {
	deck     *cards.Deck
	draw     string // the draw pile's name (its DrawPile's)
	discard  string
	back     string // the back's image
	fronts   []string
	w, h     int // a card's pixels
	x, y     int // the draw pile's centre on the table board, pixels
	dx       int // the discard pile's centre, pixels right of the draw pile's
	copies   int
	elements []*buildfile.Element
}

// buildCards makes the decks: each card's front and its deck's back drawn as the printed cards are, a draw pile
// (a DrawPile, face down, drawn at random) holding every copy of every card as a CardSlot whose back is a mask,
// a discard pile whose menu shuffles it back into the draw pile, on a Cards map; and a hand (a PlayerHand) for
// each side.
func (x *exporter) buildCards() error {
	if len(x.pkg.Decks()) == 0 {
		return nil
	}
	decks, err := cards.FromPackage(x.pkg, cards.Options{})
	if err != nil {
		return x.printerError(err, "cards")
	}
	stems := names.NewUnique("%s-%d")
	piles := names.NewUnique("%s (%d)")
	for _, d := range decks {
		if len(d.Cards) == 0 {
			continue
		}
		do := &deckOut{deck: d, back: "card-" + stems.Take(content.Stem(d.ID+"-back", content.ExportStem)) + ".png"}
		do.draw = piles.Take(d.Name)
		do.discard = piles.Take(d.Name + ": discards")
		for _, c := range d.Cards {
			do.fronts = append(do.fronts, "card-"+stems.Take(content.Stem(c.ID, content.ExportStem))+".png")
			do.copies += c.Count
		}
		x.decks = append(x.decks, do)
	}
	if len(x.decks) == 0 {
		return nil
	}
	if err := x.drawCards(); err != nil {
		return err
	}
	if err := x.cardTable(); err != nil {
		return err
	}
	for _, do := range x.decks {
		if err := x.deckPiles(do); err != nil {
			return err
		}
	}
	return x.hands()
}

// drawCards draws every card front and deck back at the module's resolution.
func (x *exporter) drawCards() error {
	type job struct {
		name string
		face *counters.Face
		w, h float64
	}
	var jobs []job
	for _, do := range x.decks {
		for i, c := range do.deck.Cards {
			jobs = append(jobs, job{do.fronts[i], c.Front, c.Width(), c.Height()})
		}
		jobs = append(jobs, job{do.back, do.deck.Back, do.deck.Size.W, do.deck.Size.H})
	}
	type result struct {
		data []byte
		w, h int
		enc  time.Duration
	}
	res := make([]result, len(jobs))
	errs := parallel.Each(len(jobs), func(i int) error {
		j := jobs[i]
		s := surface.NewPNG(surface.PNGOptions{DPI: x.dpi})
		s.BeginPage(j.w, j.h)
		if err := j.face.DrawRect(s, 0, 0, j.w, j.h, 0); err != nil {
			return err
		}
		im, err := s.PageImage(0)
		if err != nil {
			return err
		}
		r := &res[i]
		r.data, r.enc, err = encodePNG(im)
		r.w, r.h = im.Bounds().Dx(), im.Bounds().Dy()
		return err
	})
	for i, j := range jobs {
		if errs[i] != nil {
			return x.printerError(errs[i], "card %s", j.name)
		}
		x.stats.PNGEncode += res[i].enc
		x.stats.Images++
		if err := x.addFile("images/"+j.name, res[i].data); err != nil {
			return err
		}
	}
	k := 0
	for _, do := range x.decks {
		do.w, do.h = res[k].w, res[k].h
		k += len(do.deck.Cards) + 1
	}
	return nil
}

// cardTable draws the Cards map's board: for each deck a row with its draw pile and discard pile outlined and
// named, and places the piles' centres.
func (x *exporter) cardTable() error {
	k := x.dpi / surface.Inch
	width, height := 0.0, tableMargin
	for _, do := range x.decks {
		d := do.deck
		width = math.Max(width, 2*tableMargin+2*d.Size.W+tableGap)
		height += tableLabel + d.Size.H + tableMargin
	}
	s := surface.NewPNG(surface.PNGOptions{DPI: x.dpi})
	s.BeginPage(width, height)
	s.SetFill(surface.RGB(0x2f, 0x4f, 0x3a))
	s.Rect(0, 0, width, height, surface.Fill)
	y := tableMargin
	for _, do := range x.decks {
		d := do.deck
		s.SetFill(surface.RGB(0xf2, 0xef, 0xe6))
		label := fmt.Sprintf("%s: %d cards, face down, drawn at random", d.Name, do.copies)
		s.Text(tableMargin, y+tableLabel/2, flow.Truncate(s, label, tableLabelFont, width-2*tableMargin), tableLabelFont, surface.Align{V: surface.Middle})
		top := y + tableLabel
		for i, what := range []string{"Draw pile", "Discards"} {
			px := tableMargin + float64(i)*(d.Size.W+tableGap)
			s.SetStroke(surface.RGB(0xf2, 0xef, 0xe6), 1.2)
			s.SetDash(6, 4)
			s.Rect(px, top, d.Size.W, d.Size.H, surface.Stroke)
			s.SetDash()
			s.Text(px+d.Size.W/2, top+d.Size.H/2, what, tableLabelFont, surface.Align{H: surface.Center, V: surface.Middle})
		}
		do.x, do.y = int(math.Round((tableMargin+d.Size.W/2)*k)), int(math.Round((top+d.Size.H/2)*k))
		do.dx = int(math.Round((d.Size.W + tableGap) * k))
		y = top + d.Size.H + tableMargin
	}
	if err := s.Err(); err != nil {
		return x.printerError(err, "the card table")
	}
	im, err := s.PageImage(0)
	if err != nil {
		return err
	}
	data, enc, err := encodePNG(im)
	if err != nil {
		return err
	}
	x.stats.PNGEncode += enc
	x.stats.Images++
	x.cardBoard = buildfile.New(classBoard, "name", cardsMapName, "image", "cards-table.png", "reversible", "false")
	return x.addFile("images/cards-table.png", data)
}

// deckPiles builds a deck's draw pile, holding a CardSlot for every copy of every card, and its discard pile.
func (x *exporter) deckPiles(do *deckOut) error {
	d := do.deck
	pile := func(name string, x0 int, faceDown, shuffle string, reshuffleTo string) *buildfile.Element {
		e := buildfile.New(classDrawPile, "name", name, "owningBoard", cardsMapName, "x", itoa(x0), "y", itoa(do.y),
			"width", itoa(do.w), "height", itoa(do.h), "allowMultiple", "true", "allowSelect", "true",
			"selectDisplayProperty", "$Title$ ($PeriodName$)", "selectSortProperty", "Title",
			"faceDown", faceDown, "drawFaceUp", "true", "shuffle", shuffle, "reversible", "false",
			"draw", "true", "color", "242,239,230", "maxStack", "10", "canSave", "false", "expressionCounting", "false",
			"restrictOption", "false", "reshufflable", fmt.Sprint(reshuffleTo != ""))
		if reshuffleTo != "" {
			e.Set("reshuffleCommand", "Shuffle into the draw pile")
			e.Set("reshuffleTarget", reshuffleTo)
			e.Set("reshuffleMessage", "$playerSide$ shuffles the discards into the draw pile")
		}
		return e
	}
	draw := pile(do.draw, do.x, "Always", "Always", "")
	for i, c := range d.Cards {
		def, err := x.cardPiece(do, c, do.fronts[i])
		if err != nil {
			return err
		}
		for n := 0; n < c.Count; n++ {
			gpid := x.gpid("card/" + d.ID + "/" + c.ID)
			text, err := def(gpid)
			if err != nil {
				return err
			}
			e := buildfile.New(classCardSlot, "entryName", cardSlotName(d.ID, c.ID), "gpid", gpid, "height", itoa(do.h), "width", itoa(do.w))
			e.Text = text
			draw.Add(e)
		}
	}
	discard := pile(do.discard, do.x+do.dx, "Never", "Never", do.draw)
	do.elements = []*buildfile.Element{draw, discard}
	return nil
}

// cardPiece is a card's piece: its values and fields as properties (hidden while it is face down), a mask whose
// image is its deck's back (Flip, Ctrl-F: face down, as the draw pile holds it), Discard (Ctrl-D) to its deck's
// discard pile, and its front. It returns the definition for a slot id.
func (x *exporter) cardPiece(do *deckOut, c *cards.Card, front string) (func(gpid string) (string, error), error) {
	d := do.deck.Doc
	doc := c.Doc
	keys := []string{"Deck", "DeckName", "Card", "Title"}
	vals := []string{d.ID, do.deck.Name, c.ID, c.Title}
	if doc.Side != "" {
		keys, vals = append(keys, "Side", "SideName"), append(vals, doc.Side, x.pkg.System.FactionName(doc.Side))
	}
	period := ""
	if p := d.Period(doc.Period); p != nil {
		period = cmp.Or(p.Name, p.ID)
		keys, vals = append(keys, "Period"), append(vals, p.ID)
	}
	keys, vals = append(keys, "PeriodName"), append(vals, period)
	for _, v := range d.Values {
		if s, ok := doc.Values[v.ID]; ok {
			keys, vals = append(keys, identifier(v.ID)), append(vals, s.Text)
		}
	}
	props, err := piece.Marker(keys, vals)
	if err != nil {
		return nil, fmt.Errorf("vassal: card %s: %w", c.ID, err)
	}
	mask, err := piece.Mask(cardMaskCommand, piece.CtrlF, do.back, "Card", piece.AnyPlayer, "Face down: the deck's back")
	if err != nil {
		return nil, fmt.Errorf("vassal: card %s: %w", c.ID, err)
	}
	ret, err := piece.ReturnToDeck(discardCommand, piece.CtrlD, do.discard, "Send to "+do.discard)
	if err != nil {
		return nil, fmt.Errorf("vassal: card %s: %w", c.ID, err)
	}
	return func(gpid string) (string, error) {
		b, err := piece.Basic(front, c.Title, gpid)
		if err != nil {
			return "", err
		}
		def, err := piece.Piece{ret, mask, props, b}.Definition()
		if err != nil {
			return "", fmt.Errorf("vassal: card %s: %w", c.ID, err)
		}
		return def, nil
	}, nil
}

// hands are the players' hands: a PlayerHand for each side of the scenarios, seen by that side only, as wide as
// its deck's hand holds cards.
func (x *exporter) hands() error {
	if len(x.sides) == 0 {
		x.cannot("The package's scenarios name no sides, so the module has no players' hands: draw cards onto the Cards map.")
		return nil
	}
	hold := 0
	w, h := 0, 0
	for _, do := range x.decks {
		n := 7
		if hd := do.deck.Doc.Hand; hd != nil && hd.Size > 0 {
			n = hd.Size
		}
		hold = max(hold, min(n, 12))
		w, h = max(w, do.w), max(h, do.h)
	}
	pad := int(math.Round(0.25 * x.dpi))
	bw, bh := hold*(w+pad)+pad, h+2*pad
	used := names.NewUnique("%s (%d)")
	for _, sd := range x.sides {
		name := used.Take(sd.name + ": hand")
		owners, err := seqenc.Encode(',', sd.name)
		if err != nil {
			return err
		}
		b := buildfile.New(classBoard, "name", name, "reversible", "false", "width", itoa(bw), "height", itoa(bh), "color", "47,79,58")
		m, err := handElement(name, owners, b)
		if err != nil {
			return err
		}
		x.handMaps = append(x.handMaps, m)
	}
	return nil
}

// handElement is a PlayerHand: a private map of the owners' sides, with a map's components but the ones a hand
// leaves out (VASSAL's hand spreads its cards itself: no stack expander, no stack metrics, no detail viewer).
func handElement(name, owners string, board *buildfile.Element) (*buildfile.Element, error) {
	m := buildfile.New(classPlayerHand, "mapName", name, "side", owners, "visible", "false", "useBoards", "",
		"allowMultiple", "false", "backgroundcolor", "255,255,255", "buttonName", name, "changeFormat", "$message$",
		"color", "255,153,0", "createFormat", "", "edgeHeight", "0", "edgeWidth", "0", "hideKey", "", "hotkey", "",
		"icon", "/images/map.gif", "launch", "true", "markMoved", "Never", "markUnmovedHotkey", "", "markUnmovedIcon", "/images/unmoved.gif",
		"markUnmovedReport", "", "markUnmovedText", "", "markUnmovedTooltip", "", "moveKey", "",
		"moveToFormat", "$pieceName$ goes to $mapName$", "moveWithinFormat", "", "showKey", "", "thickness", "3", "tooltip", "")
	for _, c := range []string{"ForwardToKeyBuffer", "Scroller", "ForwardToChatter", "MenuDisplayer", "MapCenterer", "PieceMover", "KeyBufferer"} {
		m.Add(buildfile.New("VASSAL.build.module.map." + c))
	}
	m.Add(buildfile.New("VASSAL.build.module.map.Zoomer"), buildfile.New("VASSAL.build.module.map.SelectionHighlighters"))
	bp := buildfile.New(classBoardPicker, "title", "Choose boards", "slotWidth", "350", "slotHeight", "125",
		"slotScale", "0.2", "maxColumns", "0", "boardPrompt", "Select board", "addRowText", "Add row", "addColumnText", "Add column")
	bp.Add(board)
	m.Add(bp, buildfile.New("VASSAL.build.module.properties.GlobalProperties"))
	return m, nil
}

// cardMaps are the Cards map with its piles, then the hands.
func (x *exporter) cardMaps() ([]*buildfile.Element, error) {
	if len(x.decks) == 0 {
		return nil, nil
	}
	var piles []*buildfile.Element
	for _, do := range x.decks {
		piles = append(piles, do.elements...)
	}
	m, err := x.mapElement(cardsMapName, true, []*buildfile.Element{x.cardBoard}, "", piles)
	if err != nil {
		return nil, err
	}
	return append([]*buildfile.Element{m}, x.handMaps...), nil
}

// cardNotes are the notes page's lines on the cards.
func (x *exporter) cardNotes() []string {
	var out []string
	for _, do := range x.decks {
		d := do.deck.Doc
		s := fmt.Sprintf("Cards: %s, %d cards face down in its draw pile on the Cards map (drawn at random; drag a card to your hand, or right-click the pile to draw several or pick one by name); right-click a card: Flip (Ctrl-F) turns it face down, Discard (Ctrl-D) sends it to %s, whose menu shuffles the discards into the draw pile.",
			do.deck.Name, do.copies, do.discard)
		if len(d.Periods) > 1 {
			s += " Every period's cards are in the one draw pile: set aside those of later periods at the start (Draw specific cards lists each card with its period) and add them when their period begins."
		}
		out = append(out, s)
	}
	if len(x.handMaps) > 0 {
		out = append(out, fmt.Sprintf("Hands: one per side (%d), seen by that side's player only.", len(x.handMaps)))
	}
	return out
}
