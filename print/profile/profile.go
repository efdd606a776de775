// Package profile holds the print-service profiles `muster build --profile NAME` prints for (home duplex, The
// Game Crafter, DriveThruCards, Print & Play Productions, a die-cut counter sheet) and the preflight that checks
// a package against one: the bleed, the safe zone, the least piece size, the images' resolution at print size.
// Each profile is data, in one table below; docs/profiles.md says which published requirement each figure
// follows.
package profile

import (
	_ "embed"
	"fmt"
	"strings"

	"github.com/muster-wargames/muster/content/diag"
	"github.com/muster-wargames/muster/content/value"
)

// Layout is how a profile lays the pieces out in files.
type Layout string

const (
	// Sheets prints counters and cards on sheets of paper, fronts and backs in register (the print settings'
	// backs), with crop marks outside the bleed.
	Sheets Layout = "sheets"
	// CardPages prints cards.pdf one card a page, the page the card and its bleed, each card's front followed
	// by its back; the counters stay on sheets.
	CardPages Layout = "card-pages"
	// CardPNGs adds a PNG per card face at the profile's resolution, the bleed included, beside the sheets.
	CardPNGs Layout = "card-pngs"
)

// Flavour is the kind of PDF a service asks for.
type Flavour string

const (
	PlainPDF Flavour = "pdf"   // a PDF with embedded fonts
	PDFX     Flavour = "pdf/x" // a PDF/X-style print file: an output intent with its ICC profile, trim and bleed boxes
)

// Profile is what one print service asks of the files it takes. Lengths are written with units, as content
// writes them, and read by Bleed, Safe and MinPiece.
type Profile struct {
	Name    string // the --profile name
	Service string // who prints it, in a few words
	// BleedText is how far art runs past each cut edge; SafeText how far inside the cut text must stay;
	// MinPieceText the least side of a counter or card ("" for no least).
	BleedText, SafeText, MinPieceText string
	MinDPI                            float64 // the least resolution of a raster image at its printed size
	Layout                            Layout
	Flavour                           Flavour
	// Follows are the service's published requirements the figures follow, each with where it was read.
	Follows []string
}

// profiles is every profile, in the order `muster build --help` lists them. The figures marked "issue 33" were
// taken from the summary of the services' requirements (there is no network here to read the
// services' own pages); the others are muster's choice, said so in docs/profiles.md.
var profiles = []Profile{
	{
		Name: "home-duplex", Service: "a home or office printer, duplex",
		BleedText: "1/16in", SafeText: "3pt", MinDPI: 150, Layout: Sheets, Flavour: PlainPDF,
		Follows: []string{
			"muster's choice: a 1/16in bleed so that a cut a little off the line shows the counter's colour, not paper",
			"muster's choice: text 3pt inside the cut, the margin of muster's counter styles",
			"muster's choice: 150 dpi, more than an inkjet or laser printer resolves at arm's length",
		},
	},
	{
		Name: "gamecrafter", Service: "The Game Crafter",
		BleedText: "1/8in", SafeText: "1/8in", MinDPI: 300, Layout: CardPNGs, Flavour: PlainPDF,
		Follows: []string{
			"issue 33: art 1/8in past the cut line",
			"The Game Crafter's templates: a PNG per card face at 300 dpi, the bleed included, text inside a safe line 1/8in inside the cut (from the templates as commonly described; not read here)",
		},
	},
	{
		Name: "drivethrucards", Service: "DriveThruCards",
		BleedText: "1/8in", SafeText: "1/8in", MinDPI: 300, Layout: CardPages, Flavour: PDFX,
		Follows: []string{
			"issue 33: PDF/X-1a:2003 with 1/8in bleed",
			"DriveThruCards' card guide: one PDF, each card a page of its size plus the bleed, its front followed by its back; images at 300 dpi; text 1/8in inside the cut (as commonly described; not read here)",
		},
	},
	{
		Name: "pnp-productions", Service: "Print & Play Productions",
		BleedText: "3mm", SafeText: "3mm", MinDPI: 300, Layout: Sheets, Flavour: PlainPDF,
		Follows: []string{
			"issue 33: a bleed of 2 to 6mm (muster prints 3mm)",
			"muster's choice: text inside a safe line as far inside the cut as the bleed runs outside it",
		},
	},
	{
		Name: "die-cut", Service: "a generic die-cut counter sheet",
		BleedText: "3mm", SafeText: "1.5mm", MinPieceText: "8mm", MinDPI: 300, Layout: Sheets, Flavour: PlainPDF,
		Follows: []string{
			"issue 33: 3mm bleed and a safe margin, tokens no smaller than 8mm",
			"issue 33: a die cut or a hand cut drifts 1-2mm, so muster keeps text 1.5mm inside the cut",
		},
	},
}

// All lists every profile, in order.
func All() []Profile { return append([]Profile(nil), profiles...) }

// Names lists the profiles' names, in order.
func Names() []string {
	var out []string
	for _, p := range profiles {
		out = append(out, p.Name)
	}
	return out
}

// Lookup finds a profile by name. An unknown name is an error listing the names, with a did-you-mean.
func Lookup(name string) (*Profile, error) {
	for i := range profiles {
		if profiles[i].Name == name {
			p := profiles[i]
			return &p, nil
		}
	}
	msg := fmt.Sprintf("unknown profile %q: choose from %s", name, strings.Join(Names(), ", "))
	h := diag.DidYouMean(name, Names())
	for _, n := range Names() {
		if h == "" && name != "" && (strings.HasPrefix(n, strings.ToLower(name)) || strings.Contains(strings.ToLower(name), n)) {
			h = fmt.Sprintf("did you mean %q?", n)
		}
	}
	if h != "" {
		msg += " (" + h + ")"
	}
	return nil, fmt.Errorf("%s", msg)
}

// length reads one of a profile's lengths; "" is zero. The table is tested to read.
func length(s string) float64 {
	if s == "" {
		return 0
	}
	l, err := value.ParseLength(s)
	if err != nil {
		return 0
	}
	return l.Points
}

// Bleed is how far art runs past each cut edge, in points.
func (p *Profile) Bleed() float64 { return length(p.BleedText) }

// Safe is how far inside each cut edge text must stay, in points.
func (p *Profile) Safe() float64 { return length(p.SafeText) }

// MinPiece is the least side of a counter or card in points; 0 for none.
func (p *Profile) MinPiece() float64 { return length(p.MinPieceText) }

// Describe is a few words saying what the profile asks, for --help: its bleed, safe line, resolution, least
// piece, card layout and PDF flavour.
func (p *Profile) Describe() string {
	parts := []string{"bleed " + p.BleedText, "safe " + p.SafeText, fmt.Sprintf("%g dpi", p.MinDPI)}
	if p.MinPieceText != "" {
		parts = append(parts, "pieces "+p.MinPieceText+"+")
	}
	switch p.Layout {
	case CardPages:
		parts = append(parts, "a card a page")
	case CardPNGs:
		parts = append(parts, "a PNG a card")
	}
	if p.Flavour == PDFX {
		parts = append(parts, "sRGB intent")
	}
	return strings.Join(parts, ", ")
}

// sRGB is the ICC profile of the colours muster prints (sRGB IEC61966-2.1), from Debian's icc-profiles-free
// (zlib licence: sRGB.icc.LICENSE beside it), embedded as the output intent of a PDF/X-style file.
//
//go:embed sRGB.icc
var sRGB []byte

// SRGB returns the embedded sRGB ICC profile.
func SRGB() []byte { return append([]byte(nil), sRGB...) }
