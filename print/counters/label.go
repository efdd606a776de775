package counters

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/rules"
	"github.com/muster-wargames/muster/print/surface"
)

// Block labels: the sticker on a wooden block. A square label prints the value of each of the block's steps
// along one edge, turned so that it reads upright when that edge is at the top, and the unit itself in the
// middle (its face layout, without the block's strength, which the edges print). The block stands with its
// label facing its owner; losing a step it turns a quarter (counterclockwise, as Columbia's rules turn
// blocks, unless the System says clockwise), which brings the next step's edge to the top.

// Block is what a block's label prints besides its middle: each step's text along its edge.
type Block struct {
	// Steps are what each step prints along its edge, full strength first.
	Steps []Edge
	// Strengths are each step's strength (the block stat's value), full strength first.
	Strengths []string
	// Turn is which way the block turns to lose a step (content.TurnCounterclockwise or TurnClockwise).
	Turn string
	// Bleed is the label's own bleed in points (the mix's labels.bleed).
	Bleed float64
	// Hidden says the label faces its owner only (content.UnitType.HiddenFrom).
	Hidden bool
}

// Edge is what one step prints along its edge: its strength as pips or a number, then the other values the
// step gives (its rating), smaller.
type Edge struct {
	Strength string
	Rating   string
}

// Text is the edge's text as one line: "••• A2".
func (e Edge) Text() string {
	if e.Rating == "" {
		return e.Strength
	}
	return e.Strength + " " + e.Rating
}

// Label geometry, as shares of the label's side.
const (
	// LabelEdge is the depth of the band along each edge where a step prints.
	LabelEdge = 0.19
	// labelPip and labelNumber are the edge texts' sizes, as shares of the band's depth.
	labelPip    = 1.25
	labelNumber = 0.86
	// LabelMinText is the smallest an edge's text is shrunk to fit its edge, in points.
	LabelMinText = 4.0
)

// Pip is the character a label prints for each point of strength.
const Pip = "•"

// EdgeRotation is the rotation (degrees clockwise) of the text of step i (from 0) on a label whose block turns
// this way: the edge that many quarter turns bring to the top. Counterclockwise: top 0, right 90, bottom 180,
// left 270; clockwise: top, left (270), bottom, right (90).
func EdgeRotation(turn string, i int) float64 {
	q := i % content.LabelEdges
	if turn == content.TurnClockwise {
		q = (content.LabelEdges - q) % content.LabelEdges
	}
	return float64(q * 90)
}

// Inner is the square the middle of a label of this side is drawn in, inside its edge bands.
func Inner(x, y, size float64) surface.Rect {
	d := LabelEdge * size
	return surface.Rect{X: x + d, Y: y + d, W: size - 2*d, H: size - 2*d}
}

// Label paints a block's label on a sheet: its step in play at the top, as printed (Step 0) or turned so
// that a later step is at the top, as a digital piece shows the block after losing steps.
type Label struct {
	C    *Counter
	Step int
}

// Draw paints the label with its side size at (x, y), its background extended by bleed.
func (l Label) Draw(s surface.Surface, x, y, size, bleed float64) error {
	return l.DrawRect(s, x, y, size, size, bleed)
}

// DrawRect paints the label into a w x h rectangle (square for a label; the smaller side is used).
func (l Label) DrawRect(s surface.Surface, x, y, w, h, bleed float64) error {
	c := l.C
	if c.Block == nil {
		return fmt.Errorf("%s is not a block", c.ID)
	}
	size := math.Min(w, h)
	cx, cy := x+w/2, y+h/2
	s.Push()
	s.Translate(cx, cy)
	if l.Step > 0 {
		// The block turned the way it loses steps: counterclockwise on the page is a negative rotation.
		s.Rotate(-EdgeRotation(c.Block.Turn, l.Step))
	}
	err := c.drawLabel(s, -size/2, -size/2, size, bleed)
	s.Pop()
	if err != nil {
		return err
	}
	return s.Err()
}

