package counters

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/print/art"
	"github.com/muster-wargames/muster/print/flow"
	"github.com/muster-wargames/muster/print/shape"
	"github.com/muster-wargames/muster/print/surface"
	"github.com/muster-wargames/muster/print/symbols"
)

// Proportions of a face, as fractions of the counter side.
const (
	padFrac   = 0.07  // inner margin
	valueFrac = 0.22  // font size of a normal value
	labelFrac = 0.14  // font size of the name line
	minFont   = 2.5   // points: text is never shrunk below this
	capRatio  = 0.715 // cap height of the Go fonts, in em
)

// Draw draws the face as a square counter of side size with its top-left corner at (x, y); see DrawRect.
func (f *Face) Draw(s surface.Surface, x, y, size, bleed float64) error {
	return f.DrawRect(s, x, y, size, size, bleed)
}

// DrawRect draws the face as a counter w wide and h high (a double-width counter is 2h x h) with its top-left
// corner at (x, y). Text, symbol and margins are sized by the height, so a wide face prints them as large as a
// square face of the same size does; the values spread to its corners and the symbol and name stay centred.
// The background extends bleed points past every edge, so the cutter may miss by that much; everything else
// stays inside the counter. The background of a square or wide face is always one `re` of
// (w+2*bleed)x(h+2*bleed) at (x-bleed, y-bleed); a hexagonal or round face fills its outline grown by the
// bleed and clips everything to it, with the nine places in the largest square inside it. Elements placed by
// position are drawn last, in their layout's order.
//
// DrawRect is the one function that draws a face: the sheets, the previews and the exports all call it, at
// the origin or at a piece's place.
func (f *Face) DrawRect(s surface.Surface, x, y, w, h, bleed float64) error {
	box := surface.Rect{X: x, Y: y, W: w, H: h}
	clip := !shape.Plain(f.Shape)
	if clip {
		s.Push()
		shape.Clip(s, f.Shape, box, bleed)
	}
	s.SetFill(f.Background)
	shape.Draw(s, f.Shape, box, bleed, surface.Fill)
	if f.Backdrop != nil {
		if err := f.Backdrop.Draw(s, surface.Rect{X: x - bleed, Y: y - bleed, W: w + 2*bleed, H: h + 2*bleed}, art.Cover); err != nil {
			return fmt.Errorf("counter background image: %w", err)
		}
	}
	f.drawBand(s, box, bleed)
	err := f.drawPlaces(s, box, bleed)
	if err == nil {
		err = f.drawPlaced(s, box)
	}
	if clip {
		s.Pop()
	}
	if err != nil {
		return err
	}
	return s.Err()
}

// drawPlaces draws the symbol, the caption, the name line (or the stripe) and the values at the nine places,
// in the largest square inside a hexagonal or round face.
func (f *Face) drawPlaces(s surface.Surface, box surface.Rect, bleed float64) error {
	in := shape.Inner(f.Shape, box)
	pl := f.plan(s, in.X, in.Y, in.W, in.H)
	fg := f.Text
	if pl.hasSymbol {
		if err := f.drawSymbol(s, pl.symbol, fg); err != nil {
			return err
		}
	}
	if c := pl.caption; c != nil {
		s.SetFill(fg)
		drawWrapped(s, c.text, c.cx, c.cy, c.w, c.h, c.size, c.bold, f.Font)
	}
	if pl.blank {
		return nil
	}
	if l := pl.label; l != nil {
		if l.stripe {
			col := fg
			if col == f.Background {
				col = stripeFallback
			}
			s.SetFill(col)
			s.Rect(box.X-bleed, l.y-l.band/2, box.W+2*bleed, l.band, surface.Fill)
			s.SetFill(f.Background)
		} else {
			s.SetFill(fg)
		}
		s.Text(box.X+box.W/2, l.y, l.text, l.font, surface.Align{H: surface.Center, V: surface.Middle})
	}
	s.SetFill(fg)
	for _, sp := range pl.slots {
		if sp.colour != nil {
			s.SetFill(*sp.colour)
		}
		if sp.stars > 0 {
			drawStars(s, sp.stars, sp.x, sp.y, sp.r, sp.maxW, sp.align)
		} else {
			s.Text(sp.x, sp.y, sp.text, sp.font, surface.Align{H: sp.align, V: surface.Middle})
		}
		if sp.colour != nil {
			s.SetFill(fg)
		}
	}
	return nil
}

