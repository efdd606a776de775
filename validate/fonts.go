package validate

import (
	"bytes"
	"fmt"
	"image"
	"image/png"
	"strings"

	"github.com/muster-wargames/muster/content"
	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/english"
	"github.com/muster-wargames/muster/print/counters"
	"github.com/muster-wargames/muster/print/fonts"
	"github.com/muster-wargames/muster/print/surface"
)

// fontsCheck reads the package's fonts as the printers will and looks at every text they print in them, so
// that a font muster cannot embed, or a character a font has no glyph for, is a validate error at the content
// that names the font instead of a failed build or an empty box on the page.
var fontsCheck = &Check{
	Name:  "fonts",
	Stage: StageCheck,
	Doc: fmt.Sprintf("every font the content names can be embedded, and has a glyph for every text printed in it\n\n"+
		"The System's fonts are read as the printers read them: each face a TrueType file inside the package (missing, outside, unreadable), at most %d MB (too-large), "+
		"a font fpdf can embed in a PDF (format; postscript: an OpenType font with PostScript (CFF) outlines, for which a .ttf version is needed; licence: a font whose licence bits forbid embedding), "+
		"declared once (duplicate); textFont, headingFont, a face layout's or element's font and a map label's font name a declared font (unknown, with a did-you-mean). "+
		"glyph: a text printed in one of the fonts with a character it has no glyph for (which would print as an empty box), naming the text, the character and the font, at the content that names the font: "+
		"every counter face as the counter sheet draws it (values, notations, names, stripes and captions through the font of their element or layout), every map label in a font of its own, "+
		"and what the charts, scenario sheets and rosters print in the text and heading fonts besides the content's own texts (their headings and labels). "+
		"A character of the content's own texts that the text or heading font lacks is print-text's to report, once, where the content writes it: glyph does not report it again where a counter or label prints it in that font.",
		content.MaxFontBytes>>20),
	Requires: []Requirement{Printing},
	Applies:  namesFonts,
	Package: func(p *Pass) {
		set := fonts.Of(p.Pkg)
		for _, d := range set.Problems {
			p.Report(d)
		}
		pp := Get(p, Printing)
		reportFamily(p, pp.problems) // what the dry run of the sheets drew in a font without its glyphs
		reported := contentGlyphs(p.Pkg, set)
		checkCounterGlyphs(p, pp.counters, reported)
		checkLabelGlyphs(p, set)
	},
}

// contentGlyphs is what print-text reports: the characters of the content's own texts that the text or
// heading font lacks, for each of the two. A counter text in one of those fonts missing one of them is the
// content's text (a unit's name, a layout's format) already reported where the content writes it.
func contentGlyphs(pkg *content.Package, set *fonts.Set) func(f *surface.FontFile, r rune) bool {
	if set.Text == nil && set.Heading == nil {
		return func(*surface.FontFile, rune) bool { return false }
	}
	unprintable := printFonts(pkg)
	missing := map[rune]bool{}
	printedTexts(pkg, func(_ *content.Document, _, _, s string) {
		rs, _ := unprintable(s)
		for _, r := range rs {
			missing[r] = true
		}
	})
	return func(f *surface.FontFile, r rune) bool {
		return missing[r] && (set.Text != nil && set.Text.Has(f) || set.Heading != nil && set.Heading.Has(f))
	}
}

// namesFonts reports whether the package declares a font, or names one anywhere.
func namesFonts(pkg *content.Package) bool {
	sys := pkg.System
	if sys == nil {
		return false
	}
	if len(sys.Fonts) > 0 || sys.TextFont != "" || sys.HeadingFont != "" {
		return true
	}
	for _, l := range sys.Faces {
		if l.Font != "" {
			return true
		}
		for _, s := range l.Slots {
			if s.Font != "" {
				return true
			}
		}
	}
	for _, m := range pkg.Maps() {
		for _, l := range m.Labels {
			if l.Font != "" {
				return true
			}
		}
	}
	return false
}

// glyphFinding is one character a font lacks, at the content that names the font, with every text it spoils.
type glyphFinding struct {
	at    diag.Pos
	font  string
	r     rune
	texts []string // "counter legion (front): its value at top-left "Æ3""
}

type glyphFindings struct {
	byKey map[string]*glyphFinding
	order []*glyphFinding
}

func (g *glyphFindings) add(at diag.Pos, font string, r rune, text string) {
	k := fmt.Sprintf("%s|%s|%d", at, font, r)
	f := g.byKey[k]
	if f == nil {
		if g.byKey == nil {
			g.byKey = map[string]*glyphFinding{}
		}
		f = &glyphFinding{at: at, font: font, r: r}
		g.byKey[k] = f
		g.order = append(g.order, f)
	}
	for _, t := range f.texts {
		if t == text {
			return
		}
	}
	f.texts = append(f.texts, text)
}

func (g *glyphFindings) report(p *Pass) {
	for _, f := range g.order {
		more := ""
		if n := len(f.texts) - 1; n > 0 {
			more = fmt.Sprintf(", and %s more", english.Count(n, "text"))
		}
		e := p.Errorf(f.at, "glyph", "%s%s prints in %s, which has no glyph for %q (U+%04X): it would print as an empty box", f.texts[0], more, f.font, f.r, f.r)
		e.Hint = "print the text in a font that has the character (font: ID), or write it without it"
	}
}