// drawLabel paints the label upright (the first step at the top) with its top-left corner at (x, y).
func (c *Counter) drawLabel(s surface.Surface, x, y, size, bleed float64) error {
	f := &c.Front
	s.SetFill(f.Background)
	s.Rect(x-bleed, y-bleed, size+2*bleed, size+2*bleed, surface.Fill)
	if f.Backdrop != nil {
		if err := f.Backdrop.Draw(s, surface.Rect{X: x - bleed, Y: y - bleed, W: size + 2*bleed, H: size + 2*bleed}, 0); err != nil {
			return fmt.Errorf("label background image: %w", err)
		}
	}
	in := Inner(x, y, size)
	mid := *f
	mid.Backdrop, mid.Band = nil, nil
	if err := mid.DrawRect(s, in.X, in.Y, in.W, in.H, 0); err != nil {
		return err
	}
	s.SetFill(f.Text)
	cx, cy := x+size/2, y+size/2
	along := surface.Align{H: surface.Left, V: surface.Middle}
	for i, e := range c.Block.Steps {
		fs, fr, _ := c.EdgeFonts(s, i, size)
		ws := s.MeasureText(e.Strength, fs)
		gap, wr := 0.0, 0.0
		if e.Rating != "" {
			gap, wr = fr.Size*0.3, s.MeasureText(e.Rating, fr)
		}
		x0 := -(ws + gap + wr) / 2
		y0 := -size/2 + LabelEdge*size/2
		s.Push()
		s.Translate(cx, cy)
		s.Rotate(EdgeRotation(c.Block.Turn, i))
		s.Text(x0, y0, e.Strength, fs, along)
		if e.Rating != "" {
			s.Text(x0+ws+gap, y0, e.Rating, fr, along)
		}
		s.Pop()
	}
	return nil
}

// EdgeFonts are the fonts step i's edge prints in on a label of this side: its strength (pips larger than
// numbers) and its rating, both shrunk alike to fit the edge between the corners; fits is false when even
// the smallest size does not.
func (c *Counter) EdgeFonts(m Measurer, i int, size float64) (strength, rating surface.Font, fits bool) {
	e := c.Block.Steps[i]
	share := labelNumber
	if strings.HasPrefix(e.Strength, Pip) {
		share = labelPip
	}
	strength = surface.Font{Style: surface.Bold, Size: share * LabelEdge * size, Typeface: c.Front.Font}
	rating = surface.Font{Style: surface.Bold, Size: labelNumber * LabelEdge * size, Typeface: c.Front.Font}
	room := size * (1 - 2*LabelEdge)
	width := func() float64 {
		w := m.MeasureText(e.Strength, strength)
		if e.Rating != "" {
			w += rating.Size*0.3 + m.MeasureText(e.Rating, rating)
		}
		return w
	}
	if w := width(); w > room {
		k := room / w
		strength.Size = math.Max(LabelMinText, strength.Size*k)
		rating.Size = math.Max(LabelMinText, rating.Size*k)
		return strength, rating, width() <= room+1e-9
	}
	return strength, rating, true
}

// EdgeText is what a label prints along a step's edge: the strength as pips (show: pips) or a number, then
// the other values the step gives: the System's rating format filled with the block's values at that step
// when the step gives one of its stats, else each value the step gives, in the System's stat order.
func EdgeText(sys *content.System, b *rules.Block, i int) Edge {
	st := b.Steps[i]
	strength := st.Strength.String()
	if sys.Blocks.ShowOf() == content.ShowPips && st.Strength.IsInt() && st.Strength.Sign() > 0 && st.Strength.Floor() <= 12 {
		strength = strings.Repeat(Pip, int(st.Strength.Floor()))
	}
	stat := sys.BlockStat()
	if f := ratingFormat(sys); f != nil {
		gives := false
		for _, p := range f.Fields() {
			_, ok := st.Layer[p.Field]
			gives = gives || ok && p.Field != stat
		}
		if gives {
			stats := sys.UnitStats(b.Type.Stats, st.Layer)
			text, _, _ := f.Expand(func(field string) (string, bool) {
				v, ok := stats[field]
				if !ok {
					return "", false
				}
				return v.Def.Prefix + strings.TrimSpace(v.String()), true
			})
			return Edge{Strength: strength, Rating: text}
		}
		return Edge{Strength: strength}
	}
	var parts []string
	for _, def := range sys.Stats {
		if def.ID == stat {
			continue
		}
		if sc, ok := st.Layer[def.ID]; ok {
			parts = append(parts, def.Prefix+strings.TrimSpace(sc.Text))
		}
	}
	return Edge{Strength: strength, Rating: strings.Join(parts, " ")}
}