// bandRect is the face band's rectangle on a face in box, reaching bleed past the edges it touches.
func (f *Face) bandRect(box surface.Rect, bleed float64) surface.Rect {
	b := f.Band
	dh, dw := b.Depth*box.H, b.Depth*box.W
	x0, y0, x1, y1 := box.X-bleed, box.Y-bleed, box.X+box.W+bleed, box.Y+box.H+bleed
	switch b.Edge {
	case content.BandBottom:
		y0 = box.Y + box.H - dh
	case content.BandLeft:
		x1 = box.X + dw
	case content.BandRight:
		x0 = box.X + box.W - dw
	case content.BandMiddle:
		y0, y1 = box.Y+(box.H-dh)/2, box.Y+(box.H+dh)/2
	default:
		y1 = box.Y + dh
	}
	return surface.Rect{X: x0, Y: y0, W: x1 - x0, H: y1 - y0}
}

func (f *Face) drawBand(s surface.Surface, box surface.Rect, bleed float64) {
	if f.Band == nil || f.Band.Depth <= 0 {
		return
	}
	r := f.bandRect(box, bleed)
	s.SetFill(f.Band.Colour)
	s.Rect(r.X, r.Y, r.W, r.H, surface.Fill)
}

// Measurer measures text; every surface is one.
type Measurer = flow.Measurer

// facePlan is where DrawRect puts each part of a face.
type facePlan struct {
	blank     bool // background and caption only
	hasSymbol bool
	symbol    surface.Rect // the symbol's frame, when hasSymbol
	caption   *captionPlan
	label     *labelPlan
	slots     []slotPlan
}

type captionPlan struct {
	text               string
	cx, cy, w, h, size float64
	bold               bool
}

type labelPlan struct {
	text   string
	font   surface.Font
	y      float64 // centre line
	stripe bool    // a band across the face behind the text
	band   float64 // the band's height
}

type slotPlan struct {
	at     diag.Pos
	colour *surface.Color // the value's own colour, nil for the face's
	where  string
	text   string
	font   surface.Font
	x, y   float64 // the anchor: y is the middle of the cap height
	align  surface.HAlign
	stars  int // draw this many stars of radius r in maxW instead of text
	r      float64
	maxW   float64
}

