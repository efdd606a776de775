package flow

import (
	"fmt"
	"math"
	"strings"

	"github.com/muster-wargames/muster/print/surface"
)

// Fonts of a document.
var (
	BodyFont    = surface.Font{Size: 9}
	SmallFont   = surface.Font{Size: 7.5}
	NoteFont    = surface.Font{Style: surface.Italic, Size: 7.5}
	BoldFont    = surface.Font{Style: surface.Bold, Size: 9}
	HeaderFont  = surface.Font{Style: surface.Bold, Size: 8}
	CellFont    = surface.Font{Size: 8}
	Ink         = surface.RGB(0x15, 0x15, 0x15)
	RuleColour  = surface.RGB(0x70, 0x70, 0x70)
	HeaderShade = surface.RGB(0xdd, 0xdd, 0xdd)
	StripeShade = surface.RGB(0xf3, 0xf3, 0xf3)
)

// Doc is a flowing document: content goes down the page from the top margin, and a new page begins when the
// next block does not fit. Every page carries a footer with its number.
type Doc struct {
	S      surface.Surface
	Page   surface.Size
	Margin float64
	Footer string // left part of every page's footer
	// HeadingFace is what headings print in (nil: the surface's text typeface, like everything else).
	HeadingFace *surface.Typeface
	y           float64
	pages       int
	open        bool
}

// New starts a document; the first page begins with the first content.
func New(s surface.Surface, page surface.Size, margin float64, footer string) *Doc {
	return &Doc{S: s, Page: page, Margin: margin, Footer: footer}
}

// Pages is the number of pages begun.
func (d *Doc) Pages() int { return d.pages }

// Width is the width between the margins.
func (d *Doc) Width() float64 { return d.Page.W - 2*d.Margin }

// Left is the left margin's x.
func (d *Doc) Left() float64 { return d.Margin }

// Y is where the next block goes.
func (d *Doc) Y() float64 {
	d.ensure()
	return d.y
}

// SetY moves the insertion point down (never up past the top margin).
func (d *Doc) SetY(y float64) { d.y = math.Max(y, d.Margin) }

func (d *Doc) bottom() float64 { return d.Page.H - d.Margin - 14 }

func (d *Doc) ensure() {
	if !d.open {
		d.NewPage()
	}
}

// NewPage starts a page of the document's size.
func (d *Doc) NewPage() {
	d.pages++
	d.open = true
	d.S.BeginPage(d.Page.W, d.Page.H)
	d.y = d.Margin
	d.S.SetFill(RuleColour)
	y := d.Page.H - d.Margin
	d.S.Text(d.Margin, y, d.Footer, SmallFont, surface.Align{V: surface.Bottom})
	d.S.Text(d.Page.W-d.Margin, y, fmt.Sprintf("page %d", d.pages), SmallFont, surface.Align{H: surface.Right, V: surface.Bottom})
}

// SetPageSize changes the size of the pages begun from now on; the next block starts a new page.
func (d *Doc) SetPageSize(sz surface.Size) {
	if sz != d.Page {
		d.Page = sz
		d.open = false
	}
}

// Need starts a new page unless h points are left on this one.
func (d *Doc) Need(h float64) {
	d.ensure()
	if d.y+h > d.bottom() && d.y > d.Margin+0.5 {
		d.NewPage()
	}
}

// Gap adds vertical space.
func (d *Doc) Gap(h float64) {
	d.ensure()
	d.y += h
}

// Room is the height left on the page.
func (d *Doc) Room() float64 {
	d.ensure()
	return d.bottom() - d.y
}

func lineH(f surface.Font) float64 { return f.Size * 1.28 }

// Heading writes a bold heading of the given size, kept with at least keep points of what follows.
func (d *Doc) Heading(text string, size, keep float64) {
	f := surface.Font{Style: surface.Bold, Size: size, Typeface: d.HeadingFace}
	lines := Wrap(d.S, text, f, d.Width())
	d.Need(float64(len(lines))*lineH(f) + keep + size*0.4)
	d.y += size * 0.4
	d.S.SetFill(Ink)
	for _, l := range lines {
		d.S.Text(d.Margin, d.y, l, f, surface.Align{V: surface.Top})
		d.y += lineH(f)
	}
	d.y += size * 0.15
}

// Para writes a wrapped paragraph at indent x from the left margin.
func (d *Doc) Para(text string, f surface.Font) { d.ParaAt(0, text, f, Ink) }

// ParaAt writes a wrapped paragraph indented by x, in colour c.
func (d *Doc) ParaAt(x float64, text string, f surface.Font, c surface.Color) {
	if strings.TrimSpace(text) == "" {
		return
	}
	for _, l := range Wrap(d.S, text, f, d.Width()-x) {
		d.Need(lineH(f))
		d.S.SetFill(c)
		d.S.Text(d.Margin+x, d.y, l, f, surface.Align{V: surface.Top})
		d.y += lineH(f)
	}
	d.y += f.Size * 0.3
}

// Bullets writes a list, each item wrapped with a hanging indent.
func (d *Doc) Bullets(items []string, f surface.Font) {
	for _, it := range items {
		mark := "•"
		if len(d.S.MissingGlyphs(mark, f)) > 0 {
			mark = "-"
		}
		lines := Wrap(d.S, it, f, d.Width()-12)
		for k, l := range lines {
			d.Need(lineH(f))
			d.S.SetFill(Ink)
			if k == 0 {
				d.S.Text(d.Margin+2, d.y, mark, f, surface.Align{V: surface.Top})
			}
			d.S.Text(d.Margin+12, d.y, l, f, surface.Align{V: surface.Top})
			d.y += lineH(f)
		}
		d.y += f.Size * 0.2
	}
}

// Fields writes "Name: value" lines, the names bold, values wrapped beside them.
func (d *Doc) Fields(pairs [][2]string) {
	nameW := 0.0
	for _, p := range pairs {
		nameW = math.Max(nameW, d.S.MeasureText(p[0]+":", BoldFont))
	}
	nameW = math.Min(nameW+6, d.Width()*0.35)
	for _, p := range pairs {
		lines := Wrap(d.S, p[1], BodyFont, d.Width()-nameW)
		d.Need(lineH(BodyFont) * float64(min(len(lines), 3)))
		d.S.SetFill(Ink)
		d.S.Text(d.Margin, d.y, p[0]+":", BoldFont, surface.Align{V: surface.Top})
		for _, l := range lines {
			d.Need(lineH(BodyFont))
			d.S.SetFill(Ink)
			d.S.Text(d.Margin+nameW, d.y, l, BodyFont, surface.Align{V: surface.Top})
			d.y += lineH(BodyFont)
		}
		d.y += 1.5
	}
}
