package counters

import (
	"fmt"
	"math"
	"strings"

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
// stays inside the counter. The background rectangle is always one `re` of (w+2*bleed)x(h+2*bleed) at
// (x-bleed, y-bleed).
func (f *Face) DrawRect(s surface.Surface, x, y, w, h, bleed float64) error {
	size := h
	s.SetFill(f.Background)
	s.Rect(x-bleed, y-bleed, w+2*bleed, h+2*bleed, surface.Fill)
	fg := f.Text
	pad := size * padFrac
	inner := size - 2*pad // the inner height, and the inner width of a square face
	innerW := w - 2*pad

	if f.Blank {
		if f.Caption != "" {
			s.SetFill(fg)
			drawWrapped(s, f.Caption, x+w/2, y+size/2, innerW, inner*0.6, size*valueFrac, false)
		}
		return s.Err()
	}

	// Rows of values: their font size is the largest slot in the row.
	rowSize := map[string]float64{}
	for _, sl := range f.Slots {
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
	hasSymbol := f.SymbolAt != SymbolNone && (f.Symbol != "" || f.Image != nil)
	// A symbol "on top" sits between the top corners' values when the top centre is free.
	if hasSymbol && f.SymbolAt == SymbolTop && f.Caption == "" {
		if fs, ok := rowSize["top"]; ok && !f.hasSlot("top-centre") {
			sh := fs * capRatio * 1.35
			if err := f.drawSymbol(s, symbols.Frame(x+w/2, y+pad+fs*capRatio/2, inner*0.42, sh), fg); err != nil {
				return err
			}
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
			if err := f.drawSymbol(s, symbols.Frame(x+w/2, top+sh/2, inner*0.6, sh*0.9), fg); err != nil {
				return err
			}
			capTop = top + sh
		}
		s.SetFill(fg)
		drawWrapped(s, f.Caption, x+w/2, (capTop+bottom)/2, innerW, bottom-capTop, size*valueFrac, true)
	} else if hasSymbol {
		sw := innerW - 2*(sideW+pad*0.5)
		sh := (bottom - top) * 0.92
		if err := f.drawSymbol(s, symbols.Frame(x+w/2, centreY, math.Min(sw, inner*0.62), sh), fg); err != nil {
			return err
		}
	}

	if hasLabel {
		if f.Stripe != "" {
			band := lf * 1.3
			col := fg
			if col == f.Background {
				col = stripeFallback
			}
			s.SetFill(col)
			s.Rect(x-bleed, labelY-band/2, w+2*bleed, band, surface.Fill)
			s.SetFill(f.Background)
		} else {
			s.SetFill(fg)
		}
		text, fs := fitText(s, labelText, f.AltLabel, innerW, lf, surface.Bold)
		s.Text(x+w/2, labelY, text, surface.Font{Style: surface.Bold, Size: fs}, surface.Align{H: surface.Center, V: surface.Middle})
	}

	s.SetFill(fg)
	for _, sl := range f.Slots {
		row, col := splitWhere(sl.Where)
		fs := size * valueFrac * sl.Size
		var ty float64
		switch row {
		case "top":
			ty = y + pad + rowSize["top"]*capRatio/2
		case "bottom":
			ty = y + size - pad - rowSize["bottom"]*capRatio/2
		default:
			ty = valuesY
		}
		var tx float64
		var ha surface.HAlign
		switch col {
		case "left":
			tx, ha = x+pad, surface.Left
		case "right":
			tx, ha = x+w-pad, surface.Right
		default:
			tx, ha = x+w/2, surface.Center
		}
		maxW := innerW / 3
		if col == "centre" && row != "centre" {
			maxW = innerW * 0.4
		} else if col == "centre" {
			maxW = innerW
		}
		if sl.Stars > 0 {
			drawStars(s, sl.Stars, tx, ty, fs*0.5, maxW*1.4, ha)
			continue
		}
		font := fontFor(sl, size)
		if w := s.MeasureText(sl.Text, font); w > maxW*1.5 && w > 0 {
			font.Size = math.Max(minFont, font.Size*maxW*1.5/w)
		}
		s.Text(tx, ty, sl.Text, font, surface.Align{H: ha, V: surface.Middle})
	}
	return s.Err()
}

func (f *Face) hasSlot(where string) bool {
	for _, sl := range f.Slots {
		if sl.Where == where {
			return true
		}
	}
	return false
}

func fontFor(sl Slot, size float64) surface.Font {
	st := surface.Regular
	if sl.Bold {
		st = surface.Bold
	}
	return surface.Font{Style: st, Size: size * valueFrac * sl.Size}
}

func (f *Face) drawSymbol(s surface.Surface, r surface.Rect, fg surface.Color) error {
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

// fitText returns the text and font size that fit width: the text shrunk (down to two thirds of its size),
// then the alternative (the abbreviation), then the text shrunk further down to minFont, then cut with an
// ellipsis.
func fitText(s surface.Surface, text, alt string, width, size float64, st surface.Style) (string, float64) {
	fit := func(t string, least float64) (float64, bool) {
		w := s.MeasureText(t, surface.Font{Style: st, Size: size})
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
	r := []rune(text)
	for n := len(r) - 1; n > 0; n-- {
		t := strings.TrimSpace(string(r[:n])) + "…"
		if s.MeasureText(t, surface.Font{Style: st, Size: minFont}) <= width {
			return t, minFont
		}
	}
	return "", minFont
}

// drawWrapped draws text centred on (cx, cy) in up to three lines, with the largest font (up to size) that
// fits the box.
func drawWrapped(s surface.Surface, text string, cx, cy, width, height, size float64, bold bool) {
	st := surface.Regular
	if bold {
		st = surface.Bold
	}
	words := strings.Fields(text)
	if len(words) == 0 {
		return
	}
	best, bestSize := []string{text}, 0.0
	for n := 1; n <= 3 && n <= len(words); n++ {
		lines := wrapInto(s, words, n, st)
		w := 0.0
		for _, l := range lines {
			w = math.Max(w, s.MeasureText(l, surface.Font{Style: st, Size: 1}))
		}
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
		s.Text(cx, y+float64(i)*lh, l, surface.Font{Style: st, Size: fs}, surface.Align{H: surface.Center, V: surface.Middle})
	}
}

// wrapInto splits words into n lines of similar width (greedy against the total width divided by n).
func wrapInto(s surface.Surface, words []string, n int, st surface.Style) []string {
	if n <= 1 {
		return []string{strings.Join(words, " ")}
	}
	total := s.MeasureText(strings.Join(words, " "), surface.Font{Style: st, Size: 1})
	target := total / float64(n)
	var lines []string
	cur := ""
	for i, w := range words {
		next := w
		if cur != "" {
			next = cur + " " + w
		}
		left := len(words) - i
		if cur != "" && s.MeasureText(next, surface.Font{Style: st, Size: 1}) > target*1.1 && len(lines) < n-1 && left >= 1 {
			lines = append(lines, cur)
			cur = w
			continue
		}
		cur = next
	}
	return append(lines, cur)
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