// plan lays the face out on a counter w wide and h high at (x, y); it measures text but draws nothing.
func (f *Face) plan(s Measurer, x, y, w, h float64) facePlan {
	var pl facePlan
	size := h
	pad := f.pad(size)
	inner := size - 2*pad // the inner height, and the inner width of a square face
	innerW := w - 2*pad

	if f.Blank {
		pl.blank = true
		if f.Caption != "" {
			pl.caption = &captionPlan{f.Caption, x + w/2, y + size/2, innerW, inner * 0.6, size * valueFrac, false}
		}
		return pl
	}

	// Rows of values: their font size is the largest slot in the row.
	rowSize := map[string]float64{}
	for _, sl := range f.Slots {
		if sl.Placed {
			continue
		}
		row, _ := splitWhere(sl.Where)
		rowSize[row] = math.Max(rowSize[row], size*valueFrac*sl.Size)
	}
	top, bottom := y+pad, y+size-pad
	if fs, ok := rowSize["top"]; ok {
		top += fs*capRatio + pad*0.5
	}
	if fs, ok := rowSize["bottom"]; ok {
		bottom -= fs*capRatio + pad*0.5
	}

	// The middle region holds the name line (or the stripe) and the symbol.
	lf := size * labelFrac
	labelText := f.Label
	if f.Stripe != "" {
		labelText = f.Stripe
	}
	var labelY float64
	hasSymbol := f.SymbolAt != SymbolNone && (f.Symbol != "" || f.Image != nil || f.Art != nil)
	// A symbol "on top" sits between the top corners' values when the top centre is free.
	if hasSymbol && f.SymbolAt == SymbolTop && f.Caption == "" {
		if fs, ok := rowSize["top"]; ok && !f.hasSlot("top-centre") {
			sh := fs * capRatio * 1.35
			pl.hasSymbol, pl.symbol = true, frame(x+w/2, y+pad+fs*capRatio/2, inner*0.42, sh)
			hasSymbol = false
		}
	}
	hasLabel := labelText != "" && f.Caption == ""
	if hasLabel {
		lh := lf * 1.25
		if f.SymbolAt == SymbolTop && hasSymbol {
			labelY = bottom - lh/2
			bottom -= lh
		} else {
			labelY = top + lh/2
			top += lh
		}
	}

	// Centre-row values flank a centred symbol; with the symbol on top, or a value in the very centre, they
	// form their own row under the symbol.
	sideW, hasCentreRow, centreCol := 0.0, false, false
	for _, sl := range f.Slots {
		if sl.Placed {
			continue
		}
		if row, col := splitWhere(sl.Where); row == "centre" {
			hasCentreRow = true
			if col == "centre" {
				centreCol = true
			} else {
				sideW = math.Max(sideW, s.MeasureText(sl.Text, fontFor(sl, size)))
			}
		}
	}
	centreY := (top + bottom) / 2
	valuesY := centreY
	if hasCentreRow && hasSymbol && f.Caption == "" && (f.SymbolAt == SymbolTop || centreCol) {
		rh := rowSize["centre"] * capRatio
		if hasLabel && f.SymbolAt == SymbolTop {
			bottom -= pad * 0.4 // clear of the name line below
		}
		valuesY = bottom - rh/2
		bottom -= rh + pad*0.5
		centreY = (top + bottom) / 2
		sideW = 0
	}

	if f.Caption != "" { // a text marker: symbol above, caption below
		capTop := top
		if hasSymbol {
			sh := (bottom - top) * 0.42
			pl.hasSymbol, pl.symbol = true, frame(x+w/2, top+sh/2, inner*0.6, sh*0.9)
			capTop = top + sh
		}
		pl.caption = &captionPlan{f.Caption, x + w/2, (capTop + bottom) / 2, innerW, bottom - capTop, size * valueFrac, true}
	} else if hasSymbol {
		sw := innerW - 2*(sideW+pad*0.5)
		sh := (bottom - top) * 0.92
		pl.hasSymbol, pl.symbol = true, frame(x+w/2, centreY, math.Min(sw, inner*0.62), sh)
	}

	if hasLabel {
		text, fs := fitText(s, labelText, f.AltLabel, innerW, lf, surface.Font{Style: surface.Bold, Typeface: f.Font})
		pl.label = &labelPlan{text: text, font: surface.Font{Style: surface.Bold, Size: fs, Typeface: f.Font}, y: labelY, stripe: f.Stripe != "", band: lf * 1.3}
	}

	for _, sl := range f.Slots {
		if sl.Placed {
			continue
		}
		row, col := splitWhere(sl.Where)
		fs := size * valueFrac * sl.Size
		sp := slotPlan{where: sl.Where, text: sl.Text, at: sl.At}
		if sl.HasColour {
			sp.colour = &sl.Colour
		}
		switch row {
		case "top":
			sp.y = y + pad + rowSize["top"]*capRatio/2
		case "bottom":
			sp.y = y + size - pad - rowSize["bottom"]*capRatio/2
		default:
			sp.y = valuesY
		}
		switch col {
		case "left":
			sp.x, sp.align = x+pad, surface.Left
		case "right":
			sp.x, sp.align = x+w-pad, surface.Right
		default:
			sp.x, sp.align = x+w/2, surface.Center
		}
		maxW := innerW / 3
		if col == "centre" && row != "centre" {
			maxW = innerW * 0.4
		} else if col == "centre" {
			maxW = innerW
		}
		if sl.Stars > 0 {
			sp.stars, sp.r, sp.maxW = sl.Stars, fs*0.5, maxW*1.4
			switch row { // stars are taller than the row's figures: keep them inside the margin too
			case "top":
				sp.y = math.Max(sp.y, y+pad+sp.r)
			case "bottom":
				sp.y = math.Min(sp.y, y+size-pad-sp.r)
			}
			pl.slots = append(pl.slots, sp)
			continue
		}
		font := fontFor(sl, size)
		if w := s.MeasureText(sl.Text, font); w > maxW*1.5 && w > 0 {
			font.Size = math.Max(minFont, font.Size*maxW*1.5/w)
		}
		sp.font = font
		pl.slots = append(pl.slots, sp)
	}
	keepInkInRows(s, pl.slots, y+pad, y+size-pad)
	yieldInRows(s, pl.slots, x+pad, x+w-pad, pad*0.5)
	return pl
}