// ratingFormat is the System's blocks rating format, nil when it gives none or it does not parse (the blocks
// check reports that).
func ratingFormat(sys *content.System) *content.Format {
	if sys == nil || sys.Blocks == nil || sys.Blocks.Rating == "" {
		return nil
	}
	f, err := content.ParseFormat(sys.Blocks.Rating)
	if err != nil {
		return nil
	}
	return f
}

// block resolves a block unit type's label: the middle as its counter's front would print it without the
// block stat, the edges from its steps, its back the faction's blank side.
func (r *resolver) block(u *content.UnitType, faction string) *Counter {
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
	b, _ := rules.BlockOf(r.sys, u) // the blocks check reports its problems
	c := &Counter{ID: counterID(u.ID, faction), Of: u.ID, Faction: faction, Kind: KindUnit, Name: name, Footprint: 1}
	c.Block = &Block{Turn: r.sys.Blocks.TurnOf(), Hidden: u.IsHidden(r.sys)}
	layers := []map[string]content.Scalar{u.Stats}
	if len(b.Steps) > 0 {
		layers = append(layers, b.Steps[0].Layer)
	}
	for i := range b.Steps {
		c.Block.Steps = append(c.Block.Steps, EdgeText(r.sys, b, i))
		c.Block.Strengths = append(c.Block.Strengths, b.Steps[i].Strength.String())
	}
	uf := &unitFields{kind: KindUnit, id: u.ID, name: name, abbr: u.Abbr, size: u.Size, echelon: u.Echelon, factionID: colourOf, faction: r.sys.FactionName(colourOf)}
	face := u.Face
	if r.sys.Blocks != nil && r.sys.Blocks.Face != "" {
		face = r.sys.Blocks.Face
	}
	lay := r.layout(face, u.Classes, false)
	r.skipStat = r.sys.BlockStat()
	c.Front = r.valueFace(lay, r.sys.UnitStats(layers...), bg, fg, uf, roleFront)
	r.skipStat = ""
	c.Front.Label, c.Front.AltLabel = label(lay, name, u.Abbr, u.Size), u.Abbr
	if err := r.symbol(&c.Front, &u.Meta, what, u.Symbol, u.Image, "/image"); err != nil {
		r.imageProblem(posOf(&u.Meta, "/image"), err)
	}
	c.Front.Backdrop = r.backdrop(&u.Meta, what, u.Background, colourOf)
	c.Back = Face{Background: bg, Text: fg, Blank: true, Backdrop: c.Front.Backdrop}
	r.typefaces(c)
	return c
}

// showsStat reports whether a layout element prints a stat: the stat itself, or a format naming it.
func showsStat(s *content.FaceSlot, stat string) bool {
	if stat == "" {
		return false
	}
	return s.Stat == stat || strings.Contains(s.Format, "{"+stat+"}")
}

// labelSize gives a block's counter its label's side and bleed: its mix's labels (nil: the defaults). The
// block gets its own copy of the label fields.
func labelSize(c *Counter, m *content.CounterMix) {
	if c.Block == nil {
		return
	}
	b := *c.Block
	c.Block = &b
	c.Size, c.SizeAt = content.DefaultLabelSize.Points, diag.Pos{}
	b.Bleed = content.DefaultLabelBleed.Points
	if m == nil || m.Labels == nil {
		return
	}
	if l := m.Labels.Size; l != nil && l.Points > 0 {
		c.Size, c.SizeAt = l.Points, m.Labels.Fields.Of("size", m.Labels.At)
	}
	if l := m.Labels.Bleed; l != nil && l.Points >= 0 {
		b.Bleed = l.Points
	}
}