// checkCounterGlyphs draws every counter face as the counter sheet does, on a dry surface that only measures,
// and reports each text drawn in a package font with a character the font lacks, at the content that names
// the font for that text.
func checkCounterGlyphs(p *Pass, cs []counters.Counter, reported func(*surface.FontFile, rune) bool) {
	var found glyphFindings
	eachDesign(cs, func(c *counters.Counter, side string, face *counters.Face) {
		f := drawable(face)
		s := surface.NewDry(0)
		s.BeginPage(c.Width(), c.Height())
		if f.DrawRect(s, 0, 0, c.Width(), c.Height(), 0) != nil {
			return // counter-faces reports a face that cannot be drawn
		}
		for _, u := range s.Unprintable() {
			if u.File == nil {
				continue // in the Go fonts: print-text reports the content's characters they lack
			}
			what, at := textOrigin(face, u.Text)
			for _, r := range u.Runes {
				if reported(u.File, r) {
					continue // print-text reports it where the content writes the text
				}
				found.add(at, u.Font, r, fmt.Sprintf("counter %s (%s): %s %q", c.ID, side, what, u.Text))
			}
		}
	})
	found.report(p)
}

// textOrigin says which part of a face printed a text, and where the content names the font it prints in.
func textOrigin(f *counters.Face, text string) (string, diag.Pos) {
	for _, sl := range f.Slots {
		if sl.Text == text {
			what := "its value at " + sl.Where
			if sl.Placed {
				what = "its element"
			}
			return what, sl.FontAt
		}
	}
	switch {
	case text == f.Caption:
		return "its caption", f.FontAt
	case text == f.Stripe:
		return "its stripe", f.FontAt
	}
	return "its name line", f.FontAt
}

// tinyPNG stands in for an image the plan did not read (validate resolves counters without their images): the
// face lays out the same, and draws.
var tinyPNG = func() []byte {
	var b bytes.Buffer
	_ = png.Encode(&b, image.NewGray(image.Rect(0, 0, 1, 1)))
	return b.Bytes()
}()

// drawable is a copy of f whose unread images are tinyPNG.
func drawable(f *counters.Face) *counters.Face {
	g := *f
	if g.Image != nil && len(g.Image) == 0 {
		g.Image = tinyPNG
	}
	g.Slots = append([]counters.Slot(nil), f.Slots...)
	for i := range g.Slots {
		if g.Slots[i].Kind == counters.ElemImage && len(g.Slots[i].Image) == 0 {
			g.Slots[i].Image = tinyPNG
		}
	}
	return &g
}

// checkLabelGlyphs reports each map label whose text its own font, when it is neither the text nor the heading
// font, has no glyph for.
func checkLabelGlyphs(p *Pass, set *fonts.Set) {
	var found glyphFindings
	for _, m := range p.Pkg.Maps() {
		for _, l := range m.Labels {
			t, at := set.Get(l.Font), l.Fields.Of("font", l.At)
			if t == nil || t == set.Text || t == set.Heading {
				continue // in the text or heading font: print-text checks every label in all four styles
			}
			runes, faces := t.Unprintable(l.Text, surface.BoldItalic) // labels print in bold italic
			for i, r := range runes {
				found.add(at, strings.Join(faces[i], ", "), r, fmt.Sprintf("map %s's label %q", m.ID, l.Text))
			}
		}
	}
	found.report(p)
}

// printFonts are the fonts the sheets print content in: the package's text and heading fonts, or the Go
// fonts where it declares none. unprintable lists the runes of s one of them cannot draw (in a regular, bold,
// italic or bold italic face), with the names of the faces that lack each.
func printFonts(pkg *content.Package) func(s string) (runes []rune, faces [][]string) {
	set := fonts.Of(pkg)
	if set.Text == nil && set.Heading == nil {
		return surface.Unprintable
	}
	return func(s string) ([]rune, [][]string) {
		var runes []rune
		var faces [][]string
		add := func(rs []rune, fs [][]string) {
			for i, r := range rs {
				j := indexRune(runes, r)
				if j < 0 {
					runes, faces = append(runes, r), append(faces, nil)
					j = len(runes) - 1
				}
				faces[j] = append(faces[j], fs[i]...)
			}
		}
		if set.Text != nil {
			add(set.Text.Unprintable(s))
		} else {
			add(surface.Unprintable(s))
		}
		if set.Heading != nil && set.Heading != set.Text {
			add(set.Heading.Unprintable(s))
		}
		// Report them in the text's order.
		order := make([]rune, 0, len(runes))
		for _, r := range s {
			if indexRune(runes, r) >= 0 && indexRune(order, r) < 0 {
				order = append(order, r)
			}
		}
		outFaces := make([][]string, len(order))
		for i, r := range order {
			outFaces[i] = faces[indexRune(runes, r)]
		}
		return order, outFaces
	}
}

func indexRune(rs []rune, r rune) int {
	for i, x := range rs {
		if x == r {
			return i
		}
	}
	return -1
}