// yieldInRows shrinks values that would run into their neighbour in the same row (a side value may spill
// past its third of the face, but not into the next value): a side value yields to the centre one, and two
// side values share the row. No value shrinks below minFont, and values already clear are left alone.
func yieldInRows(m Measurer, slots []slotPlan, left, right, gap float64) {
	type row struct{ l, c, r *slotPlan }
	rows := map[string]*row{}
	for i := range slots {
		sp := &slots[i]
		if sp.stars > 0 {
			continue
		}
		rw, col := splitWhere(sp.where)
		if rows[rw] == nil {
			rows[rw] = &row{}
		}
		switch col {
		case "left":
			rows[rw].l = sp
		case "right":
			rows[rw].r = sp
		default:
			rows[rw].c = sp
		}
	}
	width := func(sp *slotPlan) float64 { return m.MeasureText(sp.text, sp.font) }
	fitTo := func(sp *slotPlan, room float64) {
		if w := width(sp); w > room && w > 0 {
			sp.font.Size = math.Max(minFont, sp.font.Size*math.Max(room, 0)/w)
		}
	}
	for _, k := range []string{"top", "centre", "bottom"} {
		r := rows[k]
		if r == nil {
			continue
		}
		if r.c != nil {
			cw := width(r.c)
			cx0, cx1 := r.c.x-cw/2, r.c.x+cw/2
			if r.l != nil {
				fitTo(r.l, cx0-gap-left)
			}
			if r.r != nil {
				fitTo(r.r, right-gap-cx1)
			}
			continue
		}
		if r.l != nil && r.r != nil && width(r.l)+width(r.r)+gap > right-left {
			fitTo(r.l, (right-left-gap)/2)
			fitTo(r.r, (right-left-gap)/2)
		}
	}
}

// frame is the symbol frame of the NATO aspect ratio centred in the box; a box squeezed to nothing (values
// wider than the face beside a centred symbol) gives an empty frame, never a negative one.
func frame(cx, cy, maxW, maxH float64) surface.Rect {
	return symbols.Frame(cx, cy, math.Max(maxW, 0), math.Max(maxH, 0))
}

func (f *Face) hasSlot(where string) bool {
	for _, sl := range f.Slots {
		if sl.Placed {
			continue
		}
		if sl.Where == where {
			return true
		}
	}
	return false
}

func fontFor(sl Slot, size float64) surface.Font {
	st := surface.Regular
	switch {
	case sl.Bold && sl.Italic:
		st = surface.BoldItalic
	case sl.Bold:
		st = surface.Bold
	case sl.Italic:
		st = surface.Italic
	}
	return surface.Font{Style: st, Size: size * valueFrac * sl.Size, Typeface: sl.Font}
}

func (f *Face) drawSymbol(s surface.Surface, r surface.Rect, fg surface.Color) error {
	if r.W <= 0 || r.H <= 0 {
		return nil // no room left for it
	}
	if f.Art != nil {
		f.Art.Draw(s, r, art.Contain)
		return nil
	}
	if f.Image != nil {
		if err := s.Image(f.Image, r.X, r.Y, r.W, r.H); err != nil {
			return fmt.Errorf("counter image: %w", err)
		}
		return nil
	}
	symbols.Draw(s, f.Symbol, r, fg)
	return nil
}

// splitWhere splits "top-left" into its row and column; "centre" is the middle of both.
func splitWhere(w string) (row, col string) {
	w = strings.ReplaceAll(w, "center", "centre")
	row, col, ok := strings.Cut(w, "-")
	if !ok {
		return "centre", "centre"
	}
	return row, col
}

// fitText returns the text and font size that fit width in the style and typeface of font: the text shrunk
// (down to two thirds of its size), then the alternative (the abbreviation), then the text shrunk further down
// to minFont, then cut with an ellipsis (flow.Truncate, which measures O(log n) cuts rather than every one).
func fitText(s Measurer, text, alt string, width, size float64, font surface.Font) (string, float64) {
	at := func(sz float64) surface.Font { f := font; f.Size = sz; return f }
	fit := func(t string, least float64) (float64, bool) {
		w := s.MeasureText(t, at(size))
		if w <= width {
			return size, true
		}
		fs := size * width / w
		return fs, fs >= least
	}
	if fs, ok := fit(text, size*2/3); ok {
		return text, fs
	}
	if alt != "" && alt != text {
		if fs, ok := fit(alt, size*2/3); ok {
			return alt, fs
		}
	}
	if fs, ok := fit(text, minFont); ok {
		return text, fs
	}
	if t := flow.Truncate(s, text, at(minFont), width); t != "…" {
		return t, minFont
	}
	return "", minFont
}

// drawWrapped draws text centred on (cx, cy) in up to three lines, with the largest font (up to size) that
// fits the box.
func drawWrapped(s surface.Surface, text string, cx, cy, width, height, size float64, bold bool, tf *surface.Typeface) {
	st := surface.Regular
	if bold {
		st = surface.Bold
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return
	}
	unit := surface.Font{Style: st, Size: 1, Typeface: tf}
	ww := make([]float64, len(words)) // each word's width at size 1, measured once
	for i, w := range words {
		ww[i] = s.MeasureText(w, unit)
	}
	space := s.MeasureText(" ", unit)
	best, bestSize := []string{text}, 0.0
	for n := 1; n <= 3 && n <= len(words); n++ {
		lines, w := wrapInto(words, ww, space, n)
		fs := size
		if w*fs > width {
			fs = width / w
		}
		if h := float64(len(lines)) * 1.15; h*fs > height {
			fs = height / h
		}
		if fs > bestSize*1.05 {
			best, bestSize = lines, fs
		}
	}
	fs := math.Max(bestSize, minFont)
	lh := fs * 1.15
	y := cy - lh*float64(len(best)-1)/2
	for i, l := range best {
		s.Text(cx, y+float64(i)*lh, l, surface.Font{Style: st, Size: fs, Typeface: tf}, surface.Align{H: surface.Center, V: surface.Middle})
	}
}

// wrapInto splits words into n lines of similar width (greedy against the total width divided by n), from
// the words' widths and the space's (text width is the sum of its parts'); it returns the lines and the
// widest one's width.
func wrapInto(words []string, ww []float64, space float64, n int) ([]string, float64) {
	total := 0.0
	for i, w := range ww {
		if i > 0 {
			total += space
		}
		total += w
	}
	if n <= 1 {
		return []string{strings.Join(words, " ")}, total
	}
	target := total / float64(n)
	var lines []string
	var cur strings.Builder
	curW, widest := 0.0, 0.0
	for i, w := range words {
		if cur.Len() > 0 && curW+space+ww[i] > target*1.1 && len(lines) < n-1 {
			lines = append(lines, cur.String())
			widest = math.Max(widest, curW)
			cur.Reset()
			curW = 0
		}
		if cur.Len() > 0 {
			cur.WriteByte(' ')
			curW += space
		}
		cur.WriteString(w)
		curW += ww[i]
	}
	return append(lines, cur.String()), math.Max(widest, curW)
}

// drawStars draws n five-pointed stars of radius r in a row anchored at (x, cy).
func drawStars(s surface.Surface, n int, x, cy, r, maxW float64, h surface.HAlign) {
	step := r * 2.1
	if w := step * float64(n); w > maxW {
		step = maxW / float64(n)
		r = step / 2.1
	}
	w := step * float64(n)
	start := x
	switch h {
	case surface.Center:
		start = x - w/2
	case surface.Right:
		start = x - w
	}
	for i := 0; i < n; i++ {
		s.Star(start+step*(float64(i)+0.5), cy, r, 5, surface.Fill)
	}
}

// Part is a part of a face as DrawRect places it, and the box its ink covers: the symbol's frame, or a line
// of text from its left to its right and over its cap height (digits and capitals).
type Part struct {
	What string // "symbol", "name", the value's place ("top-left", ...), "placed" for an element at a position, "paragraph"
	Text string // the text printed; "" for the symbol, the stars' count for stars
	Box  surface.Rect
	At   diag.Pos // where the layout writes the element (a value or placed element)
	// Size is the size a placed text or paragraph prints at, in points; Source where the content writes its
	// text when that is not the layout (Slot.Source).
	Size   float64
	Source diag.Pos
	// Font is what a text prints in (zero for anything else), Rotate its turn in degrees: Unsafe measures its
	// ink with them.
	Font   surface.Font `json:"-"`
	Rotate float64      `json:"-"`
}

// Parts lists the symbol, the name line, every value and every placed text and symbol of the face where
// DrawRect would draw them on a counter w wide and h high with its top-left corner at (0, 0). A blank face and
// a text marker's caption have none; boxes, lines and images are not parts (they are drawn under or around
// what they frame).
func (f *Face) Parts(m Measurer, w, h float64) []Part {
	box := surface.Rect{W: w, H: h}
	in := shape.Inner(f.Shape, box)
	pl := f.plan(m, in.X, in.Y, in.W, in.H)
	var out []Part
	if pl.blank {
		return f.placedParts(m, box, out)
	}
	if pl.hasSymbol && pl.symbol.W > 0 && pl.symbol.H > 0 {
		out = append(out, Part{What: "symbol", Box: pl.symbol})
	}
	textBox := func(x, y float64, text string, font surface.Font, a surface.HAlign) surface.Rect {
		tw := m.MeasureText(text, font)
		switch a {
		case surface.Center:
			x -= tw / 2
		case surface.Right:
			x -= tw
		}
		ch := font.Size * capRatio
		return surface.Rect{X: x, Y: y - ch/2, W: tw, H: ch}
	}
	if l := pl.label; l != nil && l.text != "" {
		b := textBox(w/2, l.y, l.text, l.font, surface.Center)
		if l.stripe { // the band across the face behind the name covers whatever lies under it
			b = surface.Rect{X: 0, Y: l.y - l.band/2, W: w, H: l.band}
		}
		out = append(out, Part{What: "name", Text: l.text, Box: b})
	}
	for _, sp := range pl.slots {
		if sp.stars > 0 {
			step, r := sp.r*2.1, sp.r
			if sw := step * float64(sp.stars); sw > sp.maxW {
				step = sp.maxW / float64(sp.stars)
				r = step / 2.1
			}
			sw := step * float64(sp.stars)
			x := sp.x
			switch sp.align {
			case surface.Center:
				x -= sw / 2
			case surface.Right:
				x -= sw
			}
			out = append(out, Part{What: sp.where, Text: strings.Repeat("*", sp.stars), Box: surface.Rect{X: x, Y: sp.y - r, W: sw, H: 2 * r}, At: sp.at})
			continue
		}
		out = append(out, Part{What: sp.where, Text: sp.text, Box: textBox(sp.x, sp.y, sp.text, sp.font, sp.align), At: sp.at, Size: sp.font.Size, Font: sp.font})
	}
	return f.placedParts(m, box, out)
}

// placedParts adds the placed texts, stars and symbols to parts.
func (f *Face) placedParts(m Measurer, box surface.Rect, out []Part) []Part {
	for _, p := range f.placed(m, box) {
		switch p.slot.Kind {
		case ElemText:
			t := p.slot.Text
			if p.slot.Stars > 0 {
				t = strings.Repeat("*", p.slot.Stars)
			}
			pt := Part{What: "placed", Text: t, Box: p.ink, At: p.slot.At, Source: p.slot.Source, Rotate: p.slot.Rotate}
			if p.slot.Stars == 0 {
				pt.Size, pt.Font = p.font.Size, p.font
				if p.slot.Box != "" {
					pt.Font = surface.Font{} // the frame around it is what reaches furthest
				}
			}
			out = append(out, pt)
		case ElemParagraph:
			out = append(out, Part{What: "paragraph", Text: p.slot.Text, Box: p.ink, At: p.slot.At, Size: p.font.Size, Source: p.slot.Source})
		case ElemSymbol:
			if p.frame.W > 0 && p.frame.H > 0 && (f.Symbol != "" || f.Image != nil || f.Art != nil) {
				out = append(out, Part{What: "symbol", Box: p.frame, At: p.slot.At})
			}
		}
	}
	return out
}

// Overlaps lists the pairs of the face's parts (Parts) that print over each other on a counter w wide and h
// high: a value on the symbol, two values in one place, a value on the name line. Boxes that only touch, or
// overlap by less than tolerance points either way, do not count.
func (f *Face) Overlaps(m Measurer, w, h, tolerance float64) [][2]Part {
	parts := f.Parts(m, w, h)
	var out [][2]Part
	for i := range parts {
		for j := i + 1; j < len(parts); j++ {
			a, b := parts[i].Box, parts[j].Box
			ox := math.Min(a.X+a.W, b.X+b.W) - math.Max(a.X, b.X)
			oy := math.Min(a.Y+a.H, b.Y+b.H) - math.Max(a.Y, b.Y)
			if ox > tolerance && oy > tolerance {
				out = append(out, [2]Part{parts[i], parts[j]})
			}
		}
	}
	return out
}
